#!/usr/bin/env python3
"""check31.py: re-derives every answer of trust-dev31.jsonl (UF01-UF30) from the trust fixture graphs.

Choices and several asks in one message: "X or Y: which is better on D?", "which of X, Y and Z ...",
two questions in one message (the second elliptical), a ranking place ("second", "top three", "where does
X rank"), a model against itself over time or across datasets.

Uses check.py (imported, never read) and g1.ttl ... g4.ttl from /work/main/eval/gold/trust. Nothing is
written there (sys.dont_write_bytecode). UF_FILE=path checks another copy of the JSONL.
Every computer runs for check.NOW = the value TRUST_NOW gives (or the current year) and 2025 ... 2030;
the results must be identical. Last line: FAILURES: <n>; exit status 1 on any failure.
"""
import itertools
import json
import os
import re
import sys

sys.dont_write_bytecode = True
TRUST = "/work/main/eval/gold/trust"
sys.path.insert(0, TRUST)
import check  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FILE = os.environ.get("UF_FILE") or os.path.join(HERE, "trust-dev31.jsonl")
FIRST = os.path.join(TRUST, "trust-dev.jsonl")

FAILS = []


def fail(qid, msg):
    FAILS.append(f"{qid}: {msg}")
    print(f"FAIL {qid}: {msg}")


class Premise(Exception):
    pass


def need(cond, msg):
    if not cond:
        raise Premise(msg)


# ----------------------------------------------------------------------------------------------
# graph helpers (over check.py's functions)
# ----------------------------------------------------------------------------------------------
_G = {}


def GR(name):
    if name not in _G:
        _G[name] = check.G(name)
    return _G[name]


B, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
DA, HO, VE = "Dastrup-7 Chorus", "Hollenby Marsh Calls", "Veltmoor Dawn Set"
OR, QU, MI = "Orrenby Parallel Corpus", "Quenmark Dialogue Set", "Mirelle Subtitles"
SE, KE = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"
ACC, F1, MIOU, WER, BLEU, CHRF = "Accuracy", "F1", "Mean IoU", "Word Error Rate", "BLEU", "chrF"
METRIC = {B: ACC, CI: F1, SK: MIOU, DA: WER, HO: ACC, VE: WER, OR: BLEU, QU: BLEU, MI: CHRF, SE: F1, KE: MIOU}

fmt = check.fmt


def fact(m, v, d):
    return f"{m} scores {fmt(v)} on {d} by {METRIC[d]}"


def better(a, b, d):
    return a < b if METRIC[d] in check.LOWER_BETTER else a > b


def vals(g, m, d, anchor=None):
    """Surviving values of m on d; a conflict whose six readings disagree stops the check."""
    s, status, diag = check.surviving(g, m, d, METRIC[d], anchor)
    keeps = set(re.findall(r"keep (\[[^\]]*\])", diag))
    if len(keeps) > 1:
        raise Premise(f"unstable conflict {m} on {d}: {diag}")
    need(status in ("single", "clear", "close", "none"), f"status {status}")
    return set(s)


def readings(g, d, anchor=None):
    """Every board the close conflicts allow: [{model: value}]."""
    per = {}
    for v, m, _st in check.board(g, d, METRIC[d], anchor):
        per.setdefault(m, []).append(v)
    for m in per:
        need(set(per[m]) == vals(g, m, d, anchor), f"board/surviving disagree for {m} on {d}")
    models = sorted(per)
    return [dict(zip(models, c)) for c in itertools.product(*[per[m] for m in models])]


def agree(xs):
    xs = list(xs)
    return xs[0] if xs and all(x == xs[0] for x in xs) else None


def rank_in(r, m, d):
    return 1 + sum(1 for o, v in r.items() if o != m and better(v, r[m], d))


def rank(g, m, d, anchor=None):
    return agree(rank_in(r, m, d) for r in readings(g, d, anchor))


def at_place(g, d, place, anchor=None, among=None):
    """The model at `place` under every reading (None when readings disagree)."""
    out = []
    for r in readings(g, d, anchor):
        if among is not None:
            r = {m: v for m, v in r.items() if m in among}
        order = sorted(r, key=lambda m: r[m], reverse=METRIC[d] not in check.LOWER_BETTER)
        out.append(order[place - 1] if len(order) >= place else None)
    return agree(out)


def ahead_of(g, m, d, anchor=None):
    """Models ahead of m under every reading; None if some model is ahead only under some."""
    sets = [frozenset(o for o, v in r.items() if o != m and better(v, r[m], d)) for r in readings(g, d, anchor)]
    return set(agree(sets)) if agree(sets) is not None else None


def pair_winner(g, a, b, d, anchor=None):
    return agree((a if better(r[a], r[b], d) else b) for r in readings(g, d, anchor))


def has_row(g, m, d):
    return any(r["model"] == m and r["dataset"] == d for r in g.rows)


def raw_values(g, m, d):
    return {check.parse_value(r["value"]) for r in g.rows if r["model"] == m and r["dataset"] == d}


