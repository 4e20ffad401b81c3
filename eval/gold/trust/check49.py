#!/usr/bin/env python3
"""check49.py: re-derives every answer of trust-dev49.jsonl (UY01-UY20) from the trust fixture graphs.

Papers by year and bibliographic metadata. For each question one computer (uyNN below) reads the graph with
rdflib and returns expected, verdict, must_keep and must_remove; they are compared with the file for every
current year 2025-2030 and for TRUST_NOW if set. Also checked: the ten fields and their order (those of
trust-dev.jsonl's first line), ids UY01..UY20 in order, no duplicate ids or questions, five questions per
graph, verdicts exactly on claims, enums, every expected string and fact in its graph, must_keep facts
surviving the conflict rule (at the question's anchor too), must_remove facts removed or after the anchor,
that the careless reading named in the notes gives another answer, the conflict table of the first README,
the counts README49.md gives, and the Jaccard bound against trust-dev.jsonl. check.py (not read) is only
imported, as a second opinion on surviving values.

    python3 check49.py                      # last line FAILURES: 0, exit 0
    TRUST_NOW=2030 python3 check49.py
    UY_FILE=/path/to/copy.jsonl python3 check49.py
"""
import itertools
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True
from rdflib import Graph, Namespace, RDF, RDFS  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = "/work/main/eval/gold/trust"
FILE = os.environ.get("UY_FILE", os.path.join(HERE, "trust-dev49.jsonl"))
README = os.path.join(HERE, "README49.md")
README_TITLE = "# trust-dev49.jsonl: papers by year and bibliographic metadata (UY01–UY20)"
P = Namespace("http://orkg.org/orkg/predicate/")
C = Namespace("http://orkg.org/orkg/class/")

NOWS = list(range(2025, 2031))
if os.environ.get("TRUST_NOW", None) == "":  # an empty TRUST_NOW counts as unset (check.py would reject it)
    del os.environ["TRUST_NOW"]
if os.environ.get("TRUST_NOW"):
    NOWS = sorted(set(NOWS + [int(os.environ["TRUST_NOW"])]))

LAMBDA, BOOST, THRESH = 0.08, 0.8, 0.30
LOWER_BETTER = {"Word Error Rate"}
QUERY_TYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage",
               "paper_lookup"}
MECHANISMS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
# Anchors under which must_keep / must_remove are checked (None = the current year).
ANCHORS = {"UY10": [2021], "UY14": [2024, None]}

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL " + msg)


# ------------------------------------------------------------------------------------------------ graphs
def clean(raw):
    s = raw.strip()
    if s in ("", "-"):
        return None
    s = s.rstrip("%").strip()
    try:
        return float(s)
    except ValueError:
        return None


def fmt(v):
    return f"{v:.1f}"


class Paper:
    def __init__(self, iri):
        self.iri = str(iri)
        self.title = ""
        self.dois = []
        self.raw_years = []
        self.problems = set()
        self.rows = []  # (model, dataset, metric, raw, value)

    @property
    def years(self):
        """Real years only: a P29 of 1-12 is a month written under the year predicate."""
        return tuple(sorted(set(y for y in self.raw_years if y > 12)))

    @property
    def careless_year(self):
        """What a careless reader takes: the smallest raw P29 (a month wins)."""
        return min(self.raw_years) if self.raw_years else None


class KG:
    def __init__(self, name):
        self.name = name
        g = Graph()
        g.parse(os.path.join(TRUST, name), format="turtle")
        self.g = g
        lab = lambda x: str(g.value(x, RDFS.label)) if x is not None and g.value(x, RDFS.label) is not None else None
        self.labels = set(str(o) for o in g.objects(None, RDFS.label))
        self.models = set(lab(m) for m in g.subjects(RDF.type, C.Model))
        self.papers = []
        for p in g.subjects(RDF.type, C.Paper):
            pp = Paper(p)
            pp.title = lab(p)
            pp.dois = sorted(str(o) for o in g.objects(p, P.P26))
            pp.raw_years = sorted(int(o) for o in g.objects(p, P.P29))
            for c in g.objects(p, P.P31):
                for pr in g.objects(c, P.P32):
                    pp.problems.add(lab(pr))
                model = lab(g.value(c, P.HAS_MODEL))
                for b in g.objects(c, P.HAS_BENCHMARK):
                    ds = lab(g.value(b, P.HAS_DATASET))
                    for e in g.objects(b, P.HAS_EVALUATION):
                        raw = str(g.value(e, P.HAS_VALUE))
                        pp.rows.append((model, ds, lab(g.value(e, P.HAS_METRIC)), raw, clean(raw)))
            self.papers.append(pp)
        self.papers.sort(key=lambda x: x.iri)
        self.dois = set(d for p in self.papers for d in p.dois)
        self.valid_years = set(str(y) for p in self.papers for y in p.years)
        self.clean_values = set(fmt(r[4]) for p in self.papers for r in p.rows if r[4] is not None)
        self.vocab = self.labels | self.dois | self.valid_years | self.clean_values
        multi = [p for p in self.papers if len(p.years) > 1]
        self.worlds = [dict(zip([p.iri for p in multi], combo))
                       for combo in itertools.product(*[p.years for p in multi])] or [{}]

    def year(self, p, world):
        """The paper's year in one reading (world) of the two-real-year papers; None if undated."""
        if not p.years:
            return None
        return world.get(p.iri, p.years[0]) if len(p.years) > 1 else p.years[0]

    def paper(self, prefix):
        hits = [p for p in self.papers if p.title.split(":")[0] == prefix]
        assert len(hits) == 1, (prefix, hits)
        return hits[0]

    def short(self, p):
        """How an answer names a paper: its model name when the title starts with one, else the full title."""
        pre = p.title.split(":")[0]
        return pre if ":" in p.title and pre in self.models else p.title


