#!/usr/bin/env python3
"""check42.py - re-derives every answer of trust-dev42.jsonl (UQ01-UQ20) from the graphs.

Own rdflib code (SPARQL over g1.ttl .. g4.ttl); nothing is imported from the service or from
the other checkers. For every current year 2025-2030, and for TRUST_NOW if set, each question's
computer recomputes `expected`, `verdict`, `must_keep` and `must_remove`; then the file-level
checks run (fields and order, ids, duplicates, verdicts exactly on claims, strings and facts in
the graph, must_keep surviving, must_remove removed / former best / after the anchor, the counts
README42.md gives, the Jaccard bound against trust-dev.jsonl, the notation voice).

    python3 check42.py                      # FAILURES: 0
    TRUST_NOW=2030 python3 check42.py
    UQ_FILE=/tmp/copy.jsonl python3 check42.py

Prints one line per failure and ends with `FAILURES: N`; exit status 1 when N > 0.
"""
import itertools
import json
import math
import os
import re
import sys

import rdflib

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST_DIR = os.environ.get("TRUST_DIR", "/work/main/eval/gold/trust")
FILE = os.environ.get("UQ_FILE", os.path.join(HERE, "trust-dev42.jsonl"))
README = os.path.join(HERE, "README42.md")
FIRST = os.path.join(TRUST_DIR, "trust-dev.jsonl")

FIELDS = ["id", "graph", "question", "query_type", "mechanism", "expected", "verdict",
          "must_remove", "must_keep", "notes"]
QTYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification",
          "method_usage", "paper_lookup"}
MECHS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
LAMBDA = 0.08
THRESH = 0.30
LOWER_BETTER = {"Word Error Rate"}
FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL", msg)


# ----------------------------------------------------------------------------------------
# graph access (rdflib + SPARQL)
# ----------------------------------------------------------------------------------------
PREFIXES = """
PREFIX orkgr: <http://orkg.org/orkg/resource/>
PREFIX orkgp: <http://orkg.org/orkg/predicate/>
PREFIX orkgc: <http://orkg.org/orkg/class/>
PREFIX rdfs:  <http://www.w3.org/2000/01/rdf-schema#>
"""
Q_ROWS = PREFIXES + """
SELECT ?paper ?model ?dataset ?metric ?value WHERE {
  ?paper a orkgc:Paper ; orkgp:P31 ?c .
  ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b .
  ?m rdfs:label ?model .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e .
  ?d rdfs:label ?dataset .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value .
  ?mt rdfs:label ?metric .
}"""
Q_PAPERS = PREFIXES + """
SELECT ?paper ?title WHERE { ?paper a orkgc:Paper ; rdfs:label ?title . }"""
Q_YEARS = PREFIXES + """
SELECT ?paper ?y WHERE { ?paper a orkgc:Paper ; orkgp:P29 ?y . }"""
Q_DOIS = PREFIXES + """
SELECT ?paper ?doi WHERE { ?paper a orkgc:Paper ; orkgp:P26 ?doi . }"""
Q_LABELS = PREFIXES + """
SELECT ?cls ?label WHERE { ?x a ?cls ; rdfs:label ?label . FILTER(?cls != orkgc:Resource) }"""
ASK_MODEL_ON_DATASET = PREFIXES + """
ASK { ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?ml .
      ?b orkgp:HAS_DATASET ?d . ?d rdfs:label ?dl .
      FILTER(STR(?ml) = "%s" && STR(?dl) = "%s") }"""
ASK_WORD_IN_TOPIC = PREFIXES + """
ASK { ?x a ?cls ; rdfs:label ?l . VALUES ?cls { orkgc:Problem orkgc:Dataset orkgc:ResearchField }
      FILTER(CONTAINS(LCASE(STR(?l)), "%s")) }"""
# what a careless system does: string MAX over the stored values
Q_STRING_DESC = PREFIXES + """
SELECT ?model ?value WHERE {
  ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?model .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dl .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value . ?mt rdfs:label ?ml .
  FILTER(STR(?dl) = "%s" && STR(?ml) = "%s")
} ORDER BY DESC(?value)"""


def clean(v):
    """'91.2%' -> '91.2', '27.3 ' -> '27.3', '-' -> None."""
    s = str(v).strip().rstrip("%").strip()
    try:
        float(s)
    except ValueError:
        return None
    return s


