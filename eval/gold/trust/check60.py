#!/usr/bin/env python3
"""Checker for trust-dev60.jsonl (VJ01-VJ20): a version, size or variant beside the one the graph holds.

Re-derives every question's expected, verdict, must_keep and must_remove from the fixture graphs with its own
rdflib code (no SPARQL), one computer per question, under every reading (current year 2025-2030 and TRUST_NOW if
set; newest or mean paper age; absolute, relative or share difference of the weights; an undated paper counted or
not on an unanchored board; each year of a paper with two real years), and checks the file's form, README60's
first line and Counts, and the Jaccard bound against trust-dev.jsonl. As a second opinion it imports check.py
(not read) and compares check.surviving with its own values.

    python3 check60.py                       # ends with FAILURES: 0
    VJ_FILE=/path/copy.jsonl python3 check60.py
"""
import itertools
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True
if os.environ.get("TRUST_NOW", "") == "":
    os.environ.pop("TRUST_NOW", None)

import rdflib
from rdflib import RDF, RDFS, Namespace

TRUST = "/work/main/eval/gold/trust"
HERE = os.path.dirname(os.path.abspath(__file__))
FILE = os.environ.get("VJ_FILE") or os.path.join(HERE, "trust-dev60.jsonl")
README = os.path.join(HERE, "README60.md")
FIRST_LINE = "# trust-dev60.jsonl: a version, size or variant beside the one the graph holds (VJ01–VJ20)"
P = Namespace("http://orkg.org/orkg/predicate/")
C = Namespace("http://orkg.org/orkg/class/")
LAMBDA, THRESH = 0.08, 0.30
LOWER_BETTER = {"Word Error Rate"}
QTYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
MECHS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
NOWS = list(range(2025, 2031))
if os.environ.get("TRUST_NOW"):
    NOWS.append(int(os.environ["TRUST_NOW"]))
NOWS = sorted(set(NOWS))

FAILS = []


def fail(qid, msg):
    FAILS.append(f"{qid}: {msg}")
    print(f"FAIL {qid}: {msg}")


class Ambig(Exception):
    """A computation met a detail the public rules leave open."""


class Bad(Exception):
    """A premise of the question does not hold in the graph."""


# ----------------------------------------------------------------------------------------------- graphs
def clean(raw):
    s = raw.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    try:
        float(s)
    except ValueError:
        return None
    return s


class Graph:
    def __init__(self, name):
        self.name = name
        g = rdflib.Graph()
        g.parse(os.path.join(TRUST, name), format="turtle")
        lab = lambda n: str(g.value(n, RDFS.label))
        self.models = sorted(lab(n) for n in g.subjects(RDF.type, C.Model))
        self.datasets = sorted(lab(n) for n in g.subjects(RDF.type, C.Dataset))
        self.metrics = sorted(lab(n) for n in g.subjects(RDF.type, C.Metric))
        self.problems = sorted(lab(n) for n in g.subjects(RDF.type, C.Problem))
        self.fields = sorted(lab(n) for n in g.subjects(RDF.type, C.ResearchField))
        self.papers = {}
        self.rows = []
        for p in g.subjects(RDF.type, C.Paper):
            self.papers[p] = dict(title=lab(p), dois=sorted(str(x) for x in g.objects(p, P.P26)),
                                  p29=sorted(int(x) for x in g.objects(p, P.P29)))
            for c in g.objects(p, P.P31):
                m = g.value(c, P.HAS_MODEL)
                for b in g.objects(c, P.HAS_BENCHMARK):
                    d = lab(g.value(b, P.HAS_DATASET))
                    for e in g.objects(b, P.HAS_EVALUATION):
                        raw = str(g.value(e, P.HAS_VALUE))
                        self.rows.append(dict(model=lab(m) if m is not None else None, dataset=d,
                                              metric=lab(g.value(e, P.HAS_METRIC)), raw=raw, clean=clean(raw),
                                              paper=p))
        self.two_year = sorted((p for p, i in self.papers.items() if len([y for y in i["p29"] if y > 12]) > 1), key=str)
        self.titles = sorted(i["title"] for i in self.papers.values())
        self.dois = sorted(d for i in self.papers.values() for d in i["dois"])
        self.years = sorted({str(y) for i in self.papers.values() for y in i["p29"] if y > 12})
        self.values = sorted({r["clean"] for r in self.rows if r["clean"] is not None})

    def labels(self, kind):
        return {"model": self.models, "dataset": self.datasets, "metric": self.metrics}[kind]

    def valid_string(self, s):
        return (s in self.models or s in self.datasets or s in self.metrics or s in self.problems or s in self.fields
                or s in self.titles or s in self.dois or s in self.years or s in self.values)

    def title(self, p):
        return self.papers[p]["title"]


GRAPHS = {}


def G(name):
    if name not in GRAPHS:
        GRAPHS[name] = Graph(name)
    return GRAPHS[name]


