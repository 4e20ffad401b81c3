#!/usr/bin/env python3
"""check46.py: re-derives every answer of trust-dev46.jsonl (UV01-UV20) from the fixture graphs.

Angle: restrictions and exclusions ("other than X", "not counting paper P", "only papers with a
DOI", "from Y on", "excluding the 2024 papers", "apart from the paper that introduced it").

Own rdflib code, one computer per question, run for every current year 2025-2030 and for
TRUST_NOW if set. Also computes, for every question, the answer a system would give if it ignored
the question's restriction, and checks that it differs from the right answer except for the
questions the README lists as no-ops. UV_FILE=<path> checks another copy of the file.

Prints one line per failure and ends with "FAILURES: N" (exit status 1 when N > 0).
"""
import itertools
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True
import rdflib
from rdflib import Namespace, RDF, RDFS

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = "/work/main/eval/gold/trust"
FILE = os.environ.get("UV_FILE", os.path.join(HERE, "trust-dev46.jsonl"))
README = os.path.join(HERE, "README46.md")
DEV = os.path.join(TRUST, "trust-dev.jsonl")

ORKGP = Namespace("http://orkg.org/orkg/predicate/")
ORKGC = Namespace("http://orkg.org/orkg/class/")

LAMBDA, ALPHA, THRESH = 0.08, 0.8, 0.30
LOWER_BETTER = {"Word Error Rate"}
FIELDS = ["id", "graph", "question", "query_type", "mechanism", "expected", "verdict",
          "must_remove", "must_keep", "notes"]
QTYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification",
          "method_usage", "paper_lookup"}
MECHS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
# questions whose restriction does not change the answer (the README says so too)
NOOPS = {"UV08", "UV17"}
# questions whose restriction leaves nothing (expected [])
EMPTY = {"UV10", "UV15", "UV19"}

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL", msg)


# ----------------------------------------------------------------------------------------------
# graphs
# ----------------------------------------------------------------------------------------------
def clean(v):
    s = str(v).strip().rstrip("%").strip()
    if s in ("", "-"):
        return None
    return float(s)


def fmt(x):
    return f"{x:.1f}"


class Graph:
    def __init__(self, name):
        self.name = name
        g = rdflib.Graph()
        g.parse(os.path.join(TRUST, name + ".ttl"), format="turtle")
        self.g = g
        lab = lambda n: str(g.value(n, RDFS.label))
        self.labels = {str(o) for o in g.objects(None, RDFS.label)}
        self.papers = {}   # iri -> dict(title, p29, years, dois, problems)
        self.rows = []     # dicts: paper, model, dataset, metric, raw, val
        for p in g.subjects(RDF.type, ORKGC.Paper):
            p29 = sorted(int(y) for y in g.objects(p, ORKGP.P29))
            info = dict(iri=str(p), title=lab(p), p29=p29,
                        years=[y for y in p29 if y > 12],
                        dois=sorted(str(d) for d in g.objects(p, ORKGP.P26)), problems=set())
            self.papers[str(p)] = info
            for c in g.objects(p, ORKGP.P31):
                for pr in g.objects(c, ORKGP.P32):
                    info["problems"].add(lab(pr))
                m = g.value(c, ORKGP.HAS_MODEL)
                for b in g.objects(c, ORKGP.HAS_BENCHMARK):
                    d = g.value(b, ORKGP.HAS_DATASET)
                    for e in g.objects(b, ORKGP.HAS_EVALUATION):
                        met = g.value(e, ORKGP.HAS_METRIC)
                        raw = str(g.value(e, ORKGP.HAS_VALUE))
                        self.rows.append(dict(paper=str(p), model=lab(m), dataset=lab(d),
                                              metric=lab(met), raw=raw, val=clean(raw),
                                              problems=set(lab(x) for x in g.objects(c, ORKGP.P32))))
        self.valid_years = {str(y) for i in self.papers.values() for y in i["years"]}
        self.dois = {d for i in self.papers.values() for d in i["dois"]}
        self.values = {fmt(r["val"]) for r in self.rows if r["val"] is not None}
        multi = [p for p, i in self.papers.items() if len(i["years"]) > 1]
        self.worlds = []
        for combo in itertools.product(*[self.papers[p]["years"] for p in multi]):
            w = {p: (i["years"][0] if len(i["years"]) == 1 else None) for p, i in self.papers.items()}
            w.update(dict(zip(multi, combo)))
            self.worlds.append(w)

    def title_paper(self, title):
        for p, i in self.papers.items():
            if i["title"] == title:
                return p
        raise KeyError(title)

    def fact_exists(self, fact):
        m = FACT.match(fact)
        if not m:
            return False
        model, v, d, met = m.groups()
        return any(r["model"] == model and r["dataset"] == d and r["metric"] == met
                   and r["val"] is not None and abs(r["val"] - float(v)) < 1e-9 for r in self.rows)


