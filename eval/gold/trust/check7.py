#!/usr/bin/env python3
"""Checks trust-dev7.jsonl (TJ01-TJ30) against the fixture graphs g1.ttl .. g4.ttl.

trust-dev7 follows the design of the first file, trust-dev.jsonl, as trust-dev6 does: one TJ question per
TD question, with the TD question's mechanism, query type, verdict kind and gate kind, and the same counts
per mechanism, query type, verdict and graph; the facts asked differ from TDn's, from TIn's and, where the
graphs allow, from files 2-5.

Same reference rules as check.py .. check6.py (imported from them, not copied): check.py gives graph
loading, the SPARQL queries and the reference trust rules (recency, corroboration, the six conflict
readings); check6.py's namespace carries the computers of check2.py .. check6.py, its table of stable
conflicts (README.md "Conflict margins") and its conflict and year helpers. This file adds two computers
(the newest papers on a problem when two tie, and the best under an anchor with the careless string-sorted
answer as evidence) and the premises of its own questions.

For every question the answer is recomputed from the graph, independently of the JSONL, and
- the recomputed `expected` (as a set) and `verdict` must equal the file's, for every current year from
  2025 to 2030 (checked here by setting check.NOW to each year, whatever TRUST_NOW is);
- the anchor written in the question must be the one used ("as of Y" / "in Y" / "back in Y" = up to Y,
  "before Y" = up to Y-1), and an "in Y" question must give the same answer read as "published in Y";
- must_keep facts must survive the conflict rules and the anchor; must_remove facts must be of kind
  (a) lost a clear conflict, (b) a former best, or (c) after the anchor / undated, and never the surviving
  best; the kinds must be the same for every current year 2025-2030;
- every value conflict a question touches must be one of the README's stable ten, with the README's
  outcome, under all six readings, for every current year 2025-2030;
- every expected string must be in the graph's text; the premises a question states must hold, and the
  careless answer it is built against is printed;
- TJn must have the mechanism, query type and verdict of TDn, and the gate questions the gate kinds of
  TD25-TD30 (each kind is verified on the graph, not only named);
- the counts per mechanism, query type, verdict and graph must equal those of trust-dev.jsonl;
- no question may repeat one of trust-dev.jsonl .. trust-dev6.jsonl, or share 60% or more of its words
  with one of them or with another TJ question; TJn must not ask what TDn or TIn asks.

Where things are: the earlier checkers (check.py .. check6.py) are looked for beside this file first, then
in /work/main/eval/gold/trust; the fixture graphs and the earlier dev files are read from the directory of
the check.py that was found. trust-dev7.jsonl is read from beside this file.

Run: python3 check7.py          (exit status 1 on any failure)
     TRUST_NOW=2025 python3 check7.py ; TRUST_NOW=2030 python3 check7.py
"""
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # never leave a __pycache__ beside the earlier checkers
HERE = os.path.dirname(os.path.abspath(__file__))
FALLBACK = "/work/main/eval/gold/trust"
NEEDED = ("check.py", "check2.py", "check3.py", "check4.py", "check5.py", "check6.py",
          "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl") + tuple(f"trust-dev{n}.jsonl" for n in ("", "2", "3", "4", "5", "6"))
TRUST_DIR = next(d for d in (HERE, FALLBACK) if all(os.path.exists(os.path.join(d, f)) for f in NEEDED))
sys.path.insert(0, TRUST_DIR)
import check as C  # noqa: E402  (reference rules, SPARQL queries, graph loading)
import check6 as C6  # noqa: E402  (its stable-conflict table and helpers, used in place)
from check6 import *  # noqa: E402,F401,F403  (the computers of trust-dev2 .. trust-dev6, shared, not copied)
from check6 import (parse_anchor, papers_stating, labels_text, published_in_same5,  # noqa: E402
                    A_passed_since, led, paper_year, Q_PAPER_META, ASK_HAS_BENCHMARK)

HERE = os.path.dirname(os.path.abspath(__file__))  # the earlier checkers' HERE was imported above; this file's own
QFILE = os.path.join(HERE, "trust-dev7.jsonl")
DATA_DIR = os.path.dirname(os.path.abspath(C.__file__))
EARLIER = ("trust-dev.jsonl", "trust-dev2.jsonl", "trust-dev3.jsonl", "trust-dev4.jsonl", "trust-dev5.jsonl",
           "trust-dev6.jsonl")
YEARS = range(2025, 2031)  # the current years the answers must not depend on


# ---- extra SPARQL used here ------------------------------------------------------------------------
Q_STRING_TOP_UPTO = C.PREFIXES + """
SELECT ?model ?value ?y WHERE {{
  ?paper a orkgc:Paper ; orkgp:P31 ?c ; orkgp:P29 ?y .
  ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?model .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dl .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value . ?mt rdfs:label ?ml .
  FILTER(STR(?dl) = "{dataset}" && STR(?ml) = "{metric}" && ?y <= {anchor})
}} ORDER BY {order}(?value) LIMIT 1"""

