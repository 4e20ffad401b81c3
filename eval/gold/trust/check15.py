#!/usr/bin/env python3
"""Checks trust-dev15.jsonl (TR001, ...) against the fixture graphs g1.ttl .. g4.ttl.

trust-dev15 is systematic: it asks about every fact of the four graphs in plain, fixed wording (templates T1-T6,
see README15.md), written by gen15.py. This checker does not trust gen15.py's code path. For every question it
parses the question text back into its template and names (every name must be a graph label or title, exactly),
and recomputes the answer with the earlier checkers' computers (imported, not copied):

  T1 "Which model has the best <metric> on <dataset> right now?"        A_best, or A_best_open (check8) for an open top
  T2 "Which model led <dataset> by <metric> as of <year>?"              A_best under the anchor (parse_anchor), or
                                                                        the open top under it (models_in_order, separated)
  T3 "Is <model>'s <metric> on <dataset> <value>?"                      K_value (check2); A_dash (check3) for '-'
  T4 "Is <model>'s <value> <metric> on <dataset> reported by more than one paper?"
                                                                        K_value(min_papers=2), check.count_papers,
                                                                        papers_stating (check4)
  T5 'What year was the "<title>" paper published?'                     A_year (check2)
  T6 "Is <model> still the best on <dataset> by <metric>?"              K_best and K_still_best (check3) must agree;
                                                                        A_best_open for an open top

and checks that
- the recomputed `expected` (as a set) and `verdict` equal the file's, and `must_keep` and `must_remove` equal the
  sets recomputed here (T1/T6: the leader's facts, and the clear-conflict losers that would top the board; T2: the
  leader's facts, and the better results after the anchor or undated, or for an empty anchor the first results, the
  month-as-year results and the undated ones; T3/T4: the surviving values, and the losing side of a clear
  conflict; T6 REFUTED: the values the former leader held the top with, from top_at);
- the mechanism and query type are the ones the template gives for that fact (T1: conflict when the top is open or
  a careless board without conflict removal tops it differently, recency when the newest model is not the leader,
  else superseded; T3: gate for the '-' row, conflict for a conflicted triple, else corroboration; ...);
- must_keep facts survive (fact_kinds, check10) and must_remove facts are of kind a, b or c; facts are in clean form
  and exist; every expected string is in the graph's text;
- every value conflict a question touches (its board, or its triple) is one of README.md's stable ten (STABLE,
  check6) with the README's outcome;
- the answer, verdict, must_keep, must_remove, their kinds and the conflicts touched are the same for every current
  year 2025-2030 (check.NOW is set to each year here, whatever TRUST_NOW is);
- T2 years are exactly the year before each board's first result and the years in which its leader changed
  (recomputed here year by year), minus the years README15.md lists as left out (LEFT_OUT_T2 below), which must be
  the years where the README's rules do not decide the leader;
- coverage: every board has its T1 and T6 questions, every result its T3 questions, every value stated by two
  papers or more its T4, every paper its T5, except what README15.md lists as left out (LEFT_OUT_* below);
- gen15.py (beside this file, else /work/goldwork/tr) regenerates the file exactly.

Where things are: the earlier checkers (check.py .. check10.py), the graphs are looked for beside this file first,
then in /work/main/eval/gold/trust; trust-dev15.jsonl and gen15.py beside this file first, then in /work/goldwork/tr.
Needs rdflib and pyoxigraph.

Run: python3 check15.py          (exit status 1 on any failure)
     TRUST_NOW=2025 python3 check15.py ; TRUST_NOW=2030 python3 check15.py
"""
import sys

sys.dont_write_bytecode = True  # never leave a __pycache__ beside the earlier checkers

import importlib.util  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import traceback  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FALLBACK = "/work/main/eval/gold/trust"
OWN_FALLBACK = "/work/goldwork/tr"
NEEDED = ("check.py", "check2.py", "check3.py", "check4.py", "check5.py", "check6.py", "check8.py", "check10.py",
          "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")