def papers_stating(g, m, d, v):
    return {r["paper"] for r in g.rows
            if r["model"] == m and r["dataset"] == d and check.parse_value(r["value"]) == v}


def title(g, p):
    return g.papers[p]["title"]


def handle(t):
    return t.split(":")[0]


def own_paper(g, name):
    ps = [p for p, info in g.papers.items() if info["title"].startswith(name + ":")]
    need(len(ps) == 1, f"own paper of {name}: {ps}")
    return ps[0]


def years(g, p):
    return set(g.valid_years(p))


def states(g, p, m, d):
    return {check.parse_value(r["value"]) for r in g.rows if r["paper"] == p and r["model"] == m and r["dataset"] == d}


def first_year(g, m, d):
    ys = [y for v in check.facts(g).get((m, d, METRIC[d]), {}).values() for y, _p in v if y is not None]
    return min(ys) if ys else None


def after_anchor(g, m, d, v, anchor):
    """True when no paper with a validated year up to the anchor states v for m on d (either year pick)."""
    for pick in (min, max):
        if v in check.facts(g, anchor, pick).get((m, d, METRIC[d]), {}):
            return False
    return True


def later_beating(g, d, anchor, thr, among=None):
    """Kind (c): facts stated only after the anchor (or undated) that beat thr."""
    out = set()
    for (m, dd, mt), vs in check.facts(g).items():
        if dd != d or (among is not None and m not in among):
            continue
        for v in vs:
            if after_anchor(g, m, d, v, anchor) and better(v, thr, d):
                out.add(fact(m, v, d))
    return out


def newest_model(g, d):
    firsts = {}
    for (m, dd, mt), vs in check.facts(g).items():
        if dd == d:
            ys = [y for lst in vs.values() for y, _p in lst if y is not None]
            if ys:
                firsts[m] = min(ys)
    top = max(firsts.values())
    ms = [m for m, y in firsts.items() if y == top]
    need(len(ms) == 1, f"newest model on {d}: {ms}")
    return ms[0]


def V(S):
    return {fmt(v) for v in S}


def res(expected, verdict=None, keep=(), remove=()):
    return dict(expected=set(expected), verdict=verdict, must_keep=set(keep), must_remove=set(remove))


def VERDICT(b):
    return {True: "SUPPORTED", False: "REFUTED", None: "UNCERTAIN"}[b]


def AND(*parts):
    if any(p is False for p in parts):
        return False
    if all(p is True for p in parts):
        return True
    return None


# ----------------------------------------------------------------------------------------------
# one computer per question
# ----------------------------------------------------------------------------------------------
def uf01():
    g = GR("g1.ttl")
    m1, m2 = at_place(g, B, 1), at_place(g, SK, 1)
    need(m1 and m2, "bests decided")
    need(newest_model(g, B) != m1, "the newest BenchMira model is not the best")
    v1, v2 = vals(g, m1, B), vals(g, m2, SK)
    return res({m1, m2} | V(v1) | V(v2), None, {fact(m1, v, B) for v in v1} | {fact(m2, v, SK) for v in v2})


def uf02():
    g = GR("g1.ttl")
    A, W = "Zephyrine-L", "Wendrel-S"
    need(first_year(g, W, B) > first_year(g, A, B), "Wendrel-S is the newer")
    win = pair_winner(g, A, W, B)
    need(win is not None, "BenchMira choice decided")
    need(not has_row(g, A, CI) and has_row(g, W, CI), "only Wendrel-S has a Corvalla-Ice result")
    wci = vals(g, W, CI)
    exp = {win} | V(vals(g, A, B)) | V(vals(g, W, B)) | V(wci)
    keep = {fact(A, v, B) for v in vals(g, A, B)} | {fact(W, v, B) for v in vals(g, W, B)} | {fact(W, v, CI) for v in wci}
    return res(exp, None, keep)


def uf03():
    g = GR("g2.ttl")
    C = "Corrasine"
    need(newest_model(g, DA) == C, "Corrasine's result is the newest")
    ranks = {rank_in(r, C, DA) for r in readings(g, DA)}
    claim = agree(r <= 2 for r in ranks) if len({r <= 2 for r in ranks}) == 1 else None
    # careless: higher read as better
    hi = sorted(check.board(g, DA, WER), key=lambda t: -t[0])
    need(C not in {hi[0][1], hi[1][1]}, "higher-is-better top two exclude Corrasine")
    ah = ahead_of(g, C, DA)
    need(ah is not None, "who is ahead is decided")
    exp = V(vals(g, C, DA)) | ah | {fmt(v) for m in ah for v in vals(g, m, DA)}
    keep = {fact(C, v, DA) for v in vals(g, C, DA)} | {fact(m, v, DA) for m in ah for v in vals(g, m, DA)}
    return res(exp, VERDICT(claim), keep)