KGS = {}


def kg_of(name):
    if name not in KGS:
        KGS[name] = KG(name)
    return KGS[name]


# ------------------------------------------------------------------------------------------------ rules
def stated(kg, model, ds, metric, world, anchor=None, careless=False):
    """{value: [years of the papers stating it]}; under an anchor, undated and later papers are left out."""
    out = {}
    for p in kg.papers:
        y = p.careless_year if careless else kg.year(p, world)
        if anchor is not None and (y is None or y > anchor):
            continue
        for (m, d, k, _raw, v) in p.rows:
            if m == model and d == ds and k == metric and v is not None:
                out.setdefault(v, []).append(y)
    return out


def surviving(kg, model, ds, metric, now, world, anchor=None, careless=False):
    vals = stated(kg, model, ds, metric, world, anchor, careless)
    if len(vals) <= 1:
        return set(vals), "single"
    ref = anchor if anchor is not None else now
    w = {}
    for v, ys in vals.items():
        if any(y is None for y in ys):
            raise ValueError(f"undated paper in a conflict: {model} {ds}")
        w[v] = math.exp(-LAMBDA * (ref - max(ys))) * (1 + BOOST * math.log(1 + len(ys)))
    top = max(w.values())
    keep = set(v for v in w if top - w[v] <= THRESH * top)
    return keep, ("close" if len(keep) > 1 else "clear")


def board(kg, ds, metric, now, world, anchor=None, careless=False, no_conflicts=False):
    models = sorted(set(r[0] for p in kg.papers for r in p.rows if r[1] == ds and r[2] == metric))
    out = {}
    for m in models:
        if no_conflicts:
            s = set(stated(kg, m, ds, metric, world, anchor, careless))
        else:
            s = surviving(kg, m, ds, metric, now, world, anchor, careless)[0]
        if s:
            out[m] = s
    return out


def leaders(kg, ds, metric, now, anchor=None, careless=False, no_conflicts=False):
    """Set of (model, value) that lead under some reading (worlds x close-conflict choices)."""
    res = set()
    lower = metric in LOWER_BETTER
    for world in kg.worlds:
        b = board(kg, ds, metric, now, world, anchor, careless, no_conflicts)
        if no_conflicts:  # the careless board: every stated value, the best one wins
            flat = [(m, v) for m, vs in b.items() for v in vs]
            res.add(min(flat, key=lambda x: x[1]) if lower else max(flat, key=lambda x: x[1]))
            continue
        ms = sorted(b)
        for combo in itertools.product(*[sorted(b[m]) for m in ms]):
            pairs = list(zip(ms, combo))
            best = min(pairs, key=lambda x: x[1]) if lower else max(pairs, key=lambda x: x[1])
            res.add(best)
    return res


def window(kg, p, lo, hi, careless=False):
    """'yes' / 'no' under every reading of the paper's years, 'either' when the readings differ."""
    ys = ([p.careless_year] if p.careless_year is not None else []) if careless else list(p.years)
    if not ys:
        return "undated"
    ins = [lo <= y <= hi for y in ys]
    return "yes" if all(ins) else ("either" if any(ins) else "no")


def fact(m, v, d, k):
    return f"{m} scores {fmt(v)} on {d} by {k}"


FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")


def parse_fact(s):
    mo = FACT_RE.match(s)
    if not mo:
        return None
    try:
        return mo.group(1), float(mo.group(2)), mo.group(3), mo.group(4)
    except ValueError:
        return None


def has_value(p, ds, metric=None):
    return any(r[1] == ds and (metric is None or r[2] == metric) and r[4] is not None for r in p.rows)


def by_year(kg, papers):
    return sorted(papers, key=lambda p: (min(p.years) if p.years else 10 ** 6, p.iri))


