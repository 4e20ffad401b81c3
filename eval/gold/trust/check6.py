#!/usr/bin/env python3
"""Checks trust-dev6.jsonl (TI01-TI30) against the fixture graphs g1.ttl .. g4.ttl.

trust-dev6 follows the design of the first file, trust-dev.jsonl: the same counts per mechanism,
query type, verdict and graph, and the same gate kinds, on other facts where the graphs allow.

Same reference rules as check.py .. check5.py (imported from them, not copied). For every question
the answer is recomputed from the graph, independently of the JSONL: SPARQL (the queries and the
reference trust rules of check.py: rows, papers, years, DOIs, ASKs, six conflict readings) plus
Python. The recomputed `expected` strings (as a set) and `verdict` must equal the ones in the file,
and must stay the same for every current year from 2025 to 2030; the anchor written in the question
must be the one the computation used ("as of Y" / "in Y" = up to Y; "before Y" = up to Y-1; an
"in Y" question must give the same answer read as "published in Y"); must_keep facts must survive
the conflict rules and the anchor; must_remove facts must not be the surviving best and must be of
kind (a) lost a clear conflict, (b) a former best, or (c) after the anchor / undated; every value
conflict a question touches must be one that README.md's "Conflict margins" lists as stable, with
the outcome listed there, and must read the same under all six readings; a month-like P29 (1-12) is
never taken as a year. Also: no question repeats one of trust-dev.jsonl .. trust-dev5.jsonl or shares
60% or more of its words with one of them or with another TI question; the counts are those of
trust-dev.jsonl, and each TIn has the mechanism, query type and verdict of TDn; the premises a
question states are checked, and each question prints the careless answer it is built against.

Where things are: the fixture graphs and the earlier checkers (check.py .. check5.py) are looked for
beside this file first, then in /work/main/eval/gold/trust. trust-dev6.jsonl is read from beside
this file.

Run: python3 check6.py          (exit status 1 on any failure)
     TRUST_NOW=2030 python3 check6.py
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FALLBACK = "/work/main/eval/gold/trust"
TRUST_DIR = next(d for d in (HERE, FALLBACK)
                 if all(os.path.exists(os.path.join(d, f))
                        for f in ("check.py", "check2.py", "check3.py", "check4.py", "check5.py",
                                  "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")))
sys.path.insert(0, TRUST_DIR)
import check as C  # noqa: E402  (reference rules, SPARQL queries, graph loading)
from check5 import *  # noqa: E402,F401,F403  (the computers of trust-dev2 .. trust-dev5, shared, not copied)
from check5 import (parse_anchor, papers_stating, models_in_order, beaters, labels_text,  # noqa: E402
                    published_in_same as published_in_same5)

HERE = os.path.dirname(os.path.abspath(__file__))  # the earlier checkers' HERE was imported above; this file's own
QFILE = os.path.join(HERE, "trust-dev6.jsonl")
EARLIER = ("trust-dev.jsonl", "trust-dev2.jsonl", "trust-dev3.jsonl", "trust-dev4.jsonl", "trust-dev5.jsonl")
YEARS = range(2025, 2031)  # the current years the answers must not depend on


# ---- extra SPARQL used here ------------------------------------------------------------------------
Q_TOPIC_TITLES = C.PREFIXES + """
SELECT DISTINCT ?paper ?title WHERE {{
  ?paper a orkgc:Paper ; rdfs:label ?title ; orkgp:P31 ?c .
  ?c orkgp:P32 ?p . ?p rdfs:label ?pl . FILTER(STR(?pl) = "{problem}")
}}"""

Q_PAPER_META = C.PREFIXES + """
SELECT ?title ?problem ?y ?doi WHERE {{
  ?paper a orkgc:Paper ; rdfs:label ?title ; orkgp:P31 ?c . ?c orkgp:P32 ?p . ?p rdfs:label ?problem .
  OPTIONAL {{ ?paper orkgp:P29 ?y }} OPTIONAL {{ ?paper orkgp:P26 ?doi }}
  OPTIONAL {{ ?c orkgp:HAS_BENCHMARK ?b }}
  FILTER(STRSTARTS(STR(?title), "{title}"))
}}"""

ASK_HAS_BENCHMARK = C.PREFIXES + """
ASK {{ ?paper a orkgc:Paper ; rdfs:label ?t ; orkgp:P31 ?c . ?c orkgp:HAS_BENCHMARK ?b .
  FILTER(STRSTARTS(STR(?t), "{title}")) }}"""


# ---- computers added for trust-dev6: return (expected list, verdict, evidence) ------------------------
def A_topic_latest_kw(g, problem, keyword):
    """'newest paper on problem': A_topic_latest (problem links), with the careless title-keyword answer as evidence."""
    exp, _, ev = A_topic_latest(g, problem)
    kw = sorted(((max(g.valid_years(str(r["paper"]))), str(r["title"])) for r in g.sel(C.Q_PAPERS)
                 if keyword in str(r["title"]).lower() and g.valid_years(str(r["paper"]))), reverse=True)
    assert kw and kw[0][1] != exp[0], f"no keyword trap: {kw[:1]}"
    assert keyword not in exp[0].lower()
    return exp, None, f"{ev}; careless (newest title with {keyword!r}): {kw[0]}"


def A_passed_since(g, model, dataset, metric):
    """'which models have passed model since it was on top': beaters (check5) = check.py's models_beating."""
    out, ev = beaters(g, model, dataset, metric)
    naive_years = {}
    for r in g.rows:
        if r["dataset"] == dataset and r["metric"] == metric and g.papers[r["paper"]]["years"]:
            y = min(g.papers[r["paper"]]["years"])
            naive_years[r["model"]] = min(naive_years.get(r["model"], 9999), y)
    mine = naive_years[model]
    careless = sorted(m for m, vs in out.items() if naive_years[m] > mine)
    return sorted(out), None, f"{ev}; careless (min raw P29 per model {naive_years}) keeps only {careless}"


