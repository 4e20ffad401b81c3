#!/usr/bin/env python3
"""Checker for trust-dev50.jsonl (UZ01-UZ20): the bottom of a board.

Re-derives every question's expected, verdict, must_keep and must_remove from the fixture
graphs with its own rdflib code (one computer per question, uz01 .. uz20), for every current
year 2025-2030 and for TRUST_NOW if set (an empty TRUST_NOW is unset), and compares them with
the file. Also checks the format, the facts, survival, the careless answers, README50's counts
and first line, and the Jaccard bound against trust-dev.jsonl. As a second opinion it imports
check.py (not read) and compares check.surviving with its own surviving values.

Prints one line per failure, "ok UZnn" per clean question, ends with "FAILURES: N".
UZ_FILE=/path python3 check50.py checks another copy of the file.
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
FILE = os.environ.get("UZ_FILE") or os.path.join(HERE, "trust-dev50.jsonl")
README = os.path.join(HERE, "README50.md")
FIRST = os.path.join(TRUST, "trust-dev.jsonl")

ORKGP = Namespace("http://orkg.org/orkg/predicate/")
ORKGC = Namespace("http://orkg.org/orkg/class/")

LAMBDA = 0.08
THRESH = 0.30
LOWER_BETTER = {"Word Error Rate"}

_tn = os.environ.get("TRUST_NOW", "")
if _tn == "":
    os.environ.pop("TRUST_NOW", None)
    NOWS = list(range(2025, 2031))
else:
    NOWS = sorted(set(range(2025, 2031)) | {int(_tn)})

QUERY_TYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification",
               "method_usage", "paper_lookup"}
MECHANISMS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL", msg)


class Ambiguous(Exception):
    pass


# ------------------------------------------------------------------------------------------
# graph loading
# ------------------------------------------------------------------------------------------
def clean(raw):
    """'91.2%' -> ('91.2', 91.2); '27.3 ' -> ('27.3', 27.3); '-' -> (None, None)."""
    s = raw.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    try:
        return s, float(s)
    except ValueError:
        return None, None


class KG:
    def __init__(self, name):
        self.name = name
        g = Graph()
        g.parse(os.path.join(TRUST, name), format="turtle")
        self.g = g
        lab = lambda n: str(g.value(n, RDFS.label)) if g.value(n, RDFS.label) is not None else None
        self.labels = set()
        for cls in ("Paper", "Model", "Dataset", "Metric", "Problem", "ResearchField"):
            for n in g.subjects(RDF.type, ORKGC[cls]):
                self.labels.add(lab(n))
        self.models = {lab(n) for n in g.subjects(RDF.type, ORKGC.Model)}
        self.datasets = {lab(n) for n in g.subjects(RDF.type, ORKGC.Dataset)}
        self.metrics = {lab(n) for n in g.subjects(RDF.type, ORKGC.Metric)}
        self.papers = {}
        self.rows = []
        for p in g.subjects(RDF.type, ORKGC.Paper):
            raw_years = sorted(int(y) for y in g.objects(p, ORKGP.P29))
            self.papers[p] = dict(
                title=lab(p),
                raw_years=raw_years,
                years=sorted(y for y in raw_years if y > 12),   # 1..12 is a month
                dois=sorted(str(d) for d in g.objects(p, ORKGP.P26)),
            )
            for c in g.objects(p, ORKGP.P31):
                m = g.value(c, ORKGP.HAS_MODEL)
                probs = {lab(x) for x in g.objects(c, ORKGP.P32)}
                for b in g.objects(c, ORKGP.HAS_BENCHMARK):
                    d = g.value(b, ORKGP.HAS_DATASET)
                    for e in g.objects(b, ORKGP.HAS_EVALUATION):
                        raw = str(g.value(e, ORKGP.HAS_VALUE))
                        s, v = clean(raw)
                        self.rows.append(dict(paper=p, model=lab(m), dataset=lab(d),
                                              metric=lab(g.value(e, ORKGP.HAS_METRIC)),
                                              raw=raw, s=s, v=v, problems=probs))
        self.vstr = {}
        for r in self.rows:
            if r["v"] is not None:
                self.vstr.setdefault(r["v"], r["s"])
        self.clean_values = {r["s"] for r in self.rows if r["s"] is not None}
        self.dois = {d for p in self.papers.values() for d in p["dois"]}
        self.years = {y for p in self.papers.values() for y in p["years"]}
        multi = [p for p, d in self.papers.items() if len(d["years"]) > 1]
        self.year_readings = [dict(zip(multi, combo)) for combo in
                              itertools.product(*[self.papers[p]["years"] for p in multi])]

    def year(self, paper, reading):
        ys = self.papers[paper]["years"]
        if not ys:
            return None
        if len(ys) == 1:
            return ys[0]
        return reading[paper]

    def fmt(self, v):
        return self.vstr[v]

    def board_rows(self, ds, met):
        return [r for r in self.rows if r["dataset"] == ds and r["metric"] == met]

    def pairs(self):
        return sorted({(r["dataset"], r["metric"]) for r in self.rows})

    def paper_name(self, p):
        """Model label when the title starts with 'Model:', else the full title."""
        t = self.papers[p]["title"]
        head = t.split(":")[0]
        return head if ":" in t and head in self.models else t


KGS = {}


def kg(name):
    if name not in KGS:
        KGS[name] = KG(name)
    return KGS[name]


# ------------------------------------------------------------------------------------------
# the public trust rules
# ------------------------------------------------------------------------------------------
def weights(groups, ref, rec):
    w = {}
    for v, papers in groups.items():
        ys = list(papers.values())
        if any(y is None for y in ys):
            raise Ambiguous("undated paper inside a conflict")
        age = ref - (max(ys) if rec == "newest" else sum(ys) / len(ys))
        w[v] = math.exp(-LAMBDA * age) * (1 + 0.8 * math.log(1 + len(papers)))
    return w


def differs(top, x, how):
    if how == "abs":
        return top - x > THRESH
    if how == "rel":
        return (top - x) / top > THRESH
    return (top - x) / (top + x) > THRESH


def resolve(groups, ref):
    """groups: value -> {paper: year}. Returns the surviving values, decided under six
    readings (newest or mean paper age; absolute, relative or share difference)."""
    if len(groups) <= 1:
        return frozenset(groups)
    outs = set()
    for rec in ("newest", "mean"):
        w = weights(groups, ref, rec)
        top = max(w.values())
        for how in ("abs", "rel", "share"):
            outs.add(frozenset(v for v in w if not differs(top, w[v], how)))
    if len(outs) != 1:
        raise Ambiguous("conflict readings disagree: %r" % (groups,))
    return outs.pop()


def stating(K, ds, met, model, anchor, reading):
    groups = {}
    for r in K.board_rows(ds, met):
        if r["model"] != model or r["v"] is None:
            continue
        y = K.year(r["paper"], reading)
        if anchor is not None and (y is None or y > anchor):
            continue
        groups.setdefault(r["v"], {})[r["paper"]] = y
    return groups


def board(K, ds, met, anchor, now, reading):
    """model -> frozenset of surviving values, at the anchor (papers up to it; undated left
    out) or now."""
    ref = anchor if anchor is not None else now
    out = {}
    for model in sorted({r["model"] for r in K.board_rows(ds, met)}):
        groups = stating(K, ds, met, model, anchor, reading)
        if groups:
            out[model] = resolve(groups, ref)
    return out


def value_readings(b):
    models = sorted(b)
    for combo in itertools.product(*[sorted(b[m]) for m in models]):
        yield dict(zip(models, combo))


def readings(K, ds, met, anchor=None):
    """Every (now, year reading, value reading): the whole space the rules allow."""
    for now in NOWS:
        for yr in K.year_readings:
            b = board(K, ds, met, anchor, now, yr)
            for vr in value_readings(b):
                yield now, yr, b, vr


def boards(K, ds, met, anchor=None):
    for now in NOWS:
        for yr in K.year_readings:
            yield now, yr, board(K, ds, met, anchor, now, yr)


def better(met, a, b):
    return a < b if met in LOWER_BETTER else a > b


def worst_first(vals, met):
    """models ordered from the worst to the best (WER: highest first)."""
    return sorted(vals, key=lambda m: (vals[m] if met not in LOWER_BETTER else -vals[m], m))


def unanimous(results, what):
    s = set(results)
    if len(s) != 1:
        raise Ambiguous("%s differs across readings: %r" % (what, s))
    return s.pop()


def fact(model, s, ds, met):
    return f"{model} scores {s} on {ds} by {met}"


FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")


def parse_fact(f):
    m = FACT_RE.match(f)
    if not m:
        return None
    return m.group(1), float(m.group(2)), m.group(3), m.group(4), m.group(2)


def surviving_everywhere(K, ds, met, model, anchor):
    """values that survive under every now and year reading (and the union)."""
    sets = [board(K, ds, met, anchor, now, yr).get(model, frozenset())
            for now in NOWS for yr in K.year_readings]
    return frozenset.intersection(*sets), frozenset.union(*sets)


def dropped(K, ds, met, model, anchor):
    """stated values of a model on a board that do not survive (removed, after the anchor, or
    undated under an anchor) under any reading."""
    stated = {r["v"] for r in K.board_rows(ds, met) if r["model"] == model and r["v"] is not None}
    _, union = surviving_everywhere(K, ds, met, model, anchor)
    return sorted(stated - union)


def all_facts(K, ds, met):
    return {(r["model"], r["v"]) for r in K.board_rows(ds, met) if r["v"] is not None}


def facts_gone(K, ds, met, anchor):
    """facts of a board that are not on it at the anchor (or now), under every reading."""
    out = []
    for model, v in sorted(all_facts(K, ds, met)):
        if v in dropped(K, ds, met, model, anchor):
            out.append(fact(model, K.fmt(v), ds, met))
    return out


# careless readings -----------------------------------------------------------------------
def naive_rows(K, ds, met, anchor=None, year_rule="min", undated=True):
    """No conflict rule, the smallest raw P29 taken as the year (a month read as a year),
    undated papers kept under an anchor."""
    out = []
    for r in K.board_rows(ds, met):
        raw = K.papers[r["paper"]]["raw_years"]
        y = (min(raw) if year_rule == "min" else max(raw)) if raw else None
        if anchor is not None and y is not None and y > anchor:
            continue
        if anchor is not None and y is None and not undated:
            continue
        out.append(dict(r, year=y))
    return out


def naive_vals(rows, keep="max", met=None, dash_zero=False):
    vals = {}
    for r in rows:
        v = r["v"]
        if v is None:
            if not dash_zero:
                continue
            v = 0.0
        if r["model"] not in vals:
            vals[r["model"]] = v
        elif keep == "max":
            vals[r["model"]] = max(vals[r["model"]], v)
        elif keep == "min":
            vals[r["model"]] = min(vals[r["model"]], v)
        elif keep == "first":   # the oldest paper's value
            pass
    return vals


def oldest_first(K, rows):
    return sorted(rows, key=lambda r: (K.papers[r["paper"]]["years"] or [9999])[0])


# ------------------------------------------------------------------------------------------
# the twenty computers
# ------------------------------------------------------------------------------------------
def R(**kw):
    kw.setdefault("anchor", None)
    kw.setdefault("must_keep", [])
    kw.setdefault("must_remove", [])
    kw.setdefault("verdict", None)
    return kw


def uz01():
    K, model = kg("g1.ttl"), "Orvalis-CNN"
    last, keep, remove = [], [], []
    for ds, met in K.pairs():
        outs = set()
        for _, _, b, vr in readings(K, ds, met):
            outs.add(model in vr and worst_first(vr, met)[0] == model
                     and all(vr[m] != vr[model] for m in vr if m != model))
        if unanimous(outs, "UZ01 last on %s" % ds):
            vals, _ = surviving_everywhere(K, ds, met, model, None)
            last.append(ds)
            last += [K.fmt(v) for v in sorted(vals)]
            keep += [fact(model, K.fmt(v), ds, met) for v in sorted(vals)]
            remove += [fact(model, K.fmt(v), ds, met) for v in dropped(K, ds, met, model, None)]
    # careless: no conflict rule, each model at the best value it was ever given
    careless = []
    for ds, met in K.pairs():
        vals = naive_vals(naive_rows(K, ds, met), "max")
        if model in vals and worst_first(vals, met)[0] == model:
            careless.append(ds)
    cv = naive_vals(naive_rows(K, "Corvalla-Ice", "F1"), "max")
    clast = worst_first(cv, "F1")[0]
    return R(expected=last, must_keep=keep, must_remove=remove,
             right=[x for x in last if x in K.datasets], careless=careless,
             careless_terms=[clast, K.fmt(cv[clast]), "97.0"])


def uz02():
    K, ds, met = kg("g1.ttl"), "BenchMira", "Accuracy"
    below = unanimous((frozenset((m, v) for m, v in vr.items() if m != "FrostLattice" and v < 75)
                       for _, _, _, vr in readings(K, ds, met)), "UZ02 below 75")
    verdict = "SUPPORTED" if not below else "REFUTED"
    exp, keep, remove = [], [], []
    for m, v in sorted(below):
        exp += [m, K.fmt(v)]
        keep.append(fact(m, K.fmt(v), ds, met))
        remove += [fact(m, K.fmt(x), ds, met) for x in dropped(K, ds, met, m, None)]
    cv = naive_vals(oldest_first(K, naive_rows(K, ds, met)), "first")
    cbelow = {m for m, v in cv.items() if m != "FrostLattice" and v < 75}
    cverdict = "SUPPORTED" if not cbelow else "REFUTED"
    return R(expected=exp, verdict=verdict, must_keep=keep, must_remove=remove,
             right=verdict, careless=cverdict,
             careless_terms=[cverdict, K.fmt(cv["KestrelNet"])])


def record_events(K, ds, met):
    """(year, model, lo, hi, prev_models, prev_values): each year whose board (conflicts
    resolved as they stood that year) has a better best than the year before."""
    years = sorted({K.year(r["paper"], yr) for r in K.board_rows(ds, met)
                    for yr in K.year_readings if K.year(r["paper"], yr) is not None})
    events = {}
    for y in years[1:]:
        for now in NOWS:
            for yr in K.year_readings:
                prev = board(K, ds, met, y - 1, now, yr)
                cur = board(K, ds, met, y, now, yr)
                if not prev:
                    continue
                for pv in value_readings(prev):
                    pb = worst_first(pv, met)[-1]
                    for cv in value_readings(cur):
                        cb = worst_first(cv, met)[-1]
                        if better(met, cv[cb], pv[pb]):
                            gain = abs(cv[cb] - pv[pb])
                            e = events.setdefault(y, dict(models=set(), gains=[], prev=set()))
                            e["models"].add(cb)
                            e["gains"].append(gain)
                            e["prev"].add((pb, pv[pb]))
                        else:
                            events.setdefault(y, dict(models=set(), gains=[], prev=set()))["none"] = True
    out = []
    for y, e in sorted(events.items()):
        if not e["models"]:
            continue
        if e.get("none") or len(e["models"]) != 1:
            raise Ambiguous("record in %s depends on the reading" % y)
        out.append((y, e["models"].pop(), min(e["gains"]), max(e["gains"]), sorted(e["prev"])))
    return out


def uz03():
    K, ds, met = kg("g1.ttl"), "BenchMira", "Accuracy"
    ev = record_events(K, ds, met)
    least = [e for e in ev if all(e[3] < o[2] - 1e-9 for o in ev if o is not e)]
    if len(least) != 1:
        raise Ambiguous("UZ03 least improvement not decided")
    y, model, lo, hi, prev = least[0]
    if len(prev) != 1:
        raise Ambiguous("UZ03 previous record not single")
    pm, pv = prev[0]
    vals, _ = surviving_everywhere(K, ds, met, model, None)
    exp = [model] + [K.fmt(v) for v in sorted(vals)] + [pm, K.fmt(pv)]
    # careless: today's conflict outcome carried back (each model placed at its first paper's
    # year with its surviving best value)
    b = board(K, ds, met, None, 2026, K.year_readings[0])
    first = {}
    for r in K.board_rows(ds, met):
        y0 = K.year(r["paper"], K.year_readings[0])
        if y0 is not None:
            first[r["model"]] = min(first.get(r["model"], 9999), y0)
    seq = sorted(first, key=lambda m: first[m])
    best, gains = None, {}
    for m in seq:
        v = max(b[m])
        if best is None:
            best = v
            continue
        if better(met, v, best):
            gains[m] = abs(v - best)
            best = v
    cleast = min(gains, key=gains.get)
    return R(expected=exp, must_keep=[fact(model, K.fmt(v), ds, met) for v in sorted(vals)],
             right=model, careless=cleast, careless_terms=[cleast],
             events=ev)


def uz04():
    K, ds, met, anchor = kg("g1.ttl"), "Skarnhold Glacier Set", "Mean IoU", 2019
    worst = unanimous((worst_first(vr, met)[0] for _, _, _, vr in readings(K, ds, met, anchor)),
                      "UZ04 worst")
    verdict = "SUPPORTED" if worst == "FrostLattice" else "REFUTED"
    vals, _ = surviving_everywhere(K, ds, met, worst, anchor)
    cv = naive_vals(naive_rows(K, ds, met, anchor), "max")
    cworst = worst_first(cv, met)[0]
    cverdict = "SUPPORTED" if cworst == "FrostLattice" else "REFUTED"
    return R(anchor=anchor, expected=[worst] + [K.fmt(v) for v in sorted(vals)], verdict=verdict,
             must_keep=[fact(worst, K.fmt(v), ds, met) for v in sorted(vals)],
             must_remove=facts_gone(K, ds, met, anchor),
             right=verdict, careless=cverdict, careless_terms=[cworst, K.fmt(cv[cworst]), cverdict])


def uz05():
    K, ds, met = kg("g1.ttl"), "Corvalla-Ice", "Mean IoU"
    rows = [r for r in K.board_rows(ds, met) if r["v"] is not None]
    exp = []
    if rows:
        exp = ["(board exists)"]
    # careless: the metric ignored, the dataset's own board read instead
    cmet = sorted({r["metric"] for r in K.rows if r["dataset"] == ds})[0]
    b = board(K, ds, cmet, None, 2026, K.year_readings[0])
    cv = {m: min(v) for m, v in b.items()}
    cworst = worst_first(cv, cmet)[0]
    return R(expected=exp, right=exp, careless=[cworst],
             careless_terms=[cworst, K.fmt(cv[cworst]), cmet])


def uz06():
    K, ds, met = kg("g2.ttl"), "Dastrup-7 Chorus", "Word Error Rate"
    worst = unanimous((worst_first(vr, met)[0] for _, _, _, vr in readings(K, ds, met)), "UZ06 worst")
    vals, _ = surviving_everywhere(K, ds, met, worst, None)
    papers = sorted({K.paper_name(r["paper"]) for r in K.board_rows(ds, met)
                     if r["model"] == worst and r["v"] in vals})
    # careless: WER read as higher-is-better
    b = board(K, ds, met, None, 2026, K.year_readings[0])
    cv = {m: max(v) for m, v in b.items()}
    cworst = sorted(cv, key=lambda m: cv[m])[0]
    return R(expected=[worst] + [K.fmt(v) for v in sorted(vals)] + papers,
             must_keep=[fact(worst, K.fmt(v), ds, met) for v in sorted(vals)],
             must_remove=[fact(worst, K.fmt(v), ds, met) for v in dropped(K, ds, met, worst, None)],
             right=worst, careless=cworst, careless_terms=[cworst, K.fmt(cv[cworst])])


def uz07():
    K, ds, met, anchor = kg("g2.ttl"), "Dastrup-7 Chorus", "Word Error Rate", 2021
    ends = unanimous(((worst_first(vr, met)[0], vr[worst_first(vr, met)[0]],
                       worst_first(vr, met)[-1], vr[worst_first(vr, met)[-1]])
                      for _, _, _, vr in readings(K, ds, met, anchor)), "UZ07 ends")
    w, wv, bm, bv = ends
    # careless: a month read as a year (Trillbert's 5), no conflict rule
    cv = naive_vals(naive_rows(K, ds, met, anchor, undated=False), "min")
    cbest = worst_first(cv, met)[-1]
    # careless 2: the anchor ignored
    nv = {m: min(v) for m, v in board(K, ds, met, None, 2026, K.year_readings[0]).items()}
    return R(anchor=anchor, expected=[w, K.fmt(wv), bm, K.fmt(bv)],
             must_keep=[fact(w, K.fmt(wv), ds, met), fact(bm, K.fmt(bv), ds, met)],
             must_remove=facts_gone(K, ds, met, anchor),
             right=(w, wv, bm, bv), careless=(worst_first(cv, met)[0], cbest),
             careless_terms=[cbest, K.fmt(cv[cbest]), K.fmt(max(nv.values())),
                             worst_first(nv, met)[-1]])


def bottom_k(K, ds, met, k, anchor=None):
    return unanimous((tuple(worst_first(vr, met)[:k]) for _, _, _, vr in readings(K, ds, met, anchor)),
                     "bottom %d on %s" % (k, ds))


def uz08():
    K, ds, met = kg("g2.ttl"), "Hollenby Marsh Calls", "Accuracy"
    bot = bottom_k(K, ds, met, 3)
    exp, keep = [], []
    for m in bot:
        vals, _ = surviving_everywhere(K, ds, met, m, None)
        exp += [m] + [K.fmt(v) for v in sorted(vals)]
        keep += [fact(m, K.fmt(v), ds, met) for v in sorted(vals)]
    cv = naive_vals(naive_rows(K, ds, met), "max")
    cbot = tuple(worst_first(cv, met)[:3])
    extra = [m for m in cbot if m not in bot]
    return R(expected=exp, must_keep=keep, must_remove=facts_gone(K, ds, met, None),
             right=set(bot), careless=set(cbot), careless_terms=extra + ["93.8"])


def uz09():
    K, ds, met = kg("g2.ttl"), "Veltmoor Dawn Set", "Word Error Rate"
    outs = {worst_first(vr, met)[0] == "Corrasine" for _, _, _, vr in readings(K, ds, met)}
    verdict = "SUPPORTED" if outs == {True} else "REFUTED" if outs == {False} else "UNCERTAIN"
    exp, keep = [], []
    b = unanimous((frozenset(b.items()) for _, _, b in boards(K, ds, met)), "UZ09 board")
    for m, vals in sorted(b):
        exp += [m] + [K.fmt(v) for v in sorted(vals)]
        keep += [fact(m, K.fmt(v), ds, met) for v in sorted(vals)]
    cv = naive_vals(naive_rows(K, ds, met), "min")
    cverdict = "SUPPORTED" if worst_first(cv, met)[0] == "Corrasine" else "REFUTED"
    return R(expected=exp, verdict=verdict, must_keep=keep, right=verdict, careless=cverdict,
             careless_terms=[cverdict, K.fmt(cv["Aviquist"])])


def uz10():
    K, ds, met = kg("g2.ttl"), "Veltmoor Dusk Set", "Word Error Rate"
    exp = [] if ds not in K.datasets else ["(dataset exists)"]
    near = [d for d in K.datasets if d.split()[0] == ds.split()[0]]
    b = board(K, near[0], met, None, 2026, K.year_readings[0])
    cv = {m: max(v) for m, v in b.items()}
    cworst = worst_first(cv, met)[0]
    return R(expected=exp, right=exp, careless=[cworst], careless_terms=[near[0], cworst])


def uz11():
    K, ds, met = kg("g3.ttl"), "Orrenby Parallel Corpus", "BLEU"
    low = unanimous((min(vr.values()) for _, _, _, vr in readings(K, ds, met)), "UZ11 min")
    lm = unanimous((min(vr, key=vr.get) for _, _, _, vr in readings(K, ds, met)), "UZ11 model")
    verdict = "SUPPORTED" if abs(low - 18.9) < 1e-9 else "REFUTED"
    g18 = [m for m, vals in board(K, ds, met, None, 2026, K.year_readings[0]).items() if 18.9 in vals]
    smin = min((r for r in K.board_rows(ds, met)), key=lambda r: r["raw"])
    cverdict = "SUPPORTED" if smin["s"] == "18.9" else "REFUTED"
    return R(expected=[lm, K.fmt(low)], verdict=verdict,
             must_keep=[fact(lm, K.fmt(low), ds, met)] + [fact(m, "18.9", ds, met) for m in g18],
             right=verdict, careless=cverdict, careless_terms=[smin["model"], smin["raw"].strip(), cverdict])


def uz12():
    K, prob = kg("g3.ttl"), "Vendish-English Translation"
    pairs = sorted({(r["dataset"], r["metric"]) for r in K.rows if prob in r["problems"]})
    exp, keep, right, careless, terms = [], [], [], [], []
    for ds, met in pairs:
        if any(prob not in r["problems"] for r in K.board_rows(ds, met)):
            raise Ambiguous("board %s mixes problems" % ds)
        w = unanimous(((worst_first(vr, met)[0], vr[worst_first(vr, met)[0]])
                       for _, _, _, vr in readings(K, ds, met)), "UZ12 worst on %s" % ds)
        exp += [ds, w[0], K.fmt(w[1])]
        keep.append(fact(w[0], K.fmt(w[1]), ds, met))
        right.append(w[0])
        smin = min(K.board_rows(ds, met), key=lambda r: r["raw"])   # a string sort, '-' included
        careless.append(smin["model"])
        terms += [smin["model"], smin["raw"].strip()]
    return R(expected=exp, must_keep=keep, right=right, careless=careless, careless_terms=terms)


def uz13():
    K, ds, met = kg("g3.ttl"), "Mirelle Subtitles", "chrF"
    outs = set()
    for _, _, _, vr in readings(K, ds, met):
        beaten = {m for m in vr if m != "Nerrisa" and better(met, vr["Nerrisa"], vr[m])}
        outs.add(beaten == {"Halverin"})
    verdict = "SUPPORTED" if outs == {True} else "REFUTED" if outs == {False} else "UNCERTAIN"
    b = unanimous((frozenset(b.items()) for _, _, b in boards(K, ds, met)), "UZ13 board")
    bd = dict(b)
    exp = ["Nerrisa", K.fmt(min(bd["Nerrisa"]))]
    for m in sorted(bd):
        if len(bd[m]) > 1:
            exp += [m] + [K.fmt(v) for v in sorted(bd[m])]
    keep = [fact(m, K.fmt(v), ds, met) for m in sorted(bd) for v in sorted(bd[m])]
    cv = naive_vals(naive_rows(K, ds, met), "max", dash_zero=True)
    cbeaten = {m for m in cv if m != "Nerrisa" and better(met, cv["Nerrisa"], cv[m])}
    cverdict = "SUPPORTED" if cbeaten == {"Halverin"} else "REFUTED"
    dash = [r["model"] for r in K.board_rows(ds, met) if r["v"] is None]
    return R(expected=exp, verdict=verdict, must_keep=keep, right=verdict, careless=cverdict,
             careless_terms=[cverdict] + dash)


def uz14():
    K, ds, met, anchor = kg("g3.ttl"), "Orrenby Parallel Corpus", "BLEU", 2019
    m, v = unanimous(((worst_first(vr, met)[1], vr[worst_first(vr, met)[1]])
                      for _, _, _, vr in readings(K, ds, met, anchor)), "UZ14 second lowest")
    nv = unanimous(((worst_first(vr, met)[1], vr[worst_first(vr, met)[1]])
                    for _, _, _, vr in readings(K, ds, met)), "UZ14 careless")
    return R(anchor=anchor, expected=[m, K.fmt(v)], must_keep=[fact(m, K.fmt(v), ds, met)],
             must_remove=[fact(m, K.fmt(x), ds, met) for x in dropped(K, ds, met, m, anchor)],
             right=(m, v), careless=nv, careless_terms=[nv[0], K.fmt(nv[1])])


def uz15():
    K, ds, met = kg("g3.ttl"), "Mirelle Subtitles", "BLEU"
    rows = [r for r in K.board_rows(ds, met) if r["v"] is not None]
    exp = [] if not rows else ["(board exists)"]
    cmet = sorted({r["metric"] for r in K.rows if r["dataset"] == ds})[0]
    cw = unanimous(((worst_first(vr, cmet)[0], vr[worst_first(vr, cmet)[0]])
                    for _, _, _, vr in readings(K, ds, cmet)), "UZ15 careless")
    return R(expected=exp, right=exp, careless=[cw[0]], careless_terms=[cw[0], K.fmt(cw[1]), cmet])


def uz16():
    K, ds, met, anchor = kg("g4.ttl"), "Sealbrook Turbine Logs", "F1", 2020
    outs = set()
    for _, _, _, vr in readings(K, ds, met, anchor):
        order = worst_first(vr, met)
        outs.add(len(order) >= 2 and order[1] == "Tidewick"
                 and {m for m in vr if better(met, vr[m], vr["Tidewick"])} == {"Marrowfen"})
    verdict = "SUPPORTED" if outs == {True} else "REFUTED" if outs == {False} else "UNCERTAIN"
    b = unanimous((frozenset(b.items()) for _, _, b in boards(K, ds, met, anchor)), "UZ16 board")
    exp, keep = [], []
    for m, vals in sorted(b, key=lambda x: min(x[1])):
        exp += [m] + [K.fmt(v) for v in sorted(vals)]
        keep += [fact(m, K.fmt(v), ds, met) for v in sorted(vals)]
    cv = naive_vals(naive_rows(K, ds, met, anchor), "max")
    above = {m for m in cv if better(met, cv[m], cv["Tidewick"])}
    cverdict = "SUPPORTED" if above == {"Marrowfen"} else "REFUTED"
    return R(anchor=anchor, expected=exp, verdict=verdict, must_keep=keep,
             must_remove=facts_gone(K, ds, met, anchor), right=verdict, careless=cverdict,
             careless_terms=[cverdict] + sorted(above - {"Marrowfen"}))


def uz17():
    K, ds, met = kg("g4.ttl"), "Sealbrook Turbine Logs", "F1"

    def backed(count):
        outs = set()
        for _, _, b in boards(K, ds, met):
            cands = []
            for m, vals in b.items():
                for v in vals:
                    papers = {r["paper"] for r in K.board_rows(ds, met) if r["model"] == m and r["v"] == v}
                    if count(papers) > 1:
                        cands.append((v, m))
            outs.add(min(cands))
        return unanimous(outs, "UZ17")

    v, m = backed(len)
    papers = sorted({K.paper_name(r["paper"]) for r in K.board_rows(ds, met)
                     if r["model"] == m and r["v"] == v})
    # careless: every P29 value counted as a paper
    cv, cm = backed(lambda ps: sum(max(1, len(K.papers[p]["raw_years"])) for p in ps))
    return R(expected=[m, K.fmt(v)] + [p for p in papers if p != m],
             must_keep=[fact(m, K.fmt(v), ds, met)], right=(m, v), careless=(cm, cv),
             careless_terms=[cm, K.fmt(cv)])


def uz18():
    K, ds, met, anchor = kg("g4.ttl"), "Sealbrook Turbine Logs", "F1", 2018
    outs, moving = set(), set()
    for now in NOWS:
        for yr in K.year_readings:
            b = board(K, ds, met, anchor, now, yr)
            for vr in value_readings(b):
                below = {m for m in vr if better(met, vr["Marrowfen"], vr[m])}
                outs.add(below == {"Brinehawk"})
    for yr in K.year_readings:
        for m in board(K, ds, met, anchor, 2026, yr):
            if any(m not in board(K, ds, met, anchor, 2026, o) for o in K.year_readings):
                moving.add(m)
    verdict = "SUPPORTED" if outs == {True} else "REFUTED" if outs == {False} else "UNCERTAIN"
    exp = []
    for m in sorted(moving):
        ps = {r["paper"] for r in K.board_rows(ds, met) if r["model"] == m}
        exp += [m] + [str(y) for p in sorted(ps) for y in K.papers[p]["years"]]
    keep = []
    for m in ("Brinehawk", "Marrowfen"):
        vals, _ = surviving_everywhere(K, ds, met, m, anchor)
        keep += [fact(m, K.fmt(v), ds, met) for v in sorted(vals)]
    cv = naive_vals(naive_rows(K, ds, met, anchor), "max")
    cbelow = {m for m in cv if better(met, cv["Marrowfen"], cv[m])}
    cverdict = "SUPPORTED" if cbelow == {"Brinehawk"} else "REFUTED"
    return R(anchor=anchor, expected=exp, verdict=verdict, must_keep=keep, right=verdict,
             careless=cverdict, careless_terms=[cverdict])


def uz19():
    K, ds, met, name = kg("g4.ttl"), "Kelpwatch-Norrland", "Mean IoU", "Pellucid-XL"
    if name in K.models:
        verdict = "(model exists)"
    else:
        verdict = "UNCERTAIN"
    near = [m for m in K.models if m.split("-")[0] == name.split("-")[0]]
    w = unanimous((worst_first(vr, met)[0] for _, _, _, vr in readings(K, ds, met)), "UZ19 worst")
    cverdict = "SUPPORTED" if w in near else "REFUTED"
    return R(expected=[], verdict=verdict, right=verdict, careless=cverdict,
             careless_terms=[cverdict] + near)


def uz20():
    K, ds, met, anchor = kg("g4.ttl"), "Kelpwatch-Norrland", "Mean IoU", 2020
    ends = unanimous(((worst_first(vr, met)[0], vr[worst_first(vr, met)[0]],
                       worst_first(vr, met)[-1], vr[worst_first(vr, met)[-1]])
                      for _, _, _, vr in readings(K, ds, met, anchor)), "UZ20 ends")
    w, wv, bm, bv = ends
    cv = naive_vals(naive_rows(K, ds, met, anchor), "max")
    cb = worst_first(cv, met)[-1]
    return R(anchor=anchor, expected=[w, K.fmt(wv), bm, K.fmt(bv)],
             must_keep=[fact(w, K.fmt(wv), ds, met), fact(bm, K.fmt(bv), ds, met)],
             must_remove=facts_gone(K, ds, met, anchor),
             right=(w, wv, bm, bv), careless=(worst_first(cv, met)[0], cv[worst_first(cv, met)[0]], cb, cv[cb]),
             careless_terms=[cb, K.fmt(cv[cb])])


COMPUTERS = {f"UZ{i:02d}": globals()[f"uz{i:02d}"] for i in range(1, 21)}
GRAPH_OF = {f"UZ{i:02d}": f"g{(i - 1) // 5 + 1}.ttl" for i in range(1, 21)}


# ------------------------------------------------------------------------------------------
# generic checks
# ------------------------------------------------------------------------------------------
def words(q):
    return set(w.strip(".,;:!?()\"'") for w in q.lower().split()) - {""}


def jaccard(a, b):
    a, b = words(a), words(b)
    return len(a & b) / len(a | b)


def fact_exists(K, f):
    p = parse_fact(f)
    if not p:
        return False
    model, v, ds, met, s = p
    return any(r["model"] == model and r["dataset"] == ds and r["metric"] == met
               and r["v"] is not None and abs(r["v"] - v) < 1e-9 and r["s"] == s for r in K.rows)


def valid_string(K, s):
    if s in K.labels or s in K.dois or s in K.clean_values:
        return True
    return s.isdigit() and int(s) in K.years


def second_opinion(qid, gname, f, anchor, want_survive):
    """check.surviving (imported, not read) against our own surviving values."""
    if gname not in CHECK_GRAPHS:
        try:
            CHECK_GRAPHS[gname] = CHECK.G(gname)
        except Exception as e:
            CHECK_GRAPHS[gname] = None
            fail(f"{qid}: check.G({gname}) raised {type(e).__name__}")
    ck = CHECK_GRAPHS[gname]
    if ck is None:
        return
    model, v, ds, met, _ = parse_fact(f)
    K = kg(gname)
    inter, union = surviving_everywhere(K, ds, met, model, anchor)
    if inter != union:
        return  # depends on a year reading: check.py refuses those (one traceback line seen)
    try:
        vals, kind, _ = CHECK.surviving(ck, model, ds, met, anchor=anchor)
    except Exception as e:
        fail(f"{qid}: check.surviving({model}, {ds}, {met}, anchor={anchor}) raised {type(e).__name__}")
        return
    ours = {round(x, 6) for x in inter}
    theirs = {round(float(x), 6) for x in vals}
    if ours != theirs:
        fail(f"{qid}: second opinion: check.surviving gives {sorted(theirs)} for {model} on {ds}"
             f" at {anchor}, ours {sorted(ours)}")
    if (round(v, 6) in theirs) != want_survive:
        fail(f"{qid}: second opinion disagrees on {f!r} (anchor {anchor})")


CHECK = None
CHECK_GRAPHS = {}


def load_check():
    global CHECK
    sys.path.insert(0, TRUST)
    try:
        import check as _check  # noqa: F401  (not read; only surviving and G are used)
        CHECK = _check
    except Exception as e:
        fail(f"could not import check.py: {type(e).__name__}: {e}")
    finally:
        sys.path.pop(0)


def parse_counts(text):
    sec = text.split("## Counts", 1)
    if len(sec) < 2:
        return None
    body = sec[1].split("\n## ", 1)[0]
    counts = {}
    for line in body.splitlines():
        m = re.match(r"^\|\s*([A-Za-z0-9_]+)\s*\|\s*(\d+)\s*\|\s*$", line)
        if m and m.group(1) not in ("count",):
            counts[m.group(1)] = int(m.group(2))
    return counts


def main():
    with open(FIRST) as fh:
        first = [json.loads(l) for l in fh if l.strip()]
    fields = list(first[0].keys())
    with open(FILE) as fh:
        items = [json.loads(l) for l in fh if l.strip()]

    ids = [it.get("id") for it in items]
    if ids != [f"UZ{i:02d}" for i in range(1, 21)]:
        fail(f"ids are not UZ01..UZ20 in order: {ids}")
    for i in sorted({x for x in ids if ids.count(x) > 1}):
        fail(f"{i}: duplicate id")
    qs = [it.get("question") for it in items]
    for q in sorted({x for x in qs if qs.count(x) > 1}):
        fail(f"duplicate question: {q!r}")

    load_check()
    claims = 0
    for it in items:
        qid = it.get("id")
        bad = len(FAILS)
        if list(it.keys()) != fields:
            fail(f"{qid}: fields {list(it.keys())} differ from trust-dev.jsonl's {fields}")
        if qid in GRAPH_OF and it.get("graph") != GRAPH_OF[qid]:
            fail(f"{qid}: graph {it.get('graph')} but should be {GRAPH_OF[qid]}")
        if it.get("query_type") not in QUERY_TYPES:
            fail(f"{qid}: query_type {it.get('query_type')!r} not in the enum")
        if it.get("mechanism") not in MECHANISMS:
            fail(f"{qid}: mechanism {it.get('mechanism')!r} not in the enum")
        v = it.get("verdict")
        isclaim = it.get("query_type") == "claim_verification"
        claims += isclaim
        if v is not None and v not in VERDICTS:
            fail(f"{qid}: verdict {v!r} not in the enum")
        if isclaim and v is None:
            fail(f"{qid}: a claim without a verdict")
        if not isclaim and v is not None:
            fail(f"{qid}: verdict {v!r} on a question that is not a claim")
        for t in first:
            j = jaccard(it.get("question", ""), t["question"])
            if j >= 0.6:
                fail(f"{qid}: Jaccard {j:.2f} with {t['id']} (bound 0.6)")
        gname = it.get("graph")
        if gname not in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"):
            fail(f"{qid}: unknown graph {gname!r}")
            continue
        K = kg(gname)
        for s in it.get("expected", []):
            if not valid_string(K, s):
                fail(f"{qid}: expected string {s!r} is not a label, title, DOI, valid year or clean value of {gname}")
        for f in it.get("must_keep", []) + it.get("must_remove", []):
            if not fact_exists(K, f):
                fail(f"{qid}: fact {f!r} does not exist in {gname}")
        comp = COMPUTERS.get(qid)
        if comp is None:
            continue
        try:
            want = comp()
        except Ambiguous as e:
            fail(f"{qid}: the graph does not decide it: {e}")
            continue
        if it.get("expected") != want["expected"]:
            fail(f"{qid}: expected is {it.get('expected')}, the graph gives {want['expected']}")
        if v != want["verdict"]:
            fail(f"{qid}: verdict is {v!r}, the graph gives {want['verdict']!r}")
        if sorted(it.get("must_keep", [])) != sorted(want["must_keep"]):
            fail(f"{qid}: must_keep is {it.get('must_keep')}, the graph gives {want['must_keep']}")
        if sorted(it.get("must_remove", [])) != sorted(want["must_remove"]):
            fail(f"{qid}: must_remove is {it.get('must_remove')}, the graph gives {want['must_remove']}")
        anchor = want["anchor"]
        for f in it.get("must_keep", []):
            if not fact_exists(K, f):
                continue
            model, val, ds, met, _ = parse_fact(f)
            inter, _ = surviving_everywhere(K, ds, met, model, anchor)
            if val not in inter:
                fail(f"{qid}: must_keep {f!r} does not survive (anchor {anchor})")
            elif CHECK is not None:
                second_opinion(qid, gname, f, anchor, True)
        for f in it.get("must_remove", []):
            if not fact_exists(K, f):
                continue
            model, val, ds, met, _ = parse_fact(f)
            _, union = surviving_everywhere(K, ds, met, model, anchor)
            if val in union:
                fail(f"{qid}: must_remove {f!r} survives (anchor {anchor})")
            elif CHECK is not None:
                second_opinion(qid, gname, f, anchor, False)
        if want["careless"] == want["right"]:
            fail(f"{qid}: the careless reading gives the right answer ({want['right']!r})")
        notes = it.get("notes", "")
        for term in want["careless_terms"]:
            if term not in notes:
                fail(f"{qid}: notes do not name the careless answer's {term!r}")
        if len(FAILS) == bad:
            print("ok", qid)

    # per graph, verdicts
    for gi in range(1, 5):
        n = sum(1 for it in items if it.get("graph") == f"g{gi}.ttl")
        if n != 5:
            fail(f"g{gi}.ttl has {n} questions, not 5")
    if not 6 <= claims <= 10:
        fail(f"{claims} claims, not 6-10")
    vs = [it.get("verdict") for it in items]
    for x in VERDICTS:
        if x not in vs:
            fail(f"verdict {x} never used")

    # README50
    try:
        text = open(README).read()
    except OSError:
        fail("README50.md missing")
        text = ""
    if text:
        if not re.match(r"^# trust-dev50\.jsonl: .+ \(UZ01–UZ20\)\n", text):
            fail("README50.md: first line is not '# trust-dev50.jsonl: <angle> (UZ01–UZ20)'")
        counts = parse_counts(text)
        want = {"questions": len(items), "claims": claims}
        for x in ("SUPPORTED", "REFUTED", "UNCERTAIN"):
            want[x] = vs.count(x)
        want["null"] = vs.count(None)
        for x in MECHANISMS:
            want[x] = sum(1 for it in items if it.get("mechanism") == x)
        for x in QUERY_TYPES:
            want[x] = sum(1 for it in items if it.get("query_type") == x)
        for gi in range(1, 5):
            want[f"g{gi}"] = sum(1 for it in items if it.get("graph") == f"g{gi}.ttl")
        if counts is None:
            fail("README50.md: no Counts section")
        else:
            for k, n in sorted(want.items()):
                if counts.get(k) != n:
                    fail(f"README50.md: Counts says {k} = {counts.get(k)}, the file has {n}")

    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
