#!/usr/bin/env python3
"""Checker for trust-dev56.jsonl (VF01-VF20): what the graph may not hold.

Re-derives every question's expected, verdict, must_keep and must_remove from the fixture graphs
with its own rdflib code (no SPARQL), one computer per question, under every reading the public
rules leave open, and checks the file's form, its README56 counts and first line, and the Jaccard
bound against trust-dev.jsonl. Prints one line per failure, `ok VFnn` per clean question, and ends
with `FAILURES: N` (exit status 1 when N > 0).

    python3 check56.py                      # current years 2025-2030
    TRUST_NOW=2030 python3 check56.py       # also reads TRUST_NOW (an empty value is unset)
    VF_FILE=/path/copy.jsonl python3 check56.py
"""
import itertools
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True
import rdflib
from rdflib import RDF, RDFS

TRUST = "/work/main/eval/gold/trust"
HERE = os.path.dirname(os.path.abspath(__file__))
VF_FILE = os.environ.get("VF_FILE") or os.path.join(HERE, "trust-dev56.jsonl")
README = os.path.join(HERE, "README56.md")
P = rdflib.Namespace("http://orkg.org/orkg/predicate/")
C = rdflib.Namespace("http://orkg.org/orkg/class/")

LAMBDA, THRESH = 0.08, 0.30
LOWER_BETTER = {"Word Error Rate"}
_tn = os.environ.get("TRUST_NOW", "").strip()
NOWS = sorted(set(range(2025, 2031)) | ({int(_tn)} if _tn else set()))
AGE_MODES = ("newest", "mean")
DIFF_MODES = ("abs", "rel", "share")
UNDATED_MODES = ("count", "skip")
# The predicates the fixtures may use; anything that would carry speed, size, cost, code,
# authors, venue, licence, hardware, training data or architecture is outside this set.
CORE_PREDICATES = {"type", "label", "P26", "P29", "P30", "P31", "P32", "P2005", "HAS_MODEL",
                   "HAS_BENCHMARK", "HAS_DATASET", "HAS_EVALUATION", "HAS_METRIC", "HAS_VALUE"}
UNRECORDED_WORDS = {
    "speed": ["speed", "latency", "fps", "throughput", "runtime", "time"],
    "size": ["param", "size", "flops", "memory"],
    "cost": ["cost", "price", "gpu-hours"],
    "hardware": ["hardware", "gpu", "tpu"],
    "training data": ["training", "pretrain"],
    "code": ["code", "github"],
    "authors": ["author"],
    "licence": ["licen"],
    "precision": ["precision", "recall"],
    "dataset size": ["size", "pairs", "hours", "examples"],
    "architecture": ["architecture"],
}
FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL " + msg)


class Open(Exception):
    """A computation met a detail the public rules leave open."""


def local(u):
    return str(u).rstrip("/").split("/")[-1].split("#")[-1]


def clean(raw):
    s = raw.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    if s in ("", "-"):
        return None
    float(s)
    return s


class GD:
    """One fixture graph read with rdflib into result rows and paper metadata."""

    def __init__(self, name):
        g = rdflib.Graph()
        g.parse(os.path.join(TRUST, name), format="turtle")
        self.name = name
        self.g = g
        self.predicates = {local(p) for p in set(g.predicates())}
        lab = lambda n: str(g.value(n, RDFS.label)) if g.value(n, RDFS.label) is not None else None
        self.labels = {str(o) for o in g.objects(None, RDFS.label)}
        self.metric_labels = {lab(m) for m in g.subjects(RDF.type, C.Metric)}
        self.papers = {}
        for p in g.subjects(RDF.type, C.Paper):
            p29 = sorted(int(o) for o in g.objects(p, P.P29))
            self.papers[p] = dict(title=lab(p), p29=p29, years=[y for y in p29 if y > 12],
                                  dois=sorted(str(o) for o in g.objects(p, P.P26)))
        self.titles = {d["title"] for d in self.papers.values()}
        self.dois = {x for d in self.papers.values() for x in d["dois"]}
        self.valid_years = {str(y) for d in self.papers.values() for y in d["years"]}
        self.rows = []
        self.problem_datasets = {}
        for p in self.papers:
            for c in g.objects(p, P.P31):
                model = lab(g.value(c, P.HAS_MODEL)) if g.value(c, P.HAS_MODEL) is not None else None
                for prob in g.objects(c, P.P32):
                    self.problem_datasets.setdefault(lab(prob), set())
                for b in g.objects(c, P.HAS_BENCHMARK):
                    ds = lab(g.value(b, P.HAS_DATASET))
                    for prob in g.objects(c, P.P32):
                        self.problem_datasets[lab(prob)].add(ds)
                    for e in g.objects(b, P.HAS_EVALUATION):
                        raw = str(g.value(e, P.HAS_VALUE))
                        self.rows.append(dict(model=model, dataset=ds, metric=lab(g.value(e, P.HAS_METRIC)),
                                              raw=raw, value=clean(raw), paper=p))
        self.clean_values = {r["value"] for r in self.rows if r["value"] is not None}
        self.two_year = sorted(p for p, d in self.papers.items() if len(d["years"]) > 1)

    def own_paper(self, model):
        ps = [p for p, d in self.papers.items() if d["title"].startswith(model + ":")]
        if len(ps) != 1:
            raise Open(f"{model} has {len(ps)} papers titled with its name")
        return ps[0]

    def metrics_of(self, dataset):
        return {r["metric"] for r in self.rows if r["dataset"] == dataset}