# --------------------------------------------------------------------------------------------- readings
class R:
    def __init__(self, now, rec, diff, undated, picks, monthyear=False):
        self.now, self.rec, self.diff, self.undated, self.picks, self.monthyear = now, rec, diff, undated, picks, monthyear

    def careless_month(self):
        return R(self.now, self.rec, self.diff, self.undated, self.picks, True)


def readings(gr):
    out = []
    for now, rec, diff, und in itertools.product(NOWS, ("newest", "mean"), ("abs", "rel", "share"), ("count", "skip")):
        for pk in itertools.product((0, 1), repeat=len(gr.two_year)):
            out.append(R(now, rec, diff, und, dict(zip(gr.two_year, pk))))
    return out


def year(gr, p, r):
    p29 = gr.papers[p]["p29"]
    if r.monthyear:                       # careless: the smallest raw P29 taken as the year
        return min(p29) if p29 else None
    real = sorted(y for y in p29 if y > 12)
    if not real:
        return None
    if len(real) == 1:
        return real[0]
    return real[r.picks[p]]


def value_years(gr, model, ds, met, anchor, r):
    """clean value -> list of the years of the papers stating it (one per paper)."""
    vals = {}
    seen = set()
    for row in gr.rows:
        if (row["model"], row["dataset"], row["metric"]) != (model, ds, met) or row["clean"] is None:
            continue
        if (row["clean"], row["paper"]) in seen:
            continue
        seen.add((row["clean"], row["paper"]))
        y = year(gr, row["paper"], r)
        if y is None:
            if anchor is not None or r.undated == "skip":
                continue
        elif anchor is not None and y > anchor:
            continue
        vals.setdefault(row["clean"], []).append(y)
    # values equal as numbers are one value
    merged = {}
    for v, ys in vals.items():
        key = next((k for k in merged if float(k) == float(v)), v)
        merged.setdefault(key, []).extend(ys)
    return merged


def weight(ys, ref, rec):
    ages = [ref - y for y in ys]
    age = min(ages) if rec == "newest" else sum(ages) / len(ages)
    return math.exp(-LAMBDA * age) * (1 + 0.8 * math.log(1 + len(ys)))


def surviving(gr, model, ds, met, anchor, r):
    vals = value_years(gr, model, ds, met, anchor, r)
    if len(vals) <= 1:
        return set(vals)
    if len(vals) > 2:
        raise Ambig(f"three values in one conflict: {model} on {ds}")
    if any(y is None for ys in vals.values() for y in ys):
        raise Ambig(f"an undated paper inside a conflict: {model} on {ds}")
    ref = anchor if anchor is not None else r.now
    (v1, y1), (v2, y2) = sorted(vals.items())
    w1, w2 = weight(y1, ref, r.rec), weight(y2, ref, r.rec)
    d = {"abs": abs(w1 - w2), "rel": abs(w1 - w2) / max(w1, w2), "share": abs(w1 - w2) / (w1 + w2)}[r.diff]
    if abs(d - THRESH) < 1e-9:
        raise Ambig(f"weight difference exactly at the threshold: {model} on {ds}")
    if d > THRESH:
        return {v1 if w1 > w2 else v2}
    return {v1, v2}


def board(gr, ds, met, anchor, r):
    models = sorted({row["model"] for row in gr.rows if row["dataset"] == ds and row["metric"] == met and row["model"]})
    out = {}
    for m in models:
        s = surviving(gr, m, ds, met, anchor, r)
        if s:
            out[m] = s
    return out


def better(a, b, met):
    return float(a) < float(b) if met in LOWER_BETTER else float(a) > float(b)


def leaders(gr, ds, met, anchor, r):
    """(model, value) pairs that lead the board under some reading of its close conflicts."""
    b = board(gr, ds, met, anchor, r)
    if not b:
        return set()
    names = sorted(b)
    out = set()
    for combo in itertools.product(*[sorted(b[m]) for m in names]):
        best = combo[0]
        for v in combo:
            if better(v, best, met):
                best = v
        tops = [m for m, v in zip(names, combo) if float(v) == float(best)]
        if len(tops) > 1:
            raise Ambig(f"a tie at the top of {ds}: {tops}")
        out.add((tops[0], best))
    return out


def removed_beating(gr, ds, met, anchor, r, best_values):
    """Facts of the board that the conflict rule removes or the anchor leaves out and that would beat the answer."""
    out = set()
    raw = {}
    for row in gr.rows:
        if row["dataset"] == ds and row["metric"] == met and row["model"] and row["clean"] is not None:
            raw.setdefault(row["model"], set()).add(row["clean"])
    for m, vs in raw.items():
        s = surviving(gr, m, ds, met, anchor, r)
        for v in vs:
            if any(float(v) == float(x) for x in s):
                continue
            if all(better(v, bv, met) for bv in best_values):
                out.add(fact(m, v, ds, met))
    return out


def fact(m, v, ds, met):
    return f"{m} scores {v} on {ds} by {met}"


def norm(s):
    return re.sub(r"[^a-z0-9]", "", s.lower())


def family(s):
    return norm(re.split(r"[-\s]", s.strip())[0])


