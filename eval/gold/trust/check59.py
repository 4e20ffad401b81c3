#!/usr/bin/env python3
"""check59.py: re-derives trust-dev59.jsonl (VI01-VI20, two-hop questions) from g1.ttl ... g4.ttl.

Own rdflib code (no SPARQL); one computer per question (vi01 ... vi20). Every answer is required to be
the same under every reading: current year 2025-2030 and TRUST_NOW if set (empty = unset), six readings
of the conflict rule (newest or mean paper age x absolute, relative or share difference of the weights),
an undated paper counted or not on an unanchored board, and each year of a paper with two real years.
VI_FILE=/path python3 check59.py checks another copy. Ends with FAILURES: N (exit 1 if N > 0).
"""
import itertools
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True
import rdflib
from rdflib import RDF, RDFS, Namespace

TRUST = "/work/main/eval/gold/trust"
HERE = os.path.dirname(os.path.abspath(__file__))
FILE = os.environ.get("VI_FILE") or os.path.join(HERE, "trust-dev59.jsonl")
README = os.path.join(HERE, "README59.md")
P = Namespace("http://orkg.org/orkg/predicate/")
C = Namespace("http://orkg.org/orkg/class/")
LOWER = {"Word Error Rate"}
LAM, THR = 0.08, 0.30

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL", msg)


class Ambig(Exception):
    pass


# ----------------------------------------------------------------------------- graphs
def clean(raw):
    s = raw.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    try:
        return s, float(s)
    except ValueError:
        return None, None


class Graph:
    def __init__(self, name):
        g = rdflib.Graph()
        g.parse(os.path.join(TRUST, name), format="turtle")
        self.name = name
        self.labels = {str(o) for o in g.objects(None, RDFS.label)}
        self.papers = {}
        self.rows = []
        self.models = {str(g.value(m, RDFS.label)) for m in g.subjects(RDF.type, C.Model)}
        self.datasets = {str(g.value(m, RDFS.label)) for m in g.subjects(RDF.type, C.Dataset)}
        for p in g.subjects(RDF.type, C.Paper):
            title = str(g.value(p, RDFS.label))
            years = sorted(int(y) for y in g.objects(p, P.P29))
            dois = sorted(str(d) for d in g.objects(p, P.P26))
            self.papers[title] = dict(years=years, dois=dois)
            for c in g.objects(p, P.P31):
                m = g.value(c, P.HAS_MODEL)
                for b in g.objects(c, P.HAS_BENCHMARK):
                    ds = str(g.value(g.value(b, P.HAS_DATASET), RDFS.label))
                    for e in g.objects(b, P.HAS_EVALUATION):
                        met = str(g.value(g.value(e, P.HAS_METRIC), RDFS.label))
                        raw = str(g.value(e, P.HAS_VALUE))
                        cs, num = clean(raw)
                        self.rows.append(dict(model=str(g.value(m, RDFS.label)), ds=ds, met=met, raw=raw,
                                              clean=cs, num=num, paper=title, years=years))
        self.titles = set(self.papers)
        self.dois = {d for p in self.papers.values() for d in p["dois"]}
        self.valid_years = {str(y) for p in self.papers.values() for y in p["years"] if y > 12}
        self.clean_values = {r["clean"] for r in self.rows if r["clean"] is not None}
        self.two_year = sorted(t for t, p in self.papers.items() if len([y for y in p["years"] if y > 12]) == 2)
        self.cs = {}
        for r in self.rows:
            if r["num"] is not None:
                self.cs.setdefault((r["model"], r["ds"], r["met"], r["num"]), r["clean"])

    def fact(self, m, v, ds, met):
        return f"{m} scores {self.cs[(m, ds, met, v)]} on {ds} by {met}"

    def intro_paper(self, model):
        out = [t for t in self.papers if t.split(":")[0] == model or
               (":" in t and model.startswith(t.split(":")[0] + "-"))]
        if len(out) != 1:
            raise Ambig(f"no single paper introducing {model}: {out}")
        return out[0]

    def real_years(self, title):
        return [y for y in self.papers[title]["years"] if y > 12]


class Reading:
    def __init__(self, now, age, diff, undated, picks):
        self.now, self.age, self.diff, self.undated, self.picks = now, age, diff, undated, dict(picks)

    def with_year(self, title, y):
        r = Reading(self.now, self.age, self.diff, self.undated, self.picks)
        r.picks[title] = y
        return r

    def year(self, G, title):
        ys = G.real_years(title)
        if not ys:
            return None
        if len(ys) == 1:
            return ys[0]
        if len(ys) == 2:
            return self.picks[title]
        raise Ambig("more than two years")

    def __repr__(self):
        return f"now={self.now} {self.age}/{self.diff} undated={self.undated} {self.picks}"


def nows():
    ns = list(range(2025, 2031))
    tn = os.environ.get("TRUST_NOW")
    if tn:
        if int(tn) not in ns:
            ns.append(int(tn))
    return ns


def readings(G):
    out = []
    years = [G.real_years(t) for t in G.two_year]
    for now in nows():
        for age in ("newest", "mean"):
            for diff in ("abs", "rel", "share"):
                for und in ("count", "drop"):
                    for combo in itertools.product(*years):
                        out.append(Reading(now, age, diff, und, zip(G.two_year, combo)))
    return out


def better(a, b, met):
    return a < b if met in LOWER else a > b