GRAPHS = {}


def gd(name):
    if name not in GRAPHS:
        GRAPHS[name] = GD(name)
    return GRAPHS[name]


class Reading:
    def __init__(self, now, age, diff, undated, years):
        self.now, self.age, self.diff, self.undated, self.years = now, age, diff, undated, years

    def __repr__(self):
        return f"now={self.now}/{self.age}/{self.diff}/undated-{self.undated}/{self.years}"


def readings(G, nows=None):
    choices = [[(p, y) for y in G.papers[p]["years"]] for p in G.two_year]
    for now, age, diff, und in itertools.product(nows or NOWS, AGE_MODES, DIFF_MODES, UNDATED_MODES):
        for combo in itertools.product(*choices):
            yield Reading(now, age, diff, und, dict(combo))


def year_of(G, paper, R):
    ys = G.papers[paper]["years"]
    if not ys:
        return None
    if len(ys) == 1:
        return ys[0]
    return R.years[paper]


def in_scope(G, row, anchor, R):
    y = year_of(G, row["paper"], R)
    if anchor is not None:
        return y is not None and y <= anchor
    return y is not None or R.undated == "count"


def surviving(G, model, dataset, metric, anchor, R):
    """The values of (model, dataset, metric) that stand under the conflict rule at the anchor."""
    by = {}
    for r in G.rows:
        if (r["model"], r["dataset"], r["metric"]) == (model, dataset, metric) and r["value"] is not None \
                and in_scope(G, r, anchor, R):
            by.setdefault(r["value"], set()).add(r["paper"])
    if len(by) <= 1:
        return set(by)
    if len(by) > 2:
        raise Open(f"three values for {model} on {dataset}")
    ref = anchor if anchor is not None else R.now
    w = {}
    for v, ps in by.items():
        ages = []
        for p in ps:
            y = year_of(G, p, R)
            if y is None:
                raise Open(f"an undated paper inside the conflict {model} on {dataset}")
            ages.append(ref - y)
        age = min(ages) if R.age == "newest" else sum(ages) / len(ages)
        w[v] = math.exp(-LAMBDA * age) * (1 + 0.8 * math.log(1 + len(ps)))
    (v1, w1), (v2, w2) = sorted(w.items(), key=lambda kv: -kv[1])
    d = {"abs": w1 - w2, "rel": (w1 - w2) / w1, "share": (w1 - w2) / (w1 + w2)}[R.diff]
    if abs(d - THRESH) < 1e-9:
        raise Open(f"weight difference at the threshold for {model} on {dataset}")
    return {v1} if d > THRESH else {v1, v2}


def board(G, dataset, metric, anchor, R):
    models = sorted({r["model"] for r in G.rows if r["dataset"] == dataset and r["metric"] == metric})
    out = {}
    for m in models:
        s = surviving(G, m, dataset, metric, anchor, R)
        if s:
            out[m] = s
    return out


def better(metric, a, b):
    return float(a) < float(b) if metric in LOWER_BETTER else float(a) > float(b)


def leaders(bd, metric):
    """(leader, value) under each reading of the close conflicts on the board."""
    models = sorted(bd)
    res = set()
    for combo in itertools.product(*[sorted(bd[m]) for m in models]):
        pairs = list(zip(models, combo))
        best = pairs[0]
        for p in pairs[1:]:
            if better(metric, p[1], best[1]):
                best = p
        if sum(1 for p in pairs if float(p[1]) == float(best[1])) > 1:
            raise Open("a tie at the top")
        res.add(best)
    return res


def fact(m, v, d, met):
    return f"{m} scores {v} on {d} by {met}"


FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")


def raw_facts(G, dataset, metric):
    return {(r["model"], r["value"]) for r in G.rows if r["dataset"] == dataset and r["metric"] == metric
            and r["value"] is not None}


def best_lookup(G, dataset, metric, anchor, R):
    """The unique leader at the anchor, its fact, and the left-out facts that would beat it or
    contradict its value."""
    bd = board(G, dataset, metric, anchor, R)
    ls = leaders(bd, metric)
    if len(ls) != 1:
        raise Open(f"the leader of {dataset} depends on a close conflict: {sorted(ls)}")
    (lm, lv), = ls
    mk = [fact(lm, lv, dataset, metric)]
    mr = []
    for m, v in sorted(raw_facts(G, dataset, metric)):
        if v in bd.get(m, set()):
            continue
        if better(metric, v, lv) or m == lm:
            mr.append(fact(m, v, dataset, metric))
    return lm, lv, mk, mr, bd