def uf04():
    g = GR("g3.ttl")
    I, M = "Ibbotrans", "Murrelet-MT"
    need(years(g, own_paper(g, I)) and min(years(g, own_paper(g, I))) > max(years(g, own_paper(g, M))), "Ibbotrans's paper is newer")
    exp, keep = set(), set()
    wins = []
    for d in (OR, QU):
        w = pair_winner(g, I, M, d)
        need(w is not None, f"choice on {d} decided")
        wins.append(w)
        exp |= {w} | V(vals(g, I, d)) | V(vals(g, M, d))
        keep |= {fact(x, v, d) for x in (I, M) for v in vals(g, x, d)}
    need(wins[0] != wins[1], "the winner flips")
    return res(exp, None, keep)


def uf05():
    g = GR("g4.ttl")
    exp, keep = set(), set()
    for prob in ("Tidal Turbine Fault Detection", "Kelp Canopy Mapping"):
        dated, undated = check.newest_topic_paper(g, prob)
        top = max(y for y, t in dated)
        tops = [t for y, t in dated if y == top]
        need(len(tops) == 1, f"one newest paper on {prob}")
        t = tops[0]
        exp.add(handle(t))
        p = [p for p, info in g.papers.items() if info["title"] == t][0]
        for r in g.rows:
            if r["paper"] == p and r["model"] == handle(t):
                keep.add(fact(r["model"], check.parse_value(r["value"]), r["dataset"]))
        if prob == "Kelp Canopy Mapping":
            need(len(undated) >= 2, "undated kelp papers exist (the trap)")
    need("A Replication of Tidal Turbine Fault Detectors" in exp, "replication is the newest")
    return res(exp, None, keep)


def uf06():
    g = GR("g2.ttl")
    T = "Trillbert"
    tv = vals(g, T, DA)
    need(len(tv) == 2, "Trillbert's two values are a close conflict")
    fy = first_year(g, T, DA)
    mine = set()
    for m in {m for r in readings(g, DA) for m in r} - {T}:
        if first_year(g, m, DA) and first_year(g, m, DA) > fy and all(better(r[m], r[T], DA) for r in readings(g, DA)):
            mine.add(m)
    need(mine == set(check.models_beating(g, DA, WER, T)), "models_beating agrees")
    need(first_year(g, "Fennick-RNN", DA) < fy and any(
        min(y for y, _ in lst if y) > fy for v, lst in check.facts(g)[("Fennick-RNN", DA, WER)].items()),
        "Fennick-RNN has a later (worse) result: the trap")
    exp = V(tv) | mine | {fmt(v) for m in mine for v in vals(g, m, DA)}
    keep = {fact(T, v, DA) for v in tv} | {fact(m, v, DA) for m in mine for v in vals(g, m, DA)}
    return res(exp, None, keep)


def uf07():
    g = GR("g1.ttl")
    P = "PimbraFormer"
    need(at_place(g, B, 1, anchor=2018) == P, "PimbraFormer led as of 2018")
    rk = rank(g, P, B)
    need(rk is not None, "rank decided")
    ah = ahead_of(g, P, B)
    exp = ah | V(vals(g, P, B))
    keep = {fact(m, v, B) for m in ah | {P} for v in vals(g, m, B)}
    return res(exp, VERDICT(rk <= 3), keep)


def uf08():
    g = GR("g3.ttl")
    M = "Murrelet-MT"
    need(at_place(g, QU, 1, anchor=2022) == M, "Murrelet-MT led as of 2022")
    rk = rank(g, M, QU)
    need(rk == 2, "second now")
    ah = ahead_of(g, M, QU)
    need(all(first_year(g, m, QU) > first_year(g, M, QU) for m in ah), "passed later")
    exp = V(vals(g, M, QU)) | ah | {fmt(v) for m in ah for v in vals(g, m, QU)}
    keep = {fact(m, v, QU) for m in ah | {M} for v in vals(g, m, QU)}
    return res(exp, None, keep)


def uf09():
    g = GR("g4.ttl")
    M = "Marrowfen"
    need(at_place(g, SE, 1, anchor=2019) == M and at_place(g, SE, 1, anchor=2020) == M, "Marrowfen led 2019-2020")
    need(any(2025 in years(g, p) for p in papers_stating(g, M, SE, 78.4)), "78.4 restated in 2025")
    rk = rank(g, M, SE)
    need(rk is not None, "rank decided")
    ah = ahead_of(g, M, SE)
    exp = ah | {fmt(v) for m in ah for v in vals(g, m, SE)} | V(vals(g, M, SE))
    keep = {fact(m, v, SE) for m in ah | {M} for v in vals(g, m, SE)}
    return res(exp, VERDICT(rk <= 2), keep)


def uf10():
    g = GR("g2.ttl")
    named = ["Corrasine", "Aviquist", "Plumaro"]
    need(not has_row(g, "Plumaro", VE) and any(r["model"] == "Plumaro" and r["metric"] == WER for r in g.rows),
         "Plumaro has a WER elsewhere, none on Veltmoor")
    present = {m for m in named if has_row(g, m, VE)}
    win = at_place(g, VE, 1, among=present)
    need(win is None, "which of the named is lowest cannot be told")
    exp = present | {fmt(v) for m in present for v in vals(g, m, VE)}
    keep = {fact(m, v, VE) for m in present for v in vals(g, m, VE)}
    return res(exp, None, keep)


