#!/usr/bin/env python3
"""check58.py: re-derives every question of trust-dev58.jsonl (VH01-VH20, metric names written
differently) from the fixture graphs with its own rdflib code, and checks the file's form.

Run:  python3 check58.py            (TRUST_NOW=2030 python3 check58.py; VH_FILE=/path python3 check58.py)

Every computer (vh01 ... vh20) is run under every reading the public rules leave open:
each current year 2025-2030 (and TRUST_NOW if set and not empty), the paper age of a value taken
from its newest paper or as the mean over its papers, the 0.30 threshold applied to the absolute,
relative or share difference of the two weights, an undated paper counted or not on an unanchored
board, and each year of a paper with two real years. The answer must be the same under all of
them; a computation that meets a detail the rules leave open raises Open and is a failure.
Prints one line per failure, 'ok VHnn' per clean question, and ends with 'FAILURES: N'.
"""
import itertools
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True
import rdflib  # noqa: E402
from rdflib import RDF, RDFS, Namespace  # noqa: E402

TRUST = "/work/main/eval/gold/trust"
HERE = os.path.dirname(os.path.abspath(__file__))
FILE = os.environ.get("VH_FILE") or os.path.join(HERE, "trust-dev58.jsonl")
README = os.path.join(HERE, "README58.md")
FIRST_FILE = os.path.join(TRUST, "trust-dev.jsonl")

P = Namespace("http://orkg.org/orkg/predicate/")
C = Namespace("http://orkg.org/orkg/class/")
LAMBDA = 0.08
THRESH = 0.30
LOWER_BETTER = {"Word Error Rate"}
QUERY_TYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification",
               "method_usage", "paper_lookup"}
MECHANISMS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL " + msg)


class Open(Exception):
    """A detail the public rules leave open was met."""


# ------------------------------------------------------------------------------------------
# the graphs
# ------------------------------------------------------------------------------------------
def clean(raw):
    """The clean form of a stored score: spaces and a trailing % dropped; None for '-' etc."""
    s = raw.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    try:
        float(s)
    except ValueError:
        return None
    return s


class Row:
    def __init__(self, **kw):
        self.__dict__.update(kw)


class World:
    def __init__(self, name):
        self.name = name
        g = rdflib.Graph().parse(os.path.join(TRUST, name), format="turtle")
        self.g = g

        def lab(n):
            return str(g.value(n, RDFS.label))

        self.labels = set()
        for s, o in g.subject_objects(RDFS.label):
            if (s, RDF.type, C.Contribution) not in g:
                self.labels.add(str(o))
        self.metric_labels = {lab(m) for m in g.subjects(RDF.type, C.Metric)}
        self.papers = {}
        self.rows = []
        self.contrib_problems = []  # (paper, model or None, [problems])
        for p in g.subjects(RDF.type, C.Paper):
            p29 = sorted(int(o) for o in g.objects(p, P.P29))
            self.papers[p] = dict(title=lab(p), p29=p29, years=[y for y in p29 if y > 12],
                                  dois=sorted(str(o) for o in g.objects(p, P.P26)))
            for c in g.objects(p, P.P31):
                m = g.value(c, P.HAS_MODEL)
                model = lab(m) if m is not None else None
                probs = sorted(lab(x) for x in g.objects(c, P.P32))
                self.contrib_problems.append((p, model, probs))
                for b in g.objects(c, P.HAS_BENCHMARK):
                    d = lab(g.value(b, P.HAS_DATASET))
                    for e in g.objects(b, P.HAS_EVALUATION):
                        raw = str(g.value(e, P.HAS_VALUE))
                        self.rows.append(Row(model=model, dataset=d, metric=lab(g.value(e, P.HAS_METRIC)),
                                             raw=raw, v=clean(raw), paper=p, problems=probs))
        self.titles = {d["title"] for d in self.papers.values()}
        self.dois = {x for d in self.papers.values() for x in d["dois"]}
        self.years = {str(y) for d in self.papers.values() for y in d["years"]}
        self.values = {r.v for r in self.rows if r.v is not None}
        self.two_year = sorted((p for p, d in self.papers.items() if len(d["years"]) > 1), key=str)

    # --- helpers on the raw graph -------------------------------------------------------
    def board_metrics(self, dataset):
        return {r.metric for r in self.rows if r.dataset == dataset}

    def board_rows(self, dataset, metric):
        return [r for r in self.rows if r.dataset == dataset and r.metric == metric]

    def all_values(self, model, dataset, metric):
        return sorted({r.v for r in self.board_rows(dataset, metric) if r.model == model and r.v is not None},
                      key=float)

    def papers_stating(self, model, dataset, metric, v):
        return sorted({self.papers[r.paper]["title"] for r in self.board_rows(dataset, metric)
                       if r.model == model and r.v is not None and float(r.v) == float(v)})

    def own_paper(self, model):
        """The paper that introduced the model: its title's head (before ':') names it."""
        own = [p for p, d in self.papers.items()
               if model.startswith(d["title"].split(":")[0]) and ":" in d["title"]]
        if len(own) != 1:
            raise Open(f"no single own paper for {model}")
        return own[0]

    def fact_exists(self, model, v, dataset, metric):
        return any(r.model == model and r.v == v for r in self.board_rows(dataset, metric))


WORLDS = {}


