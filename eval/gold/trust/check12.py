#!/usr/bin/env python3
"""Checks trust-dev12.jsonl (TO01-TO30) against the fixture graphs g1.ttl .. g4.ttl.

trust-dev12 follows the design of the first file, trust-dev.jsonl: one TO question per TD question, with TDn's
mechanism, query type, verdict kind and gate kind, and the same totals per graph. Its own design is "the
hardest trap of each kind": each TOn asks about the fact of TDn's kind where a careless or partly careful
system is most likely to go wrong, usually because two traps meet in it (a superseded best that also lost a
conflict, a value written two ways, a re-run in another model's paper, a month under P29 next to a boundary
year, a right number on the wrong board, a string sort next to a dirty value, ...). Each question's notes
name both traps ("Trap 1", "Trap 2"), the right answer and the careless one.

Same reference rules as check.py .. check10.py (imported from them, not copied): check.py gives graph
loading, the SPARQL queries and the reference trust rules (recency, corroboration, the six conflict
readings); check10.py's namespace carries the computers of check2.py .. check10.py, check6.py's table of the
README's stable conflicts and the helpers fact_kinds, led, paper_year, raw_p29. This file adds five
computers (a "newest, so best" claim whose number comes from another board; a paper's year found by words of
its title, as a lookup and as a claim; the DOIs of the one paper stating a value; an anchored best where both
a string sort and a numeric cast go wrong), the gate-kind verifiers and the premises of its own questions.

For every question the answer is recomputed from the graph, independently of the JSONL, and
- the recomputed `expected` (as a set) and `verdict` must equal the file's, and the answer, the must_remove
  kinds and the conflicts touched must be the same for every current year from 2025 to 2030 (checked here by
  setting check.NOW to each year, whatever TRUST_NOW is);
- the anchor written in the question must be the one used ("as of Y" / "in Y" / "back in Y" = up to Y,
  "before Y" = up to Y-1), and an "in Y" question must give the same answer read as "published in Y";
- must_keep facts must survive the conflict rules and the anchor; must_remove facts must be of kind (a) lost
  a clear conflict, (b) a former best, or (c) after the anchor / undated, never the surviving best;
- every value conflict a question touches (its boards, its facts, a usage question's model rows) must be one
  of the README's stable ten, with the README's outcome;
- every expected string must be in the graph's text; the premises the question states must hold, and the
  careless answers it is built against (both traps) are recomputed and printed;
- TOn must have TDn's mechanism, query type and verdict, and the gate questions TD25-TD30's gate kinds, each
  verified on the graph; the notes must name two traps, the right answer and the careless one;
- the counts per mechanism, query type, verdict and graph must equal trust-dev.jsonl's (read from that file);
- no TO question may repeat a question of trust-dev.jsonl .. trust-dev10.jsonl, nor share 60% or more of its
  words with one of them or with another TO question.

Where things are: the earlier checkers (check.py .. check10.py), the fixture graphs and trust-dev.jsonl ..
trust-dev10.jsonl are looked for beside this file first, then in /work/main/eval/gold/trust.
trust-dev12.jsonl is read from beside this file. Needs rdflib and pyoxigraph.

Run: python3 check12.py          (exit status 1 on any failure)
     TRUST_NOW=2025 python3 check12.py ; TRUST_NOW=2030 python3 check12.py
"""
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True  # never leave a __pycache__ beside the earlier checkers
HERE = os.path.dirname(os.path.abspath(__file__))
FALLBACK = "/work/main/eval/gold/trust"
EARLIER = tuple(f"trust-dev{n}.jsonl" for n in ("", "2", "3", "4", "5", "6", "7", "8", "9", "10"))
NEEDED = (("check.py", "check2.py", "check3.py", "check4.py", "check5.py", "check6.py", "check8.py", "check10.py",
           "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl") + EARLIER)
TRUST_DIR = next(d for d in (HERE, FALLBACK) if all(os.path.exists(os.path.join(d, f)) for f in NEEDED))
sys.path.insert(0, TRUST_DIR)
import check as C  # noqa: E402  (reference rules, SPARQL queries, graph loading)
import check10 as C10  # noqa: E402,F401  (the namespace of check2.py .. check10.py)
from check10 import *  # noqa: E402,F401,F403  (the computers of trust-dev2 .. trust-dev10, shared, not copied)
from check10 import (parse_anchor, papers_stating, led, paper_year, raw_p29, fact_kinds, STABLE, FIELDS,  # noqa: E402
                     Q_PAPER_META, Q_ALL_DATASETS, Q_ROWS_OF_MODEL, Q_DOIS, SELECT_STRING_MIN, labels_text)

HERE = os.path.dirname(os.path.abspath(__file__))  # the earlier checkers' HERE was imported above; this file's own
EARLIER = tuple(f"trust-dev{n}.jsonl" for n in ("", "2", "3", "4", "5", "6", "7", "8", "9", "10"))  # check10's was imported too
QFILE = os.path.join(HERE, "trust-dev12.jsonl")
DATA_DIR = os.path.dirname(os.path.abspath(C.__file__))
YEARS = range(2025, 2031)  # the current years the answers must not depend on

# extra SPARQL used here
Q_TITLE_WORDS = C.PREFIXES + """
SELECT DISTINCT ?paper ?title WHERE {{ ?paper a orkgc:Paper ; rdfs:label ?title .
  FILTER(CONTAINS(LCASE(STR(?title)), "{phrase}")) }}"""

Q_BOARD_ROWS = C.PREFIXES + """
SELECT ?paper ?model ?value ?num WHERE {{
  ?paper a orkgc:Paper ; orkgp:P31 ?c .
  ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?model .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dl .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value . ?mt rdfs:label ?ml .
  FILTER(STR(?dl) = "{dataset}" && STR(?ml) = "{metric}")
  BIND(xsd:decimal(?value) AS ?num)
}} ORDER BY {order}(?value)"""


