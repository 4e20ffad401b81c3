#!/usr/bin/env python3
"""Checks trust-dev34.jsonl (UI01-UI20): margins, gaps and the direction of a metric.

Re-derives every question's expected answer, verdict, must_keep and must_remove from the
fixture graphs g1.ttl .. g4.ttl with its own rdflib code, for every current year 2025-2030
and TRUST_NOW if set, and cross-checks the conflicts it relies on with check.py's
`surviving` (imported, nothing written into /work/main).

    python3 check34.py                       # last line FAILURES: 0, exit 0
    UI_FILE=/tmp/copy.jsonl python3 check34.py
"""
import itertools
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = "/work/main/eval/gold/trust"
sys.path.insert(0, TRUST)
if os.environ.get("TRUST_NOW", None) == "":   # an empty TRUST_NOW means unset
    del os.environ["TRUST_NOW"]
import check  # noqa: E402  (reference module; used for G and surviving only)

from rdflib import Graph  # noqa: E402

FILE = os.environ.get("UI_FILE", os.path.join(HERE, "trust-dev34.jsonl"))
PREFIX = "UI"
N_QUESTIONS = 20

LAMBDA = 0.08
THRESH = 0.30
LOWER_BETTER = {"Word Error Rate"}
NOWS = sorted(set(range(2025, 2031)) | ({int(os.environ["TRUST_NOW"])} if os.environ.get("TRUST_NOW") else set()))

QUERY_TYPES = {"claim_verification", "method_comparison", "paper_lookup", "topic_search",
               "method_usage", "dataset_search"}
MECHANISMS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
FACT_RE = re.compile(r"^(?P<model>.+) scores (?P<value>-?\d+(?:\.\d+)?) on (?P<dataset>.+) by (?P<metric>.+)$")

FAILS = []


def fail(qid, msg):
    FAILS.append(f"{qid}: {msg}")
    print(f"FAIL {qid}: {msg}")


# ------------------------------------------------------------------------------------------
# The graphs, read with our own SPARQL
# ------------------------------------------------------------------------------------------
PFX = """PREFIX orkgp: <http://orkg.org/orkg/predicate/>
PREFIX orkgc: <http://orkg.org/orkg/class/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
"""
Q_ROWS = PFX + """SELECT ?paper ?title ?model ?dataset ?metric ?value WHERE {
  ?paper a orkgc:Paper ; rdfs:label ?title ; orkgp:P31 ?c .
  ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?model .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dataset .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value . ?mt rdfs:label ?metric . }"""
Q_PAPERS = PFX + """SELECT ?paper ?title ?y ?doi WHERE {
  ?paper a orkgc:Paper ; rdfs:label ?title .
  OPTIONAL { ?paper orkgp:P29 ?y } OPTIONAL { ?paper orkgp:P26 ?doi } }"""
Q_LABELS = PFX + """SELECT ?l WHERE { ?x rdfs:label ?l }"""
Q_BOARD_METRICS = PFX + """SELECT DISTINCT ?dataset ?metric WHERE {
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dataset .
  ?e orkgp:HAS_METRIC ?mt . ?mt rdfs:label ?metric . }"""


def clean_value(s):
    s = s.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    if s in ("-", ""):
        return None
    return float(s)


def fmt(v):
    return f"{v:.1f}"


def gap(a, b):
    return fmt(round(abs(a - b) + 1e-9, 1))


class KG:
    def __init__(self, name):
        self.name = name
        self.rg = Graph()
        self.rg.parse(os.path.join(TRUST, f"{name}.ttl"), format="turtle")
        self.papers = {}
        for r in self.rg.query(Q_PAPERS):
            p = self.papers.setdefault(str(r.paper), {"title": str(r.title), "p29": set(), "dois": set()})
            if r.y is not None:
                p["p29"].add(int(r.y))
            if r.doi is not None:
                p["dois"].add(str(r.doi))
        for p in self.papers.values():
            p["years"] = sorted(y for y in p["p29"] if y >= 1000)   # 1-12 is a month
        self.rows = []
        for r in self.rg.query(Q_ROWS):
            self.rows.append(dict(paper=str(r.paper), title=str(r.title), model=str(r.model),
                                  dataset=str(r.dataset), metric=str(r.metric), raw=str(r.value),
                                  value=clean_value(str(r.value))))
        self.labels = {str(r.l) for r in self.rg.query(Q_LABELS)}
        self.board_metrics = {(str(r.dataset), str(r.metric)) for r in self.rg.query(Q_BOARD_METRICS)}
        # text the expected strings may come from: labels, clean values, real years, DOIs
        txt = set(self.labels)
        for row in self.rows:
            txt.add(row["raw"].strip())
            if row["value"] is not None:
                txt.add(fmt(row["value"]))
        for p in self.papers.values():
            txt |= {str(y) for y in p["years"]} | p["dois"]
        self.text = txt

    def worlds(self):
        """Every reading of the paper years: one real year per paper; None for no usable year."""
        keys = sorted(self.papers)
        choices = [self.papers[k]["years"] or [None] for k in keys]
        for combo in itertools.product(*choices):
            yield dict(zip(keys, combo))

    def models_on(self, dataset, metric):
        return sorted({r["model"] for r in self.rows
                       if r["dataset"] == dataset and r["metric"] == metric and r["value"] is not None})

    def has_pair(self, model, dataset):
        return any(r["model"] == model and r["dataset"] == dataset for r in self.rows)

    def has_model_metric(self, model, metric):
        return any(r["model"] == model and r["metric"] == metric for r in self.rows)


