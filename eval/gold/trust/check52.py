#!/usr/bin/env python3
"""Checker for trust-dev52.jsonl (VB01-VB20): re-derives every question from g1.ttl .. g4.ttl with rdflib.

Each question has its own computer (vb01 .. vb20). A computer is run for every current year 2025-2030 (and
TRUST_NOW if set and non-empty), every one of the six readings of the conflict rule (newest or mean paper age;
absolute, relative or share difference of the weights) and both readings of an undated paper on an unanchored
board (left out or kept); all runs must give the same answer, and that answer must equal the file's. Readings the
graph itself allows (a paper with two real years, a close conflict's two values) are folded into the answer by the
computers (a claim is decided only when all of them agree).

Usage: python3 check52.py            (VB_FILE=/path/to/copy.jsonl to check another copy)
"""
import itertools
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True
import rdflib

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = "/work/main/eval/gold/trust"
VB_FILE = os.environ.get("VB_FILE") or os.path.join(HERE, "trust-dev52.jsonl")
README = os.path.join(HERE, "README52.md")
FIRST = os.path.join(TRUST, "trust-dev.jsonl")

LAMBDA, THRESH = 0.08, 0.30
NOWS = list(range(2025, 2031))
_tn = os.environ.get("TRUST_NOW", "").strip()
if _tn:
    NOWS = sorted(set(NOWS + [int(_tn)]))
AGES = ("newest", "mean")
CMPS = ("abs", "rel", "share")
UNDATED = ("exclude", "include")
LOWER_BETTER = {"Word Error Rate"}

QTYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage",
          "paper_lookup"}
MECHS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}

P = rdflib.Namespace("http://orkg.org/orkg/predicate/")
C = rdflib.Namespace("http://orkg.org/orkg/class/")
RDFS = rdflib.RDFS

FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")


class Open(Exception):
    """A computation reached a detail the public rules leave open."""


def clean(raw):
    s = raw.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    try:
        float(s)
    except ValueError:
        return None
    return s


class Graph:
    def __init__(self, name):
        self.name = name
        g = rdflib.Graph()
        g.parse(os.path.join(TRUST, name), format="turtle")
        self.g = g
        lab = lambda n: str(g.value(n, RDFS.label)) if g.value(n, RDFS.label) is not None else None
        self.labels = {str(o) for o in g.objects(None, RDFS.label)}
        self.papers = {}
        self.rows = []
        for p in g.subjects(rdflib.RDF.type, C.Paper):
            ys = sorted(int(o) for o in g.objects(p, P.P29))
            self.papers[p] = dict(title=lab(p), dois=sorted(str(o) for o in g.objects(p, P.P26)),
                                  p29=ys, years=[y for y in ys if y >= 1000])
            for c in g.objects(p, P.P31):
                m = g.value(c, P.HAS_MODEL)
                for b in g.objects(c, P.HAS_BENCHMARK):
                    d = g.value(b, P.HAS_DATASET)
                    for e in g.objects(b, P.HAS_EVALUATION):
                        raw = str(g.value(e, P.HAS_VALUE))
                        cv = clean(raw)
                        self.rows.append(dict(model=lab(m) if m is not None else None, dataset=lab(d),
                                              metric=lab(g.value(e, P.HAS_METRIC)), raw=raw, clean=cv,
                                              num=float(cv) if cv is not None else None, paper=p))
        self.multi = sorted((p for p, d in self.papers.items() if len(d["years"]) > 1), key=str)
        self.clean_values = {r["clean"] for r in self.rows if r["clean"] is not None}
        self.titles = {d["title"] for d in self.papers.values()}
        self.dois = {x for d in self.papers.values() for x in d["dois"]}
        self.valid_years = {str(y) for d in self.papers.values() for y in d["years"]}

    def title_of(self, model_prefix):
        return [p for p, d in self.papers.items() if d["title"].startswith(model_prefix + ":")]

    def year_assigns(self):
        for combo in itertools.product(*[self.papers[p]["years"] for p in self.multi]):
            yield dict(zip(self.multi, combo))

    def year(self, p, ya):
        ys = self.papers[p]["years"]
        if not ys:
            return None
        if len(ys) == 1:
            return ys[0]
        return ya[p]

    def paper_name(self, p):
        """README51 convention: model label when the title starts with 'Model:', else the full title."""
        t = self.papers[p]["title"]
        if ":" in t and t.split(":")[0] in self.labels:
            return t.split(":")[0]
        return t


GRAPHS = {}


def G(name):
    if name not in GRAPHS:
        GRAPHS[name] = Graph(name)
    return GRAPHS[name]


