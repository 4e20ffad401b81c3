#!/usr/bin/env python3
"""Checker for trust-dev55.jsonl (VE01-VE20): a newcomer to the field.

Re-derives every question's expected, verdict, must_keep and must_remove from the fixture graphs
with its own rdflib code (one computer per question, ve01 ... ve20), under every reading: each
current year 2025-2030 and TRUST_NOW if set (an empty TRUST_NOW is unset), newest or mean paper
age, absolute / relative / share difference of the weights, an undated paper counted or skipped
on an unanchored board, and each year of a paper with two real years. It requires the same answer
under every reading, checks the file's form, the README's counts and first line, the Jaccard bound
against trust-dev.jsonl, and compares its surviving values with check.surviving (imported, not read).

    python3 check55.py                      # ends with FAILURES: 0
    VE_FILE=/path/copy.jsonl python3 check55.py
"""
import itertools
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True
import rdflib  # noqa: E402
from rdflib import RDF, RDFS, Namespace  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = "/work/main/eval/gold/trust"
VE_FILE = os.environ.get("VE_FILE") or os.path.join(HERE, "trust-dev55.jsonl")
README = os.path.join(HERE, "README55.md")
FIRST = os.path.join(TRUST, "trust-dev.jsonl")

if os.environ.get("TRUST_NOW", None) == "":
    del os.environ["TRUST_NOW"]
TRUST_NOW = int(os.environ["TRUST_NOW"]) if os.environ.get("TRUST_NOW") else None
NOWS = sorted(set(range(2025, 2031)) | ({TRUST_NOW} if TRUST_NOW else set()))

LAMBDA, THRESH = 0.08, 0.30
P = Namespace("http://orkg.org/orkg/predicate/")
C = Namespace("http://orkg.org/orkg/class/")
LOWER_BETTER = {"Word Error Rate"}

QUERY_TYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification",
               "method_usage", "paper_lookup"}
MECHANISMS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}


class Open(Exception):
    """A computation met a detail the public rules leave open."""


class Fail(Exception):
    """A premise of a question does not hold in the graph."""


# ------------------------------------------------------------------------------------------
# graph data
# ------------------------------------------------------------------------------------------
def clean(raw):
    s = raw.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    return s if re.fullmatch(r"\d+(\.\d+)?", s) else None


class GD:
    def __init__(self, name):
        g = rdflib.Graph()
        g.parse(os.path.join(TRUST, name))
        self.name = name
        lab = {s: str(o) for s, o in g.subject_objects(RDFS.label)}
        self.labels = set(lab[s] for s in g.subjects(RDF.type, C.Model)) | \
            set(lab[s] for s in g.subjects(RDF.type, C.Dataset)) | \
            set(lab[s] for s in g.subjects(RDF.type, C.Metric)) | \
            set(lab[s] for s in g.subjects(RDF.type, C.Problem)) | \
            set(lab[s] for s in g.subjects(RDF.type, C.ResearchField))
        self.has_authors = any(True for _ in g.triples((None, P.P27, None)))
        self.papers = {}
        self.rows = []
        self.contribs = []
        for p in g.subjects(RDF.type, C.Paper):
            self.papers[p] = dict(title=lab[p], p29=sorted(int(o) for o in g.objects(p, P.P29)),
                                  dois=sorted(str(o) for o in g.objects(p, P.P26)))
            for c in g.objects(p, P.P31):
                mo = g.value(c, P.HAS_MODEL)
                model = lab[mo] if mo is not None else None
                probs = [lab[x] for x in g.objects(c, P.P32)]
                self.contribs.append(dict(paper=p, model=model, problems=probs,
                                          datasets=[lab[x] for x in g.objects(c, P.P2005)]))
                for b in g.objects(c, P.HAS_BENCHMARK):
                    ds = lab[g.value(b, P.HAS_DATASET)]
                    for e in g.objects(b, P.HAS_EVALUATION):
                        raw = str(g.value(e, P.HAS_VALUE))
                        self.rows.append(dict(paper=p, model=model, dataset=ds, problems=probs,
                                              metric=lab[g.value(e, P.HAS_METRIC)], raw=raw,
                                              clean=clean(raw)))
        self.titles = set(v["title"] for v in self.papers.values())
        self.dois = set(d for v in self.papers.values() for d in v["dois"])
        self.years = set(str(y) for v in self.papers.values() for y in v["p29"] if y > 12)
        self.values = set(r["clean"] for r in self.rows if r["clean"] is not None)
        self.two_year = sorted(p for p, v in self.papers.items() if len(real_years(v["p29"])) > 1)

    def paper_by_title_prefix(self, model):
        ps = [p for p, v in self.papers.items() if v["title"].startswith(model + ":")]
        if len(ps) != 1:
            raise Fail(f"{self.name}: {len(ps)} papers titled '{model}: ...'")
        return ps[0]

    def board_metrics(self, dataset):
        return sorted(set(r["metric"] for r in self.rows if r["dataset"] == dataset))

    def problem_datasets(self, problem):
        return sorted(set(r["dataset"] for r in self.rows if problem in r["problems"]))

    def model_rows(self, model):
        return [r for r in self.rows if r["model"] == model]


def real_years(p29):
    return sorted(y for y in p29 if y > 12)


class Reading:
    def __init__(self, now, age, diff, undated, yc):
        self.now, self.age, self.diff, self.undated, self.yc = now, age, diff, undated, dict(yc)

    def __repr__(self):
        return f"now={self.now} {self.age}/{self.diff} undated={self.undated} years={sorted(self.yc.values())}"