def W(name):
    if name not in WORLDS:
        WORLDS[name] = World(name)
    return WORLDS[name]


# ------------------------------------------------------------------------------------------
# readings and the conflict rule
# ------------------------------------------------------------------------------------------
class Ctx:
    def __init__(self, now, agg, diff, undated, ychoice):
        self.now, self.agg, self.diff, self.undated, self.ychoice = now, agg, diff, undated, ychoice

    def __repr__(self):
        return f"now={self.now} {self.agg}/{self.diff} undated={self.undated} years={list(self.ychoice.values())}"


def nows():
    ys = list(range(2025, 2031))
    t = os.environ.get("TRUST_NOW", "")
    if t.strip():
        try:
            y = int(t)
        except ValueError:
            fail(f"TRUST_NOW={t!r} is not a year")
            return ys
        if y not in ys:
            ys.append(y)
    return ys


def contexts(w):
    out = []
    choices = [w.papers[p]["years"] for p in w.two_year]
    for now in nows():
        for agg in ("newest", "mean"):
            for diff in ("abs", "rel", "share"):
                for und in ("out", "in"):
                    for ys in itertools.product(*choices):
                        out.append(Ctx(now, agg, diff, und, dict(zip(w.two_year, ys))))
    return out


def year(w, paper, ctx):
    ys = w.papers[paper]["years"]
    if not ys:
        return None
    if len(ys) == 1:
        return ys[0]
    return ctx.ychoice[paper]


def cand(w, ctx, model, dataset, metric, anchor):
    out = []
    for r in w.board_rows(dataset, metric):
        if r.model != model or r.v is None:
            continue
        y = year(w, r.paper, ctx)
        if anchor is not None:
            if y is None or y > anchor:
                continue
        elif y is None and ctx.undated == "out":
            continue
        out.append((r, y))
    return out


def surv(w, ctx, model, dataset, metric, anchor):
    """The set of clean value strings that survive the conflict rule at the anchor."""
    byv = {}
    for r, y in cand(w, ctx, model, dataset, metric, anchor):
        key = float(r.v)
        ent = byv.setdefault(key, {"s": r.v, "papers": {}})
        ent["papers"][r.paper] = y
    if len(byv) <= 1:
        return {e["s"] for e in byv.values()}
    if len(byv) > 2:
        raise Open(f"three values in one conflict: {model} on {dataset}")
    if any(y is None for e in byv.values() for y in e["papers"].values()):
        raise Open(f"an undated paper inside a conflict: {model} on {dataset}")
    ref = anchor if anchor is not None else ctx.now
    ws = []
    for e in byv.values():
        ages = [ref - y for y in e["papers"].values()]
        age = min(ages) if ctx.agg == "newest" else sum(ages) / len(ages)
        ws.append((math.exp(-LAMBDA * age) * (1 + 0.8 * math.log(1 + len(e["papers"]))), e["s"]))
    ws.sort(reverse=True)
    (w1, s1), (w2, s2) = ws
    d = w1 - w2
    if ctx.diff == "rel":
        d = d / w1
    elif ctx.diff == "share":
        d = d / (w1 + w2)
    if abs(d - THRESH) < 1e-9:
        raise Open(f"weight difference at the threshold: {model} on {dataset}")
    return {s1} if d > THRESH else {s1, s2}


def board(w, ctx, dataset, metric, anchor):
    b = {}
    for m in sorted({r.model for r in w.board_rows(dataset, metric)}):
        s = surv(w, ctx, m, dataset, metric, anchor)
        if s:
            b[m] = s
    return b


def readings(b):
    keys = sorted(b)
    for combo in itertools.product(*[sorted(b[k], key=float) for k in keys]):
        yield dict(zip(keys, combo))


def ranked(reading, metric, lowest=False):
    low = (metric in LOWER_BETTER) != lowest
    return sorted(reading.items(), key=lambda kv: float(kv[1]), reverse=not low)


def leader(reading, metric, lowest=False):
    r = ranked(reading, metric, lowest)
    if len(r) > 1 and float(r[0][1]) == float(r[1][1]):
        raise Open("a tie at the top")
    return r[0]


def better(metric, a, b):
    return float(a) < float(b) if metric in LOWER_BETTER else float(a) > float(b)


def decide(truths):
    truths = set(truths)
    if truths == {True}:
        return "SUPPORTED"
    if truths == {False}:
        return "REFUTED"
    return "UNCERTAIN"


def fact(model, v, dataset, metric):
    return f"{model} scores {v} on {dataset} by {metric}"


def set_aside(w, ctx, dataset, metric, anchor, beat_value, keep_models, lowest=False):
    """must_remove: facts of the board the conflict rule removes or the anchor leaves out (after
    it, or undated under it) that would beat the answer's value or contradict a kept model's value."""
    out = set()
    for r in w.board_rows(dataset, metric):
        if r.v is None:
            continue
        if r.v in surv(w, ctx, r.model, dataset, metric, anchor):
            continue
        beats = (better(metric, r.v, beat_value) != lowest) and float(r.v) != float(beat_value) \
            if beat_value is not None else False
        if beats or r.model in keep_models:
            out.add(fact(r.model, r.v, dataset, metric))
    return sorted(out)


def percent_board(w, dataset, metric):
    vals = [float(r.v) for r in w.board_rows(dataset, metric) if r.v is not None]
    if not vals or min(vals) <= 1:
        raise Open(f"{metric} on {dataset} is not on a 0-100 scale")
    return True