def titles_with(g, phrase):
    """papers whose title contains phrase (SPARQL, case-insensitive): [(iri, title)]."""
    return sorted({(str(r["paper"]), str(r["title"])) for r in g.sel(Q_TITLE_WORDS.format(phrase=phrase.lower()))})


def in_window(g, paper, anchor):
    ys = g.valid_years(paper)
    return bool(ys) and all(y <= anchor for y in ys)


# ---- computers added for trust-dev12: return (expected list, verdict, evidence) ----------------------------
def K_best_mixup(g, model, dataset, metric, claimed):
    """'model is the newest on dataset and does <claimed>, so it is the best there': K_best with the newest-model
    premise; the claimed number is the model's own value on another board of the same metric, and it would beat
    the board's best (the careless, board-blind SUPPORTED). expected = the best and the model's own value here."""
    exp, verdict, ev = K_best(g, model, dataset, metric, None, True)
    own, st = surv(g, model, dataset, metric)
    assert own and claimed not in own, f"{model} on {dataset}: {fmts(own)}"
    elsewhere = sorted({(r["dataset"], r["value"]) for r in g.rows if r["model"] == model and r["metric"] == metric
                        and r["dataset"] != dataset and C.parse_value(r["value"]) == claimed})
    assert elsewhere, f"{fmt(claimed)} is not {model}'s value on another {metric} board"
    assert better(claimed, float(exp[1]), metric), "the board-blind reading would not say SUPPORTED"
    assert verdict == "REFUTED"
    return exp + fmts(own), verdict, (f"{ev}; {model} here {st} {fmts(own)}; claimed {fmt(claimed)} is its value on "
                                      f"{elsewhere} (careless board-blind: {fmt(claimed)} beats {exp[1]} -> SUPPORTED)")


def A_year_words(g, phrase):
    """'when was the <title words> paper published': the one paper whose title holds phrase (SPARQL), its valid P29
    years (A_year), with its raw P29 and DOIs as evidence."""
    ps = titles_with(g, phrase)
    assert len(ps) == 1, f"{phrase!r} names {ps}"
    p, title = ps[0]
    exp, _, ev = A_year(g, title)
    return exp, None, f"{phrase!r} -> {title!r}; {ev}; DOIs {sorted(g.papers[p]['dois'])}"


def K_year_words(g, phrase, year):
    """'the <title words> paper is from <year>': K_year on the one paper whose title holds phrase."""
    ps = titles_with(g, phrase)
    assert len(ps) == 1, f"{phrase!r} names {ps}"
    p, title = ps[0]
    exp, verdict, ev = K_year(g, title, year)
    return exp, verdict, f"{phrase!r} -> {title!r}; {ev}"


def A_dois_of_value(g, model, dataset, metric, value):
    """'which DOI do I cite for model's <value> on dataset': the DOIs (SPARQL, P26) of the one paper stating that
    value; the papers stating the model's other values on the board, and their DOIs, as evidence."""
    ps = papers_stating(g, model, dataset, metric, value)
    assert len(ps) == 1, f"{len(ps)} papers state {fmt(value)}: {ps}"
    p, title, raw = ps[0]
    ds, _, ed = A_dois(g, title)
    assert ds, f"{title!r} has no DOI"
    keep, st = surv(g, model, dataset, metric)
    others = [(t, fmt(C.parse_value(r)), sorted(g.papers[q]["dois"]), g.valid_years(q))
              for v in keep - {value} for q, t, r in papers_stating(g, model, dataset, metric, v)]
    return ds, None, f"{fmt(value)} stated only by {title!r}: {ed}; {model} {st} {fmts(keep)}; other papers {others}"


def A_best_strsort_at(g, dataset, metric, anchor):
    """'best on dataset in <anchor>' (A_best under the anchor) where both careless SPARQL readings, restricted to
    papers dated up to the anchor, give another model: ORDER BY DESC on the stored string, and MAX over
    xsd:decimal(?value), which drops a value that does not cast (a trailing space). The string-sort row must be
    the oldest dated result on the board, from a paper that really states it."""
    exp, verdict, ev = A_best(g, dataset, metric, anchor)
    assert exp and metric not in LOWER
    order = "DESC"
    rows = [r for r in g.sel(Q_BOARD_ROWS.format(dataset=dataset, metric=metric, order=order))
            if in_window(g, str(r["paper"]), anchor)]
    s_model, s_val, s_paper = str(rows[0]["model"]), str(rows[0]["value"]), str(rows[0]["paper"])
    assert s_model != exp[0], f"no string-sort trap: {s_model}"
    oldest = min((min(g.valid_years(r["paper"])), r["model"]) for r in g.rows
                 if r["dataset"] == dataset and r["metric"] == metric and g.valid_years(r["paper"]))
    assert oldest[1] == s_model, f"the string-sort row is not the oldest result: {oldest}"
    assert papers_stating(g, s_model, dataset, metric, C.parse_value(s_val)), "nobody states it"
    cast = [(float(str(r["num"])), str(r["model"])) for r in rows if r["num"] is not None]
    dropped = sorted((str(r["model"]), str(r["value"])) for r in rows if r["num"] is None)
    n_val, n_model = max(cast)
    assert n_model != exp[0] and any(m == exp[0] for m, _ in dropped), f"no cast trap: {n_model}, dropped {dropped}"
    return exp, verdict, (f"{ev}; careless string ORDER BY DESC up to {anchor}: {s_model} {s_val!r} "
                          f"({g.papers[s_paper]['title']!r}, {g.valid_years(s_paper)}, the oldest result on the board); "
                          f"careless MAX(xsd:decimal) up to {anchor}: {n_model} {fmt(n_val)} (cast failed for {dropped})")


