#!/usr/bin/env python3
"""check54.py: re-derives every answer of trust-dev54.jsonl (VD01-VD20) from the trust fixture graphs.

Own rdflib code, one computer per question (vd01 ... vd20). Every computer is run under every reading the
public rules leave open: the current year 2025-2030 (and TRUST_NOW if set; an empty TRUST_NOW is unset),
newest or mean paper age, absolute / relative / share difference of the weights, an undated paper counted
or not on an unanchored board, and each year of a paper with two real years. A computer must give the same
answer under all of them; meeting a detail the rules leave open (an undated paper inside a conflict, a weight
difference exactly at 0.30, a tie at the top, a conflict of three values) is a failure.

It also checks the fields and their order (from trust-dev.jsonl's first line), ids, graphs, enums, verdicts
on claims only, expected strings against the graph, facts, must_keep surviving and must_remove removed (or
outside the anchor) at each question's anchor, the careless answer against the right one, README54.md's
first line and "Counts" tables, and the Jaccard bound against trust-dev.jsonl. As a second opinion it
imports check.py from the trust folder (not read) and compares check.surviving with its own values.

    python3 check54.py                      # ends with FAILURES: N (exit status 1 when N > 0)
    VD_FILE=/path/to/copy python3 check54.py
"""
import sys

sys.dont_write_bytecode = True

import itertools
import json
import math
import os
import re

import rdflib
from rdflib.namespace import RDF, RDFS

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = "/work/main/eval/gold/trust"
FILE = os.environ.get("VD_FILE") or os.path.join(HERE, "trust-dev54.jsonl")
README = os.path.join(HERE, "README54.md")
FIRST = os.path.join(TRUST, "trust-dev.jsonl")

_env_now = os.environ.get("TRUST_NOW")
if _env_now is not None and _env_now.strip() == "":
    del os.environ["TRUST_NOW"]          # an empty TRUST_NOW is unset (also for the imported check.py)
    _env_now = None
NOWS = sorted(set(range(2025, 2031)) | ({int(_env_now)} if _env_now else set()))

LAMBDA, THRESH = 0.08, 0.30
LOWER_BETTER = {"Word Error Rate"}
QUERY_TYPES = ["topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage",
               "paper_lookup"]
MECHANISMS = ["recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"]
VERDICTS = ["SUPPORTED", "REFUTED", "UNCERTAIN"]
GRAPHS = ["g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"]

P = rdflib.Namespace("http://orkg.org/orkg/predicate/")
C = rdflib.Namespace("http://orkg.org/orkg/class/")


class Open(Exception):
    """The computation met a detail the public rules leave open."""


class Premise(Exception):
    """A premise the question or its notes rely on does not hold in the graph."""


def require(cond, msg):
    if not cond:
        raise Premise(msg)


def clean(raw):
    """'91.2%' -> '91.2', '27.3 ' -> '27.3', '-' -> None (not a score)."""
    s = raw.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    if s in ("", "-"):
        return None
    float(s)
    return s


# ------------------------------------------------------------------------------------------------ graph
class Graph:
    def __init__(self, name):
        g = rdflib.Graph()
        g.parse(os.path.join(TRUST, name), format="turtle")
        self.name = name

        def lab(n):
            v = g.value(n, RDFS.label)
            return None if v is None else str(v)

        self.labels = set()
        for cls in ("Model", "Dataset", "Metric", "Problem", "ResearchField"):
            for n in g.subjects(RDF.type, C[cls]):
                self.labels.add(lab(n))
        self.papers = {}
        self.rows = []
        for p in g.subjects(RDF.type, C.Paper):
            title = lab(p)
            assert title not in self.papers, title
            p29 = sorted(int(o) for o in g.objects(p, P.P29))
            self.papers[title] = dict(
                title=title, p29=p29, years=[y for y in p29 if y > 12], months=[y for y in p29 if 1 <= y <= 12],
                dois=sorted(str(o) for o in g.objects(p, P.P26)))
            for c in g.objects(p, P.P31):
                m = g.value(c, P.HAS_MODEL)
                model = lab(m) if m is not None else None
                problems = sorted(lab(x) for x in g.objects(c, P.P32))
                used = sorted(lab(x) for x in g.objects(c, P.P2005))
                for b in g.objects(c, P.HAS_BENCHMARK):
                    ds = lab(g.value(b, P.HAS_DATASET))
                    for e in g.objects(b, P.HAS_EVALUATION):
                        raw = str(g.value(e, P.HAS_VALUE))
                        self.rows.append(dict(model=model, dataset=ds, metric=lab(g.value(e, P.HAS_METRIC)),
                                              raw=raw, clean=clean(raw), paper=title, problems=problems,
                                              used=used))
        self.two_years = sorted(t for t, p in self.papers.items() if len(p["years"]) > 1)

    def sel(self, model=None, dataset=None, metric=None):
        return [r for r in self.rows if (model is None or r["model"] == model)
                and (dataset is None or r["dataset"] == dataset) and (metric is None or r["metric"] == metric)]

    def own_paper(self, model):
        ts = [t for t in self.papers if t.startswith(model + ":")]
        require(len(ts) == 1, f"{model} has one own paper")
        return ts[0]

    def valid_strings(self):
        s = set(self.labels) | set(self.papers)
        for p in self.papers.values():
            s |= set(p["dois"]) | {str(y) for y in p["years"]}
        s |= {r["clean"] for r in self.rows if r["clean"] is not None}
        return s


