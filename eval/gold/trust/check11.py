#!/usr/bin/env python3
"""Checks trust-dev11.jsonl (TN01-TN30) against the fixture graphs g1.ttl .. g4.ttl.

trust-dev11 is written to the design "new sentence forms": one TN question per TD question of trust-dev.jsonl,
with TDn's mechanism, query type, verdict kind and gate kind (and the same totals per graph), each written in a
sentence form that none of trust-dev.jsonl .. trust-dev10.jsonl uses for that mechanism (a question buried in a
statement, opening with the metric or a bare year, a conditional, a comparison with the past, a negated claim
with a positive tag, an indirect request, two facts to confirm at once, a plural subject, passive voice, a
relative clause, a choice among named options, and so on). The facts may repeat earlier files' facts.

Same reference rules as check.py .. check10.py (imported from them, not copied): check.py gives graph loading,
the SPARQL queries and the reference trust rules (recency, corroboration, the six conflict readings);
check10.py's namespace carries the computers of check2.py .. check10.py (through check8.py) and check6.py's
table of the README's stable conflicts. This file adds three computers (two or more claims confirmed in one
sentence; the best on a board with the careless high-to-low string sort as evidence; the conflict check and
per-year check over this file's own boards), the gate-kind verifiers, the premises of its own questions and the
sentence-form check.

For every question the answer is recomputed from the graph, independently of the JSONL, and
- the recomputed `expected` (as a set) and `verdict` must equal the file's, for every current year from 2025
  to 2030 (checked here by setting check.NOW to each year, whatever TRUST_NOW is);
- the anchor written in the question must be the one used ("as of Y" / "in Y" = up to Y, "before Y" = up to
  Y-1), and an "in Y" question must give the same answer read as "published in Y";
- must_keep facts must survive the conflict rules and the anchor; must_remove facts must be of kind (a) lost a
  clear conflict, (b) a former best, or (c) after the anchor / undated, never the surviving best, with the same
  kind for every current year 2025-2030;
- every value conflict a question touches (its boards, its facts, the model's rows) must be one of the README's
  stable ten, with the README's outcome, for every current year 2025-2030;
- every expected string must be in the graph's text; the premises the question states must hold, and the
  careless answer it is built against is printed;
- TNn must have TDn's mechanism, query type and verdict, and TN25-TN30 TD25-TD30's gate kinds, each verified on
  the graph; the counts per mechanism, query type, verdict and graph must equal trust-dev.jsonl's (read from
  that file);
- the sentence form: each TN question is matched by the pattern of the form it is written in, and no question
  of trust-dev.jsonl .. trust-dev10.jsonl with the same mechanism is matched by that pattern. The forms the ten
  files use are printed per mechanism (openings, tags, clause structure, what is named first);
- no TN question shares 60% or more of its words with any question of trust-dev.jsonl .. trust-dev10.jsonl or
  with another TN question, and none repeats one.

Where things are: the earlier checkers (check.py .. check10.py), the fixture graphs and trust-dev.jsonl ..
trust-dev10.jsonl are looked for beside this file first, then in /work/main/eval/gold/trust. trust-dev11.jsonl
is read from beside this file. Needs rdflib and pyoxigraph.

Run: python3 check11.py          (exit status 1 on any failure)
     TRUST_NOW=2025 python3 check11.py ; TRUST_NOW=2030 python3 check11.py
"""
import json
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
from check10 import (parse_anchor, papers_stating, published_in_same5, led, paper_year, A_passed_since,  # noqa: E402
                     STABLE, FIELDS, Q_ALL_DATASETS, raw_p29, fact_kinds, first_named, norm, words, jaccard)

HERE = os.path.dirname(os.path.abspath(__file__))  # the earlier checkers' HERE was imported above; this file's own
EARLIER = tuple(f"trust-dev{n}.jsonl" for n in ("", "2", "3", "4", "5", "6", "7", "8", "9", "10"))  # check10's was imported too
QFILE = os.path.join(HERE, "trust-dev11.jsonl")
DATA_DIR = os.path.dirname(os.path.abspath(C.__file__))
YEARS = range(2025, 2031)  # the current years the answers must not depend on


# ---- computers added for trust-dev11: return (expected list, verdict, evidence) --------------------------
def K_all(g, *parts):
    """two or more claims confirmed in one sentence ('X ... and Y ... - both right?'): each part is decided by its
    own computer; SUPPORTED only if every part is, REFUTED if any part is, UNCERTAIN otherwise. expected = the
    parts' expected strings."""
    exp, verdicts, evs = [], [], []
    for fn, args in parts:
        e, v, ev = fn(g, *args)
        exp += e
        verdicts.append(v)
        evs.append(f"[{fn.__name__}{args}: {v} {e}; {ev}]")
    if all(v == "SUPPORTED" for v in verdicts):
        out = "SUPPORTED"
    elif any(v == "REFUTED" for v in verdicts):
        out = "REFUTED"
    else:
        out = "UNCERTAIN"
    return exp, out, f"parts {verdicts} -> {out}; " + " ".join(evs)