# ----------------------------------------------------------------------------- the conflict rule
def board(G, ds, met, anchor, R):
    """-> (surviving {model: sorted values}, removed {(m, v)}, outside {(m, v)} with no row inside)."""
    inside = {}
    allf = set()
    for r in G.rows:
        if r["ds"] != ds or r["met"] != met or r["num"] is None:
            continue
        allf.add((r["model"], r["num"]))
        y = R.year(G, r["paper"])
        if anchor is not None:
            if y is None or y > anchor:
                continue
        elif y is None and R.undated == "drop":
            continue
        inside.setdefault(r["model"], {}).setdefault(r["num"], set()).add((r["paper"], y))
    surv, removed = {}, set()
    for m, vals in inside.items():
        if len(vals) == 1:
            surv[m] = sorted(vals)
            continue
        if len(vals) > 2:
            raise Ambig(f"three values in one conflict: {m}")
        ref = anchor if anchor is not None else R.now
        w = {}
        for v, ps in vals.items():
            ys = [y for _, y in ps]
            if any(y is None for y in ys):
                raise Ambig(f"undated paper inside the conflict {m} on {ds}")
            ages = [ref - y for y in ys]
            age = min(ages) if R.age == "newest" else sum(ages) / len(ages)
            w[v] = math.exp(-LAM * age) * (1 + 0.8 * math.log(1 + len(ps)))
        (v1, w1), (v2, w2) = sorted(w.items())
        d = abs(w1 - w2)
        if R.diff == "rel":
            d /= max(w1, w2)
        elif R.diff == "share":
            d /= (w1 + w2)
        if abs(d - THR) < 1e-9:
            raise Ambig(f"weight difference at the threshold: {m}")
        if d > THR:
            keep, lose = (v1, v2) if w1 > w2 else (v2, v1)
            surv[m] = [keep]
            removed.add((m, lose))
        else:
            surv[m] = sorted([v1, v2])
    insidef = {(m, v) for m, vs in surv.items() for v in vs} | removed
    outside = allf - insidef
    return surv, removed, outside


def value_readings(surv):
    ms = sorted(surv)
    for combo in itertools.product(*[surv[m] for m in ms]):
        yield dict(zip(ms, combo))


def leaders(surv, met):
    """Models that lead in some reading of the close conflicts (a tie at the top is open)."""
    out = set()
    if not surv:
        return out
    for vr in value_readings(surv):
        best = None
        for m, v in vr.items():
            if best is None or better(v, best, met):
                best = v
        top = [m for m, v in vr.items() if v == best]
        if len(top) > 1:
            raise Ambig(f"tie at the top: {top}")
        out.add(top[0])
    return out


def single_leader(surv, met):
    ls = leaders(surv, met)
    if len(ls) != 1:
        raise Ambig(f"leader depends on the reading: {ls}")
    return next(iter(ls))


def rm(G, ds, met, anchor, R, ans_vals=(), models=()):
    """Removed or outside-the-anchor facts that would beat an answer value or contradict a kept one."""
    surv, removed, outside = board(G, ds, met, anchor, R)
    live = {(m, v) for m, vs in surv.items() for v in vs}
    out = []
    for (m, v) in sorted(removed | outside):
        if (m, v) in live:
            continue
        if m in models or any(better(v, a, met) for a in ans_vals):
            out.append((G.fact(m, v, ds, met), anchor))
    return out


def first_year(G, model, ds, met, R):
    ys = [R.year(G, r["paper"]) for r in G.rows if r["model"] == model and r["ds"] == ds and r["met"] == met
          and r["num"] is not None]
    if not ys or any(y is None for y in ys):
        raise Ambig(f"first result of {model} on {ds} cannot be dated")
    return min(ys)


def before_took(G, model, ds, met, R):
    y = first_year(G, model, ds, met, R)
    if leaders(board(G, ds, met, y, R)[0], met) != {model}:
        raise Ambig(f"{model} did not take the record on {ds} in {y}")
    return y - 1


def took_from(G, holder, ds, met, R):
    for y in range(1990, R.now + 1):
        prev = leaders(board(G, ds, met, y - 1, R)[0], met)
        cur = leaders(board(G, ds, met, y, R)[0], met)
        if prev == {holder} and holder not in cur:
            return y, cur
    raise Ambig(f"nobody took the record from {holder}")


def fmtv(G, m, ds, met, v):
    return G.cs[(m, ds, met, v)]


def model_datasets(G, model):
    return sorted({r["ds"] for r in G.rows if r["model"] == model and r["num"] is not None})


# ----------------------------------------------------------------------------- careless readings
def naive_leader(G, ds, met, anchor=None, R=None, minyear=False, strsort=False, reverse=False):
    cands = []
    for r in G.rows:
        if r["ds"] != ds or r["met"] != met:
            continue
        if not strsort and r["num"] is None:
            continue
        if anchor is not None:
            y = (min(r["years"]) if r["years"] else None) if minyear else R.year(G, r["paper"])
            if y is None or y > anchor:
                continue
        cands.append(r)
    if strsort:
        return max(cands, key=lambda r: r["raw"])
    low = (met in LOWER) != reverse
    return (min if low else max)(cands, key=lambda r: r["num"])


def newest_model(G, ds, met, R):
    rs = [(R.year(G, r["paper"]), r) for r in G.rows if r["ds"] == ds and r["met"] == met and r["num"] is not None]
    rs = [(y, r) for y, r in rs if y is not None]
    top = max(y for y, _ in rs)
    ms = {r["model"] for y, r in rs if y == top}
    if len(ms) > 1:  # several models in the newest year: the one whose own paper it is
        ms = {r["model"] for y, r in rs if y == top and r["paper"].split(":")[0] in r["model"]}
    if len(ms) != 1:
        raise Ambig(f"newest model not single: {ms}")
    m = ms.pop()
    return m, [r for y, r in rs if r["model"] == m and y == top][0]["num"]


# ----------------------------------------------------------------------------- computers
def res(expected, verdict, keep, remove, careless):
    return dict(expected=list(expected), verdict=verdict, keep=keep, remove=remove, careless=careless)