Q_TITLES_LIKE = C.PREFIXES + """
SELECT ?paper ?title WHERE {{ ?paper a orkgc:Paper ; rdfs:label ?title .
  FILTER(CONTAINS(LCASE(STR(?title)), "{fragment}")) }}"""


# ---- computers added for trust-dev7: return (expected list, verdict, evidence) ------------------------
def A_topic_latest_tied(g, problem, keyword):
    """'latest work on problem': every paper with a problem link (P32) whose valid year is the newest one;
    ties are all named (title before ':'). Evidence: the careless title-keyword answer."""
    dated, undated = [], []
    for r in g.sel(Q_TOPIC_PAPERS.format(problem=problem)):
        p, t = str(r["paper"]), str(r["title"])
        ys = g.valid_years(p)
        if ys:
            dated.append((max(ys), t))
        else:
            undated.append((t, g.papers[p]["years"]))
    assert dated, f"no dated paper on {problem}"
    y = max(d[0] for d in dated)
    newest = sorted(t for yy, t in dated if yy == y)
    older = sorted(((yy, t) for yy, t in dated if yy < y), reverse=True)
    kw = sorted(((max(g.valid_years(str(r["paper"]))), str(r["title"])) for r in g.sel(Q_TITLES_LIKE.format(fragment=keyword))
                 if g.valid_years(str(r["paper"]))), reverse=True)
    assert kw and kw[0][1] not in newest, f"no keyword trap: {kw[:1]}"
    assert all(keyword not in t.lower() for t in newest)
    return [t.split(":")[0] for t in newest] + [str(y)], None, (
        f"newest on {problem!r}: {newest} ({y}, {len(newest)} tied); next {older[:1]}; undated {undated}; "
        f"careless (newest title with {keyword!r}): {kw[0]}")


def A_best_string_at(g, dataset, metric, anchor):
    """A_best under an anchor; the careless answer (scores sorted as strings, papers up to the anchor by raw P29,
    read with SPARQL) must be another model, and the oldest dated result on the board."""
    exp, verdict, ev = A_best(g, dataset, metric, anchor)
    order = "ASC" if metric in LOWER else "DESC"
    rows = g.sel(Q_STRING_TOP_UPTO.format(dataset=dataset, metric=metric, anchor=anchor, order=order))
    assert rows, "string sort found nothing"
    careless = (str(rows[0]["model"]), str(rows[0]["value"]), int(rows[0]["y"]))
    oldest, _, _ = A_oldest(g, dataset, metric)
    assert careless[0] != exp[0], f"no string-sort trap: {careless}"
    assert careless[0] == oldest[0], f"the string-sorted top {careless} is not the oldest result {oldest}"
    return exp, verdict, f"{ev}; careless string ORDER BY {order} up to {anchor}: {careless} (the oldest result, {oldest})"


# ---- the questions: (graph, anchor, computer, args) ------------------------------------------------
CAL = "Calving Front Delineation"
SPEC = {
    # recency
    "TJ01": ("g1", None, A_compare, ("Quillon-XL", "Brackwater-UNet", CI, "F1")),
    "TJ02": ("g1", None, K_better, ("Orvalis-CNN", "PimbraFormer", BM, "Accuracy")),
    "TJ03": ("g2", None, A_compare, ("Warbleon", "Fennick-RNN", DA, W)),
    "TJ04": ("g1", None, A_topic_latest_tied, (CAL, "calving")),
    # superseded
    "TJ05": ("g1", None, K_best, ("Orvalis-CNN", CI, "F1")),
    "TJ06": ("g2", None, K_best, ("Fennick-RNN", DA, W)),
    "TJ07": ("g3", None, K_best, ("Ostrada-T", OR, "BLEU")),
    "TJ08": ("g4", None, A_passed_since, ("Pellucid-KM", KW, "Mean IoU")),
    # conflict
    "TJ09": ("g1", None, A_compare, ("KestrelNet", "FrostLattice", BM, "Accuracy")),
    "TJ10": ("g1", None, K_value, ("Tavrosa", BM, "Accuracy", 85.4)),
    "TJ11": ("g2", None, K_bound, ("Trillbert", DA, W, "<", 10.0)),
    "TJ12": ("g2", None, A_nth, (HO, "Accuracy", 2)),
    "TJ13": ("g3", None, A_usage, ("Gannetron",)),
    # corroboration
    "TJ14": ("g1", None, A_value, ("Brackwater-UNet", CI, "F1")),
    "TJ15": ("g2", None, K_papers_agree, ("Plumaro:", "Reproducing Pretrained Birdsong Transcribers", "Syrinxa", HO, "Accuracy")),
    "TJ16": ("g4", None, K_papers_agree, ("A Replication of Tidal Turbine Fault Detectors", "Marrowfen:", "Marrowfen", SE, "F1")),
    # as_of
    "TJ17": ("g1", 2014, A_best, (BM, "Accuracy", 2014)),
    "TJ18": ("g2", 2017, A_best, (DA, W, 2017)),
    "TJ19": ("g3", 2021, A_best, (QU, "BLEU", 2021)),
    "TJ20": ("g3", 2016, K_best, ("Gannetron", QU, "BLEU", 2016)),
    "TJ21": ("g4", 2020, K_best, ("Driftmere", KW, "Mean IoU", 2020)),
    # metadata
    "TJ22": ("g4", None, A_year_doi, ("A Review of Condition Monitoring for Tidal Stream Turbines",)),
    "TJ23": ("g3", None, A_year_doi, ("Murrelet-MT:",)),
    "TJ24": ("g2", None, K_earlier, ("Chirpform: Convolutional", "Trillbert:")),
    # gate
    "TJ25": ("g4", None, A_gate_absent, ((r"sea ?grass", r"eelgrass", r"posidonia", r"\bmeadows?\b"), (r"\bmapping\b",))),
    "TJ26": ("g1", None, K_absent_pair_any, ("Ymberline", BM)),
    "TJ27": ("g2", None, K_absent_pair_any, ("Aviquist", DA)),
    "TJ28": ("g2", None, K_paper, ("Plumaro:", "Plumaro", DA, W, 8.9)),
    "TJ29": ("g3", 2018, A_best_string_at, (OR, "BLEU", 2018)),
    "TJ30": ("g4", None, A_dois, ("Driftmere:",)),
}