def readings(gd):
    choices = [[(p, y) for y in real_years(gd.papers[p]["p29"])] for p in gd.two_year]
    for now, age, diff, und in itertools.product(NOWS, ("newest", "mean"), ("abs", "rel", "share"),
                                                 ("count", "skip")):
        for yc in itertools.product(*choices):
            yield Reading(now, age, diff, und, yc)


def year_of(gd, paper, rd):
    ys = real_years(gd.papers[paper]["p29"])
    if not ys:
        return None
    if len(ys) == 1:
        return ys[0]
    return rd.yc[paper]


def naive_year(gd, paper):
    """The careless reading: the smallest raw P29, month or not."""
    p29 = gd.papers[paper]["p29"]
    return min(p29) if p29 else None


def fact(model, v, dataset, metric):
    return f"{model} scores {v} on {dataset} by {metric}"


FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")


# ------------------------------------------------------------------------------------------
# the public rules
# ------------------------------------------------------------------------------------------
def weight(years, n, ref, age_mode):
    if any(y is None for y in years):
        raise Open("an undated paper inside a conflict")
    age = ref - (max(years) if age_mode == "newest" else sum(years) / len(years))
    return math.exp(-LAMBDA * age) * (1 + 0.8 * math.log(1 + n))


def surviving(gd, dataset, metric, anchor, rd, conflicts=True, yearf=None):
    """model -> {float value: clean string} of what survives at the anchor under reading rd."""
    yearf = yearf or (lambda p: year_of(gd, p, rd))
    by = {}
    strs = {}
    for r in gd.rows:
        if r["dataset"] != dataset or r["metric"] != metric or r["clean"] is None:
            continue
        y = yearf(r["paper"])
        if anchor is not None:
            if y is None or y > anchor:
                continue
        elif y is None and rd.undated == "skip":
            continue
        v = float(r["clean"])
        strs[v] = r["clean"]
        by.setdefault(r["model"], {}).setdefault(v, {})[r["paper"]] = y
    out = {}
    ref = anchor if anchor is not None else rd.now
    for m, vals in by.items():
        if len(vals) == 1 or not conflicts:
            out[m] = {v: strs[v] for v in vals}
            continue
        if len(vals) > 2:
            raise Open(f"{m} has {len(vals)} values on {dataset}")
        ws = {v: weight(list(ps.values()), len(ps), ref, rd.age) for v, ps in vals.items()}
        a, b = sorted(ws.values(), reverse=True)
        d = {"abs": a - b, "rel": (a - b) / a, "share": (a - b) / (a + b)}[rd.diff]
        if abs(d - THRESH) < 1e-9:
            raise Open(f"{m} on {dataset}: weight difference exactly at the threshold")
        if d > THRESH:
            v = max(ws, key=ws.get)
            out[m] = {v: strs[v]}
        else:
            out[m] = {v: strs[v] for v in vals}
    return out


def all_facts(gd, dataset, metric):
    return set((r["model"], float(r["clean"]), r["clean"]) for r in gd.rows
               if r["dataset"] == dataset and r["metric"] == metric and r["clean"] is not None)


def surv_facts(surv):
    return set((m, v, s) for m, vs in surv.items() for v, s in vs.items())


def better(metric, a, b):
    return a < b if metric in LOWER_BETTER else a > b


def leaders(surv, metric, flip=False):
    """Set of (model, value string) that lead under some choice of each close conflict's value."""
    lower = (metric in LOWER_BETTER) != flip
    models = sorted(surv)
    out = set()
    for combo in itertools.product(*[sorted(surv[m].items()) for m in models]):
        pairs = list(zip(models, combo))
        if not pairs:
            continue
        key = (lambda x: x[1][0]) if lower else (lambda x: -x[1][0])
        pairs.sort(key=key)
        if len(pairs) > 1 and pairs[0][1][0] == pairs[1][1][0]:
            raise Open("a tie at the top")
        out.add((pairs[0][0], pairs[0][1][1]))
    return out


def raw_top(gd, dataset, metric):
    """The careless reading: every row kept (no conflict rule), the single best value taken."""
    rows = [r for r in gd.rows if r["dataset"] == dataset and r["metric"] == metric and r["clean"] is not None]
    key = (lambda r: float(r["clean"])) if metric in LOWER_BETTER else (lambda r: -float(r["clean"]))
    r = sorted(rows, key=key)[0]
    return r["model"], r["clean"]


def the_leader(surv, metric):
    ls = leaders(surv, metric)
    if len(ls) != 1:
        raise Fail(f"the board has no single leader: {sorted(ls)}")
    return next(iter(ls))


def excluded_relevant(gd, dataset, metric, surv, top_value, keep_models):
    """Facts of the board that do not survive and would beat the answer's top (None: no top) or
    contradict a kept fact (same model, another value)."""
    out = []
    for (m, v, s) in sorted(all_facts(gd, dataset, metric) - surv_facts(surv)):
        if (top_value is not None and better(metric, v, top_value)) or m in keep_models:
            out.append(fact(m, s, dataset, metric))
    return out


def fset(surv, dataset, metric, models=None):
    return [fact(m, s, dataset, metric) for (m, v, s) in sorted(surv_facts(surv))
            if models is None or m in models]


def R(**kw):
    kw.setdefault("verdict", None)
    kw.setdefault("must_keep", [])
    kw.setdefault("must_remove", [])
    kw.setdefault("anchor", None)
    return kw


def require(cond, msg):
    if not cond:
        raise Fail(msg)


