#!/usr/bin/env python3
"""check21.py: checks trust-dev21.jsonl (TY001, ...), the board-history file.

It re-derives every answer without gen21.py's code: the graphs are read here with rdflib SPARQL
(not through check.G), years and scores are cleaned here, a conflict is resolved by check.resolve
(the reference rule, imported from check.py, whose source is never read) on the values gathered
here, close / clear conflicts are taken from the trust README's "Conflict margins" table (and must
agree with check.resolve), and each question's text is parsed back into its template and names.
Then for every question: the ten fields, ids, query type, verdict (set exactly for claims),
mechanism (allowed for the template, and re-derived where the rule is mechanical), expected (as a
set), must_keep and must_remove (as sets), fact format and existence (check.fact_exists), that
every must_keep fact survives the conflict rules under check.anchor_of(question) and under the
template's own anchor (check.surviving / check.board), that every must_remove fact is of kind
(a), (b) or (c), that every expected string is a label, value or year of the graph (a margin is
re-derived as the difference of two graph values), and the notes' form.  All of it for the
environment's current year (TRUST_NOW) and for every current year 2025-2030.  Finally it prints
counts and checks that gen21.py regenerates the file exactly.  Prints FAILURES: <n>.
"""
import sys
sys.dont_write_bytecode = True
import itertools
import json
import os
import re
import traceback
from collections import Counter, defaultdict, OrderedDict
from decimal import Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = next(p for p in (HERE, '/work/main/eval/gold/trust')
             if os.path.exists(os.path.join(p, 'check.py')) and os.path.exists(os.path.join(p, 'g1.ttl')))
if TRUST not in sys.path:
    sys.path.insert(0, TRUST)
import check  # noqa: E402
import rdflib  # noqa: E402

DATA = next(p for p in (HERE, '/work/goldwork/ty') if os.path.exists(os.path.join(p, 'trust-dev21.jsonl')))
GEN = next(p for p in (HERE, '/work/goldwork/ty') if os.path.exists(os.path.join(p, 'gen21.py')))

FIELDS = ['id', 'graph', 'question', 'query_type', 'mechanism', 'expected', 'verdict',
          'must_remove', 'must_keep', 'notes']
MECHS = {'recency', 'superseded', 'conflict', 'corroboration', 'as_of', 'metadata', 'gate'}
QTYPES = {'claim_verification', 'method_comparison', 'paper_lookup', 'topic_search', 'method_usage',
          'dataset_search'}
LOWER = {'Word Error Rate'}
# the trust README's "Conflict margins" table: (model, dataset) -> 'clear' / 'close'
README_CONFLICTS = {('KestrelNet', 'BenchMira'): 'clear', ('Orvalis-CNN', 'Corvalla-Ice'): 'clear',
                    ('Fennick-RNN', 'Dastrup-7 Chorus'): 'clear', ('Syrinxa', 'Hollenby Marsh Calls'): 'clear',
                    ('Gannetron', 'Orrenby Parallel Corpus'): 'clear', ('Tavrosa', 'BenchMira'): 'close',
                    ('Trillbert', 'Dastrup-7 Chorus'): 'close', ('Aviquist', 'Veltmoor Dawn Set'): 'close',
                    ('Warbleon', 'Hollenby Marsh Calls'): 'close', ('Murrelet-MT', 'Mirelle Subtitles'): 'close'}
LAST_YEAR = 2025

FAILS = []


def fail(qid, msg):
    FAILS.append(f"{qid}: {msg}")


# ---- reading the graphs (rdflib, not check.G) ---------------------------------------------------
Q = """
PREFIX orkgp: <http://orkg.org/orkg/predicate/>
PREFIX orkgc: <http://orkg.org/orkg/class/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?paper ?model ?dataset ?metric ?value WHERE {
  ?paper a orkgc:Paper ; orkgp:P31 ?c .
  ?c orkgp:HAS_MODEL ?mo ; orkgp:HAS_BENCHMARK ?b .
  ?mo rdfs:label ?model .
  ?b orkgp:HAS_DATASET ?ds ; orkgp:HAS_EVALUATION ?e .
  ?ds rdfs:label ?dataset .
  ?e orkgp:HAS_METRIC ?me ; orkgp:HAS_VALUE ?value .
  ?me rdfs:label ?metric .
}"""
QY = """
PREFIX orkgp: <http://orkg.org/orkg/predicate/>
PREFIX orkgc: <http://orkg.org/orkg/class/>
SELECT ?paper ?y WHERE { ?paper a orkgc:Paper . OPTIONAL { ?paper orkgp:P29 ?y } }"""


def clean(v):
    s = str(v).strip().rstrip('%').strip()
    try:
        return float(s)
    except ValueError:
        return None


