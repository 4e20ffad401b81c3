#!/usr/bin/env python3
"""Checker for trust-dev57.jsonl (VG01-VG20): answers wrapped in instructions about their form.

Re-derives every question's expected, verdict, must_keep and must_remove from the fixture graphs
with its own rdflib code (no SPARQL), one computer per question, under every reading:
current year 2025-2030 and TRUST_NOW if set (an empty TRUST_NOW is unset), six readings of the
conflict rule (newest or mean paper age; absolute, relative or share difference), an undated paper
counted or not on an unanchored board, and each year of a paper with two real years.
A computation that meets a detail the public rules leave open raises Open and is a failure.

Also checks the fields and their order, ids, enums, verdicts on claims, expected strings, facts,
must_keep / must_remove at the anchor, the careless answer named in the notes, the README57 counts
and first line, and the Jaccard bound against trust-dev.jsonl. As a second opinion it imports
check.py from the trust folder (not read) and compares check.surviving with its own values.

Usage: python3 check57.py            (VG_FILE=/path/copy.jsonl python3 check57.py checks a copy)
"""
import itertools
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True
import rdflib  # noqa: E402
from rdflib import RDF, RDFS, URIRef  # noqa: E402

TRUST = "/work/main/eval/gold/trust"
HERE = os.path.dirname(os.path.abspath(__file__))
VG_FILE = os.environ.get("VG_FILE") or os.path.join(HERE, "trust-dev57.jsonl")
README = os.path.join(HERE, "README57.md")
FIRST_FILE = os.path.join(TRUST, "trust-dev.jsonl")

P = "http://orkg.org/orkg/predicate/"
C = "http://orkg.org/orkg/class/"
LAMBDA, THRESH = 0.08, 0.30
LOWER_BETTER = {"Word Error Rate", "Perplexity"}
QUERY_TYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification",
               "method_usage", "paper_lookup"}
MECHANISMS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")

FAILS = []


def fail(qid, msg):
    FAILS.append((qid, msg))
    print(f"FAIL {qid}: {msg}")


class Open(Exception):
    """A detail the public rules leave open was met."""


# ----------------------------------------------------------------------------- years
def years_now():
    ys = list(range(2025, 2031))
    t = os.environ.get("TRUST_NOW", "").strip()
    if t:
        ys.append(int(t))
    return sorted(set(ys))


# ----------------------------------------------------------------------------- graph
def clean(raw):
    s = raw.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    if re.fullmatch(r"\d+(\.\d+)?", s):
        return float(s), s
    return None, None


class Graph:
    def __init__(self, name):
        self.name = name
        g = rdflib.Graph()
        g.parse(os.path.join(TRUST, name))
        self.g = g
        lab = lambda n: str(g.value(n, RDFS.label)) if g.value(n, RDFS.label) is not None else None
        self.labels = {str(o) for o in g.objects(None, RDFS.label)}
        self.predicates = {str(p) for p in g.predicates()}
        self.papers = {}
        self.model_papers = {}
        for p in g.subjects(RDF.type, URIRef(C + "Paper")):
            ints = [int(o) for o in g.objects(p, URIRef(P + "P29"))]
            self.papers[p] = dict(
                title=lab(p),
                years=sorted(y for y in ints if y > 12),
                months=sorted(y for y in ints if 1 <= y <= 12),
                dois=sorted(str(o) for o in g.objects(p, URIRef(P + "P26"))),
                contribs=list(g.objects(p, URIRef(P + "P31"))))
        self.rows = []
        self.problem_of = {}
        for p, pd in self.papers.items():
            for c in pd["contribs"]:
                probs = [lab(x) for x in g.objects(c, URIRef(P + "P32"))]
                m = g.value(c, URIRef(P + "HAS_MODEL"))
                for b in g.objects(c, URIRef(P + "HAS_BENCHMARK")):
                    d = lab(g.value(b, URIRef(P + "HAS_DATASET")))
                    for prob in probs:
                        self.problem_of.setdefault(prob, set()).add(d)
                    for e in g.objects(b, URIRef(P + "HAS_EVALUATION")):
                        met = lab(g.value(e, URIRef(P + "HAS_METRIC")))
                        raw = str(g.value(e, URIRef(P + "HAS_VALUE")))
                        v, txt = clean(raw)
                        self.rows.append(dict(model=lab(m), dataset=d, metric=met, raw=raw, value=v,
                                              text=txt, paper=p))
        self.text = {}
        for r in self.rows:
            if r["value"] is not None:
                self.text.setdefault(r["value"], set()).add(r["text"])
        for v, ts in self.text.items():
            if len(ts) != 1:
                raise SystemExit(f"{name}: value {v} written as {ts}")
        self.text = {v: next(iter(ts)) for v, ts in self.text.items()}
        self.titles = {pd["title"] for pd in self.papers.values()}
        self.dois = {d for pd in self.papers.values() for d in pd["dois"]}
        self.valid_years = {str(y) for pd in self.papers.values() for y in pd["years"]}
        self.clean_texts = set(self.text.values())
        self.multi_year = sorted((p for p, pd in self.papers.items() if len(pd["years"]) > 1), key=str)

    def own_paper(self, model):
        """The paper titled with the model's name ('X: ...')."""
        ps = [p for p, pd in self.papers.items() if pd["title"].startswith(model + ":")]
        if len(ps) != 1:
            raise Open(f"no single paper introducing {model}")
        return ps[0]

    def t(self, v):
        return self.text[v]


