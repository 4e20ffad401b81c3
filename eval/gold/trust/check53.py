#!/usr/bin/env python3
"""Checker for trust-dev53.jsonl (VC01-VC20, "facts half-remembered").

Re-derives every question's expected / verdict / must_keep / must_remove from the fixture graphs
(g1.ttl .. g4.ttl in the trust gold folder) with its own rdflib code, one computer per question,
for every current year 2025-2030 and TRUST_NOW (if set and not empty), under six readings of the
conflict rule (newest or mean paper age x absolute, relative or share difference), both readings
of an undated paper on an unanchored board, and each year of a paper with two real years. A
question whose answer differs between readings is a failure. Then it checks the file's form, the
README53 counts and first line, the Jaccard bound against trust-dev.jsonl, and compares its
surviving values with check.surviving (imported, not read) as a second opinion.

Usage: python3 check53.py            VC_FILE=/path/copy.jsonl python3 check53.py
Prints one line per failure, "ok VCnn" per clean question, and "FAILURES: N" (exit 1 if N > 0).
"""
import sys

sys.dont_write_bytecode = True
import itertools
import json
import math
import os
import re

from rdflib import Graph, Namespace, RDF, RDFS

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = "/work/main/eval/gold/trust"
FILE = os.environ.get("VC_FILE") or os.path.join(HERE, "trust-dev53.jsonl")
README = os.path.join(HERE, "README53.md")
FIRST = os.path.join(TRUST, "trust-dev.jsonl")

LAMBDA = 0.08
THRESH = 0.30
LOWER_BETTER = {"Word Error Rate"}

ORKGR = Namespace("http://orkg.org/orkg/resource/")
ORKGP = Namespace("http://orkg.org/orkg/predicate/")
ORKGC = Namespace("http://orkg.org/orkg/class/")

QUERY_TYPES = ["topic_search", "method_comparison", "dataset_search", "claim_verification",
               "method_usage", "paper_lookup"]
MECHANISMS = ["recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"]
VERDICTS = ["SUPPORTED", "REFUTED", "UNCERTAIN"]

FAILS = []


def fail(qid, msg):
    FAILS.append(f"FAIL {qid}: {msg}")


class Open(Exception):
    """A computation met a detail the public rules leave open."""


def current_years():
    ys = set(range(2025, 2031))
    t = os.environ.get("TRUST_NOW", "").strip()
    if t:
        ys.add(int(t))
    return sorted(ys)


# ----------------------------------------------------------------------------------------------
# the graphs
# ----------------------------------------------------------------------------------------------
def clean(raw):
    """Clean form of a HAS_VALUE string, or None when it is no score ('-')."""
    s = raw.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    try:
        float(s)
    except ValueError:
        return None
    return s


class KG:
    def __init__(self, name):
        self.name = name
        g = Graph()
        g.parse(os.path.join(TRUST, name), format="turtle")
        self.g = g
        self.labels = {}
        for s, o in g.subject_objects(RDFS.label):
            self.labels[s] = str(o)
        self.papers = {}
        self.rows = []  # (model, dataset, metric, raw, paper)
        self.problems_of = {}
        for p in g.subjects(RDF.type, ORKGC.Paper):
            self.papers[p] = dict(
                title=self.labels[p],
                dois=sorted(str(d) for d in g.objects(p, ORKGP.P26)),
                p29=sorted(int(y) for y in g.objects(p, ORKGP.P29)),
            )
            for c in g.objects(p, ORKGP.P31):
                models = [self.labels[m] for m in g.objects(c, ORKGP.HAS_MODEL)]
                for b in g.objects(c, ORKGP.HAS_BENCHMARK):
                    ds = self.labels[next(g.objects(b, ORKGP.HAS_DATASET))]
                    for e in g.objects(b, ORKGP.HAS_EVALUATION):
                        met = self.labels[next(g.objects(e, ORKGP.HAS_METRIC))]
                        raw = str(next(g.objects(e, ORKGP.HAS_VALUE)))
                        assert len(models) == 1
                        self.rows.append((models[0], ds, met, raw, p))
        self.multi_year = sorted(p for p, d in self.papers.items() if len(self.real_years(p)) > 1)

    @staticmethod
    def is_year(y):
        return 1000 <= y <= 2100

    def real_years(self, p):
        return [y for y in self.papers[p]["p29"] if self.is_year(y)]

    def title(self, p):
        return self.papers[p]["title"]

    def paper_by_model(self, model):
        """The paper whose title starts with 'Model:' (the model's own paper)."""
        ps = [p for p in self.papers if self.title(p).split(":")[0] == model]
        return ps[0] if len(ps) == 1 else None

    def label_set(self):
        return set(self.labels.values())

    def valid_strings(self):
        s = set(self.labels.values())
        for p, d in self.papers.items():
            s.update(d["dois"])
            s.update(str(y) for y in self.real_years(p))
        for r in self.rows:
            c = clean(r[3])
            if c is not None:
                s.add(c)
        return s


