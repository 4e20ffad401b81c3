#!/usr/bin/env python3
"""Checker for trust-dev51.jsonl (VA01-VA20): counting and coverage.

Re-derives every question's expected, verdict, must_keep and must_remove from the fixture graphs
with its own rdflib code (one computer per question, va01 ... va20), for every current year
2025-2030 and TRUST_NOW if set (an empty TRUST_NOW is unset), under the six readings of the
conflict rule (newest or mean paper age; absolute, relative or share difference) and both readings
of an undated paper on an unanchored board (counted or not). An answer that differs between those
readings is reported as resting on a detail the public rules leave open. Readings the graph itself
allows (the two real years of one paper, the two values of a close conflict) are folded into the
answer: a claim is decided only when all of them agree, otherwise UNCERTAIN.

Also checks the file's shape, enums, counts (against README51.md), the README's first line, the
Jaccard bound against trust-dev.jsonl, that every fact exists, that every must_keep survives and
every must_remove is removed or outside the anchor, that each computer's careless answer differs
from the right one and is named in the notes; and, as a second opinion, compares check.surviving
(imported from the trust folder, not read) with its own surviving values.

Prints one line per failure, `ok VAnn` per clean question, and ends with `FAILURES: N`.
VA_FILE=/path python3 check51.py checks another copy.
"""
import itertools
import json
import math
import os
import re
import sys

import rdflib

sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = "/work/main/eval/gold/trust"
VA_FILE = os.environ.get("VA_FILE") or os.path.join(HERE, "trust-dev51.jsonl")
README = os.path.join(HERE, "README51.md")
FIRST = os.path.join(TRUST, "trust-dev.jsonl")

LAMBDA = 0.08
THRESH = 0.30
LOWER_BETTER = {"Word Error Rate", "Perplexity"}

_tn = os.environ.get("TRUST_NOW", "").strip()
NOWS = list(range(2025, 2031))
if _tn:
    if int(_tn) not in NOWS:
        NOWS.append(int(_tn))
RULES = [(age, diff) for age in ("newest", "mean") for diff in ("abs", "rel", "share")]

P = "http://orkg.org/orkg/predicate/"
C = "http://orkg.org/orkg/class/"
RDFS_LABEL = rdflib.RDFS.label
RDF_TYPE = rdflib.RDF.type

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL " + msg)


class OpenDetail(Exception):
    """An answer would depend on a detail the public rules leave open."""


# ------------------------------------------------------------------------------------------
# graphs
# ------------------------------------------------------------------------------------------
def clean(raw):
    s = raw.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    try:
        return float(s), s
    except ValueError:
        return None, None


class Graph:
    def __init__(self, name):
        self.name = name
        g = rdflib.Graph()
        g.parse(os.path.join(TRUST, name), format="turtle")
        self.g = g
        U = rdflib.URIRef
        lab = lambda n: str(g.value(n, RDFS_LABEL)) if g.value(n, RDFS_LABEL) is not None else None
        self.labels = set()
        for s, o in g.subject_objects(RDFS_LABEL):
            types = set(g.objects(s, RDF_TYPE))
            if U(C + "Contribution") in types:
                continue
            self.labels.add(str(o))
        self.model_labels = {lab(m) for m in g.subjects(RDF_TYPE, U(C + "Model"))}
        self.dataset_labels = {lab(d) for d in g.subjects(RDF_TYPE, U(C + "Dataset"))}
        self.metric_labels = {lab(d) for d in g.subjects(RDF_TYPE, U(C + "Metric"))}
        self.problem_labels = {lab(d) for d in g.subjects(RDF_TYPE, U(C + "Problem"))}
        self.papers = {}
        self.rows = []
        self.contribs = []  # (paper, model or None, problem label)
        for p in g.subjects(RDF_TYPE, U(C + "Paper")):
            p29 = sorted(int(o.toPython()) for o in g.objects(p, U(P + "P29")))
            self.papers[p] = dict(
                title=lab(p),
                p29=p29,
                years=[y for y in p29 if y > 12],
                dois=sorted(str(o) for o in g.objects(p, U(P + "P26"))),
            )
            for c in g.objects(p, U(P + "P31")):
                m = g.value(c, U(P + "HAS_MODEL"))
                ml = lab(m) if m is not None else None
                for pr in g.objects(c, U(P + "P32")):
                    self.contribs.append((p, ml, lab(pr)))
                for b in g.objects(c, U(P + "HAS_BENCHMARK")):
                    d = lab(g.value(b, U(P + "HAS_DATASET")))
                    for e in g.objects(b, U(P + "HAS_EVALUATION")):
                        met = lab(g.value(e, U(P + "HAS_METRIC")))
                        raw = str(g.value(e, U(P + "HAS_VALUE")))
                        v, vs = clean(raw)
                        self.rows.append(dict(paper=p, model=ml, dataset=d, metric=met, raw=raw, v=v, vs=vs))
        self.vstr = {}
        for r in self.rows:
            if r["v"] is not None:
                self.vstr.setdefault((r["model"], r["dataset"], r["metric"], r["v"]), r["vs"])
        self.clean_values = {r["vs"] for r in self.rows if r["vs"] is not None}
        self.valid_years = {str(y) for p in self.papers.values() for y in p["years"]}
        self.titles = {p["title"] for p in self.papers.values()}
        self.all_dois = {d for p in self.papers.values() for d in p["dois"]}
        self.multi = sorted(p for p, d in self.papers.items() if len(d["years"]) > 1)

    def pname(self, p):
        t = self.papers[p]["title"]
        for m in self.model_labels:
            if t.startswith(m + ":"):
                return m
        return t

    def fact(self, model, v, ds, met):
        return f"{model} scores {self.vstr[(model, ds, met, v)]} on {ds} by {met}"

    def year_readings(self):
        """Every reading of the papers with two real years (one year each)."""
        if not self.multi:
            return [{}]
        return [dict(zip(self.multi, c)) for c in itertools.product(*[self.papers[p]["years"] for p in self.multi])]