TRUST_DIR = next(d for d in (HERE, FALLBACK) if all(os.path.exists(os.path.join(d, f)) for f in NEEDED))
sys.path.insert(0, TRUST_DIR)
OWN_TRUST_DIR = TRUST_DIR  # the earlier checkers define their own TRUST_DIR, imported below
import check as C  # noqa: E402  (reference rules, SPARQL queries, graph loading)
from check10 import *  # noqa: E402,F401,F403  (the computers of check2.py .. check10.py, shared, not copied)
from check10 import (parse_anchor, papers_stating, fact_kinds, STABLE, FIELDS, A_best_open,  # noqa: E402
                     models_in_order, separated, top_at, naive_best, newest_model, model_first_year)

HERE = os.path.dirname(os.path.abspath(__file__))  # the earlier checkers' HERE was imported above; this file's own
QFILE = next(p for p in (os.path.join(HERE, "trust-dev15.jsonl"), os.path.join(OWN_FALLBACK, "trust-dev15.jsonl"))
             if os.path.exists(p))
GENFILE = next((p for p in (os.path.join(HERE, "gen15.py"), os.path.join(OWN_FALLBACK, "gen15.py"))
                if os.path.exists(p)), None)
YEARS = range(2025, 2031)  # the current years the answers must not depend on
LAST_YEAR = 2025

# README15.md "Left out": what the README's public rules do not decide
LEFT_OUT_T2 = {  # (dataset, metric): years whose leader the rules do not decide
    ("Corvalla-Ice", "F1"): set(range(2017, 2024)),          # Orvalis-CNN's 97.0 typo: close or ambiguous up to 2023
    ("Hollenby Marsh Calls", "Accuracy"): set(range(2020, 2025)),  # Syrinxa 93.8 vs 88.3: close or ambiguous
    ("Sealbrook Turbine Logs", "F1"): {2017},                 # Tidewick's two real years decide it
}
LEFT_OUT_T4 = {("Warbleon", "Hollenby Marsh Calls", "Accuracy", 79.5)}  # two papers, one side of a close conflict
LEFT_OUT_T6 = {("Driftmere", "Kelpwatch-Norrland", "Mean IoU"), ("Kelvane", "Kelpwatch-Norrland", "Mean IoU")}

TEMPLATES = {
    "T1": re.compile(r"^Which model has the best (?P<metric>.+?) on (?P<dataset>.+) right now\?$"),
    "T2": re.compile(r"^Which model led (?P<dataset>.+) by (?P<metric>.+) as of (?P<year>\d{4})\?$"),
    "T4": re.compile(r"^Is (?P<model>.+?)'s (?P<value>\d+(?:\.\d+)?) (?P<metric>.+?) on (?P<dataset>.+) reported by "
                     r"more than one paper\?$"),
    "T3": re.compile(r"^Is (?P<model>.+?)'s (?P<metric>.+?) on (?P<dataset>.+) (?P<value>\d+(?:\.\d+)?)\?$"),
    "T5": re.compile(r'^What year was the "(?P<title>.+)" paper published\?$'),
    "T6": re.compile(r"^Is (?P<model>.+?) still the best on (?P<dataset>.+) by (?P<metric>.+)\?$"),
}
QTYPE = {"T1": "method_comparison", "T2": "method_comparison", "T3": "claim_verification",
         "T4": "claim_verification", "T5": "paper_lookup", "T6": "claim_verification"}


def err(ex):
    """an exception as text; a message raised inside check.py is not shown (its source is not read)."""
    tb = traceback.extract_tb(ex.__traceback__)
    if tb and os.path.basename(tb[-1].filename) == "check.py":
        return f"{type(ex).__name__} raised in check.py"
    return f"{type(ex).__name__}: {ex}"


def fact(model, v, dataset, metric):
    return f"{model} scores {fmt(v)} on {dataset} by {metric}"


def labels(g):
    return {"model": {r["model"] for r in g.rows}, "dataset": {r["dataset"] for r in g.rows},
            "metric": {r["metric"] for r in g.rows}, "title": {d["title"] for d in g.papers.values()}}


def parse(q, g):
    """(template, names) from the question text; every name must be a label of the graph, exactly."""
    for t in ("T1", "T2", "T4", "T3", "T5", "T6"):
        m = TEMPLATES[t].match(q["question"])
        if m:
            names = m.groupdict()
            lab = labels(g)
            for k, v in names.items():
                if k in lab:
                    assert v in lab[k], f"{k} {v!r} is not a label of {q['graph']}"
            if "value" in names:
                names["value"] = float(names["value"])
            if "year" in names:
                names["year"] = int(names["year"])
            return t, names
    raise AssertionError("the question matches no template")