# ---------------------------------------------------------------------------------------------- readings
class Reading:
    def __init__(self, now, rec, diff, undated, pick, cyear=False):
        self.now, self.rec, self.diff, self.undated, self.pick, self.cyear = now, rec, diff, undated, pick, cyear

    def but(self, **kw):
        d = dict(now=self.now, rec=self.rec, diff=self.diff, undated=self.undated, pick=self.pick,
                 cyear=self.cyear)
        d.update(kw)
        return Reading(**d)

    def year(self, G, title):
        p = G.papers[title]
        if self.cyear:                       # the careless reading: the smallest P29, month or not
            return min(p["p29"]) if p["p29"] else None
        if not p["years"]:
            return None
        if len(p["years"]) == 1:
            return p["years"][0]
        return self.pick[title]

    def __repr__(self):
        return f"now={self.now} {self.rec}/{self.diff} undated={self.undated} pick={self.pick}"


def readings(G, nows=None):
    for now in (nows or NOWS):
        for rec in ("newest", "mean"):
            for diff in ("abs", "rel", "share"):
                for und in ("in", "out"):
                    for combo in itertools.product(*[G.papers[t]["years"] for t in G.two_years]):
                        yield Reading(now, rec, diff, und, dict(zip(G.two_years, combo)))


def picks(G, R):
    """R under each year of every paper with two real years."""
    for combo in itertools.product(*[G.papers[t]["years"] for t in G.two_years]):
        yield R.but(pick=dict(zip(G.two_years, combo)))


def in_scope(G, R, title, anchor):
    y = R.year(G, title)
    if anchor is None:
        return y is not None or R.undated == "in"
    return y is not None and y <= anchor


def weight(G, R, titles, ref):
    ys = [R.year(G, t) for t in titles]
    if any(y is None for y in ys):
        raise Open("an undated paper inside a conflict")
    age = ref - max(ys) if R.rec == "newest" else ref - sum(ys) / len(ys)
    return math.exp(-LAMBDA * age) * (1 + 0.8 * math.log(1 + len(ys)))


def differ(R, a, b):
    d = abs(a - b)
    if R.diff == "rel":
        d /= max(a, b)
    elif R.diff == "share":
        d /= (a + b)
    if abs(d - THRESH) < 1e-9:
        raise Open("a weight difference exactly at the threshold")
    return d > THRESH


def values_in_scope(G, R, model, dataset, metric, anchor):
    vals = {}
    for r in G.sel(model, dataset, metric):
        if r["clean"] is None or not in_scope(G, R, r["paper"], anchor):
            continue
        vals.setdefault(r["clean"], set()).add(r["paper"])
    return vals


def surviving(G, R, model, dataset, metric, anchor=None):
    """The values of (model, dataset, metric) left after the conflict rule, among the papers in scope."""
    vals = values_in_scope(G, R, model, dataset, metric, anchor)
    if len(vals) <= 1:
        return frozenset(vals)
    if len(vals) > 2:
        raise Open("a conflict of more than two values")
    ref = anchor if anchor is not None else R.now
    w = {v: weight(G, R, ps, ref) for v, ps in vals.items()}
    top = max(w.values())
    return frozenset(v for v in w if not differ(R, top, w[v]))


def board(G, R, dataset, metric, anchor=None):
    out = {}
    for m in sorted({r["model"] for r in G.sel(None, dataset, metric) if r["model"]}):
        s = surviving(G, R, m, dataset, metric, anchor)
        if s:
            out[m] = s
    return out


def better(metric, a, b):
    return float(a) < float(b) if metric in LOWER_BETTER else float(a) > float(b)


def value_readings(bd):
    ms = sorted(bd)
    for combo in itertools.product(*[sorted(bd[m]) for m in ms]):
        yield dict(zip(ms, combo))


def top_of(vr, metric):
    require(vr, "a board with results")
    best = None
    for m, v in vr.items():
        if best is None or better(metric, v, vr[best]):
            best = m
    ties = [m for m, v in vr.items() if m != best and float(v) == float(vr[best])]
    if ties:
        raise Open("a tie at the top")
    return best, vr[best]


def lead1(G, R, dataset, metric, anchor=None):
    """The one (model, value) that leads under every value reading."""
    tops = {top_of(vr, metric) for vr in value_readings(board(G, R, dataset, metric, anchor))}
    require(len(tops) == 1, f"one leader on {dataset} at {anchor} (got {sorted(tops)})")
    return next(iter(tops))


