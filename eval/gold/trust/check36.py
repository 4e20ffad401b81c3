#!/usr/bin/env python3
"""check36.py: re-derives every answer of trust-dev36.jsonl (UK01-UK20) from the fixture graphs.

Angle of the file: the research problem or the field as the way in ("what's the state of the art for
<problem>?", "which benchmarks exist for <problem>?", "is X the best <problem> system across the board?").

Rules (public READMEs, and README36.md "Ambiguities decided"):
  * a problem's boards are the (dataset, metric) pairs of the contributions whose P32 is that problem;
    a field's papers are those whose P30 is that field;
  * a problem question is answered per board, never with one number across datasets or metrics;
  * P29 values 1..12 are months, not years; a paper with no other P29 has no usable year; a paper with
    two real years is read with each ("worlds") and an answer is used only when every world agrees;
  * conflicts: weight of a value = e^(-0.08 * age of its newest stating paper) * (1 + 0.8 ln(1 + papers)),
    ages from the anchor or the current year; the weaker value goes when the weights differ by more than
    0.30 (read both as relative and as absolute difference; both must agree, and both must agree with
    check.surviving, which scores six readings);
  * "as of Y" = papers up to Y, undated papers left out; Word Error Rate is lower-is-better;
  * a model leads a board when every surviving value of it beats every surviving value of every other
    model there; otherwise the board is undecided.

Usage:  python3 check36.py            (last line FAILURES: 0, exit 0)
        TRUST_NOW=2030 python3 check36.py
        UK_FILE=/tmp/copy.jsonl python3 check36.py
"""
import sys

sys.dont_write_bytecode = True

import itertools
import json
import math
import os
import re

import rdflib

TRUST = "/work/main/eval/gold/trust"
HERE = os.path.dirname(os.path.abspath(__file__))
FILE = os.environ.get("UK_FILE") or os.path.join(HERE, "trust-dev36.jsonl")
if os.environ.get("TRUST_NOW", None) == "":   # an empty TRUST_NOW means unset (check.py would refuse it)
    del os.environ["TRUST_NOW"]
sys.path.insert(0, TRUST)
import check  # noqa: E402  (imported, not read; used for G, surviving, board, fact_exists, fmt)

LAMBDA, THRESH = 0.08, 0.30
LOWER = {"Word Error Rate"}
QTYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
MECHS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")

FAILS = []
SHOWN = set()


def fail(qid, msg):
    FAILS.append(f"{qid}: {msg}")
    print(f"  FAIL {qid}: {msg}")


# ---------------------------------------------------------------------------------------------
# the graphs, read with rdflib (own queries)
# ---------------------------------------------------------------------------------------------
PFX = """PREFIX orkgr: <http://orkg.org/orkg/resource/>
PREFIX orkgp: <http://orkg.org/orkg/predicate/>
PREFIX orkgc: <http://orkg.org/orkg/class/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
"""
Q_ROWS = PFX + """SELECT ?paper ?title ?field ?problem ?model ?dataset ?metric ?value WHERE {
  ?paper a orkgc:Paper ; rdfs:label ?title ; orkgp:P30 ?f ; orkgp:P31 ?c .
  ?f rdfs:label ?field .
  ?c orkgp:P32 ?pr . ?pr rdfs:label ?problem .
  OPTIONAL {
    ?c orkgp:HAS_MODEL ?m . ?m rdfs:label ?model .
    ?c orkgp:HAS_BENCHMARK ?b . ?b orkgp:HAS_DATASET ?d . ?d rdfs:label ?dataset .
    ?b orkgp:HAS_EVALUATION ?e . ?e orkgp:HAS_METRIC ?mt . ?mt rdfs:label ?metric . ?e orkgp:HAS_VALUE ?value .
  }
}"""
Q_META = PFX + """SELECT ?paper ?p ?o WHERE { ?paper a orkgc:Paper ; ?p ?o . FILTER(?p IN (orkgp:P26, orkgp:P29)) }"""


def clean(v):
    s = str(v).strip().rstrip("%").strip()
    if s in ("", "-"):
        return None
    return float(s)


