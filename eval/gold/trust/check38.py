#!/usr/bin/env python3
"""Checks trust-dev38.jsonl (UM01-UM20): the presupposition inside the question.

Re-derives every question's expected answer, verdict, must_keep and must_remove from the fixture
graphs with its own rdflib code (one computer per question), for every current year 2025-2030 and
TRUST_NOW if set, and checks the fields, ids, duplicates, counts, word counts, that every expected
string is in its graph and every fact is a row of it. check.py (imported, not read) is used only to
cross-check the conflicts the answers rest on.

    python3 check38.py                          # last line FAILURES: 0, exit 0
    UM_FILE=/tmp/copy.jsonl python3 check38.py  # check another copy
"""
import itertools
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True
TRUST = "/work/main/eval/gold/trust"
sys.path.insert(0, TRUST)
import check  # noqa: E402  (only check.surviving and check.G, as a cross-check)
import rdflib  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FILE = os.environ.get("UM_FILE", os.path.join(HERE, "trust-dev38.jsonl"))
NOWS = sorted(set(range(2025, 2031)) | ({int(os.environ["TRUST_NOW"])} if os.environ.get("TRUST_NOW") else set()))
LAMBDA, THRESH = 0.08, 0.30
LOWER = {"Word Error Rate"}
MODES = [(a, b) for a in ("newest", "mean") for b in ("abs", "rel", "share")]

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL", msg)


def need(cond, msg):
    if not cond:
        raise AssertionError(msg)


PFX = """PREFIX orkgp: <http://orkg.org/orkg/predicate/>
PREFIX orkgc: <http://orkg.org/orkg/class/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
"""
Q_ROWS = PFX + """SELECT ?paper ?model ?ds ?metric ?val WHERE {
  ?paper a orkgc:Paper ; orkgp:P31 ?c . ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b .
  ?m rdfs:label ?model . ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?ds .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?val . ?mt rdfs:label ?metric }"""
Q_PAPERS = PFX + """SELECT ?paper ?title ?y ?doi WHERE {
  ?paper a orkgc:Paper ; rdfs:label ?title .
  OPTIONAL { ?paper orkgp:P29 ?y } OPTIONAL { ?paper orkgp:P26 ?doi } }"""
Q_PROBLEMS = PFX + """SELECT ?paper ?prob WHERE { ?paper a orkgc:Paper ; orkgp:P31 ?c . ?c orkgp:P32 ?p . ?p rdfs:label ?prob }"""
Q_LABELS = PFX + """SELECT ?l WHERE { ?x rdfs:label ?l }"""


def clean(s):
    s = str(s).strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    if s in ("", "-"):
        return None
    return float(s)


def fmt(v):
    return f"{v:.1f}"


class KG:
    def __init__(self, name):
        self.name = name
        g = rdflib.Graph()
        g.parse(os.path.join(TRUST, name), format="turtle")
        self.papers = {}
        for p, t, y, d in g.query(Q_PAPERS):
            e = self.papers.setdefault(str(p), {"title": str(t), "raw": set(), "dois": set(), "problems": set()})
            if y is not None:
                e["raw"].add(int(y))
            if d is not None:
                e["dois"].add(str(d))
        for p, pr in g.query(Q_PROBLEMS):
            self.papers[str(p)]["problems"].add(str(pr))
        self.rows = []  # (paper, model, dataset, metric, raw string, clean value or None)
        for p, m, d, mt, v in g.query(Q_ROWS):
            self.rows.append((str(p), str(m), str(d), str(mt), str(v), clean(v)))
        self.labels = {str(r[0]) for r in g.query(Q_LABELS)}
        text = set(self.labels)
        for e in self.papers.values():
            text |= e["dois"]
            text |= {str(y) for y in e["raw"] if y >= 1000}
        text |= {fmt(r[5]) for r in self.rows if r[5] is not None}
        self.text = text

    def valid(self, p):
        return sorted(y for y in self.papers[p]["raw"] if y >= 1000)

    def months(self, p):
        return sorted(y for y in self.papers[p]["raw"] if 1 <= y <= 12)

    def paper(self, prefix):
        hits = [p for p, e in self.papers.items() if e["title"].startswith(prefix)]
        need(len(hits) == 1, f"{self.name}: title prefix {prefix!r} matches {len(hits)} papers")
        return hits[0]

    def title(self, p):
        return self.papers[p]["title"]

    def worlds(self):
        multi = [p for p in self.papers if len(self.valid(p)) > 1]
        base = {p: (self.valid(p)[0] if self.valid(p) else None) for p in self.papers}
        out = []
        for combo in itertools.product(*[self.valid(p) for p in multi]):
            w = dict(base)
            w.update(zip(multi, combo))
            out.append(w)
        return out

    def stating(self, model, ds, metric, value):
        return sorted({r[0] for r in self.rows if r[1:4] == (model, ds, metric) and r[5] == value})

    def has_fact(self, model, ds, metric, value):
        return bool(self.stating(model, ds, metric, value))


