#!/usr/bin/env python3
"""check47.py - re-derives trust-dev47.jsonl (UW01-UW20: thresholds, cut-offs and rank positions)
from the fixture graphs g1.ttl .. g4.ttl with its own rdflib code.

One computer per question. Every computer is run for every current year 2025-2030 (and TRUST_NOW if
set) and, where a paper has two real years, for each reading of it. The file's expected, verdict,
must_keep and must_remove must equal what the computer derives; where the computer also derives a
careless answer (removed outlier kept, string order, higher-is-better for WER, anchor ignored, a
month or the smallest P29 read as the year, the newest model taken as the top one, '-' read as 0,
another board's number), the careless answer must differ from the right one.

Also checked: the ten fields and their order (as in trust-dev.jsonl), ids UW01..UW20 in order, no
duplicate ids or questions, five questions per graph, verdicts exactly on claims, allowed
query types and mechanisms, every expected string in its graph (label, title, DOI, valid year or
clean value), every fact in its graph, must_keep facts surviving the conflict rules now and under
the question's anchor, must_remove facts removed (clear conflict) or off the anchored board (after
the anchor or undated), the first README's conflict table (five clear, five close) for every year,
agreement with check.surviving (imported, not read) on every conflict used, the counts README47.md
gives, and word overlap (Jaccard) under 0.6 with every trust-dev.jsonl question.

Prints one line per failure and ends with `FAILURES: N`; exit status 1 when N > 0.
UW_FILE=/path/to/copy.jsonl checks another copy of the file.
"""
import itertools
import json
import math
import os
import re
import sys
from collections import Counter

sys.dont_write_bytecode = True

from rdflib import Graph, Namespace, RDF, RDFS, URIRef  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = "/work/main/eval/gold/trust"
FILE = os.environ.get("UW_FILE", os.path.join(HERE, "trust-dev47.jsonl"))
README = os.path.join(HERE, "README47.md")

P = Namespace("http://orkg.org/orkg/predicate/")
C = Namespace("http://orkg.org/orkg/class/")

YEARS = list(range(2025, 2031))
if os.environ.get("TRUST_NOW"):
    tn = int(os.environ["TRUST_NOW"])
    if tn not in YEARS:
        YEARS.append(tn)

LAMBDA, CORR, THRESH = 0.08, 0.8, 0.30
LOWER_BETTER = {"Word Error Rate"}

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL", msg)


# ------------------------------------------------------------------------------------------
# reading the graphs
# ------------------------------------------------------------------------------------------
def label(g, node):
    v = g.value(node, RDFS.label)
    return str(v) if v is not None else None


def clean(raw):
    """'91.2%' -> '91.2', '27.3 ' -> '27.3', '-' -> None."""
    s = raw.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    try:
        float(s)
    except ValueError:
        return None
    return s


class GraphData:
    def __init__(self, name):
        self.name = name
        self.g = Graph()
        self.g.parse(os.path.join(TRUST, name), format="turtle")
        g = self.g
        self.papers = {}   # iri -> dict(title, p29, years, dois)
        self.rows = []     # dict(paper, model, dataset, metric, raw, value, problem)
        for p in g.subjects(RDF.type, C.Paper):
            p29 = sorted(int(y) for y in g.objects(p, P.P29))
            self.papers[p] = dict(
                title=label(g, p),
                p29=p29,
                years=[y for y in p29 if y > 12],
                dois=sorted(str(d) for d in g.objects(p, P.P26)),
            )
            for c in g.objects(p, P.P31):
                m = g.value(c, P.HAS_MODEL)
                problems = [label(g, x) for x in g.objects(c, P.P32)]
                for b in g.objects(c, P.HAS_BENCHMARK):
                    d = label(g, g.value(b, P.HAS_DATASET))
                    for e in g.objects(b, P.HAS_EVALUATION):
                        met = label(g, g.value(e, P.HAS_METRIC))
                        raw = str(g.value(e, P.HAS_VALUE))
                        self.rows.append(dict(paper=p, model=label(g, m), dataset=d, metric=met,
                                              raw=raw, value=clean(raw), problems=problems))
        self.labels = set()
        for s, o in g.subject_objects(RDFS.label):
            self.labels.add(str(o))
        self.strings = set(self.labels)
        for pp in self.papers.values():
            self.strings.update(pp["dois"])
            self.strings.update(str(y) for y in pp["years"])
        self.strings.update(r["value"] for r in self.rows if r["value"] is not None)

    def worlds(self):
        """Each reading of the papers' years: a paper with two real years is read with each."""
        multi = [p for p, d in self.papers.items() if len(d["years"]) > 1]
        base = {p: (d["years"][0] if len(d["years"]) == 1 else None) for p, d in self.papers.items()}
        out = []
        for combo in itertools.product(*[self.papers[p]["years"] for p in multi]):
            w = dict(base)
            for p, y in zip(multi, combo):
                w[p] = y
            out.append(w)
        return out

    def careless_world(self):
        """The careless date reading: the smallest P29 is the year (a month becomes 'year 4')."""
        return {p: (d["p29"][0] if d["p29"] else None) for p, d in self.papers.items()}


GD = {}


def gd(name):
    if name not in GD:
        GD[name] = GraphData(name)
    return GD[name]


# ------------------------------------------------------------------------------------------
# the rules
# ------------------------------------------------------------------------------------------
def weight(years, n, ref):
    dated = [y for y in years if y is not None]
    rec = math.exp(-LAMBDA * (ref - max(dated))) if dated else 1.0
    return rec * (1 + CORR * math.log(1 + n))