GRAPHS = {}


def G(name):
    if name not in GRAPHS:
        GRAPHS[name] = Graph(name)
    return GRAPHS[name]


# ----------------------------------------------------------------------------- readings
class Reading:
    def __init__(self, now, agemode, diffmode, undated, yearpick):
        self.now, self.agemode, self.diffmode, self.undated, self.yearpick = now, agemode, diffmode, undated, yearpick

    def __repr__(self):
        yp = {str(k)[-6:]: v for k, v in self.yearpick.items()}
        return f"now={self.now},{self.agemode}/{self.diffmode},undated={'in' if self.undated else 'out'},{yp}"


def readings(g):
    picks = [dict(zip(g.multi_year, combo))
             for combo in itertools.product(*[g.papers[p]["years"] for p in g.multi_year])]
    for now in years_now():
        for agemode in ("newest", "mean"):
            for diffmode in ("abs", "rel", "share"):
                for undated in (True, False):
                    for yp in picks:
                        yield Reading(now, agemode, diffmode, undated, yp)


def paper_year(g, p, rd):
    ys = g.papers[p]["years"]
    if not ys:
        return None
    if len(ys) == 1:
        return ys[0]
    return rd.yearpick[p]


def rows_at(g, dataset, metric, anchor, rd, model=None):
    out = []
    for r in g.rows:
        if r["dataset"] != dataset or r["metric"] != metric or r["value"] is None:
            continue
        if model is not None and r["model"] != model:
            continue
        y = paper_year(g, r["paper"], rd)
        if anchor is not None:
            if y is None or y > anchor:
                continue
        elif y is None and not rd.undated:
            continue
        out.append(r)
    return out


def weight(g, papers, ref, rd):
    ys = [paper_year(g, p, rd) for p in papers]
    if any(y is None for y in ys):
        raise Open("an undated paper inside a conflict")
    ages = [ref - y for y in ys]
    age = min(ages) if rd.agemode == "newest" else sum(ages) / len(ages)
    return math.exp(-LAMBDA * age) * (1 + 0.8 * math.log(1 + len(papers)))


def surviving(g, model, dataset, metric, anchor, rd):
    byval = {}
    for r in rows_at(g, dataset, metric, anchor, rd, model):
        byval.setdefault(r["value"], set()).add(r["paper"])
    if len(byval) <= 1:
        return frozenset(byval)
    if len(byval) > 2:
        raise Open(f"three values in one conflict ({model}, {dataset})")
    ref = anchor if anchor is not None else rd.now
    (v1, p1), (v2, p2) = byval.items()
    w1, w2 = weight(g, p1, ref, rd), weight(g, p2, ref, rd)
    d = abs(w1 - w2)
    if rd.diffmode == "rel":
        d /= max(w1, w2)
    elif rd.diffmode == "share":
        d /= (w1 + w2)
    if abs(d - THRESH) < 1e-9:
        raise Open("a weight difference exactly at the threshold")
    if d > THRESH:
        return frozenset([v1 if w1 > w2 else v2])
    return frozenset([v1, v2])


def board(g, dataset, metric, anchor, rd):
    models = {r["model"] for r in rows_at(g, dataset, metric, anchor, rd)}
    return {m: surviving(g, m, dataset, metric, anchor, rd) for m in models}