def claim_leads(bd, metric, x):
    """SUPPORTED if x leads under every value reading, REFUTED under none, else UNCERTAIN.
    A model with no result at the anchor did not lead (README53's rule, the first file's TD21)."""
    if x not in bd:
        return "REFUTED"
    res = {top_of(vr, metric)[0] == x for vr in value_readings(bd)}
    return "SUPPORTED" if res == {True} else "REFUTED" if res == {False} else "UNCERTAIN"


def removed_facts(G, R, dataset, metric, anchor=None, model=None):
    """Facts in scope that the conflict rule removes."""
    out = set()
    for r in G.sel(model, dataset, metric):
        if r["clean"] is None or not r["model"] or not in_scope(G, R, r["paper"], anchor):
            continue
        if r["clean"] not in surviving(G, R, r["model"], dataset, metric, anchor):
            out.add(F(r["model"], r["clean"], dataset, metric))
    return out


def outside_facts(G, R, dataset, metric, anchor):
    """Facts stated by no paper inside the anchor (after it, or undated under it)."""
    out = set()
    for r in G.sel(None, dataset, metric):
        if r["clean"] is None or not r["model"]:
            continue
        if not values_in_scope(G, R, r["model"], dataset, metric, anchor).get(r["clean"]):
            out.add(F(r["model"], r["clean"], dataset, metric))
    return out


def first_year(G, R, model, dataset, metric, anchor=None):
    ys = [R.year(G, r["paper"]) for r in G.sel(model, dataset, metric)
          if r["clean"] is not None and in_scope(G, R, r["paper"], anchor)]
    if any(y is None for y in ys):
        raise Open("an undated paper when ordering by date")
    return min(ys) if ys else None


def newest_model(G, R, dataset, metric, anchor=None):
    """The model whose first result on the board is strictly the most recent."""
    fy = {m: first_year(G, R, m, dataset, metric, anchor) for m in board(G, R, dataset, metric, anchor)}
    top = max(fy.values())
    ms = [m for m, y in fy.items() if y == top]
    require(len(ms) == 1, f"one newest model on {dataset}")
    return ms[0]


def only(s):
    s = list(s)
    require(len(s) == 1, f"one value (got {sorted(s)})")
    return s[0]


def F(m, v, d, met):
    return f"{m} scores {v} on {d} by {met}"


FACT_RE = re.compile(r"^(?P<m>.+?) scores (?P<v>\S+) on (?P<d>.+) by (?P<met>[^ ].*)$")


def ans(expected, keep, remove, right, careless, verdict=None, anchor=None):
    return dict(expected=sorted(expected), verdict=verdict, keep=sorted(set(keep)), remove=sorted(set(remove)),
                right=right, careless=careless, anchor=anchor)


# --------------------------------------------------------------------------------------------- g1 computers
def vd01(G, R):
    d, met = "BenchMira", "Accuracy"
    m, v = lead1(G, R, d, met)
    old = {}
    for a in (2018, 2019):
        old[a] = lead1(G, R, d, met, a)
        require(old[a][0] == "PimbraFormer", f"PimbraFormer led BenchMira as of {a}")
    pm, pv = old[2019]
    require(m != pm, "PimbraFormer no longer leads")
    return ans([m, v], [F(m, v, d, met), F(pm, pv, d, met)], [], [m, v], [pm, pv])


def vd02(G, R):
    d, met = "Corvalla-Ice", "F1"
    nm = newest_model(G, R, d, met)
    require(nm == "Wendrel-S", "Wendrel-S is the most recent model on Corvalla-Ice")
    m, v = lead1(G, R, d, met)
    nv = only(surviving(G, R, nm, d, met))
    return ans([m, v, nv], [F(m, v, d, met), F(nm, nv, d, met)], removed_facts(G, R, d, met), [m, v], [nm, nv])


def vd03(G, R):
    d, met, x = "Corvalla-Ice", "F1", "Orvalis-CNN"
    require(any(r["clean"] == "97.0" and r["paper"].startswith("Brackwater-UNet:") for r in G.sel(x, d, met)),
            "the Brackwater-UNet paper prints Orvalis-CNN's 97.0")
    bd = board(G, R, d, met)
    verdict = claim_leads(bd, met, x)
    m, v = lead1(G, R, d, met)
    raw = {}
    for r in G.sel(None, d, met):            # careless: every stated value kept, no conflict rule
        if r["clean"] is not None:
            raw.setdefault(r["model"], set()).add(r["clean"])
    careless = "SUPPORTED" if max(raw, key=lambda k: max(float(t) for t in raw[k])) == x else "REFUTED"
    xs = sorted(bd[x])
    return ans(xs + [m, v], [F(x, t, d, met) for t in xs] + [F(m, v, d, met)], removed_facts(G, R, d, met, model=x),
               verdict, careless, verdict=verdict)