def A_best_at(g, dataset, metric, anchor):
    """A_best under an anchor (kept apart so that published_in_same can be told which board it is)."""
    return A_best(g, dataset, metric, anchor)


# ---- the questions: (graph, anchor, computer, args) ------------------------------------------------
SPEC = {
    # recency
    "TI01": ("g4", None, A_best, (SE, "F1")),
    "TI02": ("g3", None, K_better, ("Ibbotrans", "Murrelet-MT", OR, "BLEU")),
    "TI03": ("g2", None, A_compare, ("Plumaro", "Corrasine", DA, W)),
    "TI04": ("g2", None, A_topic_latest_kw, ("Birdsong Transcription", "birdsong")),
    # superseded
    "TI05": ("g1", None, K_best, ("FrostLattice", SK, "Mean IoU")),
    "TI06": ("g2", None, K_best, ("Chirpform", DA, W)),
    "TI07": ("g3", None, K_best, ("Murrelet-MT", QU, "BLEU")),
    "TI08": ("g4", None, A_passed_since, ("Marrowfen", SE, "F1")),
    # conflict
    "TI09": ("g2", None, A_value, ("Fennick-RNN", DA, W)),
    "TI10": ("g3", None, K_value, ("Murrelet-MT", MI, "chrF", 51.0)),
    "TI11": ("g2", None, K_value, ("Aviquist", VE, W, 7.9)),
    "TI12": ("g1", None, A_topk, (CI, "F1", 3)),
    "TI13": ("g1", None, A_usage, ("KestrelNet",)),
    # corroboration
    "TI14": ("g2", None, A_value, ("Syrinxa", HO, "Accuracy")),
    "TI15": ("g1", None, K_value, ("Orvalis-CNN", BM, "Accuracy", 80.2, None, 2)),
    "TI16": ("g2", None, K_reproduced, ("Corrasine", VE, W, 7.2)),
    # as_of
    "TI17": ("g1", 2017, A_best, (BM, "Accuracy", 2017)),
    "TI18": ("g4", 2016, A_best, (KW, "Mean IoU", 2016)),
    "TI19": ("g3", 2016, A_best, (OR, "BLEU", 2016)),
    "TI20": ("g3", 2021, K_best, ("Ostrada-T", OR, "BLEU", 2021)),
    "TI21": ("g2", 2020, K_best, ("Trillbert", DA, W, 2020)),
    # metadata
    "TI22": ("g4", None, A_year_doi, ("Tidewick:",)),
    "TI23": ("g4", None, A_dois, ("Undertow-GNN: Relational Modelling of Tidal Arrays",)),
    "TI24": ("g1", None, K_year, ("Sallowmere:", 2020)),
    # gate
    "TI25": ("g2", None, A_gate_absent, ((r"\bfrogs?\b", r"amphibian", r"anuran", r"\btoads?\b"), (r"\bcalls?\b", r"classification"))),
    "TI26": ("g1", None, K_absent_pair_any, ("Lumoria", BM)),
    "TI27": ("g3", None, K_absent_pair_any, ("Varnholt", MI)),
    "TI28": ("g1", None, K_paper, ("Wendrel-S:", "Wendrel-S", BM, "Accuracy", 89.6)),
    "TI29": ("g1", 2012, A_best, (SK, "Mean IoU", 2012)),
    "TI30": ("g4", None, A_year, ("Seasonal Kelp Canopy Dynamics in Norrland Fjords",)),
}