def resolve(vals, ref):
    """vals: value -> list of paper years. Returns (kept values, removed values, status)."""
    if len(vals) == 1:
        return sorted(vals), [], "single"
    w = {v: weight(ys, len(ys), ref) for v, ys in vals.items()}
    top = max(w.values())
    kept = sorted(v for v in vals if top - w[v] <= THRESH * top)
    removed = sorted(v for v in vals if v not in kept)
    return kept, removed, ("clear" if len(kept) == 1 else "close")


def board(G, dataset, metric, now, anchor=None, world=None, problem=None, raw=False):
    """model -> kept clean values (as strings). raw=True: no conflict removal."""
    world = world if world is not None else G.worlds()[0]
    per = {}
    for r in G.rows:
        if r["dataset"] != dataset or r["metric"] != metric or r["value"] is None:
            continue
        if problem and problem not in r["problems"]:
            continue
        y = world[r["paper"]]
        if anchor is not None and (y is None or y > anchor):
            continue
        per.setdefault(r["model"], {}).setdefault(r["value"], {})[r["paper"]] = y
    ref = anchor if anchor is not None else now
    out = {}
    for m, vals in per.items():
        vy = {v: list(ps.values()) for v, ps in vals.items()}
        if raw:
            out[m] = sorted(vy)
        else:
            out[m] = resolve(vy, ref)[0]
    return out


def survivors(G, model, dataset, metric, now, anchor=None, world=None):
    return board(G, dataset, metric, now, anchor, world).get(model, [])


def readings(b):
    """Every reading of a board: a close conflict is read with each of its values."""
    models = sorted(b)
    for combo in itertools.product(*[b[m] for m in models]):
        yield dict(zip(models, (float(v) for v in combo)))


def better(a, b, metric):
    return a < b if metric in LOWER_BETTER else a > b


def rank(model, reading, metric):
    return 1 + sum(1 for m, v in reading.items() if m != model and better(v, reading[model], metric))


def one(values, what):
    """The settled answer when every reading agrees, else the marker 'UNSETTLED'."""
    s = set(values)
    return s.pop() if len(s) == 1 else "UNSETTLED"


def fact(m, v, d, met):
    return f"{m} scores {v} on {d} by {met}"


FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")


def parse_fact(f):
    mo = FACT_RE.match(f)
    return mo.groups() if mo else None


# ------------------------------------------------------------------------------------------
# one computer per question; each returns the derived fields, plus careful/careless answers
# ------------------------------------------------------------------------------------------
B, ACC, CI, SK, MIOU = "BenchMira", "Accuracy", "Corvalla-Ice", "Skarnhold Glacier Set", "Mean IoU"
DA, WER, HO, VE = "Dastrup-7 Chorus", "Word Error Rate", "Hollenby Marsh Calls", "Veltmoor Dawn Set"
OR, MS = "Orrenby Parallel Corpus", "Mirelle Subtitles"
SB, KW = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"

ANCHOR = {"UW04": 2019, "UW10": 2021, "UW12": 2020, "UW16": 2020, "UW18": 2018, "UW19": 2024}


def all_worlds_same(G, fn):
    res = [fn(w) for w in G.worlds()]
    return res[0] if all(r == res[0] for r in res) else "UNSETTLED"


def newest_year(G, model, dataset, metric, world):
    ys = [world[r["paper"]] for r in G.rows if r["model"] == model and r["dataset"] == dataset
          and r["metric"] == metric and world[r["paper"]] is not None]
    return max(ys) if ys else None


def first_year(G, model, dataset, metric, world):
    ys = [world[r["paper"]] for r in G.rows if r["model"] == model and r["dataset"] == dataset
          and r["metric"] == metric and world[r["paper"]] is not None]
    return min(ys) if ys else None


def q_uw01(now):
    G = gd("g1.ttl")
    b = board(G, B, ACC, now)
    rk = one([rank("Wendrel-S", r, ACC) for r in readings(b)], "rank")
    above = one([tuple(sorted(m for m, v in r.items() if better(v, r["Wendrel-S"], ACC))) for r in readings(b)], "above")
    exp = []
    for m in above:
        exp += [m, b[m][0]]
    exp += b["Wendrel-S"]
    # careless: the newest entry (latest first result) is taken as the top one
    w = G.worlds()[0]
    newest = max(b, key=lambda m: first_year(G, m, B, ACC, w))
    careless_rank = 1 if newest == "Wendrel-S" else None
    return dict(expected=exp, verdict=None, must_remove=[],
                must_keep=[fact(m, b[m][0], B, ACC) for m in above] + [fact("Wendrel-S", "87.2", B, ACC)],
                careful=(rk, len(above)), careless=(careless_rank, 0), info=f"rank {rk}, above {above}")


def q_uw02(now):
    G = gd("g1.ttl")
    vals = survivors(G, "Tavrosa", B, ACC, now)
    clears = {float(v) > 86 for v in vals}
    verdict = "SUPPORTED" if clears == {True} else "REFUTED" if clears == {False} else "UNCERTAIN"
    # careless: only the model's own (first) paper's value
    w = G.worlds()[0]
    own = [r for r in G.rows if r["model"] == "Tavrosa" and r["dataset"] == B]
    own.sort(key=lambda r: w[r["paper"]])
    careless = "SUPPORTED" if float(own[0]["value"]) > 86 else "REFUTED"
    return dict(expected=sorted(vals, reverse=True), verdict=verdict, must_remove=[],
                must_keep=[fact("Tavrosa", v, B, ACC) for v in vals],
                careful=verdict, careless=careless, info=f"Tavrosa {vals}")


