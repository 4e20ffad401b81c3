#!/usr/bin/env python3
"""Checker for answer gold batch 15 (the search box: keywords and two-part questions).

Usage: python3 check-answers15.py [answers-dev15.jsonl] [answers-sealed15.jsonl]
With no arguments both files next to this script are checked.

For every line it re-runs `sparql` on the mirror with pyoxigraph and checks the gold
against the rows. Convention: the "gold values" of a query are the distinct non-null
values of every projected variable whose name does not start with `ctx_` (ctx_ columns,
e.g. metric names, are context and never gold).
  - in_graph false: the query (a case-insensitive label/title search) returns no rows,
    gold == [], gold_complete true, notes carry [subject="..."].
  - in_graph true: rows exist and every gold string is a gold value;
    gold_complete true additionally requires gold == the set of gold values.
  - claims: verdict in SUPPORTED/REFUTED/UNCERTAIN, gold_complete false;
    non-claims: verdict null.
  - gold never contains a metric label (metric names go in the notes).
It also checks key order, ids, enums, counts per type, out-of-graph and verdict counts.
Last line: FAILURES: N
"""
import gzip, json, os, re, sys, collections
import pyoxigraph

HERE = os.path.dirname(os.path.abspath(__file__))
MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = ["topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"]
VERDICTS = ["SUPPORTED", "REFUTED", "UNCERTAIN"]
SPEC = {
    "answers-dev15.jsonl": dict(prefix="KW", n=80, oog=10, claims_min_each=3,
        types={"topic_search": 20, "paper_lookup": 16, "method_comparison": 16,
               "dataset_search": 8, "method_usage": 8, "claim_verification": 12}),
    "answers-sealed15.jsonl": dict(prefix="KS", n=40, oog=6, claims_min_each=2,
        types={"topic_search": 10, "paper_lookup": 8, "method_comparison": 8,
               "dataset_search": 4, "method_usage": 4, "claim_verification": 6}),
}

def load_store():
    st = pyoxigraph.Store()
    st.load(gzip.open(MIRROR), pyoxigraph.RdfFormat.N_TRIPLES)
    return st

def gold_values(store, sparql):
    res = store.query(sparql)
    names = [v.value for v in res.variables]
    keep = [i for i, n in enumerate(names) if not n.startswith("ctx_")]
    rows, vals = 0, set()
    for row in res:
        rows += 1
        for i in keep:
            if row[i] is not None:
                vals.add(row[i].value)
    return rows, vals