class Reading:
    def __init__(self, now, age, cmp, undated):
        self.now, self.age, self.cmp, self.undated = now, age, cmp, undated

    def __repr__(self):
        return f"now={self.now}/{self.age}/{self.cmp}/undated-{self.undated}"


def in_scope(year, anchor, rd):
    if anchor is None:
        return year is not None or rd.undated == "include"
    return year is not None and year <= anchor


def fmt(gr, num):
    for r in gr.rows:
        if r["num"] == num:
            return r["clean"]
    return repr(num)


def surviving(gr, model, ds, met, anchor, rd, ya):
    """Values (floats) of model on ds/met that survive the conflict rule at the anchor."""
    groups = {}
    for r in gr.rows:
        if r["model"] == model and r["dataset"] == ds and r["metric"] == met and r["num"] is not None:
            y = gr.year(r["paper"], ya)
            if in_scope(y, anchor, rd):
                groups.setdefault(r["num"], {})[r["paper"]] = y
    if len(groups) <= 1:
        return set(groups)
    ref = anchor if anchor is not None else rd.now
    w = {}
    for v, ps in groups.items():
        if any(y is None for y in ps.values()):
            raise Open(f"undated paper in the conflict {model} {ds} {met}")
        ages = [ref - y for y in ps.values()]
        age = min(ages) if rd.age == "newest" else sum(ages) / len(ages)
        w[v] = math.exp(-LAMBDA * age) * (1 + 0.8 * math.log(1 + len(ps)))
    wmax = max(w.values())
    keep = set()
    for v, x in w.items():
        d = wmax - x
        if rd.cmp == "rel":
            d = d / wmax
        elif rd.cmp == "share":
            d = d / (wmax + x)
        if not d > THRESH:
            keep.add(v)
    return keep


def models_on(gr, ds, met):
    return sorted({r["model"] for r in gr.rows if r["dataset"] == ds and r["metric"] == met and r["model"]})


def worlds(gr, ds, met, anchor, rd):
    """Every board the graph allows: one per year assignment and per choice among close values."""
    out = []
    for ya in gr.year_assigns():
        per = {}
        for m in models_on(gr, ds, met):
            s = surviving(gr, m, ds, met, anchor, rd, ya)
            if s:
                per[m] = sorted(s)
        ms = sorted(per)
        for combo in itertools.product(*[per[m] for m in ms]):
            out.append(dict(zip(ms, combo)))
    return out


def best(board, met):
    lower = met in LOWER_BETTER
    ms = sorted(board, key=lambda m: board[m], reverse=not lower)
    top = board[ms[0]]
    leaders = [m for m in ms if board[m] == top]
    if len(leaders) > 1:
        raise Open("tie for the best")
    return ms[0], top


def better(a, b, met):
    return a < b if met in LOWER_BETTER else a > b


def fact(m, v, d, k):
    return f"{m} scores {v} on {d} by {k}"


def one(xs, what):
    xs = [json.dumps(x, sort_keys=True) for x in xs]
    if len(set(xs)) != 1:
        raise Open(f"{what} differs between readings the graph allows")
    return json.loads(xs[0])


def fold_verdict(bools):
    s = set(bools)
    if s == {True}:
        return "SUPPORTED"
    if s == {False}:
        return "REFUTED"
    return "UNCERTAIN"


def fact_status(gr, f, anchor, rd):
    """'kept' when the fact survives at the anchor under every year assignment, 'out' when it lies outside the
    anchor (after it, or undated under it) under every one, 'removed' when the conflict rule removes it."""
    m, v, d, k = FACT_RE.match(f).groups()
    num = float(v)
    sts = set()
    for ya in gr.year_assigns():
        rows = [r for r in gr.rows if (r["model"], r["dataset"], r["metric"], r["num"]) == (m, d, k, num)]
        if not any(in_scope(gr.year(r["paper"], ya), anchor, rd) for r in rows):
            sts.add("out")
        elif num in surviving(gr, m, d, k, anchor, rd, ya):
            sts.add("kept")
        else:
            sts.add("removed")
    return sts


# ------------------------------------------------------------------------------------------------------------
# careless readings
# ------------------------------------------------------------------------------------------------------------
def naive_rows(gr, ds, met, anchor=None, min_p29=True):
    """No conflict rule; a paper's year is its smallest raw P29 (a month read as a year)."""
    out = []
    for r in gr.rows:
        if r["dataset"] == ds and r["metric"] == met and r["num"] is not None:
            p29 = gr.papers[r["paper"]]["p29"]
            y = min(p29) if p29 else None
            if anchor is None or (y is not None and y <= anchor):
                out.append(r)
    return out