GRAPHS = {}


def G(name):
    if name not in GRAPHS:
        GRAPHS[name] = Graph(name)
    return GRAPHS[name]


FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")


def parse_fact(f):
    m = FACT_RE.match(f)
    if not m:
        return None
    return m.group(1), float(m.group(2)), m.group(3), m.group(4)


def fact_exists(g, f):
    pf = parse_fact(f)
    if not pf:
        return False
    model, v, ds, met = pf
    return any(r["model"] == model and r["dataset"] == ds and r["metric"] == met and r["v"] == v for r in g.rows) \
        and g.vstr.get((model, ds, met, v)) == FACT_RE.match(f).group(2)


# ------------------------------------------------------------------------------------------
# the public rules
# ------------------------------------------------------------------------------------------
class Ctx:
    """A rule reading: the current year, how a value's age is taken, what 'differ by more than
    0.30' compares, and whether an undated paper is on an unanchored board."""

    def __init__(self, now, age, diff, undated_in):
        self.now, self.age, self.diff, self.undated_in = now, age, diff, undated_in

    def __repr__(self):
        return f"now={self.now} {self.age}/{self.diff} undated_in={self.undated_in}"


def paper_year(g, p, ysel, careless=()):
    d = g.papers[p]
    if "minp29" in careless:
        return min(d["p29"]) if d["p29"] else None
    if len(d["years"]) == 1:
        return d["years"][0]
    if len(d["years"]) > 1:
        return ysel[p]
    return None


def better(met, a, b):
    return a < b if met in LOWER_BETTER else a > b


def best_of(met, vals):
    return min(vals) if met in LOWER_BETTER else max(vals)


def board(g, ds, met, anchor, ctx, ysel, careless=()):
    """model -> {'vals': {v: set(papers)}, 'kept': set(v), 'removed': set(v)} for one board,
    papers up to the anchor (undated papers left out under an anchor), conflicts resolved."""
    out = {}
    for r in g.rows:
        if r["dataset"] != ds or r["metric"] != met or r["model"] is None:
            continue
        if r["v"] is None and "dash0" not in careless:
            continue
        v = r["v"] if r["v"] is not None else 0.0
        y = paper_year(g, r["paper"], ysel, careless)
        if "noanchor" not in careless and anchor is not None:
            if y is None or y > anchor:
                continue
        elif y is None and not ctx.undated_in:
            continue
        out.setdefault(r["model"], {"vals": {}, "kept": set(), "removed": set()})["vals"].setdefault(v, set()).add(r["paper"])
    ref = ctx.now if (anchor is None or "noanchor" in careless) else anchor
    for m, d in out.items():
        vals = d["vals"]
        if len(vals) == 1 or "noconflict" in careless:
            d["kept"] = set(vals)
            continue
        scores = {}
        for v, ps in vals.items():
            ys = [paper_year(g, p, ysel, careless) for p in ps]
            if any(y is None for y in ys):
                raise OpenDetail(f"undated paper inside a conflict ({m} on {ds})")
            ages = [max(0, ref - y) for y in ys]
            age = min(ages) if ctx.age == "newest" else sum(ages) / len(ages)
            scores[v] = math.exp(-LAMBDA * age) * (1 + 0.8 * math.log(1 + len(ps)))
        top = max(scores.values())
        for v, s in scores.items():
            if s == top:
                d["kept"].add(v)
                continue
            if ctx.diff == "abs":
                dif = top - s
            elif ctx.diff == "rel":
                dif = (top - s) / top
            else:
                dif = (top - s) / (top + s)
            (d["removed"] if dif > THRESH else d["kept"]).add(v)
    return out


def value_readings(b):
    """Every reading of a board's close conflicts: one kept value per model."""
    models = sorted(b)
    combos = itertools.product(*[sorted(b[m]["kept"]) for m in models])
    return [dict(zip(models, c)) for c in combos]


def all_readings(g, ds, met, anchor, ctx, careless=()):
    """(ysel, board, value reading) for every graph reading."""
    for ysel in g.year_readings():
        b = board(g, ds, met, anchor, ctx, ysel, careless)
        for vr in value_readings(b):
            yield ysel, b, vr


def verdict_of(truths):
    truths = set(truths)
    if truths == {True}:
        return "SUPPORTED"
    if truths == {False}:
        return "REFUTED"
    return "UNCERTAIN"