# the (dataset, metric) boards each question reads, for the conflict check
BOARDS = {
    "TJ01": [(CI, "F1")], "TJ02": [(BM, "Accuracy")], "TJ03": [(DA, W)], "TJ04": [(CI, "F1")], "TJ05": [(CI, "F1")],
    "TJ06": [(DA, W)], "TJ07": [(OR, "BLEU")], "TJ08": [(KW, "Mean IoU")], "TJ09": [(BM, "Accuracy")],
    "TJ10": [(BM, "Accuracy")], "TJ11": [(DA, W)], "TJ12": [(HO, "Accuracy")], "TJ13": [(OR, "BLEU"), (QU, "BLEU")],
    "TJ14": [(CI, "F1")], "TJ15": [(HO, "Accuracy")], "TJ16": [(SE, "F1")], "TJ17": [(BM, "Accuracy")],
    "TJ18": [(DA, W)], "TJ19": [(QU, "BLEU")], "TJ20": [(QU, "BLEU")], "TJ21": [(KW, "Mean IoU")], "TJ22": [],
    "TJ23": [], "TJ24": [], "TJ25": [], "TJ26": [(BM, "Accuracy")], "TJ27": [(DA, W)], "TJ28": [(DA, W)],
    "TJ29": [(OR, "BLEU")], "TJ30": [],
}


# ---- gate kinds of trust-dev.jsonl (README.md "Gate questions"), verified on the graph ----------------
def gate_absent_topic(g, q):
    assert q["query_type"] == "dataset_search" and not q["expected"] and SPEC[q["id"]][2] is A_gate_absent
    return "dataset search for a topic no label matches, sharing a word with one the graph has"


def gate_absent_pair_own_value(g, q):
    fn, args = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_absent_pair_any
    model, dataset = args
    claimed = [float(x) for x in re.findall(r"\d+\.\d+", q["question"])]
    own = {C.parse_value(r["value"]): r["dataset"] for r in g.rows if r["model"] == model}
    assert len(claimed) == 1 and claimed[0] in own and own[claimed[0]] != dataset, (claimed, own)
    return f"{model} never ran on {dataset}; the claimed {fmt(claimed[0])} is its own value on {own[claimed[0]]}"


def gate_absent_pair_bound(g, q):
    fn, args = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_absent_pair_any
    model, dataset = args
    m = re.search(r"\b(below|under|over|above)\s+(\d+(?:\.\d+)?)", q["question"].lower())
    assert m, "no bound in the question"
    thr = float(m.group(2))
    ok = (lambda v: v < thr) if m.group(1) in ("below", "under") else (lambda v: v > thr)
    own = sorted(C.parse_value(r["value"]) for r in g.rows if r["model"] == model)
    assert own and all(ok(v) for v in own), own
    return f"{model} never ran on {dataset}; its values elsewhere {fmts(own)} all meet '{m.group(1)} {fmt(thr)}' (the careless SUPPORTED)"


