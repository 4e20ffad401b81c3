#!/usr/bin/env python3
"""gen21.py: writes trust-dev21.jsonl (TY001, ...): the history of every leaderboard of the four
trust fixture graphs, asked the way a researcher writing a related-work section asks it.

Nine templates (README21.md has the table and the rules):
  T1 Which model held the best <metric> on <dataset> in <YEAR>?
  T2 What was the best <metric> on <dataset> before <model>'s result?
  T3 How much did <model> improve on the previous best on <dataset> by <metric>?
  T4 Which models have held the record on <dataset> by <metric>?
  T5 Since when has <model> held the record on <dataset> by <metric>?
  T6 Has the best <metric> on <dataset> changed since <YEAR>?
  T7 <model> held the record on <dataset> by <metric> from <Y1> until <Y2>, right?
  T8 <model> held the record on <dataset> by <metric> in <YEAR>, right?
  T9 <model> took the record on <dataset> by <metric> from <other model>, right?

The graphs and the conflict rules come from check.py, imported as a module (never read):
check.G (rows, papers, valid_years), check.facts (values and paper years under an anchor, with a
year pick for a paper with two real years), check.surviving (the six readings of the conflict
rules), check.board (a cross-check), check.fmt / check.parse_value, check.LOWER_BETTER.

A board's history is evaluated in every "world": each close conflict's value taken as the true one
(a data choice: the README keeps both and states the disagreement), each year of a paper with two
real years (a data choice), and each value of a conflict that is clear today but was close or
undecided under an earlier anchor (a reading choice: the README's six readings disagree, or the
README lists the conflict as clear).  An answer that depends on a reading choice is left out; one
that depends on a data choice is UNCERTAIN (claims) or states both sides (questions; a two-year
dependence is left out for questions).  Everything is recomputed for every current year 2025-2030
and the environment's own; a question whose fields (notes aside) change is dropped.
"""
import sys
sys.dont_write_bytecode = True
import itertools
import json
import os
import random
from collections import defaultdict, OrderedDict
from decimal import Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = next(p for p in (HERE, '/work/main/eval/gold/trust')
             if os.path.exists(os.path.join(p, 'check.py')) and os.path.exists(os.path.join(p, 'g1.ttl')))
if TRUST not in sys.path:
    sys.path.insert(0, TRUST)
import check  # noqa: E402

GRAPHS = ['g1.ttl', 'g2.ttl', 'g3.ttl', 'g4.ttl']
FIELDS = ['id', 'graph', 'question', 'query_type', 'mechanism', 'expected', 'verdict',
          'must_remove', 'must_keep', 'notes']
CAP = 320
SEED = 21
NOWS = [2025, 2026, 2027, 2028, 2029, 2030]
NOWKEY = 'now'


class Skip(Exception):
    pass


def fmt(v):
    return check.fmt(v)


def fact(M, v, d, m):
    return f"{M} scores {fmt(v)} on {d} by {m}"


def margin(a, b):
    return fmt(float(abs(Decimal(str(a)) - Decimal(str(b))).quantize(Decimal('0.1'))))


_GRAPH = {}


def graph(gn):
    if gn not in _GRAPH:
        _GRAPH[gn] = check.G(gn)
    return _GRAPH[gn]