def vi01(G, R):
    A = ("Corvalla-Ice", "F1")
    B = ("BenchMira", "Accuracy")
    s, _, _ = board(G, *A, None, R)
    lead = single_leader(s, A[1])
    v = s[lead]
    sb, _, _ = board(G, *B, None, R)
    pim = sb["PimbraFormer"]
    if lead not in sb:
        verdict = "UNCERTAIN"
    else:
        outs = {all(better(a, b, B[1]) for a in [x]) for x in sb[lead] for b in pim}
        verdict = "SUPPORTED" if outs == {True} else "REFUTED" if outs == {False} else "UNCERTAIN"
    exp = [lead] + [fmtv(G, lead, *A, x) for x in v]
    keep = [(G.fact(lead, x, *A), None) for x in v] + [(G.fact("PimbraFormer", x, *B), None) for x in pim]
    remove = rm(G, *A, None, R, ans_vals=v)
    nl = naive_leader(G, *A)["model"]
    nv = [r["num"] for r in G.rows if r["model"] == nl and (r["ds"], r["met"]) == B]
    cv = "UNCERTAIN" if not nv else ("REFUTED" if all(not better(x, pim[0], B[1]) for x in nv) else "SUPPORTED")
    return res(exp, verdict, keep, remove, [("conflict rule skipped", cv, nl)])


def vi02(G, R):
    B = ("BenchMira", "Accuracy")
    s, _, _ = board(G, *B, None, R)
    lead = single_leader(s, B[1])
    others = [d for d in model_datasets(G, lead) if d != B[0]]
    exp = [lead] + [fmtv(G, lead, *B, x) for x in s[lead]] + others
    keep = [(G.fact(lead, x, *B), None) for x in s[lead]]
    remove = rm(G, *B, None, R, ans_vals=s[lead])
    nm, nv = newest_model(G, *B, R)
    cexp = [nm, fmtv(G, nm, *B, nv)] + [d for d in model_datasets(G, nm) if d != B[0]]
    return res(exp, None, keep, remove, [("newest model taken as the leader", cexp, nm)])


def intro_lookup(G, model, what):
    t = G.intro_paper(model)
    return list(G.papers[t]["dois"]) if what == "doi" else [str(y) for y in G.real_years(t)]


def vi03(G, R):
    A = ("Skarnhold Glacier Set", "Mean IoU")
    s, _, _ = board(G, *A, 2019, R)
    lead = single_leader(s, A[1])
    exp = [lead] + [fmtv(G, lead, *A, x) for x in s[lead]] + intro_lookup(G, lead, "doi")
    keep = [(G.fact(lead, x, *A), 2019) for x in s[lead]]
    remove = rm(G, *A, 2019, R, ans_vals=s[lead])
    nr = naive_leader(G, *A, 2019, R, minyear=True)
    cexp = [nr["model"], nr["clean"]] + intro_lookup(G, nr["model"], "doi")
    return res(exp, None, keep, remove, [("month read as a year", cexp, nr["model"])])


def vi04(G, R):
    B = ("BenchMira", "Accuracy")
    anc = before_took(G, "Zephyrine-L", *B, R)
    s, _, _ = board(G, *B, anc, R)
    lead = single_leader(s, B[1])
    exp = [lead] + [fmtv(G, lead, *B, x) for x in s[lead]] + intro_lookup(G, lead, "doi")
    keep = [(G.fact(lead, x, *B), anc) for x in s[lead]]
    remove = rm(G, *B, anc, R, ans_vals=s[lead])
    # careless 1: the DOI of the newest paper stating the holder's value (the re-run)
    rows = [r for r in G.rows if r["model"] == lead and (r["ds"], r["met"]) == B]
    newest = max(rows, key=lambda r: R.year(G, r["paper"]))
    c1 = exp + G.papers[newest["paper"]]["dois"]
    # careless 2: "before Zephyrine-L" read as the current runner-up
    now, _, _ = board(G, *B, None, R)
    rest = {m: v for m, v in now.items() if m != "Zephyrine-L"}
    ru = single_leader(rest, B[1])
    c2 = [ru, fmtv(G, ru, *B, rest[ru][0])] + intro_lookup(G, ru, "doi")
    return res(exp, None, keep, remove, [("DOI of the re-run paper", c1, G.papers[newest["paper"]]["dois"][0]),
                                         ("current runner-up", c2, ru)])


def vi05(G, R):
    B = ("BenchMira", "Accuracy")
    s15, _, _ = board(G, *B, 2015, R)
    h = single_leader(s15, B[1])
    s, _, _ = board(G, *B, None, R)
    f = "FrostLattice"
    outs = {(a - b) > 5 for a in s[h] for b in s[f]}
    verdict = "SUPPORTED" if outs == {True} else "REFUTED" if outs == {False} else "UNCERTAIN"
    exp = [h] + [fmtv(G, h, *B, x) for x in s[h]] + [fmtv(G, f, *B, x) for x in s[f]]
    keep = [(G.fact(h, x, *B), None) for x in s[h]] + [(G.fact(f, x, *B), None) for x in s[f]]
    remove = rm(G, *B, None, R, models=(h, f))
    own = [r["num"] for r in G.rows if r["model"] == h and (r["ds"], r["met"]) == B and
           r["paper"] == G.intro_paper(h)]
    cv = "SUPPORTED" if all(a - s[f][0] > 5 for a in own) else "REFUTED"
    return res(exp, verdict, keep, remove, [("own paper's value, conflict rule skipped", cv, "SUPPORTED")])