GRAPHS = {}


def G(name):
    if name not in GRAPHS:
        GRAPHS[name] = KG(name)
    return GRAPHS[name]


# ----------------------------------------------------------------------------------------------
# readings and the conflict rule
# ----------------------------------------------------------------------------------------------
class Reading:
    def __init__(self, now, age, diff, undated, years, naive=False):
        self.now, self.age, self.diff, self.undated, self.years, self.naive = now, age, diff, undated, years, naive

    def year(self, kg, p):
        if self.naive:  # careless: the smallest raw P29, a month included
            ys = kg.papers[p]["p29"]
            return min(ys) if ys else None
        ys = kg.real_years(p)
        if not ys:
            return None
        if len(ys) == 1:
            return ys[0]
        return self.years[p]

    def __repr__(self):
        return f"now={self.now} {self.age}/{self.diff} undated={self.undated} years={len(self.years)}"


def readings(kg):
    out = []
    choices = [kg.real_years(p) for p in kg.multi_year]
    for now in current_years():
        for age in ("newest", "mean"):
            for diff in ("abs", "rel", "share"):
                for und in ("in", "out"):
                    for combo in itertools.product(*choices):
                        out.append(Reading(now, age, diff, und, dict(zip(kg.multi_year, combo))))
    return out


def naive_reading(now=2026):
    return Reading(now, "newest", "abs", "in", {}, naive=True)


def facts(kg, model, ds, met, anchor, rd):
    """{clean value: {paper: year}} for the model's rows on the board, at the anchor."""
    out = {}
    for m, d, mt, raw, p in kg.rows:
        if (m, d, mt) != (model, ds, met):
            continue
        v = clean(raw)
        if v is None:
            continue
        y = rd.year(kg, p)
        if anchor is not None:
            if y is None or y > anchor:
                continue
        elif y is None and rd.undated == "out":
            continue
        out.setdefault(v, {})[p] = y
    return out


def weight(papers, ref, rd):
    ys = list(papers.values())
    if any(y is None for y in ys):
        raise Open("an undated paper inside a conflict")
    if rd.age == "newest":
        age = ref - max(ys)
    else:
        age = ref - sum(ys) / len(ys)
    return math.exp(-LAMBDA * age) * (1 + 0.8 * math.log(1 + len(ys)))


def resolve(fv, anchor, rd):
    """Surviving clean values of one (model, dataset, metric) under the conflict rule."""
    if len(fv) <= 1:
        return set(fv)
    ref = anchor if anchor is not None else rd.now
    w = {v: weight(ps, ref, rd) for v, ps in fv.items()}
    top = max(w.values())
    keep = set()
    for v, x in w.items():
        if rd.diff == "abs":
            d = top - x
        elif rd.diff == "rel":
            d = (top - x) / top
        else:
            d = (top - x) / (top + x)
        if abs(d - THRESH) < 1e-9:
            raise Open("a weight difference exactly at the threshold")
        if d <= THRESH:
            keep.add(v)
    return keep


def surviving(kg, model, ds, met, anchor, rd):
    return resolve(facts(kg, model, ds, met, anchor, rd), anchor, rd)


def board(kg, ds, met, anchor, rd, skip_conflicts=False):
    models = sorted({r[0] for r in kg.rows if r[1] == ds and r[2] == met})
    out = {}
    for m in models:
        fv = facts(kg, m, ds, met, anchor, rd)
        s = set(fv) if skip_conflicts else resolve(fv, anchor, rd)
        if s:
            out[m] = s
    return out


def better(met, a, b):
    return float(a) < float(b) if met in LOWER_BETTER else float(a) > float(b)


def value_readings(bd):
    """Every choice of one surviving value per model (a close conflict is read with each)."""
    ms = sorted(bd)
    for combo in itertools.product(*[sorted(bd[m]) for m in ms]):
        yield dict(zip(ms, combo))


def leaders(bd, met):
    """Set of (model, value) that lead under some value reading; each reading must have one leader."""
    out = set()
    for vr in value_readings(bd):
        best = None
        for m, v in vr.items():
            if best is None or better(met, v, best[1]):
                best = (m, v)
        ties = [m for m, v in vr.items() if float(v) == float(best[1])]
        if len(ties) > 1:
            raise Open("a tie at the top")
        out.add(best)
    return out


def single_leader(bd, met):
    ls = leaders(bd, met)
    models = {m for m, _ in ls}
    if len(models) != 1:
        raise Open(f"the leader differs between readings: {sorted(ls)}")
    return sorted(ls)