def uf11():
    g = GR("g2.ttl")
    first, second = at_place(g, HO, 1), at_place(g, HO, 2)
    need(first and second, "places decided")
    need(check.naive_best(g, HO, ACC, None).startswith("Syrinxa 93.8"), "careless: Syrinxa 93.8 first")
    removed = raw_values(g, second, HO) - vals(g, second, HO)
    exp = {first, second} | V(vals(g, first, HO)) | V(vals(g, second, HO))
    keep = {fact(m, v, HO) for m in (first, second) for v in vals(g, m, HO)}
    return res(exp, None, keep, {fact(second, v, HO) for v in removed})


def uf12():
    g = GR("g1.ttl")
    T = "Tavrosa"
    own = own_paper(g, T)
    rerun = own_paper(g, "Quillon-XL")
    vo, vr = states(g, own, T, B), states(g, rerun, T, B)
    need(len(vo) == 1 and len(vr) == 1, "one value each")
    need(min(years(g, rerun)) > max(years(g, own)), "the re-run is later")
    went_up = better(vr.pop(), vo.pop(), B)
    tv = vals(g, T, B)
    need(len(tv) == 2, "close conflict: both stay")
    return res(V(tv), VERDICT(went_up), {fact(T, v, B) for v in tv})


def uf13():
    g = GR("g3.ttl")
    N, M = "Nerrisa", "Murrelet-MT"
    exp, keep = set(), set()
    for d in (MI, OR):
        w = pair_winner(g, N, M, d)
        exp |= V(vals(g, N, d)) | V(vals(g, M, d))
        if w is not None:
            exp.add(w)
        keep |= {fact(x, v, d) for x in (N, M) for v in vals(g, x, d)}
        need((w is None) == (d == MI), f"Mirelle undecided, Orrenby decided ({d})")
    return res(exp, None, keep)


def uf14():
    g = GR("g3.ttl")
    G_ = "Gannetron"
    ps = {p for v in raw_values(g, G_, OR) for p in papers_stating(g, G_, OR, v)}
    need(len(ps) == 3, "three papers")
    sv = vals(g, G_, OR)
    removed = raw_values(g, G_, OR) - sv
    need(len(sv) == 1 and len(removed) == 1, "a clear conflict")
    exp = V(raw_values(g, G_, OR)) | {handle(title(g, p)) for p in ps} - {G_}
    return res(exp, None, {fact(G_, v, OR) for v in sv}, {fact(G_, v, OR) for v in removed})


def uf15():
    g = GR("g2.ttl")
    C = "Corrasine"
    vd, vv = vals(g, C, DA), vals(g, C, VE)
    need(len(vd) == 1 and len(vv) == 1 and METRIC[DA] == METRIC[VE], "one value each, same metric")
    a, b = next(iter(vd)), next(iter(vv))
    need(a > b, "careless (higher is better) says SUPPORTED")
    claim = better(a, b, DA)
    ps = papers_stating(g, C, VE, b)
    need(len(ps) >= 2, "corroborated")
    exp = V(vd) | V(vv) | {handle(title(g, p)) for p in ps} - {C}
    return res(exp, VERDICT(claim), {fact(C, a, DA), fact(C, b, VE)})


def uf16():
    g = GR("g4.ttl")
    S, U = "Selkora", "Undertow-GNN"
    w = pair_winner(g, S, U, SE)
    need(w is not None, "decided")
    need(first_year(g, U, SE) > first_year(g, S, SE), "Undertow-GNN's paper is newer")
    allp = set()
    for m in (S, U):
        (v,) = vals(g, m, SE)
        ps = papers_stating(g, m, SE, v)
        need(len(ps) == 2, f"{m}: two papers")
        allp |= ps
    udois = {d for p in papers_stating(g, U, SE, 86.0) for d in g.papers[p]["dois"]}
    need(len(udois) == 3, "Undertow-GNN: three DOIs over two papers (the trap)")
    exp = {w} | V(vals(g, S, SE)) | V(vals(g, U, SE)) | {handle(title(g, p)) for p in allp} - {S, U}
    return res(exp, None, {fact(m, v, SE) for m in (S, U) for v in vals(g, m, SE)})


def uf17():
    g = GR("g1.ttl")
    O = "Orvalis-CNN"
    own = own_paper(g, O)
    rs = [p for p, i in g.papers.items() if "Reproducibility Study" in i["title"]]
    need(len(rs) == 1 and min(years(g, rs[0])) > max(years(g, own)), "one later reproducibility study")
    so, sr = states(g, own, O, CI), states(g, rs[0], O, CI)
    need(so and sr, "both report it")
    need(len(raw_values(g, O, CI)) == 2, "another paper states another value (the trap)")
    sv = vals(g, O, CI)
    removed = raw_values(g, O, CI) - sv
    return res(V(sv), VERDICT(so == sr), {fact(O, v, CI) for v in sv}, {fact(O, v, CI) for v in removed})


