#!/usr/bin/env python3
"""Checks trust-dev18.jsonl (TV001, ...).

Parses every question back into its template (T1-T8) and recomputes every field from the graphs with its own code:
surviving values from check.board (not check.surviving, which gen18 uses), stored values from check.G's rows,
paper years from G.valid_years (gen18 filters P29 itself), two real years as an interval of possible years (gen18
enumerates choices), close conflicts as a set of possible values per model. check.py is imported as a module and
never read. Runs the recomputation for every current year 2025-2030 and for the environment's own TRUST_NOW, checks
the ten fields, the id order, that there are at most 320 questions and no duplicates, and that gen18.py reproduces
the file exactly. Prints FAILURES: 0 and exits 0 when all is well, else lists the failures and exits 1.

Run: python3 check18.py   (TRUST_NOW=2025 / 2030 python3 check18.py give the same result)
Looks for check.py and g1.ttl .. g4.ttl beside this file first, then in /work/main/eval/gold/trust; for
trust-dev18.jsonl and gen18.py beside this file first, then in /work/goldwork/tv.
"""
import sys

sys.dont_write_bytecode = True

import importlib.util  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import traceback  # noqa: E402
from decimal import Decimal, ROUND_HALF_UP  # noqa: E402
from itertools import product  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FALLBACK = "/work/main/eval/gold/trust"
OWN_FALLBACK = "/work/goldwork/tv"
NEEDED = ("check.py", "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")
TRUST_DIR = next(d for d in (HERE, FALLBACK) if all(os.path.exists(os.path.join(d, f)) for f in NEEDED))
if TRUST_DIR not in sys.path:
    sys.path.insert(0, TRUST_DIR)
import check as C  # noqa: E402  (reference rules; used, never read)

QFILE = next(p for p in (os.path.join(HERE, "trust-dev18.jsonl"), os.path.join(OWN_FALLBACK, "trust-dev18.jsonl"))
             if os.path.exists(p))
GENFILE = next(p for p in (os.path.join(HERE, "gen18.py"), os.path.join(OWN_FALLBACK, "gen18.py")) if os.path.exists(p))
YEARS = range(2025, 2031)
LIMIT = 320
FIELDS = ["id", "graph", "question", "query_type", "mechanism", "expected", "verdict", "must_remove", "must_keep", "notes"]
# README "Conflict margins": the conflicts and their outcome under all six readings
STABLE = {("KestrelNet", "BenchMira"): "clear", ("Orvalis-CNN", "Corvalla-Ice"): "clear",
          ("Fennick-RNN", "Dastrup-7 Chorus"): "clear", ("Syrinxa", "Hollenby Marsh Calls"): "clear",
          ("Gannetron", "Orrenby Parallel Corpus"): "clear", ("Tavrosa", "BenchMira"): "close",
          ("Trillbert", "Dastrup-7 Chorus"): "close", ("Aviquist", "Veltmoor Dawn Set"): "close",
          ("Warbleon", "Hollenby Marsh Calls"): "close", ("Murrelet-MT", "Mirelle Subtitles"): "close"}
FAIL = []


def fail(qid, msg):
    FAIL.append(f"{qid}: {msg}")


def safe_error(ex):
    """an exception as text; its message only when it was raised in this file (never a line of check.py)"""
    tb = traceback.extract_tb(ex.__traceback__)
    if tb and os.path.basename(tb[-1].filename) == os.path.basename(__file__):
        return f"{type(ex).__name__}: {ex}"
    return f"{type(ex).__name__} (raised inside an imported module)"


def D(x):
    return Decimal(str(x))


