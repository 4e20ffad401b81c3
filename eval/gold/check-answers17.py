#!/usr/bin/env python3
"""Checker for answers-dev17.jsonl / answers-sealed17.jsonl (batch 17: questions with a condition).
Re-runs every line's SPARQL on the mirror with pyoxigraph and checks:
- keys and their order, id pattern and sequence, enums, counts per file, type mix, verdict counts;
- in-graph lines: every gold string occurs among the returned values; when gold_complete is true,
  every value of the first projected column is in gold (gold lists every item);
- out-of-graph lines: gold == [], gold_complete true, the query (a literal search) returns no rows,
  notes carry [subject="..."]; empty-answer lines carry [empty="..."] and gold_complete false.
Prints FAILURES: N.   Usage: python3 check-answers17.py [file ...]"""
import gzip, json, re, sys, collections, os
import pyoxigraph as ox
HERE = os.path.dirname(os.path.abspath(__file__))
MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
SPEC = {"answers-dev17.jsonl": ("CQ", 80, 10, 12), "answers-sealed17.jsonl": ("CX", 40, 6, 6)}
fails = []
def fail(msg): fails.append(msg); print("FAIL", msg)
store = ox.Store(); store.load(gzip.open(MIRROR), ox.RdfFormat.N_TRIPLES)
files = sys.argv[1:] or [os.path.join(HERE, f) for f in SPEC]
for path in files:
    name = os.path.basename(path); pfx, n, n_oog, n_claim = SPEC[name]
    lines = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
    if len(lines) != n: fail(f"{name}: {len(lines)} lines, expected {n}")
    types = collections.Counter(); verdicts = collections.Counter(); oog = 0
    for i, x in enumerate(lines, 1):
        qid = x.get("id")
        if list(x.keys()) != KEYS: fail(f"{qid}: keys {list(x.keys())}")
        if qid != f"{pfx}{i:03d}": fail(f"{name} line {i}: id {qid}")
        if x["query_type"] not in TYPES: fail(f"{qid}: query_type {x['query_type']}")
        types[x["query_type"]] += 1
        if not isinstance(x["in_graph"], bool) or not isinstance(x["gold_complete"], bool): fail(f"{qid}: booleans")
        if not isinstance(x["gold"], list) or not all(isinstance(g, str) for g in x["gold"]): fail(f"{qid}: gold not a list of strings")
        if x["query_type"] == "claim_verification":
            if x["verdict"] not in ("SUPPORTED", "REFUTED", "UNCERTAIN"): fail(f"{qid}: verdict {x['verdict']}")
            if x["gold_complete"]: fail(f"{qid}: claim with gold_complete true")
            verdicts[x["verdict"]] += 1
        elif x["verdict"] is not None: fail(f"{qid}: non-claim verdict")
        try:
            res = store.query(x["sparql"]); vs = [v.value for v in res.variables]
            rows = [[(r[v].value if r[v] is not None else None) for v in vs] for r in res]
        except Exception as e:
            fail(f"{qid}: SPARQL error {e}"); continue
        vals = {v for r in rows for v in r if v is not None}
        if not x["in_graph"]:
            oog += 1
            if x["gold"] != [] or not x["gold_complete"]: fail(f"{qid}: out-of-graph needs gold [] and gold_complete true")
            if rows: fail(f"{qid}: out-of-graph query returned {len(rows)} rows")
            if not re.search(r'\[subject="[^"]+"\]', x["notes"]): fail(f"{qid}: no [subject=...] in notes")
            continue
        if not x["gold"]: fail(f"{qid}: in-graph with empty gold")
        for g in x["gold"]:
            if g not in vals: fail(f"{qid}: gold {g!r} not in query rows")
        if x["gold_complete"]:
            first = {r[0] for r in rows if r[0] is not None}
            extra = first - set(x["gold"])
            if extra: fail(f"{qid}: gold_complete but rows hold {sorted(extra)[:3]}")
        if "[empty=" in x["notes"] and x["gold_complete"]: fail(f"{qid}: empty-answer line must be gold_complete false")
    if oog != n_oog: fail(f"{name}: {oog} out-of-graph, expected {n_oog}")
    if types["claim_verification"] != n_claim: fail(f"{name}: {types['claim_verification']} claims, expected {n_claim}")
    need = 3 if pfx == "CQ" else 2
    for v in ("SUPPORTED", "REFUTED", "UNCERTAIN"):
        if verdicts[v] < need: fail(f"{name}: only {verdicts[v]} {v}")
    for t, share in {"topic_search": .25, "paper_lookup": .20, "method_comparison": .20, "dataset_search": .10, "method_usage": .10}.items():
        if abs(types[t] - share * n) > 0.05 * n: fail(f"{name}: {types[t]} {t}, expected about {share * n:.0f}")
    print(f"{name}: {len(lines)} lines, types {dict(types)}, out-of-graph {oog}, verdicts {dict(verdicts)}")
print(f"FAILURES: {len(fails)}")
sys.exit(1 if fails else 0)