def leads(bd, met, model):
    """True / False when every value reading agrees, None (UNCERTAIN) otherwise."""
    if model not in bd:
        return False
    res = set()
    for vr in value_readings(bd):
        res.add(all(better(met, vr[model], v) for m, v in vr.items() if m != model))
    return res.pop() if len(res) == 1 else None


def fact(model, v, ds, met):
    return f"{model} scores {v} on {ds} by {met}"


FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")


def later_better(kg, ds, met, anchor, lead_value, rd):
    """Facts on the board outside the anchor (after it, or undated under it) that beat the anchored leader."""
    inside = board(kg, ds, met, anchor, rd)
    full = board(kg, ds, met, None, Reading(rd.now, rd.age, rd.diff, "in", rd.years))
    out = set()
    for m, vs in full.items():
        for v in vs:
            if v in inside.get(m, set()):
                continue
            if better(met, v, lead_value):
                out.add(fact(m, v, ds, met))
    return out


def first_paper_value(kg, model, ds, met):
    """Careless: the value of the model's earliest paper (conflict rule skipped)."""
    rows = [(min(kg.real_years(p) or [9999]), str(p), clean(raw)) for m, d, mt, raw, p in kg.rows
            if (m, d, mt) == (model, ds, met) and clean(raw) is not None]
    return sorted(rows)[0][2]


# ----------------------------------------------------------------------------------------------
# one computer per question: returns dict(expected, verdict, must_keep, must_remove, careless,
# careless_key, anchor, checks=[(model, ds, met, anchor)])
# ----------------------------------------------------------------------------------------------
def vc01(rd):
    kg = G("g1.ttl")
    dss = sorted({(r[1], r[2]) for r in kg.rows if r[0] == "KestrelNet"})
    assert dss == [("BenchMira", "Accuracy")], dss
    s = surviving(kg, "KestrelNet", "BenchMira", "Accuracy", None, rd)
    raw = set(facts(kg, "KestrelNet", "BenchMira", "Accuracy", None, rd))
    care = first_paper_value(kg, "KestrelNet", "BenchMira", "Accuracy")
    return dict(expected=["BenchMira"] + sorted(s), verdict=None,
                must_keep={fact("KestrelNet", v, "BenchMira", "Accuracy") for v in s},
                must_remove={fact("KestrelNet", v, "BenchMira", "Accuracy") for v in raw - s},
                careless=["BenchMira", care], careless_key=[care], anchor=None)


def vc02(rd):
    kg = G("g1.ttl")
    bd = board(kg, "BenchMira", "Accuracy", None, rd)
    [(m, v)] = single_leader(bd, "Accuracy")
    then = single_leader(board(kg, "BenchMira", "Accuracy", 2018, rd), "Accuracy")
    assert then[0][0] == "PimbraFormer"  # the remembered leader did lead around 2018
    return dict(expected=[m, v], verdict=None, must_keep={fact(m, v, "BenchMira", "Accuracy")},
                must_remove=set(), careless=list(then[0]), careless_key=list(then[0]), anchor=None)


def _claim_leader_at(kg, ds, met, anchor, model, rd):
    bd = board(kg, ds, met, anchor, rd)
    ls = single_leader(bd, met)
    lm, lv = ls[0]
    r = leads(bd, met, model)
    verdict = {True: "SUPPORTED", False: "REFUTED", None: "UNCERTAIN"}[r]
    return verdict, lm, lv, bd


def vc03(rd):
    kg = G("g1.ttl")
    ds, met, anchor = "Skarnhold Glacier Set", "Mean IoU", 2019  # "before 2020"
    verdict, lm, lv, bd = _claim_leader_at(kg, ds, met, anchor, "Sallowmere", rd)
    nv, *_ = _claim_leader_at(kg, ds, met, anchor, "Sallowmere", naive_reading(rd.now))
    return dict(expected=[lm, lv], verdict=verdict, must_keep={fact(lm, lv, ds, met)},
                must_remove=later_better(kg, ds, met, anchor, lv, rd),
                careless=nv, careless_key=[nv], anchor=anchor)


def vc04(rd):
    kg = G("g1.ttl")
    ds, met = "Corvalla-Ice", "F1"
    verdict, lm, lv, bd = _claim_leader_at(kg, ds, met, None, "Wendrel-S", rd)
    # Wendrel-S is the newest model on the board (latest first result)
    first = {}
    for m, d, mt, raw, p in kg.rows:
        if (d, mt) == (ds, met):
            y = rd.year(kg, p)
            first[m] = min(first.get(m, 9999), y)
    newest = max(first.values())
    assert [m for m, y in first.items() if y == newest] == ["Wendrel-S"]
    care = "SUPPORTED"  # newest taken as best
    raw = set(facts(kg, "Orvalis-CNN", ds, met, None, rd))
    removed = {fact("Orvalis-CNN", v, ds, met) for v in raw - bd["Orvalis-CNN"]}
    return dict(expected=[lm, lv], verdict=verdict,
                must_keep={fact(lm, lv, ds, met)} | {fact("Wendrel-S", v, ds, met) for v in bd["Wendrel-S"]},
                must_remove=removed, careless=care, careless_key=[care], anchor=None)


