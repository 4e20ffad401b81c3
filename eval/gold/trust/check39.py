#!/usr/bin/env python3
"""Checks trust-dev39.jsonl (UN01-UN20): numbers written the way researchers write them.

Re-derives every question's expected, verdict, must_keep and must_remove from the fixture graphs
g1.ttl .. g4.ttl with its own rdflib code (one computer per question), for every current year
2025-2030 and TRUST_NOW if set, under every reading of a paper with two real years. Checks the
fields (names and order of trust-dev.jsonl's first line), ids, duplicates, word counts, the design
counts, that every expected string is a string of its graph, that every fact is well formed and in
its graph, and that every must_keep fact survives the conflict rules. check.py (not read) is
imported only to cross-check the conflicts this file relies on.

    python3 check39.py                       # last line FAILURES: 0, exit 0
    UN_FILE=/tmp/copy.jsonl python3 check39.py
"""
import datetime
import itertools
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True

TRUST = "/work/main/eval/gold/trust"
HERE = os.path.dirname(os.path.abspath(__file__))
FILE = os.environ.get("UN_FILE") or os.path.join(HERE, "trust-dev39.jsonl")
if os.environ.get("TRUST_NOW", None) == "":  # an empty TRUST_NOW means unset (check.py would reject it)
    del os.environ["TRUST_NOW"]

import rdflib  # noqa: E402

P = "http://orkg.org/orkg/predicate/"
C = "http://orkg.org/orkg/class/"
RDFS_LABEL = rdflib.RDFS.label

FAILURES = []


def fail(qid, msg):
    FAILURES.append(f"{qid}: {msg}")
    print(f"FAIL {qid}: {msg}")


# ------------------------------------------------------------------------------------------
# the graphs
# ------------------------------------------------------------------------------------------
LOWER_BETTER = {"Word Error Rate", "Perplexity"}


def clean(raw):
    """The clean form of a stored score string, or None for no value ('-', '')."""
    s = raw.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    try:
        float(s)
    except ValueError:
        return None
    return s


class Graph:
    def __init__(self, key):
        self.key = key
        self.g = rdflib.Graph()
        self.g.parse(os.path.join(TRUST, f"{key}.ttl"), format="turtle")
        g = self.g
        self.papers = {}
        for p in g.subjects(rdflib.RDF.type, rdflib.URIRef(C + "Paper")):
            p29 = sorted(int(o) for o in g.objects(p, rdflib.URIRef(P + "P29")))
            self.papers[p] = dict(
                title=str(g.value(p, RDFS_LABEL)),
                p29=p29,
                years=[y for y in p29 if y >= 1000],
                months=[y for y in p29 if 1 <= y <= 12],
                dois=sorted(str(o) for o in g.objects(p, rdflib.URIRef(P + "P26"))),
                problems=sorted(str(g.value(pr, RDFS_LABEL)) for c in g.objects(p, rdflib.URIRef(P + "P31"))
                                for pr in g.objects(c, rdflib.URIRef(P + "P32"))),
            )
        q = """
        PREFIX orkgp: <http://orkg.org/orkg/predicate/>
        PREFIX orkgc: <http://orkg.org/orkg/class/>
        PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
        SELECT ?paper ?ml ?dl ?metl ?v WHERE {
          ?paper a orkgc:Paper ; orkgp:P31 ?c .
          ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b .
          ?m rdfs:label ?ml .
          ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e .
          ?d rdfs:label ?dl .
          ?e orkgp:HAS_METRIC ?met ; orkgp:HAS_VALUE ?v .
          ?met rdfs:label ?metl .
        }"""
        self.rows = [dict(paper=r.paper, model=str(r.ml), dataset=str(r.dl), metric=str(r.metl), raw=str(r.v),
                          value=clean(str(r.v))) for r in g.query(q)]
        self.labels = {str(o) for o in g.objects(None, RDFS_LABEL)}
        self.text = set()
        for o in g.objects():
            if isinstance(o, rdflib.Literal):
                self.text.add(str(o))
                self.text.add(str(o).strip())
        for r in self.rows:
            if r["value"] is not None:
                self.text.add(r["value"])
        # papers with two real years: every choice is a world
        two = [p for p, d in self.papers.items() if len(d["years"]) > 1]
        self.worlds = []
        for combo in itertools.product(*[self.papers[p]["years"] for p in two]):
            w = {p: (d["years"][0] if d["years"] else None) for p, d in self.papers.items()}
            w.update(dict(zip(two, combo)))
            self.worlds.append(w)

    def paper_by_title(self, prefix):
        hits = [p for p, d in self.papers.items() if d["title"].startswith(prefix)]
        assert len(hits) == 1, (prefix, hits)
        return hits[0]

    def title(self, p):
        return self.papers[p]["title"]


