#!/usr/bin/env python3
"""Checker for answers-dev19.jsonl / answers-sealed19.jsonl (batch 19: one thing described by another).

Re-runs every line's SPARQL on the ORKG mirror with pyoxigraph and checks:
  - key order, id sequence, enums, types;
  - every gold string occurs among the values of the query's rows;
  - gold_complete=true (in graph): every distinct value of the first projected variable is in gold;
  - out-of-graph lines: in_graph=false, gold=[], gold_complete=true, the query returns no row,
    and the notes carry [subject="..."];
  - claims: verdict set, gold_complete=false (except out of graph); non-claims: verdict null;
  - per-file counts: total, per type, out-of-graph, verdicts.
Usage: python3 check-answers19.py [file ...]   (default: both files next to this script)
Prints one line per failure and, last, `FAILURES: N`.
"""
import gzip, json, os, re, sys
try:
    import pyoxigraph as px
except ImportError:
    sys.exit("pip install pyoxigraph")

MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = ["topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"]
VERDICTS = ["SUPPORTED", "REFUTED", "UNCERTAIN"]
HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = {
    "answers-dev19.jsonl": dict(prefix="HD", n=80, oog=10,
        types={"topic_search": 20, "paper_lookup": 16, "method_comparison": 16, "dataset_search": 8,
               "method_usage": 8, "claim_verification": 12}, min_each_verdict=3),
    "answers-sealed19.jsonl": dict(prefix="HS", n=40, oog=6,
        types={"topic_search": 10, "paper_lookup": 8, "method_comparison": 8, "dataset_search": 4,
               "method_usage": 4, "claim_verification": 6}, min_each_verdict=1),
}

def load_store():
    st = px.Store()
    with gzip.open(MIRROR) as f:
        st.load(f, px.RdfFormat.N_TRIPLES)
    return st

def run(st, sparql):
    res = st.query(sparql)
    vs = [v.value for v in res.variables]
    return vs, [[(s[v].value if s[v] is not None else None) for v in vs] for s in res]

def check_file(st, path, fails):
    name = os.path.basename(path)
    spec = SPEC[name]
    def fail(msg): fails.append(f"{name}: {msg}")
    lines = [l for l in open(path, encoding="utf-8").read().splitlines() if l.strip()]
    objs = []
    for i, l in enumerate(lines, 1):
        try:
            objs.append(json.loads(l))
        except Exception as e:
            fail(f"line {i}: bad JSON {e}")
    if len(objs) != spec["n"]:
        fail(f"{len(objs)} lines, expected {spec['n']}")
    tcount = {t: 0 for t in TYPES}; vcount = {v: 0 for v in VERDICTS}; oog = 0
    for i, o in enumerate(objs, 1):
        qid = o.get("id")
        exp = f"{spec['prefix']}{i:03d}"
        if list(o.keys()) != KEYS: fail(f"{qid}: keys/order {list(o.keys())}")
        if qid != exp: fail(f"line {i}: id {qid}, expected {exp}")
        t = o.get("query_type")
        if t not in TYPES: fail(f"{qid}: bad query_type {t}"); continue
        tcount[t] += 1
        if not isinstance(o.get("question"), str) or not o["question"].strip(): fail(f"{qid}: empty question")
        if not isinstance(o.get("in_graph"), bool): fail(f"{qid}: in_graph not bool")
        if not isinstance(o.get("gold_complete"), bool): fail(f"{qid}: gold_complete not bool")
        gold = o.get("gold")
        if not isinstance(gold, list) or not all(isinstance(g, str) for g in gold): fail(f"{qid}: gold not list of str"); gold = []
        if len(set(gold)) != len(gold): fail(f"{qid}: duplicate gold items")
        v = o.get("verdict")
        if t == "claim_verification":
            if v not in VERDICTS: fail(f"{qid}: claim without verdict")
            else: vcount[v] += 1
            if o.get("in_graph") and o.get("gold_complete"): fail(f"{qid}: in-graph claim with gold_complete true")
        elif v is not None: fail(f"{qid}: non-claim with verdict {v}")
        if not isinstance(o.get("notes"), str) or not o["notes"].strip(): fail(f"{qid}: empty notes")
        try:
            vs, rows = run(st, o["sparql"])
        except Exception as e:
            fail(f"{qid}: SPARQL error {e}"); continue
        if not o.get("sparql", "").lstrip().upper().startswith("PREFIX"): fail(f"{qid}: sparql lacks PREFIX lines")
        if o.get("in_graph") is False:
            oog += 1
            if gold != [] or o.get("gold_complete") is not True: fail(f"{qid}: out-of-graph needs gold [] and gold_complete true")
            if rows: fail(f"{qid}: out-of-graph query returned {len(rows)} rows")
            if not re.search(r'\[subject="[^"]+"\]', o.get("notes", "")): fail(f"{qid}: notes lack [subject=\"...\"]")
            continue
        if not rows: fail(f"{qid}: in-graph query returned no rows"); continue
        if not gold: fail(f"{qid}: in-graph line with empty gold")
        values = {str(x) for r in rows for x in r if x is not None}
        for g in gold:
            if g not in values: fail(f"{qid}: gold item not in rows: {g!r}")
        if o.get("gold_complete"):
            first = {r[0] for r in rows if r[0] is not None}
            missing = sorted(first - set(gold))
            if missing: fail(f"{qid}: gold_complete but first-column values missing from gold: {missing[:5]}")
    for t, n in spec["types"].items():
        if tcount[t] != n: fail(f"type {t}: {tcount[t]}, expected {n}")
    if oog != spec["oog"]: fail(f"out-of-graph: {oog}, expected {spec['oog']}")
    for v in VERDICTS:
        if vcount[v] < spec["min_each_verdict"]: fail(f"verdict {v}: {vcount[v]} < {spec['min_each_verdict']}")
    ids = [o.get("id") for o in objs]
    print(f"{name}: {len(objs)} lines; types {tcount}; out-of-graph {oog}; verdicts {vcount}")
    return ids

def main():
    files = sys.argv[1:] or [os.path.join(HERE, n) for n in SPEC]
    st = load_store()
    fails = []
    for p in files:
        check_file(st, p, fails)
    for f in fails: print("FAIL", f)
    print(f"FAILURES: {len(fails)}")
    sys.exit(1 if fails else 0)

if __name__ == "__main__":
    main()