class Graph:
    def __init__(self, gn):
        self.gn = gn
        g = rdflib.Graph()
        g.parse(os.path.join(TRUST, gn), format='turtle')
        self.rows = []
        for r in g.query(Q):
            self.rows.append({'paper': str(r.paper), 'model': str(r.model), 'dataset': str(r.dataset),
                              'metric': str(r.metric), 'raw': str(r.value), 'value': clean(r.value)})
        self.p29 = defaultdict(list)
        for r in g.query(QY):
            self.p29[str(r.paper)]
            if r.y is not None:
                self.p29[str(r.paper)].append(int(r.y))
        self.years = {p: sorted(y for y in ys if y >= 1000) for p, ys in self.p29.items()}
        self.labels = {str(o) for s, p, o in g.triples((None, rdflib.RDFS.label, None))}
        self.boards = sorted({(r['dataset'], r['metric']) for r in self.rows if r['value'] is not None})
        self.cg = check.G(gn)
        self.text = set(check.graph_text(self.cg).split('\n'))


GRAPHS = {}


def G(gn):
    if gn not in GRAPHS:
        GRAPHS[gn] = Graph(gn)
    return GRAPHS[gn]


def f2(v):
    return check.fmt(v)


def factstr(M, v, d, m):
    return f"{M} scores {f2(v)} on {d} by {m}"


# ---- one board's history under every scenario ------------------------------------------------------
class History:
    def __init__(self, gr, d, m):
        self.gr, self.d, self.m = gr, d, m
        self.low = m in LOWER
        self.rows = [r for r in gr.rows if r['dataset'] == d and r['metric'] == m and r['value'] is not None]
        self.models = sorted({r['model'] for r in self.rows})
        self.vals = defaultdict(set)
        for r in self.rows:
            self.vals[r['model']].add(r['value'])
        self.undated = {M for M in self.models if all(not gr.years[r['paper']] for r in self.rows if r['model'] == M)}
        self.two = any(len(gr.years[r['paper']]) > 1 for r in self.rows)
        self.conf = {}
        for M in self.models:
            if len(self.vals[M]) > 1:
                kind = README_CONFLICTS.get((M, d))
                if kind is None:
                    raise AssertionError(f'a conflict the README does not list: {M} on {d}')
                self.conf[M] = kind
        self.scen = []
        names = sorted(self.conf)
        for pick in (['lo', 'hi'] if self.two else ['lo']):
            for combo in itertools.product(*[sorted(self.vals[n]) for n in names]):
                s = dict(zip(names, combo))
                s['pick'] = pick
                self.scen.append(s)
        self.first = min(min(gr.years[r['paper']]) for r in self.rows if gr.years[r['paper']])
        self._res = {}

    def better(self, a, b):
        return a < b if self.low else a > b

    def year_of(self, p, pick):
        ys = self.gr.years[p]
        if not ys:
            return None
        return ys[0] if pick == 'lo' else ys[-1]

    def resolved(self, A, pick, undated=False):
        """model -> (status, surviving set) as the board stood at A (None = now)."""
        key = (A, pick, undated, check.NOW)
        if key in self._res:
            return self._res[key]
        out = {}
        for M in self.models:
            vals = defaultdict(list)
            for r in self.rows:
                if r['model'] != M:
                    continue
                y = self.year_of(r['paper'], pick)
                if y is None:
                    if A is None and undated:
                        vals[r['value']].append((None, r['paper']))
                    continue
                if A is not None and y > A:
                    continue
                vals[r['value']].append((y, r['paper']))
            if not vals:
                continue
            if len(vals) == 1:
                out[M] = ('single', set(vals))
            else:
                surv, st = check.resolve(dict(vals), A if A is not None else check.NOW)[:2]
                out[M] = (st, set(surv))
        self._res[key] = out
        return out

    def value(self, M, st, s, sc):
        if st in ('single', 'clear'):
            return next(iter(s))
        assert sc[M] in s
        return sc[M]

    def lead(self, A, sc, undated=False):
        vals = {M: self.value(M, st, s, sc) for M, (st, s) in self.resolved(A, sc['pick'], undated).items()}
        if not vals:
            return ('none',)
        best = (min if self.low else max)(vals.values())
        who = sorted(M for M, v in vals.items() if v == best)
        return ('one', who[0], best) if len(who) == 1 else ('tie', tuple(who))

    def line(self, sc):
        """[(year, lead)] for every year from first-1 to LAST_YEAR, then ('now', lead)."""
        out = [(Y, self.lead(Y, sc)) for Y in range(self.first - 1, LAST_YEAR + 1)]
        out.append(('now', self.lead(None, sc)))
        return out

    def data_part(self, sc):
        return tuple(sorted((k, v) for k, v in sc.items() if k == 'pick' or self.conf.get(k) == 'close'))

    def first_year(self, M, pick):
        ys = [self.year_of(r['paper'], pick) for r in self.rows if r['model'] == M]
        ys = [y for y in ys if y is not None]
        return min(ys) if ys else None

    def fact_year(self, M, v):
        ys = [self.gr.years[r['paper']][0] for r in self.rows
              if r['model'] == M and r['value'] == v and self.gr.years[r['paper']]]
        return min(ys) if ys else None

    def close_at(self, A, names):
        e, k = set(), set()
        for M, (st, s) in self.resolved(A, 'lo').items():
            if M in names and st == 'close' and self.conf.get(M) == 'close':
                for v in s:
                    e.add(f2(v))
                    k.add(factstr(M, v, self.d, self.m))
        return e, k