GRAPHS = {k: Graph(k) for k in ("g1", "g2", "g3", "g4")}

# ------------------------------------------------------------------------------------------
# the public rules: recency e^(-0.08 age), corroboration 1 + 0.8 ln(1 + papers), threshold 0.30,
# scored under six readings (newest / mean paper age x absolute / relative / share difference);
# a conflict is used only when all six agree.
# ------------------------------------------------------------------------------------------
LAMBDA, ALPHA, THRESH = 0.08, 0.8, 0.30
READINGS = [(a, d) for a in ("newest", "mean") for d in ("abs", "rel", "share")]


def weight(years, ref, age_mode):
    age = ref - (max(years) if age_mode == "newest" else sum(years) / len(years))
    return math.exp(-LAMBDA * age) * (1 + ALPHA * math.log(1 + len(years)))


def removed_weaker(w1, w2, diff):
    hi, lo = max(w1, w2), min(w1, w2)
    d = {"abs": hi - lo, "rel": (hi - lo) / hi, "share": (hi - lo) / (hi + lo)}[diff]
    return d > THRESH


def stating(G, model, ds, met, anchor, world):
    """clean value -> set of papers stating it (papers after the anchor, or undated under one, left out)."""
    out = {}
    for r in G.rows:
        if (r["model"], r["dataset"], r["metric"]) != (model, ds, met) or r["value"] is None:
            continue
        y = world[r["paper"]]
        if anchor is not None and (y is None or y > anchor):
            continue
        out.setdefault(r["value"], set()).add(r["paper"])
    return out


def surviving(G, model, ds, met, anchor, now, world):
    """(surviving clean values, kind, removed clean values)."""
    vals = stating(G, model, ds, met, anchor, world)
    if not vals:
        return set(), "none", set()
    if len(vals) == 1:
        return set(vals), "single", set()
    assert len(vals) == 2, (model, ds, met, vals)
    ref = anchor if anchor is not None else now
    (v1, p1), (v2, p2) = sorted(vals.items())
    y1 = [world[p] for p in p1 if world[p] is not None]
    y2 = [world[p] for p in p2 if world[p] is not None]
    if not y1 or not y2:
        return set(vals), "ambiguous", set()
    keeps = set()
    for age_mode, diff in READINGS:
        w1, w2 = weight(y1, ref, age_mode), weight(y2, ref, age_mode)
        if removed_weaker(w1, w2, diff):
            keeps.add(frozenset([v1 if w1 > w2 else v2]))
        else:
            keeps.add(frozenset([v1, v2]))
    if len(keeps) > 1:
        return set(vals), "ambiguous", set()
    keep = set(next(iter(keeps)))
    return keep, ("close" if len(keep) == 2 else "clear"), set(vals) - keep


def board(G, ds, met, anchor, now, world):
    out = {}
    for m in sorted({r["model"] for r in G.rows if (r["dataset"], r["metric"]) == (ds, met)}):
        s = surviving(G, m, ds, met, anchor, now, world)
        if s[1] == "ambiguous":
            raise AssertionError(f"ambiguous conflict {m} {ds} {met} anchor={anchor} now={now}")
        if s[0]:
            out[m] = s
    return out


def better(a, b, met):
    a, b = float(a), float(b)
    return a < b if met in LOWER_BETTER else a > b


def readings(bd):
    """every {model: value} that the close conflicts on a board allow."""
    models = sorted(bd)
    for combo in itertools.product(*[sorted(bd[m][0]) for m in models]):
        yield dict(zip(models, combo))


def best(bd, met):
    out = set()
    for rd in readings(bd):
        top = None
        for m, v in rd.items():
            if top is None or better(v, top[1], met):
                top = (m, v)
        ties = {(m, v) for m, v in rd.items() if float(v) == float(top[1])}
        out.add(frozenset(ties))
    return out


def fact(model, value, ds, met):
    return f"{model} scores {value} on {ds} by {met}"


def first_year(G, model, ds, met, value, world):
    ys = [world[r["paper"]] for r in G.rows if (r["model"], r["dataset"], r["metric"], r["value"]) == (model, ds, met, value)
          and world[r["paper"]] is not None]
    return min(ys) if ys else None


def after_anchor_beating(G, ds, met, anchor, threshold, world):
    """facts first stated after the anchor that beat the threshold value (kind c of must_remove)."""
    out = set()
    for r in G.rows:
        if (r["dataset"], r["metric"]) != (ds, met) or r["value"] is None:
            continue
        fy = first_year(G, r["model"], ds, met, r["value"], world)
        if fy is not None and fy > anchor and better(r["value"], threshold, met):
            out.add(fact(r["model"], r["value"], ds, met))
    return out