def careless_board(G, dataset, metric, anchor=None, month_as_year=False, no_removal=False):
    """A careless reading: every raw value kept, optionally the smallest raw P29 as the year."""
    out = {}
    for r in G.rows:
        if r["dataset"] != dataset or r["metric"] != metric or r["value"] is None:
            continue
        p29 = G.papers[r["paper"]]["p29"]
        if anchor is not None:
            if month_as_year:
                y = min(p29) if p29 else None
            else:
                ys = G.papers[r["paper"]]["years"]
                y = min(ys) if ys else None
            if y is None or y > anchor:
                continue
        out.setdefault(r["model"], set()).add(r["value"])
    return out


def careless_leader(bd, metric):
    best = None
    for m, vs in bd.items():
        for v in vs:
            if best is None or better(metric, v, best[1]):
                best = (m, v)
    return best


def claim_best(G, model, dataset, metric, anchor, R):
    bd = board(G, dataset, metric, anchor, R)
    ls = leaders(bd, metric)
    outcomes = {lm == model for lm, _ in ls}
    verdict = "SUPPORTED" if outcomes == {True} else "REFUTED" if outcomes == {False} else "UNCERTAIN"
    return verdict, bd, ls


def removed_of(G, bd, dataset, metric, anchor, R):
    """Facts in scope at the anchor that the conflict rule removes."""
    inscope = {(r["model"], r["value"]) for r in G.rows if r["dataset"] == dataset and r["metric"] == metric
               and r["value"] is not None and in_scope(G, r, anchor, R)}
    return [fact(m, v, dataset, metric) for m, v in sorted(inscope) if v not in bd.get(m, set())]


def unrecorded(G, kind, dataset=None):
    """True when the graph has no predicate or metric that could carry `kind`."""
    extra = G.predicates - CORE_PREDICATES
    if extra:
        return False
    words = UNRECORDED_WORDS[kind]
    mets = G.metrics_of(dataset) if dataset else G.metric_labels
    return not any(w in m.lower() for m in mets for w in words)


# ----------------------------------------------------------------------------------- computers
# Each returns dict(expected, verdict, must_keep, must_remove, anchor, careless, careless_say,
# right, unrecorded) for one reading R. `careless` must differ from `right`.

def one_metric(G, dataset, metric):
    """The question names no metric (or a loose one): the dataset must be scored by exactly this one."""
    if G.metrics_of(dataset) != {metric}:
        raise Open(f"{dataset} is scored by {sorted(G.metrics_of(dataset))}")


def r_gate_only(G, kinds, dataset=None, **kw):
    for k in kinds:
        if not unrecorded(G, k, dataset):
            raise Open(f"{k} may be recorded in {G.name}")
    return dict(expected=[], verdict=None, must_keep=[], must_remove=[], anchor=None, **kw)


def vf01(G, R):
    one_metric(G, "BenchMira", "Accuracy")
    bd = board(G, "BenchMira", "Accuracy", None, R)
    (lm, lv), = leaders(bd, "Accuracy")
    out = r_gate_only(G, ["speed"])
    out.update(careless=(lm, lv), right=None, careless_say=[lm, lv])
    return out


def vf02(G, R):
    one_metric(G, "BenchMira", "Accuracy")
    bd = board(G, "BenchMira", "Accuracy", None, R)
    over = []
    for m, vs in bd.items():
        flags = {float(v) > 75 for v in vs}
        if len(flags) > 1:
            raise Open(f"{m} straddles 75")
        if flags == {True}:
            over.append(m)
    removed = [(m, v) for m, v in raw_facts(G, "BenchMira", "Accuracy") if v not in bd.get(m, set())]
    crossing = {m for m, v in removed if float(v) > 75}
    mk = [fact(m, v, "BenchMira", "Accuracy") for m in sorted(set(over) | crossing) for v in sorted(bd[m])]
    mr = [fact(m, v, "BenchMira", "Accuracy") for m, v in sorted(removed) if float(v) > 75]
    cb = careless_board(G, "BenchMira", "Accuracy")
    careless = sorted(m for m, vs in cb.items() if any(float(v) > 75 for v in vs))
    if not unrecorded(G, "size"):
        raise Open("size may be recorded")
    extra = sorted(crossing - set(over))
    return dict(expected=sorted(over), verdict=None, must_keep=mk, must_remove=mr, anchor=None,
                careless=careless, right=sorted(over),
                careless_say=extra + [v for m, v in removed if m in extra])