def facts_where(g, ds, met, anchor, ctx, pred, kind):
    """Facts on a board that satisfy pred and are (kind='removed') removed by the conflict rule,
    or (kind='outside') stated only by papers after the anchor or without a usable year, under
    every graph reading."""
    res = None
    for ysel in g.year_readings():
        b_in = board(g, ds, met, anchor, ctx, ysel)
        b_all = board(g, ds, met, None, Ctx(ctx.now, ctx.age, ctx.diff, True), ysel, ("noconflict",))
        cur = set()
        for m, d in b_all.items():
            for v in d["vals"]:
                if not pred(v):
                    continue
                if kind == "removed":
                    if m in b_in and v in b_in[m]["removed"]:
                        cur.add(g.fact(m, v, ds, met))
                else:
                    if m not in b_in or v not in b_in[m]["vals"]:
                        cur.add(g.fact(m, v, ds, met))
        res = cur if res is None else (res & cur)
    return res or set()


def survives(g, fact, anchor, ctx):
    """True when the fact is kept at the anchor under every graph reading."""
    model, v, ds, met = parse_fact(fact)
    for ysel in g.year_readings():
        b = board(g, ds, met, anchor, ctx, ysel)
        if model not in b or v not in b[model]["kept"]:
            return False
    return True


def left_out(g, fact, anchor, ctx):
    """True when the fact is removed by the conflict rule, or outside the anchor (its papers all
    after it or undated), under every graph reading."""
    model, v, ds, met = parse_fact(fact)
    for ysel in g.year_readings():
        b = board(g, ds, met, anchor, ctx, ysel)
        if model in b and v in b[model]["kept"]:
            return False
    return True


# ------------------------------------------------------------------------------------------
# generic computers
# ------------------------------------------------------------------------------------------
def model_set(g, ds, met, anchor, ctx, pred, careless=()):
    """The set of models with a value satisfying pred, under every graph reading
    (a list of the distinct sets)."""
    sets = set()
    for ysel, b, vr in all_readings(g, ds, met, anchor, ctx, careless):
        if "noconflict" in careless or "anyvalue" in careless:
            sets.add(frozenset(m for m, d in b.items() if any(pred(v) for v in d["kept"])))
        else:
            sets.add(frozenset(m for m, v in vr.items() if pred(v)))
    return sets


def kept_facts(g, ds, met, anchor, ctx, models, pred=lambda v: True):
    out = set()
    for ysel in g.year_readings():
        b = board(g, ds, met, anchor, ctx, ysel)
        for m in models:
            if m in b:
                for v in b[m]["kept"]:
                    if pred(v):
                        out.add(g.fact(m, v, ds, met))
    return out


def threshold_listing(g, ctx, ds, met, pred, anchor, careless):
    sets = model_set(g, ds, met, anchor, ctx, pred)
    if len(sets) != 1:
        raise OpenDetail("listing differs between graph readings")
    right = next(iter(sets))
    cs = model_set(g, ds, met, anchor, ctx, pred, careless)
    care = max(cs, key=len)
    keep = kept_facts(g, ds, met, anchor, ctx, right, pred)
    extra = set(care) - set(right)
    keep |= kept_facts(g, ds, met, anchor, ctx, extra)
    remove = facts_where(g, ds, met, anchor, ctx, pred, "removed")
    if anchor is not None:
        remove |= facts_where(g, ds, met, anchor, ctx, pred, "outside")
    return right, care, keep, remove


def out(expected, verdict, keep, remove, anchor, right, careless, careless_tokens):
    return dict(expected=sorted(expected), verdict=verdict, must_keep=sorted(keep), must_remove=sorted(remove),
                anchor=anchor, right=right, careless=careless, careless_tokens=[str(t) for t in careless_tokens])


# ------------------------------------------------------------------------------------------
# one computer per question
# ------------------------------------------------------------------------------------------
def va01(ctx):
    g = G("g1.ttl")
    right, care, keep, remove = threshold_listing(g, ctx, "Corvalla-Ice", "F1", lambda v: v > 90, None, ("noconflict",))
    return out(right, None, keep, remove, None, len(right), len(care), [len(care), "97.0"])


def va02(ctx):
    g = G("g1.ttl")
    pred = lambda v: v > 80
    right, care, keep, remove = threshold_listing(g, ctx, "BenchMira", "Accuracy", pred, 2019, ("noanchor",))
    verdict = verdict_of([len(s) == 2 for s in model_set(g, "BenchMira", "Accuracy", 2019, ctx, pred)])
    cverdict = verdict_of([len(s) == 2 for s in model_set(g, "BenchMira", "Accuracy", 2019, ctx, pred, ("noanchor",))])
    return out(right, verdict, keep, remove, 2019, verdict, cverdict, [cverdict, len(care)])


def va03(ctx):
    g = G("g1.ttl")
    right, care, keep, remove = threshold_listing(g, ctx, "Skarnhold Glacier Set", "Mean IoU", lambda v: True, 2019, ("minp29",))
    return out(right, None, keep, remove, 2019, len(right), len(care), [len(care), "Sallowmere"])


def va04(ctx):
    g = G("g1.ttl")
    right, care, keep, remove = threshold_listing(g, ctx, "BenchMira", "Accuracy", lambda v: 75 < v < 85, None, ("noconflict",))
    return out(right, None, keep, remove, None, len(right), len(care), [len(care), "78.9"])


def beaters(g, ds, met, model, anchor, ctx, careless=()):
    res = set()
    for ysel, b, vr in all_readings(g, ds, met, anchor, ctx):
        res.add(frozenset(m for m, v in vr.items() if m != model and better(met, v, vr[model])))
    return res