def only_board(gd, model):
    ds = sorted(set((r["dataset"], r["metric"]) for r in gd.model_rows(model) if r["clean"] is not None))
    require(len(ds) == 1, f"{model} has results on {ds}, expected one board")
    return ds[0]


# ------------------------------------------------------------------------------------------
# one computer per question
# ------------------------------------------------------------------------------------------
def ve01(gd, rd):  # g1: what results does Tavrosa get (close conflict)
    ds, me = only_board(gd, "Tavrosa")
    s = surviving(gd, ds, me, None, rd)
    vals = sorted(s["Tavrosa"].values(), key=float, reverse=True)
    own = gd.paper_by_title_prefix("Tavrosa")
    own_vals = sorted(set(r["clean"] for r in gd.model_rows("Tavrosa") if r["paper"] == own))
    return R(expected=vals + [ds], must_keep=fset(s, ds, me, {"Tavrosa"}),
             must_remove=excluded_relevant(gd, ds, me, s, None, {"Tavrosa"}),
             right_key=tuple(vals), careless_key=tuple(own_vals), careless=own_vals)


def ve02(gd, rd):  # g1: how good is KestrelNet (clear conflict)
    ds, me = only_board(gd, "KestrelNet")
    s = surviving(gd, ds, me, None, rd)
    vals = sorted(s["KestrelNet"].values())
    own = gd.paper_by_title_prefix("KestrelNet")
    own_vals = sorted(set(r["clean"] for r in gd.model_rows("KestrelNet") if r["paper"] == own))
    return R(expected=vals + [ds], must_keep=fset(s, ds, me, {"KestrelNet"}),
             must_remove=excluded_relevant(gd, ds, me, s, None, {"KestrelNet"}),
             right_key=tuple(vals), careless_key=tuple(own_vals), careless=own_vals)


def ve03(gd, rd):  # g1: which one should I use for Corvalla-Ice (removed outlier)
    ds = "Corvalla-Ice"
    (me,) = gd.board_metrics(ds)
    s = surviving(gd, ds, me, None, rd)
    m, v = the_leader(s, me)
    cm, cv = raw_top(gd, ds, me)
    return R(expected=[m, v], must_keep=[fact(m, v, ds, me)],
             must_remove=excluded_relevant(gd, ds, me, s, float(v), {m}),
             right_key=(m, v), careless_key=(cm, cv), careless=[cm, cv])


def ve04(gd, rd):  # g1: top of Skarnhold before 2020 (month stored as a year)
    ds = "Skarnhold Glacier Set"
    (me,) = gd.board_metrics(ds)
    anchor = 2019
    s = surviving(gd, ds, me, anchor, rd)
    m, v = the_leader(s, me)
    cs = surviving(gd, ds, me, anchor, rd, yearf=lambda p: naive_year(gd, p))
    cm, cv = the_leader(cs, me)
    return R(expected=[m, v], must_keep=[fact(m, v, ds, me)], anchor=anchor,
             must_remove=excluded_relevant(gd, ds, me, s, float(v), {m}),
             right_key=(m, v), careless_key=(cm, cv), careless=[cm, cv])


def ve05(gd, rd):  # g1: an old textbook says PimbraFormer is the best on BenchMira (superseded)
    ds = "BenchMira"
    (me,) = gd.board_metrics(ds)
    for y in (2018, 2019):  # the textbook's premise: it did lead once
        require(the_leader(surviving(gd, ds, me, y, rd), me)[0] == "PimbraFormer",
                f"PimbraFormer did not lead BenchMira as of {y}")
    s = surviving(gd, ds, me, None, rd)
    m, v = the_leader(s, me)
    verdict = "SUPPORTED" if m == "PimbraFormer" else "REFUTED"
    return R(expected=[m, v], verdict=verdict, must_keep=[fact(m, v, ds, me)],
             must_remove=excluded_relevant(gd, ds, me, s, float(v), {m}),
             right_key=verdict, careless_key="SUPPORTED", careless=["SUPPORTED"])


def ve06(gd, rd):  # g2: what's a good number on Dastrup-7 Chorus (WER: lower is better)
    ds = "Dastrup-7 Chorus"
    (me,) = gd.board_metrics(ds)
    require(me in LOWER_BETTER, "Dastrup-7 Chorus is not a lower-is-better board")
    s = surviving(gd, ds, me, None, rd)
    m, v = the_leader(s, me)
    (cm, cv), = leaders(s, me, flip=True)
    return R(expected=[m, v], must_keep=[fact(m, v, ds, me)],
             must_remove=excluded_relevant(gd, ds, me, s, float(v), {m}),
             right_key=(m, v), careless_key=(cm, cv), careless=[cm, cv])


def ve07(gd, rd):  # g2: is Syrinxa any good on Hollenby (outlier against five papers)
    ds = "Hollenby Marsh Calls"
    (me,) = gd.board_metrics(ds)
    s = surviving(gd, ds, me, None, rd)
    require(len(s["Syrinxa"]) == 1, "Syrinxa's value is not settled")
    (sv,) = s["Syrinxa"].values()
    m, v = the_leader(s, me)
    require(m != "Syrinxa", "Syrinxa leads Hollenby")
    # Syrinxa is second under every reading of the other close conflicts
    for combo in itertools.product(*[sorted(s[x].values(), key=float) for x in sorted(s)]):
        vals = dict(zip(sorted(s), combo))
        above = [x for x in vals if x != "Syrinxa" and float(vals[x]) > float(sv)]
        require(above == [m], f"Syrinxa is not second: above it {above}")
    cm, cv = raw_top(gd, ds, me)
    return R(expected=[sv, m, v], must_keep=[fact("Syrinxa", sv, ds, me), fact(m, v, ds, me)],
             must_remove=excluded_relevant(gd, ds, me, s, float(v), {"Syrinxa", m}),
             right_key=(sv, m), careless_key=(cv, cm), careless=[cv])