def one_metric(w, dataset, metric):
    ms = w.board_metrics(dataset)
    if ms != {metric}:
        raise Open(f"{dataset} records {sorted(ms)}, not only {metric}")


# --- careless readings ---------------------------------------------------------------------
def naive_rows(w, dataset, metric, anchor=None, yearmode="min"):
    """Rows with a clean value; the conflict rule skipped; the year is the smallest P29 (a month
    read as a year); papers with no P29 dropped under an anchor."""
    out = []
    for r in w.board_rows(dataset, metric):
        if r.v is None:
            continue
        if anchor is not None:
            p29 = w.papers[r.paper]["p29"]
            if not p29 or min(p29) > anchor:
                continue
        out.append(r)
    return out


def naive_best(w, dataset, metric, anchor=None, higher=None):
    rows = naive_rows(w, dataset, metric, anchor)
    hi = (metric not in LOWER_BETTER) if higher is None else higher
    r = sorted(rows, key=lambda r: float(r.v), reverse=hi)[0]
    return [r.model, r.v]


# ------------------------------------------------------------------------------------------
# the twenty computers. Each returns dict(expected, verdict, keep, remove, anchor, careless);
# careless is a list of (what, answer) where answer is a verdict or a list of strings.
# ------------------------------------------------------------------------------------------
def res(expected, verdict, keep, remove, anchor, careless):
    return dict(expected=sorted(expected), verdict=verdict, keep=sorted(keep), remove=sorted(remove),
                anchor=anchor, careless=careless)


def claim_value(w, ctx, model, dataset, metric, claimed_fraction):
    """A fraction claim on a 0-100 board: the model's value equals claimed*100."""
    percent_board(w, dataset, metric)
    target = round(claimed_fraction * 100, 6)
    vals = surv(w, ctx, model, dataset, metric, None)
    if not vals:
        raise Open(f"{model} has no result on {dataset}")
    verdict = decide(float(v) == target for v in vals)
    return vals, verdict


def vh01(w, ctx):  # "0.861 acc": Tavrosa on BenchMira, a close conflict
    D, M, X = "BenchMira", "Accuracy", "Tavrosa"
    one_metric(w, D, M)
    vals, verdict = claim_value(w, ctx, X, D, M, 0.861)
    expected = sorted(vals, key=float)
    keep = [fact(X, v, D, M) for v in vals]
    remove = [fact(X, v, D, M) for v in w.all_values(X, D, M) if v not in vals]
    own = [r.v for r in w.board_rows(D, M) if r.model == X and r.paper == w.own_paper(X)]
    careless = [("own paper's value only", decide(float(v) == round(0.861 * 100, 6) for v in own)),
                ("0.861 read literally", decide(float(v) == 0.861 for v in w.all_values(X, D, M)))]
    return res(expected, verdict, keep, remove, None, careless)


def vh02(w, ctx):  # "lowest error" on an accuracy board = highest accuracy
    D, M = "BenchMira", "Accuracy"
    one_metric(w, D, M)
    assert M not in LOWER_BETTER
    b = board(w, ctx, D, M, None)
    leads = {leader(r, M) for r in readings(b)}
    if len(leads) != 1:
        raise Open("leader depends on a close conflict")
    (m, v), = leads
    newest = max({r.model for r in w.board_rows(D, M)},
                 key=lambda x: min(year(w, r.paper, ctx) or 0 for r in w.board_rows(D, M) if r.model == x))
    careless = [("lowest accuracy read as lowest error", naive_best(w, D, M, higher=False)),
                ("newest model taken as best", [newest] + w.all_values(newest, D, M))]
    return res([m, v], None, [fact(m, v, D, M)], set_aside(w, ctx, D, M, None, v, {m}), None, careless)


def vh03(w, ctx):  # "clear 75% accuracy": KestrelNet, a clear conflict
    D, M, X = "BenchMira", "Accuracy", "KestrelNet"
    one_metric(w, D, M)
    vals = surv(w, ctx, X, D, M, None)
    v1 = decide(float(v) >= 75 for v in vals)
    v2 = decide(float(v) > 75 for v in vals)
    if v1 != v2:
        raise Open("'clear 75' read as > or >= differs")
    keep = [fact(X, v, D, M) for v in vals]
    remove = [fact(X, v, D, M) for v in w.all_values(X, D, M) if v not in vals]
    own = [r.v for r in w.board_rows(D, M) if r.model == X and r.paper == w.own_paper(X)]
    careless = [("own 2015 paper's value", decide(float(v) >= 75 for v in own))]
    return res(sorted(vals), v1, keep, remove, None, careless)


def best_lookup(w, ctx, D, M, anchor, lowest=False):
    one_metric(w, D, M)
    b = board(w, ctx, D, M, anchor)
    leads = {leader(r, M, lowest) for r in readings(b)}
    if len(leads) != 1:
        raise Open("leader depends on a close conflict")
    (m, v), = leads
    return m, v, [fact(m, v, D, M)], set_aside(w, ctx, D, M, anchor, v, {m}, lowest)


def vh04(w, ctx):  # "F-measure" = F1 on Corvalla-Ice; the 97.0 outlier
    D, M = "Corvalla-Ice", "F1"
    m, v, keep, remove = best_lookup(w, ctx, D, M, None)
    return res([m, v], None, keep, remove, None, [("conflict rule skipped", naive_best(w, D, M))])