def runs_of(line, M):
    """[(start, end)] where end is the first year M no longer leads alone, or None if it still does."""
    out = []
    prev = False
    start = None
    for i, (Y, s) in enumerate(line):
        here = s[0] == 'one' and s[1] == M
        if here and not prev:
            start = Y
        if prev and not here:
            assert Y != 'now'
            out.append((start, Y))
        prev = here
    if prev:
        out.append((start, None))
    return out


class Open(Exception):
    pass


def merge(h, per, claim):
    """per: [(scenario, (verdict, exp, keep))] -> (verdict, exp, keep, why); raises Open when a
    reading choice (a conflict clear today) changes the answer, or a two-year choice changes a
    question's answer."""
    grp = defaultdict(list)
    for sc, a in per:
        grp[h.data_part(sc)].append(a)
    parts = {}
    for k, lst in grp.items():
        if len({a[0] for a in lst}) != 1 or (not claim and len({(a[1], a[2]) for a in lst}) != 1):
            raise Open('reading')
        e = frozenset.intersection(*[a[1] for a in lst])
        if claim and not e and any(a[1] for a in lst):
            raise Open('reading')
        parts[k] = (lst[0][0], e, frozenset.intersection(*[a[2] for a in lst]))
    why = None
    if len({(a[0], a[1]) if claim else a for a in parts.values()}) > 1:
        nopick = defaultdict(set)
        for k, a in parts.items():
            nopick[tuple(x for x in k if x[0] != 'pick')].add(a)
        why = 'pick' if any(len(v) > 1 for v in nopick.values()) else 'close'
    verdicts = {a[0] for a in parts.values()}
    exp = set().union(*[a[1] for a in parts.values()])
    keep = set().union(*[a[2] for a in parts.values()])
    if claim:
        verdict = 'UNCERTAIN' if len(verdicts) > 1 else verdicts.pop()
    else:
        verdict = None
        if why == 'pick':
            raise Open('pick')
    return verdict, exp, keep, why


def as_set_answer(h, s):
    if s[0] == 'none':
        return frozenset(), frozenset()
    if s[0] == 'one':
        return frozenset({s[1], f2(s[2])}), frozenset({factstr(s[1], s[2], h.d, h.m)})
    raise Open('tie')


def survives(h, f, A):
    """f survives the conflict rules under anchor A (None = now), per check.surviving."""
    M, v = re.match(check.FACT_RE.pattern, f).group(1), float(re.match(check.FACT_RE.pattern, f).group(2))
    try:
        s, st = check.surviving(h.gr.cg, M, h.d, h.m, anchor=A)[:2]
    except Exception:
        # a paper with two real years: both picks, with the values gathered here
        for pick in ('lo', 'hi'):
            st, s = h.resolved(A, pick, undated=A is None).get(M, (None, set()))
            if v not in s or st == 'AMBIGUOUS':
                return False
        return True
    return v in s and st != 'AMBIGUOUS'


def later_better(h, A, vals):
    if not vals:
        return set()
    worst = max(vals) if h.low else min(vals)
    out = set()
    for M in h.models:
        for v in h.vals[M]:
            fy = h.fact_year(M, v)
            if (fy is None or fy > A) and h.better(v, worst):
                out.add(factstr(M, v, h.d, h.m))
    return out


def removed_better(h, A, vals):
    if not vals:
        return set()
    worst = max(vals) if h.low else min(vals)
    out = set()
    for M, (st, s) in h.resolved(A, 'lo').items():
        for v in h.vals[M]:
            fy = h.fact_year(M, v)
            if v not in s and fy is not None and fy <= A and h.better(v, worst):
                out.add(factstr(M, v, h.d, h.m))
    return out


def num_vals(h, exp):
    return [float(x) for x in exp if x not in h.models and re.fullmatch(r'-?\d+\.\d', x)]


