#!/usr/bin/env python3
"""Checks trust-dev10.jsonl (TM01-TM30) against the fixture graphs g1.ttl .. g4.ttl.

trust-dev10 is written to the design "TD's own wording with the facts swapped to another graph": for each
question TDn of trust-dev.jsonl, TMn keeps TDn's sentence as close to word for word as it can (same template,
casual style and tag words) and changes only the names, numbers, years and topic words, so that it asks
about a fact of the same kind on another graph than TDn's, with TDn's mechanism, query type, verdict kind
and gate kind. The totals per graph are TD's.

Same reference rules as check.py .. check8.py (imported from them, not copied): check.py gives graph loading,
the SPARQL queries and the reference trust rules (recency, corroboration, the six conflict readings);
check8.py's namespace carries the computers of check2.py .. check8.py and check6.py's table of the README's
stable conflicts. This file adds four computers (the newest papers on a problem when two tie and the title
keyword finds only one; the papers evaluating a model with its surviving value on one board; an anchored
"was X the best" claim answered with the value, as TD20 is; the best on a board with both careless string
sorts as evidence), the gate-kind verifiers and the premises of its own questions.

For every question the answer is recomputed from the graph, independently of the JSONL, and
- the recomputed `expected` (as a set) and `verdict` must equal the file's, for every current year from
  2025 to 2030 (checked here by setting check.NOW to each year, whatever TRUST_NOW is);
- the anchor written in the question must be the one used ("as of Y" / "in Y" / "back in Y" = up to Y,
  "before Y" = up to Y-1), and an "in Y" question must give the same answer read as "published in Y";
- must_keep facts must survive the conflict rules and the anchor; must_remove facts must be of kind (a) lost
  a clear conflict, (b) a former best, or (c) after the anchor / undated, never the surviving best, with the
  same kind for every current year 2025-2030;
- every value conflict a question touches (its boards, its facts, the model's rows) must be one of the
  README's stable ten, with the README's outcome, for every current year 2025-2030;
- every expected string must be in the graph's text; the premises the question states must hold, and the
  careless answer it is built against is printed;
- TMn must have TDn's mechanism, query type and verdict, and the gate questions TD25-TD30's gate kinds, each
  verified on the graph;
- the counts per mechanism, query type, verdict and graph must equal trust-dev.jsonl's (read from that file).

The word-overlap rule of check6.py / check8.py is replaced for this file, because sharing TDn's words is the
design: TMn must be on another graph than TDn and ask about a different fact (its named entities, or its
expected answer, differ from TDn's; both are printed), TDn must be the trust-dev.jsonl question closest to TMn
in words (the template is kept), and no TM question may be identical (after normalising case and punctuation)
to any question of trust-dev.jsonl .. trust-dev8.jsonl or to another TM question.

Where things are: the earlier checkers (check.py .. check8.py), the fixture graphs and trust-dev.jsonl ..
trust-dev8.jsonl are looked for beside this file first, then in /work/main/eval/gold/trust. trust-dev10.jsonl
is read from beside this file. Needs rdflib and pyoxigraph.

Run: python3 check10.py          (exit status 1 on any failure)
     TRUST_NOW=2025 python3 check10.py ; TRUST_NOW=2030 python3 check10.py
"""
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # never leave a __pycache__ beside the earlier checkers
HERE = os.path.dirname(os.path.abspath(__file__))
FALLBACK = "/work/main/eval/gold/trust"
NEEDED = (("check.py", "check2.py", "check3.py", "check4.py", "check5.py", "check6.py", "check8.py",
           "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")
          + tuple(f"trust-dev{n}.jsonl" for n in ("", "2", "3", "4", "5", "6", "7", "8")))
TRUST_DIR = next(d for d in (HERE, FALLBACK) if all(os.path.exists(os.path.join(d, f)) for f in NEEDED))
sys.path.insert(0, TRUST_DIR)
import check as C  # noqa: E402  (reference rules, SPARQL queries, graph loading)
import check8 as C8  # noqa: E402,F401  (the namespace of check2.py .. check8.py)
from check8 import *  # noqa: E402,F401,F403  (the computers of trust-dev2 .. trust-dev8, shared, not copied)
from check8 import (parse_anchor, papers_stating, published_in_same5, led, paper_year, A_passed_since,  # noqa: E402
                    STABLE, FIELDS, ASK_HAS_BENCHMARK, Q_ALL_DATASETS, Q_PAPER_META, raw_p29, labels_text)