def vi06(G, R):
    A = ("Dastrup-7 Chorus", "Word Error Rate")
    B = ("Hollenby Marsh Calls", "Accuracy")
    s, _, _ = board(G, *A, None, R)
    lead = single_leader(s, A[1])
    sb, _, _ = board(G, *B, None, R)
    hv = sb.get(lead, [])
    exp = [lead] + [fmtv(G, lead, *A, x) for x in s[lead]] + [fmtv(G, lead, *B, x) for x in hv]
    keep = [(G.fact(lead, x, *A), None) for x in s[lead]] + [(G.fact(lead, x, *B), None) for x in hv]
    remove = rm(G, *A, None, R, ans_vals=s[lead]) + rm(G, *B, None, R, models=(lead,))
    rv = naive_leader(G, *A, reverse=True)["model"]
    nm, _ = newest_model(G, *A, R)
    out = []
    for why, m in (("WER read as higher-is-better", rv), ("newest taken as best", nm)):
        out.append((why, [m] + [fmtv(G, m, *B, x) for x in sb.get(m, [])], m))
    return res(exp, None, keep, remove, out)


def vi07(G, R):
    A = ("Veltmoor Dawn Set", "Word Error Rate")
    B = ("Dastrup-7 Chorus", "Word Error Rate")
    s, _, _ = board(G, *A, None, R)
    ls = sorted(leaders(s, A[1]))
    sb, _, _ = board(G, *B, None, R)
    exp, keep, remove = [], [], []
    for m in ls:
        exp += [m] + [fmtv(G, m, *A, x) for x in s[m]] + [fmtv(G, m, *B, x) for x in sb.get(m, [])]
        keep += [(G.fact(m, x, *A), None) for x in s[m]] + [(G.fact(m, x, *B), None) for x in sb.get(m, [])]
        remove += rm(G, *B, None, R, models=(m,))
    remove = rm(G, *A, None, R, ans_vals=[v for m in ls for v in s[m]]) + remove
    nl = naive_leader(G, *A)
    m = nl["model"]
    cexp = [m, nl["clean"]] + [fmtv(G, m, *B, x) for x in sb.get(m, [])]
    return res(exp, None, keep, remove, [("one value of the close conflict", cexp, m)])


def both_lead(G, m, boards, anchor, R):
    outs = set()
    for ds, met in boards:
        s, _, _ = board(G, ds, met, anchor, R)
        if m not in s:
            return "UNCERTAIN"
        ls = leaders(s, met)
        outs.add("yes" if ls == {m} else "no" if m not in ls else "open")
    if outs == {"yes"}:
        return "SUPPORTED"
    if "no" in outs:
        return "REFUTED"
    return "UNCERTAIN"


def vi08(G, R):
    A = ("Hollenby Marsh Calls", "Accuracy")
    B = ("Dastrup-7 Chorus", "Word Error Rate")
    s, _, _ = board(G, *A, None, R)
    lead = single_leader(s, A[1])
    sb, _, _ = board(G, *B, None, R)
    verdict = both_lead(G, lead, [A, B], None, R)
    exp = [lead] + [fmtv(G, lead, *A, x) for x in s[lead]] + [fmtv(G, lead, *B, x) for x in sb.get(lead, [])]
    keep = [(G.fact(lead, x, *A), None) for x in s[lead]] + [(G.fact(lead, x, *B), None) for x in sb.get(lead, [])]
    remove = rm(G, *A, None, R, ans_vals=s[lead]) + rm(G, *B, None, R, ans_vals=sb.get(lead, []))
    nl = naive_leader(G, *A)["model"]
    cv = "UNCERTAIN" if nl not in sb else both_lead(G, nl, [A, B], None, R)
    return res(exp, verdict, keep, remove, [("conflict rule skipped", cv, "UNCERTAIN")])


def vi09(G, R):
    A = ("Dastrup-7 Chorus", "Word Error Rate")
    B = ("Hollenby Marsh Calls", "Accuracy")
    anc = before_took(G, "Trillbert", *A, R)
    s, _, _ = board(G, *A, anc, R)
    h = single_leader(s, A[1])
    sb, _, _ = board(G, *B, None, R)
    exp = [h] + [fmtv(G, h, *A, x) for x in s[h]] + [fmtv(G, h, *B, x) for x in sb.get(h, [])]
    keep = [(G.fact(h, x, *A), anc) for x in s[h]] + [(G.fact(h, x, *B), None) for x in sb.get(h, [])]
    remove = rm(G, *A, anc, R, ans_vals=s[h], models=(h,)) + rm(G, *B, None, R, models=(h,))
    now, _, _ = board(G, *A, None, R)
    cur = single_leader(now, A[1])
    c1 = [cur] + [fmtv(G, cur, *A, x) for x in now[cur]] + [fmtv(G, cur, *B, x) for x in sb.get(cur, [])]
    rows = [r for r in G.rows if r["model"] == h and (r["ds"], r["met"]) == B]
    nr = max(rows, key=lambda r: R.year(G, r["paper"]))
    c2 = [h] + [fmtv(G, h, *A, x) for x in s[h]] + [nr["clean"]]
    return res(exp, None, keep, remove, [("current holder", c1, cur), ("newest paper's value only", c2, nr["clean"])])


def vi10(G, R):
    A = ("Dastrup-7 Chorus", "Word Error Rate")
    y, cur = took_from(G, "Warbleon", *A, R)
    if len(cur) != 1:
        raise Ambig("record taker not single")
    t = next(iter(cur))
    s, _, _ = board(G, *A, None, R)
    outs = {x < 10 for x in s[t]}
    verdict = "SUPPORTED" if outs == {True} else "REFUTED" if outs == {False} else "UNCERTAIN"
    exp = [t] + [fmtv(G, t, *A, x) for x in s[t]]
    keep = [(G.fact(t, x, *A), None) for x in s[t]]
    remove = rm(G, *A, None, R, models=(t,))
    own = [r["num"] for r in G.rows if r["model"] == t and (r["ds"], r["met"]) == A and r["paper"] == G.intro_paper(t)]
    cv = "SUPPORTED" if all(x < 10 for x in own) else "REFUTED"
    return res(exp, verdict, keep, remove, [("own paper's value only", cv, "SUPPORTED")])