def held_variant(gr, spelled, kind):
    """The graph holds exactly the named thing, written with other case, spacing or hyphenation."""
    hits = [x for x in gr.labels(kind) if norm(x) == norm(spelled)]
    if len(hits) != 1:
        raise Bad(f"'{spelled}' does not name exactly one {kind} of {gr.name}: {hits}")
    if hits[0] == spelled:
        raise Bad(f"'{spelled}' is written exactly as the label; not a variant spelling")
    return hits[0]


def not_held(gr, spelled, kind):
    """The graph does not hold the named variant; it holds exactly one sibling of the same family."""
    if any(norm(x) == norm(spelled) for x in gr.labels(kind)):
        raise Bad(f"'{spelled}' is held by {gr.name}")
    sib = [x for x in gr.labels(kind) if family(x) == family(spelled)]
    if len(sib) != 1:
        raise Bad(f"'{spelled}' has not exactly one sibling in {gr.name}: {sib}")
    return sib[0]


def exact(gr, spelled, kind):
    if spelled not in gr.labels(kind):
        raise Bad(f"'{spelled}' is not a {kind} label of {gr.name}")
    return spelled


def intro_paper(gr, model):
    ps = [p for p, i in gr.papers.items() if norm(i["title"].split(":")[0]) == norm(model)]
    if len(ps) != 1:
        raise Bad(f"not exactly one paper introducing {model}: {ps}")
    return ps[0]


def first_year(gr, model, ds, met, r):
    ys = [year(gr, row["paper"], r) for row in gr.rows
          if (row["model"], row["dataset"], row["metric"]) == (model, ds, met) and row["clean"] is not None]
    ys = [y for y in ys if y is not None]
    return min(ys) if ys else None


def out(expected, verdict, keep, remove, anchor, c_expected, c_verdict, c_strings, spelled):
    return dict(expected=sorted(expected), verdict=verdict, must_keep=sorted(keep), must_remove=sorted(remove),
                anchor=anchor, careless=dict(expected=sorted(c_expected), verdict=c_verdict),
                c_strings=list(c_strings), spelled=list(spelled))


def sibling_facts(gr, sib, kind):
    rows = [row for row in gr.rows if row["clean"] is not None and (row["model"] if kind == "model" else row["dataset"]) == sib]
    return rows


# ---------------------------------------------------------------------------------------- the computers
def vj01(gr, r):
    sib = not_held(gr, "Wendrel-L", "model")
    rows = sibling_facts(gr, sib, "model")
    c = {sib} | {gr.title(x["paper"]) for x in rows} | {x["dataset"] for x in rows}
    return out([], None, [], [], None, c, None, [sib, "BenchMira", "Corvalla-Ice"], ["Wendrel-L"])


def vj02(gr, r):
    m = held_variant(gr, "wendrel s", "model")
    if year(gr, intro_paper(gr, m), r) != 2024:
        raise Bad("the Wendrel-S paper is not from 2024")
    ds, met = exact(gr, "BenchMira", "dataset"), "Accuracy"
    L = leaders(gr, ds, met, None, r)
    lm = {x[0] for x in L}
    verdict = "SUPPORTED" if lm == {m} else ("REFUTED" if m not in lm else "UNCERTAIN")
    own = surviving(gr, m, ds, met, None, r)
    exp = {x[0] for x in L} | {x[1] for x in L} | own
    keep = {fact(a, v, ds, met) for a, v in L} | {fact(m, v, ds, met) for v in own}
    remove = removed_beating(gr, ds, met, None, r, {v for _, v in L})
    b = board(gr, ds, met, None, r)
    newest = max(b, key=lambda x: first_year(gr, x, ds, met, r))
    c_exp = {newest} | b[newest]
    c_verdict = "SUPPORTED" if newest == m else verdict
    return out(exp, verdict, keep, remove, None, c_exp, c_verdict, [newest, "SUPPORTED"], ["wendrel s"])


def claim_not_held(gr, r, spelled, ds, met, claimed):
    """A claim about a variant the graph lacks: UNCERTAIN, with the board's best when the number is beyond it."""
    sib = not_held(gr, spelled, "model")
    L = leaders(gr, ds, met, None, r)
    beyond = all(better(claimed, v, met) for _, v in L)
    exp = ({a for a, _ in L} | {v for _, v in L}) if beyond else set()
    keep = {fact(a, v, ds, met) for a, v in L} if beyond else set()
    return sib, exp, keep


def vj03(gr, r):
    ds, met = exact(gr, "Corvalla-Ice", "dataset"), "F1"
    sib, exp, keep = claim_not_held(gr, r, "Quillon-XXL", ds, met, "90")
    sv = surviving(gr, sib, ds, met, None, r)
    c_verdict = "REFUTED" if all(float(v) < 90 for v in sv) else "SUPPORTED"
    return out(exp, "UNCERTAIN", keep, [], None, sv, c_verdict, [sib, "89.9", c_verdict], ["Quillon-XXL"])