FACT_RE = re.compile(r"^(?P<m>.+) scores (?P<v>[0-9.]+) on (?P<d>.+) by (?P<met>.+)$")


def fact_in_graph(G, f):
    m = FACT_RE.match(f)
    if not m:
        return False
    return any((r["model"], r["value"], r["dataset"], r["metric"]) == (m["m"], m["v"], m["d"], m["met"]) for r in G.rows)


# ------------------------------------------------------------------------------------------
# one computer per question: (expected, verdict, must_keep, must_remove), given now and a world
# ------------------------------------------------------------------------------------------
COMPUTERS = {}
EVIDENCE = {}


def computer(qid):
    def deco(f):
        COMPUTERS[qid] = f
        return f
    return deco


def note(qid, s):
    EVIDENCE.setdefault(qid, [])
    if s not in EVIDENCE[qid]:
        EVIDENCE[qid].append(s)


def bound_split(bd, test):
    """models whose every surviving value passes the test, and those where only some do."""
    sure, disputed = {}, {}
    for m, (vals, kind, rem) in bd.items():
        ok = [v for v in vals if test(float(v))]
        if len(ok) == len(vals):
            sure[m] = vals
        elif ok:
            disputed[m] = vals
    return sure, disputed


@computer("UN01")
def un01(now, w):
    G, ds, met = GRAPHS["g1"], "Corvalla-Ice", "F1"
    bd = board(G, ds, met, None, now, w)
    sure, disp = bound_split(bd, lambda v: v > 90.0)
    assert not disp
    exp = set()
    keep, rm = set(), set()
    for m, vals in sure.items():
        exp |= {m} | vals
        keep |= {fact(m, v, ds, met) for v in vals}
    for m, (vals, kind, removed) in bd.items():
        rm |= {fact(m, v, ds, met) for v in removed if float(v) > 90.0}
    assert "Quillon-XL" in bd and not sure.get("Quillon-XL")
    literal = [m for m in bd if all(float(v) > 0.9 for v in bd[m][0])]
    note("UN01", f"above 90: {sorted(sure.items())}; removed above 90: {sorted(rm)}; a literal 0.9 would admit {len(literal)} of {len(bd)}")
    return exp, None, keep, rm


@computer("UN02")
def un02(now, w):
    G = GRAPHS["g1"]
    vals, kind, rem = surviving(G, "Tavrosa", "BenchMira", "Accuracy", None, now, w)
    inside = [86.0 <= float(v) <= 87.0 for v in vals]
    loose = [85.5 <= float(v) <= 87.5 for v in vals]
    verdict = "SUPPORTED" if all(inside) else "REFUTED" if not any(inside) else "UNCERTAIN"
    verdict_loose = "SUPPORTED" if all(loose) else "REFUTED" if not any(loose) else "UNCERTAIN"
    assert verdict == verdict_loose, "the range verdict depends on a half-point allowance"
    note("UN02", f"Tavrosa {sorted(vals)} ({kind}); in 86-87: {inside}")
    return set(vals), verdict, {fact("Tavrosa", v, "BenchMira", "Accuracy") for v in vals}, set()


@computer("UN03")
def un03(now, w):
    G, ds, met, anchor = GRAPHS["g1"], "BenchMira", "Accuracy", 2019
    bd = board(G, ds, met, anchor, now, w)
    seconds = set()
    for rd in readings(bd):
        order = sorted(rd.items(), key=lambda kv: -float(kv[1]))
        assert float(order[0][1]) != float(order[1][1]) != float(order[2][1])
        seconds.add((order[0], order[1]))
    assert len(seconds) == 1, seconds
    (lead, second), = seconds
    rm = after_anchor_beating(G, ds, met, anchor, second[1], w)
    note("UN03", f"as of {anchor}: leader {lead}, runner-up {second}; after the anchor and above it: {sorted(rm)}")
    return {second[0], second[1]}, None, {fact(*second, ds, met), fact(*lead, ds, met)}, rm


@computer("UN04")
def un04(now, w):
    G = GRAPHS["g1"]
    p = G.paper_by_title("Sallowmere:")
    d = G.papers[p]
    assert d["months"] == [4] and d["years"] == [2020], d
    spans = [(2020, 2022), (2020, 2023), (2020, 2024)]
    ins = {all(lo <= y <= hi for y in d["years"]) for lo, hi in spans}
    assert len(ins) == 1
    verdict = "SUPPORTED" if ins.pop() else "REFUTED"
    note("UN04", f"P29 {d['p29']}: year {d['years']}, month {d['months']}")
    return {str(y) for y in d["years"]}, verdict, set(), set()