def naive_best(gr, ds, met, anchor=None):
    rows = naive_rows(gr, ds, met, anchor)
    key = (lambda r: r["num"]) if met in LOWER_BETTER else (lambda r: -r["num"])
    r = sorted(rows, key=key)[0]
    return r["model"], r["clean"]


# ------------------------------------------------------------------------------------------------------------
# computers: each returns dict(expected, verdict, must_keep, must_remove) and, separately, the careless answer
# ------------------------------------------------------------------------------------------------------------
BM, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
DC, HM = "Dastrup-7 Chorus", "Hollenby Marsh Calls"
OP, MS, QD = "Orrenby Parallel Corpus", "Mirelle Subtitles", "Quenmark Dialogue Set"
ST, KN = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"
WER = "Word Error Rate"


def model_facts(gr, m, ds, met, anchor, rd, want):
    """Facts of m on ds/met whose status is exactly `want` ('kept' or 'removed'/'out') under every assignment."""
    out = []
    for num in sorted({r["num"] for r in gr.rows if (r["model"], r["dataset"], r["metric"]) == (m, ds, met)
                       and r["num"] is not None}):
        f = fact(m, fmt(gr, num), ds, met)
        st = fact_status(gr, f, anchor, rd)
        if (want == "kept" and st == {"kept"}) or (want == "gone" and "kept" not in st):
            out.append(f)
    return out


def board_best(gr, ds, met, anchor, rd):
    return one([best(b, met) for b in worlds(gr, ds, met, anchor, rd)], f"best on {ds}")


def gone_better(gr, ds, met, anchor, rd, than):
    """Facts on the board better than `than` that are removed, after the anchor, or undated under it."""
    out = []
    for m in models_on(gr, ds, met):
        for f in model_facts(gr, m, ds, met, anchor, rd, "gone"):
            v = float(FACT_RE.match(f).group(2))
            undated = anchor is not None and all(
                not gr.papers[r["paper"]]["years"]
                for r in gr.rows if (r["model"], r["dataset"], r["metric"], r["num"]) == (m, ds, met, v))
            if better(v, than, met) or undated:
                out.append(f)
    return sorted(out)


def claim_best(gr, model, ds, met, anchor, rd):
    """Verdict for 'model leads ds/met at anchor', folded over every world."""
    return fold_verdict([best(b, met)[0] == model for b in worlds(gr, ds, met, anchor, rd)])


def vb01(gr, rd):
    m, v = board_best(gr, BM, "Accuracy", None, rd)
    keep = [fact(m, fmt(gr, v), BM, "Accuracy")] + model_facts(gr, "Tavrosa", BM, "Accuracy", None, rd, "kept")
    return dict(expected=[m, fmt(gr, v)], verdict=claim_best(gr, "Tavrosa", BM, "Accuracy", None, rd),
                must_keep=keep, must_remove=model_facts(gr, "Tavrosa", BM, "Accuracy", None, rd, "gone"))


def cl01(gr):  # the claim judged on the board as the pasted 2020 row stood
    m, _ = naive_best(gr, BM, "Accuracy", 2020)
    return ("SUPPORTED" if m == "Tavrosa" else "REFUTED"), ["SUPPORTED", "86.1"]


def value_of(gr, m, ds, met, rd):
    vals = one([sorted(surviving(gr, m, ds, met, None, rd, ya)) for ya in gr.year_assigns()], "surviving")
    return [fmt(gr, v) for v in vals]


def vb02(gr, rd):
    return dict(expected=value_of(gr, "Orvalis-CNN", CI, "F1", rd), verdict=None,
                must_keep=model_facts(gr, "Orvalis-CNN", CI, "F1", None, rd, "kept"),
                must_remove=model_facts(gr, "Orvalis-CNN", CI, "F1", None, rd, "gone"))


def cl02(gr):  # no conflict rule: the draft's (highest) value
    v = max(r["num"] for r in naive_rows(gr, CI, "F1") if r["model"] == "Orvalis-CNN")
    return [fmt(gr, v)], [fmt(gr, v)]


def anchored_best(gr, ds, met, anchor, rd):
    m, v = board_best(gr, ds, met, anchor, rd)
    return dict(expected=[m, fmt(gr, v)], verdict=None, must_keep=[fact(m, fmt(gr, v), ds, met)],
                must_remove=gone_better(gr, ds, met, anchor, rd, v))


def vb03(gr, rd):
    return anchored_best(gr, SK, "Mean IoU", 2019, rd)


def cl03(gr):
    m, v = naive_best(gr, SK, "Mean IoU", 2019)
    return [m, v], [m, v]