def gate_wrong_paper(g, q):
    fn, args = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_paper and q["verdict"] == "REFUTED"
    title, model, dataset, metric, value = args
    elsewhere = sorted({(r["model"], g.papers[r["paper"]]["title"]) for r in g.rows if r["dataset"] == dataset
                        and r["metric"] == metric and C.parse_value(r["value"]) == value
                        and not g.papers[r["paper"]]["title"].startswith(title)})
    assert elsewhere, f"{fmt(value)} is not stated by any other paper on {dataset}"
    return f"the cited paper {title!r} does not state {fmt(value)}; {elsewhere} does"


def gate_temporal_trap(g, q):
    gk, anchor, fn, args = SPEC[q["id"]]
    assert anchor is not None and fn is A_best_string_at
    return f"an anchor ({anchor}) under which a string sort puts the oldest result on top"


def gate_value_absent(g, q):
    fn, args = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert q["query_type"] == "paper_lookup" and not q["expected"] and fn is A_dois
    rows = g.sel(Q_PAPER_META.format(title=args[0]))
    assert len({str(r["title"]) for r in rows}) == 1 and all(r["doi"] is None for r in rows)
    return f"the DOI of {sorted({str(r['title']) for r in rows})[0]!r}: no P26"


GATE_KIND = {
    "TJ25": ("TD25", "a topic the graph lacks that shares words with one it has (dataset search)", gate_absent_topic),
    "TJ26": ("TD26", "a claim about a model on a dataset it was never run on, with a value that is its own elsewhere", gate_absent_pair_own_value),
    "TJ27": ("TD27", "a claim about a model on a dataset it was never run on, with a bound", gate_absent_pair_bound),
    "TJ28": ("TD28", "a claim whose value is real but comes from a different paper than the one cited", gate_wrong_paper),
    "TJ29": ("TD29", "a temporal trap: a string-sorted 'best' that puts the oldest result on top (here under an anchor)", gate_temporal_trap),
    "TJ30": ("TD30", "a value the graph does not have: the DOI of a paper without P26", gate_value_absent),
}


# ---- premises the questions state, and the traps, recomputed as evidence -------------------------------
def years_of_value(g, model, dataset, metric, value):
    return sorted(y for p, t, _ in papers_stating(g, model, dataset, metric, value) for y in g.valid_years(p))


def premise_tj01(g):
    a, b = paper_year(g, "Quillon-XL:"), paper_year(g, "Brackwater-UNet:")
    assert a - b == 4, (a, b)
    return f"Quillon-XL paper {a}, Brackwater-UNet paper {b} (four years apart); newest first on Corvalla-Ice: {recency_order(g, CI, 'F1')}"