# ---- the questions: (graph, anchor, computer, args) ------------------------------------------------
CTC = "Call-Type Classification"
SPEC = {
    # recency
    "TO01": ("g2", None, A_best, (HO, "Accuracy")),
    "TO02": ("g2", None, K_best_mixup, ("Corrasine", DA, W, 7.2)),
    "TO03": ("g3", None, A_best_open, (MI, "chrF")),
    "TO04": ("g2", None, A_topic_latest_kw, (CTC, "call")),
    # superseded
    "TO05": ("g1", None, K_best, ("KestrelNet", BM, "Accuracy")),
    "TO06": ("g2", None, K_best, ("Fennick-RNN", DA, W)),
    "TO07": ("g1", None, K_best, ("Tavrosa", BM, "Accuracy")),
    "TO08": ("g2", None, A_passed_since, ("Warbleon", DA, W)),
    # conflict
    "TO09": ("g3", None, A_value, ("Gannetron", OR, "BLEU")),
    "TO10": ("g2", None, K_value, ("Warbleon", HO, "Accuracy", 79.5)),
    "TO11": ("g2", None, K_value, ("Trillbert", DA, W, 10.1)),
    "TO12": ("g1", None, A_best, (CI, "F1")),
    "TO13": ("g1", None, A_papers_and_value, ("Tavrosa", BM, "Accuracy")),
    # corroboration
    "TO14": ("g2", None, A_value, ("Syrinxa", HO, "Accuracy")),
    "TO15": ("g1", None, K_value, ("Orvalis-CNN", CI, "F1", 87.0)),
    "TO16": ("g1", None, K_value, ("Brackwater-UNet", CI, "F1", 91.2, None, 2)),
    # as_of
    "TO17": ("g4", 2020, A_best, (SE, "F1", 2020)),
    "TO18": ("g2", 2022, A_best, (DA, W, 2022)),
    "TO19": ("g3", 2016, A_best, (OR, "BLEU", 2016)),
    "TO20": ("g3", 2023, K_best_value, ("Murrelet-MT", MI, "chrF", 2023)),
    "TO21": ("g4", 2023, K_best, ("Driftmere", KW, "Mean IoU", 2023)),
    # metadata
    "TO22": ("g4", None, A_year_words, ("spectral kurtosis",)),
    "TO23": ("g3", None, A_dois_of_value, ("Murrelet-MT", MI, "chrF", 55.1)),
    "TO24": ("g4", None, K_year_words, ("contrastive pretraining on turbine telemetry", 2021)),
    # gate
    "TO25": ("g4", None, A_gate_absent, ((r"\bwind\b", r"\bwindfarms?\b"), (r"\bturbine fault detection\b", r"\bturbine\b"))),
    "TO26": ("g1", None, K_absent_pair_any, ("Zephyrine-L", CI)),
    "TO27": ("g1", None, K_absent_pair_any, ("Lumoria", CI)),
    "TO28": ("g1", None, K_paper, ("Wendrel-S:", "Orvalis-CNN", CI, "F1", 97.0)),
    "TO29": ("g3", 2017, A_best_strsort_at, (OR, "BLEU", 2017)),
    "TO30": ("g4", None, A_year_doi, ("Driftmere:",)),
}

# the (dataset, metric) boards each question reads, for the conflict check
BOARDS = {
    "TO01": [(HO, "Accuracy")], "TO02": [(DA, W), (VE, W)], "TO03": [(MI, "chrF")], "TO04": [(HO, "Accuracy")],
    "TO05": [(BM, "Accuracy")], "TO06": [(DA, W)], "TO07": [(BM, "Accuracy")], "TO08": [(DA, W)],
    "TO09": [(OR, "BLEU")], "TO10": [(HO, "Accuracy")], "TO11": [(DA, W)], "TO12": [(CI, "F1")],
    "TO13": [(BM, "Accuracy")], "TO14": [(HO, "Accuracy")], "TO15": [(CI, "F1")], "TO16": [(CI, "F1")],
    "TO17": [(SE, "F1")], "TO18": [(DA, W)], "TO19": [(OR, "BLEU")], "TO20": [(MI, "chrF")],
    "TO21": [(KW, "Mean IoU")], "TO22": [], "TO23": [(MI, "chrF")], "TO24": [(SE, "F1")], "TO25": [],
    "TO26": [(CI, "F1"), (BM, "Accuracy")], "TO27": [(CI, "F1"), (SK, "Mean IoU")], "TO28": [(CI, "F1")],
    "TO29": [(OR, "BLEU")], "TO30": [(KW, "Mean IoU")],
}
# models whose every row the question reads (usage and value-of-model questions), for the conflict check
MODEL_ROWS = {"TO09": "Gannetron", "TO13": "Tavrosa", "TO02": "Corrasine", "TO26": "Zephyrine-L", "TO27": "Lumoria"}


# ---- gate kinds of trust-dev.jsonl (README.md "Gate questions"), verified on the graph ------------------
def gate_topic(g, q):
    fn, (absent, present) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert q["query_type"] == "dataset_search" and not q["expected"] and fn is A_gate_absent
    ds = sorted(str(r["dl"]) for r in g.sel(Q_ALL_DATASETS))
    hit = [d for d in ds if re.search(r"\bturbine\b", d, re.I)]
    assert hit and all("tidal" not in d.lower() for d in hit), hit
    return (f"dataset search for a topic no label matches, sharing words with one the graph has (TD25); datasets "
            f"matching 'turbine' without saying tidal: {hit}")


