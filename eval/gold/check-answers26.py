#!/usr/bin/env python3
"""Check answers-dev26.jsonl and answers-sealed26.jsonl against the ORKG mirror.

Re-runs every line's SPARQL with pyoxigraph and checks: key order, id sequence, enums,
per-file line counts, that every gold string is among the returned values, that gold equals
the returned set where gold_complete is true, that out-of-graph lines return no rows, and that
each note carries a [sort=...] tag. Prints per-file tallies and FAILURES: N.

Usage: python3 check-answers26.py [--mirror PATH] [FILE ...]
(default: both files next to this script)
"""
import argparse, collections, gzip, json, os, re, sys
import pyoxigraph

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MIRROR = '/work/shared/data/orkg/mirror/orkg-mirror.nt.gz'
FILES = {
    'answers-dev26.jsonl': ('MD', 80),
    'answers-sealed26.jsonl': ('MS', 40),
}
KEYS = ['id', 'question', 'query_type', 'in_graph', 'gold', 'gold_complete', 'verdict', 'sparql', 'notes']
TYPES = {'topic_search', 'method_comparison', 'dataset_search', 'claim_verification', 'method_usage', 'paper_lookup'}
VERDICTS = {'SUPPORTED', 'REFUTED', 'UNCERTAIN'}
SORTS = {'bymetric', 'direction', 'metrics', 'short', 'claimmetric', 'control'}


def load_store(path):
    store = pyoxigraph.Store()
    with gzip.open(path) as f:
        store.load(f, pyoxigraph.RdfFormat.N_TRIPLES)
    return store


def run(store, sparql):
    res = store.query(sparql)
    n = len(res.variables)
    rows = []
    for b in res:
        rows.append([None if b[i] is None else b[i].value for i in range(n)])
    return rows


def check_file(store, path, prefix, count):
    fails = []
    recs = []
    with open(path, encoding='utf-8') as f:
        for ln, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                recs.append(json.loads(line))
            except json.JSONDecodeError as e:
                fails.append(f'line {ln}: bad JSON ({e})')
    if len(recs) != count:
        fails.append(f'{len(recs)} lines, expected {count}')
    tallies = collections.Counter(); sorts = collections.Counter(); verdicts = collections.Counter()
    oog = 0
    for i, r in enumerate(recs, 1):
        rid = r.get('id', f'#{i}')
        if list(r.keys()) != KEYS:
            fails.append(f'{rid}: key order {list(r.keys())}')
            continue
        if rid != f'{prefix}{i:03d}':
            fails.append(f'{rid}: expected id {prefix}{i:03d}')
        if r['query_type'] not in TYPES:
            fails.append(f'{rid}: bad query_type {r["query_type"]}')
        tallies[r['query_type']] += 1
        if not isinstance(r['in_graph'], bool) or not isinstance(r['gold_complete'], bool):
            fails.append(f'{rid}: in_graph/gold_complete not boolean')
        if not isinstance(r['gold'], list) or not all(isinstance(g, str) for g in r['gold']):
            fails.append(f'{rid}: gold not a list of strings')
            continue
        if r['query_type'] == 'claim_verification':
            if r['verdict'] not in VERDICTS:
                fails.append(f'{rid}: claim without a valid verdict ({r["verdict"]})')
            verdicts[r['verdict']] += 1
        elif r['verdict'] is not None:
            fails.append(f'{rid}: verdict must be null for {r["query_type"]}')
        m = re.search(r'\[sort=(\w+)\]', r['notes'])
        if not m or m.group(1) not in SORTS:
            fails.append(f'{rid}: notes lack a valid [sort=...] tag')
        else:
            sorts[m.group(1)] += 1
        if not r['sparql'].lstrip().startswith('PREFIX') or 'SELECT' not in r['sparql']:
            fails.append(f'{rid}: sparql is not a SELECT with PREFIX lines')
        try:
            rows = run(store, r['sparql'])
        except Exception as e:  # noqa: BLE001
            fails.append(f'{rid}: SPARQL error {e}')
            continue
        vals = {v for row in rows for v in row if v is not None}
        if r['in_graph'] is False:
            oog += 1
            if rows:
                fails.append(f'{rid}: out-of-graph line returns {len(rows)} rows')
            if r['gold']:
                fails.append(f'{rid}: out-of-graph line has non-empty gold')
            continue
        if not rows:
            fails.append(f'{rid}: in-graph line returns no rows')
        missing = [g for g in r['gold'] if g not in vals]
        if missing:
            fails.append(f'{rid}: gold not returned: {missing}')
        if r['gold_complete'] and set(r['gold']) != vals:
            fails.append(f'{rid}: gold_complete but returned set differs: extra {sorted(vals - set(r["gold"]))[:10]}')
        if len(r['gold']) > 25:
            fails.append(f'{rid}: gold has {len(r["gold"])} items (> 25)')
    if oog > count // 10:
        fails.append(f'{oog} out-of-graph lines (> 10 %)')
    print(f'{os.path.basename(path)}: {len(recs)} lines')
    print('  types   :', dict(sorted(tallies.items())))
    print('  sorts   :', dict(sorted(sorts.items())))
    print('  verdicts:', dict(sorted(verdicts.items())), ' out-of-graph:', oog)
    for fl in fails:
        print('  FAIL', fl)
    return len(fails)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--mirror', default=DEFAULT_MIRROR)
    ap.add_argument('files', nargs='*')
    a = ap.parse_args()
    files = a.files or [os.path.join(HERE, n) for n in FILES]
    store = load_store(a.mirror)
    total = 0
    for p in files:
        name = os.path.basename(p)
        if name not in FILES:
            print(f'unknown file {name}'); total += 1; continue
        prefix, count = FILES[name]
        total += check_file(store, p, prefix, count)
    print(f'FAILURES: {total}')
    sys.exit(1 if total else 0)


if __name__ == '__main__':
    main()