class Board:
    def __init__(self, gn, d, m):
        self.gn, self.d, self.m = gn, d, m
        self.g = g = graph(gn)
        self.lower = m in check.LOWER_BETTER
        self.rows = [r for r in g.rows if r['dataset'] == d and r['metric'] == m]
        self.num_rows = [r for r in self.rows if check.parse_value(r['value']) is not None]
        self.dash_models = sorted({r['model'] for r in self.rows} - {r['model'] for r in self.num_rows})
        self.models = sorted({r['model'] for r in self.num_rows})
        self.valid = {r['paper']: list(g.valid_years(r['paper'])) for r in self.rows}
        self.raw = {r['paper']: list(g.papers[r['paper']]['years']) for r in self.rows}
        self.undated = {M for M in self.models
                        if all(not self.valid[r['paper']] for r in self.num_rows if r['model'] == M)}
        self.twoyear = {M for M in self.models
                        if any(len(self.valid[r['paper']]) > 1 for r in self.num_rows if r['model'] == M)}
        self.values = defaultdict(set)
        for r in self.num_rows:
            self.values[r['model']].add(check.parse_value(r['value']))
        self.picks = ['min', 'max'] if self.twoyear else ['min']
        self.vars = OrderedDict()
        for M in self.models:
            if len(self.values[M]) > 1:
                s, st, _ = check.surviving(g, M, d, m)
                self.vars[M] = ('data' if st == 'close' else 'reading', sorted(self.values[M]))
        worlds = []
        names = list(self.vars)
        for pick in self.picks:
            for combo in itertools.product(*[self.vars[n][1] for n in names]):
                w = {'pick': pick}
                w.update(dict(zip(names, combo)))
                worlds.append(w)
        self.worlds = worlds
        dated_first = [min(self.valid[r['paper']]) for r in self.num_rows if self.valid[r['paper']]]
        self.first = min(dated_first)
        self.last = max(max(self.valid[r['paper']]) for r in self.num_rows if self.valid[r['paper']])
        self._sets = {}

    # ---- values as they stood -------------------------------------------------------------
    def better(self, a, b):
        return a < b if self.lower else a > b

    def best_of(self, vals):
        return min(vals) if self.lower else max(vals)

    def sets_at(self, Y, pick, with_undated=False):
        key = (Y, pick, with_undated)
        if key not in self._sets:
            anchor = None if Y == NOWKEY else Y
            F = check.facts(self.g, anchor, min if pick == 'min' else max)
            out = {}
            for M in self.models:
                vals = F.get((M, self.d, self.m))
                if not vals:
                    continue
                if M in self.undated and not with_undated:
                    continue
                if len(vals) == 1:
                    out[M] = ('single', set(vals))
                else:
                    assert M not in self.twoyear
                    s, st, _ = check.surviving(self.g, M, self.d, self.m, anchor=anchor)
                    out[M] = (st, set(s))
            self._sets[key] = out
        return self._sets[key]

    def values_at(self, Y, w, with_undated=False):
        out = {}
        for M, (st, s) in self.sets_at(Y, w['pick'], with_undated).items():
            if st in ('single', 'clear'):
                assert len(s) == 1
                out[M] = next(iter(s))
            else:
                assert M in self.vars and w[M] in s, (self.d, M, Y, st, s)
                out[M] = w[M]
        return out

    def state(self, Y, w, with_undated=False):
        vals = self.values_at(Y, w, with_undated)
        if not vals:
            return ('empty',)
        b = self.best_of(vals.values())
        top = sorted(M for M, v in vals.items() if v == b)
        if len(top) == 1:
            return ('sole', top[0], b)
        return ('tie', tuple(top))

    def years(self):
        return list(range(self.first - 1, LAST + 1))

    def timeline(self, w):
        tl = OrderedDict((Y, self.state(Y, w)) for Y in self.years())
        tl[NOWKEY] = self.state(NOWKEY, w)
        return tl

    def data_key(self, w):
        return tuple((k, v) for k, v in w.items() if k == 'pick' or self.vars[k][0] == 'data')

    def data_key_nopick(self, w):
        return tuple((k, v) for k, v in w.items() if k != 'pick' and self.vars[k][0] == 'data')

    # ---- facts about papers -------------------------------------------------------------------
    def first_year(self, M, pick='min'):
        ys = []
        for r in self.num_rows:
            if r['model'] == M and self.valid[r['paper']]:
                vy = self.valid[r['paper']]
                ys.append(min(vy) if pick == 'min' else max(vy))
        return min(ys) if ys else None

    def stated_by(self, M, v):
        return [r['paper'] for r in self.num_rows if r['model'] == M and check.parse_value(r['value']) == v]

    def fact_first_year(self, M, v, pick='min'):
        ys = [(min(self.valid[p]) if pick == 'min' else max(self.valid[p]))
              for p in self.stated_by(M, v) if self.valid[p]]
        return min(ys) if ys else None

    def all_facts(self):
        return sorted({(r['model'], check.parse_value(r['value'])) for r in self.num_rows})

    def now_undated_led(self):
        for w in self.worlds:
            a = self.state(NOWKEY, w, with_undated=False)
            b = self.state(NOWKEY, w, with_undated=True)
            if a != b:
                return True
        return False

    def removed_at(self, Y):
        """(model, value) stated by a paper up to Y (or any paper, for now) but removed at Y."""
        out = set()
        for M, (st, s) in self.sets_at(Y, 'min').items():
            for v in self.values[M]:
                if v not in s and self.fact_visible(M, v, Y):
                    out.add((M, v))
        return out

    def fact_visible(self, M, v, Y, pick='min'):
        if Y == NOWKEY:
            return True
        fy = self.fact_first_year(M, v, pick)
        return fy is not None and fy <= Y

    # ---- careless readings (for notes and for the wrong claims) ----------------------------------
    def careless(self, mode, Y, w=None):
        """The leader a careless reading gives at Y (int or NOWKEY): (model, value) or None.  A reading
        whose answer depends on which side of a conflict is taken is not reported (None)."""
        if w is None and mode not in ('nocr', 'string', 'pubin'):
            res = {self._careless(mode, Y, x) for x in self.worlds}
            return res.pop() if len(res) == 1 else None
        return self._careless(mode, Y, w or self.worlds[0])

    def _careless(self, mode, Y, w):
        if mode == 'now':
            s = self.state(NOWKEY, w)
            return (s[1], s[2]) if s[0] == 'sole' else None
        if mode in ('late', 'early'):
            if Y == NOWKEY:
                return None
            Z = Y + 1 if mode == 'late' else Y - 1
            if Z > LAST or Z < self.first - 1:
                return None
            s = self.state(Z, w)
            return (s[1], s[2]) if s[0] == 'sole' else None
        if mode == 'newest':
            cands = [(self.first_year(M, w['pick']), M) for M in self.models if M not in self.undated]
            cands = [(y, M) for y, M in cands if y is not None and (Y == NOWKEY or y <= Y)]
            if not cands:
                return None
            ny = max(y for y, _ in cands)
            ms = [M for y, M in cands if y == ny]
            if len(ms) != 1:
                return None
            vals = self.values_at(Y, w)
            return (ms[0], vals.get(ms[0]))
        rows = []
        for r in self.num_rows:
            p = r['paper']
            vy, ry = self.valid[p], self.raw[p]
            if mode == 'pubin':
                if Y == NOWKEY or Y not in vy:
                    continue
            elif mode == 'month':
                yr = min(ry) if ry else None
                if yr is None or (Y != NOWKEY and yr > Y):
                    continue
            elif mode == 'undated':
                if vy and Y != NOWKEY and min(vy) > Y:
                    continue
            else:
                if not vy or (Y != NOWKEY and min(vy if w['pick'] == 'min' else [max(vy)]) > Y):
                    continue
            rows.append(r)
        if not rows:
            return None
        if mode in ('nocr', 'pubin'):
            cand = [(check.parse_value(r['value']), r['model']) for r in rows]
            b = self.best_of([v for v, _ in cand])
            ms = sorted({M for v, M in cand if v == b})
            return (ms[0], b) if len(ms) == 1 else None
        if mode == 'string':
            cand = [(r['value'], r['model']) for r in rows]
            b = (min if self.lower else max)(v for v, _ in cand)
            ms = sorted({M for v, M in cand if v == b})
            return (ms[0], check.parse_value(b)) if len(ms) == 1 else None
        # month / undated / dir: the right surviving values, plus the models only that reading sees
        right = self.values_at(Y, w) if Y == NOWKEY or Y >= self.first - 1 else {}
        vals = dict(right)
        for r in rows:
            M = r['model']
            if M not in vals:
                vs = {check.parse_value(x['value']) for x in rows if x['model'] == M}
                vals[M] = (min if self.lower else max)(vs)
        if mode == 'dir':
            if not self.lower:
                return None
            b = max(vals.values())
        else:
            b = self.best_of(vals.values())
        ms = sorted(M for M, v in vals.items() if v == b)
        return (ms[0], b) if len(ms) == 1 else None

    def careless_text(self, Y, right_models, modes):
        if isinstance(right_models, str) or right_models is None:
            right_models = {right_models}
        out = []
        names = {'nocr': 'no conflict removal', 'month': 'a P29 month read as a year',
                 'undated': 'undated results kept', 'string': 'scores sorted as strings',
                 'dir': 'higher read as better on Word Error Rate', 'now': 'the current best given for a past year',
                 'newest': 'newest = best', 'late': 'the anchor read one year late',
                 'early': 'the anchor read one year early', 'pubin': '"in YEAR" read as "published in YEAR"'}
        for mode in modes:
            c = self.careless(mode, Y)
            if c is None:
                if mode == 'pubin' and Y != NOWKEY:
                    out.append(f"{names[mode]}: nothing was published on {self.d} in {Y}")
                continue
            if c[0] not in right_models:
                out.append(f"{names[mode]}: {c[0]}" + (f" {fmt(c[1])}" if c[1] is not None else ''))
        return out


# ---- combining the worlds -------------------------------------------------------------------------
def combine(b, answers, claim):
    """answers: list of (world, (verdict, exp, keep)).  Returns (verdict, exp, keep, cause) or raises Skip."""
    if any(a is None for _, a in answers):
        raise Skip('not defined in every reading')
    groups = defaultdict(list)
    for w, a in answers:
        groups[b.data_key(w)].append(a)
    per = {}
    for k, lst in groups.items():
        if len({a[0] for a in lst}) > 1:
            raise Skip('depends on a reading the six readings (or the README) leave open')
        if not claim and len({(a[1], a[2]) for a in lst}) > 1:
            raise Skip('depends on a reading the six readings (or the README) leave open')
        exp = frozenset.intersection(*[a[1] for a in lst])
        keep = frozenset.intersection(*[a[2] for a in lst])
        if claim and not exp and any(a[1] for a in lst):
            raise Skip('what the answer must say depends on an open reading')
        per[k] = (lst[0][0], exp, keep)
    # which data choices matter
    pick_matters = False
    close_matters = False
    by_rest = defaultdict(set)
    for k, a in per.items():
        rest = tuple(x for x in k if x[0] != 'pick')
        by_rest[rest].add(a)
    if any(len(s) > 1 for s in by_rest.values()):
        pick_matters = True
    by_pick = defaultdict(set)
    for k, a in per.items():
        pk = tuple(x for x in k if x[0] == 'pick')
        by_pick[pk].add(a)
    if any(len(s) > 1 for s in by_pick.values()):
        close_matters = True
    verdicts = {a[0] for a in per.values()}
    exp = frozenset().union(*[a[1] for a in per.values()])
    keep = frozenset().union(*[a[2] for a in per.values()])
    cause = None
    if claim:
        if len(verdicts) > 1:
            verdict = 'UNCERTAIN'
            cause = 'pick' if pick_matters else 'close'
        else:
            verdict = next(iter(verdicts))
            if len({a[1] for a in per.values()}) > 1:
                cause = 'pick' if pick_matters else 'close'
    else:
        verdict = None
        if len({(a[1], a[2]) for a in per.values()}) > 1:
            if pick_matters:
                raise Skip('depends on which of two real years is right')
            cause = 'close'
    return verdict, exp, keep, cause