def listing(kg, papers, lo, hi, careless=False):
    """Names of papers in [lo, hi] (sure ones, then 'either' ones with all their years); undated are flagged."""
    sure = [p for p in by_year(kg, papers) if window(kg, p, lo, hi, careless) == "yes"]
    either = [p for p in by_year(kg, papers) if window(kg, p, lo, hi, careless) == "either"]
    undated = [p for p in papers if window(kg, p, lo, hi, careless) == "undated"]
    return sure, either, undated


# ------------------------------------------------------------------------------------------------ computers
# Each returns dict(expected, verdict, must_keep, must_remove, careless) for one current year.
def R(expected, verdict=None, keep=(), remove=(), careless=None):
    return dict(expected=list(expected), verdict=verdict, must_keep=list(keep), must_remove=list(remove),
                careless=careless)


def on_problem(kg, prob):
    return [p for p in kg.papers if prob in p.problems]


def uy01(kg, now):  # crevasse segmentation papers published in 2020
    ps = on_problem(kg, "Crevasse Segmentation")
    sure, either, undated = listing(kg, ps, 2020, 2020)
    assert not either
    careless = [kg.short(p) for p in listing(kg, ps, 2020, 2020, careless=True)[0]]
    return R([kg.short(p) for p in sure], careless=careless)


def uy02(kg, now):  # oldest and newest paper with a Skarnhold result
    ps = [p for p in kg.papers if has_value(p, "Skarnhold Glacier Set")]
    exp = set()
    for world in kg.worlds:
        dated = [(kg.year(p, world), p) for p in ps if kg.year(p, world) is not None]
        lo = min(y for y, _ in dated)
        hi = max(y for y, _ in dated)
        olds = [p for y, p in dated if y == lo]
        news = [p for y, p in dated if y == hi]
        assert len(olds) == 1 and len(news) == 1
        exp.add((kg.short(olds[0]), str(lo), kg.short(news[0]), str(hi)))
    assert len(exp) == 1, exp
    cd = [(p.careless_year, p) for p in ps if p.careless_year is not None]
    careless = (kg.short(min(cd, key=lambda x: x[0])[1]), kg.short(max(cd, key=lambda x: x[0])[1]))
    return R(list(exp.pop()), careless=careless)


def uy03(kg, now):  # DOIs of the BenchMira papers from 2020 on
    ps = [p for p in kg.papers if has_value(p, "BenchMira")]
    sure, either, undated = listing(kg, ps, 2020, 9999)
    assert not either and not undated
    exp = []
    for p in sure:
        exp.extend(p.dois if p.dois else [kg.short(p)])
    careless = [d for p in sure for d in p.dois]  # papers without a DOI silently dropped
    return R(exp, careless=careless)


def uy04(kg, now):  # "Tavrosa (2020) gets 86.1 on BenchMira": year and number
    p = kg.paper("Tavrosa")
    year_ok = p.years == (2020,)
    vals = set()
    for world in kg.worlds:
        vals |= surviving(kg, "Tavrosa", "BenchMira", "Accuracy", now, world)[0]
    claimed = 86.1
    if not year_ok or claimed not in vals:
        verdict = "REFUTED"
    else:
        verdict = "SUPPORTED" if vals == {claimed} else "UNCERTAIN"
    order = [claimed] + sorted(vals - {claimed}, reverse=True)
    exp = [str(y) for y in p.years] + [fmt(v) for v in order]
    keep = [fact("Tavrosa", v, "BenchMira", "Accuracy") for v in order]
    careless = "SUPPORTED" if claimed in [r[4] for r in p.rows] else "REFUTED"  # only the cited paper read
    return R(exp, verdict, keep, careless=careless)


def uy05(kg, now):  # anything on Corvalla-Ice from 2020
    ps = [p for p in kg.papers if has_value(p, "Corvalla-Ice")]
    sure, either, undated = listing(kg, ps, 2020, 2020)
    exp = [kg.short(p) for p in sure] + [kg.short(p) for p in either] + [kg.short(p) for p in undated]
    careless = [kg.short(p) for p in listing(kg, kg.papers, 2020, 2020)[0]]  # the dataset ignored
    return R(exp, careless=careless)


def uy06(kg, now):  # "the Trillbert paper is from 2023"
    p = kg.paper("Trillbert")
    claimed = 2023
    verdict = ("SUPPORTED" if p.years == (claimed,) else "UNCERTAIN" if claimed in p.years else "REFUTED")
    # careless: the latest paper that reports a Trillbert result is taken as the Trillbert paper
    careless = max(min(q.years) for q in kg.papers if any(r[0] == "Trillbert" for r in q.rows))
    careless = "SUPPORTED" if careless == claimed else "REFUTED"
    return R([str(y) for y in p.years], verdict, careless=careless)