def vf03(G, R):
    m, d, met = "Brackwater-UNet", "Corvalla-Ice", "F1"
    verdict, bd, ls = claim_best(G, m, d, met, None, R)
    if len(bd[m]) != 1:
        raise Open("two values for the claimed leader")
    v = next(iter(bd[m]))
    others = {k: vs for k, vs in bd.items() if k != m}
    ru = leaders(others, met)
    if len(ru) != 1:
        raise Open("runner-up not unique")
    (rm, rv), = ru
    mr = removed_of(G, bd, d, met, None, R)
    kept_side = [fact(k, x, d, met) for k in sorted({FACT_RE.match(f).group(1) for f in mr}) for x in sorted(bd.get(k, []))]
    mk = sorted({fact(m, v, d, met), fact(rm, rv, d, met)} | set(kept_side))
    cl = careless_leader(careless_board(G, d, met), met)
    cv = "SUPPORTED" if cl[0] == m else "REFUTED"
    if not unrecorded(G, "precision", d):
        raise Open("precision may be recorded")
    return dict(expected=[v], verdict=verdict, must_keep=mk, must_remove=mr, anchor=None,
                careless=cv, right=verdict, careless_say=[cv, cl[1]])


def lookup_best_anchor(G, R, d, met, anchor, kind, careless_mode):
    lm, lv, mk, mr, bd = best_lookup(G, d, met, anchor, R)
    if careless_mode == "month":
        cl = careless_leader(careless_board(G, d, met, anchor, month_as_year=True), met)
    elif careless_mode == "no_anchor":
        cl = careless_leader(careless_board(G, d, met), met)
    if not unrecorded(G, kind, d):
        raise Open(f"{kind} may be recorded")
    return dict(expected=[lm, lv], verdict=None, must_keep=mk, must_remove=mr, anchor=anchor,
                careless=cl, right=(lm, lv), careless_say=list(cl))


def vf04(G, R):
    return lookup_best_anchor(G, R, "Skarnhold Glacier Set", "Mean IoU", 2019, "hardware", "month")


def vf05(G, R):
    one_metric(G, "Skarnhold Glacier Set", "Mean IoU")
    m, d, met = "Lumoria", "Skarnhold Glacier Set", "Mean IoU"
    verdict, bd, ls = claim_best(G, m, d, met, None, R)
    if len(ls) != 1:
        raise Open("leader not unique")
    (lm, lv), = ls
    mk = sorted({fact(lm, lv, d, met)} | {fact(m, x, d, met) for x in bd[m]})
    v2019, _, ls19 = claim_best(G, m, d, met, 2019, R)
    if not unrecorded(G, "size"):
        raise Open("size may be recorded")
    return dict(expected=[lm, lv], verdict=verdict, must_keep=mk, must_remove=removed_of(G, bd, d, met, None, R),
                anchor=None, careless=v2019, right=verdict, careless_say=[v2019])


def vf06(G, R):
    one_metric(G, "Hollenby Marsh Calls", "Accuracy")
    m, d, met = "Syrinxa", "Hollenby Marsh Calls", "Accuracy"
    verdict, bd, ls = claim_best(G, m, d, met, None, R)
    if len(ls) != 1 or len(bd[m]) != 1:
        raise Open("leader or Syrinxa's value not unique")
    (lm, lv), = ls
    sv = next(iter(bd[m]))
    mr = [f for f in removed_of(G, bd, d, met, None, R) if FACT_RE.match(f).group(1) in (m, lm)
          or better(met, FACT_RE.match(f).group(2), lv)]
    cl = careless_leader(careless_board(G, d, met), met)
    cv = "SUPPORTED" if cl[0] == m else "REFUTED"
    if not unrecorded(G, "size"):
        raise Open("size may be recorded")
    return dict(expected=[lm, lv, sv], verdict=verdict, must_keep=sorted([fact(lm, lv, d, met), fact(m, sv, d, met)]),
                must_remove=mr, anchor=None, careless=cv, right=verdict, careless_say=[cv, cl[1]])


def vf07(G, R):
    m = "Warbleon"
    pairs = sorted({(r["dataset"], r["metric"]) for r in G.rows if r["model"] == m})
    exp, mk, mr, careless, right = [], [], [], {}, {}
    for d, met in pairs:
        s = surviving(G, m, d, met, None, R)
        exp += [d] + sorted(s)
        mk += [fact(m, v, d, met) for v in sorted(s)]
        mr += [fact(m, v, d, met) for v in sorted({r["value"] for r in G.rows if (r["model"], r["dataset"], r["metric"]) == (m, d, met)} - s)]
        right[d] = sorted(s)
        rows = [r for r in G.rows if (r["model"], r["dataset"], r["metric"]) == (m, d, met)]
        newest = max(max(G.papers[r["paper"]]["years"]) for r in rows)
        careless[d] = sorted({r["value"] for r in rows if newest in G.papers[r["paper"]]["years"]})
    if not unrecorded(G, "training data"):
        raise Open("training data may be recorded")
    say = [v for d in careless for v in careless[d] if careless[d] != right[d]]
    return dict(expected=exp, verdict=None, must_keep=mk, must_remove=mr, anchor=None,
                careless=careless, right=right, careless_say=say)