def uf18():
    g = GR("g1.ttl")
    A = 2019
    exp, keep, rem = set(), set(), set()
    for d in (B, SK):
        m = at_place(g, d, 1, anchor=A)
        need(m is not None, "decided")
        vs = vals(g, m, d, A)
        exp |= {m} | V(vs)
        keep |= {fact(m, v, d) for v in vs}
        rem |= later_beating(g, d, A, max(vs) if METRIC[d] not in check.LOWER_BETTER else min(vs))
    need(check.naive_best(g, SK, MIOU, A).startswith("Sallowmere"), "careless: Sallowmere (month as year)")
    return res(exp, None, keep, rem)


def uf19():
    g = GR("g2.ttl")
    A = 2023
    m1, m2 = at_place(g, DA, 1, anchor=A), at_place(g, DA, 2, anchor=A)
    need(m1 and m2, "places decided")
    v1, v2 = vals(g, m1, DA, A), vals(g, m2, DA, A)
    need(len(v2) == 1, "second has one value")
    need(max(years(g, own_paper(g, "Corrasine"))) <= A and first_year(g, "Corrasine", DA) > A,
         "Corrasine's own paper is within the anchor, its Dastrup-7 result after it")
    exp = {m1, m2} | V(v1) | V(v2)
    keep = {fact(m1, v, DA) for v in v1} | {fact(m2, v, DA) for v in v2}
    return res(exp, None, keep, later_beating(g, DA, A, next(iter(v2))))


def uf20():
    g = GR("g3.ttl")
    A, H = 2022, "Halverin"
    rk = rank(g, H, OR, A)
    need(rk is not None and rk != rank(g, H, OR), "rank under the anchor differs from today's")
    first = at_place(g, OR, 1, anchor=A)
    ah = ahead_of(g, H, OR, A)
    hv = vals(g, H, OR, A)
    exp = V(hv) | {first} | V(vals(g, first, OR, A)) | ah
    keep = {fact(m, v, OR) for m in ah | {H} for v in vals(g, m, OR, A)}
    return res(exp, None, keep, later_beating(g, OR, A, next(iter(hv))))


def uf21():
    g = GR("g4.ttl")
    A = 2020
    named = {"Fucusnet", "Marrowfen", "Driftmere"}
    need(g.papers[own_paper(g, "Driftmere")]["years"] == [3], "Driftmere's only P29 is a month")
    need(check.naive_best(g, KE, MIOU, A).startswith("Driftmere"), "careless: Driftmere")
    m = at_place(g, KE, 1, anchor=A, among=named)
    vs = vals(g, m, KE, A)
    return res({m} | V(vs), None, {fact(m, v, KE) for v in vs}, later_beating(g, KE, A, next(iter(vs)), among=named))


def uf22():
    g = GR("g4.ttl")
    A, M = 2020, "Marrowfen"
    need(check.naive_best(g, SE, F1, A).startswith("Selkora"), "careless: Selkora (P29 11)")
    claim = at_place(g, SE, 1, anchor=A) == M
    second = at_place(g, SE, 2, anchor=A)
    for pick in (min, max):
        need(("Tidewick", SE, F1) in check.facts(g, A, pick), "Tidewick in under both of its years")
    v2 = vals(g, second, SE, A)
    exp = V(vals(g, M, SE, A)) | {second} | V(v2)
    keep = {fact(M, v, SE) for v in vals(g, M, SE, A)} | {fact(second, v, SE) for v in v2}
    return res(exp, VERDICT(claim), keep, later_beating(g, SE, A, next(iter(v2))))


def uf23():
    g = GR("g4.ttl")
    t, m = own_paper(g, "Tidewick"), own_paper(g, "Marrowfen")
    ty, my = years(g, t), years(g, m)
    need(len(ty) == 2 and len(my) == 1, "two real years against one")
    older = agree(a < b for a in ty for b in my)
    exp = {str(y) for y in ty | my} | set(g.papers[t]["dois"])
    return res(exp, VERDICT(older))


def uf24():
    g = GR("g2.ttl")
    t = own_paper(g, "Trillbert")
    need(5 in g.papers[t]["years"] and years(g, t) == {2022}, "P29 2022 and a month 5")
    ws = [p for p, i in g.papers.items() if i["title"].startswith("Warbleon")]
    need(len(ws) == 2, "two Warbleon titles")
    need(all(max(years(g, w)) < min(years(g, t)) for w in ws), "Trillbert's is newer than both")
    need(any(5 < max(years(g, w)) for w in ws), "careless (year 5) says Warbleon's")
    return res({"Trillbert"} | {str(y) for y in years(g, t)} | set(g.papers[t]["dois"]))


def uf25():
    g = GR("g3.ttl")
    i, m = own_paper(g, "Ibbotrans"), own_paper(g, "Murrelet-MT")
    need(g.papers[i]["dois"] == [] and len(g.papers[m]["dois"]) == 2, "no DOI / two DOIs")
    yi, ym = years(g, i), years(g, m)
    need(len(yi) == 1 and len(ym) == 1, "one year each")
    first = "Murrelet-MT" if max(ym) < min(yi) else ("Ibbotrans" if max(yi) < min(ym) else None)
    return res({first, str(min(ym)), str(min(yi))} | set(g.papers[m]["dois"]))


