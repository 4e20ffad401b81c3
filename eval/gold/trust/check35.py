#!/usr/bin/env python3
"""Checks trust-dev35.jsonl (UJ01-UJ20): re-derives every question's expected, verdict, must_keep and
must_remove from the fixture graphs g1.ttl .. g4.ttl with its own rdflib code, for every current year
2025-2030 (and TRUST_NOW if set), and cross-checks the conflicts it relies on with check.py's `surviving`.

    python3 check35.py                      # FAILURES: 0, exit 0
    UJ_FILE=/tmp/copy.jsonl python3 check35.py

Rules (public READMEs): a P29 of 1-12 is a month, not a year; a paper whose P29 holds only a month has no
usable year; a paper with two real years is read with each ("worlds") and an answer is used only when every
world agrees. A value's weight is e^(-0.08*age) times 1 + 0.8*ln(1 + papers); a conflict is scored under six
readings (age of the newest or mean paper; absolute, relative or share difference against 0.30) and used
only when all six agree. Boards as of a year keep papers up to that year (undated ones left out) and resolve
conflicts at that year. Word Error Rate is lower-is-better. Clean values: '91.2%' -> 91.2, '27.3 ' -> 27.3,
'-' -> no value.
"""
import itertools
import json
import math
import os
import sys

sys.dont_write_bytecode = True
import rdflib
from rdflib import RDF, RDFS, Namespace

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = "/work/main/eval/gold/trust"
FILE = os.environ.get("UJ_FILE", os.path.join(HERE, "trust-dev35.jsonl"))
P = Namespace("http://orkg.org/orkg/predicate/")
C = Namespace("http://orkg.org/orkg/class/")
LAMBDA, CORR, THRESH = 0.08, 0.8, 0.30
LOWER = {"Word Error Rate"}
NOWS = list(range(2025, 2031))
if os.environ.get("TRUST_NOW"):
    NOWS = sorted(set(NOWS) | {int(os.environ["TRUST_NOW"])})

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL", msg)


# ----------------------------------------------------------------------------------------------- graphs
def clean(s):
    s = str(s).strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    if s in ("", "-"):
        return None
    float(s)
    return s


class Graph:
    def __init__(self, name):
        self.name = name
        g = rdflib.Graph()
        g.parse(os.path.join(TRUST, name), format="turtle")
        lab = lambda n: str(g.value(n, RDFS.label))
        self.papers, self.rows = {}, []
        for p in g.subjects(RDF.type, C.Paper):
            p29 = sorted(int(v) for v in g.objects(p, P.P29))
            self.papers[p] = dict(title=lab(p), years=[v for v in p29 if v >= 1000], p29=p29,
                                  dois=sorted(str(d) for d in g.objects(p, P.P26)))
            for c in g.objects(p, P.P31):
                m = g.value(c, P.HAS_MODEL)
                for b in g.objects(c, P.HAS_BENCHMARK):
                    d = g.value(b, P.HAS_DATASET)
                    for e in g.objects(b, P.HAS_EVALUATION):
                        raw = str(g.value(e, P.HAS_VALUE))
                        self.rows.append(dict(paper=p, model=lab(m), dataset=lab(d),
                                              metric=lab(g.value(e, P.HAS_METRIC)), raw=raw, clean=clean(raw)))
        self.labels = {str(o) for o in g.objects(None, RDFS.label)}
        self.metric_labels = {lab(m) for m in g.subjects(RDF.type, C.Metric)}
        multi = [p for p, v in self.papers.items() if len(v["years"]) > 1]
        self.worlds = []
        for combo in itertools.product(*[self.papers[p]["years"] for p in multi]):
            w = {p: (v["years"][0] if v["years"] else None) for p, v in self.papers.items()}
            w.update(dict(zip(multi, combo)))
            self.worlds.append(w)

    def text(self):
        s = set(self.labels)
        s.update(r["clean"] for r in self.rows if r["clean"])
        for v in self.papers.values():
            s.update(str(y) for y in v["years"])
            s.update(v["dois"])
        return s

    def triple_rows(self, model, ds, metric):
        return [r for r in self.rows if (r["model"], r["dataset"], r["metric"]) == (model, ds, metric)]