def better(a, b, metric):
    return a < b if metric in LOWER_BETTER else a > b


def value_readings(bd):
    """Every choice of one value per model (a close conflict is read with each value)."""
    ms = sorted(bd)
    for combo in itertools.product(*[sorted(bd[m]) for m in ms]):
        yield dict(zip(ms, combo))


def ranked(vr, metric):
    items = sorted(vr.items(), key=lambda kv: kv[1], reverse=metric not in LOWER_BETTER)
    return items


def top_k(bd, metric, k):
    """The top k (model, value) pairs; the same under every value reading, no ties, else Open."""
    res = None
    for vr in value_readings(bd):
        r = ranked(vr, metric)
        if len(r) < k:
            raise Open("fewer models than asked")
        if len(r) > k and not better(r[k - 1][1], r[k][1], metric):
            raise Open("a tie at the cut")
        for i in range(k - 1):
            if not better(r[i][1], r[i + 1][1], metric):
                raise Open("a tie inside the top")
        cur = tuple(r[:k])
        if res is None:
            res = cur
        elif res != cur:
            raise Open("the top depends on a close conflict")
    return list(res)


def leads(vr, model, metric):
    v = vr.get(model)
    if v is None:
        return False
    return all(better(v, w, metric) for m, w in vr.items() if m != model)


def verdict_over(bd, pred):
    outs = {pred(vr) for vr in value_readings(bd)}
    if outs == {True}:
        return "SUPPORTED"
    if outs == {False}:
        return "REFUTED"
    return "UNCERTAIN"


def fact(m, v, d, me):
    return f"{m} scores {v} on {d} by {me}"


def excluded_facts(g, dataset, metric, anchor, rd, ref, keep_facts):
    """Facts of the board that do not survive at the anchor (removed, after it, or undated under it)
    and that beat the reference value or contradict a kept fact of the same model."""
    kept_models = {}
    for f in keep_facts:
        m, v, d, me = FACT_RE.match(f).groups()
        if d == dataset and me == metric:
            kept_models.setdefault(m, set()).add(float(v))
    out = set()
    for r in g.rows:
        if r["dataset"] != dataset or r["metric"] != metric or r["value"] is None:
            continue
        if r["value"] in surviving(g, r["model"], dataset, metric, anchor, rd):
            continue
        beats = ref is not None and better(r["value"], ref, metric)
        contra = r["model"] in kept_models and r["value"] not in kept_models[r["model"]]
        if beats or contra:
            out.add(fact(r["model"], g.t(r["value"]), dataset, metric))
    return sorted(out)


# ----------------------------------------------------------------------------- careless helpers
def board_raw(g, dataset, metric):
    """All rows, no conflict rule, no anchor: each model with every value it was ever given."""
    bd = {}
    for r in g.rows:
        if r["dataset"] == dataset and r["metric"] == metric and r["value"] is not None:
            bd.setdefault(r["model"], set()).add(r["value"])
    return bd


def min_p29_board(g, dataset, metric, anchor):
    """Careless dates: the smallest raw P29 taken as the year (a month read as a year), conflicts
    left unresolved (each model's newest value)."""
    bd = {}
    for r in g.rows:
        if r["dataset"] != dataset or r["metric"] != metric or r["value"] is None:
            continue
        pd = g.papers[r["paper"]]
        raw = pd["years"] + pd["months"]
        if not raw or min(raw) > anchor:
            continue
        bd.setdefault(r["model"], []).append((min(raw), r["value"]))
    return {m: max(vs)[1] for m, vs in bd.items()}


def own_value(g, model, dataset, metric):
    p = g.own_paper(model)
    vs = {r["value"] for r in g.rows if r["paper"] == p and r["model"] == model
          and r["dataset"] == dataset and r["metric"] == metric}
    if len(vs) != 1:
        raise Open("own paper has no single value")
    return next(iter(vs))


def pairs(lst, g):
    out = []
    for m, v in lst:
        out += [m, g.t(v)]
    return out


# ----------------------------------------------------------------------------- question computers
# Each returns dict(expected, verdict, keep, remove, careless) for one reading.
BM, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
DC, HM = "Dastrup-7 Chorus", "Hollenby Marsh Calls"
OR, QD, MS = "Orrenby Parallel Corpus", "Quenmark Dialogue Set", "Mirelle Subtitles"
SB, KW = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"
ANCHOR = {"VG03": 2019, "VG09": 2021, "VG14": 2020, "VG18": 2019, "VG19": 2024}