def va05(ctx):
    g = G("g1.ttl")
    ds, met, x = "BenchMira", "Accuracy", "Wendrel-S"
    sets = beaters(g, ds, met, x, None, ctx)
    if len(sets) != 1:
        raise OpenDetail("beaters differ between readings")
    bs = next(iter(sets))
    verdict = verdict_of([len(s) == 0 for s in sets])
    exp = set(bs)
    keep = kept_facts(g, ds, met, None, ctx, bs | {x})
    for f in keep:
        if not f.startswith(x + " "):
            exp.add(f.split(" scores ")[1].split(" on ")[0])
    # careless: recency alone decides the best, so only a result from a newer paper could beat
    # the newest model; there is none
    xyear = max(paper_year(g, r["paper"], {}) for r in g.rows if r["model"] == x and r["dataset"] == ds)
    newer = {r["model"] for r in g.rows if r["dataset"] == ds and r["metric"] == met and r["v"] is not None
             and (paper_year(g, r["paper"], {}) or 0) > xyear}
    cverdict = "SUPPORTED" if not newer else "REFUTED"
    return out(exp, verdict, keep, set(), None, verdict, cverdict, [cverdict])


def va06(ctx):
    g = G("g2.ttl")
    model, ds, met, v = "Syrinxa", "Hollenby Marsh Calls", "Accuracy", 88.3
    if not survives(g, g.fact(model, v, ds, met), None, ctx):
        raise OpenDetail("88.3 does not survive")
    papers = {r["paper"] for r in g.rows if r["model"] == model and r["dataset"] == ds and r["metric"] == met and r["v"] == v}
    care = {r["paper"] for r in g.rows if r["model"] == model and r["dataset"] == ds and r["metric"] == met and r["raw"] == "88.3"}
    keep = {g.fact(model, v, ds, met)}
    remove = facts_where(g, ds, met, None, ctx, lambda w: True, "removed")
    return out({g.pname(p) for p in papers}, None, keep, remove, None, len(papers), len(care), [len(care), "88.3%"])


def holders(g, ds, met, ctx, careless=()):
    years = sorted({paper_year(g, r["paper"], ysel, careless) for ysel in g.year_readings() for r in g.rows
                    if r["dataset"] == ds and r["metric"] == met} - {None})
    held = set()
    record_facts = set()
    for y in years:
        leaders = set()
        for ysel, b, vr in all_readings(g, ds, met, y, ctx, careless):
            if not vr:
                continue
            top = best_of(met, vr.values())
            lead = frozenset(m for m, v in vr.items() if v == top)
            leaders.add(lead)
            for m in lead:
                record_facts.add((m, vr[m]))
        if len(leaders) > 1:
            raise OpenDetail(f"leader of {ds} in {y} differs between readings")
        for lead in leaders:
            held |= lead
    return held, record_facts


def va07(ctx):
    g = G("g2.ttl")
    ds, met = "Dastrup-7 Chorus", "Word Error Rate"
    held, rec = holders(g, ds, met, ctx)
    care, _ = holders(g, ds, met, ctx, ("minp29",))
    keep = {g.fact(m, v, ds, met) for m, v in rec if survives(g, g.fact(m, v, ds, met), None, ctx)}
    return out(held, None, keep, set(), None, len(held), len(care), [len(care), "Trillbert", "Plumaro"])


def leads(g, ds, met, model, anchor, ctx, careless=()):
    """The set of truth values of 'model is the best on ds' over every graph reading."""
    res = set()
    for ysel, b, vr in all_readings(g, ds, met, anchor, ctx, careless):
        if model not in vr:
            continue
        if "noconflict" in careless:
            mine = best_of(met, b[model]["kept"])
            others = [best_of(met, d["kept"]) for m, d in b.items() if m != model]
        else:
            mine = vr[model]
            others = [v for m, v in vr.items() if m != model]
        res.add(all(better(met, mine, o) for o in others))
    return res


def boards_of(g, model, anchor, ctx):
    out_ = set()
    for r in g.rows:
        if r["model"] == model and r["v"] is not None:
            for ysel in g.year_readings():
                b = board(g, r["dataset"], r["metric"], anchor, ctx, ysel)
                if model in b:
                    out_.add((r["dataset"], r["metric"]))
    return sorted(out_)


def va08(ctx):
    g = G("g2.ttl")
    x = "Plumaro"
    per_board, cper_board, exp, keep, remove = [], [], set(), set(), set()
    for ds, met in boards_of(g, x, None, ctx):
        per_board.append(sorted(leads(g, ds, met, x, None, ctx)))
        cper_board.append(sorted(leads(g, ds, met, x, None, ctx, ("noconflict",))))
        exp.add(ds)
        mine = kept_facts(g, ds, met, None, ctx, {x})
        keep |= mine
        for f in mine:
            exp.add(parse_fact(f) and f.split(" scores ")[1].split(" on ")[0])
        # the strongest rival on the board, and any removed value that would beat x
        for ysel, b, vr in all_readings(g, ds, met, None, ctx):
            rivals = {m: v for m, v in vr.items() if m != x}
            r = min(rivals, key=lambda m: rivals[m]) if met in LOWER_BETTER else max(rivals, key=lambda m: rivals[m])
            keep.add(g.fact(r, rivals[r], ds, met))
            xv = vr[x]
            remove |= facts_where(g, ds, met, None, ctx, lambda v: better(met, v, xv), "removed")
    # 'x is the best on every board it is on': a conjunction, read under every combination
    verdict = verdict_of([all(c) for c in itertools.product(*per_board)])
    cverdict = verdict_of([all(c) for c in itertools.product(*cper_board)])
    return out(exp, verdict, keep, remove, None, verdict, cverdict, [cverdict, "93.8"])