class Graph:
    def __init__(self, name):
        self.name = name
        self.rg = rdflib.Graph()
        self.rg.parse(os.path.join(TRUST, name), format="turtle")
        self.papers = {}
        for r in self.rg.query(Q_META):
            p = self.papers.setdefault(str(r.paper), {"years_raw": [], "dois": []})
            if str(r.p).endswith("P29"):
                p["years_raw"].append(int(r.o))
            else:
                p["dois"].append(str(r.o))
        self.rows = []          # result rows
        self.contribs = []      # every (paper, problem, field), with or without results
        for r in self.rg.query(Q_ROWS):
            paper = str(r.paper)
            p = self.papers.setdefault(paper, {"years_raw": [], "dois": []})
            p["title"], p["field"] = str(r.title), str(r.field)
            self.contribs.append((paper, str(r.problem), str(r.field)))
            if r.model is not None and r.value is not None:
                self.rows.append(dict(paper=paper, problem=str(r.problem), field=str(r.field), model=str(r.model),
                                      dataset=str(r.dataset), metric=str(r.metric), raw=str(r.value),
                                      value=clean(r.value)))
        for p in self.papers.values():
            p["years"] = sorted({y for y in p["years_raw"] if y > 12})
            p["months"] = sorted({y for y in p["years_raw"] if 1 <= y <= 12})
        # every literal, values also in clean form, years as strings
        txt = set()
        for s, pr, o in self.rg:
            if isinstance(o, rdflib.Literal):
                txt.add(str(o))
                txt.add(str(o).strip())
                try:
                    c = clean(o)
                    if c is not None and str(pr).endswith("HAS_VALUE"):
                        txt.add(check.fmt(c))
                except ValueError:
                    pass
        self.text = txt

    def worlds(self):
        """One year per paper: a paper with two real years gives two worlds."""
        multi = [(k, p["years"]) for k, p in self.papers.items() if len(p["years"]) > 1]
        base = {k: (p["years"][0] if p["years"] else None) for k, p in self.papers.items()}
        out = []
        for combo in itertools.product(*[ys for _, ys in multi]):
            w = dict(base)
            for (k, _), y in zip(multi, combo):
                w[k] = y
            out.append(w)
        return out

    def naive_world(self):
        """What a careless reader does: the smallest raw P29 as the year."""
        return {k: (min(p["years_raw"]) if p["years_raw"] else None) for k, p in self.papers.items()}