def vh05(w, ctx):  # "mean intersection over union" before 2020 on Skarnhold (month as year)
    D, M, A = "Skarnhold Glacier Set", "Mean IoU", 2019
    m, v, keep, remove = best_lookup(w, ctx, D, M, A)
    return res([m, v], None, keep, remove, A, [("smallest P29 read as the year", naive_best(w, D, M, A))])


def vh06(w, ctx):  # "WER%" for Fennick-RNN: which papers, which number
    D, M, X = "Dastrup-7 Chorus", "Word Error Rate", "Fennick-RNN"
    one_metric(w, D, M)
    vals = surv(w, ctx, X, D, M, None)
    allv = w.all_values(X, D, M)
    titles = sorted({t for v in allv for t in w.papers_stating(X, D, M, v)})
    expected = sorted(vals) + titles
    own = w.own_paper(X)
    own_v = [r.v for r in w.board_rows(D, M) if r.model == X and r.paper == own]
    careless = [("own paper's figure trusted", own_v + [w.papers[own]["title"]])]
    return res(expected, None, [fact(X, v, D, M) for v in vals],
               [fact(X, v, D, M) for v in allv if v not in vals], None, careless)


def vh07(w, ctx):  # "a WER of 7 percent or better" on Veltmoor: a same-year tie
    D, M = "Veltmoor Dawn Set", "Word Error Rate"
    one_metric(w, D, M)
    b = board(w, ctx, D, M, None)
    t1 = decide(any(float(v) <= 7.0 for v in r.values()) for r in readings(b))
    t2 = decide(any(float(v) < 7.0 for v in r.values()) for r in readings(b))
    if t1 != t2:
        raise Open("'7 percent or better' read as < or <= differs")
    expected, keep = [], []
    for m, vs in b.items():
        if len(vs) > 1 and len({float(v) <= 7.0 for v in vs}) > 1:
            expected += [m] + sorted(vs)
            keep += [fact(m, v, D, M) for v in vs]
    naive = [r.v for r in naive_rows(w, D, M)]
    careless = [("close conflict ignored (6.8 alone)", decide([any(float(v) <= 7.0 for v in naive)]))]
    models = {m for m in b if m in expected}
    return res(expected, t1, keep, set_aside(w, ctx, D, M, None, None, models), None, careless)


def vh08(w, ctx):  # "lowest error rate" (WER) on Dastrup-7 Chorus as of 2022
    D, M, A = "Dastrup-7 Chorus", "Word Error Rate", 2022
    m, v, keep, remove = best_lookup(w, ctx, D, M, A)
    careless = [("anchor ignored", best_lookup(w, ctx, D, M, None)[:2]),
                ("highest WER read as best", naive_best(w, D, M, A, higher=True))]
    return res([m, v], None, keep, remove, A, [(a, list(b)) for a, b in careless])


def vh09(w, ctx):  # "0.883 acc.": Syrinxa on Hollenby, five papers against an outlier
    D, M, X = "Hollenby Marsh Calls", "Accuracy", "Syrinxa"
    one_metric(w, D, M)
    vals, verdict = claim_value(w, ctx, X, D, M, 0.883)
    keep = [fact(X, v, D, M) for v in vals]
    remove = [fact(X, v, D, M) for v in w.all_values(X, D, M) if v not in vals]
    allv = w.all_values(X, D, M)
    careless = [("outlier kept as a live disagreement", decide(float(v) == round(0.883 * 100, 6) for v in allv)),
                ("0.883 read literally", decide(float(v) == 0.883 for v in allv))]
    return res(sorted(vals), verdict, keep, remove, None, careless)


def absent_metric(w, model, dataset, asked):
    """The board does not record the metric asked; returns the model's recorded values there."""
    if asked in w.board_metrics(dataset):
        raise Open(f"{dataset} records {asked} after all")
    if any(asked.lower() in m.lower() for m in w.metric_labels):
        raise Open(f"the graph holds a metric named like {asked}")
    return [r.v for r in w.rows if r.model == model and r.dataset == dataset and r.v is not None]


def vh10(w, ctx):  # "F1-score" on Hollenby (accuracy only)
    got = absent_metric(w, "Plumaro", "Hollenby Marsh Calls", "F1")
    if not got:
        raise Open("Plumaro has no result on Hollenby Marsh Calls at all")
    return res([], None, [], [], None, [("accuracy given as the F1-score", got)])


def vh11(w, ctx):  # "31.9 BLEU points tops Orrenby": superseded
    D, M, X = "Orrenby Parallel Corpus", "BLEU", "Ostrada-T"
    one_metric(w, D, M)
    b = board(w, ctx, D, M, None)
    leads = {leader(r, M) for r in readings(b)}
    verdict = decide(m == X for m, _ in leads)
    if len(leads) != 1:
        raise Open("leader depends on a close conflict")
    (m, v), = leads
    xv = surv(w, ctx, X, D, M, None)
    if xv != {"31.9"}:
        raise Open("Ostrada-T's BLEU is not 31.9")
    own_year = w.papers[w.own_paper(X)]["years"][0]
    then = {leader(r, M) for r in readings(board(w, ctx, D, M, own_year))}
    careless = [("board as of Ostrada-T's own paper taken as current", decide(mm == X for mm, _ in then))]
    keep = [fact(m, v, D, M)] + [fact(X, x, D, M) for x in xv]
    return res([m, v], verdict, keep, set_aside(w, ctx, D, M, None, v, {m, X}), None, careless)