def vf08(G, R):
    one_metric(G, "Dastrup-7 Chorus", "Word Error Rate")
    bd = board(G, "Dastrup-7 Chorus", "Word Error Rate", None, R)
    ls = leaders(bd, "Word Error Rate")
    if len(ls) != 1:
        raise Open("leader not unique")
    (lm, lv), = ls
    cv = "SUPPORTED" if lm == "Plumaro" else "REFUTED"
    out = r_gate_only(G, ["speed"])
    out.update(verdict="UNCERTAIN", careless=cv, right="UNCERTAIN", careless_say=[cv, lv])
    return out


def vf09(G, R):
    d, met = "Dastrup-7 Chorus", "Word Error Rate"
    lm, lv, mk, mr, bd = best_lookup(G, d, met, None, R)
    rows = [r for r in G.rows if r["dataset"] == d and r["metric"] == met and r["value"] is not None
            and in_scope(G, r, None, R)]
    if any(year_of(G, r["paper"], R) is None for r in rows):
        raise Open("an undated result on the board")
    top = max(year_of(G, r["paper"], R) for r in rows)
    latest = [r for r in rows if year_of(G, r["paper"], R) == top]
    if len(latest) != 1:
        raise Open("latest result not unique")
    nm, nv = latest[0]["model"], latest[0]["value"]
    if nv not in bd.get(nm, set()):
        raise Open("latest result removed")
    if not unrecorded(G, "hardware"):
        raise Open("hardware may be recorded")
    return dict(expected=[nm, nv, lm, lv], verdict=None, must_keep=sorted(mk + [fact(nm, nv, d, met)]),
                must_remove=mr, anchor=None, careless=(nm, nv), right=(lm, lv), careless_say=[nm, nv])


def vf10(G, R):
    out = lookup_best_anchor(G, R, "Dastrup-7 Chorus", "Word Error Rate", 2021, "code", "month")
    return out


def vf11(G, R):
    d, met = "Orrenby Parallel Corpus", "BLEU"
    lm, lv, mk, mr, bd = best_lookup(G, d, met, None, R)
    rows = [r for r in G.rows if r["dataset"] == d and r["metric"] == met]
    smax = max(rows, key=lambda r: r["raw"])
    if not unrecorded(G, "licence"):
        raise Open("licence may be recorded")
    return dict(expected=[lm, lv], verdict=None, must_keep=mk, must_remove=mr, anchor=None,
                careless=(smax["model"], smax["value"]), right=(lm, lv), careless_say=[smax["model"], smax["value"]])


def vf12(G, R):
    m, d, met = "Nerrisa", "Mirelle Subtitles", "chrF"
    verdict, bd, ls = claim_best(G, m, d, met, None, R)
    rivals = sorted(k for k, vs in bd.items() if k != m and len(vs) > 1)
    exp = sorted(bd[m]) + [v for k in rivals for v in sorted(bd[k], key=float, reverse=True)]
    mk = sorted([fact(m, v, d, met) for v in bd[m]] + [fact(k, v, d, met) for k in rivals for v in bd[k]])
    # careless: each model's own paper only
    own = {}
    for k in bd:
        op = G.own_paper(k)
        own[k] = {r["value"] for r in G.rows if r["model"] == k and r["dataset"] == d and r["paper"] == op and r["value"]}
    cl = careless_leader(own, met)
    cv = "SUPPORTED" if cl[0] == m else "REFUTED"
    if not unrecorded(G, "cost"):
        raise Open("cost may be recorded")
    return dict(expected=exp, verdict=verdict, must_keep=mk, must_remove=removed_of(G, bd, d, met, None, R), anchor=None,
                careless=cv, right=verdict, careless_say=[cv, cl[1]])


def vf13(G, R):
    return lookup_best_anchor(G, R, "Quenmark Dialogue Set", "BLEU", 2020, "dataset size", "no_anchor")


def vf14(G, R):
    m, d = "Ostrada-T", "Mirelle Subtitles"
    rows = [r for r in G.rows if r["model"] == m and r["dataset"] == d]
    if not rows or any(r["value"] is not None for r in rows):
        raise Open("Ostrada-T has a real score on Mirelle Subtitles, or none listed")
    elsewhere = sorted({r["value"] for r in G.rows if r["model"] == m and r["value"] is not None})
    out = r_gate_only(G, ["code"])
    out.update(careless=elsewhere, right=None, careless_say=elsewhere)
    return out


def vf15(G, R):
    m, d, met = "Gannetron", "Orrenby Parallel Corpus", "BLEU"
    op = G.own_paper(m)
    s = surviving(G, m, d, met, None, R)
    if len(s) != 1:
        raise Open("Gannetron's value not unique")
    users = sorted({G.papers[r["paper"]]["title"] for r in G.rows if r["model"] == m and r["paper"] != op})
    removed = sorted({r["value"] for r in G.rows if (r["model"], r["dataset"], r["metric"]) == (m, d, met)} - s)
    ownv = sorted({r["value"] for r in G.rows if (r["model"], r["dataset"], r["paper"]) == (m, d, op)})
    if not unrecorded(G, "code"):
        raise Open("code may be recorded")
    return dict(expected=sorted(s) + users, verdict=None, must_keep=[fact(m, v, d, met) for v in s],
                must_remove=[fact(m, v, d, met) for v in removed], anchor=None,
                careless=ownv, right=sorted(s), careless_say=ownv)