def cut_below(b, bar, metric):
    """(surely below, surely not, disputed) for a higher-is-better 'below bar' cut."""
    sure, unsure = [], []
    for m, vs in b.items():
        f = {float(v) < bar for v in vs}
        if f == {True}:
            sure.append(m)
        elif f == {True, False}:
            unsure.append(m)
    return sorted(sure), sorted(unsure)


def q_uw03(now):
    G = gd("g1.ttl")
    b = board(G, B, ACC, now)
    sure, unsure = cut_below(b, 75, ACC)
    assert not unsure
    raw = board(G, B, ACC, now, raw=True)
    # careless: conflicts not resolved, a model counts as cut only if every stated value is below
    careless = sorted(m for m, vs in raw.items() if all(float(v) < 75 for v in vs))
    removed = [fact(m, v, B, ACC) for m in sure for v in raw[m] if v not in b[m]]
    exp = []
    for m in sorted(sure, key=lambda m: float(b[m][0])):
        exp += [m, b[m][0]]
    return dict(expected=exp, verdict=None, must_remove=removed,
                must_keep=[fact(m, b[m][0], B, ACC) for m in sure],
                careful=sure, careless=careless, info=f"cut {sure}")


def q_uw04(now):
    G = gd("g1.ttl")

    def count(world):
        b = board(G, SK, MIOU, now, anchor=2019, world=world)
        return tuple(sorted(m for m, vs in b.items() if all(float(v) > 60 for v in vs)))
    over = all_worlds_same(G, count)
    bc = board(G, SK, MIOU, now, anchor=2019, world=G.careless_world())
    careless = tuple(sorted(m for m, vs in bc.items() if all(float(v) > 60 for v in vs)))
    full = board(G, SK, MIOU, now)
    removed = [fact(m, full[m][0], SK, MIOU) for m in careless if m not in over]
    exp = []
    for m in over:
        exp += [m, full[m][0]]
    return dict(expected=exp, verdict=None, must_remove=removed,
                must_keep=[fact(m, full[m][0], SK, MIOU) for m in over],
                careful=len(over), careless=len(careless), info=f"over 60 before 2020: {over}")


def q_uw05(now):
    G = gd("g1.ttl")
    b = board(G, CI, "F1", now)

    def within(reading):
        lead = max(reading, key=lambda m: reading[m])
        close = [m for m, v in reading.items() if m != lead and reading[lead] - v <= 1.0]
        return lead, tuple(sorted(close))
    res = one([within(r) for r in readings(b)], "within")
    lead, close = res
    verdict = "SUPPORTED" if close else "REFUTED"
    raw = board(G, CI, "F1", now, raw=True)
    rr = {m: max(float(v) for v in vs) for m, vs in raw.items()}
    cl, cc = within(rr)
    careless = "SUPPORTED" if cc else "REFUTED"
    removed = [fact(m, v, CI, "F1") for m in raw for v in raw[m] if v not in b[m]]
    exp = [lead, b[lead][0]]
    for m in close:
        exp += [m, b[m][0]]
    keep = [fact(lead, b[lead][0], CI, "F1")] + [fact(m, b[m][0], CI, "F1") for m in close]
    keep += [fact(m, v, CI, "F1") for m in raw for v in b[m] if any(x not in b[m] for x in raw[m])]
    return dict(expected=exp, verdict=verdict, must_remove=removed, must_keep=keep,
                careful=verdict, careless=careless, info=f"lead {lead}, within {close}; careless lead {cl}")


def q_uw06(now):
    G = gd("g2.ttl")
    b = board(G, DA, WER, now)
    sure, unsure = cut_below(b, 10, WER)
    # careless: the model's own first paper's value only
    w = G.worlds()[0]
    first = {}
    for r in sorted((r for r in G.rows if r["dataset"] == DA and r["metric"] == WER),
                    key=lambda r: w[r["paper"]]):
        first.setdefault(r["model"], r["value"])
    careless = (sorted(m for m, v in first.items() if float(v) < 10), [])
    exp = []
    keep = []
    for m in sorted(sure, key=lambda m: float(b[m][0])) + unsure:
        exp.append(m)
        exp += b[m]
        keep += [fact(m, v, DA, WER) for v in b[m]]
    return dict(expected=exp, verdict=None, must_remove=[], must_keep=keep,
                careful=(sure, unsure), careless=careless, info=f"sure {sure}, disputed {unsure}")


def q_uw07(now):
    G = gd("g2.ttl")
    b = board(G, DA, WER, now)
    rk = one([rank("Warbleon", r, WER) for r in readings(b)], "rank")
    verdict = "SUPPORTED" if rk <= 3 else "REFUTED"
    above = one([tuple(sorted(m for m, v in r.items() if better(v, r["Warbleon"], WER))) for r in readings(b)], "")
    # careless: higher-is-better
    crk = one([1 + sum(1 for m, v in r.items() if m != "Warbleon" and v > r["Warbleon"]) for r in readings(b)], "")
    careless = "SUPPORTED" if crk <= 3 else "REFUTED"
    keep = [fact("Warbleon", b["Warbleon"][0], DA, WER)]
    for m in sorted(above, key=lambda m: float(b[m][0])):
        keep += [fact(m, v, DA, WER) for v in b[m]]
    return dict(expected=b["Warbleon"] + sorted(above, key=lambda m: float(b[m][0])), verdict=verdict,
                must_remove=[], must_keep=keep, careful=verdict, careless=careless,
                info=f"Warbleon rank {rk} (careless {crk})")