HERE = os.path.dirname(os.path.abspath(__file__))  # the earlier checkers' HERE was imported above; this file's own
QFILE = os.path.join(HERE, "trust-dev10.jsonl")
DATA_DIR = os.path.dirname(os.path.abspath(C.__file__))
EARLIER = tuple(f"trust-dev{n}.jsonl" for n in ("", "2", "3", "4", "5", "6", "7", "8"))
YEARS = range(2025, 2031)  # the current years the answers must not depend on


# ---- computers added for trust-dev10: return (expected list, verdict, evidence) --------------------------
def A_topic_newest_kw_partial(g, problem, keyword):
    """'most recent work on problem' (problem links, SPARQL via check.newest_topic_paper): every dated paper of
    the newest valid year, title before ':'. The careless title-keyword answer finds only some of them."""
    dated, undated = C.newest_topic_paper(g, problem)
    assert dated, f"no dated paper on {problem}"
    y = dated[0][0]
    tops = sorted(t for yy, t in dated if yy == y)
    assert len(tops) > 1, f"one newest paper only: {tops}"
    kw = sorted(((max(g.valid_years(str(r["paper"]))), str(r["title"])) for r in g.sel(C.Q_PAPERS)
                 if keyword in str(r["title"]).lower() and g.valid_years(str(r["paper"]))), reverse=True)
    kw_top = sorted(t for yy, t in kw if yy == kw[0][0])
    assert kw_top and set(kw_top) < set(tops), f"no keyword trap: {kw_top} vs {tops}"
    nxt = [(yy, t) for yy, t in dated if yy < y][:1]
    month_only = {d["title"]: d["years"] for d in g.papers.values()
                  if d["title"] in {t for _, t in dated} and any(1 <= v <= 12 for v in d["years"])}
    return ([t.split(":")[0] for t in tops], None,
            f"newest on {problem!r}: {tops} ({y}, tied); next {nxt}; undated {undated}; month under P29 {month_only}; "
            f"careless (newest title with {keyword!r}): {kw_top} only")


def A_papers_and_value(g, model, dataset, metric):
    """'which papers have evaluated model, and what does it really get on dataset': the papers with a row of
    the model (SPARQL, check3's Q_ROWS_OF_MODEL) as evidence; expected = the surviving value(s) on the board."""
    rows = g.sel(Q_ROWS_OF_MODEL.format(model=model))
    titles = sorted({str(r["title"]) for r in rows})
    on = sorted({(str(r["title"]), str(r["value"])) for r in rows if str(r["dl"]) == dataset and str(r["mtl"]) == metric})
    keep, st = surv(g, model, dataset, metric)
    assert keep, f"{model} has no value on {dataset}"
    return fmts(keep), None, (f"{model} evaluated in {len(titles)} papers {titles}; on {dataset}/{metric}: {on} -> "
                              f"{st}, keep {fmts(keep)}")


def K_best_value(g, model, dataset, metric, anchor=None):
    """'as of Y, was model the best on dataset' answered with the value, as TD20 is: K_best, expected = the
    model's value when SUPPORTED."""
    exp, verdict, ev = K_best(g, model, dataset, metric, anchor)
    assert verdict == "SUPPORTED" and exp[0] == model, (exp, verdict)
    return exp[1:], verdict, ev + f"; without the anchor: {[(m, fmts(v)) for m, v in models_in_order(g, dataset, metric)]}"


def A_best_strsort(g, dataset, metric):
    """'best score on dataset' where the stored scores are strings: A_best; both careless string sorts (SPARQL
    ORDER BY ASC and DESC on the stored value) must give another model, from a paper that really states it."""
    exp, verdict, ev = A_best(g, dataset, metric)
    careless = []
    for q in (SELECT_STRING_MIN, C.SELECT_STRING_MAX):
        r = g.sel(q.format(dataset=dataset, metric=metric))[0]
        m, v = str(r["model"]), str(r["value"])
        assert m != exp[0], f"no string-sort trap: {m} {v}"
        src = [t for _, t, _ in papers_stating(g, m, dataset, metric, C.parse_value(v))]
        assert src, f"nobody states {m} {v}"
        careless.append(f"{m} {v!r} (stated by {src})")
    return exp, verdict, (f"{ev}; careless string ORDER BY ASC: {careless[0]}; ORDER BY DESC: {careless[1]}; "
                          f"numeric max: {naive_order(g, dataset, metric)[:1]}")