class Graph:
    def __init__(self, name):
        self.name = name
        self.g = rdflib.Graph()
        self.g.parse(os.path.join(TRUST_DIR, name), format="turtle")
        self.titles = {str(r.paper): str(r.title) for r in self.g.query(Q_PAPERS)}
        self.p29 = {p: [] for p in self.titles}
        for r in self.g.query(Q_YEARS):
            self.p29[str(r.paper)].append(int(r.y))
        self.dois = {p: [] for p in self.titles}
        for r in self.g.query(Q_DOIS):
            self.dois[str(r.paper)].append(str(r.doi))
        self.rows = []  # (paper, model, dataset, metric, raw value)
        for r in self.g.query(Q_ROWS):
            self.rows.append((str(r.paper), str(r.model), str(r.dataset), str(r.metric), str(r.value)))
        self.labels = {}
        for r in self.g.query(Q_LABELS):
            self.labels.setdefault(str(r.cls).rsplit("/", 1)[-1], set()).add(str(r.label))

    def valid_years(self, paper):
        """A P29 of 1-12 is a month, not a year."""
        return sorted({y for y in self.p29[paper] if y > 12})

    def paper(self, title_prefix):
        ps = [p for p, t in self.titles.items() if t.startswith(title_prefix)]
        assert len(ps) == 1, (title_prefix, ps)
        return ps[0]

    def year_picks(self):
        """One dict paper -> year (or None) per reading of the papers with two real years."""
        multi = [p for p in self.titles if len(self.valid_years(p)) > 1]
        picks = []
        for combo in itertools.product(*[self.valid_years(p) for p in multi]):
            d = {}
            for p in self.titles:
                vy = self.valid_years(p)
                d[p] = vy[0] if len(vy) == 1 else None
            for p, y in zip(multi, combo):
                d[p] = y
            picks.append(d)
        return picks

    def ask(self, q):
        return bool(self.g.query(q).askAnswer)

    def text(self):
        """Every string an `expected` entry may use: labels, titles, DOIs, valid years, clean values."""
        out = set()
        for s in self.labels.values():
            out |= s
        out |= set(self.titles.values())
        for p in self.titles:
            out |= set(self.dois[p])
            out |= {str(y) for y in self.valid_years(p)}
        out |= {clean(r[4]) for r in self.rows if clean(r[4]) is not None}
        return out


_G = {}


def G(name):
    if name not in _G:
        _G[name] = Graph(name)
    return _G[name]


def fact(m, v, d, met):
    return f"{m} scores {v} on {d} by {met}"


def parse_fact(s):
    mo = FACT_RE.match(s)
    return mo.groups() if mo else None


# ----------------------------------------------------------------------------------------
# the public rules: conflicts (six readings), anchors, boards
# ----------------------------------------------------------------------------------------
def support(g, model, dataset, metric, anchor, pick):
    """value -> list of (paper, year) stating it; with an anchor only dated papers up to it."""
    out = {}
    for p, m, d, met, raw in g.rows:
        if (m, d, met) != (model, dataset, metric):
            continue
        v = clean(raw)
        if v is None:
            continue
        y = pick[p]
        if anchor is not None and (y is None or y > anchor):
            continue
        out.setdefault(v, [])
        if p not in [x[0] for x in out[v]]:
            out[v].append((p, y))
    return out


def weights(sup, ref, mode):
    w = {}
    for v, papers in sup.items():
        ys = [y for _, y in papers if y is not None]
        assert ys, "conflict side without a dated paper"
        age = ref - (max(ys) if mode == "newest" else sum(ys) / len(ys))
        w[v] = math.exp(-LAMBDA * age) * (1 + 0.8 * math.log(1 + len(papers)))
    return w


def resolve(sup, ref):
    """('single', [v]) | ('clear', [winner], loser) | ('close', [v1, v2]) | ('ambiguous', ...)."""
    vals = sorted(sup)
    if len(vals) <= 1:
        return ("single", vals)
    assert len(vals) == 2, vals
    outcomes = set()
    for mode in ("newest", "mean"):
        w = weights(sup, ref, mode)
        a, b = vals
        strong, weak = (a, b) if w[a] >= w[b] else (b, a)
        ws, ww = w[strong], w[weak]
        for kind in ("abs", "rel", "share"):
            diff = ws - ww if kind == "abs" else (ws - ww) / ws if kind == "rel" else (ws - ww) / (ws + ww)
            outcomes.add(("clear", strong, weak) if diff > THRESH else ("close",))
    if len(outcomes) != 1:
        return ("ambiguous", vals)
    o = outcomes.pop()
    if o[0] == "close":
        return ("close", vals)
    return ("clear", [o[1]], o[2])


def models_on(g, dataset, metric):
    return sorted({m for p, m, d, met, raw in g.rows if d == dataset and met == metric})


def surviving(g, model, dataset, metric, anchor, now, pick):
    sup = support(g, model, dataset, metric, anchor, pick)
    if not sup:
        return ("none", [])
    r = resolve(sup, anchor if anchor is not None else now)
    return r


def better(metric, a, b):
    return float(a) < float(b) if metric in LOWER_BETTER else float(a) > float(b)


def boards(g, dataset, metric, anchor, now, strict=True):
    """Every reading of the board: list of sorted [(model, value)], best first.
    Readings: each pick of a two-year paper x each side of every close conflict.
    strict: a conflict that the six readings decide differently is a failure (a question must
    not touch one); otherwise (the year-by-year history) both its values count as possible."""
    out = []
    for pick in g.year_picks():
        choices = []
        for m in models_on(g, dataset, metric):
            r = surviving(g, m, dataset, metric, anchor, now, pick)
            if r[0] == "none":
                continue
            if r[0] == "ambiguous" and strict:
                fail(f"{g.name}: {m} on {dataset} {metric} anchor {anchor} now {now}: ambiguous conflict")
                continue
            choices.append([(m, v) for v in r[1]])
        for combo in itertools.product(*choices):
            key = (lambda mv: float(mv[1])) if metric in LOWER_BETTER else (lambda mv: -float(mv[1]))
            out.append(sorted(combo, key=key))
    return out


