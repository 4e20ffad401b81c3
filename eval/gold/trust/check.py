#!/usr/bin/env python3
"""Checks the trust gold set against its fixture graphs.

1. every gN.ttl parses (rdflib and pyoxigraph) and keeps the ORKG shape invariants;
2. every question's expected answer, verdict, must_keep and must_remove is recomputed from
   the graph with SPARQL (queries below) plus a small reference of the public trust rules
   (README "Answers you can trust": recency e^(-0.08*age), corroboration 1 + 0.8*ln(1+papers),
   threshold 0.30). Because the README does not say exactly how a fact's recency is taken
   from several papers nor how two scores are compared, every conflict is scored under
   2 x 3 readings (newest or mean paper age; absolute, relative or share difference) and is
   called CLEAR only when all six exceed 0.30 and CLOSE only when all six stay below.

Run: python3 check.py   (exit status 1 on any failure)
"""
import json
import math
import os
import re
import sys

import pyoxigraph as ox
import rdflib

HERE = os.path.dirname(os.path.abspath(__file__))
NOW = int(os.environ.get("TRUST_NOW", "2026"))  # the current year ages are counted from
LAMBDA, THRESH = 0.08, 0.30
LOWER_BETTER = {"Word Error Rate"}

PREFIXES = """PREFIX orkgr: <http://orkg.org/orkg/resource/>
PREFIX orkgp: <http://orkg.org/orkg/predicate/>
PREFIX orkgc: <http://orkg.org/orkg/class/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
"""

# ---- the SPARQL queries ------------------------------------------------------------------
Q_ROWS = PREFIXES + """
SELECT ?paper ?title ?model ?dataset ?metric ?value WHERE {
  ?paper a orkgc:Paper ; rdfs:label ?title ; orkgp:P31 ?cont .
  ?cont orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b .
  ?m rdfs:label ?model .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e .
  ?d rdfs:label ?dataset .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value .
  ?mt rdfs:label ?metric .
}"""

Q_PAPERS = PREFIXES + """
SELECT ?paper ?title (GROUP_CONCAT(DISTINCT STR(?y); separator="|") AS ?years)
       (GROUP_CONCAT(DISTINCT STR(?doi); separator="|") AS ?dois) WHERE {
  ?paper a orkgc:Paper ; rdfs:label ?title .
  OPTIONAL { ?paper orkgp:P29 ?y }
  OPTIONAL { ?paper orkgp:P26 ?doi }
} GROUP BY ?paper ?title"""

Q_TOPIC = PREFIXES + """
SELECT DISTINCT ?title ?problem WHERE {
  ?paper a orkgc:Paper ; rdfs:label ?title ; orkgp:P31 ?c .
  ?c orkgp:P32 ?p . ?p rdfs:label ?problem .
}"""

Q_LABELS = PREFIXES + """
SELECT ?cls ?label WHERE { ?x a ?cls ; rdfs:label ?label .
  FILTER(?cls IN (orkgc:Dataset, orkgc:Model, orkgc:Metric, orkgc:Problem, orkgc:ResearchField)) }"""

ASK_MODEL_ON_DATASET = PREFIXES + """
ASK {{ ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?ml .
  ?b orkgp:HAS_DATASET ?d . ?d rdfs:label ?dl .
  FILTER(STR(?ml) = "{model}" && STR(?dl) = "{dataset}") }}"""

ASK_METRIC_ON_DATASET = PREFIXES + """
ASK {{ ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dl .
  ?e orkgp:HAS_METRIC ?mt . ?mt rdfs:label ?ml .
  FILTER(STR(?dl) = "{dataset}" && STR(?ml) = "{metric}") }}"""

ASK_LABEL_WORDS = PREFIXES + """
ASK {{ ?x rdfs:label ?l . FILTER(REGEX(STR(?l), "{regex}", "i")) }}"""

SELECT_STRING_MAX = PREFIXES + """
SELECT ?model ?value WHERE {{
  ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?model .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dl .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value . ?mt rdfs:label ?ml .
  FILTER(STR(?dl) = "{dataset}" && STR(?ml) = "{metric}")
}} ORDER BY DESC(?value) LIMIT 1"""