# the mix of trust-dev.jsonl (README.md, "Counts per mechanism", "Query types", "Verdicts", "Graphs")
TARGET = {
    "mechanism": {"recency": 4, "superseded": 4, "conflict": 5, "corroboration": 3, "as_of": 5, "metadata": 3, "gate": 6},
    "query_type": {"claim_verification": 14, "method_comparison": 10, "paper_lookup": 3, "topic_search": 1,
                   "method_usage": 1, "dataset_search": 1},
    "verdict": {"SUPPORTED": 4, "REFUTED": 6, "UNCERTAIN": 4, "None": 16},
    "graph": {"g1.ttl": 9, "g2.ttl": 9, "g3.ttl": 6, "g4.ttl": 6},
}
# gate kinds of trust-dev.jsonl (README.md, "Gate questions"), one question each here as there
GATE_KIND = {
    "TI25": "a topic the graph lacks that shares words with one it has (dataset search; TD25)",
    "TI26": "a claim about a model on a dataset it was never run on, with a value that is its own elsewhere (TD26)",
    "TI27": "a claim about a model on a dataset it was never run on, with a bound (TD27)",
    "TI28": "a claim whose value is real but comes from a different paper than the one cited (TD28)",
    "TI29": "a temporal trap: an anchor earlier than any result, which a month-as-year and an undated paper break (TD29's kind)",
    "TI30": "a value the graph does not have: the year of a paper without P29 (TD30)",
}
# README.md "Conflict margins": the only conflicts a question may use, with their outcome under all six readings
STABLE = {
    ("KestrelNet", "BenchMira", "Accuracy"): ("clear", {74.1}),
    ("Orvalis-CNN", "Corvalla-Ice", "F1"): ("clear", {87.0}),
    ("Fennick-RNN", "Dastrup-7 Chorus", "Word Error Rate"): ("clear", {21.7}),
    ("Syrinxa", "Hollenby Marsh Calls", "Accuracy"): ("clear", {88.3}),
    ("Gannetron", "Orrenby Parallel Corpus", "BLEU"): ("clear", {18.9}),
    ("Tavrosa", "BenchMira", "Accuracy"): ("close", {86.1, 85.4}),
    ("Trillbert", "Dastrup-7 Chorus", "Word Error Rate"): ("close", {9.4, 10.1}),
    ("Aviquist", "Veltmoor Dawn Set", "Word Error Rate"): ("close", {6.8, 7.9}),
    ("Warbleon", "Hollenby Marsh Calls", "Accuracy"): ("close", {79.5, 80.7}),
    ("Murrelet-MT", "Mirelle Subtitles", "chrF"): ("close", {55.1, 51.0}),
}
# the (dataset, metric) boards each question reads, for the conflict check
BOARDS = {
    "TI01": [(SE, "F1")], "TI02": [(OR, "BLEU")], "TI03": [(DA, W)], "TI04": [], "TI05": [(SK, "Mean IoU")],
    "TI06": [(DA, W)], "TI07": [(QU, "BLEU")], "TI08": [(SE, "F1")], "TI09": [(DA, W)], "TI10": [(MI, "chrF")],
    "TI11": [(VE, W)], "TI12": [(CI, "F1")], "TI13": [(BM, "Accuracy")], "TI14": [(HO, "Accuracy")],
    "TI15": [(BM, "Accuracy")], "TI16": [(VE, W)], "TI17": [(BM, "Accuracy")], "TI18": [(KW, "Mean IoU")],
    "TI19": [(OR, "BLEU")], "TI20": [(OR, "BLEU")], "TI21": [(DA, W)], "TI22": [], "TI23": [], "TI24": [],
    "TI25": [], "TI26": [(BM, "Accuracy")], "TI27": [(MI, "chrF")], "TI28": [(BM, "Accuracy")],
    "TI29": [(SK, "Mean IoU")], "TI30": [],
}