def va09(ctx):
    g = G("g2.ttl")
    x = "Corrasine"
    per_reading = {}
    exp, keep = set(), set()
    cper = []
    bl = boards_of(g, x, None, ctx)
    # the claim 'x leads no board', read under every combination of graph readings of its boards
    readings = []
    for ds, met in bl:
        readings.append([(ds, met, t) for t in sorted(leads(g, ds, met, x, None, ctx))])
        keep |= kept_facts(g, ds, met, None, ctx, {x})
        cper.append(True in leads(g, ds, met, x, None, ctx, ("noconflict",)))
        tset = leads(g, ds, met, x, None, ctx)
        for ysel, b, vr in all_readings(g, ds, met, None, ctx):
            for m, d in b.items():
                if m != x and len(d["kept"]) > 1 and len(tset) > 1:
                    exp.add(m)
                    for v in d["kept"]:
                        exp.add(g.vstr[(m, ds, met, v)])
                        keep.add(g.fact(m, v, ds, met))
                    for v in b[x]["kept"]:
                        exp.add(g.vstr[(x, ds, met, v)])
            if len(tset) == 1 and tset == {False}:
                top = best_of(met, vr.values())
                for m, v in vr.items():
                    if v == top:
                        keep.add(g.fact(m, v, ds, met))
    truths = [not any(t for _, _, t in combo) for combo in itertools.product(*readings)]
    verdict = verdict_of(truths)
    cverdict = "SUPPORTED" if not any(cper) else "REFUTED"
    return out(exp, verdict, keep, set(), None, verdict, cverdict, [cverdict, "6.8"])


def va10(ctx):
    g = G("g2.ttl")
    ds = "Hollenby Marsh Calls"
    asked = ["Syrinxa", "Trillbert", "Corrasine"]
    has = {r["model"] for r in g.rows if r["dataset"] == ds and r["v"] is not None}
    right = {m for m in asked if m not in has}
    # careless: a model counts as evaluated on ds when a paper that holds a contribution of the
    # model also holds a result on ds
    ppapers = {r["paper"] for r in g.rows if r["dataset"] == ds}
    care = {m for m in asked if not any(p in ppapers for p, ml, _ in g.contribs if ml == m)}
    keep = set()
    for m in set(asked) - right:
        for met in sorted({r["metric"] for r in g.rows if r["dataset"] == ds}):
            keep |= kept_facts(g, ds, met, None, ctx, {m})
    return out(right, None, keep, set(), None, sorted(right), sorted(care), ["none of the three" if not care else care])


def va11(ctx):
    g = G("g3.ttl")
    right, care, keep, remove = threshold_listing(g, ctx, "Orrenby Parallel Corpus", "BLEU", lambda v: v > 20, None, ("noconflict",))
    return out(right, None, keep, remove, None, len(right), len(care), [len(care), "21.5"])


def va12(ctx):
    g = G("g3.ttl")
    x = "Ostrada-T"
    right = {r["dataset"] for r in g.rows if r["model"] == x and r["v"] is not None}
    care = {r["dataset"] for r in g.rows if r["model"] == x}
    keep = set()
    for r in g.rows:
        if r["model"] == x and r["v"] is not None:
            keep |= kept_facts(g, r["dataset"], r["metric"], None, ctx, {x})
    return out(right, None, keep, set(), None, len(right), len(care), [len(care), "-"])


def va13(ctx):
    g = G("g3.ttl")
    ds, met = "Mirelle Subtitles", "chrF"
    pred = lambda v: v >= 50
    right, _, keep, remove = threshold_listing(g, ctx, ds, met, pred, None, ())
    verdict = verdict_of([len(s) == 2 for s in model_set(g, ds, met, None, ctx, pred)])
    rows = [r for r in g.rows if r["dataset"] == ds and r["metric"] == met and r["v"] is not None and pred(r["v"])]
    crows = len(rows)
    cverdict = "SUPPORTED" if crows == 2 else "REFUTED"
    return out(right, verdict, keep, remove, None, verdict, cverdict, [cverdict, crows])


def va14(ctx):
    g = G("g3.ttl")
    ds = "Orrenby Parallel Corpus"
    results = {}
    for variant in ("any row", "surviving rows"):
        papers = set()
        for r in g.rows:
            if r["dataset"] != ds or r["v"] is None:
                continue
            if variant == "surviving rows" and not survives(g, g.fact(r["model"], r["v"], ds, r["metric"]), None, ctx):
                continue
            papers.add(r["paper"])
        nodoi = {p for p in papers if not g.papers[p]["dois"]}
        results[variant] = (papers, nodoi)
    outs = {frozenset(v[1]) for v in results.values()}
    if len(outs) != 1:
        raise OpenDetail("papers without DOI differ by reading")
    papers, nodoi = results["any row"]
    verdict = "SUPPORTED" if not nodoi else "REFUTED"
    keep = set()
    for r in g.rows:
        if r["paper"] in nodoi and r["dataset"] == ds and r["v"] is not None:
            keep |= kept_facts(g, ds, r["metric"], None, ctx, {r["model"]})
    ndois = sum(len(g.papers[p]["dois"]) for p in papers)
    cverdict = "SUPPORTED" if ndois >= len(papers) else "REFUTED"
    return out({g.pname(p) for p in nodoi}, verdict, keep, set(), None, verdict, cverdict, [cverdict, ndois])


