#!/usr/bin/env python3
"""Check answers-dev11.jsonl and answers-sealed11.jsonl: re-run every line's SPARQL on the
mirror with pyoxigraph (graph loaded once) and check gold against the rows, key order, ids,
enums and counts. Prints FAILURES: N per file and a last line for both."""
import gzip, json, os, re, sys
import pyoxigraph as ox
HERE = os.path.dirname(os.path.abspath(__file__))
MIRROR = '/work/shared/data/orkg/mirror/orkg-mirror.nt.gz'
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = ["topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"]
VERDICTS = ["SUPPORTED", "REFUTED", "UNCERTAIN"]
FILES = [("answers-dev11.jsonl", "J", 80, 12, 3, 10), ("answers-sealed11.jsonl", "L", 40, 6, 2, 6)]
store = ox.Store()
store.load(gzip.open(MIRROR), ox.RdfFormat.N_TRIPLES)
total = 0
for fn, prefix, n, nclaims, minverdict, noog in FILES:
    fails = []
    def fail(i, msg): fails.append(f"{i}: {msg}")
    lines = [l for l in open(os.path.join(HERE, fn), encoding='utf-8') if l.strip()]
    if len(lines) != n: fail(fn, f"{len(lines)} lines, want {n}")
    objs = []
    for k, l in enumerate(lines, 1):
        o = json.loads(l); objs.append(o)
        i = o.get("id")
        if list(o.keys()) != KEYS: fail(i, f"key order {list(o.keys())}")
        if i != f"{prefix}{k:03d}": fail(i, f"id, want {prefix}{k:03d}")
        if o["query_type"] not in TYPES: fail(i, "query_type")
        if not isinstance(o["gold"], list) or not all(isinstance(g, str) for g in o["gold"]): fail(i, "gold not list of str")
        if not isinstance(o["in_graph"], bool) or not isinstance(o["gold_complete"], bool): fail(i, "bool fields")
        isclaim = o["query_type"] == "claim_verification"
        if isclaim:
            if o["verdict"] not in VERDICTS: fail(i, "claim without verdict")
            if o["gold_complete"]: fail(i, "claim gold_complete must be false")
        elif o["verdict"] is not None: fail(i, "non-claim with verdict")
        try:
            res = store.query(o["sparql"])
            rows = [[t.value if t is not None else None for t in r] for r in res]
        except Exception as e:
            fail(i, f"sparql error {e}"); continue
        cells = {c for r in rows for c in r if c is not None}
        if not o["in_graph"]:
            if o["gold"] != [] or not o["gold_complete"]: fail(i, "out-of-graph must have gold [] and gold_complete true")
            if rows: fail(i, f"out-of-graph query returned {len(rows)} rows")
            if not re.search(r'\[subject="[^"]+"\]', o["notes"]): fail(i, "out-of-graph notes lack [subject=\"...\"]")
        else:
            if not o["gold"]: fail(i, "in-graph with empty gold")
            missing = [g for g in o["gold"] if g not in cells]
            if missing: fail(i, f"gold not in rows: {missing}")
            if o["gold_complete"] and set(o["gold"]) != cells: fail(i, f"gold_complete but rows hold more: {sorted(cells - set(o['gold']))[:5]}")
            if len(set(o["gold"])) != len(o["gold"]): fail(i, "duplicate gold")
    claims = [o for o in objs if o["query_type"] == "claim_verification"]
    if len(claims) != nclaims: fail(fn, f"{len(claims)} claims, want {nclaims}")
    for v in VERDICTS:
        c = sum(1 for o in claims if o["verdict"] == v)
        if c < minverdict: fail(fn, f"verdict {v}: {c} < {minverdict}")
    oog = sum(1 for o in objs if not o["in_graph"])
    if oog != noog: fail(fn, f"{oog} out-of-graph, want {noog}")
    oogtypes = {o["query_type"] for o in objs if not o["in_graph"]}
    if len(oogtypes) < 3: fail(fn, "out-of-graph not spread over types")
    for t in TYPES:
        c = sum(1 for o in objs if o["query_type"] == t)
        if not (0.10 * n <= c <= 0.25 * n): fail(fn, f"type {t}: {c} outside 10-25%")
    for f in fails: print("FAIL", f)
    print(f"{fn}: {len(objs)} lines, FAILURES: {len(fails)}")
    total += len(fails)
print(f"FAILURES: {total}")
sys.exit(1 if total else 0)