def vf16(G, R):
    a, b = G.own_paper("Tidewick"), G.own_paper("Marrowfen")
    ya, yb = G.papers[a]["years"], G.papers[b]["years"]
    if not ya or not yb:
        raise Open("a paper without a usable year")
    orders = {x < y for x in ya for y in yb}
    if any(x == y for x in ya for y in yb):
        raise Open("same year")
    verdict = "SUPPORTED" if orders == {True} else "REFUTED" if orders == {False} else "UNCERTAIN"
    cv = "SUPPORTED" if min(G.papers[a]["p29"]) < min(G.papers[b]["p29"]) else "REFUTED"
    if not unrecorded(G, "authors"):
        raise Open("authors may be recorded")
    return dict(expected=[str(y) for y in ya + yb], verdict=verdict, must_keep=[], must_remove=[], anchor=None,
                careless=cv, right=verdict, careless_say=[cv])


def vf17(G, R):
    p = G.own_paper("Undertow-GNN")
    dois = G.papers[p]["dois"]
    if not unrecorded(G, "licence"):
        raise Open("licence may be recorded")
    return dict(expected=dois, verdict=None, must_keep=[], must_remove=[], anchor=None,
                careless=dois[:1], right=dois, careless_say=dois[:1])


def vf18(G, R):
    one_metric(G, "Sealbrook Turbine Logs", "F1")
    d, met = "Sealbrook Turbine Logs", "F1"
    lm, lv, mk, mr, bd = best_lookup(G, d, met, None, R)
    uv = bd["Undertow-GNN"]
    if len(uv) != 1 or not all(better(met, lv, x) for x in uv):
        raise Open("the premise is not plainly false")
    u = next(iter(uv))
    first = {}
    for r in G.rows:
        if r["dataset"] == d and r["metric"] == met:
            y = year_of(G, r["paper"], R)
            first[r["model"]] = min(first.get(r["model"], 9999), y)
    newest = max(first, key=lambda k: first[k])
    if not unrecorded(G, "architecture"):
        raise Open("architecture may be recorded")
    return dict(expected=[lm, lv, u], verdict=None, must_keep=sorted(mk + [fact("Undertow-GNN", u, d, met)]),
                must_remove=mr, anchor=None, careless=newest, right=lm, careless_say=[newest])


def vf19(G, R):
    ds = G.problem_datasets.get("Kelp Canopy Mapping", set())
    if len(ds) != 1:
        raise Open("Kelp Canopy Mapping does not have exactly one benchmark")
    d = next(iter(ds))
    mets = G.metrics_of(d)
    if len(mets) != 1:
        raise Open("more than one metric")
    return lookup_best_anchor(G, R, d, next(iter(mets)), 2024, "size", "month")


def vf20(G, R):
    m, d, met = "Marrowfen", "Sealbrook Turbine Logs", "F1"
    ys = [year_of(G, r["paper"], R) for r in G.rows if r["model"] == "Selkora" and r["dataset"] == d]
    if None in ys:
        raise Open("Selkora has an undated result")
    anchor = min(ys) - 1
    verdict, bd, ls = claim_best(G, m, d, met, anchor, R)
    if len(ls) != 1:
        raise Open("leader not unique")
    (lm, lv), = ls
    ru = leaders({k: v for k, v in bd.items() if k != lm}, met)
    if len(ru) != 1:
        raise Open("runner-up not unique")
    (rm, rv), = ru
    _, _, _, mr, _ = best_lookup(G, d, met, anchor, R)
    cl = careless_leader(careless_board(G, d, met), met)
    cv = "SUPPORTED" if cl[0] == m else "REFUTED"
    if not unrecorded(G, "code"):
        raise Open("code may be recorded")
    return dict(expected=[lm, lv], verdict=verdict, must_keep=sorted([fact(lm, lv, d, met), fact(rm, rv, d, met)]),
                must_remove=mr, anchor=anchor, careless=cv, right=verdict, careless_say=[cv, cl[1]])


COMPUTERS = {f"VF{i:02d}": globals()[f"vf{i:02d}"] for i in range(1, 21)}

# ----------------------------------------------------------------------------------- checks
QTYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
MECHS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}


def words(s):
    out = set()
    for w in re.findall(r"[a-z0-9.'\-]+", s.lower()):
        w = w.strip(".'-")
        if w:
            out.add(w)
    return out


def jaccard(a, b):
    a, b = words(a), words(b)
    return len(a & b) / len(a | b) if a | b else 0.0


def norm(x):
    if isinstance(x, list):
        return sorted(x)
    return x