def gate_own_value(g, q):
    fn, (model, dataset) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_absent_pair_any
    claimed = [float(x) for x in re.findall(r"\d+\.\d+", q["question"])]
    own = {C.parse_value(r["value"]): (r["dataset"], r["metric"]) for r in g.rows if r["model"] == model}
    assert len(claimed) == 1 and claimed[0] in own and own[claimed[0]][0] != dataset, (claimed, own)
    metric_here = {r["metric"] for r in g.rows if r["dataset"] == dataset}
    assert own[claimed[0]][1] not in metric_here, "same metric: only the board would be wrong"
    near = sorted((r["model"], r["value"]) for r in g.rows if r["dataset"] == dataset
                  and C.parse_value(r["value"]) is not None and abs(C.parse_value(r["value"]) - claimed[0]) <= 0.5)
    assert near, "the claimed value is not plausible on the named board"
    return (f"{model} never ran on {dataset}; the claimed {fmt(claimed[0])} is its own {own[claimed[0]][1]} on "
            f"{own[claimed[0]][0]} (TD26); values within 0.5 on {dataset}: {near}")


def gate_bound(g, q):
    fn, (model, dataset) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_absent_pair_any
    m = re.search(r"\b(below|under|over|above)\s+(\d+(?:\.\d+)?)", q["question"].lower())
    assert m, "no bound in the question"
    thr = float(m.group(2))
    ok = (lambda v: v < thr) if m.group(1) in ("below", "under") else (lambda v: v > thr)
    board = [(r["model"], r["value"]) for r in g.rows if r["dataset"] == dataset and C.parse_value(r["value"]) is not None]
    own = sorted((r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == model)
    assert board and all(ok(C.parse_value(v)) for _, v in board), "not every value on the board meets the bound"
    assert own and all(ok(C.parse_value(v)) for _, _, v in own), "the model's own values elsewhere do not meet the bound"
    return (f"{model} never ran on {dataset}; a bound ({m.group(1)} {fmt(thr)}) that every value on {dataset} meets "
            f"{sorted(set(board))} and that the model's own rows elsewhere meet {own}: both careless readings say "
            f"SUPPORTED (TD27)")


def gate_wrong_paper(g, q):
    fn, (title, model, dataset, metric, value) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_paper and q["verdict"] == "REFUTED"
    other = [(r["model"], g.papers[r["paper"]]["title"]) for r in g.rows if r["dataset"] == dataset
             and r["metric"] == metric and C.parse_value(r["value"]) == value]
    assert other and all(not t.startswith(title) for _, t in other), other
    assert not model.startswith(title.rstrip(":")), "the cited paper is the model's own"
    return f"{fmt(value)} is real but stated by {other}, not by the {title!r} paper, which is titled after another model (TD28)"


def gate_string_sort(g, q):
    assert SPEC[q["id"]][2] is A_best_strsort_at and q["expected"] and q["verdict"] is None
    return "a string-sorted 'best' puts the oldest result on top (TD29's kind), here under an anchor with a value that does not cast"


def gate_month_year(g, q):
    fn, (title,) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is A_year_doi and not q["expected"]
    raw = [(d["years"], d["dois"]) for d in g.papers.values() if d["title"].startswith(title)]
    assert len(raw) == 1 and raw[0][0] and all(1 <= y <= 12 for y in raw[0][0]) and not raw[0][1], raw
    return f"a value the graph does not have: the {title!r} paper's only P29 is a month {raw[0][0]} and it has no DOI (TD30)"


GATE_KIND = {
    "TO25": gate_topic, "TO26": gate_own_value, "TO27": gate_bound, "TO28": gate_wrong_paper,
    "TO29": gate_string_sort, "TO30": gate_month_year,
}


# ---- premises the questions state, and both traps, recomputed as evidence --------------------------------
def record_holders(g, dataset, metric):
    out, last = [], None
    for y in range(1990, C.NOW + 1):
        t = top_at(g, dataset, metric, y)
        if t and t != last:
            out.append((y, t[0], fmt(t[1])))
            last = t
    return out


def numeric_max(g, dataset, metric):
    """careless: the highest parsed number on the board, whatever the metric's direction, no conflict removal."""
    v, m = max((C.parse_value(r["value"]), r["model"]) for r in g.rows if r["dataset"] == dataset
               and r["metric"] == metric and C.parse_value(r["value"]) is not None)
    return m, v


def p_to01(g):
    nr = newest_rows(g, HO, "Accuracy")
    assert "('Syrinxa', '88.3%')" in nr and "2025" in nr, nr
    n88, n93 = C.count_papers(g, "Syrinxa", HO, 88.3), C.count_papers(g, "Syrinxa", HO, 93.8)
    assert (n88, n93) == (5, 1)
    nb = naive_best(g, HO, "Accuracy", None)
    assert nb == "Syrinxa 93.8", nb
    return f"trap 1: {nr}; trap 2: careless (no removal) {nb}; 88.3 in {n88} papers, 93.8 in {n93}"


def p_to03(g):
    nr = newest_rows(g, MI, "chrF")
    assert "Nerrisa" in nr and "2025" in nr, nr
    ys = {v: [g.valid_years(p) for p, _, _ in papers_stating(g, "Murrelet-MT", MI, "chrF", v)] for v in (55.1, 51.0)}
    assert ys == {55.1: [[2022]], 51.0: [[2024]]}, ys
    dash = [(r["model"], r["value"]) for r in g.rows if r["dataset"] == MI and C.parse_value(r["value"]) is None]
    assert dash == [("Ostrada-T", "-")], dash
    return f"trap 1: {nr}; trap 2: Murrelet-MT papers {ys}; not a number {dash}; careless (no removal) {naive_best(g, MI, 'chrF', None)}"


def p_to04(g):
    dated, _ = C.newest_topic_paper(g, CTC)
    newest = dated[0][1]
    rows = g.sel(Q_PAPER_META.format(title=newest))
    probs = sorted({str(r["problem"]) for r in rows})
    assert "Birdsong Transcription" in probs and "call" not in newest.lower() and "Transcribers" in newest, (newest, probs)
    tr = [(t, g.papers[p]["years"]) for p, t in titles_with(g, "trillbert:")]
    tr_probs = sorted({str(r["problem"]) for r in g.sel(Q_PAPER_META.format(title="Trillbert:"))})
    assert CTC in tr_probs and any(5 in ys for _, ys in tr)
    return f"trap 1: newest paper {newest!r} is under {probs}; trap 2: Trillbert paper raw P29 {tr} under {tr_probs}"


def p_to05(g):
    rh = record_holders(g, BM, "Accuracy")
    after = [m for y, m, v in rh if y > 2015]
    assert len(after) == 4 and after[-1] == "Zephyrine-L", rh
    ps = {v: [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "KestrelNet", BM, "Accuracy", v)] for v in (78.9, 74.1)}
    return f"{led(g, 'KestrelNet', BM, 'Accuracy')}; trap 1: record holders {rh}; trap 2: papers {ps}, surviving {A_value(g, 'KestrelNet', BM, 'Accuracy')[0]}"