def vj04(gr, r):
    m = held_variant(gr, "Brackwater U-Net", "model")
    ds, met = exact(gr, "Corvalla-Ice", "dataset"), "F1"
    own = surviving(gr, m, ds, met, None, r)
    if own != {"91.2"} or first_year(gr, m, ds, met, r) != 2017:
        raise Bad("Brackwater-UNet's 91.2 from 2017 is not what the graph holds")
    L = leaders(gr, ds, met, None, r)
    verdict = "SUPPORTED" if {a for a, _ in L} == {m} else "REFUTED"
    exp = {a for a, _ in L} | {v for _, v in L}
    keep = {fact(a, v, ds, met) for a, v in L}
    remove = removed_beating(gr, ds, met, None, r, {v for _, v in L})
    # careless: the conflict rule skipped, the raw maximum read as the best
    raw = max(((x["clean"], x["model"]) for x in gr.rows if x["dataset"] == ds and x["metric"] == met and x["clean"]),
              key=lambda t: float(t[0]))
    c_verdict = "SUPPORTED" if raw[1] == m else "REFUTED"
    return out(exp, verdict, keep, remove, None, {raw[1], raw[0]}, c_verdict, [raw[1], raw[0], c_verdict],
               ["Brackwater U-Net"])


def vj05(gr, r):
    q = held_variant(gr, "quillon xl", "model")
    t = exact(gr, "Tavrosa", "model")
    ds, met = exact(gr, "BenchMira", "dataset"), "Accuracy"
    vq, vt = surviving(gr, q, ds, met, None, r), surviving(gr, t, ds, met, None, r)
    exp = {q, t} | vq | vt
    keep = {fact(q, v, ds, met) for v in vq} | {fact(t, v, ds, met) for v in vt}
    remove = {fact(t, x["clean"], ds, met) for x in gr.rows if x["model"] == t and x["dataset"] == ds
              and x["clean"] not in vt}
    # careless: one value of the close conflict, the newest paper's (the re-run in the Quillon-XL paper)
    vy = value_years(gr, t, ds, met, None, r)
    newest_v = max(vy, key=lambda v: max(vy[v]))
    return out(exp, None, keep, remove, None, {q, t, newest_v} | vq, None, [newest_v, "86.1"], ["quillon xl"])


def vj06(gr, r):
    sib = not_held(gr, "Dastrup-8 Chorus", "dataset")
    L = leaders(gr, sib, "Word Error Rate", None, r)
    c = {a for a, _ in L} | {v for _, v in L}
    return out([], None, [], [], None, c, None, sorted(c) + [sib], ["Dastrup-8 Chorus"])


def value_question(gr, r, spelled_m, spelled_d, met, mode_m="variant", mode_d="variant"):
    m = held_variant(gr, spelled_m, "model") if mode_m == "variant" else exact(gr, spelled_m, "model")
    ds = held_variant(gr, spelled_d, "dataset") if mode_d == "variant" else exact(gr, spelled_d, "dataset")
    s = surviving(gr, m, ds, met, None, r)
    keep = {fact(m, v, ds, met) for v in s}
    rawv = {x["clean"] for x in gr.rows if (x["model"], x["dataset"], x["metric"]) == (m, ds, met) and x["clean"]}
    remove = {fact(m, v, ds, met) for v in rawv if not any(float(v) == float(k) for k in s)}
    own = {x["clean"] for x in gr.rows if (x["model"], x["dataset"], x["metric"]) == (m, ds, met) and x["clean"]
           and x["paper"] == intro_paper(gr, m)}
    return m, ds, s, keep, remove, own


def vj07(gr, r):
    m, ds, s, keep, remove, own = value_question(gr, r, "trillbert", "dastrup 7 chorus", "Word Error Rate")
    return out(s, None, keep, remove, None, own, None, sorted(own), ["trillbert", "dastrup 7 chorus"])


def vj08(gr, r):
    m, ds, s, keep, remove, own = value_question(gr, r, "FENNICK RNN", "Dastrup-7 Chorus", "Word Error Rate",
                                                 mode_d="exact")
    return out(s, None, keep, remove, None, own, None, sorted(own), ["FENNICK RNN", "Dastrup-7 Chorus"])


def vj09(gr, r):
    ds, met = exact(gr, "Dastrup-7 Chorus", "dataset"), "Word Error Rate"
    sib, exp, keep = claim_not_held(gr, r, "Fennick-Transformer", ds, met, "inf")
    w = surviving(gr, exact(gr, "Warbleon", "model"), ds, met, None, r)
    sv = surviving(gr, sib, ds, met, None, r)
    c_verdict = "REFUTED" if all(not better(a, b, met) for a in sv for b in w) else "SUPPORTED"
    return out([], "UNCERTAIN", [], [], None, sv, c_verdict, [sib] + sorted(sv) + [c_verdict], ["Fennick-Transformer"])