# ---- premises the questions state, and the traps, recomputed as evidence -------------------------------
def led(g, model, dataset, metric):
    years = [y for y in range(1990, C.NOW + 1) if (top_at(g, dataset, metric, y) or (None,))[0] == model]
    assert years, f"premise: {model} never led {dataset}"
    return f"{model} led {dataset} {years[0]}-{years[-1]}"


def paper_year(g, prefix):
    ps = [p for p, d in g.papers.items() if d["title"].startswith(prefix)]
    assert len(ps) == 1, (prefix, ps)
    ys = g.valid_years(ps[0])
    assert len(ys) == 1, (prefix, ys)
    return ys[0]


def premise_ti01(g):
    nm = newest_model(g, SE, "F1")
    assert nm == "Undertow-GNN", nm
    return f"newest model on Sealbrook: {nm} {A_value(g, nm, SE, 'F1')[0]}; first years {model_first_year(g, SE, 'F1')}"


def premise_ti02(g):
    a, b = paper_year(g, "Ibbotrans:"), paper_year(g, "Murrelet-MT:")
    assert a - b == 1, (a, b)
    return f"Ibbotrans paper {a}, Murrelet-MT paper {b} (a year after); best now: {A_best(g, OR, 'BLEU')[2]}"


def premise_ti03(g):
    first = model_first_year(g, DA, W)
    assert first["Corrasine"] > first["Plumaro"], first
    return f"first years Corrasine {first['Corrasine']}, Plumaro {first['Plumaro']} (Corrasine is newer; lower WER is better)"


def premise_ti08(g):
    keep, _ = surv(g, "Marrowfen", SE, "F1")
    assert keep == {78.4}
    return led(g, "Marrowfen", SE, "F1") + f"; Selkora raw P29 {[d['years'] for d in g.papers.values() if d['title'].startswith('Selkora:')]}"


def premise_ti09(g):
    ps = {v: [(t, g.papers[p]["years"], g.papers[p]["dois"]) for p, t, _ in papers_stating(g, "Fennick-RNN", DA, W, v)] for v in (18.2, 21.7)}
    assert all(len(x) == 1 for x in ps.values())
    return f"papers {ps}; careless (lowest WER kept) 18.2"


def premise_ti10(g):
    y51 = [g.valid_years(p) for p, _, _ in papers_stating(g, "Murrelet-MT", MI, "chrF", 51.0)]
    y55 = [g.valid_years(p) for p, _, _ in papers_stating(g, "Murrelet-MT", MI, "chrF", 55.1)]
    assert y51 == [[2024]] and y55 == [[2022]], (y51, y55)
    return f"51.0 from {y51}, 55.1 from {y55}: careless newest-value-wins says SUPPORTED"