def vd04(G, R):
    d, met, x = "BenchMira", "Accuracy", "Tavrosa"
    own = G.own_paper(x)
    rows = G.sel(x, d, met)
    require({r["clean"] for r in rows if r["paper"] == own} == {"86.1"}, "Tavrosa's own paper says 86.1")
    require({r["clean"] for r in rows if r["paper"].startswith("Quillon-XL:")} == {"85.4"},
            "the Quillon-XL paper says 85.4")
    s = sorted(surviving(G, R, x, d, met))
    newest = max(rows, key=lambda r: R.year(G, r["paper"]))["clean"]   # careless: the newer value as the fix
    return ans(s, [F(x, t, d, met) for t in s], removed_facts(G, R, d, met, model=x), s, [newest])


def vd05(G, R):
    d, met, x, A = "Skarnhold Glacier Set", "Mean IoU", "Sallowmere", 2019           # "before 2020"
    own = G.papers[G.own_paper(x)]
    require(own["months"] == [4] and own["years"] == [2020], "Sallowmere's paper carries 2020 and a 4")
    verdict = claim_leads(board(G, R, d, met, A), met, x)
    m, v = lead1(G, R, d, met, A)
    careless = claim_leads(board(G, R.but(cyear=True), d, met, A), met, x)
    return ans([m, v] + [str(y) for y in own["years"]], [F(m, v, d, met)],
               outside_facts(G, R, d, met, A) | removed_facts(G, R, d, met, A), verdict, careless,
               verdict=verdict, anchor=A)


# --------------------------------------------------------------------------------------------- g2 computers
def vd06(G, R):
    d, met, x = "Hollenby Marsh Calls", "Accuracy", "Syrinxa"
    require(any(r["clean"] == "93.8" and r["paper"].startswith("A Field Guide Benchmark") for r in G.sel(x, d, met)),
            "the field-guide benchmark gives Syrinxa 93.8")
    s = sorted(surviving(G, R, x, d, met))
    m, v = lead1(G, R, d, met)
    require((m, v) == ("Plumaro", "90.1"), "Plumaro 90.1 leads Hollenby Marsh Calls (the notes say so)")
    careless = max((r["clean"] for r in G.sel(x, d, met) if r["clean"]), key=float)
    return ans(s, [F(x, t, d, met) for t in s], removed_facts(G, R, d, met, model=x), s, [careless])


def vd07(G, R):
    d, met, a, b = "Dastrup-7 Chorus", "Word Error Rate", "Chirpform", "Plumaro"
    va, vb = only(surviving(G, R, a, d, met)), only(surviving(G, R, b, d, met))
    require((va, vb) == ("14.6", "8.1"), "the numbers the asker quotes are the graph's")
    verdict = "SUPPORTED" if better(met, va, vb) else "REFUTED"
    careless = "SUPPORTED" if float(va) > float(vb) else "REFUTED"     # the bigger WER read as better
    return ans([va, vb], [F(a, va, d, met), F(b, vb, d, met)], [], verdict, careless, verdict=verdict)


def vd08(G, R):
    d, met, x = "Dastrup-7 Chorus", "Word Error Rate", "Fennick-RNN"
    own = G.own_paper(x)
    ov = only({r["clean"] for r in G.sel(x, d, met) if r["paper"] == own})
    require(ov == "18.2", "Fennick-RNN's own paper says 18.2")
    require(any(r["clean"] == "21.7" and R.year(G, r["paper"]) == 2023 for r in G.sel(x, d, met)),
            "a 2023 reproduction says 21.7")
    s = sorted(surviving(G, R, x, d, met))
    return ans(s, [F(x, t, d, met) for t in s], removed_facts(G, R, d, met, model=x), s, [ov])


def vd09(G, R):
    d, met, a, b = "Veltmoor Dawn Set", "Word Error Rate", "Aviquist", "Corrasine"
    sa, sb = surviving(G, R, a, d, met), surviving(G, R, b, d, met)
    res = {better(met, x, y) for x in sa for y in sb}
    verdict = "SUPPORTED" if res == {True} else "REFUTED" if res == {False} else "UNCERTAIN"
    own = G.own_paper(a)
    ov = only({r["clean"] for r in G.sel(a, d, met) if r["paper"] == own})
    require(ov == "6.8" and sb == {"7.2"}, "Aviquist's own paper gives 6.8, Corrasine has 7.2")
    careless = "SUPPORTED" if all(better(met, ov, y) for y in sb) else "REFUTED"
    return ans(sorted(sa) + sorted(sb), [F(a, t, d, met) for t in sa] + [F(b, t, d, met) for t in sb], [],
               verdict, careless, verdict=verdict)