def vh12(w, ctx):  # "chr-F" for Ostrada-T on Mirelle: a '-' cell
    D, M, X = "Mirelle Subtitles", "chrF", "Ostrada-T"
    one_metric(w, D, M)
    rows = [r for r in w.board_rows(D, M) if r.model == X]
    if not rows or any(r.v is not None for r in rows) or any(r.raw.strip() != "-" for r in rows):
        raise Open("Ostrada-T's chrF on Mirelle is not only '-'")
    other = sorted({r.v for r in w.rows if r.model == X and r.v is not None})
    return res([], None, [], [], None, [("another board's value given", other)])


def vh13(w, ctx):  # "CHRF" leader on Mirelle: a close conflict with a model between its values
    D, M = "Mirelle Subtitles", "chrF"
    one_metric(w, D, M)
    b = board(w, ctx, D, M, None)
    leads = {leader(r, M) for r in readings(b)}
    expected, keep = set(), set()
    for m, _ in leads:
        expected.add(m)
        for v in b[m]:
            expected.add(v)
            keep.add(fact(m, v, D, M))
    return res(sorted(expected), None, keep, [], None, [("higher value alone", naive_best(w, D, M))])


def vh14(w, ctx):  # "0.273 Bleu" record up to 2019 (anchors 2017, 2018, 2019)
    D, M, X = "Orrenby Parallel Corpus", "BLEU", "Halverin"
    one_metric(w, D, M)
    percent_board(w, D, M)
    truths = []
    for A in (2017, 2018, 2019):
        for r in readings(board(w, ctx, D, M, A)):
            m, v = leader(r, M)
            truths.append(m == X and float(v) == round(0.273 * 100, 6))
    verdict = decide(truths)
    A = 2019
    m, v, keep, remove = best_lookup(w, ctx, D, M, A)
    un = best_lookup(w, ctx, D, M, None)
    careless = [("anchor ignored", decide([un[0] == X])),
                ("0.273 read literally", decide(float(x) == 0.273 for x in w.all_values(X, D, M)))]
    return res([m, v], verdict, keep, remove, A, careless)


def vh15(w, ctx):  # lowest "bleu" on Orrenby: a string MIN
    D, M = "Orrenby Parallel Corpus", "BLEU"
    m, v, keep, remove = best_lookup(w, ctx, D, M, None, lowest=True)
    r = min((r for r in w.board_rows(D, M)), key=lambda r: r.raw)
    return res([m, v], None, keep, remove, None, [("string MIN", [r.model, clean(r.raw)])])


def vh16(w, ctx):  # "mIoU" for kelp canopy mapping as of 2022 (a month as the only year)
    T, A = "Kelp Canopy Mapping", 2022
    ds = sorted({r.dataset for r in w.rows if T in r.problems})
    if len(ds) != 1:
        raise Open(f"{T} has {len(ds)} benchmarks")
    D = ds[0]
    ms = w.board_metrics(D)
    if ms != {"Mean IoU"}:
        raise Open(f"{D} records {sorted(ms)}")
    M = "Mean IoU"
    m, v, keep, remove = best_lookup(w, ctx, D, M, A)
    return res([m, v, D], None, keep, remove, A,
               [("smallest P29 read as the year", naive_best(w, D, M, A) + [D])])


def vh17(w, ctx):  # "F1 of 76%": the Tidewick paper published in 2017? (two real years)
    D, M, X = "Sealbrook Turbine Logs", "F1", "Tidewick"
    one_metric(w, D, M)
    vals = surv(w, ctx, X, D, M, None)
    if vals != {"76.0"}:
        raise Open("Tidewick's F1 is not 76.0")
    ps = {r.paper for r in w.board_rows(D, M) if r.model == X}
    if len(ps) != 1:
        raise Open("more than one paper states Tidewick's F1")
    p, = ps
    ys = w.papers[p]["years"]
    verdict = decide(y == 2017 for y in ys)
    careless = [("first year taken alone", decide([min(w.papers[p]["p29"]) == 2017]))]
    return res([str(y) for y in ys], verdict, [fact(X, v, D, M) for v in vals], [], None, careless)


def vh18(w, ctx):  # "F-score of 0.885": Selkora led as of 2019? (month 11 under P29)
    D, M, X, A = "Sealbrook Turbine Logs", "F1", "Selkora", 2019
    percent_board(w, D, M)
    m, v, keep, remove = best_lookup(w, ctx, D, M, A)
    truths = [mm == X and float(vv) == round(0.885 * 100, 6)
              for r in readings(board(w, ctx, D, M, A)) for mm, vv in [leader(r, M)]]
    verdict = decide(truths)
    if surv(w, ctx, X, D, M, None) != {"88.5"}:
        raise Open("Selkora's F1 is not 88.5")
    nb = naive_best(w, D, M, A)
    careless = [("smallest P29 read as the year", decide([nb[0] == X]))]
    return res([m, v], verdict, keep, remove, A, careless)