def premise_ti11(g):
    ys = {v: [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Aviquist", VE, W, v)] for v in (6.8, 7.9)}
    return f"papers {ys} (same year)"


def premise_ti12(g):
    nv = naive_order(g, CI, "F1")
    assert nv[0].startswith("Orvalis-CNN '97.0'"), nv
    return f"careless (typo kept, string sort) {nv[:3]}; raw Orvalis-CNN {sorted(r['value'] for r in g.rows if r['model'] == 'Orvalis-CNN' and r['dataset'] == CI)}"


def premise_ti13(g):
    return "careless: the original paper's value " + K_paper(g, "KestrelNet:", "KestrelNet", BM, "Accuracy", 78.9)[2]


def premise_ti14(g):
    n = C.count_papers(g, "Syrinxa", HO, 93.8)
    assert n == 1
    raw = sorted(r["value"] for r in g.rows if r["model"] == "Syrinxa" and r["dataset"] == HO)
    return f"93.8 in {n} paper; raw Syrinxa values {raw}; naive best {naive_best(g, HO, 'Accuracy', None)}"


def premise_ti15(g):
    ps = [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Orvalis-CNN", BM, "Accuracy", 80.2)]
    assert len(ps) == 2
    return f"80.2 in {ps}; the same study's KestrelNet row: {A_value(g, 'KestrelNet', BM, 'Accuracy')[2]}"


def premise_ti16(g):
    return "careless: the comparison paper's other row " + A_value(g, "Aviquist", VE, W)[2]


def premise_ti17(g):
    return "without the anchor: " + A_best(g, BM, "Accuracy")[2] + "; KestrelNet as of 2017: " + A_value(g, "KestrelNet", BM, "Accuracy", 2017)[2]


def premise_ti18(g):
    return "naive (month 3 read as a year): " + naive_best(g, KW, "Mean IoU", 2016) + "; Driftmere raw P29 " + \
        repr([d["years"] for d in g.papers.values() if d["title"].startswith("Driftmere:")])


def premise_ti19(g):
    return ("without the anchor: " + A_best(g, OR, "BLEU")[2] + "; Gannetron now: " + A_value(g, "Gannetron", OR, "BLEU")[2]
            + "; Gannetron as of 2016: " + A_value(g, "Gannetron", OR, "BLEU", 2016)[2]
            + "; string ORDER BY DESC: " + repr(g.sel(C.SELECT_STRING_MAX.format(dataset=OR, metric="BLEU"))))


def premise_ti21(g):
    return "Trillbert raw P29 " + repr([d["years"] for d in g.papers.values() if d["title"].startswith("Trillbert:")]) + \
        "; naive (min raw P29): " + naive_best(g, DA, W, 2020)


def premise_ti23(g):
    hits = [d["title"] for d in g.papers.values() if "relational modelling of tidal arrays" in d["title"].lower()]
    assert hits == ["Undertow-GNN: Relational Modelling of Tidal Arrays"], hits
    return f"the title named is {hits[0]!r} ({paper_year(g, 'Undertow-GNN:')})"


def premise_ti24(g):
    return "raw P29 " + repr([d["years"] for d in g.papers.values() if d["title"].startswith("Sallowmere:")])


def premise_ti25(g):
    return "datasets in the graph " + repr(sorted(str(r["dl"]) for r in g.sel(Q_ALL_DATASETS)))


def premise_ti26(g):
    return "Lumoria's 61.5 is " + repr(sorted({(r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == "Lumoria"}))


def premise_ti27(g):
    rows = sorted({(r["model"], r["dataset"], r["value"]) for r in g.rows if g.papers[r["paper"]]["title"].startswith("Varnholt:")})
    assert ("Halverin", MI, "48.2") in rows, rows
    return f"rows of the Varnholt paper {rows}"


def premise_ti28(g):
    ex, v, ev = K_paper(g, "Zephyrine:", "Zephyrine-L", BM, "Accuracy", 89.6)
    assert v == "SUPPORTED"
    return "89.6 is real but from the Zephyrine paper: " + ev


def premise_ti29(g):
    review = [(d["title"], d["years"]) for d in g.papers.values() if 2012 in d["years"]]
    assert len(review) == 1 and not g.ask(ASK_HAS_BENCHMARK.format(title=review[0][0]))
    return (f"naive (min raw P29, undated kept): {naive_best(g, SK, 'Mean IoU', 2012)}; first dated result: "
            f"{A_oldest(g, SK, 'Mean IoU')[0]}; 2012 paper without leaderboard {review}")


def premise_ti30(g):
    rows = g.sel(Q_PAPER_META.format(title="Seasonal Kelp Canopy Dynamics"))
    assert len({str(r["title"]) for r in rows}) == 1 and all(r["y"] is None for r in rows)
    assert not g.ask(ASK_HAS_BENCHMARK.format(title="Seasonal Kelp Canopy Dynamics"))
    return f"problem {sorted({str(r['problem']) for r in rows})}, DOI {sorted({str(r['doi']) for r in rows})}, no P29, no leaderboard"


PREMISE = {
    "TI01": premise_ti01, "TI02": premise_ti02, "TI03": premise_ti03,
    "TI05": lambda g: led(g, "FrostLattice", SK, "Mean IoU") + "; naive " + naive_best(g, SK, "Mean IoU", None),
    "TI06": lambda g: led(g, "Chirpform", DA, W),
    "TI07": lambda g: led(g, "Murrelet-MT", QU, "BLEU") + "; Ibbotrans paper DOIs " +
        repr([d["dois"] for d in g.papers.values() if d["title"].startswith("Ibbotrans:")]),
    "TI08": premise_ti08, "TI09": premise_ti09, "TI10": premise_ti10, "TI11": premise_ti11, "TI12": premise_ti12,
    "TI13": premise_ti13, "TI14": premise_ti14, "TI15": premise_ti15, "TI16": premise_ti16, "TI17": premise_ti17,
    "TI18": premise_ti18, "TI19": premise_ti19,
    "TI20": lambda g: "without the anchor: " + A_best(g, OR, "BLEU")[2],
    "TI21": premise_ti21,
    "TI22": lambda g: "raw P29 " + repr([d["years"] for d in g.papers.values() if d["title"].startswith("Tidewick:")]),
    "TI23": premise_ti23, "TI24": premise_ti24, "TI25": premise_ti25, "TI26": premise_ti26, "TI27": premise_ti27,
    "TI28": premise_ti28, "TI29": premise_ti29, "TI30": premise_ti30,
}


def conflicts_touched(g, qid, q):
    """every (model, dataset, metric) with two values that the question's boards and facts touch must be in STABLE."""
    triples = {C.FACT_RE.match(f).groups() for f in q["must_keep"] + q["must_remove"]}
    triples = {(m, d, mt) for m, v, d, mt in triples}
    for d, mt in BOARDS[qid]:
        triples |= {(r["model"], d, mt) for r in g.rows if r["dataset"] == d and r["metric"] == mt}
    spec = SPEC[qid]
    if spec[2] is A_usage:
        triples |= {(r["model"], r["dataset"], r["metric"]) for r in g.rows if r["model"] == spec[3][0]}
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


def year_independent(g, fn, args):
    """the recomputed answer for every current year 2025..2030."""
    saved = C.NOW
    outs = {}
    try:
        for y in YEARS:
            C.NOW = y
            exp, verdict, _ = fn(g, *args)
            outs[y] = (tuple(sorted(set(exp))), verdict)
    finally:
        C.NOW = saved
    return outs


FIELDS = {"id", "graph", "question", "query_type", "mechanism", "expected", "verdict", "must_remove", "must_keep", "notes"}


def main():
    graphs = {k + ".ttl": C.G(k + ".ttl") for k in ("g1", "g2", "g3", "g4")}
    qs = [json.loads(l) for l in open(QFILE)]
    dev = [json.loads(l) for f in EARLIER for l in open(os.path.join(TRUST_DIR, f))]
    norm = lambda t: re.sub(r"\W+", " ", t.lower()).strip()
    dev_q = {norm(d["question"]) for d in dev}
    words = lambda t: set(norm(t).split())
    fails = 0
    counts = {"mechanism": {}, "query_type": {}, "verdict": {}, "graph": {}}
    print(f"TRUST_NOW={C.NOW}; graphs and earlier checkers from {TRUST_DIR}; {len(qs)} questions in {QFILE}; "
          f"{len(dev)} earlier dev questions")
    if [q["id"] for q in qs] != [f"TI{i:02d}" for i in range(1, 31)]:
        print("FAIL ids are not TI01..TI30 in order")
        fails += 1
    if set(SPEC) != {q["id"] for q in qs}:
        print("FAIL questions and checks differ:", sorted(set(SPEC) ^ {q["id"] for q in qs}))
        fails += 1
    conflicts_used = {}
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
            assert q["question"][0].islower(), "questions are written casually, from a lower-case start"
            assert norm(q["question"]) not in dev_q, "same question as an earlier dev file"
            near = max((len(words(q["question"]) & words(d["question"])) / len(words(q["question"]) | words(d["question"])), d["id"]) for d in dev)
            assert near[0] < 0.6, f"too close to {near[1]} (word overlap {near[0]:.2f})"
            gk, anchor, fn, args = SPEC[q["id"]]
            assert q["graph"] == gk + ".ttl", f"graph {q['graph']} != {gk}"
            g = graphs[q["graph"]]
            written, is_in = parse_anchor(q["question"])
            assert written == anchor, f"anchor in the text {written} != anchor used {anchor}"
            exp, verdict, ev = fn(g, *args)
            assert sorted(set(exp)) == sorted(set(q["expected"])), f"expected {q['expected']} but recomputed {exp}\n      {ev}"
            assert verdict == q["verdict"], f"verdict {q['verdict']} but recomputed {verdict}\n      {ev}"
            outs = year_independent(g, fn, args)
            assert len(set(outs.values())) == 1, f"answer depends on the current year: {outs}"
            if q["mechanism"] == "gate" and not q["expected"]:
                assert q["verdict"] in (None, "UNCERTAIN")
            if is_in:
                pi = published_in_same5(g, SPEC[q["id"]], anchor)
                assert pi != "n/a" and sorted(pi) == sorted(exp), f"'published in {anchor}' reading gives {pi}"
                ev += f"; published-in-{anchor} reading: {pi}"
            # facts
            for f in q["must_keep"] + q["must_remove"]:
                assert C.FACT_RE.match(f), f"bad fact {f}"
                assert C.fact_exists(g, f), f"fact not in graph: {f}"
                m, v, d, mt = C.FACT_RE.match(f).groups()
                assert v == fmt(float(v)), f"value not in clean form: {f}"
            assert not set(q["must_keep"]) & set(q["must_remove"]), "a fact is both in must_keep and must_remove"
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
                ev += f"\n      must_remove {f}: kind {kind}"
            for e in q["expected"]:
                assert e in C.graph_text(g), f"expected string {e!r} not in the graph"
            used = conflicts_touched(g, q["id"], q)
            for u in used:
                conflicts_used.setdefault(u, []).append(q["id"])
            if q["id"] in PREMISE:
                ev += "\n      premise/trap: " + PREMISE[q["id"]](g)
            ev += f"\n      same answer for current years {YEARS.start}-{YEARS.stop - 1}; conflicts touched: {used or 'none'}"
            ev += f"\n      closest earlier question: {near[1]} ({near[0]:.2f})"
            print(f"  ok   {q['id']} [{q['graph']}/{q['mechanism']}/{q['query_type']}/{q['verdict']}] {ev}")
        except Exception as ex:  # AssertionError, or a query error
            fails += 1
            print(f"  FAIL {q['id']} [{q['mechanism']}] {type(ex).__name__}: {ex}")
    for k, v in counts.items():
        print(f"{k}: {json.dumps(dict(sorted(v.items())))}")
        if k in TARGET and v != TARGET[k]:
            print(f"FAIL {k} counts {v} != target {TARGET[k]}")
            fails += 1
    td = {d["id"]: d for d in dev if d["id"].startswith("TD")}
    for q in qs:  # TIn mirrors TDn: same mechanism, query type and verdict
        t = td.get("TD" + q["id"][2:])
        if not t or (t["mechanism"], t["query_type"], t["verdict"]) != (q["mechanism"], q["query_type"], q["verdict"]):
            print(f"FAIL {q['id']} does not mirror its trust-dev.jsonl counterpart {t and t['id']}")
            fails += 1
    print("every TIn has the mechanism, query type and verdict of TDn")
    gates = sorted(q["id"] for q in qs if q["mechanism"] == "gate")
    if gates != sorted(GATE_KIND):
        print("FAIL gate questions", gates, "!=", sorted(GATE_KIND))
        fails += 1
    worst = (0.0, "")
    for i, a in enumerate(qs):  # no two questions of this file repeat each other
        for b in qs[i + 1:]:
            ov = len(words(a["question"]) & words(b["question"])) / len(words(a["question"]) | words(b["question"]))
            worst = max(worst, (ov, f"{a['id']}/{b['id']}"))
            if ov >= 0.6:
                print(f"FAIL {a['id']} and {b['id']} share {ov:.2f} of their words")
                fails += 1
    print(f"closest pair inside this file: {worst[1]} ({worst[0]:.2f})")
    print("conflicts touched (all in README's stable table):", json.dumps(conflicts_used))
    print("gate kinds:", json.dumps(GATE_KIND))
    print("\nFAILURES:", fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