class Graph:
    """the facts of one graph, read through check.G and check.board"""

    def __init__(self, name):
        g = self.g = C.G(name)
        self.rows = [dict(r, num=C.parse_value(r["value"])) for r in g.rows]
        self.boards = {}
        for r in self.rows:
            self.boards.setdefault(r["dataset"], set()).add(r["metric"])
        assert all(len(ms) == 1 for ms in self.boards.values()), "a dataset with two metrics"
        self.metric = {d: next(iter(ms)) for d, ms in self.boards.items()}
        self.models = {r["model"] for r in self.rows}
        self.S, self.status = {}, {}
        for d, m in self.metric.items():
            for v, mo, st in C.board(g, d, m, None):
                self.S.setdefault((mo, d), set()).add(v)
                self.status[(mo, d)] = st
        self.ALL = {}
        for r in self.rows:
            if r["num"] is not None:
                self.ALL.setdefault((r["model"], r["dataset"]), set()).add(r["num"])
        for k, vs in self.ALL.items():
            want = STABLE.get(k, "single")
            if len(vs) > 1:
                assert self.status.get(k) == want, f"conflict {k} is {self.status.get(k)}, README says {want}"
        self.text_values = {C.fmt(v) for vs in self.ALL.values() for v in vs}

    def surv(self, mo, d):
        return sorted(self.S.get((mo, d), ()))

    def removed(self, mo, d):
        return sorted(self.ALL.get((mo, d), set()) - self.S.get((mo, d), set()))

    def years(self, paper):
        return sorted(self.g.valid_years(paper))

    def papers(self, mo, d, v=None):
        return sorted({r["paper"] for r in self.rows if r["model"] == mo and r["dataset"] == d
                       and (v is None or r["num"] == v)})

    def span(self, mo, d, v):
        """(earliest possible, latest possible) first year a paper stated v; None when no stating paper has a year"""
        ys = [self.years(p) for p in self.papers(mo, d, v)]
        ys = [y for y in ys if y]
        if not ys:
            return None
        return min(y[0] for y in ys), min(y[-1] for y in ys)

    def model_span(self, mo, d, vals=None):
        """possible first year of the model's results (all values, or the given ones)"""
        sp = [self.span(mo, d, v) for v in (vals if vals is not None else self.ALL.get((mo, d), ()))]
        sp = [s for s in sp if s]
        if not sp:
            return None
        return min(s[0] for s in sp), min(s[1] for s in sp)


def lower(m):
    return m in C.LOWER_BETTER


def bt(a, b, m):
    return a < b if lower(m) else a > b


def fact(mo, v, d, m):
    return f"{mo} scores {C.fmt(v)} on {d} by {m}"


def agg(truths):
    t = set(truths)
    assert t, "no reading"
    return "SUPPORTED" if t == {True} else "REFUTED" if t == {False} else "UNCERTAIN"


def triple_mech(G, mo, d):
    return "conflict" if len(G.ALL.get((mo, d), ())) > 1 else "corroboration"


def label(G, name, kind):
    pool = {"model": G.models, "dataset": set(G.metric)}[kind]
    assert name in pool, f"{name!r} is not a {kind} label of the graph"
    return name


# ---- the templates, recomputed -------------------------------------------------------------------------------
def r_threshold(G, mo, op, V, d, m):
    label(G, mo, "model"), label(G, d, "dataset")
    assert G.metric[d] == m, "metric of another board"
    assert op in (("below", "at most") if lower(m) else ("above", "at least")), "comparison word against the board"
    V = D(V)
    if not G.ALL.get((mo, d)):
        assert any(r["model"] == mo and r["dataset"] == d for r in G.rows)
        return "gate", [], "UNCERTAIN", [], []
    S = G.surv(mo, d)
    assert all(D(x) != V for x in G.ALL[(mo, d)]), "threshold equal to a stored value"
    assert min(abs(D(x) - V) for x in S) <= Decimal("0.6") or (len(S) > 1 and D(S[0]) < V < D(S[-1])), \
        "threshold not just under / over the value"
    f = {"above": lambda x: D(x) > V, "at least": lambda x: D(x) >= V,
         "below": lambda x: D(x) < V, "at most": lambda x: D(x) <= V}[op]
    return (triple_mech(G, mo, d), [C.fmt(x) for x in S], agg(f(x) for x in S),
            [fact(mo, x, d, m) for x in G.removed(mo, d)], [fact(mo, x, d, m) for x in S])