def uy07(kg, now):  # call-type classification papers after 2021
    ps = on_problem(kg, "Call-Type Classification")
    sure, either, undated = listing(kg, ps, 2022, 9999)
    assert not either and not undated
    careless = [kg.short(p) for p in listing(kg, ps, 2022, 9999, careless=True)[0]]
    return R([kg.short(p) for p in sure], careless=careless)


def uy08(kg, now):  # paper that introduced the lowest-WER model on Dastrup-7, and its year
    ld = leaders(kg, "Dastrup-7 Chorus", "Word Error Rate", now)
    assert len(ld) == 1, ld
    m, v = ld.pop()
    intro = [p for p in kg.papers if any(r[0] == m for r in p.rows)]
    first = by_year(kg, intro)[0]
    assert len(first.years) == 1
    # careless: higher-is-better on the raw values, conflicts kept
    flat = [(r[0], r[4]) for p in kg.papers for r in p.rows
            if r[1] == "Dastrup-7 Chorus" and r[2] == "Word Error Rate" and r[4] is not None]
    careless = max(flat, key=lambda x: x[1])[0]
    return R([kg.short(first), str(first.years[0]), fmt(v)], None,
             [fact(m, v, "Dastrup-7 Chorus", "Word Error Rate")], careless=careless)


def uy09(kg, now):  # which paper gives Syrinxa 93.8 on Hollenby, its year, and the figure to cite
    src = [p for p in kg.papers if any(r[0] == "Syrinxa" and r[1] == "Hollenby Marsh Calls" and r[4] == 93.8
                                       for r in p.rows)]
    assert len(src) == 1 and len(src[0].years) == 1
    keep = set()
    for world in kg.worlds:
        keep |= surviving(kg, "Syrinxa", "Hollenby Marsh Calls", "Accuracy", now, world)[0]
    allv = set(stated(kg, "Syrinxa", "Hollenby Marsh Calls", "Accuracy", kg.worlds[0]))
    removed = sorted(allv - keep)
    careless = [fmt(v) for v in sorted(allv)]  # no conflict rule: both figures citable
    return R([src[0].title, str(src[0].years[0])] + [fmt(v) for v in sorted(keep)], None,
             [fact("Syrinxa", v, "Hollenby Marsh Calls", "Accuracy") for v in sorted(keep)],
             [fact("Syrinxa", v, "Hollenby Marsh Calls", "Accuracy") for v in removed], careless=careless)


def uy10(kg, now):  # "prior to 2022 the best WER on Dastrup-7 was Warbleon's 11.3 (2019)"
    ds, k, anchor = "Dastrup-7 Chorus", "Word Error Rate", 2021
    ld = leaders(kg, ds, k, now, anchor)
    wp = kg.paper("Warbleon")
    ok = ld == {("Warbleon", 11.3)} and wp.years == (2019,)
    verdict = "SUPPORTED" if ok else ("REFUTED" if all(m != "Warbleon" for m, _ in ld) else "UNCERTAIN")
    # must_remove: results after the anchor that would beat 11.3
    later = []
    for p in by_year(kg, kg.papers):
        for (m, d, kk, _r, v) in p.rows:
            if d == ds and kk == k and v is not None and v < 11.3:
                ys = [min(q.years) for q in kg.papers if any(x[0] == m and x[1] == d and x[2] == kk and x[4] == v
                                                             for x in q.rows)]
                f = fact(m, v, d, kk)
                if all(y > anchor for y in ys) and f not in later:
                    later.append(f)
    cl = leaders(kg, ds, k, now, anchor, careless=True)
    careless = "SUPPORTED" if cl == {("Warbleon", 11.3)} else "REFUTED"
    return R(["Warbleon", "11.3"] if ok else [m for m, _ in sorted(ld)], verdict,
             [fact("Warbleon", 11.3, ds, k)], later, careless=careless)


def uy11(kg, now):  # Vendish-English translation papers after 2015
    ps = on_problem(kg, "Vendish-English Translation")
    sure, either, undated = listing(kg, ps, 2016, 9999)
    assert not either and not undated
    careless = [kg.short(p) for p in sure if "Dialogue" not in p.title]  # topic guessed from titles
    return R([kg.short(p) for p in sure], careless=len(careless))


def uy12(kg, now):  # every Quenmark paper has a DOI?
    ps = [p for p in kg.papers if has_value(p, "Quenmark Dialogue Set")]
    missing = [kg.short(p) for p in ps if not p.dois]
    verdict = "REFUTED" if missing else "SUPPORTED"
    careless = "SUPPORTED" if sum(len(p.dois) for p in ps) >= len(ps) else "REFUTED"
    return R(missing, verdict, careless=careless)