def _no_result_claim(kg, models, ds, met, claimed, rd, anchor=None):
    """A claim about models with no (clean) result on the board: UNCERTAIN; the board's best is
    named only when the claimed number is beyond it under every reading."""
    for m in models:
        if facts(kg, m, ds, met, anchor, rd):
            raise Open(f"{m} has a result on {ds}")
    bd = board(kg, ds, met, anchor, rd)
    beyond = set()
    for m, v in leaders(bd, met):
        for tol in (0.0, 0.5, 1.0, 2.0, 3.0):  # any reading of "about"
            beyond.add(better(met, str(claimed - tol if met not in LOWER_BETTER else claimed + tol), v))
    if beyond != {False}:
        raise Open("the claimed number may be beyond the board's best")
    return "UNCERTAIN"


def vc05(rd):
    kg = G("g1.ttl")
    ds, met = "Skarnhold Glacier Set", "Mean IoU"
    assert "Quillon-L" not in kg.label_set() and "Quillon-XL" in kg.label_set()
    verdict = _no_result_claim(kg, ["Quillon-L", "Quillon-XL"], ds, met, 60.0, rd)
    # careless: the board's value nearest the remembered 60 taken as the model's
    bd = board(kg, ds, met, None, rd)
    near = min(((abs(float(v) - 60.0), m, v) for m, vs in bd.items() for v in vs))
    return dict(expected=[], verdict=verdict, must_keep=set(), must_remove=set(),
                careless="SUPPORTED", careless_key=["SUPPORTED", near[1], near[2]], anchor=None)


def vc06(rd):
    kg = G("g2.ttl")
    ds, met = "Hollenby Marsh Calls", "Accuracy"
    s = surviving(kg, "Syrinxa", ds, met, None, rd)
    fv = facts(kg, "Syrinxa", ds, met, None, rd)
    care = max(fv, key=float)  # conflict skipped; the remembered "low nineties"
    return dict(expected=sorted(s), verdict=None, must_keep={fact("Syrinxa", v, ds, met) for v in s},
                must_remove={fact("Syrinxa", v, ds, met) for v in set(fv) - s},
                careless=[care], careless_key=[care], anchor=None)


def vc07(rd):
    kg = G("g2.ttl")
    ds, met = "Dastrup-7 Chorus", "Word Error Rate"
    bd = board(kg, ds, met, None, rd)
    sub = {m: bd[m] for m in ("Chirpform", "Warbleon")}
    [(m, v)] = single_leader(sub, met)
    loser = [x for x in sub if x != m][0]
    # careless: the higher number read as the better one
    cm = max(((float(x), n, x) for n, xs in sub.items() for x in xs))
    return dict(expected=[m, v], verdict=None,
                must_keep={fact(n, x, ds, met) for n, xs in sub.items() for x in xs},
                must_remove=set(), careless=[cm[1], cm[2]], careless_key=[cm[1], cm[2]], anchor=None)


def vc08(rd):
    kg = G("g2.ttl")
    ds, met, anchor = "Dastrup-7 Chorus", "Word Error Rate", 2021
    verdict, lm, lv, bd = _claim_leader_at(kg, ds, met, anchor, "Trillbert", rd)
    nv, *_ = _claim_leader_at(kg, ds, met, anchor, "Trillbert", naive_reading(rd.now))
    return dict(expected=[lm, lv], verdict=verdict, must_keep={fact(lm, lv, ds, met)},
                must_remove=later_better(kg, ds, met, anchor, lv, rd),
                careless=nv, careless_key=[nv], anchor=anchor)


def vc09(rd):
    kg = G("g2.ttl")
    dss = sorted({(r[1], r[2]) for r in kg.rows if r[0] == "Aviquist"})
    assert dss == [("Veltmoor Dawn Set", "Word Error Rate")], dss
    ds, met = dss[0]
    s = surviving(kg, "Aviquist", ds, met, None, rd)
    care = first_paper_value(kg, "Aviquist", ds, met)
    return dict(expected=sorted([ds] + sorted(s)), verdict=None,
                must_keep={fact("Aviquist", v, ds, met) for v in s}, must_remove=set(),
                careless=sorted([ds, care]), careless_key=[care], anchor=None)


