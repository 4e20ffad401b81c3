#!/usr/bin/env python3
"""Checker for batch 13 answer gold (answers-dev13.jsonl, answers-sealed13.jsonl).

Re-runs every line's SPARQL on the ORKG mirror with pyoxigraph and checks:
- key order, id format/sequence, enums, field types;
- in-graph lines: gold non-empty, every gold string occurs as a cell value in the rows;
  gold_complete true => every row has at least one cell that is in the gold;
- out-of-graph lines: in_graph false, gold [], gold_complete true, SPARQL returns no rows,
  notes carry [subject="..."];
- claims: verdict in SUPPORTED/REFUTED/UNCERTAIN, gold_complete false for in-graph claims;
  non-claims: verdict null;
- per-file counts by type, out-of-graph counts, verdict counts.
Usage: python3 check-answers13.py [file ...]   (default: both files). Last line: FAILURES: N
"""
import gzip, json, os, re, sys
import pyoxigraph

HERE = os.path.dirname(os.path.abspath(__file__))
MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = ["method_comparison", "dataset_search", "topic_search", "method_usage", "paper_lookup", "claim_verification"]
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
SPEC = {
    "answers-dev13.jsonl": dict(prefix="I", n=80, oog=10,
        types={"method_comparison": 24, "dataset_search": 20, "topic_search": 8,
               "method_usage": 8, "paper_lookup": 8, "claim_verification": 12}, min_verdict=3),
    "answers-sealed13.jsonl": dict(prefix="O", n=40, oog=6,
        types={"method_comparison": 12, "dataset_search": 10, "topic_search": 4,
               "method_usage": 4, "paper_lookup": 4, "claim_verification": 6}, min_verdict=1),
}

_store = None
def store():
    global _store
    if _store is None:
        _store = pyoxigraph.Store()
        _store.load(gzip.open(MIRROR), pyoxigraph.RdfFormat.N_TRIPLES)
    return _store

def run(sparql):
    res = store().query(sparql)
    vs = [v.value for v in res.variables]
    return [[(row[v].value if row[v] is not None else None) for v in vs] for row in res]

def check_file(path):
    name = os.path.basename(path)
    spec = SPEC[name]
    fails = []
    def fail(msg): fails.append(f"{name}: {msg}")
    lines = [l for l in open(path, encoding="utf-8").read().splitlines() if l.strip()]
    if len(lines) != spec["n"]:
        fail(f"expected {spec['n']} lines, got {len(lines)}")
    type_counts = {t: 0 for t in TYPES}
    oog = 0
    verdicts = {v: 0 for v in VERDICTS}
    for i, line in enumerate(lines, 1):
        try:
            rec = json.loads(line)
        except Exception as e:
            fail(f"line {i}: bad JSON {e}"); continue
        rid = rec.get("id", f"line{i}")
        if list(rec.keys()) != KEYS:
            fail(f"{rid}: key order {list(rec.keys())}")
        if rid != f"{spec['prefix']}{i:03d}":
            fail(f"{rid}: expected id {spec['prefix']}{i:03d}")
        qt = rec.get("query_type")
        if qt not in TYPES:
            fail(f"{rid}: bad query_type {qt}"); continue
        type_counts[qt] += 1
        if not isinstance(rec.get("question"), str) or not rec["question"].strip():
            fail(f"{rid}: empty question")
        if not isinstance(rec.get("in_graph"), bool) or not isinstance(rec.get("gold_complete"), bool):
            fail(f"{rid}: in_graph/gold_complete not bool")
        gold = rec.get("gold")
        if not isinstance(gold, list) or not all(isinstance(g, str) for g in gold):
            fail(f"{rid}: gold not a list of strings"); gold = []
        if len(set(gold)) != len(gold):
            fail(f"{rid}: duplicate gold strings")
        v = rec.get("verdict")
        if qt == "claim_verification":
            if v not in VERDICTS:
                fail(f"{rid}: claim without valid verdict ({v})")
            else:
                verdicts[v] += 1
            if rec.get("in_graph") and rec.get("gold_complete") is not False:
                fail(f"{rid}: in-graph claim must have gold_complete false")
        elif v is not None:
            fail(f"{rid}: non-claim with verdict {v}")
        try:
            rows = run(rec["sparql"])
        except Exception as e:
            fail(f"{rid}: SPARQL error {e}"); continue
        cells = {c for r in rows for c in r if c is not None}
        if rec.get("in_graph") is False:
            oog += 1
            if gold:
                fail(f"{rid}: out-of-graph with gold")
            if rec.get("gold_complete") is not True:
                fail(f"{rid}: out-of-graph must have gold_complete true")
            if rows:
                fail(f"{rid}: out-of-graph SPARQL returned {len(rows)} rows")
            if not re.search(r'\[subject="[^"]+"\]', rec.get("notes", "")):
                fail(f"{rid}: out-of-graph notes lack [subject=\"...\"]")
        else:
            if not gold:
                fail(f"{rid}: in-graph with empty gold")
            for g in gold:
                if g not in cells:
                    fail(f"{rid}: gold {g!r} not in SPARQL rows")
            if rec.get("gold_complete"):
                gs = set(gold)
                for r in rows:
                    if not any(c in gs for c in r if c is not None):
                        fail(f"{rid}: gold_complete but row {r} has no gold cell")
        if not rec.get("notes", "").strip():
            fail(f"{rid}: empty notes")
    for t, n in spec["types"].items():
        if type_counts[t] != n:
            fail(f"type {t}: {type_counts[t]} (expected {n})")
    if oog != spec["oog"]:
        fail(f"out-of-graph: {oog} (expected {spec['oog']})")
    for vv, n in verdicts.items():
        if n < spec["min_verdict"]:
            fail(f"verdict {vv}: {n} (< {spec['min_verdict']})")
    print(f"{name}: {len(lines)} lines; types {type_counts}; out-of-graph {oog}; verdicts {verdicts}")
    return fails

def main(argv):
    files = argv or [os.path.join(HERE, n) for n in SPEC]
    allf = []
    for f in files:
        fl = check_file(f)
        for m in fl: print("FAIL", m)
        print(f"{os.path.basename(f)}: FAILURES: {len(fl)}")
        allf += fl
    print(f"FAILURES: {len(allf)}")
    return 1 if allf else 0

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