def r_about(G, mo, V, d):
    label(G, mo, "model"), label(G, d, "dataset")
    m = G.metric[d]
    V = D(V)
    if not G.ALL.get((mo, d)):
        return "gate", [], "UNCERTAIN", [], []
    S = G.surv(mo, d)
    rounded = {D(x).quantize(Decimal(1), ROUND_HALF_UP) for x in S}
    assert V in rounded or all(abs(V - D(x)) >= 3 for x in S), "V neither a rounded value nor 3 or more away"
    return (triple_mech(G, mo, d), [C.fmt(x) for x in S], agg(abs(D(x) - V) <= Decimal("0.5") for x in S),
            [fact(mo, x, d, m) for x in G.removed(mo, d)], [fact(mo, x, d, m) for x in S])


def r_margin(G, a, b, d, M, m):
    label(G, a, "model"), label(G, b, "model"), label(G, d, "dataset")
    assert G.metric[d] == m and a != b
    M = D(M)
    Sa, Sb = G.surv(a, d), G.surv(b, d)
    assert Sa and Sb, "a model without a number"
    verdict = agg(bt(x, y, m) and abs(D(x) - D(y)) == M for x in Sa for y in Sb)
    if len(G.ALL[(a, d)]) > 1 or len(G.ALL[(b, d)]) > 1:
        mech = "conflict"
    else:
        sa, sb = G.model_span(a, d), G.model_span(b, d)
        if sa is None or sb is None or not (sa[1] < sb[0] or sb[1] < sa[0]):
            mech = "corroboration"
        else:
            a_newer = sa[0] > sb[1]
            a_wins = all(bt(x, y, m) for x in Sa for y in Sb)
            mech = "superseded" if a_newer == a_wins else "recency"
    return (mech, [C.fmt(x) for x in sorted(set(Sa) | set(Sb))], verdict,
            [fact(a, x, d, m) for x in G.removed(a, d)] + [fact(b, x, d, m) for x in G.removed(b, d)],
            [fact(a, x, d, m) for x in Sa] + [fact(b, x, d, m) for x in Sb])


def rank_ranges(G, d):
    m = G.metric[d]
    ms = [mo for mo in G.models if G.surv(mo, d)]
    out = {}
    for x in ms:
        above = mixed = 0
        for y in ms:
            if y == x:
                continue
            rel = {bt(u, v, m) for u in G.surv(y, d) for v in G.surv(x, d)}
            assert all(u != v for u in G.surv(y, d) for v in G.surv(x, d)), "a tie"
            if rel == {True}:
                above += 1
            elif rel != {False}:
                mixed += 1
        out[x] = (1 + above, 1 + above + mixed)
    return out


def r_rank(G, mo, r, d, m):
    label(G, mo, "model"), label(G, d, "dataset")
    assert G.metric[d] == m
    rr = rank_ranges(G, d)
    assert all(lo == hi for lo, hi in rr.values() if lo <= 3), "the top three depend on a close conflict"
    lo, hi = rr[mo]
    assert lo == hi or not (lo <= r <= hi), "the claimed rank is open"
    verdict = "SUPPORTED" if lo == hi == r else "REFUTED"
    T = next(x for x, (a, b) in rr.items() if a == b == r)
    worst_T = max(G.surv(T, d)) if lower(m) else min(G.surv(T, d))
    rem = [fact(x, v, d, m) for x in rr for v in G.removed(x, d) if bt(v, worst_T, m)]
    keep = [fact(x, v, d, m) for x, (a, b) in rr.items() if b <= r for v in G.surv(x, d)] + \
           [fact(mo, v, d, m) for v in G.surv(mo, d)]
    exp = [mo] + [C.fmt(v) for v in G.surv(mo, d)] if verdict == "SUPPORTED" else [T] + [C.fmt(v) for v in G.surv(T, d)]
    # careless: every stored value counted (no conflict removal), each model at its best stored value
    best = {x: (min if lower(m) else max)(G.ALL[(x, d)]) for x in rr}
    crank = 1 + sum(1 for x in rr if x != mo and bt(best[x], best[mo], m))
    cverdict = "SUPPORTED" if crank == r else "REFUTED"
    return ("conflict" if cverdict != verdict else "superseded"), exp, verdict, rem, keep