GRAPHS = {n: Graph(n) for n in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")}

# ----------------------------------------------------------------------------------------------- rules
READINGS = [(b, d) for b in ("newest", "mean") for d in ("abs", "rel", "share")]


def resolve(sides, ref, reading):
    if len(sides) == 1:
        return frozenset(sides)
    basis, diff = reading
    w = {}
    for v, ys in sides.items():
        y = max(ys) if basis == "newest" else sum(ys) / len(ys)
        w[v] = math.exp(-LAMBDA * (ref - y)) * (1 + CORR * math.log(1 + len(ys)))
    assert len(w) == 2, sides
    (s, vs), (t, vt) = sorted(((x, v) for v, x in w.items()), reverse=True)
    gap = {"abs": s - t, "rel": (s - t) / s, "share": (s - t) / (s + t)}[diff]
    return frozenset([vs]) if gap > THRESH else frozenset([vs, vt])


def surviving_w(G, model, ds, metric, now, anchor, world):
    """Kept values of one triple in one world; (values, kind). Raises if the six readings disagree."""
    sides = {}
    for r in G.triple_rows(model, ds, metric):
        if r["clean"] is None:
            continue
        y = world[r["paper"]]
        if anchor is not None and (y is None or y > anchor):
            continue
        sides.setdefault(r["clean"], {})[r["paper"]] = y
    if not sides:
        return frozenset(), "none"
    ys = {v: list(ps.values()) for v, ps in sides.items()}
    if len(ys) > 1 and any(y is None for l in ys.values() for y in l):
        raise AssertionError(f"undated paper in a conflict: {model} {ds}")
    res = {resolve(ys, now if anchor is None else anchor, rd) for rd in READINGS}
    if len(res) != 1:
        raise AssertionError(f"conflict readings disagree: {model} {ds} {metric} anchor={anchor}: {res}")
    kept = next(iter(res))
    return kept, ("single" if len(ys) == 1 else ("clear" if len(kept) == 1 else "close"))


def surviving(G, model, ds, metric, now, anchor=None):
    outs = {surviving_w(G, model, ds, metric, now, anchor, w) for w in G.worlds}
    if len(outs) != 1:
        raise AssertionError(f"worlds disagree: {model} {ds} {metric} anchor={anchor}: {outs}")
    return next(iter(outs))


def boards(G, ds, metric, now, anchor=None):
    """One board per world: {model: kept values}."""
    models = sorted({r["model"] for r in G.rows if (r["dataset"], r["metric"]) == (ds, metric)})
    out = []
    for w in G.worlds:
        b = {}
        for m in models:
            vals, _ = surviving_w(G, m, ds, metric, now, anchor, w)
            if vals:
                b[m] = vals
        out.append(b)
    return out


def better(metric, a, b):
    return float(a) < float(b) if metric in LOWER else float(a) > float(b)


def readings_of(bs):
    """Every reading of a board: every world, every model with one of its kept values."""
    for b in bs:
        ms = sorted(b)
        for combo in itertools.product(*[sorted(b[m]) for m in ms]):
            yield dict(zip(ms, combo))


def top_of(rd, metric):
    top = None
    for m, v in rd.items():
        if top is None or better(metric, v, rd[top]):
            top = m
    return top


def leaders(bs, metric):
    return {(t, rd[t]) for rd in readings_of(bs) for t in [top_of(rd, metric)]}


def margin(metric, win, lose):
    """Points by which `win` is better than `lose` (negative: worse); one decimal."""
    d = float(lose) - float(win) if metric in LOWER else float(win) - float(lose)
    return round(d + 0.0, 1)


def fmt(x):
    return f"{x:.1f}"


def fact(model, v, ds, metric):
    return f"{model} scores {v} on {ds} by {metric}"


def first_year(G, model, ds, metric):
    ys = [min(G.papers[r["paper"]]["years"]) for r in G.triple_rows(model, ds, metric)
          if G.papers[r["paper"]]["years"]]
    return min(ys) if ys else None


def removed_on_board(G, ds, metric, now):
    """Facts on the board that lose a clear conflict now (kind a of must_remove)."""
    out = set()
    for m in {r["model"] for r in G.rows if (r["dataset"], r["metric"]) == (ds, metric)}:
        kept, kind = surviving(G, m, ds, metric, now)
        for r in G.triple_rows(m, ds, metric):
            if r["clean"] and r["clean"] not in kept:
                out.add(fact(m, r["clean"], ds, metric))
    return out


def vals_now(G, model, ds, metric, now):
    v, _ = surviving(G, model, ds, metric, now)
    return sorted(v, key=float)


# ----------------------------------------------------------------------------------------------- computers
# Each returns dict(expected, verdict, must_keep, must_remove, derived) where `derived` lists the expected
# strings that are margins computed here (not graph strings).

def c_gap(G, now, ds, metric, a, b):
    """How much better is A than B (both single-valued; A the best on the board)."""
    va, vb = vals_now(G, a, ds, metric, now), vals_now(G, b, ds, metric, now)
    assert len(va) == len(vb) == 1
    assert leaders(boards(G, ds, metric, now), metric) == {(a, va[0])}
    m = fmt(margin(metric, va[0], vb[0]))
    assert float(m) > 0
    return dict(expected=[a, va[0], vb[0], m], verdict=None,
                must_keep=[fact(a, va[0], ds, metric), fact(b, vb[0], ds, metric)], must_remove=[], derived=[m])


def c_spread(G, now, ds, metric):
    bs = boards(G, ds, metric, now)
    rds = list(readings_of(bs))
    tops = {(t, rd[t]) for rd in rds for t in [top_of(rd, metric)]}
    bots = set()
    for rd in rds:
        bot = None
        for m, v in rd.items():
            if bot is None or better(metric, rd[bot], v):
                bot = m
        bots.add((bot, rd[bot]))
    assert len(tops) == 1 and len(bots) == 1, (tops, bots)
    (t, tv), (b, bv) = tops.pop(), bots.pop()
    s = fmt(margin(metric, tv, bv))
    return dict(expected=[t, tv, b, bv, s], verdict=None,
                must_keep=[fact(t, tv, ds, metric), fact(b, bv, ds, metric)],
                must_remove=sorted(removed_on_board(G, ds, metric, now)), derived=[s])


def c_within(G, now, ds, metric, x, limit):
    """Claim: someone has come within `limit` points of X (X the best)."""
    bs = boards(G, ds, metric, now)
    gaps, nearest = set(), set()
    for rd in readings_of(bs):
        assert top_of(rd, metric) == x
        others = [(margin(metric, rd[x], v), m, v) for m, v in rd.items() if m != x]
        g, m, v = min(others)
        gaps.add(g)
        nearest.add((m, v))
    assert all(abs(g - limit) >= 0.1 for g in gaps)
    verdict = "SUPPORTED" if all(g <= limit for g in gaps) else (
        "REFUTED" if all(g > limit for g in gaps) else "UNCERTAIN")
    assert len(nearest) == 1
    (nm, nv), = nearest
    xv = vals_now(G, x, ds, metric, now)
    return dict(expected=[nm, nv] + xv, verdict=verdict,
                must_keep=[fact(x, xv[0], ds, metric), fact(nm, nv, ds, metric)],
                must_remove=sorted(removed_on_board(G, ds, metric, now)), derived=[])


def c_improvement_at_time(G, now, ds, metric, x):
    """What did X add to the record when it first appeared (the board the year before its first result)."""
    fy = first_year(G, x, ds, metric)
    before = leaders(boards(G, ds, metric, now, fy - 1), metric)
    xv = vals_now(G, x, ds, metric, now)
    assert len(xv) == 1
    # X took the record: better than every reading of the previous best
    ms = sorted({margin(metric, xv[0], v) for _, v in before})
    assert all(m > 0 for m in ms)
    exp, keep = [], [fact(x, xv[0], ds, metric)]
    for m in sorted({m for m, _ in before}):
        exp.append(m)
        # every previous-best value must still stand now (it is quoted as a fact)
        now_vals = vals_now(G, m, ds, metric, now)
        for _, v in sorted(before):
            assert v in now_vals
            exp.append(v)
            keep.append(fact(m, v, ds, metric))
    ders = [fmt(m) for m in ms]
    return dict(expected=exp + xv + ders, verdict=None, must_keep=keep, must_remove=[], derived=ders)


def c_about(G, now, ds, metric, a, b, n):
    """Claim: A is better than B by about n points ('about' = within 0.5, inclusive)."""
    ms = {margin(metric, va, vb) for va in vals_now(G, a, ds, metric, now) for vb in vals_now(G, b, ds, metric, now)}
    assert all(abs(abs(m - n) - 0.5) >= 0.1 for m in ms), ms
    ok = [abs(m - n) <= 0.5 for m in ms]
    verdict = "SUPPORTED" if all(ok) else ("REFUTED" if not any(ok) else "UNCERTAIN")
    va, vb = vals_now(G, a, ds, metric, now), vals_now(G, b, ds, metric, now)
    return dict(expected=va + vb, verdict=verdict,
                must_keep=[fact(a, v, ds, metric) for v in va] + [fact(b, v, ds, metric) for v in vb],
                must_remove=[], derived=[])


def c_latest_top(G, now, ds, metric):
    """Claim: the most recent result on the board is the best one."""
    dated = [(G.papers[r["paper"]]["years"], r) for r in G.rows
             if (r["dataset"], r["metric"]) == (ds, metric) and r["clean"]]
    assert all(len(y) == 1 for y, _ in dated), "a dated row with two years"  # not on the boards used
    assert all(y for y, _ in dated), "an undated row on the board"
    newest = max(y[0] for y, _ in dated)
    rows = [r for y, r in dated if y[0] == newest]
    assert len(rows) == 1, rows
    lm, lv = rows[0]["model"], rows[0]["clean"]
    assert lv in vals_now(G, lm, ds, metric, now)
    tops = leaders(boards(G, ds, metric, now), metric)
    hits = [(t == lm and v == lv) for t, v in tops]
    verdict = "SUPPORTED" if all(hits) else ("REFUTED" if not any(hits) else "UNCERTAIN")
    exp, keep = [lm, lv], [fact(lm, lv, ds, metric)]
    for t in sorted({t for t, _ in tops} - {lm}):
        exp.append(t)
        for v in vals_now(G, t, ds, metric, now):
            exp.append(v)
            keep.append(fact(t, v, ds, metric))
    return dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=[], derived=[])