FACT = re.compile(r"^(.+) scores (\d+(?:\.\d+)?) on (.+) by (.+)$")
GRAPHS = {n: Graph(n) for n in ("g1", "g2", "g3", "g4")}


def fact(model, v, d, met):
    return f"{model} scores {fmt(v)} on {d} by {met}"


# ----------------------------------------------------------------------------------------------
# rules: restriction, anchor, conflicts, boards
# ----------------------------------------------------------------------------------------------
def keep_row(G, r, w, spec):
    """spec keys: anchor (papers up to Y), since (papers from Y on), drop_years, ex_models,
    ex_papers (titles), doi (only papers with a DOI). Undated papers are left out under anchor
    and since."""
    y = w[r["paper"]]
    info = G.papers[r["paper"]]
    if spec.get("anchor") is not None and (y is None or y > spec["anchor"]):
        return False
    if spec.get("since") is not None and (y is None or y < spec["since"]):
        return False
    if y is not None and y in spec.get("drop_years", ()):
        return False
    if r["model"] in spec.get("ex_models", ()):
        return False
    if info["title"] in spec.get("ex_papers", ()):
        return False
    if spec.get("doi") and not info["dois"]:
        return False
    return True


def resolve(G, rows, w, ref):
    """rows of one (model, dataset, metric): the set of values that survive."""
    byval = {}
    for r in rows:
        if r["val"] is None:
            continue
        byval.setdefault(r["val"], set()).add(r["paper"])
    if len(byval) <= 1:
        return set(byval)
    wt = {}
    for v, ps in byval.items():
        ys = [w[p] for p in ps]
        if any(y is None for y in ys):
            raise RuntimeError("undated paper inside a conflict")
        wt[v] = math.exp(-LAMBDA * (ref - max(ys))) * (1 + ALPHA * math.log(1 + len(ps)))
    top = max(wt.values())
    return {v for v, x in wt.items() if top - x <= THRESH * top}


def board(G, d, met, spec, w, now):
    ref = spec.get("anchor") or now
    by = {}
    for r in G.rows:
        if r["dataset"] == d and r["metric"] == met and keep_row(G, r, w, spec):
            by.setdefault(r["model"], []).append(r)
    out = {}
    for m, rs in by.items():
        s = resolve(G, rs, w, ref)
        if s:
            out[m] = s
    return out


def better(met, a, b):
    return a < b if met in LOWER_BETTER else a > b


def readings(b):
    models = sorted(b)
    for combo in itertools.product(*[sorted(b[m]) for m in models]):
        yield dict(zip(models, combo))


def leaders(G, d, met, spec, now):
    """(set of leaders over every world and reading, {leader: set of its values})"""
    L, vals = set(), {}
    for w in G.worlds:
        b = board(G, d, met, spec, w, now)
        for rd in readings(b):
            if not rd:
                continue
            best = None
            for m, v in rd.items():
                if best is None or better(met, v, rd[best]):
                    best = m
            ties = {m for m, v in rd.items() if v == rd[best]}
            L |= ties
            for m in ties:
                vals.setdefault(m, set()).update(b[m])
    return L, vals


def full_surviving(G, model, d, met, now, anchor=None):
    out = set()
    for w in G.worlds:
        b = board(G, d, met, {"anchor": anchor}, w, now)
        out |= b.get(model, set())
    return out


def world_facts(G, d, met, spec, now):
    """facts that survive on the question's board in every world"""
    per = []
    for w in G.worlds:
        b = board(G, d, met, spec, w, now)
        per.append({fact(m, v, d, met) for m, vs in b.items() for v in vs})
    return set.intersection(*per) if per else set()


def all_facts(G, d, met):
    return {fact(r["model"], r["val"], d, met) for r in G.rows
            if r["dataset"] == d and r["metric"] == met and r["val"] is not None}


def removed_better(G, d, met, spec, now, worst):
    """kind (a)/(c)/(d) must_remove: graph facts on the board that beat the answer's weakest
    reading but are not on the question's board (conflict loser, after the anchor, or excluded
    by the restriction)."""
    onboard = world_facts(G, d, met, spec, now)
    out = set()
    for f in all_facts(G, d, met):
        v = float(FACT.match(f).group(2))
        if better(met, v, worst) and f not in onboard:
            out.add(f)
    return out