# ---- loading -----------------------------------------------------------------------------
class G:
    def __init__(self, name):
        path = os.path.join(HERE, name)
        self.name = name
        rg = rdflib.Graph()
        rg.parse(path, format="turtle")
        self.rdflib_triples = len(rg)
        self.store = ox.Store()
        self.store.load(path=path, format=ox.RdfFormat.TURTLE)
        self.papers = {}
        for r in self.sel(Q_PAPERS):
            ys = [int(y) for y in (r["years"] or "").split("|") if y]
            ds = [d for d in (r["dois"] or "").split("|") if d]
            self.papers[r["paper"]] = dict(title=r["title"], years=sorted(ys), dois=sorted(ds))
        self.rows = self.sel(Q_ROWS)

    def sel(self, q):
        res = self.store.query(q)
        out = []
        for sol in res:
            d = {}
            for v in res.variables:
                t = sol[v]
                d[v.value] = None if t is None else t.value
            out.append(d)
        return out

    def ask(self, q):
        return bool(self.store.query(q))

    # validated years: a P29 value is a year only if it looks like one
    def valid_years(self, paper):
        return sorted({y for y in self.papers[paper]["years"] if 1900 <= y <= NOW})

    def paper_by_title(self, fragment):
        hits = [p for p, d in self.papers.items() if fragment.lower() in d["title"].lower()]
        assert len(hits) == 1, (fragment, hits)
        return hits[0]


def parse_value(s):
    s = s.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    try:
        return float(s)
    except ValueError:
        return None  # '-' and other non-scores


def fmt(v):
    return f"{v:.2f}".rstrip("0").rstrip(".") if v != int(v) else f"{v:.1f}"


# ---- reference trust rules -----------------------------------------------------------------
def facts(g, anchor=None, year_pick=min):
    """(model, dataset, metric) -> {value: [years of the supporting papers]}.
    With an anchor, papers without a validated year, or later than the anchor, are left out.
    A paper with two validated years uses year_pick (run with min and max to expose ambiguity)."""
    out = {}
    for r in g.rows:
        v = parse_value(r["value"])
        if v is None:
            continue
        ys = g.valid_years(r["paper"])
        y = year_pick(ys) if ys else None
        if anchor is not None and (y is None or y > anchor):
            continue
        out.setdefault((r["model"], r["dataset"], r["metric"]), {}).setdefault(v, []).append((y, r["paper"]))
    return out


def weight(years, ref, mode):
    ys = [y for y, _ in years if y is not None]
    rec = [math.exp(-LAMBDA * max(0, ref - y)) for y in ys] or [0.0]
    r = max(rec) if mode == "newest" else sum(rec) / len(rec)
    n = len({p for _, p in years})
    return r * (1 + math.log(1 + n) * 0.8)


def compare(a, b):
    """a >= b: the three readings of 'differ by more than the threshold'."""
    return {"abs": a - b, "rel": (a - b) / a, "share": (a - b) / (a + b)}


def resolve(vals, ref):
    """vals: {value: [(year, paper)]}. Returns (surviving values, status, diagnostics)."""
    if len(vals) == 1:
        return set(vals), "single", ""
    diags = []
    verdicts = set()
    keep_union, keep_inter = set(), set(vals)
    for mode in ("newest", "mean"):
        w = {v: weight(ys, ref, mode) for v, ys in vals.items()}
        top = max(w, key=w.get)
        for cmp in ("abs", "rel", "share"):
            keep = {v for v in vals if v == top or compare(w[top], w[v])[cmp] <= THRESH}
            keep_union |= keep
            keep_inter &= keep
            diags.append(f"{mode}/{cmp}: " + ", ".join(f"{fmt(v)}={w[v]:.3f}" for v in sorted(vals))
                         + f" -> keep {sorted(fmt(v) for v in keep)}")
            verdicts.add(frozenset(keep))
    if len(verdicts) == 1:
        keep = next(iter(verdicts))
        return set(keep), ("clear" if len(keep) == 1 else "close"), "\n      ".join(diags)
    return keep_union, "AMBIGUOUS", "\n      ".join(diags)


def surviving(g, model, dataset, metric, anchor=None):
    ref = anchor if anchor is not None else NOW
    results = []
    for pick in (min, max):
        vals = facts(g, anchor, pick).get((model, dataset, metric), {})
        results.append(resolve(vals, ref) if vals else (set(), "none", ""))
    assert results[0][:2] == results[1][:2], ("year ambiguity changes the answer", model, dataset, results)
    return results[0]


