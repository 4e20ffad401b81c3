#!/usr/bin/env python3
"""check45.py: re-derives every answer of trust-dev45.jsonl (UT01-UT20) from the fixture graphs.

Angle of the file: people outside the field who describe things instead of naming them. Besides the
common checks (fields and their order, ids, duplicates, verdicts only on claims, expected strings and
facts present in the graph, must_keep surviving, must_remove removed / after the anchor / a former best,
the README's counts, word overlap with trust-dev.jsonl), every description a question uses is resolved
against the graph and must fit exactly the thing intended (or, where the right answer says the
description is ambiguous, more than one thing).

Own rdflib code throughout (one computer per question). check.py is imported only for second
opinions (check.G, check.surviving, check.fact_exists); its source was not read.

Usage:  python3 check45.py            (TRUST_NOW=2030 python3 check45.py; UT_FILE=copy.jsonl python3 check45.py)
Prints one line per failure and ends with FAILURES: N (exit 1 when N > 0).
"""
import itertools
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True

from rdflib import Graph, Namespace, RDF, RDFS

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = "/work/main/eval/gold/trust"
GDIR = HERE if os.path.exists(os.path.join(HERE, "g1.ttl")) else TRUST
FILE = os.environ.get("UT_FILE") or os.path.join(HERE, "trust-dev45.jsonl")
README = os.path.join(HERE, "README45.md")
FIRST = os.path.join(GDIR, "trust-dev.jsonl")

YEARS = list(range(2025, 2031))
if os.environ.get("TRUST_NOW") == "":  # set but empty: treated as unset (check.py would reject it)
    del os.environ["TRUST_NOW"]
if os.environ.get("TRUST_NOW"):
    t = int(os.environ["TRUST_NOW"])
    if t not in YEARS:
        YEARS.append(t)

LAMBDA, CORR, THRESH = 0.08, 0.8, 0.30
LOWER_BETTER = {"Word Error Rate"}
FIELDS = ["id", "graph", "question", "query_type", "mechanism", "expected", "verdict",
          "must_remove", "must_keep", "notes"]
QTYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification",
          "method_usage", "paper_lookup"}
MECHS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}

ORKGC = Namespace("http://orkg.org/orkg/class/")
ORKGP = Namespace("http://orkg.org/orkg/predicate/")

FAILS = []


def fail(qid, msg):
    FAILS.append(f"FAIL {qid}: {msg}")
    print(f"FAIL {qid}: {msg}")


_SEEN = set()


def info(msg):
    if msg not in _SEEN:  # the computers run once per current year; print each line once
        _SEEN.add(msg)
        print(f"  {msg}")


# ----------------------------------------------------------------------------------------------
# graph access (own rdflib code)
# ----------------------------------------------------------------------------------------------
def clean(raw):
    s = raw.strip()
    if s in ("", "-"):
        return None
    if s.endswith("%"):
        s = s[:-1].strip()
    try:
        float(s)
    except ValueError:
        return None
    return s


class Gr:
    def __init__(self, name):
        self.name = name
        g = Graph()
        g.parse(os.path.join(GDIR, name), format="turtle")
        lab = lambda n: str(g.value(n, RDFS.label)) if g.value(n, RDFS.label) is not None else None
        self.papers = {}   # pid -> dict(title, dois, p29, valid)
        self.rows = []     # (pid, model, problem, dataset, metric, raw, clean)
        self.contribs = []  # (pid, model or None, [problems])
        for p in g.subjects(RDF.type, ORKGC.Paper):
            pid = str(p).rsplit("/", 1)[1]
            p29 = sorted(int(o) for o in g.objects(p, ORKGP.P29))
            self.papers[pid] = dict(title=lab(p), dois=sorted(str(o) for o in g.objects(p, ORKGP.P26)),
                                    p29=p29, valid=[y for y in p29 if y > 12])
            for c in g.objects(p, ORKGP.P31):
                m = g.value(c, ORKGP.HAS_MODEL)
                model = lab(m) if m is not None else None
                probs = [lab(x) for x in g.objects(c, ORKGP.P32)]
                self.contribs.append((pid, model, probs))
                for b in g.objects(c, ORKGP.HAS_BENCHMARK):
                    ds = lab(g.value(b, ORKGP.HAS_DATASET))
                    for e in g.objects(b, ORKGP.HAS_EVALUATION):
                        met = lab(g.value(e, ORKGP.HAS_METRIC))
                        raw = str(g.value(e, ORKGP.HAS_VALUE))
                        for pr in probs:
                            self.rows.append((pid, model, pr, ds, met, raw, clean(raw)))
        self.labels = {}
        for cls in ("Dataset", "Metric", "Model", "Problem", "ResearchField"):
            self.labels[cls] = sorted(lab(n) for n in g.subjects(RDF.type, ORKGC[cls]))
        # worlds: a paper with two real years is read with each
        multi = [pid for pid, d in self.papers.items() if len(d["valid"]) > 1]
        self.worlds = []
        for combo in itertools.product(*[self.papers[pid]["valid"] for pid in multi]):
            w = {pid: (d["valid"][0] if len(d["valid"]) == 1 else None) for pid, d in self.papers.items()}
            for pid, y in zip(multi, combo):
                w[pid] = y
            self.worlds.append(w)
        # the strings an expected answer may use
        self.strings = set()
        for v in self.labels.values():
            self.strings.update(v)
        for d in self.papers.values():
            self.strings.add(d["title"])
            self.strings.update(d["dois"])
            self.strings.update(str(y) for y in d["valid"])
        self.strings.update(r[6] for r in self.rows if r[6] is not None)

    def title(self, pid):
        return self.papers[pid]["title"]

    def ds_metrics(self, ds):
        return sorted({r[4] for r in self.rows if r[3] == ds})

    def models_on(self, ds, metric):
        return sorted({r[1] for r in self.rows if r[3] == ds and r[4] == metric})

    def fact_rows(self, model, ds, metric, value):
        return [r for r in self.rows if r[1] == model and r[3] == ds and r[4] == metric
                and r[6] is not None and float(r[6]) == float(value)]

    def clean_str(self, model, ds, metric, value):
        rs = self.fact_rows(model, ds, metric, value)
        return rs[0][6] if rs else None


GRAPHS = {}


def G(name):
    if name not in GRAPHS:
        GRAPHS[name] = Gr(name)
    return GRAPHS[name]


# ----------------------------------------------------------------------------------------------
# the public rules
# ----------------------------------------------------------------------------------------------
def values(g, model, ds, metric, anchor, world):
    """value -> set of stating papers (within the anchor; undated papers left out under an anchor)."""
    out = {}
    for pid, m, _pr, d, met, _raw, c in g.rows:
        if m != model or d != ds or met != metric or c is None:
            continue
        y = world[pid]
        if anchor is not None and (y is None or y > anchor):
            continue
        out.setdefault(float(c), set()).add(pid)
    return out