# ---- the templates, parsed back ---------------------------------------------------------------------
PATTERNS = [
    (1, re.compile(r"^Which model held the best (?P<m>.+) on (?P<d>.+) in (?P<y>\d{4})\?$")),
    (2, re.compile(r"^What was the best (?P<m>.+) on (?P<d>.+) before (?P<x>.+)'s result\?$")),
    (3, re.compile(r"^How much did (?P<x>.+) improve on the previous best on (?P<d>.+) by (?P<m>.+)\?$")),
    (4, re.compile(r"^Which models have held the record on (?P<d>.+) by (?P<m>.+)\?$")),
    (5, re.compile(r"^Since when has (?P<x>.+) held the record on (?P<d>.+) by (?P<m>.+)\?$")),
    (6, re.compile(r"^Has the best (?P<m>.+) on (?P<d>.+) changed since (?P<y>\d{4})\?$")),
    (7, re.compile(r"^(?P<x>.+) held the record on (?P<d>.+) by (?P<m>.+) from (?P<y>\d{4}) until (?P<z>\d{4}), right\?$")),
    (8, re.compile(r"^(?P<x>.+) held the record on (?P<d>.+) by (?P<m>.+) in (?P<y>\d{4}), right\?$")),
    (9, re.compile(r"^(?P<x>.+) took the record on (?P<d>.+) by (?P<m>.+) from (?P<a>.+), right\?$")),
]
QTYPE = {1: 'method_comparison', 2: 'method_comparison', 3: 'method_comparison', 4: 'method_comparison',
         5: 'method_comparison', 6: 'claim_verification', 7: 'claim_verification', 8: 'claim_verification',
         9: 'claim_verification'}
MECH_OK = {1: {'as_of'}, 2: {'as_of', 'metadata'}, 3: {'superseded', 'metadata'}, 4: {'superseded'},
           5: {'as_of', 'recency', 'superseded'}, 6: {'superseded', 'recency', 'as_of', 'conflict', 'metadata'},
           7: {'superseded', 'recency', 'conflict', 'metadata'},
           8: {'as_of', 'superseded', 'recency', 'conflict', 'metadata'},
           9: {'superseded', 'recency', 'conflict', 'metadata'}}


def parse(q):
    for t, rx in PATTERNS:
        mo = rx.match(q['question'])
        if mo:
            return t, mo.groupdict()
    return None, None


def holders_in(line):
    return {s[1] for Y, s in line if s[0] == 'one'}


def sure_and_possible(h):
    sure, poss = None, set()
    for sc in h.scen:
        hs = holders_in(h.line(sc))
        sure = hs if sure is None else sure & hs
        poss |= hs
    return sure, poss


def undated_leads_now(h):
    return any(h.lead(None, sc, undated=True) != h.lead(None, sc) for sc in h.scen)