def exp_facts(exp, dataset, metric, models):
    """facts from an expected list of the form [model, value, value, model, value, ...]."""
    out, cur = [], None
    for e in exp:
        if e in models:
            cur = e
        else:
            out.append(fact(cur, float(e), dataset, metric))
    return out


def top_values(exp, models):
    return [float(e) for e in exp if e not in models]


def best_or_open(g, dataset, metric, anchor=None):
    """('empty', []) | ('decided', exp) | raises: A_best; on a close conflict at the top, the open top (check8's
    A_best_open logic, also under an anchor), whose close conflicts must be the README's close ones."""
    try:
        exp, _, _ = A_best(g, dataset, metric, anchor)
        return ("empty", []) if not exp else ("decided", exp)
    except AssertionError as ex:
        if "close conflict at the top" not in str(ex):
            raise
    if anchor is None:
        exp, _, _ = A_best_open(g, dataset, metric)
    else:
        ms = models_in_order(g, dataset, metric, anchor)
        group = [ms[0]]
        for m, vs in ms[1:]:
            if all(separated(gv, vs, metric) for _, gv in group):
                break
            group.append((m, vs))
        rest = ms[len(group):]
        assert not rest or all(separated(gv, rest[0][1], metric) for _, gv in group), "the next model overlaps the top"
        exp = []
        for m, vs in group:
            exp += [m] + fmts(vs)
    models = {r["model"] for r in g.rows}
    for m in [e for e in exp if e in models]:
        keep, st = surv(g, m, dataset, metric, anchor)
        if len(keep) > 1:
            assert st == "close" and STABLE.get((m, dataset, metric), ("",))[0] == "close", \
                f"{m}: {st} up to {anchor}, README lists {STABLE.get((m, dataset, metric))}"
    return "decided", exp


def leader_seq(g, dataset, metric):
    """{year: ('empty'|'decided'|'undecided', exp)} from the year before the first dated result to LAST_YEAR."""
    first = min(model_first_year(g, dataset, metric).values())
    out = {}
    for y in range(first - 1, LAST_YEAR + 1):
        try:
            out[y] = best_or_open(g, dataset, metric, y)
        except Exception as ex:  # noqa: BLE001  (ambiguous readings, a two-year paper, a tie)
            out[y] = ("undecided", err(ex))
    return first, out


def change_years(g, dataset, metric):
    """the years to ask (year before the first result, and years where a decided leader differs from the last
    decided one) and the undecided years."""
    models = {r["model"] for r in g.rows}
    first, seq = leader_seq(g, dataset, metric)
    assert seq[first - 1][0] == "empty" and seq[first][0] != "empty"
    ask, undecided, last = {first - 1}, set(), None
    for y in range(first, LAST_YEAR + 1):
        st, exp = seq[y]
        if st == "decided":
            names = tuple(e for e in exp if e in models)
            if names != last:
                ask.add(y)
            last = names
        elif st == "undecided":
            undecided.add(y)
    return ask, undecided, seq


def clear_losers_topping(g, dataset, metric, tops):
    """facts that lose a clear conflict and would be at or above some value of the answer (no anchor)."""
    out = set()
    for m in sorted({r["model"] for r in g.rows if r["dataset"] == dataset and r["metric"] == metric}):
        vals = {C.parse_value(r["value"]) for r in g.rows if r["model"] == m and r["dataset"] == dataset
                and r["metric"] == metric} - {None}
        keep, st = surv(g, m, dataset, metric)
        if st == "clear":
            out |= {fact(m, v, dataset, metric) for v in vals - keep
                    if any(better(v, t, metric) or v == t for t in tops)}
    return out


def conflicts_on(g, triples):
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