def q_uw08(now):
    G = gd("g2.ttl")
    b = board(G, HO, ACC, now)
    at = one([tuple(sorted(m for m, v in r.items() if v >= r["Syrinxa"])) for r in readings(b)], "")
    raw = board(G, HO, ACC, now, raw=True)
    rr = {m: max(float(v) for v in vs) for m, vs in raw.items()}
    careless = tuple(sorted(m for m, v in rr.items() if v >= rr["Syrinxa"]))
    exp = []
    for m in sorted(at, key=lambda m: -float(b[m][0])):
        exp += [m, b[m][0]]
    removed = [fact("Syrinxa", v, HO, ACC) for v in raw["Syrinxa"] if v not in b["Syrinxa"]]
    return dict(expected=exp, verdict=None, must_remove=removed,
                must_keep=[fact(m, b[m][0], HO, ACC) for m in at],
                careful=at, careless=careless, info=f"at or above Syrinxa: {at}")


def q_uw09(now):
    G = gd("g2.ttl")
    dsets = sorted({r["dataset"] for r in G.rows if r["model"] == "Corrasine"})
    top2, careless, keep = [], [], []
    for d in dsets:
        met = [r["metric"] for r in G.rows if r["model"] == "Corrasine" and r["dataset"] == d][0]
        b = board(G, d, met, now)
        ok = one([rank("Corrasine", r, met) <= 2 for r in readings(b)], "")
        if ok == "UNSETTLED":
            return dict(expected=["UNSETTLED"])
        if ok:
            top2.append(d)
            keep += [fact("Corrasine", v, d, met) for v in b["Corrasine"]]
            for r in readings(b):
                for m, v in r.items():
                    if m != "Corrasine" and better(v, r["Corrasine"], met):
                        keep += [fact(m, x, d, met) for x in b[m]]
        # careless: higher-is-better on every board
        cok = [1 + sum(1 for m, v in r.items() if m != "Corrasine" and v > r["Corrasine"]) <= 2 for r in readings(b)]
        if all(cok):
            careless.append(d)
    keep = list(dict.fromkeys(keep))
    return dict(expected=top2, verdict=None, must_remove=[], must_keep=keep,
                careful=top2, careless=careless, info=f"top two on {top2}")


def q_uw10(now):
    G = gd("g2.ttl")

    def under(world, anchor=2021):
        b = board(G, DA, WER, now, anchor=anchor, world=world)
        return tuple(sorted(m for m, vs in b.items() if all(float(v) < 12 for v in vs)))
    res = all_worlds_same(G, under)
    careless = under(G.careless_world())
    full = board(G, DA, WER, now)
    noanchor = tuple(sorted(m for m, vs in full.items() if any(float(v) < 12 for v in vs)))
    removed = [fact(m, v, DA, WER) for m in noanchor if m not in res for v in full[m]]
    exp = []
    for m in res:
        exp += [m] + board(G, DA, WER, now, anchor=2021)[m]
    return dict(expected=exp, verdict=None, must_remove=removed,
                must_keep=[fact(m, v, DA, WER) for m in res for v in board(G, DA, WER, now, anchor=2021)[m]],
                careful=res, careless=careless, info=f"under 12 as of 2021: {res}; no anchor {noanchor}")


def q_uw11(now):
    G = gd("g3.ttl")
    b = board(G, OR, "BLEU", now)
    over = sorted((m for m, vs in b.items() if all(float(v) > 30 for v in vs)), key=lambda m: -float(b[m][0]))
    # careless: the stored strings compared as strings
    raw_rows = [r for r in G.rows if r["dataset"] == OR and r["metric"] == "BLEU"]
    careless = sorted({r["model"] for r in raw_rows if r["raw"] > "30"})
    exp = []
    for m in over:
        exp += [m, b[m][0]]
    return dict(expected=exp, verdict=None, must_remove=[],
                must_keep=[fact(m, b[m][0], OR, "BLEU") for m in over],
                careful=len(over), careless=len(careless), info=f"over 30: {over}; careless {careless}")


def q_uw12(now):
    G = gd("g3.ttl")

    def rk(world):
        b = board(G, OR, "BLEU", now, anchor=2020, world=world)
        return one([rank("Halverin", r, "BLEU") for r in readings(b)], "")
    r = all_worlds_same(G, rk)
    verdict = "SUPPORTED" if r == 2 else "REFUTED" if isinstance(r, int) else "UNCERTAIN"
    b = board(G, OR, "BLEU", now, anchor=2020)
    top = max(b, key=lambda m: float(b[m][0]))
    full = board(G, OR, "BLEU", now)
    r_noanchor = one([rank("Halverin", x, "BLEU") for x in readings(full)], "")
    # careless by string order, under the anchor
    rows = [x for x in G.rows if x["dataset"] == OR and x["metric"] == "BLEU"
            and G.worlds()[0][x["paper"]] is not None and G.worlds()[0][x["paper"]] <= 2020]
    order = []
    for x in sorted(rows, key=lambda x: x["raw"], reverse=True):
        if x["model"] not in order:
            order.append(x["model"])
    r_string = order.index("Halverin") + 1
    careless = ["SUPPORTED" if r_noanchor == 2 else "REFUTED", "SUPPORTED" if r_string == 2 else "REFUTED"]
    removed = [fact(m, v, OR, "BLEU") for m in full for v in full[m]
               if m not in b and float(v) > float(b["Halverin"][0])]
    return dict(expected=[top, b[top][0], b["Halverin"][0]], verdict=verdict, must_remove=removed,
                must_keep=[fact("Halverin", b["Halverin"][0], OR, "BLEU"), fact(top, b[top][0], OR, "BLEU")],
                careful=verdict, careless=careless,
                info=f"Halverin rank as of 2020 {r}; no anchor {r_noanchor}; string {r_string}")