def bests(g, dataset, metric, anchor, now, strict=True):
    return {b[0] for b in boards(g, dataset, metric, anchor, now, strict) if b}


def first_year(g, model, dataset, metric):
    ys = set()
    for pick in g.year_picks():
        y = [pick[p] for p, m, d, met, raw in g.rows
             if (m, d, met) == (model, dataset, metric) and pick[p] is not None]
        ys.add(min(y) if y else None)
    assert len(ys) == 1, ys
    return ys.pop()


def all_years(g):
    return sorted({y for p in g.titles for y in g.valid_years(p)})


def former_bests(g, dataset, metric, now):
    """(model, value) that led the board at the end of some year before now."""
    out = set()
    for y in range(min(all_years(g)), now):
        out |= bests(g, dataset, metric, y, now, strict=False)
    return out


def clear_losers(g, dataset, metric, anchor, now):
    out = set()
    for pick in g.year_picks():
        for m in models_on(g, dataset, metric):
            r = surviving(g, m, dataset, metric, anchor, now, pick)
            if r[0] == "clear":
                out.add((m, r[2]))
    return out


def naive_best(g, dataset, metric, anchor):
    """A careless reading: the smallest raw P29 is the year, no conflict removal."""
    cands = []
    for p, m, d, met, raw in g.rows:
        if (d, met) != (dataset, metric) or clean(raw) is None:
            continue
        ys = g.p29[p]
        y = min(ys) if ys else None
        if anchor is not None and (y is None or y > anchor):
            continue
        cands.append((m, clean(raw)))
    key = (lambda mv: float(mv[1])) if metric in LOWER_BETTER else (lambda mv: -float(mv[1]))
    return sorted(cands, key=key)[0]


def after_anchor_or_undated(g, model, value, dataset, metric, anchor):
    """Every paper stating the fact is undated or after the anchor, under every year pick."""
    for pick in g.year_picks():
        for p, m, d, met, raw in g.rows:
            if (m, d, met) == (model, dataset, metric) and clean(raw) == value:
                if pick[p] is not None and pick[p] <= anchor:
                    return False
    return True


def papers_stating(g, model, value, dataset, metric):
    return sorted({p for p, m, d, met, raw in g.rows
                   if (m, d, met) == (model, dataset, metric) and clean(raw) == value})


# ----------------------------------------------------------------------------------------
# the computers: one per question. Each returns (expected, verdict, must_keep, must_remove,
# anchor) for one current year, and fails on any premise or trap that does not hold.
# ----------------------------------------------------------------------------------------
BM, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
DC, HM, VD = "Dastrup-7 Chorus", "Hollenby Marsh Calls", "Veltmoor Dawn Set"
OP, QD, MS = "Orrenby Parallel Corpus", "Quenmark Dialogue Set", "Mirelle Subtitles"
ST, KN = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"
ACC, F1, MIOU, WER, BLEU, CHRF = "Accuracy", "F1", "Mean IoU", "Word Error Rate", "BLEU", "chrF"


def need(cond, qid, msg):
    if not cond:
        fail(f"{qid}: premise/trap does not hold: {msg}")


def one(s, qid, what):
    if len(s) != 1:
        fail(f"{qid}: {what} is not settled: {sorted(s)}")
        return sorted(s)[0] if s else (None, None)
    return next(iter(s))


def q01(now):  # SOTA(BenchMira) since '20 = Tavrosa?
    g, qid = G("g1.ttl"), "UQ01"
    best = one(bests(g, BM, ACC, None, now), qid, "current best")
    yrs_not = [y for y in range(2020, now + 1)
               if all(b[0] != "Tavrosa" for b in bests(g, BM, ACC, y, now))]
    yrs_all = [y for y in range(2020, now + 1)
               if all(b[0] == "Tavrosa" for b in bests(g, BM, ACC, y, now))]
    verdict = "REFUTED" if yrs_not else ("SUPPORTED" if len(yrs_all) == now - 2019 else "UNCERTAIN")
    need(2020 in yrs_all, qid, "Tavrosa led BenchMira in 2020 (half the premise is true)")
    fb = former_bests(g, BM, ACC, now)
    tav = sorted(v for m, v in fb if m == "Tavrosa")
    need(sorted(support(g, "Tavrosa", BM, ACC, None, g.year_picks()[0])) == tav, qid,
         "both Tavrosa values led in some year")
    return ([best[0], best[1]], verdict, [fact(best[0], best[1], BM, ACC)],
            [fact("Tavrosa", v, BM, ACC) for v in tav], None)


def q02(now):  # Δ Orvalis-CNN – KestrelNet on BenchMira (acc)
    g, qid = G("g1.ttl"), "UQ02"
    pick = g.year_picks()[0]
    ro = surviving(g, "Orvalis-CNN", BM, ACC, None, now, pick)
    rk = surviving(g, "KestrelNet", BM, ACC, None, now, pick)
    need(ro[0] == "single" and len(papers_stating(g, "Orvalis-CNN", ro[1][0], BM, ACC)) == 2, qid,
         "Orvalis-CNN 80.2 in two papers")
    need(rk[0] == "clear", qid, "KestrelNet conflict is clear")
    vo, vk = ro[1][0], rk[1][0]
    DELTA[qid] = f"{float(vo) - float(vk):.1f}"
    CARELESS[qid] = f"{float(vo) - float(rk[2]):.1f}"
    return ([vo, vk], None, [fact("Orvalis-CNN", vo, BM, ACC), fact("KestrelNet", vk, BM, ACC)],
            [fact("KestrelNet", rk[2], BM, ACC)], None)