def uf26():
    g = GR("g3.ttl")
    named = {"Ibbotrans", "Murrelet-MT", "Ostrada-T"}
    need(not has_row(g, "Ibbotrans", MI), "Ibbotrans has no Mirelle row")
    need(has_row(g, "Ostrada-T", MI) and raw_values(g, "Ostrada-T", MI) == {None}, "Ostrada-T's Mirelle value is '-'")
    with_value = {m for m in named if vals(g, m, MI)}
    need(with_value == {"Murrelet-MT"}, "only Murrelet-MT has a value")
    m = at_place(g, MI, 1, among=named)
    return res({m} | V(vals(g, m, MI)), None, {fact(m, v, MI) for v in vals(g, m, MI)})


def uf27():
    g = GR("g1.ttl")
    labels = [r["l"] for r in g.sel(check.PREFIXES + "SELECT DISTINCT ?l WHERE { ?x rdfs:label ?l }")]
    need(not any(re.search(r"\b(rate|rates|estimation)\b", l, re.I) for l in labels), "no calving rates")
    need(any(re.search(r"\bcalving\b", l, re.I) for l in labels), "'calving' is there (the trap)")
    q = check.PREFIXES + """SELECT DISTINCT ?dl WHERE { ?c orkgp:P32 ?p . ?p rdfs:label ?pl .
      ?c orkgp:HAS_BENCHMARK ?b . ?b orkgp:HAS_DATASET ?d . ?d rdfs:label ?dl .
      FILTER(STR(?pl) = "%s") }"""
    crev = {r["dl"] for r in g.sel(q % "Crevasse Segmentation")}
    calv = {r["dl"] for r in g.sel(q % "Calving Front Delineation")}
    need(calv and not (calv & crev), "calving front datasets are others")
    return res(crev)


def uf28():
    g = GR("g4.ttl")
    K, M = "Kelvane", "Marrowfen"
    p1 = agree(better(r[K], r[M], KE) for r in readings(g, KE))
    p2 = None if not has_row(g, K, SE) else agree(better(r[K], r[M], SE) for r in readings(g, SE))
    need(p1 is True and p2 is None, "first half true, second open")
    need(not better(next(iter(vals(g, K, KE))), next(iter(vals(g, M, SE))), SE), "careless cross-metric comparison says REFUTED")
    keep = {fact(K, v, KE) for v in vals(g, K, KE)} | {fact(M, v, KE) for v in vals(g, M, KE)} | {fact(M, v, SE) for v in vals(g, M, SE)}
    return res(V(vals(g, K, KE)) | V(vals(g, M, KE)), VERDICT(AND(p1, p2)), keep)


def uf29():
    g = GR("g2.ttl")
    p = own_paper(g, "Plumaro")
    part1 = 88.3 in states(g, p, "Syrinxa", HO)
    part2 = 93.8 in states(g, p, "Plumaro", HO)
    need(any(p2 != p for p2 in papers_stating(g, "Syrinxa", HO, 93.8)), "93.8 is stated elsewhere")
    stated = states(g, p, "Plumaro", HO)
    keep = {fact("Plumaro", v, HO) for v in stated} | {fact("Syrinxa", 88.3, HO)}
    return res(V(stated), VERDICT(AND(part1, part2)), keep)


def uf30():
    g = GR("g3.ttl")
    A = 2011
    rem = set()
    for d in (OR, QU):
        need(check.board(g, d, METRIC[d], A) == [], f"nothing on {d} up to {A}")
        best = at_place(g, d, 1)
        rem |= {fact(best, v, d) for v in vals(g, best, d)}
        firsts = {}
        for (m, dd, mt), vs in check.facts(g).items():
            if dd == d:
                for v, lst in vs.items():
                    ys = [y for y, _ in lst if y is not None]
                    if ys:
                        firsts[(m, v)] = min(ys)
        e = min(firsts.values())
        rem |= {fact(m, v, d) for (m, v), y in firsts.items() if y == e}
    return res(set(), None, (), rem)


COMPUTERS = {f"UF{i:02d}": globals()[f"uf{i:02d}"] for i in range(1, 31)}

# anchors: the declared phrase, its year (check.anchor_of must agree)
ANCHOR = {"UF18": ("As of 2019", 2019), "UF19": ("As of 2023", 2023), "UF20": ("As of 2022", 2022),
          "UF21": ("Before 2021", 2020), "UF22": ("As of 2020", 2020), "UF30": ("as of 2011", 2011)}