def fact_ok(G, f):
    m = FACT_RE.match(f)
    if not m:
        return None
    mo, v, d, met = m.groups()
    if clean(v) != v:
        return None
    if not any((r["model"], r["value"], r["dataset"], r["metric"]) == (mo, v, d, met) for r in G.rows):
        return None
    return mo, v, d, met


def main():
    with open(os.path.join(TRUST, "trust-dev.jsonl")) as f:
        td = [json.loads(l) for l in f if l.strip()]
    fields = list(td[0].keys())
    with open(VF_FILE) as f:
        qs = [json.loads(l) for l in f if l.strip()]
    second = []  # (graph, model, dataset, metric, anchor, own set) for check.py
    bad = set()

    def qfail(qid, msg):
        bad.add(qid)
        fail(f"{qid}: {msg}")

    ids = [q.get("id") for q in qs]
    if ids != [f"VF{i:02d}" for i in range(1, 21)]:
        fail(f"ids are {ids}, not VF01-VF20 in order")
    if len(set(ids)) != len(ids):
        fail("duplicate ids")
    qtexts = [q.get("question") for q in qs]
    if len(set(qtexts)) != len(qtexts):
        fail("duplicate questions")
    for q in qs:
        qid = q.get("id", "?")
        if list(q.keys()) != fields:
            qfail(qid, f"fields {list(q.keys())} differ from trust-dev.jsonl's {fields}")
            continue
        try:
            n = int(qid[2:])
        except ValueError:
            qfail(qid, "bad id")
            continue
        want_g = f"g{(n - 1) // 5 + 1}.ttl"
        if q["graph"] != want_g:
            qfail(qid, f"graph {q['graph']}, expected {want_g} (five per graph)")
        if q["query_type"] not in QTYPES:
            qfail(qid, f"query_type {q['query_type']!r} not in the enum")
        if q["mechanism"] not in MECHS:
            qfail(qid, f"mechanism {q['mechanism']!r} not in the enum")
        if (q["query_type"] == "claim_verification") != (q["verdict"] in VERDICTS):
            qfail(qid, f"verdict {q['verdict']!r} on a {q['query_type']}")
        if q["verdict"] is not None and q["verdict"] not in VERDICTS:
            qfail(qid, f"verdict {q['verdict']!r} not in the enum")
        for t in td:
            j = jaccard(q["question"], t["question"])
            if j > 0.6:
                qfail(qid, f"Jaccard {j:.2f} with {t['id']} (bound 0.6)")
        if not os.path.exists(os.path.join(TRUST, q["graph"])):
            continue
        G = gd(q["graph"])
        notes = q["notes"]
        if "Right answer:" not in notes or "Careless answer:" not in notes:
            qfail(qid, "notes lack 'Right answer' or 'Careless answer'")
            right_part, careless_part = "", ""
        else:
            right_part = notes.split("Right answer:", 1)[1].split("Careless answer:", 1)[0]
            careless_part = notes.split("Careless answer:", 1)[1]
        for e in q["expected"]:
            if not (e in G.labels or e in G.titles or e in G.dois or e in G.valid_years or e in G.clean_values):
                qfail(qid, f"expected string {e!r} is not a label, title, DOI, valid year or clean value of {q['graph']}")
            if e not in right_part:
                qfail(qid, f"expected string {e!r} is not in the notes' Right answer")
        for f in q["must_keep"] + q["must_remove"]:
            if fact_ok(G, f) is None:
                qfail(qid, f"fact {f!r} does not exist in {q['graph']} (with a clean value)")
        comp = COMPUTERS.get(qid)
        if comp is None:
            continue
        results, opens = [], []
        keep_miss, rem_miss = {}, {}
        nread = 0
        for R in readings(G):
            nread += 1
            try:
                res = comp(G, R)
            except Open as ex:
                opens.append(f"{ex} ({R})")
                continue
            results.append(res)
            anchor = res["anchor"]
            for f in q["must_keep"]:
                fo = fact_ok(G, f)
                if fo is None:
                    continue
                try:
                    if fo[1] not in surviving(G, fo[0], fo[2], fo[3], anchor, R):
                        keep_miss[f] = keep_miss.get(f, 0) + 1
                except Open as ex:
                    opens.append(str(ex))
            for f in q["must_remove"]:
                fo = fact_ok(G, f)
                if fo is None:
                    continue
                try:
                    if fo[1] in surviving(G, fo[0], fo[2], fo[3], anchor, R):
                        rem_miss[f] = rem_miss.get(f, 0) + 1
                except Open as ex:
                    opens.append(str(ex))
        if opens:
            qfail(qid, f"a detail the rules leave open: {opens[0]} (+{len(opens) - 1} more)")
            continue
        for f, k in keep_miss.items():
            qfail(qid, f"must_keep {f!r} does not survive at its anchor in {k} of {nread} readings")
        for f, k in rem_miss.items():
            qfail(qid, f"must_remove {f!r} survives at its anchor in {k} of {nread} readings")
        keys = ("expected", "verdict", "must_keep", "must_remove")
        sigs = {json.dumps({k: norm(r[k]) for k in keys}, sort_keys=True) for r in results}
        if len(sigs) != 1:
            qfail(qid, f"the answer differs between readings ({len(sigs)} answers)")
            continue
        res = results[0]
        for k in keys:
            if norm(q[k]) != norm(res[k]):
                qfail(qid, f"{k} is {q[k]!r}, the graph gives {res[k]!r}")
        for r in results:
            if json.dumps(r["careless"], sort_keys=True, default=list) == json.dumps(r["right"], sort_keys=True, default=list):
                qfail(qid, "the careless answer equals the right one")
                break
        if q["verdict"] is not None and q["verdict"] == res["careless"]:
            qfail(qid, f"the file's verdict {q['verdict']!r} is the careless one")
        for s in res["careless_say"]:
            if str(s) not in careless_part:
                qfail(qid, f"notes do not name the careless answer {s!r} after 'Careless answer'")
        anchor = res["anchor"]
        for f in q["must_keep"] + q["must_remove"]:
            fo = fact_ok(G, f)
            if fo:
                second.append((qid, q["graph"], fo, anchor))
    # counts and verdict use
    claims = [q for q in qs if q.get("verdict") in VERDICTS]
    if not 6 <= len(claims) <= 10:
        fail(f"{len(claims)} claims, not 6-10")
    for v in VERDICTS:
        if not any(q.get("verdict") == v for q in qs):
            fail(f"verdict {v} never used")
    check_readme(qs)
    second_opinion(second, bad)
    for q in qs:
        if q.get("id") not in bad:
            print(f"ok {q.get('id')}")
    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