KGS = {}


def kg(name):
    if name not in KGS:
        KGS[name] = KG(name)
    return KGS[name]


def weight(years, ref, mode):
    age = (ref - max(years)) if mode == "newest" else (ref - sum(years) / len(years))
    return math.exp(-LAMBDA * age) * (1 + 0.8 * math.log(1 + len(years)))


def differ(a, b, how):
    if how == "abs":
        return a - b
    if how == "rel":
        return (a - b) / a
    return (a - b) / (a + b)


def survivor_sets(vals, ref):
    """vals: {value: [years]} -> the distinct surviving sets under the six readings."""
    if len(vals) == 1:
        return [frozenset(vals)]
    need(all(all(y is not None for y in ys) for ys in vals.values()), "conflict with an undated paper")
    sets = set()
    for mode, how in MODES:
        w = {v: weight(ys, ref, mode) for v, ys in vals.items()}
        top = max(w.values())
        sets.add(frozenset(v for v in vals if differ(top, w[v], how) <= THRESH))
    return sorted(sets, key=sorted)


def facts(k, world, anchor=None):
    out = {}
    for p, m, d, mt, raw, v in k.rows:
        if v is None:
            continue
        y = world[p]
        if anchor is not None and (y is None or y > anchor):
            continue
        out.setdefault((m, d, mt), {}).setdefault(v, []).append(y)
    return out


def options(k, ds, metric, now, anchor=None):
    """Every reading of the board: a list of {model: value}, over worlds and conflict readings."""
    ref = anchor if anchor is not None else now
    res = []
    for w in k.worlds():
        f = facts(k, w, anchor)
        per = {}
        for (m, d, mt), vals in f.items():
            if d == ds and mt == metric:
                per[m] = sorted(set().union(*survivor_sets(vals, ref)))
        models = sorted(per)
        for combo in itertools.product(*[per[m] for m in models]):
            res.append(dict(zip(models, combo)))
    return res


def better(metric, a, b):
    return a < b if metric in LOWER else a > b


def leaders(k, ds, metric, now, anchor=None):
    out = set()
    for r in options(k, ds, metric, now, anchor):
        if not r:
            continue
        key = (lambda m: r[m]) if metric in LOWER else (lambda m: -r[m])
        best = min(r, key=key)
        out.add((best, r[best]))
    return out


def leader_model(k, ds, metric, now, anchor=None):
    ms = {m for m, _ in leaders(k, ds, metric, now, anchor)}
    return next(iter(ms)) if len(ms) == 1 else None


def surv(k, model, ds, metric, now, anchor=None):
    ref = anchor if anchor is not None else now
    out = set()
    for w in k.worlds():
        vals = facts(k, w, anchor).get((model, ds, metric))
        if vals:
            for s in survivor_sets(vals, ref):
                out |= s
    return out


def stable_surv(k, model, ds, metric, now, anchor=None):
    ref = anchor if anchor is not None else now
    sets = set()
    for w in k.worlds():
        vals = facts(k, w, anchor).get((model, ds, metric))
        need(vals, f"no values for {model} on {ds}")
        sets |= set(survivor_sets(vals, ref))
    need(len(sets) == 1, f"{model} on {ds}: readings disagree {sets}")
    return set(next(iter(sets)))


def F(m, v, d, mt):
    return f"{m} scores {fmt(v)} on {d} by {mt}"


def first_year(k, model, ds, metric):
    ys = [k.valid(r[0])[0] for r in k.rows if r[1:4] == (model, ds, metric) and k.valid(r[0])]
    return min(ys)


