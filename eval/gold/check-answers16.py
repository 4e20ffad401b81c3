#!/usr/bin/env python3
"""Checker for answer gold batch 16 (other names for the same thing).

Usage: python3 check-answers16.py [FILE ...]
Default: answers-dev16.jsonl and answers-sealed16.jsonl next to this script.
Loads the mirror once, re-runs every line's SPARQL with pyoxigraph and checks
the gold against the rows, the key order, ids, enums and counts.
Last line printed: FAILURES: N
"""
import gzip, json, os, re, sys
import pyoxigraph as ox

MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"
HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = ["topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"]
VERDICTS = ["SUPPORTED", "REFUTED", "UNCERTAIN"]
SPEC = {  # file name -> (id prefix, lines, per-type counts, out-of-graph, min per verdict)
    "answers-dev16.jsonl": ("SY", 80, {"topic_search": 20, "paper_lookup": 16, "method_comparison": 16,
                                       "dataset_search": 8, "method_usage": 8, "claim_verification": 12}, 10, 3),
    "answers-sealed16.jsonl": ("SZ", 40, {"topic_search": 10, "paper_lookup": 8, "method_comparison": 8,
                                          "dataset_search": 4, "method_usage": 4, "claim_verification": 6}, 6, 2),
}

def term_value(t):
    return "" if t is None else t.value

def main():
    files = sys.argv[1:] or [os.path.join(HERE, f) for f in SPEC]
    store = ox.Store()
    with gzip.open(MIRROR) as fh:
        store.load(fh, ox.RdfFormat.N_TRIPLES)
    failures = 0
    def fail(msg):
        nonlocal failures
        failures += 1
        print("FAIL", msg)
    for path in files:
        name = os.path.basename(path)
        spec = SPEC.get(name)
        lines = [l for l in open(path, encoding="utf-8").read().splitlines() if l.strip()]
        objs = []
        for n, line in enumerate(lines, 1):
            try:
                objs.append(json.loads(line))
            except Exception as e:
                fail(f"{name}:{n} not JSON: {e}")
        counts, oog, verdicts = {}, 0, {v: 0 for v in VERDICTS}
        for n, o in enumerate(objs, 1):
            i = o.get("id", f"line{n}")
            if list(o.keys()) != KEYS:
                fail(f"{i}: keys/order {list(o.keys())}")
                continue
            if spec and i != f"{spec[0]}{n:03d}":
                fail(f"{i}: expected id {spec[0]}{n:03d}")
            t = o["query_type"]
            if t not in TYPES:
                fail(f"{i}: bad query_type {t}")
            counts[t] = counts.get(t, 0) + 1
            if not isinstance(o["in_graph"], bool) or not isinstance(o["gold_complete"], bool):
                fail(f"{i}: in_graph/gold_complete must be booleans")
            if not isinstance(o["gold"], list) or not all(isinstance(g, str) for g in o["gold"]):
                fail(f"{i}: gold must be a list of strings")
                continue
            if not o["question"].strip() or not o["notes"].strip():
                fail(f"{i}: empty question or notes")
            if t == "claim_verification":
                if o["verdict"] not in VERDICTS:
                    fail(f"{i}: claim without a valid verdict")
                else:
                    verdicts[o["verdict"]] += 1
                if o["gold_complete"] is not False:
                    fail(f"{i}: claim gold_complete must be false")
                if not o["in_graph"]:
                    fail(f"{i}: claims here are in-graph")
            elif o["verdict"] is not None:
                fail(f"{i}: non-claim with verdict {o['verdict']}")
            # re-run the SPARQL
            try:
                res = store.query(o["sparql"])
                rows = [[term_value(s[v]) for v in res.variables] for s in res]
            except Exception as e:
                fail(f"{i}: SPARQL error {e}")
                continue
            vals = set(v for r in rows for v in r if v)
            if not o["in_graph"]:
                oog += 1
                if o["gold"] != [] or o["gold_complete"] is not True:
                    fail(f"{i}: out-of-graph needs gold [] and gold_complete true")
                if rows:
                    fail(f"{i}: out-of-graph absence query returned {len(rows)} rows")
                if not re.search(r'\[subject="[^"]+"\]', o["notes"]):
                    fail(f"{i}: out-of-graph notes lack [subject=\"...\"]")
                continue
            if not o["gold"]:
                fail(f"{i}: in-graph with empty gold")
            missing = [g for g in o["gold"] if g not in vals]
            if missing:
                fail(f"{i}: gold not in SPARQL rows: {missing[:3]}")
            if len(set(o["gold"])) != len(o["gold"]):
                fail(f"{i}: duplicate gold strings")
            if o["gold_complete"] and set(o["gold"]) != vals:
                extra = sorted(vals - set(o["gold"]))[:3]
                fail(f"{i}: gold_complete but rows hold more values: {extra}")
        if spec:
            _, nlines, tcounts, noog, vmin = spec
            if len(objs) != nlines:
                fail(f"{name}: {len(objs)} lines, expected {nlines}")
            for t, c in tcounts.items():
                if counts.get(t, 0) != c:
                    fail(f"{name}: {t} count {counts.get(t, 0)}, expected {c}")
            if oog != noog:
                fail(f"{name}: out-of-graph count {oog}, expected {noog}")
            for v, c in verdicts.items():
                if c < vmin:
                    fail(f"{name}: verdict {v} used {c} times, expected at least {vmin}")
        print(f"{name}: {len(objs)} lines, types {counts}, out-of-graph {oog}, verdicts {verdicts}")
    print(f"FAILURES: {failures}")
    return 1 if failures else 0

if __name__ == "__main__":
    sys.exit(main())
