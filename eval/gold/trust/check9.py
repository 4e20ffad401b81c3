#!/usr/bin/env python3
"""Checks trust-dev9.jsonl (TL01-TL30) against the fixture graphs g1.ttl .. g4.ttl.

trust-dev9 is written to the first file's design in its most literal form: TLn keeps the sentence of TDn
(trust-dev.jsonl) as close to word for word as possible and swaps only the names, numbers, years and topic
words, so that it asks about another fact of the same kind, on the same graph where the graphs allow, with
TDn's mechanism, query type, verdict kind and gate kind.

Same reference rules as check.py .. check8.py (imported from them, not copied: check.py as a module, and the
namespace of check8.py, which carries the computers of check2.py .. check8.py). For every question the answer
is recomputed from the graph, independently of the JSONL: SPARQL (the queries and the reference trust rules
of check.py: rows, papers, years, DOIs, ASKs, six conflict readings) plus Python. The recomputed `expected`
strings (as a set) and `verdict` must equal the ones in the file, for every current year from 2025 to 2030
(checked here by setting check.NOW to each year, whatever TRUST_NOW is); the anchor written in the question
must be the one the computation used ("as of Y" / "in Y" = up to Y; "before Y" = up to Y-1; an "in Y"
question must give the same answer read as "published in Y"); must_keep facts must survive the conflict
rules and the anchor; must_remove facts must not be the surviving best and must be of kind (a) lost a clear
conflict, (b) a former best, or (c) after the anchor / undated, with the same kind for every current year;
every value conflict a question touches must be one that README.md's "Conflict margins" lists as stable
(check6.STABLE), with the outcome listed there; a month-like P29 (1-12) is never taken as a year; every
expected string is in the graph's text; the premises a question states are checked, and each question
prints the careless answer it is built against.

Also: the counts per mechanism, query type and verdict equal trust-dev.jsonl's (read from that file); each
TLn has the mechanism, query type and verdict of TDn, and the gate questions TD25-TD30's gate kinds, each
verified on the graph.

The word-overlap rule of check6.py / check8.py is replaced here, because sharing most words with TDn is
the design: TLn must ask about another fact than TDn (its expected answer or the entities it names - models,
datasets, papers, topics, numbers, years - differ from TDn's; both are printed), no TL question may be
identical (case and punctuation aside) to a question of trust-dev.jsonl .. trust-dev8.jsonl, and no two TL
questions may be identical. Each TLn keeps TDn's casual style: the same first-letter case and the same tag
words ("right?", "yes?", "correct?", "wasn't it?", "doesn't it?", " - "). The checker prints, for every TL
question, the earlier questions of trust-dev2.jsonl .. trust-dev8.jsonl that ask for the same answer on the
same graph (README9.md, "Coincidences").

Where things are: the fixture graphs and the earlier checkers (check.py .. check8.py) are looked for beside
this file first, then in /work/main/eval/gold/trust. trust-dev9.jsonl is read from beside this file.

Run: python3 check9.py          (exit status 1 on any failure)
     TRUST_NOW=2030 python3 check9.py
"""
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # import the earlier checkers without writing __pycache__ beside them
HERE = os.path.dirname(os.path.abspath(__file__))
FALLBACK = "/work/main/eval/gold/trust"
TRUST_DIR = next(d for d in (HERE, FALLBACK)
                 if all(os.path.exists(os.path.join(d, f))
                        for f in ("check.py", "check2.py", "check3.py", "check4.py", "check5.py", "check6.py",
                                  "check8.py", "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")))
sys.path.insert(0, TRUST_DIR)
import check as C  # noqa: E402  (reference rules, SPARQL queries, graph loading)
from check8 import *  # noqa: E402,F401,F403  (the computers of trust-dev2 .. trust-dev8, shared, not copied)
from check8 import (parse_anchor, papers_stating, models_in_order, naive_order, labels_text,  # noqa: E402
                    published_in_same5, led, paper_year, A_passed_since, STABLE, YEARS, FIELDS,
                    ASK_HAS_BENCHMARK, Q_PAPER_META, raw_p29)

HERE = os.path.dirname(os.path.abspath(__file__))  # the earlier checkers' HERE was imported above; this file's own
QFILE = os.path.join(HERE, "trust-dev9.jsonl")
TD_FILE = "trust-dev.jsonl"
EARLIER = ("trust-dev.jsonl", "trust-dev2.jsonl", "trust-dev3.jsonl", "trust-dev4.jsonl", "trust-dev5.jsonl",
           "trust-dev6.jsonl", "trust-dev7.jsonl", "trust-dev8.jsonl")

TTF = "Tidal Turbine Fault Detection"


# ---- extra SPARQL used here ------------------------------------------------------------------------
Q_STRING_TOP_ANCHORED = C.PREFIXES + """
SELECT ?model ?value ?y WHERE {{
  ?paper a orkgc:Paper ; orkgp:P29 ?y ; orkgp:P31 ?c .
  ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?model .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dl .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value . ?mt rdfs:label ?mtl .
  FILTER(STR(?dl) = "{dataset}" && STR(?mtl) = "{metric}" && ?y <= {anchor})
}} ORDER BY {order}(STR(?value))"""