def board(g, dataset, metric, anchor=None):
    """Best model after conflict resolution: [(value, model, status)] sorted best first."""
    lower = metric in LOWER_BETTER
    outs = []
    for pick in (min, max):
        out = []
        for (m, d, mt), vals in facts(g, anchor, pick).items():
            if d != dataset or mt != metric:
                continue
            keep, status, _ = resolve(vals, anchor if anchor is not None else NOW)
            for v in keep:
                out.append((v, m, status))
        out.sort(key=lambda t: t[0], reverse=not lower)
        outs.append(out)
    assert [t[:2] for t in outs[0][:1]] == [t[:2] for t in outs[1][:1]], ("year ambiguity changes the best", dataset, outs)
    return outs[0]


# ---- per-question checks ---------------------------------------------------------------------
FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")


def fact_exists(g, fact):
    m, v, d, mt = FACT_RE.match(fact).groups()
    return any(r["model"] == m and r["dataset"] == d and r["metric"] == mt and parse_value(r["value"]) == float(v)
               for r in g.rows)


def anchor_of(q):
    s = q["question"].lower()
    m = re.search(r"before (\d{4})", s)
    if m:
        return int(m.group(1)) - 1
    m = re.search(r"(?:as of|in|back in) (\d{4})", s)
    if m and "is from" not in s and "came out in" not in s and "published in" not in s and "newest model" not in s and "since" not in s:
        return int(m.group(1))
    return None


def check_best(g, q, dataset, metric, model, value, anchor=None):
    b = board(g, dataset, metric, anchor)
    assert b, f"empty board {dataset}/{metric} as of {anchor}"
    top = b[0]
    assert (top[1], top[0]) == (model, value), f"best on {dataset}/{metric} as of {anchor} is {top[:2]}, want {(model, value)}"
    if len(b) > 1:
        assert b[1][0] != top[0], "tie at the top"
    nxt = f" (next {b[1][1]} {fmt(b[1][0])})" if len(b) > 1 else " (only result)"
    return f"best {dataset}/{metric} as of {anchor}: {top[1]} {fmt(top[0])}{nxt}"


def check_values(g, model, dataset, metric, want, status, anchor=None):
    keep, st, diag = surviving(g, model, dataset, metric, anchor)
    assert st == status, f"{model}/{dataset}: status {st}, want {status}\n      {diag}"
    assert keep == set(want), f"{model}/{dataset}: keep {keep}, want {want}"
    return f"{model} on {dataset}/{metric} as of {anchor}: {st} {sorted(fmt(v) for v in keep)}\n      {diag}" if diag else \
        f"{model} on {dataset}/{metric} as of {anchor}: {st} {sorted(fmt(v) for v in keep)}"


def check_paper_value(g, title_fragment, model, dataset, metric, value):
    p = g.paper_by_title(title_fragment)
    vals = {parse_value(r["value"]) for r in g.rows
            if r["paper"] == p and r["model"] == model and r["dataset"] == dataset and r["metric"] == metric}
    assert vals == {value}, f"paper {title_fragment!r} states {vals} for {model}"
    return f"paper {title_fragment!r} states {model} {fmt(value)} (and nothing else for it)"


def check_absent_pair(g, model, dataset):
    assert g.ask(ASK_MODEL_ON_DATASET.format(model=model, dataset=dataset)) is False
    assert g.ask(ASK_LABEL_WORDS.format(regex="^" + re.escape(model) + "$")), "model itself should exist"
    return f"no result for {model} on {dataset} (ASK false)"


def check_absent_metric(g, dataset, metric):
    assert g.ask(ASK_METRIC_ON_DATASET.format(dataset=dataset, metric=metric)) is False
    return f"no {metric} on {dataset} (ASK false)"


def check_absent_words(g, *words):
    for w in words:
        assert g.ask(ASK_LABEL_WORDS.format(regex=w)) is False, f"label matching {w} exists"
    return "no label matches " + ", ".join(words)


def newest_topic_paper(g, problem):
    out = []
    for r in g.sel(Q_TOPIC):
        if r["problem"] == problem:
            p = g.paper_by_title(r["title"])
            ys = g.valid_years(p)
            out.append((max(ys) if ys else None, r["title"]))
    dated = sorted([t for t in out if t[0] is not None], reverse=True)
    return dated, [t for t in out if t[0] is None]