def surviving(g, model, ds, metric, anchor, world, now):
    vals = values(g, model, ds, metric, anchor, world)
    if len(vals) <= 1:
        return set(vals), ("single" if vals else "none")
    ref = anchor if anchor is not None else now
    w = {}
    for v, pids in vals.items():
        ys = [world[p] for p in pids if world[p] is not None]
        if not ys:
            raise RuntimeError(f"undated conflict side {model} {ds} {v}")
        w[v] = math.exp(-LAMBDA * (ref - max(ys))) * (1 + CORR * math.log(1 + len(pids)))
    top = max(w.values())
    keep = {v for v in w if top - w[v] <= THRESH * top}
    return keep, ("close" if len(keep) > 1 else "clear")


def better(metric, a, b):
    return a < b if metric in LOWER_BETTER else a > b


def board(g, ds, metric, anchor, world, now):
    """model -> surviving values."""
    out = {}
    for m in g.models_on(ds, metric):
        s, _k = surviving(g, m, ds, metric, anchor, world, now)
        if s:
            out[m] = s
    return out


def leaders(g, ds, metric, anchor, now):
    """set of (model, value) that lead under some reading (close conflicts, two real years)."""
    res = set()
    for world in g.worlds:
        b = board(g, ds, metric, anchor, world, now)
        if not b:
            continue
        ms = sorted(b)
        for combo in itertools.product(*[sorted(b[m]) for m in ms]):
            best = None
            for m, v in zip(ms, combo):
                if best is None or better(metric, v, best[1]):
                    best = (m, v)
            res.add(best)
    return res


def settled(g, ds, metric, anchor, now):
    ls = leaders(g, ds, metric, anchor, now)
    models = {m for m, _ in ls}
    return (models.pop(), {v for _, v in ls}) if len(models) == 1 else (None, ls)


def surv_all(g, model, ds, metric, anchor, now):
    """surviving values, required to be the same in every world."""
    outs = {frozenset(surviving(g, model, ds, metric, anchor, w, now)[0]) for w in g.worlds}
    if len(outs) != 1:
        raise RuntimeError(f"world-dependent survivors {model} {ds} {outs}")
    return set(next(iter(outs)))


def removed_all(g, model, ds, metric, anchor, now):
    """values stated within the anchor that lose a clear conflict."""
    out = set()
    for w in g.worlds:
        vals = values(g, model, ds, metric, anchor, w)
        out |= set(vals) - surviving(g, model, ds, metric, anchor, w, now)[0]
    return out


def fact(g, model, v, ds, metric):
    return f"{model} scores {g.clean_str(model, ds, metric, v)} on {ds} by {metric}"


FACT_RE = re.compile(r"^(.+) scores ([0-9.]+) on (.+) by (.+)$")


def parse_fact(s):
    m = FACT_RE.match(s)
    return (m.group(1), float(m.group(2)), m.group(3), m.group(4)) if m else None


def first_year(g, model, ds, metric):
    ys = set()
    for w in g.worlds:
        y = [w[r[0]] for r in g.rows if r[1] == model and r[3] == ds and r[4] == metric and w[r[0]]]
        ys.add(min(y) if y else None)
    return ys


def was_best_before(g, model, v, ds, metric, now):
    """the (model, value) led the board at the end of some year, every reading agreeing."""
    for y in range(1990, now + 1):
        ls = leaders(g, ds, metric, y, now)
        if ls and ls == {(model, v)}:
            return y
    return None


def careless_min_p29_board(g, ds, metric, anchor):
    """careless reading: the smallest raw P29 is the year; no conflict removal."""
    best = None
    for pid, m, _pr, d, met, _raw, c in g.rows:
        if d != ds or met != metric or c is None:
            continue
        p29 = g.papers[pid]["p29"]
        if not p29 or min(p29) > anchor:
            continue
        if best is None or better(metric, float(c), best[1]):
            best = (m, float(c))
    return best


def string_max(g, ds, metric):
    rows = [(r[5], r[1]) for r in g.rows if r[3] == ds and r[4] == metric]
    return max(rows)


# ----------------------------------------------------------------------------------------------
# descriptions: what a careful human could take each description to mean
# ----------------------------------------------------------------------------------------------
# a cue is (how, argument); a description fits the union ('or') or intersection ('and') of its cues.
METRIC_GLOSS = {  # what the words mean, and which metric labels they name
    "overlap": lambda lab: "IoU" in lab,
    "error": lambda lab: "Error Rate" in lab,
    "correct": lambda lab: lab == "Accuracy",
    "translation quality": lambda lab: lab in ("BLEU", "chrF"),
}


def has(text, words):
    return text is not None and all(w.lower() in text.lower() for w in words)


def intro_model(g, pid):
    """the model a paper introduces: its title starts with the model's name (before ':')."""
    t = g.title(pid)
    if ":" not in t:
        return None
    head = t.split(":", 1)[0].strip()
    ms = {r[1] for r in g.rows if r[0] == pid and r[1] and (r[1] == head or r[1].startswith(head + "-")
                                                           or head.startswith(r[1]))}
    return ms.pop() if len(ms) == 1 else None


def cue(g, how, arg):
    if how == "dataset_label":
        return {d for d in g.labels["Dataset"] if has(d, arg)}
    if how == "dataset_problem":
        return {r[3] for r in g.rows if has(r[2], arg)}
    if how == "dataset_metric":
        return {r[3] for r in g.rows if r[4] == arg}
    if how == "dataset_title":
        return {r[3] for r in g.rows if has(g.title(r[0]), arg)}
    if how == "model_intro":
        words, year = arg
        out = set()
        for pid, d in g.papers.items():
            if has(d["title"], words) and (year is None or year in d["valid"]):
                m = intro_model(g, pid)
                if m:
                    out.add(m)
        return out
    if how == "model_label":
        return {m for m in g.labels["Model"] if has(m, arg)}
    if how == "model_on":
        return {r[1] for r in g.rows if r[3] == arg}
    if how == "paper_title":
        words, year = arg
        return {d["title"] for d in g.papers.values() if has(d["title"], words)
                and (year is None or year in d["valid"])}
    if how == "metric_gloss":
        return {m for m in g.labels["Metric"] if METRIC_GLOSS[arg](m)}
    if how == "metric_on":
        return set(g.ds_metrics(arg))
    if how == "problem_label":
        return {p for p in g.labels["Problem"] if has(p, arg)}
    if how == "anything":  # any label or title holding the words
        texts = [x for v in g.labels.values() for x in v] + [d["title"] for d in g.papers.values()]
        return {x for x in texts if has(x, arg)}
    raise ValueError(how)


