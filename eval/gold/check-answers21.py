#!/usr/bin/env python3
"""Checker for answer gold batch 21 (answers-dev21.jsonl, answers-sealed21.jsonl).

Re-runs every line's SPARQL on the ORKG mirror with pyoxigraph and checks:
key order, id sequence, enums, per-file counts, that every gold string occurs
among the returned values, that gold equals the returned value set where
gold_complete is true (in-graph lines), and that out-of-graph lines return no
rows and have an empty gold. Also checks the sort tag in the notes, the verdict
rules for claims, and the share of out-of-graph lines (at most 10 %).
Prints one FAILURES line per file and a total FAILURES line.
"""
import gzip
import json
import os
import re
import sys

import pyoxigraph as ox

HERE = os.path.dirname(os.path.abspath(__file__))
MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"
FILES = [
    ("answers-dev21.jsonl", "RK", 80),
    ("answers-sealed21.jsonl", "RX", 40),
]
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete",
        "verdict", "sparql", "notes"]
TYPES = {"topic_search", "method_comparison", "dataset_search",
         "claim_verification", "method_usage", "paper_lookup"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
SORTS = {"several", "rank", "bottom", "single"}


def load_store():
    st = ox.Store()
    with gzip.open(MIRROR) as f:
        st.load(f, ox.RdfFormat.N_TRIPLES)
    return st


def run(st, sparql):
    res = st.query(sparql)
    names = [v.value for v in res.variables]
    rows, vals = [], set()
    for sol in res:
        row = [sol[n] for n in names]
        rows.append(row)
        for t in row:
            if t is None or isinstance(t, ox.NamedNode):
                continue
            vals.add(t.value)
    return rows, vals


def check_file(st, name, prefix, count):
    fails = []
    path = os.path.join(HERE, name)
    try:
        lines = [l for l in open(path, encoding="utf-8").read().splitlines() if l.strip()]
    except OSError as e:
        return [f"{name}: cannot read: {e}"]
    if len(lines) != count:
        fails.append(f"{name}: {len(lines)} lines, expected {count}")
    verdicts = {v: 0 for v in VERDICTS}
    out_of_graph = 0
    for i, raw in enumerate(lines):
        where = f"{name}:{i + 1}"
        try:
            d = json.loads(raw)
        except json.JSONDecodeError as e:
            fails.append(f"{where}: bad JSON: {e}")
            continue
        if list(d.keys()) != KEYS:
            fails.append(f"{where}: key order {list(d.keys())}")
        want_id = f"{prefix}{i + 1:03d}"
        if d.get("id") != want_id:
            fails.append(f"{where}: id {d.get('id')} expected {want_id}")
        where = f"{name}:{d.get('id')}"
        if not isinstance(d.get("question"), str) or not d["question"].strip():
            fails.append(f"{where}: empty question")
        qt = d.get("query_type")
        if qt not in TYPES:
            fails.append(f"{where}: bad query_type {qt}")
        if not isinstance(d.get("in_graph"), bool):
            fails.append(f"{where}: in_graph not bool")
        if not isinstance(d.get("gold_complete"), bool):
            fails.append(f"{where}: gold_complete not bool")
        gold = d.get("gold")
        if not isinstance(gold, list) or not all(isinstance(g, str) for g in gold):
            fails.append(f"{where}: gold must be a list of strings")
            gold = []
        if len(set(gold)) != len(gold):
            fails.append(f"{where}: duplicate gold strings")
        v = d.get("verdict")
        if qt == "claim_verification":
            if v not in VERDICTS:
                fails.append(f"{where}: claim without a valid verdict ({v})")
            else:
                verdicts[v] += 1
            if d.get("in_graph") and d.get("gold_complete"):
                fails.append(f"{where}: in-graph claim must have gold_complete false")
        elif v is not None:
            fails.append(f"{where}: verdict must be null for {qt}")
        notes = d.get("notes") or ""
        m = re.search(r"\[sort=([a-z]+)\]", notes)
        if not m or m.group(1) not in SORTS:
            fails.append(f"{where}: notes lack a valid [sort=...] tag")
        sparql = d.get("sparql") or ""
        if not re.match(r"\s*PREFIX", sparql) or "SELECT" not in sparql.upper():
            fails.append(f"{where}: sparql must be a SELECT with PREFIX lines")
        try:
            rows, vals = run(st, sparql)
        except Exception as e:  # noqa: BLE001
            fails.append(f"{where}: SPARQL error: {e}")
            continue
        if d.get("in_graph") is False:
            out_of_graph += 1
            if gold:
                fails.append(f"{where}: out-of-graph line with non-empty gold")
            if rows:
                fails.append(f"{where}: out-of-graph line but the absence check returns {len(rows)} rows")
            if not d.get("gold_complete"):
                fails.append(f"{where}: out-of-graph line should have gold_complete true")
            continue
        if not gold:
            fails.append(f"{where}: in-graph line with empty gold")
        missing = [g for g in gold if g not in vals]
        if missing:
            fails.append(f"{where}: gold not returned by sparql: {missing[:3]}")
        if d.get("gold_complete") and set(gold) != vals:
            extra = sorted(vals - set(gold))[:3]
            fails.append(f"{where}: gold_complete but returned set differs (extra {extra})")
    if out_of_graph > 0.10 * max(len(lines), 1):
        fails.append(f"{name}: {out_of_graph} out-of-graph lines, more than 10 %")
    if prefix == "RK":
        for k, n in verdicts.items():
            if n < 3:
                fails.append(f"{name}: only {n} {k} claims (need at least 3)")
    return fails


def main():
    st = load_store()
    total = 0
    for name, prefix, count in FILES:
        fails = check_file(st, name, prefix, count)
        for f in fails:
            print("FAIL", f)
        print(f"{name}: FAILURES: {len(fails)}")
        total += len(fails)
    print(f"FAILURES: {total}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