Q_TITLES = C.PREFIXES + """
SELECT DISTINCT ?title WHERE { ?p a orkgc:Paper ; rdfs:label ?title . }"""

Q_LABELS_OF = C.PREFIXES + """
SELECT DISTINCT ?l WHERE {{ ?x a orkgc:{cls} ; rdfs:label ?l . }}"""

Q_PAPER_P29 = C.PREFIXES + """
SELECT ?title ?y WHERE {{ ?p a orkgc:Paper ; rdfs:label ?title . OPTIONAL {{ ?p orkgp:P29 ?y }}
  FILTER(STRSTARTS(STR(?title), "{title}")) }}"""


# ---- computers added for trust-dev9: return (expected list, verdict, evidence) ------------------------
def A_best_newest_trap(g, dataset, metric):
    """'the best on dataset now' where the newest model is not the best (the recency trap of TD01/TD03)."""
    exp, v, ev = A_best(g, dataset, metric)
    nm = newest_model(g, dataset, metric)
    assert nm != exp[0], f"no recency trap: the newest model {nm} is the best"
    return exp, v, f"{ev}; careless (newest model): {nm} {A_value(g, nm, dataset, metric)[0]}"


def A_best_outlier_trap(g, dataset, metric):
    """'the best on dataset' where the raw maximum is the losing side of a clear conflict (TD12's kind)."""
    exp, v, ev = A_best(g, dataset, metric)
    raw = sorted(((C.parse_value(r["value"]), r["model"]) for r in g.rows
                  if r["dataset"] == dataset and r["metric"] == metric and C.parse_value(r["value"]) is not None),
                 reverse=metric not in LOWER)
    top_v, top_m = raw[0]
    keep, st = surv(g, top_m, dataset, metric)
    assert top_m != exp[0] and st == "clear" and top_v not in keep, f"no outlier trap: raw top {top_m} {top_v}"
    return exp, v, f"{ev}; careless (no conflict removal): {top_m} {fmt(top_v)}, whose surviving value is {fmts(keep)}"


def A_topic_latest_title(g, problem):
    """'the most recent work on problem': the newest dated paper on the problem (its title up to ':'), by the
    problem links (check.newest_topic_paper); the careless answer is the paper of the newest model."""
    dated, undated = C.newest_topic_paper(g, problem)
    assert len(dated) > 1 and dated[0][0] > dated[1][0], f"tie {dated[:2]}"
    y, title = dated[0]
    return [title.split(":")[0]], None, f"newest paper on {problem!r}: {title!r} ({y}); next {dated[1]}; undated {undated}"


def A_value_with_papers(g, model, dataset, metric):
    """'which papers evaluated model, and what does it really get on dataset': the surviving value(s) on that
    dataset; A_usage (every dataset, with the papers) as evidence."""
    exp, _, ev = A_value(g, model, dataset, metric)
    _, _, ev_usage = A_usage(g, model)
    return exp, None, f"{ev}; usage: {ev_usage}"


def A_value_corroborated(g, model, dataset, metric):
    """'what does model get on dataset' where the one surviving value is stated by more than one paper."""
    exp, _, ev = A_value(g, model, dataset, metric)
    assert len(exp) == 1
    ps = papers_stating(g, model, dataset, metric, float(exp[0]))
    assert len(ps) > 1, ps
    return exp, None, f"{ev}; stated by {[(t, g.valid_years(p)) for p, t, _ in ps]}"


def A_best_string_trap_at(g, dataset, metric, anchor):
    """A_best under an anchor; the careless answer (scores sorted as strings over the papers up to the anchor by
    raw P29, SPARQL ORDER BY on STR) must be another model and the oldest dated result on the board."""
    exp, verdict, ev = A_best(g, dataset, metric, anchor)
    order = "ASC" if metric in LOWER else "DESC"
    rows = g.sel(Q_STRING_TOP_ANCHORED.format(dataset=dataset, metric=metric, anchor=anchor, order=order))
    assert rows, "string sort found nothing"
    careless = (str(rows[0]["model"]), str(rows[0]["value"]), int(str(rows[0]["y"])))
    oldest, _, _ = A_oldest(g, dataset, metric)
    assert careless[0] != exp[0], f"no string-sort trap: {careless}"
    assert careless[0] == oldest[0], f"the string-sorted top {careless} is not the oldest result {oldest}"
    return exp, verdict, f"{ev}; careless string ORDER BY {order} up to {anchor}: {careless} (the oldest result {oldest})"