def vb04(gr, rd):
    m, v = board_best(gr, CI, "F1", None, rd)
    seconds = []
    for b in worlds(gr, CI, "F1", None, rd):
        rest = {x: y for x, y in b.items() if x != m}
        seconds.append(best(rest, "F1"))
    s2, v2 = one(seconds, "runner-up")
    return dict(expected=[m, fmt(gr, v)], verdict=claim_best(gr, "Brackwater-UNet", CI, "F1", None, rd),
                must_keep=[fact(m, fmt(gr, v), CI, "F1"), fact(s2, fmt(gr, v2), CI, "F1")],
                must_remove=gone_better(gr, CI, "F1", None, rd, v))


def cl04(gr):
    m, v = naive_best(gr, CI, "F1")
    return ("SUPPORTED" if m == "Brackwater-UNet" else "REFUTED"), ["REFUTED", m, v]


def dois_of_model_paper(gr, model):
    ps = gr.title_of(model)
    if len(ps) != 1:
        raise Open(f"{model}: {len(ps)} own papers")
    return gr.papers[ps[0]]["dois"]


def vb05(gr, rd):
    return dict(expected=dois_of_model_paper(gr, "Tavrosa"), verdict=None, must_keep=[], must_remove=[])


def cl05(gr):  # DOIs of any paper holding a Tavrosa row
    ds = sorted({d for r in gr.rows if r["model"] == "Tavrosa" for d in gr.papers[r["paper"]]["dois"]})
    return ds, ds


def vb06(gr, rd):
    m, v = board_best(gr, HM, "Accuracy", None, rd)
    keep = [fact(m, fmt(gr, v), HM, "Accuracy")] + model_facts(gr, "Syrinxa", HM, "Accuracy", None, rd, "kept")
    return dict(expected=[m, fmt(gr, v)], verdict=None, must_keep=keep,
                must_remove=gone_better(gr, HM, "Accuracy", None, rd, v))


def cl06(gr):
    m, v = naive_best(gr, HM, "Accuracy")
    return [m, v], [m, v]


def vb07(gr, rd):
    m, v = board_best(gr, DC, WER, None, rd)
    cor = model_facts(gr, "Corrasine", DC, WER, None, rd, "kept")
    return dict(expected=[m, fmt(gr, v)], verdict=claim_best(gr, "Corrasine", DC, WER, None, rd),
                must_keep=[fact(m, fmt(gr, v), DC, WER)] + cor, must_remove=[])


def cl07(gr):  # newest result taken as the best
    rows = naive_rows(gr, DC, WER)
    r = max(rows, key=lambda r: max(gr.papers[r["paper"]]["years"] or [0]))
    return ("SUPPORTED" if r["model"] == "Corrasine" else "REFUTED"), ["SUPPORTED"]


def pair_worlds(gr, a, b, ds, met, anchor, rd):
    out = []
    for ya in gr.year_assigns():
        va = sorted(surviving(gr, a, ds, met, anchor, rd, ya))
        vb = sorted(surviving(gr, b, ds, met, anchor, rd, ya))
        if not va or not vb:
            raise Open("pair missing")
        out += [(x, y) for x in va for y in vb]
    return out


def vb08(gr, rd):
    ws = pair_worlds(gr, "Trillbert", "Warbleon", DC, WER, None, rd)
    vals = sorted({x for x, _ in ws}) + sorted({y for _, y in ws})
    return dict(expected=[fmt(gr, v) for v in vals],
                verdict=fold_verdict([better(x, y, WER) for x, y in ws]),
                must_keep=model_facts(gr, "Trillbert", DC, WER, None, rd, "kept")
                + model_facts(gr, "Warbleon", DC, WER, None, rd, "kept"), must_remove=[])


def cl08(gr):  # higher read as better
    t = [r["num"] for r in naive_rows(gr, DC, WER) if r["model"] == "Trillbert"]
    w = [r["num"] for r in naive_rows(gr, DC, WER) if r["model"] == "Warbleon"]
    return ("SUPPORTED" if all(x > y for x in t for y in w) else "REFUTED"), ["REFUTED"]


def vb09(gr, rd):
    vals = one([sorted(surviving(gr, "Syrinxa", HM, "Accuracy", None, rd, ya)) for ya in gr.year_assigns()], "v")
    if vals != [88.3]:
        raise Open("Syrinxa 88.3 does not survive alone")
    ps = sorted({r["paper"] for r in gr.rows if (r["model"], r["dataset"], r["num"]) == ("Syrinxa", HM, 88.3)},
                key=lambda p: (gr.papers[p]["years"] or [0])[0])
    return dict(expected=[gr.paper_name(p) for p in ps], verdict=None,
                must_keep=model_facts(gr, "Syrinxa", HM, "Accuracy", None, rd, "kept"),
                must_remove=model_facts(gr, "Syrinxa", HM, "Accuracy", None, rd, "gone"))