STOP = {"the", "in", "on", "of", "a", "and", "for", "to"}


def va15(ctx):
    g = G("g3.ttl")
    topic = "Vendish speech recognition"
    right = {p for p, ml, pr in g.contribs if topic.lower() in pr.lower()}
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", topic)} - STOP
    care = {p for p, ml, pr in g.contribs if words & {w.lower() for w in re.findall(r"[A-Za-z]+", pr)}}
    # nothing the graph holds (problem, dataset, model, field, title) is about speech recognition
    if any("speech" in l.lower() for l in g.labels):
        raise OpenDetail("the graph holds a label with 'speech'")
    return out({g.pname(p) for p in right}, None, set(), set(), None, len(right), len(care), [len(care)])


def va16(ctx):
    g = G("g4.ttl")
    x, anchor = "Marrowfen", 2020
    led, keep, remove = set(), set(), set()
    cled = set()
    for ds, met in boards_of(g, x, anchor, ctx):
        t = leads(g, ds, met, x, anchor, ctx)
        if len(t) != 1:
            raise OpenDetail(f"{x} leading {ds} differs by reading")
        if True in t:
            led.add(ds)
            mine = kept_facts(g, ds, met, anchor, ctx, {x})
            keep |= mine
            xv = [parse_fact(f)[1] for f in mine]
            remove |= facts_where(g, ds, met, anchor, ctx, lambda v: all(better(met, v, w) for w in xv), "outside")
        if True in leads(g, ds, met, x, anchor, ctx, ("minp29",)):
            cled.add(ds)
    return out(led, None, keep, remove, anchor, len(led), len(cled), [len(cled), "Selkora", "Driftmere"])


def count_claim(g, ctx, ds, met, anchor, n, careless):
    sets = model_set(g, ds, met, anchor, ctx, lambda v: True)
    verdict = verdict_of([len(s) == n for s in sets])
    always = frozenset.intersection(*sets)
    varying = frozenset.union(*sets) - always
    keep = kept_facts(g, ds, met, anchor, ctx, always)
    remove = facts_where(g, ds, met, anchor, ctx, lambda v: True, "outside")
    csets = model_set(g, ds, met, anchor, ctx, lambda v: True, careless)
    cverdict = verdict_of([len(s) == n for s in csets])
    return sets, verdict, always, varying, keep, remove, cverdict, csets


def va17(ctx):
    g = G("g4.ttl")
    sets, verdict, always, varying, keep, remove, cverdict, csets = count_claim(
        g, ctx, "Sealbrook Turbine Logs", "F1", 2019, 4, ("minp29",))
    exp = set(always) if verdict != "UNCERTAIN" else set()
    return out(exp, verdict, keep, remove, 2019, verdict, cverdict, [cverdict, "Selkora"])


def va18(ctx):
    g = G("g4.ttl")
    ds, met = "Sealbrook Turbine Logs", "F1"
    right, care, keep = set(), set(), set()
    for ysel in g.year_readings():
        b = board(g, ds, met, None, ctx, ysel)
        for m, d in b.items():
            for v in d["kept"]:
                if len(d["vals"][v]) >= 2:
                    right.add(m)
                    keep.add(g.fact(m, v, ds, met))
                # careless: one (paper, P29) row per source
                if sum(len(g.papers[p]["p29"]) for p in d["vals"][v]) >= 2:
                    care.add(m)
    return out(right, None, keep, set(), None, len(right), len(care), [len(care), "Tidewick"])


def va19(ctx):
    g = G("g4.ttl")
    ds, met = "Kelpwatch-Norrland", "F1"
    right = {r["model"] for r in g.rows if r["dataset"] == ds and r["metric"] == met and r["v"] is not None}
    care = {r["model"] for r in g.rows if r["dataset"] == ds and r["v"] is not None}
    if met not in g.metric_labels:
        raise OpenDetail("metric missing from the graph")
    return out(right, None, set(), set(), None, len(right), len(care), [len(care), "Mean IoU"])


def va20(ctx):
    g = G("g4.ttl")
    anchor = 2018
    sets, verdict, always, varying, keep, remove, cverdict, csets = count_claim(
        g, ctx, "Sealbrook Turbine Logs", "F1", anchor, 3, ("minp29",))
    exp = set()
    for m in varying:
        exp.add(m)
        for r in g.rows:
            if r["model"] == m:
                exp |= {str(y) for y in g.papers[r["paper"]]["years"]}
    return out(exp, verdict, keep, remove, anchor, verdict, cverdict, [cverdict, "Selkora"])


COMPUTERS = {f"VA{i:02d}": globals()[f"va{i:02d}"] for i in range(1, 21)}
GRAPH_OF = {f"VA{i:02d}": f"g{(i - 1) // 5 + 1}.ttl" for i in range(1, 21)}


def contexts():
    for now in NOWS:
        for age, diff in RULES:
            for undated_in in (False, True):
                yield Ctx(now, age, diff, undated_in)