def robust_set(b, fn):
    """Union over the data choices of the intersection over the reading choices of fn(world)."""
    groups = defaultdict(list)
    for w in b.worlds:
        groups[b.data_key(w)].append(frozenset(fn(w)))
    out = set()
    for lst in groups.values():
        out |= frozenset.intersection(*lst)
    return out


def close_values_at(b, Y, models):
    """Both values of every close conflict of the named models under anchor Y."""
    exp, keep = set(), set()
    for M, (st, s) in b.sets_at(Y, 'min').items():
        if M in models and st == 'close' and b.vars.get(M, ('', ''))[0] == 'data':
            for v in s:
                exp.add(fmt(v))
                keep.add(fact(M, v, b.d, b.m))
    return exp, keep


# ---- per-world helpers ----------------------------------------------------------------------------
def holders(b, tl):
    return {s[1] for Y, s in tl.items() if s[0] == 'sole'}


def reigns(tl, M):
    """[(start, end_exclusive or None)] of M's sole leadership in a timeline (years, then 'now')."""
    keys = list(tl)
    out = []
    i = 0
    while i < len(keys):
        if tl[keys[i]][0] == 'sole' and tl[keys[i]][1] == M:
            j = i
            while j + 1 < len(keys) and tl[keys[j + 1]][0] == 'sole' and tl[keys[j + 1]][1] == M:
                j += 1
            start = keys[i]
            end = keys[j + 1] if j + 1 < len(keys) else None
            assert end != NOWKEY, 'a run that ends between the last year and now'
            if start == NOWKEY:
                out.append((NOWKEY, None))
            else:
                out.append((start, None if end == NOWKEY or end is None else end))
            i = j + 1
        else:
            i += 1
    return out


def first_sole(tl, M):
    for Y, s in tl.items():
        if s[0] == 'sole' and s[1] == M:
            return Y
    return None


def predecessor(tl, M):
    F = first_sole(tl, M)
    if F is None:
        return None, None
    prev = None
    for Y, s in tl.items():
        if Y == F:
            break
        if s[0] == 'sole' and s[1] != M:
            prev = (s[1], s[2], Y)
    return F, prev


# ---- the templates --------------------------------------------------------------------------------
QT = {1: 'method_comparison', 2: 'method_comparison', 3: 'method_comparison', 4: 'method_comparison',
      5: 'method_comparison', 6: 'claim_verification', 7: 'claim_verification', 8: 'claim_verification',
      9: 'claim_verification'}


def later_better_facts(b, Y, answer_vals, pick='min'):
    """Facts first stated after Y (or undated) that beat the weakest answer value: kind (c)."""
    if not answer_vals:
        return set()
    worst = max(answer_vals) if not b.lower else min(answer_vals)
    worst = min(answer_vals) if not b.lower else max(answer_vals)
    out = set()
    for M, v in b.all_facts():
        if not b.fact_visible(M, v, Y, pick) and b.better(v, worst):
            out.add(fact(M, v, b.d, b.m))
    return out


def removed_better_facts(b, Y, answer_vals):
    if not answer_vals:
        return set()
    worst = min(answer_vals) if not b.lower else max(answer_vals)
    return {fact(M, v, b.d, b.m) for M, v in b.removed_at(Y) if b.better(v, worst)}


def empty_year_remove(b, Y):
    out = set()
    for r in b.num_rows:
        p = r['paper']
        v = check.parse_value(r['value'])
        vy, ry = b.valid[p], b.raw[p]
        if vy and min(vy) == b.first:
            out.add(fact(r['model'], v, b.d, b.m))
        if ry and min(ry) <= Y:
            out.add(fact(r['model'], v, b.d, b.m))
        if not vy:
            out.add(fact(r['model'], v, b.d, b.m))
    return out


def ans_state(b, s, Y):
    if s[0] == 'empty':
        return frozenset(), frozenset()
    if s[0] == 'sole':
        return frozenset({s[1], fmt(s[2])}), frozenset({fact(s[1], s[2], b.d, b.m)})
    raise Skip('tie')


def add_close(b, Y, exp, keep, extra=()):
    names = {x for x in exp if x in b.models} | set(extra)
    ce, ck = close_values_at(b, Y, names)
    return sorted(set(exp) | ce), sorted(set(keep) | ck)


def q_record(t, b, question, mechanism, expected, verdict, must_remove, must_keep, rule, right, careless,
             anchor=NOWKEY):
    # a kept fact must survive under the question's own anchor (as check.anchor_of reads it) and the
    # template's anchor, for every year pick
    qa = check.anchor_of({'question': question})
    must_keep = {f for f in must_keep if survives_at(b, f, NOWKEY if qa is None else qa)
                 and survives_at(b, f, anchor)}
    notes = f"[T{t}] Rule: {rule} Right: {right} Careless: {'; '.join(careless) if careless else 'none differs'}."
    return OrderedDict([('id', None), ('graph', b.gn), ('question', question), ('query_type', QT[t]),
                        ('mechanism', mechanism), ('expected', list(expected)), ('verdict', verdict),
                        ('must_remove', sorted(must_remove)), ('must_keep', sorted(must_keep)), ('notes', notes)])


def show(b, exp):
    """'Model v1/v2, Model2 v' from an expected set (values matched to the models stating them)."""
    models = [x for x in exp if x in b.models]
    vals = [x for x in exp if x not in b.models]
    used = set()
    parts = []
    for M in sorted(models):
        mv = [v for v in vals if any(fmt(u) == v for u in b.values[M])]
        used |= set(mv)
        parts.append(M + (' ' + '/'.join(sorted(mv)) if mv else ''))
    rest = [v for v in vals if v not in used]
    return ', '.join(parts + sorted(rest)) if parts or rest else 'nothing recorded'


def gen_T1(b, out, left):
    for Y in b.years():
        q = f"Which model held the best {b.m} on {b.d} in {Y}?"
        try:
            answers = []
            for w in b.worlds:
                s = b.state(Y, w)
                e, k = ans_state(b, s, Y)
                answers.append((w, (None, e, k)))
            _, exp, keep, cause = combine(b, answers, claim=False)
        except Skip as e:
            left.append((1, b.gn, q, str(e)))
            continue
        exp, keep = add_close(b, Y, exp, keep)
        vals = [float(x) for x in exp if x not in b.models]
        if not exp:
            mr = empty_year_remove(b, Y)
            right = f"nothing was recorded on {b.d} by the end of {Y} (its first dated result is from {b.first})"
            rule = (f"papers up to {Y}; a P29 of 1-12 is a month; undated papers are left out under an anchor; "
                    f"the year before the board's first dated result")
        else:
            mr = later_better_facts(b, Y, vals) | removed_better_facts(b, Y, vals)
            right = f"{show(b, exp)} as the board stood at the end of {Y}" + (
                " (a close conflict: both values stated)" if cause == 'close' else '')
            rule = (f"the board as it stood in {Y} (papers up to {Y}, ages counted from {Y}, conflicts "
                    f"resolved under that anchor, undated papers left out); "
                    f"{'lower' if b.lower else 'higher'} is better")
        leader = {x for x in exp if x in b.models}
        care = b.careless_text(Y, leader, ['now', 'newest', 'nocr', 'month', 'undated', 'string', 'dir', 'late', 'pubin'])
        out.append(q_record(1, b, q, 'as_of', exp, None, mr, keep, rule, right, care, anchor=Y))