def derive(q, t, a):
    """Recompute (verdict, expected, keep, remove, anchors for keep) for one question."""
    gr = G(q['graph'])
    h = History(gr, a['d'], a['m'])
    sure, poss = sure_and_possible(h)
    d, m = h.d, h.m
    if t == 1:
        Y = int(a['y'])
        if Y < h.first - 1:
            raise AssertionError('a year before the year before the first result')
        per = [(sc, (None,) + as_set_answer(h, h.lead(Y, sc))) for sc in h.scen]
        v, e, k, why = merge(h, per, False)
        ce, ck = h.close_at(Y, {x for x in e if x in h.models})
        e |= ce
        k |= ck
        if not e:
            rm = set()
            for r in h.rows:
                ys = gr.years[r['paper']]
                raw = gr.p29[r['paper']]
                if (ys and ys[0] == h.first) or (raw and min(raw) <= Y) or not ys:
                    rm.add(factstr(r['model'], r['value'], d, m))
        else:
            vals = num_vals(h, e)
            rm = later_better(h, Y, vals) | removed_better(h, Y, vals)
        return None, e, k, rm, [Y]
    if t == 2:
        X = a['x']
        if X in h.undated:
            return None, set(), set(), set(), []
        if X in sure:
            raise AssertionError(f'{X} held the record: asked by file 16, not here')
        per = []
        for sc in h.scen:
            A = h.first_year(X, sc['pick']) - 1
            per.append((sc, (None,) + as_set_answer(h, h.lead(A, sc))))
        v, e, k, why = merge(h, per, False)
        A = h.first_year(X, 'lo') - 1
        ce, ck = h.close_at(A, {x for x in e if x in h.models})
        e |= ce
        k |= ck
        rm = later_better(h, A, num_vals(h, e)) if e else set()
        return None, e, k, rm, [A]
    if t == 3:
        X = a['x']
        if X in h.undated:
            return None, set(), set(), set(), []
        per = []
        for sc in h.scen:
            F = h.first_year(X, sc['pick'])
            sF, sP = h.lead(F, sc), h.lead(F - 1, sc)
            assert sF[0] == 'one' and sF[1] == X and sP[0] == 'one' and sP[1] != X
            nowv = {M: h.value(M, st, s, sc) for M, (st, s) in h.resolved(None, sc['pick']).items()}
            assert nowv[X] == sF[2] and nowv[sP[1]] == sP[2], 'values changed since'
            mg = f2(float(abs(Decimal(str(sF[2])) - Decimal(str(sP[2])))))
            per.append((sc, (None, frozenset({sP[1], mg}),
                             frozenset({factstr(X, sF[2], d, m), factstr(sP[1], sP[2], d, m)}))))
        v, e, k, why = merge(h, per, False)
        return None, e, k, set(), [None]
    if t == 4:
        exp = set(sure)
        try:
            per = [(sc, (None, frozenset(), frozenset({factstr(h.lead(None, sc)[1], h.lead(None, sc)[2], d, m)})))
                   for sc in h.scen]
            k = merge(h, per, False)[2]
        except Open:
            k = set()
        return None, exp, k, set(), [None]
    if t == 5:
        X = a['x']
        assert not undated_leads_now(h)
        nows = {h.lead(None, sc)[:2] for sc in h.scen}
        assert len(nows) == 1 and next(iter(nows))[0] == 'one', 'the holder now is not decided'
        per = []
        for sc in h.scen:
            ln = h.line(sc)
            L = ln[-1][1]
            start = [r for r in runs_of(ln, L[1]) if r[1] is None][0][0]
            per.append((sc, (None, frozenset({L[1], f2(L[2]), str(start)}),
                             frozenset({factstr(L[1], L[2], d, m)}))))
        v, e, k, why = merge(h, per, False)
        L = next(iter(nows))[1]
        rm = set()
        if X != L:
            if X in sure:
                grp = defaultdict(list)
                for sc in h.scen:
                    grp[h.data_part(sc)].append({factstr(X, s[2], d, m) for Y, s in h.line(sc)
                                                 if s[0] == 'one' and s[1] == X})
                for lst in grp.values():
                    rm |= set.intersection(*lst)
                rm -= k
        return None, e, k, rm, [None]
    if t == 6:
        Y = int(a['y'])
        assert not undated_leads_now(h)
        per = []
        for sc in h.scen:
            now = h.lead(None, sc)
            vs = set()
            for Z in (Y, Y - 1):
                s = h.lead(Z, sc)
                assert now[0] == 'one' and s[0] != 'tie'
                vs.add('SUPPORTED' if s[0] == 'none' or s[1] != now[1] else 'REFUTED')
            assert len(vs) == 1, 'since Y with and without Y differ'
            per.append((sc, (vs.pop(), frozenset({now[1], f2(now[2])}), frozenset({factstr(now[1], now[2], d, m)}))))
        v, e, k, why = merge(h, per, True)
        ce, ck = h.close_at(None, {x for x in e if x in h.models})
        e |= ce
        k |= ck
        rm = set()
        if v == 'SUPPORTED':
            grp = defaultdict(list)
            for sc in h.scen:
                s = h.lead(Y, sc)
                grp[h.data_part(sc)].append({factstr(s[1], s[2], d, m)} if s[0] == 'one' else set())
            for lst in grp.values():
                rm |= set.intersection(*lst)
            rm -= k
        return v, e, k, rm, [None], why
    if t == 7:
        M, Y1, Y2 = a['x'], int(a['y']), int(a['z'])
        assert M not in h.undated and not undated_leads_now(h)
        per = []
        for sc in h.scen:
            ln = h.line(sc)
            dl = dict(ln)
            rs = [r for r in runs_of(ln, M) if r[0] == Y1]
            if not rs:
                s1 = dl[Y1]
                assert s1[0] == 'one'
                per.append((sc, ('REFUTED', frozenset({s1[1], f2(s1[2])}), frozenset({factstr(s1[1], s1[2], d, m)}))))
                continue
            E = rs[0][1]
            assert E is None or E == Y2 or Y2 != E - 1, '"until" as the last year held'
            if E is None:
                nv = dl['now'][2]
                per.append((sc, ('REFUTED', frozenset({M, f2(nv), str(Y1)}), frozenset({factstr(M, nv, d, m)}))))
            else:
                su = dl[E]
                e = {str(Y1), str(E)} | ({su[1]} if su[0] == 'one' else set())
                k = {factstr(M, dl[Y1][2], d, m)} | ({factstr(su[1], su[2], d, m)} if su[0] == 'one' else set())
                per.append((sc, ('SUPPORTED' if E == Y2 else 'REFUTED', frozenset(e), frozenset(k))))
        v, e, k, why = merge(h, per, True)
        k = {f for f in k if survives(h, f, None)}
        if why == 'close':
            ce, ck = h.close_at(None, {x for x in e if x in h.models} | {M})
            e |= ce
            k |= ck
        return v, e, k, set(), [None], why
    if t == 8:
        M, Y = a['x'], int(a['y'])
        assert M not in h.undated
        per = []
        for sc in h.scen:
            s = h.lead(Y, sc)
            ee, kk = as_set_answer(h, s)
            per.append((sc, ('SUPPORTED' if s[0] == 'one' and s[1] == M else 'REFUTED', ee, kk)))
        v, e, k, why = merge(h, per, True)
        ce, ck = h.close_at(Y, {x for x in e if x in h.models})
        e |= ce
        k |= ck
        rm = set()
        if v == 'REFUTED':
            vals = num_vals(h, e)
            worst = (max(vals) if h.low else min(vals)) if vals else None
            st_s = h.resolved(Y, 'lo').get(M)
            for val in h.vals[M]:
                beats = worst is None or h.better(val, worst)
                fy = h.fact_year(M, val)
                if (fy is None or fy > Y) and beats:
                    rm.add(factstr(M, val, d, m))
                if st_s and fy is not None and fy <= Y and val not in st_s[1] and beats:
                    rm.add(factstr(M, val, d, m))
        return v, e, k, rm, [Y], why
    if t == 9:
        B, A = a['x'], a['a']
        assert B not in h.undated and A not in h.undated
        hide_now = undated_leads_now(h)
        per = []
        for sc in h.scen:
            ln = [x for x in h.line(sc) if not (hide_now and x[0] == 'now')]
            dl = dict(ln)
            F = next((Y for Y, s in ln if s[0] == 'one' and s[1] == B), None)
            if F is None:
                fy = h.first_year(B, sc['pick'])
                s = dl[fy]
                assert s[0] == 'one'
                per.append((sc, ('REFUTED', frozenset({s[1], f2(s[2])}), frozenset({factstr(s[1], s[2], d, m)}))))
                continue
            prev = None
            for Y, s in ln:
                if Y == F:
                    break
                if s[0] == 'one' and s[1] != B:
                    prev = s
            if prev is None:
                per.append((sc, ('REFUTED', frozenset({str(F)}), frozenset({factstr(B, dl[F][2], d, m)}))))
                continue
            per.append((sc, ('SUPPORTED' if prev[1] == A else 'REFUTED', frozenset({prev[1], str(F)}),
                             frozenset({factstr(B, dl[F][2], d, m), factstr(prev[1], prev[2], d, m)}))))
        v, e, k, why = merge(h, per, True)
        k = {f for f in k if survives(h, f, None)}
        if why == 'close':
            ce, ck = h.close_at(None, {x for x in e if x in h.models} | {A, B})
            e |= ce
            k |= ck
        return v, e, k, set(), [None], why
    raise AssertionError('unknown template')