# ------------------------------------------------------------------ per-question computers
# Each returns (expected, verdict, must_remove, must_keep, keep_anchors) where keep_anchors maps a
# must_keep fact to the anchor under which it must survive (None: now).

def um01(now):
    k = kg("g1.ttl")
    D, M = "Corvalla-Ice", "F1"
    src = k.stating("Orvalis-CNN", D, M, 97.0)
    need(len(src) == 1 and k.title(src[0]).startswith("Brackwater-UNet:"), "97.0 is stated once, in the Brackwater-UNet paper")
    need(stable_surv(k, "Orvalis-CNN", D, M, now) == {87.0}, "87.0 survives, 97.0 removed")
    need(len(k.stating("Orvalis-CNN", D, M, 87.0)) == 4, "87.0 in four papers")
    lead = leaders(k, D, M, now)
    need(lead == {("Brackwater-UNet", 91.2)}, f"Corvalla-Ice leader {lead}")
    need(not any(m == "Orvalis-CNN" for m, _ in lead), "premise false")
    return (["Brackwater-UNet", fmt(87.0), fmt(91.2)], None, [F("Orvalis-CNN", 97.0, D, M)],
            [F("Orvalis-CNN", 87.0, D, M), F("Brackwater-UNet", 91.2, D, M)], {})


def um02(now):
    k = kg("g1.ttl")
    D, M = "BenchMira", "Accuracy"
    lead = leaders(k, D, M, now)
    need(lead == {("Zephyrine-L", 89.6)}, f"BenchMira leader {lead}")
    src = k.stating("Zephyrine-L", D, M, 89.6)
    need(len(src) == 1, "one paper")
    newest = max((k.valid(r[0])[0], r[1]) for r in k.rows if r[2] == D and k.valid(r[0]))
    need(newest[1] != "Zephyrine-L" and newest[0] > k.valid(src[0])[0], "the newest BenchMira paper is not the best (trap)")
    return ([k.title(src[0]), str(k.valid(src[0])[0])], None, [], [F("Zephyrine-L", 89.6, D, M)], {})


def um03(now):
    k = kg("g1.ttl")
    D, M = "BenchMira", "Accuracy"
    start = first_year(k, "Tavrosa", D, M)
    need(start == 2020, "Tavrosa's first result is from 2020")
    held = [y for y in range(start, now + 1) if {m for m, _ in leaders(k, D, M, now, y)} == {"Tavrosa"}]
    lost = [y for y in range(start, now + 1) if "Tavrosa" not in {m for m, _ in leaders(k, D, M, now, y)}]
    need(held and held[0] == start and lost, "Tavrosa led from its first year and lost the lead")
    change = min(lost)
    need(all(y in held for y in range(start, change)), "Tavrosa led every year until it lost the lead")
    lead = leaders(k, D, M, now)
    need(len(lead) == 1, "one leader now")
    (lm, lv), = lead
    need(leader_model(k, D, M, now, change) == lm, "the model that took the record holds it now")
    tav = sorted(surv(k, "Tavrosa", D, M, now))
    need(tav == [85.4, 86.1], "both Tavrosa values stand (close)")
    return ([lm, fmt(lv), str(change)], "REFUTED", [F("Tavrosa", v, D, M) for v in tav], [F(lm, lv, D, M)], {})


def um04(now):
    k = kg("g1.ttl")
    words = ["depth"]
    text = " ".join(sorted(k.labels)).lower()
    need(all(w not in text for w in words), "the graph has nothing on crevasse depth")
    probs = set().union(*[e["problems"] for e in k.papers.values()])
    need("Crevasse Segmentation" in probs, "the near miss (Crevasse Segmentation) is there")
    return ([], None, [], [], {})


def um05(now):
    k = kg("g1.ttl")
    D, M = "Skarnhold Glacier Set", "Mean IoU"
    p = k.paper("Sallowmere:")
    need(k.valid(p) == [2020] and k.months(p) == [4], "Sallowmere: 2020 and a month 4")
    y = k.valid(p)[0]
    before = leaders(k, D, M, now, y - 1)
    after = leaders(k, D, M, now, y)
    need(before == {("Lumoria", 61.5)} and after == {("Sallowmere", 66.0)}, f"{before} -> {after}")
    # careless: the month read as the year puts Sallowmere first on the board, with no one before it
    dated = [k.valid(r[0])[0] for r in k.rows if r[2] == D and k.valid(r[0]) and r[1] != "Sallowmere"]
    need(min(k.papers[p]["raw"]) < min(dated), "the month reading puts Sallowmere first (trap)")
    return ([fmt(66.0), fmt(61.5)], "SUPPORTED", [],
            [F("Sallowmere", 66.0, D, M), F("Lumoria", 61.5, D, M)],
            {F("Sallowmere", 66.0, D, M): y, F("Lumoria", 61.5, D, M): y - 1})