def first_in_reading(G, d, V, counted):
    """(model, (lo, hi)) of the first model to reach V in one reading; raises when it cannot be told"""
    m = G.metric[d]
    spans = {}
    for mo in G.models:
        vals = [v for v in counted(mo) if (D(v) < V if lower(m) else D(v) > V)]
        if not vals:
            continue
        for v in vals:
            assert G.span(mo, d, v) is not None, f"{mo} {v} reaches it undated"
        spans[mo] = G.model_span(mo, d, vals)
    assert spans, "nobody reaches it"
    F = min(spans, key=lambda x: spans[x][0])
    assert all(spans[F][1] < spans[x][0] for x in spans if x != F), "first by year not decided"
    earlier = any(s and s[0] < spans[F][0] for x in G.models for s in [G.model_span(x, d, counted(x))])
    return F, spans[F], earlier


def r_first(G, mo, V, d, m):
    label(G, mo, "model"), label(G, d, "dataset")
    assert G.metric[d] == m
    V = D(V)
    assert all(D(v) != V for (x, dd), vs in G.ALL.items() if dd == d for v in vs), "threshold equal to a value"
    ms = [x for x in G.models if G.surv(x, d)]
    close = [x for x in ms if len(G.surv(x, d)) > 1]
    readings = []
    for choice in product(*[G.surv(x, d) for x in close]):
        pick = dict(zip(close, choice))
        readings.append(lambda x, pick=pick: [pick[x]] if x in pick else G.surv(x, d))
    readings.append(lambda x: sorted(G.ALL.get((x, d), ())))
    res = [first_in_reading(G, d, V, rd) for rd in readings]
    Fs = {F for F, _, _ in res}
    assert len(Fs) == 1, f"readings disagree on the first model: {Fs}"
    assert any(e for _, _, e in res), "no earlier result in any reading (not between records)"
    F = Fs.pop()
    reach = lambda v: D(v) < V if lower(m) else D(v) > V  # noqa: E731
    kf = [v for v in G.surv(F, d) if reach(v)]
    yrs = {s for _, s, _ in res}
    exp = [F] + [C.fmt(v) for v in kf] + ([str(next(iter(yrs))[0])] if len(yrs) == 1 and
                                           next(iter(yrs))[0] == next(iter(yrs))[1] else [])
    if mo == F:
        verdict, keep = "SUPPORTED", [fact(F, v, d, m) for v in kf]
    else:
        assert G.surv(mo, d) and all(reach(v) for v in G.surv(mo, d)), "the claimed model never reached it"
        sm = G.model_span(mo, d, G.surv(mo, d))
        assert sm and sm[0] > max(s[1] for s in yrs), "the claimed model is not a later one"
        verdict, keep = "REFUTED", [fact(F, v, d, m) for v in kf] + [fact(mo, v, d, m) for v in G.surv(mo, d)]
    rem = [fact(x, v, d, m) for x in ms for v in G.removed(x, d) if reach(v)]
    return "as_of", exp, verdict, rem, keep