def vh19(w, ctx):  # "F1-score" runner-up on Sealbrook and the DOIs of its own paper
    D, M = "Sealbrook Turbine Logs", "F1"
    one_metric(w, D, M)
    b = board(w, ctx, D, M, None)
    seconds = set()
    for r in readings(b):
        rk = ranked(r, M)
        if float(rk[0][1]) == float(rk[1][1]) or float(rk[1][1]) == float(rk[2][1]):
            raise Open("a tie at first or second place")
        seconds.add((rk[0], rk[1]))
    if len(seconds) != 1:
        raise Open("second place depends on a close conflict")
    ((m1, v1), (m, v)), = seconds
    dois = w.papers[w.own_paper(m)]["dois"]
    keep = [fact(m, v, D, M), fact(m1, v1, D, M)]
    return res([m, v] + dois, None, keep, set_aside(w, ctx, D, M, None, v, {m, m1}), None,
               [("one of the two DOIs", [m, v, dois[0]])])


def vh20(w, ctx):  # "Dice score" on the kelp datasets: not recorded
    if any("dice" in m.lower() for m in w.metric_labels):
        raise Open("the graph holds a Dice metric")
    kelp = sorted({r.dataset for r in w.rows if "Kelp Canopy Mapping" in r.problems})
    return res([], None, [], [], None, [("the kelp board's Mean IoU taken as Dice", kelp)])


COMPUTERS = {f"VH{i:02d}": globals()[f"vh{i:02d}"] for i in range(1, 21)}

# the metric spelling each question uses and the graph metric it means (None: not recorded)
SPELLING = {
    "VH01": ("acc", "BenchMira", "Accuracy"), "VH02": ("error", "BenchMira", "Accuracy"),
    "VH03": ("75% accuracy", "BenchMira", "Accuracy"), "VH04": ("F-measure", "Corvalla-Ice", "F1"),
    "VH05": ("mean intersection over union", "Skarnhold Glacier Set", "Mean IoU"),
    "VH06": ("WER%", "Dastrup-7 Chorus", "Word Error Rate"),
    "VH07": ("WER of 7 percent", "Veltmoor Dawn Set", "Word Error Rate"),
    "VH08": ("error rate", "Dastrup-7 Chorus", "Word Error Rate"),
    "VH09": ("acc.", "Hollenby Marsh Calls", "Accuracy"), "VH10": ("F1-score", "Hollenby Marsh Calls", None),
    "VH11": ("BLEU points", "Orrenby Parallel Corpus", "BLEU"), "VH12": ("chr-F", "Mirelle Subtitles", "chrF"),
    "VH13": ("CHRF", "Mirelle Subtitles", "chrF"), "VH14": ("Bleu", "Orrenby", "BLEU"),
    "VH15": ("bleu", "Orrenby Parallel Corpus", "BLEU"), "VH16": ("mIoU", "kelp canopy mapping", "Mean IoU"),
    "VH17": ("F1 of 76%", "Sealbrook Turbine Logs", "F1"), "VH18": ("F-score", "Sealbrook Turbine Logs", "F1"),
    "VH19": ("F1-score", "Sealbrook Turbine Logs", "F1"), "VH20": ("Dice score", "kelp", None),
}


# ------------------------------------------------------------------------------------------
# file checks
# ------------------------------------------------------------------------------------------
def words(s):
    out = set()
    for t in re.findall(r"[a-z0-9.\-']+", s.lower()):
        t = t.strip(".-'")
        if t:
            out.add(t)
    return out


def jaccard(a, b):
    a, b = words(a), words(b)
    return len(a & b) / len(a | b) if a | b else 0.0


def parts(notes):
    """The 'Right answer:' part (up to 'Why:') and the 'Careless answer:' part of the notes."""
    i, k, j = notes.find("Right answer:"), notes.find("Why:"), notes.find("Careless answer:")
    if i < 0 or j < 0 or j < i or not i < k < j:
        return None, None
    return notes[i:k], notes[j:]


def parse_counts(text):
    sec = text.split("\n## Counts", 1)
    if len(sec) < 2:
        return None
    body = sec[1].split("\n## ", 1)[0]
    tables, cur = {}, None
    for line in body.splitlines():
        line = line.strip()
        if not line.startswith("|"):
            cur = None
            continue
        cells = [c.strip().strip("`*") for c in line.strip("|").split("|")]
        if len(cells) != 2 or set(cells[0]) <= set("- :"):
            continue
        if cur is None:
            cur = cells[0]
            tables[cur] = {}
            continue
        try:
            tables[cur][cells[0]] = int(cells[1])
        except ValueError:
            pass
    return tables