# forms: (form, marker that must be in the question)
FORMS = {
    "UF01": [("two asks, second elliptical", "and on the")],
    "UF02": [("X or Y", " or "), ("two asks, second elliptical", "And on ")],
    "UF03": [("ranking place", "top two"), ("two asks", "who's ahead")],
    "UF04": [("X or Y", " or "), ("two asks, second elliptical", "and on the")],
    "UF05": [("two asks, second elliptical", "and on ")],
    "UF06": [("two asks", ", and who beat it later")],
    "UF07": [("ranking place", "top three"), ("ranking place", "Where does it rank")],
    "UF08": [("ranking place", "where does"), ("two asks", "and who passed it")],
    "UF09": [("ranking place", "top two"), ("X or Y", " or has it")],
    "UF10": [("which of X, Y and Z", "which of ")],
    "UF11": [("ranking place", "second"), ("two asks, second elliptical", "and who's first")],
    "UF12": [("itself over time", "re-ran"), ("two asks", "which number")],
    "UF13": [("X or Y", " or "), ("two asks, second elliptical", "And on the")],
    "UF14": [("itself across papers", "after its own paper"), ("two asks", ", and what")],
    "UF15": [("itself across datasets", "than on the"), ("two asks", "And which papers")],
    "UF16": [("X or Y", " or "), ("two asks", "and is each")],
    "UF17": [("itself over time", "own paper and the later"), ("two asks", "And what")],
    "UF18": [("two asks, second elliptical", "and on the")],
    "UF19": [("ranking place", "second-best"), ("two asks", "and who was first")],
    "UF20": [("ranking place", "where did"), ("two asks", "and who was first")],
    "UF21": [("which of X, Y and Z", "which of ")],
    "UF22": [("ranking place", "on top"), ("two asks", "who came second")],
    "UF23": [("X or Y (two papers)", "than the"), ("two asks", "And what's")],
    "UF24": [("X or Y", " or "), ("two asks", "and what's")],
    "UF25": [("X or Y", " or "), ("two asks", "and what are")],
    "UF26": [("which of X, Y and Z", "which of ")],
    "UF27": [("two asks, second elliptical", "what about")],
    "UF28": [("itself across datasets (against another)", "on both")],
    "UF29": [("two asks (both halves)", " and Plumaro itself")],
    "UF30": [("two asks, second elliptical", "and on the")],
}

VALID_QT = {"claim_verification", "method_comparison", "paper_lookup", "topic_search", "method_usage", "dataset_search"}
VALID_MECH = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VALID_VERDICT = {"SUPPORTED", "REFUTED", "UNCERTAIN"}


def words(s):
    return set(re.findall(r"[a-z0-9]+", s.lower()))