def vc10(rd):
    kg = G("g2.ttl")
    ds, met = "Veltmoor Dawn Set", "Word Error Rate"
    bd = board(kg, ds, met, None, rd)
    res = set()
    for a in bd["Aviquist"]:
        for c in bd["Corrasine"]:
            res.add(better(met, c, a))
    verdict = {frozenset([True]): "SUPPORTED", frozenset([False]): "REFUTED"}.get(frozenset(res), "UNCERTAIN")
    # careless: Aviquist's value from the paper that also reports Corrasine (one value picked)
    shared = {p for m, d, mt, raw, p in kg.rows if (m, d, mt) == ("Corrasine", ds, met)}
    av = [clean(raw) for m, d, mt, raw, p in kg.rows if (m, d, mt) == ("Aviquist", ds, met) and p in shared]
    assert len(av) == 1
    care = "SUPPORTED" if all(better(met, c, av[0]) for c in bd["Corrasine"]) else "REFUTED"
    exp = sorted(bd["Corrasine"] | bd["Aviquist"])
    return dict(expected=exp, verdict=verdict,
                must_keep={fact(m, v, ds, met) for m in ("Corrasine", "Aviquist") for v in bd[m]},
                must_remove=set(), careless=care, careless_key=[care, av[0]], anchor=None)


def vc11(rd):
    kg = G("g3.ttl")
    ds, met = "Orrenby Parallel Corpus", "BLEU"
    [(m, v)] = single_leader(board(kg, ds, met, None, rd), met)
    rows = [(raw, mm) for mm, d, mt, raw, p in kg.rows if (d, mt) == (ds, met)]
    smax = max(rows)  # string sort of the stored values
    return dict(expected=[m, v], verdict=None, must_keep={fact(m, v, ds, met)}, must_remove=set(),
                careless=[smax[1], clean(smax[0])], careless_key=[smax[1], clean(smax[0])], anchor=None)


def vc12(rd):
    kg = G("g3.ttl")
    ds, met = "Mirelle Subtitles", "chrF"
    raws = [raw for m, d, mt, raw, p in kg.rows if (m, d, mt) == ("Ostrada-T", ds, met)]
    assert raws and all(clean(r) is None for r in raws)  # only "-"
    verdict = _no_result_claim(kg, ["Ostrada-T"], ds, met, 50.0, rd)
    return dict(expected=[], verdict=verdict, must_keep=set(), must_remove=set(),
                careless="REFUTED", careless_key=["REFUTED", "as 0"], anchor=None)


def vc13(rd):
    kg = G("g3.ttl")
    ds, met = "Mirelle Subtitles", "chrF"
    s = surviving(kg, "Murrelet-MT", ds, met, None, rd)
    fv = facts(kg, "Murrelet-MT", ds, met, None, rd)
    newest = max(fv, key=lambda v: max(fv[v].values()))
    return dict(expected=sorted(s), verdict=None, must_keep={fact("Murrelet-MT", v, ds, met) for v in s},
                must_remove={fact("Murrelet-MT", v, ds, met) for v in set(fv) - s},
                careless=[newest], careless_key=[newest], anchor=None)


def vc14(rd):
    kg = G("g3.ttl")
    ds, met = "Orrenby Parallel Corpus", "BLEU"
    outs = []
    for anchor in (2020, 2021):  # "as of 2021"; "around 2020" read as the anchor gives the same
        verdict, lm, lv, bd = _claim_leader_at(kg, ds, met, anchor, "Ostrada-T", rd)
        outs.append((verdict, lm, lv, frozenset(later_better(kg, ds, met, anchor, lv, rd))))
    if len(set(outs)) != 1:
        raise Open("2020 and 2021 anchors differ")
    verdict, lm, lv, lb = outs[0]
    nv, *_ = _claim_leader_at(kg, ds, met, None, "Ostrada-T", rd)  # careless: anchor ignored
    return dict(expected=[lm, lv], verdict=verdict, must_keep={fact(lm, lv, ds, met)},
                must_remove=set(lb), careless=nv, careless_key=[nv], anchor=2021)


def vc15(rd):
    kg = G("g3.ttl")
    ds, met = "Quenmark Dialogue Set", "BLEU"
    [(m, v)] = single_leader(board(kg, ds, met, None, rd), met)
    p = kg.paper_by_model("Varnholt")
    then = single_leader(board(kg, ds, met, rd.year(kg, p), rd), met)
    assert then[0][0] == "Varnholt"
    return dict(expected=[m, v], verdict=None, must_keep={fact(m, v, ds, met)}, must_remove=set(),
                careless=list(then[0]), careless_key=list(then[0]), anchor=None)


def vc16(rd):
    kg = G("g4.ttl")
    p = kg.paper_by_model("Tidewick")
    ys = [str(y) for y in kg.real_years(p)]
    care = [str(min(kg.papers[p]["p29"]))]
    return dict(expected=ys, verdict=None, must_keep=set(), must_remove=set(),
                careless=care, careless_key=care, anchor=None)