KGS = {g: KG(g) for g in ("g1", "g2", "g3", "g4")}
CHECK_G = {g: check.G(f"{g}.ttl") for g in KGS}


def cross_check_rows():
    for g, kg in KGS.items():
        mine = sorted((r["title"], r["model"], r["dataset"], r["metric"], r["raw"]) for r in kg.rows)
        theirs = sorted((r["title"], r["model"], r["dataset"], r["metric"], r["value"]) for r in CHECK_G[g].rows)
        if mine != theirs:
            fail(g, "own SPARQL rows differ from check.G rows")


# ------------------------------------------------------------------------------------------
# Conflicts and boards (public rules: recency e^(-0.08 age) of the newest stating paper,
# corroboration 1 + 0.8 ln(1 + papers), the weaker value removed when it is more than 30 %
# below the stronger one)
# ------------------------------------------------------------------------------------------
def stated(kg, world, dataset, metric, anchor):
    """model -> {value: [years of the papers stating it]}; under an anchor, undated papers are out."""
    out = {}
    for r in kg.rows:
        if r["dataset"] != dataset or r["metric"] != metric or r["value"] is None:
            continue
        y = world[r["paper"]]
        if anchor is not None and (y is None or y > anchor):
            continue
        out.setdefault(r["model"], {}).setdefault(r["value"], []).append(y)
    return out


def resolve(vals, ref):
    """vals {value: [years]} -> (surviving set, removed set, status)."""
    if len(vals) == 1:
        return set(vals), set(), "single"
    w = {}
    for v, ys in vals.items():
        if any(y is None for y in ys):
            raise AssertionError("an undated paper in a conflict")
        w[v] = math.exp(-LAMBDA * (ref - max(ys))) * (1 + 0.8 * math.log(1 + len(ys)))
    top = max(w.values())
    keep = {v for v, x in w.items() if top - x <= THRESH * top}
    return keep, set(vals) - keep, ("close" if len(keep) > 1 else "clear")


def board(kg, world, dataset, metric, anchor, now):
    """(model -> surviving values, model -> removed values, model -> status)."""
    st = stated(kg, world, dataset, metric, anchor)
    surv, rem, status = {}, {}, {}
    for m, vals in st.items():
        k, r, s = resolve(vals, anchor if anchor is not None else now)
        surv[m], rem[m], status[m] = k, r, s
    return surv, rem, status


def better(metric, a, b):
    return a < b if metric in LOWER_BETTER else a > b


def readings(surv):
    """Every choice of one value per model (a close conflict is read with each of its values)."""
    ms = sorted(surv)
    for combo in itertools.product(*[sorted(surv[m]) for m in ms]):
        yield dict(zip(ms, combo))


def ranked(reading, metric):
    return sorted(reading.items(), key=lambda kv: kv[1], reverse=metric not in LOWER_BETTER)


def over(kg, dataset, metric, anchor, now, f):
    """The set of f(ranking) over every world and every reading of the close conflicts."""
    out = set()
    for world in kg.worlds():
        surv, _, _ = board(kg, world, dataset, metric, anchor, now)
        for rd in readings(surv):
            out.add(f(ranked(rd, metric)))
    return out


def only(s, qid, what):
    if len(s) != 1:
        fail(qid, f"{what}: not one answer across the readings: {sorted(map(str, s))}")
        return next(iter(sorted(s, key=str)))
    return next(iter(s))


def fact(m, v, d, metric):
    return f"{m} scores {fmt(v)} on {d} by {metric}"


def removed_facts(kg, dataset, metric, anchor, now):
    """Every (model, value) a clear conflict removes on the board, in some world."""
    out = set()
    for world in kg.worlds():
        _, rem, _ = board(kg, world, dataset, metric, anchor, now)
        for m, vs in rem.items():
            out |= {(m, v) for v in vs}
    return out


def traps_removed(kg, dataset, metric, anchor, now, f, exclude=()):
    """Kind (a): removed values that would change the answer if they were taken as the model's value."""
    out = set()
    base = over(kg, dataset, metric, anchor, now, f)
    for (m, v) in removed_facts(kg, dataset, metric, anchor, now):
        if m in exclude:
            continue
        alt = set()
        for world in kg.worlds():
            surv, _, _ = board(kg, world, dataset, metric, anchor, now)
            surv = dict(surv)
            surv[m] = {v}
            for rd in readings(surv):
                alt.add(f(ranked(rd, metric)))
        if alt != base:
            out.add(fact(m, v, dataset, metric))
    return out


def traps_after(kg, dataset, metric, anchor, now, f, exclude=()):
    """Kind (c): results surviving now, not on the board as it stood at the anchor (stated later
    or undated), that would change the answer if they were counted."""
    out = set()
    base = over(kg, dataset, metric, anchor, now, f)
    for world in kg.worlds():
        now_surv, _, _ = board(kg, world, dataset, metric, None, now)
        then_surv, _, _ = board(kg, world, dataset, metric, anchor, now)
        for m, vs in now_surv.items():
            if m in exclude:
                continue
            for v in vs:
                if v in then_surv.get(m, set()):
                    continue
                alt_s = dict(then_surv)
                alt_s[m] = {v}
                alt = {f(ranked(rd, metric)) for rd in readings(alt_s)}
                if alt != base:
                    out.add(fact(m, v, dataset, metric))
    return out