def vd10(G, R):
    d, met, x = "Dastrup-7 Chorus", "Word Error Rate", "Plumaro"
    bd = board(G, R, d, met)
    require(bd.get(x) == {"8.1"}, "Plumaro's value is 8.1")
    verdict = claim_leads(bd, met, x)
    rows = [r for r in G.sel(None, d, met) if r["clean"] is not None]
    ys = [R.year(G, r["paper"]) for r in rows]
    newest = [r for r, y in zip(rows, ys) if y == max(ys)]
    require(len(newest) == 1 and newest[0]["model"] == "Corrasine", "Corrasine's result is the newest, alone")
    require(max(ys) == first_year(G, R, x, d, met) + 1, "a year newer than Plumaro's")
    nm, nv = newest[0]["model"], newest[0]["clean"]
    careless = "SUPPORTED" if nm == x else "REFUTED"                      # the newest result taken as the best
    return ans(["8.1", nv], [F(x, "8.1", d, met), F(nm, nv, d, met)], [], verdict, careless, verdict=verdict)


# --------------------------------------------------------------------------------------------- g3 computers
def vd11(G, R):
    d, met, x = "Orrenby Parallel Corpus", "BLEU", "Gannetron"
    own = G.own_paper(x)
    ov = only({r["clean"] for r in G.sel(x, d, met) if r["paper"] == own})
    require(ov == "21.5", "Gannetron's own paper says 21.5")
    s = sorted(surviving(G, R, x, d, met))
    titles = sorted({r["paper"] for r in G.sel(x, d, met) if r["clean"] in s})
    return ans(s + titles, [F(x, t, d, met) for t in s], removed_facts(G, R, d, met, model=x), s, [ov])


def vd12(G, R):
    d, met = "Orrenby Parallel Corpus", "BLEU"
    m, v = lead1(G, R, d, met)
    smax = max((r for r in G.sel(None, d, met)), key=lambda r: r["raw"])   # SPARQL MAX over the strings
    require(smax["model"] == "Lexmarrow" and smax["raw"] == "9.8", "a string MAX gives Lexmarrow's 9.8")
    return ans([m, v], [F(m, v, d, met)], [], [m, v], [smax["model"], smax["clean"]])


def vd13(G, R):
    d, met, x = "Mirelle Subtitles", "chrF", "Murrelet-MT"
    own = G.own_paper(x)
    ov = only({r["clean"] for r in G.sel(x, d, met) if r["paper"] == own})
    require(ov == "55.1", "Murrelet-MT's own paper says 55.1")
    bd = board(G, R, d, met)
    verdict = claim_leads(bd, met, x)
    rivals = sorted({m for vr in value_readings(bd) for m in vr if m != x and better(met, vr[m], vr[x])})
    cbd = dict(bd)
    cbd[x] = {ov}
    careless = claim_leads(cbd, met, x)                                   # the own paper's value alone
    exp = sorted(bd[x]) + [v for m in rivals for v in sorted(bd[m])]
    keep = [F(x, t, d, met) for t in bd[x]] + [F(m, v, d, met) for m in rivals for v in bd[m]]
    return ans(exp, keep, [], verdict, careless, verdict=verdict)


def vd14(G, R):
    d, met, x, A = "Orrenby Parallel Corpus", "BLEU", "Murrelet-MT", 2023
    bd = board(G, R, d, met, A)
    verdict = claim_leads(bd, met, x)
    nm = newest_model(G, R, d, met, A)
    require(nm == "Ibbotrans", "Ibbotrans is the newest model as of 2023")
    xv, nv = only(bd[x]), only(bd[nm])
    careless = "SUPPORTED" if nm == x else "REFUTED"                      # the newest taken as the best
    return ans([xv, nv], [F(x, xv, d, met), F(nm, nv, d, met)],
               outside_facts(G, R, d, met, A) | removed_facts(G, R, d, met, A), verdict, careless,
               verdict=verdict, anchor=A)


def vd15(G, R):
    x = "Ostrada-T"
    rows = G.sel(x)
    require(any(r["dataset"] == "Mirelle Subtitles" for r in rows if r["clean"] is None)
            and not any(r["dataset"] == "Mirelle Subtitles" for r in rows if r["clean"] is not None),
            "Ostrada-T's only Mirelle value is '-'")
    require(all("Mirelle Subtitles" in r["used"] for r in rows), "its paper lists Mirelle Subtitles")
    scored = sorted({(r["dataset"], r["metric"], v) for r in rows if r["clean"] is not None
                     for v in surviving(G, R, x, r["dataset"], r["metric"])})
    exp = [s[0] for s in scored] + [s[2] for s in scored]
    careless = sorted({r["dataset"] for r in rows})                       # the '-' read as a score
    return ans(exp, [F(x, v, d, met) for d, met, v in scored], [], sorted({s[0] for s in scored}), careless)