# ---- the questions: (graph, anchor, computer, args) ------------------------------------------------
CRE = "Crevasse Segmentation"
SPEC = {
    # recency
    "TM01": ("g4", None, A_best, (SE, "F1")),
    "TM02": ("g4", None, K_best, ("Undertow-GNN", SE, "F1", None, True)),
    "TM03": ("g1", None, A_best, (BM, "Accuracy")),
    "TM04": ("g1", None, A_topic_newest_kw_partial, (CRE, "crevasse")),
    # superseded
    "TM05": ("g3", None, K_best, ("Lexmarrow", OR, "BLEU")),
    "TM06": ("g1", None, K_best, ("Orvalis-CNN", SK, "Mean IoU")),
    "TM07": ("g1", None, K_best, ("FrostLattice", BM, "Accuracy")),
    "TM08": ("g3", None, A_passed_since, ("Gannetron", QU, "BLEU")),
    # conflict
    "TM09": ("g2", None, A_value, ("Fennick-RNN", DA, W)),
    "TM10": ("g2", None, K_value, ("Trillbert", DA, W, 10.1)),
    "TM11": ("g3", None, K_value, ("Murrelet-MT", MI, "chrF", 51.0)),
    "TM12": ("g1", None, A_best, (CI, "F1")),
    "TM13": ("g1", None, A_papers_and_value, ("Orvalis-CNN", CI, "F1")),
    # corroboration
    "TM14": ("g2", None, A_value, ("Syrinxa", HO, "Accuracy")),
    "TM15": ("g4", None, K_value, ("Selkora", SE, "F1", 88.5)),
    "TM16": ("g1", None, K_value, ("Brackwater-UNet", CI, "F1", 91.2, None, 2)),
    # as_of
    "TM17": ("g2", 2018, A_best, (DA, W, 2018)),
    "TM18": ("g3", 2021, A_best, (MI, "chrF", 2021)),
    "TM19": ("g2", 2019, A_best, (HO, "Accuracy", 2019)),
    "TM20": ("g2", 2023, K_best_value, ("Corrasine", VE, W, 2023)),
    "TM21": ("g1", 2016, K_best, ("Sallowmere", SK, "Mean IoU", 2016)),
    # metadata
    "TM22": ("g2", None, A_year, ("Trillbert:",)),
    "TM23": ("g4", None, A_dois, ("Undertow-GNN:",)),
    "TM24": ("g4", None, K_year, ("Selkora:", 2021)),
    # gate
    "TM25": ("g2", None, A_gate_absent, ((r"dialects?", r"\baccents?\b"), (r"\bbirdsong\b", r"\bclassification\b"))),
    "TM26": ("g3", None, K_absent_pair_any, ("Lexmarrow", MI)),
    "TM27": ("g4", None, K_absent_pair_any, ("Tidewick", KW)),
    "TM28": ("g3", None, K_paper, ("Ostrada-T:", "Ostrada-T", OR, "BLEU", 34.2)),
    "TM29": ("g2", None, A_best_strsort, (DA, W)),
    "TM30": ("g1", None, A_year, ("Ymberline:",)),
}

# the (dataset, metric) boards each question reads, for the conflict check
BOARDS = {
    "TM01": [(SE, "F1")], "TM02": [(SE, "F1")], "TM03": [(BM, "Accuracy")], "TM04": [],
    "TM05": [(OR, "BLEU")], "TM06": [(SK, "Mean IoU")], "TM07": [(BM, "Accuracy")], "TM08": [(QU, "BLEU")],
    "TM09": [(DA, W)], "TM10": [(DA, W)], "TM11": [(MI, "chrF")], "TM12": [(CI, "F1")], "TM13": [(CI, "F1")],
    "TM14": [(HO, "Accuracy")], "TM15": [(SE, "F1")], "TM16": [(CI, "F1")], "TM17": [(DA, W)], "TM18": [(MI, "chrF")],
    "TM19": [(HO, "Accuracy")], "TM20": [(VE, W)], "TM21": [(SK, "Mean IoU")], "TM22": [], "TM23": [], "TM24": [],
    "TM25": [], "TM26": [(MI, "chrF")], "TM27": [(KW, "Mean IoU")], "TM28": [(OR, "BLEU")], "TM29": [(DA, W)],
    "TM30": [],
}
# models whose every row the question reads (a usage question), for the conflict check
MODEL_ROWS = {"TM13": "Orvalis-CNN"}


# ---- gate kinds of trust-dev.jsonl (README.md "Gate questions"), verified on the graph ------------------
def gate_topic(g, q):
    assert q["query_type"] == "dataset_search" and not q["expected"] and SPEC[q["id"]][2] is A_gate_absent
    return "dataset search for a topic no label matches, sharing words with ones the graph has (TD25)"