def board_answer(G, d, met, spec, now):
    L, vals = leaders(G, d, met, spec, now)
    exp = set()
    for m in L:
        exp.add(m)
        exp |= {fmt(v) for v in vals[m]}
    return L, vals, exp


def claim_leads(G, d, met, spec, now, subject, value=None):
    L, vals, exp = board_answer(G, d, met, spec, now)
    if L == {subject}:
        sv = vals[subject]
        if value is None or sv == {value}:
            verdict = "SUPPORTED"
        elif value in sv:
            verdict = "UNCERTAIN"
        else:
            verdict = "REFUTED"
    elif subject not in L:
        verdict = "REFUTED"
    else:
        verdict = "UNCERTAIN"
    return verdict, exp, L, vals


def intro_paper(G, model):
    ps = [p for p, i in G.papers.items() if i["title"].startswith(model + ":")]
    assert len(ps) == 1, model
    return ps[0]


# ----------------------------------------------------------------------------------------------
# per-question computers: f(now, restricted) -> dict(expected, verdict, keep, remove, ev)
# restricted=False gives the answer of a system that ignores the question's restriction.
# ----------------------------------------------------------------------------------------------
def R(expected, verdict=None, keep=(), remove=(), ev=""):
    return dict(expected=set(expected), verdict=verdict, keep=set(keep), remove=set(remove), ev=ev)


def q01(now, restricted=True):
    G, d, met = GRAPHS["g1"], "BenchMira", "Accuracy"
    spec = {"ex_models": {"Zephyrine-L", "Wendrel-S"}} if restricted else {}
    verdict, exp, L, vals = claim_leads(G, d, met, spec, now, "Tavrosa", 86.1)
    keep = {fact(m, v, d, met) for m in L for v in vals[m]}
    worst = min(v for m in L for v in vals[m])
    return R(exp, verdict, keep, removed_better(G, d, met, spec, now, worst), f"leaders {L} {vals}")


def q02(now, restricted=True):
    G, d, met = GRAPHS["g1"], "BenchMira", "Accuracy"
    spec = {"anchor": 2020, "doi": True} if restricted else {"anchor": 2020}
    verdict, exp, L, vals = claim_leads(G, d, met, spec, now, "Tavrosa")
    keep = {fact(m, v, d, met) for m in L for v in vals[m]}
    worst = min(v for m in L for v in vals[m])
    remove = removed_better(G, d, met, spec, now, worst)
    return R(exp, verdict, keep, remove, f"as of 2020{' DOI only' if restricted else ''}: {L} {vals}")


def q03(now, restricted=True):
    G, d, met = GRAPHS["g1"], "Skarnhold Glacier Set", "Mean IoU"
    spec = {"since": 2020} if restricted else {}
    found = []
    for w in G.worlds:
        found.append(sorted((r["model"], r["val"], w[r["paper"]]) for r in G.rows
                            if r["dataset"] == d and r["metric"] == met and keep_row(G, r, w, spec)))
    if all(found):
        verdict = "REFUTED"
    elif not any(found):
        verdict = "SUPPORTED"
    else:
        verdict = "UNCERTAIN"
    exp, keep = set(), set()
    for m, v, y in set.intersection(*[set(f) for f in found]):
        exp |= {m, fmt(v)} | ({str(y)} if y else set())
        keep.add(fact(m, v, d, met))
    return R(exp, verdict, keep, (), f"results from 2020 on: {found}")


def q04(now, restricted=True):
    G, d, met = GRAPHS["g1"], "Corvalla-Ice", "F1"
    spec = {"ex_models": {"Brackwater-UNet"}} if restricted else {}
    verdict, exp, L, vals = claim_leads(G, d, met, spec, now, "Wendrel-S")
    keep = {fact(m, v, d, met) for m in L for v in vals[m]}
    keep |= {fact("Orvalis-CNN", v, d, met) for v in full_surviving(G, "Orvalis-CNN", d, met, now)}
    worst = min(v for m in L for v in vals[m])
    return R(exp, verdict, keep, removed_better(G, d, met, spec, now, worst), f"leaders {L} {vals}")


def papers_reporting(G, model, d, met, exclude_intro):
    intro = intro_paper(G, model) if exclude_intro else None
    return [(p, r["val"]) for r in G.rows for p in [r["paper"]]
            if r["model"] == model and r["dataset"] == d and r["metric"] == met and p != intro]


