#!/usr/bin/env python3
"""Check answers-dev10.jsonl / answers-sealed10.jsonl against the ORKG mirror.

Usage: python3 check-answers10.py [FILE ...] [--show]
Re-runs every line's SPARQL with pyoxigraph (graph loaded once) and checks:
field order, ids, enums, gold vs rows, per-file counts. Last line: FAILURES: N
"""
import gzip, json, os, re, sys, collections
import pyoxigraph as ox

MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = ["topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"]
VERDICTS = ["SUPPORTED", "REFUTED", "UNCERTAIN"]
SPEC = {  # file name -> (id prefix, lines, claims, min per verdict, out-of-graph)
    "answers-dev10.jsonl": ("N", 80, 20, 4, 10),
    "answers-sealed10.jsonl": ("R", 40, 10, 1, 6),
}

def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    show = "--show" in sys.argv
    files = args or [os.path.join(os.path.dirname(os.path.abspath(__file__)), n) for n in ("answers-dev10.jsonl", "answers-sealed10.jsonl")]
    store = ox.Store()
    store.load(gzip.open(MIRROR), ox.RdfFormat.N_TRIPLES)
    total = 0
    for path in files:
        name = path.rsplit("/", 1)[-1]
        spec = SPEC.get(name)
        fails = []
        rows_out = []
        lines = [l for l in open(path, encoding="utf-8") if l.strip()]
        objs = []
        for n, line in enumerate(lines, 1):
            try:
                o = json.loads(line, object_pairs_hook=collections.OrderedDict)
            except Exception as ex:
                fails.append(f"line {n}: bad JSON {ex}"); continue
            objs.append(o)
            qid = o.get("id", f"line{n}")
            def bad(msg): fails.append(f"{qid}: {msg}")
            if list(o.keys()) != KEYS: bad(f"keys/order {list(o.keys())}")
            if spec and o.get("id") != f"{spec[0]}{n:03d}": bad(f"id should be {spec[0]}{n:03d}")
            if o.get("query_type") not in TYPES: bad("query_type")
            if not isinstance(o.get("in_graph"), bool) or not isinstance(o.get("gold_complete"), bool): bad("bool fields")
            if not isinstance(o.get("gold"), list) or not all(isinstance(g, str) for g in o["gold"]): bad("gold not list of str")
            if o.get("question", "") != o.get("question", "").lower(): bad("question not lowercase")
            claim = o.get("query_type") == "claim_verification"
            if claim and o.get("verdict") not in VERDICTS: bad("claim without verdict")
            if not claim and o.get("verdict") is not None: bad("non-claim with verdict")
            try:
                res = store.query(o["sparql"])
                vs = [v.value for v in res.variables]
                rows = [tuple(None if r[v] is None else r[v].value for v in vs) for r in res]
            except Exception as ex:
                bad(f"SPARQL error {ex}"); continue
            cells = {c for r in rows for c in r if c is not None}
            gold = o.get("gold", [])
            if o.get("in_graph") is False:
                if gold != [] or o.get("gold_complete") is not True: bad("out-of-graph needs gold [] and gold_complete true")
                if rows: bad(f"out-of-graph search returned {len(rows)} rows")
                if not re.search(r'\[subject="[^"]+"\]', o.get("notes", "")): bad("out-of-graph notes lack [subject=\"...\"]")
                if claim and o.get("verdict") != "UNCERTAIN": bad("out-of-graph claim must be UNCERTAIN")
            else:
                if not gold: bad("in-graph with empty gold")
                missing = [g for g in gold if g not in cells]
                if missing: bad(f"gold not in rows: {missing}")
                if claim and o.get("gold_complete") is not False: bad("claim gold_complete must be false")
                if o.get("gold_complete") and set(gold) != cells:
                    bad(f"gold_complete but rows hold extra values: {sorted(cells - set(gold))[:8]}")
            if show:
                rows_out.append(f"--- {qid} {o.get('question')}\n" + "\n".join("   " + " | ".join(str(c) for c in r) for r in rows[:40]))
        if spec:
            _, nlines, nclaims, minv, noog = spec
            if len(objs) != nlines: fails.append(f"{name}: {len(objs)} lines, expected {nlines}")
            c = collections.Counter(o.get("query_type") for o in objs)
            if c["claim_verification"] != nclaims: fails.append(f"{name}: {c['claim_verification']} claims, expected {nclaims}")
            vc = collections.Counter(o.get("verdict") for o in objs if o.get("query_type") == "claim_verification")
            for v in VERDICTS:
                if vc[v] < minv: fails.append(f"{name}: only {vc[v]} {v}")
            oog = sum(1 for o in objs if o.get("in_graph") is False)
            if oog != noog: fails.append(f"{name}: {oog} out-of-graph, expected {noog}")
            oog_types = {o.get("query_type") for o in objs if o.get("in_graph") is False}
            if len(oog_types) < 4: fails.append(f"{name}: out-of-graph spread over only {len(oog_types)} types")
            ids = [o.get("id") for o in objs]
            if len(set(ids)) != len(ids): fails.append(f"{name}: duplicate ids")
            print(f"{name}: {len(objs)} lines; types {dict(sorted(c.items()))}; verdicts {dict(vc)}; out-of-graph {oog}")
        if show: print("\n".join(rows_out))
        for f_ in fails: print("FAIL", f_)
        print(f"{name}: {len(fails)} failures")
        total += len(fails)
    print(f"FAILURES: {total}")
    return 1 if total else 0

if __name__ == "__main__":
    sys.exit(main())
