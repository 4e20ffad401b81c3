#!/usr/bin/env python3
"""Checks trust-dev40.jsonl (UO01-UO20): two or three asks in one question.

Re-derives every question's expected strings, verdict, must_keep and must_remove from the fixture graphs
g1.ttl .. g4.ttl with its own rdflib code (one computer per question), for every current year 2025-2030 and
TRUST_NOW if set, and cross-checks every conflict it relies on against check.py's reference rules
(check.surviving, imported, not read). Also checks the fields, ids, duplicates, verdicts, anchors, the asks
of every question, counts, word lengths, and that every expected string and fact is in its graph.

    python3 check40.py                          # last line FAILURES: 0, exit 0
    UO_FILE=/tmp/copy.jsonl python3 check40.py  # check another copy
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
sys.path.insert(0, TRUST)
import check  # noqa: E402  (reference rules; only imported)
import rdflib  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FILE = os.environ.get("UO_FILE", os.path.join(HERE, "trust-dev40.jsonl"))
LAMBDA, THRESH = 0.08, 0.30
LOWER_BETTER = {"Word Error Rate"}
NOWS = sorted({int(os.environ["TRUST_NOW"]) if os.environ.get("TRUST_NOW") else datetime.date.today().year}
              | set(range(2025, 2031)))

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL", msg)


class Premise(Exception):
    pass


def need(cond, what):
    if not cond:
        raise Premise(what)


# ----------------------------------------------------------------------------------------------------------
# the graphs, read with rdflib
# ----------------------------------------------------------------------------------------------------------
PFX = """PREFIX orkgp: <http://orkg.org/orkg/predicate/>
PREFIX orkgc: <http://orkg.org/orkg/class/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
"""
Q_ROWS = PFX + """SELECT ?paper ?model ?ds ?met ?val ?prob WHERE {
  ?paper a orkgc:Paper ; orkgp:P31 ?c .
  ?c orkgp:HAS_BENCHMARK ?b . ?b orkgp:HAS_DATASET ?d . ?d rdfs:label ?ds .
  ?b orkgp:HAS_EVALUATION ?e . ?e orkgp:HAS_METRIC ?m . ?m rdfs:label ?met . ?e orkgp:HAS_VALUE ?val .
  OPTIONAL { ?c orkgp:HAS_MODEL ?mo . ?mo rdfs:label ?model }
  OPTIONAL { ?c orkgp:P32 ?p . ?p rdfs:label ?prob }
}"""
Q_PAPERS = PFX + """SELECT ?paper ?title ?y ?doi WHERE {
  ?paper a orkgc:Paper ; rdfs:label ?title .
  OPTIONAL { ?paper orkgp:P29 ?y } OPTIONAL { ?paper orkgp:P26 ?doi }
}"""
Q_LABELS = PFX + """SELECT ?kind ?l WHERE { ?x a ?kind ; rdfs:label ?l . }"""


def clean(raw):
    """'91.2%' -> (91.2, '91.2'); '27.3 ' -> (27.3, '27.3'); '-' -> (None, None)."""
    s = raw.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    if s in ("", "-"):
        return None, None
    return float(s), s


class KG:
    def __init__(self, name):
        self.name = name
        g = rdflib.Graph()
        g.parse(os.path.join(TRUST, name), format="turtle")
        self.g = g
        self.papers = {}
        for p, t, y, d in g.query(Q_PAPERS):
            rec = self.papers.setdefault(str(p), {"title": str(t), "raw": set(), "dois": set()})
            if y is not None:
                rec["raw"].add(int(y))
            if d is not None:
                rec["dois"].add(str(d))
        self.rows = []
        for p, m, ds, met, val, prob in g.query(Q_ROWS):
            num, txt = clean(str(val))
            self.rows.append(dict(paper=str(p), model=str(m) if m is not None else None, ds=str(ds), met=str(met),
                                  raw=str(val), num=num, txt=txt, prob=str(prob) if prob is not None else None))
        self.labels = {}
        for kind, l in g.query(Q_LABELS):
            self.labels.setdefault(str(kind).rsplit("/", 1)[-1], set()).add(str(l))
        self.text = set()
        for ls in self.labels.values():
            self.text |= ls
        for rec in self.papers.values():
            self.text.add(rec["title"])
            self.text |= rec["dois"]
            self.text |= {str(y) for y in rec["raw"]}
        for r in self.rows:
            self.text.add(r["raw"])
            if r["txt"]:
                self.text.add(r["txt"])
        self.ref = check.G(name)  # check.py's view of the same graph

    # ---- papers
    def valid(self, paper):
        """P29 values above 12 (1-12 is a month written under the year predicate)."""
        return sorted(y for y in self.papers[paper]["raw"] if y > 12)

    def paper(self, prefix):
        hits = [p for p, r in self.papers.items() if r["title"].startswith(prefix)]
        need(len(hits) == 1, f"one paper titled {prefix!r}...: {len(hits)}")
        return hits[0]

    def title(self, paper):
        return self.papers[paper]["title"]

    def worlds(self):
        """Every choice of one year for each paper that has two real years."""
        two = [p for p in self.papers if len(self.valid(p)) > 1]
        return [dict(zip(two, ys)) for ys in itertools.product(*[self.valid(p) for p in two])] or [{}]

    def year(self, paper, world):
        v = self.valid(paper)
        if len(v) > 1:
            return world[paper]
        return v[0] if v else None

    # ---- results
    def stated(self, model, ds, met):
        """num -> [(paper, clean text)] of the rows stating a numeric value."""
        out = {}
        for r in self.rows:
            if (r["model"], r["ds"], r["met"]) == (model, ds, met) and r["num"] is not None:
                out.setdefault(r["num"], []).append((r["paper"], r["txt"]))
        return out

    def txt(self, model, ds, met, num):
        ts = {t for _, t in self.stated(model, ds, met)[num]}
        need(len(ts) == 1, f"one clean text for {model} {num}")
        return ts.pop()

    def fact(self, model, ds, met, num):
        return f"{model} scores {self.txt(model, ds, met, num)} on {ds} by {met}"

    def papers_of(self, model, ds, met, num):
        return sorted({p for p, _ in self.stated(model, ds, met)[num]}, key=self.title)

    def first_year(self, model, ds, met, world):
        ys = [self.year(r["paper"], world) for r in self.rows
              if (r["model"], r["ds"], r["met"]) == (model, ds, met) and r["num"] is not None]
        ys = [y for y in ys if y is not None]
        return min(ys) if ys else None

    def models(self, ds, met):
        return sorted({r["model"] for r in self.rows if (r["ds"], r["met"]) == (ds, met) and r["num"] is not None})


GRAPHS = {n: KG(n) for n in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")}


# ----------------------------------------------------------------------------------------------------------
# the public trust rules
# ----------------------------------------------------------------------------------------------------------
def weight(years, npapers, ref):
    return math.exp(-LAMBDA * (ref - max(years))) * (1 + 0.8 * math.log(1 + npapers))


def resolve(vals, ref):
    """vals: num -> [(year, paper)]. A value's weight is the recency of its newest paper times corroboration;
    the weaker of two values is removed when the weights differ by more than 30% of the stronger."""
    if len(vals) == 1:
        return set(vals), "single"
    need(len(vals) == 2, "at most two values per result")
    w = {}
    for v, yp in vals.items():
        need(all(y is not None for y, _ in yp), "a conflicting value without a year")
        w[v] = weight([y for y, _ in yp], len({p for _, p in yp}), ref)
    hi, lo = sorted(w, key=w.get, reverse=True)
    if (w[hi] - w[lo]) / w[hi] > THRESH:
        return {hi}, "clear"
    return set(vals), "close"


def values(kg, model, ds, met, anchor, world):
    out = {}
    for r in kg.rows:
        if (r["model"], r["ds"], r["met"]) != (model, ds, met) or r["num"] is None:
            continue
        y = kg.year(r["paper"], world)
        if anchor is not None and (y is None or y > anchor):
            continue
        out.setdefault(r["num"], []).append((y, r["paper"]))
    return out


def surv(kg, model, ds, met, now, anchor=None, world=None, tolerant=False):
    """Surviving values: the set a reader must keep. With tolerant=True a conflict that check.py's readings
    do not settle gives every value as a possible reading (returned as a set of all its values)."""
    world = world if world is not None else kg.worlds()[0]
    vals = values(kg, model, ds, met, anchor, world)
    if not vals:
        return set()
    mine, status = resolve(vals, anchor if anchor is not None else now)
    if len(vals) > 1:
        check.NOW = now
        ref, rstatus, _ = check.surviving(kg.ref, model, ds, met, anchor=anchor)
        settled = ref == mine and "AMBIG" not in str(rstatus).upper()
        if not settled:
            if tolerant:
                return set(vals)
            raise Premise(f"conflict {model}/{ds}/{met} anchor={anchor} now={now}: mine {sorted(mine)} "
                          f"check {sorted(ref)} {rstatus}")
    return mine


def board(kg, ds, met, now, anchor=None, world=None, tolerant=False):
    out = {}
    for m in kg.models(ds, met):
        s = surv(kg, m, ds, met, now, anchor, world, tolerant)
        if s:
            out[m] = s
    return out


def beats(a, b, met):
    return a < b if met in LOWER_BETTER else a > b


def readings(bd):
    ms = sorted(bd)
    for combo in itertools.product(*[sorted(bd[m]) for m in ms]):
        yield dict(zip(ms, combo))


def top(reading, met):
    best = sorted(reading.items(), key=lambda kv: kv[1], reverse=met not in LOWER_BETTER)
    if len(best) > 1 and best[0][1] == best[1][1]:
        return None
    return best[0][0]


def sole_leader(bd, met):
    tops = {top(r, met) for r in readings(bd)}
    return tops.pop() if len(tops) == 1 and None not in tops else None


def above(bd, model, met):
    """Models whose every value beats every value of model."""
    return sorted(m for m in bd if m != model and all(beats(a, b, met) for a in bd[m] for b in bd[model]))


def naive_string_best(kg, ds, met):
    """A careless SPARQL MAX over the string values."""
    rows = [r for r in kg.rows if (r["ds"], r["met"]) == (ds, met)]
    return max(rows, key=lambda r: r["raw"])


def all_worlds(kg, fn):
    outs = [fn(w) for w in kg.worlds()]
    need(all(o == outs[0] for o in outs), "answer differs between the readings of a paper's two years")
    return outs[0]


def out(expected, verdict, keep, remove):
    return dict(expected=set(expected), verdict=verdict, must_keep=set(keep), must_remove=set(remove))


def fx(kg, model, ds, met, nums):
    return [kg.fact(model, ds, met, n) for n in sorted(nums)]


# ----------------------------------------------------------------------------------------------------------
# one computer per question
# ----------------------------------------------------------------------------------------------------------
BM, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
DC, HM, VD = "Dastrup-7 Chorus", "Hollenby Marsh Calls", "Veltmoor Dawn Set"
OR, QD, MS = "Orrenby Parallel Corpus", "Quenmark Dialogue Set", "Mirelle Subtitles"
SB, KN = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"


def newest_model(kg, ds, met, world):
    fy = {m: kg.first_year(m, ds, met, world) for m in kg.models(ds, met)}
    fy = {m: y for m, y in fy.items() if y is not None}
    last = max(fy.values())
    ms = [m for m, y in fy.items() if y == last]
    return ms[0] if len(ms) == 1 else None


def holder_since(kg, ds, met, now, world):
    bd = board(kg, ds, met, now, world=world)
    lead = sole_leader(bd, met)
    need(lead is not None, "a decided leader now")
    y = now
    while y > 1990 and sole_leader(board(kg, ds, met, now, anchor=y - 1, world=world), met) == lead:
        y -= 1
    return lead, y, bd


def uo01(now):
    kg = GRAPHS["g1.ttl"]
    w = kg.worlds()[0]
    lead, since, bd = holder_since(kg, BM, "Accuracy", now, w)
    need(since <= 2024, "the run started before the newest results")
    nm = newest_model(kg, BM, "Accuracy", w)
    need(nm != lead, "recency trap: the newest model is not the leader")
    rest = {m: v for m, v in bd.items() if m != lead}
    second = sole_leader(rest, "Accuracy")
    need(second == nm, "runner-up decided under every reading (and it is the newest model)")
    need(len(bd["Tavrosa"]) == 2, "Tavrosa's close conflict is on the board")
    return out([lead, *[kg.txt(lead, BM, "Accuracy", v) for v in bd[lead]], str(since),
                second, *[kg.txt(second, BM, "Accuracy", v) for v in bd[second]]], None,
               fx(kg, lead, BM, "Accuracy", bd[lead]) + fx(kg, second, BM, "Accuracy", bd[second]), [])


def uo02(now):
    kg = GRAPHS["g1.ttl"]
    m, claimed = "KestrelNet", 78.9
    allv = set(kg.stated(m, BM, "Accuracy"))
    s = surv(kg, m, BM, "Accuracy", now)
    need(claimed in allv and len(allv) == 2, "the claimed value is recorded, against another")
    verdict = "SUPPORTED" if s == {claimed} else ("REFUTED" if claimed not in s else "UNCERTAIN")
    own = kg.paper("KestrelNet:")
    need(own in kg.papers_of(m, BM, "Accuracy", claimed), "careless citation: its own paper states 78.9")
    cites = [kg.title(p) for v in s for p in kg.papers_of(m, BM, "Accuracy", v)]
    return out([kg.txt(m, BM, "Accuracy", v) for v in s] + cites, verdict,
               fx(kg, m, BM, "Accuracy", s), fx(kg, m, BM, "Accuracy", allv - s))


def uo03(now):
    kg = GRAPHS["g1.ttl"]
    m, met, claimed = "Brackwater-UNet", "F1", 91.2
    bd = board(kg, CI, met, now)
    verdict = "SUPPORTED" if sole_leader(bd, met) == m and bd[m] == {claimed} else "REFUTED"
    raws = {r["raw"] for r in kg.rows if (r["model"], r["ds"]) == (m, CI)}
    need("91.2%" in raws, "dirty spelling 91.2% on the board")
    allo = set(kg.stated("Orvalis-CNN", CI, met))
    removed = allo - bd["Orvalis-CNN"]
    need(removed and max(removed) > claimed, "a removed value that would top the board")
    need(kg.paper("Brackwater-UNet:") in kg.papers_of("Orvalis-CNN", CI, met, max(removed)),
         "the outlier is a row of the Brackwater-UNet paper")
    cites = [kg.title(p) for p in kg.papers_of(m, CI, met, claimed)]
    need(len(cites) == 2, "two papers state 91.2")
    return out([kg.txt(m, CI, met, claimed)] + cites, verdict,
               fx(kg, m, CI, met, bd[m]), fx(kg, "Orvalis-CNN", CI, met, removed))


def uo04(now):
    kg = GRAPHS["g1.ttl"]
    m, met = "Sallowmere", "Mean IoU"
    p = kg.paper("Sallowmere:")
    need(any(y <= 12 for y in kg.papers[p]["raw"]), "a month under P29")
    ys = kg.valid(p)
    need(len(ys) == 1, "one real year")
    y = ys[0]
    then = board(kg, SK, met, now, anchor=y)
    need(sole_leader(then, met) == m, "it led at the end of its year")
    before = board(kg, SK, met, now, anchor=y - 1)
    prev = sole_leader(before, met)
    need(prev is not None and prev != m, "a previous leader")
    need("Ymberline" in kg.models(SK, met) and kg.year(kg.paper("Ymberline:"), {}) is None, "an undated row")
    return out([str(y), *[kg.txt(m, SK, met, v) for v in then[m]],
                prev, *[kg.txt(prev, SK, met, v) for v in before[prev]]], None,
               fx(kg, m, SK, met, then[m]) + fx(kg, prev, SK, met, before[prev]), [])


def uo05(now):
    kg = GRAPHS["g1.ttl"]
    hay = [l.lower() for l in kg.text]
    need(not any("depth" in h for h in hay), "nothing about depth in the graph")
    need(any("crevasse" in h for h in hay), "a near miss: crevasse")
    return out([], None, [], [])


def uo06(now):
    kg = GRAPHS["g2.ttl"]
    met = "Word Error Rate"
    a, b = "Corrasine", "Plumaro"
    va, vb = surv(kg, a, DC, met, now), surv(kg, b, DC, met, now)
    w = kg.worlds()[0]
    need(kg.first_year(a, DC, met, w) > kg.first_year(b, DC, met, w), "the claimed winner is newer")
    need(all(x > y for x in va for y in vb), "the claimed winner has the larger number")
    if all(beats(x, y, met) for x in va for y in vb):
        verdict = "SUPPORTED"
    elif all(beats(y, x, met) for x in va for y in vb):
        verdict = "REFUTED"
    else:
        verdict = "UNCERTAIN"
    return out([kg.txt(a, DC, met, v) for v in va] + [kg.txt(b, DC, met, v) for v in vb], verdict,
               fx(kg, a, DC, met, va) + fx(kg, b, DC, met, vb), [])


def uo07(now):
    kg = GRAPHS["g2.ttl"]
    met = "Word Error Rate"
    bd = {m: surv(kg, m, VD, met, now) for m in ("Aviquist", "Corrasine")}
    need(len(bd["Aviquist"]) == 2, "close conflict kept")
    need(top_choice_open(bd, met), "the choice is open")
    exp, keep = [], []
    for m, vs in bd.items():
        for v in vs:
            exp.append(kg.txt(m, VD, met, v))
            exp += [kg.title(p) for p in kg.papers_of(m, VD, met, v)]
            keep.append(kg.fact(m, VD, met, v))
    return out(exp, None, keep, [])


def top_choice_open(bd, met):
    return sole_leader(bd, met) is None


def uo08(now):
    kg = GRAPHS["g2.ttl"]
    met, m = "Accuracy", "Chirpform"
    bd = board(kg, HM, met, now)
    need(bd[m] == set(kg.stated(m, HM, met)), "no conflict for Chirpform")
    ups = above(bd, m, met)
    need(set(ups) | {m} | set(x for x in bd if all(beats(b, a, met) for a in bd[x] for b in bd[m])) == set(bd),
         "every model is decided above or below")
    removed = set(kg.stated("Syrinxa", HM, met)) - bd["Syrinxa"]
    need(removed == {93.8}, "Syrinxa's outlier removed")
    fg = kg.paper("A Field Guide Benchmark")
    need(fg in kg.papers_of(m, HM, met, 85.0) and fg in kg.papers_of("Syrinxa", HM, met, 93.8),
         "the outlier sits in one of Chirpform's own papers")
    exp = [kg.txt(m, HM, met, v) for v in bd[m]] + [kg.title(p) for v in bd[m] for p in kg.papers_of(m, HM, met, v)]
    keep = fx(kg, m, HM, met, bd[m])
    for u in ups:
        exp += [u] + [kg.txt(u, HM, met, v) for v in bd[u]]
        keep += fx(kg, u, HM, met, bd[u])
    return out(exp, None, keep, fx(kg, "Syrinxa", HM, met, removed))


def uo09(now):
    kg = GRAPHS["g2.ttl"]
    met, x = "Word Error Rate", "Plumaro"
    w = kg.worlds()[0]
    anchor = kg.first_year(x, DC, met, w) - 1
    then = board(kg, DC, met, now, anchor=anchor)
    prev = sole_leader(then, met)
    need(prev is not None, "a decided holder before")
    xv = surv(kg, x, DC, met, now)
    need(all(beats(a, b, met) for a in xv for b in then[prev]), "the model improved on it under every reading")
    need(len(then[prev]) == 2, "a close conflict at the anchor")
    cor = kg.paper("Corrasine:")
    need(kg.year(cor, w) <= anchor < kg.first_year("Corrasine", DC, met, w),
         "trap: Corrasine's own paper is inside the anchor, its Dastrup-7 result is not")
    now_bd = board(kg, DC, met, now)
    later = [m for m in now_bd if m != x and m not in then
             and all(beats(a, b, met) for a in now_bd[m] for b in then[prev])]
    remove = [f for m in later for f in fx(kg, m, DC, met, now_bd[m])]
    return out([prev, *[kg.txt(prev, DC, met, v) for v in then[prev]], *[kg.txt(x, DC, met, v) for v in xv]],
               None, fx(kg, prev, DC, met, then[prev]) + fx(kg, x, DC, met, xv), remove)


def uo10(now):
    kg = GRAPHS["g2.ttl"]
    met = "Accuracy"
    w = kg.worlds()[0]
    first = min(kg.first_year(m, HM, met, w) for m in kg.models(HM, met))
    surely, possibly = set(), set()
    for y in list(range(first, now)) + [None]:
        bd = board(kg, HM, met, now, anchor=y, tolerant=True)
        tops = {top(r, met) for r in readings(bd)}
        possibly |= tops - {None}
        if len(tops) == 1 and None not in tops:
            surely |= tops
    need(surely == possibly, "the set of holders is the same under every reading")
    bd = board(kg, HM, met, now)
    lead = sole_leader(bd, met)
    need(lead is not None, "a decided leader now")
    need("Chirpform" not in surely, "Chirpform never led")
    removed = set(kg.stated("Syrinxa", HM, met)) - bd["Syrinxa"]
    need(removed, "Syrinxa's outlier removed now")
    exp = sorted(surely) + [kg.txt(lead, HM, met, v) for v in bd[lead]]
    papers = {p for v in bd[lead] for p in kg.papers_of(lead, HM, met, v)}
    need(len(papers) == 1, "the leader's number rests on one paper")
    exp += [kg.title(p) for p in papers]
    need(kg.paper("Plumaro:") in kg.papers_of("Syrinxa", HM, met, 88.3), "trap: the Plumaro paper restates Syrinxa")
    return out(exp, None, fx(kg, lead, HM, met, bd[lead]), fx(kg, "Syrinxa", HM, met, removed))


def uo11(now):
    kg = GRAPHS["g3.ttl"]
    prob = "Vendish-English Translation"
    dss = sorted({r["ds"] for r in kg.rows if r["prob"] == prob})
    need(QD not in dss, "Quenmark is another problem's")
    npap = {d: len({r["paper"] for r in kg.rows if r["ds"] == d and r["num"] is not None}) for d in dss}
    nmod = {d: len({r["model"] for r in kg.rows if r["ds"] == d and r["num"] is not None}) for d in dss}
    pop = max(npap, key=npap.get)
    need(sorted(npap.values())[-1] > sorted(npap.values())[-2], "one most reported dataset")
    need(max(nmod, key=nmod.get) == pop, "most models too")
    mets = {r["met"] for r in kg.rows if r["ds"] == pop}
    need(len(mets) == 1, "one metric on it")
    met = mets.pop()
    bd = board(kg, pop, met, now)
    lead = sole_leader(bd, met)
    need(naive_string_best(kg, pop, met)["model"] == "Lexmarrow", "string-sort trap")
    return out(dss + [lead] + [kg.txt(lead, pop, met, v) for v in bd[lead]], None, fx(kg, lead, pop, met, bd[lead]), [])


def uo12(now):
    kg = GRAPHS["g3.ttl"]
    m, met = "Murrelet-MT", "BLEU"
    p = kg.paper("Murrelet-MT:")
    ys = kg.valid(p)
    need(len(ys) == 1 and len(kg.papers[p]["dois"]) == 2, "one year, two DOIs")
    y = ys[0]
    then = board(kg, QD, met, now, anchor=y)
    need(sole_leader(then, met) == m, "it led at the end of its year")
    bd = board(kg, QD, met, now)
    lead = sole_leader(bd, met)
    need(lead not in (None, m), "superseded since")
    return out([str(y), *[kg.txt(m, QD, met, v) for v in then[m]], lead, *[kg.txt(lead, QD, met, v) for v in bd[lead]]],
               None, fx(kg, m, QD, met, then[m]) + fx(kg, lead, QD, met, bd[lead]), [])


def uo13(now):
    kg = GRAPHS["g3.ttl"]
    met, a, b = "chrF", "Nerrisa", "Murrelet-MT"
    va, vb = surv(kg, a, MS, met, now), surv(kg, b, MS, met, now)
    need(len(vb) == 2, "close conflict kept")
    if all(beats(x, y, met) for x in va for y in vb):
        verdict = "SUPPORTED"
    elif all(beats(y, x, met) for x in va for y in vb):
        verdict = "REFUTED"
    else:
        verdict = "UNCERTAIN"
    return out([kg.txt(a, MS, met, v) for v in va] + [kg.txt(b, MS, met, v) for v in vb], verdict,
               fx(kg, a, MS, met, va) + fx(kg, b, MS, met, vb), [])


def uo14(now):
    kg = GRAPHS["g3.ttl"]
    m = "Halverin"
    own = kg.paper("Halverin:")
    exp, keep = [], []
    for ds, met in ((OR, "BLEU"), (MS, "chrF")):
        s = surv(kg, m, ds, met, now)
        need(len(s) == 1, "one value")
        v = next(iter(s))
        exp.append(kg.txt(m, ds, met, v))
        exp += [kg.title(p) for p in kg.papers_of(m, ds, met, v)]
        keep += fx(kg, m, ds, met, s)
    need(own not in kg.papers_of(m, MS, "chrF", 48.2), "trap: its own paper does not state the chrF value")
    need(any(r["raw"] == "27.3 " for r in kg.rows), "trailing space stored")
    return out(exp, None, keep, [])


def uo15(now):
    kg = GRAPHS["g3.ttl"]
    m, met, anchor = "Ostrada-T", "BLEU", 2021
    then = board(kg, OR, met, now, anchor=anchor)
    verdict = "SUPPORTED" if sole_leader(then, met) == m else "REFUTED"
    need(not any(kg.year(r["paper"], {}) == anchor for r in kg.rows if r["ds"] == OR),
         "no Orrenby result published in the anchor year itself")
    dash = [r for r in kg.rows if (r["model"], r["ds"]) == (m, MS)]
    need(len(dash) == 1 and dash[0]["num"] is None and dash[0]["paper"] == kg.paper("Ostrada-T:"),
         "the Ostrada-T paper's Mirelle row is '-'")
    need(naive_string_best(kg, OR, met)["model"] == "Lexmarrow", "string-sort trap")
    bd = board(kg, OR, met, now)
    w = kg.worlds()[0]
    remove = [kg.fact(x, OR, met, v) for x in bd for v in bd[x]
              if x not in then and kg.first_year(x, OR, met, w) > anchor and all(beats(v, b, met) for b in then[m])]
    return out([kg.txt(m, OR, met, v) for v in then[m]], verdict, fx(kg, m, OR, met, then[m]), remove)


def uo16(now):
    kg = GRAPHS["g4.ttl"]
    m, met = "Tidewick", "F1"
    p = kg.paper("Tidewick:")
    ys = kg.valid(p)
    need(len(ys) == 2, "two real years")
    exp, keep, answers = [str(y) for y in ys], set(), set()
    for w in kg.worlds():
        y = w[p]
        bd = board(kg, SB, met, now, anchor=y, world=w)
        lead = sole_leader(bd, met)
        answers.add(lead == m)
        keep |= set(fx(kg, m, SB, met, bd[m]))
        if lead != m:
            exp += [lead] + [kg.txt(lead, SB, met, v) for v in bd[lead]]
            keep |= set(fx(kg, lead, SB, met, bd[lead]))
    need(answers == {True, False}, "the answer depends on the year")
    return out(exp, None, keep, [])


def uo17(now):
    kg = GRAPHS["g4.ttl"]
    met = "Mean IoU"
    exp, keep, leads = [], [], []

    def at(w, y):
        bd = board(kg, KN, met, now, anchor=y, world=w)
        lead = sole_leader(bd, met)
        return lead, tuple(sorted(bd[lead]))

    for y in (2016, 2020):
        lead, vs = all_worlds(kg, lambda w: at(w, y))
        leads.append((lead, vs))
        exp += [lead] + [kg.txt(lead, KN, met, v) for v in vs]
        keep += fx(kg, lead, KN, met, vs)
    d = kg.paper("Driftmere:")
    need(kg.valid(d) == [] and kg.papers[d]["raw"], "Driftmere has only a month")
    bd = board(kg, KN, met, now)
    w = kg.worlds()[0]
    last_lead, last_vs = leads[-1]
    remove = [kg.fact(x, KN, met, v) for x in bd for v in bd[x]
              if x not in {l for l, _ in leads}
              and (kg.first_year(x, KN, met, w) is None or kg.first_year(x, KN, met, w) > 2020)
              and all(beats(v, b, met) for b in last_vs)]
    need(max(bd, key=lambda x: max(bd[x])) == "Driftmere", "careless: Driftmere on top if its month is a year")
    return out(exp, None, keep, remove)


def uo18(now):
    kg = GRAPHS["g4.ttl"]
    m = "Marrowfen"
    exp, keep = [], []
    for ds, met in ((SB, "F1"), (KN, "Mean IoU")):
        s = surv(kg, m, ds, met, now)
        need(len(s) == 1, "one value")
        v = next(iter(s))
        exp.append(kg.txt(m, ds, met, v))
        exp += [kg.title(p) for p in kg.papers_of(m, ds, met, v)]
        keep += fx(kg, m, ds, met, s)
    need(kg.paper("Marrowfen:") not in kg.papers_of(m, KN, "Mean IoU", 55.2), "trap: own paper lacks the kelp value")
    need(len(kg.papers_of(m, SB, "F1", 78.4)) == 2, "two papers agree on 78.4")
    return out(exp, None, keep, [])


def uo19(now):
    kg = GRAPHS["g4.ttl"]
    met, m = "F1", "Undertow-GNN"

    def f(w):
        bd = board(kg, SB, met, now, world=w)
        return newest_model(kg, SB, met, w), sole_leader(bd, met), {k: tuple(sorted(v)) for k, v in bd.items()}

    nm, lead, bd = all_worlds(kg, f)
    need(nm == m, "the claimed model is the newest")
    verdict = "SUPPORTED" if lead == m else "REFUTED"
    need(any(y <= 12 for y in kg.papers[kg.paper("Selkora:")]["raw"]), "Selkora's P29 holds a month")
    return out([lead, *[kg.txt(lead, SB, met, v) for v in bd[lead]], *[kg.txt(m, SB, met, v) for v in bd[m]]],
               verdict, fx(kg, lead, SB, met, bd[lead]) + fx(kg, m, SB, met, bd[m]), [])


def uo20(now):
    kg = GRAPHS["g4.ttl"]
    met = "Mean IoU"
    d, k = kg.paper("Driftmere:"), kg.paper("Kelvane:")
    yd, yk = kg.valid(d), kg.valid(k)
    need(len(yk) == 1, "Kelvane has a year")
    if not yd:
        verdict = "UNCERTAIN"
    else:
        verdict = "SUPPORTED" if max(yd) < yk[0] else ("REFUTED" if min(yd) >= yk[0] else "UNCERTAIN")
    need(min(kg.papers[d]["raw"]) < yk[0], "careless: the month read as a year gives SUPPORTED")
    vd, vk = surv(kg, "Driftmere", KN, met, now), surv(kg, "Kelvane", KN, met, now)
    need(all(beats(a, b, met) for a in vd for b in vk), "Driftmere higher")
    return out([str(yk[0])] + [kg.txt("Driftmere", KN, met, v) for v in vd] + [kg.txt("Kelvane", KN, met, v) for v in vk],
               verdict, fx(kg, "Driftmere", KN, met, vd) + fx(kg, "Kelvane", KN, met, vk), [])


COMPUTERS = {f"UO{i:02d}": globals()[f"uo{i:02d}"] for i in range(1, 21)}

# anchors a question states (year -> phrase in the question), and the asks each message holds
ANCHORS = {"UO15": {2021: "as of 2021"}, "UO17": {2016: "as of 2016", 2020: "as of 2020"}}
ASKS = {
    "UO01": ["who currently", "since which year", "runner-up"],
    "UO02": ["doesn't it?", "which paper should I cite"],
    "UO03": ["right?", "Which papers report it"],
    "UO04": ["When did", "was Sallowmere the best", "whose result"],
    "UO05": ["Has anyone", "which model does best", "on what benchmark"],
    "UO06": ["Is Corrasine better", "how far behind"],
    "UO07": ["which has the lower WER", "which papers should I cite"],
    "UO08": ["what accuracy", "which papers back", "who sits above"],
    "UO09": ["who had the lowest WER", "by how much"],
    "UO10": ["which models have held", "Who holds it today", "more than one paper"],
    "UO11": ["Which datasets", "who is best"],
    "UO12": ["When did", "did it put", "is it still there"],
    "UO13": ["Is Nerrisa ahead", "how big is the gap"],
    "UO14": ["What does Halverin score", "which paper do I cite"],
    "UO15": ["correct?", "what chrF"],
    "UO16": ["When was", "was Tidewick the best"],
    "UO17": ["Who led", "who was ahead"],
    "UO18": ["What does Marrowfen get", "which papers should I cite"],
    "UO19": ["isn't it?", "who leads", "by how much"],
    "UO20": ["didn't it?", "which of the two"],
}
# kind of each must_remove fact: (a) removed by the conflict rules now, (c) after the question's anchor or undated
REMOVE_KIND = {"UO02": "a", "UO03": "a", "UO08": "a", "UO10": "a", "UO09": "c", "UO15": "c", "UO17": "c"}
CLAIM_ANCHOR = {"UO09": 2023}  # "before Plumaro came along": the board at the end of the year before its first result

QTYPES = {"claim_verification", "method_comparison", "paper_lookup", "topic_search", "method_usage", "dataset_search"}
MECHS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")


def parse_fact(kg, f):
    m = FACT_RE.match(f)
    if not m:
        return None
    model, v, rest, met = m.groups()
    for ds in sorted(kg.labels.get("Dataset", ()), key=len, reverse=True):
        if rest == ds:
            return model, v, ds, met
    return None


def main():
    with open(os.path.join(TRUST, "trust-dev.jsonl")) as f:
        fields = list(json.loads(f.readline()).keys())
    with open(os.path.join(TRUST, "trust-dev.jsonl")) as f:
        first_file = [json.loads(l)["question"] for l in f if l.strip()]
    with open(FILE) as f:
        lines = [l for l in f.read().splitlines() if l.strip()]
    qs = []
    for i, l in enumerate(lines):
        try:
            qs.append(json.loads(l))
        except json.JSONDecodeError as e:
            fail(f"line {i + 1}: not JSON ({e})")
    want_ids = [f"UO{i:02d}" for i in range(1, 21)]
    if [q.get("id") for q in qs] != want_ids:
        fail(f"ids are not UO01..UO20 in order: {[q.get('id') for q in qs]}")
    for key in ("id", "question"):
        vals = [q.get(key) for q in qs]
        for v in sorted({v for v in vals if vals.count(v) > 1}, key=str):
            fail(f"duplicate {key}: {v}")

    for q in qs:
        qid = q.get("id")
        if list(q.keys()) != fields:
            fail(f"{qid}: fields {list(q.keys())} != {fields}")
            continue
        kg = GRAPHS.get(q["graph"])
        if kg is None:
            fail(f"{qid}: graph {q['graph']!r}")
            continue
        if q["query_type"] not in QTYPES:
            fail(f"{qid}: query_type {q['query_type']}")
        if q["mechanism"] not in MECHS:
            fail(f"{qid}: mechanism {q['mechanism']}")
        is_claim = q["query_type"] == "claim_verification"
        if is_claim and q["verdict"] not in VERDICTS:
            fail(f"{qid}: claim without a verdict")
        if not is_claim and q["verdict"] is not None:
            fail(f"{qid}: verdict on a non-claim")
        for key in ("expected", "must_keep", "must_remove"):
            v = q[key]
            if not isinstance(v, list) or not all(isinstance(s, str) and s for s in v):
                fail(f"{qid}: {key} must be a list of non-empty strings")
            elif len(set(v)) != len(v):
                fail(f"{qid}: {key} has repeats")
        if not isinstance(q["notes"], str) or len(q["notes"]) < 40:
            fail(f"{qid}: notes missing")
        words = len(q["question"].split())
        if not 10 <= words <= 40:
            fail(f"{qid}: {words} words")
        if not q["question"].rstrip().endswith("?"):
            fail(f"{qid}: does not end with '?'")
        asks = ASKS.get(qid, [])
        if len(asks) < 2:
            fail(f"{qid}: fewer than two asks declared")
        for a in asks:
            if a not in q["question"]:
                fail(f"{qid}: ask marker {a!r} not in the question")
        years = {int(y) for y in re.findall(r"\b(19\d\d|20\d\d)\b", q["question"])}
        anchors = ANCHORS.get(qid, {})
        if years != set(anchors):
            fail(f"{qid}: years in the question {sorted(years)} != declared anchors {sorted(anchors)}")
        for y, phrase in anchors.items():
            if phrase not in q["question"]:
                fail(f"{qid}: anchor phrase {phrase!r} missing")
        for s in q["expected"]:
            if s not in kg.text:
                fail(f"{qid}: expected string {s!r} is not in {q['graph']}")
            elif s not in check.graph_text(kg.ref) and not any(s in t for t in kg.text):
                fail(f"{qid}: expected string {s!r} not in check.graph_text")
        if set(q["must_keep"]) & set(q["must_remove"]):
            fail(f"{qid}: a fact is in both must_keep and must_remove")
        for key in ("must_keep", "must_remove"):
            for f in q[key]:
                pf = parse_fact(kg, f)
                if pf is None:
                    fail(f"{qid}: malformed fact {f!r}")
                    continue
                model, v, ds, met = pf
                num, txt = clean(v)
                if txt != v or num not in kg.stated(model, ds, met) or not check.fact_exists(kg.ref, f):
                    fail(f"{qid}: fact not in the graph (clean form): {f!r}")
                    continue
                for now in NOWS:
                    try:
                        s = set()
                        for w in kg.worlds():
                            s |= surv(kg, model, ds, met, now, world=w)
                    except Premise as e:
                        fail(f"{qid}: {f!r}: {e}")
                        continue
                    w0 = kg.worlds()[0]
                    if key == "must_keep":
                        if num not in s:
                            fail(f"{qid}: must_keep {f!r} does not survive (now={now})")
                        for y in list(ANCHORS.get(qid, {})) + ([CLAIM_ANCHOR[qid]] if qid in CLAIM_ANCHOR else []):
                            if any(yy is not None and yy <= y for yy, _ in values(kg, model, ds, met, None, w0).get(num, [])):
                                if num not in surv(kg, model, ds, met, now, anchor=y):
                                    fail(f"{qid}: must_keep {f!r} does not survive under anchor {y}")
                    else:
                        kind = REMOVE_KIND.get(qid)
                        if kind == "a" and num in s:
                            fail(f"{qid}: must_remove {f!r} is not removed (kind a), now={now}")
                        elif kind == "c":
                            ys = [kg.first_year(model, ds, met, w) for w in kg.worlds()]
                            limit = max(list(ANCHORS.get(qid, {})) + ([CLAIM_ANCHOR[qid]] if qid in CLAIM_ANCHOR else []))
                            if not all(y is None or y > limit for y in ys):
                                fail(f"{qid}: must_remove {f!r} is not after the anchor (kind c)")
                        elif kind is None:
                            fail(f"{qid}: must_remove without a declared kind")
        # word overlap with the first development file
        ws = set(re.findall(r"[a-z0-9.-]+", q["question"].lower()))
        for other in first_file:
            wo = set(re.findall(r"[a-z0-9.-]+", other.lower()))
            if len(ws & wo) / len(ws | wo) >= 0.6:
                fail(f"{qid}: too close to a trust-dev.jsonl question: {other!r}")

        # re-derive the answer for every current year
        comp = COMPUTERS.get(qid)
        if comp is None:
            fail(f"{qid}: no computer")
            continue
        results = []
        for now in NOWS:
            try:
                results.append(comp(now))
            except Premise as e:
                fail(f"{qid}: premise failed (now={now}): {e}")
                break
            except Exception as e:  # a bug or a graph that changed
                fail(f"{qid}: computer raised {type(e).__name__}: {e} (now={now})")
                break
        else:
            if any(r != results[0] for r in results):
                fail(f"{qid}: the answer depends on the current year")
            r = results[0]
            got = dict(expected=set(q["expected"]), verdict=q["verdict"], must_keep=set(q["must_keep"]),
                       must_remove=set(q["must_remove"]))
            for key in ("expected", "verdict", "must_keep", "must_remove"):
                if got[key] != r[key]:
                    fail(f"{qid}: {key} is {sorted(got[key]) if isinstance(got[key], set) else got[key]!r}, "
                         f"derived {sorted(r[key]) if isinstance(r[key], set) else r[key]!r}")
            print(f"ok   {qid} {q['graph']} {q['mechanism']:<13} {q['query_type']:<18} {str(q['verdict']):<10} "
                  f"expected={sorted(r['expected'])}")

    # the first README's conflict table under this checker's reading, every current year
    table = [("g1.ttl", "KestrelNet", BM, "Accuracy", {74.1}), ("g1.ttl", "Orvalis-CNN", CI, "F1", {87.0}),
             ("g2.ttl", "Fennick-RNN", DC, "Word Error Rate", {21.7}), ("g2.ttl", "Syrinxa", HM, "Accuracy", {88.3}),
             ("g3.ttl", "Gannetron", OR, "BLEU", {18.9}), ("g1.ttl", "Tavrosa", BM, "Accuracy", {86.1, 85.4}),
             ("g2.ttl", "Trillbert", DC, "Word Error Rate", {9.4, 10.1}),
             ("g2.ttl", "Aviquist", VD, "Word Error Rate", {6.8, 7.9}),
             ("g2.ttl", "Warbleon", HM, "Accuracy", {79.5, 80.7}), ("g3.ttl", "Murrelet-MT", MS, "chrF", {55.1, 51.0})]
    for now in NOWS:
        for g, m, ds, met, want in table:
            try:
                got = surv(GRAPHS[g], m, ds, met, now)
            except Premise as e:
                fail(f"conflict table: {e}")
                continue
            if got != want:
                fail(f"conflict table: {m} on {ds} now={now}: {sorted(got)} != {sorted(want)}")

    # counts
    def count(key):
        c = {}
        for q in qs:
            c[str(q.get(key))] = c.get(str(q.get(key)), 0) + 1
        return dict(sorted(c.items()))

    for key in ("graph", "verdict", "mechanism", "query_type"):
        print(f"{key}: {count(key)}")
    if count("graph") != {"g1.ttl": 5, "g2.ttl": 5, "g3.ttl": 5, "g4.ttl": 5}:
        fail("not 5 questions per graph")
    claims = sum(q.get("query_type") == "claim_verification" for q in qs)
    if claims != 7:
        fail(f"{claims} claims, not 7")
    if set(count("mechanism")) != MECHS or min(count("mechanism").values()) < 2:
        fail("every mechanism at least twice")
    if set(count("query_type")) != QTYPES:
        fail("every query type at least once")
    if not VERDICTS <= set(count("verdict")):
        fail("every verdict at least once")
    print(f"questions: {len(qs)}; current years checked: {NOWS}")
    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