def p_to06(g):
    m, v = numeric_max(g, DA, W)
    assert (m, v) == ("Fennick-RNN", 21.7), (m, v)
    ps = {x: [(t, g.valid_years(p), g.papers[p]["dois"]) for p, t, _ in papers_stating(g, "Fennick-RNN", DA, W, x)] for x in (18.2, 21.7)}
    return (f"trap 1: careless numeric max (higher read as better) {m} {fmt(v)} -> SUPPORTED; trap 2: "
            f"{led(g, 'Fennick-RNN', DA, W)}, papers {ps}, record holders {record_holders(g, DA, W)}")


def p_to07(g):
    ex, v, ev = K_paper(g, "Quillon-XL:", "Tavrosa", BM, "Accuracy", 85.4)
    assert v == "SUPPORTED"
    assert not g.papers[titles_with(g, "tavrosa:")[0][0]]["dois"]
    out, evb = beaters(g, "Tavrosa", BM, "Accuracy")
    assert sorted(out) == ["Wendrel-S", "Zephyrine-L"], out
    return f"trap 1: {led(g, 'Tavrosa', BM, 'Accuracy')}; {evb}; trap 2: the re-run {ev}; Tavrosa's paper has no DOI"


def p_to08(g):
    _, _, ev = A_passed_since(g, "Warbleon", DA, W)
    assert "keeps only ['Corrasine', 'Plumaro']" in ev and "('Fennick-RNN', ['21.7'], 2023)" in ev, ev
    return f"trap 1: Trillbert raw P29 {raw_p29(g, 'Trillbert:')}; trap 2: Fennick-RNN newer but worse (see 'newer but not better')"


