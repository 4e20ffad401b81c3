#!/usr/bin/env python3
"""Check answers-dev12.jsonl and answers-sealed12.jsonl against the ORKG mirror.

Re-runs every line's `sparql` with pyoxigraph and checks: key order, ids, enums, verdict
rules, per-type and out-of-graph counts, and the gold against the query rows
(gold strings must occur exactly among the row values; when gold_complete is true and
in_graph is true the set of all row values must equal the gold; out-of-graph lines must
return no rows and carry [subject="..."] in the notes). Prints FAILURES: N.
"""
import gzip, json, re, sys, os
from collections import Counter
import pyoxigraph

MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"
HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
FILES = {
    "answers-dev12.jsonl": dict(prefix="C", n=80, oog=10, claims=(24, 24), min_each_verdict=5),
    "answers-sealed12.jsonl": dict(prefix="E", n=40, oog=6, claims=(12, 12), min_each_verdict=3),
}

def main():
    store = pyoxigraph.Store()
    store.load(gzip.open(MIRROR), pyoxigraph.RdfFormat.N_TRIPLES)
    failures = 0
    def fail(msg):
        nonlocal failures
        failures += 1
        print("FAIL", msg)
    for fn, spec in FILES.items():
        path = os.path.join(HERE, fn)
        lines = [l for l in open(path, encoding="utf-8").read().splitlines() if l.strip()]
        recs = []
        for i, l in enumerate(lines, 1):
            try:
                recs.append(json.loads(l))
            except Exception as e:
                fail(f"{fn}:{i} not JSON: {e}")
        if len(recs) != spec["n"]:
            fail(f"{fn}: {len(recs)} lines, expected {spec['n']}")
        want_ids = [f"{spec['prefix']}{k:03d}" for k in range(1, spec["n"] + 1)]
        if [r.get("id") for r in recs] != want_ids:
            fail(f"{fn}: ids not {want_ids[0]}..{want_ids[-1]} in order")
        types, verdicts, oog = Counter(), Counter(), 0
        for r in recs:
            rid = r.get("id")
            if list(r.keys()) != KEYS:
                fail(f"{rid}: keys/order {list(r.keys())}")
                continue
            t = r["query_type"]
            types[t] += 1
            if t not in TYPES:
                fail(f"{rid}: bad query_type {t}")
            if not isinstance(r["in_graph"], bool) or not isinstance(r["gold_complete"], bool):
                fail(f"{rid}: in_graph/gold_complete not bool")
            if not isinstance(r["gold"], list) or not all(isinstance(g, str) for g in r["gold"]):
                fail(f"{rid}: gold not a list of strings")
            if t == "claim_verification":
                if r["verdict"] not in VERDICTS:
                    fail(f"{rid}: claim without valid verdict")
                verdicts[r["verdict"]] += 1
                if r["in_graph"] and r["gold_complete"]:
                    fail(f"{rid}: in-graph claim with gold_complete true")
            elif r["verdict"] is not None:
                fail(f"{rid}: non-claim with verdict")
            try:
                res = store.query(r["sparql"])
                rows = [[(v.value if v is not None else None) for v in row] for row in res]
            except Exception as e:
                fail(f"{rid}: sparql error {e}")
                continue
            vals = {v for row in rows for v in row if v is not None}
            if not r["in_graph"]:
                oog += 1
                if r["gold"] != [] or r["gold_complete"] is not True:
                    fail(f"{rid}: out-of-graph needs gold [] and gold_complete true")
                if rows:
                    fail(f"{rid}: out-of-graph query returned {len(rows)} rows")
                if not re.search(r'\[subject="[^"]+"\]', r["notes"]):
                    fail(f"{rid}: out-of-graph notes lack [subject=\"...\"]")
                continue
            if not r["gold"]:
                fail(f"{rid}: in-graph line with empty gold")
            missing = [g for g in r["gold"] if g not in vals]
            if missing:
                fail(f"{rid}: gold not in rows: {missing}")
            if r["gold_complete"] and set(r["gold"]) != vals:
                fail(f"{rid}: gold_complete but rows hold {sorted(vals - set(r['gold']))[:5]} beyond gold")
            if len(set(r["gold"])) != len(r["gold"]):
                fail(f"{rid}: duplicate gold strings")
        lo, hi = spec["claims"]
        if not lo <= types["claim_verification"] <= hi:
            fail(f"{fn}: {types['claim_verification']} claims, expected {lo}-{hi}")
        for v in VERDICTS:
            if verdicts[v] < spec["min_each_verdict"]:
                fail(f"{fn}: only {verdicts[v]} {v}")
        if oog != spec["oog"]:
            fail(f"{fn}: {oog} out-of-graph, expected {spec['oog']}")
        for t in TYPES:
            if types[t] == 0:
                fail(f"{fn}: no {t}")
        print(f"{fn}: {len(recs)} lines; types {dict(sorted(types.items()))}; verdicts {dict(sorted(verdicts.items()))}; out-of-graph {oog}")
    print(f"FAILURES: {failures}")
    return 1 if failures else 0

if __name__ == "__main__":
    sys.exit(main())