def vj10(gr, r):
    c = held_variant(gr, "corrasine", "model")
    ds = held_variant(gr, "dastrup 7 chorus", "dataset")
    p = exact(gr, "Plumaro", "model") if "Plumaro" in gr.models else None
    met = "Word Error Rate"
    if not first_year(gr, c, ds, met, r) > first_year(gr, p, ds, met, r):
        raise Bad("Corrasine's result is not the newer one")
    vc, vp = surviving(gr, c, ds, met, None, r), surviving(gr, p, ds, met, None, r)
    if all(better(a, b, met) for a in vc for b in vp):
        verdict = "SUPPORTED"
    elif all(better(b, a, met) for a in vc for b in vp):
        verdict = "REFUTED"
    else:
        verdict = "UNCERTAIN"
    c_verdict = "SUPPORTED" if all(float(a) > float(b) for a in vc for b in vp) else "REFUTED"  # direction reversed
    keep = {fact(c, v, ds, met) for v in vc} | {fact(p, v, ds, met) for v in vp}
    return out(vc | vp, verdict, keep, [], None, vc | vp, c_verdict, [c_verdict], ["corrasine", "dastrup 7 chorus"])


def vj11(gr, r):
    m, ds, s, keep, remove, own = value_question(gr, r, "murrelet mt", "mirelle subtitles", "chrF")
    return out(s, None, keep, remove, None, own, None, sorted(own), ["murrelet mt", "mirelle subtitles"])


def vj12(gr, r):
    m = held_variant(gr, "murrelet mt", "model")
    ds, met = held_variant(gr, "orrenby parallel corpus", "dataset"), "BLEU"
    if {a for a, _ in leaders(gr, ds, met, 2022, r)} != {m}:
        raise Bad("Murrelet-MT did not lead Orrenby as of 2022")
    b = board(gr, ds, met, None, r)
    mine = b[m]
    ahead, mixed = set(), set()
    for x, vs in b.items():
        if x == m:
            continue
        wins = [better(v, w, met) for v in vs for w in mine]
        if all(wins):
            ahead.add(x)
        elif any(wins):
            mixed.add(x)
    if mixed:
        raise Ambig(f"a close conflict straddles Murrelet-MT's value: {mixed}")
    exp = ahead | {v for x in ahead for v in b[x]}
    keep = {fact(x, v, ds, met) for x in ahead for v in b[x]}
    # careless: the scores compared as strings
    sm = {x["model"]: x["raw"].strip() for x in gr.rows if x["dataset"] == ds and x["metric"] == met and x["clean"]
          and x["model"] != m and x["raw"].strip() > "34.2"}
    c = set(sm) | set(sm.values())
    return out(exp, None, keep, [], None, c, None, sorted(c), ["murrelet mt", "orrenby parallel corpus"])


def vj13(gr, r):
    m = held_variant(gr, "ostrada t", "model")
    ds = held_variant(gr, "mirelle subtitles", "dataset")
    rows = [x for x in gr.rows if (x["model"], x["dataset"], x["metric"]) == (m, ds, "chrF")]
    if not rows:
        raise Bad("no Ostrada-T row on Mirelle Subtitles")
    exp = {x["clean"] for x in rows if x["clean"]}
    c = {x["raw"] for x in rows}
    return out(exp, None, [], [], None, c, None, sorted(c), ["ostrada t", "mirelle subtitles"])


def took_record(gr, m, ds, met, y, r):
    """'m took the record on ds in y', read as of y and as published in y; both must agree."""
    now_l = {a for a, _ in leaders(gr, ds, met, y, r)}
    before_l = {a for a, _ in leaders(gr, ds, met, y - 1, r)}
    as_of = now_l == {m} and m not in before_l
    published = first_year(gr, m, ds, met, r) == y and now_l == {m}
    if as_of != published:
        raise Ambig("the two readings of 'in Y' differ")
    return as_of


def vj14(gr, r):
    ds, met = exact(gr, "Orrenby Parallel Corpus", "dataset"), "BLEU"
    sib, exp, keep = claim_not_held(gr, r, "Ostrada-XL", ds, met, "-inf")
    c_verdict = "SUPPORTED" if took_record(gr, sib, ds, met, 2020, r) else "REFUTED"
    sv = surviving(gr, sib, ds, met, None, r)
    return out([], "UNCERTAIN", [], [], None, {sib} | sv, c_verdict, [sib, c_verdict], ["Ostrada-XL"])


def leader_claim_as_of(gr, r, m, ds, met, anchor):
    L = leaders(gr, ds, met, anchor, r)
    lm = {a for a, _ in L}
    verdict = "SUPPORTED" if lm == {m} else ("REFUTED" if m not in lm else "UNCERTAIN")
    exp = lm | {v for _, v in L}
    keep = {fact(a, v, ds, met) for a, v in L}
    remove = removed_beating(gr, ds, met, anchor, r, {v for _, v in L})
    return L, verdict, exp, keep, remove


def vj15(gr, r):
    m = held_variant(gr, "OSTRADA T", "model")
    ds, met = held_variant(gr, "orrenby parallel corpus", "dataset"), "BLEU"
    L, verdict, exp, keep, remove = leader_claim_as_of(gr, r, m, ds, met, 2020)
    Lc = leaders(gr, ds, met, None, r)              # careless: the anchor ignored
    c_verdict = "SUPPORTED" if {a for a, _ in Lc} == {m} else "REFUTED"
    c_exp = {a for a, _ in Lc} | {v for _, v in Lc}
    s = max((x for x in gr.rows if x["dataset"] == ds and x["metric"] == met and x["clean"]), key=lambda x: x["raw"])
    return out(exp, verdict, keep, remove, 2020, c_exp, c_verdict, sorted(c_exp) + [s["model"], c_verdict],
               ["OSTRADA T", "orrenby parallel corpus"])


