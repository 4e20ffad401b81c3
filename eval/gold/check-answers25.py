#!/usr/bin/env python3
"""Checker for answers-dev25.jsonl and answers-sealed25.jsonl (head-to-head gold, batch 25).

Re-runs every line's SPARQL on the ORKG mirror with pyoxigraph and checks:
  - JSON per line, key order  id, question, query_type, in_graph, gold, gold_complete, verdict, sparql, notes
  - id sequence (VD001..VD080 for dev, VS001..VS040 for sealed), per-file line counts
  - enums and types: query_type (six labels), verdict (null except for claim_verification, which
    must have SUPPORTED / REFUTED / UNCERTAIN), booleans, gold a list of strings
  - notes carry one [sort=...] tag out of versus / margin / where / pair / claimvs / control
  - sparql is a SELECT with PREFIX lines
  - every gold string occurs among the returned values (all bound values of all rows)
  - gold equals the set of returned values where gold_complete is true
  - in_graph false: gold [], gold_complete true, verdict null, and the query returns no rows
  - claims: gold_complete false
  - per-file counts: at most 10 % out of graph; every label and sort present; in the dev file at
    least 4 claims of each verdict
Prints one FAILURES line per file and a final FAILURES total.

Usage: python3 check-answers25.py [--mirror PATH] [file ...]   (default: both files next to this script)
"""
import argparse
import collections
import gzip
import json
import os
import re
import sys

import pyoxigraph

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = ["claim_verification", "dataset_search", "method_comparison", "topic_search", "method_usage", "paper_lookup"]
VERDICTS = ["SUPPORTED", "REFUTED", "UNCERTAIN"]
SORTS = ["versus", "margin", "where", "pair", "claimvs", "control"]
FILES = {  # name -> (id prefix, expected lines, is_dev)
    "answers-dev25.jsonl": ("VD", 80, True),
    "answers-sealed25.jsonl": ("VS", 40, False),
}


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
        rows.append([None if sol[n] is None else sol[n].value for n in names])
    return rows


def check_file(store, path):
    name = os.path.basename(path)
    prefix, expected, is_dev = FILES.get(name, ("V?", None, False))
    fails = []
    recs = []
    with open(path, encoding="utf-8") as fh:
        raw = [ln for ln in fh.read().split("\n") if ln.strip()]
    for n, ln in enumerate(raw, 1):
        try:
            rec = json.loads(ln, object_pairs_hook=collections.OrderedDict)
        except Exception as ex:  # noqa: BLE001
            fails.append(f"line {n}: not JSON ({ex})")
            continue
        recs.append(rec)
    if expected is not None and len(recs) != expected:
        fails.append(f"{len(recs)} lines, expected {expected}")
    types = collections.Counter()
    sorts = collections.Counter()
    verdicts = collections.Counter()
    out_of_graph = 0
    for n, rec in enumerate(recs, 1):
        rid = rec.get("id", f"line{n}")
        def bad(msg):
            fails.append(f"{rid}: {msg}")
        if list(rec.keys()) != KEYS:
            bad(f"key order {list(rec.keys())}")
            continue
        if rid != f"{prefix}{n:03d}":
            bad(f"id out of sequence, expected {prefix}{n:03d}")
        if not isinstance(rec["question"], str) or not rec["question"].strip():
            bad("empty question")
        qt = rec["query_type"]
        if qt not in TYPES:
            bad(f"query_type {qt!r}")
        types[qt] += 1
        if not isinstance(rec["in_graph"], bool):
            bad("in_graph not boolean")
        if not isinstance(rec["gold_complete"], bool):
            bad("gold_complete not boolean")
        gold = rec["gold"]
        if not isinstance(gold, list) or not all(isinstance(g, str) for g in gold):
            bad("gold is not a list of strings")
            gold = []
        if len(set(gold)) != len(gold):
            bad("duplicate gold strings")
        v = rec["verdict"]
        if qt == "claim_verification":
            if v not in VERDICTS:
                bad(f"claim without a valid verdict: {v!r}")
            else:
                verdicts[v] += 1
            if rec["gold_complete"] is not False:
                bad("claim with gold_complete true")
        elif v is not None:
            bad(f"verdict {v!r} on a non-claim")
        notes = rec["notes"] if isinstance(rec["notes"], str) else ""
        tags = re.findall(r"\[sort=([a-z]+)\]", notes)
        if len(tags) != 1 or tags[0] not in SORTS:
            bad(f"notes need exactly one [sort=...] tag from {SORTS}, found {tags}")
        else:
            sorts[tags[0]] += 1
        sp = rec["sparql"]
        if not isinstance(sp, str) or "PREFIX" not in sp or not re.search(r"\bSELECT\b", sp):
            bad("sparql is not a SELECT with PREFIX lines")
            continue
        try:
            rows = run(store, sp)
        except Exception as ex:  # noqa: BLE001
            bad(f"sparql error: {ex}")
            continue
        values = {x for row in rows for x in row if x is not None}
        if rec["in_graph"] is False:
            out_of_graph += 1
            if rows:
                bad(f"out-of-graph line returns {len(rows)} rows")
            if gold:
                bad("out-of-graph line with non-empty gold")
            if rec["gold_complete"] is not True or v is not None:
                bad("out-of-graph line needs gold_complete true and verdict null")
            continue
        if not gold:
            bad("in-graph line with empty gold")
        missing = [g for g in gold if g not in values]
        if missing:
            bad(f"gold not among returned values: {missing[:3]}")
        if rec["gold_complete"] and set(gold) != values:
            extra = sorted(values - set(gold))[:3]
            bad(f"gold_complete but returned set differs (extra {extra}, {len(values)} values vs {len(gold)} gold)")
        if len(gold) > 25:
            bad(f"gold has {len(gold)} items (> 25)")
    # per-file counts
    if recs:
        if out_of_graph > 0.10 * len(recs):
            fails.append(f"{out_of_graph} out-of-graph lines (> 10 %)")
        for t in TYPES:
            if types[t] == 0:
                fails.append(f"no line of type {t}")
        for s in SORTS:
            if sorts[s] == 0:
                fails.append(f"no line of sort {s}")
        if is_dev:
            for vv in VERDICTS:
                if verdicts[vv] < 4:
                    fails.append(f"dev file has {verdicts[vv]} {vv} claims (< 4)")
    print(f"== {name}: {len(recs)} lines")
    print("   types:   " + ", ".join(f"{t} {types[t]}" for t in TYPES))
    print("   sorts:   " + ", ".join(f"{s} {sorts[s]}" for s in SORTS))
    print("   verdicts: " + ", ".join(f"{vv} {verdicts[vv]}" for vv in VERDICTS) + f"; out of graph {out_of_graph}")
    for f in fails:
        print("   FAIL " + f)
    print(f"   {name} FAILURES: {len(fails)}")
    return len(fails)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", default=DEFAULT_MIRROR)
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    files = args.files or [os.path.join(HERE, f) for f in FILES]
    store = load_store(args.mirror)
    total = 0
    for f in files:
        total += check_file(store, f)
    print(f"FAILURES: {total}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