def gen_T2(b, out, left, sure):
    for X in b.models:
        if X in sure and X not in b.undated:
            continue
        q = f"What was the best {b.m} on {b.d} before {X}'s result?"
        if X in b.undated:
            right = (f"it cannot be told: {X}'s paper has no usable year (P29 "
                     f"{sorted({y for r in b.num_rows if r['model'] == X for y in b.raw[r['paper']]})})")
            care = [f"the best dated result now: {b.careless('now', NOWKEY)[0]}" if b.careless('now', NOWKEY) else '',
                    'a P29 month read as a year: nothing before it']
            out.append(q_record(2, b, q, 'metadata', [], None, set(), set(),
                                "main README: 'before X took the record' reads D as it stood the year before X's first "
                                "result, or says it cannot be told when X's results have no year",
                                right, [c for c in care if c]))
            continue
        try:
            answers = []
            for w in b.worlds:
                A = b.first_year(X, w['pick']) - 1
                e, k = ans_state(b, b.state(A, w), A)
                answers.append((w, (None, e, k)))
            _, exp, keep, cause = combine(b, answers, claim=False)
        except Skip as e:
            left.append((2, b.gn, q, str(e)))
            continue
        A = b.first_year(X) - 1
        exp, keep = add_close(b, A, exp, keep)
        vals = [float(x) for x in exp if x not in b.models]
        mr = later_better_facts(b, A, vals) if exp else set()
        right = (f"{show(b, exp)}: the board as of {A}, the year before {X}'s first result ({A + 1})"
                 if exp else f"nothing was recorded before {X}'s result")
        leader = {x for x in exp if x in b.models}
        care = b.careless_text(A, leader, ['now', 'newest', 'nocr', 'month', 'undated', 'string', 'dir', 'late'])
        nowv = b.values_at(NOWKEY, b.worlds[0])
        if X in nowv:
            above = [(v, M) for M, v in nowv.items() if M != X and b.better(v, nowv[X])]
            if above:
                v, M = (max if b.lower else min)(above)
                if M not in leader:
                    care.append(f"the result just above {X} on today's board: {M} {fmt(v)}")
        out.append(q_record(2, b, q, 'as_of', exp, None, mr, keep,
                            f"main README: the board as it stood the year before {X}'s first result there "
                            f"(papers up to {A}); undated papers left out; a P29 month is not a year",
                            right, care, anchor=A))


def gen_T3(b, out, left, sure):
    for X in b.models:
        q = f"How much did {X} improve on the previous best on {b.d} by {b.m}?"
        if X in b.undated:
            dated_now = [v for M, v in b.values_at(NOWKEY, b.worlds[0]).items()]
            if all(b.better(v, u) for v in b.values[X] for u in dated_now):
                out.append(q_record(3, b, q, 'metadata', [], None, set(), set(),
                                    "the previous best is the board the year before the model's first result; "
                                    "a paper with no usable year cannot be placed",
                                    f"it cannot be told: {X}'s paper has no usable year, so the best before it is unknown",
                                    [f"margin over the best dated result now ({b.careless('now', NOWKEY)[0]}): "
                                     f"{margin(max(b.values[X]), b.careless('now', NOWKEY)[1])}",
                                     'a P29 month read as a year: the first result, nothing to improve on']))
            continue
        if X not in sure:
            continue
        try:
            answers = []
            for w in b.worlds:
                F = b.first_year(X, w['pick'])
                sF = b.state(F, w)
                if sF[0] != 'sole' or sF[1] != X:
                    raise Skip(f'{X} did not lead alone in the year of its first result')
                sP = b.state(F - 1, w)
                if sP[0] != 'sole':
                    raise Skip('no single previous best (first result on the board)')
                P, vP = sP[1], sP[2]
                now = b.values_at(NOWKEY, w)
                if now.get(X) != sF[2]:
                    raise Skip(f"{X}'s value then ({fmt(sF[2])}) is not its value now ({fmt(now.get(X))})")
                if now.get(P) != vP:
                    raise Skip(f"the previous best's value then ({P} {fmt(vP)}) is not its value now")
                answers.append((w, (None, frozenset({P, margin(sF[2], vP)}),
                                    frozenset({fact(X, sF[2], b.d, b.m), fact(P, vP, b.d, b.m)}))))
            _, exp, keep, cause = combine(b, answers, claim=False)
        except Skip as e:
            left.append((3, b.gn, q, str(e)))
            continue
        w0 = b.worlds[0]
        F = b.first_year(X)
        P = b.state(F - 1, w0)[1]
        exp = sorted(exp)
        right = (f"{' / '.join(x for x in exp if x not in b.models)} points over {P}, the best as of {F - 1}"
                 + (" (a close conflict: every margin stated)" if cause == 'close' else ''))
        care = []
        xv = b.state(F, w0)[2]
        now = b.values_at(NOWKEY, w0)
        ranked = sorted(now.items(), key=lambda kv: kv[1], reverse=not b.lower)
        runner = [M for M, v in ranked if M != X]
        if runner and runner[0] != P:
            care.append(f"margin over the runner-up now ({runner[0]}): {margin(xv, now[runner[0]])}")
        prevs = [(b.first_year(M), M) for M in b.models if M != X and M not in b.undated
                 and b.first_year(M) is not None and b.first_year(M) < F]
        if prevs:
            py = max(y for y, _ in prevs)
            pm = [M for y, M in prevs if y == py]
            if len(pm) == 1 and pm[0] != P:
                pv = b.values_at(py, w0).get(pm[0])
                if pv is not None:
                    care.append(f"margin over the result published just before it ({pm[0]} {fmt(pv)}): {margin(xv, pv)}")
        nc = b.careless('nocr', F - 1)
        if nc and nc[0] != P:
            care.append(f"no conflict removal: over {nc[0]} {fmt(nc[1])}")
        if b.lower:
            care.append(f"higher read as better: a 'margin' of -{margin(xv, b.state(F - 1, w0)[2])}")
        out.append(q_record(3, b, q, 'superseded', exp, None, set(), keep,
                            f"{X} took the record with its first result ({F}); the previous best is the board as of "
                            f"{F - 1}; margin = |{X} - previous best|, {'lower' if b.lower else 'higher'} is better; "
                            f"asked only where both values are still the surviving ones",
                            right, care))


def gen_T4(b, out, left, sure, possible):
    q = f"Which models have held the record on {b.d} by {b.m}?"
    def first_led(M):
        ys = [first_sole(b.timeline(w), M) for w in b.worlds]
        return min(y if isinstance(y, int) else 9999 for y in ys)
    exp = sorted(sure, key=lambda M: (first_led(M), M))
    allowed = sorted(possible - set(sure))
    if b.now_undated_led():
        und = {b.state(NOWKEY, w, True)[1] for w in b.worlds}
        allowed = sorted(set(allowed) | und)
    keep = set()
    try:
        answers = [(w, (None, frozenset(), frozenset(
            {fact(b.state(NOWKEY, w)[1], b.state(NOWKEY, w)[2], b.d, b.m)}))) for w in b.worlds]
        _, _, keep, _ = combine(b, answers, claim=False)
    except Skip:
        keep = set()
    order = []
    w0 = b.worlds[0]
    for M in exp:
        rg = [r for w in b.worlds for r in reigns(b.timeline(w), M)]
        starts = sorted({r[0] for r in rg if r[0] != NOWKEY})
        order.append(f"{M} (from {'/'.join(map(str, starts))})")
    right = "every model that led alone in some year, in order: " + ', '.join(order)
    if allowed:
        right += f"; may also be named with a caveat: {', '.join(allowed)}"
    care = []
    now = b.values_at(NOWKEY, w0, with_undated=True)
    ranked = [M for M, v in sorted(now.items(), key=lambda kv: kv[1], reverse=not b.lower)]
    care.append(f"the current ranking's top {len(exp)}: {', '.join(ranked[:len(exp)])}")
    nb = []
    for Y in b.years():
        c = b.careless('nocr', Y)
        if c and c[0] not in nb:
            nb.append(c[0])
    def wrong(lst):
        return bool(set(lst) - set(exp) - set(allowed)) or bool(set(exp) - set(lst))
    if wrong(nb):
        care.append(f"no conflict removal: {', '.join(nb)}")
    mb = []
    for Y, c in naive_timeline(b, 'month').items():
        if c[0] == 'sole' and c[1] not in mb:
            mb.append(c[1])
    if wrong(mb):
        care.append(f"a P29 month read as a year: {', '.join(mb)}")
    if b.lower:
        db = []
        for Y in b.years():
            c = b.careless('dir', Y)
            if c and c[0] not in db:
                db.append(c[0])
        care.append(f"higher read as better: {', '.join(db)}")
    out.append(q_record(4, b, q, 'superseded', exp, None, set(), keep,
                        "a model held the record if it led the board alone (the board as it stood, year by year, "
                        "conflicts resolved under each year's anchor, undated papers left out) in at least one year; "
                        "expected are the models that did so under every reading",
                        right, care))


