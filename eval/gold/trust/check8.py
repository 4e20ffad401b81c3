#!/usr/bin/env python3
"""Checks trust-dev8.jsonl (TK01-TK30) against the fixture graphs g1.ttl .. g4.ttl.

trust-dev8 follows the design of the first file, trust-dev.jsonl, as trust-dev6 does: one TK question per
TD question, with the same mechanism, query type, verdict and gate kind, asked about another board, paper
or topic than both its TD counterpart and the TI question of trust-dev6 that matches the same TD question.

Same reference rules as check.py .. check6.py (imported from them, not copied). For every question the
answer is recomputed from the graph, independently of the JSONL: SPARQL (the queries and the reference
trust rules of check.py: rows, papers, years, DOIs, ASKs, six conflict readings) plus Python. The
recomputed `expected` strings (as a set) and `verdict` must equal the ones in the file, and must stay the
same for every current year from 2025 to 2030 (checked here by setting check.NOW to each year, whatever
TRUST_NOW is); the anchor written in the question must be the one the computation used ("as of Y" /
"in Y" = up to Y; "before Y" = up to Y-1; an "in Y" question must give the same answer read as
"published in Y"); must_keep facts must survive the conflict rules and the anchor; must_remove facts must
not be the surviving best and must be of kind (a) lost a clear conflict, (b) a former best, or (c) after
the anchor / undated; every value conflict a question touches must be one that README.md's "Conflict
margins" lists as stable (check6.STABLE), with the outcome listed there; a month-like P29 (1-12) is never
taken as a year; every expected string is in the graph's text; the premises a question states are
checked, and each question prints the careless answer it is built against.

Also: the counts per mechanism, query type, verdict and graph equal trust-dev.jsonl's; each TKn has the
mechanism, query type and verdict of TDn; the gate kinds are TD25-TD30's; each TKn is about another
board / paper / topic than TDn and TIn; no question repeats one of trust-dev.jsonl .. trust-dev6.jsonl or
shares 60% or more of its words with one of them or with another TK question. It prints how often files
1-6 ask about each model and board (named in the question or its expected answer) and each anchor year, and what TK adds, and the sentence forms used.

Where things are: the fixture graphs and the earlier checkers (check.py .. check6.py) are looked for
beside this file first, then in /work/main/eval/gold/trust. trust-dev8.jsonl is read from beside this file.

Run: python3 check8.py          (exit status 1 on any failure)
     TRUST_NOW=2030 python3 check8.py
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
                                  "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")))
sys.path.insert(0, TRUST_DIR)
import check as C  # noqa: E402  (reference rules, SPARQL queries, graph loading)
import check6 as C6  # noqa: E402  (trust-dev6's tables: the stable conflicts, TI's boards)
from check6 import *  # noqa: E402,F401,F403  (the computers of trust-dev2 .. trust-dev6, shared, not copied)
from check6 import (parse_anchor, papers_stating, models_in_order, separated, naive_order, labels_text,  # noqa: E402
                    published_in_same5, year_independent, led, paper_year, A_passed_since, STABLE, YEARS,
                    FIELDS, ASK_HAS_BENCHMARK, Q_ALL_DATASETS)

HERE = os.path.dirname(os.path.abspath(__file__))  # the earlier checkers' HERE was imported above; this file's own
QFILE = os.path.join(HERE, "trust-dev8.jsonl")
EARLIER = ("trust-dev.jsonl", "trust-dev2.jsonl", "trust-dev3.jsonl", "trust-dev4.jsonl", "trust-dev5.jsonl",
           "trust-dev6.jsonl")


# ---- computers added for trust-dev8: return (expected list, verdict, evidence) ------------------------
def A_topic_newest_all(g, problem, keyword):
    """'newest work on problem' when several papers share the newest valid year: every one of them (problem
    links, SPARQL via check.newest_topic_paper), with the year; the careless title-keyword answer as evidence."""
    dated, undated = C.newest_topic_paper(g, problem)
    y = dated[0][0]
    tops = sorted(t for yy, t in dated if yy == y)
    assert len(tops) > 1, f"one newest paper only: {tops}"
    assert all(keyword not in t.lower() for t in tops), tops
    kw = [(yy, t) for yy, t in dated if keyword in t.lower()]
    assert kw and kw[0][0] < y, kw
    nxt = [(yy, t) for yy, t in dated if yy < y][:1]
    return ([t.split(":")[0] for t in tops] + [str(y)], None,
            f"newest on {problem!r}: {tops} ({y}); next {nxt}; undated {undated}; careless (newest title with "
            f"{keyword!r}): {kw[0]}")


def A_best_open(g, dataset, metric):
    """'best on dataset now' when a close conflict at the top leaves it open: every model whose surviving values
    overlap the leader's, with all their values; the next model must be clearly behind all of them."""
    ms = models_in_order(g, dataset, metric)
    group = [ms[0]]
    for m, vs in ms[1:]:
        if all(separated(gv, vs, metric) for _, gv in group):
            break
        group.append((m, vs))
    assert len(group) > 1, f"the top is decided: {ms[:2]}"
    rest = ms[len(group):]
    if rest:
        assert all(separated(gv, rest[0][1], metric) for _, gv in group), f"{rest[0]} overlaps the top"
    exp = []
    for m, vs in group:
        exp += [m] + fmts(vs)
    st = {m: surv(g, m, dataset, metric)[1] for m, _ in group}
    return exp, None, (f"top of {dataset}/{metric} not decided: {[(m, fmts(v), st[m]) for m, v in group]}; "
                       f"next {rest[0][0] + ' ' + str(fmts(rest[0][1])) if rest else 'none'}; "
                       f"careless (no conflict handling): {naive_best(g, dataset, metric, None)}")