def q05(now, restricted=True):
    G, d, met, m = GRAPHS["g1"], "BenchMira", "Accuracy", "KestrelNet"
    rep = papers_reporting(G, m, d, met, restricted)
    exp = {G.papers[p]["title"] for p, _ in rep} | {fmt(v) for _, v in rep}
    surv = full_surviving(G, m, d, met, now)
    allv = {r["val"] for r in G.rows if r["model"] == m and r["dataset"] == d and r["metric"] == met}
    return R(exp, None, {fact(m, v, d, met) for v in surv},
             {fact(m, v, d, met) for v in allv - surv}, f"papers {rep}, surviving {surv}")


def q06(now, restricted=True):
    G, d, met = GRAPHS["g2"], "Dastrup-7 Chorus", "Word Error Rate"
    spec = {"drop_years": {2024}} if restricted else {}
    L, vals, exp = board_answer(G, d, met, spec, now)
    keep = {fact(m, v, d, met) for m in L for v in vals[m]}
    worst = max(v for m in L for v in vals[m])
    return R(exp, None, keep, removed_better(G, d, met, spec, now, worst), f"leaders {L} {vals}")


def q07(now, restricted=True):
    G, d, met, m = GRAPHS["g2"], "Dastrup-7 Chorus", "Word Error Rate", "Trillbert"
    spec = {"since": 2023} if restricted else {}
    vs = set()
    for w in G.worlds:
        vs |= board(G, d, met, spec, w, now).get(m, set())
    if not vs:
        verdict = "UNCERTAIN"
    elif all(v < 10 for v in vs):
        verdict = "SUPPORTED"
    elif all(v >= 10 for v in vs):
        verdict = "REFUTED"
    else:
        verdict = "UNCERTAIN"
    allv = full_surviving(G, m, d, met, now)
    return R({fmt(v) for v in vs}, verdict, {fact(m, v, d, met) for v in vs},
             {fact(m, v, d, met) for v in allv - vs}, f"Trillbert values in scope {vs}")


def q08(now, restricted=True):
    G, d, met = GRAPHS["g2"], "Hollenby Marsh Calls", "Accuracy"
    spec = {"ex_models": {"Syrinxa"}} if restricted else {}
    verdict, exp, L, vals = claim_leads(G, d, met, spec, now, "Plumaro")
    keep = {fact(m, v, d, met) for m in L for v in vals[m]}
    worst = min(v for m in L for v in vals[m])
    return R(exp, verdict, keep, removed_better(G, d, met, spec, now, worst), f"leaders {L} {vals}")


def q09(now, restricted=True):
    G, m = GRAPHS["g2"], "Warbleon"
    boards = sorted({(r["dataset"], r["metric"]) for r in G.rows if r["model"] == m})
    if restricted:
        boards = [b for b in boards if b[0] != "Hollenby Marsh Calls"]
    exp, keep, still = set(), set(), []
    for d, met in boards:
        mine = full_surviving(G, m, d, met, now)
        L, vals, bexp = board_answer(G, d, met, {}, now)
        exp |= {d} | {fmt(v) for v in mine} | bexp
        keep |= {fact(m, v, d, met) for v in mine} | {fact(x, v, d, met) for x in L for v in vals[x]}
        still.append((d, m in L, L))
    return R(exp, None, keep, (), f"boards {still}")


def q10(now, restricted=True):
    G, d, met = GRAPHS["g2"], "Hollenby Marsh Calls", "Accuracy"
    spec = {"since": 2025, "ex_models": {"Syrinxa"}} if restricted else {}
    exp = set()
    for w in G.worlds:
        for m, vs in board(G, d, met, spec, w, now).items():
            exp |= {m} | {fmt(v) for v in vs}
    return R(exp, None, (), (), f"models in scope: {sorted(exp)}")


def q11(now, restricted=True):
    G, d, met = GRAPHS["g3"], "Quenmark Dialogue Set", "BLEU"
    spec = {"doi": True} if restricted else {}
    L, vals, exp = board_answer(G, d, met, spec, now)
    for r in G.rows:
        if r["model"] in L and r["dataset"] == d and r["metric"] == met:
            exp |= set(G.papers[r["paper"]]["dois"])
    keep = {fact(m, v, d, met) for m in L for v in vals[m]}
    worst = min(v for m in L for v in vals[m])
    return R(exp, None, keep, removed_better(G, d, met, spec, now, worst), f"leaders {L} {vals}")


def q12(now, restricted=True):
    G, d, met = GRAPHS["g3"], "Mirelle Subtitles", "chrF"
    spec = {"ex_models": {"Nerrisa"}} if restricted else {}
    verdict, exp, L, vals = claim_leads(G, d, met, spec, now, "Murrelet-MT")
    keep = {fact(m, v, d, met) for m in L for v in vals[m]}
    worst = min(v for m in L for v in vals[m])
    return R(exp, verdict, keep, removed_better(G, d, met, spec, now, worst), f"leaders {L} {vals}")