def gen_T5(b, out, left, sure):
    if b.now_undated_led():
        left.append((5, b.gn, f"Since when ... {b.d}", 'the best now is an undated result'))
        return
    try:
        answers = []
        for w in b.worlds:
            tl = b.timeline(w)
            s = tl[NOWKEY]
            if s[0] != 'sole' or len({b.state(NOWKEY, x)[0:2] for x in b.worlds}) > 1:
                raise Skip('the top is open now (a close conflict decides who leads)')
            rg = reigns(tl, s[1])
            last = [r for r in rg if r[1] is None]
            answers.append((w, (None, frozenset({s[1], fmt(s[2]), str(last[0][0])}),
                                frozenset({fact(s[1], s[2], b.d, b.m)}))))
        _, exp, keep, cause = combine(b, answers, claim=False)
    except Skip as e:
        left.append((5, b.gn, f"Since when has ... held the record on {b.d} by {b.m}?", str(e)))
        return
    w0 = b.worlds[0]
    tl0 = b.timeline(w0)
    L = tl0[NOWKEY][1]
    S = [r for r in reigns(tl0, L) if r[1] is None][0][0]
    subjects = [(L, 'as_of', 'holder')]
    nw = b.careless('newest', NOWKEY)
    if nw and nw[0] != L and nw[0] not in sure:
        subjects.append((nw[0], 'recency', 'newest'))
    for H in sorted(sure):
        if H != L:
            subjects.append((H, 'superseded', 'former'))
    for X, mech, kind in subjects:
        q = f"Since when has {X} held the record on {b.d} by {b.m}?"
        mr = set()
        if kind == 'former':
            mr = robust_set(b, lambda w: {fact(X, s[2], b.d, b.m) for Y, s in b.timeline(w).items()
                                          if s[0] == 'sole' and s[1] == X})
            mr -= set(keep)
        if kind == 'holder':
            right = f"{L} has held it since {S} ({fmt(tl0[NOWKEY][2])})"
        elif kind == 'newest':
            right = (f"{X} has never held it (its {', '.join(map(fmt, sorted(b.values[X])))} is not the best); "
                     f"{L} has held it since {S}")
        else:
            spans = sorted({(r[0], r[1]) for w in b.worlds for r in reigns(b.timeline(w), X)},
                           key=lambda x: (str(x[0]), x[1] or 9999))
            right = (f"{X} no longer holds it (it led from " + '; '.join(f"{a} until {c}" for a, c in spans)
                     + f"); {L} has held it since {S}")
        care = []
        if kind == 'holder':
            fy = sorted({y for r in b.num_rows if r['model'] == L for y in b.raw[r['paper']]})
            if min(fy) != S:
                care.append(f"a P29 month read as a year: since {min(fy)}")
            ly = max(y for r in b.num_rows if r['model'] == L for y in b.valid[r['paper']])
            if ly != S:
                care.append(f"the year of its latest restatement: {ly}")
            if b.last != S:
                care.append(f"newest = best: the year of the board's newest result, {b.last}")
        else:
            fy = b.first_year(X)
            care.append(f"the premise accepted: since {fy}, {X}'s first result")
        care = [c for c in care if c]
        out.append(q_record(5, b, q, mech, sorted(exp), None, mr, keep,
                            "the start of the current holder's unbroken run as sole leader, year by year under each "
                            "year's anchor, to now; a question naming a model that does not hold the record is "
                            "answered with the holder",
                            right, care))


def gen_T6(b, out, left):
    if b.now_undated_led():
        left.append((6, b.gn, f"Has the best {b.m} on {b.d} changed since ...?", 'the best now is an undated result'))
        return
    for Y in range(b.first, LAST):
        q = f"Has the best {b.m} on {b.d} changed since {Y}?"
        try:
            answers = []
            for w in b.worlds:
                now = b.state(NOWKEY, w)
                res = set()
                for Z in (Y, Y - 1):
                    s = b.state(Z, w)
                    if now[0] != 'sole' or s[0] == 'tie':
                        raise Skip('tie')
                    if s[0] == 'empty':
                        res.add('SUPPORTED')
                    elif s[1] == now[1] and s[2] != now[2]:
                        raise Skip('the same model with another value')
                    else:
                        res.add('SUPPORTED' if s[1] != now[1] else 'REFUTED')
                if len(res) > 1:
                    raise Skip(f'"since {Y}" read with and without the results of {Y} differ')
                answers.append((w, (res.pop(), frozenset({now[1], fmt(now[2])}),
                                    frozenset({fact(now[1], now[2], b.d, b.m)}))))
            verdict, exp, keep, cause = combine(b, answers, claim=True)
        except Skip as e:
            left.append((6, b.gn, q, str(e)))
            continue
        mr = set()
        exp, keep = add_close(b, NOWKEY, exp, keep)
        if verdict == 'SUPPORTED':
            mr = robust_set(b, lambda w: {fact(b.state(Y, w)[1], b.state(Y, w)[2], b.d, b.m)}
                            if b.state(Y, w)[0] == 'sole' else set())
            mr -= set(keep)
        newer = any(fy is not None and fy > Y for fy in (b.first_year(M) for M in b.models))
        if verdict == 'SUPPORTED':
            mech = 'superseded'
        elif verdict == 'REFUTED':
            mech = 'recency' if newer else 'as_of'
        else:
            mech = 'metadata' if cause == 'pick' else 'conflict'
        exp = sorted(exp)
        olds = sorted({b.state(Y, w)[1] for w in b.worlds if b.state(Y, w)[0] == 'sole'})
        right = {'SUPPORTED': f"yes: {'/'.join(olds)} led in {Y}; the best now is {show(b, exp)}",
                 'REFUTED': f"no: {show(b, exp)} led in {Y} and still does"
                            + ('; later results are not better' if newer else ''),
                 'UNCERTAIN': f"cannot be decided: {'/'.join(olds)} led in {Y}; the best now is open between "
                              f"{show(b, exp)} ({'two real years' if cause == 'pick' else 'a close conflict'})"}[verdict]
        care = []
        if newer and verdict == 'REFUTED':
            care.append('newest = best: yes, newer results appeared after ' + str(Y))
        for mode in ('nocr', 'month', 'string', 'dir'):
            a, c = b.careless(mode, Y), b.careless(mode, NOWKEY)
            if a and c:
                cv = 'SUPPORTED' if a[0] != c[0] else 'REFUTED'
                if cv != verdict:
                    care.append(f"{mode_name(mode)}: {'yes' if cv == 'SUPPORTED' else 'no'} ({a[0]} then, {c[0]} now)")
        out.append(q_record(6, b, q, mech, exp, verdict, mr, keep,
                            f"compare the sole leader as the board stood in {Y} (and, as a check, in {Y - 1}) with the "
                            "leader now; a yes/no question is a claim (TD05); a close conflict that decides it gives "
                            "UNCERTAIN",
                            right, care))


