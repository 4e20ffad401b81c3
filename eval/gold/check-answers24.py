#!/usr/bin/env python3
"""Checker for answer gold batch 24 (not / except / other than / without).

Re-runs every line's SPARQL on the ORKG mirror graph with pyoxigraph and checks:
  - key order: id, question, query_type, in_graph, gold, gold_complete, verdict, sparql, notes
  - the id sequence (NX001..NX080 in the dev file, NY001..NY040 in the sealed file) and the per-file count
  - enums: query_type (six labels), verdict (SUPPORTED / REFUTED / UNCERTAIN, only on claim_verification,
    null elsewhere), booleans, the [sort=...] tag in the notes
  - the SPARQL is a SELECT with PREFIX lines and runs
  - every gold string occurs among the values the SPARQL returns (all bound variables of all rows)
  - gold equals the set of returned values where gold_complete is true
  - out-of-graph lines (in_graph false) have gold [] and their SPARQL returns no rows
Prints one line per failure and `FAILURES: N` per file and in total. Exit status 1 when N > 0.

Usage: python3 check-answers24.py [--mirror PATH] [FILE ...]
Without FILE it checks answers-dev24.jsonl and answers-sealed24.jsonl next to this script.
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
DEFAULT_MIRROR = os.environ.get('ORKG_MIRROR', '/work/shared/data/orkg/mirror/orkg-mirror.nt.gz')
KEYS = ['id', 'question', 'query_type', 'in_graph', 'gold', 'gold_complete', 'verdict', 'sparql', 'notes']
TYPES = {'topic_search', 'method_comparison', 'dataset_search', 'claim_verification', 'method_usage', 'paper_lookup'}
VERDICTS = {'SUPPORTED', 'REFUTED', 'UNCERTAIN'}
SORTS = {'except', 'negated', 'claimnot', 'second', 'control'}
FILES = {  # file name -> (id prefix, count)
    'answers-dev24.jsonl': ('NX', 80),
    'answers-sealed24.jsonl': ('NY', 40),
}


def load_store(path):
    store = pyoxigraph.Store()
    with gzip.open(path) as f:
        store.load(f, pyoxigraph.RdfFormat.N_TRIPLES)
    return store


def run(store, sparql):
    """Return (number of rows, list of distinct values over all bound variables)."""
    res = store.query(sparql)
    if not isinstance(res, pyoxigraph.QuerySolutions):
        raise ValueError('not a SELECT query')
    names = [v.value for v in res.variables]
    rows, values = 0, []
    for sol in res:
        rows += 1
        for n in names:
            t = sol[n]
            if t is not None and t.value not in values:
                values.append(t.value)
    return rows, values


def check_file(store, path):
    name = os.path.basename(path)
    prefix, count = FILES.get(name, (None, None))
    fails = []

    def fail(where, msg):
        fails.append(f'{name} {where}: {msg}')

    with open(path, encoding='utf-8') as f:
        raw = [l for l in f.read().split('\n') if l.strip()]
    if count is not None and len(raw) != count:
        fail('file', f'{len(raw)} lines, expected {count}')
    stats = collections.Counter()
    for i, line in enumerate(raw, 1):
        try:
            d = json.loads(line, object_pairs_hook=collections.OrderedDict)
        except Exception as e:
            fail(f'line {i}', f'bad JSON: {e}')
            continue
        lid = d.get('id', f'line {i}')
        if list(d.keys()) != KEYS:
            fail(lid, f'key order {list(d.keys())}')
        if prefix is not None and d.get('id') != f'{prefix}{i:03d}':
            fail(lid, f'id out of sequence, expected {prefix}{i:03d}')
        qt = d.get('query_type')
        if qt not in TYPES:
            fail(lid, f'query_type {qt!r}')
        if not isinstance(d.get('question'), str) or not d['question'].strip():
            fail(lid, 'empty question')
        if not isinstance(d.get('in_graph'), bool) or not isinstance(d.get('gold_complete'), bool):
            fail(lid, 'in_graph / gold_complete must be booleans')
        gold = d.get('gold')
        if not isinstance(gold, list) or not all(isinstance(g, str) for g in gold):
            fail(lid, 'gold must be a list of strings')
            gold = []
        if len(set(gold)) != len(gold):
            fail(lid, 'duplicate gold strings')
        verdict = d.get('verdict')
        if qt == 'claim_verification':
            if verdict not in VERDICTS:
                fail(lid, f'claim without a valid verdict: {verdict!r}')
            if d.get('gold_complete') is not False and d.get('in_graph'):
                fail(lid, 'claim with gold_complete true')
        elif verdict is not None:
            fail(lid, f'verdict {verdict!r} on a non-claim')
        notes = d.get('notes') or ''
        m = re.search(r'\[sort=([a-z]+)\]', notes)
        if not m or m.group(1) not in SORTS:
            fail(lid, 'notes lack a valid [sort=...] tag')
        sort = m.group(1) if m else '?'
        if sort == 'claimnot' and qt != 'claim_verification':
            fail(lid, 'claimnot sort on a non-claim')
        sparql = d.get('sparql') or ''
        if 'PREFIX' not in sparql or not re.search(r'\bSELECT\b', sparql):
            fail(lid, 'sparql is not a SELECT with PREFIX lines')
        try:
            rows, values = run(store, sparql)
        except Exception as e:
            fail(lid, f'SPARQL error: {e}')
            continue
        if d.get('in_graph') is False:
            if gold:
                fail(lid, 'out-of-graph line with non-empty gold')
            if rows:
                fail(lid, f'out-of-graph line but the absence check returns {rows} rows')
        else:
            if not gold:
                fail(lid, 'in-graph line with empty gold')
            missing = [g for g in gold if g not in values]
            if missing:
                fail(lid, f'gold not among returned values: {missing}')
            if d.get('gold_complete') and set(gold) != set(values):
                extra = [v for v in values if v not in gold]
                fail(lid, f'gold_complete but returned set differs; extra returned: {extra[:10]}')
        stats[(qt, sort)] += 1
        stats[('verdict', verdict)] += 1
        stats[('head', '[head]' in notes)] += 1
        stats[('in_graph', d.get('in_graph'))] += 1
    return fails, stats, len(raw)


def summary(stats, n):
    types = collections.Counter()
    sorts = collections.Counter()
    for (a, b), c in stats.items():
        if a in TYPES:
            types[a] += c
            sorts[b] += c
    out = [f'  lines {n}; types ' + ', '.join(f'{t} {types[t]}' for t in sorted(types)),
           '  sorts ' + ', '.join(f'{s} {sorts[s]}' for s in sorted(sorts)),
           '  verdicts ' + ', '.join(f'{v} {stats[("verdict", v)]}' for v in sorted(VERDICTS)),
           f'  head {stats[("head", True)]}; out of graph {stats[("in_graph", False)]}']
    return '\n'.join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--mirror', default=DEFAULT_MIRROR)
    ap.add_argument('files', nargs='*')
    a = ap.parse_args()
    files = a.files or [os.path.join(HERE, f) for f in FILES]
    store = load_store(a.mirror)
    total = 0
    for path in files:
        fails, stats, n = check_file(store, path)
        for f in fails:
            print('FAIL', f)
        print(os.path.basename(path))
        print(summary(stats, n))
        print(f'  FAILURES: {len(fails)}')
        total += len(fails)
    print(f'FAILURES: {total}')
    sys.exit(1 if total else 0)


if __name__ == '__main__':
    main()
