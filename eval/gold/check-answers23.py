#!/usr/bin/env python3
"""Checker for answer gold batch 23 ("typed in a hurry").

Re-runs every line's SPARQL on the ORKG mirror with pyoxigraph and checks:
  - JSON per line, key order `id, question, query_type, in_graph, gold, gold_complete, verdict, sparql, notes`;
  - id sequence (TH001..TH080 in the dev file, TS001..TS040 in the sealed file) and per-file line counts;
  - enums (query_type, verdict, sort tags) and field types; question is one line;
  - verdict set exactly on claim_verification lines; claims have gold_complete false;
  - per-file counts of query_type, sort and verdicts, head share, out-of-graph share;
  - the SPARQL is a SELECT with PREFIX lines, parses and runs;
  - every gold string occurs among the returned values;
  - where gold_complete is true, gold equals the set of all returned values;
  - out-of-graph lines (in_graph false) have gold [] and return no rows.
Prints one line per failure and `FAILURES: N` at the end.

Usage: python3 check-answers23.py [--mirror PATH] [dev.jsonl sealed.jsonl]
"""
import argparse
import gzip
import json
import os
import re
import sys
from collections import Counter

import pyoxigraph

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = ["claim_verification", "dataset_search", "method_comparison", "topic_search", "method_usage", "paper_lookup"]
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
SORTS = ["typo", "split", "noise", "fragment", "control"]

# expected composition per file
SPEC = {
    "answers-dev23.jsonl": dict(
        prefix="TH", n=80,
        types={"claim_verification": 16, "dataset_search": 16, "method_comparison": 16,
               "topic_search": 12, "method_usage": 12, "paper_lookup": 8},
        sorts={s: 16 for s in SORTS},
        min_verdict=4),
    "answers-sealed23.jsonl": dict(
        prefix="TS", n=40,
        types={"claim_verification": 8, "dataset_search": 8, "method_comparison": 8,
               "topic_search": 6, "method_usage": 6, "paper_lookup": 4},
        sorts={s: 8 for s in SORTS},
        min_verdict=2),
}

failures = []


def fail(where, msg):
    failures.append(f"{where}: {msg}")
    print(f"FAIL {where}: {msg}")


def load_store(path):
    store = pyoxigraph.Store()
    with gzip.open(path, "rb") as fh:
        store.load(fh, pyoxigraph.RdfFormat.N_TRIPLES)
    return store


def run(store, sparql):
    res = store.query(sparql)
    names = [v.value for v in res.variables]
    rows = []
    for sol in res:
        rows.append([sol[n].value if sol[n] is not None else None for n in names])
    return rows


