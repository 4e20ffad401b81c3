#!/usr/bin/env python3
"""Checker for the answer gold batch 8 (answers-dev8.jsonl, answers-sealed8.jsonl).

Usage:  python3 check8.py [FILE ...]      (default: both files next to this script)

For every line it re-runs `sparql` on the mirror graph with pyoxigraph and checks:
  * the fields are exactly id, question, query_type, in_graph, gold, gold_complete, verdict,
    sparql, notes (in that order) with the right JSON types;
  * ids are <letter><3 digits>, numbered 1..N in file order, unique (also across files);
  * query_type is one of the six types, verdict is SUPPORTED/REFUTED/UNCERTAIN on claims and
    null everywhere else;
  * no two questions are alike (same text once case, spacing and punctuation are set aside),
    also across files;
  * in-graph questions: gold is non-empty and every gold string is a value the query returns;
    where gold_complete is true, gold is exactly the set of values the query returns;
  * claims: gold_complete is false and the notes' "[rows=N]" equals the number of rows the
    query returns (the notes say what the query shows);
  * out-of-graph questions: gold is empty, the query returns no row, the notes carry
    "[rows=0]" and at least one [subject="..."], and no rdfs:label in the graph (model,
    dataset, metric, problem labels and paper titles) contains a subject, case-insensitively;
  * batch shape: dev file 80 lines (W001-W080), >= 8 per type, 12-18 claims, >= 10
    out-of-graph; sealed file 40 lines (X001-X040).
Prints one line per failure, then "FAILURES: N"; exits 1 if N > 0.
"""
import gzip
import json
import os
import re
import sys
from collections import Counter

from pyoxigraph import RdfFormat, Store

HERE = os.path.dirname(os.path.abspath(__file__))
MIRROR = os.environ.get('MIRROR') or os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../shared/data/orkg/mirror/orkg-mirror.nt.gz')
FIELDS = ['id', 'question', 'query_type', 'in_graph', 'gold', 'gold_complete', 'verdict', 'sparql', 'notes']
TYPES = {'method_comparison', 'claim_verification', 'method_usage', 'paper_lookup', 'dataset_search',
         'topic_search'}
VERDICTS = {'SUPPORTED', 'REFUTED', 'UNCERTAIN'}
SHAPE = {  # file name -> (id prefix, line count)
    'answers-dev8.jsonl': ('W', 80),
    'answers-sealed8.jsonl': ('X', 40),
}
RDFS_LABEL = 'http://www.w3.org/2000/01/rdf-schema#label'

failures = []


def fail(where, msg):
    failures.append('%s: %s' % (where, msg))
    print('FAIL %s: %s' % (where, msg))


def norm_q(s):
    return re.sub(r'[^a-z0-9]+', ' ', s.lower()).strip()


def load_store():
    store = Store()
    with gzip.open(MIRROR) as f:
        store.load(f.read(), format=RdfFormat.N_TRIPLES)
    return store


def all_labels(store):
    out = []
    for q in store.quads_for_pattern(None, None, None, None):
        if q.predicate.value == RDFS_LABEL:
            out.append(q.object.value.lower())
    return out


def run(store, sparql):
    res = store.query(sparql)
    names = [v.value for v in res.variables]
    rows = []
    for sol in res:
        rows.append([sol[n].value if sol[n] is not None else None for n in names])
    return rows


def flatten(rows):
    seen = []
    for r in rows:
        for v in r:
            if v is not None and v not in seen:
                seen.append(v)
    return seen