def q03(now):  # Brackwater-UNet: 91.2 F1 ('17), still #1 on Corvalla-Ice?
    g, qid = G("g1.ttl"), "UQ03"
    bs = bests(g, CI, F1, None, now)
    verdict = ("SUPPORTED" if bs == {("Brackwater-UNet", "91.2")} else
               "REFUTED" if all(b[0] != "Brackwater-UNet" for b in bs) else "UNCERTAIN")
    ps = papers_stating(g, "Brackwater-UNet", "91.2", CI, F1)
    need(any(2017 in g.valid_years(p) for p in ps), qid, "a 2017 paper states 91.2")
    need(any(r[4] == "91.2%" for r in g.rows if r[1] == "Brackwater-UNet"), qid, "stored as '91.2%'")
    losers = {(m, v) for m, v in clear_losers(g, CI, F1, None, now) if better(F1, v, "91.2")}
    need(losers == {("Orvalis-CNN", "97.0")}, qid, "the only higher value is the removed 97.0")
    need(len(papers_stating(g, "Orvalis-CNN", "87.0", CI, F1)) == 4, qid, "87.0 in four papers")
    newest = max(((pick_y, m) for p, m, d, met, raw in g.rows if (d, met) == (CI, F1)
                  for pick_y in g.valid_years(p)))
    need(newest[1] != "Brackwater-UNet", qid, "the newest result is another model's")
    return (["Brackwater-UNet", "91.2"], verdict, [fact("Brackwater-UNet", "91.2", CI, F1)],
            [fact(m, v, CI, F1) for m, v in sorted(losers)], None)


def as_of_best(g, qid, dataset, metric, anchor, now):
    best = one(bests(g, dataset, metric, anchor, now), qid, f"best as of {anchor}")
    cur = {mv for b in boards(g, dataset, metric, None, now) for mv in b}
    later = sorted((m, v) for m, v in cur if better(metric, v, best[1])
                   and after_anchor_or_undated(g, m, v, dataset, metric, anchor))
    # facts that lose only under today's conflict rules are not 'after the anchor'
    return best, later


def q04(now):  # Skarnhold Glacier Set mIoU: best as of '19?
    g, qid = G("g1.ttl"), "UQ04"
    best, later = as_of_best(g, qid, SK, MIOU, 2019, now)
    nb = naive_best(g, SK, MIOU, 2019)
    need(nb == ("Sallowmere", "66.0"), qid, f"careless min-P29 reading gives Sallowmere (got {nb})")
    return ([best[0], best[1]], None, [fact(best[0], best[1], SK, MIOU)],
            [fact(m, v, SK, MIOU) for m, v in later], 2019)


def q05(now):  # Sallowmere's paper: yr? DOI?
    g, qid = G("g1.ttl"), "UQ05"
    p = g.paper("Sallowmere:")
    need(any(1 <= y <= 12 for y in g.p29[p]), qid, "a month under P29")
    return ([str(y) for y in g.valid_years(p)] + g.dois[p], None, [], [], None)


def q06(now):  # Dastrup-7: Plumaro (8.1 WER, '24) still #1 after Corrasine ('25)?
    g, qid = G("g2.ttl"), "UQ06"
    bs = bests(g, DC, WER, None, now)
    verdict = ("SUPPORTED" if bs == {("Plumaro", "8.1")} else
               "REFUTED" if all(b[0] != "Plumaro" for b in bs) else "UNCERTAIN")
    pp = [g.valid_years(p) for p in papers_stating(g, "Plumaro", "8.1", DC, WER)]
    pc = [g.valid_years(p) for p in papers_stating(g, "Corrasine", "8.9", DC, WER)]
    need(pp == [[2024]] and pc == [[2025]], qid, "Plumaro 2024, Corrasine 2025")
    need(not better(WER, "8.9", "8.1"), qid, "Corrasine's 8.9 is worse (WER lower is better)")
    return (["Plumaro", "8.1"], verdict, [fact("Plumaro", "8.1", DC, WER), fact("Corrasine", "8.9", DC, WER)],
            [], None)


def q07(now):  # Aviquist < Corrasine on Veltmoor (WER)?
    g, qid = G("g2.ttl"), "UQ07"
    pick = g.year_picks()[0]
    ra = surviving(g, "Aviquist", VD, WER, None, now, pick)
    rc = surviving(g, "Corrasine", VD, WER, None, now, pick)
    need(ra[0] == "close" and rc[0] == "single", qid, "Aviquist close, Corrasine single")
    outcomes = {float(a) < float(c) for a in ra[1] for c in rc[1]}
    # read '<' as 'worse than' instead: the outcome is mixed as well
    need({float(a) > float(c) for a in ra[1] for c in rc[1]} == {True, False}, qid, "other reading mixed")
    verdict = "SUPPORTED" if outcomes == {True} else "REFUTED" if outcomes == {False} else "UNCERTAIN"
    return (ra[1] + rc[1], verdict, [fact("Aviquist", v, VD, WER) for v in ra[1]] +
            [fact("Corrasine", v, VD, WER) for v in rc[1]], [], None)