GR = {n: Graph(n) for n in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")}
CG = {n: check.G(n) for n in GR}
NOW = 2026


def better(metric, a, b):
    return a < b if metric in LOWER else a > b


def resolve(g, world, model, dataset, metric, anchor=None, mode="rel", removal=True):
    """Surviving values {value: [papers]} of one triple, and the removed ones."""
    ref = anchor if anchor is not None else NOW
    vals = {}
    for r in g.rows:
        if (r["model"], r["dataset"], r["metric"]) != (model, dataset, metric) or r["value"] is None:
            continue
        y = world[r["paper"]]
        if anchor is not None and (y is None or y > anchor):
            continue
        vals.setdefault(r["value"], set()).add(r["paper"])
    if len(vals) <= 1 or not removal:
        return vals, {}
    w = {}
    for v, ps in vals.items():
        ys = [world[p] for p in ps]
        if any(y is None for y in ys):
            raise RuntimeError(f"undated paper in a conflict: {model} {dataset}")
        w[v] = math.exp(-LAMBDA * (ref - max(ys))) * (1 + 0.8 * math.log(1 + len(ps)))
    top = max(w.values())
    keep, gone = {}, {}
    for v, ps in vals.items():
        diff = (top - w[v]) / top if mode == "rel" else (top - w[v])
        (gone if diff > THRESH else keep)[v] = ps
    return keep, gone


def board(g, world, dataset, metric, anchor=None):
    """{model: set of surviving values} on a board, with the removed values {model: set}."""
    models = sorted({r["model"] for r in g.rows if (r["dataset"], r["metric"]) == (dataset, metric)})
    out, removed = {}, {}
    for m in models:
        k1, r1 = resolve(g, world, m, dataset, metric, anchor, "rel")
        k2, r2 = resolve(g, world, m, dataset, metric, anchor, "abs")
        if set(k1) != set(k2):
            raise RuntimeError(f"conflict readings disagree: {m} {dataset} {anchor}")
        if k1:
            out[m] = set(k1)
        if r1:
            removed[m] = set(r1)
    return out, removed


def dominates(metric, a_vals, b_vals):
    return all(better(metric, a, b) for a in a_vals for b in b_vals)


def leader(metric, bd):
    for m, vs in bd.items():
        if all(dominates(metric, vs, ws) for o, ws in bd.items() if o != m):
            return m
    return None


def contenders(metric, bd):
    return sorted(m for m, vs in bd.items() if not any(dominates(metric, ws, vs) for o, ws in bd.items() if o != m))


def status(metric, bd, model):
    if model not in bd:
        return "none"
    if leader(metric, bd) == model:
        return "best"
    if any(dominates(metric, ws, bd[model]) for o, ws in bd.items() if o != model):
        return "loses"
    return "open"


def problem_boards(g, problem):
    return sorted({(r["dataset"], r["metric"]) for r in g.rows if r["problem"] == problem})


def fact(m, v, d, me):
    return f"{m} scores {check.fmt(v)} on {d} by {me}"


def vals_s(vs):
    return [check.fmt(v) for v in sorted(vs)]


def first_year(g, world, model, dataset, metric):
    ys = [world[r["paper"]] for r in g.rows if (r["model"], r["dataset"], r["metric"]) == (model, dataset, metric)]
    ys = [y for y in ys if y is not None]
    return min(ys) if ys else None


def label_words_absent(g, words):
    low = " ".join(g.text).lower()
    return [w for w in words if re.search(r"\b" + re.escape(w.lower()) + r"\b", low)]


def res(expected, verdict=None, keep=(), remove=()):
    return dict(expected=list(expected), verdict=verdict, must_keep=sorted(set(keep)), must_remove=sorted(set(remove)))


# ---------------------------------------------------------------------------------------------
# computers, one per form; each returns the answer for one world
# ---------------------------------------------------------------------------------------------
def sota_now(g, w, problem):
    """State of the art per board of a problem (every board must be decided)."""
    exp, keep = [], []
    for d, me in problem_boards(g, problem):
        bd, _ = board(g, w, d, me)
        L = leader(me, bd)
        if L is None:
            raise RuntimeError(f"undecided board {d}")
        exp += [d, L] + vals_s(bd[L])
        keep += [fact(L, v, d, me) for v in bd[L]]
    return res(exp, None, keep)


def sota_claim(g, w, problem, model, superseded=False):
    """'model is the state of the art for problem' (per board, all boards of the problem)."""
    sts, exp, keep, remove = [], [], [], []
    for d, me in problem_boards(g, problem):
        bd, removed = board(g, w, d, me)
        st = status(me, bd, model)
        sts.append(st)
        L = leader(me, bd)
        # removed values that a careless (no-removal) answer would put on top
        top = bd[L] if L else set().union(*bd.values())
        for m, rv in removed.items():
            for v in rv:
                if all(better(me, v, t) for t in top):
                    remove.append(fact(m, v, d, me))
        if st == "best":
            exp += [model] + vals_s(bd[model])
            keep += [fact(model, v, d, me) for v in bd[model]]
            others = {m: vs for m, vs in bd.items() if m != model}
            ru = leader(me, others)
            if ru:
                keep += [fact(ru, v, d, me) for v in others[ru]]
        elif st == "loses":
            exp += [L] + vals_s(bd[L])
            keep += [fact(L, v, d, me) for v in bd[L]]
            if superseded:
                remove += [fact(model, v, d, me) for v in bd[model]]
            else:
                exp += vals_s(bd[model])
                keep += [fact(model, v, d, me) for v in bd[model]]
        elif st == "open":
            exp += vals_s(bd[model])
            keep += [fact(model, v, d, me) for v in bd[model]]
            for m in contenders(me, bd):
                if m != model:
                    exp += [m] + vals_s(bd[m])
                    keep += [fact(m, v, d, me) for v in bd[m]]
        else:  # none
            exp += [L] + vals_s(bd[L])
            keep += [fact(L, v, d, me) for v in bd[L]]
    if all(s == "best" for s in sts):
        verdict = "SUPPORTED"
    elif any(s == "loses" for s in sts):
        verdict = "REFUTED"
        # only the lost boards are the answer
        return res(_lost_only(g, w, problem, model, superseded), verdict, *_lost_kr(g, w, problem, model, superseded, remove))
    else:
        verdict = "UNCERTAIN"
    return res(exp, verdict, keep, remove)


def _lost_only(g, w, problem, model, superseded):
    exp = []
    for d, me in problem_boards(g, problem):
        bd, _ = board(g, w, d, me)
        if status(me, bd, model) == "loses":
            L = leader(me, bd)
            exp += [L] + vals_s(bd[L])
            if not superseded:
                exp += vals_s(bd[model])
    return exp


def _lost_kr(g, w, problem, model, superseded, remove):
    keep = []
    for d, me in problem_boards(g, problem):
        bd, _ = board(g, w, d, me)
        if status(me, bd, model) == "loses":
            L = leader(me, bd)
            keep += [fact(L, v, d, me) for v in bd[L]]
            if not superseded:
                keep += [fact(model, v, d, me) for v in bd[model]]
    return keep, remove


def beaten_claim(g, w, problem, model):
    """'has anything beaten model on any board of problem': judged as model no longer being the best."""
    sts, exp, keep = [], [], []
    for d, me in problem_boards(g, problem):
        bd, _ = board(g, w, d, me)
        st = status(me, bd, model)
        if st == "none":
            continue
        sts.append(st)
        if st == "best":
            exp += [model] + vals_s(bd[model])
            keep += [fact(model, v, d, me) for v in bd[model]]
            others = {m: vs for m, vs in bd.items() if m != model}
            ru = leader(me, others)
            keep += [fact(ru, v, d, me) for v in others[ru]]
    if not sts:
        verdict = "UNCERTAIN"
    elif any(s == "loses" for s in sts):
        verdict = "SUPPORTED"
    elif all(s == "best" for s in sts):
        verdict = "REFUTED"
    else:
        verdict = "UNCERTAIN"
    return res(exp, verdict, keep)


def cross_board_claim(g, w, a, b):
    """'A is stronger than B' where the claim's numbers come from different boards."""
    def boards_of(m):
        out = {}
        for d, me in sorted({(r["dataset"], r["metric"]) for r in g.rows if r["model"] == m}):
            bd, _ = board(g, w, d, me)
            if m in bd:
                out[(d, me)] = bd[m]
        return out
    ba, bb = boards_of(a), boards_of(b)
    shared = set(ba) & set(bb)
    if shared:
        raise RuntimeError("the two models share a board")
    keep = [fact(a, v, d, me) for (d, me), vs in ba.items() for v in vs]
    keep += [fact(b, v, d, me) for (d, me), vs in bb.items() for v in vs]
    return res([], "UNCERTAIN", keep)


def since(g, w, problem, year):
    """Each board of the problem at the end of `year` and now; every board must have changed leader."""
    exp, keep = [], []
    for d, me in problem_boards(g, problem):
        then, _ = board(g, w, d, me, anchor=year)
        now, _ = board(g, w, d, me)
        L0, L1 = leader(me, then), leader(me, now)
        if L0 is None or L1 is None or L0 == L1:
            raise RuntimeError(f"{d}: no clear change ({L0} -> {L1})")
        exp += [L0] + vals_s(then[L0]) + [L1] + vals_s(now[L1])
        keep += [fact(L0, v, d, me) for v in then[L0]] + [fact(L1, v, d, me) for v in now[L1]]
        for v in then[L0]:
            if v not in now.get(L0, set()):
                raise RuntimeError("the 'then' value does not survive now")
    return res(exp, None, keep)


def as_of(g, w, problem, year, with_dataset):
    """State of the art per board as of `year`; kind (c) must_remove: later facts that would replace it."""
    exp, keep, remove = [], [], []
    for d, me in problem_boards(g, problem):
        then, _ = board(g, w, d, me, anchor=year)
        now, _ = board(g, w, d, me)
        if then:
            L = leader(me, then)
            if L is None:
                raise RuntimeError(f"{d} undecided as of {year}")
            exp += ([d] if with_dataset else []) + [L] + vals_s(then[L])
            keep += [fact(L, v, d, me) for v in then[L]]
        for m, vs in now.items():
            for v in vs:
                stated_then = any(r["model"] == m and r["dataset"] == d and r["metric"] == me and r["value"] == v
                                  and w[r["paper"]] is not None and w[r["paper"]] <= year for r in g.rows)
                if stated_then:
                    continue
                if not then or all(better(me, v, t) for t in then[leader(me, then)]):
                    remove.append(fact(m, v, d, me))
    return res(exp, None, keep, remove)


def benchmarks_most(g, w, problem):
    """The problem's datasets, with the number of papers reporting each."""
    counts = {}
    for r in g.rows:
        if r["problem"] == problem:
            counts.setdefault(r["dataset"], set()).add(r["paper"])
    n = {d: len(ps) for d, ps in counts.items()}
    order = sorted(n, key=lambda d: -n[d])
    if len(order) > 1 and n[order[0]] == n[order[1]]:
        raise RuntimeError("tie for the most reported board")
    return res(order, None), n


def newest_field_paper(g, w, field):
    """Newest dated paper with results in a field; leaders of the boards it reports on."""
    ps = {r["paper"] for r in g.rows if r["field"] == field and w[r["paper"]] is not None}
    top = max(w[p] for p in ps)
    newest = sorted(p for p in ps if w[p] == top)
    if len(newest) != 1:
        raise RuntimeError("several newest papers")
    p = newest[0]
    exp, keep = [g.papers[p]["title"], str(top)], []
    for r in g.rows:
        if r["paper"] != p:
            continue
        bd, _ = board(g, w, r["dataset"], r["metric"])
        if r["value"] in bd.get(r["model"], set()):
            keep.append(fact(r["model"], r["value"], r["dataset"], r["metric"]))
        L = leader(r["metric"], bd)
        if L is None or L == r["model"]:
            raise RuntimeError("the newest paper's row leads or the board is undecided")
        if L not in exp:
            exp.append(L)
        exp += [s for s in vals_s(bd[L]) if s not in exp]
        keep += [fact(L, v, r["dataset"], r["metric"]) for v in bd[L]]
    return res(exp, None, keep)


def sota_mixed(g, w, problem):
    """Per board: the leader, or the contenders and all their values when undecided."""
    exp, keep = [], []
    for d, me in problem_boards(g, problem):
        bd, _ = board(g, w, d, me)
        L = leader(me, bd)
        ms = [L] if L else contenders(me, bd)
        for m in ms:
            if m not in exp:
                exp.append(m)
            exp += [s for s in vals_s(bd[m]) if s not in exp]
            keep += [fact(m, v, d, me) for v in bd[m]]
    return res(exp, None, keep)


def before_record(g, w, problem):
    """The single board's current leader X; who led the year before X's first result; DOIs of both papers."""
    (d, me), = problem_boards(g, problem)
    bd, _ = board(g, w, d, me)
    X = leader(me, bd)
    y = first_year(g, w, X, d, me)
    prev, _ = board(g, w, d, me, anchor=y - 1)
    P = leader(me, prev)
    exp, keep = [P] + vals_s(prev[P]), [fact(P, v, d, me) for v in prev[P]] + [fact(X, v, d, me) for v in bd[X]]
    for who, vs in ((P, prev[P]), (X, bd[X])):
        for r in g.rows:
            if r["model"] == who and r["dataset"] == d and r["metric"] == me and r["value"] in vs:
                exp += [doi for doi in sorted(g.papers[r["paper"]]["dois"]) if doi not in exp]
    exp.append(X)
    xdois = [doi for r in g.rows if r["model"] == X and r["dataset"] == d for doi in g.papers[r["paper"]]["dois"]]
    return res(exp, None, keep), X, xdois


def start_from(g, w, problem):
    """Single board: the highest value, and the best dated value when the highest is undated."""
    (d, me), = problem_boards(g, problem)
    bd, _ = board(g, w, d, me)
    L = leader(me, bd)
    exp, keep = [L] + vals_s(bd[L]), [fact(L, v, d, me) for v in bd[L]]
    lp = [r["paper"] for r in g.rows if r["model"] == L and r["dataset"] == d and r["value"] in bd[L]]
    undated = all(w[p] is None for p in lp)
    if undated:
        dated = {m: vs for m, vs in bd.items()
                 if any(r["model"] == m and r["dataset"] == d and w[r["paper"]] is not None for r in g.rows)}
        D = leader(me, dated)
        exp += [D] + vals_s(dated[D])
        keep += [fact(D, v, d, me) for v in dated[D]]
    return res(exp, None, keep), undated, lp


def first_report(g, w, problem):
    (d, me), = problem_boards(g, problem)
    bd, _ = board(g, w, d, me)
    L = leader(me, bd)
    ps = sorted({r["paper"] for r in g.rows if r["model"] == L and r["dataset"] == d and r["value"] in bd[L]},
                key=lambda p: w[p])
    p = ps[0]
    return res([g.papers[p]["title"], str(w[p])] + vals_s(bd[L]), None, [fact(L, v, d, me) for v in bd[L]]), p


def gate_absent(g, w, absent, present):
    hit = label_words_absent(g, absent)
    if hit:
        raise RuntimeError(f"words present in the graph: {hit}")
    miss = [x for x in present if not label_words_absent(g, [x])]
    if miss:
        raise RuntimeError(f"the near topic's words are missing: {miss}")
    return res([], None)


def gate_claim_absent(g, w, absent, present):
    r = gate_absent(g, w, absent, present)
    r["verdict"] = "UNCERTAIN"
    return r


# ---------------------------------------------------------------------------------------------
# per question: computer, plus the assertions that make it a trap
# ---------------------------------------------------------------------------------------------
def extra_uk02(g, w, out):
    # the removed typo (97.0) would top the board without conflict removal
    bd, rem = board(g, w, "Corvalla-Ice", "F1")
    assert 97.0 in rem.get("Orvalis-CNN", set()), "97.0 not removed"
    # the newest model on the board is not the leader
    ys = {m: first_year(g, w, m, "Corvalla-Ice", "F1") for m in bd}
    newest = max(ys, key=lambda m: ys[m])
    assert newest != leader("F1", bd), "newest model leads"


def extra_uk05(g, w, out):
    nw = g.naive_world()
    then_naive, _ = board(g, nw, "Skarnhold Glacier Set", "Mean IoU", anchor=2019)
    assert leader("Mean IoU", then_naive) == "Sallowmere", "careless reading does not place Sallowmere before 2020"


def extra_uk08(g, w, out):
    res_, n = benchmarks_most(g, w, "Birdsong Transcription")
    all_counts = {}
    for r in g.rows:
        all_counts.setdefault(r["dataset"], set()).add(r["paper"])
    biggest = max(all_counts, key=lambda d: len(all_counts[d]))
    assert biggest not in n, "the field's most reported board is a transcription board (no trap)"
    msg = f"    papers per transcription board {n}; field's most reported board {biggest} ({len(all_counts[biggest])})"
    if msg not in SHOWN:
        SHOWN.add(msg)
        print(msg)


def extra_uk09(g, w, out):
    nw = g.naive_world()
    bd, _ = board(g, nw, "Dastrup-7 Chorus", "Word Error Rate", anchor=2021)
    assert leader("Word Error Rate", bd) == "Trillbert", "careless reading does not give Trillbert"


def extra_uk10(g, w, out):
    assert any(r["raw"] == "88.3%" for r in g.rows if g.papers[r["paper"]]["title"] == out["expected"][0])


def extra_uk14(g, w, out):
    pass


def extra_uk15(g, w, out):
    (d, me), = problem_boards(g, "Dialogue Translation")
    bd, _ = board(g, w, d, me)
    X = leader(me, bd)
    y = first_year(g, w, X, d, me)
    later = {p for p, pp in g.papers.items() if w[p] is not None and w[p] > y and pp.get("field")}
    assert later, "no newer paper in the field"
    assert not any(r["paper"] in later and r["dataset"] == d for r in g.rows), "a newer paper reports on the board"


def extra_uk16(g, w, out):
    bd, _ = board(g, w, "Sealbrook Turbine Logs", "F1")
    ys = {m: first_year(g, w, m, "Sealbrook Turbine Logs", "F1") for m in bd}
    assert ys["Undertow-GNN"] > ys["Selkora"], "Undertow-GNN is not newer than Selkora"


def extra_uk17(g, w, out):
    nw = g.naive_world()
    bd, _ = board(g, nw, "Kelpwatch-Norrland", "Mean IoU", anchor=2018)
    assert leader("Mean IoU", bd) == "Driftmere", "careless reading does not give Driftmere"


def extra_uk20(g, w, out):
    p = [k for k, v in g.papers.items() if v["title"] == out["expected"][0]][0]
    assert g.papers[p]["months"], "the paper's P29 holds no month"


def c_uk14(g, w):
    r, X, xdois = before_record(g, w, "Dialogue Translation")
    assert X == "Ibbotrans" and not xdois, "the current leader is not Ibbotrans without a DOI"
    return r


def c_uk18(g, w):
    r, undated, lp = start_from(g, w, "Kelp Canopy Mapping")
    assert undated and not any(g.papers[p]["dois"] for p in lp), "the top value is dated or has a DOI"
    return r


def c_uk20(g, w):
    return first_report(g, w, "Tidal Turbine Fault Detection")[0]


COMPUTE = {
    "UK01": (lambda g, w: sota_now(g, w, "Crevasse Segmentation"), None),
    "UK02": (lambda g, w: sota_claim(g, w, "Calving Front Delineation", "Brackwater-UNet"), extra_uk02),
    "UK03": (lambda g, w: gate_absent(g, w, ["depth", "estimation", "airborne"], ["crevasse", "radar"]), None),
    "UK04": (lambda g, w: cross_board_claim(g, w, "Zephyrine-L", "Sallowmere"), None),
    "UK05": (lambda g, w: since(g, w, "Crevasse Segmentation", 2019), extra_uk05),
    "UK06": (lambda g, w: sota_claim(g, w, "Call-Type Classification", "Syrinxa"), None),
    "UK07": (lambda g, w: sota_claim(g, w, "Birdsong Transcription", "Aviquist"), None),
    "UK08": (lambda g, w: benchmarks_most(g, w, "Birdsong Transcription")[0], extra_uk08),
    "UK09": (lambda g, w: as_of(g, w, "Birdsong Transcription", 2021, True), extra_uk09),
    "UK10": (lambda g, w: newest_field_paper(g, w, "Bioacoustics"), extra_uk10),
    "UK11": (lambda g, w: sota_claim(g, w, "Vendish-English Translation", "Murrelet-MT", superseded=True), None),
    "UK12": (lambda g, w: sota_mixed(g, w, "Vendish-English Translation"), None),
    "UK13": (lambda g, w: gate_absent(g, w, ["part-of-speech", "tagging", "speech", "POS"], ["Vendish"]), None),
    "UK14": (c_uk14, None),
    "UK15": (lambda g, w: sota_claim(g, w, "Dialogue Translation", "Ibbotrans"), extra_uk15),
    "UK16": (lambda g, w: beaten_claim(g, w, "Tidal Turbine Fault Detection", "Selkora"), extra_uk16),
    "UK17": (lambda g, w: as_of(g, w, "Kelp Canopy Mapping", 2018, False), extra_uk17),
    "UK18": (c_uk18, None),
    "UK19": (lambda g, w: gate_absent(g, w, ["current", "forecasting"], ["tidal"]), None),
    "UK20": (c_uk20, extra_uk20),
}
ANCHORS = {"UK05": [2019], "UK09": [2021], "UK14": [2022], "UK17": [2018]}


# ---------------------------------------------------------------------------------------------
def cross_check_triples(qid, g, cg, facts_, anchors):
    """Every fact's triple: own surviving values == check.surviving's, now and under the anchors."""
    w0 = g.worlds()[0]
    for f in facts_:
        m, v, d, me = FACT_RE.match(f).groups()
        for a in [None] + anchors:
            own, _ = resolve(g, w0, m, d, me, a, "rel")
            try:
                theirs, st = check.surviving(cg, m, d, me, anchor=a)[:2]
            except Exception as e:  # shown by type only
                fail(qid, f"check.surviving raised {type(e).__name__} for {m}/{d}")
                continue
            if set(own) != set(theirs):
                fail(qid, f"surviving values differ from check.py for {m} on {d} (anchor {a}): {sorted(own)} vs {sorted(theirs)}")
            if "AMBIG" in str(st).upper():
                fail(qid, f"check.py calls {m} on {d} ambiguous (anchor {a})")


def cross_check_boards(qid, g, cg, anchors, datasets):
    """Every board the question touches: own ranking == check.board's, now and under the anchors."""
    w0 = g.worlds()[0]
    for d, me in sorted({(r["dataset"], r["metric"]) for r in g.rows if r["dataset"] in datasets}):
        for a in [None] + anchors:
            bd, _ = board(g, w0, d, me, anchor=a)
            own = sorted((v, m) for m, vs in bd.items() for v in vs)
            try:
                theirs = sorted((v, m) for v, m, _ in check.board(cg, d, me, anchor=a))
            except Exception as e:
                fail(qid, f"check.board raised {type(e).__name__} for {d}")
                continue
            if own != theirs:
                fail(qid, f"board {d} (anchor {a}) differs from check.board: {own} vs {theirs}")


def main():
    global NOW
    first = json.loads(open(os.path.join(TRUST, "trust-dev.jsonl")).readline())
    FIELDS = list(first.keys())
    lines = [l for l in open(FILE, encoding="utf-8").read().splitlines() if l.strip()]
    qs = []
    for i, l in enumerate(lines, 1):
        try:
            q = json.loads(l)
        except json.JSONDecodeError as e:
            fail(f"line{i}", f"bad JSON: {e}")
            continue
        qs.append(q)
    print(f"file: {FILE}  ({len(qs)} questions)")

    # ---- fields, ids, duplicates, labels ----
    ids = [q.get("id") for q in qs]
    want_ids = [f"UK{n:02d}" for n in range(1, 21)]
    if ids != want_ids:
        fail("file", f"ids are not UK01..UK20 in order: {ids}")
    if len(set(ids)) != len(ids):
        fail("file", "duplicate ids")
    texts = [q.get("question", "").strip().lower() for q in qs]
    if len(set(texts)) != len(texts):
        fail("file", "duplicate questions")
    per_graph, claims = {}, 0
    for q in qs:
        qid = q.get("id", "?")
        if list(q.keys()) != FIELDS:
            fail(qid, f"fields {list(q.keys())} != {FIELDS}")
            continue
        if q["graph"] not in GR:
            fail(qid, f"unknown graph {q['graph']}")
            continue
        per_graph[q["graph"]] = per_graph.get(q["graph"], 0) + 1
        if q["query_type"] not in QTYPES:
            fail(qid, f"query_type {q['query_type']}")
        if q["mechanism"] not in MECHS:
            fail(qid, f"mechanism {q['mechanism']}")
        if (q["query_type"] == "claim_verification") != (q["verdict"] is not None):
            fail(qid, "verdict must be set exactly for claims")
        if q["verdict"] is not None and q["verdict"] not in VERDICTS:
            fail(qid, f"verdict {q['verdict']}")
        claims += q["query_type"] == "claim_verification"
        for k in ("expected", "must_keep", "must_remove"):
            if not isinstance(q[k], list) or not all(isinstance(x, str) for x in q[k]):
                fail(qid, f"{k} is not a list of strings")
        if not isinstance(q["question"], str) or not q["question"].strip() or not isinstance(q["notes"], str):
            fail(qid, "question or notes empty")
    for gname in GR:
        if per_graph.get(gname, 0) < 3:
            fail("file", f"{gname} has {per_graph.get(gname, 0)} questions (< 3)")
    if not 6 <= claims <= 8:
        fail("file", f"{claims} claims (about 7 wanted)")

    # ---- static checks on strings and facts ----
    for q in qs:
        qid = q.get("id", "?")
        if q.get("graph") not in GR or list(q.keys()) != FIELDS:
            continue
        g, cg = GR[q["graph"]], CG[q["graph"]]
        for s in q["expected"]:
            if s not in g.text:
                fail(qid, f"expected string not in the graph: {s!r}")
        if set(q["must_keep"]) & set(q["must_remove"]):
            fail(qid, "a fact is both kept and removed")
        for f in q["must_keep"] + q["must_remove"]:
            mt = FACT_RE.match(f)
            if not mt:
                fail(qid, f"bad fact {f!r}")
                continue
            if check.fmt(float(mt.group(2))) != mt.group(2):
                fail(qid, f"value not in clean form: {f!r}")
            if not check.fact_exists(cg, f):
                fail(qid, f"fact not in the graph: {f!r}")
        cross_check_triples(qid, g, cg, q["must_keep"] + q["must_remove"], ANCHORS.get(qid, []))
        touched = {FACT_RE.match(f).group(3) for f in q["must_keep"] + q["must_remove"] if FACT_RE.match(f)}
        touched |= {s for s in q["expected"] if s in {r["dataset"] for r in g.rows}}
        cross_check_boards(qid, g, cg, ANCHORS.get(qid, []), touched)

    # ---- the answers, for every current year and every world ----
    years = list(range(2025, 2031))
    if os.environ.get("TRUST_NOW"):
        years.append(int(os.environ["TRUST_NOW"]))
    for q in qs:
        qid = q.get("id", "?")
        if qid not in COMPUTE or q.get("graph") not in GR or list(q.keys()) != FIELDS:
            if qid not in COMPUTE:
                fail(qid, "no computer for this id")
            continue
        g = GR[q["graph"]]
        fn, extra = COMPUTE[qid]
        got = None
        for now in years:
            NOW = now
            check.NOW = now
            for w in g.worlds():
                try:
                    r = fn(g, w)
                    if extra:
                        extra(g, w, r)
                except (RuntimeError, AssertionError) as e:
                    fail(qid, f"computer failed (NOW {now}): {e}")
                    r = None
                if r is None:
                    continue
                key = json.dumps([sorted(r["expected"]), r["verdict"], r["must_keep"], r["must_remove"]])
                if got is None:
                    got = (key, r)
                elif key != got[0]:
                    fail(qid, f"answer depends on the current year or on a paper's year (NOW {now})")
        NOW = int(os.environ.get("TRUST_NOW") or 2026)
        check.NOW = NOW
        if got is None:
            continue
        r = got[1]
        ok = True
        if sorted(set(q["expected"])) != sorted(set(r["expected"])) or len(q["expected"]) != len(set(q["expected"])):
            fail(qid, f"expected {q['expected']} != recomputed {r['expected']}")
            ok = False
        if q["verdict"] != r["verdict"]:
            fail(qid, f"verdict {q['verdict']} != recomputed {r['verdict']}")
            ok = False
        if sorted(q["must_keep"]) != r["must_keep"]:
            fail(qid, f"must_keep {sorted(q['must_keep'])} != recomputed {r['must_keep']}")
            ok = False
        if sorted(q["must_remove"]) != r["must_remove"]:
            fail(qid, f"must_remove {sorted(q['must_remove'])} != recomputed {r['must_remove']}")
            ok = False
        # must_keep facts survive now (own rules and check.py)
        for f in q["must_keep"]:
            m, v, d, me = FACT_RE.match(f).groups()
            for w in g.worlds():
                keep, _ = resolve(g, w, m, d, me)
                if float(v) not in keep:
                    fail(qid, f"must_keep fact does not survive: {f}")
        print(f"  {'ok  ' if ok else 'BAD '} {qid} [{q['graph']}] {q['mechanism']}/{q['query_type']} "
              f"verdict={r['verdict']} expected={r['expected']}")

    from collections import Counter
    for k in ("verdict", "mechanism", "query_type", "graph"):
        print(f"counts by {k}: {dict(sorted(Counter(str(q.get(k)) for q in qs).items()))}")
    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
