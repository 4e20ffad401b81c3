#!/usr/bin/env python3
"""Checker for answers-dev14.jsonl / answers-sealed14.jsonl (batch 14).
Re-runs every line's SPARQL on the mirror with pyoxigraph and checks the gold
against the rows, the key order, ids, enums and counts. Prints FAILURES: N."""
import gzip, json, sys, os, collections
import pyoxigraph
MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"
HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
SPEC = {"answers-dev14.jsonl": ("DT", 80, 10, 12), "answers-sealed14.jsonl": ("ST", 40, 6, 6)}

def main():
    store = pyoxigraph.Store()
    store.load(gzip.open(MIRROR), pyoxigraph.RdfFormat.N_TRIPLES)
    fails = []
    files = sys.argv[1:] or list(SPEC)
    for fn in files:
        prefix, n_expected, oog_expected, claims_expected = SPEC[os.path.basename(fn)]
        path = fn if os.path.exists(fn) else os.path.join(HERE, fn)
        recs = [json.loads(l, object_pairs_hook=collections.OrderedDict) for l in open(path, encoding="utf-8") if l.strip()]
        def fail(rid, msg): fails.append(f"{os.path.basename(fn)} {rid}: {msg}")
        if len(recs) != n_expected: fail("-", f"{len(recs)} lines, expected {n_expected}")
        ids = [r.get("id") for r in recs]
        if ids != [f"{prefix}{i:03d}" for i in range(1, n_expected + 1)]: fail("-", "ids not sequential")
        types = collections.Counter(); verdicts = collections.Counter(); oog = 0
        for r in recs:
            rid = r.get("id")
            if list(r.keys()) != KEYS: fail(rid, f"key order {list(r.keys())}")
            if r["query_type"] not in TYPES: fail(rid, "bad query_type")
            types[r["query_type"]] += 1
            if not isinstance(r["in_graph"], bool) or not isinstance(r["gold_complete"], bool): fail(rid, "bool fields")
            if not isinstance(r["gold"], list) or not all(isinstance(g, str) for g in r["gold"]): fail(rid, "gold not list of str")
            if r["query_type"] == "claim_verification":
                if r["verdict"] not in VERDICTS: fail(rid, "claim without verdict")
                if r["gold_complete"]: fail(rid, "claim gold_complete must be false")
                verdicts[r["verdict"]] += 1
            elif r["verdict"] is not None: fail(rid, "non-claim with verdict")
            if not r["in_graph"]:
                oog += 1
                if r["gold"] or not r["gold_complete"]: fail(rid, "out-of-graph needs gold [] and gold_complete true")
                if '[subject="' not in r["notes"]: fail(rid, "out-of-graph notes lack [subject=...]")
            try:
                res = store.query(r["sparql"])
                rows = list(res)
                vars_ = [v.value for v in res.variables] if hasattr(res, "variables") else None
            except Exception as e:
                fail(rid, f"sparql error {e}"); continue
            vals = set()
            for row in rows:
                for v in row:
                    if v is not None: vals.add(v.value.strip())
            if not r["in_graph"] and rows: fail(rid, f"out-of-graph query returned {len(rows)} rows")
            gold = [g.strip() for g in r["gold"]]
            missing = [g for g in gold if g not in vals]
            if missing: fail(rid, f"gold not in rows: {missing}")
            if r["gold_complete"] and r["in_graph"]:
                extra = vals - set(gold)
                if extra: fail(rid, f"gold_complete but rows hold more: {sorted(extra)[:5]}")
        if oog != oog_expected: fail("-", f"{oog} out-of-graph, expected {oog_expected}")
        if types["claim_verification"] != claims_expected: fail("-", f"{types['claim_verification']} claims, expected {claims_expected}")
        need = 3 if prefix == "DT" else 2
        for v in VERDICTS:
            if verdicts[v] < need: fail("-", f"verdict {v}: {verdicts[v]} < {need}")
        print(os.path.basename(fn), "lines", len(recs), "types", dict(types), "verdicts", dict(verdicts), "out_of_graph", oog)
    for f in fails: print("FAIL", f)
    print(f"FAILURES: {len(fails)}")
    return 1 if fails else 0

if __name__ == "__main__":
    sys.exit(main())