def q13(now, restricted=True):
    G, d, met = GRAPHS["g3"], "Orrenby Parallel Corpus", "BLEU"
    spec = {"ex_papers": {"Nerrisa: Large Multilingual Models Meet Vendish"}} if restricted else {}
    base = 27.3
    exp, keep = set(), set()
    per = []
    for w in G.worlds:
        b = board(G, d, met, spec, w, now)
        per.append({(m, v) for m, vs in b.items() for v in vs if m != "Halverin" and better(met, v, base)})
    settled = set.intersection(*per)
    for m, v in settled:
        exp |= {m, fmt(v)}
        keep.add(fact(m, v, d, met))
    return R(exp, None, keep, removed_better(G, d, met, spec, now, base), f"beat 27.3: {sorted(settled)}")


def q14(now, restricted=True):
    G, d, met, m = GRAPHS["g3"], "Orrenby Parallel Corpus", "BLEU", "Gannetron"
    rep = papers_reporting(G, m, d, met, restricted)
    vs = {v for _, v in rep}
    verdict = "SUPPORTED" if vs == {18.9} else ("REFUTED" if vs else "UNCERTAIN")
    surv = full_surviving(G, m, d, met, now)
    allv = {r["val"] for r in G.rows if r["model"] == m and r["dataset"] == d and r["metric"] == met}
    return R({fmt(v) for v in surv}, verdict, {fact(m, v, d, met) for v in surv},
             {fact(m, v, d, met) for v in allv - surv}, f"papers {[(G.papers[p]['title'][:30], v) for p, v in rep]}")


def q15(now, restricted=True):
    G = GRAPHS["g3"]
    topic = "Dialogue Translation"
    spec = {"since": 2024} if restricted else {}
    exp = set()
    for w in G.worlds:
        for r in G.rows:
            if topic in r["problems"] and keep_row(G, r, w, spec):
                exp |= {r["model"], fmt(r["val"])}
        for p, i in G.papers.items():   # papers on the topic without results count too
            if topic in i["problems"] and keep_row(G, dict(paper=p, model=""), w, spec) \
                    and not any(r["paper"] == p for r in G.rows):
                exp.add(i["title"])
    return R(exp, None, (), (), f"in scope: {sorted(exp)}")


def q16(now, restricted=True):
    G, d, met, subj = GRAPHS["g4"], "Kelpwatch-Norrland", "Mean IoU", "Driftmere"
    spec = {"since": 2020} if restricted else {}
    subj_rows = [r for r in G.rows if r["model"] == subj and r["dataset"] == d and r["metric"] == met]
    undated = all(not G.papers[r["paper"]]["years"] for r in subj_rows)
    verdict, exp, L, vals = claim_leads(G, d, met, spec, now, subj, 63.0)
    if restricted and undated:
        verdict = "UNCERTAIN"   # the claim's own result cannot be placed in the time window
    keep = {fact(m, v, d, met) for m in L for v in vals[m]}
    worst = min(v for m in L for v in vals[m])
    return R(exp, verdict, keep, removed_better(G, d, met, spec, now, worst),
             f"leaders in scope {L} {vals}; Driftmere undated={undated}")


def q17(now, restricted=True):
    G, d, met = GRAPHS["g4"], "Kelpwatch-Norrland", "Mean IoU"
    first = min(y for r in G.rows if r["model"] == "Kelvane" for y in G.papers[r["paper"]]["years"])
    spec = {"anchor": first - 1}
    if restricted:
        spec["ex_models"] = {"Driftmere"}
    L, vals, exp = board_answer(G, d, met, spec, now)
    keep = {fact(m, v, d, met) for m in L for v in vals[m]}
    worst = min(v for m in L for v in vals[m])
    return R(exp, None, keep, removed_better(G, d, met, spec, now, worst),
             f"as of {first - 1}: {L} {vals}")