# each description: phrase (as in the question), kind, op, cues, intended (a set; empty for a gate)
T_STUDY = "Revisiting Crevasse Segmentation Baselines: A Reproducibility Study"
DESC = {
    "UT01": [
        dict(phrase="2024 model built for on-board glacier monitoring", kind="model", op="and",
             cues=[("model_intro", (["On-Board", "Glacier", "Monitoring"], 2024))], intended={"Wendrel-S"}),
        dict(phrase="delineating calving fronts", kind="dataset", op="and",
             cues=[("dataset_problem", ["Calving Front"])], intended={"Corvalla-Ice"}),
    ],
    "UT02": [
        dict(phrase="reproducibility study", kind="paper", op="and",
             cues=[("paper_title", (["Reproducibility"], None))], intended={T_STUDY}),
        dict(phrase="2015 shallow-convolution crevasse model", kind="model", op="and",
             cues=[("model_intro", (["Shallow Convolution", "Crevasse"], 2015))], intended={"KestrelNet"}),
    ],
    "UT03": [
        dict(phrase="glacier segmentation set", kind="dataset", op="and",
             cues=[("dataset_label", ["Glacier", "Set"]), ("dataset_metric", "Mean IoU")],
             intended={"Skarnhold Glacier Set"}),
        dict(phrase="glacier segmentation set", kind="dataset", op="and",
             cues=[("dataset_label", ["Glacier"])], intended={"Skarnhold Glacier Set"}),
        dict(phrase="overlaps", kind="metric", op="and",
             cues=[("metric_gloss", "overlap")], intended={"Mean IoU"}),
    ],
    "UT04": [
        dict(phrase="sea ice thickness", kind="topic", op="or",
             cues=[("anything", ["sea ice"]), ("anything", ["thickness"])], intended=set()),
    ],
    "UT05": [
        dict(phrase="reproducibility study", kind="paper", op="and",
             cues=[("paper_title", (["Reproducibility"], None))], intended={T_STUDY}),
        dict(phrase="multi-scale context CNN", kind="model", op="and",
             cues=[("model_intro", (["Multi-Scale Context"], 2016))], intended={"Orvalis-CNN"}),
        dict(phrase="own 2016 paper", kind="paper", op="and",
             cues=[("paper_title", (["Orvalis-CNN:"], 2016))],
             intended={"Orvalis-CNN: Multi-Scale Context for Glacier Surface Segmentation"}),
    ],
    "UT06": [
        dict(phrase="classifying the type of a bird call", kind="dataset", op="and",
             cues=[("dataset_problem", ["Call-Type", "Classification"])], intended={"Hollenby Marsh Calls"}),
        dict(phrase="labels the calls correctly", kind="metric", op="and",
             cues=[("metric_gloss", "correct"), ("metric_on", "Hollenby Marsh Calls")], intended={"Accuracy"}),
    ],
    "UT07": [
        dict(phrase="dawn chorus recordings", kind="dataset", op="or",
             cues=[("dataset_label", ["Dawn"]), ("dataset_label", ["Chorus"]),
                   ("dataset_title", ["Dawn Chorus Recordings"])],
             intended={"Dastrup-7 Chorus", "Veltmoor Dawn Set"}),
        dict(phrase="fewest transcription errors", kind="metric", op="and",
             cues=[("metric_gloss", "error")], intended={"Word Error Rate"}),
    ],
    "UT08": [
        dict(phrase="noise-robust transcriber", kind="model", op="and",
             cues=[("model_intro", (["Noise-Robust", "Transcri"], None))], intended={"Corrasine"}),
        dict(phrase="new 2025 paper", kind="paper", op="and",
             cues=[("paper_title", (["Noise-Robust"], 2025))],
             intended={"Scaling Noise-Robust Transcribers to Many Habitats"}),
    ],
    "UT09": [
        dict(phrase="streaming birdsong model", kind="model", op="and",
             cues=[("model_intro", (["Streaming Birdsong"], None))], intended={"Aviquist"}),
        dict(phrase="marsh bird-call recordings", kind="dataset", op="and",
             cues=[("dataset_label", ["Marsh"])], intended={"Hollenby Marsh Calls"}),
        dict(phrase="calls right", kind="metric", op="and",
             cues=[("metric_gloss", "correct"), ("metric_on", "Hollenby Marsh Calls")], intended={"Accuracy"}),
    ],
    "UT10": [
        dict(phrase="pretrained audio encoders for birdsong", kind="paper", op="and",
             cues=[("paper_title", (["Pretrained Audio Encoders", "Birdsong"], None))],
             intended={"Trillbert: Pretrained Audio Encoders for Birdsong"}),
    ],
    "UT11": [
        dict(phrase="2012 phrase-based system", kind="model", op="and",
             cues=[("model_intro", (["Phrase-Based"], 2012))], intended={"Lexmarrow"}),
    ],
    "UT12": [
        dict(phrase="large multilingual model from 2025", kind="model", op="and",
             cues=[("model_intro", (["Large Multilingual"], 2025))], intended={"Nerrisa"}),
        dict(phrase="translation quality score", kind="metric", op="and",
             cues=[("metric_gloss", "translation quality")], intended={"BLEU", "chrF"}),
    ],
    "UT13": [
        dict(phrase="translating dialogue", kind="problem", op="and",
             cues=[("problem_label", ["Dialogue"])], intended={"Dialogue Translation"}),
    ],
    "UT14": [
        dict(phrase="back-translation system", kind="model", op="and",
             cues=[("model_intro", (["Back-Translation"], None))], intended={"Halverin"}),
    ],
    "UT15": [
        dict(phrase="2021 survey", kind="paper", op="and",
             cues=[("paper_title", (["Survey"], 2021))], intended={"A Survey of Vendish Language Resources"}),
        dict(phrase="2021 survey", kind="paper", op="and",
             cues=[("paper_title", (["Survey"], None))], intended={"A Survey of Vendish Language Resources"}),
    ],
    "UT16": [
        dict(phrase="the graph model", kind="model", op="or",
             cues=[("model_intro", (["Graph"], None)), ("model_label", ["GNN"])],
             intended={"Marrowfen", "Undertow-GNN"}),
        dict(phrase="turbine log data", kind="dataset", op="and",
             cues=[("dataset_label", ["Turbine Log"])], intended={"Sealbrook Turbine Logs"}),
    ],
    "UT17": [
        dict(phrase="spectral kurtosis paper", kind="paper", op="and",
             cues=[("paper_title", (["Spectral Kurtosis"], None))],
             intended={"Tidewick: Spectral Kurtosis Features for Turbine Blade Faults"}),
        dict(phrase="drivetrain fault diagnosis paper", kind="paper", op="and",
             cues=[("paper_title", (["Drivetrain Fault Diagnosis"], None))],
             intended={"Marrowfen: Graph Features for Drivetrain Fault Diagnosis"}),
    ],
    "UT18": [],
    "UT19": [
        dict(phrase="model from the Kelvane paper", kind="model", op="and",
             cues=[("model_intro", (["Kelvane"], None))], intended={"Kelvane"}),
        dict(phrase="kelp mapping benchmark", kind="dataset", op="and",
             cues=[("dataset_problem", ["Kelp", "Mapping"])], intended={"Kelpwatch-Norrland"}),
        dict(phrase="overlap score", kind="metric", op="and",
             cues=[("metric_gloss", "overlap"), ("metric_on", "Kelpwatch-Norrland")], intended={"Mean IoU"}),
    ],
    "UT20": [
        dict(phrase="offshore wind turbines", kind="topic", op="or",
             cues=[("anything", ["wind"]), ("anything", ["offshore"])], intended=set()),
    ],
}
# first wordings that were rejected because they fit two things (README45, "Left out")
REJECTED = [
    ("g3.ttl", dict(phrase="the multilingual model", kind="model", op="and",
                    cues=[("model_intro", (["Multilingual"], None))], intended={"Nerrisa", "Ostrada-T"})),
    ("g1.ttl", dict(phrase="the crevasse benchmark", kind="dataset", op="and",
                    cues=[("dataset_problem", ["Crevasse"])], intended={"BenchMira", "Skarnhold Glacier Set"})),
    ("g2.ttl", dict(phrase="the paper on pretrained birdsong models", kind="paper", op="and",
                    cues=[("paper_title", (["Pretrained", "Birdsong"], None))],
                    intended={"Trillbert: Pretrained Audio Encoders for Birdsong",
                              "Reproducing Pretrained Birdsong Transcribers"})),
    ("g4.ttl", dict(phrase="the drivetrain graph paper", kind="paper", op="and",
                    cues=[("paper_title", (["Drivetrain", "Graph"], None))],
                    intended={"Marrowfen: Graph Features for Drivetrain Fault Diagnosis",
                              "Transferring Drivetrain Graph Models to Kelp Canopy Mapping"})),
    ("g2.ttl", dict(phrase="the noise-robust paper", kind="paper", op="and",
                    cues=[("paper_title", (["Noise-Robust"], None))],
                    intended={"Corrasine: Noise-Robust Transcription at Dawn",
                              "Scaling Noise-Robust Transcribers to Many Habitats"})),
]
NAMED = {"UT02": ["BenchMira"], "UT08": ["Dastrup-7 Chorus"], "UT11": ["Orrenby Parallel Corpus", "BLEU"],
         "UT12": ["Vendish-English"], "UT18": ["Sealbrook Turbine Logs", "F1"]}