# --------------------------------------------------------------------------------------------- g4 computers
def vd16(G, R):
    d, met = "Sealbrook Turbine Logs", "F1"
    m, v = lead1(G, R, d, met)
    require(any(r["model"] == m and r["clean"] == v and r["paper"] == "A Replication of Tidal Turbine Fault Detectors"
                and R.year(G, r["paper"]) == 2025 for r in G.sel(m, d, met)),
            "the 2025 replication lists the leader's value")
    nm = newest_model(G, R, d, met)
    require(nm == "Undertow-GNN", "Undertow-GNN is the newest model")
    nv = only(surviving(G, R, nm, d, met))
    return ans([m, v, nv], [F(m, v, d, met), F(nm, nv, d, met)], [], [m, v], [nm, nv])


def vd17(G, R):
    d, met, x, A = "Sealbrook Turbine Logs", "F1", "Tidewick", 2017
    own = G.papers[G.own_paper(x)]
    require(len(own["years"]) == 2 and 2017 in own["years"], "the Tidewick paper carries two real years, 2017 one")
    verdicts, leaders, inscope, remove = set(), set(), [], None
    for Rp in picks(G, R):                    # decided only when every year of the paper agrees
        bd = board(G, Rp, d, met, A)
        verdicts.add(claim_leads(bd, met, x))
        m, v = lead1(G, Rp, d, met, A)
        leaders.add(F(m, v, d, met))
        inscope.append({F(mm, vv, d, met) for mm, vs in bd.items() for vv in vs})
        out = outside_facts(G, Rp, d, met, A) | removed_facts(G, Rp, d, met, A)
        remove = out if remove is None else remove & out
    keep = {f for f in leaders if all(f in s for s in inscope)}     # a leader under some year, in scope under all
    verdict = only(verdicts) if len(verdicts) == 1 else "UNCERTAIN"
    first = R.but(pick={**R.pick, G.own_paper(x): min(own["years"])})   # careless: the first year taken alone
    careless = claim_leads(board(G, first, d, met, A), met, x)
    require(claim_leads(board(G, R.but(cyear=True), d, met, A), met, x) == "REFUTED",
            "months read as years put Selkora (P29 11) before 2017 (the notes' other careless answer)")
    return ans([str(y) for y in own["years"]], keep, remove, verdict, careless, verdict=verdict, anchor=A)


def vd18(G, R):
    A, prob = 2024, "Kelp Canopy Mapping"
    boards = sorted({(r["dataset"], r["metric"]) for r in G.rows if prob in r["problems"] and r["clean"]})
    require(boards == [("Kelpwatch-Norrland", "Mean IoU")], "Kelp Canopy Mapping has one benchmark")
    d, met = boards[0]
    m, v = lead1(G, R, d, met, A)
    cm, cv = lead1(G, R.but(cyear=True), d, met, A)                       # the month read as a year
    return ans([d, m, v], [F(m, v, d, met)], outside_facts(G, R, d, met, A) | removed_facts(G, R, d, met, A),
               [m, v], [cm, cv], anchor=A)


def vd19(G, R):
    d, met, x = "Sealbrook Turbine Logs", "F1", "Marrowfen"
    for Rp in picks(G, R):
        for a in (2018, 2019, 2020):
            require(lead1(G, Rp, d, met, a)[0] == x, f"Marrowfen led Sealbrook as of {a} (either Tidewick year)")
    require(any(r["clean"] == "78.4" and R.year(G, r["paper"]) == 2025 for r in G.sel(x, d, met)),
            "the 2025 replication re-ran Marrowfen at 78.4")
    bd = board(G, R, d, met)
    ahead = sorted(m for m in bd if m != x and all(better(met, v, w) for v in bd[m] for w in bd[x]))
    require(all(len(bd[m]) == 1 for m in ahead), "one value each")
    exp = [m for m in ahead] + [only(bd[m]) for m in ahead]
    keep = [F(m, only(bd[m]), d, met) for m in ahead] + [F(x, v, d, met) for v in bd[x]]
    return ans(exp, keep, [], sorted(exp), sorted([x] + sorted(bd[x])))


def vd20(G, R):
    t = G.own_paper("Undertow-GNN")
    dois = G.papers[t]["dois"]
    require(len(dois) == 2, "two DOIs")
    return ans(dois, [], [], dois, dois[:1])


COMPUTERS = {f"VD{i:02d}": globals()[f"vd{i:02d}"] for i in range(1, 21)}


# ------------------------------------------------------------------------------------------------- checks
FAILS = []


def fail(qid, msg):
    FAILS.append((qid, msg))
    print(f"FAIL {qid}: {msg}")


def words(q):
    return {w.rstrip(".-'") for w in re.findall(r"[a-z0-9][a-z0-9.\-']*", q.lower())} - {""}


def jaccard(a, b):
    a, b = words(a), words(b)
    return len(a & b) / len(a | b)


def parse_counts(text):
    m = re.search(r"^## Counts\s*$(.*?)(?=^## )", text, re.S | re.M)
    if not m:
        return None
    tables, cur = {}, None
    for line in m.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.strip().startswith("|") else None
        if not cells:
            cur = None
            continue
        if cur is None:
            cur = cells[0]
            tables[cur] = {}
        elif set(cells[0]) <= set("-: "):
            continue
        else:
            tables[cur][cells[0].strip("*`")] = int(cells[1].strip("*"))
    return tables