def mode_name(mode):
    return {'nocr': 'no conflict removal', 'month': 'a P29 month read as a year', 'string': 'scores sorted as strings',
            'dir': 'higher read as better on Word Error Rate', 'undated': 'undated results kept',
            'newest': 'newest = best'}[mode]


_NAIVE = {}


def naive_timeline(b, mode):
    key = (b.gn, b.d, mode, check.NOW)
    if key in _NAIVE:
        return _NAIVE[key]
    tl = OrderedDict()
    for Y in range(1, LAST + 1):
        c = b.careless(mode, Y)
        tl[Y] = ('sole', c[0], c[1]) if c else ('empty',)
    c = b.careless(mode, NOWKEY)
    tl[NOWKEY] = ('sole', c[0], c[1]) if c else ('empty',)
    _NAIVE[key] = tl
    return tl


def gen_T7(b, out, left, possible):
    if b.now_undated_led():
        left.append((7, b.gn, f"... held the record on {b.d} from ... until ...", 'the best now is an undated result'))
        return
    tls = [(w, b.timeline(w)) for w in b.worlds]
    now_holder_starts = {}
    cands = OrderedDict()
    for M in sorted(possible):
        if M in b.undated:
            continue
        starts = set()
        for w, tl in tls:
            for s, e in reigns(tl, M):
                if s == NOWKEY:
                    continue
                starts.add(s)
                if e is not None:
                    cands.setdefault((M, s, e), 'true')
        for S in sorted(starts):
            # (i) until the current holder's run began
            for w, tl in tls[:1]:
                nowh = tl[NOWKEY]
                if nowh[0] == 'sole' and nowh[1] != M:
                    st = [r for r in reigns(tl, nowh[1]) if r[1] is None]
                    if st and st[0][0] != NOWKEY and st[0][0] > S:
                        cands.setdefault((M, S, st[0][0]), 'skip')
            # (ii) until the next newer result on the board
            ny = sorted({b.first_year(X) for X in b.models if X != M and b.first_year(X) is not None
                         and b.first_year(X) > S})
            if ny:
                cands.setdefault((M, S, ny[0]), 'newest')
            # (iii) the naive histories
            for mode in ('nocr', 'month', 'undated'):
                for s2, e2 in reigns(naive_timeline(b, mode), M):
                    if s2 == S and e2 is not None:
                        cands.setdefault((M, S, e2), mode)
    for (M, Y1, Y2), origin in cands.items():
        if Y2 > LAST or Y2 <= Y1:
            continue
        q = f"{M} held the record on {b.d} by {b.m} from {Y1} until {Y2}, right?"
        try:
            answers = []
            for w, tl in tls:
                rg = [r for r in reigns(tl, M) if r[0] == Y1]
                if not rg:
                    s1 = tl[Y1]
                    if s1[0] != 'sole':
                        raise Skip(f'no single leader in {Y1}')
                    answers.append((w, ('REFUTED', frozenset({s1[1], fmt(s1[2])}),
                                        frozenset({fact(s1[1], s1[2], b.d, b.m)}))))
                    continue
                E = rg[0][1]
                truth = E == Y2
                if not truth and E is not None and Y2 in (E - 1,):
                    raise Skip('"until" read as the last year held')
                if E is None:
                    v = tl[NOWKEY][2]
                    e = frozenset({M, fmt(v), str(Y1)})
                    k = frozenset({fact(M, v, b.d, b.m)})
                else:
                    succ = tl[E]
                    e = frozenset({str(Y1), str(E)} | ({succ[1]} if succ[0] == 'sole' else set()))
                    k = frozenset({fact(M, tl[Y1][2], b.d, b.m)} |
                                  ({fact(succ[1], succ[2], b.d, b.m)} if succ[0] == 'sole' else set()))
                answers.append((w, ('SUPPORTED' if truth else 'REFUTED', e, k)))
            verdict, exp, keep, cause = combine(b, answers, claim=True)
        except Skip as e:
            left.append((7, b.gn, q, str(e)))
            continue
        keep = {f for f in keep if survives_now(b, f)}
        if cause == 'close':
            exp, keep = add_close(b, NOWKEY, exp, keep, extra=[M])
        if verdict == 'SUPPORTED':
            mech = 'superseded'
        elif verdict == 'UNCERTAIN':
            mech = 'metadata' if cause == 'pick' else 'conflict'
        else:
            mech = {'skip': 'superseded', 'newest': 'recency', 'nocr': 'conflict', 'month': 'metadata',
                    'undated': 'metadata', 'true': 'superseded'}[origin]
        descr = []
        for w, tl in tls:
            rg = [r for r in reigns(tl, M) if r[0] == Y1]
            if not rg:
                s1 = tl[Y1]
                txt = f"{M} did not lead in {Y1} ({s1[1]} {fmt(s1[2])} did)"
            elif rg[0][1] is None:
                txt = f"{M} has led alone since {Y1} and still does"
            else:
                su = tl[rg[0][1]]
                txt = f"{M} led alone from {Y1} until {su[1] if su[0] == 'sole' else 'another result'} displaced it in {rg[0][1]}"
            if txt not in descr:
                descr.append(txt)
        right = f"{verdict}: " + ' | or | '.join(descr) + (
            f" ({'which of two real years is right' if cause == 'pick' else 'a close conflict'} decides it)" if verdict == 'UNCERTAIN' else '')
        care = {'skip': 'the intermediate record holders skipped',
                'newest': 'newest = best: the record ends with the next newer result',
                'nocr': 'no conflict removal', 'month': 'a P29 month read as a year',
                'undated': 'undated results kept', 'true': ''}[origin]
        out.append(q_record(7, b, q, mech, sorted(exp), verdict, set(), keep,
                            "a record is held from the first year the model leads the board alone (as the board stood "
                            "that year) until the year another result displaces it; 'until Y2' names the year it was "
                            "displaced; a wrong Y2 is never the last year it held",
                            right, [care] if care else []))


def survives_now(b, f):
    return survives_at(b, f, NOWKEY)


def survives_at(b, f, A):
    """f survives the conflict rules under anchor A (NOWKEY = now) for every year pick."""
    M, v = parse_fact(f)
    for pick in b.picks:
        st, s = b.sets_at(A, pick, with_undated=(A == NOWKEY)).get(M, (None, set()))
        if v not in s or st == 'AMBIGUOUS':
            return False
    return True


def parse_fact(f):
    import re
    mo = re.match(check.FACT_RE.pattern, f)
    return mo.group(1), float(mo.group(2))


def t8_mechanism(b, M, Y, origin):
    """REFUTED 'M held the record in Y': what makes the claim look right to a careless reader."""
    if origin == 'nocr':
        return 'conflict'
    if origin in ('month', 'undated'):
        return 'metadata'
    fy = [b.first_year(M, w['pick']) for w in b.worlds]
    if all(y is None or y > Y for y in fy):
        return 'as_of'
    if all(any(s[0] == 'sole' and s[1] == M for Z, s in b.timeline(w).items() if Z != NOWKEY and Z < Y)
           for w in b.worlds):
        return 'superseded'
    if origin == 'newest':
        return 'recency'
    return 'as_of'


