#!/usr/bin/env python3
"""Checks trust-dev13.jsonl (TP01-TP30) against the fixture graphs g1.ttl .. g4.ttl.

trust-dev13 follows the design of the first file, trust-dev.jsonl: one TP question per TD question, with TDn's
mechanism, query type, verdict kind and gate kind, and the same totals per mechanism, query type, verdict and graph.
Its own design is "surface variation: the way real researchers type". Every question carries at least one of six
variations, most carry two:
  1 a name written differently from its graph label (case, hyphen, space, no space; a dropped version suffix; a
    one-letter typo), still naming exactly one label;
  2 a number written in another format (a fraction, a trailing zero, a percent sign, a unit word); a fraction only
    where it does not decide the verdict;
  3 a metric written as an abbreviation or synonym (acc, F-1, F1-score, WER, mIoU, character F-score), on a board
    with that one metric;
  4 a negation (a negated statement, "nobody ...", or a negative question); a negated statement only with an
    UNCERTAIN verdict, which the negation does not change;
  5 terse keyword style;
  6 an irrelevant preface or afterthought.
The notes of each question name its variations ("Variation N:"), the right answer and the careless ones.

Same reference rules as check.py .. check12.py (imported from them, not copied): check.py gives graph loading, the
SPARQL queries and the reference trust rules (recency, corroboration, the six conflict readings); check10.py's
namespace carries the computers of check2.py .. check10.py, check6.py's table of the README's stable conflicts and
the helpers fact_kinds, led, paper_year, raw_p29; check12.py gives titles_with. This file adds four small
computers (the best now where the newest model is not the best; the newest paper on a problem, title only, with a
title-phrase trap; a value stated by two or more papers; an anchored best with a string-sort trap) and a year
lookup for a paper whose only P29 values are months.

For every question the answer is recomputed from the graph, independently of the JSONL, and
- the recomputed `expected` (as a set) and `verdict` must equal the file's, and the answer, the must_remove kinds
  and the conflicts touched must be the same for every current year from 2025 to 2030 (check.NOW is set to each
  year here, whatever TRUST_NOW is);
- the anchor written in the question must be the one used ("as of Y" / "in Y" = up to Y, "before Y" = up to Y-1),
  and an "in Y" question must give the same answer read as "published in Y";
- must_keep facts must survive the conflict rules and the anchor; must_remove facts must be of kind (a) lost a
  clear conflict, (b) a former best, or (c) after the anchor / undated, never the surviving best;
- every value conflict a question touches must be one of the README's stable ten, with the README's outcome;
- every expected string must be in the graph's text; the premises a question states hold, and the careless
  answers are recomputed and printed;
- each declared variation is really there and is of its kind (see check_variation), the ones that can be detected
  (2, 3, 4, 5) are detected exactly where declared, every variation is used at least 3 times, most questions carry
  two or more, and the notes name exactly the declared variations;
- TPn must have TDn's mechanism, query type and verdict, and the gate questions TD25-TD30's gate kinds;
- the counts per mechanism, query type, verdict and graph must equal trust-dev.jsonl's (read from that file);
- no TP question may repeat a question of trust-dev.jsonl .. trust-dev12.jsonl, nor share 60% or more of its words
  with one of them or with another TP question.

Where things are: the earlier checkers, the fixture graphs and trust-dev.jsonl .. trust-dev12.jsonl are looked for
beside this file first, then in /work/main/eval/gold/trust. trust-dev13.jsonl is read from beside this file.
Needs rdflib and pyoxigraph.

Run: python3 check13.py          (exit status 1 on any failure)
     TRUST_NOW=2025 python3 check13.py ; TRUST_NOW=2030 python3 check13.py
"""
import sys

sys.dont_write_bytecode = True  # never leave a __pycache__ beside the earlier checkers