def value_claim(g, rd, model, value, d, me, anchor=None):
    vals = surviving(g, model, d, me, anchor, rd)
    if not vals:
        return None, []
    outs = {v == value for v in vals}
    verdict = "SUPPORTED" if outs == {True} else "REFUTED" if outs == {False} else "UNCERTAIN"
    return verdict, sorted(vals)


def vg01(g, rd):
    verdict, vals = value_claim(g, rd, "Tavrosa", 86.1, BM, "Accuracy")
    keep = [fact("Tavrosa", g.t(v), BM, "Accuracy") for v in vals]
    own = own_value(g, "Tavrosa", BM, "Accuracy")
    return dict(expected=[g.t(v) for v in vals], verdict=verdict, keep=keep,
                remove=excluded_facts(g, BM, "Accuracy", None, rd, None, keep),
                careless="SUPPORTED" if own == 86.1 else "REFUTED")


def topk_lookup(g, rd, d, me, k, anchor, careless):
    top = top_k(board(g, d, me, anchor, rd), me, k)
    keep = [fact(m, g.t(v), d, me) for m, v in top]
    return dict(expected=pairs(top, g), verdict=None, keep=keep,
                remove=excluded_facts(g, d, me, anchor, rd, top[-1][1], keep), careless=careless)


def vg02(g, rd):
    raw = {m: max(vs) for m, vs in board_raw(g, CI, "F1").items()}
    careless = pairs(ranked(raw, "F1")[:2], g)
    return topk_lookup(g, rd, CI, "F1", 2, None, careless)


def vg03(g, rd):
    careless = pairs(ranked(min_p29_board(g, SK, "Mean IoU", 2019), "Mean IoU")[:1], g)
    return topk_lookup(g, rd, SK, "Mean IoU", 1, ANCHOR["VG03"], careless)


def leader_claim(g, rd, model, d, me, anchor, keep_extra=()):
    bd = board(g, d, me, anchor, rd)
    verdict = verdict_over(bd, lambda vr: leads(vr, model, me))
    if verdict == "UNCERTAIN":
        rivals = sorted({m for vr in value_readings(bd) for m, w in vr.items()
                         if m != model and not better(vr[model], w, me)})
        keep = [fact(m, g.t(v), d, me) for m in [model] + rivals for v in sorted(bd[m])]
        expected = [model] + [g.t(v) for v in sorted(bd[model])]
        for m in rivals:
            expected += [m] + [g.t(v) for v in sorted(bd[m], reverse=True)]
        ref = max(bd[model]) if me not in LOWER_BETTER else min(bd[model])
    else:
        (lm, lv), = top_k(bd, me, 1)
        keep = [fact(lm, g.t(lv), d, me)]
        if lm != model:
            keep += [fact(model, g.t(v), d, me) for v in sorted(bd.get(model, ()))]
        expected = [lm, g.t(lv)]
        ref = lv
    return verdict, expected, keep, excluded_facts(g, d, me, anchor, rd, ref, keep)


def vg04(g, rd):
    verdict, expected, keep, remove = leader_claim(g, rd, "Orvalis-CNN", BM, "Accuracy", None)
    y = g.papers[g.own_paper("Orvalis-CNN")]["years"][0]
    then = board(g, BM, "Accuracy", y, rd)
    careless = verdict_over(then, lambda vr: leads(vr, "Orvalis-CNN", "Accuracy"))
    return dict(expected=expected, verdict=verdict, keep=keep, remove=remove, careless=careless)


def single_value(g, rd, model, d, me, anchor=None):
    vals = surviving(g, model, d, me, anchor, rd)
    keep = [fact(model, g.t(v), d, me) for v in sorted(vals)]
    return vals, keep, excluded_facts(g, d, me, anchor, rd, None, keep)


def vg05(g, rd):
    vals, keep, remove = single_value(g, rd, "KestrelNet", BM, "Accuracy")
    return dict(expected=[g.t(v) for v in sorted(vals)], verdict=None, keep=keep, remove=remove,
                careless=[g.t(own_value(g, "KestrelNet", BM, "Accuracy"))])


def vg06(g, rd):
    bd = board(g, DC, "Word Error Rate", None, rd)
    wrong_way = top_k(bd, "Accuracy", 2)  # read as higher-is-better
    return topk_lookup(g, rd, DC, "Word Error Rate", 2, None, pairs(wrong_way, g))