def second_opinion(graphs, lines):
    """check.surviving (imported, not read) against this file's own surviving, at check.NOW."""
    try:
        sys.path.insert(0, TRUST)
        import check as chk
    except Exception as e:                                    # noqa: BLE001
        fail("--", f"cannot import check.py: {type(e).__name__}")
        return 0
    calls = 0
    for q in lines:
        G = graphs.get(q.get("graph"))
        if G is None:
            continue
        anchor = ANCHOR.get(q["id"])
        for f in q.get("must_keep", []) + q.get("must_remove", []):
            m = FACT_RE.match(f)
            if not m:
                continue
            mine = {frozenset(float(v) for v in surviving(G, R, m["m"], m["d"], m["met"], anchor))
                    for R in readings(G, [chk.NOW])}
            try:
                theirs = chk.surviving(chk.G(q["graph"]), m["m"], m["d"], m["met"], anchor)[0]
            except Exception as e:                            # noqa: BLE001
                fail(q["id"], f"check.surviving failed on {f!r}: {type(e).__name__}")
                continue
            calls += 1
            if len(mine) != 1 or {float(x) for x in theirs} != next(iter(mine)):
                fail(q["id"], f"check.surviving({m['m']}, {m['d']}, {m['met']}, {anchor}) = {sorted(theirs)}, "
                              f"mine = {[sorted(s) for s in mine]}")
    return calls


ANCHOR = {}