def q08(now):  # Syrinxa @ Hollenby acc: 88.3 or 93.8?
    g, qid = G("g2.ttl"), "UQ08"
    r = surviving(g, "Syrinxa", HM, ACC, None, now, g.year_picks()[0])
    need(r[0] == "clear", qid, "clear conflict")
    need(len(papers_stating(g, "Syrinxa", r[1][0], HM, ACC)) == 5, qid, "five papers")
    need(any(raw == "88.3%" for p, m, d, met, raw in g.rows if m == "Syrinxa"), qid, "'88.3%' row")
    return ([r[1][0]], None, [fact("Syrinxa", r[1][0], HM, ACC)], [fact("Syrinxa", r[2], HM, ACC)], None)


def q09(now):  # best WER ↓ on Dastrup-7 Chorus, as of '21?
    g, qid = G("g2.ttl"), "UQ09"
    best, later = as_of_best(g, qid, DC, WER, 2021, now)
    nb = naive_best(g, DC, WER, 2021)
    need(nb[0] == "Trillbert", qid, f"careless min-P29 reading gives Trillbert (got {nb})")
    hi = max((float(clean(raw)), m) for p, m, d, met, raw in g.rows if (d, met) == (DC, WER))
    need(hi[1] == "Fennick-RNN", qid, "highest WER is Fennick-RNN (the higher-is-better trap)")
    return ([best[0], best[1]], None, [fact(best[0], best[1], DC, WER)],
            [fact(m, v, DC, WER) for m, v in later], 2021)


def q10(now):  # nocturnal flight-call detection: any datasets w/ acc or WER?
    g, qid = G("g2.ttl"), "UQ10"
    hits = [w for w in ("nocturnal", "flight") if g.ask(ASK_WORD_IN_TOPIC % w)]
    need(g.ask(ASK_WORD_IN_TOPIC % "call"), qid, "a label shares the word 'call'")
    return ([] if not hits else hits, None, [], [], None)


def q11(now):  # top-3 Orrenby Parallel Corpus BLEU
    g, qid = G("g3.ttl"), "UQ11"
    tops = {tuple(b[:3]) for b in boards(g, OP, BLEU, None, now)}
    top = one(tops, qid, "top three")
    naive = [(str(r.model), str(r.value)) for r in g.g.query(Q_STRING_DESC % (OP, BLEU))][:3]
    need(naive[0] == ("Lexmarrow", "9.8"), qid, f"string sort puts Lexmarrow first (got {naive})")
    fb = former_bests(g, OP, BLEU, now)
    rm = sorted(mv for mv in naive if mv not in top and mv in fb)
    exp = [x for mv in top for x in mv]
    return (exp, None, [fact(m, v, OP, BLEU) for m, v in top], [fact(m, v, OP, BLEU) for m, v in rm], None)


def q12(now):  # Ostrada-T @ Mirelle Subtitles, chrF = ?
    g, qid = G("g3.ttl"), "UQ12"
    raws = [raw for p, m, d, met, raw in g.rows if (m, d, met) == ("Ostrada-T", MS, CHRF)]
    need(raws == ["-"], qid, f"Ostrada-T's Mirelle row is '-' (got {raws})")
    vals = [clean(r) for r in raws if clean(r) is not None]
    need(any(m == "Ostrada-T" and d == OP for p, m, d, met, raw in g.rows), qid, "Ostrada-T has an Orrenby value")
    return (vals, None, [], [], None)


def q13(now):  # Murrelet-MT, Nerrisa, Halverin — who's ahead on Mirelle (chrF)?
    g, qid = G("g3.ttl"), "UQ13"
    three = ["Murrelet-MT", "Nerrisa", "Halverin"]
    leaders = set()
    keep = []
    exp = []
    for b in boards(g, MS, CHRF, None, now):
        sub = [mv for mv in b if mv[0] in three]
        leaders.add(sub[0][0])
        need(sub[-1][0] == "Halverin", qid, "Halverin last under every reading")
    for m in three:
        r = surviving(g, m, MS, CHRF, None, now, g.year_picks()[0])
        need(r[0] in ("single", "close"), qid, f"{m} kept")
        keep += [fact(m, v, MS, CHRF) for v in r[1]]
        if m in leaders:
            exp += [m] + r[1]
    if len(leaders) == 1:
        exp = [leaders.pop()]
    return (exp, None, keep, [], None)