def cl09(gr):  # exact string match on "88.3"
    ps = {r["paper"] for r in gr.rows if r["model"] == "Syrinxa" and r["raw"] == "88.3"}
    return [gr.paper_name(p) for p in ps], ["four papers"]


def vb10(gr, rd):
    return anchored_best(gr, DC, WER, 2018, rd)


def cl10(gr):
    m, v = naive_best(gr, DC, WER, 2018)
    return [m, v], [m, v]


def vb11(gr, rd):
    m, v = board_best(gr, OP, "BLEU", None, rd)
    return dict(expected=[m, fmt(gr, v)], verdict=None, must_keep=[fact(m, fmt(gr, v), OP, "BLEU")],
                must_remove=gone_better(gr, OP, "BLEU", None, rd, v))


def cl11(gr):  # string MAX
    r = max(naive_rows(gr, OP, "BLEU"), key=lambda r: r["raw"])
    return [r["model"], r["clean"]], [r["model"], r["clean"]]


def vb12(gr, rd):
    exp, keep, rem = [], [], []
    for ds in sorted({r["dataset"] for r in gr.rows if r["model"] == "Gannetron"}, key=lambda d: d != OP):
        vals = value_of(gr, "Gannetron", ds, "BLEU", rd)
        if len(vals) != 1:
            raise Open("Gannetron not single-valued")
        exp += [ds] + vals
        keep += model_facts(gr, "Gannetron", ds, "BLEU", None, rd, "kept")
        rem += model_facts(gr, "Gannetron", ds, "BLEU", None, rd, "gone")
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=rem)


def cl12(gr):  # the model's own paper's value
    own = gr.title_of("Gannetron")[0]
    v = [r["clean"] for r in gr.rows if r["paper"] == own and r["dataset"] == OP][0]
    return [OP, v], [OP, v]


def vb13(gr, rd):
    ws = worlds(gr, MS, "chrF", None, rd)
    vals = sorted({b["Murrelet-MT"] for b in ws}, reverse=True)
    verdict = fold_verdict([best(b, "chrF")[0] == "Murrelet-MT" for b in ws])
    others = sorted({best(b, "chrF") for b in ws if best(b, "chrF")[0] != "Murrelet-MT"})
    exp = [fmt(gr, v) for v in vals] + [x for m, v in others for x in (m, fmt(gr, v))]
    keep = model_facts(gr, "Murrelet-MT", MS, "chrF", None, rd, "kept") + [fact(m, fmt(gr, v), MS, "chrF")
                                                                         for m, v in others]
    return dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=[])


def cl13(gr):  # the reviewed paper's own (first) value only
    own = gr.title_of("Murrelet-MT")[0]
    v = [r["num"] for r in gr.rows if r["paper"] == own and r["dataset"] == MS][0]
    board = {r["model"]: r["num"] for r in naive_rows(gr, MS, "chrF") if r["model"] != "Murrelet-MT"}
    board["Murrelet-MT"] = v
    return ("SUPPORTED" if best(board, "chrF")[0] == "Murrelet-MT" else "REFUTED"), ["SUPPORTED", "55.1"]


def vb14(gr, rd):
    ws = pair_worlds(gr, "Ibbotrans", "Murrelet-MT", OP, "BLEU", None, rd)
    vals = sorted({x for x, _ in ws}) + sorted({y for _, y in ws})
    return dict(expected=[fmt(gr, v) for v in vals], verdict=fold_verdict([better(x, y, "BLEU") for x, y in ws]),
                must_keep=model_facts(gr, "Ibbotrans", OP, "BLEU", None, rd, "kept")
                + model_facts(gr, "Murrelet-MT", OP, "BLEU", None, rd, "kept"), must_remove=[])


def cl14(gr):  # newer taken as better
    yi = gr.papers[gr.title_of("Ibbotrans")[0]]["years"][0]
    ym = gr.papers[gr.title_of("Murrelet-MT")[0]]["years"][0]
    return ("SUPPORTED" if yi > ym else "REFUTED"), ["SUPPORTED"]


def vb15(gr, rd):
    rows = [r for r in gr.rows if (r["model"], r["dataset"], r["metric"]) == ("Ostrada-T", MS, "chrF")]
    if not rows:
        raise Open("no Ostrada-T row at all")
    return dict(expected=[r["clean"] for r in rows if r["clean"] is not None], verdict=None, must_keep=[],
                must_remove=[])