def models_beating(g, dataset, metric, model):
    """Models whose surviving value beats model's best surviving value, from later dated papers."""
    b = board(g, dataset, metric)
    lower = metric in LOWER_BETTER
    mine = [v for v, m, _ in b if m == model]
    base = min(mine) if lower else max(mine)
    my_year = min(y for (m, d, mt), vals in facts(g).items() if m == model and d == dataset and mt == metric
                  for v, yp in vals.items() for y, _ in yp if y)
    better = set()
    for (m, d, mt), vals in facts(g).items():
        if d != dataset or mt != metric or m == model:
            continue
        for v, yp in vals.items():
            ys = [y for y, _ in yp if y]
            if ys and min(ys) > my_year and ((v < base) if lower else (v > base)):
                better.add(m)
    return better


def run_checks(graphs):
    C = {}
    g = lambda k: graphs[k + ".ttl"]
    BM, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
    DA, HO, VE = "Dastrup-7 Chorus", "Hollenby Marsh Calls", "Veltmoor Dawn Set"
    OR, MI, QU = "Orrenby Parallel Corpus", "Mirelle Subtitles", "Quenmark Dialogue Set"
    SE, KW = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"
    W = "Word Error Rate"

    # ---- dev
    C["TD01"] = lambda: check_best(g("g1"), None, BM, "Accuracy", "Zephyrine-L", 89.6) + \
        "; newest paper's model: " + newest_result(g("g1"), BM, "Accuracy")
    C["TD02"] = lambda: check_best(g("g1"), None, BM, "Accuracy", "Zephyrine-L", 89.6) + "; " + \
        check_values(g("g1"), "Wendrel-S", BM, "Accuracy", [87.2], "single") + "; " + newest_result(g("g1"), BM, "Accuracy", "Wendrel-S")
    C["TD03"] = lambda: check_best(g("g2"), None, DA, W, "Plumaro", 8.1) + "; " + newest_result(g("g2"), DA, W, "Corrasine")
    C["TD04"] = lambda: topic_newest(g("g4"), "Kelp Canopy Mapping", "Kelvane")
    C["TD05"] = lambda: check_best(g("g1"), None, BM, "Accuracy", "Zephyrine-L", 89.6) + "; " + \
        check_best(g("g1"), None, BM, "Accuracy", "PimbraFormer", 84.7, anchor=2018)
    C["TD06"] = lambda: check_best(g("g2"), None, DA, W, "Plumaro", 8.1) + "; " + check_best(g("g2"), None, DA, W, "Warbleon", 11.3, anchor=2019)
    C["TD07"] = lambda: check_best(g("g3"), None, OR, "BLEU", "Nerrisa", 36.0) + "; raw Halverin value " + \
        repr([r["value"] for r in g("g3").rows if r["model"] == "Halverin" and r["dataset"] == OR])
    C["TD08"] = lambda: expect_set(models_beating(g("g4"), KW, "Mean IoU", "Fucusnet"), {"Marrowfen", "Kelvane"})
    C["TD09"] = lambda: check_values(g("g1"), "KestrelNet", BM, "Accuracy", [74.1], "clear")
    C["TD10"] = lambda: check_values(g("g1"), "Tavrosa", BM, "Accuracy", [86.1, 85.4], "close")
    C["TD11"] = lambda: check_values(g("g2"), "Trillbert", DA, W, [9.4, 10.1], "close")
    C["TD12"] = lambda: check_values(g("g2"), "Syrinxa", HO, "Accuracy", [88.3], "clear") + "; " + \
        check_best(g("g2"), None, HO, "Accuracy", "Plumaro", 90.1)
    C["TD13"] = lambda: check_values(g("g3"), "Gannetron", OR, "BLEU", [18.9], "clear") + "; papers: " + \
        str(sorted({g("g3").papers[r["paper"]]["title"] for r in g("g3").rows if r["model"] == "Gannetron"}))
    C["TD14"] = lambda: check_values(g("g1"), "Orvalis-CNN", CI, "F1", [87.0], "clear")
    C["TD15"] = lambda: check_values(g("g2"), "Chirpform", HO, "Accuracy", [85.0], "single") + \
        f"; papers {count_papers(g('g2'), 'Chirpform', HO, 85.0)}"
    C["TD16"] = lambda: check_values(g("g4"), "Undertow-GNN", SE, "F1", [86.0], "single") + \
        f"; papers {expect_eq(count_papers(g('g4'), 'Undertow-GNN', SE, 86.0), 2)}"
    C["TD17"] = lambda: check_best(g("g1"), None, BM, "Accuracy", "PimbraFormer", 84.7, anchor=2018)
    C["TD18"] = lambda: check_best(g("g2"), None, DA, W, "Warbleon", 11.3, anchor=2020)
    C["TD19"] = lambda: check_best(g("g3"), None, QU, "BLEU", "Halverin", 15.8, anchor=2017) + "; published-in-2017 reading: " + \
        published_in(g("g3"), QU, "BLEU", 2017, "Halverin")
    C["TD20"] = lambda: check_best(g("g3"), None, OR, "BLEU", "Halverin", 27.3, anchor=2019)
    C["TD21"] = lambda: check_best(g("g4"), None, SE, "F1", "Marrowfen", 78.4, anchor=2019) + "; Selkora P29 " + \
        str(g("g4").papers[g("g4").paper_by_title("Selkora:")]["years"]) + "; naive min-year reading: " + \
        naive_best(g("g4"), SE, "F1", 2019)
    C["TD22"] = lambda: expect_eq(g("g4").valid_years(g("g4").paper_by_title("Tidewick")), [2017, 2019])
    C["TD23"] = lambda: expect_eq(g("g3").papers[g("g3").paper_by_title("Murrelet-MT")]["dois"],
                                  ["10.5555/lrlt.2022.031", "10.5555/preprint.2203.17754"])
    C["TD24"] = lambda: expect_eq(g("g2").valid_years(g("g2").paper_by_title("Trillbert")), [2022]) + \
        f" raw {g('g2').papers[g('g2').paper_by_title('Trillbert')]['years']}"
    C["TD25"] = lambda: check_absent_words(g("g1"), "velocity")
    C["TD26"] = lambda: check_absent_pair(g("g1"), "FrostLattice", CI)
    C["TD27"] = lambda: check_absent_pair(g("g2"), "Plumaro", VE)
    C["TD28"] = lambda: check_paper_value(g("g2"), "Chirpform: Convolutional", "Chirpform", DA, W, 14.6) + "; " + \
        check_paper_value(g("g2"), "Warbleon: Syllable", "Warbleon", DA, W, 11.3)
    C["TD29"] = lambda: check_best(g("g3"), None, OR, "BLEU", "Nerrisa", 36.0) + "; string ORDER BY gives " + \
        str(g("g3").sel(SELECT_STRING_MAX.format(dataset=OR, metric="BLEU")))
    C["TD30"] = lambda: expect_eq(g("g4").valid_years(g("g4").paper_by_title("Driftmere")), []) + \
        f" raw {g('g4').papers[g('g4').paper_by_title('Driftmere')]['years']}"

    # ---- sealed
    C["TS01"] = lambda: check_best(g("g1"), None, CI, "F1", "Brackwater-UNet", 91.2) + "; naive (no conflict removal): " + \
        naive_best(g("g1"), CI, "F1", None)
    C["TS02"] = lambda: check_best(g("g2"), None, DA, W, "Plumaro", 8.1) + "; " + newest_result(g("g2"), DA, W, "Corrasine")
    C["TS03"] = lambda: check_values(g("g3"), "Murrelet-MT", OR, "BLEU", [34.2], "single") + "; " + \
        check_values(g("g3"), "Ibbotrans", OR, "BLEU", [33.6], "single") + "; years " + \
        str([g("g3").valid_years(g("g3").paper_by_title(t)) for t in ("Murrelet-MT:", "Ibbotrans:")])
    C["TS04"] = lambda: expect_eq(sorted((max(g("g4").valid_years(r["paper"])), g("g4").papers[r["paper"]]["title"])
                                         for r in dedup(g("g4").rows, "Marrowfen")),
                                  [(2018, "Marrowfen: Graph Features for Drivetrain Fault Diagnosis"),
                                   (2020, "Transferring Drivetrain Graph Models to Kelp Canopy Mapping"),
                                   (2025, "A Replication of Tidal Turbine Fault Detectors")])
    C["TS05"] = lambda: expect_set(models_beating(g("g1"), SK, "Mean IoU", "Orvalis-CNN"), {"Lumoria", "Sallowmere"})
    C["TS06"] = lambda: check_best(g("g2"), None, HO, "Accuracy", "Plumaro", 90.1) + "; " + \
        check_best(g("g2"), None, HO, "Accuracy", "Warbleon", 79.5, anchor=2019)
    C["TS07"] = lambda: check_best(g("g3"), None, QU, "BLEU", "Ibbotrans", 22.0) + "; " + \
        check_best(g("g3"), None, QU, "BLEU", "Murrelet-MT", 19.6, anchor=2022)
    C["TS08"] = lambda: check_best(g("g4"), None, SE, "F1", "Selkora", 88.5) + "; " + \
        check_best(g("g4"), None, SE, "F1", "Marrowfen", 78.4, anchor=2020)
    C["TS09"] = lambda: check_values(g("g2"), "Fennick-RNN", DA, W, [21.7], "clear")
    C["TS10"] = lambda: check_values(g("g2"), "Aviquist", VE, W, [6.8, 7.9], "close") + "; " + \
        check_values(g("g2"), "Corrasine", VE, W, [7.2], "single")
    C["TS11"] = lambda: check_values(g("g3"), "Murrelet-MT", MI, "chrF", [55.1, 51.0], "close") + "; " + \
        check_values(g("g3"), "Nerrisa", MI, "chrF", [53.4], "single")
    C["TS12"] = lambda: check_values(g("g2"), "Warbleon", HO, "Accuracy", [80.7, 79.5], "close")
    C["TS13"] = lambda: check_values(g("g1"), "KestrelNet", BM, "Accuracy", [74.1], "clear")
    C["TS14"] = lambda: check_values(g("g2"), "Syrinxa", HO, "Accuracy", [88.3], "clear") + \
        f"; papers for 88.3 {expect_eq(count_papers(g('g2'), 'Syrinxa', HO, 88.3), 5)}"
    C["TS15"] = lambda: check_values(g("g1"), "Orvalis-CNN", BM, "Accuracy", [80.2], "single") + \
        f"; papers {expect_eq(count_papers(g('g1'), 'Orvalis-CNN', BM, 80.2), 2)}"
    C["TS16"] = lambda: check_values(g("g4"), "Selkora", SE, "F1", [88.5], "single") + \
        f"; papers {expect_eq(count_papers(g('g4'), 'Selkora', SE, 88.5), 2)}"
    C["TS17"] = lambda: check_best(g("g1"), None, SK, "Mean IoU", "Lumoria", 61.5, anchor=2019) + "; naive min-year: " + \
        naive_best(g("g1"), SK, "Mean IoU", 2019)
    C["TS18"] = lambda: check_values(g("g1"), "KestrelNet", BM, "Accuracy", [78.9], "single", anchor=2016)
    C["TS19"] = lambda: check_best(g("g2"), None, DA, W, "Chirpform", 14.6, anchor=2018)
    C["TS20"] = lambda: check_best(g("g4"), None, KW, "Mean IoU", "Fucusnet", 47.5, anchor=2018) + "; naive min-year: " + \
        naive_best(g("g4"), KW, "Mean IoU", 2018)
    C["TS21"] = lambda: check_best(g("g1"), None, BM, "Accuracy", "Tavrosa", 86.1, anchor=2020) + "; " + \
        check_values(g("g1"), "Tavrosa", BM, "Accuracy", [86.1], "single", anchor=2020)
    C["TS22"] = lambda: expect_eq(g("g4").valid_years(g("g4").paper_by_title("Selkora:")), [2021])
    C["TS23"] = lambda: check_best(g("g4"), None, KW, "Mean IoU", "Driftmere", 63.0) + "; Driftmere years " + \
        str(g("g4").valid_years(g("g4").paper_by_title("Driftmere")))
    C["TS24"] = lambda: expect_eq(g("g4").valid_years(g("g4").paper_by_title("Tidewick")), [2017, 2019])
    C["TS25"] = lambda: expect_eq(board(g("g1"), BM, "Accuracy", anchor=2010), [])
    C["TS26"] = lambda: check_paper_value(g("g1"), "PimbraFormer:", "PimbraFormer", CI, "F1", 88.4) + "; " + \
        check_paper_value(g("g1"), "Quillon-XL:", "Quillon-XL", CI, "F1", 89.9)
    C["TS27"] = lambda: check_absent_words(g("g2"), "\\bbat\\b", "echolocation")
    C["TS28"] = lambda: check_paper_value(g("g3"), "Ostrada-T:", "Ostrada-T", OR, "BLEU", 31.9) + "; " + \
        check_paper_value(g("g3"), "Murrelet-MT:", "Murrelet-MT", OR, "BLEU", 34.2)
    C["TS29"] = lambda: expect_eq([r["value"] for r in g("g3").rows if r["model"] == "Ostrada-T" and r["dataset"] == MI], ["-"])
    C["TS30"] = lambda: check_absent_pair(g("g4"), "Selkora", KW)
    return C