def vc17(rd):
    kg = G("g4.ttl")
    ds, met, anchor = "Kelpwatch-Norrland", "Mean IoU", 2020
    [(m, v)] = single_leader(board(kg, ds, met, anchor, rd), met)
    [(nm, nv)] = single_leader(board(kg, ds, met, anchor, naive_reading(rd.now)), met)
    return dict(expected=[m, v], verdict=None, must_keep={fact(m, v, ds, met)},
                must_remove=later_better(kg, ds, met, anchor, v, rd),
                careless=[nm, nv], careless_key=[nm, nv], anchor=anchor)


def vc18(rd):
    kg = G("g4.ttl")
    ds, met = "Sealbrook Turbine Logs", "F1"
    s = surviving(kg, "Marrowfen", ds, met, None, rd)
    res = set()
    for v in s:
        for tol in (0.5, 1.0, 2.0, 3.0):
            res.add(abs(float(v) - 55.0) <= tol)
    verdict = {frozenset([True]): "SUPPORTED", frozenset([False]): "REFUTED"}.get(frozenset(res), "UNCERTAIN")
    other = [(d, mt, clean(raw)) for m, d, mt, raw, p in kg.rows if m == "Marrowfen" and d != ds]
    assert other == [("Kelpwatch-Norrland", "Mean IoU", "55.2")], other
    return dict(expected=sorted(s), verdict=verdict, must_keep={fact("Marrowfen", v, ds, met) for v in s},
                must_remove=set(), careless="SUPPORTED", careless_key=["SUPPORTED", "55.2"], anchor=None)


def vc19(rd):
    kg = G("g4.ttl")
    p = kg.paper_by_model("Selkora")
    ys = [str(y) for y in kg.real_years(p)]
    care = [str(min(kg.papers[p]["p29"]))]
    return dict(expected=ys, verdict=None, must_keep=set(), must_remove=set(),
                careless=care, careless_key=care, anchor=None)


def vc20(rd):
    kg = G("g4.ttl")
    ds, met = "Kelpwatch-Norrland", "Mean IoU"
    outs = []
    for anchor in (2016, 2018):  # "as of 2018"; "from around 2016" read as the anchor gives the same verdict
        verdict, lm, lv, bd = _claim_leader_at(kg, ds, met, anchor, "Fucusnet", rd)
        outs.append((verdict, lm, lv))
    if len(set(outs)) != 1:
        raise Open("2016 and 2018 anchors differ")
    verdict, lm, lv = outs[0]
    nv, *_ = _claim_leader_at(kg, ds, met, 2018, "Fucusnet", naive_reading(rd.now))
    return dict(expected=[lm, lv], verdict=verdict, must_keep={fact(lm, lv, ds, met)},
                must_remove=later_better(kg, ds, met, 2018, lv, rd),
                careless=nv, careless_key=[nv], anchor=2018)


COMPUTERS = {f"VC{i:02d}": globals()[f"vc{i:02d}"] for i in range(1, 21)}
GRAPH_OF = {f"VC{i:02d}": f"g{(i - 1) // 5 + 1}.ttl" for i in range(1, 21)}


def norm(res):
    return (tuple(sorted(res["expected"])), res["verdict"], tuple(sorted(res["must_keep"])),
            tuple(sorted(res["must_remove"])), json.dumps(res["careless"]), tuple(res["careless_key"]),
            res["anchor"])


def compute(qid):
    kg = G(GRAPH_OF[qid])
    outs = {}
    for rd in readings(kg):
        try:
            outs.setdefault(norm(COMPUTERS[qid](rd)), []).append(rd)
        except Open as e:
            raise Open(f"{e} ({rd})")
    if len(outs) != 1:
        raise Open("the answer differs between readings: " + "; ".join(
            f"{k[0]} {k[1]} under {len(v)} readings" for k, v in outs.items()))
    k = next(iter(outs))
    return dict(expected=list(k[0]), verdict=k[1], must_keep=list(k[2]), must_remove=list(k[3]),
                careless=json.loads(k[4]), careless_key=list(k[5]), anchor=k[6])


# ----------------------------------------------------------------------------------------------
# form checks
# ----------------------------------------------------------------------------------------------
def words(s):
    return set(w.strip(".-'") for w in re.findall(r"[a-z0-9][a-z0-9.\-']*", s.lower())) - {""}


def jaccard(a, b):
    A, B = words(a), words(b)
    return len(A & B) / len(A | B)


def fact_exists(kg, f):
    m = FACT_RE.match(f)
    if not m:
        return False
    model, v, ds, met = m.groups()
    return any((r[0], r[1], r[2]) == (model, ds, met) and clean(r[3]) == v for r in kg.rows)