def premise_tj02(g):
    ps = [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Orvalis-CNN", BM, "Accuracy", 80.2)]
    study = [t for t, ys in ps if 2024 in ys and "reproducibility study" in t.lower()]
    assert len(study) == 1, ps
    assert paper_year(g, "PimbraFormer:") == 2018
    return f"80.2 in {ps}; PimbraFormer paper 2018; careless: the fact carrying a 2024 paper ranked first"


def premise_tj03(g):
    fy = max(years_of_value(g, "Fennick-RNN", DA, W, 21.7))
    wy = max(years_of_value(g, "Warbleon", DA, W, 11.3))
    assert fy > wy, (fy, wy)
    return f"Fennick-RNN's surviving 21.7 is from {fy}, Warbleon's 11.3 from {wy}; " + A_value(g, "Fennick-RNN", DA, W)[2]


def premise_tj05(g):
    nb = naive_best(g, CI, "F1", None)
    assert nb == "Orvalis-CNN 97.0", nb
    return led(g, "Orvalis-CNN", CI, "F1") + f"; naive (typo kept): {nb}"


def premise_tj06(g):
    ex, v, ev = K_paper(g, "Fennick-RNN:", "Fennick-RNN", DA, W, 18.2)
    assert v == "SUPPORTED"
    return led(g, "Fennick-RNN", DA, W) + "; 18.2 is its own paper's figure: " + ev + "; now " + A_value(g, "Fennick-RNN", DA, W)[2]


def premise_tj07(g):
    ex, v, ev = K_paper(g, "Ostrada-T:", "Ostrada-T", OR, "BLEU", 31.9)
    assert v == "SUPPORTED"
    return led(g, "Ostrada-T", OR, "BLEU") + "; " + ev


def premise_tj08(g):
    ex, _, ev = A_oldest(g, KW, "Mean IoU")
    assert ex[0] == "Pellucid-KM", ex
    return "Pellucid-KM posted the first dated Kelpwatch result: " + ev


def premise_tj09(g):
    raw = sorted(C.parse_value(r["value"]) for r in g.rows if r["model"] == "KestrelNet" and r["dataset"] == BM)
    fl = A_value(g, "FrostLattice", BM, "Accuracy")[0]
    assert raw == [74.1, 78.9] and fl == ["71.4"]
    return f"right gap {fmt(74.1 - 71.4)}; careless gap from the original 78.9: {fmt(78.9 - 71.4)}; " + A_value(g, "KestrelNet", BM, "Accuracy")[2]


def premise_tj10(g):
    ps = {v: [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Tavrosa", BM, "Accuracy", v)] for v in (85.4, 86.1)}
    assert all(len(x) == 1 for x in ps.values())
    return f"papers {ps}: careless newest-value-wins says SUPPORTED"


def premise_tj11(g):
    ps = {v: [(t, g.papers[p]["years"], g.valid_years(p)) for p, t, _ in papers_stating(g, "Trillbert", DA, W, v)] for v in (9.4, 10.1)}
    return f"papers (raw P29, valid years) {ps}"


def premise_tj12(g):
    nv = naive_order(g, HO, "Accuracy")
    assert nv[0].startswith("Syrinxa '93.8'") and nv[1].startswith("Plumaro"), nv
    return f"careless (outlier kept): {nv[:3]}"


def premise_tj13(g):
    return "careless: the original paper's figure " + K_paper(g, "Gannetron:", "Gannetron", OR, "BLEU", 21.5)[2]


def premise_tj14(g):
    raw = sorted(r["value"] for r in g.rows if r["model"] == "Brackwater-UNet" and r["dataset"] == CI)
    assert raw == ["91.2", "91.2%"], raw
    n = C.count_papers(g, "Brackwater-UNet", CI, 91.2)
    assert n == 2
    return f"raw {raw} in {n} papers; careless exact-string count 1"


def premise_tj15(g):
    assert paper_year(g, "Reproducing Pretrained Birdsong Transcribers") == 2023
    return "the reproduction is from 2023; careless: the outlier paper " + \
        K_paper(g, "A Field Guide Benchmark", "Syrinxa", HO, "Accuracy", 93.8)[2]


def premise_tj16(g):
    assert paper_year(g, "A Replication of Tidal Turbine Fault Detectors") == 2025
    other = sorted({(r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == "Marrowfen"})
    return f"the replication is from 2025; Marrowfen's rows {other}"


def premise_tj17(g):
    return "without the anchor: " + A_best(g, BM, "Accuracy")[2] + "; one year later: " + A_best(g, BM, "Accuracy", 2015)[2]


def premise_tj18(g):
    nb = naive_best(g, DA, W, 2017)
    assert nb == "Trillbert 9.4", nb
    return f"naive (min raw P29): {nb}; Trillbert raw P29 " + \
        repr([d["years"] for d in g.papers.values() if d["title"].startswith("Trillbert:")])


def premise_tj21(g):
    nb = naive_best(g, KW, "Mean IoU", 2020)
    assert nb == "Driftmere 63.0", nb
    return f"naive (min raw P29): {nb}; Driftmere raw P29 " + \
        repr([d["years"] for d in g.papers.values() if d["title"].startswith("Driftmere:")])


def premise_tj22(g):
    hits = [d["title"] for d in g.papers.values() if "condition monitoring for tidal stream turbines" in d["title"].lower()]
    assert len(hits) == 1, hits
    assert not g.ask(ASK_HAS_BENCHMARK.format(title=hits[0]))
    other2019 = sorted(d for p in g.papers.values() for d in p["dois"] if ".2019." in d)
    return f"the paper named is {hits[0]!r}, no leaderboard; careless: another 2019 DOI {other2019}"


def premise_tj23(g):
    hits = [d["title"] for d in g.papers.values() if "document-level translation" in d["title"].lower()]
    assert hits == ["Murrelet-MT: Document-Level Translation for Vendish"], hits
    return f"the paper named is {hits[0]!r}"


def premise_tj24(g):
    chirp = sorted((d["title"], d["years"]) for d in g.papers.values() if "chirpform" in d["title"].lower())
    assert all(max(ys) < 2022 for _, ys in chirp), chirp
    return "Trillbert raw P29 " + repr([d["years"] for d in g.papers.values() if d["title"].startswith("Trillbert:")]) + \
        f" (careless min: 5 -> REFUTED); Chirpform-titled papers {chirp}"


def premise_tj27(g):
    return "Aviquist's rows " + repr(sorted((r["dataset"], r["value"]) for r in g.rows if r["model"] == "Aviquist")) + \
        "; best on Dastrup-7: " + A_best(g, DA, W)[2]


def premise_tj28(g):
    ex, v, ev = K_paper(g, "Scaling Noise-Robust Transcribers", "Corrasine", DA, W, 8.9)
    assert v == "SUPPORTED"
    return "8.9 is real but Corrasine's, from the 2025 paper: " + ev


def premise_tj30(g):
    rows = g.sel(Q_PAPER_META.format(title="Driftmere:"))
    kelp = sorted(d for p in g.papers.values() if "kelp" in p["title"].lower() for d in p["dois"])
    return f"Driftmere P29 {sorted({str(r['y']) for r in rows})}, no P26; careless: a neighbouring kelp DOI {kelp}"


PREMISE = {
    "TJ01": premise_tj01, "TJ02": premise_tj02, "TJ03": premise_tj03, "TJ05": premise_tj05, "TJ06": premise_tj06,
    "TJ07": premise_tj07, "TJ08": premise_tj08, "TJ09": premise_tj09, "TJ10": premise_tj10, "TJ11": premise_tj11,
    "TJ12": premise_tj12, "TJ13": premise_tj13, "TJ14": premise_tj14, "TJ15": premise_tj15, "TJ16": premise_tj16,
    "TJ17": premise_tj17, "TJ18": premise_tj18,
    "TJ19": lambda g: "without the anchor: " + A_best(g, QU, "BLEU")[2] + "; a year later: " + A_best(g, QU, "BLEU", 2022)[2],
    "TJ20": lambda g: "without the anchor: " + A_best(g, QU, "BLEU")[2],
    "TJ21": premise_tj21, "TJ22": premise_tj22, "TJ23": premise_tj23, "TJ24": premise_tj24,
    "TJ25": lambda g: "datasets in the graph " + repr(sorted(str(r["dl"]) for r in g.sel(Q_ALL_DATASETS))),
    "TJ26": lambda g: "Ymberline's rows " + repr(sorted({(r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == "Ymberline"})),
    "TJ27": premise_tj27, "TJ28": premise_tj28, "TJ30": premise_tj30,
}
# TJ04 and TJ29 show their careless answers from the computer itself


# ---- checks reused from check6 in place -------------------------------------------------------------------
def conflicts_touched(g, qid, q):
    """check6.conflicts_touched, run on this file's SPEC and BOARDS (it reads them from its module)."""
    saved = (C6.SPEC, C6.BOARDS)
    C6.SPEC, C6.BOARDS = SPEC, BOARDS
    try:
        return C6.conflicts_touched(g, qid, q)
    finally:
        C6.SPEC, C6.BOARDS = saved


def fact_kinds(g, q, anchor):
    """must_keep survive; each must_remove fact gets its kind (a, b or c). Raises on a violation."""
    out = []
    for f in q["must_keep"]:
        m, v, d, mt = C.FACT_RE.match(f).groups()
        keep, _ = surv(g, m, d, mt, anchor)
        assert float(v) in keep, f"must_keep fact does not survive (anchor {anchor}): {f}"
    for f in q["must_remove"]:
        m, v, d, mt = C.FACT_RE.match(f).groups()
        keep, st = surv(g, m, d, mt, anchor)
        b = clean_board(g, d, mt, anchor)
        is_best = bool(b) and b[0][1] == m and b[0][0] == float(v)
        assert not (float(v) in keep and is_best), f"must_remove fact is the surviving best: {f}"
        if float(v) in keep:  # kind (b): a former best, asked about as current
            earlier = [y for y in range(1990, C.NOW + 1) if top_at(g, d, mt, y) == (m, float(v))]
            assert earlier, f"must_remove fact survives and was never the best: {f}"
            kind = f"b (best {earlier[0]}-{earlier[-1]})"
        elif anchor is not None and float(v) in surv(g, m, d, mt)[0]:
            kind = "c (after the anchor / undated)"
        else:
            assert surv(g, m, d, mt)[1] == "clear", f"must_remove {f}: not removed by a clear conflict"
            kind = "a (loses a clear conflict)"
        out.append(f"{f}: kind {kind}")
    return out


STOP = {"a", "an", "the", "any", "is", "are", "there", "for", "on", "of", "in", "to", "what", "which", "s", "it", "out"}


def asked(g, q):
    """what a question asks, for telling two questions apart: its answer, its facts, the graph labels it names,
    and the numbers it states."""
    text = q["question"].lower()
    names = sorted(l for l in {str(r["label"]) for r in g.sel(C.Q_LABELS)} if l.lower() in text or l.lower().split()[0] in text.split())
    nums = sorted(float(x) for x in re.findall(r"(?<![-\w.])\d+(?:\.\d+)?\b", text) if not re.fullmatch(r"(19|20)\d\d", x))
    key = (sorted(set(q["expected"])), sorted(q["must_keep"] + q["must_remove"]), names, nums)
    if not any(key):  # nothing named that the graph holds (a topic it lacks): the question's own words
        key = key + (sorted(set(re.sub(r"\W+", " ", text).split()) - STOP),)
    return key


def per_year(fn):
    """fn() for every current year 2025..2030 (check.NOW set to each); the results must not differ."""
    saved = C.NOW
    outs = {}
    try:
        for y in YEARS:
            C.NOW = y
            outs[y] = fn()
    finally:
        C.NOW = saved
    vals = list(outs.values())
    assert all(v == vals[0] for v in vals), f"depends on the current year: {outs}"
    return vals[0]


FIELDS = {"id", "graph", "question", "query_type", "mechanism", "expected", "verdict", "must_remove", "must_keep", "notes"}
CASUAL = (r"right\?", r"these days", r"\bback in\b", r"\b(?:acc|wer|f1|miou|bleu)\b", r"\byeah\b", r"n't (?:it|that right|they)\?")


def main():
    graphs = {k + ".ttl": C.G(k + ".ttl") for k in ("g1", "g2", "g3", "g4")}
    qs = [json.loads(l) for l in open(QFILE)]
    dev = [json.loads(l) for f in EARLIER for l in open(os.path.join(DATA_DIR, f))]
    norm = lambda t: re.sub(r"\W+", " ", t.lower()).strip()
    dev_q = {norm(d["question"]) for d in dev}
    words = lambda t: set(norm(t).split())
    overlap = lambda a, b: len(words(a) & words(b)) / len(words(a) | words(b))
    td = {d["id"]: d for d in dev if d["id"].startswith("TD")}
    ti = {d["id"]: d for d in dev if d["id"].startswith("TI")}
    fails = 0
    counts = {"mechanism": {}, "query_type": {}, "verdict": {}, "graph": {}}
    print(f"TRUST_NOW={C.NOW}; checkers from {TRUST_DIR}; graphs and earlier dev files from {DATA_DIR}; "
          f"{len(qs)} questions in {QFILE}; {len(dev)} earlier dev questions")
    if [q["id"] for q in qs] != [f"TJ{i:02d}" for i in range(1, 31)]:
        print("FAIL ids are not TJ01..TJ30 in order")
        fails += 1
    if set(SPEC) != {q["id"] for q in qs} or set(BOARDS) != set(SPEC):
        print("FAIL questions and checks differ:", sorted(set(SPEC) ^ {q["id"] for q in qs}))
        fails += 1
    conflicts_used = {}
    nearest = []
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
            assert q["question"][0].islower() and not re.search(r"[A-Z][a-z]", q["question"]), \
                "questions are written casually, in lower case (labels too; only abbreviations such as WER upper case)"
            assert norm(q["question"]) not in dev_q, "same question as an earlier dev file"
            near = max((overlap(q["question"], d["question"]), d["id"]) for d in dev)
            nearest.append((near[0], q["id"], near[1]))
            assert near[0] < 0.6, f"too close to {near[1]} (word overlap {near[0]:.2f})"
            gk, anchor, fn, args = SPEC[q["id"]]
            assert q["graph"] == gk + ".ttl", f"graph {q['graph']} != {gk}"
            g = graphs[q["graph"]]
            written, is_in = parse_anchor(q["question"])
            assert written == anchor, f"anchor in the text {written} != anchor used {anchor}"
            exp, verdict, ev = fn(g, *args)
            assert sorted(set(exp)) == sorted(set(q["expected"])), f"expected {q['expected']} but recomputed {exp}\n      {ev}"
            assert verdict == q["verdict"], f"verdict {q['verdict']} but recomputed {verdict}\n      {ev}"
            per_year(lambda: (tuple(sorted(set(fn(g, *args)[0]))), fn(g, *args)[1]))
            if q["mechanism"] == "gate" and not q["expected"]:
                assert q["verdict"] in (None, "UNCERTAIN")
            if is_in:
                pi = published_in_same5(g, SPEC[q["id"]], anchor)
                assert pi != "n/a" and sorted(pi) == sorted(exp), f"'published in {anchor}' reading gives {pi}"
                ev += f"; published-in-{anchor} reading: {pi}"
            # TJn asks something else than TDn and TIn: not the same computation as TIn, and not the same
            # (answer, facts, names and numbers in the question) as either
            t, i = td["TD" + q["id"][2:]], ti["TI" + q["id"][2:]]
            assert SPEC[q["id"]][2:] != C6.SPEC[i["id"]][2:], f"same computation as {i['id']}"
            for other in (t, i):
                assert asked(g, q) != asked(graphs[other["graph"]], other), f"asks what {other['id']} asks"
                if (sorted(q["expected"]), sorted(q["must_keep"])) == (sorted(other["expected"]), sorted(other["must_keep"])) and q["expected"]:
                    a, b = asked(g, q), asked(graphs[other["graph"]], other)
                    ev += (f"\n      note: same expected and must_keep as {other['id']}; the question differs "
                           f"(names {a[2]}, numbers {a[3]}, must_remove {q['must_remove']} vs {b[2]}, {b[3]}, {other['must_remove']})")
            same_ans = sorted(d["id"] for d in dev if q["expected"] and sorted(set(d["expected"])) == sorted(set(q["expected"])))
            # facts
            for f in q["must_keep"] + q["must_remove"]:
                assert C.FACT_RE.match(f), f"bad fact {f}"
                assert C.fact_exists(g, f), f"fact not in graph: {f}"
                m, v, d, mt = C.FACT_RE.match(f).groups()
                assert v == fmt(float(v)), f"value not in clean form: {f}"
            assert not set(q["must_keep"]) & set(q["must_remove"]), "a fact is both in must_keep and must_remove"
            for line in per_year(lambda: fact_kinds(g, q, anchor)):
                ev += "\n      must_remove " + line
            for e in q["expected"]:
                assert e in C.graph_text(g), f"expected string {e!r} not in the graph"
            used = per_year(lambda: conflicts_touched(g, q["id"], q))
            for u in used:
                conflicts_used.setdefault(u, []).append(q["id"])
            if q["id"] in GATE_KIND:
                tdid, kind, verify = GATE_KIND[q["id"]]
                assert tdid == "TD" + q["id"][2:]
                ev += f"\n      gate kind ({tdid}): {kind}: " + verify(g, q)
            if q["id"] in PREMISE:
                ev += "\n      premise/trap: " + PREMISE[q["id"]](g)
            ev += f"\n      same answer for current years {YEARS.start}-{YEARS.stop - 1}; conflicts touched: {used or 'none'}"
            ev += f"\n      closest earlier question: {near[1]} ({near[0]:.2f}); earlier questions with the same expected set: {same_ans or 'none'}"
            print(f"  ok   {q['id']} [{q['graph']}/{q['mechanism']}/{q['query_type']}/{q['verdict']}] {ev}")
        except Exception as ex:  # AssertionError, or a query error
            fails += 1
            print(f"  FAIL {q['id']} [{q['mechanism']}] {type(ex).__name__}: {ex}")
    # counts: those of trust-dev.jsonl (and of README.md's table, as check6 has them)
    target = {"mechanism": {}, "query_type": {}, "verdict": {}, "graph": {}}
    for d in td.values():
        for k in target:
            target[k][str(d[k])] = target[k].get(str(d[k]), 0) + 1
    for k, v in counts.items():
        print(f"{k}: {json.dumps(dict(sorted(v.items())))}")
        if v != target[k] or v != C6.TARGET[k]:
            print(f"FAIL {k} counts {v} != trust-dev.jsonl {target[k]} / README {C6.TARGET[k]}")
            fails += 1
    mirror_bad = 0
    for q in qs:  # TJn mirrors TDn: same mechanism, query type and verdict
        t = td.get("TD" + q["id"][2:])
        if not t or (t["mechanism"], t["query_type"], t["verdict"]) != (q["mechanism"], q["query_type"], q["verdict"]):
            print(f"FAIL {q['id']} does not mirror its trust-dev.jsonl counterpart {t and t['id']}")
            fails += 1
            mirror_bad += 1
    same_graph = [q["id"] for q in qs if q["graph"] == td["TD" + q["id"][2:]]["graph"]]
    print(f"every TJn has the mechanism, query type and verdict of TDn: {'yes' if not mirror_bad else 'NO'}; "
          f"on TDn's graph: {len(same_graph)} of {len(qs)} (moved: {sorted(set(SPEC) - set(same_graph))})")
    gates = sorted(q["id"] for q in qs if q["mechanism"] == "gate")
    if gates != sorted(GATE_KIND) or sorted(t for t, _, _ in GATE_KIND.values()) != sorted(d["id"] for d in td.values() if d["mechanism"] == "gate"):
        print("FAIL gate questions", gates, "!=", sorted(GATE_KIND))
        fails += 1
    worst = (0.0, "")
    for i, a in enumerate(qs):  # no two questions of this file repeat each other
        for b in qs[i + 1:]:
            ov = overlap(a["question"], b["question"])
            worst = max(worst, (ov, f"{a['id']}/{b['id']}"))
            if ov >= 0.6:
                print(f"FAIL {a['id']} and {b['id']} share {ov:.2f} of their words")
                fails += 1
    casual = {p: sum(bool(re.search(p, q["question"])) for q in qs) for p in CASUAL}
    print("casual markers (questions using each):", json.dumps(casual))
    nearest.sort(reverse=True)
    print("closest earlier questions: " + ", ".join(f"{a}/{b} ({o:.2f})" for o, a, b in nearest[:3]))
    print(f"closest pair inside this file: {worst[1]} ({worst[0]:.2f})")
    print("conflicts touched (all in README's stable table):", json.dumps(conflicts_used))
    print("gate kinds:", json.dumps({k: v[1] for k, v in GATE_KIND.items()}))
    print("\nFAILURES:", fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