# ---- the questions: (graph, anchor, computer, args) ------------------------------------------------
CAL = "Calving Front Delineation"
REVIEW = "A Review of Condition Monitoring for Tidal Stream Turbines"
SPEC = {
    # recency
    "TK01": ("g1", None, A_best, (CI, "F1")),
    "TK02": ("g1", None, K_better, ("Quillon-XL", "Brackwater-UNet", CI, "F1")),
    "TK03": ("g1", None, A_compare, ("PimbraFormer", "Quillon-XL", BM, "Accuracy")),
    "TK04": ("g1", None, A_topic_newest_all, (CAL, "calving")),
    # superseded
    "TK05": ("g2", None, K_best, ("Warbleon", HO, "Accuracy")),
    "TK06": ("g3", None, K_best, ("Gannetron", QU, "BLEU")),
    "TK07": ("g4", None, K_best, ("Brinehawk", SE, "F1")),
    "TK08": ("g1", None, A_passed_since, ("Lumoria", SK, "Mean IoU")),
    # conflict
    "TK09": ("g2", None, A_compare, ("Syrinxa", "Plumaro", HO, "Accuracy")),
    "TK10": ("g2", None, K_bound, ("Trillbert", DA, W, "<", 10.0)),
    "TK11": ("g1", None, K_value, ("Tavrosa", BM, "Accuracy", 85.4)),
    "TK12": ("g2", None, A_best_open, (VE, W)),
    "TK13": ("g2", None, A_usage, ("Fennick-RNN",)),
    # corroboration
    "TK14": ("g3", None, A_value, ("Gannetron", OR, "BLEU")),
    "TK15": ("g4", None, K_value, ("Marrowfen", SE, "F1", 78.4)),
    "TK16": ("g1", None, K_value, ("Orvalis-CNN", CI, "F1", 87.0, None, 2)),
    # as_of
    "TK17": ("g1", 2017, A_best, (SK, "Mean IoU", 2017)),
    "TK18": ("g4", 2015, A_best, (SE, "F1", 2015)),
    "TK19": ("g3", 2019, A_best, (MI, "chrF", 2019)),
    "TK20": ("g3", 2021, K_best, ("Varnholt", QU, "BLEU", 2021)),
    "TK21": ("g4", 2014, K_best, ("Driftmere", KW, "Mean IoU", 2014)),
    # metadata
    "TK22": ("g2", None, A_year, ("Trillbert:",)),
    "TK23": ("g4", None, A_dois, (REVIEW,)),
    "TK24": ("g4", None, K_year, ("Selkora:", 2021)),
    # gate
    "TK25": ("g3", None, A_gate_absent, ((r"summar", r"\babstractive\b"), (r"\bdialogue\b",))),
    "TK26": ("g2", None, K_absent_pair_any, ("Chirpform", VE)),
    "TK27": ("g2", None, K_absent_pair_any, ("Corrasine", HO)),
    "TK28": ("g3", None, K_paper, ("Varnholt:", "Varnholt", QU, "BLEU", 15.8)),
    "TK29": ("g2", 2018, A_best, (HO, "Accuracy", 2018)),
    "TK30": ("g1", None, A_year, ("Ymberline:",)),
}