def check_fact_survival(qid, kg, f, anchor, keep):
    m = FACT_RE.match(f)
    if not m:
        fail(qid, f"fact {f!r} is not written 'Model scores V on Dataset by Metric'")
        return
    model, v, ds, met = m.groups()
    bad = 0
    rds = readings(kg)
    for rd in rds:
        fv = facts(kg, model, ds, met, anchor, rd)
        try:
            s = resolve(fv, anchor, rd)
        except Open:
            bad += 1
            continue
        if keep and v not in s:
            bad += 1
        if not keep and v in s:
            bad += 1
    if bad:
        what = "must_keep" if keep else "must_remove"
        how = "does not survive" if keep else "is neither removed nor outside the anchor"
        fail(qid, f"{what} {f!r} {how} (anchor {anchor}; {bad} of {len(rds)} readings)")


def readme_counts():
    text = open(README, encoding="utf-8").read()
    first = text.splitlines()[0] if text else ""
    sec = text.split("## Counts", 1)[1].split("\n## ", 1)[0] if "## Counts" in text else ""
    counts = {}
    for line in sec.splitlines():
        m = re.match(r"^\|\s*([^|]+?)\s*\|\s*(\d+)\s*\|$", line.strip())
        if m:
            counts.setdefault(m.group(1), []).append(int(m.group(2)))
    return first, counts


def second_opinion(items):
    """Compare check.surviving (imported, not read) with our own surviving values."""
    if os.environ.get("TRUST_NOW", None) == "":
        del os.environ["TRUST_NOW"]
    sys.path.insert(0, TRUST)
    try:
        import check  # noqa
    except Exception as e:  # pragma: no cover
        fail("check", f"cannot import check.py: {type(e).__name__}")
        return 0
    finally:
        sys.path.pop(0)
    now = check.NOW
    n = 0
    for qid, gname, f, anchor in items:
        m = FACT_RE.match(f)
        if not m:
            continue
        model, v, ds, met = m.groups()
        kg = G(gname)
        mine = set()
        for rd in readings(kg):
            if rd.now != now:
                continue
            try:
                mine.add(frozenset(float(x) for x in surviving(kg, model, ds, met, anchor, rd)))
            except Open:
                mine.add(None)
        if len(mine) != 1:
            fail(qid, f"own surviving values for {model}/{ds}/{met} at {anchor} differ between readings")
            continue
        theirs = check.surviving(check.G(gname), model, ds, met, anchor)
        ts = set(float(x) for x in theirs[0]) if isinstance(theirs, tuple) else set(float(x) for x in theirs)
        n += 1
        if frozenset(ts) != next(iter(mine)):
            fail(qid, f"check.surviving gives {sorted(ts)} for {model}/{ds}/{met} at {anchor}, "
                      f"own {sorted(next(iter(mine)))}")
    return n