def check_file(store, path):
    name = os.path.basename(path)
    spec = SPEC.get(name)
    if spec is None:
        fail(name, "unknown file name (expected one of %s)" % ", ".join(SPEC))
        return
    with open(path, encoding="utf-8") as fh:
        lines = [ln for ln in fh.read().split("\n") if ln.strip()]
    if len(lines) != spec["n"]:
        fail(name, f"{len(lines)} lines, expected {spec['n']}")
    types, sorts, verdicts = Counter(), Counter(), Counter()
    heads = oog = 0
    for i, ln in enumerate(lines, 1):
        where = f"{name}:{i}"
        try:
            rec = json.loads(ln)
        except Exception as exc:  # noqa: BLE001
            fail(where, f"bad JSON: {exc}")
            continue
        if list(rec.keys()) != KEYS:
            fail(where, f"key order {list(rec.keys())}")
        want_id = f"{spec['prefix']}{i:03d}"
        if rec.get("id") != want_id:
            fail(where, f"id {rec.get('id')!r}, expected {want_id}")
        where = f"{name}:{rec.get('id')}"
        q = rec.get("question")
        if not isinstance(q, str) or not q.strip():
            fail(where, "question empty or not a string")
        elif "\n" in q or "\r" in q:
            fail(where, "question has a line break")
        qt = rec.get("query_type")
        if qt not in TYPES:
            fail(where, f"query_type {qt!r}")
        types[qt] += 1
        if not isinstance(rec.get("in_graph"), bool):
            fail(where, "in_graph not boolean")
        gold = rec.get("gold")
        if not isinstance(gold, list) or not all(isinstance(g, str) for g in gold):
            fail(where, "gold not a list of strings")
            gold = []
        if len(set(gold)) != len(gold):
            fail(where, "gold has duplicates")
        if not isinstance(rec.get("gold_complete"), bool):
            fail(where, "gold_complete not boolean")
        v = rec.get("verdict")
        if qt == "claim_verification":
            if v not in VERDICTS:
                fail(where, f"claim without a valid verdict: {v!r}")
            else:
                verdicts[v] += 1
            if rec.get("gold_complete") is not False:
                fail(where, "claim with gold_complete true")
        elif v is not None:
            fail(where, f"verdict {v!r} on a non-claim line")
        notes = rec.get("notes") or ""
        m = re.search(r"\[sort=([a-z]+)\]", notes)
        if not m or m.group(1) not in SORTS:
            fail(where, "notes lack a valid [sort=...] tag")
        else:
            sorts[m.group(1)] += 1
        for a in re.findall(r"\[also=([a-z]+)\]", notes):
            if a not in SORTS or a == "control":
                fail(where, f"bad [also={a}] tag")
        if "[head]" in notes:
            heads += 1
        sp = rec.get("sparql") or ""
        if "PREFIX" not in sp or not re.search(r"\bSELECT\b", sp):
            fail(where, "sparql is not a SELECT with PREFIX lines")
        try:
            rows = run(store, sp)
        except Exception as exc:  # noqa: BLE001
            fail(where, f"sparql error: {exc}")
            continue
        returned = {c for r in rows for c in r if c is not None}
        if rec.get("in_graph") is False:
            oog += 1
            if gold:
                fail(where, "out-of-graph line with non-empty gold")
            if rows:
                fail(where, f"out-of-graph line returns {len(rows)} rows")
            continue
        if not rows:
            fail(where, "in-graph line returns no rows")
        missing = [g for g in gold if g not in returned]
        if missing:
            fail(where, f"gold not among returned values: {missing[:5]}")
        if rec.get("gold_complete") is True and set(gold) != returned:
            extra = sorted(returned - set(gold))[:5]
            fail(where, f"gold_complete but returned set differs (extra {extra})")
        if not gold:
            fail(where, "in-graph line with empty gold")
    # composition
    for t, n in spec["types"].items():
        if types[t] != n:
            fail(name, f"query_type {t}: {types[t]}, expected {n}")
    for s, n in spec["sorts"].items():
        if sorts[s] != n:
            fail(name, f"sort {s}: {sorts[s]}, expected {n}")
    for vv in sorted(VERDICTS):
        if verdicts[vv] < spec["min_verdict"]:
            fail(name, f"verdict {vv}: {verdicts[vv]}, expected at least {spec['min_verdict']}")
    if oog > len(lines) * 0.10:
        fail(name, f"{oog} out-of-graph lines, more than 10 %")
    share = heads / max(len(lines), 1)
    if not 0.20 <= share <= 0.32:
        fail(name, f"head share {share:.2f} outside 0.20-0.32")
    print(f"{name}: {len(lines)} lines; types {dict(types)}; sorts {dict(sorts)}; "
          f"verdicts {dict(verdicts)}; head {heads}; out-of-graph {oog}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", default=DEFAULT_MIRROR)
    ap.add_argument("files", nargs="*", default=[os.path.join(HERE, "answers-dev23.jsonl"),
                                                 os.path.join(HERE, "answers-sealed23.jsonl")])
    args = ap.parse_args()
    store = load_store(args.mirror)
    for path in args.files:
        if not os.path.exists(path):
            fail(os.path.basename(path), "file missing")
            continue
        check_file(store, path)
    print(f"FAILURES: {len(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