def dedup(rows, model):
    seen, out = set(), []
    for r in rows:
        if r["model"] == model and r["paper"] not in seen:
            seen.add(r["paper"])
            out.append(r)
    return out


def count_papers(g, model, dataset, value):
    return len({r["paper"] for r in g.rows if r["model"] == model and r["dataset"] == dataset and parse_value(r["value"]) == value})


def expect_eq(a, b):
    assert a == b, f"{a!r} != {b!r}"
    return repr(a)


def expect_set(a, b):
    assert a == b, f"{a!r} != {b!r}"
    return repr(sorted(a))


def newest_result(g, dataset, metric, want=None):
    """The model that appeared last on the board (year of its first dated result there)."""
    first = {}
    for r in g.rows:
        if r["dataset"] == dataset and r["metric"] == metric:
            ys = g.valid_years(r["paper"])
            if ys:
                y = min(ys)
                if r["model"] not in first or y < first[r["model"]][0]:
                    first[r["model"]] = (y, r["value"])
    order = sorted(((y, m, v) for m, (y, v) in first.items()), reverse=True)
    assert len(order) < 2 or order[0][0] > order[1][0], ("tie for newest model", order[:2])
    if want:
        assert order[0][1] == want, order[0]
    return f"newest model {order[0]}"


def published_in(g, dataset, metric, year, want):
    rows = [(parse_value(r["value"]), r["model"]) for r in g.rows
            if r["dataset"] == dataset and r["metric"] == metric and year in g.valid_years(r["paper"])]
    rows.sort(reverse=metric not in LOWER_BETTER)
    assert rows and rows[0][1] == want, rows
    return f"{rows[0][1]} {fmt(rows[0][0])}"