def q_uw13(now):
    G = gd("g3.ttl")
    b = board(G, MS, "chrF", now)
    ranks = sorted({rank("Nerrisa", r, "chrF") for r in readings(b)})
    verdict = "SUPPORTED" if max(ranks) <= 2 else "REFUTED" if min(ranks) > 2 else "UNCERTAIN"
    disputed = [m for m, vs in b.items() if len(vs) > 1]
    exp = b["Nerrisa"] + [v for m in disputed for v in sorted(b[m], reverse=True)]
    keep = [fact(m, v, MS, "chrF") for m in sorted(b) for v in b[m]]
    # careless: any close conflict on the board makes the claim undecidable
    careless = "UNCERTAIN" if disputed else verdict
    return dict(expected=exp, verdict=verdict, must_remove=[], must_keep=keep,
                careful=verdict, careless=careless, info=f"Nerrisa ranks {ranks}")


def q_uw14(now):
    G = gd("g3.ttl")
    b = board(G, OR, "BLEU", now)
    rk = one([rank("Murrelet-MT", r, "BLEU") for r in readings(b)], "")
    verdict = "SUPPORTED" if rk <= 2 else "REFUTED"
    above = [m for m in b if float(b[m][0]) > float(b["Murrelet-MT"][0])]
    rows = [x for x in G.rows if x["dataset"] == OR and x["metric"] == "BLEU"]
    order = []
    for x in sorted(rows, key=lambda x: x["raw"], reverse=True):
        if x["model"] not in order:
            order.append(x["model"])
    careless = "SUPPORTED" if order.index("Murrelet-MT") < 2 else "REFUTED"
    exp = []
    for m in above:
        exp += [m, b[m][0]]
    exp += b["Murrelet-MT"]
    keep = [fact("Murrelet-MT", "34.2", OR, "BLEU")] + [fact(m, b[m][0], OR, "BLEU") for m in above]
    keep.append(fact("Ibbotrans", b["Ibbotrans"][0], OR, "BLEU"))
    return dict(expected=exp, verdict=verdict, must_remove=[], must_keep=keep,
                careful=verdict, careless=careless, info=f"Murrelet-MT rank {rk}; string order {order}")


def q_uw15(now):
    G = gd("g3.ttl")
    rows = [r for r in G.rows if r["model"] == "Ostrada-T" and r["dataset"] == MS and r["metric"] == "chrF"]
    assert rows and all(r["value"] is None for r in rows), "Ostrada-T should have only '-'"
    vals = survivors(G, "Ostrada-T", MS, "chrF", now)
    verdict = "UNCERTAIN" if not vals else ("SUPPORTED" if all(float(v) > 50 for v in vals) else "REFUTED")
    careless = "SUPPORTED" if all((float(r["raw"]) if r["value"] else 0.0) > 50 for r in rows) else "REFUTED"
    return dict(expected=[], verdict=verdict, must_remove=[], must_keep=[],
                careful=verdict, careless=careless, info=f"stored {[r['raw'] for r in rows]}")


def q_uw16(now):
    G = gd("g4.ttl")

    def res(world):
        b = board(G, SB, "F1", now, anchor=2020, world=world)
        top = max(b, key=lambda m: max(float(v) for v in b[m]))
        return (any(float(v) > 85 for vs in b.values() for v in vs), top, b[top][0])
    r = all_worlds_same(G, res)
    verdict = "SUPPORTED" if r[0] else "REFUTED"
    cr = res(G.careless_world())
    careless = "SUPPORTED" if cr[0] else "REFUTED"
    full = board(G, SB, "F1", now)
    removed = [fact(m, v, SB, "F1") for m in full for v in full[m] if float(v) > 85]
    return dict(expected=[r[1], r[2]], verdict=verdict, must_remove=removed,
                must_keep=[fact(r[1], r[2], SB, "F1")], careful=verdict, careless=careless,
                info=f"before 2021: {r}; careless {cr}")


def q_uw17(now):
    G = gd("g4.ttl")
    b = board(G, SB, "F1", now)

    def newest(world):
        return max(b, key=lambda m: first_year(G, m, SB, "F1", world))
    nm = all_worlds_same(G, newest)
    assert nm == "Undertow-GNN", nm
    rk = one([rank("Undertow-GNN", r, "F1") for r in readings(b)], "")
    verdict = "SUPPORTED" if rk == 1 else "REFUTED"
    careless = "SUPPORTED"  # newest taken as the top one
    top = max(b, key=lambda m: float(b[m][0]))
    return dict(expected=[top, b[top][0]] + b["Undertow-GNN"], verdict=verdict, must_remove=[],
                must_keep=[fact(top, b[top][0], SB, "F1"), fact("Undertow-GNN", b["Undertow-GNN"][0], SB, "F1")],
                careful=verdict, careless=careless, info=f"Undertow-GNN rank {rk}, top {top}")