def um06(now):
    k = kg("g2.ttl")
    D, M = "Hollenby Marsh Calls", "Accuracy"
    need(first_year(k, "Syrinxa", D, M) == 2020, "Syrinxa's first result 2020")
    took = first_year(k, "Plumaro", D, M)
    for y in range(2020, took):
        need({m for m, _ in leaders(k, D, M, now, y)} == {"Syrinxa"}, f"Syrinxa led in {y}")
    lead = leaders(k, D, M, now)
    need(lead == {("Plumaro", 90.1)}, f"Hollenby leader now {lead}")
    need(stable_surv(k, "Syrinxa", D, M, now) == {88.3}, "Syrinxa 88.3 survives, 93.8 removed")
    need(len(k.stating("Syrinxa", D, M, 88.3)) == 5 and len(k.stating("Syrinxa", D, M, 93.8)) == 1, "5 against 1")
    return (["Plumaro", fmt(90.1), fmt(88.3)], None, [F("Syrinxa", 93.8, D, M)],
            [F("Plumaro", 90.1, D, M), F("Syrinxa", 88.3, D, M)], {})


def um07(now):
    k = kg("g2.ttl")
    D, M = "Dastrup-7 Chorus", "Word Error Rate"
    pl = stable_surv(k, "Plumaro", D, M, now)
    tr = stable_surv(k, "Trillbert", D, M, now)
    need(pl == {8.1} and tr == {9.4, 10.1}, f"{pl} {tr}")
    need(all(better(M, p, t) for p in pl for t in tr), "premise: Plumaro beats Trillbert on every reading")
    margins = {round(t - p, 6) for p in pl for t in tr}
    verdict = "SUPPORTED" if all(m > 1.0 for m in margins) else ("REFUTED" if all(m <= 1.0 for m in margins) else "UNCERTAIN")
    return ([fmt(8.1)] + [fmt(v) for v in sorted(tr)], verdict, [],
            [F("Plumaro", 8.1, D, M)] + [F("Trillbert", v, D, M) for v in sorted(tr)], {})


def um08(now):
    k = kg("g2.ttl")
    D = "Veltmoor Dawn Set"
    metrics = {r[3] for r in k.rows if r[2] == D}
    need(metrics == {"Word Error Rate"}, f"Veltmoor metrics {metrics}")
    need("Accuracy" in {r[3] for r in k.rows}, "Accuracy is a metric of the graph, just not on Veltmoor")
    (M,) = metrics
    lead = leaders(k, D, M, now)
    models = sorted({m for m, _ in lead})
    need(models == ["Aviquist", "Corrasine"], f"undecided between {models}")
    exp, keep = [M] + models, []
    for m in models:
        for v in sorted(stable_surv(k, m, D, M, now)):
            exp.append(fmt(v))
            keep.append(F(m, v, D, M))
    return (exp, None, [], keep, {})


def um09(now):
    k = kg("g2.ttl")
    D, M = "Dastrup-7 Chorus", "Word Error Rate"
    p = k.paper("Trillbert:")
    need(k.valid(p) == [2022] and k.months(p) == [5], "Trillbert: 2022 and a month 5")
    y = first_year(k, "Trillbert", D, M)
    need(y == 2022 and leader_model(k, D, M, now, y) == "Trillbert", "premise: Trillbert led in 2022")
    before = leaders(k, D, M, now, y - 1)
    need(len(before) == 1, "one leader the year before")
    (m, v), = before
    return ([m, fmt(v)], None, [], [F(m, v, D, M)], {F(m, v, D, M): y - 1})