def check_file(path, store, labels, seen_ids, seen_qs):
    name = os.path.basename(path)
    try:
        raw = open(path, encoding='utf-8').read().splitlines()
    except OSError as e:
        fail(name, 'cannot read: %s' % e)
        return
    prefix, expected_n = SHAPE.get(name, (None, None))
    types = Counter()
    n_claims = n_oog = 0
    for lineno, line in enumerate(raw, 1):
        where = '%s:%d' % (name, lineno)
        if not line.strip():
            fail(where, 'empty line')
            continue
        try:
            d = json.loads(line)
        except json.JSONDecodeError as e:
            fail(where, 'not JSON: %s' % e)
            continue
        if list(d.keys()) != FIELDS:
            fail(where, 'fields %s, expected %s' % (list(d.keys()), FIELDS))
        qid = d.get('id')
        where = '%s %s' % (name, qid)
        # ids
        m = re.fullmatch(r'([A-Z])(\d{3})', str(qid))
        if not m:
            fail(where, 'bad id %r' % qid)
        else:
            if prefix and m.group(1) != prefix:
                fail(where, 'id prefix %s, expected %s' % (m.group(1), prefix))
            if int(m.group(2)) != lineno:
                fail(where, 'id out of order (line %d)' % lineno)
        if qid in seen_ids:
            fail(where, 'duplicate id')
        seen_ids.add(qid)
        # types of fields
        if not isinstance(d.get('question'), str) or not d.get('question', '').strip():
            fail(where, 'question missing')
        if d.get('query_type') not in TYPES:
            fail(where, 'query_type %r not one of the six' % d.get('query_type'))
        if not isinstance(d.get('in_graph'), bool):
            fail(where, 'in_graph not boolean')
        gold = d.get('gold')
        if not isinstance(gold, list) or not all(isinstance(g, str) for g in gold):
            fail(where, 'gold is not a list of strings')
            gold = []
        if not isinstance(d.get('gold_complete'), bool):
            fail(where, 'gold_complete not boolean')
        if not isinstance(d.get('sparql'), str) or not isinstance(d.get('notes'), str):
            fail(where, 'sparql/notes not strings')
            continue
        qt, verdict, notes = d.get('query_type'), d.get('verdict'), d['notes']
        types[qt] += 1
        # verdicts exactly on claims
        if qt == 'claim_verification':
            n_claims += 1
            if verdict not in VERDICTS:
                fail(where, 'claim without a valid verdict (%r)' % verdict)
        elif verdict is not None:
            fail(where, 'verdict %r on a non-claim' % verdict)
        # duplicate questions
        nq = norm_q(d.get('question', ''))
        if nq in seen_qs:
            fail(where, 'duplicate question (same as %s)' % seen_qs[nq])
        seen_qs[nq] = qid
        # run the query
        try:
            rows = run(store, d['sparql'])
        except Exception as e:  # noqa: BLE001
            fail(where, 'sparql error: %s' % str(e).splitlines()[0][:200])
            continue
        values = flatten(rows)
        m_rows = re.search(r'\[rows=(\d+)\]', notes)
        if d.get('in_graph') is True:
            if not gold:
                fail(where, 'in-graph question with empty gold')
            missing = [g for g in gold if g not in values]
            if missing:
                fail(where, 'gold not returned by the query: %s' % missing)
            if qt == 'claim_verification':
                if d.get('gold_complete') is not False:
                    fail(where, 'claim with gold_complete true (precision is not scored on claims)')
                if not m_rows:
                    fail(where, 'claim notes lack [rows=N]')
                elif int(m_rows.group(1)) != len(rows):
                    fail(where, 'notes say rows=%s, query returns %d' % (m_rows.group(1), len(rows)))
            elif d.get('gold_complete') is True and set(gold) != set(values):
                extra = [v for v in values if v not in gold]
                fail(where, 'gold_complete but the query also returns %s' % extra[:8])
        elif d.get('in_graph') is False:
            n_oog += 1
            if gold:
                fail(where, 'out-of-graph question with non-empty gold')
            if rows:
                fail(where, 'out-of-graph query returns %d rows' % len(rows))
            if not m_rows or m_rows.group(1) != '0':
                fail(where, 'out-of-graph notes lack [rows=0]')
            subjects = re.findall(r'\[subject="([^"]+)"\]', notes)
            if not subjects:
                fail(where, 'out-of-graph notes name no [subject="..."]')
            for s in subjects:
                hits = [lab for lab in labels if s.lower() in lab]
                if hits:
                    fail(where, 'subject %r found in the graph: %r' % (s, hits[0][:80]))
    # batch shape
    n = len(raw)
    if expected_n is not None and n != expected_n:
        fail(name, '%d lines, expected %d' % (n, expected_n))
    if prefix == 'W':
        for t in sorted(TYPES):
            if types[t] < 8:
                fail(name, 'only %d questions of type %s (need >= 8)' % (types[t], t))
        if not 12 <= n_claims <= 18:
            fail(name, '%d claims (need 12-18)' % n_claims)
        if n_oog < 10:
            fail(name, '%d out-of-graph questions (need >= 10)' % n_oog)
    print('%s: %d lines, types %s, claims %d, out-of-graph %d' % (
        name, n, dict(sorted(types.items())), n_claims, n_oog))


def main(argv):
    paths = argv[1:] or [os.path.join(HERE, f) for f in SHAPE]
    store = load_store()
    labels = all_labels(store)
    seen_ids, seen_qs = set(), {}
    for p in paths:
        check_file(p, store, labels, seen_ids, seen_qs)
    print('FAILURES: %d' % len(failures))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