def absent(G, qid, words):
    hits = [l for l in G.labels if any(wd in l.lower() for wd in words)]
    if hits:
        fail(qid, f"graph holds {hits}")
    note(qid, f"no label holds {words}")


@computer("UN05")
def un05(now, w):
    G = GRAPHS["g1"]
    absent(G, "UN05", ["iceberg", "calving rate", "forecast"])
    span = sorted((d["years"], d["title"]) for d in G.papers.values() if any(2010 <= y <= 2014 for y in d["years"]))
    note("UN05", f"papers 2010-2014 (none on the topic): {span}")
    return set(), None, set(), set()


@computer("UN06")
def un06(now, w):
    G, ds, met = GRAPHS["g2"], "Dastrup-7 Chorus", "Word Error Rate"
    bd = board(G, ds, met, None, now, w)
    dated = [(w[r["paper"]], r["model"], r["value"]) for r in G.rows
             if (r["dataset"], r["metric"]) == (ds, met) and r["value"] and w[r["paper"]]]
    top = max(y for y, _, _ in dated)
    newest = {(m, v) for y, m, v in dated if y == top}
    assert newest == {("Corrasine", "8.9")}, newest
    ahead_all = {m for m in bd if m != "Corrasine" and all(better(v, "8.9", met) for v in bd[m][0])}
    ahead_any = {m for m in bd if m != "Corrasine" and any(better(v, "8.9", met) for v in bd[m][0])}
    assert ahead_all == ahead_any
    place = 1 + len(ahead_all)
    assert place == 2
    exp, keep = set(), {fact("Corrasine", "8.9", ds, met)}
    for m in ahead_all:
        exp |= {m} | bd[m][0]
        keep |= {fact(m, v, ds, met) for v in bd[m][0]}
    note("UN06", f"newest {newest} ({top}); ahead of it: {sorted(ahead_all)}; place {place}")
    return exp, None, keep, set()


@computer("UN07")
def un07(now, w):
    G, ds, met = GRAPHS["g2"], "Hollenby Marsh Calls", "Accuracy"
    b19 = board(G, ds, met, 2019, now, w)
    assert best(b19, met) == {frozenset({("Warbleon", "79.5")})}
    assert 79.0 <= 79.5 < 80.0  # "just under 80%"
    bd = board(G, ds, met, None, now, w)
    wv = bd["Warbleon"][0]
    exp, keep, rm = set(), set(), set()
    beat_any = set()
    for m, (vals, kind, removed) in bd.items():
        if m == "Warbleon":
            continue
        fy = min(first_year(G, m, ds, met, v, w) for v in vals)
        if fy <= 2019:
            continue
        if all(better(v, x, met) for v in vals for x in wv):
            exp |= {m} | vals
            keep |= {fact(m, v, ds, met) for v in vals}
            rm |= {fact(m, v, ds, met) for v in removed}
        if any(better(v, x, met) for v in vals for x in wv):
            beat_any.add(m)
    assert beat_any == {e for e in exp if e in bd}
    note("UN07", f"Warbleon now {sorted(wv)} ({bd['Warbleon'][1]}); beaten since 2019 by {sorted(beat_any)}; removed {sorted(rm)}")
    return exp, None, keep, rm


@computer("UN08")
def un08(now, w):
    G, ds, met = GRAPHS["g2"], "Dastrup-7 Chorus", "Word Error Rate"
    bd = board(G, ds, met, None, now, w)
    fv, fkind, frem = bd["Fennick-RNN"]
    assert fkind == "clear" and len(fv) == 1, bd["Fennick-RNN"]
    base = float(next(iter(fv)))
    half = base / 2
    others = {m: s for m, s in bd.items() if m != "Fennick-RNN"}
    sure, disp = bound_split(others, lambda v: v <= half)
    assert not disp
    exp = set(fv)
    keep = {fact("Fennick-RNN", v, ds, met) for v in fv}
    for m, vals in sure.items():
        exp |= {m} | vals
        keep |= {fact(m, v, ds, met) for v in vals}
    careless = {m for m, s in others.items() if all(float(v) <= float(next(iter(frem))) / 2 for v in s[0])}
    assert careless != set(sure)
    note("UN08", f"Fennick-RNN {sorted(fv)} (removed {sorted(frem)}), half {half}: {sorted(sure)}; with the removed value: {sorted(careless)}")
    return exp, None, keep, {fact("Fennick-RNN", v, ds, met) for v in frem}