# gate kinds of trust-dev.jsonl (README.md, "Gate questions"), one question each here as there
GATE_KIND = {
    "TK25": "a topic the graph lacks that shares words with one it has (dataset search; TD25)",
    "TK26": "a claim about a model on a dataset it was never run on, with a value that is its own elsewhere (TD26)",
    "TK27": "a claim about a model on a dataset it was never run on, with a bound (TD27)",
    "TK28": "a claim whose value is real but comes from a different paper than the one cited (TD28)",
    "TK29": "a temporal trap: an anchor earlier than any result, which a month-as-year breaks (TD29's kind)",
    "TK30": "a value the graph does not have: the year of a paper without P29 (TD30)",
}
# the (dataset, metric) boards each question reads, for the conflict check
BOARDS = {
    "TK01": [(CI, "F1")], "TK02": [(CI, "F1")], "TK03": [(BM, "Accuracy")], "TK04": [], "TK05": [(HO, "Accuracy")],
    "TK06": [(QU, "BLEU")], "TK07": [(SE, "F1")], "TK08": [(SK, "Mean IoU")], "TK09": [(HO, "Accuracy")],
    "TK10": [(DA, W)], "TK11": [(BM, "Accuracy")], "TK12": [(VE, W)], "TK13": [(DA, W)], "TK14": [(OR, "BLEU")],
    "TK15": [(SE, "F1")], "TK16": [(CI, "F1")], "TK17": [(SK, "Mean IoU")], "TK18": [(SE, "F1")],
    "TK19": [(MI, "chrF")], "TK20": [(QU, "BLEU")], "TK21": [(KW, "Mean IoU")], "TK22": [], "TK23": [], "TK24": [],
    "TK25": [], "TK26": [(VE, W)], "TK27": [(HO, "Accuracy")], "TK28": [(QU, "BLEU")], "TK29": [(HO, "Accuracy")],
    "TK30": [],
}

# what each question is about (board, paper or topic), to show that TKn differs from TDn and from TIn
SUBJECT_TD = {
    1: BM, 2: BM, 3: DA, 4: "topic:Kelp Canopy Mapping", 5: BM, 6: DA, 7: OR, 8: KW, 9: BM, 10: BM, 11: DA, 12: HO,
    13: OR, 14: CI, 15: HO, 16: SE, 17: BM, 18: DA, 19: QU, 20: OR, 21: SE, 22: "paper:Tidewick:",
    23: "paper:Murrelet-MT:", 24: "paper:Trillbert:", 25: "topic:glacier surface velocity", 26: CI, 27: VE, 28: DA,
    29: OR, 30: "paper:Driftmere:",
}
SUBJECT_TI_OTHER = {  # TI questions that read no board (check6.BOARDS gives the others)
    4: "topic:Birdsong Transcription", 22: "paper:Tidewick:", 23: "paper:Undertow-GNN:", 24: "paper:Sallowmere:",
    25: "topic:frog call classification", 30: "paper:Seasonal Kelp Canopy Dynamics in Norrland Fjords",
}
SUBJECT_TK_OTHER = {
    4: "topic:" + CAL, 22: "paper:Trillbert:", 23: "paper:" + REVIEW, 24: "paper:Selkora:",
    25: "topic:dialogue summarisation", 30: "paper:Ymberline:",
}


def subject_ti(n):
    b = C6.BOARDS["TI%02d" % n]
    return b[0][0] if b else SUBJECT_TI_OTHER[n]


def subject_tk(n):
    b = BOARDS["TK%02d" % n]
    return b[0][0] if b else SUBJECT_TK_OTHER[n]