def vi11(G, R):
    A = ("Orrenby Parallel Corpus", "BLEU")
    B = ("Mirelle Subtitles", "chrF")
    s, _, _ = board(G, *A, None, R)
    lead = single_leader(s, A[1])
    sb, _, _ = board(G, *B, None, R)
    exp = [lead] + [fmtv(G, lead, *A, x) for x in s[lead]] + [fmtv(G, lead, *B, x) for x in sb.get(lead, [])]
    keep = [(G.fact(lead, x, *A), None) for x in s[lead]] + [(G.fact(lead, x, *B), None) for x in sb.get(lead, [])]
    remove = rm(G, *A, None, R, ans_vals=s[lead]) + rm(G, *B, None, R, models=(lead,))
    nl = naive_leader(G, *A, strsort=True)
    m = nl["model"]
    cexp = [m, nl["clean"]] + [fmtv(G, m, *B, x) for x in sb.get(m, [])]
    return res(exp, None, keep, remove, [("string sort", cexp, m)])


def vi12(G, R):
    A = ("Mirelle Subtitles", "chrF")
    s, _, _ = board(G, *A, None, R)
    ls = sorted(leaders(s, A[1]))
    exp, keep = [], []
    for m in ls:
        exp += [m] + [fmtv(G, m, *A, x) for x in s[m]] + intro_lookup(G, m, "doi")
        keep += [(G.fact(m, x, *A), None) for x in s[m]]
    remove = rm(G, *A, None, R, ans_vals=[v for m in ls for v in s[m]])
    own = [r for r in G.rows if (r["ds"], r["met"]) == A and r["num"] is not None and
           r["paper"] == G.intro_paper(r["model"])]
    best = max(own, key=lambda r: r["num"])
    cexp = [best["model"], best["clean"], intro_lookup(G, best["model"], "doi")[0]]
    return res(exp, None, keep, remove, [("own papers' values, one DOI", cexp, best["model"])])


def vi13(G, R):
    A = ("Orrenby Parallel Corpus", "BLEU")
    B = ("Quenmark Dialogue Set", "BLEU")
    s, _, _ = board(G, *A, 2022, R)
    lead = single_leader(s, A[1])
    sb, _, _ = board(G, *B, 2022, R)
    verdict = both_lead(G, lead, [A, B], 2022, R)
    exp = [lead] + [fmtv(G, lead, *A, x) for x in s[lead]] + [fmtv(G, lead, *B, x) for x in sb.get(lead, [])]
    keep = [(G.fact(lead, x, *A), 2022) for x in s[lead]] + [(G.fact(lead, x, *B), 2022) for x in sb.get(lead, [])]
    remove = rm(G, *A, 2022, R, ans_vals=s[lead]) + rm(G, *B, 2022, R, ans_vals=sb.get(lead, []))
    now, _, _ = board(G, *A, None, R)
    nl = single_leader(now, A[1])
    cv = both_lead(G, nl, [A, B], None, R)
    return res(exp, verdict, keep, remove, [("anchor ignored", cv, cv)])


def vi14(G, R):
    A = ("Orrenby Parallel Corpus", "BLEU")
    B = ("Mirelle Subtitles", "chrF")
    anc = before_took(G, "Ostrada-T", *A, R)
    s, _, _ = board(G, *A, anc, R)
    h = single_leader(s, A[1])
    sb, _, _ = board(G, *B, None, R)
    exp = [h] + [fmtv(G, h, *A, x) for x in s[h]] + [fmtv(G, h, *B, x) for x in sb.get(h, [])]
    keep = [(G.fact(h, x, *A), anc) for x in s[h]] + [(G.fact(h, x, *B), None) for x in sb.get(h, [])]
    remove = rm(G, *A, anc, R, ans_vals=s[h], models=(h,)) + rm(G, *B, None, R, models=(h,))
    nl = naive_leader(G, *A, anc, R, strsort=True)
    m = nl["model"]
    cexp = [m, nl["clean"]] + [fmtv(G, m, *B, x) for x in sb.get(m, [])]
    return res(exp, None, keep, remove, [("string sort", cexp, m)])


def vi15(G, R):
    A = ("Orrenby Parallel Corpus", "BLEU")
    B = ("Mirelle Subtitles", "chrF")
    l19 = leaders(board(G, *A, 2019, R)[0], A[1])
    s20, _, _ = board(G, *A, 2020, R)
    l20 = leaders(s20, A[1])
    setters = l20 - l19
    # "in 2020" read as "published in 2020": results from 2020 papers that lead as of 2020
    pub = {r["model"] for r in G.rows if (r["ds"], r["met"]) == A and R.year(G, r["paper"]) == 2020} & l20
    if len(setters) != 1 or setters != pub:
        raise Ambig(f"record-setter in 2020: {setters} / {pub}")
    t = next(iter(setters))
    sb, _, _ = board(G, *B, None, R)
    exp = [t] + [fmtv(G, t, *A, x) for x in s20[t]] + [fmtv(G, t, *B, x) for x in sb.get(t, [])]
    keep = [(G.fact(t, x, *A), 2020) for x in s20[t]] + [(G.fact(t, x, *B), None) for x in sb.get(t, [])]
    remove = rm(G, *A, 2020, R, ans_vals=s20[t]) + rm(G, *B, None, R, models=(t,))
    nl = naive_leader(G, *A, 2020, R, strsort=True)
    raw = [r["raw"] for r in G.rows if r["model"] == t and (r["ds"], r["met"]) == B]
    c1 = [nl["model"], nl["clean"]]
    c2 = exp + raw
    return res(exp, None, keep, remove, [("string sort", c1, nl["model"]), ("'-' read as a score", c2, "'-'")])