def naive_best(g, dataset, metric, anchor):
    """What a careless system says: minimum raw P29 as the year, no conflict removal."""
    rows = []
    for r in g.rows:
        v = parse_value(r["value"])
        if r["dataset"] != dataset or r["metric"] != metric or v is None:
            continue
        ys = g.papers[r["paper"]]["years"]
        if anchor is not None and (not ys or min(ys) > anchor):
            continue
        rows.append((v, r["model"]))
    rows.sort(reverse=metric not in LOWER_BETTER)
    return f"{rows[0][1]} {fmt(rows[0][0])}"


def topic_newest(g, problem, want):
    dated, undated = newest_topic_paper(g, problem)
    assert want in dated[0][1], dated
    return f"newest dated {dated[0]}; undated/dirty {undated}"


# ---- shape invariants ------------------------------------------------------------------------
SHAPE = PREFIXES + """
SELECT ?what (COUNT(*) AS ?n) WHERE {
  { ?x a orkgc:Paper . FILTER NOT EXISTS { ?x orkgp:P31 ?c } BIND("paper without contribution" AS ?what) }
  UNION { ?x a orkgc:Paper . FILTER NOT EXISTS { ?x orkgp:P30 ?f } BIND("paper without field" AS ?what) }
  UNION { ?x a orkgc:Contribution . FILTER NOT EXISTS { ?x orkgp:P32 ?p } BIND("contribution without problem" AS ?what) }
  UNION { ?x orkgp:HAS_BENCHMARK ?b . FILTER NOT EXISTS { ?x orkgp:HAS_MODEL ?m } BIND("benchmark without model" AS ?what) }
  UNION { ?b a orkgc:Benchmark . FILTER NOT EXISTS { ?b orkgp:HAS_DATASET ?d } BIND("benchmark without dataset" AS ?what) }
  UNION { ?e a orkgc:Evaluation . FILTER NOT EXISTS { ?e orkgp:HAS_VALUE ?v } BIND("evaluation without value" AS ?what) }
  UNION { ?e orkgp:HAS_VALUE ?v . FILTER(DATATYPE(?v) != xsd:string) BIND("value not xsd:string" AS ?what) }
  UNION { ?p orkgp:P29 ?y . FILTER(DATATYPE(?y) != xsd:integer) BIND("year not xsd:integer" AS ?what) }
  UNION { ?x a ?c . FILTER(?c != orkgc:Resource) FILTER NOT EXISTS { ?x a orkgc:Resource } BIND("missing orkgc:Resource" AS ?what) }
  UNION { ?x orkgp:P31 ?c . FILTER(!STRSTARTS(STR(?x), "http://orkg.org/orkg/resource/R96")) BIND("IRI outside R96" AS ?what) }
} GROUP BY ?what"""


