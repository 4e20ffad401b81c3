#!/usr/bin/env python3
"""check48.py: re-derives every answer of trust-dev48.jsonl (UX01-UX20) from the fixture graphs.

Negation, tag questions and leading questions. Every question has its own computer below,
written with rdflib and the public rules only (first README, main README "Answers you can
trust", the rules brief). For claims the computer evaluates the proposition the asker puts
forward (see README48.md, "How the verdict of a negated or tag claim is fixed") under every
reading the graph allows (each real year of a two-year paper x each value of a close conflict):
SUPPORTED when it holds under all, REFUTED when it fails under all, UNCERTAIN otherwise or when
the graph holds no value for it.

Each computer is also run with the careless reading of its trap (a removed outlier kept, a
close conflict collapsed to one value, a month read as a year, one of two real years taken, values compared as strings,
newest taken as best, a missing pairing filled from another board) and the careless answer
must differ from the right one.

Run:  python3 check48.py            (UX_FILE=/path/copy.jsonl to check another copy;
                                     TRUST_NOW=2030 adds that current year to 2025..2030)
Last line: FAILURES: N; exit status 1 when N > 0.
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
FILE = os.environ.get("UX_FILE", os.path.join(HERE, "trust-dev48.jsonl"))
README = os.path.join(HERE, "README48.md")
DEV = os.path.join(TRUST, "trust-dev.jsonl")

ORKGC = Namespace("http://orkg.org/orkg/class/")
ORKGP = Namespace("http://orkg.org/orkg/predicate/")

NOWS = list(range(2025, 2031))
if os.environ.get("TRUST_NOW"):
    NOWS.append(int(os.environ["TRUST_NOW"]))
NOWS = sorted(set(NOWS))

LAMBDA, CORR, THRESH = 0.08, 0.8, 0.30
WER = "Word Error Rate"

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL", msg)


def clean(raw):
    s = raw.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    if s in ("", "-"):
        return None
    float(s)
    return s


# ----------------------------------------------------------------------------------------------
# the graphs
# ----------------------------------------------------------------------------------------------
class Data:
    def __init__(self, name):
        g = Graph()
        g.parse(os.path.join(TRUST, name), format="turtle")
        lab = lambda n: str(g.value(n, RDFS.label)) if n is not None else None  # noqa: E731
        self.name = name
        self.labels = {str(o) for o in g.objects(None, RDFS.label)}
        self.papers = {}
        self.rows = []  # (model, dataset, metric, raw value, paper)
        for p in g.subjects(RDF.type, ORKGC.Paper):
            self.papers[p] = dict(
                title=lab(p),
                p29=sorted(int(y) for y in g.objects(p, ORKGP.P29)),
                dois=sorted(str(d) for d in g.objects(p, ORKGP.P26)),
                problems=set(),
            )
            for c in g.objects(p, ORKGP.P31):
                for pr in g.objects(c, ORKGP.P32):
                    self.papers[p]["problems"].add(lab(pr))
                m = lab(g.value(c, ORKGP.HAS_MODEL))
                for b in g.objects(c, ORKGP.HAS_BENCHMARK):
                    d = lab(g.value(b, ORKGP.HAS_DATASET))
                    for e in g.objects(b, ORKGP.HAS_EVALUATION):
                        me = lab(g.value(e, ORKGP.HAS_METRIC))
                        self.rows.append((m, d, me, str(g.value(e, ORKGP.HAS_VALUE)), p))
        self.vocab = set(self.labels)
        for p, info in self.papers.items():
            self.vocab.add(info["title"])
            self.vocab.update(info["dois"])
            self.vocab.update(str(y) for y in info["p29"] if y > 12)
        for r in self.rows:
            c = clean(r[3])
            if c is not None:
                self.vocab.add(c)

    def title(self, p):
        return self.papers[p]["title"]


DATA = {n: Data(n) for n in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")}


# ----------------------------------------------------------------------------------------------
# the rules (opts switch on one careless reading; {} is the right reading)
# ----------------------------------------------------------------------------------------------
def paper_years(D, p, o):
    p29 = D.papers[p]["p29"]
    if o.get("month_year"):          # careless: the smallest raw P29 is the year
        return [min(p29)] if p29 else [None]
    real = sorted({y for y in p29 if y > 12})  # 1..12 is a month under the year predicate
    if o.get("one_year") and real:   # careless: a paper with two real years read with the first only
        return real[:1]
    return real if real else [None]


def worlds(D, o):
    multi = [p for p in D.papers if len(paper_years(D, p, o)) > 1]
    base = {p: paper_years(D, p, o)[0] for p in D.papers}
    out = []
    for combo in itertools.product(*[paper_years(D, p, o) for p in multi]):
        w = dict(base)
        w.update(zip(multi, combo))
        out.append(w)
    return out


def val_of(raw, o):
    return raw if o.get("strings") else clean(raw)


def all_values(D, w, model, ds, me, anchor, o):
    """value -> set(papers) for one (model, dataset, metric), before conflict resolution."""
    out = {}
    for (m, d, mt, raw, p) in D.rows:
        if m != model or d != ds or mt != me:
            continue
        if anchor is not None and (w[p] is None or w[p] > anchor):
            continue
        v = val_of(raw, o)
        if v is None:
            continue
        out.setdefault(v, set()).add(p)
    return out


def weight(papers, w, ref):
    years = [w[p] for p in papers if w[p] is not None]
    rec = math.exp(-LAMBDA * (ref - max(years))) if years else 1.0
    return rec * (1 + CORR * math.log(1 + len(papers)))


def resolve(vals, w, ref, o):
    if len(vals) <= 1 or o.get("no_removal"):
        return dict(vals)
    ws = {v: weight(ps, w, ref) for v, ps in vals.items()}
    top = max(ws.values())
    if o.get("collapse"):            # careless: one value always, the stronger (ties: string order)
        keep = sorted(v for v in ws if ws[v] == top)[0]
        return {keep: vals[keep]}
    return {v: ps for v, ps in vals.items() if top - ws[v] <= THRESH * top}


def board(D, w, ds, me, anchor, now, o):
    """model -> {value: papers} surviving on one board, as of anchor (or now)."""
    models = sorted({r[0] for r in D.rows if r[1] == ds and r[2] == me})
    ref = anchor if anchor is not None else now
    out = {}
    for m in models:
        vals = all_values(D, w, m, ds, me, anchor, o)
        if vals:
            out[m] = resolve(vals, w, ref, o)
    return out


def readings(bd):
    ms = sorted(bd)
    for combo in itertools.product(*[sorted(bd[m]) for m in ms]):
        yield dict(zip(ms, combo))


def key(v, o):
    return v if o.get("strings") else float(v)


def better(a, b, me, o):
    lower = me == WER and not o.get("wer_higher")
    return key(a, o) < key(b, o) if lower else key(a, o) > key(b, o)


def gt(v, t, o):
    return key(v, o) > key(t, o)


def lt(v, t, o):
    return key(v, o) < key(t, o)


def leaders(rd, me, o):
    best = None
    for m, v in rd.items():
        if best is None or better(v, best, me, o):
            best = v
    return {m for m, v in rd.items() if key(v, o) == key(best, o)}, best


def first_year(D, w, m, ds, me, anchor):
    ys = [w[p] for (mm, d, mt, raw, p) in D.rows
          if mm == m and d == ds and mt == me and w[p] is not None and (anchor is None or w[p] <= anchor)]
    return min(ys) if ys else None


def newest_models(D, w, ds, me, anchor):
    fy = {}
    for m in {r[0] for r in D.rows if r[1] == ds and r[2] == me}:
        y = first_year(D, w, m, ds, me, anchor)
        if y is not None:
            fy[m] = y
    top = max(fy.values())
    return {m for m, y in fy.items() if y == top}


def agg(truths):
    s = set(truths)
    if not s or None in s or s == {True, False}:
        return "UNCERTAIN"
    return "SUPPORTED" if s == {True} else "REFUTED"


def fact(m, v, ds, me):
    return f"{m} scores {v} on {ds} by {me}"


def res(expected, verdict=None, keep=(), remove=()):
    return dict(expected=list(expected), verdict=verdict, must_keep=sorted(set(keep)), must_remove=sorted(set(remove)))


def removed_values(D, w, m, ds, me, anchor, now, o):
    allv = all_values(D, w, m, ds, me, anchor, o)
    kept = resolve(allv, w, anchor if anchor is not None else now, o)
    return set(allv) - set(kept), set(kept)


def after_anchor(D, w, ds, me, anchor, o):
    """facts of the board whose every stating paper lies after the anchor (or is undated)."""
    out = set()
    for (m, d, mt, raw, p) in D.rows:
        if d != ds or mt != me:
            continue
        v = val_of(raw, o)
        if v is None:
            continue
        ps = [pp for (mm, dd, mm2, rr, pp) in D.rows
              if mm == m and dd == ds and mm2 == me and val_of(rr, o) == v]
        if all(w[pp] is None or w[pp] > anchor for pp in ps):
            out.add((m, v))
    return out


# ----------------------------------------------------------------------------------------------
# one computer per question: (now, opts) -> dict(expected, verdict, must_keep, must_remove)
# ----------------------------------------------------------------------------------------------
G1, G2, G3, G4 = (DATA[k] for k in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"))
BM, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
DC, HM, VD = "Dastrup-7 Chorus", "Hollenby Marsh Calls", "Veltmoor Dawn Set"
OP, QD, MS = "Orrenby Parallel Corpus", "Quenmark Dialogue Set", "Mirelle Subtitles"
ST, KN = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"
ACC, F1, MIOU, BLEU, CHRF = "Accuracy", "F1", "Mean IoU", "BLEU", "chrF"


def value_claim(D, m, ds, me, now, o, pred, anchor=None):
    """truths of pred(v) over every surviving value of (m, ds, me); values kept / removed."""
    truths, kept, gone = [], set(), set()
    for w in worlds(D, o):
        rm, kp = removed_values(D, w, m, ds, me, anchor, now, o)
        kept |= kp
        gone |= rm
        truths += [pred(v) for v in kp]
    if not truths:
        truths = [None]
    return truths, kept, gone


def ux01(now, o):
    # "kestrelnet doesn't really get past 75 on benchmira, does it?"  P: not (value > 75)
    t, kept, gone = value_claim(G1, "KestrelNet", BM, ACC, now, o, lambda v: not gt(v, "75", o))
    return res(sorted(kept), agg(t), [fact("KestrelNet", v, BM, ACC) for v in kept],
               [fact("KestrelNet", v, BM, ACC) for v in gone])


def ux02(now, o):
    # "Zephyrine-L isn't the top BenchMira model anymore, right?"  P: Zephyrine-L not the leader now
    truths, lead = [], set()
    for w in worlds(G1, o):
        bd = board(G1, w, BM, ACC, None, now, o)
        for rd in readings(bd):
            ls = newest_models(G1, w, BM, ACC, None) if o.get("newest_best") else leaders(rd, ACC, o)[0]
            truths.append("Zephyrine-L" not in ls)
            lead |= {(m, rd[m]) for m in ls if m in rd}
    exp = sorted({x for m, v in lead for x in (m, v)})
    return res(exp, agg(truths), [fact(m, v, BM, ACC) for m, v in lead] + [fact("Wendrel-S", "87.2", BM, ACC)])


def ux03(now, o):
    # "which BenchMira models have never held the top spot, at any point?"
    models = sorted({r[0] for r in G1.rows if r[1] == BM and r[2] == ACC})
    held_any = set()
    for w in worlds(G1, o):
        ys = sorted({w[r[4]] for r in G1.rows if r[1] == BM and w[r[4]] is not None})
        for y in range(ys[0], now + 1):
            bd = board(G1, w, BM, ACC, y, now, o)
            if o.get("newest_best"):
                held_any |= newest_models(G1, w, BM, ACC, y)
                continue
            for rd in readings(bd):
                held_any |= leaders(rd, ACC, o)[0]
    never = [m for m in models if m not in held_any]
    keep = []
    for w in worlds(G1, {}):
        bd = board(G1, w, BM, ACC, None, now, {})
        keep += [fact(m, v, BM, ACC) for m in never for v in bd.get(m, {})]
    return res(never, None, keep)


def ux04(now, o):
    # "Tavrosa never cracked 86 accuracy on BenchMira?"  P: every value <= 86
    t, kept, gone = value_claim(G1, "Tavrosa", BM, ACC, now, o, lambda v: not gt(v, "86", o))
    return res(sorted(kept), agg(t), [fact("Tavrosa", v, BM, ACC) for v in kept],
               [fact("Tavrosa", v, BM, ACC) for v in gone])


def ux05(now, o):
    # "what hasn't been beaten on Corvalla-Ice since 2017?"  results stated by 2017, not beaten
    # by another model's result stated after 2017
    out, gone = set(), set()
    for w in worlds(G1, o):
        bd = board(G1, w, CI, F1, None, now, o)
        for m in bd:
            gone |= {(m, v) for v in removed_values(G1, w, m, CI, F1, None, now, o)[0]}
        for rd in readings(bd):
            for m, v in rd.items():
                if not any(w[p] is not None and w[p] <= 2017 for p in bd[m][v]):
                    continue
                beaten = any(mm != m and better(vv, v, F1, o) and any(w[p] is not None and w[p] > 2017 for p in bd[mm][vv])
                             for mm, vv in rd.items())
                if not beaten:
                    out.add((m, v))
    exp = sorted({x for m, v in out for x in (m, v)})
    return res(exp, None, [fact(m, v, CI, F1) for m, v in out], [fact(m, v, CI, F1) for m, v in gone])


def ux06(now, o):
    # "nothing beats Corrasine's 8.9 WER on Dastrup-7 Chorus, correct?"  P: no model better than Corrasine
    truths, beat = [], set()
    for w in worlds(G2, o):
        bd = board(G2, w, DC, WER, None, now, o)
        for rd in readings(bd):
            if o.get("newest_best"):
                truths.append("Corrasine" in newest_models(G2, w, DC, WER, None))
                continue
            b = {(m, v) for m, v in rd.items() if m != "Corrasine" and better(v, rd["Corrasine"], WER, o)}
            truths.append(not b)
            ls, best = leaders(rd, WER, o)
            beat |= {(m, best) for m in ls}
    exp = sorted({x for m, v in beat for x in (m, v)})
    return res(exp, agg(truths), [fact(m, v, DC, WER) for m, v in beat] + [fact("Corrasine", "8.9", DC, WER)])


def ux07(now, o):
    # "I doubt Aviquist actually beats Corrasine on the Veltmoor Dawn Set. Does it?"
    # P: Aviquist does not beat Corrasine (WER, lower is better)
    truths, vals = [], set()
    for w in worlds(G2, o):
        bd = board(G2, w, VD, WER, None, now, o)
        for rd in readings(bd):
            truths.append(not better(rd["Aviquist"], rd["Corrasine"], WER, o))
            vals |= {("Aviquist", rd["Aviquist"]), ("Corrasine", rd["Corrasine"])}
    return res(sorted({v for m, v in vals}), agg(truths), [fact(m, v, VD, WER) for m, v in vals])


def ux08(now, o):
    # "Surely Trillbert hadn't beaten Warbleon's 11.3 WER on Dastrup-7 yet as of 2021?"
    # P: as of 2021, Trillbert has no result better than Warbleon's 11.3
    A = 2021
    truths, keep, gone, first = [], set(), set(), set()
    for w in worlds(G2, o):
        bd = board(G2, w, DC, WER, A, now, o)
        for rd in readings(bd):
            tv = rd.get("Trillbert")
            truths.append(tv is None or not better(tv, rd["Warbleon"], WER, o))
            keep.add(("Warbleon", rd["Warbleon"]))
        gone |= {(m, v) for (m, v) in after_anchor(G2, w, DC, WER, A, o) if m == "Trillbert"}
        first.add(str(first_year(G2, w, "Trillbert", DC, WER, None)))
    exp = sorted({x for m, v in keep for x in (m, v)} | first)
    return res(exp, agg(truths), [fact(m, v, DC, WER) for m, v in keep], [fact(m, v, DC, WER) for m, v in gone])


def threshold_list(D, ds, me, now, o, pred, name_values=True):
    """models whose every surviving value satisfies pred (and those where readings disagree)."""
    sure, mixed, keep, gone = set(), set(), set(), set()
    for w in worlds(D, o):
        bd = board(D, w, ds, me, None, now, o)
        for m, vals in bd.items():
            ts = {pred(v) for v in vals}
            if ts == {True}:
                sure.add(m)
                keep |= {(m, v) for v in vals}
            elif ts == {True, False}:
                mixed.add(m)
                keep |= {(m, v) for v in vals}
            gone |= {(m, v) for v in removed_values(D, w, m, ds, me, None, now, o)[0]}
    return sure, mixed, keep, gone


def ux09(now, o):
    # "which hollenby marsh calls models didn't get above 90 accuracy?"
    sure, mixed, keep, gone = threshold_list(G2, HM, ACC, now, o, lambda v: not gt(v, "90", o))
    exp = sorted(sure | mixed) + sorted({v for m, v in keep if m == "Syrinxa"})
    return res(exp, None, [fact(m, v, HM, ACC) for m, v in keep], [fact(m, v, HM, ACC) for m, v in gone])


def ux10(now, o):
    # "which systems on Dastrup-7 Chorus never got their WER below 10?"
    sure, mixed, keep, gone = threshold_list(G2, DC, WER, now, o, lambda v: not lt(v, "10", o))
    exp = sorted({x for m, v in keep for x in (m, v)})
    return res(exp, None, [fact(m, v, DC, WER) for m, v in keep], [fact(m, v, DC, WER) for m, v in gone])


def ux11(now, o):
    # "It's not true that Lexmarrow still has the best BLEU on Orrenby, is it?"  P: Lexmarrow not the leader
    truths, lead = [], set()
    for w in worlds(G3, o):
        bd = board(G3, w, OP, BLEU, None, now, o)
        for rd in readings(bd):
            ls, best = leaders(rd, BLEU, o)
            truths.append("Lexmarrow" not in ls)
            lead |= {(m, best) for m in ls}
    exp = sorted({x for m, v in lead for x in (m, v)})
    # Lexmarrow's 9.8 led the board in 2012-2015: a former best, not to be given as the best now
    return res(exp, agg(truths), [fact(m, v, OP, BLEU) for m, v in lead], [fact("Lexmarrow", "9.8", OP, BLEU)])


def ux12(now, o):
    # "isn't Murrelet-MT still top on Mirelle Subtitles by chrF, even with Nerrisa's 53.4 out?"
    # P: Murrelet-MT is the leader now
    truths, keep = [], set()
    for w in worlds(G3, o):
        bd = board(G3, w, MS, CHRF, None, now, o)
        for rd in readings(bd):
            ls, best = leaders(rd, CHRF, o)
            truths.append("Murrelet-MT" in ls)
            keep |= {("Murrelet-MT", rd["Murrelet-MT"])} | {(m, best) for m in ls}
    exp = sorted({v for m, v in keep}) + ["Nerrisa"]
    return res(exp, agg(truths), [fact(m, v, MS, CHRF) for m, v in keep])


def ux13(now, o):
    # "Ostrada-T scores under 50 chrF on Mirelle Subtitles, doesn't it?"  P: value < 50
    t, kept, gone = value_claim(G3, "Ostrada-T", MS, CHRF, now, o, lambda v: lt(v, "50", o))
    return res([] if t == [None] else sorted(kept), agg(t))


def ux14(now, o):
    # "Am I wrong that Gannetron tops 20 BLEU on Orrenby?"  P: value > 20
    t, kept, gone = value_claim(G3, "Gannetron", OP, BLEU, now, o, lambda v: gt(v, "20", o))
    return res(sorted(kept), agg(t), [fact("Gannetron", v, OP, BLEU) for v in kept],
               [fact("Gannetron", v, OP, BLEU) for v in gone])


def ux15(now, o):
    # "which orrenby systems never made it past 30 BLEU?"
    sure, mixed, keep, gone = threshold_list(G3, OP, BLEU, now, o, lambda v: not gt(v, "30", o))
    exp = sorted({x for m, v in keep for x in (m, v)})
    return res(exp, None, [fact(m, v, OP, BLEU) for m, v in keep], [fact(m, v, OP, BLEU) for m, v in gone])


def ux16(now, o):
    # "Wasn't Tidewick ahead of everyone on Sealbrook Turbine Logs as of 2017?"  P: Tidewick led as of 2017
    A = 2017
    truths, keep, gone, years = [], set(), None, set()
    for w in worlds(G4, o):
        bd = board(G4, w, ST, F1, A, now, o)
        for rd in readings(bd):
            ls, best = leaders(rd, F1, o)
            truths.append("Tidewick" in ls)
            keep |= {(m, v) for m, v in rd.items()}
        aa = after_anchor(G4, w, ST, F1, A, o)
        gone = aa if gone is None else gone & aa
        years |= {str(w[p]) for (m, d, me, raw, p) in G4.rows if m == "Tidewick" and w[p] is not None}
    exp = ["Tidewick", "76.0"] + sorted(years)
    return res(exp, agg(truths), [fact(m, v, ST, F1) for m, v in keep], [fact(m, v, ST, F1) for m, v in gone])


def ux17(now, o):
    # "No model had beaten Marrowfen's 78.4 F1 on Sealbrook before 2020, right?"  (papers up to 2019)
    A = 2019
    truths, keep, gone = [], set(), set()
    for w in worlds(G4, o):
        bd = board(G4, w, ST, F1, A, now, o)
        for rd in readings(bd):
            mv = rd["Marrowfen"]
            truths.append(not any(m != "Marrowfen" and better(v, mv, F1, o) for m, v in rd.items()))
            keep.add(("Marrowfen", mv))
        gone |= {(m, v) for (m, v) in after_anchor(G4, w, ST, F1, A, o) if better(v, "78.4", F1, o)}
    exp = sorted({x for m, v in keep for x in (m, v)})
    return res(exp, agg(truths), [fact(m, v, ST, F1) for m, v in keep], [fact(m, v, ST, F1) for m, v in gone])


def ux18(now, o):
    # "kelvane doesn't get over 80 F1 on sealbrook turbine logs, does it?"  P: not (value > 80)
    t, kept, gone = value_claim(G4, "Kelvane", ST, F1, now, o, lambda v: not gt(v, "80", o))
    if t == [None] and o.get("loose"):   # careless: take Kelvane's number from another board
        t = [not gt(clean(r[3]), "80", o) for r in G4.rows if r[0] == "Kelvane"]
    return res([] if t == [None] else sorted(kept), agg(t))


def ux19(now, o):
    # "Undertow-GNN is still #1 on Sealbrook Turbine Logs, isn't it?"  P: Undertow-GNN is the leader now
    truths, lead = [], set()
    for w in worlds(G4, o):
        bd = board(G4, w, ST, F1, None, now, o)
        for rd in readings(bd):
            ls = newest_models(G4, w, ST, F1, None) if o.get("newest_best") else leaders(rd, F1, o)[0]
            truths.append("Undertow-GNN" in ls)
            lead |= {(m, rd[m]) for m in ls}
    exp = sorted({x for m, v in lead for x in (m, v)})
    return res(exp, agg(truths), [fact(m, v, ST, F1) for m, v in lead] + [fact("Undertow-GNN", "86.0", ST, F1)])


def ux20(now, o):
    # "Which of the kelp canopy mapping papers don't carry a usable publication year?"
    out = set()
    for w in worlds(G4, o):
        for p, info in G4.papers.items():
            if "Kelp Canopy Mapping" in info["problems"] and w[p] is None:
                out.add(info["title"])
    return res(sorted(out))


COMPUTERS = {f"UX{i:02d}": globals()[f"ux{i:02d}"] for i in range(1, 21)}
GRAPH = {**{f"UX{i:02d}": "g1.ttl" for i in range(1, 6)}, **{f"UX{i:02d}": "g2.ttl" for i in range(6, 11)},
         **{f"UX{i:02d}": "g3.ttl" for i in range(11, 16)}, **{f"UX{i:02d}": "g4.ttl" for i in range(16, 21)}}
ANCHOR = {"UX08": 2021, "UX16": 2017, "UX17": 2019}
# the careless reading of each question's trap
CARELESS = {
    "UX01": {"no_removal": 1}, "UX02": {"newest_best": 1}, "UX03": {"newest_best": 1}, "UX04": {"collapse": 1},
    "UX05": {"no_removal": 1}, "UX06": {"newest_best": 1}, "UX07": {"collapse": 1}, "UX08": {"month_year": 1},
    "UX09": {"no_removal": 1}, "UX10": {"strings": 1}, "UX11": {"strings": 1}, "UX12": {"collapse": 1},
    "UX13": {"strings": 1}, "UX14": {"no_removal": 1}, "UX15": {"strings": 1}, "UX16": {"one_year": 1},
    "UX17": {"month_year": 1}, "UX18": {"loose": 1}, "UX19": {"newest_best": 1}, "UX20": {"month_year": 1},
}

# the counts README48.md gives (also parsed from the README and compared)
COUNTS = {
    "questions": 20, "claims": 14,
    "verdict": {"SUPPORTED": 4, "REFUTED": 4, "UNCERTAIN": 6, "null": 6},
    "mechanism": {"recency": 3, "superseded": 2, "conflict": 5, "corroboration": 2, "as_of": 2, "metadata": 2, "gate": 4},
    "query_type": {"claim_verification": 14, "method_comparison": 5, "paper_lookup": 1},
    "graph": {"g1.ttl": 5, "g2.ttl": 5, "g3.ttl": 5, "g4.ttl": 5},
}

QTYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
MECHS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")


def tokens(s):
    return set(re.findall(r"[a-z0-9]+(?:[.\-'][a-z0-9]+)*", s.lower()))


def jaccard(a, b):
    A, B = tokens(a), tokens(b)
    return len(A & B) / len(A | B) if A | B else 0.0


# ----------------------------------------------------------------------------------------------
# generic checks of facts: present, surviving (must_keep), removed / after anchor / former best
# ----------------------------------------------------------------------------------------------
def parse_fact(qid, f):
    m = FACT_RE.match(f)
    if not m:
        fail(f"{qid}: fact not in the form 'Model scores V on Dataset by Metric': {f!r}")
        return None
    return m.groups()


def fact_in_graph(D, m, v, ds, me):
    return any(r[0] == m and r[1] == ds and r[2] == me and clean(r[3]) == v for r in D.rows)


def check_keep(qid, D, f, anchor):
    pf = parse_fact(qid, f)
    if not pf:
        return
    m, v, ds, me = pf
    if not fact_in_graph(D, m, v, ds, me):
        fail(f"{qid}: must_keep fact not in {D.name}: {f}")
        return
    for now in NOWS:
        placed = False
        for w in worlds(D, {}):
            allv = all_values(D, w, m, ds, me, anchor, {})
            if v not in allv:
                continue
            placed = True
            kept = resolve(allv, w, anchor if anchor is not None else now, {})
            if v not in kept:
                fail(f"{qid}: must_keep fact does not survive the conflict rules (now={now}, anchor={anchor}): {f}")
        if not placed:
            fail(f"{qid}: must_keep fact lies after the anchor {anchor} in every reading: {f}")


def was_leader(D, m, v, ds, me, now):
    for w in worlds(D, {}):
        for y in range(1990, now):
            bd = board(D, w, ds, me, y, now, {})
            if m in bd and v in bd[m]:
                for rd in readings(bd):
                    if rd[m] == v and m in leaders(rd, me, {})[0]:
                        return True
    return False


def check_remove(qid, D, f, anchor):
    pf = parse_fact(qid, f)
    if not pf:
        return
    m, v, ds, me = pf
    if not fact_in_graph(D, m, v, ds, me):
        fail(f"{qid}: must_remove fact not in {D.name}: {f}")
        return
    for now in NOWS:
        kinds = []
        ws = worlds(D, {})
        # (a) removed by the conflict rules, now and under the anchor where it is placed
        a = True
        for w in ws:
            for anc in ([None] if anchor is None else [None, anchor]):
                allv = all_values(D, w, m, ds, me, anc, {})
                if v in allv and v in resolve(allv, w, anc if anc is not None else now, {}):
                    a = False
        if a:
            kinds.append("removed")
        # (c) after the anchor in every reading
        if anchor is not None and all(v not in all_values(D, w, m, ds, me, anchor, {}) for w in ws):
            kinds.append("after anchor")
        # (b) a former best, not the best now under any reading
        if not kinds:
            now_lead = False
            for w in ws:
                bd = board(D, w, ds, me, None, now, {})
                for rd in readings(bd):
                    if rd.get(m) == v and m in leaders(rd, me, {})[0]:
                        now_lead = True
            if not now_lead and was_leader(D, m, v, ds, me, now):
                kinds.append("former best")
        if not kinds:
            fail(f"{qid}: must_remove fact is neither removed, after the anchor, nor a former best (now={now}): {f}")


# ----------------------------------------------------------------------------------------------
# cross-checks with check.py (imported, not read) and the first README's conflict table
# ----------------------------------------------------------------------------------------------
CONFLICTS = [  # (graph, model, dataset, metric, surviving values, kind)
    ("g1.ttl", "KestrelNet", BM, ACC, {"74.1"}, "clear"),
    ("g1.ttl", "Orvalis-CNN", CI, F1, {"87.0"}, "clear"),
    ("g2.ttl", "Fennick-RNN", DC, WER, {"21.7"}, "clear"),
    ("g2.ttl", "Syrinxa", HM, ACC, {"88.3"}, "clear"),
    ("g3.ttl", "Gannetron", OP, BLEU, {"18.9"}, "clear"),
    ("g1.ttl", "Tavrosa", BM, ACC, {"86.1", "85.4"}, "close"),
    ("g2.ttl", "Trillbert", DC, WER, {"9.4", "10.1"}, "close"),
    ("g2.ttl", "Aviquist", VD, WER, {"6.8", "7.9"}, "close"),
    ("g2.ttl", "Warbleon", HM, ACC, {"79.5", "80.7"}, "close"),
    ("g3.ttl", "Murrelet-MT", MS, CHRF, {"55.1", "51.0"}, "close"),
]


def cross_checks():
    for now in NOWS:
        for gname, m, ds, me, want, kind in CONFLICTS:
            D = DATA[gname]
            for w in worlds(D, {}):
                allv = all_values(D, w, m, ds, me, None, {})
                got = set(resolve(allv, w, now, {}))
                if got != want or len(allv) != 2:
                    fail(f"conflict table: {m} on {ds}: {sorted(got)} kept of {sorted(allv)} (now={now}), expected {sorted(want)} ({kind})")
    try:
        sys.path.insert(0, TRUST)
        import check  # noqa: E402  (imported only; its source is not read)
    except Exception as e:  # pragma: no cover
        fail(f"cannot import check.py: {e!r}")
        return
    finally:
        sys.path.pop(0)
    for gname, m, ds, me, want, kind in CONFLICTS:
        try:
            got = check.surviving(check.G(gname), m, ds, me)
        except Exception as e:
            fail(f"check.surviving failed on {m} {ds}: {e!r}")
            continue
        vals = {float(x) for x in got[0]}
        if vals != {float(x) for x in want} or got[1] != kind:
            fail(f"check.surviving disagrees on {m} {ds}: {sorted(vals)} {got[1]} against {sorted(want)} {kind}")


# ----------------------------------------------------------------------------------------------
# README counts
# ----------------------------------------------------------------------------------------------
def readme_counts():
    out = {}
    try:
        txt = open(README, encoding="utf-8").read()
    except OSError:
        fail(f"cannot read {README}")
        return out
    for line in txt.splitlines():
        mm = re.match(r"^counts\.([a-z_]+)(?:\.(\S+))? = (\d+)\s*$", line.strip())
        if mm:
            k, sub, n = mm.group(1), mm.group(2), int(mm.group(3))
            if sub is None:
                out[k] = n
            else:
                out.setdefault(k, {})[sub] = n
    return out


def tally(rows):
    c = {"questions": len(rows), "claims": sum(1 for r in rows if r.get("verdict") is not None),
         "verdict": {}, "mechanism": {}, "query_type": {}, "graph": {}}
    for r in rows:
        c["verdict"][str(r.get("verdict")) if r.get("verdict") is not None else "null"] = \
            c["verdict"].get(str(r.get("verdict")) if r.get("verdict") is not None else "null", 0) + 1
        for k in ("mechanism", "query_type", "graph"):
            c[k][r.get(k)] = c[k].get(r.get(k), 0) + 1
    return c


# ----------------------------------------------------------------------------------------------
def main():
    print(f"check48: {FILE}; current years {NOWS}")
    try:
        lines = [ln for ln in open(FILE, encoding="utf-8").read().splitlines() if ln.strip()]
    except OSError as e:
        fail(f"cannot read {FILE}: {e}")
        lines = []
    rows = []
    for i, ln in enumerate(lines, 1):
        try:
            rows.append(json.loads(ln, object_pairs_hook=lambda kv: dict(kv)))
        except json.JSONDecodeError as e:
            fail(f"line {i}: not JSON: {e}")
    with open(DEV, encoding="utf-8") as fh:
        dev = [json.loads(ln) for ln in fh if ln.strip()]
    fields = list(dev[0].keys())

    # shape
    ids = [r.get("id") for r in rows]
    want_ids = [f"UX{i:02d}" for i in range(1, 21)]
    if ids != want_ids:
        fail(f"ids are not UX01..UX20 in order: {ids}")
    seen = set()
    for r in rows:
        if r.get("id") in seen:
            fail(f"{r.get('id')}: duplicate id")
        seen.add(r.get("id"))
    qs = [r.get("question", "") for r in rows]
    for q in {q for q in qs if qs.count(q) > 1}:
        fail(f"duplicate question: {q!r}")

    for r in rows:
        qid = r.get("id", "?")
        if list(r.keys()) != fields:
            fail(f"{qid}: fields {list(r.keys())} are not {fields} in that order")
            continue
        if qid not in COMPUTERS:
            fail(f"{qid}: no computer for this id")
            continue
        if r["graph"] != GRAPH[qid]:
            fail(f"{qid}: graph {r['graph']} but the question is about {GRAPH[qid]}")
            continue
        if r["query_type"] not in QTYPES:
            fail(f"{qid}: bad query_type {r['query_type']!r}")
        if r["mechanism"] not in MECHS:
            fail(f"{qid}: bad mechanism {r['mechanism']!r}")
        is_claim = r["query_type"] == "claim_verification"
        if is_claim and r["verdict"] not in VERDICTS:
            fail(f"{qid}: claim without a valid verdict ({r['verdict']!r})")
        if not is_claim and r["verdict"] is not None:
            fail(f"{qid}: verdict {r['verdict']!r} on a question that is not a claim")
        if is_claim and "Proposition:" not in r["notes"]:
            fail(f"{qid}: a claim's notes must name the proposition the verdict is about ('Proposition:')")
        for k in ("expected", "must_keep", "must_remove"):
            if not isinstance(r[k], list) or not all(isinstance(x, str) for x in r[k]):
                fail(f"{qid}: {k} is not a list of strings")
        D = DATA[r["graph"]]
        for s in r["expected"]:
            if s not in D.vocab:
                fail(f"{qid}: expected string {s!r} does not occur in {r['graph']} (label, title, DOI, year or clean value)")
        anchor = ANCHOR.get(qid)
        for f in r["must_keep"]:
            check_keep(qid, D, f, anchor)
        for f in r["must_remove"]:
            check_remove(qid, D, f, anchor)
        if set(r["must_keep"]) & set(r["must_remove"]):
            fail(f"{qid}: a fact is both kept and removed")
        for d in dev:
            j = jaccard(r["question"], d["question"])
            if j >= 0.6:
                fail(f"{qid}: word overlap {j:.2f} with {d['id']} (bound 0.6)")

        # the answer, re-derived for every current year
        answers = set()
        for now in NOWS:
            got = COMPUTERS[qid](now, {})
            answers.add(json.dumps(got, sort_keys=True))
            if set(r["expected"]) != set(got["expected"]) or len(r["expected"]) != len(set(r["expected"])):
                fail(f"{qid}: expected {r['expected']} but the graph gives {got['expected']} (now={now})")
            if r["verdict"] != got["verdict"]:
                fail(f"{qid}: verdict {r['verdict']} but the graph gives {got['verdict']} (now={now})")
            if set(r["must_keep"]) != set(got["must_keep"]):
                fail(f"{qid}: must_keep {sorted(r['must_keep'])} but the graph gives {got['must_keep']} (now={now})")
            if set(r["must_remove"]) != set(got["must_remove"]):
                fail(f"{qid}: must_remove {sorted(r['must_remove'])} but the graph gives {got['must_remove']} (now={now})")
        if len(answers) > 1:
            fail(f"{qid}: the answer depends on the current year")
        # the careless reading of the trap must give another answer
        for now in NOWS:
            right = COMPUTERS[qid](now, {})
            bad = COMPUTERS[qid](now, CARELESS[qid])
            if (set(bad["expected"]), bad["verdict"]) == (set(right["expected"]), right["verdict"]):
                fail(f"{qid}: the careless reading {CARELESS[qid]} gives the same answer (now={now})")
        print(f"derived {qid} [{r['graph']} {r['mechanism']} {r['query_type']} {r['verdict']}] "
              f"expected={got['expected']} careless({next(iter(CARELESS[qid]))})="
              f"{COMPUTERS[qid](NOWS[0], CARELESS[qid])['verdict'] or COMPUTERS[qid](NOWS[0], CARELESS[qid])['expected']}")

    # counts: the file against the README's lines and the README against this checker
    have = tally(rows)
    rc = readme_counts()
    for k, want in COUNTS.items():
        if rc.get(k) != want:
            fail(f"README48.md counts.{k} = {rc.get(k)} but check48.py expects {want}")
        if have.get(k) != want:
            fail(f"file counts {k} = {have.get(k)} but README48.md gives {want}")

    cross_checks()
    print(f"FAILURES: {len(FAILS)}")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