def resolve(g, d):
    sets = [cue(g, how, arg) for how, arg in d["cues"]]
    if d["op"] == "and":
        out = set(sets[0])
        for s in sets[1:]:
            out &= s
    else:
        out = set().union(*sets)
    return out


def the(g, qid, kind, i=0):
    """the single thing of a kind a question's i-th description of that kind resolves to."""
    ds = [d for d in DESC[qid] if d["kind"] == kind]
    r = resolve(g, ds[i])
    if len(r) != 1:
        raise RuntimeError(f"{qid}: description '{ds[i]['phrase']}' fits {sorted(r)}")
    return next(iter(r))


def all_of(g, qid, kind, i=0):
    ds = [d for d in DESC[qid] if d["kind"] == kind]
    return resolve(g, ds[i])


def pid_of(g, title):
    ps = [pid for pid, d in g.papers.items() if d["title"] == title]
    assert len(ps) == 1, title
    return ps[0]


def only_metric(g, ds):
    ms = g.ds_metrics(ds)
    if len(ms) != 1:
        raise RuntimeError(f"{ds} has metrics {ms}")
    return ms[0]


def claim_best(g, model, ds, metric, anchor, now):
    ls = leaders(g, ds, metric, anchor, now)
    ms = {m for m, _ in ls}
    if ms == {model}:
        return "SUPPORTED"
    if model not in ms:
        return "REFUTED"
    return "UNCERTAIN"


def removed_better(g, ds, metric, anchor, now, lead_v):
    """clear-conflict losers on the board that a careless answer would put above the leader."""
    out = set()
    for m in g.models_on(ds, metric):
        for v in removed_all(g, m, ds, metric, anchor, now):
            if better(metric, v, lead_v):
                out.add(fact(g, m, v, ds, metric))
    return out


def after_anchor_better(g, ds, metric, anchor, now, lead_v):
    """results left out by the anchor (later or undated) that beat the anchored leader."""
    out = set()
    for m in g.models_on(ds, metric):
        for v in surv_all(g, m, ds, metric, None, now):
            if any(v in values(g, m, ds, metric, anchor, w) for w in g.worlds):
                continue
            if better(metric, v, lead_v):
                out.add(fact(g, m, v, ds, metric))
    return out


# ----------------------------------------------------------------------------------------------
# one computer per question: returns expected, verdict, must_keep, must_remove
# ----------------------------------------------------------------------------------------------
def R(expected, verdict, keep, remove):
    return dict(expected=set(expected), verdict=verdict, must_keep=set(keep), must_remove=set(remove))


def c_UT01(g, now):
    m = the(g, "UT01", "model"); ds = the(g, "UT01", "dataset"); met = only_metric(g, ds)
    lead, vs = settled(g, ds, met, None, now)
    assert lead and len(vs) == 1
    lv = next(iter(vs))
    # premise: m is the newest model on the board (its first result there is the newest)
    fy = {x: max(first_year(g, x, ds, met)) for x in g.models_on(ds, met)}
    newest = max(fy.values())
    assert [x for x in fy if fy[x] == newest] == [m], fy
    mv = surv_all(g, m, ds, met, None, now)
    return R([lead, g.clean_str(lead, ds, met, lv)], claim_best(g, m, ds, met, None, now),
             [fact(g, lead, lv, ds, met)] + [fact(g, m, v, ds, met) for v in mv],
             removed_better(g, ds, met, None, now, lv))


def c_UT02(g, now):
    m = the(g, "UT02", "model"); ds = "BenchMira"; met = only_metric(g, ds)
    study = pid_of(g, the(g, "UT02", "paper"))
    keep = surv_all(g, m, ds, met, None, now)
    gone = removed_all(g, m, ds, met, None, now)
    assert len(keep) == 1 and gone, (keep, gone)
    (kv,) = keep
    assert study in values(g, m, ds, met, None, g.worlds[0])[kv], "the study states the kept value"
    return R([g.clean_str(m, ds, met, kv)], None, [fact(g, m, kv, ds, met)],
             [fact(g, m, v, ds, met) for v in gone])