def surviving_facts(kg, dataset, metric, anchor, now):
    out = set()
    for world in kg.worlds():
        surv, _, _ = board(kg, world, dataset, metric, anchor, now)
        out |= {fact(m, v, dataset, metric) for m, vs in surv.items() for v in vs}
    return out


def verdict_of(truths):
    if truths == {True}:
        return "SUPPORTED"
    if truths == {False}:
        return "REFUTED"
    return "UNCERTAIN"


def first_year(kg, world, model, dataset, metric):
    ys = [world[r["paper"]] for r in kg.rows
          if r["model"] == model and r["dataset"] == dataset and r["metric"] == metric and r["value"] is not None]
    ys = [y for y in ys if y is not None]
    return min(ys) if ys else None


# ------------------------------------------------------------------------------------------
# One computer per question. Each returns dict(expected, derived, verdict, must_keep,
# must_remove, anchors, names): `derived` are expected strings that are computed numbers
# (gaps), not strings of the graph; `anchors` the years at which must_keep must survive.
# ------------------------------------------------------------------------------------------
def top_two(rk):
    (m1, v1), (m2, v2) = rk[0], rk[1]
    return (m1, v1, m2, v2)


def q_lead_over_runner_up(g, dataset, metric, now, qid):
    kg = KGS[g]
    f = top_two
    res = over(kg, dataset, metric, None, now, f)
    m1, v1, m2, v2 = only(res, qid, "top two")
    return dict(expected=[m1, fmt(v1), m2, fmt(v2), gap(v1, v2)], derived=[gap(v1, v2)], verdict=None,
                must_keep=[fact(m1, v1, dataset, metric), fact(m2, v2, dataset, metric)],
                must_remove=sorted(traps_removed(kg, dataset, metric, None, now, f)), anchors=[None])


def UI01(now):
    return q_lead_over_runner_up("g1", "BenchMira", "Accuracy", now, "UI01") | {
        "names": ["BenchMira"]}


def UI02(now):
    g, d, mt, subj = "g1", "Corvalla-Ice", "F1", "Brackwater-UNet"
    kg = KGS[g]
    r = q_lead_over_runner_up(g, d, mt, now, "UI02")
    if r["expected"][0] != subj:
        fail("UI02", f"premise: {subj} is not the best now on {d}")
    r["names"] = [subj, d]
    return r


def q_improvement(g, model, dataset, metric, now, qid):
    """The record before the model's first result (the board a year before), the margin(s)."""
    kg = KGS[g]
    out = set()
    for world in kg.worlds():
        y = first_year(kg, world, model, dataset, metric)
        if y is None:
            fail(qid, f"{model} has no dated result")
            continue
        prev, _, _ = board(kg, world, dataset, metric, y - 1, now)
        mine, _, _ = board(kg, world, dataset, metric, None, now)
        for rd in readings(prev):
            pm, pv = ranked(rd, metric)[0]
            for v in mine[model]:
                out.add((y, pm, pv, v))
    return out


def UI03(now):
    g, m, d, mt = "g1", "Sallowmere", "Skarnhold Glacier Set", "Mean IoU"
    kg = KGS[g]
    y, pm, pv, v = only(q_improvement(g, m, d, mt, now, "UI03"), "UI03", "previous best")
    if not better(mt, v, pv):
        fail("UI03", "Sallowmere did not raise the record")
    return dict(expected=[pm, fmt(pv), fmt(v), gap(v, pv)], derived=[gap(v, pv)], verdict=None,
                must_keep=[fact(m, v, d, mt), fact(pm, pv, d, mt)], must_remove=[],
                anchors=[None], prev_anchor=y - 1, prev_fact=fact(pm, pv, d, mt), names=[m, d])


def margin_claim(g, a, b, dataset, metric, now, pred):
    """Truth of pred(margin of a over b) for every world and reading."""
    kg = KGS[g]
    truths, margins = set(), set()
    for world in kg.worlds():
        surv, _, _ = board(kg, world, dataset, metric, None, now)
        for rd in readings(surv):
            va, vb = rd[a], rd[b]
            mg = (vb - va) if metric in LOWER_BETTER else (va - vb)
            truths.add(pred(round(mg, 6)))
            margins.add(gap(va, vb))
    return truths, margins


def UI04(now):
    g, a, b, d, mt = "g1", "Zephyrine-L", "Tavrosa", "BenchMira", "Accuracy"
    kg = KGS[g]
    truths, margins = margin_claim(g, a, b, d, mt, now, lambda m: m > 4.0)
    surv = surviving_facts(kg, d, mt, None, now)
    keep = sorted(x for x in surv if x.startswith(a + " ") or x.startswith(b + " "))
    vals = sorted({FACT_RE.match(x).group("value") for x in keep})
    return dict(expected=vals + sorted(margins), derived=sorted(margins), verdict=verdict_of(truths),
                must_keep=keep,
                must_remove=sorted(traps_removed(kg, d, mt, None, now,
                                                 lambda rk: dict(rk)[a] - dict(rk)[b] > 4.0)),
                anchors=[None], names=[a, b, d])