def count(qs, key):
    out = {}
    for q in qs:
        k = q.get(key)
        k = "null" if k is None else k.replace(".ttl", "") if key == "graph" else k
        out[k] = out.get(k, 0) + 1
    return out


def check_readme(qs):
    if not os.path.exists(README):
        fail("README56.md missing")
        return
    text = open(README).read()
    first = text.splitlines()[0] if text else ""
    if not re.fullmatch(r"# trust-dev56\.jsonl: .+ \(VF01–VF20\)", first):
        fail(f"README: first line {first!r} is not '# trust-dev56.jsonl: <angle> (VF01–VF20)'")
    m = re.search(r"^## Counts\n(.*?)(?=^## )", text, re.S | re.M)
    if not m:
        fail("README: no Counts section")
        return
    tables, cur = [], None
    for line in m.group(1).splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cur is None:
                cur = {"head": cells[0], "rows": {}}
                tables.append(cur)
            elif set(cells[0]) <= set("-: "):
                continue
            else:
                cur["rows"][cells[0]] = int(cells[1])
        else:
            cur = None
    want = {
        "total": {"questions": len(qs), "claims": sum(1 for q in qs if q.get("verdict") in VERDICTS)},
        "verdict": count(qs, "verdict"),
        "mechanism": count(qs, "mechanism"),
        "query type": count(qs, "query_type"),
        "graph": count(qs, "graph"),
    }
    got = {t["head"]: t["rows"] for t in tables}
    for k, w in want.items():
        g = got.get(k)
        if g != w:
            diff = {x: (g.get(x) if g else None, w.get(x)) for x in sorted(set(w) | set(g or {})) if (g or {}).get(x) != w.get(x)}
            fail(f"README: Counts section differs (README, file) for {k!r}: {diff}")


def second_opinion(items, bad):
    """Compare check.surviving (the trust folder's checker, imported, not read) with our values."""
    try:
        sys.path.insert(0, TRUST)
        if "TRUST_NOW" in os.environ and not os.environ["TRUST_NOW"].strip():
            del os.environ["TRUST_NOW"]  # an empty TRUST_NOW is unset (check.py would not accept it)
        import check  # noqa
    except Exception as ex:  # pragma: no cover
        fail(f"second opinion: cannot import check.py ({type(ex).__name__})")
        return
    n = 0
    for qid, gname, (m, v, d, met), anchor in items:
        G = gd(gname)
        own = set()
        for R in readings(G, [check.NOW]):
            try:
                own.add(frozenset(float(x) for x in surviving(G, m, d, met, anchor, R)))
            except Open:
                own.add(None)
        if len(own) != 1 or None in own:
            fail(f"{qid}: second opinion: our own value for {m} on {d} is not unique at now={check.NOW}")
            continue
        theirs = check.surviving(check.G(gname), m, d, met, anchor)[0]
        n += 1
        if set(theirs) != set(next(iter(own))):
            fail(f"{qid}: second opinion: check.surviving gives {sorted(theirs)} for {m} on {d} at {anchor}, "
                 f"we give {sorted(next(iter(own)))}")
    print(f"second opinion: {n} check.surviving calls compared (now={check.NOW})")


if __name__ == "__main__":
    main()