def um10(now):
    k = kg("g2.ttl")
    D, M = "Dastrup-7 Chorus", "Word Error Rate"
    own = k.stating("Fennick-RNN", D, M, 18.2)
    need(len(own) == 1 and k.title(own[0]).startswith("Fennick-RNN:"), "18.2 only in its own paper")
    later = sorted({r[0] for r in k.rows if r[1:3] == ("Fennick-RNN", D) and r[0] not in own})
    need(len(later) == 1, "one later paper with a Fennick-RNN row")
    vals = {r[5] for r in k.rows if r[0] == later[0] and r[1:3] == ("Fennick-RNN", D)}
    need(vals == {21.7} and stable_surv(k, "Fennick-RNN", D, M, now) == {21.7}, "21.7 wins")
    return ([k.title(later[0]), fmt(21.7)], None, [F("Fennick-RNN", 18.2, D, M)], [F("Fennick-RNN", 21.7, D, M)], {})


def um11(now):
    k = kg("g3.ttl")
    D, M = "Orrenby Parallel Corpus", "BLEU"
    ib = stable_surv(k, "Ibbotrans", D, M, now)
    mu = stable_surv(k, "Murrelet-MT", D, M, now)
    need(ib == {33.6} and mu == {34.2}, f"{ib} {mu}")
    need(first_year(k, "Ibbotrans", D, M) > first_year(k, "Murrelet-MT", D, M), "Ibbotrans is newer")
    need(not better(M, 33.6, 34.2), "premise false: no improvement")
    return ([fmt(33.6), fmt(34.2)], None, [], [F("Ibbotrans", 33.6, D, M), F("Murrelet-MT", 34.2, D, M)], {})


def um12(now):
    k = kg("g3.ttl")
    D, M = "Mirelle Subtitles", "chrF"
    ost = [r for r in k.rows if r[1:4] == ("Ostrada-T", D, M)]
    need(len(ost) == 1 and ost[0][4] == "-" and ost[0][5] is None, "Ostrada-T's Mirelle chrF is '-'")
    need(stable_surv(k, "Halverin", D, M, now) == {48.2}, "Halverin 48.2 stands")
    return ([], "UNCERTAIN", [], [F("Halverin", 48.2, D, M)], {})


def um13(now):
    k = kg("g3.ttl")
    D, M = "Orrenby Parallel Corpus", "BLEU"
    p = k.paper("Halverin:")
    y = k.valid(p)[0]
    need(y == 2017 and first_year(k, "Halverin", D, M) == 2017, "Halverin's paper is from 2017")
    before = leaders(k, D, M, now, y - 1)
    after = leaders(k, D, M, now, y)
    ok = before == {("Gannetron", 21.5)} and {m for m, _ in after} == {"Halverin"}
    need(stable_surv(k, "Gannetron", D, M, now) == {18.9}, "Gannetron's value today is 18.9 (trap)")
    return ([fmt(27.3), fmt(21.5)], "SUPPORTED" if ok else "REFUTED", [],
            [F("Halverin", 27.3, D, M), F("Gannetron", 21.5, D, M)],
            {F("Halverin", 27.3, D, M): y, F("Gannetron", 21.5, D, M): y - 1})


def um14(now):
    k = kg("g3.ttl")
    D, M = "Orrenby Parallel Corpus", "BLEU"
    lead = leaders(k, D, M, now)
    need(len(lead) == 1, "one leader now")
    (lm, lv), = lead
    need(lm != "Murrelet-MT", "premise false")
    y = first_year(k, "Murrelet-MT", D, M)
    need(leader_model(k, D, M, now, y) == "Murrelet-MT", "Murrelet-MT once led (kind b)")
    src = k.stating("Murrelet-MT", D, M, 34.2)
    need(len(src) == 1, "one paper states 34.2")
    return ([k.title(src[0]), lm, fmt(lv)], None, [F("Murrelet-MT", 34.2, D, M)], [F(lm, lv, D, M)], {})


def um15(now):
    k = kg("g3.ttl")
    p = k.paper("Halverin:")
    mine = sorted({(r[2], r[3], r[5]) for r in k.rows if r[0] == p and r[1] == "Halverin"})
    need({d for d, _, _ in mine} == {"Quenmark Dialogue Set", "Orrenby Parallel Corpus"}, f"Halverin paper rows {mine}")
    need(len({r[0] for r in k.rows if r[0] == p}) == 1 and all(r[1] == "Halverin" for r in k.rows if r[0] == p), "only Halverin rows")
    other = [r for r in k.rows if r[1] == "Halverin" and r[0] != p]
    need(other and all(k.title(r[0]).startswith("Varnholt:") and r[2] == "Mirelle Subtitles" for r in other),
         "Halverin's Mirelle row is in the Varnholt paper (trap)")
    exp, keep = [], []
    for d, mt, v in mine:
        keep.append(F("Halverin", v, d, mt))
        if d != "Quenmark Dialogue Set":
            exp += [d, fmt(v)]
    return (exp, None, [], sorted(keep), {})


