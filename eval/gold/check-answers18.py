#!/usr/bin/env python3
"""Checker for answers-dev18.jsonl / answers-sealed18.jsonl.
Re-runs every line's sparql on the mirror with pyoxigraph and checks gold against the rows,
field order, ids, enums, per-type counts, out-of-graph counts and verdict counts.
Usage: python3 check-answers18.py [file ...]   (default: both files next to this script)"""
import gzip, json, os, sys
from collections import Counter
import pyoxigraph

MIRROR = '/work/shared/data/orkg/mirror/orkg-mirror.nt.gz'
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = ["topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"]
VERDICTS = ["SUPPORTED", "REFUTED", "UNCERTAIN"]
SPEC = {  # file -> (prefix, n, type counts, out-of-graph, verdict minimum, verdict counts exact)
    'answers-dev18.jsonl': ('CN', 80, {"topic_search": 20, "paper_lookup": 16, "method_comparison": 16,
                                       "dataset_search": 8, "method_usage": 8, "claim_verification": 12}, 10, 3),
    'answers-sealed18.jsonl': ('CW', 40, {"topic_search": 10, "paper_lookup": 8, "method_comparison": 8,
                                          "dataset_search": 4, "method_usage": 4, "claim_verification": 6}, 6, 2),
}

def load():
    st = pyoxigraph.Store()
    st.load(gzip.open(MIRROR), pyoxigraph.RdfFormat.N_TRIPLES)
    return st

def run(st, sp):
    r = st.query(sp)
    vs = [v.value for v in r.variables]
    return [[(row[v].value if row[v] is not None else None) for v in vs] for row in r]

def check(st, path):
    name = os.path.basename(path)
    prefix, n, tcounts, noog, vmin = SPEC[name]
    fails = []
    lines = [json.loads(l) for l in open(path, encoding='utf-8') if l.strip()]
    if len(lines) != n: fails.append(f"{name}: {len(lines)} lines, expected {n}")
    ids = [l.get("id") for l in lines]
    if ids != [f"{prefix}{i:03d}" for i in range(1, n + 1)]: fails.append(f"{name}: ids not {prefix}001..{prefix}{n:03d}")
    for l in lines:
        i = l.get("id")
        if list(l.keys()) != KEYS: fails.append(f"{i}: key order {list(l.keys())}")
        if l["query_type"] not in TYPES: fails.append(f"{i}: bad query_type")
        nw = len(l["question"].split())
        if not 15 <= nw <= 70: fails.append(f"{i}: question has {nw} words")
        if not isinstance(l["gold"], list) or not all(isinstance(g, str) for g in l["gold"]): fails.append(f"{i}: gold not list of str")
        if not l["notes"]: fails.append(f"{i}: empty notes")
        claim = l["query_type"] == "claim_verification"
        if claim:
            if l["verdict"] not in VERDICTS: fails.append(f"{i}: claim without verdict")
            if l["gold_complete"] is not False: fails.append(f"{i}: claim gold_complete must be false")
        elif l["verdict"] is not None: fails.append(f"{i}: non-claim with verdict")
        try:
            rows = run(st, l["sparql"])
        except Exception as ex:
            fails.append(f"{i}: sparql error {ex}"); continue
        vals = {v for r in rows for v in r if v is not None}
        if l["in_graph"] is False:
            if rows: fails.append(f"{i}: out-of-graph query returned {len(rows)} rows")
            if l["gold"] != []: fails.append(f"{i}: out-of-graph gold not empty")
            if l["gold_complete"] is not True: fails.append(f"{i}: out-of-graph gold_complete must be true")
            if '[subject="' not in l["notes"]: fails.append(f"{i}: out-of-graph notes lack [subject=...]")
            if claim: fails.append(f"{i}: out-of-graph claim")
        elif l["in_graph"] is True:
            if not l["gold"]: fails.append(f"{i}: in-graph gold empty")
            missing = [g for g in l["gold"] if g not in vals]
            if missing: fails.append(f"{i}: gold not in rows: {missing[:3]}")
            if l["gold_complete"] and set(l["gold"]) != vals:
                fails.append(f"{i}: gold_complete but rows hold {len(vals - set(l['gold']))} more values")
            if len(set(l["gold"])) != len(l["gold"]): fails.append(f"{i}: duplicate gold")
        else: fails.append(f"{i}: in_graph not bool")
    tc = Counter(l["query_type"] for l in lines)
    if dict(tc) != tcounts: fails.append(f"{name}: type counts {dict(tc)} != {tcounts}")
    oog = sum(1 for l in lines if l["in_graph"] is False)
    if oog != noog: fails.append(f"{name}: {oog} out-of-graph, expected {noog}")
    vc = Counter(l["verdict"] for l in lines if l["verdict"])
    for v in VERDICTS:
        if vc[v] < vmin: fails.append(f"{name}: verdict {v} used {vc[v]} times (< {vmin})")
    print(f"{name}: {len(lines)} lines; types {dict(sorted(tc.items()))}; out-of-graph {oog}; "
          f"out-of-graph by type {dict(sorted(Counter(l['query_type'] for l in lines if not l['in_graph']).items()))}; verdicts {dict(sorted(vc.items()))}")
    return fails

if __name__ == '__main__':
    here = os.path.dirname(os.path.abspath(__file__))
    files = sys.argv[1:] or [os.path.join(here, f) for f in SPEC]
    st = load()
    fails = []
    for f in files: fails += check(st, f)
    for x in fails: print("FAIL", x)
    print(f"FAILURES: {len(fails)}")