def ve08(gd, rd):  # g2: Trillbert came out before Warbleon? (month stored as a year)
    t = gd.paper_by_title_prefix("Trillbert")
    ty = year_of(gd, t, rd)
    wpapers = sorted(set(r["paper"] for r in gd.model_rows("Warbleon")), key=str)
    wys = [year_of(gd, p, rd) for p in wpapers]
    require(None not in wys and ty is not None, "an undated paper")
    before = set(ty < y for y in wys)  # whichever Warbleon paper is taken as "its" paper
    verdict = "SUPPORTED" if before == {True} else "REFUTED" if before == {False} else "UNCERTAIN"
    wy = year_of(gd, gd.paper_by_title_prefix("Warbleon"), rd)
    cverdict = "SUPPORTED" if naive_year(gd, t) < naive_year(gd, gd.paper_by_title_prefix("Warbleon")) else "REFUTED"
    return R(expected=[str(ty), str(wy)], verdict=verdict, right_key=verdict,
             careless_key=cverdict, careless=[cverdict])


def ve09(gd, rd):  # g2: Aviquist is the best on Veltmoor? (close conflict, same year)
    ds = "Veltmoor Dawn Set"
    (me,) = gd.board_metrics(ds)
    s = surviving(gd, ds, me, None, rd)
    verdicts = set()
    for flip in (False, True):  # "best" read in the metric's direction, and as the bigger number
        ls = leaders(s, me, flip=flip)
        ms = set(m for m, _ in ls)
        verdicts.add("SUPPORTED" if ms == {"Aviquist"} else "REFUTED" if "Aviquist" not in ms else "UNCERTAIN")
    require(len(verdicts) == 1, f"the two readings of 'best' disagree: {verdicts}")
    verdict = verdicts.pop()
    exp = sorted(set(x for vs in s.values() for x in vs.values()), key=float)
    own = gd.paper_by_title_prefix("Aviquist")
    own_v = [r["clean"] for r in gd.model_rows("Aviquist") if r["paper"] == own]
    cs = {m: ({float(own_v[0]): own_v[0]} if m == "Aviquist" else vs) for m, vs in s.items()}
    cm, _ = the_leader(cs, me)
    cverdict = "SUPPORTED" if cm == "Aviquist" else "REFUTED"
    return R(expected=exp, verdict=verdict, must_keep=fset(s, ds, me),
             must_remove=excluded_relevant(gd, ds, me, s, None, set(s)),
             right_key=verdict, careless_key=cverdict, careless=[cverdict])


def ve10(gd, rd):  # g2: as of 2022, what were people getting on Dastrup-7 Chorus
    ds = "Dastrup-7 Chorus"
    (me,) = gd.board_metrics(ds)
    anchor = 2022
    s = surviving(gd, ds, me, anchor, rd)
    m, v = the_leader(s, me)
    cm, cv = the_leader(surviving(gd, ds, me, None, rd), me)
    return R(expected=[m, v], must_keep=[fact(m, v, ds, me)], anchor=anchor,
             must_remove=excluded_relevant(gd, ds, me, s, float(v), {m}),
             right_key=(m, v), careless_key=(cm, cv), careless=[cm, cv])


def ve11(gd, rd):  # g3: the best paper on the Orrenby benchmark (string sort)
    ds = "Orrenby Parallel Corpus"
    (me,) = gd.board_metrics(ds)
    s = surviving(gd, ds, me, None, rd)
    m, v = the_leader(s, me)
    ps = set(r["paper"] for r in gd.rows if r["dataset"] == ds and r["model"] == m and r["clean"] == v)
    require(len(ps) == 1, f"{m}'s {v} is stated by {len(ps)} papers")
    title = gd.papers[ps.pop()]["title"]
    srow = max((r for r in gd.rows if r["dataset"] == ds and r["metric"] == me), key=lambda r: r["raw"])
    ctitle = gd.papers[srow["paper"]]["title"]
    return R(expected=[title, v], must_keep=[fact(m, v, ds, me)],
             must_remove=excluded_relevant(gd, ds, me, s, float(v), {m}),
             right_key=title, careless_key=ctitle, careless=[ctitle])


def ve12(gd, rd):  # g3: what do people get on Mirelle Subtitles these days (close conflict)
    ds = "Mirelle Subtitles"
    (me,) = gd.board_metrics(ds)
    s = surviving(gd, ds, me, None, rd)
    ls = leaders(s, me)
    require(len(ls) == 2, f"Mirelle leaders {sorted(ls)}")
    lead_models = sorted(set(m for m, _ in ls))
    exp = []
    for m in lead_models:
        exp += [m] + sorted(s[m].values(), key=float, reverse=True)
    own = gd.paper_by_title_prefix("Murrelet-MT")
    own_v = [r["clean"] for r in gd.model_rows("Murrelet-MT") if r["paper"] == own and r["dataset"] == ds][0]
    cs = {m: ({float(own_v): own_v} if m == "Murrelet-MT" else vs) for m, vs in s.items()}
    cm, cv = the_leader(cs, me)
    top = min if me in LOWER_BETTER else max
    return R(expected=exp, must_keep=fset(s, ds, me, set(lead_models)),
             must_remove=excluded_relevant(gd, ds, me, s, top(float(x) for _, x in ls), set(lead_models)),
             right_key=tuple(sorted(ls)), careless_key=((cm, cv),), careless=[cm, cv])