import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FALLBACK = "/work/main/eval/gold/trust"
EARLIER = tuple(f"trust-dev{n}.jsonl" for n in ("", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"))
NEEDED = (("check.py", "check2.py", "check3.py", "check4.py", "check5.py", "check6.py", "check8.py", "check10.py",
           "check12.py", "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl") + EARLIER)
TRUST_DIR = next(d for d in (HERE, FALLBACK) if all(os.path.exists(os.path.join(d, f)) for f in NEEDED))
sys.path.insert(0, TRUST_DIR)
import check as C  # noqa: E402  (reference rules, SPARQL queries, graph loading)
import check10 as C10  # noqa: E402,F401  (the namespace of check2.py .. check10.py)
from check10 import *  # noqa: E402,F401,F403  (the computers of trust-dev2 .. trust-dev10, shared, not copied)
from check10 import (parse_anchor, papers_stating, led, raw_p29, fact_kinds, STABLE, FIELDS,  # noqa: E402
                     A_passed_since, A_papers_and_value, K_best_value, Q_ALL_DATASETS, labels_text)
from check12 import titles_with  # noqa: E402  (title search, SPARQL CONTAINS)

HERE = os.path.dirname(os.path.abspath(__file__))  # the earlier checkers' HERE was imported above; this file's own
EARLIER = tuple(f"trust-dev{n}.jsonl" for n in ("", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"))
QFILE = os.path.join(HERE, "trust-dev13.jsonl")
DATA_DIR = os.path.dirname(os.path.abspath(C.__file__))
YEARS = range(2025, 2031)  # the current years the answers must not depend on
TTF = "Tidal Turbine Fault Detection"

# extra SPARQL used here
Q_STRING_TOP_UPTO = C.PREFIXES + """
SELECT ?paper ?model ?value WHERE {{
  ?paper a orkgc:Paper ; orkgp:P31 ?c ; orkgp:P29 ?y .
  ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?model .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dl .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value . ?mt rdfs:label ?ml .
  FILTER(STR(?dl) = "{dataset}" && STR(?ml) = "{metric}" && ?y <= {anchor})
}} ORDER BY DESC(?value)"""

Q_METRICS_OF = C.PREFIXES + """
SELECT DISTINCT ?ml WHERE {{ ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dl .
  ?e orkgp:HAS_METRIC ?mt . ?mt rdfs:label ?ml . FILTER(STR(?dl) = "{dataset}") }}"""

Q_LABELS_OF = C.PREFIXES + """
SELECT DISTINCT ?l WHERE {{ ?x a orkgc:{cls} ; rdfs:label ?l . }}"""


# ---- computers added for trust-dev13: return (expected list, verdict, evidence) ----------------------------
def A_best_newest_trap(g, dataset, metric, trap):
    """'the best on dataset now' (A_best) where 'newest = best' goes wrong (TD01's kind): trap 'model', the newest
    model on the board is not the best; trap 'result', the newest dated result row is not the best."""
    exp, verdict, ev = A_best(g, dataset, metric)
    nm = newest_model(g, dataset, metric)
    rows = [(max(g.valid_years(r["paper"])), r["model"], r["value"]) for r in g.rows
            if r["dataset"] == dataset and r["metric"] == metric and g.valid_years(r["paper"])]
    y = max(t[0] for t in rows)
    newest = sorted((m, v) for yy, m, v in rows if yy == y)
    if trap == "model":
        assert nm != exp[0], f"no recency trap: the newest model {nm} is the best"
    else:
        assert all(C.parse_value(v) != float(exp[1]) or m != exp[0] for m, v in newest), f"the newest rows {newest} hold the best"
    return exp, verdict, (f"{ev}; careless (newest model): {nm} {A_value(g, nm, dataset, metric)[0]}; careless (newest "
                          f"result, {y}): {newest}")


def A_topic_newest_title(g, problem, phrase):
    """'newest paper on problem': the one newest dated paper linked to the problem (check.newest_topic_paper), title
    up to ':' (TD04's form). Careless: a title search for the problem's own words finds another, older paper."""
    dated, undated = C.newest_topic_paper(g, problem)
    assert len(dated) > 1 and dated[0][0] > dated[1][0], f"tie for newest {dated[:2]}"
    y, title = dated[0]
    by_phrase = [(g.valid_years(p), t) for p, t in titles_with(g, phrase)]
    assert by_phrase and all(t != title for _, t in by_phrase), f"no title-phrase trap: {by_phrase}"
    return [title.split(":")[0]], None, (f"newest on {problem!r}: {title!r} ({y}); next {dated[1]}; undated {undated}; "
                                         f"careless (titles containing {phrase!r}): {by_phrase}")


def A_value_corroborated(g, model, dataset, metric):
    """'what does model get on dataset' where the one surviving value is stated by two or more papers and nothing
    disagrees (TD14's corroboration kind, without an outlier)."""
    exp, _, ev = A_value(g, model, dataset, metric)
    assert len(exp) == 1, exp
    ps = papers_stating(g, model, dataset, metric, float(exp[0]))
    assert len(ps) >= 2, ps
    other = sorted({(r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == model and r["dataset"] != dataset})
    return exp, None, (f"{ev}; stated by {[(t, g.valid_years(p)) for p, t, _ in ps]}; careless (board-blind): its other "
                       f"rows {other}")


def A_best_strsort_upto(g, dataset, metric, anchor):
    """'best on dataset as of <anchor>' (A_best under the anchor) where the careless SPARQL reading, ORDER BY DESC on
    the stored string over papers with a raw P29 up to the anchor, gives the oldest result on the board, from a paper
    that really states it (TD29's kind, anchored)."""
    exp, verdict, ev = A_best(g, dataset, metric, anchor)
    assert exp and metric not in LOWER
    rows = g.sel(Q_STRING_TOP_UPTO.format(dataset=dataset, metric=metric, anchor=anchor))
    s_model, s_val, s_paper = str(rows[0]["model"]), str(rows[0]["value"]), str(rows[0]["paper"])
    assert s_model != exp[0], f"no string-sort trap: {s_model}"
    oldest = min((min(g.valid_years(r["paper"])), r["model"]) for r in g.rows
                 if r["dataset"] == dataset and r["metric"] == metric and g.valid_years(r["paper"]))
    assert oldest[1] == s_model, f"the string-sorted top is not the oldest result: {oldest}"
    assert papers_stating(g, s_model, dataset, metric, C.parse_value(s_val)), "nobody states it"
    return exp, verdict, (f"{ev}; careless string ORDER BY DESC up to {anchor}: {s_model} {s_val!r} "
                          f"({g.papers[s_paper]['title']!r}, the oldest result); without the anchor: {A_best(g, dataset, metric)[0]}")


def A_year_month_only(g, title):
    """'what year was the paper published' where every P29 value is a month (1-12): no usable year (TD30's kind)."""
    exp, verdict, ev = A_year(g, title)
    raw = [d["years"] for d in g.papers.values() if d["title"].startswith(title)]
    assert len(raw) == 1 and raw[0] and all(1 <= y <= 12 for y in raw[0]), raw
    assert not exp
    return exp, verdict, f"{ev}; DOIs {[d['dois'] for d in g.papers.values() if d['title'].startswith(title)]}"


# ---- the questions: (graph, anchor, computer, args) ------------------------------------------------
SPEC = {
    # recency
    "TP01": ("g4", None, A_best_newest_trap, (SE, "F1", "model")),
    "TP02": ("g1", None, K_best, ("Wendrel-S", CI, "F1", None, True)),
    "TP03": ("g2", None, A_best_newest_trap, (HO, "Accuracy", "result")),
    "TP04": ("g4", None, A_topic_newest_title, (TTF, "tidal turbine fault detection")),
    # superseded
    "TP05": ("g1", None, K_best, ("Orvalis-CNN", BM, "Accuracy")),
    "TP06": ("g2", None, K_best, ("Chirpform", DA, W)),
    "TP07": ("g3", None, K_best, ("Halverin", QU, "BLEU")),
    "TP08": ("g1", None, A_passed_since, ("PimbraFormer", BM, "Accuracy")),
    # conflict
    "TP09": ("g2", None, A_value, ("Fennick-RNN", DA, W)),
    "TP10": ("g1", None, K_value, ("Tavrosa", BM, "Accuracy", 85.4)),
    "TP11": ("g2", None, K_value, ("Aviquist", VE, W, 7.9)),
    "TP12": ("g1", None, A_best, (CI, "F1")),
    "TP13": ("g3", None, A_papers_and_value, ("Murrelet-MT", MI, "chrF")),
    # corroboration
    "TP14": ("g1", None, A_value_corroborated, ("Orvalis-CNN", BM, "Accuracy")),
    "TP15": ("g2", None, K_value, ("Corrasine", VE, W, 7.2, None, 2)),
    "TP16": ("g4", None, K_value, ("Marrowfen", SE, "F1", 78.4, None, 2)),
    # as_of
    "TP17": ("g1", 2019, A_best, (SK, "Mean IoU", 2019)),
    "TP18": ("g2", 2018, A_best, (DA, W, 2018)),
    "TP19": ("g3", 2020, A_best, (OR, "BLEU", 2020)),
    "TP20": ("g3", 2021, K_best_value, ("Halverin", MI, "chrF", 2021)),
    "TP21": ("g4", 2021, K_best, ("Driftmere", KW, "Mean IoU", 2021)),
    # metadata
    "TP22": ("g4", None, A_year, ("Tidewick:",)),
    "TP23": ("g3", None, A_dois, ("Murrelet-MT:",)),
    "TP24": ("g2", None, K_year, ("Trillbert:", 2022)),
    # gate
    "TP25": ("g1", None, A_gate_absent, ((r"\bsnow",), (r"\bsegmentation\b",))),
    "TP26": ("g1", None, K_absent_pair_any, ("Tavrosa", CI)),
    "TP27": ("g2", None, K_absent_pair_any, ("Fennick-RNN", VE)),
    "TP28": ("g2", None, K_paper, ("Warbleon:", "Warbleon", HO, "Accuracy", 80.7)),
    "TP29": ("g3", 2024, A_best_strsort_upto, (OR, "BLEU", 2024)),
    "TP30": ("g4", None, A_year_month_only, ("Driftmere:",)),
}

# the (dataset, metric) boards each question reads, for the conflict check (the first is the board it names)
BOARDS = {
    "TP01": [(SE, "F1")], "TP02": [(CI, "F1")], "TP03": [(HO, "Accuracy")], "TP04": [(SE, "F1")],
    "TP05": [(BM, "Accuracy")], "TP06": [(DA, W)], "TP07": [(QU, "BLEU")], "TP08": [(BM, "Accuracy")],
    "TP09": [(DA, W)], "TP10": [(BM, "Accuracy")], "TP11": [(VE, W)], "TP12": [(CI, "F1")], "TP13": [(MI, "chrF")],
    "TP14": [(BM, "Accuracy")], "TP15": [(VE, W)], "TP16": [(SE, "F1")], "TP17": [(SK, "Mean IoU")],
    "TP18": [(DA, W)], "TP19": [(OR, "BLEU")], "TP20": [(MI, "chrF")], "TP21": [(KW, "Mean IoU")], "TP22": [],
    "TP23": [], "TP24": [], "TP25": [], "TP26": [(CI, "F1"), (BM, "Accuracy")], "TP27": [(VE, W), (DA, W)],
    "TP28": [(HO, "Accuracy")], "TP29": [(OR, "BLEU")], "TP30": [(KW, "Mean IoU")],
}
# models whose every row the question reads (usage, value-of-model and never-run questions), for the conflict check
MODEL_ROWS = {"TP09": "Fennick-RNN", "TP13": "Murrelet-MT", "TP14": "Orvalis-CNN", "TP26": "Tavrosa", "TP27": "Fennick-RNN"}

# ---- the variations each question carries: (kind, span as written, what it stands for) -------------------
# 1: (1, written name, graph label); 2: (2, written number, value); 3: (3, written metric, metric label);
# 4: (4, negation as written, form: nobody / neg-question / neg-statement); 5: (5, None, None);
# 6: (6, the preface or afterthought, None)
VARS = {
    "TP01": [(3, "F1-score", "F1"), (6, "Quick sanity check before a group meeting.", None)],
    "TP02": [(1, "Wendrel", "Wendrel-S"), (4, "isn't it the top model", "neg-question")],
    "TP03": [(1, "Hollenby marsh-calls", HO), (3, "acc", "Accuracy"), (6, "(asking for a reviewer)", None)],
    "TP04": [(1, "tidal-turbine fault detection", TTF), (5, None, None)],
    "TP05": [(1, "Orvalis CNN", "Orvalis-CNN"), (4, "nobody's dethroned", "nobody")],
    "TP06": [(1, "Dastrup7 Chorus", DA), (3, "WER", W)],
    "TP07": [(2, "0.158", 15.8), (4, "isn't that still the top score", "neg-question")],
    "TP08": [(1, "Pimbra-Former", "PimbraFormer"), (3, "acc", "Accuracy")],
    "TP09": [(1, "FennickRNN", "Fennick-RNN"), (3, "WER", W), (6, "Thanks in advance.", None)],
    "TP10": [(1, "Tavrossa", "Tavrosa"), (2, "85.40", 85.4)],
    "TP11": [(3, "WER", W), (4, "doesn't actually hit", "neg-statement")],
    "TP12": [(1, "Corvalla Ice", CI), (3, "F-1", "F1"), (6, "Need it for a rebuttal.", None)],
    "TP13": [(1, "Murrelet MT", "Murrelet-MT"), (3, "character F-score", "chrF"), (6, "Thanks!", None)],
    "TP14": [(3, "acc", "Accuracy"), (5, None, None)],
    "TP15": [(1, "Veltmoor dawn-set", VE), (2, "7.2%", 7.2), (3, "WER", W)],
    "TP16": [(2, "78.4 points", 78.4), (3, "F-1", "F1")],
    "TP17": [(1, "skarnhold glacier-set", SK), (3, "mIoU", "Mean IoU"), (5, None, None)],
    "TP18": [(1, "dastrup 7 chorus", DA), (3, "WER", W)],
    "TP19": [(1, "Orenby Parallel Corpus", OR), (6, "(for a related-work table)", None)],
    "TP20": [(4, "Nobody had topped", "nobody"), (6, "(double-checking a footnote)", None)],
    "TP21": [(1, "Kelpwatch Norrland", KW), (3, "mIoU", "Mean IoU")],
    "TP22": [(1, "Tidewik", "Tidewick"), (6, "cheers", None)],
    "TP23": [(1, "MurreletMT", "Murrelet-MT"), (5, None, None), (6, "Sorry if this is obvious.", None)],
    "TP24": [(1, "Trill-BERT", "Trillbert"), (4, "Wasn't the Trill-BERT paper", "neg-question")],
    "TP25": [(5, None, None), (6, "Quick one for my thesis.", None)],
    "TP26": [(2, "0.861", 86.1), (3, "F1-score", "F1")],
    "TP27": [(1, "fennick rnn", "Fennick-RNN"), (3, "WER", W), (4, "never goes above", "neg-statement")],
    "TP28": [(2, "80.70%", 80.7), (3, "acc", "Accuracy")],
    "TP29": [(1, "Orrenby parallel-corpus", OR), (5, None, None)],
    "TP30": [(1, "drift-mere", "Driftmere"), (6, "(need it for a bib entry)", None)],
}
VARIATION_NAMES = {1: "name written differently", 2: "number in another format", 3: "metric abbreviation/synonym",
                   4: "negation", 5: "terse keyword style", 6: "irrelevant preface/afterthought"}
# metric abbreviations and synonyms a researcher types, with the one graph metric each stands for
SYN = {"acc": "Accuracy", "F1-score": "F1", "F-1": "F1", "WER": "Word Error Rate", "mIoU": "Mean IoU",
       "character F-score": "chrF"}
STOP = {"the", "a", "an", "is", "are", "was", "were", "be", "been", "does", "do", "did", "has", "have", "had", "what",
        "which", "who", "whom", "whose", "when", "where", "how", "why", "of", "for", "to", "on", "in", "at", "by",
        "with", "and", "or", "it", "its", "that", "this", "there", "can", "could", "would", "should", "please", "me",
        "i", "you", "get", "gets"}
NEG_RE = re.compile(r"\b(?:nobody|no one|never|not)\b|n't\b", re.I)
TAG_RE = re.compile(r",?\s*\b(?:\w+n't|does|did|is|was|has|have)\s+(?:it|they|that|he|she)\?\s*$", re.I)
NUM_VARIANT_RE = re.compile(r"(?<![\w.])(?:0\.\d+|\d+\.\d*0(?!\d)|\d+(?:\.\d+)?\s?(?:%|pct\b|points\b))")


def squash(t):
    return re.sub(r"[^a-z0-9]", "", t.lower())


def osa(a, b):
    """optimal string alignment distance (one letter missing, added, changed or two letters swapped = 1)."""
    a, b = a.lower(), b.lower()
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            c = a[i - 1] != b[j - 1]
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + c)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def parse_number(span):
    """a number as written -> (value on the graph's 0-100 scale, form); a fraction is read as a share of 100."""
    s = span.strip()
    m = re.fullmatch(r"(0\.\d+)", s)
    if m:
        return round(float(m.group(1)) * 100, 6), "fraction"
    m = re.fullmatch(r"(\d+(?:\.\d+)?)\s?(%|pct|points)", s)
    if m:
        return float(m.group(1)), {"%": "percent sign", "pct": "pct", "points": "unit word"}[m.group(2)] + \
            (" and trailing zero" if re.search(r"\.\d*0$", m.group(1)) else "")
    m = re.fullmatch(r"(\d+\.\d*0)", s)
    if m:
        return float(m.group(1)), "trailing zero"
    raise AssertionError(f"not a number variant: {span!r}")


def core(q):
    """the question without its preface or afterthought (variation 6)."""
    t = q["question"]
    for k, span, _ in VARS[q["id"]]:
        if k == 6:
            t = t.replace(span, " ")
    return re.sub(r"\s+", " ", t).strip()


def is_terse(text):
    t = re.sub(r"\bas of \d{4}\b", " ", text)
    toks = re.findall(r"[A-Za-z0-9][A-Za-z0-9.%'-]*", t)
    return 2 <= len(toks) <= 7 and not any(x.lower() in STOP for x in toks), toks


def name_labels(graphs):
    out = set()
    for g in graphs.values():
        for cls in ("Model", "Dataset", "Problem"):
            out |= {str(r["l"]) for r in g.sel(Q_LABELS_OF.format(cls=cls))}
    return sorted(out)


def entity_words(graphs):
    words = set()
    for g in graphs.values():
        for cls in ("Model", "Dataset", "Problem", "Metric"):
            for r in g.sel(Q_LABELS_OF.format(cls=cls)):
                words |= {w for w in re.findall(r"[a-z0-9]+", str(r["l"]).lower()) if len(w) >= 4}
    return words | {s.lower() for s in SYN}


def check_variation(g, q, kind, span, target, labels, ewords):
    """one declared variation: it is in the question and of its kind. Returns a short description."""
    text = q["question"]
    spec = SPEC[q["id"]]
    if kind == 1:
        assert span in text, f"{span!r} not in the question"
        assert target in labels, f"{target!r} is not a model, dataset or problem label"
        assert target not in text, f"the question also writes the label {target!r} as stored"
        assert span != target and span not in labels, f"{span!r} is written as a label"
        same = [l for l in labels if squash(l) == squash(span)]
        if same:
            assert same == [target], f"{span!r} squashes to {same}"
            return f"{span!r} -> {target!r} (case/hyphen/space)"
        if target.lower().startswith(span.lower() + "-"):
            suffix = target[len(span) + 1:]
            assert re.fullmatch(r"[A-Z0-9]{1,3}", suffix), f"{suffix!r} is not a version suffix"
            pre = [l for l in labels if squash(l).startswith(squash(span))]
            assert pre == [target], f"{span!r} is the start of {pre}"
            return f"{span!r} -> {target!r} (version suffix -{suffix} dropped; the only label starting so)"
        d = sorted((osa(span, l), l) for l in labels)
        assert d[0] == (1, target) and d[1][0] >= 3, f"{span!r}: nearest labels {d[:3]}"
        return f"{span!r} -> {target!r} (one-letter typo; next label {d[1][1]!r} at {d[1][0]} edits)"
    if kind == 2:
        assert span in text, f"{span!r} not in the question"
        value, form = parse_number(span)
        assert value == target and span != fmt(target), f"{span!r} reads {value}, not another form of {fmt(target)}"
        stored = sorted({(r["model"], r["dataset"], r["metric"]) for r in g.rows if C.parse_value(r["value"]) == target})
        assert stored, f"{fmt(target)} is not a value in the graph"
        decides = target in [a for a in spec[3] if isinstance(a, float)]
        if form == "fraction":
            assert not decides, "a fraction may not decide the verdict (the README does not say how it compares)"
            return (f"{span!r} = {fmt(target)} as a fraction (literal {span} gives the same answer: the computer "
                    f"{spec[2].__name__} does not take the number); stored for {stored}")
        return f"{span!r} = {fmt(target)} ({form}); {'decides the verdict' if decides else 'context'}; stored for {stored}"
    if kind == 3:
        assert re.search(r"(?<![A-Za-z0-9-])" + re.escape(span) + r"(?![A-Za-z0-9-])", text), f"{span!r} not in the question"
        assert SYN.get(span) == target and span.lower() != target.lower(), f"{span!r} is not a synonym of {target!r}"
        dataset = BOARDS[q["id"]][0][0]
        ms = sorted(str(r["ml"]) for r in g.sel(Q_METRICS_OF.format(dataset=dataset)))
        assert ms == [target], f"{dataset} has metrics {ms}: {span!r} would be ambiguous"
        return f"{span!r} -> {target!r} (the only metric on {dataset})"
    if kind == 4:
        assert span in text, f"{span!r} not in the question"
        assert "proposition" in q["notes"], "notes must say which proposition the verdict is about"
        if target == "nobody":
            assert re.match(r"(?i)(nobody|no one)\b", span), span
        elif target == "neg-question":
            # a negative auxiliary opening a question with at least two more words: not a tag ("..., isn't it?")
            assert re.match(r"(?i)(isn't|wasn't|aren't|didn't|hasn't|doesn't)\s+\S+\s+\S+", span), span
        elif target == "neg-statement":
            assert NEG_RE.search(span), span
            assert q["verdict"] in ("UNCERTAIN", None), "a negated statement only where the negation cannot flip the verdict"
        else:
            raise AssertionError(target)
        return f"{span!r} ({target}); verdict {q['verdict']} is that of the stated proposition"
    if kind == 5:
        ok, toks = is_terse(core(q))
        assert ok, f"not terse: {toks}"
        return f"terse: {toks}"
    if kind == 6:
        assert text.startswith(span) or text.endswith(span), f"{span!r} is not a preface or afterthought"
        assert not re.search(r"\d", span), "a preface must not carry a number or year"
        hit = {w for w in re.findall(r"[a-z0-9]+", span.lower())} & ewords
        assert not hit, f"the preface names {hit}"
        rest = core(q)
        assert rest and rest[-1] in "?.", f"no question left: {rest!r}"
        return f"{span!r} around {rest!r}"
    raise AssertionError(kind)


def detected(q):
    """variations 2, 3, 4 and 5 found in the question text without the table."""
    text = q["question"]
    found = set()
    if NUM_VARIANT_RE.search(text):
        found.add(2)
    if any(re.search(r"(?<![A-Za-z0-9-])" + re.escape(s) + r"(?![A-Za-z0-9-])", text) for s in SYN):
        found.add(3)
    if NEG_RE.search(TAG_RE.sub("", text)):
        found.add(4)
    if is_terse(core(q))[0]:
        found.add(5)
    return found


# ---- gate kinds of trust-dev.jsonl (README.md "Gate questions"), verified on the graph ------------------
def gate_topic(g, q):
    fn = SPEC[q["id"]][2]
    assert q["query_type"] == "dataset_search" and not q["expected"] and q["verdict"] is None and fn is A_gate_absent
    return f"a topic the graph lacks, sharing a word with one it has (TD25); datasets {sorted(str(r['dl']) for r in g.sel(Q_ALL_DATASETS))}"


def gate_own_value(g, q):
    fn, (model, dataset) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_absent_pair_any and q["verdict"] == "UNCERTAIN"
    claimed = [t for k, _, t in VARS[q["id"]] if k == 2]
    own = {C.parse_value(r["value"]): (r["dataset"], r["metric"]) for r in g.rows if r["model"] == model}
    assert len(claimed) == 1 and claimed[0] in own and own[claimed[0]][0] != dataset, (claimed, own)
    assert own[claimed[0]][1] not in {r["metric"] for r in g.rows if r["dataset"] == dataset}
    return (f"{model} never ran on {dataset}; the claimed {fmt(claimed[0])} is its own {own[claimed[0]][1]} on "
            f"{own[claimed[0]][0]} (TD26)")


def gate_bound(g, q):
    fn, (model, dataset) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_absent_pair_any and q["verdict"] == "UNCERTAIN"
    m = re.search(r"\b(below|under|over|above)\s+(\d+(?:\.\d+)?)", q["question"].lower())
    assert m, "no bound in the question"
    board = sorted({r["value"] for r in g.rows if r["dataset"] == dataset})
    own = sorted((r["dataset"], r["value"]) for r in g.rows if r["model"] == model)
    return f"{model} never ran on {dataset}; a bound ({m.group(1)} {m.group(2)}); values on {dataset} {board}; its own rows {own} (TD27)"


def gate_wrong_paper(g, q):
    fn, (title, model, dataset, metric, value) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_paper and q["verdict"] == "REFUTED"
    other = [t for _, t, _ in papers_stating(g, model, dataset, metric, value)]
    assert other and all(not t.startswith(title) for t in other), other
    return f"{fmt(value)} is real for {model} but stated by {other}, not by the cited {title!r} paper (TD28)"


def gate_string_sort(g, q):
    assert SPEC[q["id"]][2] is A_best_strsort_upto and q["expected"] and q["verdict"] is None
    return "a string-sorted 'best' puts the oldest result on top (TD29's kind), here under an anchor"


def gate_month_year(g, q):
    assert SPEC[q["id"]][2] is A_year_month_only and not q["expected"] and q["verdict"] is None
    return "a value the graph does not have: a year that is only a month (TD30)"


GATE_KIND = {"TP25": gate_topic, "TP26": gate_own_value, "TP27": gate_bound, "TP28": gate_wrong_paper,
             "TP29": gate_string_sort, "TP30": gate_month_year}


# ---- premises the questions state, and the careless answers, recomputed as evidence -----------------------
def p_tp02(g):
    return f"premise: newest model on {CI} is {newest_model(g, CI, 'F1')}; careless (no removal): {naive_best(g, CI, 'F1', None)}"


def p_tp05(g):
    ps = [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Orvalis-CNN", BM, "Accuracy", 80.2)]
    assert len(ps) == 2 and any(2024 in ys for _, ys in ps), ps
    return f"{led(g, 'Orvalis-CNN', BM, 'Accuracy')}; 80.2 restated in {ps} (careless 'confirmed, still the best')"


def p_tp06(g):
    return f"{led(g, 'Chirpform', DA, W)}; lower is better"


def p_tp07(g):
    return f"{led(g, 'Halverin', QU, 'BLEU')}; Halverin stored {[r['value'] for r in g.rows if r['model'] == 'Halverin' and r['dataset'] == QU]}"


def p_tp08(g):
    return led(g, "PimbraFormer", BM, "Accuracy")


def p_tp09(g):
    ps = {v: [(t, g.valid_years(p), g.papers[p]["dois"]) for p, t, _ in papers_stating(g, "Fennick-RNN", DA, W, v)] for v in (18.2, 21.7)}
    return f"papers {ps}"


def p_tp12(g):
    nb = naive_best(g, CI, "F1", None)
    assert nb == "Orvalis-CNN 97.0", nb
    return f"careless (no removal): {nb}; newest model {newest_model(g, CI, 'F1')}"


def p_tp16(g):
    ps = [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Marrowfen", SE, "F1", 78.4)]
    assert len(ps) == 2 and not all("Marrowfen" in t for t, _ in ps), ps
    return f"78.4 stated by {ps}"


def p_tp17(g):
    nb = naive_best(g, SK, "Mean IoU", 2019)
    assert nb == "Sallowmere 66.0", nb
    return f"careless (min raw P29): {nb}, Sallowmere raw P29 {raw_p29(g, 'Sallowmere:')}"


def p_tp18(g):
    nb = naive_best(g, DA, W, 2018)
    assert nb == "Trillbert 9.4", nb
    return f"careless (min raw P29): {nb}, Trillbert raw P29 {raw_p29(g, 'Trillbert:')}; without the anchor {A_best(g, DA, W)[0]}"


def p_tp19(g):
    top = g.sel(C.SELECT_STRING_MAX.format(dataset=OR, metric="BLEU"))
    return f"careless string ORDER BY DESC: {str(top[0]['model'])} {str(top[0]['value'])!r}; without the anchor {A_best(g, OR, 'BLEU')[0]}"


def p_tp20(g):
    dash = [(r["model"], r["value"], g.valid_years(r["paper"])) for r in g.rows if r["dataset"] == MI and C.parse_value(r["value"]) is None]
    return f"not a number up to 2021: {dash}; careless (no anchor): {models_in_order(g, MI, 'chrF')[:2]}"


def p_tp21(g):
    nb = naive_best(g, KW, "Mean IoU", 2021)
    assert nb == "Driftmere 63.0", nb
    return f"careless (min raw P29): {nb}; Driftmere raw P29 {raw_p29(g, 'Driftmere:')}"


def p_tp22(g):
    return f"raw P29 {raw_p29(g, 'Tidewick:')}; DOIs {[d['dois'] for d in g.papers.values() if d['title'].startswith('Tidewick:')]}"


def p_tp24(g):
    return f"raw P29 {raw_p29(g, 'Trillbert:')}"


def p_tp26(g):
    return f"Corvalla-Ice F1 rows {sorted({(r['model'], r['value']) for r in g.rows if r['dataset'] == CI})}"


def p_tp28(g):
    ps = [t for _, t, _ in papers_stating(g, "Warbleon", HO, "Accuracy", 80.7)]
    assert ps and all(t.startswith("Warbleon Revisited") for t in ps), ps
    return f"80.7 stated only by {ps}; Warbleon on Hollenby {A_value(g, 'Warbleon', HO, 'Accuracy')[2]}"


PREMISE = {"TP02": p_tp02, "TP05": p_tp05, "TP06": p_tp06, "TP07": p_tp07, "TP08": p_tp08, "TP09": p_tp09,
           "TP12": p_tp12, "TP16": p_tp16, "TP17": p_tp17, "TP18": p_tp18, "TP19": p_tp19, "TP20": p_tp20,
           "TP21": p_tp21, "TP22": p_tp22, "TP24": p_tp24, "TP26": p_tp26, "TP28": p_tp28}


# ---- per-year checks: conflicts touched, fact kinds ------------------------------------------------
def conflicts_touched13(g, qid, q):
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
            outs[y] = (tuple(sorted(set(exp))), verdict, kinds, tuple(conflicts_touched13(g, q["id"], q)))
    finally:
        C.NOW = saved
    return outs


def published_in(g, spec, year):
    """'in Y' read as 'published in Y': the best result among papers whose valid year is Y (board computers)."""
    fn, args = spec[2], spec[3]
    if fn not in (A_best, A_best_strsort_upto):
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
    labels = name_labels(graphs)
    ewords = entity_words(graphs)
    qs = [json.loads(l) for l in open(QFILE)]
    dev = [json.loads(l) for f in EARLIER for l in open(os.path.join(DATA_DIR, f))]
    td = {d["id"]: d for d in dev if d["id"].startswith("TD")}
    assert len(td) == 30, len(td)
    dev_q = {norm(d["question"]): d["id"] for d in dev}
    fails = 0
    print(f"TRUST_NOW={C.NOW}; checkers, graphs and dev files from {TRUST_DIR}; {len(qs)} questions in {QFILE}; "
          f"{len(dev)} earlier dev questions ({', '.join(EARLIER)})")
    if [q["id"] for q in qs] != [f"TP{i:02d}" for i in range(1, 31)]:
        print("FAIL ids are not TP01..TP30 in order")
        fails += 1
    if set(SPEC) != {q["id"] for q in qs} or set(VARS) != set(SPEC):
        print("FAIL questions, checks and variation table differ:", sorted(set(SPEC) ^ {q["id"] for q in qs}))
        fails += 1
    counts = {"mechanism": {}, "query_type": {}, "verdict": {}, "graph": {}}
    target = {k: {} for k in counts}
    for d in td.values():
        for k in target:
            target[k][str(d[k])] = target[k].get(str(d[k]), 0) + 1
    conflicts_used, closest, var_use = {}, {}, {k: [] for k in VARIATION_NAMES}
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
            assert "Right answer" in q["notes"] and "Careless" in q["notes"], "notes must give the right and the careless answer"
            # TPn against TDn: same kinds
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
            used = conflicts_touched13(g, q["id"], q)
            for u in used:
                conflicts_used.setdefault(u, []).append(q["id"])
            if q["mechanism"] == "gate":
                ev += "\n      gate kind: " + GATE_KIND[q["id"]](g, q)
            if q["id"] in PREMISE:
                ev += "\n      premise/careless: " + PREMISE[q["id"]](g)
            # the variations
            declared = sorted({k for k, _, _ in VARS[q["id"]]})
            assert declared, "no variation"
            for k, span, tgt in VARS[q["id"]]:
                ev += f"\n      variation {k}: " + check_variation(g, q, k, span, tgt, labels, ewords)
                var_use[k].append(q["id"])
            det = detected(q)
            assert det == set(declared) & {2, 3, 4, 5}, f"detected variations {sorted(det)} != declared {declared}"
            named = sorted({int(n) for n in re.findall(r"Variation (\d):", q["notes"])})
            assert named == declared, f"notes name variations {named}, declared {declared}"
            ev += (f"\n      same answer, must_remove kinds and conflicts for current years {YEARS.start}-{YEARS.stop - 1}; "
                   f"conflicts touched: {used or 'none'}; mirrors {t['id']} ({t['graph'][:2]}); closest earlier question "
                   f"{near[1]} ({near[0]:.2f})")
            print(f"  ok   {q['id']} [{q['graph']}/{q['mechanism']}/{q['query_type']}/{q['verdict']}] vars {declared} {ev}")
        except Exception as ex:  # AssertionError, or a query error
            fails += 1
            print(f"  FAIL {q['id']} [{q['mechanism']}] {type(ex).__name__}: {ex}")
    for k, v in counts.items():
        print(f"{k}: {json.dumps(dict(sorted(v.items())))}")
        if v != target[k]:
            print(f"FAIL {k} counts {v} != trust-dev.jsonl's {target[k]}")
            fails += 1
    print("counts per mechanism, query type, verdict and graph compared with trust-dev.jsonl's")
    gates = sorted(q["id"] for q in qs if q["mechanism"] == "gate")
    if gates != sorted(GATE_KIND) or any(td["TD" + i[2:]]["mechanism"] != "gate" for i in gates):
        print("FAIL gate questions", gates, "!=", sorted(GATE_KIND))
        fails += 1
    for k, ids in var_use.items():
        print(f"variation {k} ({VARIATION_NAMES[k]}): {len(ids)} questions {ids}")
        if len(ids) < 3:
            print(f"FAIL variation {k} is used {len(ids)} times (at least 3)")
            fails += 1
    n_two = sum(1 for v in VARS.values() if len({k for k, _, _ in v}) >= 2)
    print(f"questions with two or more variations: {n_two} of {len(VARS)}")
    if n_two * 2 <= len(VARS):
        print("FAIL most questions must carry two variations")
        fails += 1
    worst = (0.0, "")
    for i, a in enumerate(qs):  # no two TP questions repeat each other
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
    print("graph of each TP against its TD:", json.dumps(dict(sorted(moves.items()))))
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