def mechanism_rule(t, q, h, a, verdict, why):
    """The mechanism where the template's rule is mechanical (None = only the allowed set is checked)."""
    if verdict == 'UNCERTAIN':
        return 'metadata' if why == 'pick' else 'conflict'
    if t == 1:
        return 'as_of'
    if t == 2:
        return 'metadata' if a['x'] in h.undated else 'as_of'
    if t == 3:
        return 'metadata' if a['x'] in h.undated else 'superseded'
    if t == 4:
        return 'superseded'
    if t == 5:
        L = h.lead(None, h.scen[0])[1]
        if a['x'] == L:
            return 'as_of'
        return None  # recency (the newest model) or superseded (a former holder): checked below
    if t == 6:
        if verdict == 'SUPPORTED':
            return 'superseded'
        Y = int(a['y'])
        newer = any((h.first_year(M, 'lo') or 0) > Y for M in h.models)
        return 'recency' if newer else 'as_of'
    if t in (7, 9) and verdict == 'SUPPORTED':
        return 'superseded'
    if t == 8 and verdict == 'SUPPORTED':
        return 'as_of'
    return None


def check_question(q, sure_cache):
    qid = q.get('id', '?')
    if list(q.keys()) != FIELDS:
        fail(qid, f'fields {list(q.keys())}')
        return None
    t, a = parse(q)
    if t is None:
        fail(qid, 'question matches no template')
        return None
    if not q['notes'].startswith(f'[T{t}] Rule: ') or ' Right: ' not in q['notes'] or ' Careless: ' not in q['notes']:
        fail(qid, 'notes must start with [T<n>] Rule: and hold Right: and Careless:')
    gr = G(q['graph'])
    if (a['d'], a['m']) not in gr.boards:
        fail(qid, f'no board {a["d"]} / {a["m"]} in {q["graph"]}')
        return t
    for key in ('x', 'a'):
        if key in a and a[key] not in gr.labels:
            fail(qid, f'{a[key]!r} is not a label of the graph')
    if q['query_type'] != QTYPE[t] or q['query_type'] not in QTYPES:
        fail(qid, f"query_type {q['query_type']}")
    if (q['verdict'] is not None) != (q['query_type'] == 'claim_verification'):
        fail(qid, 'verdict must be set exactly for claims')
    if q['verdict'] not in (None, 'SUPPORTED', 'REFUTED', 'UNCERTAIN'):
        fail(qid, f"verdict {q['verdict']}")
    if q['mechanism'] not in MECHS or q['mechanism'] not in MECH_OK[t]:
        fail(qid, f"mechanism {q['mechanism']} not allowed for T{t}")
    for f in ('expected', 'must_keep', 'must_remove'):
        if not isinstance(q[f], list) or not all(isinstance(x, str) for x in q[f]):
            fail(qid, f'{f} must be a list of strings')
    try:
        res = derive(q, t, a)
    except Open as e:
        fail(qid, f'the answer depends on an open {e} choice: it should have been left out')
        return t
    except AssertionError as e:
        fail(qid, f'not askable: {e}')
        return t
    verdict, exp, keep, rm, anchors = res[:5]
    why = res[5] if len(res) > 5 else None
    h = History(gr, a['d'], a['m'])
    # the rule for must_keep: only facts that survive under the question's own anchor and the
    # template's anchor (for both years of a paper with two)
    qa0 = check.anchor_of(q)
    keep = {f for f in keep if survives(h, f, qa0) and all(survives(h, f, A) for A in anchors)}
    if q['verdict'] != verdict:
        fail(qid, f"verdict {q['verdict']} != {verdict}")
    if set(q['expected']) != set(exp):
        fail(qid, f"expected {sorted(q['expected'])} != {sorted(exp)}")
    if set(q['must_keep']) != set(keep):
        fail(qid, f"must_keep {sorted(q['must_keep'])} != {sorted(keep)}")
    if set(q['must_remove']) != set(rm):
        fail(qid, f"must_remove {sorted(q['must_remove'])} != {sorted(rm)}")
    mr = mechanism_rule(t, q, h, a, verdict, why)
    if mr is not None and q['mechanism'] != mr:
        fail(qid, f"mechanism {q['mechanism']} != {mr}")
    if t == 5 and mr is None:
        sure = sure_cache.setdefault((q['graph'], a['d']), sure_and_possible(h)[0])
        want = 'superseded' if a['x'] in sure else 'recency'
        if q['mechanism'] != want:
            fail(qid, f"mechanism {q['mechanism']} != {want}")
    # facts
    qa = check.anchor_of(q)
    for f in q['must_keep'] + q['must_remove']:
        if not re.match(check.FACT_RE.pattern, f):
            fail(qid, f'bad fact {f!r}')
            continue
        if not check.fact_exists(gr.cg, f):
            fail(qid, f'fact not in the graph: {f}')
        mo = re.match(check.FACT_RE.pattern, f)
        if mo.group(3) != a['d'] or mo.group(4) != a['m']:
            fail(qid, f'fact on another board: {f}')
        if mo.group(2) != f2(float(mo.group(2))):
            fail(qid, f'value not in clean form: {f}')
    for f in q['must_keep']:
        if not survives(h, f, qa):
            fail(qid, f'must_keep does not survive under the anchor {qa}: {f}')
        for A in anchors:
            if not survives(h, f, A):
                fail(qid, f'must_keep does not survive under {A}: {f}')
    for f in q['must_remove']:
        mo = re.match(check.FACT_RE.pattern, f)
        M, v = mo.group(1), float(mo.group(2))
        now_s = h.resolved(None, 'lo', undated=True).get(M, (None, set()))[1]
        kind_a = v not in now_s
        fy = h.fact_year(M, v)
        A = anchors[0] if anchors and anchors[0] is not None else None
        kind_c = A is not None and (fy is None or fy > A)
        kind_a_then = A is not None and fy is not None and fy <= A and v not in h.resolved(A, 'lo').get(M, (None, {v}))[1]
        kind_b = any(s[0] == 'one' and s[1] == M and s[2] == v for sc in h.scen for Y, s in h.line(sc) if Y != 'now')
        if not (kind_a or kind_a_then or kind_b or kind_c):
            fail(qid, f'must_remove of no kind (a), (b), (c): {f}')
        if f in q['must_keep']:
            fail(qid, f'a fact both kept and removed: {f}')
    # expected strings
    for x in q['expected']:
        if x in gr.text or x in gr.labels:
            continue
        if t == 3 and re.fullmatch(r'\d+\.\d', x):
            continue  # a margin, re-derived above from two graph values
        fail(qid, f'expected string not in the graph: {x!r}')
    return t