def ve13(gd, rd):  # g3: how good is Ostrada-T, on which datasets does it have scores ("-")
    rows = gd.model_rows("Ostrada-T")
    scored = sorted(set((r["dataset"], r["metric"], r["clean"]) for r in rows if r["clean"] is not None))
    listed = sorted(set(d for c in gd.contribs if c["model"] == "Ostrada-T" for d in c["datasets"]))
    dash = sorted(set(r["dataset"] for r in rows if r["raw"].strip() == "-"))
    require(dash and set(dash) <= set(listed), "no '-' row for Ostrada-T on a listed dataset")
    exp, keep = [], []
    for d, me, v in scored:
        s = surviving(gd, d, me, None, rd)
        require(v in s["Ostrada-T"].values(), f"Ostrada-T {v} on {d} does not survive")
        exp += [d, v]
        keep.append(fact("Ostrada-T", v, d, me))
    careless = sorted(set(r["dataset"] for r in rows))
    return R(expected=exp, must_keep=keep, right_key=tuple(d for d, _, _ in scored),
             careless_key=tuple(careless), careless=[d for d in careless if d not in exp])


def ve14(gd, rd):  # g3: Gannetron gets 18.9 BLEU on Orrenby? (clear conflict, claimed side wins)
    ds = "Orrenby Parallel Corpus"
    (me,) = gd.board_metrics(ds)
    s = surviving(gd, ds, me, None, rd)
    vals = s["Gannetron"]
    verdict = "SUPPORTED" if set(vals) == {18.9} else "REFUTED" if 18.9 not in vals else "UNCERTAIN"
    own = gd.paper_by_title_prefix("Gannetron")
    own_v = [r["clean"] for r in gd.model_rows("Gannetron") if r["paper"] == own and r["dataset"] == ds][0]
    cverdict = "SUPPORTED" if float(own_v) == 18.9 else "REFUTED"
    return R(expected=sorted(vals.values()), verdict=verdict, must_keep=fset(s, ds, me, {"Gannetron"}),
             must_remove=excluded_relevant(gd, ds, me, s, None, {"Gannetron"}),
             right_key=verdict, careless_key=cverdict, careless=[cverdict])


def ve15(gd, rd):  # g3: Halverin top on Quenmark before 2019? ("before" excludes 2019)
    ds = "Quenmark Dialogue Set"
    (me,) = gd.board_metrics(ds)
    anchor = 2018
    s = surviving(gd, ds, me, anchor, rd)
    m, v = the_leader(s, me)
    verdict = "SUPPORTED" if m == "Halverin" else "REFUTED"
    # the other reading of "before 2019": at the end of some year before 2019
    ever = any(the_leader(surviving(gd, ds, me, y, rd), me)[0] == "Halverin"
               for y in range(2000, 2019) if surviving(gd, ds, me, y, rd))
    require((verdict == "SUPPORTED") == ever, "the two readings of 'before 2019' disagree")
    cm1, _ = the_leader(surviving(gd, ds, me, 2019, rd), me)      # "before 2019" read as "up to 2019"
    cm2, _ = the_leader(surviving(gd, ds, me, None, rd), me)      # anchor ignored
    cverdicts = set("SUPPORTED" if x == "Halverin" else "REFUTED" for x in (cm1, cm2))
    require(len(cverdicts) == 1, "careless readings differ")
    cv = cverdicts.pop()
    return R(expected=[m, v], verdict=verdict, must_keep=[fact(m, v, ds, me)], anchor=anchor,
             must_remove=excluded_relevant(gd, ds, me, s, float(v), {m}),
             right_key=verdict, careless_key=cv, careless=[cv])


def ve16(gd, rd):  # g4: who came up with Undertow-GNN (authors not recorded; two DOIs)
    require(not gd.has_authors, "the graph records authors")
    ps = sorted(set(r["paper"] for r in gd.model_rows("Undertow-GNN")), key=lambda p: year_of(gd, p, rd))
    first = ps[0]
    require(first == gd.paper_by_title_prefix("Undertow-GNN"), "the earliest paper is not the model's own")
    v = gd.papers[first]
    require(len(v["dois"]) == 2, "the paper does not have two DOIs")
    return R(expected=[v["title"], str(year_of(gd, first, rd))] + v["dois"],
             right_key=tuple(v["dois"]), careless_key=(v["dois"][0],), careless=[])


def ve17(gd, rd):  # g4: kelp canopy mapping leaderboard as of 2024 (a month as the only year)
    (ds,) = gd.problem_datasets("Kelp Canopy Mapping")
    (me,) = gd.board_metrics(ds)
    anchor = 2024
    s = surviving(gd, ds, me, anchor, rd)
    require(all(len(vs) == 1 for vs in s.values()), "a close conflict on the board")
    board = sorted(((m, next(iter(vs.values()))) for m, vs in s.items()), key=lambda x: -float(x[1]))
    exp = [x for mv in board for x in mv]
    m, v = board[0]
    cm, cv = the_leader(surviving(gd, ds, me, anchor, rd, yearf=lambda p: naive_year(gd, p)), me)
    return R(expected=exp, must_keep=fset(s, ds, me), anchor=anchor,
             must_remove=excluded_relevant(gd, ds, me, s, float(v), set()),
             right_key=(m, v), careless_key=(cm, cv), careless=[cm, cv])