def vj16(gr, r):
    m = held_variant(gr, "UNDERTOW GNN", "model")
    p = intro_paper(gr, m)
    ys = [str(y) for y in gr.papers[p]["p29"] if y > 12]
    dois = gr.papers[p]["dois"]
    exp = set(ys) | set(dois)
    return out(exp, None, [], [], None, set(ys) | set(dois[:1]), None, [dois[0]], ["UNDERTOW GNN"])


def vj17(gr, r):
    ds = held_variant(gr, "sealbrook turbine logs", "dataset")
    met = "F1"
    sib, exp, keep = claim_not_held(gr, r, "Undertow-GAT", ds, met, "86")
    vy = value_years(gr, sib, ds, met, None, r)
    c_verdict = "SUPPORTED" if any(float(v) == 86 and len(ys) >= 1 for v, ys in vy.items()) else "REFUTED"
    n = max(len(ys) for ys in vy.values())
    return out(exp, "UNCERTAIN", keep, [], None, set(vy), c_verdict, [sib, c_verdict] + ([] if n < 2 else ["two papers"]),
               ["Undertow-GAT", "sealbrook turbine logs"])


def vj18(gr, r):
    sib = not_held(gr, "Kelpwatch-Skagerrak", "dataset")
    rows = [x for x in gr.rows if x["dataset"] == sib and x["metric"] == "Mean IoU" and x["clean"]]
    top = max(rows, key=lambda x: float(x["clean"]))
    return out([], None, [], [], None, {top["model"], top["clean"]}, None, [top["model"], top["clean"], sib],
               ["Kelpwatch-Skagerrak"])


def vj19(gr, r):
    m = held_variant(gr, "pellucid km", "model")
    ds, met = held_variant(gr, "kelpwatch norrland", "dataset"), "Mean IoU"
    fy = first_year(gr, m, ds, met, r)
    if {a for a, _ in leaders(gr, ds, met, fy, r)} != {m}:
        raise Bad("Pellucid-KM never led Kelpwatch-Norrland ('still on top' has no premise)")
    L, verdict, exp, keep, remove = leader_claim_as_of(gr, r, m, ds, met, 2017)
    Lc = leaders(gr, ds, met, 2017, r.careless_month())     # careless: the month 3 read as the year 3
    c_verdict = "SUPPORTED" if {a for a, _ in Lc} == {m} else "REFUTED"
    c_exp = {a for a, _ in Lc} | {v for _, v in Lc}
    return out(exp, verdict, keep, remove, 2017, c_exp, c_verdict, sorted(c_exp), ["pellucid km", "kelpwatch norrland"])


def vj20(gr, r):
    ds, met = held_variant(gr, "Sealbrook turbine-logs", "dataset"), "F1"
    anchor = 2020

    def answer(rr):
        L = leaders(gr, ds, met, anchor, rr)
        titles = set()
        for a, v in L:
            for x in gr.rows:
                if (x["model"], x["dataset"], x["metric"]) == (a, ds, met) and x["clean"] and float(x["clean"]) == float(v):
                    y = year(gr, x["paper"], rr)
                    if y is not None and y <= anchor:
                        titles.add(gr.title(x["paper"]))
        return L, titles

    L, titles = answer(r)
    exp = {a for a, _ in L} | {v for _, v in L} | titles
    keep = {fact(a, v, ds, met) for a, v in L}
    remove = removed_beating(gr, ds, met, anchor, r, {v for _, v in L})
    Lc, tc = answer(r.careless_month())                # careless: the month 11 read as the year 11
    c_exp = {a for a, _ in Lc} | {v for _, v in Lc} | tc
    return out(exp, None, keep, remove, anchor, c_exp, None, sorted({a for a, _ in Lc} | {v for _, v in Lc}),
               ["Sealbrook turbine-logs"])


COMPUTERS = {f"VJ{i:02d}": globals()[f"vj{i:02d}"] for i in range(1, 21)}
GRAPH_OF = {f"VJ{i:02d}": f"g{(i - 1) // 5 + 1}.ttl" for i in range(1, 21)}


# ------------------------------------------------------------------------------------------------ checks
FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")


def words(s):
    return {w.strip(".-'") for w in re.findall(r"[a-z0-9.\-']+", s.lower())} - {""}


def jaccard(a, b):
    a, b = words(a), words(b)
    return len(a & b) / len(a | b) if a | b else 0.0


def parts(notes):
    m = re.match(r"^Right answer:(.*?)Why:(.*?)Careless answer:(.*)$", notes, re.S)
    return (m.group(1), m.group(2), m.group(3)) if m else None