def run_all(rows):
    sure_cache = {}
    per_t = {}
    for q in rows:
        try:
            per_t[q.get('id')] = check_question(q, sure_cache)
        except Exception as e:
            tb = traceback.extract_tb(e.__traceback__)
            mine = [f for f in tb if os.path.basename(f.filename) != 'check.py']
            where = f"{os.path.basename(mine[-1].filename)}:{mine[-1].lineno}" if mine else '?'
            inside = os.path.basename(tb[-1].filename) == 'check.py'
            fail(q.get('id', '?'), f"error {type(e).__name__} at {where}" + ('' if inside else f': {e}'))
    return per_t


def main():
    path = os.path.join(DATA, 'trust-dev21.jsonl')
    raw = open(path).read().splitlines()
    rows = [json.loads(l, object_pairs_hook=OrderedDict) for l in raw]
    print(f"{len(rows)} questions in {path}; check.NOW = {check.NOW}")
    # file-level
    ids = [r.get('id') for r in rows]
    if ids != [f"TY{i:03d}" for i in range(1, len(rows) + 1)]:
        fail('file', 'ids are not TY001.. in order')
    if len(set(r['question'] for r in rows)) != len(rows):
        fail('file', 'a question is asked twice')
    if len(rows) > 320:
        fail('file', 'more than 320 questions')
    gorder = [r['graph'] for r in rows]
    if gorder != sorted(gorder):
        fail('file', 'not in graph order')
    # every read of the graphs agrees with check.G
    for gn in ('g1.ttl', 'g2.ttl', 'g3.ttl', 'g4.ttl'):
        gr = G(gn)
        mine = sorted((r['paper'], r['model'], r['dataset'], r['metric'], r['raw']) for r in gr.rows)
        theirs = sorted((r['paper'], r['model'], r['dataset'], r['metric'], r['value']) for r in gr.cg.rows)
        if mine != theirs:
            fail(gn, 'rdflib rows differ from check.G rows')
        for (d, m) in gr.boards:
            h = History(gr, d, m)
            for M, kind in h.conf.items():
                st = check.resolve({v: [(gr.years[r['paper']][0] if gr.years[r['paper']] else None, r['paper'])
                                        for r in h.rows if r['model'] == M and r['value'] == v]
                                    for v in h.vals[M]}, check.NOW)[1]
                if st != kind:
                    fail(gn, f'{M} on {d}: check.resolve says {st}, the README {kind}')
    # coverage of the one-per-board template
    boards_all = {(gn, d) for gn in ('g1.ttl', 'g2.ttl', 'g3.ttl', 'g4.ttl') for d, m in G(gn).boards}
    t4 = set()
    for r in rows:
        mo = PATTERNS[3][1].match(r['question'])
        if mo:
            t4.add((r['graph'], mo.group('d')))
    if t4 != boards_all:
        fail('file', f'T4 must be asked once for every board: missing {sorted(boards_all - t4)}')
    # per question, under the environment's current year and every year 2025-2030
    env_now = check.NOW
    templ = {}
    for now in [env_now] + [n for n in range(2025, 2031) if n != env_now]:
        check.NOW = now
        before = len(FAILS)
        templ = run_all(rows) if now == env_now else (run_all(rows) and templ)
        if len(FAILS) > before:
            FAILS.append(f"(the failures above were under NOW = {now})")
    check.NOW = env_now
    # regeneration
    try:
        sys.path.insert(0, GEN)
        import gen21
        regen, info = gen21.generate()
        text = [json.dumps(r, ensure_ascii=False) for r in regen]
        if text != raw:
            diff = [i for i, (x, y) in enumerate(zip(text, raw)) if x != y]
            fail('file', f'gen21.py does not regenerate the file ({len(text)} vs {len(raw)} lines; first diff at '
                         f'{diff[:1]})')
    except Exception as e:
        fail('file', f'gen21.py failed: {type(e).__name__}')
    # counts
    tcount = Counter(f"T{templ.get(r['id'])}" for r in rows)
    print('per template:', ', '.join(f"{k} {v}" for k, v in sorted(tcount.items())))
    print('per verdict:', ', '.join(f"{k} {v}" for k, v in sorted(Counter(str(r['verdict']) for r in rows).items())))
    print('per graph:', ', '.join(f"{k} {v}" for k, v in sorted(Counter(r['graph'] for r in rows).items())))
    print('per mechanism:', ', '.join(f"{k} {v}" for k, v in sorted(Counter(r['mechanism'] for r in rows).items())))
    print('per query type:', ', '.join(f"{k} {v}" for k, v in sorted(Counter(r['query_type'] for r in rows).items())))
    tv = Counter((f"T{templ.get(r['id'])}", str(r['verdict'])) for r in rows)
    print('per template and verdict:', ', '.join(f"{a}/{b} {n}" for (a, b), n in sorted(tv.items())))
    tg = Counter((f"T{templ.get(r['id'])}", r['graph'][:2]) for r in rows)
    print('per template and graph:', ', '.join(f"{a}/{b} {n}" for (a, b), n in sorted(tg.items())))
    tm = Counter((f"T{templ.get(r['id'])}", r['mechanism']) for r in rows)
    print('per template and mechanism:', ', '.join(f"{a}/{b} {n}" for (a, b), n in sorted(tm.items())))
    print(f"must_remove non-empty: {sum(1 for r in rows if r['must_remove'])}; expected empty: "
          f"{sum(1 for r in rows if not r['expected'])}")
    shown = FAILS[:60] + [f for f in FAILS[60:] if f.startswith('file') or f.startswith('g')]
    for f in shown:
        print('FAIL', f)
    print(f"FAILURES: {len(FAILS)}")
    return 1 if FAILS else 0


if __name__ == '__main__':
    sys.exit(main())