def ve18(gd, rd):  # g4: was Tidewick ever the top on Sealbrook? (two real years)
    ds = "Sealbrook Turbine Logs"
    (me,) = gd.board_metrics(ds)
    tp = gd.paper_by_title_prefix("Tidewick")
    tys = real_years(gd.papers[tp]["p29"])
    require(len(tys) == 2, "Tidewick's paper does not have two real years")
    ever = {}
    for ty in tys:  # each year of the paper, whatever this reading picked
        r2 = Reading(rd.now, rd.age, rd.diff, rd.undated, {**rd.yc, tp: ty})
        ever[ty] = any(the_leader(surviving(gd, ds, me, y, r2), me)[0] == "Tidewick"
                       for y in range(min(tys) - 10, rd.now + 1) if surviving(gd, ds, me, y, r2))
    vs = set(ever.values())
    verdict = "SUPPORTED" if vs == {True} else "REFUTED" if vs == {False} else "UNCERTAIN"
    r2 = Reading(rd.now, rd.age, rd.diff, rd.undated, {**rd.yc, tp: max(tys)})
    blocker, bv = the_leader(surviving(gd, ds, me, max(tys), r2), me)
    s = surviving(gd, ds, me, None, rd)
    cy = naive_year(gd, tp)
    r3 = Reading(rd.now, rd.age, rd.diff, rd.undated, {**rd.yc, tp: cy})
    cever = any(the_leader(surviving(gd, ds, me, y, r3), me)[0] == "Tidewick"
                for y in range(cy - 10, rd.now + 1) if surviving(gd, ds, me, y, r3))
    cverdict = "SUPPORTED" if cever else "REFUTED"
    return R(expected=[str(y) for y in tys] + [blocker], verdict=verdict,
             must_keep=fset(s, ds, me, {"Tidewick", blocker}),
             must_remove=excluded_relevant(gd, ds, me, s, None, {"Tidewick", blocker}),
             right_key=verdict, careless_key=cverdict, careless=[cverdict])


def ve19(gd, rd):  # g4: Undertow-GNN the best for tidal turbine fault detection? (newest, not best)
    (ds,) = gd.problem_datasets("Tidal Turbine Fault Detection")
    (me,) = gd.board_metrics(ds)
    firsts = {}
    for r in gd.rows:
        if r["dataset"] == ds and r["clean"] is not None:
            y = year_of(gd, r["paper"], rd)
            firsts[r["model"]] = min(firsts.get(r["model"], 9999), y)
    newest = max(firsts, key=firsts.get)
    require(newest == "Undertow-GNN" and sorted(firsts.values())[-2] < firsts[newest],
            f"the newest model on {ds} is {newest}")
    s = surviving(gd, ds, me, None, rd)
    m, v = the_leader(s, me)
    verdict = "SUPPORTED" if m == "Undertow-GNN" else "REFUTED"
    return R(expected=[m, v], verdict=verdict, must_keep=fset(s, ds, me, {m, "Undertow-GNN"}),
             must_remove=excluded_relevant(gd, ds, me, s, float(v), {m, "Undertow-GNN"}),
             right_key=verdict, careless_key="SUPPORTED", careless=["SUPPORTED"])


def ve20(gd, rd):  # g4: who was top on Sealbrook before Selkora came along (month as a year)
    ds = "Sealbrook Turbine Logs"
    (me,) = gd.board_metrics(ds)
    sp = set(r["paper"] for r in gd.model_rows("Selkora") if r["dataset"] == ds)
    first = min(year_of(gd, p, rd) for p in sp)
    anchor = first - 1
    s = surviving(gd, ds, me, anchor, rd)
    m, v = the_leader(s, me)
    cfirst = min(naive_year(gd, p) for p in sp)
    cs = surviving(gd, ds, me, cfirst - 1, rd, yearf=lambda p: naive_year(gd, p))
    careless = [f"{a} {b}" for a, b in leaders(cs, me)] if cs else ["nobody"]
    return R(expected=[m, v], must_keep=[fact(m, v, ds, me)], anchor=anchor,
             must_remove=excluded_relevant(gd, ds, me, s, float(v), {m}),
             right_key=(m, v), careless_key=tuple(careless), careless=careless)


# The loose names the newcomer types (lower case, no hyphen, "dataset"/"benchmark" glued on): each
# must occur in the question and match exactly one label of the graph once case and hyphens are ignored.
LOOSE = {
    "VE02": ["kestrelnet"], "VE03": ["corvalla ice"], "VE05": ["pimbraformer"],
    "VE06": ["dastrup 7 chorus"], "VE07": ["syrinxa", "hollenby marsh calls"],
    "VE08": ["trillbert", "warbleon"], "VE09": ["aviquist", "veltmoor dawn set"],
    "VE10": ["dastrup 7 chorus"], "VE11": ["orrenby parallel corpus"], "VE12": ["mirelle subtitles"],
    "VE13": ["ostrada t"], "VE14": ["orrenby parallel corpus"], "VE15": ["halverin", "quenmark dialogue"],
    "VE16": ["undertow gnn"], "VE17": ["kelp canopy mapping"], "VE18": ["tidewick", "sealbrook turbine logs"],
    "VE19": ["undertow gnn", "tidal turbine fault detection"], "VE20": ["selkora", "sealbrook turbine logs"],
}


def norm(s):
    return re.sub(r"\s+", " ", s.lower().replace("-", " ")).strip()


def loose_matches(gd, name):
    """Labels a loose name stands for: equal after normalising, or the label with ' set' dropped."""
    n = norm(name)
    return sorted(l for l in gd.labels if norm(l) == n or norm(l) == n + " set")