def p_to09(g):
    own = titles_with(g, "gannetron")
    assert len(own) == 1, own
    ps = {v: [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Gannetron", OR, "BLEU", v)] for v in (21.5, 18.9)}
    assert [t for t, _ in ps[21.5]] == [own[0][1]] and len(ps[18.9]) == 2 and any(t.startswith("Nerrisa:") for t, _ in ps[18.9])
    other = sorted({(r["dataset"], r["value"]) for r in g.rows if r["model"] == "Gannetron" and r["dataset"] != OR})
    return f"trap 1: title search finds only {own[0][1]!r} (21.5; other board {other}); trap 2: papers {ps}"


def p_to10(g):
    ps = {v: [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Warbleon", HO, "Accuracy", v)] for v in (79.5, 80.7)}
    assert len(ps[79.5]) == 2 and len(ps[80.7]) == 1 and ps[80.7][0][0].startswith("Warbleon Revisited")
    assert any("Chirpform" in t for t, _ in ps[79.5])
    return f"traps 1 and 2: papers {ps} (careless corroboration -> SUPPORTED, careless recency -> REFUTED)"


def p_to11(g):
    ps = {v: [(t, g.papers[p]["years"]) for p, t, _ in papers_stating(g, "Trillbert", DA, W, v)] for v in (9.4, 10.1)}
    assert ps[9.4][0][1] and min(ps[9.4][0][1]) == 5, ps
    w5, w22 = math.exp(-0.08 * (C.NOW - 5)), math.exp(-0.08 * (C.NOW - 2022))
    return (f"papers {ps}; trap 1: read as year 5, the 9.4 paper's recency weight is {w5:.1e} (against {w22:.2f} for "
            f"2022): 10.1 would win clearly (careless SUPPORTED); trap 2: with the real years it is close")


def p_to12(g):
    nv = naive_order(g, CI, "F1")
    assert nv[0] == "Orvalis-CNN '97.0'" and nv[1] == "Brackwater-UNet '91.2%'", nv
    nm = newest_model(g, CI, "F1")
    assert nm == "Wendrel-S"
    src = [t for _, t, _ in papers_stating(g, "Orvalis-CNN", CI, "F1", 97.0)]
    assert len(src) == 1 and src[0].startswith("Brackwater-UNet:"), src
    return (f"trap 1: careless string sort / no removal {nv[:3]}; 97.0 only in {src}; trap 2: newest model {nm} "
            f"{A_value(g, nm, CI, 'F1')[0]}, Brackwater-UNet raw {sorted(r['value'] for r in g.rows if r['model'] == 'Brackwater-UNet')}")


def p_to13(g):
    by_title = titles_with(g, "tavrosa")
    assert len(by_title) == 1 and not g.papers[by_title[0][0]]["dois"]
    q = A_value(g, "Quillon-XL", BM, "Accuracy")[0]
    return f"trap 1: title search finds only {by_title[0][1]!r} (no DOI); Quillon-XL's own BenchMira value {q}; trap 2: close conflict"


def p_to14(g):
    exp, _, ev = A_count_papers(g, "Syrinxa", HO, "Accuracy", 88.3)
    assert exp == ["88.3", "5"] and "careless exact-string count 4" in ev, ev
    own = [t for _, t, _ in papers_stating(g, "Syrinxa", HO, "Accuracy", 88.3) if t.startswith("Syrinxa:")]
    assert len(own) == 1
    return f"trap 1: {ev}; trap 2: careless (no removal) {naive_best(g, HO, 'Accuracy', None)}"


def p_to15(g):
    n87, n97 = C.count_papers(g, "Orvalis-CNN", CI, 87.0), C.count_papers(g, "Orvalis-CNN", CI, 97.0)
    assert (n87, n97) == (4, 1)
    assert re.search(r"\b87\b(?!\.)", "orvalis-cnn gets 87 f1") and "87 f1" in g_question("TO15")
    return f"trap 1: 87.0 in {n87} papers, 97.0 in {n97} (the Brackwater-UNet paper); trap 2: the claim writes 87, the graph '87.0'"


def p_to16(g):
    ps = papers_stating(g, "Brackwater-UNet", CI, "F1", 91.2)
    assert {raw for _, _, raw in ps} == {"91.2%", "91.2"} and len(ps) == 2, ps
    own = [t for _, t, raw in ps if raw == "91.2%"][0]
    typo = [t for _, t, _ in papers_stating(g, "Orvalis-CNN", CI, "F1", 97.0)]
    assert typo == [own]
    return f"trap 1: {[(t, raw) for _, t, raw in ps]}; trap 2: the own paper also holds the 97.0 typo row ({typo})"


def p_to17(g):
    nb = naive_best(g, SE, "F1", 2020)
    assert nb == "Selkora 88.5", nb
    return f"trap 1: careless (min raw P29) {nb}, Selkora raw P29 {raw_p29(g, 'Selkora:')}; trap 2: Tidewick raw P29 {raw_p29(g, 'Tidewick:')}"


def p_to18(g):
    keep, st = surv(g, "Trillbert", DA, W, 2022)
    assert keep == {9.4} and st == "single", (keep, st)
    rows = sorted((C.parse_value(r["value"]), r["model"]) for r in g.rows if r["dataset"] == DA and r["metric"] == W
                  and len(g.papers[r["paper"]]["years"]) == 1 and g.papers[r["paper"]]["years"][0] <= 2022)
    assert rows[0] == (11.3, "Warbleon"), rows
    return (f"trap 1: up to 2022 Trillbert {st} {fmts(keep)}, today {A_value(g, 'Trillbert', DA, W)[2]}; trap 2: "
            f"Trillbert raw P29 {raw_p29(g, 'Trillbert:')}; careless (two-P29 papers left out): {rows[0][1]} {fmt(rows[0][0])}")


def p_to19(g):
    # careless: conflicts removed first (today's survivors), the anchor applied afterwards
    late = []
    for m in sorted({r["model"] for r in g.rows if r["dataset"] == OR}):
        keep, _ = surv(g, m, OR, "BLEU")
        for v in keep:
            if any(in_window(g, p, 2016) for p, _, _ in papers_stating(g, m, OR, "BLEU", v)):
                late.append((v, m))
    late.sort(reverse=True)
    assert late[0] == (9.8, "Lexmarrow"), late
    top = g.sel(C.SELECT_STRING_MAX.format(dataset=OR, metric="BLEU"))
    assert str(top[0]["model"]) == "Lexmarrow"
    return (f"trap 1: careless (conflicts removed, then the anchor): {late[0][1]} {fmt(late[0][0])}; Gannetron today "
            f"{A_value(g, 'Gannetron', OR, 'BLEU')[0]}; trap 2: string ORDER BY DESC gives Lexmarrow {str(top[0]['value'])!r}")


def p_to20(g):
    keep, st = surv(g, "Murrelet-MT", MI, "chrF", 2023)
    assert keep == {55.1}
    exp, _, ev = A_best_open(g, MI, "chrF")
    return f"trap 1: up to 2023 Murrelet-MT {st} {fmts(keep)}; today {ev}; trap 2: Ostrada-T's 2020 value {[r['value'] for r in g.rows if r['model'] == 'Ostrada-T' and r['dataset'] == MI]}"


def p_to21(g):
    nb = naive_best(g, KW, "Mean IoU", 2023)
    assert nb == "Driftmere 63.0", nb
    b24 = A_best(g, KW, "Mean IoU", 2024)[0]
    assert b24 == ["Kelvane", "61.4"], b24
    return (f"trap 1: Driftmere raw P29 {raw_p29(g, 'Driftmere:')}, careless (min raw P29) {nb}; trap 2: 'up to 2024' gives "
            f"{b24}, Kelvane's paper {paper_year(g, 'Kelvane:')}")


def p_to22(g):
    ps = titles_with(g, "spectral kurtosis")
    ds = g.papers[ps[0][0]]["dois"]
    assert ds == ["10.5555/marei.2019.057"], ds
    assert "tidewick" not in g_question("TO22").lower()
    return f"trap 2: the only DOI {ds} holds 2019; the question does not name the model"


def p_to23(g):
    ps = papers_stating(g, "Murrelet-MT", MI, "chrF", 51.0)
    assert len(ps) == 1 and g.papers[ps[0][0]]["dois"] == ["10.5555/lrlt.2024.087"], ps
    return f"trap 2: 51.0 in {ps[0][1]!r} DOI {g.papers[ps[0][0]]['dois']}, which does not state 55.1"


def p_to24(g):
    ps = [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Selkora", SE, "F1", 88.5)]
    assert sorted(y for _, ys in ps for y in ys) == [2021, 2025], ps
    assert "selkora" not in g_question("TO24").lower()
    return f"trap 1: raw P29 {raw_p29(g, 'Selkora:')}; trap 2: 88.5 stated in {ps}"


def p_to25(g):
    probs = sorted({str(r["problem"]) for r in g.sel(C.Q_TOPIC)})
    assert "Tidal Turbine Fault Detection" in probs
    return f"problems {probs}; datasets {sorted(str(r['dl']) for r in g.sel(Q_ALL_DATASETS))}"


def p_to26(g):
    t = sorted({g.papers[r["paper"]]["title"] for r in g.rows if r["model"] == "Zephyrine-L"})
    assert len(t) == 1 and t[0].startswith("Zephyrine:"), t
    return f"the Zephyrine-L paper is titled {t[0]!r}; Corvalla-Ice F1 rows {sorted({(r['model'], r['value']) for r in g.rows if r['dataset'] == CI})}"


def p_to28(g):
    ex, v, ev = K_paper(g, "Brackwater-UNet:", "Orvalis-CNN", CI, "F1", 97.0)
    assert v == "SUPPORTED"
    return f"trap 1: 97.0 is in the Brackwater-UNet paper ({ev}); it loses clearly: {A_value(g, 'Orvalis-CNN', CI, 'F1')[2]}"


def p_to30(g):
    kelp = sorted((d["title"][:40], d["dois"]) for d in g.papers.values() if "kelp" in d["title"].lower())
    return f"raw P29 {raw_p29(g, 'Driftmere:')}; other kelp papers and their DOIs {kelp}"


PREMISE = {
    "TO01": p_to01, "TO03": p_to03, "TO04": p_to04, "TO05": p_to05, "TO06": p_to06, "TO07": p_to07, "TO08": p_to08,
    "TO09": p_to09, "TO10": p_to10, "TO11": p_to11, "TO12": p_to12, "TO13": p_to13, "TO14": p_to14, "TO15": p_to15,
    "TO16": p_to16, "TO17": p_to17, "TO18": p_to18, "TO19": p_to19, "TO20": p_to20, "TO21": p_to21, "TO22": p_to22,
    "TO23": p_to23, "TO24": p_to24, "TO25": p_to25, "TO26": p_to26, "TO28": p_to28, "TO30": p_to30,
}
_QTEXT = {}


def g_question(qid):
    return _QTEXT[qid]


# ---- per-year checks: conflicts touched, fact kinds ------------------------------------------------
def conflicts_touched12(g, qid, q):
    """every (model, dataset, metric) with two values that the question's boards, facts and model rows touch must
    be in STABLE (README.md "Conflict margins"), with the outcome listed there."""
    triples = {(m, d, mt) for m, v, d, mt in (C.FACT_RE.match(f).groups() for f in q["must_keep"] + q["must_remove"])}
    for d, mt in BOARDS[qid]:
        triples |= {(r["model"], d, mt) for r in g.rows if r["dataset"] == d and r["metric"] == mt}
    if qid in MODEL_ROWS:
        triples |= {(r["model"], r["dataset"], r["metric"]) for r in g.rows if r["model"] == MODEL_ROWS[qid]}
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


def per_year(g, q, fn, args, anchor):
    """the recomputed answer, the must_remove kinds and the conflicts touched for every current year 2025..2030."""
    saved = C.NOW
    outs = {}
    try:
        for y in YEARS:
            C.NOW = y
            exp, verdict, _ = fn(g, *args)
            kinds = tuple(k.split(" (best")[0] for _, k in fact_kinds(g, q, anchor))
            outs[y] = (tuple(sorted(set(exp))), verdict, kinds, tuple(conflicts_touched12(g, q["id"], q)))
    finally:
        C.NOW = saved
    return outs


def published_in(g, spec, year):
    """'in Y' read as 'published in Y': the best result among papers whose valid year is Y (A_best or the
    string-sort computer, which read a board)."""
    fn, args = spec[2], spec[3]
    if fn not in (A_best, A_best_strsort_at):
        return "n/a"
    dataset, metric = args[0], args[1]
    rows = [(C.parse_value(r["value"]), r["model"]) for r in g.rows
            if r["dataset"] == dataset and r["metric"] == metric and year in g.valid_years(r["paper"])
            and C.parse_value(r["value"]) is not None]
    rows.sort(reverse=metric not in LOWER)
    return [rows[0][1], fmt(rows[0][0])] if rows else []


# ---- words -------------------------------------------------------------------------------------------------
def norm(t):
    return re.sub(r"\W+", " ", t.lower()).strip()


def words(t):
    return set(norm(t).split())


def jaccard(a, b):
    return len(a & b) / len(a | b) if a | b else 1.0


def main():
    graphs = {k + ".ttl": C.G(k + ".ttl") for k in ("g1", "g2", "g3", "g4")}
    qs = [json.loads(l) for l in open(QFILE)]
    for q in qs:
        _QTEXT[q["id"]] = q["question"]
    dev = [json.loads(l) for f in EARLIER for l in open(os.path.join(DATA_DIR, f))]
    td = {d["id"]: d for d in dev if d["id"].startswith("TD")}
    assert len(td) == 30, len(td)
    dev_q = {norm(d["question"]): d["id"] for d in dev}
    fails = 0
    print(f"TRUST_NOW={C.NOW}; checkers, graphs and dev files from {TRUST_DIR}; {len(qs)} questions in {QFILE}; "
          f"{len(dev)} earlier dev questions ({', '.join(EARLIER)})")
    if [q["id"] for q in qs] != [f"TO{i:02d}" for i in range(1, 31)]:
        print("FAIL ids are not TO01..TO30 in order")
        fails += 1
    if set(SPEC) != {q["id"] for q in qs}:
        print("FAIL questions and checks differ:", sorted(set(SPEC) ^ {q["id"] for q in qs}))
        fails += 1
    counts = {"mechanism": {}, "query_type": {}, "verdict": {}, "graph": {}}
    target = {k: {} for k in counts}
    for d in td.values():
        for k in target:
            target[k][str(d[k])] = target[k].get(str(d[k]), 0) + 1
    conflicts_used, closest = {}, {}
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
            low = q["notes"].lower()
            assert "right" in low and "careless" in low, "notes must give the right and the careless answer"
            assert "Trap 1" in q["notes"] and "Trap 2" in q["notes"], "notes must name both traps"
            # TOn against TDn: same kinds
            t = td["TD" + q["id"][2:]]
            assert (t["mechanism"], t["query_type"], t["verdict"]) == (q["mechanism"], q["query_type"], q["verdict"]), \
                f"does not mirror {t['id']}: {(t['mechanism'], t['query_type'], t['verdict'])}"
            # words: no repeat, under 60% overlap with every earlier question
            assert norm(q["question"]) not in dev_q, f"same question as {dev_q.get(norm(q['question']))}"
            near = max((jaccard(words(q["question"]), words(d["question"])), d["id"]) for d in dev)
            closest[q["id"]] = near
            assert near[0] < 0.6, f"too close to {near[1]} (word overlap {near[0]:.2f})"
            # the answer
            gk, anchor, fn, args = SPEC[q["id"]]
            assert q["graph"] == gk + ".ttl", f"graph {q['graph']} != {gk}"
            g = graphs[q["graph"]]
            written, is_in = parse_anchor(q["question"])
            assert written == anchor, f"anchor in the text {written} != anchor used {anchor}"
            exp, verdict, ev = fn(g, *args)
            assert sorted(set(exp)) == sorted(set(q["expected"])), f"expected {q['expected']} but recomputed {exp}\n      {ev}"
            assert verdict == q["verdict"], f"verdict {q['verdict']} but recomputed {verdict}\n      {ev}"
            outs = per_year(g, q, fn, args, anchor)
            assert len(set(outs.values())) == 1, f"answer, must_remove kinds or conflicts depend on the current year: {outs}"
            if q["mechanism"] == "gate" and not q["expected"]:
                assert q["verdict"] in (None, "UNCERTAIN")
            if is_in:
                pi = published_in(g, SPEC[q["id"]], anchor)
                assert pi != "n/a" and sorted(pi) == sorted(exp), f"'published in {anchor}' reading gives {pi}"
                ev += f"; published-in-{anchor} reading: {pi}"
            for f in q["must_keep"] + q["must_remove"]:
                assert C.FACT_RE.match(f), f"bad fact {f}"
                assert C.fact_exists(g, f), f"fact not in graph: {f}"
                m, v, d, mt = C.FACT_RE.match(f).groups()
                assert v == fmt(float(v)), f"value not in clean form: {f}"
            assert not set(q["must_keep"]) & set(q["must_remove"]), "a fact is both in must_keep and must_remove"
            for f, kind in fact_kinds(g, q, anchor):
                ev += f"\n      must_remove {f}: kind {kind}"
            for e in q["expected"]:
                assert e in C.graph_text(g), f"expected string {e!r} not in the graph"
            used = conflicts_touched12(g, q["id"], q)
            for u in used:
                conflicts_used.setdefault(u, []).append(q["id"])
            if q["mechanism"] == "gate":
                ev += "\n      gate kind: " + GATE_KIND[q["id"]](g, q)
            if q["id"] in PREMISE:
                ev += "\n      premise/traps: " + PREMISE[q["id"]](g)
            ev += (f"\n      same answer, must_remove kinds and conflicts for current years {YEARS.start}-{YEARS.stop - 1}; "
                   f"conflicts touched: {used or 'none'}; mirrors {t['id']} ({t['graph'][:2]}); closest earlier question "
                   f"{near[1]} ({near[0]:.2f})")
            print(f"  ok   {q['id']} [{q['graph']}/{q['mechanism']}/{q['query_type']}/{q['verdict']}] {ev}")
        except Exception as ex:  # AssertionError, or a query error
            fails += 1
            print(f"  FAIL {q['id']} [{q['mechanism']}] {type(ex).__name__}: {ex}")
    for k, v in counts.items():
        print(f"{k}: {json.dumps(dict(sorted(v.items())))}")
        if v != target[k]:
            print(f"FAIL {k} counts {v} != trust-dev.jsonl's {target[k]}")
            fails += 1
    print("counts per mechanism, query type, verdict and graph equal trust-dev.jsonl's")
    gates = sorted(q["id"] for q in qs if q["mechanism"] == "gate")
    if gates != sorted(GATE_KIND) or any(td["TD" + i[2:]]["mechanism"] != "gate" for i in gates):
        print("FAIL gate questions", gates, "!=", sorted(GATE_KIND))
        fails += 1
    worst = (0.0, "")
    for i, a in enumerate(qs):  # no two TO questions repeat each other
        for b in qs[i + 1:]:
            ov = jaccard(words(a["question"]), words(b["question"]))
            worst = max(worst, (ov, f"{a['id']}/{b['id']}"))
            if ov >= 0.6:
                print(f"FAIL {a['id']} and {b['id']} share {ov:.2f} of their words")
                fails += 1
    top3 = sorted(((v[0], k, v[1]) for k, v in closest.items()), reverse=True)[:3]
    print("closest earlier questions: " + ", ".join(f"{k}/{d} ({o:.2f})" for o, k, d in top3))
    print(f"closest pair inside this file: {worst[1]} ({worst[0]:.2f})")
    moves = {}
    for q in qs:
        a = td["TD" + q["id"][2:]]["graph"][:2]
        moves.setdefault(f"{a}->{q['graph'][:2]}", []).append(q["id"])
    print("graph of each TO against its TD:", json.dumps(dict(sorted(moves.items()))))
    same = {}
    for q in qs:  # earlier dev questions on the same graph with the same expected answer (shown, not a failure)
        if q["expected"]:
            hits = [d["id"] for d in dev if d["graph"] == q["graph"] and set(d["expected"]) == set(q["expected"])]
            if hits:
                same[q["id"]] = hits
    print("earlier questions with the same graph and expected answer:", json.dumps(same))
    print("conflicts touched (all in README's stable table):", json.dumps(conflicts_used))
    print("gate kinds:", json.dumps({k: v.__name__ for k, v in GATE_KIND.items()}))
    print("\nFAILURES:", fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