def A_best_desc_trap(g, dataset, metric):
    """'if i sort the scores from high to low, which model is on top': A_best; the careless string sort (SPARQL
    ORDER BY DESC on the stored strings, check.SELECT_STRING_MAX) must put the board's oldest dated result on top,
    from a paper that really states it."""
    exp, verdict, ev = A_best(g, dataset, metric)
    r = g.sel(C.SELECT_STRING_MAX.format(dataset=dataset, metric=metric))[0]
    m, v = str(r["model"]), str(r["value"])
    assert m != exp[0], f"no string-sort trap: {m} {v}"
    src = papers_stating(g, m, dataset, metric, C.parse_value(v))
    assert src, f"nobody states {m} {v}"
    oldest = A_oldest(g, dataset, metric)[0]
    assert oldest[0] == m, f"the string-sorted top {m} is not the oldest result {oldest}"
    return exp, verdict, (f"{ev}; careless string ORDER BY DESC: {m} {v!r}, stated by {[t for _, t, _ in src]} "
                          f"(the oldest dated result on the board, {oldest[2]})")


# ---- the questions: (graph, anchor, computer, args) ------------------------------------------------
KCM = "Kelp Canopy Mapping"
SPEC = {
    # recency
    "TN01": ("g1", None, A_best, (CI, "F1")),
    "TN02": ("g1", None, K_better, ("Quillon-XL", "PimbraFormer", BM, "Accuracy")),
    "TN03": ("g2", None, A_best, (DA, W)),
    "TN04": ("g4", None, A_topic_latest, (KCM,)),
    # superseded
    "TN05": ("g1", None, K_best, ("Lumoria", SK, "Mean IoU")),
    "TN06": ("g2", None, K_best, ("Warbleon", HO, "Accuracy")),
    "TN07": ("g3", None, K_best, ("Murrelet-MT", OR, "BLEU")),
    "TN08": ("g4", None, A_passed_since, ("Brinehawk", SE, "F1")),
    # conflict
    "TN09": ("g1", None, A_value, ("KestrelNet", BM, "Accuracy")),
    "TN10": ("g1", None, K_value, ("Tavrosa", BM, "Accuracy", 86.1)),
    "TN11": ("g2", None, K_value, ("Warbleon", HO, "Accuracy", 79.5)),
    "TN12": ("g2", None, A_best, (HO, "Accuracy")),
    "TN13": ("g3", None, A_usage, ("Gannetron",)),
    # corroboration
    "TN14": ("g1", None, A_value, ("Orvalis-CNN", CI, "F1")),
    "TN15": ("g2", None, K_value, ("Corrasine", VE, W, 7.2, None, 2)),
    "TN16": ("g4", None, K_all, ((K_value, ("Selkora", SE, "F1", 88.5, None, 2)),
                                 (K_value, ("Undertow-GNN", SE, "F1", 86.0, None, 2)))),
    # as_of
    "TN17": ("g1", 2020, A_best, (BM, "Accuracy", 2020)),
    "TN18": ("g2", 2022, A_best, (DA, W, 2022)),
    "TN19": ("g3", 2021, A_best, (OR, "BLEU", 2021)),
    "TN20": ("g3", 2022, K_best, ("Murrelet-MT", QU, "BLEU", 2022)),
    "TN21": ("g4", 2020, K_best, ("Selkora", SE, "F1", 2020)),
    # metadata
    "TN22": ("g4", None, A_year, ("Tidewick:",)),
    "TN23": ("g3", None, A_dois, ("Murrelet-MT:",)),
    "TN24": ("g2", None, K_all, ((K_year, ("Trillbert:", 2022)), (K_year, ("Plumaro:", 2024)))),
    # gate
    "TN25": ("g1", None, A_gate_absent, ((r"\bsea ice\b", r"concentration"), (r"\bice\b",))),
    "TN26": ("g1", None, K_all, ((K_absent_pair_any, ("Quillon-XL", SK)), (K_absent_pair_any, ("PimbraFormer", SK)))),
    "TN27": ("g2", None, K_absent_pair_any, ("Warbleon", VE)),
    "TN28": ("g2", None, K_paper, ("Syrinxa:", "Syrinxa", HO, "Accuracy", 90.1)),
    "TN29": ("g3", None, A_best_desc_trap, (OR, "BLEU")),
    "TN30": ("g4", None, A_year, ("Driftmere:",)),
}