def UI05(now):
    g, a, b, d, mt = "g1", "Orvalis-CNN", "KestrelNet", "BenchMira", "Accuracy"
    kg = KGS[g]
    truths, margins = margin_claim(g, a, b, d, mt, now, lambda m: abs(m) < 2.0)
    surv = surviving_facts(kg, d, mt, None, now)
    keep = sorted(x for x in surv if x.startswith(a + " ") or x.startswith(b + " "))
    vals = sorted({FACT_RE.match(x).group("value") for x in keep})
    return dict(expected=vals + sorted(margins), derived=sorted(margins), verdict=verdict_of(truths),
                must_keep=keep,
                must_remove=sorted(traps_removed(kg, d, mt, None, now,
                                                 lambda rk: abs(dict(rk)[a] - dict(rk)[b]) < 2.0)),
                anchors=[None], names=[a, b, d])


def UI06(now):
    g, a, b, d, mt = "g2", "Trillbert", "Warbleon", "Dastrup-7 Chorus", "Word Error Rate"
    kg = KGS[g]
    truths, margins = margin_claim(g, a, b, d, mt, now, lambda m: m > 0)
    if truths != {True}:
        fail("UI06", "premise: Trillbert does not beat Warbleon in every reading")
    surv = surviving_facts(kg, d, mt, None, now)
    keep = sorted(x for x in surv if x.startswith(a + " ") or x.startswith(b + " "))
    vals = sorted({FACT_RE.match(x).group("value") for x in keep})
    return dict(expected=vals + sorted(margins), derived=sorted(margins), verdict=None, must_keep=keep,
                must_remove=[], anchors=[None], names=[a, b, d])


def UI07(now):
    g, d, mt, anchor = "g2", "Dastrup-7 Chorus", "Word Error Rate", 2020
    kg = KGS[g]
    res = over(kg, d, mt, anchor, now, top_two)
    m1, v1, m2, v2 = only(res, "UI07", "top two as of 2020")
    return dict(expected=[m1, fmt(v1), m2, fmt(v2), gap(v1, v2)], derived=[gap(v1, v2)], verdict=None,
                must_keep=[fact(m1, v1, d, mt), fact(m2, v2, d, mt)],
                must_remove=sorted(traps_after(kg, d, mt, anchor, now, top_two)
                                   | traps_removed(kg, d, mt, anchor, now, top_two)),
                anchors=[None, anchor], names=[d])


def UI08(now):
    """'more than 10% lower, relative, than the runner-up': (runner - best) / runner > 0.10.
    Read as 10 points instead the verdict must be the same (asserted)."""
    g, subj, d, mt = "g2", "Plumaro", "Dastrup-7 Chorus", "Word Error Rate"
    kg = KGS[g]
    res = over(kg, d, mt, None, now, top_two)
    m1, v1, m2, v2 = only(res, "UI08", "top two")
    if m1 != subj:
        fail("UI08", "Plumaro is not the best now")
    rel = (v2 - v1) / v2 > 0.10
    absolute = (v2 - v1) > 10.0
    if rel != absolute:
        fail("UI08", "relative and absolute readings disagree")
    f = lambda rk: (rk[0][0] == subj and (rk[1][1] - rk[0][1]) / rk[1][1] > 0.10)
    return dict(expected=[m1, fmt(v1), m2, fmt(v2)], derived=[], verdict=verdict_of({rel}),
                must_keep=[fact(m1, v1, d, mt), fact(m2, v2, d, mt)],
                must_remove=sorted(traps_removed(kg, d, mt, None, now, f)), anchors=[None],
                names=[subj, d])


def UI09(now):
    g, a, b, d = "g2", "Aviquist", "Corrasine", "Dastrup-7 Chorus"
    kg = KGS[g]
    if kg.has_pair(a, d):
        fail("UI09", "the graph does hold Aviquist on Dastrup-7 Chorus")
    if not kg.has_pair(b, d):
        fail("UI09", "Corrasine has no Dastrup-7 Chorus result (the trap needs one)")
    # the trap: the 0.4 is real on Veltmoor Dawn Set (6.8 against 7.2)
    tr = {gap(x["value"], y["value"]) for x in kg.rows for y in kg.rows
          if x["model"] == a and y["model"] == b and x["dataset"] == y["dataset"] == "Veltmoor Dawn Set"}
    if "0.4" not in tr:
        fail("UI09", "the Veltmoor trap is not there")
    return dict(expected=[], derived=[], verdict="UNCERTAIN", must_keep=[], must_remove=[],
                anchors=[None], names=[a, b, d])


def UI10(now):
    g, a, b, d, mt = "g2", "Plumaro", "Syrinxa", "Hollenby Marsh Calls", "Accuracy"
    kg = KGS[g]
    pred = lambda m: 0 < m < 2.0
    truths, margins = margin_claim(g, a, b, d, mt, now, pred)
    surv = surviving_facts(kg, d, mt, None, now)
    keep = sorted(x for x in surv if x.startswith(a + " ") or x.startswith(b + " "))
    vals = sorted({FACT_RE.match(x).group("value") for x in keep})
    return dict(expected=vals + sorted(margins), derived=sorted(margins), verdict=verdict_of(truths),
                must_keep=keep,
                must_remove=sorted(traps_removed(kg, d, mt, None, now,
                                                 lambda rk: pred(dict(rk)[a] - dict(rk)[b]))),
                anchors=[None], names=[a, b, d])


