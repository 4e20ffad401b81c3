#!/usr/bin/env python3
"""Checks trust-dev14.jsonl (TQ01-TQ30) against the fixture graphs g1.ttl .. g4.ttl.

trust-dev14 follows the design of the first file, trust-dev.jsonl: one TQ question per TD question, with TDn's
mechanism, query type, verdict kind and gate kind, and the same totals per mechanism, query type, verdict and
graph. Its own design is "the researcher's situation": each question is written by one of six personas (a peer
reviewer, a PhD student writing related work, a PI drafting a grant, an engineer choosing a model, a journalist,
a replicator who re-ran something), in five forms (1 situation sentences around the question, 2 a quoted
manuscript sentence to check, 3 a paper named by year and subject, part of its title or "the paper that
introduced X", 4 the time left implicit or given as an event, 5 an indirect request). The mechanism is left
implicit; the README's public rules still fix one answer.

Same reference rules as check.py .. check12.py (imported from them, not copied): check.py gives graph loading,
the SPARQL queries and the reference trust rules (recency, corroboration, the six conflict readings); check10.py's
namespace carries the computers of check2.py .. check10.py, check6.py's table of the README's stable conflicts and
the helpers fact_kinds, led, paper_year, raw_p29; check12.py adds title-word lookups (titles_with, A_year_words,
K_year_words), the board query Q_BOARD_ROWS and the word-overlap helpers. This file adds:
- resolvers for a paper named by words of its title (the question never names its model), and computers that go
  through them: K_best_titled, A_passed_since_titled, A_papers_value_titled, K_paper_titled, A_dois_words;
- A_topic_latest_phrase: the newest paper on a problem, where the careless title-phrase match gives an older one;
- A_best_strsort_at14: an anchored best where SPARQL ORDER BY DESC on the stored strings, restricted to the
  anchor, puts the board's oldest result on top;
- event anchors: "before X took the record" (README: the board the year before X's first result there),
  "before the X paper", "when the X paper appeared", each recomputed from the graph and checked to be the only
  reading (no other paper on the board in the event year; for "when ... appeared" the same answer one year
  earlier);
- checks of the persona and the forms each question claims (cue words, a quoted sentence, the title reference
  resolving to exactly one paper, the implicit or event time, the indirect request), with the minimum counts.

For every question the answer is recomputed from the graph, independently of the JSONL, and
- the recomputed `expected` (as a set) and `verdict` must equal the file's, and the answer, the must_remove kinds
  and the conflicts touched must be the same for every current year from 2025 to 2030 (check.NOW is set to each
  year here, whatever TRUST_NOW is);
- the anchor used must be the one written (parse_anchor for "as of / in / before Y", the event table otherwise);
  an "in Y" question must give the same answer read as "published in Y";
- must_keep facts must exist and survive the conflict rules and the anchor; must_remove facts must exist and be of
  kind (a) lost a clear conflict, (b) a former best, or (c) after the anchor / undated, never the surviving best;
- every value conflict a question touches must be one of the README's stable ten, with the README's outcome;
- every expected string must be in the graph's text; the premises the question states hold, and the careless
  answers named in the notes are recomputed and printed;
- TQn must have TDn's mechanism, query type and verdict, and TQ25-TQ30 TD25-TD30's gate kinds, verified here;
- the counts per mechanism, query type, verdict and graph must equal trust-dev.jsonl's (read from that file);
- no TQ question may repeat a question of trust-dev.jsonl .. trust-dev12.jsonl, nor share 60% or more of its words
  with one of them or with another TQ question.

Where things are: the earlier checkers, the fixture graphs and trust-dev.jsonl .. trust-dev12.jsonl are looked for
beside this file first, then in /work/main/eval/gold/trust. trust-dev14.jsonl is read from beside this file (or,
if it is not there, from /work/goldwork/tq). Needs rdflib and pyoxigraph.

Run: python3 check14.py          (exit status 1 on any failure)
     TRUST_NOW=2025 python3 check14.py ; TRUST_NOW=2030 python3 check14.py
"""
import json
import os
import re
import sys