# the (dataset, metric) boards each question reads, for the conflict check
BOARDS = {
    "TN01": [(CI, "F1")], "TN02": [(BM, "Accuracy")], "TN03": [(DA, W)], "TN04": [(KW, "Mean IoU")],
    "TN05": [(SK, "Mean IoU")], "TN06": [(HO, "Accuracy")], "TN07": [(OR, "BLEU")], "TN08": [(SE, "F1")],
    "TN09": [(BM, "Accuracy")], "TN10": [(BM, "Accuracy")], "TN11": [(HO, "Accuracy")], "TN12": [(HO, "Accuracy")],
    "TN13": [(OR, "BLEU"), (QU, "BLEU")], "TN14": [(CI, "F1")], "TN15": [(VE, W)], "TN16": [(SE, "F1")],
    "TN17": [(BM, "Accuracy")], "TN18": [(DA, W)], "TN19": [(OR, "BLEU")], "TN20": [(QU, "BLEU")],
    "TN21": [(SE, "F1")], "TN22": [], "TN23": [], "TN24": [], "TN25": [], "TN26": [(SK, "Mean IoU")],
    "TN27": [(VE, W)], "TN28": [(HO, "Accuracy")], "TN29": [(OR, "BLEU")], "TN30": [],
}
# models whose every row the question reads (a usage question), for the conflict check
MODEL_ROWS = {"TN13": "Gannetron"}


# ---- the sentence forms ---------------------------------------------------------------------------------
# name: (pattern, what it is). A TN question in form F must match F's pattern, and no question of
# trust-dev.jsonl .. trust-dev10.jsonl with the same mechanism may match it.
FORMS = {
    "buried": (r"^[^?]+[.;:] [^?]+\? [^?]*[a-z][^?]*\.$",
               "a statement, the question in the middle, a statement after it"),
    "conditional": (r"^if\b", "a conditional: 'if i ..., am i / which ...?'"),
    "metric_first": (r"^(?:accuracy|acc|f1|f-score|f-measure|mean iou|miou|word error rate|wer|bleu|chrf|top-1)\b",
                     "opens with the metric"),
    "year_first": (r"^\d{4}\b", "opens with a bare year as the subject"),
    "relative": (r"^the (?:[\w'-]+ ){0,6}(?:model|system|paper|one|result|figure|number)s? (?:that|which|who|whose)\b",
                 "opens with a noun phrase carrying a relative clause ('the model that ...'), then the question"),
    "why": (r"^(?:why|how come)\b", "a why-question whose presupposition is the claim"),
    "reported": (r"\b(?:reviewer|colleague|supervisor|advisor|co-author|someone|somebody|people)s? "
                 r"(?:says|said|told|tells|claims|claimed|insists|insisted|wrote|keep saying)\b",
                 "reported speech: someone else's claim, then 'is he/she right?'"),
    "correct_me": (r"^correct me\b", "'correct me if i'm wrong, but' + a statement"),
    "changed_since": (r"\b(?:changed|moved|shifted) since\b", "a comparison with the past: 'how has ... changed since ...'"),
    "cleft": (r"^what i\b", "a cleft statement: 'what i can't pin down is ...'"),
    "negated": (r"\b(?:never|nobody|no one|nothing|not|doesn't|don't|didn't|isn't|wasn't|hasn't|hadn't|won't)\b[^?]*, "
                r"(?:does|do|did|is|was|has|had|will|would) (?:it|they|he|she|there)\?$",
                "a negated claim with a positive tag: '... doesn't ..., does it?'"),
    "whether": (r"\bwhether\b", "an embedded yes/no question: 'could you check whether ...'"),
    "choice": (r"\bwhich of [\w.'-]+,? (?:[\w.'-]+,? )?(?:and|or) [\w.'-]+", "a choice among named options: 'which of A, B and C'"),
    "we": (r"^we(?:'re|'ve| are| have| want| need)?\b", "opens with 'we' and the asker's purpose"),
    "indirect": (r"^(?:i need|i'd like|i want|i'm looking for|i am looking for|i'm after)\b",
                 "an indirect request: 'i need ...', 'i'm looking for ...'"),
    "two_facts": (r"\b(?:are|is) both\b|\bboth (?:of (?:those|these|them) )?(?:right|true|correct|accurate)\b|\bboth parts\b",
                  "two facts to confirm in one sentence: '... and ... - are both right?'"),
    "passive": (r"\b(?:is|was|are|were|been|being)\b(?: [\w'.-]+){0,8} (?:held|reported|beaten|confirmed|backed up|stated|"
                r"published|reproduced|matched|topped|given|run|evaluated|surpassed|overtaken|outdone|bettered|replicated|"
                r"led|claimed) by (?!\d{4})", "passive voice with an agent: 'was held by which model', 'reported by ...'"),
    "look": (r"\bhow did\b.*\blook\b", "asks how a board looked at a date"),
    "surely": (r"^surely\b", "'surely ...?', a confident claim as a question"),
    "plural": (r"^(?:do |did |are |were |have )?(?:the )?[\w'-]+(?: paper)? and (?:the )?[\w'-]+|"
               r"^(?:several|two|three|many|both|all) [\w-]+s\b", "a plural subject: 'X and Y get ... respectively'"),
    "any_idea": (r"^(?:any idea|do you know|do you happen to know|does anyone know)\b",
                 "'any idea ...', an embedded wh-question"),
}
FORM = {
    "TN01": "buried", "TN02": "conditional", "TN03": "metric_first", "TN04": "relative", "TN05": "why",
    "TN06": "reported", "TN07": "correct_me", "TN08": "changed_since", "TN09": "cleft", "TN10": "negated",
    "TN11": "whether", "TN12": "choice", "TN13": "we", "TN14": "indirect", "TN15": "year_first",
    "TN16": "two_facts", "TN17": "relative", "TN18": "passive", "TN19": "look", "TN20": "surely",
    "TN21": "buried", "TN22": "choice", "TN23": "we", "TN24": "two_facts", "TN25": "indirect",
    "TN26": "plural", "TN27": "surely", "TN28": "passive", "TN29": "conditional", "TN30": "any_idea",
}