COMPUTERS = {f"VE{i:02d}": globals()[f"ve{i:02d}"] for i in range(1, 21)}
GRAPH_OF = {f"VE{i:02d}": f"g{(i - 1) // 5 + 1}.ttl" for i in range(1, 21)}


# ------------------------------------------------------------------------------------------
# checks
# ------------------------------------------------------------------------------------------
def words(q):
    out = set()
    for w in re.findall(r"[a-z0-9.\-']+", q.lower()):
        w = w.rstrip(".-'")
        if w:
            out.add(w)
    return out


def jaccard(a, b):
    a, b = words(a), words(b)
    return len(a & b) / len(a | b) if a | b else 0.0


def readme_counts():
    text = open(README, encoding="utf-8").read()
    first = text.splitlines()[0] if text else ""
    sec = text.split("## Counts", 1)
    counts = {}
    if len(sec) == 2:
        body = sec[1].split("\n## ", 1)[0]
        for line in body.splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) == 2 and re.fullmatch(r"\d+", cells[1]):
                counts[cells[0]] = int(cells[1])
    return first, counts


def main():
    fails = []
    per_q = {}

    def fail(qid, msg):
        fails.append(f"FAIL {qid}: {msg}")
        per_q[qid] = per_q.get(qid, 0) + 1

    gds = {g: GD(g) for g in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")}
    fields = list(json.loads(open(FIRST).readline()).keys())
    firstqs = [json.loads(l) for l in open(FIRST) if l.strip()]
    lines = [l for l in open(VE_FILE, encoding="utf-8") if l.strip()]
    qs = []
    for i, l in enumerate(lines):
        try:
            qs.append(json.loads(l))
        except Exception as e:  # noqa: BLE001
            fail(f"line{i + 1}", f"not JSON: {e}")
    ids = [q.get("id") for q in qs]
    want = [f"VE{i:02d}" for i in range(1, 21)]
    if ids != want:
        fail("file", f"ids {ids} differ from VE01..VE20 in order")
    if len(set(ids)) != len(ids):
        fail("file", "duplicate ids")
    if len(set(q.get("question") for q in qs)) != len(qs):
        fail("file", "duplicate questions")
    gcount = {}
    for q in qs:
        gcount[q.get("graph")] = gcount.get(q.get("graph"), 0) + 1
    if gcount != {g: 5 for g in gds}:
        fail("file", f"questions per graph {gcount}, want five each")
    claims = [q for q in qs if q.get("query_type") == "claim_verification"]
    if not 6 <= len(claims) <= 10:
        fail("file", f"{len(claims)} claims, want 6-10")
    if set(q.get("verdict") for q in claims) != VERDICTS:
        fail("file", "not every verdict is used")

    # second opinion: check.surviving
    try:
        sys.path.insert(0, TRUST)
        import check  # noqa: E402
        sys.path.pop(0)
    except Exception as e:  # noqa: BLE001
        check = None
        fail("check", f"cannot import check.py: {e}")
    calls = agree = 0

    for q in qs:
        qid = q.get("id")
        if list(q.keys()) != fields:
            fail(qid, f"fields {list(q.keys())} differ from trust-dev.jsonl's {fields}")
        g = q.get("graph")
        if qid in GRAPH_OF and g != GRAPH_OF[qid]:
            fail(qid, f"graph '{g}', want '{GRAPH_OF[qid]}' (five per graph)")
        if q.get("query_type") not in QUERY_TYPES:
            fail(qid, f"query_type {q.get('query_type')!r}")
        if q.get("mechanism") not in MECHANISMS:
            fail(qid, f"mechanism {q.get('mechanism')!r}")
        isclaim = q.get("query_type") == "claim_verification"
        if isclaim and q.get("verdict") not in VERDICTS:
            fail(qid, f"claim with verdict {q.get('verdict')!r}")
        if not isclaim and q.get("verdict") is not None:
            fail(qid, f"verdict {q.get('verdict')!r} on a {q.get('query_type')}")
        for t in firstqs:
            j = jaccard(q.get("question", ""), t["question"])
            if j > 0.6:
                fail(qid, f"Jaccard {j:.2f} with {t['id']} (bound 0.6)")
        for name in LOOSE.get(qid, []):
            gl = gds.get(g)
            if name not in norm(q.get("question", "")):
                fail(qid, f"the loose name {name!r} is not in the question")
            elif gl is not None and len(loose_matches(gl, name)) != 1:
                fail(qid, f"the loose name {name!r} matches {loose_matches(gl, name)} in {g}, not exactly one label")
        notes = q.get("notes", "")
        if "Right answer" not in notes or "Careless answer" not in notes:
            fail(qid, "notes lack 'Right answer' or 'Careless answer'")
        right_part = notes.split("Right answer", 1)[-1].split("Careless answer", 1)[0]
        careless_part = notes.split("Careless answer", 1)[-1] if "Careless answer" in notes else ""
        if qid not in COMPUTERS:
            fail(qid, "no computer for this id")
            continue
        gd = gds[GRAPH_OF[qid]]
        gq = gds.get(g)
        # expected strings are things of the graph the question is on
        for s in q.get("expected", []):
            if gq is None or not (s in gq.labels or s in gq.titles or s in gq.dois or s in gq.years
                                  or s in gq.values):
                fail(qid, f"expected string {s!r} is not a label, title, DOI, valid year or clean value of {g}")
            if s not in right_part:
                fail(qid, f"expected string {s!r} is not in the notes' right answer")
        for f in q.get("must_keep", []) + q.get("must_remove", []):
            mt = FACT_RE.match(f)
            if not mt or gq is None or not any(
                    r["model"] == mt[1] and r["dataset"] == mt[3] and r["metric"] == mt[4]
                    and r["clean"] is not None and re.fullmatch(r"\d+(\.\d+)?", mt[2])
                    and float(r["clean"]) == float(mt[2]) and r["clean"] == mt[2] for r in gq.rows):
                fail(qid, f"fact {f!r} does not exist in {g}")
        # recompute under every reading
        results = {}
        bad = {}  # (kind, fact, anchor) -> [readings]
        nread = 0
        try:
            for rd in readings(gd):
                nread += 1
                res = COMPUTERS[qid](gd, rd)
                key = json.dumps({k: (sorted(res[k]) if isinstance(res[k], list) and k != "careless" else res[k])
                                  for k in ("expected", "verdict", "must_keep", "must_remove", "anchor")},
                                 default=str)
                results.setdefault(key, (res, rd))
                # must_keep survives, must_remove does not, at the anchor under this reading
                anchor = res["anchor"]
                for f in q.get("must_keep", []):
                    mt = FACT_RE.match(f)
                    if mt and float(mt[2]) not in surviving(gd, mt[3], mt[4], anchor, rd).get(mt[1], {}):
                        bad.setdefault(("must_keep", f, anchor, "does not survive"), []).append(rd)
                for f in q.get("must_remove", []):
                    mt = FACT_RE.match(f)
                    if mt and float(mt[2]) in surviving(gd, mt[3], mt[4], anchor, rd).get(mt[1], {}):
                        bad.setdefault(("must_remove", f, anchor, "survives"), []).append(rd)
        except (Open, Fail) as e:
            fail(qid, f"{type(e).__name__}: {e}")
            continue
        except Exception as e:  # noqa: BLE001
            fail(qid, f"computer error {type(e).__name__}: {e}")
            continue
        for (kind, f, anchor, what), rds in bad.items():
            fail(qid, f"{kind} {f!r} {what} at anchor {anchor} in {len(rds)} of {nread} readings (e.g. {rds[0]})")
        if len(results) != 1:
            fail(qid, f"the answer depends on the reading: {len(results)} different answers")
        res, _ = next(iter(results.values()))
        for k in ("expected", "must_keep", "must_remove"):
            if sorted(q.get(k, [])) != sorted(res[k]):
                fail(qid, f"{k} is {q.get(k)}, the graph gives {res[k]}")
        if q.get("verdict") != res["verdict"]:
            fail(qid, f"verdict is {q.get('verdict')!r}, the graph gives {res['verdict']!r}")
        if (res["verdict"] is not None) != isclaim:
            fail(qid, "the computer and the query type disagree on whether this is a claim")
        if isclaim and q.get("verdict") == res["careless_key"]:
            fail(qid, f"the file's verdict {q.get('verdict')!r} is the careless one")
        if res["right_key"] == res["careless_key"]:
            fail(qid, f"the careless answer {res['careless_key']!r} equals the right one")
        for c in res["careless"]:
            if c not in careless_part:
                fail(qid, f"notes do not name the careless answer {c!r} after 'Careless answer'")
        if res["verdict"] is None and not res["careless"] and not careless_part.strip():
            fail(qid, "notes do not describe the careless answer")
        # second opinion
        if check is not None:
            for f in q.get("must_keep", []) + q.get("must_remove", []):
                mt = FACT_RE.match(f)
                if not mt:
                    continue
                calls += 1
                try:
                    got = check.surviving(check.G(g), mt[1], mt[3], mt[4], res["anchor"])[0]
                except Exception as e:  # noqa: BLE001
                    fail(qid, f"check.surviving failed on {f!r}: {type(e).__name__}")
                    continue
                mine = set()
                for rd in readings(gd):
                    if rd.now == check.NOW:
                        mine.add(tuple(sorted(surviving(gd, mt[3], mt[4], res["anchor"], rd).get(mt[1], {}))))
                if len(mine) == 1 and set(next(iter(mine))) == set(float(x) for x in got):
                    agree += 1
                else:
                    fail(qid, f"check.surviving gives {sorted(got)} for {f!r}, mine {sorted(mine)}")
        if qid not in per_q:
            print(f"ok {qid}")

    # README: first line and counts
    try:
        first, counts = readme_counts()
        if not (first.startswith("# trust-dev55.jsonl: ") and first.endswith("(VE01–VE20)")):
            fail("README", f"first line {first!r}")
        want_counts = {"questions": len(qs), "claims": len(claims)}
        for v in ("SUPPORTED", "REFUTED", "UNCERTAIN"):
            want_counts[v] = sum(1 for q in qs if q.get("verdict") == v)
        want_counts["null"] = sum(1 for q in qs if q.get("verdict") is None)
        for k in MECHANISMS | QUERY_TYPES:
            n = sum(1 for q in qs if q.get("mechanism") == k or q.get("query_type") == k)
            if n:
                want_counts[k] = n
        for gname in gds:
            want_counts[gname[:2]] = sum(1 for q in qs if q.get("graph") == gname)
        if counts != want_counts:
            diff = {k: (counts.get(k), want_counts.get(k)) for k in set(counts) | set(want_counts)
                    if counts.get(k) != want_counts.get(k)}
            fail("README", f"Counts section differs (README, file): {diff}")
    except OSError as e:
        fail("README", f"cannot read README55.md: {e}")

    print(f"second opinion: {agree} of {calls} check.surviving calls agree (check.NOW={getattr(check, 'NOW', None)})")
    for f in fails:
        print(f)
    print(f"FAILURES: {len(fails)}")
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