def vg07(g, rd):
    verdict, expected, keep, remove = leader_claim(g, rd, "Syrinxa", HM, "Accuracy", None)
    raw = {m: max(vs) for m, vs in board_raw(g, HM, "Accuracy").items()}
    careless = "SUPPORTED" if ranked(raw, "Accuracy")[0][0] == "Syrinxa" else "REFUTED"
    return dict(expected=expected, verdict=verdict, keep=keep, remove=remove, careless=careless)


def vg08(g, rd):
    vals, keep, remove = single_value(g, rd, "Warbleon", HM, "Accuracy")
    newest = max((paper_year(g, r["paper"], rd), r["value"]) for r in g.rows
                 if r["model"] == "Warbleon" and r["dataset"] == HM)[1]
    return dict(expected=[g.t(v) for v in sorted(vals)], verdict=None, keep=keep, remove=remove,
                careless=[g.t(newest)])


def vg09(g, rd):
    a = ANCHOR["VG09"]
    verdict, expected, keep, remove = leader_claim(g, rd, "Warbleon", DC, "Word Error Rate", a)
    mb = min_p29_board(g, DC, "Word Error Rate", a)
    careless = "SUPPORTED" if ranked(mb, "Word Error Rate")[0][0] == "Warbleon" else "REFUTED"
    return dict(expected=expected, verdict=verdict, keep=keep, remove=remove, careless=careless)


def vg10(g, rd):
    ds = sorted({r["dataset"] for r in g.rows if r["model"] == "Syrinxa" and r["metric"] == "Word Error Rate"
                 and r["value"] is not None})
    careless = sorted({r["dataset"] for r in g.rows if r["model"] == "Syrinxa"})
    return dict(expected=ds, verdict=None, keep=[], remove=[], careless=careless)


def vg11(g, rd):
    rows = [r for r in g.rows if r["dataset"] == OR and r["metric"] == "BLEU"]
    smax = max(rows, key=lambda r: r["raw"])
    return topk_lookup(g, rd, OR, "BLEU", 1, None, [smax["model"], smax["raw"].strip()])


def vg12(g, rd):
    bd = board(g, QD, "BLEU", None, rd)
    (m, v), = top_k(bd, "BLEU", 1)
    papers = {r["paper"] for r in g.rows if r["model"] == m and r["dataset"] == QD and r["value"] == v}
    dois = sorted({d for p in papers for d in g.papers[p]["dois"]})
    keep = [fact(m, g.t(v), QD, "BLEU")]
    careless = None
    for vr in value_readings(bd):
        for cm, cv in ranked(vr, "BLEU"):
            ps = {r["paper"] for r in g.rows if r["model"] == cm and r["dataset"] == QD and r["value"] == cv}
            cd = sorted({d for p in ps for d in g.papers[p]["dois"]})
            if cd:
                careless = [cm, cd[0]]
                break
        break
    return dict(expected=[m, g.t(v)] + dois, verdict=None, keep=keep,
                remove=excluded_facts(g, QD, "BLEU", None, rd, v, keep), careless=careless)


def vg13(g, rd):
    verdict, expected, keep, remove = leader_claim(g, rd, "Nerrisa", MS, "chrF", None)
    raw = {m: max(vs) for m, vs in board_raw(g, MS, "chrF").items()}
    careless = "SUPPORTED" if ranked(raw, "chrF")[0][0] == "Nerrisa" else "REFUTED"
    return dict(expected=expected, verdict=verdict, keep=keep, remove=remove, careless=careless)


def vg14(g, rd):
    a = ANCHOR["VG14"]
    verdict, expected, keep, remove = leader_claim(g, rd, "Ostrada-T", OR, "BLEU", a)
    now = board(g, OR, "BLEU", None, rd)
    careless = verdict_over(now, lambda vr: leads(vr, "Ostrada-T", "BLEU"))
    return dict(expected=expected, verdict=verdict, keep=keep, remove=remove, careless=careless)


def vg15(g, rd):
    vals, keep, remove = single_value(g, rd, "Gannetron", OR, "BLEU")
    titles = sorted({g.papers[r["paper"]]["title"] for r in g.rows if r["model"] == "Gannetron"
                     and r["dataset"] == OR and r["value"] in vals})
    return dict(expected=[g.t(v) for v in sorted(vals)] + titles, verdict=None, keep=keep, remove=remove,
                careless=[g.t(own_value(g, "Gannetron", OR, "BLEU"))])