# how the earlier files' questions are built, to list the forms they use per mechanism (printed, not asserted)
OPENING = (
    ("an anchor first ('as of 2018, ...', 'back in 2017 ...', 'before 2019 ...')", r"^(?:as of|back in|in|by|before|prior to) \d{4}\b"),
    ("a request or imperative ('give', 'list', 'name', 'tell me', 'confirm:', 'could you point me', 'i need', 'need ...')",
     r"^(?:give|list|name|tell|confirm|could you|i need|need\b|newest publication)"),
    ("'true or false:'", r"^true or false\b"),
    ("a wh-word ('what', 'which', 'who', 'when', 'where', 'how')", r"^(?:what|what's|which|who|who's|whose|when|where|how)\b"),
    ("an auxiliary, a yes/no question ('is', 'does', 'has', 'did', 'was', 'am i right')",
     r"^(?:is|isn't|does|do|did|has|have|had|was|were|are|am|can|would)\b"),
    ("the asker ('i read that', 'i keep seeing', 'i'm citing', 'my notes say')", r"^(?:i|i'm|i'd|my)\b"),
    ("a paper, study or group as subject ('the X paper reports', 'a 2024 study', 'two papers', 'several papers', "
     "'somebody', 'nobody', 'since ...')", r"^(?:the|a|an|two|several|somebody|nobody|since)\b"),
    ("a name first (model, board, paper or topic), as a claim or a fronted phrase", r"."),
)
TAG = r"(right|yes|yeah|correct|corect|true|no|isn't it|doesn't it|doesnt it|wasn't it|didn't it|don't they|" \
      r"isn't that right|\(yes/no\)|true or false)\??\.?$"
STRUCTURE = (
    ("a fronted phrase, then ' - ' or ':' and the question", r"^[^?]*?(?: - |: )"),
    ("a premise and 'so'", r"\bso\b"),
    ("alternatives ('X or Y', 'vs', '>')", r"\b(?:or|vs\.?)\b| > "),
    ("'even though' / 'since' / 'back when' clause", r"\beven though\b|^since\b|\bback when\b|\bbefore \w+ took\b"),
    ("a second sentence or question after the first", r"[?.] \w"),
)


def profile(qs, models):
    """openings, tags, clause structures and what is named first, over a list of questions (for the listing)."""
    out = {"opening": {}, "tag": {}, "structure": {}, "named first": {}}
    for q in qs:
        t = q["question"].lower().strip()
        op = next(name for name, rx in OPENING if re.search(rx, t))
        out["opening"][op] = out["opening"].get(op, 0) + 1
        m = re.search(TAG, t)
        tag = (m.group(1) + "?") if m and (t.endswith("?") or "yes/no" in m.group(1) or m.group(1) == "true or false") else "no tag"
        out["tag"][tag] = out["tag"].get(tag, 0) + 1
        sts = [name for name, rx in STRUCTURE if re.search(rx, t)] or ["one clause"]
        for s in sts:
            out["structure"][s] = out["structure"].get(s, 0) + 1
        nf = first_named(q["question"], models)
        out["named first"][nf] = out["named first"].get(nf, 0) + 1
    return out


# ---- gate kinds of trust-dev.jsonl (README.md "Gate questions"), verified on the graph ------------------
def gate_topic(g, q):
    assert q["query_type"] == "dataset_search" and not q["expected"] and SPEC[q["id"]][2] is A_gate_absent
    return "dataset search for a topic no label matches, sharing words with ones the graph has (TD25)"