def q14(now):  # Orrenby BLEU: Murrelet-MT ('22) → Ibbotrans ('23), +0.6 pts?
    g, qid = G("g3.ttl"), "UQ14"
    pick = g.year_picks()[0]
    rm = surviving(g, "Murrelet-MT", OP, BLEU, None, now, pick)
    ri = surviving(g, "Ibbotrans", OP, BLEU, None, now, pick)
    need(rm[0] == ri[0] == "single", qid, "single values")
    need([g.valid_years(p) for p in papers_stating(g, "Murrelet-MT", rm[1][0], OP, BLEU)] == [[2022]] and
         [g.valid_years(p) for p in papers_stating(g, "Ibbotrans", ri[1][0], OP, BLEU)] == [[2023]], qid, "years")
    deltas = {round(float(i) - float(m), 6) for m in rm[1] for i in ri[1]}
    verdict = ("SUPPORTED" if all(abs(d - 0.6) < 0.05 for d in deltas) else
               "REFUTED" if all(abs(d - 0.6) >= 0.05 for d in deltas) else "UNCERTAIN")
    DELTA[qid] = "%+.1f" % deltas.pop()
    return ([rm[1][0], ri[1][0]], verdict, [fact("Murrelet-MT", rm[1][0], OP, BLEU),
                                            fact("Ibbotrans", ri[1][0], OP, BLEU)], [], None)


def q15(now):  # cite check: Varnholt = 19.6 BLEU @ Quenmark [Varnholt paper, '19]?
    g, qid = G("g3.ttl"), "UQ15"
    p = g.paper("Varnholt:")
    need(g.valid_years(p) == [2019], qid, "the Varnholt paper is from 2019")
    stated = sorted({clean(raw) for pp, m, d, met, raw in g.rows
                     if pp == p and (m, d, met) == ("Varnholt", QD, BLEU)})
    verdict = "SUPPORTED" if "19.6" in stated else "REFUTED" if stated else "UNCERTAIN"
    others = [m for pp, m, d, met, raw in g.rows if (d, met) == (QD, BLEU) and clean(raw) == "19.6"]
    need(others == ["Murrelet-MT"], qid, "19.6 is Murrelet-MT's, from another paper")
    r = surviving(g, "Varnholt", QD, BLEU, None, now, g.year_picks()[0])
    need(r == ("single", stated), qid, "the stated value survives")
    return (stated, verdict, [fact("Varnholt", v, QD, BLEU) for v in stated], [], None)


def q16(now):  # Sealbrook Turbine Logs F1, SOTA as of '20?
    g, qid = G("g4.ttl"), "UQ16"
    best, later = as_of_best(g, qid, ST, F1, 2020, now)
    nb = naive_best(g, ST, F1, 2020)
    need(nb[0] == "Selkora", qid, f"careless reading gives Selkora (got {nb})")
    return ([best[0], best[1]], None, [fact(best[0], best[1], ST, F1)],
            [fact(m, v, ST, F1) for m, v in later], 2020)


def q17(now):  # Tidewick #1 on Sealbrook F1, as of '17?
    g, qid = G("g4.ttl"), "UQ17"
    bs = bests(g, ST, F1, 2017, now)
    verdict = ("SUPPORTED" if {b[0] for b in bs} == {"Tidewick"} else
               "REFUTED" if all(b[0] != "Tidewick" for b in bs) else "UNCERTAIN")
    p = g.paper("Tidewick:")
    others = sorted(b for b in bs if b[0] != "Tidewick")
    # facts kept under every year pick at the anchor, among the possible leaders
    keep = [fact(m, v, ST, F1) for m, v in others
            if not after_anchor_or_undated(g, m, v, ST, F1, 2017)]
    cur = {mv for b in boards(g, ST, F1, None, now) for mv in b}
    rm = sorted(mv for mv in cur if after_anchor_or_undated(g, mv[0], mv[1], ST, F1, 2017)
                and all(better(F1, mv[1], b[1]) for b in bs))
    nb = naive_best(g, ST, F1, 2017)
    need(nb[0] == "Selkora", qid, f"careless min-P29 reading gives Selkora (got {nb})")
    return ([str(y) for y in g.valid_years(p)] + [m for m, v in others], verdict, keep,
            [fact(m, v, ST, F1) for m, v in rm], 2017)


def q18(now):  # #papers w/ Selkora @ 88.5 F1 (Sealbrook)? + their yrs
    g, qid = G("g4.ttl"), "UQ18"
    ps = papers_stating(g, "Selkora", "88.5", ST, F1)
    COUNT[qid] = str(len(ps))
    need(any(any(1 <= y <= 12 for y in g.p29[p]) for p in ps), qid, "one paper has a month under P29")
    ys = sorted({y for p in ps for y in g.valid_years(p)})
    need(all(len(g.valid_years(p)) == 1 for p in ps), qid, "one real year per paper")
    return ([str(y) for y in ys], None, [fact("Selkora", "88.5", ST, F1)], [], None)


def q19(now):  # Kelvane ≥ 80 F1 on Sealbrook Turbine Logs?
    g, qid = G("g4.ttl"), "UQ19"
    ran = g.ask(ASK_MODEL_ON_DATASET % ("Kelvane", ST))
    need(any(m == "Kelvane" for p, m, d, met, raw in g.rows), qid, "Kelvane has a result elsewhere")
    best = one(bests(g, ST, F1, None, now), qid, "Sealbrook best")
    need(float(best[1]) >= 80, qid, "80 is within the board's range (others clear it)")
    if ran:
        return (["?"], "?", [], [], None)
    return ([], "UNCERTAIN", [], [], None)