def gen_T8(b, out, left):
    for Y in range(b.first, LAST + 1):
        cands = OrderedDict()
        for w in b.worlds:
            s = b.state(Y, w)
            if s[0] == 'sole':
                cands.setdefault(s[1], 'true')
        for mode in ('nocr', 'month', 'undated', 'newest', 'now', 'late', 'string', 'dir', 'early'):
            c = b.careless(mode, Y)
            if c:
                cands.setdefault(c[0], mode)
        for M, origin in cands.items():
            q = f"{M} held the record on {b.d} by {b.m} in {Y}, right?"
            if M in b.undated:
                left.append((8, b.gn, q, f"{M}'s paper has no usable year: whether it held the record then cannot be told"))
                continue
            try:
                answers = []
                for w in b.worlds:
                    s = b.state(Y, w)
                    e, k = ans_state(b, s, Y)
                    answers.append((w, ('SUPPORTED' if s[0] == 'sole' and s[1] == M else 'REFUTED', e, k)))
                verdict, exp, keep, cause = combine(b, answers, claim=True)
            except Skip as e:
                left.append((8, b.gn, q, str(e)))
                continue
            if not exp:
                left.append((8, b.gn, q, 'nothing recorded'))
                continue
            exp, keep = add_close(b, Y, exp, keep)
            mr = set()
            if verdict == 'REFUTED':
                vals = [float(x) for x in exp if x not in b.models and not x.isdigit()]
                for v in sorted(b.values[M]):
                    beats = (not vals) or b.better(v, min(vals) if not b.lower else max(vals))
                    if not b.fact_visible(M, v, Y) and beats:
                        mr.add(fact(M, v, b.d, b.m))
                    if (M, v) in b.removed_at(Y) and beats:
                        mr.add(fact(M, v, b.d, b.m))
            if verdict == 'SUPPORTED':
                mech = 'as_of'
            elif verdict == 'UNCERTAIN':
                mech = 'metadata' if cause == 'pick' else 'conflict'
            else:
                mech = t8_mechanism(b, M, Y, origin)
            leader = {x for x in exp if x in b.models}
            right = {'SUPPORTED': f"{M} led alone at the end of {Y}: {show(b, exp)}",
                     'REFUTED': f"the record holder in {Y} was {show(b, exp)}",
                     'UNCERTAIN': f"open in {Y}: {show(b, exp)} "
                                  f"({'which of two real years is right' if cause == 'pick' else 'a close conflict'} decides it)"}[verdict]
            care = b.careless_text(Y, leader,
                                   ['now', 'newest', 'nocr', 'month', 'undated', 'string', 'dir', 'late', 'pubin'])
            if verdict == 'REFUTED':
                why = {'nocr': 'no conflict removal', 'month': 'a P29 month read as a year',
                       'undated': 'undated results kept', 'newest': 'newest = best',
                       'now': 'the current best given for a past year', 'late': 'the anchor read one year late',
                       'early': 'the anchor read one year early', 'string': 'scores sorted as strings',
                       'dir': 'higher read as better on Word Error Rate', 'true': 'another reading'}[origin]
                care = [f"the claim is what {why} gives ({M})"] + [c for c in care if not c.startswith(why)]
            out.append(q_record(8, b, q, mech, sorted(exp), verdict, mr, keep,
                                f"the board as it stood in {Y} (papers up to {Y}, ages from {Y}, undated papers left "
                                "out, a P29 month is not a year); 'held the record' = led alone",
                                right, care, anchor=Y))


def gen_T9(b, out, left, possible, sure):
    tls = [(w, b.timeline(w)) for w in b.worlds]
    if b.now_undated_led():
        tls = [(w, OrderedDict((k, v) for k, v in tl.items() if k != NOWKEY)) for w, tl in tls]
    cands = OrderedDict()
    w0, tl0 = tls[0]
    for B in sorted(possible):
        if B in b.undated:
            continue
        for w, tl in tls:
            F, prev = predecessor(tl, B)
            if F is not None and prev is not None:
                cands.setdefault((B, prev[0]), 'true')
                cands.setdefault((prev[0], B), 'reverse')
        fy = b.first_year(B)
        prevs = [(b.first_year(X), X) for X in b.models if X != B and X not in b.undated
                 and b.first_year(X) is not None and b.first_year(X) < fy]
        if prevs:
            py = max(y for y, _ in prevs)
            pm = [X for y, X in prevs if y == py]
            if len(pm) == 1:
                cands.setdefault((B, pm[0]), 'chrono')
        nows = tl0.get(NOWKEY)
        if nows and nows[0] == 'sole' and nows[1] == B:
            now = b.values_at(NOWKEY, w0)
            ranked = [X for X, v in sorted(now.items(), key=lambda kv: kv[1], reverse=not b.lower) if X != B]
            if ranked:
                cands.setdefault((B, ranked[0]), 'runnerup')
        for mode in ('nocr', 'month'):
            ntl = naive_timeline(b, mode)
            F, prev = predecessor(ntl, B)
            if prev:
                cands.setdefault((B, prev[0]), mode)
    nw = b.careless('newest', NOWKEY)
    nowh = tl0.get(NOWKEY)
    if nw and nw[0] not in possible and nowh and nowh[0] == 'sole':
        cands.setdefault((nw[0], nowh[1]), 'newest')
    for (B, A), origin in cands.items():
        if A == B or B in b.undated or A in b.undated:
            continue
        q = f"{B} took the record on {b.d} by {b.m} from {A}, right?"
        try:
            answers = []
            for w, tl in tls:
                F, prev = predecessor(tl, B)
                if F is None:
                    fyB = b.first_year(B, w['pick'])
                    sB = tl.get(fyB)
                    if sB is None or sB[0] != 'sole':
                        raise Skip('no single leader when its result appeared')
                    L, vL = sB[1], sB[2]
                    e = frozenset({L, fmt(vL)})
                    k = frozenset({fact(L, vL, b.d, b.m)})
                    answers.append((w, ('REFUTED', e, k)))
                    continue
                if prev is None:
                    e = frozenset({str(F)})
                    k = frozenset({fact(B, tl[F][2], b.d, b.m)})
                    answers.append((w, ('REFUTED', e, k)))
                    continue
                e = frozenset({prev[0], str(F)})
                k = frozenset({fact(B, tl[F][2], b.d, b.m), fact(prev[0], prev[1], b.d, b.m)})
                answers.append((w, ('SUPPORTED' if prev[0] == A else 'REFUTED', e, k)))
            verdict, exp, keep, cause = combine(b, answers, claim=True)
        except Skip as e:
            left.append((9, b.gn, q, str(e)))
            continue
        keep = {f for f in keep if survives_now(b, f)}
        if cause == 'close':
            exp, keep = add_close(b, NOWKEY, exp, keep, extra=[A, B])
        if verdict == 'SUPPORTED':
            mech = 'superseded'
        elif verdict == 'UNCERTAIN':
            mech = 'metadata' if cause == 'pick' else 'conflict'
        else:
            mech = {'reverse': 'superseded', 'chrono': 'recency', 'runnerup': 'superseded', 'nocr': 'conflict',
                    'month': 'metadata', 'newest': 'recency', 'true': 'superseded'}[origin]
        descr = []
        for w, tl in tls:
            F, prev = predecessor(tl, B)
            if F is None:
                fyB = b.first_year(B, w['pick'])
                sB = tl[fyB]
                txt = f"{B} never led alone (when its result appeared in {fyB}, {sB[1]} {fmt(sB[2])} led)"
            elif prev is None:
                txt = f"{B} set the first record, in {F}; nobody held it before"
            else:
                txt = f"{B} first led alone in {F}, taking the record from {prev[0]}"
            if txt not in descr:
                descr.append(txt)
        right = f"{verdict}: " + ' | or | '.join(descr)
        if verdict == 'UNCERTAIN':
            right += f" ({'which of two real years is right' if cause == 'pick' else 'a close conflict'} decides it)"
        care = {'reverse': f'the order reversed ({A} came first)', 'chrono': f'the result published just before {B}',
                'runnerup': 'the runner-up now', 'nocr': 'no conflict removal', 'month': 'a P29 month read as a year',
                'newest': f'newest = best: {B} is the newest model on the board', 'true': ''}[origin]
        out.append(q_record(9, b, q, mech, sorted(exp), verdict, set(), keep,
                            f"B took the record from A if, in the board's history (year by year, as it stood), the "
                            f"last model to lead alone before B first led alone is A",
                            right, [care] if care else []))