def check_fact(qid, gr, f):
    m = FACT_RE.match(f)
    if not m:
        fail(qid, f"fact '{f}' is not 'Model scores V on Dataset by Metric'")
        return None
    model, v, ds, met = m.groups()
    if clean(v) != v or v.endswith("%"):
        fail(qid, f"fact '{f}': V is not clean")
    if not any((x["model"], x["dataset"], x["metric"]) == (model, ds, met) and x["clean"] is not None
               and float(x["clean"]) == float(v) for x in gr.rows if clean(v) is not None):
        fail(qid, f"fact '{f}' does not exist in {gr.name}")
        return None
    return model, v, ds, met


SECOND = []  # (graph, model, ds, met, anchor, ours) for the second opinion


def check_question(q, dev_questions):
    qid = q["id"]
    gr = G(q["graph"])
    n0 = len(FAILS)
    comp = COMPUTERS[qid]
    outs = {}
    try:
        for r in readings(gr):
            o = comp(gr, r)
            outs.setdefault(json.dumps(o, sort_keys=True), o)
    except Ambig as e:
        fail(qid, f"depends on a detail the rules leave open: {e}")
        return
    except Bad as e:
        fail(qid, f"a premise does not hold: {e}")
        return
    if len(outs) != 1:
        fail(qid, f"the answer changes across readings ({len(outs)} different answers)")
        return
    o = next(iter(outs.values()))
    for k in ("expected", "must_keep", "must_remove"):
        if sorted(q[k]) != o[k]:
            fail(qid, f"{k} is {q[k]}, the graph gives {o[k]}")
    if q["verdict"] != o["verdict"]:
        fail(qid, f"verdict is {q['verdict']!r}, the graph gives {o['verdict']!r}")
    # the careless answer differs from the right one, the file's answer is not the careless one
    right = (o["expected"], o["verdict"])
    careless = (o["careless"]["expected"], o["careless"]["verdict"])
    if right == careless:
        fail(qid, "the careless answer the computer works out equals the right one")
    if (sorted(q["expected"]), q["verdict"]) == careless:
        fail(qid, f"the file's answer {q['expected']} / {q['verdict']} is the careless one")
    pr = parts(q["notes"])
    if not pr:
        fail(qid, "notes lack 'Right answer:', 'Why:', 'Careless answer:' in that order")
    else:
        for s in q["expected"]:
            if s not in pr[0]:
                fail(qid, f"expected string '{s}' missing from the notes' Right answer")
        if q["verdict"] and q["verdict"] not in pr[0]:
            fail(qid, f"verdict {q['verdict']} missing from the notes' Right answer")
        for s in o["c_strings"]:
            if s not in pr[2]:
                fail(qid, f"the careless answer's '{s}' is not named after 'Careless answer:'")
    for s in o["spelled"]:
        if s not in q["question"]:
            fail(qid, f"the question does not write '{s}' as its computer reads it")
    for s in q["expected"]:
        if not gr.valid_string(s):
            fail(qid, f"expected string '{s}' is not a label, title, DOI, valid year or clean value of {gr.name}")
    anchor = o["anchor"]
    for kind in ("must_keep", "must_remove"):
        for f in q[kind]:
            parsed = check_fact(qid, gr, f)
            if not parsed:
                continue
            model, v, ds, met = parsed
            bad = 0
            rs = readings(gr)
            for r in rs:
                try:
                    s = surviving(gr, model, ds, met, anchor, r)
                except Ambig as e:
                    fail(qid, f"{kind} '{f}': {e}")
                    break
                inside = any(float(v) == float(x) for x in s)
                if (kind == "must_keep") != inside:
                    bad += 1
            if bad:
                what = "does not survive" if kind == "must_keep" else "survives"
                fail(qid, f"{kind} '{f}' {what} at anchor {anchor} in {bad} of {len(rs)} readings")
            SECOND.append((q["graph"], model, ds, met, anchor, qid))
    for dq in dev_questions:
        j = jaccard(q["question"], dq)
        if j > 0.6:
            fail(qid, f"Jaccard {j:.2f} with '{dq}' (bound 0.6)")
    if len(FAILS) == n0:
        print(f"ok {qid}")


def check_counts(qs):
    try:
        text = open(README, encoding="utf-8").read()
    except OSError as e:
        fail("README", f"cannot read README60.md: {e}")
        return
    if text.split("\n", 1)[0] != FIRST_LINE:
        fail("README", f"first line is {text.splitlines()[0]!r}, not {FIRST_LINE!r}")
    m = re.search(r"^## Counts\n(.*?)(?=^## )", text, re.S | re.M)
    if not m:
        fail("README", "no '## Counts' section")
        return
    tables = {}
    for block in re.split(r"\n\s*\n", m.group(1)):
        lines = [l for l in block.splitlines() if l.startswith("|")]
        if len(lines) < 3:
            continue
        head = lines[0].strip("|").split("|")[0].strip()
        rows = {}
        for l in lines[2:]:
            cells = [c.strip().strip("*") for c in l.strip().strip("|").split("|")]
            rows[cells[0]] = int(cells[1])
        tables[head] = rows
    from collections import Counter
    want = {
        "total": {"questions": len(qs), "claims": sum(1 for q in qs if q["verdict"])},
        "verdict": dict(Counter(q["verdict"] or "null" for q in qs)),
        "mechanism": dict(Counter(q["mechanism"] for q in qs)),
        "query type": dict(Counter(q["query_type"] for q in qs)),
        "graph": dict(Counter(q["graph"][:-4] for q in qs)),
    }
    for k, w in want.items():
        got = tables.get(k)
        if got is None:
            fail("README", f"Counts section has no '{k}' table")
            continue
        if got != w:
            diff = {x: (got.get(x, 0), w.get(x, 0)) for x in set(got) | set(w) if got.get(x, 0) != w.get(x, 0)}
            fail("README", f"Counts section differs (README, file) for '{k}': {diff}")