# ---- the recomputation per template: (expected, verdict, must_keep, must_remove, mechanism, anchor, triples) ----
def recompute(g, t, n):
    models = {r["model"] for r in g.rows}
    d, mt = n.get("dataset"), n.get("metric")
    board_triples = {(r["model"], d, mt) for r in g.rows if r["dataset"] == d and r["metric"] == mt}
    if t == "T1":
        st, exp = best_or_open(g, d, mt)
        assert st == "decided"
        tops = top_values(exp, models)
        names = [e for e in exp if e in models]
        nb = naive_best(g, d, mt, None)
        if len(names) > 1 or len(tops) > 1 or nb != f"{names[0]} {exp[1]}":
            mech = "conflict"
        elif newest_model(g, d, mt) != names[0]:
            mech = "recency"
        else:
            mech = "superseded"
        return (exp, None, exp_facts(exp, d, mt, models), clear_losers_topping(g, d, mt, tops), mech, None,
                board_triples)
    if t == "T2":
        y = n["year"]
        st, exp = best_or_open(g, d, mt, y)
        if st == "empty":
            first = min(model_first_year(g, d, mt).values())
            remove = set()
            for r in g.rows:
                v = C.parse_value(r["value"])
                if r["dataset"] != d or r["metric"] != mt or v is None:
                    continue
                vy, raw = g.valid_years(r["paper"]), g.papers[r["paper"]]["years"]
                if (vy and min(vy) == first) or any(1 <= x <= 12 for x in raw) or not vy:
                    remove.add(fact(r["model"], v, d, mt))
            return [], None, [], remove, "as_of", y, board_triples
        tops = top_values(exp, models)
        worst = max(tops) if mt in LOWER else min(tops)
        remove = set()
        for r in g.rows:
            v = C.parse_value(r["value"])
            if r["dataset"] != d or r["metric"] != mt or v is None:
                continue
            vy = g.valid_years(r["paper"])
            if (not vy or min(vy) > y) and better(v, worst, mt):
                remove.add(fact(r["model"], v, d, mt))
        return exp, None, exp_facts(exp, d, mt, models), remove, "as_of", y, board_triples
    if t == "T3":
        mo, v = n["model"], n["value"]
        vals = {C.parse_value(r["value"]) for r in g.rows if r["model"] == mo and r["dataset"] == d and r["metric"] == mt}
        nums = vals - {None}
        exp, verdict, _ = K_value(g, mo, d, mt, v)
        if not nums:
            A_dash(g, mo, d, mt)  # the stored value is not a number ('-')
            assert v not in {C.parse_value(r["value"]) for r in g.rows}, "the claimed number is in the graph"
            return exp, verdict, [], set(), "gate", None, {(mo, d, mt)}
        keep, st = surv(g, mo, d, mt)
        if v not in nums:  # a wrong value: stated nowhere in the graph, at least 20% from every stored value
            assert v not in {C.parse_value(r["value"]) for r in g.rows}, f"{fmt(v)} is stated in the graph"
            assert all(abs(v - x) / x >= 0.2 for x in nums), f"{fmt(v)} is within 20% of {fmts(nums)}"
        mech = "conflict" if len(nums) > 1 else "corroboration"
        remove = {fact(mo, x, d, mt) for x in nums - keep}
        return exp, verdict, [fact(mo, x, d, mt) for x in keep], remove, mech, None, {(mo, d, mt)}
    if t == "T4":
        mo, v = n["model"], n["value"]
        ps = papers_stating(g, mo, d, mt, v)
        cnt = C.count_papers(g, mo, d, v)
        keep, st = surv(g, mo, d, mt)
        assert len(ps) >= 2 and cnt == len(ps), f"{len(ps)} papers state it (count_papers {cnt})"
        assert st != "close" and keep == {v}, f"{st} {fmts(keep)}"
        exp, verdict, _ = K_value(g, mo, d, mt, v, None, 2)
        nums = {C.parse_value(r["value"]) for r in g.rows if r["model"] == mo and r["dataset"] == d and r["metric"] == mt} - {None}
        return exp, verdict, [fact(mo, v, d, mt)], {fact(mo, x, d, mt) for x in nums - keep}, "corroboration", None, \
            {(mo, d, mt)}
    if t == "T5":
        exp, verdict, _ = A_year(g, n["title"])
        return exp, verdict, [], set(), "metadata", None, set()
    if t == "T6":
        mo = n["model"]
        st, ref = best_or_open(g, d, mt)
        names = [e for e in ref if e in models]
        dated = {m for m in names if model_first_year(g, d, mt).get(m) is not None}
        if len(names) > 1 or len(top_values(ref, models)) > 1:  # an open top
            if mo in names:
                return ref, "UNCERTAIN", exp_facts(ref, d, mt, models), set(), "conflict", None, board_triples
            ks, kv, _ = K_still_best(g, mo, d, mt)
            assert kv == "REFUTED" and set(ks) >= set(names), (ks, kv)
            verdict = "REFUTED"
        elif not dated:  # the best has no usable year: 'still' is judged against the best dated result
            ref = A_best(g, d, mt, C.NOW)[0]
            ks, kv, _ = K_still_best(g, mo, d, mt)
            assert kv == "REFUTED" and ref[0] in ks, (ks, kv, ref)
            assert mo != ref[0], f"{mo} is the best dated result: left out"
            verdict = "REFUTED"
        else:
            kb, verdict, _ = K_best(g, mo, d, mt)
            ks, kv, _ = K_still_best(g, mo, d, mt)
            assert kv == verdict, f"K_best {verdict} but K_still_best {kv}"
            assert kb == ref
        if verdict == "SUPPORTED":
            remove = clear_losers_topping(g, d, mt, top_values(ref, models))
            mech = "superseded"
        else:
            _, _, seq = change_years(g, d, mt)
            remove = {fact(mo, v, d, mt) for y, (sst, sexp) in seq.items()
                      for m, v in [top_at(g, d, mt, y) or (None, None)]
                      if m == mo and sst == "decided" and len(top_values(sexp, models)) == 1}
            assert remove, f"{mo} never held the top alone"
            mech = "superseded"
        return ref, verdict, exp_facts(ref, d, mt, models), remove, mech, None, board_triples
    raise AssertionError(t)