def uy13(kg, now):  # first paper with a chrF value on Mirelle Subtitles
    ps = [p for p in kg.papers if has_value(p, "Mirelle Subtitles", "chrF")]
    out = set()
    for world in kg.worlds:
        dated = [(kg.year(p, world), p) for p in ps if kg.year(p, world) is not None]
        y0 = min(y for y, _ in dated)
        first = [p for y, p in dated if y == y0]
        assert len(first) == 1
        rows = [r for r in first[0].rows if r[1] == "Mirelle Subtitles" and r[2] == "chrF" and r[4] is not None]
        assert len(rows) == 1
        out.add((first[0].title, str(y0), rows[0][0], rows[0][4]))
    assert len(out) == 1 and not [p for p in ps if not p.years]
    t, y, m, v = out.pop()
    careless = kg.paper(m).title  # the model's own paper
    return R([t, y, m, fmt(v)], None, [fact(m, v, "Mirelle Subtitles", "chrF")], careless=careless)


def uy14(kg, now):  # papers 2022-2024 with Murrelet-MT chrF on Mirelle, DOIs and numbers
    m, ds, k = "Murrelet-MT", "Mirelle Subtitles", "chrF"
    ps = [p for p in kg.papers if any(r[0] == m and r[1] == ds and r[2] == k and r[4] is not None for r in p.rows)]
    sure, either, undated = listing(kg, ps, 2022, 2024)
    assert not either
    exp, vals = [], []
    for p in sure:
        v = [r[4] for r in p.rows if r[0] == m and r[1] == ds and r[2] == k][0]
        vals.append(v)
        exp += [fmt(v)] + p.dois
    kept_all = set(vals)
    for world in kg.worlds:
        for anchor in (2024, None):
            kept_all &= surviving(kg, m, ds, k, now, world, anchor)[0]
    keep = [fact(m, v, ds, k) for v in vals if v in kept_all]
    remove = [fact(m, v, ds, k) for v in vals if v not in kept_all]
    careless = [fmt(max(zip([min(p.years) for p in sure], vals))[1])]  # only the newest number
    return R(exp, None, keep, remove, careless=careless)


def uy15(kg, now):  # dialogue translation papers from 2018
    ps = on_problem(kg, "Dialogue Translation")
    sure, either, undated = listing(kg, ps, 2018, 2018)
    exp = [kg.short(p) for p in sure + either + undated]
    # careless: the nearest year instead of none
    near = min(ps, key=lambda p: (min(abs(y - 2018) for y in p.years), -min(p.years)))
    return R(exp, careless=[kg.short(near)])


def uy16(kg, now):  # Sealbrook papers from 2018 or 2019
    ps = [p for p in kg.papers if has_value(p, "Sealbrook Turbine Logs")]
    sure, either, undated = listing(kg, ps, 2018, 2019)
    assert not undated
    exp = []
    for p in sure:
        exp += [kg.short(p)] + [str(y) for y in p.years]
    for p in either:
        exp += [kg.short(p)] + [str(y) for y in p.years]
    keep = []
    for p in sure + either:
        for (mm, d, kk, _r, v) in p.rows:
            if d == "Sealbrook Turbine Logs" and v is not None:
                if all(v in surviving(kg, mm, d, kk, now, w)[0] for w in kg.worlds):
                    keep.append(fact(mm, v, d, kk))
    careless = [kg.short(p) for p in ps if p.years and 2018 <= min(p.years) <= 2019]  # first year only
    return R(exp, None, keep, careless=careless)


def uy17(kg, now):  # any tidal turbine fault detection paper in 2021?
    ps = on_problem(kg, "Tidal Turbine Fault Detection")
    sure, either, undated = listing(kg, ps, 2021, 2021)
    verdict = "SUPPORTED" if sure else ("UNCERTAIN" if either or undated else "REFUTED")
    exp = []
    for p in sure:
        exp += [kg.short(p), "2021"]
    cs = listing(kg, ps, 2021, 2021, careless=True)[0]
    return R(exp, verdict, careless="SUPPORTED" if cs else "REFUTED")


def uy18(kg, now):  # "the Tidewick paper is from 2019"
    p = kg.paper("Tidewick")
    claimed = 2019
    verdict = ("SUPPORTED" if p.years == (claimed,) else "UNCERTAIN" if claimed in p.years else "REFUTED")
    careless = "SUPPORTED" if p.raw_years and p.raw_years[-1] == claimed else "REFUTED"  # one year picked
    return R([str(y) for y in p.years], verdict, careless=careless)


def uy19(kg, now):  # kelp canopy mapping papers in order
    ps = on_problem(kg, "Kelp Canopy Mapping")
    dated = [p for p in by_year(kg, ps) if p.years]
    assert all(len(p.years) == 1 for p in dated)
    undated = sorted([p for p in ps if not p.years], key=lambda p: kg.short(p))
    exp = []
    for p in dated:
        exp += [kg.short(p), str(p.years[0])]
    exp += [kg.short(p) for p in undated]
    careless = [kg.short(p) for p in sorted([p for p in ps if p.raw_years], key=lambda p: p.careless_year)]
    return R(exp, careless=careless)