# ---- the questions: (graph, anchor, computer, args) ------------------------------------------------
SPEC = {
    # recency
    "TL01": ("g1", None, A_best_newest_trap, (CI, "F1")),
    "TL02": ("g1", None, K_best, ("Wendrel-S", CI, "F1", None, True)),
    "TL03": ("g4", None, A_best_newest_trap, (SE, "F1")),
    "TL04": ("g4", None, A_topic_latest_title, (TTF,)),
    # superseded
    "TL05": ("g1", None, K_best, ("FrostLattice", BM, "Accuracy")),
    "TL06": ("g2", None, K_best, ("Trillbert", DA, W)),
    "TL07": ("g3", None, K_best, ("Lexmarrow", OR, "BLEU")),
    "TL08": ("g4", None, A_passed_since, ("Marrowfen", KW, "Mean IoU")),
    # conflict
    "TL09": ("g2", None, A_value, ("Fennick-RNN", DA, W)),
    "TL10": ("g2", None, K_value, ("Warbleon", HO, "Accuracy", 79.5)),
    "TL11": ("g2", None, K_value, ("Aviquist", VE, W, 6.8)),
    "TL12": ("g1", None, A_best_outlier_trap, (CI, "F1")),
    "TL13": ("g3", None, A_value_with_papers, ("Murrelet-MT", MI, "chrF")),
    # corroboration
    "TL14": ("g1", None, A_value_corroborated, ("Orvalis-CNN", BM, "Accuracy")),
    "TL15": ("g2", None, K_value, ("Corrasine", VE, W, 7.2, None, 2)),
    "TL16": ("g4", None, K_value, ("Selkora", SE, "F1", 88.5, None, 2)),
    # as_of
    "TL17": ("g1", 2020, A_best, (BM, "Accuracy", 2020)),
    "TL18": ("g2", 2019, A_best, (HO, "Accuracy", 2019)),
    "TL19": ("g3", 2019, A_best, (QU, "BLEU", 2019)),
    "TL20": ("g3", 2015, K_best, ("Lexmarrow", OR, "BLEU", 2015)),
    "TL21": ("g4", 2016, K_best, ("Selkora", SE, "F1", 2016)),
    # metadata
    "TL22": ("g4", None, A_year, ("Selkora:",)),
    "TL23": ("g4", None, A_dois, ("Undertow-GNN:",)),
    "TL24": ("g1", None, K_year, ("Sallowmere:", 2020)),
    # gate
    "TL25": ("g1", None, A_gate_absent, ((r"\bdepth", r"\bthickness\b", r"\bbathymetr"), (r"\bcrevasse",))),
    "TL26": ("g1", None, K_absent_pair_any, ("Brackwater-UNet", SK)),
    "TL27": ("g2", None, K_absent_pair_any, ("Trillbert", VE)),
    "TL28": ("g2", None, K_paper, ("Warbleon:", "Warbleon", DA, W, 14.6)),
    "TL29": ("g3", 2020, A_best_string_trap_at, (OR, "BLEU", 2020)),
    "TL30": ("g4", None, A_year, ("Seasonal Kelp Canopy Dynamics",)),
}

# the (dataset, metric) boards each question reads, for the conflict check
BOARDS = {
    "TL01": [(CI, "F1")], "TL02": [(CI, "F1")], "TL03": [(SE, "F1")], "TL04": [(SE, "F1")],
    "TL05": [(BM, "Accuracy")], "TL06": [(DA, W)], "TL07": [(OR, "BLEU")], "TL08": [(KW, "Mean IoU")],
    "TL09": [(DA, W)], "TL10": [(HO, "Accuracy")], "TL11": [(VE, W)], "TL12": [(CI, "F1")],
    "TL13": [(MI, "chrF"), (OR, "BLEU"), (QU, "BLEU")], "TL14": [(BM, "Accuracy")], "TL15": [(VE, W)],
    "TL16": [(SE, "F1")], "TL17": [(BM, "Accuracy")], "TL18": [(HO, "Accuracy")], "TL19": [(QU, "BLEU")],
    "TL20": [(OR, "BLEU")], "TL21": [(SE, "F1")], "TL22": [], "TL23": [], "TL24": [], "TL25": [],
    "TL26": [(SK, "Mean IoU"), (CI, "F1")], "TL27": [(VE, W), (DA, W)], "TL28": [(DA, W)], "TL29": [(OR, "BLEU")],
    "TL30": [],
}


# ---- gate kinds of trust-dev.jsonl (README.md "Gate questions"), verified on the graph ----------------
def gate_absent_topic(g, q):
    assert q["query_type"] == "dataset_search" and not q["expected"] and SPEC[q["id"]][2] is A_gate_absent
    return "dataset search for a topic no label matches, sharing a word with one the graph has"


def gate_absent_pair_own_value(g, q):
    fn, args = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_absent_pair_any and q["verdict"] == "UNCERTAIN" and not q["expected"]
    model, dataset = args
    claimed = [float(x) for x in re.findall(r"\d+\.\d+", q["question"])]
    own = {C.parse_value(r["value"]): r["dataset"] for r in g.rows if r["model"] == model}
    assert len(claimed) == 1 and claimed[0] in own and own[claimed[0]] != dataset, (claimed, own)
    return f"{model} never ran on {dataset}; the claimed {fmt(claimed[0])} is its own value on {own[claimed[0]]}"