def vi16(G, R):
    A = ("Sealbrook Turbine Logs", "F1")
    s, _, _ = board(G, *A, 2019, R)
    lead = single_leader(s, A[1])
    dss = model_datasets(G, lead)
    exp = [lead] + [fmtv(G, lead, *A, x) for x in s[lead]] + dss
    keep = [(G.fact(lead, x, *A), 2019) for x in s[lead]]
    for d in dss:
        if d != A[0]:
            met = sorted({r["met"] for r in G.rows if r["ds"] == d})
            if len(met) != 1:
                raise Ambig("board with two metrics")
            sd, _, _ = board(G, d, met[0], None, R)
            keep += [(G.fact(lead, x, d, met[0]), None) for x in sd[lead]]
    remove = rm(G, *A, 2019, R, ans_vals=s[lead])
    nl = naive_leader(G, *A, 2019, R, minyear=True)
    m = nl["model"]
    cexp = [m, nl["clean"]] + model_datasets(G, m)
    return res(exp, None, keep, remove, [("month read as a year", cexp, m)])


def vi17(G, R):
    A = ("Sealbrook Turbine Logs", "F1")
    s, _, _ = board(G, *A, None, R)
    lead = single_leader(s, A[1])
    ly = G.real_years(G.intro_paper(lead))
    ty = G.real_years(G.intro_paper("Tidewick"))
    outs = {a < b for a in ly for b in ty}
    verdict = "UNCERTAIN" if not ly or not ty else "SUPPORTED" if outs == {True} else "REFUTED" if outs == {False} else "UNCERTAIN"
    exp = [lead] + [fmtv(G, lead, *A, x) for x in s[lead]] + [str(y) for y in ly] + [str(y) for y in ty]
    keep = [(G.fact(lead, x, *A), None) for x in s[lead]]
    remove = rm(G, *A, None, R, ans_vals=s[lead])
    mly = min(G.papers[G.intro_paper(lead)]["years"])
    cv = "SUPPORTED" if all(mly < b for b in ty) else "REFUTED"
    return res(exp, verdict, keep, remove, [("smallest P29 taken as the year", cv, "SUPPORTED")])


def vi18(G, R):
    A = ("Sealbrook Turbine Logs", "F1")
    anc = before_took(G, "Marrowfen", *A, R)
    ans = {}
    tw = G.intro_paper("Tidewick")
    variants = [R.with_year(tw, y) for y in G.real_years(tw)]
    for Rv in variants:
        s, _, _ = board(G, *A, anc, Rv)
        h = single_leader(s, A[1])
        ans.setdefault(h, set()).update(s[h])
    exp, keep = [], []
    for h in sorted(ans):
        exp += [h] + [fmtv(G, h, *A, x) for x in sorted(ans[h])] + intro_lookup(G, h, "year")
        keep += [(G.fact(h, x, *A), anc) for x in sorted(ans[h])]
    allv = [v for vs in ans.values() for v in vs]
    rem = [set(rm(G, *A, anc, Rv, ans_vals=allv)) for Rv in variants]
    remove = sorted(set.intersection(*rem))
    lo = R.with_year(tw, min(G.real_years(tw)))
    s, _, _ = board(G, *A, anc, lo)
    h = single_leader(s, A[1])
    cexp = [h, fmtv(G, h, *A, s[h][0]), str(min(G.real_years(G.intro_paper(h))))]
    return res(exp, None, keep, remove, [("one year of the two-year paper", cexp, h)])


def vi19(G, R):
    A = ("Kelpwatch-Norrland", "Mean IoU")
    s, _, _ = board(G, *A, 2017, R)
    lead = single_leader(s, A[1])
    exp = [lead] + [fmtv(G, lead, *A, x) for x in s[lead]] + intro_lookup(G, lead, "doi")
    keep = [(G.fact(lead, x, *A), 2017) for x in s[lead]]
    remove = rm(G, *A, 2017, R, ans_vals=s[lead])
    nl = naive_leader(G, *A, 2017, R, minyear=True)
    m = nl["model"]
    cexp = [m, nl["clean"]] + intro_lookup(G, m, "doi")
    return res(exp, None, keep, remove, [("month read as a year", cexp, m)])


def vi20(G, R):
    A = ("Kelpwatch-Norrland", "Mean IoU")
    B = ("Sealbrook Turbine Logs", "F1")
    s, _, _ = board(G, *A, 2021, R)
    lead = single_leader(s, A[1])
    sb, _, _ = board(G, *B, 2021, R)
    verdict = both_lead(G, lead, [A, B], 2021, R)
    exp = [lead] + [fmtv(G, lead, *A, x) for x in s[lead]]
    keep = [(G.fact(lead, x, *A), 2021) for x in s[lead]]
    others = sorted(leaders(sb, B[1]) - {lead})
    for m in others:
        exp += [m] + [fmtv(G, m, *B, x) for x in sb[m]]
        keep += [(G.fact(m, x, *B), 2021) for x in sb[m]]
    keep += [(G.fact(lead, x, *B), 2021) for x in sb.get(lead, [])]
    remove = rm(G, *A, 2021, R, ans_vals=s[lead]) + rm(G, *B, 2021, R, ans_vals=[v for m in others for v in sb[m]],
                                                      models=(lead,))
    nl = naive_leader(G, *A, 2021, R, minyear=True)["model"]
    cv = "UNCERTAIN" if nl not in sb else both_lead(G, nl, [A, B], 2021, R)
    return res(exp, verdict, keep, remove, [("month read as a year", cv, cv)])