def q_uw18(now):
    G = gd("g4.ttl")
    outs = []
    for w in G.worlds():
        b = board(G, SB, "F1", now, anchor=2018, world=w)
        if "Tidewick" not in b:
            outs.append(False)
        else:
            outs.append(all(rank("Tidewick", r, "F1") <= 2 for r in readings(b)))
    verdict = "SUPPORTED" if all(outs) else "REFUTED" if not any(outs) else "UNCERTAIN"
    tw = [p for p, d in G.papers.items() if d["title"].startswith("Tidewick")][0]
    years = [str(y) for y in G.papers[tw]["years"]]
    # careless readings: (a) Tidewick's first year only, months handled; (b) the smallest P29 of
    # every paper as its year (which also puts Selkora, P29 11, on the 2018 board)
    careless = []
    for w in (G.worlds()[0], G.careless_world()):
        bc = board(G, SB, "F1", now, anchor=2018, world=w)
        careless.append("SUPPORTED" if "Tidewick" in bc and rank("Tidewick", {m: float(v[0]) for m, v in bc.items()}, "F1") <= 2 else "REFUTED")
    # kept: what is on the 2018 board in every reading, other than Tidewick
    common = None
    for w in G.worlds():
        b = board(G, SB, "F1", now, anchor=2018, world=w)
        s = {(m, v) for m, vs in b.items() for v in vs if m != "Tidewick"}
        common = s if common is None else common & s
    full = board(G, SB, "F1", now)
    removed = [fact(m, v, SB, "F1") for m in full for v in full[m]
               if all(m not in board(G, SB, "F1", now, anchor=2018, world=w) for w in G.worlds())
               and float(v) > 76.0]
    keep = [fact(m, v, SB, "F1") for m, v in sorted(common, key=lambda x: -float(x[1]))]
    return dict(expected=years, verdict=verdict, must_remove=removed, must_keep=keep,
                careful=verdict, careless=careless, info=f"readings {outs}")


def q_uw19(now):
    G = gd("g4.ttl")
    probs = {p for r in G.rows if r["dataset"] == KW for p in r["problems"]}
    assert probs == {"Kelp Canopy Mapping"}, probs
    boards = {(r["dataset"], r["metric"]) for r in G.rows if "Kelp Canopy Mapping" in r["problems"]}
    assert boards == {(KW, MIOU)}, boards

    def over(world):
        b = board(G, KW, MIOU, now, anchor=2024, world=world, problem="Kelp Canopy Mapping")
        return tuple(sorted(m for m, vs in b.items() if all(float(v) > 60 for v in vs)))
    res = all_worlds_same(G, over)
    careless = over(G.careless_world())
    full = board(G, KW, MIOU, now)
    removed = [fact(m, v, KW, MIOU) for m in careless if m not in res for v in full[m]]
    exp = []
    for m in res:
        exp += [m, full[m][0]]
    return dict(expected=exp, verdict=None, must_remove=removed,
                must_keep=[fact(m, full[m][0], KW, MIOU) for m in res],
                careful=res, careless=careless, info=f"over 60 as of 2024: {res}")


def q_uw20(now):
    G = gd("g4.ttl")
    metrics_sb = {r["metric"] for r in G.rows if r["dataset"] == SB}
    vals = survivors(G, "Marrowfen", SB, MIOU, now)
    verdict = "UNCERTAIN" if not vals else ("SUPPORTED" if all(float(v) > 50 for v in vals) else "REFUTED")
    other = [r for r in G.rows if r["model"] == "Marrowfen" and r["metric"] == MIOU and r["value"]]
    careless = "SUPPORTED" if other and all(float(r["value"]) > 50 for r in other) else "REFUTED"
    return dict(expected=[], verdict=verdict, must_remove=[], must_keep=[],
                careful=verdict, careless=careless, info=f"Sealbrook metrics {metrics_sb}")


COMPUTERS = {f"UW{i:02d}": globals()[f"q_uw{i:02d}"] for i in range(1, 21)}
# questions whose careless answer must differ from the right one (all but UW13's 'careless' is a
# real mistake; UW13's careless answer is UNCERTAIN-for-any-conflict, also checked to differ)
CARELESS_DIFFERS = set(COMPUTERS)


# ------------------------------------------------------------------------------------------
# the checks
# ------------------------------------------------------------------------------------------
FIELDS = ["id", "graph", "question", "query_type", "mechanism", "expected", "verdict",
          "must_remove", "must_keep", "notes"]
QTYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
MECHS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}


def tokens(s):
    return set(re.findall(r"[a-z0-9]+(?:[-.'][a-z0-9]+)*", s.lower()))


def jaccard(a, b):
    a, b = tokens(a), tokens(b)
    return len(a & b) / len(a | b) if a | b else 0.0


def fact_in_graph(G, f):
    pf = parse_fact(f)
    if not pf:
        return False
    m, v, d, met = pf
    return any(r["model"] == m and r["dataset"] == d and r["metric"] == met and r["value"] is not None
               and float(r["value"]) == float(v) and r["value"] == v for r in G.rows)


def on_anchored_board(G, f, anchor, now):
    m, v, d, met = parse_fact(f)
    return [v in board(G, d, met, now, anchor=anchor, world=w).get(m, []) for w in G.worlds()]