def gate_absent_pair_bound(g, q):
    fn, args = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_absent_pair_any and q["verdict"] == "UNCERTAIN" and not q["expected"]
    model, dataset = args
    m = re.search(r"\b(below|under|over|above)\s+(\d+(?:\.\d+)?)", q["question"].lower())
    assert m, "no bound in the question"
    thr = float(m.group(2))
    ok = (lambda v: v < thr) if m.group(1) in ("below", "under") else (lambda v: v > thr)
    own = sorted(C.parse_value(r["value"]) for r in g.rows if r["model"] == model)
    assert own and all(ok(v) for v in own), own
    there = sorted(C.parse_value(r["value"]) for r in g.rows if r["dataset"] == dataset)
    return (f"{model} never ran on {dataset}; its values elsewhere {fmts(own)} all meet '{m.group(1)} {fmt(thr)}', "
            f"and so do the values of other models on {dataset} {fmts(there)} (careless SUPPORTED either way)")


def gate_wrong_paper(g, q):
    fn, args = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_paper and q["verdict"] == "REFUTED"
    title, model, dataset, metric, value = args
    elsewhere = sorted({(r["model"], g.papers[r["paper"]]["title"]) for r in g.rows if r["dataset"] == dataset
                        and r["metric"] == metric and C.parse_value(r["value"]) == value
                        and not g.papers[r["paper"]]["title"].startswith(title)})
    assert elsewhere, f"{fmt(value)} is not stated by any other paper on {dataset}"
    return f"the cited paper {title!r} does not state {fmt(value)}; {elsewhere} does"


def gate_string_sort(g, q):
    gk, anchor, fn, args = SPEC[q["id"]]
    assert fn is A_best_string_trap_at
    return f"a string-sorted 'best' (here under the anchor {anchor}) that puts the oldest result on top"


def gate_value_absent(g, q):
    fn, args = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert q["query_type"] == "paper_lookup" and not q["expected"] and fn is A_year
    rows = g.sel(Q_PAPER_P29.format(title=args[0]))
    assert len({str(r["title"]) for r in rows}) == 1, rows
    raw = [int(str(r["y"])) for r in rows if r["y"] is not None]
    assert all(1 <= y <= 12 for y in raw), raw
    return f"the year of {str(rows[0]['title'])!r}: P29 {raw or 'absent'}, no usable year"


GATE_KIND = {
    "TL25": ("TD25", "a topic the graph lacks that shares words with one it has (dataset search)", gate_absent_topic),
    "TL26": ("TD26", "a claim about a model on a dataset it was never run on, with a value that is its own elsewhere", gate_absent_pair_own_value),
    "TL27": ("TD27", "a claim about a model on a dataset it was never run on, with a bound", gate_absent_pair_bound),
    "TL28": ("TD28", "a claim whose value is real but comes from a different paper than the one cited", gate_wrong_paper),
    "TL29": ("TD29", "a temporal trap: a string-sorted 'best' that puts the oldest result on top", gate_string_sort),
    "TL30": ("TD30", "a value the graph does not have: the year of a paper with no usable P29", gate_value_absent),
}


# ---- premises the questions state, and the traps, recomputed as evidence -------------------------------
def premise_tl01(g):
    nv = naive_order(g, CI, "F1")
    assert nv[0].startswith("Orvalis-CNN '97.0'"), nv
    return (f"first years {model_first_year(g, CI, 'F1')}; Brackwater-UNet's 2017 result is old but unbeaten; "
            f"careless (typo kept, string sort): {nv[:2]}")


def premise_tl02(g):
    assert paper_year(g, "Wendrel-S:") == 2024
    return f"Wendrel-S paper 2024, newest model on Corvalla-Ice: {newest_model(g, CI, 'F1')}; {A_value(g, 'Wendrel-S', CI, 'F1')[2]}"


def premise_tl03(g):
    return f"first years {model_first_year(g, SE, 'F1')}; Selkora raw P29 {raw_p29(g, 'Selkora:')}"


def premise_tl04(g):
    nm = newest_model(g, SE, "F1")
    ys = paper_year(g, nm + ":")
    rep = paper_year(g, "A Replication of Tidal Turbine Fault Detectors")
    assert ys < rep, (ys, rep)
    return f"careless (the newest model's paper): {nm} ({ys}); the replication paper is from {rep}"


def premise_tl07(g):
    rows = g.sel(C.SELECT_STRING_MAX.format(dataset=OR, metric="BLEU"))
    assert str(rows[0]["value"]).startswith("9.8"), rows[:1]
    return led(g, "Lexmarrow", OR, "BLEU") + f"; careless string ORDER BY DESC top: {str(rows[0]['value'])!r}"


def premise_tl08(g):
    other = sorted({(r["dataset"], r["value"]) for r in g.rows if r["model"] == "Marrowfen"})
    return led(g, "Marrowfen", KW, "Mean IoU") + f"; Driftmere raw P29 {raw_p29(g, 'Driftmere:')}; Marrowfen's rows {other}"