def q_top_two_open(g, d, mt, now, qid):
    kg = KGS[g]
    res = over(kg, d, mt, None, now, top_two)
    if len(res) < 2:
        fail(qid, "the top is not open")
    exp, der = set(), set()
    for m1, v1, m2, v2 in res:
        exp |= {m1, fmt(v1), m2, fmt(v2)}
        der.add(gap(v1, v2))
    keep = set()
    for m1, v1, m2, v2 in res:
        keep |= {fact(m1, v1, d, mt), fact(m2, v2, d, mt)}
    return dict(expected=sorted(exp) + sorted(der), derived=sorted(der), verdict=None,
                must_keep=sorted(keep), must_remove=sorted(traps_removed(kg, d, mt, None, now, top_two)),
                anchors=[None], names=[d])


def UI11(now):
    return q_top_two_open("g2", "Veltmoor Dawn Set", "Word Error Rate", now, "UI11")


def UI12(now):
    g, d, mt, m = "g3", "Orrenby Parallel Corpus", "BLEU", 3.0
    kg = KGS[g]
    f = lambda rk: tuple((x, v) for x, v in rk if abs(v - rk[0][1]) <= m)
    res = only(over(kg, d, mt, None, now, f), "UI12", "models within 3")
    for x, v in res:
        if abs(abs(v - res[0][1]) - m) < 0.05:
            fail("UI12", "a gap within 0.05 of the threshold")
    exp = []
    for x, v in res:
        exp += [x, fmt(v)]
    return dict(expected=exp, derived=[], verdict=None, must_keep=[fact(x, v, d, mt) for x, v in res],
                must_remove=sorted(traps_removed(kg, d, mt, None, now, f)), anchors=[None], names=[d])


def UI13(now):
    g, subj, d, mt = "g3", "Murrelet-MT", "Quenmark Dialogue Set", "BLEU"
    kg = KGS[g]
    f = lambda rk: (rk[0], dict(rk)[subj])
    (bm, bv), sv = only(over(kg, d, mt, None, now, f), "UI13", "best and Murrelet-MT")
    # premise: Murrelet-MT was the best as the board stood when it came out
    for world in kg.worlds():
        y = first_year(kg, world, subj, d, mt)
        lead = over(kg, d, mt, y, now, lambda rk: rk[0][0])
        if lead != {subj}:
            fail("UI13", "premise: Murrelet-MT did not lead when it came out")
    return dict(expected=[bm, fmt(bv), fmt(sv), gap(bv, sv)], derived=[gap(bv, sv)], verdict=None,
                must_keep=[fact(bm, bv, d, mt), fact(subj, sv, d, mt)],
                must_remove=sorted(traps_removed(kg, d, mt, None, now, f)), anchors=[None], names=[subj, d])


def UI14(now):
    r = q_top_two_open("g3", "Mirelle Subtitles", "chrF", now, "UI14")
    return r


def UI15(now):
    g, a, b, d, mt = "g3", "Nerrisa", "Ibbotrans", "Orrenby Parallel Corpus", "chrF"
    kg = KGS[g]
    if (d, mt) in kg.board_metrics:
        fail("UI15", "the graph does record chrF on Orrenby Parallel Corpus")
    if kg.has_model_metric(b, mt):
        fail("UI15", "Ibbotrans has a chrF result somewhere")
    if not (kg.has_pair(a, d) and kg.has_pair(b, d)):
        fail("UI15", "the BLEU trap is not there")
    return dict(expected=[], derived=[], verdict=None, must_keep=[], must_remove=[], anchors=[None],
                names=[a, b, d, mt])


def UI16(now):
    g, m, d, mt = "g3", "Nerrisa", "Orrenby Parallel Corpus", "BLEU"
    kg = KGS[g]
    y, pm, pv, v = only(q_improvement(g, m, d, mt, now, "UI16"), "UI16", "previous best")
    truth = (v - pv) > 2.0
    return dict(expected=[pm, fmt(pv), gap(v, pv)], derived=[gap(v, pv)], verdict=verdict_of({truth}),
                must_keep=[fact(m, v, d, mt), fact(pm, pv, d, mt)], must_remove=[],
                anchors=[None], prev_anchor=y - 1, prev_fact=fact(pm, pv, d, mt), names=[m, d])


def UI17(now):
    g, subj = "g4", "Marrowfen"
    kg = KGS[g]
    boards = sorted({(r["dataset"], r["metric"]) for r in kg.rows if r["model"] == subj})
    per = {}
    keep = set()
    for d, mt in boards:
        f = lambda rk, d=d: (rk[0], dict(rk)[subj])
        (bm, bv), sv = only(over(kg, d, mt, None, now, f), "UI17", f"best on {d}")
        per[(d, mt)] = (bm, bv, sv, abs(bv - sv))
        keep |= {fact(bm, bv, d, mt), fact(subj, sv, d, mt)}
    (d, mt), (bm, bv, sv, gp) = min(per.items(), key=lambda kv: kv[1][3])
    if sorted(x[3] for x in per.values())[0] == sorted(x[3] for x in per.values())[1]:
        fail("UI17", "a tie between datasets")
    # leaving out results no dated paper states (Driftmere) must point at the same dataset
    dated = {}
    for (dd, mm) in boards:
        for world in kg.worlds():
            surv, _, _ = board(kg, world, dd, mm, None, now)
            dated_vals = [v for x, vs in surv.items() for v in vs
                          if any(world[r["paper"]] is not None for r in kg.rows
                                 if r["model"] == x and r["dataset"] == dd and r["metric"] == mm
                                 and r["value"] == v)]
            best = min(dated_vals) if mm in LOWER_BETTER else max(dated_vals)
            dated[(dd, mm)] = abs(best - min(surv[subj]))
    if min(dated, key=dated.get) != (d, mt):
        fail("UI17", "the answer changes when undated results are left out")
    return dict(expected=[d, fmt(sv), bm, fmt(bv), fmt(gp)], derived=[fmt(gp)], verdict=None,
                must_keep=sorted(keep), must_remove=[], anchors=[None], names=[subj])