def q18(now, restricted=True):
    G, d, met = GRAPHS["g4"], "Sealbrook Turbine Logs", "F1"
    spec = {"since": 2018, "ex_papers": {"A Replication of Tidal Turbine Fault Detectors"}} if restricted else {}
    per = []
    for w in G.worlds:
        b = board(G, d, met, spec, w, now)
        per.append({(m, v) for m, vs in b.items() for v in vs})
    settled = set.intersection(*per)
    some = set.union(*per) - settled
    exp, keep = set(), set()
    for m, v in settled:
        exp |= {m, fmt(v)}
        keep.add(fact(m, v, d, met))
    for m, v in some:   # in for one reading of its paper's years only: name it with both years
        exp.add(m)
        for r in G.rows:
            if r["model"] == m and r["dataset"] == d:
                exp |= {str(y) for y in G.papers[r["paper"]]["years"]}
    out = {f for f in all_facts(G, d, met)
           if FACT.match(f).group(1) not in {m for m, _ in settled | some}}
    return R(exp, None, keep, out, f"settled {sorted(settled)} one reading only {sorted(some)}")


def q19(now, restricted=True):
    G = GRAPHS["g4"]
    a = {r["model"] for r in G.rows if r["dataset"] == "Sealbrook Turbine Logs"}
    b = {r["model"] for r in G.rows if r["dataset"] == "Kelpwatch-Norrland"}
    both = a & b
    if restricted:
        both -= {"Marrowfen"}
    return R(both, None, (), (), f"on both: {sorted(a & b)}")


def q20(now, restricted=True):
    G, d, met = GRAPHS["g4"], "Sealbrook Turbine Logs", "F1"
    spec = {"anchor": 2020}
    if restricted:
        spec["ex_models"] = {"Marrowfen"}
    L, vals, exp = board_answer(G, d, met, spec, now)
    keep = {fact(m, v, d, met) for m in L for v in vals[m]}
    worst = min(v for m in L for v in vals[m])
    return R(exp, None, keep, removed_better(G, d, met, spec, now, worst), f"before 2021: {L} {vals}")


COMPUTERS = {f"UV{i:02d}": globals()[f"q{i:02d}"] for i in range(1, 21)}


# ----------------------------------------------------------------------------------------------
# careless readings (printed as evidence only): the smallest raw P29 as the year, no conflict
# removal, values compared as strings
# ----------------------------------------------------------------------------------------------
def careless_best(G, d, met, anchor=None):
    rows = []
    for r in G.rows:
        if r["dataset"] != d or r["metric"] != met:
            continue
        p29 = G.papers[r["paper"]]["p29"]
        y = min(p29) if p29 else None
        if anchor is not None and (y is None or y > anchor):
            continue
        rows.append((r["raw"], r["model"], y))
    return max(rows) if rows else None


# ----------------------------------------------------------------------------------------------
# checks
# ----------------------------------------------------------------------------------------------
def toks(s):
    return set(re.findall(r"[a-z0-9]+(?:[.\-][a-z0-9]+)*", s.lower()))


def jaccard(a, b):
    a, b = toks(a), toks(b)
    return len(a & b) / len(a | b) if a | b else 0.0


def check_cross():
    """second opinion: check.py's surviving() on every conflict these questions rest on"""
    try:
        sys.path.insert(0, TRUST)
        import check as C   # not read; only surviving and G are called
    except Exception as e:   # pragma: no cover
        fail(f"cross-check: cannot import check.py ({e})")
        return
    cases = [("g1", "Tavrosa", "BenchMira", "Accuracy", None), ("g1", "KestrelNet", "BenchMira", "Accuracy", None),
             ("g1", "Orvalis-CNN", "Corvalla-Ice", "F1", None), ("g1", "KestrelNet", "BenchMira", "Accuracy", 2020),
             ("g2", "Trillbert", "Dastrup-7 Chorus", "Word Error Rate", None),
             ("g2", "Fennick-RNN", "Dastrup-7 Chorus", "Word Error Rate", None),
             ("g2", "Syrinxa", "Hollenby Marsh Calls", "Accuracy", None),
             ("g2", "Warbleon", "Hollenby Marsh Calls", "Accuracy", None),
             ("g3", "Murrelet-MT", "Mirelle Subtitles", "chrF", None),
             ("g3", "Gannetron", "Orrenby Parallel Corpus", "BLEU", None)]
    for gname, m, d, met, anchor in cases:
        try:
            got = C.surviving(C.G(gname + ".ttl"), m, d, met, anchor)
        except Exception as e:
            fail(f"cross-check {m} {d}: check.surviving raised {e!r}")
            continue
        vals, status = set(got[0]), got[1]
        for now in range(2025, 2031):
            mine = full_surviving(GRAPHS[gname], m, d, met, now, anchor)
            if mine != vals:
                fail(f"cross-check {m} {d} anchor={anchor} now={now}: mine {mine} check.py {vals}")
        if str(status).upper().startswith("AMBIG"):
            fail(f"cross-check {m} {d}: check.py says {status}")
        print(f"  cross-check {gname} {m} / {d} / {met} anchor={anchor}: {sorted(vals)} ({status})")