def vg16(g, rd):
    ys = g.papers[g.own_paper("Tidewick")]["years"]
    return dict(expected=[str(y) for y in ys], verdict=None, keep=[], remove=[], careless=[str(min(ys))])


def vg17(g, rd):
    ds = g.papers[g.own_paper("Undertow-GNN")]["dois"]
    return dict(expected=list(ds), verdict=None, keep=[], remove=[], careless=[sorted(ds)[0]])


def vg18(g, rd):
    a = ANCHOR["VG18"]
    careless = pairs(ranked(min_p29_board(g, SB, "F1", a), "F1")[:1], g)
    return topk_lookup(g, rd, SB, "F1", 1, a, careless)


def vg19(g, rd):
    a = ANCHOR["VG19"]
    ds = sorted(g.problem_of["Kelp Canopy Mapping"])
    if len(ds) != 1:
        raise Open("the topic has more than one benchmark")
    mets = sorted({r["metric"] for r in g.rows if r["dataset"] == ds[0]})
    if len(mets) != 1:
        raise Open("the board has more than one metric")
    careless = pairs(ranked(min_p29_board(g, ds[0], mets[0], a), mets[0])[:2], g)
    return topk_lookup(g, rd, ds[0], mets[0], 2, a, careless)


def vg20(g, rd):
    rows = [r for r in g.rows if r["model"] == "Kelvane" and r["dataset"] == KW]
    mrr = [r for r in rows if r["metric"] == "MRR" and r["value"] is not None]
    if mrr or "MRR" in g.labels:
        raise Open("MRR recorded in the graph")
    other = [r["value"] for r in rows if r["value"] is not None]
    careless = "SUPPORTED" if other and max(other) > 60 else "REFUTED"
    return dict(expected=[], verdict="UNCERTAIN", keep=[], remove=[], careless=careless)


COMPUTERS = {f"VG{i:02d}": globals()[f"vg{i:02d}"] for i in range(1, 21)}


# ----------------------------------------------------------------------------- structural checks
def words(s):
    out = set()
    for w in re.findall(r"[a-z0-9.\-']+", s.lower()):
        w = w.strip(".-'")
        if w:
            out.add(w)
    return out


def jaccard(a, b):
    a, b = words(a), words(b)
    return len(a & b) / len(a | b) if a | b else 0.0


def parse_fact(qid, f, g):
    m = FACT_RE.match(f)
    if not m:
        fail(qid, f"fact not in the form 'Model scores V on Dataset by Metric': {f!r}")
        return None
    model, v, d, me = m.groups()
    try:
        fv = float(v)
    except ValueError:
        fail(qid, f"fact value not a number: {f!r}")
        return None
    if v not in g.clean_texts:
        fail(qid, f"fact value {v!r} is not a clean value of {g.name}")
    if not any(r["model"] == model and r["dataset"] == d and r["metric"] == me and r["value"] == fv
               for r in g.rows):
        fail(qid, f"fact does not exist in {g.name}: {f!r}")
        return None
    return model, fv, d, me


def notes_parts(notes):
    i, j, k = notes.find("Right answer"), notes.find("Reason"), notes.find("Careless answer")
    if i < 0 or k < 0:
        return None, None
    end = j if i < j < k else k
    return notes[i:end], notes[k:]


def parse_counts():
    text = open(README, encoding="utf-8").read()
    lines = text.splitlines()
    first = lines[0] if lines else ""
    sec = re.search(r"^## Counts\n(.*?)(?=^## )", text, re.S | re.M)
    tables = {}
    if sec:
        cur = None
        for ln in sec.group(1).splitlines():
            cells = [c.strip() for c in ln.strip().strip("|").split("|")] if ln.strip().startswith("|") else None
            if not cells:
                cur = None
                continue
            if set("".join(cells)) <= set("-: "):
                continue
            if cur is None:
                cur = cells[0]
                tables[cur] = {}
                continue
            tables[cur][cells[0]] = int(cells[1])
    return first, tables


def count_of(rows, key):
    out = {}
    for r in rows:
        k = r[key]
        k = "null" if k is None else k
        if key == "graph":
            k = k.replace(".ttl", "")
        out[k] = out.get(k, 0) + 1
    return out