def c_since(G, now, ds, metric, year):
    """How much has the record moved since YEAR (board at the end of YEAR, and of YEAR-1, against now)."""
    then = leaders(boards(G, ds, metric, now, year), metric)
    assert then == leaders(boards(G, ds, metric, now, year - 1), metric), "start/end of the year differ"
    cur = leaders(boards(G, ds, metric, now), metric)
    assert len(then) == 1 and len(cur) == 1
    (tm, tv), (cm, cv) = then.pop(), cur.pop()
    assert tv in vals_now(G, tm, ds, metric, now)
    m = fmt(margin(metric, cv, tv))
    assert float(m) > 0
    return dict(expected=[tm, tv, cm, cv, m], verdict=None,
                must_keep=[fact(tm, tv, ds, metric), fact(cm, cv, ds, metric)], must_remove=[], derived=[m])


def c_trails_more(G, now, ds, metric, a, b, limit):
    """Claim: B trails A by more than `limit` points."""
    va, vb = vals_now(G, a, ds, metric, now), vals_now(G, b, ds, metric, now)
    ms = {margin(metric, x, y) for x in va for y in vb}
    assert all(abs(m - limit) >= 0.05 for m in ms)
    ok = [m > limit for m in ms]
    verdict = "SUPPORTED" if all(ok) else ("REFUTED" if not any(ok) else "UNCERTAIN")
    return dict(expected=va + vb, verdict=verdict,
                must_keep=[fact(a, v, ds, metric) for v in va] + [fact(b, v, ds, metric) for v in vb],
                must_remove=[], derived=[])