def check_file():
    with open(FIRST_FILE) as f:
        first = [json.loads(l) for l in f if l.strip()]
    fields = list(first[0].keys())
    td_questions = [(q["id"], q["question"]) for q in first]
    try:
        with open(FILE) as f:
            lines = [l for l in f if l.strip()]
        qs = [json.loads(l) for l in lines]
    except Exception as e:  # noqa: BLE001
        fail(f"file {FILE} does not parse: {e}")
        return []
    if len(qs) != 20:
        fail(f"file has {len(qs)} questions, not 20")
    ids = [q.get("id") for q in qs]
    if ids != [f"VH{i:02d}" for i in range(1, 21)]:
        fail(f"ids are not VH01-VH20 in order: {ids}")
    if len(set(ids)) != len(ids):
        fail("duplicate ids")
    qtexts = [q.get("question") for q in qs]
    if len(set(qtexts)) != len(qtexts):
        fail("duplicate questions")
    for i, q in enumerate(qs):
        qid = q.get("id", f"line{i + 1}")
        if list(q.keys()) != fields:
            fail(f"{qid}: fields {list(q.keys())} are not {fields}")
            continue
        want_graph = f"g{i // 5 + 1}.ttl"
        if q["graph"] != want_graph:
            fail(f"{qid}: graph {q['graph']}, five per graph wants {want_graph}")
        if q["query_type"] not in QUERY_TYPES:
            fail(f"{qid}: query_type {q['query_type']!r}")
        if q["mechanism"] not in MECHANISMS:
            fail(f"{qid}: mechanism {q['mechanism']!r}")
        isclaim = q["query_type"] == "claim_verification"
        if isclaim and q["verdict"] not in VERDICTS:
            fail(f"{qid}: a claim with verdict {q['verdict']!r}")
        if not isclaim and q["verdict"] is not None:
            fail(f"{qid}: verdict {q['verdict']!r} on a {q['query_type']}")
        for k in ("expected", "must_keep", "must_remove"):
            if not isinstance(q[k], list) or not all(isinstance(x, str) for x in q[k]):
                fail(f"{qid}: {k} is not a list of strings")
        for tid, tq in td_questions:
            j = jaccard(q["question"], tq)
            if j > 0.6:
                fail(f"{qid}: Jaccard {j:.2f} with {tid} (bound 0.6)")
    claims = [q for q in qs if q.get("query_type") == "claim_verification"]
    if not 6 <= len(claims) <= 10:
        fail(f"{len(claims)} claims, not 6-10")
    used = {q.get("verdict") for q in claims}
    for v in VERDICTS:
        if v not in used:
            fail(f"verdict {v} is never used")
    return qs


def check_strings_and_facts(q, w):
    qid = q["id"]
    for s in q["expected"]:
        ok = s in w.labels or s in w.titles or s in w.dois or s in w.years or s in w.values
        if not ok:
            fail(f"{qid}: expected string {s!r} is not a label, title, DOI, valid year or clean value of {w.name}")
    for k in ("must_keep", "must_remove"):
        for f_ in q[k]:
            mt = FACT_RE.match(f_)
            if not mt:
                fail(f"{qid}: {k} {f_!r} is not 'Model scores V on Dataset by Metric'")
                continue
            m, v, d, metric = mt.groups()
            if clean(v) != v:
                fail(f"{qid}: {k} {f_!r}: {v!r} is not a clean value")
            if not w.fact_exists(m, v, d, metric):
                fail(f"{qid}: {k} {f_!r} is not in {w.name}")
    right, careless = parts(q["notes"])
    if right is None:
        fail(f"{qid}: notes lack 'Right answer:', 'Why:' or 'Careless answer:' in that order")
        return None, None
    for s in q["expected"]:
        if s not in right:
            fail(f"{qid}: expected string {s!r} is not in the notes' Right answer")
    if q["verdict"] and q["verdict"] not in right:
        fail(f"{qid}: the verdict {q['verdict']} is not in the notes' Right answer")
    return right, careless


def check_keep_remove(q, w, ctxs, anchor):
    qid = q["id"]
    for k in ("must_keep", "must_remove"):
        for f_ in q[k]:
            mt = FACT_RE.match(f_)
            if not mt:
                continue
            m, v, d, metric = mt.groups()
            bad = 0
            for ctx in ctxs:
                try:
                    s = surv(w, ctx, m, d, metric, anchor)
                except Open as e:
                    fail(f"{qid}: {f_!r}: open detail: {e}")
                    break
                inside = any(float(x) == float(v) for x in s)
                if (k == "must_keep") != inside:
                    bad += 1
            if bad:
                what = "does not survive" if k == "must_keep" else "survives"
                fail(f"{qid}: {k} {f_!r} {what} at anchor {anchor} in {bad} of {len(ctxs)} readings")


def second_opinion(qs):
    saved = os.environ.get("TRUST_NOW")
    if saved is not None and not saved.strip():
        del os.environ["TRUST_NOW"]  # an empty TRUST_NOW is unset (check.py rejects the empty string)
    try:
        sys.path.insert(0, TRUST)
        import check  # noqa: E402  (not read; its surviving() is compared with ours)
    except Exception as e:  # noqa: BLE001
        fail(f"second opinion: cannot import check.py: {type(e).__name__}")
        return
    finally:
        if saved is not None:
            os.environ["TRUST_NOW"] = saved
    calls = agree = 0
    for q in qs:
        if q.get("id") not in COMPUTERS or not isinstance(q.get("must_keep"), list):
            continue
        w = W(q["graph"])
        try:
            anchor = COMPUTERS[q["id"]](w, contexts(w)[0])["anchor"]
        except Exception:  # noqa: BLE001
            continue
        cg = check.G(q["graph"])
        for f_ in q["must_keep"] + q["must_remove"]:
            mt = FACT_RE.match(f_)
            if not mt:
                continue
            m, v, d, metric = mt.groups()
            calls += 1
            theirs = {float(x) for x in check.surviving(cg, m, d, metric, anchor)[0]}
            mine = set()
            for agg in ("newest", "mean"):
                for diff in ("abs", "rel", "share"):
                    for ys in itertools.product(*[w.papers[p]["years"] for p in w.two_year]):
                        ctx = Ctx(check.NOW, agg, diff, "out", dict(zip(w.two_year, ys)))
                        mine.add(frozenset(float(x) for x in surv(w, ctx, m, d, metric, anchor)))
            if mine == {frozenset(theirs)}:
                agree += 1
            else:
                fail(f"{q['id']}: second opinion: check.surviving({m}, {d}, {metric}, {anchor}) = "
                     f"{sorted(theirs)}, ours {[sorted(x) for x in mine]}")
    print(f"second opinion: check.surviving agrees on {agree} of {calls} calls at check.NOW={check.NOW}")