@computer("UN09")
def un09(now, w):
    G, ds, met = GRAPHS["g2"], "Hollenby Marsh Calls", "Accuracy"
    vals, kind, rem = surviving(G, "Syrinxa", ds, met, None, now, w)
    verdicts = set()
    for tol in (0.5, 1.0):
        ok = [abs(float(v) - 94) <= tol for v in vals]
        verdicts.add("SUPPORTED" if all(ok) else "REFUTED" if not any(ok) else "UNCERTAIN")
    assert len(verdicts) == 1
    assert any(abs(float(v) - 94) <= 0.5 for v in rem)  # the careless match is the removed outlier
    n = {v: len(ps) for v, ps in stating(G, "Syrinxa", ds, met, None, w).items()}
    note("UN09", f"Syrinxa {sorted(vals)} ({kind}), removed {sorted(rem)}; papers per value {n}")
    return set(vals), verdicts.pop(), {fact("Syrinxa", v, ds, met) for v in vals}, {fact("Syrinxa", v, ds, met) for v in rem}


@computer("UN10")
def un10(now, w):
    G, ds, met = GRAPHS["g2"], "Dastrup-7 Chorus", "Word Error Rate"
    now_bd = board(G, ds, met, None, now, w)
    pv = now_bd["Plumaro"][0]
    fy = min(first_year(G, "Plumaro", ds, met, v, w) for v in pv)
    prev = board(G, ds, met, fy - 1, now, w)
    holders = best(prev, met)
    rels, exp, keep = [], set(pv), {fact("Plumaro", v, ds, met) for v in pv}
    for h in holders:
        for m, v in h:
            for p in pv:
                rels.append((float(v) - float(p)) / float(v))
            exp |= {m, v}
            keep.add(fact(m, v, ds, met))
    for f in keep:  # the previous record's values still stand today
        m = FACT_RE.match(f)
        assert m["v"] in now_bd[m["m"]][0], f
    ok = [r > 0.10 for r in rels]
    verdict = "SUPPORTED" if all(ok) else "REFUTED" if not any(ok) else "UNCERTAIN"
    note("UN10", f"Plumaro {sorted(pv)} first in {fy}; record in {fy - 1}: {sorted(map(sorted, holders))}; relative cuts {[round(r, 3) for r in rels]}")
    return exp, verdict, keep, set()


@computer("UN11")
def un11(now, w):
    G, ds, met = GRAPHS["g3"], "Orrenby Parallel Corpus", "BLEU"
    bd = board(G, ds, met, None, now, w)
    mv = bd["Murrelet-MT"][0]
    assert all(abs(float(v) - 34) <= 0.5 for v in mv)
    tops = best(bd, met)
    holds = {any(m == "Murrelet-MT" for m, _ in t) for t in tops}
    assert len(holds) == 1
    verdict = "SUPPORTED" if holds.pop() else "REFUTED"
    exp, keep = set(), set()
    for t in tops:
        for m, v in t:
            exp |= {m, v}
            keep.add(fact(m, v, ds, met))
    note("UN11", f"Murrelet-MT {sorted(mv)}; best now {sorted(map(sorted, tops))}")
    return exp, verdict, keep, {fact("Murrelet-MT", v, ds, met) for v in mv}


@computer("UN12")
def un12(now, w):
    G, ds, met = GRAPHS["g3"], "Mirelle Subtitles", "chrF"
    bd = board(G, ds, met, None, now, w)
    sure, disp = bound_split(bd, lambda v: v > 52.0)
    assert "Ostrada-T" not in bd  # its '-' is no value
    assert any(r["model"] == "Ostrada-T" and r["dataset"] == ds and r["raw"] == "-" for r in G.rows)
    exp, keep = set(), set()
    for m, vals in list(sure.items()) + list(disp.items()):
        exp |= {m} | vals
        keep |= {fact(m, v, ds, met) for v in vals}
    note("UN12", f"above 52: sure {sorted(sure)}, disputed {sorted((m, sorted(v)) for m, v in disp.items())}")
    return exp, None, keep, set()


@computer("UN13")
def un13(now, w):
    G, ds, met = GRAPHS["g3"], "Orrenby Parallel Corpus", "BLEU"
    rows = [r for r in G.rows if (r["model"], r["dataset"], r["metric"]) == ("Gannetron", ds, met)]
    papers = {r["paper"] for r in rows}
    assert 3 <= len(papers) <= 5  # "a handful"
    vals, kind, rem = surviving(G, "Gannetron", ds, met, None, now, w)
    assert kind == "clear"
    near = {v for v in vals if abs(float(v) - 19) <= 0.5}
    assert near == vals and not any(abs(float(v) - 19) <= 1.0 for v in rem)
    st = stating(G, "Gannetron", ds, met, None, w)
    exp = set(vals) | {G.title(p) for v in near for p in st[v]}
    note("UN13", f"{len(papers)} papers; surviving {sorted(vals)} from {sorted(G.title(p) for v in near for p in st[v])}; removed {sorted(rem)}")
    return exp, None, {fact("Gannetron", v, ds, met) for v in vals}, {fact("Gannetron", v, ds, met) for v in rem}