def premise_tl09(g):
    ps = {v: [(t, g.papers[p]["years"]) for p, t, _ in papers_stating(g, "Fennick-RNN", DA, W, v)] for v in (18.2, 21.7)}
    assert all(len(x) == 1 for x in ps.values()), ps
    return f"papers {ps}: one each, nine years apart; careless: the original paper's 18.2"


def premise_tl10(g):
    ps = {v: [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Warbleon", HO, "Accuracy", v)] for v in (79.5, 80.7)}
    return f"papers {ps}; careless SUPPORTED citing the two older papers"


def premise_tl11(g):
    ps = {v: [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Aviquist", VE, W, v)] for v in (6.8, 7.9)}
    return f"papers {ps} (same year); careless SUPPORTED citing the Aviquist paper"


def premise_tl13(g):
    ps = {v: [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Murrelet-MT", MI, "chrF", v)] for v in (55.1, 51.0)}
    return f"papers {ps}; careless: one of the two values, or Murrelet-MT's BLEU figures"


def premise_tl14(g):
    return "the same 2024 study's KestrelNet row: " + A_value(g, "KestrelNet", BM, "Accuracy")[2]


def premise_tl15(g):
    return "the 2024 comparison paper's other row: " + A_value(g, "Aviquist", VE, W)[2]


def premise_tl16(g):
    return "Selkora raw P29 " + raw_p29(g, "Selkora:") + "; papers " + repr(
        [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Selkora", SE, "F1", 88.5)])


def premise_tl17(g):
    return ("without the anchor: " + A_best(g, BM, "Accuracy")[2] + "; Tavrosa as of 2020: "
            + A_value(g, "Tavrosa", BM, "Accuracy", 2020)[2] + "; today: " + A_value(g, "Tavrosa", BM, "Accuracy")[2])


def premise_tl18(g):
    return "naive (min raw P29): " + naive_best(g, HO, "Accuracy", 2019) + "; Trillbert paper raw P29 " + raw_p29(g, "Trillbert:") + \
        "; without the anchor: " + A_best(g, HO, "Accuracy")[2]


def premise_tl19(g):
    return "without the anchor: " + A_best(g, QU, "BLEU")[2]


def premise_tl20(g):
    return "without the anchor: " + A_best(g, OR, "BLEU")[2] + "; " + led(g, "Lexmarrow", OR, "BLEU")


def premise_tl21(g):
    return ("Selkora raw P29 " + raw_p29(g, "Selkora:") + "; naive (min raw P29): " + naive_best(g, SE, "F1", 2016)
            + "; Tidewick raw P29 " + raw_p29(g, "Tidewick:"))


def premise_tl23(g):
    hits = [d["title"] for d in g.papers.values() if d["title"].startswith("Undertow-GNN")]
    assert len(hits) == 1, hits
    return f"the paper named is {hits[0]!r}"


def premise_tl25(g):
    return "datasets in the graph " + repr(sorted(str(r["l"]) for r in g.sel(Q_LABELS_OF.format(cls="Dataset"))))


def premise_tl26(g):
    return "Brackwater-UNet's rows " + repr(sorted({(r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == "Brackwater-UNet"}))


def premise_tl28(g):
    ex, v, ev = K_paper(g, "Chirpform:", "Chirpform", DA, W, 14.6)
    assert v == "SUPPORTED"
    other = [d["title"] for d in g.papers.values() if d["title"].startswith("Warbleon") and not d["title"].startswith("Warbleon:")]
    return "14.6 is real but from the Chirpform paper: " + ev + f"; the other Warbleon-titled paper {other} has no Dastrup-7 row"


def premise_tl30(g):
    rows = g.sel(Q_PAPER_META.format(title="Seasonal Kelp Canopy Dynamics"))
    assert not g.ask(ASK_HAS_BENCHMARK.format(title="Seasonal Kelp Canopy Dynamics"))
    kelp = sorted((d["title"].split(":")[0], d["years"]) for d in g.papers.values() if "kelp" in d["title"].lower())
    return f"problem {sorted({str(r['problem']) for r in rows})}, DOI {sorted({str(r['doi']) for r in rows})}, no P29; careless: a neighbour's year {kelp}"


PREMISE = {
    "TL01": premise_tl01, "TL02": premise_tl02, "TL03": premise_tl03, "TL04": premise_tl04,
    "TL05": lambda g: led(g, "FrostLattice", BM, "Accuracy") + "; FrostLattice's other row " + A_value(g, "FrostLattice", SK, "Mean IoU")[2],
    "TL06": lambda g: led(g, "Trillbert", DA, W) + "; " + A_value(g, "Trillbert", DA, W)[2],
    "TL07": premise_tl07, "TL08": premise_tl08, "TL09": premise_tl09, "TL10": premise_tl10, "TL11": premise_tl11,
    "TL12": lambda g: "raw Orvalis-CNN Corvalla values " + repr(sorted(r["value"] for r in g.rows if r["model"] == "Orvalis-CNN" and r["dataset"] == CI)),
    "TL13": premise_tl13, "TL14": premise_tl14, "TL15": premise_tl15, "TL16": premise_tl16, "TL17": premise_tl17,
    "TL18": premise_tl18, "TL19": premise_tl19, "TL20": premise_tl20, "TL21": premise_tl21,
    "TL22": lambda g: "raw P29 " + raw_p29(g, "Selkora:"),
    "TL23": premise_tl23,
    "TL24": lambda g: "raw P29 " + raw_p29(g, "Sallowmere:"),
    "TL25": premise_tl25, "TL26": premise_tl26,
    "TL27": lambda g: "Trillbert's rows " + repr(sorted((r["dataset"], r["value"]) for r in g.rows if r["model"] == "Trillbert")),
    "TL28": premise_tl28,
    "TL29": lambda g: "without the anchor: " + A_best(g, OR, "BLEU")[2],
    "TL30": premise_tl30,
}


# ---- conflicts, facts, entities ------------------------------------------------------------------------
def conflicts_touched9(g, qid, q):
    """every (model, dataset, metric) with two values that the question's boards and facts touch must be in STABLE,
    with the README's outcome."""
    triples = {C.FACT_RE.match(f).groups() for f in q["must_keep"] + q["must_remove"]}
    triples = {(m, d, mt) for m, v, d, mt in triples}
    for d, mt in BOARDS[qid]:
        triples |= {(r["model"], d, mt) for r in g.rows if r["dataset"] == d and r["metric"] == mt}
    fn, args = SPEC[qid][2], SPEC[qid][3]
    if fn in (A_usage, A_value_with_papers):
        triples |= {(r["model"], r["dataset"], r["metric"]) for r in g.rows if r["model"] == args[0]}
    used = []
    for m, d, mt in sorted(triples):
        vals = {C.parse_value(r["value"]) for r in g.rows if r["model"] == m and r["dataset"] == d and r["metric"] == mt} - {None}
        if len(vals) < 2:
            continue
        assert (m, d, mt) in STABLE, f"conflict not listed as stable: {m}/{d}/{mt} {vals}"
        keep, st = surv(g, m, d, mt)
        assert (st, keep) == STABLE[(m, d, mt)], f"{m}/{d}: {st} {fmts(keep)} != README {STABLE[(m, d, mt)]}"
        used.append(f"{m}/{d} {st}")
    return used


def fact_kinds(g, q, anchor):
    """must_keep survive; must_remove are of kind a, b or c and never the surviving best. Returns the kinds."""
    for f in q["must_keep"]:
        m, v, d, mt = C.FACT_RE.match(f).groups()
        keep, _ = surv(g, m, d, mt, anchor)
        assert float(v) in keep, f"must_keep fact does not survive (anchor {anchor}): {f}"
    kinds = []
    for f in q["must_remove"]:
        m, v, d, mt = C.FACT_RE.match(f).groups()
        keep, st = surv(g, m, d, mt, anchor)
        b = clean_board(g, d, mt, anchor)
        is_best = bool(b) and b[0][1] == m and b[0][0] == float(v)
        assert not (float(v) in keep and is_best), f"must_remove fact is the surviving best: {f}"
        if float(v) in keep:  # kind (b): a former best, asked about as current
            earlier = [y for y in range(1990, C.NOW + 1) if top_at(g, d, mt, y) == (m, float(v))]
            assert earlier, f"must_remove fact survives and was never the best: {f}"
            kinds.append(f"b (best {earlier[0]}-{earlier[-1]})")
        elif anchor is not None and float(v) in surv(g, m, d, mt)[0]:
            kinds.append("c (after the anchor / undated)")
        else:
            assert surv(g, m, d, mt)[1] == "clear", f"must_remove {f}: not removed by a clear conflict"
            kinds.append("a (loses a clear conflict)")
    return kinds


def per_year(fn):
    saved = C.NOW
    out = {}
    try:
        for y in YEARS:
            C.NOW = y
            out[y] = fn()
    finally:
        C.NOW = saved
    return out


def norm(t):
    return re.sub(r"\W+", " ", t.lower()).strip()


def entity_vocabulary(graphs):
    """names a question can carry: model, dataset and problem labels, and the part of each paper title before ':'
    (or the first three words of a title without one); lower case, '-' also read as a space."""
    names = set()
    for g in graphs.values():
        for cls in ("Model", "Dataset", "Problem"):
            names |= {str(r["l"]) for r in g.sel(Q_LABELS_OF.format(cls=cls))}
        for r in g.sel(Q_TITLES):
            t = str(r["title"])
            names.add(t.split(":")[0] if ":" in t else " ".join(t.split()[:3]))
    return sorted(names, key=len, reverse=True)


TOPIC_RE = re.compile(r"\b(?:dataset for|work on|papers on)\s+([a-z][a-z -]+?)\s*\??$")


def entities(text, vocab):
    """what a question names: graph names, numbers and years, and the topic it asks about."""
    low = text.lower()
    found = set()
    for n in vocab:
        for form in {n.lower(), n.lower().replace("-", " ")}:
            if re.search(r"(?<![a-z0-9])" + re.escape(form) + r"(?![a-z0-9])", low):
                found.add(n)
                low = low.replace(form, " ")
    found |= {"#" + x for x in re.findall(r"(?<![a-z0-9.])\d+(?:\.\d+)?(?![a-z0-9])", low)}
    m = TOPIC_RE.search(text.lower())
    if m:
        found.add("topic:" + m.group(1))
    return found


TAGS = ("right?", "yes?", "correct?", "wasn't it?", "doesn't it?", "isn't it?", " - ", "right now?", "at the moment?")


def main():
    graphs = {k + ".ttl": C.G(k + ".ttl") for k in ("g1", "g2", "g3", "g4")}
    qs = [json.loads(l) for l in open(QFILE)]
    earlier = {f: [json.loads(l) for l in open(os.path.join(TRUST_DIR, f))] for f in EARLIER}
    dev = [d for f in EARLIER for d in earlier[f]]
    td = {d["id"]: d for d in earlier[TD_FILE]}
    dev_q = {norm(d["question"]): d["id"] for d in dev}
    vocab = entity_vocabulary(graphs)
    fails = 0
    print(f"TRUST_NOW={C.NOW}; graphs and earlier checkers from {TRUST_DIR}; {len(qs)} questions in {QFILE}; "
          f"{len(dev)} earlier dev questions")
    if [q["id"] for q in qs] != [f"TL{i:02d}" for i in range(1, 31)]:
        print("FAIL ids are not TL01..TL30 in order")
        fails += 1
    if set(SPEC) != {q["id"] for q in qs}:
        print("FAIL questions and checks differ:", sorted(set(SPEC) ^ {q["id"] for q in qs}))
        fails += 1
    counts = {"mechanism": {}, "query_type": {}, "verdict": {}, "graph": {}}
    target = {k: {} for k in counts}
    for d in td.values():
        for k in target:
            target[k][str(d[k])] = target[k].get(str(d[k]), 0) + 1
    conflicts_used, coincide, moves = {}, {}, {}
    for q in qs:
        for k in counts:
            counts[k][str(q[k])] = counts[k].get(str(q[k]), 0) + 1
        try:
            assert set(q) == FIELDS, sorted(q)
            assert q["query_type"] in {"topic_search", "method_comparison", "dataset_search", "claim_verification",
                                       "method_usage", "paper_lookup"}
            assert q["mechanism"] in {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
            assert q["verdict"] in {"SUPPORTED", "REFUTED", "UNCERTAIN", None}
            assert (q["verdict"] is not None) == (q["query_type"] == "claim_verification"), "verdict iff claim"
            assert isinstance(q["notes"], str) and len(q["notes"]) > 40, "notes too short"
            assert "right" in q["notes"].lower() and "careless" in q["notes"].lower(), "notes must give the right and the careless answer"
            # TLn mirrors TDn: same mechanism, query type, verdict; same style; another fact
            t = td["TD" + q["id"][2:]]
            assert (t["mechanism"], t["query_type"], t["verdict"]) == (q["mechanism"], q["query_type"], q["verdict"]), \
                f"does not mirror {t['id']}: {(t['mechanism'], t['query_type'], t['verdict'])}"
            assert q["question"][0].isupper() == t["question"][0].isupper(), f"first-letter case differs from {t['id']}"
            for tag in TAGS:
                assert (tag in q["question"]) == (tag in t["question"]), f"tag {tag!r}: TL and {t['id']} differ"
            assert norm(q["question"]) not in dev_q, f"same question as {dev_q.get(norm(q['question']))}"
            e_tl, e_td = entities(q["question"], vocab), entities(t["question"], vocab)
            same_exp = sorted(set(q["expected"])) == sorted(set(t["expected"]))
            assert e_tl != e_td or not same_exp, f"asks what {t['id']} asks: entities {sorted(e_tl)}, expected {q['expected']}"
            assert e_tl != e_td, f"names the same things as {t['id']}: {sorted(e_tl)}"
            wt, wd = set(norm(q["question"]).split()), set(norm(t["question"]).split())
            shared = len(wt & wd) / len(wt | wd)
            if q["graph"] != t["graph"]:
                moves.setdefault(f"{t['graph'][:2]}->{q['graph'][:2]}", []).append(q["id"])
            gk, anchor, fn, args = SPEC[q["id"]]
            assert q["graph"] == gk + ".ttl", f"graph {q['graph']} != {gk}"
            g = graphs[q["graph"]]
            written, is_in = parse_anchor(q["question"])
            assert written == anchor, f"anchor in the text {written} != anchor used {anchor}"
            exp, verdict, ev = fn(g, *args)
            assert sorted(set(exp)) == sorted(set(q["expected"])), f"expected {q['expected']} but recomputed {exp}\n      {ev}"
            assert verdict == q["verdict"], f"verdict {q['verdict']} but recomputed {verdict}\n      {ev}"
            outs = per_year(lambda: (tuple(sorted(set(fn(g, *args)[0]))), fn(g, *args)[1]))
            assert len(set(outs.values())) == 1, f"answer depends on the current year: {outs}"
            if q["mechanism"] == "gate" and not q["expected"]:
                assert q["verdict"] in (None, "UNCERTAIN")
            if is_in:
                pi = published_in_same5(g, SPEC[q["id"]], anchor)
                assert pi != "n/a" and sorted(pi) == sorted(exp), f"'published in {anchor}' reading gives {pi}"
                ev += f"; published-in-{anchor} reading: {pi}"
            for f in q["must_keep"] + q["must_remove"]:
                assert C.FACT_RE.match(f), f"bad fact {f}"
                assert C.fact_exists(g, f), f"fact not in graph: {f}"
                m, v, d, mt = C.FACT_RE.match(f).groups()
                assert v == fmt(float(v)), f"value not in clean form: {f}"
            assert not set(q["must_keep"]) & set(q["must_remove"]), "a fact is both in must_keep and must_remove"
            kinds = per_year(lambda: tuple(fact_kinds(g, q, anchor)))
            assert len(set(kinds.values())) == 1, f"must_remove kinds depend on the current year: {kinds}"
            for f, k in zip(q["must_remove"], kinds[YEARS.start]):
                ev += f"\n      must_remove {f}: kind {k}"
            for e in q["expected"]:
                assert e in C.graph_text(g), f"expected string {e!r} not in the graph"
            used_y = per_year(lambda: tuple(conflicts_touched9(g, q["id"], q)))
            assert len(set(used_y.values())) == 1, f"conflict outcomes depend on the current year: {used_y}"
            used = list(used_y[YEARS.start])
            for u in used:
                conflicts_used.setdefault(u, []).append(q["id"])
            if q["id"] in GATE_KIND:
                tdid, kind, verify = GATE_KIND[q["id"]]
                assert tdid == t["id"] and t["mechanism"] == "gate"
                ev += f"\n      gate kind of {tdid}: {kind}: " + verify(g, q)
            if q["id"] in PREMISE:
                ev += "\n      premise/trap: " + PREMISE[q["id"]](g)
            same = sorted(d["id"] for d in dev if not d["id"].startswith("TD") and d["graph"] == q["graph"]
                          and q["expected"] and sorted(set(d["expected"])) == sorted(set(q["expected"])))
            same_td = sorted(d["id"] for d in td.values() if d["id"] != t["id"] and d["graph"] == q["graph"]
                             and q["expected"] and sorted(set(d["expected"])) == sorted(set(q["expected"])))
            coincide[q["id"]] = same
            ev += (f"\n      {t['id']}: {t['question']!r} -> entities {sorted(e_td)} / TL {sorted(e_tl)}; expected "
                   f"{'same' if same_exp else 'differs'}; words shared {shared:.2f}")
            ev += f"\n      same answer on the same graph in files 2-8: {same or 'none'}; in trust-dev.jsonl: {same_td or 'none'}"
            ev += f"\n      same answer for current years {YEARS.start}-{YEARS.stop - 1}; conflicts touched: {used or 'none'}"
            print(f"  ok   {q['id']} [{q['graph']}/{q['mechanism']}/{q['query_type']}/{q['verdict']}] {ev}")
        except Exception as ex:  # AssertionError, or a query error
            fails += 1
            print(f"  FAIL {q['id']} [{q['mechanism']}] {type(ex).__name__}: {ex}")
    for k, v in counts.items():
        print(f"{k}: {json.dumps(dict(sorted(v.items())))}   (trust-dev.jsonl: {json.dumps(dict(sorted(target[k].items())))})")
        if k != "graph" and v != target[k]:
            print(f"FAIL {k} counts {v} != trust-dev.jsonl's {target[k]}")
            fails += 1
    print("counts per mechanism, query type and verdict equal trust-dev.jsonl's; every TLn mirrors TDn")
    print(f"graph moves against TD ({sum(len(v) for v in moves.values())} questions):", json.dumps(dict(sorted(moves.items()))))
    gates = sorted(q["id"] for q in qs if q["mechanism"] == "gate")
    if gates != sorted(GATE_KIND):
        print("FAIL gate questions", gates, "!=", sorted(GATE_KIND))
        fails += 1
    seen = {}
    for q in qs:  # no two TL questions are the same
        n = norm(q["question"])
        if n in seen:
            print(f"FAIL {q['id']} repeats {seen[n]}")
            fails += 1
        seen[n] = q["id"]
    print("no TL question repeats another, or one of trust-dev.jsonl .. trust-dev8.jsonl")
    print("conflicts touched (all in README's stable table):", json.dumps(conflicts_used))
    print("gate kinds:", json.dumps({k: v[1] for k, v in GATE_KIND.items()}))
    print("same answer on the same graph in files 2-8:", json.dumps({k: v for k, v in coincide.items() if v}))
    print("\nFAILURES:", fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