def UI18(now):
    g, d, mt = "g4", "Sealbrook Turbine Logs", "F1"
    kg = KGS[g]
    all_models = set(kg.models_on(d, mt))
    nevers = []
    for world in kg.worlds():
        years = [world[r["paper"]] for r in kg.rows if r["dataset"] == d and world[r["paper"]] is not None]
        led = set()
        # the board at the end of every year from its first result on, and now
        for y in list(range(min(years), max(years) + 1)) + [None]:
            surv, _, _ = board(kg, world, d, mt, y, now)
            leaders = {ranked(rd, mt)[0][0] for rd in readings(surv)}
            if len(leaders) == 1:
                led |= leaders
        nevers.append(all_models - led)
    surely = set.intersection(*nevers)
    maybe = set.union(*nevers) - surely
    exp = sorted(surely) + sorted(maybe)
    for m in sorted(maybe):
        for r in kg.rows:
            if r["model"] == m and r["dataset"] == d:
                exp += [str(y) for y in kg.papers[r["paper"]]["years"]]
    keep = set()
    now_facts = surviving_facts(kg, d, mt, None, now)
    for m in surely | maybe:
        keep |= {x for x in now_facts if x.startswith(m + " ")}
        # the model that was ahead of it when it came out, in every world where it did not lead
        for world in kg.worlds():
            y = first_year(kg, world, m, d, mt)
            surv, _, _ = board(kg, world, d, mt, y, now)
            for rd in readings(surv):
                lm, lv = ranked(rd, mt)[0]
                if lm != m:
                    keep.add(fact(lm, lv, d, mt))
    return dict(expected=exp, derived=[], verdict=None, must_keep=sorted(keep), must_remove=[],
                anchors=[None], names=[d])


def UI19(now):
    g, a, b, d = "g4", "Selkora", "Kelvane", "Kelpwatch-Norrland"
    kg = KGS[g]
    if kg.has_pair(a, d):
        fail("UI19", "the graph does hold Selkora on Kelpwatch-Norrland")
    if not kg.has_pair(b, d):
        fail("UI19", "Kelvane has no Kelpwatch-Norrland result")
    return dict(expected=[], derived=[], verdict=None, must_keep=[], must_remove=[], anchors=[None],
                names=[a, b, d])


def UI20(now):
    g, subj, d, mt, anchor = "g4", "Marrowfen", "Sealbrook Turbine Logs", "F1", 2019
    kg = KGS[g]
    f = lambda rk: rk[0][0] == subj and (rk[0][1] - rk[1][1]) > 2.0
    truths = over(kg, d, mt, anchor, now, f)
    res = over(kg, d, mt, anchor, now, top_two)
    m1, v1, m2, v2 = only(res, "UI20", "top two as of 2019")
    return dict(expected=[m1, fmt(v1), m2, fmt(v2), gap(v1, v2)], derived=[gap(v1, v2)],
                verdict=verdict_of(truths),
                must_keep=[fact(m1, v1, d, mt), fact(m2, v2, d, mt)],
                must_remove=sorted(traps_after(kg, d, mt, anchor, now, f)
                                   | traps_removed(kg, d, mt, anchor, now, f)),
                anchors=[None, anchor], names=[subj, d])


COMPUTERS = {f"UI{i:02d}": globals()[f"UI{i:02d}"] for i in range(1, 21)}

# label table: graph, query type, mechanism (labels are a writer's choice; the checker holds them)
LABELS = {
    "UI01": ("g1", "method_comparison", "recency"),
    "UI02": ("g1", "method_comparison", "corroboration"),
    "UI03": ("g1", "method_comparison", "metadata"),
    "UI04": ("g1", "claim_verification", "conflict"),
    "UI05": ("g1", "claim_verification", "conflict"),
    "UI06": ("g2", "method_comparison", "conflict"),
    "UI07": ("g2", "method_comparison", "as_of"),
    "UI08": ("g2", "claim_verification", "recency"),
    "UI09": ("g2", "claim_verification", "gate"),
    "UI10": ("g2", "claim_verification", "corroboration"),
    "UI11": ("g2", "method_comparison", "conflict"),
    "UI12": ("g3", "method_comparison", "gate"),
    "UI13": ("g3", "method_comparison", "superseded"),
    "UI14": ("g3", "method_comparison", "conflict"),
    "UI15": ("g3", "method_comparison", "gate"),
    "UI16": ("g3", "claim_verification", "superseded"),
    "UI17": ("g4", "method_usage", "metadata"),
    "UI18": ("g4", "method_comparison", "metadata"),
    "UI19": ("g4", "method_comparison", "gate"),
    "UI20": ("g4", "claim_verification", "as_of"),
}