sys.dont_write_bytecode = True  # never leave a __pycache__ beside the earlier checkers
HERE = os.path.dirname(os.path.abspath(__file__))
FALLBACK = "/work/main/eval/gold/trust"
EARLIER = tuple(f"trust-dev{n}.jsonl" for n in ("", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"))
NEEDED = (("check.py", "check2.py", "check3.py", "check4.py", "check5.py", "check6.py", "check8.py", "check10.py",
           "check12.py", "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl") + EARLIER)
TRUST_DIR = next(d for d in (HERE, FALLBACK) if all(os.path.exists(os.path.join(d, f)) for f in NEEDED))
sys.path.insert(0, TRUST_DIR)
import check as C  # noqa: E402  (reference rules, SPARQL queries, graph loading)
import check12 as C12  # noqa: E402,F401  (check12's namespace: title-word lookups, board query, word overlap)
from check10 import *  # noqa: E402,F401,F403  (the computers of trust-dev2 .. trust-dev10, shared, not copied)
from check10 import (parse_anchor, papers_stating, led, raw_p29, fact_kinds, STABLE, FIELDS,  # noqa: E402
                     Q_ALL_DATASETS, Q_PAPER_META, labels_text)
from check12 import titles_with, in_window, A_year_words, K_year_words, Q_BOARD_ROWS, norm, words, jaccard  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))  # the earlier checkers' HERE was imported above; this file's own
EARLIER = tuple(f"trust-dev{n}.jsonl" for n in ("", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"))
QFILE = next((p for p in (os.path.join(HERE, "trust-dev14.jsonl"), "/work/goldwork/tq/trust-dev14.jsonl")
              if os.path.exists(p)), os.path.join(HERE, "trust-dev14.jsonl"))
DATA_DIR = os.path.dirname(os.path.abspath(C.__file__))
YEARS = range(2025, 2031)  # the current years the answers must not depend on
VEN = "Vendish-English Translation"


# ---- papers named by words of their title ------------------------------------------------------------------
def resolve(g, phrase):
    """the one paper whose title holds phrase (SPARQL CONTAINS, case-insensitive): (iri, title)."""
    ps = titles_with(g, phrase)
    assert len(ps) == 1, f"{phrase!r} names {len(ps)} papers: {ps}"
    return ps[0]


def paper_model(g, paper, dataset, metric, value=None):
    """the one model with a row on dataset/metric in paper (with that value, if given)."""
    ms = sorted({r["model"] for r in g.rows if r["paper"] == paper and r["dataset"] == dataset and r["metric"] == metric
                 and (value is None or C.parse_value(r["value"]) == value)})
    assert len(ms) == 1, f"{g.papers[paper]['title']!r} has {ms} on {dataset}/{metric} (value {value})"
    return ms[0]


# ---- computers added for trust-dev14: return (expected list, verdict, evidence) ----------------------------
def K_best_titled(g, phrase, dataset, metric, value):
    """'the <value> reported in the <title words> paper is still the best on dataset': the paper is resolved by its
    title words, its model found by the value it states there; then K_best (the model is / is not the best now)."""
    p, title = resolve(g, phrase)
    model = paper_model(g, p, dataset, metric, value)
    exp, verdict, ev = K_best(g, model, dataset, metric)
    return exp, verdict, f"{phrase!r} -> {title!r} ({g.valid_years(p)}), which states {model} {fmt(value)}; {ev}"


def A_passed_since_titled(g, phrase, dataset, metric):
    """'which models have overtaken the <title words> paper's result since then': A_passed_since on the model of the
    one paper whose title holds phrase."""
    p, title = resolve(g, phrase)
    model = paper_model(g, p, dataset, metric)
    exp, verdict, ev = A_passed_since(g, model, dataset, metric)
    return exp, verdict, f"{phrase!r} -> {title!r} ({g.valid_years(p)}), model {model}; {ev}"


def A_papers_value_titled(g, phrase, dataset, metric):
    """'which papers have evaluated the model introduced by the <title words> paper, and what does it really reach on
    dataset': the paper's only model, then A_papers_and_value."""
    p, title = resolve(g, phrase)
    models = sorted({r["model"] for r in g.rows if r["paper"] == p})
    assert len(models) == 1, f"{title!r} holds {models}"
    assert title.startswith(models[0] + ":"), f"{title!r} is not named after {models[0]}"
    exp, verdict, ev = A_papers_and_value(g, models[0], dataset, metric)
    return exp, verdict, f"{phrase!r} -> {title!r} ({g.valid_years(p)}), model {models[0]}; {ev}"


def K_paper_titled(g, phrase, model, dataset, metric, value):
    """'the <title words> paper reports <value> for model on dataset': K_paper on the paper resolved by its words."""
    p, title = resolve(g, phrase)
    exp, verdict, ev = K_paper(g, title, model, dataset, metric, value)
    return exp, verdict, f"{phrase!r} -> {title!r}; {ev}"


def A_dois_words(g, phrase):
    """'the DOI of the <title words> paper': its P26 values (A_dois)."""
    p, title = resolve(g, phrase)
    exp, verdict, ev = A_dois(g, title)
    return exp, verdict, f"{phrase!r} -> {title!r}; {ev}"


def A_topic_latest_phrase(g, problem, phrase):
    """'the most recent paper on problem' (A_topic_latest, through the problem links); the careless reading - the
    newest title that spells out phrase - must give another, older paper."""
    exp, verdict, ev = A_topic_latest(g, problem)
    kw = sorted(((max(g.valid_years(str(r["paper"]))), str(r["title"])) for r in g.sel(C.Q_PAPERS)
                 if phrase in str(r["title"]).lower() and g.valid_years(str(r["paper"]))), reverse=True)
    assert kw and not kw[0][1].startswith(exp[0]) and kw[0][0] < int(exp[1]), f"no title-phrase trap: {kw[:1]}"
    return exp, verdict, f"{ev}; careless (newest title spelling out {phrase!r}): {kw[0]}"


def A_best_strsort_at14(g, dataset, metric, anchor):
    """'best on dataset up to anchor' (A_best under the anchor) where SPARQL ORDER BY DESC on the stored strings,
    restricted to papers dated up to the anchor, puts the board's oldest dated result on top, from a paper that
    really states it (TD29's gate kind, under an anchor)."""
    exp, verdict, ev = A_best(g, dataset, metric, anchor)
    assert exp and metric not in LOWER
    rows = [r for r in g.sel(Q_BOARD_ROWS.format(dataset=dataset, metric=metric, order="DESC"))
            if in_window(g, str(r["paper"]), anchor)]
    s_model, s_val, s_paper = str(rows[0]["model"]), str(rows[0]["value"]), str(rows[0]["paper"])
    assert s_model != exp[0], f"no string-sort trap: {s_model}"
    oldest = A_oldest(g, dataset, metric)[0]
    assert oldest[0] == s_model, f"the string-sorted top {s_model} is not the oldest result {oldest}"
    assert papers_stating(g, s_model, dataset, metric, C.parse_value(s_val)), "nobody states it"
    return exp, verdict, (f"{ev}; careless string ORDER BY DESC up to {anchor}: {s_model} {s_val!r} "
                          f"({g.papers[s_paper]['title']!r}, {g.valid_years(s_paper)}, the oldest result on the board)")


# ---- the questions: (graph, anchor, computer, args) ------------------------------------------------
SPEC = {
    # recency
    "TQ01": ("g1", None, A_best, (BM, "Accuracy")),
    "TQ02": ("g1", None, K_best, ("Wendrel-S", CI, "F1", None, True)),
    "TQ03": ("g2", None, A_best, (DA, W)),
    "TQ04": ("g3", None, A_topic_latest_phrase, (VEN, "vendish-english")),
    # superseded
    "TQ05": ("g1", None, K_best, ("Orvalis-CNN", BM, "Accuracy")),
    "TQ06": ("g2", None, K_best, ("Trillbert", DA, W)),
    "TQ07": ("g3", None, K_best_titled, ("character-aware decoding", QU, "BLEU", 17.9)),
    "TQ08": ("g1", None, A_passed_since_titled, ("attention over polar radar tiles", BM, "Accuracy")),
    # conflict
    "TQ09": ("g2", None, A_value, ("Fennick-RNN", DA, W)),
    "TQ10": ("g3", None, K_value, ("Murrelet-MT", MI, "chrF", 55.1)),
    "TQ11": ("g2", None, K_value, ("Warbleon", HO, "Accuracy", 80.7)),
    "TQ12": ("g2", None, A_topk, (HO, "Accuracy", 3)),
    "TQ13": ("g2", None, A_papers_value_titled, ("spectro-temporal transformers for bird call recognition", HO, "Accuracy")),
    # corroboration
    "TQ14": ("g1", None, A_value, ("Orvalis-CNN", CI, "F1")),
    "TQ15": ("g2", None, K_value, ("Chirpform", HO, "Accuracy", 85.0)),
    "TQ16": ("g4", None, K_value, ("Marrowfen", SE, "F1", 78.4, None, 2)),
    # as_of
    "TQ17": ("g1", 2019, A_best, (SK, "Mean IoU", 2019)),
    "TQ18": ("g2", 2021, A_best, (DA, W, 2021)),
    "TQ19": ("g3", 2022, A_best, (MI, "chrF", 2022)),
    "TQ20": ("g3", 2023, K_best_value, ("Murrelet-MT", OR, "BLEU", 2023)),
    "TQ21": ("g4", 2016, K_best, ("Driftmere", KW, "Mean IoU", 2016)),
    # metadata
    "TQ22": ("g4", None, A_year_words, ("tidewick:",)),
    "TQ23": ("g4", None, A_dois_words, ("undertow-gnn:",)),
    "TQ24": ("g1", None, K_year_words, ("weakly supervised crevasse segmentation", 2020)),
    # gate
    "TQ25": ("g1", None, A_gate_absent, ((r"\bglacial\b", r"\boutburst\b", r"\bfloods?\b", r"\blakes?\b"), (r"\bglacier\b",))),
    "TQ26": ("g1", None, K_absent_pair_any, ("Tavrosa", CI)),
    "TQ27": ("g4", None, K_absent_pair_any, ("Selkora", KW)),
    "TQ28": ("g2", None, K_paper_titled, ("streaming birdsong transcription", "Aviquist", VE, W, 7.2)),
    "TQ29": ("g3", 2021, A_best_strsort_at14, (OR, "BLEU", 2021)),
    "TQ30": ("g4", None, A_year_words, ("drift-aware segmentation of floating kelp",)),
}

# the (dataset, metric) boards each question reads, for the conflict check
BOARDS = {
    "TQ01": [(BM, "Accuracy")], "TQ02": [(CI, "F1")], "TQ03": [(DA, W)], "TQ04": [], "TQ05": [(BM, "Accuracy")],
    "TQ06": [(DA, W)], "TQ07": [(QU, "BLEU")], "TQ08": [(BM, "Accuracy")], "TQ09": [(DA, W)], "TQ10": [(MI, "chrF")],
    "TQ11": [(HO, "Accuracy")], "TQ12": [(HO, "Accuracy")], "TQ13": [(HO, "Accuracy")], "TQ14": [(CI, "F1")],
    "TQ15": [(HO, "Accuracy")], "TQ16": [(SE, "F1")], "TQ17": [(SK, "Mean IoU")], "TQ18": [(DA, W)],
    "TQ19": [(MI, "chrF")], "TQ20": [(OR, "BLEU")], "TQ21": [(KW, "Mean IoU")], "TQ22": [], "TQ23": [], "TQ24": [],
    "TQ25": [], "TQ26": [(CI, "F1"), (BM, "Accuracy")], "TQ27": [(KW, "Mean IoU"), (SE, "F1")], "TQ28": [(VE, W)],
    "TQ29": [(OR, "BLEU")], "TQ30": [],
}
# models whose every row the question reads (usage and never-run questions), for the conflict check
MODEL_ROWS = {"TQ13": "Syrinxa", "TQ26": "Tavrosa", "TQ27": "Selkora"}

# event anchors: (phrase in the question, kind, model or title prefix, dataset, metric)
#   record: "before X took the record on D" - README: D as it stood the year before X's first result there
#   before: "before the X paper" - papers up to the year before that paper's (only) year
#   at:     "when the X paper appeared" - papers up to that paper's year (and the same answer one year earlier)
EVENT = {
    "TQ17": ("before sallowmere took the record", "record", "Sallowmere", SK, "Mean IoU"),
    "TQ18": ("before trillbert took the record", "record", "Trillbert", DA, W),
    "TQ20": ("when the ibbotrans paper appeared", "at", "Ibbotrans:", OR, "BLEU"),
    "TQ29": ("before the murrelet-mt paper", "before", "Murrelet-MT:", OR, "BLEU"),
}


# ---- personas and forms --------------------------------------------------------------------------------------
PERSONAS = ("peer reviewer", "PhD student", "PI", "engineer", "journalist", "replicator")
PERSONA = {
    "TQ01": "engineer", "TQ02": "PI", "TQ03": "engineer", "TQ04": "PhD student", "TQ05": "peer reviewer",
    "TQ06": "journalist", "TQ07": "peer reviewer", "TQ08": "PhD student", "TQ09": "replicator", "TQ10": "replicator",
    "TQ11": "replicator", "TQ12": "PI", "TQ13": "engineer", "TQ14": "replicator", "TQ15": "journalist",
    "TQ16": "replicator", "TQ17": "journalist", "TQ18": "PhD student", "TQ19": "journalist", "TQ20": "PhD student",
    "TQ21": "PI", "TQ22": "PhD student", "TQ23": "PI", "TQ24": "peer reviewer", "TQ25": "PI", "TQ26": "engineer",
    "TQ27": "engineer", "TQ28": "peer reviewer", "TQ29": "peer reviewer", "TQ30": "journalist",
}
# words of the persona's situation that the question must carry
CUE = {
    "peer reviewer": r"\b(?:review\w*|manuscript|submission|referee\w*)\b",
    "PhD student": r"\b(?:thesis|related-work|related work|dissertation)\b",
    "PI": r"\b(?:grant|proposal)\b",
    "engineer": r"\b(?:deploy\w*|ship\w*|production|pipeline)\b",
    "journalist": r"\b(?:article|feature|piece|magazine|readers)\b",
    "replicator": r"\b(?:re-?ran|re-?run|re-?implementation|replicat\w*)\b",
}
FORM = {
    "TQ01": (1, 4), "TQ02": (2, 4), "TQ03": (1, 4, 5), "TQ04": (1, 3), "TQ05": (2, 4), "TQ06": (1, 4),
    "TQ07": (2, 3, 4), "TQ08": (1, 3, 4), "TQ09": (1,), "TQ10": (1, 2), "TQ11": (1, 3), "TQ12": (1, 5),
    "TQ13": (1, 3), "TQ14": (1, 3), "TQ15": (2, 5), "TQ16": (1,), "TQ17": (1, 4), "TQ18": (1, 4), "TQ19": (1,),
    "TQ20": (2, 4), "TQ21": (1,), "TQ22": (1, 3), "TQ23": (1, 3, 5), "TQ24": (2, 3), "TQ25": (1, 5), "TQ26": (1,),
    "TQ27": (1,), "TQ28": (2, 3), "TQ29": (1, 4), "TQ30": (1, 3),
}
# form 3: (words in the question, words of the title that resolve it, the year the question gives or None,
#          the model the question says the paper introduced, or None)
TITLE_REF = {
    "TQ04": ("the 2024 paper revisiting neural baselines", "revisiting neural baselines", 2024, None),
    "TQ07": ("the character-aware decoding paper", "character-aware decoding", None, None),
    "TQ08": ("the 2018 paper on attention over polar radar tiles", "attention over polar radar tiles", 2018, None),
    "TQ11": ("the 2021 paper revisiting warbleon", "warbleon revisited", 2021, None),
    "TQ13": ("the 2020 paper on spectro-temporal transformers for bird call recognition",
             "spectro-temporal transformers for bird call recognition", 2020, None),
    "TQ14": ("the 2017 boundary-aware calving front paper", "boundary-aware calving front", 2017, None),
    "TQ22": ("the paper that introduced tidewick", "tidewick:", None, "Tidewick"),
    "TQ23": ("the paper that introduced it", "undertow-gnn:", None, "Undertow-GNN"),
    "TQ24": ("the weakly supervised crevasse segmentation paper on sparse labels", "weakly supervised crevasse segmentation", None, None),
    "TQ28": ("the streaming birdsong transcription paper", "streaming birdsong transcription", None, None),
    "TQ30": ("the paper on drift-aware segmentation of floating kelp", "drift-aware segmentation of floating kelp", None, None),
}
IMPLICIT = r"\b(?:these days|still|currently|at present|right now|remains|since then|at the time|of that time)\b"
INDIRECT = r"\b(?:i need|tell me|can i|could you)\b"


def sentences(text):
    """sentences of the question, a quoted span counting as one word (its own end mark closes the sentence)."""
    t = re.sub(r'"[^"]*?([.?!])"', r'"Q"\1', text)
    t = re.sub(r'"[^"]*"', '"Q"', t)
    return [s for s in re.split(r"(?<=[.?!])\s+", t.strip()) if s]


def form_check(g, q):
    """verifies each form TQn claims; returns a short description."""
    text, low, out = q["question"], q["question"].lower(), []
    for f in FORM[q["id"]]:
        if f == 1:
            ss = sentences(text)
            assert 2 <= len(ss) <= 3, f"form 1: {len(ss)} sentences"
            assert not ss[0].endswith("?"), "form 1: the question is the first sentence"
            out.append(f"1 ({len(ss)} sentences)")
        elif f == 2:
            m = re.search(r'"([^"]{15,})"', text)
            assert m, "form 2: no quoted sentence"
            out.append("2 (quoted)")
        elif f == 3:
            phrase, tw, year, model = TITLE_REF[q["id"]]
            assert phrase in low, f"form 3: {phrase!r} not in the question"
            p, title = resolve(g, tw)
            if year is not None:
                assert g.valid_years(p) == [year], f"form 3: {title!r} is from {g.valid_years(p)}, not {year}"
            if model is not None:
                assert title.startswith(model + ":") and model.lower() in low
                first = model_first_year_any(g, model)
                assert min(g.valid_years(p)) == first, f"form 3: {title!r} is not {model}'s first paper"
            assert model is not None or title.split(":")[0].lower() not in phrase, "form 3: the reference names the model"
            out.append(f"3 ({title[:40]!r})")
        elif f == 4:
            assert re.search(IMPLICIT, low) or q["id"] in EVENT, "form 4: no implicit time or event"
            out.append("4 (" + (EVENT[q["id"]][0] if q["id"] in EVENT else re.search(IMPLICIT, low).group(0)) + ")")
        elif f == 5:
            assert re.search(INDIRECT, low), "form 5: no indirect request"
            out.append(f"5 ({re.search(INDIRECT, low).group(0)})")
    return ", ".join(out)


def model_first_year_any(g, model):
    return min(y for r in g.rows if r["model"] == model for y in g.valid_years(r["paper"]))


# ---- event anchors ----------------------------------------------------------------------------------------------
def event_anchor(g, qid, q):
    """the anchor an event in the question fixes, recomputed from the graph, with the checks that it has one reading."""
    phrase, kind, who, dataset, metric = EVENT[qid]
    assert phrase in q["question"].lower(), f"event {phrase!r} not in the question"
    board_papers = {r["paper"] for r in g.rows if r["dataset"] == dataset and r["metric"] == metric}
    if kind == "record":
        first = model_first_year(g, dataset, metric)[who]
        took = top_at(g, dataset, metric, first)
        assert took and took[0] == who, f"{who} did not take the record in {first}: {took}"
        same = sorted(g.papers[p]["title"] for p in board_papers if first in g.valid_years(p)
                      and not any(r["model"] == who and r["paper"] == p for r in g.rows))
        assert not same, f"other papers on the board in {first}: {same}"
        return first - 1, f"{who}'s first result on {dataset} is from {first} (raw P29 {raw_p29(g, who + ':')}), top then"
    ps = [p for p, d in g.papers.items() if d["title"].startswith(who)]
    assert len(ps) == 1, (who, ps)
    ys = g.valid_years(ps[0])
    assert len(ys) == 1, f"{who} paper years {ys}"
    y = ys[0]
    same = sorted(g.papers[p]["title"] for p in board_papers if y in g.valid_years(p) and p != ps[0])
    assert not same, f"other papers on the board in {y}: {same}"
    if kind == "before":
        return y - 1, f"the {who} paper is from {y} (only paper on the board that year)"
    assert kind == "at"
    return y, f"the {who} paper is from {y} (only paper on the board that year)"


def written_anchor(g, q):
    a, is_in = parse_anchor(q["question"])
    if q["id"] in EVENT:
        assert a is None, f"an event question also writes a year anchor {a}"
        a, ev = event_anchor(g, q["id"], q)
        return a, False, ev
    return a, is_in, ""


def event_one_reading(g, qid, fn, args, anchor, exp, verdict):
    """for 'when the X paper appeared': the answer one year earlier (without the event paper) is the same."""
    if qid not in EVENT or EVENT[qid][1] != "at":
        return ""
    args2 = tuple(anchor - 1 if a == anchor else a for a in args)
    e2, v2, _ = fn(g, *args2)
    assert sorted(set(e2)) == sorted(set(exp)) and v2 == verdict, f"up to {anchor - 1}: {e2} {v2}"
    return f"; same answer up to {anchor - 1} (the event paper excluded)"


# ---- gate kinds of trust-dev.jsonl (README.md "Gate questions"), verified on the graph ------------------
def gate_topic(g, q):
    fn = SPEC[q["id"]][2]
    assert q["query_type"] == "dataset_search" and not q["expected"] and fn is A_gate_absent
    hit = sorted(str(r["dl"]) for r in g.sel(Q_ALL_DATASETS) if re.search(r"\bglacier\b", str(r["dl"]), re.I))
    assert hit, "no dataset shares a word with the topic"
    return f"a topic the graph lacks, sharing a word with a dataset it has (TD25): {hit}"


def gate_own_value(g, q):
    fn, (model, dataset) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_absent_pair_any
    claimed = sorted({float(x) for x in re.findall(r"\d+\.\d+", q["question"])})
    own = {C.parse_value(r["value"]): (r["dataset"], r["metric"]) for r in g.rows if r["model"] == model}
    assert len(claimed) == 1 and claimed[0] in own and own[claimed[0]][0] != dataset, (claimed, own)
    metric = sorted({r["metric"] for r in g.rows if r["dataset"] == dataset})
    assert len(metric) == 1
    best = A_best(g, dataset, metric[0])[0]
    assert not better(claimed[0], float(best[1]), metric[0]), "the claimed value is beyond the board's best"
    return (f"{model} never ran on {dataset}; the claimed {fmt(claimed[0])} is its own {own[claimed[0]][1]} on "
            f"{own[claimed[0]][0]} (TD26); not beyond {dataset}'s best {best}")


def gate_bound(g, q):
    fn, (model, dataset) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_absent_pair_any
    m = re.search(r"\b(below|under|over|above)\s+(\d+(?:\.\d+)?)", q["question"].lower())
    assert m, "no bound in the question"
    thr = float(m.group(2))
    ok = (lambda v: v < thr) if m.group(1) in ("below", "under") else (lambda v: v > thr)
    board = sorted({(r["model"], r["value"]) for r in g.rows if r["dataset"] == dataset and C.parse_value(r["value"]) is not None})
    own = sorted((r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == model)
    assert board and all(ok(C.parse_value(v)) for _, v in board), "not every value on the board meets the bound"
    assert own and all(ok(C.parse_value(v)) for _, _, v in own), "the model's own values elsewhere do not meet the bound"
    return (f"{model} never ran on {dataset}; every value there {board} and its own rows elsewhere {own} meet "
            f"'{m.group(1)} {fmt(thr)}': both careless readings say SUPPORTED (TD27)")


def gate_wrong_paper(g, q):
    fn, (phrase, model, dataset, metric, value) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_paper_titled and q["verdict"] == "REFUTED"
    p, title = resolve(g, phrase)
    stated = [(r["model"], g.papers[r["paper"]]["title"]) for r in g.rows if r["dataset"] == dataset
              and r["metric"] == metric and C.parse_value(r["value"]) == value]
    assert stated and all(t != title for _, t in stated), stated
    return f"{fmt(value)} is real on {dataset} but stated by {stated}, not by {title!r} (TD28)"


def gate_string_sort(g, q):
    assert SPEC[q["id"]][2] is A_best_strsort_at14 and q["expected"] and q["verdict"] is None
    return "a string-sorted 'best' puts the oldest result on top (TD29's kind), under an event anchor"


def gate_month_year(g, q):
    fn, (phrase,) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is A_year_words and not q["expected"]
    p, title = resolve(g, phrase)
    ys = g.papers[p]["years"]
    assert ys and all(1 <= y <= 12 for y in ys), ys
    return f"a value the graph does not have: {title!r} has only P29 {ys} (a month) and DOIs {g.papers[p]['dois']} (TD30)"


GATE_KIND = {
    "TQ25": gate_topic, "TQ26": gate_own_value, "TQ27": gate_bound, "TQ28": gate_wrong_paper,
    "TQ29": gate_string_sort, "TQ30": gate_month_year,
}


# ---- premises the questions state, and the careless answers of the notes, recomputed as evidence -------------
def numeric_max(g, dataset, metric):
    return max((C.parse_value(r["value"]), r["model"]) for r in g.rows if r["dataset"] == dataset
               and r["metric"] == metric and C.parse_value(r["value"]) is not None)


def p01(g):
    nm = newest_model(g, BM, "Accuracy")
    assert nm == "Wendrel-S" and model_first_year(g, BM, "Accuracy")[nm] == 2024
    return f"newest model {nm} (2024) {A_value(g, nm, BM, 'Accuracy')[0]}; {newest_rows(g, BM, 'Accuracy')}"


def p02(g):
    return f"careless (no removal / string sort): {naive_order(g, CI, 'F1')[:2]}; Brackwater-UNet raw {sorted(r['value'] for r in g.rows if r['model'] == 'Brackwater-UNet')}"


def p03(g):
    nr = newest_rows(g, DA, W)
    assert "Corrasine" in nr and "2025" in nr, nr
    v, m = numeric_max(g, DA, W)
    assert m == "Fennick-RNN"
    return f"careless: {nr} ('newest = best'); highest number {m} {fmt(v)} (higher read as better)"


def p04(g):
    p, t = resolve(g, "revisiting neural baselines")
    assert g.valid_years(p) == [2024]
    probs = sorted({str(r["problem"]) for r in g.sel(Q_PAPER_META.format(title=t))})
    assert VEN in probs
    survey = [(d["title"], d["years"]) for d in g.papers.values() if d["title"].startswith("A Survey")]
    return f"the premise's paper {t!r} (2024) is under {probs}; survey {survey}"


def p05(g):
    ps = [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Orvalis-CNN", BM, "Accuracy", 80.2)]
    assert any(t.startswith("Revisiting Crevasse") and y == [2024] for t, y in ps), ps
    return f"{led(g, 'Orvalis-CNN', BM, 'Accuracy')}; 80.2 stated by {ps} (careless: the 2024 restatement read as a current best)"


def p06(g):
    ps = {v: [(t, g.papers[p]["years"]) for p, t, _ in papers_stating(g, "Trillbert", DA, W, v)] for v in (9.4, 10.1)}
    return f"{led(g, 'Trillbert', DA, W)}; papers {ps}; {A_value(g, 'Trillbert', DA, W)[2]}; newest model {newest_model(g, DA, W)}"


def p07(g):
    return f"{led(g, 'Varnholt', QU, 'BLEU')}; record holders since: {A_passed_since(g, 'Varnholt', QU, 'BLEU')[0]}"


def p08(g):
    p, t = resolve(g, "attention over polar radar tiles")
    m = paper_model(g, p, BM, "Accuracy")
    return f"{led(g, m, BM, 'Accuracy')} ('leader of its day')"


def p09(g):
    ps = {v: [(t, g.valid_years(p), g.papers[p]["dois"]) for p, t, _ in papers_stating(g, "Fennick-RNN", DA, W, v)] for v in (18.2, 21.7)}
    assert ps[18.2][0][0].startswith("Fennick-RNN:") and ps[18.2][0][1] == [2014], ps
    return f"papers {ps} (the original 2014 paper has no DOI); lower is better, so 18.2 looks better"


def p10(g):
    ps = {v: [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Murrelet-MT", MI, "chrF", v)] for v in (55.1, 51.0)}
    assert ps[55.1][0][1] == [2022] and ps[51.0][0][1] == [2024], ps
    return f"papers {ps}"


def p11(g):
    p, t = resolve(g, "warbleon revisited")
    ps = {v: [(tt, g.valid_years(pp)) for pp, tt, _ in papers_stating(g, "Warbleon", HO, "Accuracy", v)] for v in (79.5, 80.7)}
    assert ps[80.7] == [(t, [2021])] and len(ps[79.5]) == 2, ps
    return f"the 2021 paper revisiting Warbleon is {t!r}; papers {ps}"


def p12(g):
    nb = naive_order(g, HO, "Accuracy")[:3]
    assert nb[0] == "Syrinxa '93.8'", nb
    src = [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Syrinxa", HO, "Accuracy", 93.8)]
    assert len(src) == 1 and src[0][1] == [2020]
    return f"careless (no removal, string sort) {nb}; 93.8 only in {src}"


def p13(g):
    exp, _, ev = A_count_papers(g, "Syrinxa", HO, "Accuracy", 88.3)
    return f"{ev}; careless (no removal) {naive_best(g, HO, 'Accuracy', None)}"


def p14(g):
    src = [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Orvalis-CNN", CI, "F1", 97.0)]
    p, t = resolve(g, "boundary-aware calving front")
    assert src == [(t, [2017])], src
    return f"97.0 only in {src}; 87.0 in {C.count_papers(g, 'Orvalis-CNN', CI, 87.0)} papers"


def p15(g):
    ps = [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Chirpform", HO, "Accuracy", 85.0)]
    assert len(ps) == 2 and all(y == [2020] for _, y in ps), ps
    return f"85.0 stated by {ps}"


def p16(g):
    ps = [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Marrowfen", SE, "F1", 78.4)]
    assert len(ps) == 2 and sum(t.startswith("Marrowfen:") for t, _ in ps) == 1, ps
    other = sorted({(r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == "Marrowfen" and r["dataset"] != SE})
    assert other, "Marrowfen has no other board"
    return f"78.4 stated by {ps}; careless (model-only matching) also sees {other}"


def p17(g):
    nb = naive_best(g, SK, "Mean IoU", 2019)
    assert nb == "Sallowmere 66.0", nb
    return f"careless (min raw P29 as the year) up to 2019: {nb}; Sallowmere raw P29 {raw_p29(g, 'Sallowmere:')}; undated Ymberline {A_value(g, 'Ymberline', SK, 'Mean IoU')[0]}"


def p18(g):
    raw = raw_p29(g, "Trillbert:")
    assert "5" in raw
    return f"Trillbert raw P29 {raw} (careless: year 5, 'before year 5' finds nothing); without the anchor {A_best(g, DA, W)[0]}"


def p19(g):
    dash = [(r["model"], r["value"]) for r in g.rows if r["dataset"] == MI and C.parse_value(r["value"]) is None]
    return f"today {A_best_open(g, MI, 'chrF')[0]}; not a number {dash}"


def p20(g):
    ib, mm = A_value(g, "Ibbotrans", OR, "BLEU")[0], A_value(g, "Murrelet-MT", OR, "BLEU")[0]
    assert float(ib[0]) < float(mm[0])
    return f"Ibbotrans (2023) {ib} is newer but lower than Murrelet-MT {mm}; Ibbotrans DOIs {g.papers[resolve(g, 'ibbotrans:')[0]]['dois']}; today {A_best(g, OR, 'BLEU')[0]}"


def p21(g):
    nb = naive_best(g, KW, "Mean IoU", 2016)
    assert nb == "Driftmere 63.0", nb
    return f"careless (min raw P29 as the year) up to 2016: {nb}; Driftmere raw P29 {raw_p29(g, 'Driftmere:')}"


def p22(g):
    p, t = resolve(g, "tidewick:")
    return f"{t!r} raw P29 {g.papers[p]['years']}, DOIs {g.papers[p]['dois']}"


def p23(g):
    other = [(t, g.papers[p]["dois"]) for p, t, _ in papers_stating(g, "Undertow-GNN", SE, "F1", 86.0) if not t.startswith("Undertow-GNN:")]
    assert other
    return f"careless: another paper stating Undertow-GNN's 86.0 and its DOI {other}"


def p24(g):
    return f"raw P29 {raw_p29(g, 'Sallowmere:')} (careless: year 4, or UNCERTAIN for two values)"


def p26(g):
    return f"Tavrosa's own paper {[(t, g.papers[p]['dois']) for p, t in titles_with(g, 'tavrosa:')]}; {A_value(g, 'Tavrosa', BM, 'Accuracy')[2]}"


def p28(g):
    return f"{A_value(g, 'Aviquist', VE, W)[2]}; 7.2 stated by {[t for _, t, _ in papers_stating(g, 'Corrasine', VE, W, 7.2)]}"


def p29(g):
    top = g.sel(C.SELECT_STRING_MAX.format(dataset=OR, metric="BLEU"))[0]
    return (f"without the anchor {A_best(g, OR, 'BLEU')[0]}; careless string ORDER BY DESC without the anchor too: "
            f"{str(top['model'])} {str(top['value'])!r}; best up to 2021 {A_best(g, OR, 'BLEU', 2021)[0]} "
            f"(Halverin's '27.3 ' has a trailing space)")


PREMISE = {
    "TQ01": p01, "TQ02": p02, "TQ03": p03, "TQ04": p04, "TQ05": p05, "TQ06": p06, "TQ07": p07, "TQ08": p08,
    "TQ09": p09, "TQ10": p10, "TQ11": p11, "TQ12": p12, "TQ13": p13, "TQ14": p14, "TQ15": p15, "TQ16": p16,
    "TQ17": p17, "TQ18": p18, "TQ19": p19, "TQ20": p20, "TQ21": p21, "TQ22": p22, "TQ23": p23, "TQ24": p24,
    "TQ26": p26, "TQ28": p28, "TQ29": p29,
}


# ---- per-year checks: conflicts touched, fact kinds ------------------------------------------------
def conflicts_touched14(g, qid, q):
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
    """the recomputed answer, the anchor, the must_remove kinds and the conflicts touched for every current year."""
    saved = C.NOW
    outs = {}
    try:
        for y in YEARS:
            C.NOW = y
            a, _, _ = written_anchor(g, q)
            exp, verdict, _ = fn(g, *args)
            kinds = tuple(k.split(" (best")[0] for _, k in fact_kinds(g, q, anchor))
            outs[y] = (a, tuple(sorted(set(exp))), verdict, kinds, tuple(conflicts_touched14(g, q["id"], q)))
    finally:
        C.NOW = saved
    return outs


def published_in(g, dataset, metric, year):
    """'in Y' read as 'published in Y': the best result among papers whose valid year is Y."""
    rows = [(C.parse_value(r["value"]), r["model"]) for r in g.rows
            if r["dataset"] == dataset and r["metric"] == metric and year in g.valid_years(r["paper"])
            and C.parse_value(r["value"]) is not None]
    rows.sort(reverse=metric not in LOWER)
    return [rows[0][1], fmt(rows[0][0])] if rows else []


def main():
    graphs = {k + ".ttl": C.G(k + ".ttl") for k in ("g1", "g2", "g3", "g4")}
    qs = [json.loads(l) for l in open(QFILE)]
    dev = [json.loads(l) for f in EARLIER for l in open(os.path.join(DATA_DIR, f))]
    td = {d["id"]: d for d in dev if d["id"].startswith("TD")}
    assert len(td) == 30, len(td)
    dev_q = {norm(d["question"]): d["id"] for d in dev}
    fails = 0
    print(f"TRUST_NOW={C.NOW}; checkers, graphs and dev files from {TRUST_DIR}; {len(qs)} questions in {QFILE}; "
          f"{len(dev)} earlier dev questions ({', '.join(EARLIER)})")
    if [q["id"] for q in qs] != [f"TQ{i:02d}" for i in range(1, 31)]:
        print("FAIL ids are not TQ01..TQ30 in order")
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
    persona_n, form_n = {p: [] for p in PERSONAS}, {f: [] for f in range(1, 6)}
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
            # notes: persona, forms, right answer, careless answers
            notes = q["notes"]
            persona = PERSONA[q["id"]]
            assert notes.startswith(f"Persona: {persona}"), f"notes do not start with 'Persona: {persona}'"
            m = re.search(r"Forms: ((?:\d(?:, )?)+)\.", notes)
            assert m and tuple(int(x) for x in m.group(1).split(", ")) == FORM[q["id"]], f"notes' forms {m and m.group(1)} != {FORM[q['id']]}"
            assert "Right answer" in notes and "Careless answer" in notes, "notes must give the right and the careless answers"
            # TQn against TDn: same kinds
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
            # persona and forms, on the question itself
            assert re.search(CUE[persona], q["question"], re.I), f"no {persona} cue in the question"
            persona_n[persona].append(q["id"])
            fdesc = form_check(g, q)
            for f in FORM[q["id"]]:
                form_n[f].append(q["id"])
            written, is_in, evt = written_anchor(g, q)
            assert written == anchor, f"anchor in the text {written} != anchor used {anchor}"
            exp, verdict, ev = fn(g, *args)
            assert sorted(set(exp)) == sorted(set(q["expected"])), f"expected {q['expected']} but recomputed {exp}\n      {ev}"
            assert verdict == q["verdict"], f"verdict {q['verdict']} but recomputed {verdict}\n      {ev}"
            if evt:
                ev += f"; event anchor {anchor}: {evt}" + event_one_reading(g, q["id"], fn, args, anchor, exp, verdict)
            outs = per_year(g, q, fn, args, anchor)
            assert len(set(outs.values())) == 1, f"answer, anchor, must_remove kinds or conflicts depend on the current year: {outs}"
            if q["mechanism"] == "gate" and not q["expected"]:
                assert q["verdict"] in (None, "UNCERTAIN")
            if is_in:
                assert fn is A_best, "an 'in Y' question that is not a board lookup"
                pi = published_in(g, args[0], args[1], anchor)
                assert sorted(pi) == sorted(exp), f"'published in {anchor}' reading gives {pi}"
                ev += f"; published-in-{anchor} reading: {pi}"
            for f in q["must_keep"] + q["must_remove"]:
                assert C.FACT_RE.match(f), f"bad fact {f}"
                assert C.fact_exists(g, f), f"fact not in graph: {f}"
                mm, v, d, mt = C.FACT_RE.match(f).groups()
                assert v == fmt(float(v)), f"value not in clean form: {f}"
            assert not set(q["must_keep"]) & set(q["must_remove"]), "a fact is both in must_keep and must_remove"
            for f, kind in fact_kinds(g, q, anchor):
                ev += f"\n      must_remove {f}: kind {kind}"
            if q["must_keep"]:
                ev += f"\n      must_keep survive (anchor {anchor}): {len(q['must_keep'])} facts"
            for e in q["expected"]:
                assert e in C.graph_text(g), f"expected string {e!r} not in the graph"
            used = conflicts_touched14(g, q["id"], q)
            for u in used:
                conflicts_used.setdefault(u, []).append(q["id"])
            if q["mechanism"] == "gate":
                assert q["id"] in GATE_KIND and td["TD" + q["id"][2:]]["mechanism"] == "gate"
                ev += "\n      gate kind: " + GATE_KIND[q["id"]](g, q)
            if q["id"] in PREMISE:
                ev += "\n      premise/careless: " + PREMISE[q["id"]](g)
            ev += (f"\n      persona {persona}; forms {fdesc}"
                   f"\n      same answer, anchor, must_remove kinds and conflicts for current years {YEARS.start}-{YEARS.stop - 1}; "
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
    print("counts per mechanism, query type, verdict and graph checked against trust-dev.jsonl's")
    gates = sorted(q["id"] for q in qs if q["mechanism"] == "gate")
    if gates != sorted(GATE_KIND):
        print("FAIL gate questions", gates, "!=", sorted(GATE_KIND))
        fails += 1
    for p, ids in persona_n.items():
        if len(ids) < 4:
            print(f"FAIL persona {p} used {len(ids)} times (< 4)")
            fails += 1
    for f, ids in form_n.items():
        if len(ids) < 3:
            print(f"FAIL form {f} used {len(ids)} times (< 3)")
            fails += 1
    print("personas:", json.dumps({p: len(v) for p, v in persona_n.items()}), "; forms:",
          json.dumps({str(f): len(v) for f, v in form_n.items()}))
    worst = (0.0, "")
    for i, a in enumerate(qs):  # no two TQ questions repeat each other
        for b in qs[i + 1:]:
            ov = jaccard(words(a["question"]), words(b["question"]))
            worst = max(worst, (ov, f"{a['id']}/{b['id']}"))
            if ov >= 0.6 or norm(a["question"]) == norm(b["question"]):
                print(f"FAIL {a['id']} and {b['id']} share {ov:.2f} of their words")
                fails += 1
    top3 = sorted(((v[0], k, v[1]) for k, v in closest.items()), reverse=True)[:3]
    print("closest earlier questions: " + ", ".join(f"{k}/{d} ({o:.2f})" for o, k, d in top3))
    print(f"closest pair inside this file: {worst[1]} ({worst[0]:.2f})")
    moves = {}
    for q in qs:
        a = td["TD" + q["id"][2:]]["graph"][:2]
        moves.setdefault(f"{a}->{q['graph'][:2]}", []).append(q["id"])
    print("graph of each TQ against its TD:", json.dumps(dict(sorted(moves.items()))))
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