def q20(now):  # Kelpwatch-Norrland SOTA (mIoU), pre-Kelvane?
    g, qid = G("g4.ttl"), "UQ20"
    anchor = first_year(g, "Kelvane", KN, MIOU) - 1
    best, later = as_of_best(g, qid, KN, MIOU, anchor, now)
    nb = naive_best(g, KN, MIOU, anchor)
    need(nb[0] == "Driftmere", qid, f"careless reading gives Driftmere (got {nb})")
    return ([best[0], best[1]], None, [fact(best[0], best[1], KN, MIOU)],
            [fact(m, v, KN, MIOU) for m, v in later], anchor)


COMPUTERS = {f"UQ{i:02d}": f for i, f in enumerate(
    [q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15, q16, q17, q18, q19, q20], 1)}
DELTA, CARELESS, COUNT = {}, {}, {}

# the anchor each question's wording states, and how it is written
ANCHOR_TEXT = {"UQ04": ("as of '19", 2019), "UQ09": ("as of '21", 2021), "UQ16": ("as of '20", 2020),
               "UQ17": ("as of '17", 2017), "UQ20": ("pre-Kelvane", 2023)}


# ----------------------------------------------------------------------------------------
# file-level checks
# ----------------------------------------------------------------------------------------
def tokens(s):
    return set(re.findall(r"[a-z0-9]+(?:[-.'][a-z0-9]+)*", s.lower()))


def jaccard(a, b):
    ta, tb = tokens(a), tokens(b)
    return len(ta & tb) / len(ta | tb) if ta | tb else 0.0


NOTATION = re.compile(r"[<>≥≤≈=Δ→@#↓—]|\bvs\.|'\d\d\b|\bSOTA\b|\bacc\b|\byrs?\b|\bpts\b|\bw/|\bmIoU\b|\btop-3\b|\bpre-")


def readme_counts():
    if not os.path.exists(README):
        fail("README42.md missing")
        return {}
    text = open(README, encoding="utf-8").read()
    out = {}
    for key in ("Verdicts", "Mechanisms", "Query types", "Graphs"):
        mo = re.search(r"^%s: (.+)$" % key, text, re.M)
        if not mo:
            fail(f"README42.md has no '{key}:' counts line")
            continue
        out[key] = {k: int(v) for k, v in re.findall(r"([A-Za-z_0-9]+) (\d+)", mo.group(1))}
    mo = re.search(r"^Claims: (\d+) of (\d+)", text, re.M)
    out["Claims"] = (int(mo.group(1)), int(mo.group(2))) if mo else None
    return out