def main():
    with open(FIRST) as fh:
        first = [json.loads(l) for l in fh if l.strip()]
    fields = list(first[0].keys())
    try:
        with open(FILE) as fh:
            lines = [l for l in fh if l.strip()]
        qs = [json.loads(l) for l in lines]
    except Exception as e:  # noqa: BLE001
        fail("file", f"cannot read {FILE}: {e}")
        print(f"FAILURES: {len(FAILS)}")
        return 1

    # ---- shape -------------------------------------------------------------------------------
    ids = [q.get("id") for q in qs]
    if ids != [f"UF{i:02d}" for i in range(1, 31)]:
        fail("ids", f"ids must be UF01..UF30 in order, got {ids}")
    if len(set(ids)) != len(ids):
        fail("ids", "repeated id")
    if len({q.get("question") for q in qs}) != len(qs):
        fail("questions", "repeated question")
    if len(set(lines)) != len(lines):
        fail("rows", "repeated row")
    for q in qs:
        qid = q.get("id", "?")
        if list(q.keys()) != fields:
            fail(qid, f"fields {list(q.keys())} != {fields}")
            continue
        if q["graph"] not in {"g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"}:
            fail(qid, f"graph {q['graph']}")
            continue
        if q["query_type"] not in VALID_QT:
            fail(qid, f"query_type {q['query_type']}")
        if q["mechanism"] not in VALID_MECH:
            fail(qid, f"mechanism {q['mechanism']}")
        claim = q["query_type"] == "claim_verification"
        if claim and q["verdict"] not in VALID_VERDICT:
            fail(qid, f"claim without a valid verdict: {q['verdict']}")
        if not claim and q["verdict"] is not None:
            fail(qid, "verdict set on a non-claim")
        for k in ("expected", "must_keep", "must_remove"):
            if not isinstance(q[k], list) or not all(isinstance(x, str) for x in q[k]):
                fail(qid, f"{k} is not a list of strings")
            elif len(set(q[k])) != len(q[k]):
                fail(qid, f"{k} has a repeated entry")
        if not isinstance(q["notes"], str) or len(q["notes"]) < 40:
            fail(qid, "notes missing")
        if not q["question"].rstrip().endswith("?"):
            fail(qid, "question does not end with '?'")

    byid = {q["id"]: q for q in qs if list(q.keys()) == fields}

    # ---- per-question computers, for every current year ------------------------------------------
    start_now = check.NOW
    years_to_run = sorted({start_now} | set(range(2025, 2031)))
    for qid, comp in COMPUTERS.items():
        q = byid.get(qid)
        if q is None:
            fail(qid, "missing or malformed")
            continue
        outs = []
        for y in years_to_run:
            check.NOW = y
            try:
                outs.append(comp())
            except Premise as e:
                fail(qid, f"premise failed (NOW={y}): {e}")
                break
            except Exception as e:  # noqa: BLE001
                fail(qid, f"computer error (NOW={y}): {type(e).__name__}: {e}")
                break
        check.NOW = start_now
        if len(outs) != len(years_to_run):
            continue
        if any(o != outs[0] for o in outs):
            fail(qid, "answer depends on the current year")
            continue
        o = outs[0]
        if set(q["expected"]) != o["expected"]:
            fail(qid, f"expected {sorted(q['expected'])} != computed {sorted(o['expected'])}")
        if q["verdict"] != o["verdict"]:
            fail(qid, f"verdict {q['verdict']} != computed {o['verdict']}")
        if set(q["must_keep"]) != o["must_keep"]:
            fail(qid, f"must_keep {sorted(q['must_keep'])} != computed {sorted(o['must_keep'])}")
        if set(q["must_remove"]) != o["must_remove"]:
            fail(qid, f"must_remove {sorted(q['must_remove'])} != computed {sorted(o['must_remove'])}")
        print(f"ok-computed {qid}: verdict={o['verdict']} expected={sorted(o['expected'])}")

    # ---- generic checks on strings, facts, anchors -----------------------------------------------
    for qid, q in byid.items():
        g = GR(q["graph"])
        text = check.graph_text(g)
        for s in q["expected"]:
            if s not in text:
                fail(qid, f"expected string not in the graph: {s!r}")
        decl = ANCHOR.get(qid)
        found = check.anchor_of(q)
        if decl:
            phrase, year = decl
            if phrase not in q["question"] or found != year:
                fail(qid, f"anchor: declared {decl}, anchor_of gives {found}")
        else:
            if found is not None or re.search(r"\b(19|20)\d\d\b", q["question"]):
                fail(qid, f"undeclared year or anchor ({found})")
        anchor = decl[1] if decl else None
        if set(q["must_keep"]) & set(q["must_remove"]):
            fail(qid, "a fact is in both lists")
        for lst in ("must_keep", "must_remove"):
            for f_ in q[lst]:
                mm = check.FACT_RE.match(f_)
                if not mm:
                    fail(qid, f"malformed fact {f_!r}")
                    continue
                m, v, d, mt = mm.groups()
                pv = check.parse_value(v)
                if pv is None or fmt(pv) != v:
                    fail(qid, f"value not in clean form: {f_!r}")
                    continue
                if METRIC.get(d) != mt or not check.fact_exists(g, f_):
                    fail(qid, f"fact not in the graph: {f_!r}")
                    continue
                for y in years_to_run:
                    check.NOW = y
                    if lst == "must_keep":
                        if pv not in vals(g, m, d, anchor):
                            fail(qid, f"must_keep does not survive (NOW={y}): {f_!r}")
                    else:
                        kind_a = pv not in vals(g, m, d)
                        kind_c = anchor is not None and after_anchor(g, m, d, pv, anchor)
                        if not (kind_a or kind_c):
                            fail(qid, f"must_remove is neither a removed value nor after the anchor (NOW={y}): {f_!r}")
                check.NOW = start_now

    # ---- forms, counts, overlap -------------------------------------------------------------------
    for qid, q in byid.items():
        for form, marker in FORMS.get(qid, []):
            if marker.lower() not in q["question"].lower():
                fail(qid, f"form {form!r}: marker {marker!r} not in the question")
        if qid not in FORMS:
            fail(qid, "no declared form")
        if any(f.startswith("two asks") for f, _ in FORMS.get(qid, [])):
            if q["question"].count("?") < 2 and ", and " not in q["question"] and " and " not in q["question"]:
                fail(qid, "two asks declared, but one ask found")
        for t in first:
            a, b = words(q["question"]), words(t["question"])
            j = len(a & b) / len(a | b)
            if j >= 0.6:
                fail(qid, f"too close to {t['id']} (Jaccard {j:.2f})")

    from collections import Counter
    cnt = {k: Counter(q[k] for q in byid.values()) for k in ("verdict", "mechanism", "query_type", "graph")}
    for k, c in cnt.items():
        print(f"{k}: " + ", ".join(f"{a}={n}" for a, n in sorted(c.items(), key=lambda t: str(t[0]))))
    claims = sum(1 for q in byid.values() if q["verdict"] is not None)
    if not (8 <= claims <= 12):
        fail("counts", f"claims {claims}: should be about a third of 30")
    if set(cnt["mechanism"]) != VALID_MECH:
        fail("counts", "every mechanism must be used")
    if any(cnt["graph"][gname] < 6 for gname in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")):
        fail("counts", "every graph needs at least 6 questions")
    if set(cnt["verdict"]) - {None} != VALID_VERDICT:
        fail("counts", "every verdict must be used")

    print(f"TRUST_NOW={os.environ.get('TRUST_NOW')} check.NOW={start_now} years run={years_to_run}")
    print(f"FAILURES: {len(FAILS)}")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