def uy20(kg, now):  # kelp canopy papers since 2020 and their DOIs
    ps = on_problem(kg, "Kelp Canopy Mapping")
    sure, either, undated = listing(kg, ps, 2020, 9999)
    assert not either
    exp = []
    for p in sure:
        exp += [kg.short(p)] + (p.dois if p.dois else [])
    careless = [kg.short(p) for p in sure + undated]  # undated counted as recent
    return R(exp, careless=careless)


COMPUTERS = {f"UY{i:02d}": globals()[f"uy{i:02d}"] for i in range(1, 21)}


def shown(res):
    """The part of a computed answer that the careless reading is compared with."""
    return res["verdict"] if res["verdict"] is not None else res["expected"]


def careless_differs(qid, res):
    c = res["careless"]
    if qid in ("UY02",):
        return list(c) != [res["expected"][0], res["expected"][2]]
    if qid == "UY08":
        return c != res["expected"][0]
    if qid == "UY09":
        return c != [e for e in res["expected"] if re.fullmatch(r"\d+\.\d", e)]
    if qid == "UY11":
        return c != len(res["expected"])
    if qid == "UY13":
        return c != res["expected"][0]
    if qid == "UY14":
        return c != [e for e in res["expected"] if re.fullmatch(r"\d+\.\d", e)]
    if qid == "UY16":
        return c != [e for e in res["expected"] if not re.fullmatch(r"\d{4}", e)]
    if qid == "UY19":
        return c != [e for e in res["expected"] if not re.fullmatch(r"\d{4}", e)]
    if qid == "UY20":
        return c != [e for e in res["expected"] if not e.startswith("10.5555/")]
    return c != shown(res)


# ------------------------------------------------------------------------------------------------ checks
def tokens(s):
    return set(re.findall(r"[a-z0-9]+(?:[.\-'][a-z0-9]+)*", s.lower()))


def jaccard(a, b):
    a, b = tokens(a), tokens(b)
    return len(a & b) / len(a | b) if a | b else 0.0