def c_disagree(G, now, ds, metric, model, claim=False):
    """Do the papers agree on X's value? (question: name both sides; claim 'consistent': verdict)."""
    rows = [r for r in G.triple_rows(model, ds, metric) if r["clean"]]
    papers = {r["paper"] for r in rows}
    assert len(papers) >= 2
    stated = sorted({r["clean"] for r in rows}, key=float)
    kept = vals_now(G, model, ds, metric, now)
    gone = [v for v in stated if v not in kept]
    verdict = None
    if claim:
        verdict = "SUPPORTED" if len(stated) == 1 else "REFUTED"
    return dict(expected=stated, verdict=verdict, must_keep=[fact(model, v, ds, metric) for v in kept],
                must_remove=[fact(model, v, ds, metric) for v in gone], derived=[])


def c_newest_system_top(G, now, ds, metric):
    models = {r["model"] for r in G.rows if (r["dataset"], r["metric"]) == (ds, metric) and r["clean"]}
    fys = {m: first_year(G, m, ds, metric) for m in models}
    assert all(fys.values())
    newest = max(fys.values())
    nm = [m for m, y in fys.items() if y == newest]
    assert len(nm) == 1
    tops = leaders(boards(G, ds, metric, now), metric)
    hits = [t == nm[0] for t, _ in tops]
    verdict = "SUPPORTED" if all(hits) else ("REFUTED" if not any(hits) else "UNCERTAIN")
    v = vals_now(G, nm[0], ds, metric, now)
    return dict(expected=[nm[0]] + v, verdict=verdict, must_keep=[fact(nm[0], x, ds, metric) for x in v],
                must_remove=[], derived=[])