def check_fields(items):
    with open(os.path.join(TRUST, "trust-dev.jsonl")) as fh:
        ref_fields = list(json.loads(fh.readline()).keys())
    if ref_fields != FIELDS:
        fail(f"trust-dev.jsonl fields changed: {ref_fields}")
    ids = []
    qs = []
    for i, it in enumerate(items):
        if list(it.keys()) != ref_fields:
            fail(f"line {i + 1}: fields {list(it.keys())} are not {ref_fields}")
        ids.append(it.get("id"))
        qs.append(it.get("question"))
    want = [f"UW{i:02d}" for i in range(1, 21)]
    if ids != want:
        fail(f"ids are not UW01..UW20 in order: {ids}")
    for k, n in Counter(ids).items():
        if n > 1:
            fail(f"duplicate id {k}")
    for k, n in Counter(qs).items():
        if n > 1:
            fail(f"duplicate question {k!r}")
    gc = Counter(it.get("graph") for it in items)
    if gc != Counter({"g1.ttl": 5, "g2.ttl": 5, "g3.ttl": 5, "g4.ttl": 5}):
        fail(f"graphs are not five each: {dict(gc)}")
    for it in items:
        i = it.get("id")
        if it.get("query_type") not in QTYPES:
            fail(f"{i}: query_type {it.get('query_type')!r}")
        if it.get("mechanism") not in MECHS:
            fail(f"{i}: mechanism {it.get('mechanism')!r}")
        claim = it.get("query_type") == "claim_verification"
        if claim and it.get("verdict") not in VERDICTS:
            fail(f"{i}: a claim needs a verdict, has {it.get('verdict')!r}")
        if not claim and it.get("verdict") is not None:
            fail(f"{i}: verdict {it.get('verdict')!r} on a question that is not a claim")
        for k in ("expected", "must_remove", "must_keep"):
            if not isinstance(it.get(k), list) or not all(isinstance(x, str) for x in it.get(k, [])):
                fail(f"{i}: {k} is not a list of strings")
        if not isinstance(it.get("notes"), str) or len(it.get("notes", "")) < 40:
            fail(f"{i}: notes missing or too short")


def check_item(it):
    i = it["id"]
    if i not in COMPUTERS:
        fail(f"{i}: no computer")
        return
    try:
        G = gd(it["graph"])
    except Exception as e:  # noqa: BLE001
        fail(f"{i}: graph {it['graph']!r} cannot be read ({e})")
        return
    for s in it["expected"]:
        if s not in G.strings:
            fail(f"{i}: expected string {s!r} is not in {it['graph']}")
    for f in it["must_keep"] + it["must_remove"]:
        if not fact_in_graph(G, f):
            fail(f"{i}: fact not in {it['graph']}: {f!r}")
    anchor = ANCHOR.get(i)
    derived = None
    for now in YEARS:
        try:
            d = COMPUTERS[i](now)
        except Exception as e:  # noqa: BLE001
            fail(f"{i}: computer failed at {now}: {e!r}")
            return
        key = (d.get("expected"), d.get("verdict"), sorted(d.get("must_keep", [])), sorted(d.get("must_remove", [])))
        if derived is None:
            derived = (key, d)
        elif key != derived[0]:
            fail(f"{i}: the answer depends on the current year ({now})")
        if "UNSETTLED" in json.dumps(d.get("expected")) or d.get("careful") == "UNSETTLED":
            fail(f"{i}: the readings do not agree at {now} ({d.get('info')})")
        # the fields
        if sorted(it["expected"]) != sorted(d["expected"]) or len(it["expected"]) != len(d["expected"]):
            fail(f"{i} [{now}]: expected {it['expected']} but derived {d['expected']}")
        if it["verdict"] != d["verdict"]:
            fail(f"{i} [{now}]: verdict {it['verdict']} but derived {d['verdict']}")
        if sorted(it["must_keep"]) != sorted(d["must_keep"]):
            fail(f"{i} [{now}]: must_keep {it['must_keep']} but derived {d['must_keep']}")
        if sorted(it["must_remove"]) != sorted(d["must_remove"]):
            fail(f"{i} [{now}]: must_remove {it['must_remove']} but derived {d['must_remove']}")
        if i in CARELESS_DIFFERS and d.get("careless") == d.get("careful"):
            fail(f"{i} [{now}]: the careless answer {d.get('careless')} equals the right one")
        if isinstance(d.get("careless"), list) and d.get("careful") in d.get("careless"):
            fail(f"{i} [{now}]: a careless reading {d.get('careless')} gives the right answer")
        # must_keep survives now and under the anchor; must_remove is removed or off the anchored board
        for f in it["must_keep"]:
            pf = parse_fact(f)
            if not pf:
                continue
            m, v, ds, met = pf
            for w in G.worlds():
                if v not in survivors(G, m, ds, met, now, world=w):
                    fail(f"{i} [{now}]: must_keep does not survive now: {f}")
            if anchor is not None and not all(on_anchored_board(G, f, anchor, now)):
                fail(f"{i} [{now}]: must_keep is not on the board as of {anchor}: {f}")
        for f in it["must_remove"]:
            pf = parse_fact(f)
            if not pf:
                continue
            m, v, ds, met = pf
            removed_now = all(v not in survivors(G, m, ds, met, now, world=w) for w in G.worlds())
            off = anchor is not None and not any(on_anchored_board(G, f, anchor, now))
            if not (removed_now or off):
                fail(f"{i} [{now}]: must_remove is neither removed nor off the anchored board: {f}")
    return derived[1] if derived else None