def load_file():
    rows = []
    with open(FILE, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                fail(f"line {n}: not JSON ({e})")
    return rows


def check_shape(rows, fields):
    ids = [r.get("id") for r in rows]
    want = [f"UY{i:02d}" for i in range(1, 21)]
    if ids != want:
        fail(f"ids are not UY01..UY20 in order: {ids}")
    seen, seenq = set(), set()
    for r in rows:
        qid = r.get("id")
        if list(r.keys()) != fields:
            fail(f"{qid}: fields {list(r.keys())} differ from trust-dev.jsonl's {fields}")
        if qid in seen:
            fail(f"{qid}: duplicate id")
        seen.add(qid)
        q = r.get("question", "")
        if q.strip().lower() in seenq:
            fail(f"{qid}: duplicate question")
        seenq.add(q.strip().lower())
        if r.get("graph") not in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"):
            fail(f"{qid}: graph {r.get('graph')!r} unknown")
        if r.get("query_type") not in QUERY_TYPES:
            fail(f"{qid}: query_type {r.get('query_type')!r} not allowed")
        if r.get("mechanism") not in MECHANISMS:
            fail(f"{qid}: mechanism {r.get('mechanism')!r} not allowed")
        claim = r.get("query_type") == "claim_verification"
        v = r.get("verdict")
        if claim and v not in VERDICTS:
            fail(f"{qid}: claim without a valid verdict ({v!r})")
        if not claim and v is not None:
            fail(f"{qid}: verdict {v!r} on a question that is not a claim")
        for key in ("expected", "must_remove", "must_keep"):
            if not isinstance(r.get(key), list) or not all(isinstance(x, str) for x in r.get(key, [])):
                fail(f"{qid}: {key} is not a list of strings")
        if not isinstance(r.get("notes"), str) or len(r.get("notes", "")) < 40:
            fail(f"{qid}: notes missing or too short")
    per = {}
    for r in rows:
        per[r.get("graph")] = per.get(r.get("graph"), 0) + 1
    for gname in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"):
        if per.get(gname, 0) != 5:
            fail(f"graph {gname}: {per.get(gname, 0)} questions, want 5")
    for i in range(1, 21):
        r = [x for x in rows if x.get("id") == f"UY{i:02d}"]
        if r and r[0].get("graph") != f"g{(i - 1) // 5 + 1}.ttl":
            fail(f"UY{i:02d}: on {r[0].get('graph')}, want g{(i - 1) // 5 + 1}.ttl (five per graph, in order)")


def fact_in_graph(kg, s):
    f = parse_fact(s)
    if not f:
        return False
    m, v, d, k = f
    return any(r[0] == m and r[1] == d and r[2] == k and r[4] == v for p in kg.papers for r in p.rows)


def check_graph_facts(r):
    qid = r["id"]
    try:
        kg = kg_of(r["graph"])
    except Exception as e:  # noqa: BLE001
        fail(f"{qid}: cannot load graph {r.get('graph')!r}: {e}")
        return
    for s in r["expected"]:
        if s not in kg.vocab:
            fail(f"{qid}: expected string {s!r} is not a label, title, DOI, valid year or clean value of {r['graph']}")
    for key in ("must_keep", "must_remove"):
        for s in r[key]:
            if not fact_in_graph(kg, s):
                fail(f"{qid}: {key} fact {s!r} is not in {r['graph']}")
    agg = {}
    for now in NOWS:
        for anchor in ANCHORS.get(qid, [None]):
            for world in kg.worlds:
                for s in r["must_keep"]:
                    f = parse_fact(s)
                    if f and f[1] not in surviving(kg, f[0], f[2], f[3], now, world, anchor)[0]:
                        agg.setdefault(f"must_keep {s!r} does not survive (anchor {anchor})", set()).add(now)
                for s in r["must_remove"]:
                    f = parse_fact(s)
                    if not f:
                        continue
                    alive = f[1] in surviving(kg, f[0], f[2], f[3], now, world, anchor)[0]
                    if alive and (f[0], f[1]) in leaders(kg, f[2], f[3], now, anchor):
                        agg.setdefault(f"must_remove {s!r} survives and leads (anchor {anchor})", set()).add(now)
    for msg, nows in agg.items():
        fail(f"{qid}: {msg} for now in {sorted(nows)}")


def check_answers(r):
    qid = r["id"]
    comp = COMPUTERS.get(qid)
    if comp is None:
        fail(f"{qid}: no computer")
        return
    try:
        kg = kg_of(r["graph"])
    except Exception:  # noqa: BLE001
        return
    bad = {}
    for now in NOWS:
        try:
            res = comp(kg, now)
        except Exception as e:  # noqa: BLE001
            fail(f"{qid}: computer raised {type(e).__name__}: {e} (graph {r['graph']}, now {now})")
            return
        if res["expected"] != r["expected"]:
            bad.setdefault("expected", (res["expected"], []))[1].append(now)
        if res["verdict"] != r["verdict"]:
            bad.setdefault("verdict", (res["verdict"], []))[1].append(now)
        if sorted(res["must_keep"]) != sorted(r["must_keep"]):
            bad.setdefault("must_keep", (res["must_keep"], []))[1].append(now)
        if sorted(res["must_remove"]) != sorted(r["must_remove"]):
            bad.setdefault("must_remove", (res["must_remove"], []))[1].append(now)
        if not careless_differs(qid, res):
            bad.setdefault("careless", (res["careless"], []))[1].append(now)
    for key, (want, nows) in bad.items():
        if key == "careless":
            fail(f"{qid}: the careless reading gives the same answer ({want!r}) for now in {nows}")
        else:
            fail(f"{qid}: {key} is {r[key]!r}, the graph gives {want!r} (now {nows})")


CONFLICT_TABLE = [
    ("g1.ttl", "KestrelNet", "BenchMira", "Accuracy", {74.1}),
    ("g1.ttl", "Orvalis-CNN", "Corvalla-Ice", "F1", {87.0}),
    ("g2.ttl", "Fennick-RNN", "Dastrup-7 Chorus", "Word Error Rate", {21.7}),
    ("g2.ttl", "Syrinxa", "Hollenby Marsh Calls", "Accuracy", {88.3}),
    ("g3.ttl", "Gannetron", "Orrenby Parallel Corpus", "BLEU", {18.9}),
    ("g1.ttl", "Tavrosa", "BenchMira", "Accuracy", {86.1, 85.4}),
    ("g2.ttl", "Trillbert", "Dastrup-7 Chorus", "Word Error Rate", {9.4, 10.1}),
    ("g2.ttl", "Aviquist", "Veltmoor Dawn Set", "Word Error Rate", {6.8, 7.9}),
    ("g2.ttl", "Warbleon", "Hollenby Marsh Calls", "Accuracy", {79.5, 80.7}),
    ("g3.ttl", "Murrelet-MT", "Mirelle Subtitles", "chrF", {55.1, 51.0}),
]


def check_conflict_table():
    for gname, m, d, k, want in CONFLICT_TABLE:
        kg = kg_of(gname)
        for now in NOWS:
            got = surviving(kg, m, d, k, now, kg.worlds[0])[0]
            if got != want:
                fail(f"conflict table: {m} on {d} gives {sorted(got)} for now {now}, README says {sorted(want)}")


def cross_check(rows):
    """check.py (imported, not read) as a second opinion on every fact the file relies on."""
    sys.path.insert(0, TRUST)
    try:
        import check  # noqa: E402
    except Exception as e:  # noqa: BLE001
        fail(f"cannot import check.py: {type(e).__name__}: {e}")
        return
    finally:
        sys.path.pop(0)
    cache = {}
    for r in rows:
        for s in r.get("must_keep", []) + r.get("must_remove", []):
            f = parse_fact(s)
            if not f or r.get("graph") not in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"):
                continue
            for anchor in ANCHORS.get(r["id"], [None]):
                key = (r["graph"], f[0], f[2], f[3], anchor)
                if key not in cache:
                    try:
                        cg = check.G(r["graph"])
                        got = check.surviving(cg, f[0], f[2], f[3], anchor) if anchor else \
                            check.surviving(cg, f[0], f[2], f[3])
                        cache[key] = set(round(float(x), 1) for x in got[0])
                    except Exception as e:  # noqa: BLE001
                        cache[key] = e
                got = cache[key]
                if isinstance(got, Exception):
                    fail(f"{r['id']}: check.surviving raised {type(got).__name__} for {s!r}")
                    continue
                kg = kg_of(r["graph"])
                mine = set()
                for world in kg.worlds:
                    mine |= surviving(kg, f[0], f[2], f[3], NOWS[0], world, anchor)[0]
                if mine != got:
                    fail(f"{r['id']}: check.surviving gives {sorted(got)} for {f[0]} on {f[2]} (anchor {anchor}), "
                         f"check49 {sorted(mine)}")


def check_jaccard(rows):
    dev = [json.loads(l) for l in open(os.path.join(TRUST, "trust-dev.jsonl"), encoding="utf-8") if l.strip()]
    for r in rows:
        for d in dev:
            j = jaccard(r.get("question", ""), d["question"])
            if j >= 0.6:
                fail(f"{r.get('id')}: Jaccard {j:.2f} with {d['id']} (bound 0.6)")
    return dev


def check_readme(rows):
    if not os.path.exists(README):
        fail("README49.md missing")
        return
    text = open(README, encoding="utf-8").read()
    if text.splitlines()[0] != README_TITLE:
        fail("README49.md: first line differs from the brief's title")
    m = re.search(r"^## Counts\n(.*?)(?=^## )", text, re.S | re.M)
    if not m:
        fail("README49.md: no '## Counts' section")
        return
    tables, cur = {}, None
    for line in m.group(1).splitlines():
        h = re.match(r"^\| (verdict|mechanism|query type|graph|total) \| count \|$", line)
        if h:
            cur = h.group(1)
            tables[cur] = {}
            continue
        c = re.match(r"^\| `?([A-Za-z0-9_.]+)`? \| (\d+) \|$", line)
        if c and cur:
            tables[cur][c.group(1)] = int(c.group(2))
    field = {"verdict": "verdict", "mechanism": "mechanism", "query type": "query_type", "graph": "graph"}
    for name, key in field.items():
        got = {}
        for r in rows:
            v = r.get(key)
            v = "null" if v is None else str(v).replace(".ttl", "")
            got[v] = got.get(v, 0) + 1
        said = tables.get(name)
        if said is None:
            fail(f"README49.md: no '{name}' counts table")
            continue
        for v in set(got) | set(said):
            if got.get(v, 0) != said.get(v, 0):
                fail(f"README49.md: {name} {v} count {said.get(v, 0)}, the file has {got.get(v, 0)}")
    tot = tables.get("total", {})
    claims = sum(1 for r in rows if r.get("query_type") == "claim_verification")
    if tot.get("questions") != len(rows) or tot.get("claims") != claims:
        fail(f"README49.md: totals {tot} differ from the file ({len(rows)} questions, {claims} claims)")


def main():
    print(f"check49: {FILE}; now in {NOWS}")
    fields = list(json.loads(open(os.path.join(TRUST, "trust-dev.jsonl"), encoding="utf-8").readline()).keys())
    rows = load_file()
    check_shape(rows, fields)
    check_conflict_table()
    ok_rows = [r for r in rows if isinstance(r, dict) and all(k in r for k in fields)]
    for r in ok_rows:
        if not (isinstance(r.get("expected"), list) and isinstance(r.get("must_keep"), list)
                and isinstance(r.get("must_remove"), list)):
            continue
        check_graph_facts(r)
        check_answers(r)
    check_jaccard(ok_rows)
    cross_check(ok_rows)
    check_readme(rows)
    for r in ok_rows:
        if not any(m.startswith(f"{r['id']}:") for m in FAILS):
            print(f"ok   {r['id']} {r['graph']} {r['mechanism']:<13} {r['query_type']:<18} "
                  f"{str(r['verdict']):<9} {r['expected']}")
    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