COMPUTERS = {f"VI{i:02d}": globals()[f"vi{i:02d}"] for i in range(1, 21)}

# ----------------------------------------------------------------------------- file checks
QTYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
MECHS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")


def words(s):
    out = set()
    for w in re.findall(r"[a-z0-9.\-']+", s.lower()):
        w = w.strip(".-'")
        if w:
            out.add(w)
    return out


def parse_fact(f):
    m = FACT_RE.match(f)
    if not m:
        return None
    return m.group(1), m.group(2), m.group(3), m.group(4)


def fact_exists(G, f):
    p = parse_fact(f)
    if not p:
        return False
    m, v, ds, met = p
    return any(r["model"] == m and r["clean"] == v and r["ds"] == ds and r["met"] == met for r in G.rows)


def fact_status(G, f, anchor, R):
    m, v, ds, met = parse_fact(f)
    num = float(v)
    surv, removed, outside = board(G, ds, met, anchor, R)
    if num in surv.get(m, []):
        return "kept"
    if (m, num) in removed:
        return "removed"
    if (m, num) in outside:
        return "outside"
    return "missing"


def two_year_only(G, f):
    m, v, ds, met = parse_fact(f)
    ps = {r["paper"] for r in G.rows if r["model"] == m and r["clean"] == v and r["ds"] == ds and r["met"] == met}
    return ps and all(len(G.real_years(p)) == 2 for p in ps)


def split_notes(notes):
    i, j, k = notes.find("Right answer:"), notes.find("Why:"), notes.find("Careless answer:")
    if not (0 <= i < j < k):
        return None
    return notes[i:j], notes[j:k], notes[k:]


def readme_counts():
    try:
        text = open(README, encoding="utf-8").read()
    except OSError:
        return None, None
    first = text.splitlines()[0] if text else ""
    sec = text.split("## Counts", 1)
    if len(sec) < 2:
        return first, None
    body = sec[1].split("\n## ", 1)[0]
    tables, cur, head = {}, None, None
    for line in body.splitlines():
        if not line.startswith("|"):
            cur = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if set(cells[0]) <= set("-: "):
            continue
        if cur is None:
            head = cells[0]
            cur = tables.setdefault(head, {})
            continue
        cur[cells[0]] = int(cells[1])
    return first, tables


def second_opinion(Gs, checks):
    saved = os.environ.get("TRUST_NOW")
    if saved is not None and not saved:
        del os.environ["TRUST_NOW"]
    sys.path.insert(0, TRUST)
    try:
        import check
    finally:
        sys.path.pop(0)
        if saved is not None:
            os.environ["TRUST_NOW"] = saved
    calls = agree = 0
    cg = {}
    for qid, gname, f, anchor in checks:
        G = Gs[gname]
        m, v, ds, met = parse_fact(f)
        own = set()
        for R in readings(G):
            if R.now != check.NOW:
                continue
            try:
                s, _, _ = board(G, ds, met, anchor, R)
            except Ambig:
                continue
            own.add(frozenset(s.get(m, [])))
        cg.setdefault(gname, check.G(gname))
        calls += 1
        try:
            theirs = check.surviving(cg[gname], m, ds, met, anchor)
            ok = len(own) == 1 and frozenset(theirs[0]) == next(iter(own))
        except AssertionError:
            ok = len(own) > 1  # check.py refuses when a two-year paper changes the answer; so must we differ
        if ok:
            agree += 1
        else:
            fail(f"{qid}: second opinion check.surviving({gname}, {m}, {ds}, {met}, {anchor}) disagrees with {own}")
    return calls, agree