# ------------------------------------------------------------------------------------------
# Checks
# ------------------------------------------------------------------------------------------
def conflicts_table():
    """The first README's conflict table must come out the same with our resolution, now."""
    table = [("g1", "KestrelNet", "BenchMira", "Accuracy", "clear", {74.1}),
             ("g1", "Orvalis-CNN", "Corvalla-Ice", "F1", "clear", {87.0}),
             ("g2", "Fennick-RNN", "Dastrup-7 Chorus", "Word Error Rate", "clear", {21.7}),
             ("g2", "Syrinxa", "Hollenby Marsh Calls", "Accuracy", "clear", {88.3}),
             ("g3", "Gannetron", "Orrenby Parallel Corpus", "BLEU", "clear", {18.9}),
             ("g1", "Tavrosa", "BenchMira", "Accuracy", "close", {86.1, 85.4}),
             ("g2", "Trillbert", "Dastrup-7 Chorus", "Word Error Rate", "close", {9.4, 10.1}),
             ("g2", "Aviquist", "Veltmoor Dawn Set", "Word Error Rate", "close", {6.8, 7.9}),
             ("g2", "Warbleon", "Hollenby Marsh Calls", "Accuracy", "close", {79.5, 80.7}),
             ("g3", "Murrelet-MT", "Mirelle Subtitles", "chrF", "close", {55.1, 51.0})]
    for now in NOWS:
        for g, m, d, mt, status, keep in table:
            for world in KGS[g].worlds():
                surv, _, st = board(KGS[g], world, d, mt, None, now)
                if st[m] != status or surv[m] != keep:
                    fail("table", f"{g} {m} {d} at {now}: {st[m]} {sorted(surv[m])}")


def cross_check_surviving(used):
    """Every triple on every board we use, now and at the anchors we use: same survivors as
    check.surviving (its six readings), which must not call it ambiguous."""
    for g, d, mt, anchor in sorted(used, key=str):
        kg = KGS[g]
        for m in kg.models_on(d, mt):
            vals, status, _ = check.surviving(CHECK_G[g], m, d, mt, anchor)
            mine = set()
            for world in kg.worlds():
                surv, _, _ = board(kg, world, d, mt, anchor, check.NOW)
                mine |= surv.get(m, set())
            if str(status).lower().startswith("ambig"):
                fail(g, f"check.surviving calls {m} on {d} at {anchor} ambiguous")
            if set(vals) != mine:
                fail(g, f"{m} on {d} at {anchor}: mine {sorted(mine)} check.py {sorted(vals)}")


USED_BOARDS = {("g1", "BenchMira", "Accuracy", None), ("g1", "Corvalla-Ice", "F1", None),
               ("g1", "Skarnhold Glacier Set", "Mean IoU", None), ("g1", "Skarnhold Glacier Set", "Mean IoU", 2019),
               ("g2", "Dastrup-7 Chorus", "Word Error Rate", None), ("g2", "Dastrup-7 Chorus", "Word Error Rate", 2020),
               ("g2", "Hollenby Marsh Calls", "Accuracy", None), ("g2", "Veltmoor Dawn Set", "Word Error Rate", None),
               ("g3", "Orrenby Parallel Corpus", "BLEU", None), ("g3", "Orrenby Parallel Corpus", "BLEU", 2024),
               ("g3", "Quenmark Dialogue Set", "BLEU", None), ("g3", "Quenmark Dialogue Set", "BLEU", 2022),
               ("g3", "Mirelle Subtitles", "chrF", None),
               ("g4", "Sealbrook Turbine Logs", "F1", None), ("g4", "Sealbrook Turbine Logs", "F1", 2019),
               ("g4", "Kelpwatch-Norrland", "Mean IoU", None)}


def fact_in_graph(kg, f):
    m = FACT_RE.match(f)
    if not m:
        return False
    v = float(m.group("value"))
    return any(r["model"] == m.group("model") and r["dataset"] == m.group("dataset")
               and r["metric"] == m.group("metric") and r["value"] is not None and abs(r["value"] - v) < 1e-9
               for r in kg.rows)


def fact_survives(kg, f, anchor, now):
    m = FACT_RE.match(f)
    d, mt = m.group("dataset"), m.group("metric")
    for w in kg.worlds():
        surv, _, _ = board(kg, w, d, mt, anchor, now)
        if f not in {fact(x, v, d, mt) for x, vs in surv.items() for v in vs}:
            return False
    return True