def c_edges(G, now, ds, metric, a, b):
    """Claim: A edges out B by a hair (A better, by at most 0.5)."""
    va, vb = vals_now(G, a, ds, metric, now), vals_now(G, b, ds, metric, now)
    ms = {margin(metric, x, y) for x in va for y in vb}
    ok = [0 < m <= 0.5 for m in ms]
    verdict = "SUPPORTED" if all(ok) else ("REFUTED" if all(m <= 0 for m in ms) else "UNCERTAIN")
    return dict(expected=va + vb, verdict=verdict,
                must_keep=[fact(a, v, ds, metric) for v in va] + [fact(b, v, ds, metric) for v in vb],
                must_remove=[], derived=[])


def c_behind_top(G, now, ds, metric, x):
    tops = leaders(boards(G, ds, metric, now), metric)
    assert len(tops) == 1
    (t, tv), = tops
    xv = vals_now(G, x, ds, metric, now)
    assert len(xv) == 1 and t != x
    m = fmt(margin(metric, tv, xv[0]))
    return dict(expected=[t, tv, xv[0], m], verdict=None,
                must_keep=[fact(t, tv, ds, metric), fact(x, xv[0], ds, metric)], must_remove=[], derived=[m])


def c_no_value(G, now, ds, metric, a, b):
    """A gap between A and B that the graph cannot give: A has no number on the board."""
    assert a in G.labels and b in G.labels  # both models are in the graph
    ra = G.triple_rows(a, ds, metric)
    assert all(r["clean"] is None for r in ra)
    assert vals_now(G, b, ds, metric, now)
    return dict(expected=[], verdict=None, must_keep=[], must_remove=[], derived=[], rows_a=len(ra))