def main():
    first_line = json.loads(open(FIRST, encoding="utf-8").readline())
    fields = list(first_line)
    first_qs = [json.loads(l)["question"] for l in open(FIRST, encoding="utf-8") if l.strip()]
    lines = [l for l in open(FILE, encoding="utf-8").read().splitlines() if l.strip()]
    recs = []
    for i, l in enumerate(lines):
        try:
            recs.append(json.loads(l))
        except json.JSONDecodeError as e:
            fail(f"line {i + 1}", f"not JSON ({e})")
    ids = [r.get("id") for r in recs]
    want = [f"VC{i:02d}" for i in range(1, 21)]
    if ids != want:
        fail("file", f"ids {ids} are not VC01..VC20 in order")
    if len(set(ids)) != len(ids):
        fail("file", "duplicate ids")
    qs = [r.get("question") for r in recs]
    if len(set(qs)) != len(qs):
        fail("file", "duplicate questions")
    per_graph = {}
    for r in recs:
        per_graph[r.get("graph")] = per_graph.get(r.get("graph"), 0) + 1
    if per_graph != {"g1.ttl": 5, "g2.ttl": 5, "g3.ttl": 5, "g4.ttl": 5}:
        fail("file", f"questions per graph {per_graph}")
    claims = [r for r in recs if r.get("query_type") == "claim_verification"]
    if not 6 <= len(claims) <= 10:
        fail("file", f"{len(claims)} claims (6-10 wanted)")
    used = {r.get("verdict") for r in claims}
    for v in VERDICTS:
        if v not in used:
            fail("file", f"verdict {v} not used")

    so_items = []
    for r in recs:
        qid = r.get("id", "?")
        before = len(FAILS)
        if list(r) != fields:
            fail(qid, f"fields {list(r)} differ from trust-dev.jsonl's {fields}")
        if qid in GRAPH_OF and r.get("graph") != GRAPH_OF[qid]:
            fail(qid, f"graph {r.get('graph')} (want {GRAPH_OF[qid]})")
        if r.get("query_type") not in QUERY_TYPES:
            fail(qid, f"query_type {r.get('query_type')!r}")
        if r.get("mechanism") not in MECHANISMS:
            fail(qid, f"mechanism {r.get('mechanism')!r}")
        isclaim = r.get("query_type") == "claim_verification"
        if isclaim and r.get("verdict") not in VERDICTS:
            fail(qid, f"claim without a verdict ({r.get('verdict')!r})")
        if not isclaim and r.get("verdict") is not None:
            fail(qid, f"verdict {r.get('verdict')!r} on a question of type {r.get('query_type')} (not a claim)")
        for k in ("expected", "must_remove", "must_keep"):
            if not isinstance(r.get(k), list) or not all(isinstance(x, str) for x in r.get(k, [])):
                fail(qid, f"{k} is not a list of strings")
        if not isinstance(r.get("question"), str) or not isinstance(r.get("notes"), str):
            fail(qid, "question or notes not a string")
            continue
        for q0, t in zip(first_qs, range(1, 31)):
            j = jaccard(r["question"], q0)
            if j > 0.6:
                fail(qid, f"Jaccard {j:.2f} with TD{t:02d} (bound 0.6)")
        gname = r.get("graph")
        if gname not in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl") or qid not in COMPUTERS:
            continue
        kg = G(gname)
        valid = kg.valid_strings()
        for e in r.get("expected", []):
            if e not in valid:
                fail(qid, f"expected string {e!r} is not a label, title, DOI, valid year or clean value of {gname}")
        for f in r.get("must_keep", []) + r.get("must_remove", []):
            if not fact_exists(kg, f):
                fail(qid, f"fact {f!r} does not exist in {gname}")
        try:
            res = compute(qid)
        except Open as e:
            fail(qid, f"open: {e}")
            continue
        except AssertionError as e:
            fail(qid, f"a premise of the question does not hold in {gname} {e}")
            continue
        for f in r.get("must_keep", []):
            if fact_exists(kg, f):
                check_fact_survival(qid, kg, f, res["anchor"], True)
                so_items.append((qid, gname, f, res["anchor"]))
        for f in r.get("must_remove", []):
            if fact_exists(kg, f):
                check_fact_survival(qid, kg, f, res["anchor"], False)
                so_items.append((qid, gname, f, res["anchor"]))
        if sorted(r.get("expected", [])) != sorted(res["expected"]):
            fail(qid, f"expected is {sorted(r.get('expected', []))}, the graph gives {sorted(res['expected'])}")
        if r.get("verdict") != res["verdict"]:
            fail(qid, f"verdict is {r.get('verdict')!r}, the graph gives {res['verdict']!r}")
        if sorted(r.get("must_keep", [])) != sorted(res["must_keep"]):
            fail(qid, f"must_keep is {sorted(r.get('must_keep', []))}, the graph gives {sorted(res['must_keep'])}")
        if sorted(r.get("must_remove", [])) != sorted(res["must_remove"]):
            fail(qid, f"must_remove is {sorted(r.get('must_remove', []))}, the graph gives {sorted(res['must_remove'])}")
        right = r.get("verdict") if isclaim else sorted(r.get("expected", []))
        care = res["careless"] if isinstance(res["careless"], str) else sorted(res["careless"])
        if care == right:
            fail(qid, f"the careless answer {care!r} equals the right one")
        notes = r["notes"]
        if "Right answer" not in notes:
            fail(qid, "notes do not give the 'Right answer'")
        if "Careless answer" not in notes:
            fail(qid, "notes do not name the careless answer ('Careless answer' missing)")
        else:
            tail = notes.split("Careless answer", 1)[1]
            for k in res["careless_key"]:
                if k not in tail:
                    fail(qid, f"notes do not name the careless answer {k!r} after 'Careless answer'")
        if len(FAILS) == before:
            print(f"ok {qid}")

    # README53: first line and counts
    if not os.path.exists(README):
        fail("README53", "missing")
    else:
        first, counts = readme_counts()
        if not re.match(r"^# trust-dev53\.jsonl: \S.* \(VC01–VC20\)$", first):
            fail("README53", f"first line {first!r}")

        def want_count(key, n):
            got = counts.get(key)
            if got is None:
                fail("README53", f"Counts: no row {key!r} (file has {n})")
            elif got[0] != n:
                fail("README53", f"Counts: {key} is {got[0]}, the file has {n}")

        want_count("questions", len(recs))
        want_count("claims", len(claims))
        for v in VERDICTS:
            want_count(v, sum(1 for r in recs if r.get("verdict") == v))
        want_count("null", sum(1 for r in recs if r.get("verdict") is None))
        for m in MECHANISMS:
            want_count(m, sum(1 for r in recs if r.get("mechanism") == m))
        for t in QUERY_TYPES:
            want_count(t, sum(1 for r in recs if r.get("query_type") == t))
        for g in ("g1", "g2", "g3", "g4"):
            want_count(g, sum(1 for r in recs if r.get("graph") == g + ".ttl"))

    n = second_opinion(so_items)
    print(f"second opinion: {n} calls of check.surviving compared")
    for f in FAILS:
        print(f)
    print(f"FAILURES: {len(FAILS)}")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