def second_opinion():
    sys.path.insert(0, TRUST)
    try:
        import check  # not read; only check.surviving, check.G and check.NOW are used
    except Exception as e:  # pragma: no cover
        fail("second-opinion", f"cannot import check.py: {e}")
        return
    now = check.NOW
    calls = agree = 0
    for gname, model, ds, met, anchor, qid in SECOND:
        gr = G(gname)
        ours = set()
        for rec, diff in itertools.product(("newest", "mean"), ("abs", "rel", "share")):
            for pk in itertools.product((0, 1), repeat=len(gr.two_year)):
                for und in ("count", "skip"):
                    ours.add(frozenset(float(v) for v in surviving(gr, model, ds, met, anchor,
                                                                   R(now, rec, diff, und, dict(zip(gr.two_year, pk))))))
        calls += 1
        try:
            theirs = check.surviving(check.G(gname), model, ds, met, anchor)
            tset = frozenset(float(x) for x in theirs[0])
        except AssertionError:
            tset = None
        if len(ours) == 1 and tset == next(iter(ours)):
            agree += 1
        else:
            fail(qid, f"second opinion: check.surviving gives {tset} for {model} on {ds} at {anchor}, "
                      f"ours {sorted(map(sorted, ours))}")
    print(f"second opinion: check.surviving agrees on {agree} of {calls} calls (check.NOW = {now})")


def main():
    try:
        lines = [l for l in open(FILE, encoding="utf-8").read().splitlines() if l.strip()]
        qs = [json.loads(l) for l in lines]
    except Exception as e:
        fail("FILE", f"cannot read {FILE}: {e}")
        qs = []
    dev = [json.loads(l) for l in open(os.path.join(TRUST, "trust-dev.jsonl"), encoding="utf-8") if l.strip()]
    fields = list(dev[0].keys())
    dev_q = [d["question"] for d in dev]
    ids = [f"VJ{i:02d}" for i in range(1, 21)]
    if [q.get("id") for q in qs] != ids:
        fail("FILE", f"ids are {[q.get('id') for q in qs]}, not VJ01-VJ20 in order")
    if len({q.get("id") for q in qs}) != len(qs):
        fail("FILE", "duplicate ids")
    if len({q.get("question") for q in qs}) != len(qs):
        fail("FILE", "duplicate questions")
    good = []
    for i, q in enumerate(qs):
        qid = q.get("id", f"line{i + 1}")
        ok = True
        if list(q.keys()) != fields:
            fail(qid, f"fields are {list(q.keys())}, not {fields}")
            ok = False
            continue
        if qid in GRAPH_OF and q["graph"] != GRAPH_OF[qid]:
            fail(qid, f"graph is {q['graph']}, should be {GRAPH_OF[qid]} (five per graph in order)")
            ok = False
        if q["query_type"] not in QTYPES:
            fail(qid, f"query_type {q['query_type']!r} not in the enum")
        if q["mechanism"] not in MECHS:
            fail(qid, f"mechanism {q['mechanism']!r} not in the enum")
        if (q["query_type"] == "claim_verification") != (q["verdict"] is not None):
            fail(qid, "a verdict must be set exactly on claim_verification")
        if q["verdict"] is not None and q["verdict"] not in VERDICTS:
            fail(qid, f"verdict {q['verdict']!r} not in the enum")
        for k in ("expected", "must_remove", "must_keep"):
            if not isinstance(q[k], list) or not all(isinstance(x, str) for x in q[k]):
                fail(qid, f"{k} is not a list of strings")
                ok = False
        if ok and qid in COMPUTERS:
            good.append(q)
    from collections import Counter
    gc = Counter(q.get("graph") for q in qs)
    if any(gc.get(f"g{i}.ttl", 0) != 5 for i in range(1, 5)):
        fail("FILE", f"not five questions per graph: {dict(gc)}")
    claims = [q for q in qs if q.get("verdict")]
    if not 6 <= len(claims) <= 10:
        fail("FILE", f"{len(claims)} claims, not 6-10")
    if {q["verdict"] for q in claims} != VERDICTS:
        fail("FILE", f"not every verdict is used: {sorted({q['verdict'] for q in claims})}")
    for q in good:
        check_question(q, dev_q)
    check_counts(qs)
    second_opinion()
    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