def check_file(path, store, metric_labels):
    name = os.path.basename(path)
    spec = SPEC.get(name)
    fails = []
    def fail(msg): fails.append("%s: %s" % (name, msg))
    lines = [l for l in open(path, encoding="utf-8").read().splitlines() if l.strip()]
    objs = []
    for k, l in enumerate(lines, 1):
        try:
            o = json.loads(l, object_pairs_hook=collections.OrderedDict)
        except Exception as e:
            fail("line %d: not JSON (%s)" % (k, e)); continue
        objs.append(o)
    if spec and len(objs) != spec["n"]:
        fail("expected %d lines, found %d" % (spec["n"], len(objs)))
    ids = []
    for k, o in enumerate(objs, 1):
        oid = o.get("id", "?")
        ids.append(oid)
        if list(o.keys()) != KEYS:
            fail("%s: keys/order %s" % (oid, list(o.keys())))
            continue
        if spec and oid != "%s%03d" % (spec["prefix"], k):
            fail("%s: id out of sequence (expected %s%03d)" % (oid, spec["prefix"], k))
        if o["query_type"] not in TYPES: fail("%s: bad query_type %r" % (oid, o["query_type"]))
        if not isinstance(o["in_graph"], bool): fail("%s: in_graph not bool" % oid)
        if not isinstance(o["gold_complete"], bool): fail("%s: gold_complete not bool" % oid)
        if not isinstance(o["gold"], list) or not all(isinstance(g, str) for g in o["gold"]):
            fail("%s: gold must be a list of strings" % oid); continue
        if len(set(o["gold"])) != len(o["gold"]): fail("%s: duplicate gold strings" % oid)
        if not o["question"].strip() or not o["notes"].strip(): fail("%s: empty question/notes" % oid)
        is_claim = o["query_type"] == "claim_verification"
        if is_claim:
            if o["verdict"] not in VERDICTS: fail("%s: claim without valid verdict" % oid)
        elif o["verdict"] is not None:
            fail("%s: non-claim with verdict" % oid)
        try:
            nrows, vals = gold_values(store, o["sparql"])
        except Exception as e:
            fail("%s: sparql error %s" % (oid, e)); continue
        if "PREFIX" not in o["sparql"] or "SELECT" not in o["sparql"]:
            fail("%s: sparql must be a SELECT with PREFIXes" % oid)
        if not o["in_graph"]:
            if nrows: fail("%s: out-of-graph but the search returns %d rows" % (oid, nrows))
            if o["gold"]: fail("%s: out-of-graph gold must be []" % oid)
            if not o["gold_complete"]: fail("%s: out-of-graph gold_complete must be true" % oid)
            if not re.search(r'\[subject="[^"]+"\]', o["notes"]): fail("%s: notes lack [subject=\"...\"]" % oid)
        else:
            if not nrows: fail("%s: in-graph but query returns no rows" % oid)
            if not o["gold"]: fail("%s: in-graph with empty gold" % oid)
            miss = [g for g in o["gold"] if g not in vals]
            if miss: fail("%s: gold not in query rows: %s" % (oid, miss[:5]))
            if o["gold_complete"] and set(o["gold"]) != vals:
                extra = sorted(vals - set(o["gold"]))[:5]
                fail("%s: gold_complete but rows hold more: %s" % (oid, extra))
            if is_claim and o["gold_complete"]: fail("%s: claim gold_complete must be false" % oid)
        bad_metric = [g for g in o["gold"] if g in metric_labels]
        if bad_metric: fail("%s: metric label(s) in gold: %s" % (oid, bad_metric))
    if len(set(ids)) != len(ids): fail("duplicate ids")
    if spec:
        tc = collections.Counter(o.get("query_type") for o in objs)
        for t, n in spec["types"].items():
            if tc.get(t, 0) != n: fail("type %s: expected %d, found %d" % (t, n, tc.get(t, 0)))
        oog = [o for o in objs if o.get("in_graph") is False]
        if len(oog) != spec["oog"]: fail("out-of-graph: expected %d, found %d" % (spec["oog"], len(oog)))
        if len({o["query_type"] for o in oog}) < 5: fail("out-of-graph questions not spread over types")
        vc = collections.Counter(o.get("verdict") for o in objs if o.get("query_type") == "claim_verification")
        for v in VERDICTS:
            if vc.get(v, 0) < spec["claims_min_each"]:
                fail("verdict %s used %d times (< %d)" % (v, vc.get(v, 0), spec["claims_min_each"]))
    # summary
    tc = collections.Counter((o.get("query_type"), o.get("in_graph")) for o in objs)
    print("== %s: %d lines" % (name, len(objs)))
    for t in TYPES:
        print("   %-20s in %2d  out %2d" % (t, tc.get((t, True), 0), tc.get((t, False), 0)))
    vc = collections.Counter(o.get("verdict") for o in objs if o.get("verdict"))
    print("   verdicts: " + ", ".join("%s %d" % (v, vc.get(v, 0)) for v in VERDICTS))
    print("   gold_complete true: %d, false: %d" % (sum(1 for o in objs if o.get("gold_complete") is True),
                                                   sum(1 for o in objs if o.get("gold_complete") is False)))
    for f in fails: print("FAIL " + f)
    return fails

def main():
    paths = sys.argv[1:] or [os.path.join(HERE, n) for n in SPEC]
    store = load_store()
    metric_labels = {r[0].value for r in store.query(
        "SELECT DISTINCT ?l WHERE { ?m a <http://orkg.org/orkg/class/Metric> ; "
        "<http://www.w3.org/2000/01/rdf-schema#label> ?l }")}
    total = []
    for p in paths:
        total += check_file(p, store, metric_labels)
    print("FAILURES: %d" % len(total))
    sys.exit(1 if total else 0)

if __name__ == "__main__":
    main()