@computer("UN14")
def un14(now, w):
    G, ds, met = GRAPHS["g3"], "Orrenby Parallel Corpus", "BLEU"
    a = best(board(G, ds, met, 2021, now, w), met)
    # reading B: only results published in 2019-2021
    inspan = {}
    for r in G.rows:
        y = w[r["paper"]]
        if (r["dataset"], r["metric"]) == (ds, met) and r["value"] and y is not None and 2019 <= y <= 2021:
            inspan.setdefault(r["model"], set()).add(r["value"])
    b = set()
    for combo in itertools.product(*[[(m, v) for v in vs] for m, vs in inspan.items()]):
        top = max(combo, key=lambda mv: float(mv[1]))
        b.add(frozenset([top]))
    assert a == b, (a, b)
    (top,), = [tuple(t) for t in a]
    rm = after_anchor_beating(G, ds, met, 2021, top[1], w)
    note("UN14", f"end of 2021: {sorted(map(sorted, a))}; published 2019-2021: {sorted(map(sorted, b))}; later and higher: {sorted(rm)}")
    return {top[0], top[1]}, None, {fact(*top, ds, met)}, rm


@computer("UN15")
def un15(now, w):
    G = GRAPHS["g3"]
    rows = [r for r in G.rows if (r["model"], r["dataset"], r["metric"]) == ("Ostrada-T", "Mirelle Subtitles", "chrF")]
    assert rows and all(r["value"] is None for r in rows), rows
    note("UN15", f"stored {[r['raw'] for r in rows]}")
    return set(), "UNCERTAIN", set(), set()


@computer("UN16")
def un16(now, w):
    G, ds, met, anchor = GRAPHS["g4"], "Sealbrook Turbine Logs", "F1", 2019
    bd = board(G, ds, met, anchor, now, w)
    sure, disp = bound_split(bd, lambda v: v > 75.0)
    assert not disp
    exp, keep = set(), set()
    for m, vals in sure.items():
        exp |= {m} | vals
        keep |= {fact(m, v, ds, met) for v in vals}
    rm = after_anchor_beating(G, ds, met, anchor, "75", w)
    sel = G.papers[G.paper_by_title("Selkora:")]
    assert min(sel["p29"]) <= anchor < min(sel["years"])  # the careless smallest-P29 reading puts it inside
    note("UN16", f"world Tidewick={w[G.paper_by_title('Tidewick:')]}: above 75 by 2019 {sorted(sure.items())}; later {sorted(rm)}")
    return exp, None, keep, rm


@computer("UN17")
def un17(now, w):
    G, ds, met = GRAPHS["g4"], "Kelpwatch-Norrland", "Mean IoU"
    bd = board(G, ds, met, None, now, w)
    exp, keep, undated = set(), set(), []
    for r in G.rows:
        if (r["dataset"], r["metric"]) != (ds, met) or r["value"] is None or float(r["value"]) < 60:
            continue
        assert r["value"] in bd[r["model"]][0]
        y = w[r["paper"]]
        if y is None:
            undated.append((r["model"], r["value"], G.papers[r["paper"]]["p29"]))
        elif 2020 <= y <= 2029:
            exp |= {G.title(r["paper"]), r["value"]}
            keep.add(fact(r["model"], r["value"], ds, met))
    assert undated  # the Driftmere trap
    note("UN17", f"2020s papers at 60 or more: {sorted(exp)}; undated at 60 or more: {undated}")
    return exp, None, keep, set()


@computer("UN18")
def un18(now, w):
    G, ds, met = GRAPHS["g4"], "Sealbrook Turbine Logs", "F1"
    vals, kind, rem = surviving(G, "Undertow-GNN", ds, met, None, now, w)
    assert vals == {"86.0"}
    ps = stating(G, "Undertow-GNN", ds, met, None, w)["86.0"]
    dois = sum(len(G.papers[p]["dois"]) for p in ps)
    verdict = "SUPPORTED" if len(ps) == 1 else "REFUTED"
    note("UN18", f"86.0 stated by {len(ps)} papers ({dois} DOIs): {sorted(G.title(p) for p in ps)}")
    return {"86.0"} | {G.title(p) for p in ps}, verdict, {fact("Undertow-GNN", "86.0", ds, met)}, set()


