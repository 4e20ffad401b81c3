#!/usr/bin/env python3
"""Checker for the batch-27 answer gold (research problem as the way in).

Usage:
    python3 check-answers27.py [--mirror PATH] [FILE ...]

Without FILE it checks answers-dev27.jsonl and answers-sealed27.jsonl next to this
script. Every line's SPARQL is re-run on the mirror graph with pyoxigraph. Failures are
reported by id only (no question text), then one line per file: "FAILURES: N".
"""
import argparse
import gzip
import json
import os
import re
import sys

import pyoxigraph

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"

KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete",
        "verdict", "sparql", "notes"]
TYPES = {"topic_search", "method_comparison", "dataset_search",
         "claim_verification", "method_usage", "paper_lookup"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
SORTS = {"boards", "taskof", "papers", "field", "loose", "claimtask", "control"}
# file name -> (id prefix, expected line count)
FILES = {
    "answers-dev27.jsonl": ("TK", 80),
    "answers-sealed27.jsonl": ("TX", 40),
}


def load_store(path):
    store = pyoxigraph.Store()
    with gzip.open(path, "rb") as fh:
        store.load(fh, pyoxigraph.RdfFormat.N_TRIPLES)
    return store


def run(store, sparql):
    """Return (row count, set of all bound values' lexical forms)."""
    res = store.query(sparql)
    if not hasattr(res, "variables"):
        raise ValueError("not a SELECT query")
    variables = res.variables
    rows = 0
    values = set()
    for sol in res:
        rows += 1
        for v in variables:
            term = sol[v]
            if term is not None:
                values.add(term.value)
    return rows, values


def check_file(store, path):
    name = os.path.basename(path)
    prefix, expected = FILES.get(name, (None, None))
    fails = []

    def fail(where, msg):
        fails.append(f"{name} {where}: {msg}")

    with open(path, encoding="utf-8") as fh:
        lines = [ln for ln in fh.read().split("\n") if ln.strip()]
    recs = []
    for i, ln in enumerate(lines, 1):
        try:
            recs.append(json.loads(ln))
        except json.JSONDecodeError as exc:
            fail(f"line {i}", f"bad JSON ({exc})")
            recs.append(None)

    if expected is not None and len(lines) != expected:
        fail("file", f"{len(lines)} lines, expected {expected}")

    claim_verdicts = {}
    out_of_graph = 0
    for i, r in enumerate(recs, 1):
        if r is None:
            continue
        rid = r.get("id", f"line {i}")
        if list(r.keys()) != KEYS:
            fail(rid, f"key order {list(r.keys())}")
        if prefix is not None and r.get("id") != f"{prefix}{i:03d}":
            fail(rid, f"id out of sequence, expected {prefix}{i:03d}")
        qt = r.get("query_type")
        if qt not in TYPES:
            fail(rid, f"query_type {qt!r} not allowed")
        if not isinstance(r.get("question"), str) or not r["question"].strip():
            fail(rid, "empty question")
        if not isinstance(r.get("in_graph"), bool):
            fail(rid, "in_graph not boolean")
        if not isinstance(r.get("gold_complete"), bool):
            fail(rid, "gold_complete not boolean")
        gold = r.get("gold")
        if not isinstance(gold, list) or not all(isinstance(g, str) for g in gold):
            fail(rid, "gold is not a list of strings")
            gold = []
        if len(gold) != len(set(gold)):
            fail(rid, "duplicate gold strings")
        if len(gold) > 25:
            fail(rid, f"gold has {len(gold)} items (> 25)")
        verdict = r.get("verdict")
        if qt == "claim_verification":
            if verdict not in VERDICTS:
                fail(rid, f"claim without a valid verdict ({verdict!r})")
            if r.get("gold_complete") is not False:
                fail(rid, "claim with gold_complete true")
        elif verdict is not None:
            fail(rid, f"verdict {verdict!r} on a non-claim")
        notes = r.get("notes") or ""
        m = re.search(r"\[sort=(\w+)\]", notes)
        if not m or m.group(1) not in SORTS:
            fail(rid, "notes lack a valid [sort=...] tag")
        elif qt == "claim_verification" and m.group(1) == "claimtask":
            claim_verdicts[verdict] = claim_verdicts.get(verdict, 0) + 1
        sparql = r.get("sparql") or ""
        if not sparql.lstrip().upper().startswith("PREFIX"):
            fail(rid, "sparql does not start with PREFIX lines")
        if not re.search(r"\bSELECT\b", sparql, re.I):
            fail(rid, "sparql is not a SELECT")
        try:
            rows, values = run(store, sparql)
        except Exception as exc:  # noqa: BLE001
            fail(rid, f"sparql failed: {exc}")
            continue
        if r.get("in_graph") is False:
            out_of_graph += 1
            if rows:
                fail(rid, f"out-of-graph line returns {rows} rows")
            if gold:
                fail(rid, "out-of-graph line with non-empty gold")
            if r.get("gold_complete") is not True:
                fail(rid, "out-of-graph line should have gold_complete true")
            continue
        if not gold:
            fail(rid, "in-graph line with empty gold")
        missing = [g for g in gold if g not in values]
        if missing:
            fail(rid, f"{len(missing)} gold string(s) not returned by the sparql")
        if r.get("gold_complete") is True and set(gold) != values:
            extra = len(values - set(gold))
            fail(rid, f"gold_complete but the sparql returns {extra} value(s) outside gold")

    n = len([r for r in recs if r is not None])
    if n and out_of_graph > 0.10 * n:
        fail("file", f"{out_of_graph} out-of-graph lines (> 10 %)")
    if name == "answers-dev27.jsonl":
        for v in sorted(VERDICTS):
            if claim_verdicts.get(v, 0) < 4:
                fail("file", f"only {claim_verdicts.get(v, 0)} claimtask {v} lines (< 4)")
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
            print(f)
        print(f"{os.path.basename(path)}: FAILURES: {len(fails)}")
        total += len(fails)
    if len(files) > 1:
        print(f"FAILURES: {total}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
