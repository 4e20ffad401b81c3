#!/usr/bin/env python3
"""Checker for answers-dev22.jsonl / answers-sealed22.jsonl (batch 22: counts, comparisons, heads, claims).

Re-runs every line's SPARQL on the ORKG mirror with pyoxigraph and checks:
  key order; id sequence (PC001.. / PS001..); enums (query_type, verdict, in_graph, gold_complete);
  per-file line counts (dev 80, sealed 40); a [sort=...] tag in the notes, [count=N] on count lines
  matching len(gold); verdict set exactly on claim_verification lines; every gold string occurs among
  the returned values; gold equals the returned value set where gold_complete is true; out-of-graph
  lines (in_graph false) have gold [] and return no rows; at most 10 % out-of-graph lines.
Prints one line per problem and `FAILURES: N` per file and in total.

Usage: python3 check-answers22.py [--mirror PATH] [FILE ...]
       (default: both files next to this script)
"""
import argparse, gzip, json, os, re, sys
import pyoxigraph

KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
SORTS = {"count", "more", "most", "claim", "single"}
EXPECT = {"answers-dev22.jsonl": ("PC", 80), "answers-sealed22.jsonl": ("PS", 40)}
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"


def load_store(path):
    store = pyoxigraph.Store()
    with gzip.open(path) as f:
        store.load(f, pyoxigraph.RdfFormat.N_TRIPLES)
    return store


def run(store, sparql):
    res = store.query(sparql)
    names = [v.value for v in res.variables]
    rows = []
    for sol in res:
        rows.append([None if sol[n] is None else sol[n].value for n in names])
    return rows


def check_file(store, path):
    fails = []
    name = os.path.basename(path)
    prefix, n_expected = EXPECT.get(name, (None, None))
    lines = [l for l in open(path, encoding="utf-8").read().splitlines() if l.strip()]
    if n_expected is not None and len(lines) != n_expected:
        fails.append(f"{name}: {len(lines)} lines, expected {n_expected}")
    n_oog = 0
    verdicts = {}
    for i, line in enumerate(lines, 1):
        try:
            rec = json.loads(line)
        except Exception as ex:
            fails.append(f"{name} line {i}: not JSON ({ex})")
            continue
        rid = rec.get("id", f"line{i}")
        def bad(msg):
            fails.append(f"{rid}: {msg}")
        if list(rec.keys()) != KEYS:
            bad(f"key order {list(rec.keys())}")
        if prefix and rid != f"{prefix}{i:03d}":
            bad(f"id out of sequence (expected {prefix}{i:03d})")
        qt, v = rec.get("query_type"), rec.get("verdict")
        if qt not in TYPES:
            bad(f"query_type {qt!r}")
        if not isinstance(rec.get("in_graph"), bool) or not isinstance(rec.get("gold_complete"), bool):
            bad("in_graph / gold_complete must be booleans")
        if qt == "claim_verification":
            if v not in VERDICTS:
                bad(f"claim without a valid verdict ({v!r})")
            else:
                verdicts[v] = verdicts.get(v, 0) + 1
        elif v is not None:
            bad(f"verdict {v!r} on a {qt} line")
        gold = rec.get("gold")
        if not isinstance(gold, list) or not all(isinstance(g, str) for g in gold):
            bad("gold must be a list of strings")
            gold = []
        if not isinstance(rec.get("question"), str) or not rec["question"].strip():
            bad("empty question")
        notes = rec.get("notes") or ""
        m = re.search(r"\[sort=(\w+)\]", notes)
        if not m or m.group(1) not in SORTS:
            bad("notes lack a valid [sort=...] tag")
        else:
            sort = m.group(1)
            if (sort == "claim") != (qt == "claim_verification"):
                bad(f"[sort={sort}] does not match query_type {qt}")
            if sort == "count" and rec.get("in_graph"):
                c = re.search(r"\[count=(\d+)\]", notes)
                if not c:
                    bad("count line without [count=N]")
                elif int(c.group(1)) != len(gold):
                    bad(f"[count={c.group(1)}] but gold has {len(gold)} items")
        sparql = rec.get("sparql") or ""
        if not re.search(r"\bSELECT\b", sparql, re.I) or "PREFIX" not in sparql:
            bad("sparql must be a SELECT with PREFIX lines")
        try:
            rows = run(store, sparql)
        except Exception as ex:
            bad(f"SPARQL error: {ex}")
            continue
        values = {x for r in rows for x in r if x is not None}
        if rec.get("in_graph") is False:
            n_oog += 1
            if gold:
                bad("out-of-graph line with non-empty gold")
            if rows:
                bad(f"out-of-graph line returns {len(rows)} rows")
            continue
        if not rows:
            bad("in-graph line returns no rows")
        missing = [g for g in gold if g not in values]
        if missing:
            bad(f"gold not among returned values: {missing[:5]}")
        if rec.get("gold_complete") and set(gold) != values:
            extra = sorted(values - set(gold))
            bad(f"gold_complete but returned set differs (extra {extra[:5]}, {len(extra)} in all)")
        if not gold:
            bad("in-graph line with empty gold")
    if lines and n_oog > 0.10 * len(lines):
        fails.append(f"{name}: {n_oog} out-of-graph lines exceed 10 % of {len(lines)}")
    if name == "answers-dev22.jsonl":
        for vv in VERDICTS:
            if verdicts.get(vv, 0) < 4:
                fails.append(f"{name}: only {verdicts.get(vv, 0)} {vv} claims (need >= 4)")
    return fails


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", default=DEFAULT_MIRROR)
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = a.files or [os.path.join(HERE, f) for f in EXPECT]
    store = load_store(a.mirror)
    total = 0
    for f in files:
        fails = check_file(store, f)
        for x in fails:
            print("  " + x)
        print(f"{os.path.basename(f)}: FAILURES: {len(fails)}")
        total += len(fails)
    print(f"FAILURES: {total}")
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