def c_no_metric(G, now, ds, metric, a, b):
    assert metric in G.metric_labels
    assert not [r for r in G.rows if (r["dataset"], r["metric"]) == (ds, metric)]
    for m in (a, b):  # both have numbers on the board, under another metric
        assert [r for r in G.rows if r["dataset"] == ds and r["model"] == m and r["clean"]]
    return dict(expected=[], verdict=None, must_keep=[], must_remove=[], derived=[])


BM, CI = "BenchMira", "Corvalla-Ice"
DA, HO = "Dastrup-7 Chorus", "Hollenby Marsh Calls"
OR, MI = "Orrenby Parallel Corpus", "Mirelle Subtitles"
SE, KE = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"

SPEC = {
    "UJ01": ("g1.ttl", c_gap, (BM, "Accuracy", "Zephyrine-L", "Wendrel-S")),
    "UJ02": ("g1.ttl", c_spread, (CI, "F1")),
    "UJ03": ("g1.ttl", c_within, (CI, "F1", "Brackwater-UNet", 0.5)),
    "UJ04": ("g1.ttl", c_improvement_at_time, (BM, "Accuracy", "Zephyrine-L")),
    "UJ05": ("g1.ttl", c_about, (BM, "Accuracy", "Wendrel-S", "Tavrosa", 1.0)),
    "UJ06": ("g2.ttl", c_latest_top, (DA, "Word Error Rate")),
    "UJ07": ("g2.ttl", c_since, (DA, "Word Error Rate", 2020)),
    "UJ08": ("g2.ttl", c_trails_more, (DA, "Word Error Rate", "Plumaro", "Trillbert", 1.0)),
    "UJ09": ("g2.ttl", c_disagree, (DA, "Word Error Rate", "Fennick-RNN")),
    "UJ10": ("g2.ttl", c_trails_more, (HO, "Accuracy", "Chirpform", "Warbleon", 5.0)),
    "UJ11": ("g3.ttl", c_newest_system_top, (OR, "BLEU")),
    "UJ12": ("g3.ttl", c_edges, (OR, "BLEU", "Ibbotrans", "Murrelet-MT")),
    "UJ13": ("g3.ttl", c_improvement_at_time, (OR, "BLEU", "Murrelet-MT")),
    "UJ14": ("g3.ttl", c_latest_top, (MI, "chrF")),
    "UJ15": ("g3.ttl", c_no_value, (MI, "chrF", "Ostrada-T", "Halverin")),
    "UJ16": ("g4.ttl", c_since, (SE, "F1", 2019)),
    "UJ17": ("g4.ttl", c_disagree, (SE, "F1", "Marrowfen", True)),
    "UJ18": ("g4.ttl", c_behind_top, (KE, "Mean IoU", "Kelvane")),
    "UJ19": ("g4.ttl", c_no_value, (KE, "Mean IoU", "Selkora", "Kelvane")),
    "UJ20": ("g4.ttl", c_no_metric, (SE, "Mean IoU", "Selkora", "Undertow-GNN")),
}
# the question must name the models / datasets the computer was given
CLAIMS = {"UJ03", "UJ05", "UJ06", "UJ08", "UJ10", "UJ11", "UJ12", "UJ14", "UJ17"}
MECHS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
QTYPES = {"method_comparison", "claim_verification", "paper_lookup", "topic_search", "method_usage",
          "dataset_search"}


# ----------------------------------------------------------------------------------------------- checks
def parse_fact(s):
    model, rest = s.split(" scores ", 1)
    v, rest = rest.split(" on ", 1)
    ds, metric = rest.rsplit(" by ", 1)
    return model, v, ds, metric