def um16(now):
    k = kg("g4.ttl")
    p = k.paper("Selkora:")
    need(k.papers[p]["raw"] == {2021, 11}, "Selkora P29 2021 and 11")
    need(2011 not in k.valid(p), "2011 is not recorded")
    return ([str(y) for y in k.valid(p)], "REFUTED" if len(k.valid(p)) == 1 else "UNCERTAIN", [], [], {})


def um17(now):
    k = kg("g4.ttl")
    D, M = "Kelpwatch-Norrland", "Mean IoU"
    src = sorted({r[0] for r in k.rows if r[1:3] == ("Marrowfen", D)})
    need(len(src) == 1, "one paper has Marrowfen on Kelpwatch")
    need("Kelp Canopy Mapping" in k.papers[src[0]]["problems"], "kelp canopy mapping")
    own = k.paper("Marrowfen:")
    need(own != src[0] and {r[2] for r in k.rows if r[0] == own} == {"Sealbrook Turbine Logs"}, "own paper: Sealbrook only")
    (v,) = stable_surv(k, "Marrowfen", D, M, now)
    return ([k.title(src[0]), fmt(v)], None, [], [F("Marrowfen", v, D, M)], {})


def um18(now):
    k = kg("g4.ttl")
    D, M = "Sealbrook Turbine Logs", "F1"
    se = stable_surv(k, "Selkora", D, M, now)
    un = stable_surv(k, "Undertow-GNN", D, M, now)
    need(se == {88.5} and un == {86.0}, f"{se} {un}")
    need(first_year(k, "Undertow-GNN", D, M) > first_year(k, "Selkora", D, M), "Undertow-GNN is newer")
    need(better(M, 88.5, 86.0), "premise false: Selkora is ahead")
    return ([fmt(88.5), fmt(86.0)], None, [], [F("Selkora", 88.5, D, M), F("Undertow-GNN", 86.0, D, M)], {})


def um19(now):
    k = kg("g4.ttl")
    D, M = "Kelpwatch-Norrland", "Mean IoU"
    lead = leaders(k, D, M, now)
    need(lead == {("Driftmere", 63.0)}, f"Kelpwatch leader {lead}")
    p = k.paper("Driftmere:")
    need(k.valid(p) == [] and k.papers[p]["raw"] == {3}, "Driftmere: only a month under P29")
    dated = {(r[1], r[5]) for r in k.rows if r[2] == D and not k.valid(r[0])}
    need(dated == {("Driftmere", 63.0)}, "Driftmere is the only undated Kelpwatch row")
    return ([fmt(63.0)], None, [], [F("Driftmere", 63.0, D, M)], {})


def um20(now):
    k = kg("g4.ttl")
    D, M = "Sealbrook Turbine Logs", "F1"
    rep = k.paper("A Replication of Tidal Turbine Fault Detectors")
    need(rep in k.stating("Marrowfen", D, M, 78.4) and len(k.stating("Marrowfen", D, M, 78.4)) == 2, "premise: replicated")
    above = set()
    for r in options(k, D, M, now):
        above.add(frozenset(m for m in r if better(M, r[m], r["Marrowfen"])))
    need(len(above) == 1, "Marrowfen's rank is the same on every reading")
    (ab,) = above
    verdict = "SUPPORTED" if len(ab) <= 1 else "REFUTED"
    exp, keep = [], [F("Marrowfen", 78.4, D, M)]
    for m in sorted(ab, key=lambda m: -max(surv(k, m, D, M, now))):
        (v,) = stable_surv(k, m, D, M, now)
        exp += [m, fmt(v)]
        keep.append(F(m, v, D, M))
    return (exp, verdict, [], keep, {})


COMPUTERS = {f"UM{i:02d}": globals()[f"um{i:02d}"] for i in range(1, 21)}

