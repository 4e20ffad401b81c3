#!/usr/bin/env python3
"""Check answers-dev9.jsonl / answers-sealed9.jsonl: re-run every line's SPARQL on the
mirror with pyoxigraph and check the gold against its rows, the field order, ids, enums
and counts. Usage: python3 check-answers9.py [file ...]  (default: both files)."""
import gzip, json, sys, os, collections
import pyoxigraph as ox
MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = {"answers-dev9.jsonl": ("Y", 80, 10, 16), "answers-sealed9.jsonl": ("Z", 40, 6, 8)}

def main(paths):
    store = ox.Store()
    store.load(gzip.open(MIRROR), ox.RdfFormat.N_TRIPLES)
    total = 0
    for path in paths:
        name = os.path.basename(path)
        prefix, n_expected, oog_expected, claims_expected = SPEC[name]
        fails = []
        lines = [json.loads(l, object_pairs_hook=collections.OrderedDict) for l in open(path) if l.strip()]
        if len(lines) != n_expected: fails.append(f"{name}: {len(lines)} lines, expected {n_expected}")
        types = collections.Counter(); verdicts = collections.Counter(); oog = 0
        for i, rec in enumerate(lines, 1):
            rid = rec.get("id")
            def F(msg): fails.append(f"{rid}: {msg}")
            if list(rec.keys()) != KEYS: F(f"keys/order {list(rec.keys())}")
            if rid != f"{prefix}{i:03d}": F(f"id out of sequence (expected {prefix}{i:03d})")
            qt = rec.get("query_type"); types[qt] += 1
            if qt not in TYPES: F(f"bad query_type {qt}")
            v = rec.get("verdict")
            if qt == "claim_verification":
                if v not in VERDICTS: F(f"claim without verdict: {v}")
                verdicts[v] += 1
            elif v is not None: F("non-claim with verdict")
            gold = rec.get("gold")
            if not isinstance(gold, list) or not all(isinstance(g, str) for g in gold): F("gold not a list of strings")
            if not isinstance(rec.get("in_graph"), bool) or not isinstance(rec.get("gold_complete"), bool): F("bool fields")
            try:
                res = store.query(rec["sparql"])
                rows = [tuple(None if s[j] is None else s[j].value for j in range(len(res.variables))) for s in res]
            except Exception as e:
                F(f"sparql error {e}"); continue
            if rec["in_graph"] is False:
                oog += 1
                if gold != []: F("out-of-graph with non-empty gold")
                if rec["gold_complete"] is not True: F("out-of-graph gold_complete must be true")
                if rows: F(f"out-of-graph search returned {len(rows)} rows")
                if '[subject="' not in rec["notes"]: F('out-of-graph notes lack [subject="..."]')
                continue
            if not gold: F("in-graph with empty gold")
            cells = {c for r in rows for c in r if c is not None}
            miss = [g for g in gold if g not in cells]
            if miss: F(f"gold not in rows: {miss[:5]}")
            if qt == "claim_verification" and rec["gold_complete"]: F("claim gold_complete must be false")
            if rec["gold_complete"]:
                col0 = {r[0] for r in rows if r[0] is not None}
                extra = col0 - set(gold)
                if extra: F(f"gold_complete but rows' first column has items not in gold: {sorted(extra)[:5]}")
        if oog != oog_expected: fails.append(f"{name}: {oog} out-of-graph, expected {oog_expected}")
        if types["claim_verification"] != claims_expected: fails.append(f"{name}: {types['claim_verification']} claims, expected {claims_expected}")
        if prefix == "Y" and any(verdicts[v] < 4 for v in VERDICTS): fails.append(f"{name}: verdict counts {dict(verdicts)} (need >= 4 each)")
        if set(types) != TYPES: fails.append(f"{name}: types present {sorted(types)}")
        print(f"{name}: {len(lines)} lines; types {dict(sorted(types.items()))}; out-of-graph {oog}; verdicts {dict(sorted(verdicts.items()))}")
        for f in fails: print("  FAIL", f)
        total += len(fails)
    print(f"FAILURES: {total}")
    return 1 if total else 0

if __name__ == "__main__":
    args = sys.argv[1:] or [os.path.join(HERE, "answers-dev9.jsonl"), os.path.join(HERE, "answers-sealed9.jsonl")]
    sys.exit(main(args))