@computer("UN19")
def un19(now, w):
    G, ds, met = GRAPHS["g4"], "Sealbrook Turbine Logs", "F1"
    bd = board(G, ds, met, None, now, w)
    firsts = {m: min(first_year(G, m, ds, met, v, w) for v in s[0]) for m, s in bd.items()}
    newest = [m for m, y in firsts.items() if y == max(firsts.values())]
    assert newest == ["Undertow-GNN"], firsts
    uv = bd["Undertow-GNN"][0]
    tops = best(bd, met)
    exp, keep = set(uv), {fact("Undertow-GNN", v, ds, met) for v in uv}
    gaps = set()
    for t in tops:
        for m, v in t:
            exp |= {m, v}
            keep.add(fact(m, v, ds, met))
            gaps |= {round(float(v) - float(u), 2) for u in uv}
    ahead = {m for m in bd if m != "Undertow-GNN" and all(better(v, u, met) for v in bd[m][0] for u in uv)}
    note("UN19", f"first years {firsts}; best {sorted(map(sorted, tops))}; gap {sorted(gaps)}; place {1 + len(ahead)}")
    assert gaps == {2.5} and len(ahead) == 1
    return exp, None, keep, set()


@computer("UN20")
def un20(now, w):
    absent(GRAPHS["g4"], "UN20", ["wave", "converter"])
    return set(), None, set(), set()


# ------------------------------------------------------------------------------------------
# cross-check against check.py's six readings (imported, not read)
# ------------------------------------------------------------------------------------------
def crosscheck(nows):
    try:
        sys.path.insert(0, TRUST)
        import check  # noqa: F401
    except Exception as e:  # pragma: no cover
        fail("check.py", f"cannot import: {type(e).__name__}: {e}")
        return
    cases = [("g1", "Orvalis-CNN", "Corvalla-Ice", "F1", None), ("g1", "Tavrosa", "BenchMira", "Accuracy", None),
             ("g2", "Fennick-RNN", "Dastrup-7 Chorus", "Word Error Rate", None),
             ("g2", "Trillbert", "Dastrup-7 Chorus", "Word Error Rate", None),
             ("g2", "Trillbert", "Dastrup-7 Chorus", "Word Error Rate", 2023),
             ("g2", "Syrinxa", "Hollenby Marsh Calls", "Accuracy", None),
             ("g2", "Warbleon", "Hollenby Marsh Calls", "Accuracy", None),
             ("g3", "Gannetron", "Orrenby Parallel Corpus", "BLEU", None),
             ("g3", "Murrelet-MT", "Mirelle Subtitles", "chrF", None)]
    cg = {}
    for gk, m, d, met, anchor in cases:
        if gk not in cg:
            cg[gk] = check.G(os.path.join(TRUST, f"{gk}.ttl"))
        theirs = check.surviving(cg[gk], m, d, met, anchor)
        mine = set()
        for now in nows:
            for w in GRAPHS[gk].worlds:
                s = surviving(GRAPHS[gk], m, d, met, anchor, now, w)
                mine.add(frozenset(float(v) for v in s[0]))
        if len(mine) != 1 or set(theirs[0]) != set(next(iter(mine))) or "AMBIG" in str(theirs[1]).upper():
            fail("check.py", f"{m} {d} {met} anchor={anchor}: mine {mine}, check.py {theirs[0]} {theirs[1]}")
        else:
            print(f"  cross-check {m} / {d} / {met} anchor={anchor}: {sorted(theirs[0])} ({theirs[1]})")


# ------------------------------------------------------------------------------------------
# the file
# ------------------------------------------------------------------------------------------
QUERY_TYPES = {"claim_verification", "method_comparison", "paper_lookup", "topic_search", "method_usage", "dataset_search"}
MECHANISMS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
DESIGN = dict(
    verdict={"SUPPORTED": 2, "REFUTED": 3, "UNCERTAIN": 2, None: 13},
    mechanism={"recency": 2, "superseded": 2, "conflict": 4, "corroboration": 4, "as_of": 3, "metadata": 2, "gate": 3},
    query_type={"claim_verification": 7, "method_comparison": 9, "paper_lookup": 1, "topic_search": 1,
                "method_usage": 1, "dataset_search": 1},
    graph={"g1.ttl": 5, "g2.ttl": 5, "g3.ttl": 5, "g4.ttl": 5},
)