CONFLICT_TABLE = [  # the first README's table: (graph, model, dataset, metric, kept)
    ("g1.ttl", "KestrelNet", B, ACC, ["74.1"]),
    ("g1.ttl", "Orvalis-CNN", CI, "F1", ["87.0"]),
    ("g2.ttl", "Fennick-RNN", DA, WER, ["21.7"]),
    ("g2.ttl", "Syrinxa", HO, ACC, ["88.3"]),
    ("g3.ttl", "Gannetron", OR, "BLEU", ["18.9"]),
    ("g1.ttl", "Tavrosa", B, ACC, ["85.4", "86.1"]),
    ("g2.ttl", "Trillbert", DA, WER, ["10.1", "9.4"]),
    ("g2.ttl", "Aviquist", VE, WER, ["6.8", "7.9"]),
    ("g2.ttl", "Warbleon", HO, ACC, ["79.5", "80.7"]),
    ("g3.ttl", "Murrelet-MT", MS, "chrF", ["51.0", "55.1"]),
]


def check_conflict_table():
    for now in YEARS:
        for gname, m, d, met, kept in CONFLICT_TABLE:
            got = survivors(gd(gname), m, d, met, now)
            if sorted(got) != sorted(kept):
                fail(f"conflict table [{now}]: {m} on {d}: {got} instead of {kept}")


def check_against_check_py(items):
    """Second opinion: check.surviving (imported, source not read) on every model of every board
    a question rests on, at the question's anchor; it must agree and never be AMBIGUOUS."""
    try:
        sys.path.insert(0, TRUST)
        import check as ref  # noqa: E402
    except Exception as e:  # noqa: BLE001
        fail(f"cannot import check.py: {e!r}")
        return
    now = int(os.environ["TRUST_NOW"]) if os.environ.get("TRUST_NOW") else None
    seen = set()
    for it in items:
        anchor = ANCHOR.get(it.get("id"))
        G = gd(it["graph"])
        for f in it.get("must_keep", []) + it.get("must_remove", []):
            pf = parse_fact(f)
            if not pf:
                continue
            _, _, d, met = pf
            for m in sorted({r["model"] for r in G.rows if r["dataset"] == d and r["metric"] == met}):
                key = (it["graph"], m, d, met, anchor)
                if key in seen:
                    continue
                seen.add(key)
                mine = [tuple(sorted(float(v) for v in board(G, d, met, now or 2025, anchor, w).get(m, [])))
                        for w in G.worlds()]
                if len(set(mine)) > 1:
                    continue  # a two-year reading: decided by the worlds above, not by check.surviving
                try:
                    vals, status, _ = ref.surviving(ref.G(it["graph"]), m, d, met, anchor=anchor)
                except Exception as e:  # noqa: BLE001
                    fail(f"check.surviving failed for {key}: {e!r}")
                    continue
                if status == "AMBIGUOUS":
                    fail(f"check.surviving calls {key} AMBIGUOUS")
                if tuple(sorted(vals)) != mine[0]:
                    fail(f"check.surviving disagrees on {key}: {sorted(vals)} against {mine[0]}")


def check_jaccard(items):
    with open(os.path.join(TRUST, "trust-dev.jsonl")) as fh:
        ref = [json.loads(x)["question"] for x in fh if x.strip()]
    for it in items:
        for q in ref:
            j = jaccard(it.get("question", ""), q)
            if j >= 0.6:
                fail(f"{it.get('id')}: Jaccard {j:.2f} with trust-dev question {q!r}")


def check_readme(items):
    if not os.path.exists(README):
        fail("README47.md is missing")
        return
    text = open(README).read()
    counts = {
        "verdict": Counter(it.get("verdict") or "null" for it in items),
        "mechanism": Counter(it.get("mechanism") for it in items),
        "query type": Counter(it.get("query_type") for it in items),
        "graph": Counter((it.get("graph") or "").replace(".ttl", "") for it in items),
    }
    for head, want in counts.items():
        mo = re.search(r"^\| " + head + r" \| n \|\n\|[-| ]+\|\n((?:\|.*\|\n)+)", text, re.M)
        if not mo:
            fail(f"README47.md has no '| {head} | n |' table")
            continue
        got = Counter()
        for line in mo.group(1).splitlines():
            cells = [c.strip() for c in line.strip("|").split("|")]
            if len(cells) != 2 or cells[0].startswith("**"):
                continue
            k = cells[0].split(" ")[0]
            got[k] = int(cells[1])
        w = Counter({k: v for k, v in want.items()})
        if got != w:
            fail(f"README47.md {head} counts {dict(got)} but the file has {dict(w)}")
    for it in items:
        if f"| {it.get('id')} |" not in text:
            fail(f"README47.md has no row for {it.get('id')}")


def main():
    items = []
    try:
        with open(FILE) as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    items.append(json.loads(line))
                except json.JSONDecodeError as e:
                    fail(f"line {n}: not JSON ({e})")
    except OSError as e:
        fail(f"cannot read {FILE}: {e}")
    check_fields(items)
    check_conflict_table()
    shown = []
    for it in items:
        if not all(k in it for k in FIELDS):
            continue
        d = check_item(it)
        if d:
            shown.append(f"  {it['id']}: {d.get('info')} | right {d.get('careful')} | careless {d.get('careless')}")
    check_against_check_py([it for it in items if all(k in it for k in FIELDS)])
    check_jaccard(items)
    check_readme(items)
    print(f"file: {FILE}; years: {YEARS}")
    for s in shown:
        print(s)
    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