def readme_counts():
    out = {}
    if not os.path.exists(README):
        fail("README46.md missing")
        return out
    for line in open(README, encoding="utf-8"):
        m = re.match(r"^\| ([A-Za-z_ ()0-9-]+?) \| (\d+) \|\s*$", line.rstrip("\n"))
        if m:
            out[m.group(1).strip()] = int(m.group(2))
    return out


def main():
    nows = list(range(2025, 2031))
    if os.environ.get("TRUST_NOW"):
        nows.append(int(os.environ["TRUST_NOW"]))
    print(f"file {FILE}; current years {nows}")
    qs = []
    with open(FILE, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                qs.append(json.loads(line))
            except Exception as e:
                fail(f"line {i}: not JSON ({e})")
    dev_fields = list(json.loads(open(DEV, encoding="utf-8").readline()).keys())
    if dev_fields != FIELDS:
        fail(f"trust-dev.jsonl fields changed: {dev_fields}")
    dev_qs = [json.loads(l)["question"] for l in open(DEV, encoding="utf-8") if l.strip()]

    ids = [q.get("id") for q in qs]
    want = [f"UV{i:02d}" for i in range(1, 21)]
    if ids != want:
        fail(f"ids not UV01..UV20 in order: {ids}")
    if len(set(ids)) != len(ids):
        fail("duplicate ids")
    if len({q.get('question') for q in qs}) != len(qs):
        fail("duplicate questions")

    check_cross()
    changed = []
    for q in qs:
        qid = q.get("id", "?")
        if list(q.keys()) != FIELDS:
            fail(f"{qid}: fields/order {list(q.keys())}")
        gname = str(q.get("graph", "")).replace(".ttl", "")
        if gname not in GRAPHS or q.get("graph") != gname + ".ttl":
            fail(f"{qid}: graph {q.get('graph')}")
            continue
        G = GRAPHS[gname]
        if q.get("query_type") not in QTYPES:
            fail(f"{qid}: query_type {q.get('query_type')}")
        if q.get("mechanism") not in MECHS:
            fail(f"{qid}: mechanism {q.get('mechanism')}")
        claim = q.get("query_type") == "claim_verification"
        if claim and q.get("verdict") not in VERDICTS:
            fail(f"{qid}: claim without a verdict")
        if not claim and q.get("verdict") is not None:
            fail(f"{qid}: verdict on a non-claim")
        for k in ("expected", "must_remove", "must_keep"):
            if not isinstance(q.get(k), list):
                fail(f"{qid}: {k} not a list")
                q[k] = []
        if not isinstance(q.get("notes"), str) or len(q["notes"]) < 40:
            fail(f"{qid}: notes missing or too short")
        for s in q["expected"]:
            if not (s in G.labels or s in G.dois or s in G.valid_years or s in G.values):
                fail(f"{qid}: expected string not in {gname}: {s!r}")
        for fct in q["must_keep"] + q["must_remove"]:
            if not G.fact_exists(fct):
                fail(f"{qid}: fact not in {gname}: {fct!r}")
        if set(q["must_keep"]) & set(q["must_remove"]):
            fail(f"{qid}: a fact both kept and removed")
        jmax = 0.0
        for dq in dev_qs:
            j = jaccard(q.get("question", ""), dq)
            jmax = max(jmax, j)
            if j >= 0.6:
                fail(f"{qid}: Jaccard {j:.2f} with trust-dev question {dq!r}")
        q["_jmax"] = jmax
        comp = COMPUTERS.get(qid)
        if comp is None:
            fail(f"{qid}: no computer")
            continue
        res_by_now, careless_by_now = {}, {}
        for now in nows:
            r = comp(now, True)
            c = comp(now, False)
            res_by_now[now] = r
            careless_by_now[now] = c
            if set(q["expected"]) != r["expected"]:
                fail(f"{qid} now={now}: expected {sorted(q['expected'])} != derived {sorted(r['expected'])}")
            if q.get("verdict") != r["verdict"]:
                fail(f"{qid} now={now}: verdict {q.get('verdict')} != derived {r['verdict']}")
            if set(q["must_keep"]) != r["keep"]:
                fail(f"{qid} now={now}: must_keep {sorted(q['must_keep'])} != derived {sorted(r['keep'])}")
            if set(q["must_remove"]) != r["remove"]:
                fail(f"{qid} now={now}: must_remove {sorted(q['must_remove'])} != derived {sorted(r['remove'])}")
        # every must_keep fact also survives the rules on the whole (unrestricted) board now
        for fct in q["must_keep"]:
            m = FACT.match(fct)
            if not m:
                continue
            model, v, d, met = m.groups()
            for now in nows:
                if float(v) not in full_surviving(G, model, d, met, now):
                    fail(f"{qid} now={now}: must_keep fact does not survive the conflict rules: {fct}")
        # answers may not depend on the current year
        base = res_by_now[nows[0]]
        for now in nows[1:]:
            if {k: v for k, v in res_by_now[now].items() if k != "ev"} != {k: v for k, v in base.items() if k != "ev"}:
                fail(f"{qid}: answer depends on the current year ({nows[0]} vs {now})")
        # the restriction is applied: the careless answer that ignores it differs (except no-ops)
        r, c = res_by_now[nows[0]], careless_by_now[nows[0]]
        differs = (r["expected"], r["verdict"]) != (c["expected"], c["verdict"])
        if differs:
            changed.append(qid)
        if qid in NOOPS and differs:
            fail(f"{qid}: listed as a no-op but the restriction changes the answer")
        if qid not in NOOPS and not differs:
            fail(f"{qid}: ignoring the restriction gives the same answer")
        if (qid in EMPTY) != (not q["expected"]):
            fail(f"{qid}: expected [] does not match the list of questions the restriction empties")
        print(f"{qid} {gname} {q.get('query_type')}/{q.get('mechanism')} verdict={r['verdict']} "
              f"expected={sorted(r['expected'])}")
        print(f"      {r['ev']}")
        print(f"      restriction ignored -> verdict={c['verdict']} expected={sorted(c['expected'])} "
              f"[{'differs' if differs else 'same: no-op'}]; max Jaccard with trust-dev {q['_jmax']:.2f}")

    # careless raw readings, as evidence
    print("careless raw readings (smallest P29 as year, no conflict removal, string max):")
    for gname, d, met, anchor in [("g1", "BenchMira", "Accuracy", 2020), ("g1", "Corvalla-Ice", "F1", None),
                                  ("g3", "Orrenby Parallel Corpus", "BLEU", None),
                                  ("g4", "Kelpwatch-Norrland", "Mean IoU", 2023),
                                  ("g4", "Sealbrook Turbine Logs", "F1", 2020),
                                  ("g2", "Hollenby Marsh Calls", "Accuracy", None)]:
        print(f"  {gname} {d} {met} anchor={anchor}: {careless_best(GRAPHS[gname], d, met, anchor)}")

    print(f"restriction changes the answer for {len(changed)} of {len(qs)}: {' '.join(changed)}")
    print(f"restriction is a no-op for: {' '.join(sorted(set(ids) - set(changed)))}")
    if len(changed) * 2 <= len(qs):
        fail("the restriction changes the answer for half of the questions or fewer")

    # counts against the README
    counts = {}
    for q in qs:
        counts[q.get("verdict") or "null (question)"] = counts.get(q.get("verdict") or "null (question)", 0) + 1
        counts[q.get("mechanism")] = counts.get(q.get("mechanism"), 0) + 1
        counts[q.get("query_type")] = counts.get(q.get("query_type"), 0) + 1
        g = str(q.get("graph", "")).replace(".ttl", "")
        counts[g] = counts.get(g, 0) + 1
    nclaims = sum(1 for q in qs if q.get("query_type") == "claim_verification")
    counts["claims"] = nclaims
    counts["questions"] = len(qs)
    counts["restriction changes the answer"] = len(changed)
    counts["restriction is a no-op"] = len(qs) - len(changed)
    counts["restriction leaves nothing"] = sum(1 for q in qs if not q["expected"])
    if not 7 <= nclaims <= 9:
        fail(f"{nclaims} claims (want 7 to 9)")
    for g in ("g1", "g2", "g3", "g4"):
        if counts.get(g) != 5:
            fail(f"{g}: {counts.get(g)} questions (want 5)")
    rc = readme_counts()
    keys = (["SUPPORTED", "REFUTED", "UNCERTAIN", "null (question)"] + sorted(MECHS) + sorted(QTYPES)
            + ["g1", "g2", "g3", "g4", "claims", "questions", "restriction changes the answer",
               "restriction is a no-op", "restriction leaves nothing"])
    for k in keys:
        if rc.get(k, 0) != counts.get(k, 0):
            fail(f"README count {k}: README {rc.get(k)} vs file {counts.get(k, 0)}")
    print("counts: " + ", ".join(f"{k} {counts.get(k, 0)}" for k in keys))
    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