def c_UT03(g, now):
    ds = the(g, "UT03", "dataset"); met = the(g, "UT03", "metric"); anchor = 2019  # before 2020
    lead, vs = settled(g, ds, met, anchor, now)
    (lv,) = vs
    care = careless_min_p29_board(g, ds, met, anchor)
    info(f"UT03 careless (min raw P29) -> {care}")
    assert care[0] != lead
    return R([lead, g.clean_str(lead, ds, met, lv)], None, [fact(g, lead, lv, ds, met)],
             after_anchor_better(g, ds, met, anchor, now, lv))


def c_absent(qid):
    def f(g, now):
        d = DESC[qid][0]
        assert not resolve(g, d), resolve(g, d)
        return R([], None, [], [])
    return f


def c_UT05(g, now):
    m = the(g, "UT05", "model")
    study = pid_of(g, the(g, "UT05", "paper", 0)); own = pid_of(g, the(g, "UT05", "paper", 1))
    assert intro_model(g, own) == m
    boards = sorted({(r[3], r[4]) for r in g.rows if r[0] == study and r[1] == m})
    same, exp, keep, rem = True, [], [], set()
    for ds, met in boards:
        sv = {float(r[6]) for r in g.rows if r[0] == study and r[1] == m and r[3] == ds and r[4] == met}
        ov = {float(r[6]) for r in g.rows if r[0] == own and r[1] == m and r[3] == ds and r[4] == met}
        same &= (sv == ov)
        surv = surv_all(g, m, ds, met, None, now)
        for v in sv:
            same &= (surv == {v})
            exp.append(g.clean_str(m, ds, met, v)); keep.append(fact(g, m, v, ds, met))
        rem |= {fact(g, m, v, ds, met) for v in removed_all(g, m, ds, met, None, now)}
    return R(exp, "SUPPORTED" if same else "REFUTED", keep, rem)


def c_UT06(g, now):
    dss = all_of(g, "UT06", "dataset"); met = the(g, "UT06", "metric")
    exp, keep, rem = [], [], set()
    for ds in sorted(dss):
        lead, vs = settled(g, ds, met, None, now)
        (lv,) = vs
        exp += [ds, lead, g.clean_str(lead, ds, met, lv)]
        keep.append(fact(g, lead, lv, ds, met))
        rb = removed_better(g, ds, met, None, now, lv)
        rem |= rb
        for f_ in rb:  # the corroborated side of each such conflict
            mm = parse_fact(f_)[0]
            keep += [fact(g, mm, v, ds, met) for v in surv_all(g, mm, ds, met, None, now)]
    return R(exp, None, keep, rem)


def c_UT07(g, now):
    dss = all_of(g, "UT07", "dataset"); met = the(g, "UT07", "metric")
    assert len(dss) > 1
    exp, keep = list(dss), []
    for ds in sorted(dss):
        ls = leaders(g, ds, met, None, now)
        for lm in sorted({x for x, _ in ls}):
            exp.append(lm)
            for v in surv_all(g, lm, ds, met, None, now):
                exp.append(g.clean_str(lm, ds, met, v)); keep.append(fact(g, lm, v, ds, met))
        info(f"UT07 {ds}: leaders under the readings {sorted(ls)}")
    return R(exp, None, keep, [])


def c_UT08(g, now):
    m = the(g, "UT08", "model"); ds = "Dastrup-7 Chorus"; met = only_metric(g, ds)
    p25 = pid_of(g, the(g, "UT08", "paper"))
    assert any(r[0] == p25 and r[1] == m and r[3] == ds for r in g.rows)
    assert g.papers[p25]["valid"] == [max(y for d in g.papers.values() for y in d["valid"])]
    lead, vs = settled(g, ds, met, None, now)
    (lv,) = vs
    return R([lead, g.clean_str(lead, ds, met, lv)], claim_best(g, m, ds, met, None, now),
             [fact(g, lead, lv, ds, met)] + [fact(g, m, v, ds, met) for v in surv_all(g, m, ds, met, None, now)],
             removed_better(g, ds, met, None, now, lv))


def c_UT09(g, now):
    m = the(g, "UT09", "model"); ds = the(g, "UT09", "dataset"); met = the(g, "UT09", "metric")
    assert not [r for r in g.rows if r[1] == m and r[3] == ds]
    lead, vs = settled(g, ds, met, None, now)
    assert better(met, next(iter(vs)), 85.0), "the claimed bound is within the board's range"
    return R([], "UNCERTAIN", [], [])


def c_UT10(g, now):
    p = pid_of(g, the(g, "UT10", "paper"))
    d = g.papers[p]
    assert len(d["valid"]) == 1 and len(d["p29"]) > 1, "a month written under P29 next to the year"
    return R([str(d["valid"][0])] + d["dois"], None, [], [])


def c_UT11(g, now):
    ds, met = "Orrenby Parallel Corpus", "BLEU"
    lead, vs = settled(g, ds, met, None, now)
    (lv,) = vs
    sm = string_max(g, ds, met)
    info(f"UT11 string max -> {sm}")
    assert sm[1] == the(g, "UT11", "model") and sm[1] != lead
    return R([lead, g.clean_str(lead, ds, met, lv)], None, [fact(g, lead, lv, ds, met)],
             removed_better(g, ds, met, None, now, lv))


def c_UT12(g, now):
    m = the(g, "UT12", "model"); mets = all_of(g, "UT12", "metric")
    prob = [p for p in g.labels["Problem"] if "Vendish-English" in p]
    assert len(prob) == 1
    boards = sorted({(r[3], r[4]) for r in g.rows if r[2] == prob[0] and r[6] is not None})
    assert {b[1] for b in boards} == mets, (boards, mets)
    exp, keep, status = [m], [], []
    for ds, met in boards:
        exp.append(met)
        for v in surv_all(g, m, ds, met, None, now):
            exp.append(g.clean_str(m, ds, met, v)); keep.append(fact(g, m, v, ds, met))
        st = claim_best(g, m, ds, met, None, now)
        status.append(st)
        if st != "SUPPORTED":
            for lm in sorted({x for x, _ in leaders(g, ds, met, None, now)} - {m}):
                exp.append(lm)
                for v in surv_all(g, lm, ds, met, None, now):
                    exp.append(g.clean_str(lm, ds, met, v)); keep.append(fact(g, lm, v, ds, met))
        info(f"UT12 {ds} {met}: {st}")
    verdict = "REFUTED" if "REFUTED" in status else ("SUPPORTED" if set(status) == {"SUPPORTED"} else "UNCERTAIN")
    return R(exp, verdict, keep, [])