# the sentence forms: what the question names first (model, board or year) and how many clauses it has
FORM = {
    "TK01": ("board", 2), "TK02": ("model", 2), "TK03": ("board", 1), "TK04": ("topic", 1), "TK05": ("board", 2),
    "TK06": ("model", 1), "TK07": ("model", 2), "TK08": ("model", 2), "TK09": ("model", 2), "TK10": ("board", 2),
    "TK11": ("model", 2), "TK12": ("board", 2), "TK13": ("model", 2), "TK14": ("model", 2), "TK15": ("board", 1),
    "TK16": ("model", 1), "TK17": ("year", 2), "TK18": ("board", 2), "TK19": ("year", 2), "TK20": ("year", 1),
    "TK21": ("year", 1), "TK22": ("model", 2), "TK23": ("year", 1), "TK24": ("model", 1), "TK25": ("topic", 1),
    "TK26": ("model", 1), "TK27": ("board", 1), "TK28": ("model", 2), "TK29": ("year", 2), "TK30": ("model", 2),
}


# ---- premises the questions state, and the traps, recomputed as evidence -------------------------------
def raw_p29(g, prefix):
    return repr([d["years"] for d in g.papers.values() if d["title"].startswith(prefix)])


def premise_tk01(g):
    nm = newest_model(g, CI, "F1")
    assert nm == "Wendrel-S", nm
    nv = naive_order(g, CI, "F1")
    assert nv[0].startswith("Orvalis-CNN '97.0'"), nv
    return f"newest model on Corvalla-Ice: {nm} {A_value(g, nm, CI, 'F1')[0]}; careless (typo kept, string sort) {nv[:2]}"


def premise_tk02(g):
    a, b = paper_year(g, "Quillon-XL:"), paper_year(g, "Brackwater-UNet:")
    assert a - b == 4, (a, b)
    return f"Quillon-XL paper {a}, Brackwater-UNet paper {b} (four years); best now: {A_best(g, CI, 'F1')[2]}"


def premise_tk03(g):
    first = model_first_year(g, BM, "Accuracy")
    assert first["Quillon-XL"] > first["PimbraFormer"], first
    return f"first years Quillon-XL {first['Quillon-XL']}, PimbraFormer {first['PimbraFormer']} (Quillon-XL is newer); best now: {A_best(g, BM, 'Accuracy')[0]}"


def premise_tk07(g):
    ex, v, ev = K_paper(g, "Brinehawk:", "Brinehawk", SE, "F1", 70.2)
    assert v == "SUPPORTED"
    return led(g, "Brinehawk", SE, "F1") + f"; newest model {newest_model(g, SE, 'F1')}; careless source: {ev}"


def premise_tk08(g):
    return led(g, "Lumoria", SK, "Mean IoU") + "; Sallowmere raw P29 " + raw_p29(g, "Sallowmere:")


def premise_tk09(g):
    n93, n88 = C.count_papers(g, "Syrinxa", HO, 93.8), C.count_papers(g, "Syrinxa", HO, 88.3)
    assert (n93, n88) == (1, 5), (n93, n88)
    return f"93.8 in {n93} paper, 88.3 in {n88}; careless (no conflict removal): {naive_best(g, HO, 'Accuracy', None)}"


def premise_tk10(g):
    ps = {v: [(t, g.papers[p]["years"]) for p, t, _ in papers_stating(g, "Trillbert", DA, W, v)] for v in (9.4, 10.1)}
    return f"papers {ps}"


def premise_tk11(g):
    ex, v, ev = K_paper(g, "Quillon-XL:", "Tavrosa", BM, "Accuracy", 85.4)
    assert v == "SUPPORTED", "premise: the Quillon-XL paper re-ran Tavrosa at 85.4"
    ex2, v2, _ = K_paper(g, "Tavrosa:", "Tavrosa", BM, "Accuracy", 86.1)
    assert v2 == "SUPPORTED"
    return f"the re-run: {ev}; Tavrosa's own paper states 86.1"


def premise_tk12(g):
    a = K_paper(g, "Aviquist:", "Aviquist", VE, W, 6.8)
    b = K_paper(g, "Low-Latency Transcribers for Dawn Recordings", "Aviquist", VE, W, 7.9)
    assert a[1] == b[1] == "SUPPORTED"
    ys = [paper_year(g, "Aviquist:"), paper_year(g, "Low-Latency Transcribers for Dawn Recordings")]
    assert ys[0] == ys[1], ys
    return f"Aviquist 6.8 and 7.9 from two papers of {ys[0]}; Corrasine {A_value(g, 'Corrasine', VE, W)[2]}"