def r_absent(G, mo, V, d, m):
    label(G, mo, "model"), label(G, d, "dataset")
    V = float(V)
    assert not any(r["model"] == mo and r["dataset"] == d and r["metric"] == m for r in G.rows), "the pairing exists"
    assert any(V in G.S.get((mo, dd), ()) for dd in G.metric), "the value is none of the model's surviving values"
    if G.metric[d] != m:
        assert m in {G.metric[x] for x in G.metric}, "a metric the graph does not use"
        assert any(r["model"] == mo and r["dataset"] == d for r in G.rows), "wrong-metric form on a foreign dataset"
        return "gate", [], "UNCERTAIN", [], []
    assert not any(r["model"] == mo and r["dataset"] == d for r in G.rows)
    vals = [(v, x) for x in G.models for v in G.surv(x, d)]
    top = sorted(vals, key=lambda t: t[0] if lower(m) else -t[0])[0]
    if bt(V, top[0], m):
        assert len(G.surv(top[1], d)) == 1 and sum(1 for v, _ in vals if v == top[0]) == 1
        return "gate", [top[1], C.fmt(top[0])], "UNCERTAIN", [], []
    return "gate", [], "UNCERTAIN", [], []


def r_year(G, mo, V, d, Y):
    label(G, mo, "model"), label(G, d, "dataset")
    m = G.metric[d]
    V, Y = float(V), int(Y)
    assert V in G.surv(mo, d), "not a surviving value"
    sp = G.span(mo, d, V)
    keep = [fact(mo, V, d, m)]
    if sp is None:
        return "metadata", [], "UNCERTAIN", [], keep
    stated = sorted({y for p in G.papers(mo, d, V) for y in G.years(p)})
    if sp[0] != sp[1]:
        assert sp[0] <= Y <= sp[1] and Y in stated, "a year outside the two real years"
        return "metadata", [C.fmt(V)] + [str(y) for y in stated], "UNCERTAIN", [], keep
    y0 = sp[0]
    assert Y == y0 or Y not in stated, "a restatement year claimed"
    return "metadata", [C.fmt(V), str(y0)], ("SUPPORTED" if Y == y0 else "REFUTED"), [], keep


def r_since(G, X, V, d, Y):
    label(G, X, "model"), label(G, d, "dataset")
    m = G.metric[d]
    V, Y = float(V), int(Y)
    assert G.surv(X, d) == [V], "not the model's single surviving value"
    sp = G.span(X, d, V)
    assert sp and sp[0] == sp[1] == Y, "YEAR is not the year the value was first stated"
    others = [x for x in G.models if x != X and G.surv(x, d)]

    def status(x, v):
        if not bt(v, V, m):
            return "no"
        s = G.span(x, d, v)
        if s is None:
            return "unknown"
        last = max(y for p in G.papers(x, d, v) for y in G.years(p))
        return "yes" if s[0] >= Y else "no" if last < Y else "unknown"

    truths = []
    for choice in product(*[[(x, v) for v in G.surv(x, d)] for x in others]):
        st = [status(x, v) for x, v in choice]
        assert "yes" in st or "unknown" not in st, "depends on the date of a better result"
        truths.append("yes" not in st)
    verdict = agg(truths)
    beaters = [x for x in others if all(status(x, v) == "yes" for v in G.surv(x, d))]
    straddle = [x for x in others if len({bt(v, V, m) for v in G.surv(x, d)}) > 1]
    rem = [fact(x, v, d, m) for x in others for v in G.removed(x, d)
           if bt(v, V, m) and any(y >= Y for p in G.papers(x, d, v) for y in G.years(p))]
    keep = [fact(X, V, d, m)]
    if verdict == "REFUTED":
        b = sorted(beaters, key=lambda x: min(G.surv(x, d)) if lower(m) else -max(G.surv(x, d)))[0]
        exp = [b] + [C.fmt(v) for v in G.surv(b, d)]
        keep += [fact(b, v, d, m) for v in G.surv(b, d)]
    elif verdict == "SUPPORTED":
        exp = [C.fmt(V)]
    else:
        exp = [C.fmt(V)] + [s for x in straddle for s in [x] + [C.fmt(v) for v in G.surv(x, d)]]
        keep += [fact(x, v, d, m) for x in straddle for v in G.surv(x, d)]
    ever = any(all(bt(v, V, m) for v in G.surv(x, d)) for x in others)
    if verdict == "UNCERTAIN" or (rem and verdict == "SUPPORTED"):
        mech = "conflict"
    elif verdict == "SUPPORTED" and ever:
        mech = "as_of"
    else:
        mech = "superseded"
    return mech, exp, verdict, rem, keep