def c_UT13(g, now):
    prob = the(g, "UT13", "problem")
    pids = {pid for pid, _m, probs in g.contribs if prob in probs}
    news = set()
    for w in g.worlds:
        dated = {p: w[p] for p in pids if w[p] is not None}
        top = max(dated.values())
        news.add(tuple(sorted(p for p in dated if dated[p] == top)))
    assert len(news) == 1 and len(next(iter(news))) == 1, news
    (p,) = next(iter(news))
    m = intro_model(g, p)
    field_new = max(g.papers, key=lambda q: max(g.papers[q]["valid"] or [0]))
    info(f"UT13 newest paper in the field: {g.title(field_new)}; newest on the problem: {g.title(p)}")
    assert field_new != p
    keep = [fact(g, r[1], float(r[6]), r[3], r[4]) for r in g.rows if r[0] == p and r[2] == prob]
    return R([m, str(g.papers[p]["valid"][0])], None, keep, [])


def c_UT14(g, now):
    m = the(g, "UT14", "model")
    boards = sorted({(r[3], r[4]) for r in g.rows if r[1] == m and r[6] is not None})
    exp, keep = [], []
    for ds, met in boards:
        exp.append(ds)
        for v in surv_all(g, m, ds, met, None, now):
            exp.append(g.clean_str(m, ds, met, v)); keep.append(fact(g, m, v, ds, met))
            y = was_best_before(g, m, v, ds, met, now)
            assert y is not None, f"{m} never led {ds}"
        assert claim_best(g, m, ds, met, None, now) == "REFUTED"
        lead, vs = settled(g, ds, met, None, now)
        if lead:
            (lv,) = vs
            exp += [lead, g.clean_str(lead, ds, met, lv)]; keep.append(fact(g, lead, lv, ds, met))
        own = [p for p in g.papers if intro_model(g, p) == m]
        src = sorted({g.title(r[0]) for r in g.rows if r[1] == m and r[3] == ds and r[4] == met})
        info(f"UT14 {ds}: once led by {m}; now {lead or sorted(vs)}; {m}'s value stated in {src}"
             f"{'' if any(g.title(p) in src for p in own) else ' (not its own paper)'}")
    return R(exp, None, keep, [])


def c_UT15(g, now):
    p = pid_of(g, the(g, "UT15", "paper"))
    assert not [r for r in g.rows if r[0] == p]
    return R([], None, [], [])


def c_UT16(g, now):
    ms = all_of(g, "UT16", "model"); ds = the(g, "UT16", "dataset"); met = only_metric(g, ds)
    assert len(ms) > 1
    verdicts = {claim_best(g, m, ds, met, None, now) for m in ms}
    lead, vs = settled(g, ds, met, None, now)
    (lv,) = vs
    keep = [fact(g, lead, lv, ds, met)]
    for m in ms:
        keep += [fact(g, m, v, ds, met) for v in surv_all(g, m, ds, met, None, now)]
        formerly = [was_best_before(g, m, v, ds, met, now) for v in surv_all(g, m, ds, met, None, now)]
        info(f"UT16 reading '{m}': {claim_best(g, m, ds, met, None, now)}; led the board in {formerly}")
    verdict = verdicts.pop() if len(verdicts) == 1 else "UNCERTAIN"
    return R([lead, g.clean_str(lead, ds, met, lv)] + sorted(ms), verdict, keep, [])


def c_UT17(g, now):
    a = pid_of(g, the(g, "UT17", "paper", 0)); b = pid_of(g, the(g, "UT17", "paper", 1))
    outs = set()
    for w in g.worlds:
        if w[a] is None or w[b] is None:
            outs.add(None)
        else:
            outs.add(w[a] < w[b])
    verdict = "SUPPORTED" if outs == {True} else ("REFUTED" if outs == {False} else "UNCERTAIN")
    years = [str(y) for y in g.papers[a]["valid"] + g.papers[b]["valid"]]
    return R(years, verdict, [], [])


def c_UT18(g, now):
    ds, met, anchor = "Sealbrook Turbine Logs", "F1", 2020
    lead, vs = settled(g, ds, met, anchor, now)
    (lv,) = vs
    care = careless_min_p29_board(g, ds, met, anchor)
    info(f"UT18 careless (min raw P29) -> {care}")
    assert care[0] != lead
    return R([lead, g.clean_str(lead, ds, met, lv)], None, [fact(g, lead, lv, ds, met)],
             after_anchor_better(g, ds, met, anchor, now, lv))


def c_UT19(g, now):
    m = the(g, "UT19", "model"); ds = the(g, "UT19", "dataset"); met = the(g, "UT19", "metric"); anchor = 2024
    lead, vs = settled(g, ds, met, anchor, now)
    (lv,) = vs
    care = careless_min_p29_board(g, ds, met, anchor)
    info(f"UT19 careless (min raw P29) -> {care}")
    assert care[0] != lead
    return R([lead, g.clean_str(lead, ds, met, lv)], claim_best(g, m, ds, met, anchor, now),
             [fact(g, lead, lv, ds, met)], after_anchor_better(g, ds, met, anchor, now, lv))


COMPUTERS = {
    "UT01": c_UT01, "UT02": c_UT02, "UT03": c_UT03, "UT04": c_absent("UT04"), "UT05": c_UT05,
    "UT06": c_UT06, "UT07": c_UT07, "UT08": c_UT08, "UT09": c_UT09, "UT10": c_UT10,
    "UT11": c_UT11, "UT12": c_UT12, "UT13": c_UT13, "UT14": c_UT14, "UT15": c_UT15,
    "UT16": c_UT16, "UT17": c_UT17, "UT18": c_UT18, "UT19": c_UT19, "UT20": c_absent("UT20"),
}
ANCHOR = {"UT03": 2019, "UT18": 2020, "UT19": 2024}
ANCHOR_WORDS = {"UT03": "before 2020", "UT18": "as of 2020", "UT19": "as of 2024"}


# ----------------------------------------------------------------------------------------------
# generic checks
# ----------------------------------------------------------------------------------------------
def words(s):
    return set(re.findall(r"[a-z0-9]+(?:[.'\-][a-z0-9]+)*", s.lower()))


def jaccard(a, b):
    a, b = words(a), words(b)
    return len(a & b) / len(a | b) if a | b else 0.0


def fact_ok(g, f):
    p = parse_fact(f)
    if not p:
        return False
    m, v, ds, met = p
    rs = g.fact_rows(m, ds, met, v)
    return bool(rs) and f == fact(g, m, v, ds, met)