def load_gen():
    if GENFILE is None:
        return None
    spec = importlib.util.spec_from_file_location("gen15_for_check", GENFILE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    graphs = {k + ".ttl": C.G(k + ".ttl") for k in ("g1", "g2", "g3", "g4")}
    qs = [json.loads(line) for line in open(QFILE)]
    fails = 0
    print(f"TRUST_NOW={C.NOW}; check.py from {os.path.dirname(os.path.abspath(C.__file__))} (looked for beside this file, "
          f"then {FALLBACK}: {OWN_TRUST_DIR}); {len(qs)} questions in {QFILE}")
    if [q["id"] for q in qs] != [f"TR{i:03d}" for i in range(1, len(qs) + 1)]:
        print("FAIL ids are not TR001.. in order")
        fails += 1
    seen = {}
    for q in qs:
        key = (q["graph"], q["question"])
        if key in seen:
            print(f"FAIL {q['id']} repeats {seen[key]}")
            fails += 1
        seen[key] = q["id"]
    counts = {k: {} for k in ("template", "graph", "mechanism", "query_type", "verdict")}
    asked = {}  # coverage: (template, graph, key...) -> ids
    conflicts_used = {}
    for q in qs:
        try:
            assert set(q) == FIELDS, sorted(q)
            assert q["query_type"] in {"topic_search", "method_comparison", "dataset_search", "claim_verification",
                                       "method_usage", "paper_lookup"}
            assert q["mechanism"] in {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
            assert q["verdict"] in {"SUPPORTED", "REFUTED", "UNCERTAIN", None}
            assert (q["verdict"] is not None) == (q["query_type"] == "claim_verification"), "verdict iff claim"
            g = graphs[q["graph"]]
            t, n = parse(q, g)
            assert q["notes"].startswith(f"[{t}] "), f"notes do not name the template {t}"
            low = q["notes"].lower()
            assert "right" in low and "careless" in low and "rule" in low, "notes must give the rule, right and careless answers"
            assert q["query_type"] == QTYPE[t], f"query type {q['query_type']} != {QTYPE[t]}"
            for k, v in (("template", t), ("graph", q["graph"][:2]), ("mechanism", q["mechanism"]),
                         ("query_type", q["query_type"]), ("verdict", str(q["verdict"]))):
                counts[k][v] = counts[k].get(v, 0) + 1
            written, _ = parse_anchor(q["question"])
            exp, verdict, keep, remove, mech, anchor, triples = recompute(g, t, n)
            assert written == anchor, f"anchor in the text {written} != anchor used {anchor}"
            assert sorted(set(exp)) == sorted(set(q["expected"])), f"expected {q['expected']} but recomputed {exp}"
            assert verdict == q["verdict"], f"verdict {q['verdict']} but recomputed {verdict}"
            assert mech == q["mechanism"], f"mechanism {q['mechanism']} but the template gives {mech}"
            assert sorted(set(keep)) == sorted(q["must_keep"]), f"must_keep {q['must_keep']} but recomputed {sorted(set(keep))}"
            assert sorted(remove) == sorted(q["must_remove"]), f"must_remove {q['must_remove']} but recomputed {sorted(remove)}"
            for f in q["must_keep"] + q["must_remove"]:
                assert C.FACT_RE.match(f), f"bad fact {f}"
                assert C.fact_exists(g, f), f"fact not in graph: {f}"
                m, v, d, mt = C.FACT_RE.match(f).groups()
                assert v == fmt(float(v)), f"value not in clean form: {f}"
            assert not set(q["must_keep"]) & set(q["must_remove"]), "a fact is both in must_keep and must_remove"
            kinds = fact_kinds(g, q, anchor)
            for e in q["expected"]:
                assert e in C.graph_text(g), f"expected string {e!r} not in the graph"
            used = conflicts_on(g, triples)
            for u in used:
                conflicts_used.setdefault(u, []).append(q["id"])
            # the same for every current year 2025-2030
            saved, outs = C.NOW, {}
            try:
                for y in YEARS:
                    C.NOW = y
                    e2, v2, k2, r2, m2, a2, t2 = recompute(g, t, n)
                    kk = tuple(k.split(" (best")[0] for _, k in fact_kinds(g, q, anchor))
                    outs[y] = (tuple(sorted(set(e2))), v2, tuple(sorted(set(k2))), tuple(sorted(r2)), m2, kk,
                               tuple(conflicts_on(g, t2)))
            finally:
                C.NOW = saved
            assert len(set(outs.values())) == 1, f"depends on the current year: {outs}"
            # coverage keys
            if t in ("T1", "T6"):
                asked.setdefault((t, q["graph"], n.get("model"), n["dataset"], n["metric"]), []).append(q["id"])
            elif t == "T2":
                asked.setdefault((t, q["graph"], n["dataset"], n["metric"], n["year"]), []).append(q["id"])
            elif t in ("T3", "T4"):
                asked.setdefault((t, q["graph"], n["model"], n["dataset"], n["metric"], n["value"], q["verdict"]),
                                 []).append(q["id"])
            else:
                asked.setdefault((t, q["graph"], n["title"]), []).append(q["id"])
            ev = (f"{t} exp {q['expected']} {q['verdict'] or ''} keep {len(keep)} remove "
                  f"{[k.split(' (best')[0] for _, k in kinds]} conflicts {used or '-'}")
            print(f"  ok   {q['id']} [{q['graph'][:2]}/{q['mechanism']}/{q['query_type']}/{q['verdict']}] {ev}")
        except Exception as ex:  # noqa: BLE001
            fails += 1
            print(f"  FAIL {q['id']} {q['question']!r}: {err(ex)}")

    # ---- coverage: every fact of every graph is asked about, except what README15.md leaves out ----
    print("coverage:")
    for gk, g in graphs.items():
        boards = sorted({(r["dataset"], r["metric"]) for r in g.rows})
        missing = []
        for d, mt in boards:
            models = sorted({r["model"] for r in g.rows if r["dataset"] == d and r["metric"] == mt})
            if ("T1", gk, None, d, mt) not in asked:
                missing.append(f"T1 {d}")
            ask, undecided, seq = change_years(g, d, mt)
            want = ask - LEFT_OUT_T2.get((d, mt), set())
            got = {k[4] for k in asked if k[0] == "T2" and k[1] == gk and k[2] == d and k[3] == mt}
            if got != want:
                missing.append(f"T2 {d}: asked {sorted(got)}, change years {sorted(want)}")
            lo = LEFT_OUT_T2.get((d, mt), set())
            if lo != undecided:
                missing.append(f"T2 {d}: undecided years {sorted(undecided)} != left out {sorted(lo)}")
            holders = []  # every model that once held the top alone (one model, decided)
            for y, (sst, sexp) in sorted(seq.items()):
                names = [e for e in sexp if e in models] if sst == "decided" else []
                if len(names) == 1 and names[0] not in holders:
                    holders.append(names[0])
            for m in models:
                vals = {C.parse_value(r["value"]) for r in g.rows if r["model"] == m and r["dataset"] == d
                        and r["metric"] == mt} - {None}
                keep = surv(g, m, d, mt)[0] if vals else set()
                for v in keep:
                    vd = "UNCERTAIN" if len(keep) > 1 else "SUPPORTED"
                    if ("T3", gk, m, d, mt, v, vd) not in asked:
                        missing.append(f"T3 {m} {d} {fmt(v)} {vd}")
                    if len(papers_stating(g, m, d, mt, v)) > 1 and ("T4", gk, m, d, mt, v, "SUPPORTED") not in asked \
                            and (m, d, mt, v) not in LEFT_OUT_T4:
                        missing.append(f"T4 {m} {d} {fmt(v)}")
                for v in vals - keep:
                    if ("T3", gk, m, d, mt, v, "REFUTED") not in asked:
                        missing.append(f"T3 {m} {d} {fmt(v)} (losing side)")
                wrong = [k for k in asked if k[:5] == ("T3", gk, m, d, mt) and k[6] == ("REFUTED" if vals else "UNCERTAIN")
                         and k[5] not in vals]
                if len(wrong) != 1:
                    missing.append(f"T3 {m} {d}: {len(wrong)} questions with a value the graph lacks")
                if m in holders and ("T6", gk, m, d, mt) not in asked and (m, d, mt) not in LEFT_OUT_T6:
                    missing.append(f"T6 {m} {d}")
            st, ref = best_or_open(g, d, mt)
            for m in [e for e in ref if e in models]:
                if m in holders and ("T6", gk, m, d, mt) not in asked and (m, d, mt) not in LEFT_OUT_T6:
                    missing.append(f"T6 leader {m} {d}")
        for p, meta in g.papers.items():
            if ("T5", gk, meta["title"]) not in asked:
                missing.append(f"T5 {meta['title']}")
        extra = [k for k, v in asked.items() if len(v) > 1]
        if extra:
            missing.append(f"asked twice: {extra}")
        print(f"  {gk}: {len(boards)} boards, {len({(r['model'], r['dataset'], r['metric']) for r in g.rows})} results, "
              f"{len(g.papers)} papers: " + ("complete" if not missing else "MISSING " + "; ".join(missing)))
        if missing:
            fails += 1
    for (m, d, mt) in sorted(LEFT_OUT_T6):
        print(f"  left out (T6): is {m} still the best on {d}")
    for (m, d, mt, v) in sorted(LEFT_OUT_T4):
        print(f"  left out (T4): {m}'s {fmt(v)} on {d} (a side of a close conflict)")
    for (d, mt), ys in sorted(LEFT_OUT_T2.items()):
        print(f"  left out (T2): {d} as of {min(ys)}-{max(ys)}" if len(ys) > 1 else f"  left out (T2): {d} as of {min(ys)}")

    # ---- gen15.py regenerates the file ----
    try:
        gen = load_gen()
        if gen is None:
            print("FAIL gen15.py not found")
            fails += 1
        else:
            regen = gen.generate()
            if regen != qs:
                diff = [a["id"] for a, b in zip(regen, qs) if a != b][:5]
                print(f"FAIL gen15.py does not regenerate the file ({len(regen)} vs {len(qs)} questions; first "
                      f"differences {diff})")
                fails += 1
            else:
                print(f"gen15.py ({GENFILE}) regenerates the file exactly")
    except Exception as ex:  # noqa: BLE001
        print(f"FAIL running gen15.py: {err(ex)}")
        fails += 1

    for k, v in counts.items():
        print(f"{k}: {json.dumps(dict(sorted(v.items())))}")
    print("conflicts touched (all in README's stable table):",
          json.dumps({k: len(v) for k, v in sorted(conflicts_used.items())}))
    print("\nFAILURES:", fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