NUM = r"(\d+(?:\.\d+)?)"
PATTERNS = [
    ("T1", rf"Does (.+) score (above|below) {NUM} on (.+) by (.+)\?",
     lambda G, g: r_threshold(G, g[0], g[1], g[2], g[3], g[4])),
    ("T1", rf"(.+) gets (at least|at most) {NUM} on (.+) by (.+), right\?",
     lambda G, g: r_threshold(G, g[0], g[1], g[2], g[3], g[4])),
    ("T2", r"(.+) scores about (\d+) on (.+), right\?", lambda G, g: r_about(G, g[0], g[1], g[2])),
    ("T3", rf"(.+) beats (.+) on (.+) by {NUM} (.+) points, right\?",
     lambda G, g: r_margin(G, g[0], g[1], g[2], g[3], g[4])),
    ("T4", r"Is (.+) now the (second|third)-best model on (.+) by (.+)\?",
     lambda G, g: r_rank(G, g[0], {"second": 2, "third": 3}[g[1]], g[2], g[3])),
    ("T5", rf"Was (.+) the first model to reach {NUM} (Accuracy|F1|Mean IoU|BLEU|chrF) on (.+)\?",
     lambda G, g: r_first(G, g[0], g[1], g[3], g[2])),
    ("T5", rf"Was (.+) the first model to get (Word Error Rate) below {NUM} on (.+)\?",
     lambda G, g: r_first(G, g[0], g[2], g[3], g[1])),
    ("T6", rf"Does (.+) score {NUM} on (.+) by (.+)\?", lambda G, g: r_absent(G, g[0], g[1], g[2], g[3])),
    ("T7", rf"(.+)'s {NUM} on (.+) was reported in (\d{{4}}), right\?",
     lambda G, g: r_year(G, g[0], g[1], g[2], g[3])),
    ("T8", rf"Nobody has beaten (.+)'s {NUM} on (.+) since (\d{{4}}), right\?",
     lambda G, g: r_since(G, g[0], g[1], g[2], g[3])),
]


def recompute(q, G):
    for tpl, pat, fn in PATTERNS:
        M = re.fullmatch(pat, q["question"])
        if M:
            return (tpl,) + tuple(fn(G, M.groups()))
    raise AssertionError("no template matches")


def check_all(qs, graphs, tag):
    for q in qs:
        G = graphs[q["graph"]]
        try:
            tpl, mech, exp, verdict, rem, keep = recompute(q, G)
        except Exception as ex:  # noqa: BLE001
            fail(q["id"], f"{tag}recompute failed: {safe_error(ex)}")
            continue
        if not q["notes"].startswith(f"[{tpl}] "):
            fail(q["id"], f"{tag}notes do not start with [{tpl}]")
        if f"Right: {verdict}" not in q["notes"] or "Careless: " not in q["notes"] or "Rule: " not in q["notes"]:
            fail(q["id"], f"{tag}notes lack 'Rule:', 'Right: {verdict}' or 'Careless:'")
        if q["query_type"] != "claim_verification":
            fail(q["id"], f"{tag}query_type {q['query_type']}")
        if q["mechanism"] != mech:
            fail(q["id"], f"{tag}mechanism {q['mechanism']} != {mech}")
        if q["verdict"] != verdict:
            fail(q["id"], f"{tag}verdict {q['verdict']} != {verdict}")
        if sorted(set(q["expected"])) != sorted(set(exp)) or len(q["expected"]) != len(set(q["expected"])):
            fail(q["id"], f"{tag}expected {q['expected']} != {exp}")
        if q["must_remove"] != sorted(set(rem)):
            fail(q["id"], f"{tag}must_remove {q['must_remove']} != {sorted(set(rem))}")
        if q["must_keep"] != sorted(set(keep)):
            fail(q["id"], f"{tag}must_keep {q['must_keep']} != {sorted(set(keep))}")
        for f in q["must_keep"] + q["must_remove"]:
            M = re.fullmatch(r"(.+) scores (\S+) on (.+) by (.+)", f)
            if not M:
                fail(q["id"], f"{tag}fact format: {f}")
                continue
            mo, v, d, m = M.groups()
            if G.metric.get(d) != m or float(v) not in G.ALL.get((mo, d), ()) or C.fmt(float(v)) != v:
                fail(q["id"], f"{tag}fact not in the graph (clean form): {f}")
            elif f in q["must_keep"] and float(v) not in G.S.get((mo, d), ()):
                fail(q["id"], f"{tag}must_keep fact does not survive: {f}")
            elif f in q["must_remove"] and float(v) in G.S.get((mo, d), ()):
                fail(q["id"], f"{tag}must_remove fact is not a removed (clear-conflict) value: {f}")
        years = {str(y) for p in G.g.papers for y in G.years(p)}
        for e in q["expected"]:
            if e not in G.models and e not in G.text_values and e not in years:
                fail(q["id"], f"{tag}expected string {e!r} is no label, value or year of the graph")