def main():
    with open(os.path.join(TRUST, "trust-dev.jsonl")) as f:
        fields = list(json.loads(f.readline()).keys())
    try:
        with open(FILE) as f:
            lines = [l for l in f.read().splitlines() if l.strip()]
        qs = [json.loads(l) for l in lines]
    except Exception as e:
        fail("file", f"{FILE}: {type(e).__name__}: {e}")
        qs = []
    print(f"{FILE}: {len(qs)} questions")

    env = os.environ.get("TRUST_NOW")
    nows = sorted(set(range(2025, 2031)) | {datetime.date.today().year} | ({int(env)} if env else set()))

    ids = [q.get("id") for q in qs]
    if ids != [f"UN{i:02d}" for i in range(1, 21)]:
        fail("file", f"ids are not UN01..UN20 in order: {ids}")
    if len(set(ids)) != len(ids):
        fail("file", "duplicate ids")
    texts = [q.get("question", "").strip().lower() for q in qs]
    if len(set(texts)) != len(texts):
        fail("file", "duplicate questions")

    for q in qs:
        qid = q.get("id", "?")
        if list(q.keys()) != fields:
            fail(qid, f"fields {list(q.keys())} != {fields}")
            continue
        n = len(q["question"].split())
        if not 6 <= n <= 30:
            fail(qid, f"{n} words")
        if q["graph"] not in DESIGN["graph"]:
            fail(qid, f"graph {q['graph']}")
            continue
        if q["query_type"] not in QUERY_TYPES:
            fail(qid, f"query_type {q['query_type']}")
        if q["mechanism"] not in MECHANISMS:
            fail(qid, f"mechanism {q['mechanism']}")
        claim = q["query_type"] == "claim_verification"
        if claim and q["verdict"] not in VERDICTS:
            fail(qid, f"claim without a verdict: {q['verdict']}")
        if not claim and q["verdict"] is not None:
            fail(qid, f"verdict on a non-claim: {q['verdict']}")
        for k in ("expected", "must_keep", "must_remove"):
            if not isinstance(q[k], list) or len(set(q[k])) != len(q[k]):
                fail(qid, f"{k} is not a list of distinct strings")
        G = GRAPHS[q["graph"][:2]]
        for s in q["expected"]:
            if s not in G.text:
                fail(qid, f"expected string {s!r} is not a string of {q['graph']}")
        for f_ in q["must_keep"] + q["must_remove"]:
            if not fact_in_graph(G, f_):
                fail(qid, f"fact not in graph or not in clean form: {f_!r}")
        if set(q["must_keep"]) & set(q["must_remove"]):
            fail(qid, "a fact is both kept and removed")
        # every must_keep fact survives now (the anchored ones are checked by their computers)
        for f_ in q["must_keep"]:
            m = FACT_RE.match(f_)
            if not m:
                continue
            for now in nows:
                for w in G.worlds:
                    vals = surviving(G, m["m"], m["d"], m["met"], None, now, w)[0]
                    if m["v"] not in vals:
                        fail(qid, f"must_keep {f_!r} does not survive now={now}")
        comp = COMPUTERS.get(qid)
        if comp is None:
            fail(qid, "no computer")
            continue
        results = set()
        for now in nows:
            for w in G.worlds:
                try:
                    e, v, k, r = comp(now, w)
                except AssertionError as ex:
                    fail(qid, f"derivation failed now={now}: {ex}")
                    continue
                results.add((frozenset(e), v, frozenset(k), frozenset(r)))
        if len(results) != 1:
            fail(qid, f"the answer depends on the current year or on a year reading: {results}")
            continue
        e, v, k, r = next(iter(results))
        if set(q["expected"]) != set(e):
            fail(qid, f"expected {sorted(q['expected'])} != derived {sorted(e)}")
        if q["verdict"] != v:
            fail(qid, f"verdict {q['verdict']} != derived {v}")
        if set(q["must_keep"]) != set(k):
            fail(qid, f"must_keep {sorted(q['must_keep'])} != derived {sorted(k)}")
        if set(q["must_remove"]) != set(r):
            fail(qid, f"must_remove {sorted(q['must_remove'])} != derived {sorted(r)}")
        print(f"{qid} {q['graph'][:2]} {q['mechanism']:<13} {q['query_type']:<18} {str(q['verdict']):<9} ok-derived")
        for line in EVIDENCE.get(qid, []):
            print(f"    {line}")

    for key, want in DESIGN.items():
        got = {}
        for q in qs:
            got[q.get(key)] = got.get(q.get(key), 0) + 1
        if got != want:
            fail("design", f"{key} counts {got} != {want}")
        else:
            print(f"  {key}: {want}")

    crosscheck(nows)
    print(f"FAILURES: {len(FAILURES)}")
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