def main():
    Gs = {f"g{i}.ttl": Graph(f"g{i}.ttl") for i in range(1, 5)}
    fields = list(json.loads(open(os.path.join(TRUST, "trust-dev.jsonl"), encoding="utf-8").readline()).keys())
    td_q = [json.loads(l)["question"] for l in open(os.path.join(TRUST, "trust-dev.jsonl"), encoding="utf-8") if l.strip()]
    lines = [json.loads(l) for l in open(FILE, encoding="utf-8") if l.strip()]
    ids = [q.get("id") for q in lines]
    if ids != [f"VI{i:02d}" for i in range(1, 21)]:
        fail(f"ids are not VI01-VI20 in order: {ids}")
    if len(set(ids)) != len(ids):
        fail("duplicate ids")
    qs = [q.get("question") for q in lines]
    if len(set(qs)) != len(qs):
        fail("duplicate questions")
    claims = [q for q in lines if q.get("query_type") == "claim_verification"]
    if not 6 <= len(claims) <= 10:
        fail(f"{len(claims)} claims, not 6-10")
    if {q.get("verdict") for q in claims} != VERDICTS:
        fail("not every verdict is used")
    so_checks = []
    for n, q in enumerate(lines):
        qid = q.get("id", f"line{n + 1}")
        before = len(FAILS)
        if list(q.keys()) != fields:
            fail(f"{qid}: fields {list(q.keys())} differ from trust-dev.jsonl's {fields}")
            continue
        gname = f"g{n // 5 + 1}.ttl"
        if q["graph"] != gname:
            fail(f"{qid}: graph {q['graph']}, expected {gname}")
            continue
        G = Gs[gname]
        if q["query_type"] not in QTYPES:
            fail(f"{qid}: query_type {q['query_type']}")
        if q["mechanism"] not in MECHS:
            fail(f"{qid}: mechanism {q['mechanism']}")
        isclaim = q["query_type"] == "claim_verification"
        if isclaim != (q["verdict"] in VERDICTS) or (not isclaim and q["verdict"] is not None):
            fail(f"{qid}: verdict {q['verdict']} with query_type {q['query_type']}")
        for td in td_q:
            a, b = words(q["question"]), words(td)
            j = len(a & b) / len(a | b)
            if j > 0.6:
                fail(f"{qid}: Jaccard {j:.2f} with '{td}' (bound 0.6)")
        for e in q["expected"]:
            if not (e in G.labels or e in G.titles or e in G.dois or e in G.valid_years or e in G.clean_values):
                fail(f"{qid}: expected string '{e}' is not a label, title, DOI, year or clean value of {gname}")
        for f in q["must_keep"] + q["must_remove"]:
            if not fact_exists(G, f):
                fail(f"{qid}: fact '{f}' does not exist in {gname}")
        parts = split_notes(q["notes"])
        if not parts:
            fail(f"{qid}: notes lack 'Right answer:', 'Why:', 'Careless answer:' in that order")
            parts = ("", "", "")
        right, _, careless_txt = parts
        for e in q["expected"]:
            if e not in right:
                fail(f"{qid}: expected string '{e}' is not in the notes' Right answer")
        if isclaim and q["verdict"] and q["verdict"] not in right:
            fail(f"{qid}: the verdict {q['verdict']} is not in the notes' Right answer")
        # re-derive under every reading
        results = {}
        try:
            for R in readings(G):
                r = COMPUTERS[qid](G, R)
                key = json.dumps([sorted(r["expected"]), r["verdict"], sorted(f for f, _ in r["keep"]),
                                  sorted(f for f, _ in r["remove"]),
                                  [(d, sorted(v) if isinstance(v, list) else v, t) for d, v, t in r["careless"]]])
                results.setdefault(key, []).append((R, r))
        except Ambig as ex:
            fail(f"{qid}: depends on a detail the rules leave open ({ex}) under {R}")
            continue
        except KeyError as ex:
            fail(f"{qid}: no computer or missing value ({ex})")
            continue
        if len(results) != 1:
            fail(f"{qid}: the answer differs between readings: {[v[0][0] for v in results.values()]}")
            continue
        r = next(iter(results.values()))[0][1]
        if sorted(q["expected"]) != sorted(r["expected"]) or len(set(q["expected"])) != len(q["expected"]):
            fail(f"{qid}: expected is {q['expected']}, the graph gives {r['expected']}")
        if q["verdict"] != r["verdict"]:
            fail(f"{qid}: verdict is {q['verdict']!r}, the graph gives {r['verdict']!r}")
        if sorted(q["must_keep"]) != sorted(f for f, _ in r["keep"]):
            fail(f"{qid}: must_keep is {q['must_keep']}, the graph gives {[f for f, _ in r['keep']]}")
        if sorted(q["must_remove"]) != sorted(f for f, _ in r["remove"]):
            fail(f"{qid}: must_remove is {q['must_remove']}, the graph gives {[f for f, _ in r['remove']]}")
        anchors = {f: a for f, a in r["keep"] + r["remove"]}
        for f in q["must_keep"]:
            if not fact_exists(G, f) or f not in anchors:
                continue
            st = [fact_status(G, f, anchors[f], R) for R in readings(G)]
            bad = [s for s in st if s == "removed" or s == "missing" or (s == "outside" and not two_year_only(G, f))]
            if bad or "kept" not in st:
                fail(f"{qid}: must_keep '{f}' does not survive at anchor {anchors[f]} in {len(bad)} of {len(st)} readings")
            so_checks.append((qid, gname, f, anchors[f]))
        for f in q["must_remove"]:
            if not fact_exists(G, f) or f not in anchors:
                continue
            st = [fact_status(G, f, anchors[f], R) for R in readings(G)]
            bad = [s for s in st if s not in ("removed", "outside")]
            if bad:
                fail(f"{qid}: must_remove '{f}' survives at anchor {anchors[f]} in {len(bad)} of {len(st)} readings")
            so_checks.append((qid, gname, f, anchors[f]))
        right_val = r["verdict"] if isclaim else sorted(r["expected"])
        file_val = q["verdict"] if isclaim else sorted(q["expected"])
        for desc, cv, token in r["careless"]:
            cvv = sorted(cv) if isinstance(cv, list) else cv
            if cvv == right_val:
                fail(f"{qid}: the careless answer ({desc}) equals the right one")
            if cvv == file_val:
                fail(f"{qid}: the file's {'verdict' if isclaim else 'expected'} {file_val} is the careless one ({desc})")
            if token not in careless_txt:
                fail(f"{qid}: the careless answer ({desc}: {token}) is not named after 'Careless answer:'")
        if len(FAILS) == before:
            print(f"ok {qid}")
    # README
    first, tables = readme_counts()
    if first != "# trust-dev59.jsonl: two hops, one answer feeding the next (VI01–VI20)":
        fail(f"README59 first line is {first!r}")
    if tables is None:
        fail("README59 has no Counts section")
    else:
        cnt = lambda key: {str(k): v for k, v in __import__("collections").Counter(key).items()}
        want = {
            "total": {"questions": len(lines), "claims": len(claims)},
            "verdict": cnt(str(q.get("verdict")) if q.get("verdict") else "null" for q in lines),
            "mechanism": cnt(q.get("mechanism") for q in lines),
            "query type": cnt(q.get("query_type") for q in lines),
            "graph": cnt(str(q.get("graph", "")).replace(".ttl", "") for q in lines),
        }
        for k, v in want.items():
            if tables.get(k) != v:
                diff = {x: (tables.get(k, {}).get(x), v.get(x)) for x in set(v) | set(tables.get(k, {}))
                        if tables.get(k, {}).get(x) != v.get(x)}
                fail(f"README: Counts section differs (README, file) for {k!r}: {diff}")
    calls, agree = second_opinion(Gs, so_checks)
    print(f"second opinion: check.surviving agrees on {agree} of {calls} calls")
    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