def main():
    graphs = {g: Graph(g) for g in GRAPHS}
    with open(FIRST) as fh:
        first = [json.loads(x) for x in fh if x.strip()]
    fields = list(first[0].keys())
    with open(FILE) as fh:
        lines = [json.loads(x) for x in fh if x.strip()]

    # ---- file-level checks
    ids = [q.get("id") for q in lines]
    want = [f"VD{i:02d}" for i in range(1, 21)]
    if ids != want:
        fail("--", f"ids are {ids}, want VD01..VD20 in order")
    if len(set(ids)) != len(ids):
        fail("--", "duplicate ids")
    qs = [q.get("question") for q in lines]
    if len(set(qs)) != len(qs):
        fail("--", "duplicate questions")
    claims = [q for q in lines if q.get("query_type") == "claim_verification"]
    if not 6 <= len(claims) <= 10:
        fail("--", f"{len(claims)} claims, want 6-10")
    for v in VERDICTS:
        if not any(q.get("verdict") == v for q in claims):
            fail("--", f"verdict {v} never used")

    # ---- README54
    try:
        with open(README) as fh:
            rd = fh.read()
    except OSError:
        rd = ""
        fail("--", "README54.md missing")
    if not re.match(r"^# trust-dev54\.jsonl: \S.* \(VD01–VD20\)\n", rd):
        fail("--", "README54.md's first line is not '# trust-dev54.jsonl: <angle> (VD01–VD20)'")
    tables = parse_counts(rd)
    counts = {
        "total": {"questions": len(lines), "claims": len(claims)},
        "verdict": {**{v: sum(q.get("verdict") == v for q in lines) for v in VERDICTS},
                    "null": sum(q.get("verdict") is None for q in lines)},
        "mechanism": {m: sum(q.get("mechanism") == m for q in lines) for m in MECHANISMS},
        "query type": {t: sum(q.get("query_type") == t for q in lines) for t in QUERY_TYPES},
        "graph": {g[:2]: sum(q.get("graph") == g for q in lines) for g in GRAPHS},
    }
    if tables is None:
        fail("--", "README54.md has no '## Counts' section")
    else:
        for name, want_counts in counts.items():
            got = tables.get(name)
            if got is None:
                fail("--", f"README54 Counts: no '{name}' table")
                continue
            extra = set(got) - set(want_counts)
            if extra:
                fail("--", f"README54 Counts '{name}': unknown rows {sorted(extra)}")
            for k, n in want_counts.items():
                if got.get(k, 0) != n:
                    fail("--", f"README54 Counts '{name}' row {k}: README says {got.get(k, 0)}, the file has {n}")

    # ---- per question
    for i, q in enumerate(lines):
        qid = q.get("id", f"line{i + 1}")
        before = len(FAILS)
        if list(q.keys()) != fields:
            fail(qid, f"fields {list(q.keys())} differ from trust-dev.jsonl's {fields}")
        g = want_graph = GRAPHS[i // 5] if i < 20 else None
        if q.get("graph") != want_graph:
            fail(qid, f"graph {q.get('graph')!r}, want {want_graph!r} (five per graph)")
        if q.get("query_type") not in QUERY_TYPES:
            fail(qid, f"query_type {q.get('query_type')!r} not in the enum")
        if q.get("mechanism") not in MECHANISMS:
            fail(qid, f"mechanism {q.get('mechanism')!r} not in the enum")
        isclaim = q.get("query_type") == "claim_verification"
        if isclaim and q.get("verdict") not in VERDICTS:
            fail(qid, f"claim without a valid verdict ({q.get('verdict')!r})")
        if not isclaim and q.get("verdict") is not None:
            fail(qid, f"verdict {q.get('verdict')!r} on a question of type {q.get('query_type')} (not a claim)")
        for t in first:
            j = jaccard(q.get("question", ""), t["question"])
            if j > 0.6:
                fail(qid, f"Jaccard {j:.2f} with {t['id']} (bound 0.6)")
        G = graphs.get(q.get("graph")) or graphs[g or "g1.ttl"]
        valid = G.valid_strings()
        for e in q.get("expected", []):
            if e not in valid:
                fail(qid, f"expected string {e!r} is not a label, title, DOI, valid year or clean value of {G.name}")
        for f in q.get("must_keep", []) + q.get("must_remove", []):
            m = FACT_RE.match(f)
            if not m or not any(r["model"] == m["m"] and r["clean"] == m["v"] for r in G.sel(None, m["d"], m["met"])):
                fail(qid, f"fact {f!r} does not exist in {G.name} (with V clean)")
        notes = q.get("notes", "")
        if "Right answer" not in notes:
            fail(qid, "notes do not give the 'Right answer'")
        if "Careless answer" not in notes:
            fail(qid, "notes do not name the careless answer ('Careless answer' missing)")

        comp = COMPUTERS.get(qid)
        if comp is None:
            fail(qid, "no computer for this id")
            continue
        results, problems = {}, set()
        GC = graphs[want_graph] if want_graph else G      # the computer runs on the graph this id belongs to
        for R in readings(GC):
            try:
                res = comp(GC, R)
            except (Open, Premise) as e:
                problems.add(f"{type(e).__name__.lower()}: {e}")
                continue
            except Exception as e:                            # noqa: BLE001
                problems.add(f"computer error: {type(e).__name__}: {e}")
                continue
            results.setdefault(json.dumps(res, sort_keys=True), []).append(R)
        for p in sorted(problems):
            fail(qid, p)
        if len(results) != 1:
            if results:
                fail(qid, f"the answer differs across readings ({len(results)} answers)")
            continue
        res = json.loads(next(iter(results)))
        ANCHOR[qid] = res["anchor"]
        if sorted(q.get("expected", [])) != res["expected"]:
            fail(qid, f"expected is {sorted(q.get('expected', []))}, the graph gives {res['expected']}")
        if q.get("verdict") != res["verdict"]:
            fail(qid, f"verdict is {q.get('verdict')!r}, the graph gives {res['verdict']!r}")
        if sorted(q.get("must_keep", [])) != res["keep"]:
            fail(qid, f"must_keep is {sorted(q.get('must_keep', []))}, the graph gives {res['keep']}")
        if sorted(q.get("must_remove", [])) != res["remove"]:
            fail(qid, f"must_remove is {sorted(q.get('must_remove', []))}, the graph gives {res['remove']}")
        # careless answer: differs from the right one and is named after "Careless answer" in the notes
        if res["careless"] == res["right"] or (isinstance(res["right"], str) and res["careless"] == q.get("verdict")):
            fail(qid, f"the careless answer {res['careless']!r} equals the right one")
        tail = notes.split("Careless answer", 1)[1] if "Careless answer" in notes else ""
        for c in ([res["careless"]] if isinstance(res["careless"], str) else res["careless"]):
            if c not in tail:
                fail(qid, f"notes do not name the careless answer {c!r} after 'Careless answer'")
        head = notes.split("Careless answer", 1)[0]
        for e in q.get("expected", []):
            if e not in head:
                fail(qid, f"expected string {e!r} is not in the notes' right answer")
        # generic: must_keep survives, must_remove is removed or outside the anchor, under every reading
        anchor = res["anchor"]
        for f in q.get("must_keep", []):
            m = FACT_RE.match(f)
            if not m:
                continue
            bad = [R for R in readings(G) if m["v"] not in surviving(G, R, m["m"], m["d"], m["met"], anchor)]
            if bad:
                fail(qid, f"must_keep {f!r} does not survive at anchor {anchor} ({len(bad)} readings)")
        for f in q.get("must_remove", []):
            m = FACT_RE.match(f)
            if not m:
                continue
            bad = [R for R in readings(G) if m["v"] in surviving(G, R, m["m"], m["d"], m["met"], anchor)]
            if bad:
                fail(qid, f"must_remove {f!r} survives at anchor {anchor} ({len(bad)} readings)")
        if len(FAILS) == before:
            print(f"ok {qid}  ({sum(len(v) for v in results.values())} readings)")

    calls = second_opinion(graphs, lines)
    print(f"second opinion: {calls} check.surviving calls compared")
    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