def derive(qid):
    """The computer's output, required to be the same under every rule reading."""
    seen = {}
    for ctx in contexts():
        try:
            o = COMPUTERS[qid](ctx)
        except OpenDetail as e:
            return None, f"{qid}: rests on a detail the public rules leave open ({e}; {ctx})"
        key = json.dumps({k: v for k, v in o.items()}, sort_keys=True, default=str)
        seen.setdefault(key, (o, ctx))
    if len(seen) > 1:
        ctxs = [str(c) for _, c in seen.values()]
        return None, f"{qid}: answer differs between rule readings ({'; '.join(ctxs[:3])})"
    return next(iter(seen.values()))[0], None


# ------------------------------------------------------------------------------------------
# the file
# ------------------------------------------------------------------------------------------
QUERY_TYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}


def words(q):
    return set(re.findall(r"[a-z0-9]+(?:[-.'][a-z0-9]+)*", q.lower()))


def jaccard(a, b):
    a, b = words(a), words(b)
    return len(a & b) / len(a | b) if a | b else 0.0


def read_jsonl(path):
    with open(path) as f:
        return [json.loads(l) for l in f if l.strip()]


def parse_counts(path):
    """The tables under '## Counts' in README51.md: {table header: {key: n}}."""
    with open(path) as f:
        text = f.read()
    first = text.splitlines()[0] if text else ""
    m = re.search(r"^## Counts\s*$(.*?)(?=^## )", text, re.S | re.M)
    tables = {}
    if not m:
        return first, tables
    cur = None
    for line in m.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.strip().startswith("|") else None
        if not cells:
            cur = None
            continue
        if len(cells) != 2 or set(cells[0]) <= {"-", " "}:
            continue
        if cur is None:
            cur = cells[0]
            tables[cur] = {}
            continue
        try:
            tables[cur][cells[0]] = int(cells[1])
        except ValueError:
            pass
    return first, tables