def check_readme_table():
    """The first README's conflict table (five clear, five close) under these readings, every year."""
    table = {("g1.ttl", "KestrelNet", BM, "Accuracy"): ("clear", {"74.1"}),
             ("g1.ttl", "Orvalis-CNN", CI, "F1"): ("clear", {"87.0"}),
             ("g2.ttl", "Fennick-RNN", DA, "Word Error Rate"): ("clear", {"21.7"}),
             ("g2.ttl", "Syrinxa", HO, "Accuracy"): ("clear", {"88.3"}),
             ("g3.ttl", "Gannetron", OR, "BLEU"): ("clear", {"18.9"}),
             ("g1.ttl", "Tavrosa", BM, "Accuracy"): ("close", {"86.1", "85.4"}),
             ("g2.ttl", "Trillbert", DA, "Word Error Rate"): ("close", {"9.4", "10.1"}),
             ("g2.ttl", "Aviquist", "Veltmoor Dawn Set", "Word Error Rate"): ("close", {"6.8", "7.9"}),
             ("g2.ttl", "Warbleon", HO, "Accuracy"): ("close", {"79.5", "80.7"}),
             ("g3.ttl", "Murrelet-MT", MI, "chrF"): ("close", {"55.1", "51.0"})}
    for now in NOWS:
        for (g, m, d, k), (kind, vals) in table.items():
            got = surviving(GRAPHS[g], m, d, k, now)
            if got != (frozenset(vals), kind):
                fail(f"README conflict table {m} {d} at {now}: {got} != {(vals, kind)}")


def cross_check_with_check_py(facts):
    """check.py's `surviving` (imported, not read) must keep the same values for every triple used."""
    sys.path.insert(0, TRUST)
    try:
        import check  # noqa: E402
    except Exception as e:  # pragma: no cover
        fail(f"cannot import check.py: {e}")
        return
    cache = {}
    for g, (m, v, d, k) in sorted(facts):
        key = (g, m, d, k)
        if key in cache:
            continue
        if g not in cache:
            cache[g] = check.G(g)
        theirs = check.surviving(cache[g], m, d, k)
        mine = surviving(GRAPHS[g], m, d, k, NOWS[0])[0]
        cache[key] = True
        if {float(x) for x in theirs[0]} != {float(x) for x in mine}:
            fail(f"check.py disagrees on {m} {d} {k}: {theirs[0]} vs {sorted(mine)}")
    print(f"check.py's surviving() agrees on the {len([x for x in cache if isinstance(x, tuple)])} triples used")