# ------------------------------------------------------------------ the file's design
COUNTS = {
    "verdict": {"SUPPORTED": 3, "REFUTED": 3, "UNCERTAIN": 1, None: 13},
    "mechanism": {"recency": 3, "superseded": 2, "conflict": 3, "corroboration": 3, "as_of": 2, "metadata": 3, "gate": 4},
    "query_type": {"claim_verification": 7, "method_comparison": 6, "paper_lookup": 3, "method_usage": 2,
                   "dataset_search": 1, "topic_search": 1},
    "graph": {"g1.ttl": 5, "g2.ttl": 5, "g3.ttl": 5, "g4.ttl": 5},
}
PRESUP = {  # the question's presupposition: borne out by the graph or not
    "true": ["UM02", "UM05", "UM07", "UM08", "UM09", "UM13", "UM15", "UM17", "UM20"],
    "false": ["UM01", "UM03", "UM06", "UM10", "UM11", "UM14", "UM16", "UM18"],
    "not held": ["UM04", "UM12", "UM19"],
}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")


def words(s):
    return set(re.findall(r"[a-z0-9]+", s.lower()))


def main():
    with open(os.path.join(TRUST, "trust-dev.jsonl")) as f:
        td = [json.loads(l) for l in f if l.strip()]
    fields = list(td[0].keys())
    mechs = {d["mechanism"] for d in td}
    qtypes = {d["query_type"] for d in td}
    with open(FILE) as f:
        lines = [l for l in f if l.strip()]
    items = []
    for i, l in enumerate(lines):
        try:
            items.append(json.loads(l))
        except Exception as e:  # noqa: BLE001
            fail(f"line {i + 1}: not JSON ({e})")
    ids = [d.get("id") for d in items]
    if ids != [f"UM{i:02d}" for i in range(1, 21)]:
        fail(f"ids are not UM01..UM20 in order: {ids}")
    for key in ("id", "question"):
        seen = [d.get(key) for d in items]
        for v in sorted({x for x in seen if seen.count(x) > 1}, key=str):
            fail(f"duplicate {key}: {v}")

    for d in items:
        qid = d.get("id")
        if list(d.keys()) != fields:
            fail(f"{qid}: fields {list(d.keys())} != {fields}")
            continue
        if d["graph"] not in COUNTS["graph"]:
            fail(f"{qid}: graph {d['graph']}")
            continue
        if d["mechanism"] not in mechs:
            fail(f"{qid}: mechanism {d['mechanism']}")
        if d["query_type"] not in qtypes:
            fail(f"{qid}: query_type {d['query_type']}")
        claim = d["query_type"] == "claim_verification"
        if claim != (d["verdict"] in VERDICTS) or (not claim and d["verdict"] is not None):
            fail(f"{qid}: verdict {d['verdict']} for {d['query_type']}")
        n = len(d["question"].split())
        if not 8 <= n <= 30:
            fail(f"{qid}: {n} words")
        for key in ("expected", "must_remove", "must_keep"):
            v = d[key]
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v) or len(set(v)) != len(v):
                fail(f"{qid}: {key} must be a list of distinct strings")
        if not isinstance(d["notes"], str) or not d["notes"].startswith("Presupposition "):
            fail(f"{qid}: notes must start with 'Presupposition ...'")
        k = kg(d["graph"])
        for s in d["expected"]:
            if s not in k.text:
                fail(f"{qid}: expected {s!r} is not a string of {d['graph']}")
        for fact in d["must_remove"] + d["must_keep"]:
            m = FACT_RE.match(fact)
            if not m:
                fail(f"{qid}: malformed fact {fact!r}")
                continue
            mo, v, ds, mt = m.groups()
            try:
                val = float(v)
            except ValueError:
                fail(f"{qid}: value in {fact!r}")
                continue
            if fmt(val) != v or not k.has_fact(mo, ds, mt, val):
                fail(f"{qid}: fact not in the graph (or value not clean): {fact!r}")
        for fact in set(d["must_remove"]) & set(d["must_keep"]):
            fail(f"{qid}: {fact!r} in both lists")

    # the design: counts, presuppositions, overlap
    for key, want in COUNTS.items():
        got = {}
        for d in items:
            got[d.get(key)] = got.get(d.get(key), 0) + 1
        if got != want:
            fail(f"counts of {key}: {got} != {want}")
    items = [d for d in items if list(d.keys()) == fields and d["graph"] in COUNTS["graph"]]
    byid = {d.get("id"): d for d in items}
    for kind, qs in PRESUP.items():
        for qid in qs:
            if qid in byid and not str(byid[qid]["notes"]).startswith(f"Presupposition {kind}"):
                fail(f"{qid}: notes should start 'Presupposition {kind}'")
    if sorted(sum(PRESUP.values(), [])) != sorted(COMPUTERS):
        fail("PRESUP table does not cover every id once")
    for d in items:
        for t in td:
            a, b = words(d["question"]), words(t["question"])
            if len(a & b) / len(a | b) >= 0.6:
                fail(f"{d['id']}: too close to {t['id']}")

    # recompute every answer for every current year
    results = {}
    for now in NOWS:
        for d in items:
            qid = d.get("id")
            if qid not in COMPUTERS:
                continue
            try:
                got = COMPUTERS[qid](now)
            except AssertionError as e:
                fail(f"{qid} (now={now}): {e}")
                continue
            exp, verdict, rm, keep, anchors = got
            results.setdefault(qid, set()).add(json.dumps([sorted(exp), verdict, sorted(rm), sorted(keep)]))
            if sorted(exp) != sorted(d["expected"]):
                fail(f"{qid} (now={now}): expected {d['expected']} != computed {exp}")
            if verdict != d["verdict"]:
                fail(f"{qid} (now={now}): verdict {d['verdict']} != computed {verdict}")
            if sorted(rm) != sorted(d["must_remove"]):
                fail(f"{qid} (now={now}): must_remove {d['must_remove']} != computed {rm}")
            if sorted(keep) != sorted(d["must_keep"]):
                fail(f"{qid} (now={now}): must_keep {d['must_keep']} != computed {keep}")
            k = kg(d["graph"])
            for fact in d["must_keep"]:
                m = FACT_RE.match(fact)
                if not m:
                    continue
                mo, v, ds, mt = m.groups()
                if float(v) not in surv(k, mo, ds, mt, now, anchors.get(fact)):
                    fail(f"{qid} (now={now}): must_keep {fact!r} does not survive (anchor {anchors.get(fact)})")
            for fact in d["must_remove"]:
                m = FACT_RE.match(fact)
                if not m:
                    continue
                mo, v, ds, mt = m.groups()
                removed = float(v) not in surv(k, mo, ds, mt, now)
                former = any(mo == lm for y in range(2010, now + 1) for lm, lv in leaders(k, ds, mt, now, y) if lv == float(v))
                if not (removed or former):
                    fail(f"{qid} (now={now}): must_remove {fact!r} is neither a removed value nor a former best")
    for qid, r in results.items():
        if len(r) > 1:
            fail(f"{qid}: the answer depends on the current year")

    # cross-check the conflicts the answers rest on against check.py's six readings
    conflicts = [("g1.ttl", "Orvalis-CNN", "Corvalla-Ice", "F1", None), ("g1.ttl", "Tavrosa", "BenchMira", "Accuracy", None),
                 ("g1.ttl", "Tavrosa", "BenchMira", "Accuracy", 2021), ("g2.ttl", "Syrinxa", "Hollenby Marsh Calls", "Accuracy", None),
                 ("g2.ttl", "Trillbert", "Dastrup-7 Chorus", "Word Error Rate", None),
                 ("g2.ttl", "Aviquist", "Veltmoor Dawn Set", "Word Error Rate", None),
                 ("g2.ttl", "Fennick-RNN", "Dastrup-7 Chorus", "Word Error Rate", None),
                 ("g3.ttl", "Gannetron", "Orrenby Parallel Corpus", "BLEU", None),
                 ("g3.ttl", "Gannetron", "Orrenby Parallel Corpus", "BLEU", 2016)]
    saved = check.NOW
    try:
        for now in NOWS:
            check.NOW = now
            for gname, mo, ds, mt, anchor in conflicts:
                cg = check.G(gname)
                vals, status, _ = check.surviving(cg, mo, ds, mt, anchor)
                mine = surv(kg(gname), mo, ds, mt, now, anchor)
                if set(vals) != mine or str(status).upper().startswith("AMBIG"):
                    fail(f"check.py disagrees on {mo}/{ds} (anchor {anchor}, now {now}): {vals} {status} vs {mine}")
    finally:
        check.NOW = saved

    print(f"checked {len(items)} questions of {FILE} for current years {NOWS}")
    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