def main():
    now_env = os.environ.get("TRUST_NOW")
    years = sorted(set(range(2025, 2031)) | ({int(now_env)} if now_env else set()))
    rows = []
    with open(FILE, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                fail(f"line {i}: not JSON ({e})")
    # fields, ids, duplicates
    ids = [r.get("id") for r in rows]
    if ids != [f"UQ{i:02d}" for i in range(1, 21)]:
        fail(f"ids are not UQ01..UQ20 in order: {ids}")
    if len(set(ids)) != len(ids):
        fail("duplicate ids")
    qs = [r.get("question") for r in rows]
    if len(set(qs)) != len(qs):
        fail("duplicate questions")
    first = [json.loads(l)["question"] for l in open(FIRST, encoding="utf-8") if l.strip()]
    for r in rows:
        qid = r.get("id")
        if list(r.keys()) != FIELDS:
            fail(f"{qid}: fields/order {list(r.keys())}")
            continue
        if r["graph"] not in {"g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"}:
            fail(f"{qid}: graph {r['graph']}")
            continue
        if r["query_type"] not in QTYPES:
            fail(f"{qid}: query_type {r['query_type']}")
        if r["mechanism"] not in MECHS:
            fail(f"{qid}: mechanism {r['mechanism']}")
        claim = r["query_type"] == "claim_verification"
        if claim and r["verdict"] not in VERDICTS:
            fail(f"{qid}: claim without a verdict")
        if not claim and r["verdict"] is not None:
            fail(f"{qid}: verdict on a non-claim")
        for k in ("expected", "must_remove", "must_keep"):
            if not isinstance(r[k], list) or not all(isinstance(x, str) for x in r[k]):
                fail(f"{qid}: {k} is not a list of strings")
        if not isinstance(r["notes"], str) or len(r["notes"]) < 80:
            fail(f"{qid}: notes too short")
        g = G(r["graph"])
        text = g.text()
        for s in r["expected"]:
            if s not in text:
                fail(f"{qid}: expected string {s!r} not in {r['graph']}")
        for k in ("must_keep", "must_remove"):
            for s in r[k]:
                pf = parse_fact(s)
                if not pf or not any((m, d, met) == (pf[0], pf[2], pf[3]) and clean(raw) == pf[1]
                                     for p, m, d, met, raw in g.rows):
                    fail(f"{qid}: {k} fact not in graph: {s}")
        if set(r["must_keep"]) & set(r["must_remove"]):
            fail(f"{qid}: a fact both kept and removed")
        for t in first:
            j = jaccard(r["question"], t)
            if j >= 0.6:
                fail(f"{qid}: Jaccard {j:.2f} >= 0.6 with a trust-dev question: {t}")
        # the notation voice
        if not NOTATION.search(r["question"]):
            fail(f"{qid}: no notation or shorthand in the question")
        if len(r["question"].split()) > 16:
            fail(f"{qid}: more than 16 words, not a note")
    # recompute every answer for every current year
    by_id = {r.get("id"): r for r in rows if list(r.keys()) == FIELDS}
    for qid, comp in COMPUTERS.items():
        r = by_id.get(qid)
        if r is None:
            continue
        results = []
        for now in years:
            try:
                res = comp(now)
            except Exception as e:  # a computer that breaks is a failure, not a crash
                fail(f"{qid}: computer raised {type(e).__name__}: {e}")
                break
            results.append((now, res))
            exp, verdict, keep, remove, anchor = res
            if sorted(exp) != sorted(r["expected"]):
                fail(f"{qid} (now {now}): expected {r['expected']} != recomputed {exp}")
            if verdict != r["verdict"]:
                fail(f"{qid} (now {now}): verdict {r['verdict']} != recomputed {verdict}")
            if sorted(keep) != sorted(r["must_keep"]):
                fail(f"{qid} (now {now}): must_keep {r['must_keep']} != recomputed {keep}")
            if sorted(remove) != sorted(r["must_remove"]):
                fail(f"{qid} (now {now}): must_remove {r['must_remove']} != recomputed {remove}")
            check_keep_remove(qid, r, anchor, now)
        if len({json.dumps(res, sort_keys=True) for _, res in results}) > 1:
            fail(f"{qid}: the answer depends on the current year")
        # anchors are written as computed
        if qid in ANCHOR_TEXT:
            phrase, y = ANCHOR_TEXT[qid]
            if phrase not in r["question"]:
                fail(f"{qid}: anchor phrase {phrase!r} not in the question")
            if results and results[0][1][4] != y:
                fail(f"{qid}: anchor {results[0][1][4]} != {y}")
        elif re.search(r"as of|before|\bin '\d\d|pre-", r["question"]):
            fail(f"{qid}: an anchor in the wording but none in the computer")
    # numbers the notes must state
    for qid, d in list(DELTA.items()) + list(COUNT.items()):
        r = by_id.get(qid)
        if r and d not in r["notes"]:
            fail(f"{qid}: notes do not state the recomputed number {d}")
    for qid, d in CARELESS.items():
        r = by_id.get(qid)
        if r and d not in r["notes"]:
            fail(f"{qid}: notes do not state the careless number {d}")
    # counts against README42.md
    rc = readme_counts()
    have = {
        "Verdicts": count([r["verdict"] if r["verdict"] else "null" for r in by_id.values()]),
        "Mechanisms": count([r["mechanism"] for r in by_id.values()]),
        "Query types": count([r["query_type"] for r in by_id.values()]),
        "Graphs": count([r["graph"][:2] for r in by_id.values()]),
    }
    for k, v in have.items():
        if k in rc and rc[k] != v:
            fail(f"README42.md {k} {rc[k]} != file {v}")
    if any(n != 5 for n in have["Graphs"].values()) or len(have["Graphs"]) != 4:
        fail(f"not five questions per graph: {have['Graphs']}")
    nclaims = sum(1 for r in by_id.values() if r["query_type"] == "claim_verification")
    if rc.get("Claims") != (nclaims, len(by_id)):
        fail(f"README42.md Claims line {rc.get('Claims')} != file ({nclaims}, {len(by_id)})")
    if not 7 <= nclaims <= 9:
        fail(f"{nclaims} claims, not about 8")
    print(f"checked {len(rows)} questions for current years {years[0]}-{years[-1]}"
          f"{' (TRUST_NOW=' + now_env + ')' if now_env else ''}")
    print(f"FAILURES: {len(failures)}")
    sys.exit(1 if failures else 0)


def count(xs):
    out = {}
    for x in xs:
        out[x] = out.get(x, 0) + 1
    return out


def check_keep_remove(qid, r, anchor, now):
    g = G(r["graph"])
    for s in r["must_keep"]:
        pf = parse_fact(s)
        if not pf:
            continue
        m, v, d, met = pf
        for pick in g.year_picks():
            sv = surviving(g, m, d, met, anchor, now, pick)
            if sv[0] in ("none", "ambiguous") or v not in sv[1]:
                fail(f"{qid} (now {now}): must_keep does not survive (anchor {anchor}): {s}")
                break
    for s in r["must_remove"]:
        pf = parse_fact(s)
        if not pf:
            continue
        m, v, d, met = pf
        lost = (m, v) in clear_losers(g, d, met, None, now) or (
            anchor is not None and (m, v) in clear_losers(g, d, met, anchor, now))
        cur_best = {b for b in bests(g, d, met, None, now)}
        former = (m, v) in former_bests(g, d, met, now) and (m, v) not in cur_best
        late = anchor is not None and after_anchor_or_undated(g, m, v, d, met, anchor)
        if not (lost or former or late):
            fail(f"{qid} (now {now}): must_remove is neither removed, a former best nor after the anchor: {s}")


if __name__ == "__main__":
    main()