def main():
    ref_keys = list(json.loads(open(os.path.join(TRUST, "trust-dev.jsonl")).readline()).keys())
    lines = [l for l in open(FILE, encoding="utf-8").read().splitlines() if l.strip()]
    qs = []
    for i, l in enumerate(lines, 1):
        try:
            qs.append(json.loads(l))
        except Exception as e:
            fail(f"line {i}: not JSON ({e})")
    ids = [q.get("id") for q in qs]
    if ids != [f"UJ{i:02d}" for i in range(1, 21)]:
        fail(f"ids are not UJ01..UJ20 in order: {ids}")
    if len(set(ids)) != len(ids):
        fail("duplicate ids")
    texts = [q.get("question", "").strip().lower() for q in qs]
    if len(set(texts)) != len(texts):
        fail("duplicate questions")
    used_facts = set()
    graphs_seen = {}
    for q in qs:
        qid = q.get("id")
        if list(q.keys()) != ref_keys:
            fail(f"{qid}: fields {list(q.keys())} != {ref_keys}")
            continue
        if qid not in SPEC:
            fail(f"{qid}: no computer")
            continue
        gname, comp, args = SPEC[qid]
        graphs_seen[gname] = graphs_seen.get(gname, 0) + 1
        if q["graph"] != gname:
            fail(f"{qid}: graph {q['graph']} != {gname}")
        G = GRAPHS[gname]
        if q["mechanism"] not in MECHS:
            fail(f"{qid}: mechanism {q['mechanism']}")
        if q["query_type"] not in QTYPES:
            fail(f"{qid}: query_type {q['query_type']}")
        is_claim = qid in CLAIMS
        if (q["query_type"] == "claim_verification") != is_claim:
            fail(f"{qid}: query_type {q['query_type']} but claim={is_claim}")
        if (q["verdict"] is not None) != (q["query_type"] == "claim_verification"):
            fail(f"{qid}: verdict {q['verdict']} with query_type {q['query_type']}")
        if not isinstance(q["notes"], str) or len(q["notes"]) < 40:
            fail(f"{qid}: notes missing")
        for name in [a for a in args if isinstance(a, str)]:
            if name.lower() not in q["question"].lower() and name not in G.metric_labels:
                fail(f"{qid}: question does not name {name!r}")
        # re-derive for every current year: the answer must not depend on it
        results = []
        for now in NOWS:
            try:
                results.append(comp(G, now, *args))
            except AssertionError as e:
                fail(f"{qid}: computer assertion at {now}: {e}")
                results.append(None)
        if any(r is None for r in results):
            continue
        norm = lambda r: (sorted(set(r["expected"])), r["verdict"], sorted(r["must_keep"]), sorted(r["must_remove"]))
        if len({json.dumps(norm(r)) for r in results}) != 1:
            fail(f"{qid}: answer depends on the current year")
        r = results[0]
        if sorted(set(q["expected"])) != sorted(set(r["expected"])):
            fail(f"{qid}: expected {q['expected']} != derived {r['expected']}")
        if len(set(q["expected"])) != len(q["expected"]):
            fail(f"{qid}: duplicate expected strings")
        if q["verdict"] != r["verdict"]:
            fail(f"{qid}: verdict {q['verdict']} != derived {r['verdict']}")
        if sorted(q["must_keep"]) != sorted(r["must_keep"]):
            fail(f"{qid}: must_keep {q['must_keep']} != derived {r['must_keep']}")
        if sorted(q["must_remove"]) != sorted(r["must_remove"]):
            fail(f"{qid}: must_remove {q['must_remove']} != derived {r['must_remove']}")
        if set(q["must_keep"]) & set(q["must_remove"]):
            fail(f"{qid}: a fact both kept and removed")
        # every expected string is in the graph, or a margin this checker derived
        text = G.text()
        for s in q["expected"]:
            if s not in text and s not in r["derived"]:
                fail(f"{qid}: expected string {s!r} is neither in {gname} nor a derived margin")
        # facts: in the graph; kept facts survive now (every year), removed facts are real rows
        for f in q["must_keep"] + q["must_remove"]:
            try:
                m, v, d, k = parse_fact(f)
            except ValueError:
                fail(f"{qid}: malformed fact {f!r}")
                continue
            if not [x for x in G.triple_rows(m, d, k) if x["clean"] == v]:
                fail(f"{qid}: fact not in the graph: {f}")
                continue
            used_facts.add((gname, (m, v, d, k)))
            for now in NOWS:
                kept = surviving(G, m, d, k, now)[0]
                if f in q["must_keep"] and v not in kept:
                    fail(f"{qid}: must_keep fact does not survive at {now}: {f}")
        print(f"ok {qid} [{gname}] verdict={r['verdict']} expected={r['expected']}")
    for g in GRAPHS:
        if graphs_seen.get(g, 0) < 3:
            fail(f"{g}: fewer than 3 questions")
    check_readme_table()
    cross_check_with_check_py(used_facts)
    # counts
    from collections import Counter
    print("verdicts:", dict(Counter(str(q.get("verdict")) for q in qs)))
    print("mechanisms:", dict(Counter(q.get("mechanism") for q in qs)))
    print("query types:", dict(Counter(q.get("query_type") for q in qs)))
    print("graphs:", dict(Counter(q.get("graph") for q in qs)))
    print("years checked:", NOWS)
    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