def readme_counts():
    """the counts tables of README45.md: '### <name>' then rows '| key | n |'."""
    out, cur = {}, None
    if not os.path.exists(README):
        return None
    sec = False
    for line in open(README, encoding="utf-8"):
        if line.startswith("## "):
            sec = line.strip() == "## Counts"
            cur = None
            continue
        if not sec:
            continue
        if line.startswith("### "):
            cur = line[4:].strip().lower()
            out[cur] = {}
            continue
        m = re.match(r"^\|\s*`?([A-Za-z0-9_ ]+?)`?\s*\|\s*(\d+)\s*\|", line)
        if cur and m and m.group(1).lower() not in ("total",):
            out[cur][m.group(1).strip()] = int(m.group(2))
    return out


CHECK_G = {}


def cg_of(check, gname):
    if gname not in CHECK_G:
        CHECK_G[gname] = check.G(gname)
    return CHECK_G[gname]


def second_opinion(check, qid, gname, boards, now):
    """check.py's surviving values for every model on the boards the question reads."""
    cg = cg_of(check, gname)
    g = G(gname)
    n = 0
    for ds, met, anchor in boards:
        for m in g.models_on(ds, met):
            try:
                theirs = check.surviving(cg, m, ds, met, anchor)[0]
            except AssertionError as e:  # check.py refuses a year-ambiguous case (Tidewick); ours agrees below
                theirs = None
            ours = {frozenset(surviving(g, m, ds, met, anchor, w, now)[0]) for w in g.worlds}
            if theirs is None:
                if len(ours) < 2:
                    fail(qid, f"check.py calls {m} on {ds} as of {anchor} year-ambiguous, ours is not")
                continue
            n += 1
            if len(ours) != 1 or set(next(iter(ours))) != set(theirs):
                fail(qid, f"second opinion differs for {m} {ds} {met} anchor={anchor}: ours {ours} check.py {theirs}")
    return n


BOARDS_READ = {  # (dataset, metric, anchor) each question's answer reads
    "UT01": [("Corvalla-Ice", "F1", None)], "UT02": [("BenchMira", "Accuracy", None)],
    "UT03": [("Skarnhold Glacier Set", "Mean IoU", 2019)], "UT05": [("BenchMira", "Accuracy", None), ("Corvalla-Ice", "F1", None)],
    "UT06": [("Hollenby Marsh Calls", "Accuracy", None)],
    "UT07": [("Dastrup-7 Chorus", "Word Error Rate", None), ("Veltmoor Dawn Set", "Word Error Rate", None)],
    "UT08": [("Dastrup-7 Chorus", "Word Error Rate", None)], "UT11": [("Orrenby Parallel Corpus", "BLEU", None)],
    "UT12": [("Orrenby Parallel Corpus", "BLEU", None), ("Mirelle Subtitles", "chrF", None)],
    "UT14": [("Orrenby Parallel Corpus", "BLEU", None), ("Quenmark Dialogue Set", "BLEU", None), ("Mirelle Subtitles", "chrF", None)],
    "UT16": [("Sealbrook Turbine Logs", "F1", None)], "UT18": [("Sealbrook Turbine Logs", "F1", 2020)],
    "UT19": [("Kelpwatch-Norrland", "Mean IoU", 2024)],
}