def main():
    first_line = read_jsonl(FIRST)
    fields = list(first_line[0].keys())
    mechanisms = {q["mechanism"] for q in first_line}
    td_questions = [(q["id"], q["question"]) for q in first_line]
    qs = read_jsonl(VA_FILE)
    ids = [q.get("id") for q in qs]
    want_ids = [f"VA{i:02d}" for i in range(1, 21)]
    if ids != want_ids:
        fail(f"ids are {ids}, expected VA01-VA20 in order")
    if len(set(ids)) != len(ids):
        fail("duplicate ids")
    qtexts = [q.get("question") for q in qs]
    if len(set(qtexts)) != len(qtexts):
        fail("duplicate questions")
    per_graph = {}
    for q in qs:
        per_graph[q.get("graph")] = per_graph.get(q.get("graph"), 0) + 1
    if per_graph != {f"g{i}.ttl": 5 for i in range(1, 5)}:
        fail(f"questions per graph are {per_graph}, expected five on each")
    claims = [q for q in qs if q.get("query_type") == "claim_verification"]
    if not 6 <= len(claims) <= 10:
        fail(f"{len(claims)} claims, expected 6-10")
    used = {q.get("verdict") for q in claims}
    for v in VERDICTS:
        if v not in used:
            fail(f"verdict {v} is not used")

    max_j = (0.0, None, None)
    checked_second = []
    for q in qs:
        qid = q.get("id")
        before = len(FAILS)
        if list(q.keys()) != fields:
            fail(f"{qid}: fields {list(q.keys())} differ from trust-dev.jsonl's {fields}")
        if qid in GRAPH_OF and q.get("graph") != GRAPH_OF[qid]:
            fail(f"{qid}: graph is {q.get('graph')}, expected {GRAPH_OF[qid]}")
        if q.get("query_type") not in QUERY_TYPES:
            fail(f"{qid}: query_type {q.get('query_type')!r} not in the enum")
        if q.get("mechanism") not in mechanisms:
            fail(f"{qid}: mechanism {q.get('mechanism')!r} not one of the first file's")
        is_claim = q.get("query_type") == "claim_verification"
        if is_claim and q.get("verdict") not in VERDICTS:
            fail(f"{qid}: claim without a verdict ({q.get('verdict')!r})")
        if not is_claim and q.get("verdict") is not None:
            fail(f"{qid}: verdict {q.get('verdict')!r} on a question that is not a claim")
        for tid, tq in td_questions:
            j = jaccard(q.get("question", ""), tq)
            if j > max_j[0]:
                max_j = (j, qid, tid)
            if j > 0.6:
                fail(f"{qid}: Jaccard {j:.2f} with {tid} (bound 0.6)")
        if qid not in COMPUTERS or q.get("graph") not in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"):
            continue
        g = G(q["graph"])
        for e in q.get("expected", []):
            if not (e in g.labels or e in g.titles or e in g.all_dois or e in g.valid_years or e in g.clean_values):
                fail(f"{qid}: expected string {e!r} is not a label, title, DOI, valid year or clean value of {q['graph']}")
        for f in q.get("must_keep", []) + q.get("must_remove", []):
            if not fact_exists(g, f):
                fail(f"{qid}: fact {f!r} does not exist in {q['graph']}")
        o, err = derive(qid)
        if err:
            fail(err)
            continue
        for k in ("expected", "must_keep", "must_remove"):
            if sorted(q.get(k, [])) != o[k]:
                fail(f"{qid}: {k} is {sorted(q.get(k, []))}, the graph gives {o[k]}")
        if len(set(q.get("expected", []))) != len(q.get("expected", [])):
            fail(f"{qid}: duplicate expected strings")
        if q.get("verdict") != o["verdict"]:
            fail(f"{qid}: verdict is {q.get('verdict')!r}, the graph gives {o['verdict']!r}")
        for f in q.get("must_keep", []):
            bad = [ctx for ctx in contexts() if fact_exists(g, f) and not survives(g, f, o["anchor"], ctx)]
            if bad:
                fail(f"{qid}: must_keep {f!r} does not survive (anchor {o['anchor']}; {len(bad)} readings, e.g. {bad[0]})")
        for f in q.get("must_remove", []):
            bad = [ctx for ctx in contexts() if fact_exists(g, f) and not left_out(g, f, o["anchor"], ctx)]
            if bad:
                fail(f"{qid}: must_remove {f!r} is neither removed nor outside the anchor (anchor {o['anchor']}; {len(bad)} readings, e.g. {bad[0]})")
        if o["right"] == o["careless"]:
            fail(f"{qid}: the careless answer ({o['careless']}) equals the right one")
        notes = q.get("notes", "")
        i = notes.find("Careless answer")
        if i < 0:
            fail(f"{qid}: notes do not name the careless answer ('Careless answer' missing)")
        else:
            tail = notes[i:]
            for t in o["careless_tokens"]:
                if not re.search(r"(?<![\w.])" + re.escape(t) + r"(?![\w])", tail):
                    fail(f"{qid}: notes' careless answer does not name {t!r}")
        if "Right answer" not in notes:
            fail(f"{qid}: notes do not give the right answer ('Right answer' missing)")
        for f in q.get("must_keep", []) + q.get("must_remove", []):
            if fact_exists(g, f):
                checked_second.append((qid, q["graph"], f, o["anchor"]))
        if len(FAILS) == before:
            print(f"ok {qid}")

    second_opinion(checked_second)
    print(f"highest Jaccard with trust-dev.jsonl: {max_j[0]:.2f} ({max_j[1]} against {max_j[2]})")

    # README51
    if not os.path.exists(README):
        fail("README51.md missing")
    else:
        first, tables = parse_counts(README)
        if not re.match(r"^# trust-dev51\.jsonl: .+ \(VA01–VA20\)$", first):
            fail(f"README51.md first line is {first!r}")
        want = {
            "total": {"questions": len(qs), "claims": len(claims)},
            "verdict": {},
            "mechanism": {},
            "query type": {},
            "graph": {},
        }
        for v in ["SUPPORTED", "REFUTED", "UNCERTAIN"]:
            want["verdict"][v] = sum(1 for q in qs if q.get("verdict") == v)
        want["verdict"]["null"] = sum(1 for q in qs if q.get("verdict") is None)
        for m in sorted(mechanisms):
            want["mechanism"][m] = sum(1 for q in qs if q.get("mechanism") == m)
        for t in sorted(QUERY_TYPES):
            want["query type"][t] = sum(1 for q in qs if q.get("query_type") == t)
        for i in range(1, 5):
            want["graph"][f"g{i}"] = sum(1 for q in qs if q.get("graph") == f"g{i}.ttl")
        for k, rows in want.items():
            if k not in tables:
                fail(f"README51.md Counts: table {k!r} missing")
            elif tables[k] != rows:
                fail(f"README51.md Counts: table {k!r} is {tables[k]}, the file gives {rows}")

    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


def second_opinion(items):
    """check.surviving (imported, not read) against this checker's own surviving values."""
    # an empty TRUST_NOW means unset here; check.py is given the same meaning (it does not
    # accept an empty value on import)
    if "TRUST_NOW" in os.environ and not os.environ["TRUST_NOW"].strip():
        del os.environ["TRUST_NOW"]
    try:
        sys.path.insert(0, TRUST)
        import check  # noqa: E402
    except Exception as e:  # pragma: no cover
        fail(f"second opinion: cannot import check ({type(e).__name__})")
        return
    now = getattr(check, "NOW", None)
    agree = skipped = 0
    for qid, gname, f, anchor in items:
        model, v, ds, met = parse_fact(f)
        g = G(gname)
        # a surviving set this checker can state: the same under every rule reading and graph
        # reading at check's current year (otherwise skipped: a year-dependent board)
        mine = set()
        for age, diff in RULES:
            for ysel in g.year_readings():
                b = board(g, ds, met, anchor, Ctx(now, age, diff, False), ysel)
                mine.add(frozenset(b[model]["kept"]) if model in b else frozenset())
        if len(mine) != 1:
            skipped += 1
            continue
        mine = set(next(iter(mine)))
        try:
            theirs = check.surviving(check.G(gname), model, ds, met, anchor)[0]
        except Exception as e:
            fail(f"second opinion: check.surviving raised {type(e).__name__} for {f!r} at anchor {anchor}")
            continue
        if set(theirs) != mine:
            fail(f"second opinion ({qid}): check.surviving gives {sorted(theirs)} for {model} on {ds} at anchor {anchor}, this checker {sorted(mine)}")
        else:
            agree += 1
    print(f"second opinion: check.surviving agrees on {agree} of {len(items)} calls ({skipped} skipped: graph reading dependent)")


if __name__ == "__main__":
    main()