def main():
    cross_check_rows()
    conflicts_table()
    cross_check_surviving(USED_BOARDS)

    ref_fields = list(json.loads(open(os.path.join(TRUST, "trust-dev.jsonl")).readline()).keys())
    try:
        lines = [l for l in open(FILE, encoding="utf-8").read().split("\n") if l.strip()]
    except OSError as e:
        fail("file", str(e))
        lines = []
    qs = []
    for i, l in enumerate(lines):
        try:
            qs.append(json.loads(l))
        except json.JSONDecodeError as e:
            fail(f"line {i + 1}", f"not JSON: {e}")
    if len(qs) != N_QUESTIONS:
        fail("file", f"{len(qs)} questions, expected {N_QUESTIONS}")
    ids = [q.get("id") for q in qs]
    want_ids = [f"{PREFIX}{i:02d}" for i in range(1, N_QUESTIONS + 1)]
    if ids != want_ids:
        fail("file", f"ids not {PREFIX}01..{PREFIX}{N_QUESTIONS:02d} in order: {ids}")
    for x in sorted({i for i in ids if ids.count(i) > 1}, key=str):
        fail(str(x), "duplicate id")
    texts = [str(q.get("question", "")).strip().lower() for q in qs]
    for t in sorted({t for t in texts if texts.count(t) > 1}):
        fail("file", f"duplicate question: {t[:60]}")

    results = {}   # id -> per-now result
    for q in qs:
        qid = q.get("id")
        if list(q.keys()) != ref_fields:
            fail(qid, f"fields {list(q.keys())} != {ref_fields}")
            continue
        if qid not in COMPUTERS:
            fail(qid, "no computer for this id")
            continue
        g, qt, mech = LABELS[qid]
        if q["graph"] != f"{g}.ttl":
            fail(qid, f"graph {q['graph']} != {g}.ttl")
        if q["query_type"] != qt or q["query_type"] not in QUERY_TYPES:
            fail(qid, f"query_type {q['query_type']} != {qt}")
        if q["mechanism"] != mech or q["mechanism"] not in MECHANISMS:
            fail(qid, f"mechanism {q['mechanism']} != {mech}")
        if (q["verdict"] is not None) != (q["query_type"] == "claim_verification"):
            fail(qid, "a verdict must be set exactly on claims")
        if q["verdict"] is not None and q["verdict"] not in VERDICTS:
            fail(qid, f"bad verdict {q['verdict']}")
        for k in ("expected", "must_keep", "must_remove"):
            if not isinstance(q[k], list) or not all(isinstance(x, str) for x in q[k]):
                fail(qid, f"{k} is not a list of strings")
        if not isinstance(q["notes"], str) or not q["notes"].strip():
            fail(qid, "empty notes")
        kg = KGS[g]
        per_now = {}
        for now in NOWS:
            r = COMPUTERS[qid](now)
            per_now[now] = json.dumps({k: (sorted(v, key=str) if isinstance(v, list) else v)
                                       for k, v in r.items()}, sort_keys=True)
        if len(set(per_now.values())) != 1:
            fail(qid, f"the answer depends on the current year: {per_now}")
        r = COMPUTERS[qid](NOWS[-1])
        results[qid] = r
        # names the question must hold
        for n in r["names"]:
            if n.lower() not in q["question"].lower():
                fail(qid, f"question does not name {n!r}")
        # fields against the derivation
        if sorted(set(q["expected"])) != sorted(set(r["expected"])):
            fail(qid, f"expected {q['expected']} != derived {r['expected']}")
        if q["verdict"] != r["verdict"]:
            fail(qid, f"verdict {q['verdict']} != derived {r['verdict']}")
        if sorted(set(q["must_keep"])) != sorted(set(r["must_keep"])):
            fail(qid, f"must_keep {q['must_keep']} != derived {r['must_keep']}")
        if sorted(set(q["must_remove"])) != sorted(set(r["must_remove"])):
            fail(qid, f"must_remove {q['must_remove']} != derived {r['must_remove']}")
        if len(set(q["expected"])) != len(q["expected"]):
            fail(qid, "repeated expected string")
        # every expected string is in the graph's text, unless it is a derived gap
        for s in q["expected"]:
            if s not in kg.text and s not in r["derived"]:
                fail(qid, f"expected string {s!r} is not in {g} and not derived")
        # facts: format, in the graph, must_keep survives now and at the anchors, no overlap
        for f in q["must_keep"] + q["must_remove"]:
            if not FACT_RE.match(f):
                fail(qid, f"bad fact format {f!r}")
            elif not fact_in_graph(kg, f):
                fail(qid, f"fact not in the graph: {f!r}")
            elif not check.fact_exists(CHECK_G[g], f):
                fail(qid, f"check.fact_exists rejects {f!r}")
        for f in q["must_keep"]:
            if FACT_RE.match(f):
                for a in r["anchors"]:
                    for now in NOWS:
                        if not fact_survives(kg, f, a, now):
                            fail(qid, f"must_keep fact does not survive at anchor {a}, now {now}: {f}")
        if "prev_anchor" in r:
            for now in NOWS:
                if not fact_survives(kg, r["prev_fact"], r["prev_anchor"], now):
                    fail(qid, f"the previous best {r['prev_fact']} does not survive at {r['prev_anchor']}")
            if r["prev_fact"] not in q["must_keep"]:
                fail(qid, "the previous best is not in must_keep")
        if set(q["must_keep"]) & set(q["must_remove"]):
            fail(qid, "a fact in both must_keep and must_remove")
        # anchors the question states must be the ones we computed with
        a_q = check.anchor_of(q)
        want = [a for a in r["anchors"] if a is not None]
        if qid in ("UI07", "UI20"):
            if a_q != want[0]:
                fail(qid, f"check.anchor_of reads {a_q}, computed with {want}")
        elif a_q is not None:
            fail(qid, f"check.anchor_of finds an anchor {a_q} in a question asked about now")

    # counts
    if qs:
        def count(key):
            out = {}
            for q in qs:
                out[str(q.get(key))] = out.get(str(q.get(key)), 0) + 1
            return dict(sorted(out.items()))
        print("verdict:", count("verdict"))
        print("mechanism:", count("mechanism"))
        print("query_type:", count("query_type"))
        print("graph:", count("graph"))
        graphs = count("graph")
        for g in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"):
            if graphs.get(g, 0) < 3:
                fail("file", f"{g} has fewer than 3 questions")
    print(f"checked {len(qs)} questions of {FILE} for current years {NOWS}")
    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--derive":
        cross_check_rows()
        conflicts_table()
        cross_check_surviving(USED_BOARDS)
        for qid, fn in COMPUTERS.items():
            r = fn(2026)
            print(qid, json.dumps({k: r[k] for k in ("expected", "verdict", "must_keep", "must_remove")}))
        print("FAILS", FAILS)
    else:
        main()