def premise_tk13(g):
    ps = {v: [(t, g.valid_years(p), g.papers[p]["dois"]) for p, t, _ in papers_stating(g, "Fennick-RNN", DA, W, v)]
          for v in (18.2, 21.7)}
    assert all(len(x) == 1 for x in ps.values())
    return f"papers {ps}; careless (lowest WER kept) 18.2"


def premise_tk14(g):
    ps = {v: [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Gannetron", OR, "BLEU", v)] for v in (18.9, 21.5)}
    assert len(ps[18.9]) == 2 and len(ps[21.5]) == 1, ps
    return f"papers {ps}"


def premise_tk15(g):
    n = C.count_papers(g, "Marrowfen", SE, 78.4)
    assert n == 2
    other = sorted({(r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == "Marrowfen" and r["dataset"] != SE})
    return f"78.4 in {n} papers; careless: Marrowfen's other rows {other}"


def premise_tk16(g):
    n = C.count_papers(g, "Orvalis-CNN", CI, 87.0)
    assert n == 4, n
    raw = sorted(r["value"] for r in g.rows if r["model"] == "Orvalis-CNN" and r["dataset"] == CI)
    return f"87.0 in {n} papers; raw Orvalis-CNN Corvalla values {raw}"


def premise_tk19(g):
    rows = sorted({(r["model"], r["dataset"], r["value"]) for r in g.rows if g.papers[r["paper"]]["title"].startswith("Varnholt:")})
    assert ("Halverin", MI, "48.2") in rows, rows
    return (f"rows of the Varnholt paper {rows}; without the anchor (open top): "
            f"{[(m, fmts(v)) for m, v in models_in_order(g, MI, 'chrF')]}")


def premise_tk21(g):
    return "Driftmere raw P29 " + raw_p29(g, "Driftmere:") + "; naive (month 3 read as a year): " + naive_best(g, KW, "Mean IoU", 2014)


def premise_tk23(g):
    y = paper_year(g, REVIEW)
    assert y == 2019, y
    assert not g.ask(ASK_HAS_BENCHMARK.format(title=REVIEW))
    td = A_dois(g, "Tidewick:")[0]
    assert any("2019" in d for d in td), td
    return f"the review is from {y}, has no leaderboard and no P26; careless: Tidewick's DOI {td}"


def premise_tk27(g):
    rows = sorted({(r["model"], r["dataset"], r["value"]) for r in g.rows
                   if g.papers[r["paper"]]["title"].startswith("Scaling Noise-Robust Transcribers")})
    assert ("Corrasine", DA, "8.9") in rows and ("Syrinxa", HO, "88.3%") in rows, rows
    return f"rows of the 2025 paper that reports Corrasine: {rows}"


def premise_tk28(g):
    ex, v, ev = K_paper(g, "Halverin:", "Halverin", QU, "BLEU", 15.8)
    assert v == "SUPPORTED"
    return "15.8 is real but from the Halverin paper: " + ev


def premise_tk29(g):
    return (f"naive (min raw P29): {naive_best(g, HO, 'Accuracy', 2018)}; Trillbert paper raw P29 {raw_p29(g, 'Trillbert:')}; "
            f"first dated result: {A_oldest(g, HO, 'Accuracy')[0]}")


def premise_tk30(g):
    rows = g.sel(Q_PAPER_META.format(title="Ymberline:"))
    assert rows and all(r["y"] is None for r in rows)
    return f"problem {sorted({str(r['problem']) for r in rows})}, DOI {sorted({str(r['doi']) for r in rows})}, no P29"


PREMISE = {
    "TK01": premise_tk01, "TK02": premise_tk02, "TK03": premise_tk03,
    "TK05": lambda g: led(g, "Warbleon", HO, "Accuracy") + "; naive " + naive_best(g, HO, "Accuracy", None),
    "TK06": lambda g: led(g, "Gannetron", QU, "BLEU"),
    "TK07": premise_tk07, "TK08": premise_tk08, "TK09": premise_tk09, "TK10": premise_tk10, "TK11": premise_tk11,
    "TK12": premise_tk12, "TK13": premise_tk13, "TK14": premise_tk14, "TK15": premise_tk15, "TK16": premise_tk16,
    "TK17": lambda g: "naive (min raw P29): " + naive_best(g, SK, "Mean IoU", 2017) + "; without the anchor: " + A_best(g, SK, "Mean IoU")[2],
    "TK18": lambda g: "naive (min raw P29): " + naive_best(g, SE, "F1", 2015) + "; Selkora raw P29 " + raw_p29(g, "Selkora:"),
    "TK19": premise_tk19,
    "TK20": lambda g: "without the anchor: " + A_best(g, QU, "BLEU")[2],
    "TK21": premise_tk21,
    "TK22": lambda g: "raw P29 " + raw_p29(g, "Trillbert:"),
    "TK23": premise_tk23,
    "TK24": lambda g: "raw P29 " + raw_p29(g, "Selkora:"),
    "TK25": lambda g: "datasets in the graph " + repr(sorted(str(r["dl"]) for r in g.sel(Q_ALL_DATASETS))),
    "TK26": lambda g: "Chirpform's 14.6 is " + repr(sorted({(r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == "Chirpform"})),
    "TK27": premise_tk27, "TK28": premise_tk28, "TK29": premise_tk29, "TK30": premise_tk30,
}


def conflicts_touched8(g, qid, q):
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


# ---- how often files 1-6 ask about each model, board and anchor year -------------------------------
BOARD_WORDS = {BM: "benchmira", CI: "corvalla", SK: "skarnhold", DA: "dastrup", HO: "hollenby", VE: "veltmoor",
               OR: "orrenby", MI: "mirelle", QU: "quenmark", SE: "sealbrook", KW: "kelpwatch"}


def squash(t):
    return re.sub(r"[^a-z0-9]", "", t.lower())


def mentions(q, models):
    """models and boards a question asks about (named in the question or in its expected answer), and the
    anchor year it uses (as the computation reads it: "before 2015" is 2014)."""
    text = q["question"] + " " + " ".join(q["expected"])
    s, low = squash(text), text.lower()
    ms = {m for m in models if squash(m) in s}
    bs = {b for b, w in BOARD_WORDS.items() if w in low}
    a = parse_anchor(q["question"])[0]
    return ms, bs, ({str(a)} if a is not None else set())


def first_named(text, models):
    """what a question names first: a model, a board, an anchor year, or a topic/other."""
    low = text.lower()
    pos = []
    for m in models:
        i = low.find(m.lower())
        if i < 0:
            i = low.find(m.lower().replace("-", " "))
        if i >= 0:
            pos.append((i, "model"))
    for w in BOARD_WORDS.values():
        if w in low:
            pos.append((low.find(w), "board"))
    for mm in re.finditer(r"\b(as of|before|back in|in|by|prior to|the) (\d{4})\b", low):
        pos.append((mm.start(), "year"))
    return min(pos)[1] if pos else "topic"


def main():
    graphs = {k + ".ttl": C.G(k + ".ttl") for k in ("g1", "g2", "g3", "g4")}
    qs = [json.loads(l) for l in open(QFILE)]
    dev = [json.loads(l) for f in EARLIER for l in open(os.path.join(TRUST_DIR, f))]
    norm = lambda t: re.sub(r"\W+", " ", t.lower()).strip()
    dev_q = {norm(d["question"]) for d in dev}
    words = lambda t: set(norm(t).split())
    fails = 0
    print(f"TRUST_NOW={C.NOW}; graphs and earlier checkers from {TRUST_DIR}; {len(qs)} questions in {QFILE}; "
          f"{len(dev)} earlier dev questions")
    if [q["id"] for q in qs] != [f"TK{i:02d}" for i in range(1, 31)]:
        print("FAIL ids are not TK01..TK30 in order")
        fails += 1
    if set(SPEC) != {q["id"] for q in qs}:
        print("FAIL questions and checks differ:", sorted(set(SPEC) ^ {q["id"] for q in qs}))
        fails += 1
    td = {d["id"]: d for d in dev if d["id"].startswith("TD")}
    counts = {"mechanism": {}, "query_type": {}, "verdict": {}, "graph": {}}
    target = {k: {} for k in counts}
    for d in td.values():
        for k in target:
            target[k][str(d[k])] = target[k].get(str(d[k]), 0) + 1
    conflicts_used = {}
    closest = {}
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
            closest[q["id"]] = near
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
            used = conflicts_touched8(g, q["id"], q)
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
        if v != target[k]:
            print(f"FAIL {k} counts {v} != trust-dev.jsonl's {target[k]}")
            fails += 1
    print("counts per mechanism, query type, verdict and graph equal trust-dev.jsonl's")
    for q in qs:  # TKn mirrors TDn: same mechanism, query type and verdict; another subject than TDn and TIn
        n = int(q["id"][2:])
        t = td.get("TD%02d" % n)
        if not t or (t["mechanism"], t["query_type"], t["verdict"]) != (q["mechanism"], q["query_type"], q["verdict"]):
            print(f"FAIL {q['id']} does not mirror its trust-dev.jsonl counterpart {t and t['id']}")
            fails += 1
        s_tk, s_td, s_ti = subject_tk(n), SUBJECT_TD[n], subject_ti(n)
        if s_tk in (s_td, s_ti):
            print(f"FAIL {q['id']} is about {s_tk!r}, as TD{n:02d} ({s_td!r}) or TI{n:02d} ({s_ti!r}) is")
            fails += 1
    print("every TKn has the mechanism, query type and verdict of TDn, and another board / paper / topic than TDn and TIn")
    moves = {}
    for q in qs:
        a = td["TD" + q["id"][2:]]["graph"][:2]
        if a != q["graph"][:2]:
            moves.setdefault(f"{a}->{q['graph'][:2]}", []).append(q["id"])
    print(f"graph moves against TD ({sum(len(v) for v in moves.values())} questions):", json.dumps(dict(sorted(moves.items()))))
    gates = sorted(q["id"] for q in qs if q["mechanism"] == "gate")
    if gates != sorted(GATE_KIND) or [td["TD%s" % i[2:]]["mechanism"] for i in gates] != ["gate"] * len(gates):
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
    top3 = sorted(((v[0], k, v[1]) for k, v in closest.items()), reverse=True)[:3]
    print("closest earlier questions: " + ", ".join(f"{k}/{d} ({o:.2f})" for o, k, d in top3))
    print(f"closest pair inside this file: {worst[1]} ({worst[0]:.2f})")
    print("conflicts touched (all in README's stable table):", json.dumps(conflicts_used))
    print("gate kinds:", json.dumps(GATE_KIND))
    # how often files 1-6 ask about each model, board and anchor year (question text), and what TK adds
    models = sorted({r["model"] for gr in graphs.values() for r in gr.rows})
    use = {"model": {m: 0 for m in models}, "board": {b: 0 for b in BOARD_WORDS}, "year": {}}
    add = {"model": {}, "board": {}, "year": {}}
    for src, table in ((dev, use), (qs, add)):
        for d in src:
            ms, bs, ys = mentions(d, models)
            for k, items in (("model", ms), ("board", bs), ("year", ys)):
                for x in items:
                    table[k][x] = table[k].get(x, 0) + 1
    for k in ("model", "board", "year"):
        order = sorted(use[k].items(), key=lambda t: (t[1], t[0]))
        print(f"{k}s asked about in files 1-6 (questions) -> added by TK: " +
              ", ".join(f"{x} {n}->+{add[k].get(x, 0)}" for x, n in order))
    # sentence forms
    forms = {}
    for q in qs:
        fn_ = first_named(q["question"], models)
        if fn_ != FORM[q["id"]][0]:
            print(f"FAIL {q['id']} names a {fn_} first, FORM says {FORM[q['id']][0]}")
            fails += 1
        forms[FORM[q["id"]]] = forms.get(FORM[q["id"]], 0) + 1
    td_first = {}
    for d in td.values():
        x = first_named(d["question"], models)
        td_first[x] = td_first.get(x, 0) + 1
    print("TK sentence forms (names first, clauses):", json.dumps({f"{a}/{b}": n for (a, b), n in sorted(forms.items())}))
    print("TD names first:", json.dumps(dict(sorted(td_first.items()))),
          "TK names first:", json.dumps(dict(sorted({a: sum(n for (x, _), n in forms.items() if x == a) for a, _ in forms}.items()))))
    print("\nFAILURES:", fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