def cl15(gr):  # any number of the model
    v = [r["clean"] for r in gr.rows if r["model"] == "Ostrada-T" and r["clean"] is not None]
    return v, v


def vb16(gr, rd):
    return anchored_best(gr, ST, "F1", 2018, rd)


def cl16(gr):
    m, v = naive_best(gr, ST, "F1", 2018)
    return [m, v], [m, v]


def vb17(gr, rd):
    t, m = gr.title_of("Tidewick")[0], gr.title_of("Marrowfen")[0]
    yt, ym = gr.papers[t]["years"], gr.papers[m]["years"]
    if len(ym) != 1 or not yt:
        raise Open("years")
    return dict(expected=[str(y) for y in yt] + [str(ym[0])],
                verdict=fold_verdict([y > ym[0] for y in yt]), must_keep=[], must_remove=[])


def cl17(gr):
    t, m = gr.title_of("Tidewick")[0], gr.title_of("Marrowfen")[0]
    return ("SUPPORTED" if max(gr.papers[t]["p29"]) > max(gr.papers[m]["p29"]) else "REFUTED"), ["SUPPORTED"]


def vb18(gr, rd):
    m, v = board_best(gr, KN, "Mean IoU", 2023, rd)
    return dict(expected=[m, fmt(gr, v)], verdict=claim_best(gr, "Marrowfen", KN, "Mean IoU", 2023, rd),
                must_keep=[fact(m, fmt(gr, v), KN, "Mean IoU")],
                must_remove=gone_better(gr, KN, "Mean IoU", 2023, rd, v))


def cl18(gr):
    m, v = naive_best(gr, KN, "Mean IoU", 2023)
    return ("SUPPORTED" if m == "Marrowfen" else "REFUTED"), ["REFUTED", m, v]


def vb19(gr, rd):
    return dict(expected=dois_of_model_paper(gr, "Undertow-GNN"), verdict=None, must_keep=[], must_remove=[])


def cl19(gr):
    d = dois_of_model_paper(gr, "Undertow-GNN")[:1]
    return d, ["one DOI only"] + d


def vb20(gr, rd):
    rows = [r for r in gr.rows if (r["model"], r["dataset"], r["metric"]) == ("Fucusnet", ST, "F1")]
    if rows:
        raise Open("Fucusnet has a Sealbrook row")
    # the claimed number is not beyond the board's best, so no best has to be named
    for b in worlds(gr, ST, "F1", None, rd):
        if better(70.2, best(b, "F1")[1], "F1"):
            raise Open("claimed number beyond the best")
    return dict(expected=[], verdict="UNCERTAIN", must_keep=[], must_remove=[])


def cl20(gr):  # any model's row with the value on the board
    hit = any(r["num"] == 70.2 for r in naive_rows(gr, ST, "F1"))
    return ("SUPPORTED" if hit else "UNCERTAIN"), ["SUPPORTED", "Brinehawk", "70.2"]


COMPUTERS = {f"VB{i:02d}": (globals()[f"vb{i:02d}"], globals()[f"cl{i:02d}"]) for i in range(1, 21)}
ANCHORS = {"VB03": 2019, "VB10": 2018, "VB16": 2018, "VB18": 2023}


# ------------------------------------------------------------------------------------------------------------
def words(s):
    return set(re.findall(r"[a-z0-9]+(?:[-.][a-z0-9]+)*", s.lower()))


def jaccard(a, b):
    a, b = words(a), words(b)
    return len(a & b) / len(a | b) if a | b else 0.0


def parse_counts():
    text = open(README, encoding="utf-8").read()
    sec = text.split("## Counts", 1)[1].split("\n## ", 1)[0]
    out = {}
    for line in sec.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[1].isdigit():
            out[cells[0]] = int(cells[1])
    return text, out


