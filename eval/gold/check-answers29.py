#!/usr/bin/env python3
"""Check answers-dev29.jsonl and answers-sealed29.jsonl against the ORKG mirror.

Adapted from check-answers28.py. Re-runs every line's SPARQL with pyoxigraph and checks key
order, id sequence, enums (query_type, verdict, sort, l1), per-file line counts (80 / 40), that
every sparql is a SELECT with PREFIX lines, that every gold string occurs among the returned
values, that gold equals the returned set where gold_complete is true, that claims carry a
verdict and gold_complete false, that out-of-graph lines return no rows and have an empty gold
(exactly one such line per file), and that no gold holds more than 25 items.
Usage: python3 check-answers29.py [--mirror PATH] [FILE ...]   (default: both files next to this script)
Prints one "FAILURES: N" line per file and exits non-zero if any file fails.
"""
import argparse, gzip, json, os, re, sys
import pyoxigraph

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
SORTS = {"best", "value", "topk", "standing", "boardmodels", "boardmetrics", "modelboards", "taskboards",
         "count", "code", "paperlinks", "topicpapers", "title", "claim", "control"}
L1S = {"en", "de", "fr", "es", "pt", "it", "ru", "zh", "hi", "tr", "ar", "fa", "ko", "ja"}
FILES = {  # file name -> (id prefix, expected line count)
    "answers-dev29.jsonl": ("FD", 80),
    "answers-sealed29.jsonl": ("FX", 40),
}
MAX_GOLD = 25

def load_store(path):
    store = pyoxigraph.Store()
    with gzip.open(path) as f:
        store.load(f, pyoxigraph.RdfFormat.N_TRIPLES)
    return store

def run(store, sparql):
    res = store.query(sparql)
    variables = [v.value for v in res.variables]
    values, nrows = [], 0
    for sol in res:
        nrows += 1
        for v in variables:
            t = sol[v]
            if t is not None and t.value not in values:
                values.append(t.value)
    return values, nrows

def check_file(store, path):
    name = os.path.basename(path)
    prefix, expected = FILES.get(name, (None, None))
    fails = []
    def fail(rid, msg):
        fails.append(f"{rid}: {msg}")
    lines = [l for l in open(path, encoding="utf-8").read().splitlines() if l.strip()]
    if expected is not None and len(lines) != expected:
        fail(name, f"{len(lines)} lines, expected {expected}")
    out_of_graph = 0
    for n, line in enumerate(lines, 1):
        try:
            rec = json.loads(line)
        except Exception as e:
            fail(f"line {n}", f"bad JSON: {e}")
            continue
        rid = rec.get("id", f"line {n}")
        if list(rec.keys()) != KEYS:
            fail(rid, f"key order {list(rec.keys())}")
        if prefix is not None and rid != f"{prefix}{n:03d}":
            fail(rid, f"id out of sequence, expected {prefix}{n:03d}")
        if rec.get("query_type") not in TYPES:
            fail(rid, f"bad query_type {rec.get('query_type')!r}")
        if not isinstance(rec.get("in_graph"), bool):
            fail(rid, "in_graph not a bool")
        if not isinstance(rec.get("gold_complete"), bool):
            fail(rid, "gold_complete not a bool")
        if not isinstance(rec.get("question"), str) or not rec["question"].strip():
            fail(rid, "empty question")
        gold = rec.get("gold")
        if not isinstance(gold, list) or not all(isinstance(g, str) for g in gold):
            fail(rid, "gold not a list of strings"); gold = []
        if len(gold) > MAX_GOLD:
            fail(rid, f"gold has {len(gold)} items (> {MAX_GOLD})")
        verdict = rec.get("verdict")
        if rec.get("query_type") == "claim_verification":
            if verdict not in VERDICTS:
                fail(rid, f"claim without a valid verdict: {verdict!r}")
            if rec.get("gold_complete") is not False:
                fail(rid, "claim with gold_complete not false")
        elif verdict is not None:
            fail(rid, f"verdict {verdict!r} on a non-claim line")
        notes = rec.get("notes") or ""
        m = re.match(r"\[sort=([a-z]+)\] \[l1=([a-z]+)\]", notes)
        if not m or m.group(1) not in SORTS:
            fail(rid, "notes do not start with a valid [sort=...] tag")
        elif m.group(2) not in L1S:
            fail(rid, f"bad [l1=...] tag {m.group(2)!r}")
        elif (m.group(1) == "control") != (m.group(2) == "en"):
            fail(rid, "control lines must be [l1=en] and only they")
        sparql = rec.get("sparql") or ""
        if not re.search(r"^PREFIX\s+\w*:\s*<[^>]+>", sparql, re.M) or not re.search(r"\bSELECT\b", sparql):
            fail(rid, "sparql is not a SELECT with PREFIX lines")
        try:
            values, nrows = run(store, sparql)
        except Exception as e:
            fail(rid, f"SPARQL error: {e}")
            continue
        missing = [g for g in gold if g not in values]
        if missing:
            fail(rid, f"gold not returned by sparql: {missing}")
        if rec.get("gold_complete") and set(gold) != set(values):
            extra = sorted(set(values) - set(gold))
            fail(rid, f"gold_complete but returned set differs: {len(extra)} extra {extra[:10]}")
        if rec.get("in_graph") is False:
            out_of_graph += 1
            if nrows != 0:
                fail(rid, f"out-of-graph line returns {nrows} rows")
            if gold:
                fail(rid, "out-of-graph line with non-empty gold")
            if verdict is not None:
                fail(rid, "out-of-graph line with a verdict")
    if lines and out_of_graph != 1:
        fail(name, f"{out_of_graph} out-of-graph lines (expected exactly 1)")
    return fails

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", default=DEFAULT_MIRROR)
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    files = args.files or [os.path.join(HERE, f) for f in FILES]
    store = load_store(args.mirror)
    total = 0
    for path in files:
        fails = check_file(store, path)
        for f in fails:
            print("  FAIL", f)
        print(f"{os.path.basename(path)}: FAILURES: {len(fails)}")
        total += len(fails)
    sys.exit(1 if total else 0)

if __name__ == "__main__":
    main()