# ---- driver ---------------------------------------------------------------------------------------
LAST = None


def boards_of(gn):
    g = graph(gn)
    return sorted({(r['dataset'], r['metric']) for r in g.rows}, key=lambda x: x)


def build():
    """All questions (unsampled) under the current check.NOW, and what was left out."""
    global LAST
    LAST = max(y for gn in GRAPHS for p in graph(gn).papers for y in graph(gn).valid_years(p))
    out, left = [], []
    for gn in GRAPHS:
        per_t = defaultdict(list)
        for d, m in boards_of(gn):
            b = Board(gn, d, m)
            # cross-check with check.board where it answers
            for Y in b.years() + [NOWKEY]:
                try:
                    ref = check.board(b.g, d, m, anchor=None if Y == NOWKEY else Y)
                except AssertionError:
                    continue
                mine = b.sets_at(Y, 'min', with_undated=(Y == NOWKEY))
                assert {(M, v) for M, (st, s) in mine.items() for v in s} == {(M, v) for v, M, st in ref}, (d, Y)
            sure, possible = None, set()
            for w in b.worlds:
                h = holders(b, b.timeline(w))
                sure = h if sure is None else sure & h
                possible |= h
            gen_T1(b, per_t[1], left)
            gen_T2(b, per_t[2], left, sure)
            gen_T3(b, per_t[3], left, sure)
            gen_T4(b, per_t[4], left, sure, possible)
            gen_T5(b, per_t[5], left, sure)
            gen_T6(b, per_t[6], left)
            gen_T7(b, per_t[7], left, possible)
            gen_T8(b, per_t[8], left)
            gen_T9(b, per_t[9], left, possible, sure)
        for t in sorted(per_t):
            for r in per_t[t]:
                r['_t'] = t
                out.append(r)
    return out, left


def key_of(r):
    return (r['graph'], r['_t'], r['question'])


def stable_build():
    """build() for every current year 2025-2030 and the environment's own; keep what never changes."""
    env_now = check.NOW
    runs = {}
    lefts = {}
    for now in sorted(set(NOWS + [env_now])):
        check.NOW = now
        _GRAPH.clear()
        qs, left = build()
        runs[now] = OrderedDict((key_of(r), r) for r in qs)
        lefts[now] = left
    check.NOW = env_now
    base = runs[env_now]
    dropped = []
    keep = []
    for k, r in base.items():
        ok = True
        for now, rs in runs.items():
            o = rs.get(k)
            if o is None or any(o[f] != r[f] for f in FIELDS if f not in ('id', 'notes')):
                ok = False
        if ok:
            keep.append(r)
        else:
            dropped.append(k)
    for now, rs in runs.items():
        for k in rs:
            if k not in base:
                dropped.append(k)
    return keep, lefts[env_now], dropped


def kind(r):
    return (r['verdict'], r['mechanism'], bool(r['must_remove']), not r['expected'])


def waterfill(sizes, cap):
    """Split cap as evenly as possible over the keys of sizes, no key getting more than its size."""
    alloc = {k: 0 for k in sizes}
    left = cap
    open_ = sorted(sizes, key=lambda k: (sizes[k], str(k)))
    while open_ and left > 0:
        share = left // len(open_)
        small = [k for k in open_ if sizes[k] - alloc[k] <= share]
        if small:
            for k in small:
                left -= sizes[k] - alloc[k]
                alloc[k] = sizes[k]
                open_.remove(k)
            continue
        if share == 0:
            for k in open_[:left]:
                alloc[k] += 1
            left = 0
            break
        for k in open_:
            alloc[k] += share
            left -= share
    return alloc


def sample(qs):
    """Above CAP: an even sample, seed 21.  The cap is split evenly over the templates, and each
    template's share evenly over the graphs (a template or cell smaller than its share is kept
    whole; what it leaves goes to the others).  Within a cell every kind (verdict, mechanism,
    must_remove non-empty, expected empty) is drawn once before the rest is drawn at random."""
    if len(qs) <= CAP:
        return qs
    cells = OrderedDict()
    for r in qs:
        cells.setdefault((r['_t'], r['graph']), []).append(r)
    tsize = defaultdict(int)
    for (t, gn), lst in cells.items():
        tsize[t] += len(lst)
    talloc = waterfill(dict(tsize), CAP)
    rng = random.Random(SEED)
    kept = []
    for t in sorted(tsize):
        gsizes = {gn: len(lst) for (tt, gn), lst in cells.items() if tt == t}
        galloc = waterfill(gsizes, talloc[t])
        for gn in GRAPHS:
            if gn not in gsizes:
                continue
            lst = cells[(t, gn)]
            n = galloc[gn]
            kinds = OrderedDict()
            for r in lst:
                kinds.setdefault(kind(r), []).append(r)
            chosen = []
            for kd, rs in kinds.items():
                if len(chosen) < n:
                    chosen.append(rng.choice(rs))
            rest = [r for r in lst if all(r is not c for c in chosen)]
            rng.shuffle(rest)
            chosen += rest[:max(0, n - len(chosen))]
            kept += [r for r in lst if any(r is c for c in chosen)]
    return kept


def order(qs):
    return sorted(qs, key=lambda r: (GRAPHS.index(r['graph']), r['_t']))


def generate():
    qs, left, dropped = stable_build()
    total = len(qs)
    before = defaultdict(int)
    for r in qs:
        before[(r['_t'], r['graph'])] += 1
    qs = order(sample(qs))
    for i, r in enumerate(qs, 1):
        r['id'] = f"TY{i:03d}"
    rows = [OrderedDict((f, r[f]) for f in FIELDS) for r in qs]
    return rows, {'total': total, 'before': before, 'left': left, 'dropped': dropped,
                  'templates': [r['_t'] for r in qs]}


def main():
    rows, info = generate()
    path = os.path.join(HERE, 'trust-dev21.jsonl')
    with open(path, 'w') as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + '\n')
    print(f"wrote {len(rows)} questions to {path} (sampled from {info['total']})")
    print("before sampling per (template, graph):")
    for t in range(1, 10):
        print(f"  T{t}: " + ', '.join(f"{gn} {info['before'].get((t, gn), 0)}" for gn in GRAPHS))
    print(f"left out ({len(info['left'])}):")
    for t, gn, q, why in info['left']:
        print(f"  T{t} {gn}: {q} -- {why}")
    print(f"dropped for depending on the current year: {len(info['dropped'])}")
    for k in info['dropped']:
        print('  ', k)


def guarded(fn):
    """Run fn; an exception is shown by type and by the frames of this folder's own files only
    (never a line of check.py, whose source is not to be seen)."""
    import traceback
    try:
        return fn()
    except Exception as e:
        frames = [f for f in traceback.extract_tb(e.__traceback__)
                  if os.path.basename(f.filename) != 'check.py']
        for f in frames:
            print(f"  {os.path.basename(f.filename)}:{f.lineno} in {f.name}: {f.line}")
        print(f"ERROR {type(e).__name__}" + ('' if os.path.basename(traceback.extract_tb(e.__traceback__)[-1].filename)
                                            == 'check.py' else f": {e}"))
        sys.exit(2)


if __name__ == '__main__':
    guarded(main)