def main():
    qs = [json.loads(line) for line in open(QFILE)]
    for i, q in enumerate(qs, 1):
        if list(q) != FIELDS:
            fail(q.get("id", i), f"fields {list(q)}")
        if q.get("id") != f"TV{i:03d}":
            fail(q.get("id", i), f"id out of order (expected TV{i:03d})")
        if q.get("verdict") not in ("SUPPORTED", "REFUTED", "UNCERTAIN"):
            fail(q.get("id", i), "every question is a claim and needs a verdict")
        if q.get("graph") not in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"):
            fail(q.get("id", i), "graph")
    if len(qs) > LIMIT:
        FAIL.append(f"{len(qs)} questions, more than {LIMIT}")
    if len({q["id"] for q in qs}) != len(qs) or len({(q["graph"], q["question"]) for q in qs}) != len(qs):
        FAIL.append("duplicate ids or questions")
    order = [(q["graph"], int(q["notes"][2])) for q in qs]
    if order != sorted(order):
        FAIL.append("questions not ordered by graph, then template")
    saved = C.NOW
    try:
        for y in list(YEARS) + [saved]:
            C.NOW = y
            try:
                graphs = {f"g{i}.ttl": Graph(f"g{i}.ttl") for i in range(1, 5)}
            except Exception as ex:  # noqa: BLE001
                FAIL.append(f"[NOW={y}] reading the graphs failed: {safe_error(ex)}")
                continue
            check_all(qs, graphs, f"[NOW={y}] ")
    finally:
        C.NOW = saved
    # gen18.py reproduces the file exactly
    try:
        spec = importlib.util.spec_from_file_location("gen18_for_check", GENFILE)
        gen = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(gen)
        again = gen.generate()
        if again != qs:
            diff = [a["id"] for a, b in zip(again, qs) if a != b]
            FAIL.append(f"gen18.py does not reproduce trust-dev18.jsonl ({len(again)} vs {len(qs)} questions; "
                        f"first differences {diff[:5]})")
    except Exception as ex:  # noqa: BLE001
        FAIL.append(f"running gen18.py failed: {safe_error(ex)}")
    counts, verdicts = {}, {}
    for q in qs:
        counts[q["notes"][1:3]] = counts.get(q["notes"][1:3], 0) + 1
        verdicts[q["verdict"]] = verdicts.get(q["verdict"], 0) + 1
    print(f"{len(qs)} questions from {QFILE}; NOW={C.NOW}")
    print(f"per template {json.dumps(dict(sorted(counts.items())))}; verdicts {json.dumps(dict(sorted(verdicts.items())))}")
    for f in FAIL:
        print("FAIL", f)
    print(f"FAILURES: {len(FAIL)}")
    sys.exit(1 if FAIL else 0)


if __name__ == "__main__":
    main()