def gate_own_value(g, q):
    fn, (model, dataset) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_absent_pair_any
    claimed = [float(x) for x in re.findall(r"\d+\.\d+", q["question"])]
    own = {C.parse_value(r["value"]): (r["dataset"], r["metric"]) for r in g.rows if r["model"] == model}
    assert len(claimed) == 1 and claimed[0] in own and own[claimed[0]][0] != dataset, (claimed, own)
    return (f"{model} never ran on {dataset}; the claimed {fmt(claimed[0])} is its own {own[claimed[0]][1]} on "
            f"{own[claimed[0]][0]} (TD26)")


def gate_bound(g, q):
    fn, (model, dataset) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_absent_pair_any
    m = re.search(r"\b(below|under|over|above)\s+(\d+(?:\.\d+)?)", q["question"].lower())
    assert m, "no bound in the question"
    thr = float(m.group(2))
    ok = (lambda v: v < thr) if m.group(1) in ("below", "under") else (lambda v: v > thr)
    others = sorted((r["model"], r["value"]) for r in g.rows if r["dataset"] == dataset
                    and C.parse_value(r["value"]) is not None and ok(C.parse_value(r["value"])))
    own = sorted((r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == model)
    assert others, f"no other model on {dataset} meets the bound"
    return (f"{model} never ran on {dataset}; a bound ({m.group(1)} {fmt(thr)}) that other models there meet "
            f"{others} (careless SUPPORTED); its own rows elsewhere {own} (TD27)")


def gate_wrong_paper(g, q):
    fn, (title, model, dataset, metric, value) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_paper and q["verdict"] == "REFUTED"
    other = [(r["model"], g.papers[r["paper"]]["title"]) for r in g.rows if r["dataset"] == dataset
             and r["metric"] == metric and C.parse_value(r["value"]) == value]
    assert other and all(not t.startswith(title) for _, t in other), other
    return f"{fmt(value)} is real but stated by {other}, not by the {title!r} paper (TD28)"


def gate_string_sort(g, q):
    assert SPEC[q["id"]][2] is A_best_strsort and q["expected"] and q["verdict"] is None
    return "a string-sorted 'best' puts a real, cited but wrong row on top (TD29's string-sort trap)"


def gate_no_year(g, q):
    fn, (title,) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is A_year and not q["expected"]
    raw = [d["years"] for d in g.papers.values() if d["title"].startswith(title)]
    assert len(raw) == 1 and all(1 <= y <= 12 for y in raw[0]), raw
    return f"a value the graph does not have: the {title!r} paper has no usable P29 (raw {raw[0]}) (TD30)"


GATE_KIND = {
    "TM25": gate_topic, "TM26": gate_own_value, "TM27": gate_bound, "TM28": gate_wrong_paper,
    "TM29": gate_string_sort, "TM30": gate_no_year,
}


# ---- premises the questions state, and the traps, recomputed as evidence -------------------------------
def premise_tm01(g):
    nm = newest_model(g, SE, "F1")
    assert nm == "Undertow-GNN", nm
    return (f"newest model on Sealbrook: {nm} {A_value(g, nm, SE, 'F1')[0]}; newest-first (careless) "
            f"{recency_order(g, SE, 'F1')}")


def premise_tm02(g):
    first = model_first_year(g, SE, "F1")
    assert first["Undertow-GNN"] == 2023 and newest_model(g, SE, "F1") == "Undertow-GNN", first
    return f"first years {first}: Undertow-GNN is the newest (2023), as the question says; Selkora raw P29 {raw_p29(g, 'Selkora:')}"


def premise_tm03(g):
    return f"careless (newest first): {recency_order(g, BM, 'Accuracy')[:1]}; top 3 {models_in_order(g, BM, 'Accuracy')[:3]}"


def premise_tm05(g):
    top = g.sel(C.SELECT_STRING_MAX.format(dataset=OR, metric="BLEU"))
    assert str(top[0]["model"]) == "Lexmarrow", top
    ex, v, ev = K_paper(g, "Lexmarrow:", "Lexmarrow", OR, "BLEU", 9.8)
    assert v == "SUPPORTED"
    return led(g, "Lexmarrow", OR, "BLEU") + f"; careless string ORDER BY DESC: {top}; the Lexmarrow paper: {ev}"


def premise_tm07(g):
    ex, v, ev = K_paper(g, "FrostLattice:", "FrostLattice", BM, "Accuracy", 71.4)
    assert v == "SUPPORTED"
    return led(g, "FrostLattice", BM, "Accuracy") + f"; careless source: {ev}"


def premise_tm08(g):
    return (led(g, "Gannetron", QU, "BLEU") + f"; Gannetron's other rows "
            f"{sorted({(r['dataset'], r['value']) for r in g.rows if r['model'] == 'Gannetron' and r['dataset'] != QU})}")


def premise_tm09(g):
    ps = {v: [(t, g.valid_years(p), g.papers[p]["dois"]) for p, t, _ in papers_stating(g, "Fennick-RNN", DA, W, v)]
          for v in (18.2, 21.7)}
    assert all(len(x) == 1 for x in ps.values()), ps
    return f"papers {ps}; careless (the original paper, lower WER) 18.2"


def premise_tm10(g):
    ps = {v: [(t, g.papers[p]["years"]) for p, t, _ in papers_stating(g, "Trillbert", DA, W, v)] for v in (9.4, 10.1)}
    assert all(len(x) == 1 for x in ps.values()), ps
    return f"papers {ps}; careless (newest value wins): SUPPORTED"


def premise_tm11(g):
    ys = {v: [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Murrelet-MT", MI, "chrF", v)] for v in (51.0, 55.1)}
    assert [y for _, y in ys[51.0]] == [[2024]] and [y for _, y in ys[55.1]] == [[2022]], ys
    return f"papers {ys}; careless (newest value wins): SUPPORTED"


def premise_tm12(g):
    nv = naive_order(g, CI, "F1")
    assert nv[0].startswith("Orvalis-CNN '97.0'"), nv
    return f"careless (typo kept): {nv[:2]}; 87.0 in {C.count_papers(g, 'Orvalis-CNN', CI, 87.0)} papers, 97.0 in {C.count_papers(g, 'Orvalis-CNN', CI, 97.0)}"


def premise_tm13(g):
    ex, v, ev = K_paper(g, "Brackwater-UNet:", "Orvalis-CNN", CI, "F1", 97.0)
    assert v == "SUPPORTED"
    return "careless: the typo row " + ev


def premise_tm14(g):
    n93, n88 = C.count_papers(g, "Syrinxa", HO, 93.8), C.count_papers(g, "Syrinxa", HO, 88.3)
    assert (n93, n88) == (1, 5), (n93, n88)
    raw = sorted(r["value"] for r in g.rows if r["model"] == "Syrinxa" and r["dataset"] == HO)
    return f"93.8 in {n93} paper, 88.3 in {n88} (raw {raw}); careless (no removal): {naive_best(g, HO, 'Accuracy', None)}"


def premise_tm15(g):
    ps = [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Selkora", SE, "F1", 88.5)]
    assert len(ps) == 2, ps
    return f"88.5 in {ps}; Selkora raw P29 {raw_p29(g, 'Selkora:')}"


def premise_tm16(g):
    ps = [(t, raw, g.valid_years(p)) for p, t, raw in papers_stating(g, "Brackwater-UNet", CI, "F1", 91.2)]
    assert len(ps) == 2 and {raw for _, raw, _ in ps} == {"91.2%", "91.2"}, ps
    return f"91.2 in {ps}; careless (raw strings compared): two values, one paper each"


def premise_tm17(g):
    return ("naive (min raw P29): " + naive_best(g, DA, W, 2018) + "; Trillbert raw P29 " + raw_p29(g, "Trillbert:")
            + "; without the anchor: " + A_best(g, DA, W)[2])


def premise_tm18(g):
    raw = sorted((r["model"], r["value"], g.papers[r["paper"]]["title"].split(":")[0], g.valid_years(r["paper"]))
                 for r in g.rows if r["dataset"] == MI)
    assert any(v == "-" for _, v, _, _ in raw)
    assert ("Halverin", "48.2", "Varnholt", [2019]) in raw, raw
    return f"Mirelle rows {raw}; without the anchor (top open): {[(m, fmts(v)) for m, v in models_in_order(g, MI, 'chrF')][:3]}"


def premise_tm19(g):
    return "without the anchor: " + naive_best(g, HO, "Accuracy", None) + " (naive), " + A_best(g, HO, "Accuracy")[2]


def premise_tm20(g):
    ys = {v: [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Aviquist", VE, W, v)] for v in (6.8, 7.9)}
    assert all(y == [2024] for x in ys.values() for _, y in x), ys
    return f"Aviquist {ys} (after the anchor); careless (no anchor): {naive_best(g, VE, W, None)} -> REFUTED"


def premise_tm21(g):
    return ("Sallowmere raw P29 " + raw_p29(g, "Sallowmere:") + "; naive (min raw P29, undated kept): "
            + naive_best(g, SK, "Mean IoU", 2016) + "; Ymberline raw P29 " + raw_p29(g, "Ymberline:"))


def premise_tm23(g):
    return f"the only other two-DOI paper: Murrelet-MT {A_dois(g3_graph(), 'Murrelet-MT:')[0]}"


def premise_tm26(g):
    return "Lexmarrow's rows: " + repr(sorted({(r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == "Lexmarrow"}))


def premise_tm28(g):
    ex, v, ev = K_paper(g, "Murrelet-MT:", "Murrelet-MT", OR, "BLEU", 34.2)
    assert v == "SUPPORTED"
    return "34.2 is real but from the Murrelet-MT paper: " + ev


def premise_tm30(g):
    rows = g.sel(Q_PAPER_META.format(title="Ymberline:"))
    assert rows and all(r["y"] is None for r in rows)
    return f"problem {sorted({str(r['problem']) for r in rows})}, DOI {sorted({str(r['doi']) for r in rows})}, no P29"


_G3 = {}


def g3_graph():
    if "g" not in _G3:
        _G3["g"] = C.G("g3.ttl")
    return _G3["g"]


PREMISE = {
    "TM01": premise_tm01, "TM02": premise_tm02, "TM03": premise_tm03,
    "TM04": lambda g: "Ymberline raw P29 " + raw_p29(g, "Ymberline:") + "; Sallowmere raw P29 " + raw_p29(g, "Sallowmere:"),
    "TM05": premise_tm05,
    "TM06": lambda g: led(g, "Orvalis-CNN", SK, "Mean IoU") + "; Sallowmere raw P29 " + raw_p29(g, "Sallowmere:"),
    "TM07": premise_tm07, "TM08": premise_tm08, "TM09": premise_tm09, "TM10": premise_tm10, "TM11": premise_tm11,
    "TM12": premise_tm12, "TM13": premise_tm13, "TM14": premise_tm14, "TM15": premise_tm15, "TM16": premise_tm16,
    "TM17": premise_tm17, "TM18": premise_tm18, "TM19": premise_tm19, "TM20": premise_tm20, "TM21": premise_tm21,
    "TM22": lambda g: "raw P29 " + raw_p29(g, "Trillbert:"),
    "TM23": premise_tm23,
    "TM24": lambda g: "raw P29 " + raw_p29(g, "Selkora:"),
    "TM25": lambda g: "datasets in the graph " + repr(sorted(str(r["dl"]) for r in g.sel(Q_ALL_DATASETS))),
    "TM26": premise_tm26,
    "TM27": lambda g: "Kelpwatch rows " + repr(sorted((r["model"], r["value"]) for r in g.rows if r["dataset"] == KW)),
    "TM28": premise_tm28,
    "TM29": lambda g: "worst (numeric max): " + A_worst(g, DA, W)[2],
    "TM30": premise_tm30,
}


# ---- per-year checks: conflicts touched, fact kinds ------------------------------------------------
def conflicts_touched10(g, qid, q):
    """every (model, dataset, metric) with two values that the question's boards, facts and model rows touch
    must be in STABLE (README.md "Conflict margins"), with the outcome listed there."""
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


def fact_kinds(g, q, anchor):
    """must_keep facts survive; each must_remove fact gets its kind (a, b or c). Raises on a violation."""
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
            out.append((f, f"b (best {earlier[0]}-{earlier[-1]})"))
        elif anchor is not None and float(v) in surv(g, m, d, mt)[0]:
            out.append((f, "c (after the anchor / undated)"))
        else:
            assert surv(g, m, d, mt)[1] == "clear", f"must_remove {f}: not removed by a clear conflict"
            out.append((f, "a (loses a clear conflict)"))
    return out


def per_year(g, q, fn, args, anchor):
    """the recomputed answer, the must_remove kinds and the conflicts touched for every current year 2025..2030."""
    saved = C.NOW
    outs = {}
    try:
        for y in YEARS:
            C.NOW = y
            exp, verdict, _ = fn(g, *args)
            kinds = tuple(k.split(" (best")[0] for _, k in fact_kinds(g, q, anchor))
            outs[y] = (tuple(sorted(set(exp))), verdict, kinds, tuple(conflicts_touched10(g, q["id"], q)))
    finally:
        C.NOW = saved
    return outs


# ---- how TMn relates to TDn ---------------------------------------------------------------------------
def norm(t):
    return re.sub(r"\W+", " ", t.lower()).strip()


def words(t):
    return set(norm(t).split())


def jaccard(a, b):
    return len(a & b) / len(a | b) if a | b else 1.0


METRIC_WORDS = {"accuracy", "acc", "f1", "wer", "word", "error", "rate", "bleu", "chrf", "mean", "iou", "miou"}


def template(q, names):
    """the words of a question once every name of any graph (model, dataset, problem, title prefix), every
    number, the metric words and the searched topic are taken out: what is left is the sentence's template."""
    text = q["question"].lower()
    for n in sorted(names, key=len, reverse=True):
        pat = "[- ]?".join(re.escape(part) for part in re.split(r"[- ]+", n.lower()))
        text = re.sub(pat, " ", text)
    if q["query_type"] in ("dataset_search", "topic_search"):
        text = re.sub(r"\b(for|on) [a-z][a-z -]+\?$", r"\1 ?", text)
    text = re.sub(r"\bf1\b", " ", text)
    text = re.sub(r"\d+(?:\.\d+)?", " ", text)
    return {w for w in norm(text).split() if w not in METRIC_WORDS}


def squash(t):
    return re.sub(r"[^a-z0-9]", "", t.lower())


def named(q, names):
    """what a question names: model, dataset and problem labels and paper-title prefixes of any graph (matched
    without case, spaces or hyphens), the numbers and years it writes, and a topic phrase ('... for X?')."""
    s = squash(q["question"])
    out = {n for n in names if squash(n) in s}
    out |= set(re.findall(r"(?<![\w-])\d+(?:\.\d+)?", q["question"]))
    m = re.search(r"\b(?:for|on) ([a-z][a-z -]+)\?$", q["question"].lower())
    if m and q["query_type"] in ("dataset_search", "topic_search"):
        out.add("topic:" + m.group(1).strip())
    return out


FORMS = (r"\bright\?$", r"\byes\?$", r"\bcorrect\?$", r"\bwasn't it\?$", r"\bdoesn't it\?$", r"\bright now\?$",
         r"\bat the moment\?$", r"\bas of \d{4}\b", r"\bbefore \d{4}\b", r"^back in \d{4}\b", r"\bstill\b",
         r"\bused to\b", r"\bactually\b", r"\breally\b", r"\bbacked up by more than one paper\b", r"^what's the doi\b",
         r"^when was\b", r"^what year was\b", r"^is there any benchmark dataset\b", r"\bcame out in\b", r"\breports\b")


def main():
    graphs = {k + ".ttl": C.G(k + ".ttl") for k in ("g1", "g2", "g3", "g4")}
    qs = [json.loads(l) for l in open(QFILE)]
    dev = [json.loads(l) for f in EARLIER for l in open(os.path.join(DATA_DIR, f))]
    td = {d["id"]: d for d in dev if d["id"].startswith("TD")}
    assert len(td) == 30, len(td)
    dev_q = {norm(d["question"]): d["id"] for d in dev}
    names = set()
    for gr in graphs.values():
        names |= {r["model"] for r in gr.rows} | {r["dataset"] for r in gr.rows}
        names |= {str(r["problem"]) for r in gr.sel(C.Q_TOPIC)}
        names |= {d["title"].split(":")[0] for d in gr.papers.values() if ":" in d["title"]}
    fails = 0
    print(f"TRUST_NOW={C.NOW}; checkers, graphs and dev files from {TRUST_DIR}; {len(qs)} questions in {QFILE}; "
          f"{len(dev)} earlier dev questions ({', '.join(EARLIER)})")
    if [q["id"] for q in qs] != [f"TM{i:02d}" for i in range(1, 31)]:
        print("FAIL ids are not TM01..TM30 in order")
        fails += 1
    if set(SPEC) != {q["id"] for q in qs}:
        print("FAIL questions and checks differ:", sorted(set(SPEC) ^ {q["id"] for q in qs}))
        fails += 1
    counts = {"mechanism": {}, "query_type": {}, "verdict": {}, "graph": {}}
    target = {k: {} for k in counts}
    for d in td.values():
        for k in target:
            target[k][str(d[k])] = target[k].get(str(d[k]), 0) + 1
    conflicts_used, relation = {}, {}
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
            # TMn against TDn: same kinds, another graph, another fact, TD's wording
            t = td["TD" + q["id"][2:]]
            assert (t["mechanism"], t["query_type"], t["verdict"]) == (q["mechanism"], q["query_type"], q["verdict"]), \
                f"does not mirror {t['id']}: {(t['mechanism'], t['query_type'], t['verdict'])}"
            assert q["graph"] != t["graph"], f"on {t['id']}'s own graph {t['graph']}"
            assert q["question"][0].islower() == t["question"][0].islower(), "first letter's case differs from TDn's"
            assert norm(q["question"]) not in dev_q, f"same question as {dev_q.get(norm(q['question']))}"
            n_tm, n_td = named(q, names), named(t, names)
            assert n_tm != n_td or set(q["expected"]) != set(t["expected"]), f"same fact as {t['id']}: {n_tm}"
            assert n_tm - n_td, f"names nothing {t['id']} does not: {n_tm}"
            ov = {d["id"]: jaccard(words(q["question"]), words(d["question"])) for d in td.values()}
            tpl = {d["id"]: jaccard(template(q, names), template(d, names)) for d in td.values()}
            best = max(tpl.values())
            assert tpl[t["id"]] >= 0.6, f"TD's template not kept: overlap {tpl[t['id']]:.2f} with {t['id']}"
            assert tpl[t["id"]] == best, (f"TD's template not kept: the closest template is "
                                          f"{[i for i, v in tpl.items() if v == best]} ({best:.2f}), {t['id']} {tpl[t['id']]:.2f}")
            forms_td = {f for f in FORMS if re.search(f, t["question"].lower())}
            forms_tm = {f for f in FORMS if re.search(f, q["question"].lower())}
            assert forms_td == forms_tm, f"tag words differ from {t['id']}: {forms_td ^ forms_tm}"
            relation[q["id"]] = (t["id"], t["graph"][:2], q["graph"][:2], ov[t["id"]], sorted(n_td), sorted(n_tm),
                                 set(q["expected"]) != set(t["expected"]), tpl[t["id"]])
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
                pi = published_in_same5(g, SPEC[q["id"]], anchor)
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
            used = conflicts_touched10(g, q["id"], q)
            for u in used:
                conflicts_used.setdefault(u, []).append(q["id"])
            if q["mechanism"] == "gate":
                ev += "\n      gate kind: " + GATE_KIND[q["id"]](g, q)
            if q["id"] in PREMISE:
                ev += "\n      premise/trap: " + PREMISE[q["id"]](g)
            ev += (f"\n      same answer, must_remove kinds and conflicts for current years {YEARS.start}-{YEARS.stop - 1}; "
                   f"conflicts touched: {used or 'none'}")
            ev += (f"\n      {t['id']} ({t['graph'][:2]}) names {sorted(n_td)}; {q['id']} ({q['graph'][:2]}) names "
                   f"{sorted(n_tm)}; expected {'differs' if relation[q['id']][6] else 'is the same'}; "
                   f"word overlap with {t['id']} {ov[t['id']]:.2f}, template overlap {tpl[t['id']]:.2f} "
                   f"(template {sorted(template(q, names))})")
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
    seen = {}
    for q in qs:  # no two TM questions are the same
        k = norm(q["question"])
        if k in seen:
            print(f"FAIL {q['id']} repeats {seen[k]}")
            fails += 1
        seen[k] = q["id"]
    moves = {}
    for i, (tid, a, b, *_rest) in sorted(relation.items()):
        moves.setdefault(f"{a}->{b}", []).append(i)
    print(f"graph moves against TD ({sum(len(v) for v in moves.values())} questions):", json.dumps(dict(sorted(moves.items()))))
    ovs = sorted((r[3], i) for i, r in relation.items())
    if ovs:
        print(f"word overlap with TDn: lowest {ovs[0][1]} {ovs[0][0]:.2f}, median {ovs[len(ovs) // 2][0]:.2f}, "
              f"highest {ovs[-1][1]} {ovs[-1][0]:.2f}; TDn's template is the closest one in trust-dev.jsonl for every TMn")
        tps = sorted((r[7], i) for i, r in relation.items())
        print(f"template overlap with TDn (names, numbers, metric and topic words taken out): lowest "
              f"{', '.join(f'{i} {v:.2f}' for v, i in tps[:3])}; {sum(1 for v, _ in tps if v == 1.0)} of {len(tps)} at 1.00")
        print("expected answer equal to TDn's (named entities differ):",
              [i for i, r in sorted(relation.items()) if not r[6]] or "none")
    same = {}
    for q in qs:  # earlier dev questions on the same graph with the same expected answer (shown, not a failure)
        if q["expected"]:
            hits = [d["id"] for d in dev if d["graph"] == q["graph"] and set(d["expected"]) == set(q["expected"])]
            if hits:
                same[q["id"]] = hits
    print("earlier questions with the same graph and expected answer (a fact asked again in TD's words):", json.dumps(same))
    print("conflicts touched (all in README's stable table):", json.dumps(conflicts_used))
    print("gate kinds:", json.dumps({k: v.__name__ for k, v in GATE_KIND.items()}))
    print("\nFAILURES:", fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