def gate_own_values(g, q):
    fn, parts = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is K_all and all(f is K_absent_pair_any for f, _ in parts)
    claimed = [float(x) for x in re.findall(r"\d+\.\d+", q["question"])]
    assert len(claimed) == len(parts), (claimed, parts)
    out = []
    for v, (_, (model, dataset)) in zip(claimed, parts):
        own = {C.parse_value(r["value"]): (r["dataset"], r["metric"]) for r in g.rows if r["model"] == model}
        assert v in own and own[v][0] != dataset, (model, v, own)
        out.append(f"{model} never ran on {dataset}; the claimed {fmt(v)} is its own {own[v][1]} on {own[v][0]}")
    return "; ".join(out) + " (TD26)"


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
    assert SPEC[q["id"]][2] is A_best_desc_trap and q["expected"] and q["verdict"] is None
    return "a string-sorted 'best' puts the oldest result, really stated by its paper, on top (TD29's string-sort trap)"


def gate_no_year(g, q):
    fn, (title,) = SPEC[q["id"]][2], SPEC[q["id"]][3]
    assert fn is A_year and not q["expected"]
    raw = [d["years"] for d in g.papers.values() if d["title"].startswith(title)]
    assert len(raw) == 1 and raw[0] and all(1 <= y <= 12 for y in raw[0]), raw
    return f"a value the graph does not have: the {title!r} paper's only P29 is a month (raw {raw[0]}) (TD30)"


GATE_KIND = {
    "TN25": gate_topic, "TN26": gate_own_values, "TN27": gate_bound, "TN28": gate_wrong_paper,
    "TN29": gate_string_sort, "TN30": gate_no_year,
}


# ---- premises the questions state, and the traps, recomputed as evidence -------------------------------
def premise_tn01(g):
    nr = newest_rows(g, CI, "F1")
    assert nr.startswith("newest results (2024)"), nr
    return (f"{nr} (the question's 'newest entries ... from 2024'); careless (newest first): {recency_order(g, CI, 'F1')[:1]}; "
            f"careless (typo kept, string sort): {naive_order(g, CI, 'F1')[:2]}")


def premise_tn02(g):
    a, b = paper_year(g, "Quillon-XL:"), paper_year(g, "PimbraFormer:")
    assert a - b == 3, (a, b)
    return f"Quillon-XL paper {a}, PimbraFormer paper {b} (three years newer, as the question says); careless (newer = better): SUPPORTED"


def premise_tn03(g):
    nr = newest_rows(g, DA, W)
    assert nr == "newest results (2025): [('Corrasine', '8.9')]", nr
    return f"{nr}; careless (newest first): {recency_order(g, DA, W)[:1]}; careless (highest number): {A_worst(g, DA, W)[0]}"


def premise_tn04(g):
    kw = [(d["title"], d["years"]) for d in g.papers.values() if "kelp" in d["title"].lower()]
    return f"papers with 'kelp' in the title and their raw P29: {kw}"


def premise_tn05(g):
    assert paper_year(g, "Lumoria:") == 2019
    return led(g, "Lumoria", SK, "Mean IoU") + "; the Lumoria paper is from 2019; Sallowmere raw P29 " + raw_p29(g, "Sallowmere:") + \
        "; careless source: " + K_paper(g, "Lumoria:", "Lumoria", SK, "Mean IoU", 61.5)[2]


def premise_tn06(g):
    return (led(g, "Warbleon", HO, "Accuracy") + "; Warbleon now: " + A_value(g, "Warbleon", HO, "Accuracy")[2]
            + "; careless (no conflict removal): " + naive_best(g, HO, "Accuracy", None))


def premise_tn07(g):
    keep, _ = surv(g, "Murrelet-MT", OR, "BLEU")
    assert keep == {34.2}, keep
    return (led(g, "Murrelet-MT", OR, "BLEU") + "; Ibbotrans (2023) " + A_value(g, "Ibbotrans", OR, "BLEU")[2]
            + "; careless string ORDER BY DESC: " + repr(g.sel(C.SELECT_STRING_MAX.format(dataset=OR, metric="BLEU"))))


def premise_tn08(g):
    assert paper_year(g, "Brinehawk:") == 2014
    return (led(g, "Brinehawk", SE, "F1") + "; the Brinehawk paper is from 2014; Tidewick raw P29 " + raw_p29(g, "Tidewick:")
            + "; Selkora raw P29 " + raw_p29(g, "Selkora:") + "; leader now: " + A_best(g, SE, "F1")[2])


def premise_tn09(g):
    ps = {v: [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "KestrelNet", BM, "Accuracy", v)] for v in (78.9, 74.1)}
    assert [t for t, _ in ps[78.9]] == ["KestrelNet: Shallow Convolutions for Crevasse Field Segmentation"], ps
    assert len(ps[74.1]) == 1 and "Reproducibility Study" in ps[74.1][0][0], ps
    return f"its own paper and the later reproducibility study disagree: {ps}; careless (own paper): 78.9"