def main():
    fails = []
    bad = set()

    def fail(qid, msg):
        fails.append(f"FAIL {qid}: {msg}")
        bad.add(qid)

    first = json.loads(open(FIRST, encoding="utf-8").readline())
    fields = list(first)
    tdq = [(json.loads(l)["id"], json.loads(l)["question"]) for l in open(FIRST, encoding="utf-8") if l.strip()]
    try:
        lines = [l for l in open(VB_FILE, encoding="utf-8").read().split("\n") if l.strip()]
        recs = [json.loads(l) for l in lines]
    except Exception as e:  # noqa
        print(f"FAIL file: cannot parse {VB_FILE}: {e}")
        print("FAILURES: 1")
        sys.exit(1)

    if len(recs) != 20:
        fail("file", f"{len(recs)} questions, not 20")
    ids = [r.get("id") for r in recs]
    if ids != [f"VB{i:02d}" for i in range(1, 21)]:
        fail("file", f"ids not VB01..VB20 in order: {ids}")
    if len(set(ids)) != len(ids):
        fail("file", "duplicate ids")
    qs = [r.get("question") for r in recs]
    if len(set(qs)) != len(qs):
        fail("file", "duplicate questions")
    for gi in range(4):
        n = sum(1 for r in recs if r.get("graph") == f"g{gi + 1}.ttl")
        if n != 5:
            fail("file", f"g{gi + 1}.ttl has {n} questions, not 5")
    claims = [r for r in recs if r.get("verdict") is not None]
    if not 6 <= len(claims) <= 10:
        fail("file", f"{len(claims)} claims, not 6-10")
    for v in VERDICTS:
        if not any(r.get("verdict") == v for r in recs):
            fail("file", f"verdict {v} never used")

    # second opinion: check.py's surviving()
    so_calls = so_bad = 0
    chk = None
    try:
        if "TRUST_NOW" in os.environ and not os.environ["TRUST_NOW"].strip():
            del os.environ["TRUST_NOW"]
        sys.path.insert(0, TRUST)
        import check as chk  # noqa: not read, only called
    except Exception as e:  # noqa
        fails.append(f"FAIL second-opinion: import check failed ({type(e).__name__})")

    for i, r in enumerate(recs):
        qid = r.get("id", f"#{i}")
        if list(r) != fields:
            fail(qid, f"fields {list(r)} differ from trust-dev.jsonl's {fields}")
            continue
        want_graph = f"g{i // 5 + 1}.ttl"
        if r["graph"] != want_graph:
            fail(qid, f"graph {r['graph']}, expected {want_graph}")
        if r["query_type"] not in QTYPES:
            fail(qid, f"query_type {r['query_type']!r} not in the enum")
        if r["mechanism"] not in MECHS:
            fail(qid, f"mechanism {r['mechanism']!r} not in the enum")
        if r["verdict"] is not None and r["verdict"] not in VERDICTS:
            fail(qid, f"verdict {r['verdict']!r} not in the enum")
        if (r["query_type"] == "claim_verification") != (r["verdict"] is not None):
            fail(qid, f"verdict {r['verdict']!r} on a question of type {r['query_type']}"
                      + (" (not a claim)" if r["verdict"] is not None else " (a claim without verdict)"))
        if not isinstance(r["question"], str) or not r["question"].strip():
            fail(qid, "question is not a non-empty string")
        for tid, tq in tdq:
            j = jaccard(r["question"], tq)
            if j > 0.6:
                fail(qid, f"Jaccard {j:.2f} with {tid} (bound 0.6)")
        try:
            gr = G(r["graph"])
        except Exception as e:  # noqa
            fail(qid, f"cannot load graph {r['graph']}: {e}")
            continue
        ok_strings = gr.labels | gr.titles | gr.dois | gr.valid_years | gr.clean_values
        for s in r["expected"]:
            if s not in ok_strings:
                fail(qid, f"expected string {s!r} is not a label, title, DOI, valid year or clean value of "
                          f"{r['graph']}")
        for f in r["must_keep"] + r["must_remove"]:
            mm = FACT_RE.match(f)
            if not mm:
                fail(qid, f"fact {f!r} not in the form 'Model scores V on Dataset by Metric'")
                continue
            m, v, d, k = mm.groups()
            if clean(v) != v or not any((x["model"], x["dataset"], x["metric"], x["num"]) == (m, d, k, float(v))
                                        for x in gr.rows):
                fail(qid, f"fact {f!r} does not exist in {r['graph']} (or V is not clean)")
        if qid not in COMPUTERS:
            fail(qid, "no computer")
            continue
        comp, careless = COMPUTERS[qid]
        anchor = ANCHORS.get(qid)
        results = {}
        bad_keep, bad_rem = {}, {}
        try:
            for now, age, cmp, und in itertools.product(NOWS, AGES, CMPS, UNDATED):
                rd = Reading(now, age, cmp, und)
                res = comp(gr, rd)
                key = json.dumps({k: (sorted(v) if isinstance(v, list) else v) for k, v in res.items()},
                                 sort_keys=True)
                results.setdefault(key, []).append(rd)
                # must_keep / must_remove of the file at this reading
                for f in r["must_keep"]:
                    if FACT_RE.match(f) and fact_status(gr, f, anchor, rd) != {"kept"}:
                        bad_keep.setdefault(f, []).append(rd)
                for f in r["must_remove"]:
                    if FACT_RE.match(f) and "kept" in fact_status(gr, f, anchor, rd):
                        bad_rem.setdefault(f, []).append(rd)
            n = len(NOWS) * len(AGES) * len(CMPS) * len(UNDATED)
            for f, rds in bad_keep.items():
                fail(qid, f"must_keep {f!r} does not survive (anchor {anchor}; {len(rds)} of {n} readings, "
                          f"e.g. {rds[0]})")
            for f, rds in bad_rem.items():
                fail(qid, f"must_remove {f!r} is neither removed nor outside the anchor (anchor {anchor}; "
                          f"{len(rds)} of {n} readings, e.g. {rds[0]})")
        except Open as e:
            fail(qid, f"rests on a detail the public rules leave open: {e}")
            continue
        if len(results) != 1:
            fail(qid, f"answer differs between readings of the rules: {len(results)} answers")
            continue
        res = json.loads(next(iter(results)))
        for k in ("expected", "verdict", "must_keep", "must_remove"):
            mine = res[k]
            theirs = sorted(r[k]) if isinstance(r[k], list) else r[k]
            if mine != theirs:
                fail(qid, f"{k} is {theirs!r}, the graph gives {mine!r}")
        # careless answer
        notes = r["notes"]
        if "Right answer" not in notes:
            fail(qid, "notes do not give the 'Right answer'")
        if "Careless answer" not in notes:
            fail(qid, "notes do not name the careless answer ('Careless answer' missing)")
        else:
            cval, tokens = careless(gr)
            right = r["verdict"] if r["verdict"] is not None else sorted(r["expected"])
            cmpv = cval if isinstance(cval, str) else sorted(cval)
            if cmpv == right:
                fail(qid, f"the careless answer {cval!r} equals the right one")
            part = notes.split("Careless answer", 1)[1]
            for t in tokens:
                if t not in part:
                    fail(qid, f"notes' careless answer does not name {t!r}")
        # second opinion
        if chk is not None:
            for f in r["must_keep"] + r["must_remove"]:
                mm = FACT_RE.match(f)
                if not mm:
                    continue
                m, v, d, k = mm.groups()
                try:
                    theirs = chk.surviving(chk.G(r["graph"]), m, d, k, anchor)[0]
                except Exception as e:  # noqa
                    fails.append(f"FAIL second-opinion {qid}: check.surviving raised {type(e).__name__}")
                    bad.add(qid)
                    continue
                so_calls += 1
                now = getattr(chk, "NOW", 2026)
                mine = set()
                for ya in gr.year_assigns():
                    mine |= surviving(gr, m, d, k, anchor, Reading(now, "newest", "abs", "exclude"), ya)
                if {round(float(x), 6) for x in theirs} != {round(x, 6) for x in mine}:
                    so_bad += 1
                    fail(qid, f"second opinion: check.surviving gives {sorted(theirs)} for {m}/{d}/{k} at "
                              f"{anchor}, mine {sorted(mine)}")

    # README52
    try:
        text, counts = parse_counts()
        line1 = text.splitlines()[0]
        if not re.match(r"^# trust-dev52\.jsonl: .+ \(VB01–VB20\)$", line1):
            fail("README52", f"first line {line1!r} not '# trust-dev52.jsonl: <angle> (VB01–VB20)'")
        want = {"questions": len(recs), "claims": len(claims)}
        for v in ("SUPPORTED", "REFUTED", "UNCERTAIN"):
            want[v] = sum(1 for r in recs if r.get("verdict") == v)
        want["null"] = sum(1 for r in recs if r.get("verdict") is None)
        for k in sorted(MECHS):
            want[k] = sum(1 for r in recs if r.get("mechanism") == k)
        for k in sorted(QTYPES):
            want[k] = sum(1 for r in recs if r.get("query_type") == k)
        for gi in range(1, 5):
            want[f"g{gi}"] = sum(1 for r in recs if r.get("graph") == f"g{gi}.ttl")
        for k, n in want.items():
            if counts.get(k, 0) != n:
                fail("README52", f"Counts: {k} is {counts.get(k, 0)} in README52.md, {n} in the file")
        for k in counts:
            if k not in want:
                fail("README52", f"Counts: unknown row {k!r}")
    except Exception as e:  # noqa
        fail("README52", f"cannot read the Counts section ({type(e).__name__}: {e})")

    for f in fails:
        print(f)
    for r in recs:
        if r.get("id") not in bad:
            print(f"ok {r.get('id')}")
    print(f"second opinion: {so_calls} calls of check.surviving, {so_bad} disagree")
    print(f"FAILURES: {len(fails)}")
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