def main():
    first_fields = list(json.loads(open(FIRST_FILE, encoding="utf-8").readline()).keys())
    first_qs = [(json.loads(l)["id"], json.loads(l)["question"]) for l in open(FIRST_FILE, encoding="utf-8") if l.strip()]
    rows = [json.loads(l) for l in open(VG_FILE, encoding="utf-8") if l.strip()]
    ids = [r.get("id") for r in rows]
    if ids != [f"VG{i:02d}" for i in range(1, 21)]:
        fail("FILE", f"ids are not VG01..VG20 in order: {ids}")
    if len(set(ids)) != len(ids):
        fail("FILE", "duplicate ids")
    qs = [r.get("question") for r in rows]
    if len(set(qs)) != len(qs):
        fail("FILE", "duplicate questions")
    claims = [r for r in rows if r.get("query_type") == "claim_verification"]
    if not 6 <= len(claims) <= 10:
        fail("FILE", f"{len(claims)} claims (need 6-10)")
    used = {r.get("verdict") for r in claims}
    for v in VERDICTS:
        if v not in used:
            fail("FILE", f"verdict {v} never used")

    # second opinion: check.py (imported, not read)
    if os.environ.get("TRUST_NOW", None) is not None and not os.environ["TRUST_NOW"].strip():
        del os.environ["TRUST_NOW"]
    sys.path.insert(0, TRUST)
    try:
        import check as second
    except Exception as e:  # pragma: no cover
        second = None
        fail("SECOND", f"cannot import check.py: {type(e).__name__}")
    second_calls = [0, 0]
    second_graphs = {}

    for i, r in enumerate(rows):
        qid = r.get("id", f"#{i}")
        nf = len(FAILS)
        if list(r.keys()) != first_fields:
            fail(qid, f"fields {list(r.keys())} differ from trust-dev.jsonl's {first_fields}")
        want_graph = f"g{i // 5 + 1}.ttl"
        if r.get("graph") != want_graph:
            fail(qid, f"graph is {r.get('graph')}, should be {want_graph}")
        if r.get("query_type") not in QUERY_TYPES:
            fail(qid, f"query_type {r.get('query_type')!r} not in the enum")
        if r.get("mechanism") not in MECHANISMS:
            fail(qid, f"mechanism {r.get('mechanism')!r} not in the enum")
        is_claim = r.get("query_type") == "claim_verification"
        if is_claim and r.get("verdict") not in VERDICTS:
            fail(qid, f"claim without a valid verdict: {r.get('verdict')!r}")
        if not is_claim and r.get("verdict") is not None:
            fail(qid, f"verdict {r.get('verdict')!r} on a non-claim")
        for tid, tq in first_qs:
            j = jaccard(r.get("question", ""), tq)
            if j > 0.6:
                fail(qid, f"Jaccard {j:.2f} with {tid} (bound 0.6)")
        try:
            g = G(r.get("graph"))
        except Exception as e:
            fail(qid, f"cannot load graph {r.get('graph')!r}: {type(e).__name__}")
            continue
        for s in r.get("expected", []):
            if not (s in g.labels or s in g.titles or s in g.dois or s in g.valid_years or s in g.clean_texts):
                fail(qid, f"expected string {s!r} is not a label, title, DOI, valid year or clean value of {g.name}")
        right, careless_part = notes_parts(r.get("notes", ""))
        if right is None:
            fail(qid, "notes lack 'Right answer' or 'Careless answer'")
        else:
            for s in r.get("expected", []):
                if s not in right:
                    fail(qid, f"expected string {s!r} is not in the notes' Right answer")
        anchor = ANCHOR.get(qid)
        facts_keep = [(f, parse_fact(qid, f, g)) for f in r.get("must_keep", [])]
        facts_rem = [(f, parse_fact(qid, f, g)) for f in r.get("must_remove", [])]

        comp = COMPUTERS.get(qid)
        if comp is None:
            fail(qid, "no computer")
            continue
        results = {}
        n_read = 0
        bad_keep, bad_rem = {}, {}
        for rd in readings(g):
            n_read += 1
            try:
                out = comp(g, rd)
            except Open as e:
                fail(qid, f"open detail under reading {rd}: {e}")
                break
            key = json.dumps({k: (sorted(v) if k in ("expected", "keep", "remove") else v) for k, v in out.items()},
                             sort_keys=True)
            results.setdefault(key, []).append(rd)
            for f, pf in facts_keep:
                if pf and pf[1] not in surviving(g, pf[0], pf[2], pf[3], anchor, rd):
                    bad_keep.setdefault(f, []).append(rd)
            for f, pf in facts_rem:
                if pf and pf[1] in surviving(g, pf[0], pf[2], pf[3], anchor, rd):
                    bad_rem.setdefault(f, []).append(rd)
        for f, rds in bad_keep.items():
            fail(qid, f"must_keep {f!r} does not survive at anchor {anchor} in {len(rds)} of {n_read} readings "
                      f"(first: {rds[0]})")
        for f, rds in bad_rem.items():
            fail(qid, f"must_remove {f!r} survives at anchor {anchor} in {len(rds)} of {n_read} readings "
                      f"(first: {rds[0]})")
        if len(results) != 1:
            fail(qid, f"the answer differs across readings: {len(results)} different answers")
            continue
        out = json.loads(next(iter(results)))
        if sorted(r.get("expected", [])) != out["expected"]:
            fail(qid, f"expected is {r.get('expected')}, the graph gives {out['expected']}")
        if r.get("verdict") != out["verdict"]:
            fail(qid, f"verdict is {r.get('verdict')!r}, the graph gives {out['verdict']!r}")
        if sorted(r.get("must_keep", [])) != out["keep"]:
            fail(qid, f"must_keep is {r.get('must_keep')}, the graph gives {out['keep']}")
        if sorted(r.get("must_remove", [])) != out["remove"]:
            fail(qid, f"must_remove is {r.get('must_remove')}, the graph gives {out['remove']}")
        cl = out["careless"]
        if is_claim:
            if cl == out["verdict"]:
                fail(qid, f"the careless verdict {cl!r} equals the right one")
            if r.get("verdict") == cl:
                fail(qid, f"the file's verdict {cl!r} is the careless one")
            cl_tokens = [cl]
        else:
            if cl is None or sorted(cl) == out["expected"]:
                fail(qid, f"the careless answer {cl} equals the right one {out['expected']}")
            if cl is not None and sorted(r.get("expected", [])) == sorted(cl):
                fail(qid, f"the file's expected {r.get('expected')} is the careless one")
            cl_tokens = cl or []
        if careless_part is not None:
            for t in cl_tokens:
                if t not in careless_part:
                    fail(qid, f"notes do not name the careless answer {t!r} after 'Careless answer'")

        # second opinion
        if second is not None:
            for f, pf in facts_keep + facts_rem:
                if not pf:
                    continue
                sg = second_graphs.setdefault(g.name, second.G(g.name))
                try:
                    theirs = second.surviving(sg, pf[0], pf[2], pf[3], anchor)[0]
                except Exception as e:
                    fail(qid, f"check.surviving raised {type(e).__name__} on {f!r}")
                    continue
                second_calls[0] += 1
                mine = {surviving(g, pf[0], pf[2], pf[3], anchor, rd)
                        for rd in readings(g) if rd.now == second.NOW}
                if mine != {frozenset(float(x) for x in theirs)}:
                    fail(qid, f"check.surviving gives {sorted(theirs)} for {f!r}, mine {sorted(map(sorted, mine))}")
                else:
                    second_calls[1] += 1
        if len(FAILS) == nf:
            print(f"ok {qid} ({n_read} readings)")

    # README
    try:
        first, tables = parse_counts()
    except Exception as e:
        fail("README", f"cannot read README57.md: {type(e).__name__}: {e}")
        first, tables = "", {}
    if not re.fullmatch(r"# trust-dev57\.jsonl: .+ \(VG01–VG20\)", first):
        fail("README", f"first line is {first!r}")
    want = {
        "total": {"questions": len(rows), "claims": len(claims)},
        "verdict": count_of(rows, "verdict"),
        "mechanism": count_of(rows, "mechanism"),
        "query type": count_of(rows, "query_type"),
        "graph": count_of(rows, "graph"),
    }
    for name, w in want.items():
        got = tables.get(name)
        if got is None:
            fail("README", f"Counts section lacks the {name!r} table")
            continue
        if got != w:
            diff = {k: (got.get(k), w.get(k)) for k in set(got) | set(w) if got.get(k) != w.get(k)}
            fail("README", f"Counts section differs (README, file) for {name!r}: {diff}")
    if second is not None:
        print(f"second opinion: check.surviving called {second_calls[0]} times at NOW={second.NOW}, "
              f"{second_calls[1]} agree")
    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