def main():
    fails = 0
    graphs = {}
    total_papers = 0
    for k in ("g1", "g2", "g3", "g4"):
        gr = G(k + ".ttl")
        graphs[gr.name] = gr
        bad = gr.sel(SHAPE)
        n = len(gr.papers)
        total_papers += n
        print(f"{gr.name}: parses (rdflib {gr.rdflib_triples} triples, oxigraph {len(gr.store)}), {n} papers, "
              f"{len(gr.rows)} result rows; shape violations: {bad or 'none'}")
        if bad or gr.rdflib_triples != len(gr.store):
            fails += 1
    print(f"papers in total: {total_papers}")
    # invented names must not collide across graphs
    labels = {}
    for gr in graphs.values():
        for r in gr.sel(Q_LABELS):
            if r["cls"].endswith(("Dataset", "Model")):
                labels.setdefault(r["label"], set()).add(gr.name)
    dup = {l: s for l, s in labels.items() if len(s) > 1}
    print("dataset/model labels shared between graphs:", dup or "none")

    checks = run_checks(graphs)
    seen = set()
    counts = {}
    for fname in ("trust-dev.jsonl", "trust-sealed.jsonl"):
        qs = [json.loads(l) for l in open(os.path.join(HERE, fname))]
        print(f"\n== {fname}: {len(qs)} questions")
        for q in qs:
            seen.add(q["id"])
            counts.setdefault(fname, {}).setdefault(q["mechanism"], 0)
            counts[fname][q["mechanism"]] += 1
            gr = graphs[q["graph"]]
            try:
                assert set(q) == {"id", "graph", "question", "query_type", "mechanism", "expected", "verdict",
                                  "must_remove", "must_keep", "notes"}, sorted(q)
                assert q["query_type"] in {"topic_search", "method_comparison", "dataset_search", "claim_verification",
                                           "method_usage", "paper_lookup"}
                assert q["mechanism"] in {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
                assert q["verdict"] in {"SUPPORTED", "REFUTED", "UNCERTAIN", None}
                assert (q["verdict"] is not None) == (q["query_type"] == "claim_verification"), "verdict iff claim"
                if q["mechanism"] == "gate" and not q["expected"]:
                    assert q["verdict"] in (None, "UNCERTAIN")
                anchor = anchor_of(q)
                for f in q["must_keep"] + q["must_remove"]:
                    assert FACT_RE.match(f), f"bad fact {f}"
                    assert fact_exists(gr, f), f"fact not in graph: {f}"
                for f in q["must_keep"]:
                    m, v, d, mt = FACT_RE.match(f).groups()
                    keep, _, _ = surviving(gr, m, d, mt, anchor)
                    assert float(v) in keep, f"must_keep fact does not survive (anchor {anchor}): {f}"
                for f in q["must_remove"]:
                    m, v, d, mt = FACT_RE.match(f).groups()
                    keep, _, _ = surviving(gr, m, d, mt, anchor)
                    b = board(gr, d, mt, anchor)
                    is_best = bool(b) and b[0][1] == m and b[0][0] == float(v)
                    assert float(v) not in keep or not is_best, f"must_remove fact is the surviving best: {f}"
                # every expected string is somewhere in the graph's text (labels, values, years, DOIs)
                for e in q["expected"]:
                    assert e in graph_text(gr), f"expected string {e!r} not in the graph"
                msg = checks[q["id"]]()
                print(f"  ok   {q['id']} [{q['mechanism']}] {msg}")
            except AssertionError as ex:
                fails += 1
                print(f"  FAIL {q['id']} [{q['mechanism']}] {ex}")
    missing = set(checks) - seen
    if missing:
        print("checks without questions:", sorted(missing))
        fails += 1
    print("\nmechanism counts:", json.dumps(counts, indent=1))
    print("\nFAILURES:", fails)
    sys.exit(1 if fails else 0)


_TEXT = {}


def graph_text(g):
    if g.name not in _TEXT:
        parts = [r["value"] for r in g.rows] + [r["label"] for r in g.sel(Q_LABELS)]
        for p in g.papers.values():
            parts += [p["title"]] + [str(y) for y in p["years"]] + p["dois"]
        # values also in their cleaned form ("91.2%" -> "91.2")
        parts += [fmt(parse_value(r["value"])) for r in g.rows if parse_value(r["value"]) is not None]
        _TEXT[g.name] = "\n".join(parts)
    return _TEXT[g.name]


if __name__ == "__main__":
    main()