def main():
    print(f"check45: file {FILE}; graphs {GDIR}; current years {YEARS}")
    try:
        lines = [l for l in open(FILE, encoding="utf-8").read().splitlines() if l.strip()]
    except OSError as e:
        fail("file", f"cannot read: {e}")
        lines = []
    qs = []
    for i, l in enumerate(lines, 1):
        try:
            qs.append(json.loads(l))
        except json.JSONDecodeError as e:
            fail(f"line {i}", f"not JSON: {e}")
    first_fields = list(json.loads(open(FIRST).readline()).keys()) if os.path.exists(FIRST) else FIELDS
    if first_fields != FIELDS:
        fail("format", f"trust-dev.jsonl's fields are {first_fields}")
    first_qs = [json.loads(l)["question"] for l in open(FIRST) if l.strip()] if os.path.exists(FIRST) else []

    # ids, fields, duplicates
    want_ids = [f"UT{n:02d}" for n in range(1, 21)]
    ids = [q.get("id") for q in qs]
    if ids != want_ids:
        fail("ids", f"ids are {ids}, want UT01..UT20 in order")
    for x in {i for i in ids if ids.count(i) > 1}:
        fail(x, "duplicate id")
    texts = [q.get("question", "") for q in qs]
    for x in {t for t in texts if texts.count(t) > 1}:
        fail("questions", f"duplicate question: {x[:60]}")

    try:
        sys.path.insert(0, TRUST)
        import check  # noqa: E402  (second opinions only; its source is not read)
    except Exception as e:  # pragma: no cover
        check = None
        fail("import", f"check.py not importable: {type(e).__name__}: {e}")

    second = 0
    for q in qs:
        qid = q.get("id", "?")
        if list(q.keys()) != FIELDS:
            fail(qid, f"fields {list(q.keys())} differ from trust-dev.jsonl's order {FIELDS}")
            continue
        if q["graph"] not in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"):
            fail(qid, f"graph {q['graph']}")
            continue
        if q["query_type"] not in QTYPES:
            fail(qid, f"query_type {q['query_type']}")
        if q["mechanism"] not in MECHS:
            fail(qid, f"mechanism {q['mechanism']}")
        claim = q["query_type"] == "claim_verification"
        if claim and q["verdict"] not in VERDICTS:
            fail(qid, f"claim without a valid verdict: {q['verdict']}")
        if not claim and q["verdict"] is not None:
            fail(qid, f"verdict {q['verdict']} on a non-claim")
        for k in ("expected", "must_remove", "must_keep"):
            if not isinstance(q[k], list) or not all(isinstance(x, str) for x in q[k]):
                fail(qid, f"{k} is not a list of strings")
        if not isinstance(q["notes"], str) or "Right answer" not in q["notes"] or "Careless" not in q["notes"]:
            fail(qid, "notes must give the right answer and the careless one")
        g = G(q["graph"])

        # strings and facts in the graph
        for s in q["expected"]:
            if s not in g.strings:
                fail(qid, f"expected string not in the graph: {s!r}")
        for k in ("must_keep", "must_remove"):
            for f_ in q[k]:
                if not fact_ok(g, f_):
                    fail(qid, f"{k} fact not in the graph (clean form): {f_}")
                elif check is not None and not check.fact_exists(cg_of(check, q["graph"]), f_):
                    fail(qid, f"check.fact_exists denies {f_}")
        if set(q["must_keep"]) & set(q["must_remove"]):
            fail(qid, "a fact is both kept and removed")

        # anchors written as the computer reads them
        if qid in ANCHOR_WORDS and ANCHOR_WORDS[qid] not in q["question"].lower():
            fail(qid, f"anchor '{ANCHOR_WORDS[qid]}' not in the question")
        for yr in re.findall(r"\b(?:in|as of|before|by|since|until)\s+((?:19|20)\d\d)\b", q["question"].lower()):
            if qid not in ANCHOR_WORDS or yr not in ANCHOR_WORDS[qid]:
                fail(qid, f"an anchor-like phrase with {yr} the computer does not read")

        # descriptions
        for d in DESC.get(qid, []):
            if d["phrase"].lower() not in q["question"].lower():
                fail(qid, f"description '{d['phrase']}' not in the question")
            fits = resolve(g, d)
            if fits != d["intended"]:
                fail(qid, f"description '{d['phrase']}' fits {sorted(fits)}, intended {sorted(d['intended'])}")
            elif len(fits) > 1:
                if "ambiguous" not in q["notes"].lower():
                    fail(qid, f"'{d['phrase']}' fits {sorted(fits)} but the notes do not call it ambiguous")
                if d["kind"] in ("model", "dataset", "metric"):
                    miss = fits - set(q["expected"])
                    if miss:
                        fail(qid, f"ambiguous '{d['phrase']}': expected lacks {sorted(miss)}")
            if d["kind"] != "topic" and not fits:
                fail(qid, f"description '{d['phrase']}' fits nothing")
            info(f"{qid} '{d['phrase']}' -> {sorted(fits) or 'nothing in the graph'}")
        for n in NAMED.get(qid, []):
            if n not in q["question"]:
                fail(qid, f"named item {n} not in the question")
        if not DESC.get(qid) and qid not in NAMED:
            fail(qid, "neither described nor named items declared")

        # the computer, for every current year
        comp = COMPUTERS.get(qid)
        if comp is None:
            fail(qid, "no computer")
            continue
        outs = []
        for now in YEARS:
            if check is not None and hasattr(check, "NOW"):
                check.NOW = now
            try:
                outs.append(comp(g, now))
            except Exception as e:
                fail(qid, f"computer raised at {now}: {type(e).__name__}: {e}")
                outs = []
                break
            if check is not None and qid in BOARDS_READ:
                second += second_opinion(check, qid, q["graph"], BOARDS_READ[qid], now)
        if not outs:
            continue
        if any(o != outs[0] for o in outs):
            fail(qid, "the answer depends on the current year")
        o = outs[0]
        if o["expected"] != set(q["expected"]):
            fail(qid, f"expected {sorted(q['expected'])} != recomputed {sorted(o['expected'])}")
        if o["verdict"] != q["verdict"]:
            fail(qid, f"verdict {q['verdict']} != recomputed {o['verdict']}")
        if o["must_keep"] != set(q["must_keep"]):
            fail(qid, f"must_keep {sorted(q['must_keep'])} != recomputed {sorted(o['must_keep'])}")
        if o["must_remove"] != set(q["must_remove"]):
            fail(qid, f"must_remove {sorted(q['must_remove'])} != recomputed {sorted(o['must_remove'])}")

        # must_keep survives, must_remove is removed / after the anchor / a former best
        anchor = ANCHOR.get(qid)
        for now in YEARS:
            for f_ in q["must_keep"]:
                p = parse_fact(f_)
                if not p or not g.fact_rows(p[0], p[2], p[3], p[1]):
                    continue
                for w in g.worlds:
                    if p[1] not in surviving(g, p[0], p[2], p[3], anchor, w, now)[0]:
                        fail(qid, f"must_keep does not survive (now {now}, anchor {anchor}): {f_}")
                        break
            for f_ in q["must_remove"]:
                p = parse_fact(f_)
                if not p or not g.fact_rows(p[0], p[2], p[3], p[1]):
                    continue
                m, v, ds, met = p
                kinds = []
                if v in removed_all(g, m, ds, met, anchor, now) or v in removed_all(g, m, ds, met, None, now):
                    kinds.append("a: lost a clear conflict")
                if anchor is not None and all(v not in values(g, m, ds, met, anchor, w) for w in g.worlds):
                    kinds.append("c: after the anchor or undated")
                cur = {x for x, _ in leaders(g, ds, met, None, now)}  # who leads the board now
                if m not in cur and was_best_before(g, m, v, ds, met, now):
                    kinds.append("b: a former best")
                if not kinds:
                    fail(qid, f"must_remove fact is none of removed / after the anchor / former best: {f_}")
                elif now == YEARS[0]:
                    info(f"{qid} must_remove {f_}: {'; '.join(kinds)}")

        # word overlap with the first development file and with each other
        for t in first_qs:
            j = jaccard(q["question"], t)
            if j >= 0.6:
                fail(qid, f"word overlap {j:.2f} with trust-dev.jsonl: {t}")
    for a, b in itertools.combinations(qs, 2):
        if "question" in a and "question" in b and jaccard(a["question"], b["question"]) >= 0.6:
            fail(a.get("id"), f"word overlap with {b.get('id')}")
    ndesc = sum(len(v) for v in DESC.values())
    for gname, d in REJECTED:
        fits = resolve(G(gname), d)
        if fits != d["intended"] or len(fits) < 2:
            fail("rejected", f"'{d['phrase']}' on {gname} fits {sorted(fits)}, README says {sorted(d['intended'])}")
    print(f"  descriptions resolved: {ndesc}; rejected wordings confirmed ambiguous: {len(REJECTED)}")
    maxj = max((jaccard(q.get("question", ""), t) for q in qs for t in first_qs), default=0)
    print(f"  max word overlap with trust-dev.jsonl: {maxj:.2f}; second opinions from check.surviving: {second}")

    # design counts
    per_graph = {}
    for q in qs:
        per_graph[q.get("graph")] = per_graph.get(q.get("graph"), 0) + 1
    if any(per_graph.get(f"g{i}.ttl", 0) != 5 for i in range(1, 5)):
        fail("design", f"questions per graph {per_graph}, want 5 each")
    nclaims = sum(q.get("query_type") == "claim_verification" for q in qs)
    if not 7 <= nclaims <= 9:
        fail("design", f"{nclaims} claims, want 7 to 9")
    others = {q.get("query_type") for q in qs} - {"claim_verification"}
    if others != QTYPES - {"claim_verification"}:
        fail("design", f"non-claim query types used: {sorted(others)}")
    if {q.get("mechanism") for q in qs} != MECHS:
        fail("design", "not every mechanism is used")

    # the README's counts
    rc = readme_counts()
    if rc is None:
        fail("README", f"{README} missing")
    else:
        def cnt(key):
            out = {}
            for q in qs:
                k = q.get(key)
                k = "null" if k is None else (k[:-4] if key == "graph" else k)
                out[k] = out.get(k, 0) + 1
            return out
        for sec, key in (("verdicts", "verdict"), ("mechanisms", "mechanism"), ("query types", "query_type"),
                         ("graphs", "graph")):
            if rc.get(sec) != cnt(key):
                fail("README", f"counts '{sec}' {rc.get(sec)} != file {cnt(key)}")

    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