def premise_tn10(g):
    ps = {v: [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Tavrosa", BM, "Accuracy", v)] for v in (86.1, 85.4)}
    assert all(len(x) == 1 for x in ps.values()), ps
    return f"papers {ps}; careless: one side only (REFUTED from the re-run, SUPPORTED from the 2020 paper)"


def premise_tn11(g):
    n = C.count_papers(g, "Warbleon", HO, 79.5)
    assert n == 2, n
    ps = {v: [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Warbleon", HO, "Accuracy", v)] for v in (79.5, 80.7)}
    return f"'two of the papers' hold: 79.5 in {n} papers; {ps}; careless (two papers outvote one): SUPPORTED"


def premise_tn12(g):
    on = {r["model"] for r in g.rows if r["dataset"] == HO}
    assert {"Syrinxa", "Plumaro", "Chirpform"} <= on, on
    return (f"the three named models are on Hollenby; board {[(m, fmts(v)) for m, v in models_in_order(g, HO, 'Accuracy')]}; "
            f"careless (no conflict removal): {naive_best(g, HO, 'Accuracy', None)}")


def premise_tn13(g):
    ps = {v: [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Gannetron", OR, "BLEU", v)] for v in (21.5, 18.9)}
    assert len(ps[21.5]) == 1 and len(ps[18.9]) == 2, ps
    return f"Orrenby papers {ps}; careless (own paper): 21.5"


def premise_tn14(g):
    n87, n97 = C.count_papers(g, "Orvalis-CNN", CI, 87.0), C.count_papers(g, "Orvalis-CNN", CI, 97.0)
    assert (n87, n97) == (4, 1), (n87, n97)
    return f"87.0 in {n87} papers, 97.0 (the odd one out) in {n97}; careless (typo kept): {naive_order(g, CI, 'F1')[:1]}"


def premise_tn15(g):
    ps = [(t, g.valid_years(p)) for p, t, _ in papers_stating(g, "Corrasine", VE, W, 7.2)]
    assert sorted(y for _, ys in ps for y in ys) == [2023, 2024], ps
    other = sorted((r["model"], r["value"]) for r in g.rows if g.papers[r["paper"]]["title"].startswith("Low-Latency"))
    return f"2023 and 2024 papers state 7.2: {ps}; the 2024 comparison's rows {other} (one side of the Aviquist tie)"


def premise_tn16(g):
    ps = {m: [(t, g.papers[p]["years"], g.papers[p]["dois"]) for p, t, _ in papers_stating(g, m, SE, "F1", v)]
          for m, v in (("Selkora", 88.5), ("Undertow-GNN", 86.0))}
    assert all(len(x) == 2 for x in ps.values()), ps
    return f"two separate papers each: {ps}"


def premise_tn17(g):
    return ("without the anchor: " + A_best(g, BM, "Accuracy")[2] + "; Tavrosa now: " + A_value(g, "Tavrosa", BM, "Accuracy")[2]
            + "; Tavrosa as of 2020: " + A_value(g, "Tavrosa", BM, "Accuracy", 2020)[2])


def premise_tn18(g):
    return ("Trillbert raw P29 " + raw_p29(g, "Trillbert:") + "; without the anchor: " + A_best(g, DA, W)[2]
            + "; Trillbert now: " + A_value(g, "Trillbert", DA, W)[2])


def premise_tn19(g):
    return ("without the anchor: " + A_best(g, OR, "BLEU")[2] + "; Gannetron as of 2021: " + A_value(g, "Gannetron", OR, "BLEU", 2021)[2]
            + "; careless string ORDER BY DESC: " + repr(g.sel(C.SELECT_STRING_MAX.format(dataset=OR, metric="BLEU"))))


def premise_tn20(g):
    keep, _ = surv(g, "Murrelet-MT", QU, "BLEU")
    assert keep == {19.6}
    assert paper_year(g, "Ibbotrans:") == 2023
    return "the question's 19.6 is Murrelet-MT's Quenmark value; without the anchor: " + A_best(g, QU, "BLEU")[2] + " (Ibbotrans paper 2023)"


def premise_tn21(g):
    return "Selkora raw P29 " + raw_p29(g, "Selkora:") + "; naive (min raw P29): " + naive_best(g, SE, "F1", 2020) + \
        "; Tidewick raw P29 " + raw_p29(g, "Tidewick:")


def premise_tn22(g):
    raw = raw_p29(g, "Tidewick:")
    assert raw == "[[2017, 2019]]", raw
    return f"raw P29 {raw}: the two offered years are both recorded"


def premise_tn23(g):
    hits = [d["title"] for d in g.papers.values() if "document-level translation" in d["title"].lower()]
    assert hits == ["Murrelet-MT: Document-Level Translation for Vendish"], hits
    return f"the paper named is {hits[0]!r} ({paper_year(g, 'Murrelet-MT:')})"


def premise_tn24(g):
    ps = [d["title"] for d in g.papers.values() if "plumaro" in d["title"].lower()]
    assert ps == ["Plumaro: Multi-Task Learning for Avian Audio"], ps
    return ("Trillbert raw P29 " + raw_p29(g, "Trillbert:") + "; Plumaro raw P29 " + raw_p29(g, "Plumaro:")
            + f"; the only paper whose title names Plumaro: {ps}; careless (min raw P29 as the year): Trillbert 5")


def premise_tn27(g):
    return "Warbleon's rows: " + repr(sorted({(r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == "Warbleon"}))


def premise_tn28(g):
    ex, v, ev = K_paper(g, "Plumaro:", "Plumaro", HO, "Accuracy", 90.1)
    assert v == "SUPPORTED"
    return "90.1 is real but Plumaro's, from the Plumaro paper: " + ev


def premise_tn30(g):
    return "Driftmere raw P29 " + raw_p29(g, "Driftmere:") + "; DOIs " + repr(A_dois(g, "Driftmere:")[0])


PREMISE = {
    "TN01": premise_tn01, "TN02": premise_tn02, "TN03": premise_tn03, "TN04": premise_tn04, "TN05": premise_tn05,
    "TN06": premise_tn06, "TN07": premise_tn07, "TN08": premise_tn08, "TN09": premise_tn09, "TN10": premise_tn10,
    "TN11": premise_tn11, "TN12": premise_tn12, "TN13": premise_tn13, "TN14": premise_tn14, "TN15": premise_tn15,
    "TN16": premise_tn16, "TN17": premise_tn17, "TN18": premise_tn18, "TN19": premise_tn19, "TN20": premise_tn20,
    "TN21": premise_tn21, "TN22": premise_tn22, "TN23": premise_tn23, "TN24": premise_tn24,
    "TN25": lambda g: "datasets in the graph " + repr(sorted(str(r["dl"]) for r in g.sel(Q_ALL_DATASETS))),
    "TN26": lambda g: "Quillon-XL and PimbraFormer rows " + repr(sorted({(r["model"], r["dataset"], r["value"]) for r in g.rows
                                                                        if r["model"] in ("Quillon-XL", "PimbraFormer")})),
    "TN27": premise_tn27, "TN28": premise_tn28,
    "TN29": lambda g: "numeric best vs the oldest result: " + A_oldest(g, OR, "BLEU")[2],
    "TN30": premise_tn30,
}


# ---- per-year checks: conflicts touched, fact kinds ------------------------------------------------
def conflicts_touched11(g, qid, q):
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


def per_year(g, q, fn, args, anchor):
    """the recomputed answer, the must_remove kinds and the conflicts touched for every current year 2025..2030."""
    saved = C.NOW
    outs = {}
    try:
        for y in YEARS:
            C.NOW = y
            exp, verdict, _ = fn(g, *args)
            kinds = tuple(k.split(" (best")[0] for _, k in fact_kinds(g, q, anchor))
            outs[y] = (tuple(sorted(set(exp))), verdict, kinds, tuple(conflicts_touched11(g, q["id"], q)))
    finally:
        C.NOW = saved
    return outs


def main():
    graphs = {k + ".ttl": C.G(k + ".ttl") for k in ("g1", "g2", "g3", "g4")}
    qs = [json.loads(l) for l in open(QFILE)]
    dev = [json.loads(l) for f in EARLIER for l in open(os.path.join(DATA_DIR, f))]
    td = {d["id"]: d for d in dev if d["id"].startswith("TD")}
    assert len(td) == 30, len(td)
    dev_q = {norm(d["question"]): d["id"] for d in dev}
    models = sorted({r["model"] for gr in graphs.values() for r in gr.rows})
    fails = 0
    print(f"TRUST_NOW={C.NOW}; checkers, graphs and dev files from {TRUST_DIR}; {len(qs)} questions in {QFILE}; "
          f"{len(dev)} earlier dev questions ({', '.join(EARLIER)})")
    if [q["id"] for q in qs] != [f"TN{i:02d}" for i in range(1, 31)]:
        print("FAIL ids are not TN01..TN30 in order")
        fails += 1
    if set(SPEC) != {q["id"] for q in qs} or set(FORM) != set(SPEC):
        print("FAIL questions, checks and forms differ:", sorted(set(SPEC) ^ {q["id"] for q in qs}), sorted(set(FORM) ^ set(SPEC)))
        fails += 1

    # the forms the ten earlier files use, per mechanism
    mechs = ("recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate")
    print("\nsentence forms of trust-dev.jsonl .. trust-dev10.jsonl, per mechanism (counts of questions):")
    for mech in mechs:
        p = profile([d for d in dev if d["mechanism"] == mech], models)
        n = sum(1 for d in dev if d["mechanism"] == mech)
        print(f"  {mech} ({n} questions)")
        for k in ("opening", "tag", "structure", "named first"):
            print(f"    {k}: " + "; ".join(f"{x} {c}" for x, c in sorted(p[k].items(), key=lambda t: -t[1])))
        hit = sorted(f for f, (rx, _) in FORMS.items() if any(re.search(rx, d["question"], re.I) for d in dev if d["mechanism"] == mech))
        print(f"    of this file's form patterns, already used for {mech}: {hit or 'none'}")
    print()

    counts = {"mechanism": {}, "query_type": {}, "verdict": {}, "graph": {}}
    target = {k: {} for k in counts}
    for d in td.values():
        for k in target:
            target[k][str(d[k])] = target[k].get(str(d[k]), 0) + 1
    conflicts_used, closest, form_use = {}, {}, {}
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
            assert q["question"][0].islower() or q["question"][0].isdigit(), "questions are typed casually, lower case"
            # TNn against TDn: same kinds
            t = td["TD" + q["id"][2:]]
            assert (t["mechanism"], t["query_type"], t["verdict"]) == (q["mechanism"], q["query_type"], q["verdict"]), \
                f"does not mirror {t['id']}: {(t['mechanism'], t['query_type'], t['verdict'])}"
            # the sentence form: matched by its pattern, used by no earlier question of the same mechanism
            form = FORM[q["id"]]
            rx, desc = FORMS[form]
            assert re.search(rx, q["question"], re.I), f"the question does not match its form {form!r}"
            same = [d["id"] for d in dev if d["mechanism"] == q["mechanism"] and re.search(rx, d["question"], re.I)]
            assert not same, f"form {form!r} is already used for {q['mechanism']} by {same}"
            other = [d["id"] for d in dev if re.search(rx, d["question"], re.I)]
            form_use.setdefault(form, []).append(q["id"])
            # words: no repeat, under 60% shared with any earlier question
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
            used = conflicts_touched11(g, q["id"], q)
            for u in used:
                conflicts_used.setdefault(u, []).append(q["id"])
            if q["mechanism"] == "gate":
                ev += "\n      gate kind: " + GATE_KIND[q["id"]](g, q)
            if q["id"] in PREMISE:
                ev += "\n      premise/trap: " + PREMISE[q["id"]](g)
            ev += (f"\n      same answer, must_remove kinds and conflicts for current years {YEARS.start}-{YEARS.stop - 1}; "
                   f"conflicts touched: {used or 'none'}")
            ev += (f"\n      form {form!r} ({desc}): used by no earlier {q['mechanism']} question"
                   f"{'; other mechanisms: ' + ', '.join(other) if other else ', nor by any earlier question'}")
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
    gates = sorted(q["id"] for q in qs if q["mechanism"] == "gate")
    if gates != sorted(GATE_KIND) or any(td["TD" + i[2:]]["mechanism"] != "gate" for i in gates):
        print("FAIL gate questions", gates, "!=", sorted(GATE_KIND))
        fails += 1
    seen, worst = {}, (0.0, "")
    for i, a in enumerate(qs):  # no two TN questions repeat each other or share 60% of their words
        k = norm(a["question"])
        if k in seen:
            print(f"FAIL {a['id']} repeats {seen[k]}")
            fails += 1
        seen[k] = a["id"]
        for b in qs[i + 1:]:
            ov = jaccard(words(a["question"]), words(b["question"]))
            worst = max(worst, (ov, f"{a['id']}/{b['id']}"))
            if ov >= 0.6:
                print(f"FAIL {a['id']} and {b['id']} share {ov:.2f} of their words")
                fails += 1
    top3 = sorted(((v[0], k, v[1]) for k, v in closest.items()), reverse=True)[:3]
    print("closest earlier questions: " + ", ".join(f"{k}/{d} ({o:.2f})" for o, k, d in top3))
    print(f"closest pair inside this file: {worst[1]} ({worst[0]:.2f})")
    print(f"forms used ({len(form_use)}):", json.dumps(dict(sorted(form_use.items()))))
    same_fact = {}
    for q in qs:  # earlier questions on the same graph with the same expected answer (shown, not a failure)
        if q["expected"]:
            hits = [d["id"] for d in dev if d["graph"] == q["graph"] and set(d["expected"]) == set(q["expected"])]
            if hits:
                same_fact[q["id"]] = hits
    print("earlier questions with the same graph and expected answer (a fact asked again in a new form):", json.dumps(same_fact))
    print("conflicts touched (all in README's stable table):", json.dumps(conflicts_used))
    print("gate kinds:", json.dumps({k: v.__name__ for k, v in GATE_KIND.items()}))
    print("\nFAILURES:", fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