def check_readme(qs):
    try:
        with open(README) as f:
            text = f.read()
    except OSError:
        fail("README58.md missing")
        return
    first = text.splitlines()[0] if text else ""
    if not re.fullmatch(r"# trust-dev58\.jsonl: .+ \(VH01–VH20\)", first):
        fail(f"README58 first line {first!r}")
    tables = parse_counts(text)
    if not tables:
        fail("README58 has no Counts section")
        return
    want = {
        "total": {"questions": len(qs), "claims": sum(q.get("query_type") == "claim_verification" for q in qs)},
        "verdict": {}, "mechanism": {}, "query type": {}, "graph": {},
    }
    for q in qs:
        v = q.get("verdict") or "null"
        want["verdict"][v] = want["verdict"].get(v, 0) + 1
        want["mechanism"][q.get("mechanism")] = want["mechanism"].get(q.get("mechanism"), 0) + 1
        want["query type"][q.get("query_type")] = want["query type"].get(q.get("query_type"), 0) + 1
        gk = str(q.get("graph", "")).replace(".ttl", "")
        want["graph"][gk] = want["graph"].get(gk, 0) + 1
    for name, counts in want.items():
        got = tables.get(name)
        if got is None:
            fail(f"README: Counts section lacks the '{name}' table")
            continue
        keys = set(got) | set(counts)
        diff = {k: (got.get(k, 0), counts.get(k, 0)) for k in sorted(keys) if got.get(k, 0) != counts.get(k, 0)}
        if diff:
            fail(f"README: Counts section differs (README, file) for '{name}': {diff}")


def main():
    qs = check_file()
    for q in qs:
        qid = q.get("id")
        if qid not in COMPUTERS or not isinstance(q.get("notes"), str) or "graph" not in q:
            continue
        n0 = len(FAILS)
        w = W(q["graph"])
        sp, board_name, metric = SPELLING[qid]
        if sp not in q["question"]:
            fail(f"{qid}: the metric spelling {sp!r} is not in the question")
        if board_name.lower() not in q["question"].lower():
            fail(f"{qid}: the board {board_name!r} is not named in the question")
        if metric is not None and metric not in w.metric_labels:
            fail(f"{qid}: {metric} is not a metric of {w.name}")
        right, careless_text = check_strings_and_facts(q, w)
        ctxs = contexts(w)
        results, opened = set(), None
        for ctx in ctxs:
            try:
                r = COMPUTERS[qid](w, ctx)
            except Open as e:
                opened = f"{e} ({ctx})"
                break
            key = json.dumps({k: r[k] for k in ("expected", "verdict", "keep", "remove", "anchor")}, sort_keys=True)
            results.add(key)
            last = r
        if opened:
            fail(f"{qid}: a detail the rules leave open: {opened}")
            continue
        if len(results) != 1:
            fail(f"{qid}: the answer depends on the reading: {sorted(results)}")
            continue
        r = last
        if sorted(q["expected"]) != r["expected"]:
            fail(f"{qid}: expected is {q['expected']}, the graph gives {r['expected']}")
        if q["verdict"] != r["verdict"]:
            fail(f"{qid}: verdict is {q['verdict']!r}, the graph gives {r['verdict']!r}")
        if sorted(q["must_keep"]) != r["keep"]:
            fail(f"{qid}: must_keep is {q['must_keep']}, the graph gives {r['keep']}")
        if sorted(q["must_remove"]) != r["remove"]:
            fail(f"{qid}: must_remove is {q['must_remove']}, the graph gives {r['remove']}")
        check_keep_remove(q, w, ctxs, r["anchor"])
        right_answer = r["verdict"] if r["verdict"] else r["expected"]
        for what, ans in r["careless"]:
            if isinstance(ans, str):
                if ans == right_answer:
                    fail(f"{qid}: careless answer ({what}) {ans} equals the right one")
                if ans == q["verdict"]:
                    fail(f"{qid}: the file's verdict {ans!r} is the careless one ({what})")
                if careless_text is not None and ans not in careless_text:
                    fail(f"{qid}: the notes' Careless answer does not name {ans} ({what})")
            else:
                if sorted(ans) == sorted(r["expected"]):
                    fail(f"{qid}: careless answer ({what}) {ans} equals the right one")
                if sorted(ans) == sorted(q["expected"]):
                    fail(f"{qid}: the file's expected {q['expected']} is the careless one ({what})")
                for s in ans:
                    if careless_text is not None and s not in careless_text:
                        fail(f"{qid}: the notes' Careless answer does not name {s!r} ({what})")
        if len(FAILS) == n0:
            print(f"ok {qid} ({len(ctxs)} readings)")
    second_opinion(qs)
    check_readme(qs)
    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
