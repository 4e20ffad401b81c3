#!/usr/bin/env python3
"""Checker for answers-dev20.jsonl and answers-sealed20.jsonl.

Re-runs every line's SPARQL on the ORKG mirror with pyoxigraph and checks:
field order, id sequence, enums, per-file counts (types, in/out of graph, sorts, verdicts),
that out-of-graph lines' SPARQL returns no rows and their gold is [], that every gold string
occurs among the returned values, and, where gold_complete is true (non-claims), that the gold
equals the set of all returned values. In-graph claims must have gold_complete false;
out-of-graph lines (claims included) have gold [] and gold_complete true. Prints one line per failure and finally `FAILURES: N`.
Usage: python3 check-answers20.py [file ...]   (default: both files next to this script)
"""
import sys, os, json, gzip, re
from collections import Counter
import pyoxigraph

MIRROR = '/work/shared/data/orkg/mirror/orkg-mirror.nt.gz'
HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = ["topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"]
VERDICTS = ["SUPPORTED", "REFUTED", "UNCERTAIN"]
SORTS = ["near_miss", "unheld_property", "partial", "held"]
SPEC = {
    'answers-dev20.jsonl': dict(prefix='NM', n=80,
        types={"topic_search": 16, "paper_lookup": 16, "method_comparison": 16, "dataset_search": 12, "method_usage": 8, "claim_verification": 12},
        sorts={"near_miss": 30, "unheld_property+partial": 25, "held": 25}, min_verdict=3),
    'answers-sealed20.jsonl': dict(prefix='NS', n=40,
        types={"topic_search": 8, "paper_lookup": 8, "method_comparison": 8, "dataset_search": 6, "method_usage": 4, "claim_verification": 6},
        sorts={"near_miss": 15, "unheld_property+partial": 12, "held": 13}, min_verdict=0),
}

def main(paths):
    store = pyoxigraph.Store()
    store.load(gzip.open(MIRROR), pyoxigraph.RdfFormat.N_TRIPLES)
    fails = []
    def fail(msg):
        fails.append(msg); print('FAIL', msg)
    for path in paths:
        name = os.path.basename(path)
        spec = SPEC.get(name)
        if spec is None:
            fail(f'{name}: unknown file'); continue
        lines = [l for l in open(path, encoding='utf-8').read().split('\n') if l.strip()]
        objs = []
        for i, l in enumerate(lines, 1):
            try:
                objs.append(json.loads(l))
            except Exception as ex:
                fail(f'{name}:{i}: bad JSON {ex}')
        if len(objs) != spec['n']:
            fail(f'{name}: {len(objs)} lines, expected {spec["n"]}')
        types, sorts, verdicts = Counter(), Counter(), Counter()
        for i, o in enumerate(objs, 1):
            oid = o.get('id')
            want = f'{spec["prefix"]}{i:03d}'
            if list(o.keys()) != KEYS: fail(f'{oid}: keys/order {list(o.keys())}')
            if oid != want: fail(f'{name}:{i}: id {oid}, expected {want}')
            qt = o.get('query_type')
            if qt not in TYPES: fail(f'{oid}: query_type {qt}')
            types[qt] += 1
            if not isinstance(o.get('in_graph'), bool): fail(f'{oid}: in_graph not bool')
            if not isinstance(o.get('gold_complete'), bool): fail(f'{oid}: gold_complete not bool')
            gold = o.get('gold')
            if not isinstance(gold, list) or not all(isinstance(g, str) for g in gold): fail(f'{oid}: gold not list of str')
            v = o.get('verdict')
            if qt == 'claim_verification':
                if v not in VERDICTS: fail(f'{oid}: verdict {v}')
                verdicts[v] += 1
                if o.get('in_graph') is not False and o.get('gold_complete') is not False:
                    fail(f'{oid}: in-graph claim gold_complete must be false')
            elif v is not None:
                fail(f'{oid}: non-claim verdict {v}')
            notes = o.get('notes', '')
            m = re.search(r'\[sort=(\w+)\]', notes)
            sort = m.group(1) if m else None
            if sort not in SORTS: fail(f'{oid}: sort tag {sort}')
            sorts['unheld_property+partial' if sort in ('unheld_property', 'partial') else sort] += 1
            # run the query
            try:
                rows = list(store.query(o['sparql']))
            except Exception as ex:
                fail(f'{oid}: SPARQL error {ex}'); continue
            vals = set()
            for r in rows:
                for x in r:
                    if x is not None: vals.add(x.value)
            if o.get('in_graph') is False:
                if sort != 'near_miss': fail(f'{oid}: out-of-graph line not tagged near_miss')
                if rows: fail(f'{oid}: out-of-graph SPARQL returned {len(rows)} rows')
                if gold != []: fail(f'{oid}: out-of-graph gold not empty')
                if o.get('gold_complete') is not True: fail(f'{oid}: out-of-graph gold_complete must be true')
                if '[subject="' not in notes or '[near="' not in notes: fail(f'{oid}: notes lack [subject=] / [near=]')
                if qt == 'claim_verification' and v != 'UNCERTAIN': fail(f'{oid}: absent-subject claim must be UNCERTAIN')
            else:
                if sort == 'near_miss': fail(f'{oid}: in-graph line tagged near_miss')
                if not rows: fail(f'{oid}: in-graph SPARQL returned no rows')
                if not gold: fail(f'{oid}: in-graph gold empty')
                for g in gold:
                    if g not in vals: fail(f'{oid}: gold {g!r} not in query results')
                if o.get('gold_complete') and qt != 'claim_verification' and set(gold) != vals:
                    fail(f'{oid}: gold_complete but results differ: extra {sorted(vals - set(gold))[:5]}')
                if sort == 'unheld_property' and '[unrecorded="' not in notes: fail(f'{oid}: notes lack [unrecorded=]')
                if sort == 'partial' and '[absent="' not in notes: fail(f'{oid}: notes lack [absent=]')
        for t, n in spec['types'].items():
            if types[t] != n: fail(f'{name}: {t} count {types[t]}, expected {n}')
        for s_, n in spec['sorts'].items():
            if sorts[s_] != n: fail(f'{name}: sort {s_} count {sorts[s_]}, expected {n}')
        for vv in VERDICTS:
            if verdicts[vv] < spec['min_verdict']: fail(f'{name}: verdict {vv} used {verdicts[vv]} times, need >= {spec["min_verdict"]}')
        print(f'{name}: {len(objs)} lines; types {dict(types)}; sorts {dict(sorts)}; verdicts {dict(verdicts)}')
    print(f'FAILURES: {len(fails)}')
    return 1 if fails else 0

if __name__ == '__main__':
    args = sys.argv[1:] or [os.path.join(HERE, 'answers-dev20.jsonl'), os.path.join(HERE, 'answers-sealed20.jsonl')]
    sys.exit(main(args))
