#!/usr/bin/env python3
"""Checks trust-dev16.jsonl (TT001, ...) against the fixture graphs g1.ttl .. g4.ttl.

trust-dev16 is systematic, like trust-dev15, on the question kinds file 15 did not ask (templates T1-T8, see
README16.md), written by gen16.py. This checker does not use gen16.py's code to compute answers: it parses each
question back into its template and names (every name must be a label of the graph, exactly) and recomputes the
answer with the earlier checkers' computers (imported, not copied):

  T1 "Does <A> beat <B> on <dataset> by <metric>?"                 K_better (check2); A_dash (check3) for '-'
  T2 "Has anyone beaten <model>'s <value> on <dataset> by <metric>?"
                                                                    models_in_order/separated (check4) for the value
                                                                    reading, best_or_open (check15) for the README's
                                                                    'X no longer being the best'; K_beaten (check5)
                                                                    cross-checked where it applies
  T3 "Before <model> took the <dataset> <metric> record, who held it?"
                                                                    check15's anchored recomputation at the year
                                                                    before model_first_year (check2)
  T4 "Which models have beaten <model> on <dataset> by <metric>?"  beaters (check5) = check.py's models_beating;
                                                                    K_still_best (check3) for an unbeaten leader
  T5 "How many papers report <model> at <value> on <dataset>?"     A_count_papers (check5)
  T6 "What is the most recent paper on <problem>?"                 A_topic_latest (check2), or check4's topic query
                                                                    and valid years for a tie
  T7 "Is there a benchmark dataset for <topic>?"                   A_gate_absent (check5)
  T8 "Which model was best on <dataset> by <metric> before <year>?"
                                                                    parse_anchor + check15's anchored recomputation

and checks the fields, ids, verdict iff claim, query type and mechanism per template, expected (as a set),
verdict, must_keep and must_remove (as sets), the facts' format and existence, fact_kinds (check10), the conflicts
touched (all in README's stable table with its outcome), that everything is the same for every current year
2025-2030 (check.NOW set to each), coverage (every pair, every surviving value, every record holder, every
problem, every change year, every value stated twice, except the left-out lists below, which must be exactly the
undecided cases), and that gen16.py regenerates the file exactly.

Where things are: the earlier checkers (check.py .. check10.py, check15.py) and the graphs beside this file first,
then /work/main/eval/gold/trust; trust-dev16.jsonl and gen16.py beside this file first, then /work/goldwork/tt.
Needs rdflib and pyoxigraph.

Run: python3 check16.py          (exit status 1 on any failure)
     TRUST_NOW=2025 python3 check16.py ; TRUST_NOW=2030 python3 check16.py
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
OWN_FALLBACK = "/work/goldwork/tt"
NEEDED = ("check.py", "check2.py", "check3.py", "check4.py", "check5.py", "check6.py", "check8.py", "check10.py",
          "check15.py", "trust-dev15.jsonl", "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")
TRUST_DIR = next(d for d in (HERE, FALLBACK) if all(os.path.exists(os.path.join(d, f)) for f in NEEDED))
sys.path.insert(0, TRUST_DIR)
OWN_TRUST_DIR = TRUST_DIR
import check as C  # noqa: E402  (reference rules, SPARQL queries, graph loading; imported, never read)
from check10 import *  # noqa: E402,F401,F403  (the computers of check2.py .. check10.py, shared, not copied)
from check10 import (parse_anchor, papers_stating, fact_kinds, STABLE, FIELDS, models_in_order,  # noqa: E402
                     separated, model_first_year, beaters, K_beaten, A_count_papers, A_gate_absent, labels_text,
                     Q_TOPIC_PAPERS, paper_years_for)
import check15 as C15  # noqa: E402  (best_or_open, change_years, the anchored recomputation, conflicts_on)

HERE = os.path.dirname(os.path.abspath(__file__))  # the earlier checkers' HERE was imported above; this file's own
QFILE = next(p for p in (os.path.join(HERE, "trust-dev16.jsonl"), os.path.join(OWN_FALLBACK, "trust-dev16.jsonl"))
             if os.path.exists(p))
GENFILE = next((p for p in (os.path.join(HERE, "gen16.py"), os.path.join(OWN_FALLBACK, "gen16.py"))
                if os.path.exists(p)), None)
YEARS = range(2025, 2031)
LAST_YEAR = 2025

# README16.md "Left out": what the README's public rules do not decide (the coverage check allows exactly these)
LEFT_OUT_T2 = {  # (model, dataset, value): the value reading and 'X no longer being the best' differ, or undated top
    ("Aviquist", "Veltmoor Dawn Set", 6.8), ("Aviquist", "Veltmoor Dawn Set", 7.9),
    ("Murrelet-MT", "Mirelle Subtitles", 51.0), ("Murrelet-MT", "Mirelle Subtitles", 55.1),
    ("Kelvane", "Kelpwatch-Norrland", 61.4),
}
LEFT_OUT_T3 = {("Plumaro", "Hollenby Marsh Calls"), ("Marrowfen", "Sealbrook Turbine Logs")}  # anchor undecided
LEFT_OUT_T4 = {  # a better score only from earlier/same-year/undated papers, a straddling close conflict, or no year
    ("KestrelNet", "BenchMira"), ("Wendrel-S", "BenchMira"), ("Wendrel-S", "Corvalla-Ice"),
    ("Ymberline", "Skarnhold Glacier Set"), ("Corrasine", "Dastrup-7 Chorus"), ("Corrasine", "Veltmoor Dawn Set"),
    ("Murrelet-MT", "Mirelle Subtitles"), ("Kelvane", "Kelpwatch-Norrland"), ("Undertow-GNN", "Sealbrook Turbine Logs"),
}
NOT_ASKED_T4 = {("Aviquist", "Veltmoor Dawn Set"), ("Nerrisa", "Mirelle Subtitles"), ("Driftmere", "Kelpwatch-Norrland")}
LEFT_OUT_T8 = {("Corvalla-Ice", 2024), ("Hollenby Marsh Calls", 2025), ("Sealbrook Turbine Logs", 2018)}

TEMPLATES = {
    "T1": re.compile(r"^Does (?P<a>.+?) beat (?P<b>.+?) on (?P<dataset>.+) by (?P<metric>.+)\?$"),
    "T2": re.compile(r"^Has anyone beaten (?P<model>.+?)'s (?P<value>\d+(?:\.\d+)?) on (?P<dataset>.+) by "
                     r"(?P<metric>.+)\?$"),
    "T3": re.compile(r"^Before (?P<model>.+?) took the (?P<board>.+) record, who held it\?$"),
    "T4": re.compile(r"^Which models have beaten (?P<model>.+?) on (?P<dataset>.+) by (?P<metric>.+)\?$"),
    "T5": re.compile(r"^How many papers report (?P<model>.+?) at (?P<value>\d+(?:\.\d+)?) on (?P<dataset>.+)\?$"),
    "T6": re.compile(r"^What is the most recent paper on (?P<problem>.+)\?$"),
    "T7": re.compile(r"^Is there a benchmark dataset for (?P<topic>.+)\?$"),
    "T8": re.compile(r"^Which model was best on (?P<dataset>.+) by (?P<metric>.+) before (?P<year>\d{4})\?$"),
}
QTYPE = {"T1": "claim_verification", "T2": "claim_verification", "T3": "method_comparison",
         "T4": "method_comparison", "T5": "method_comparison", "T6": "topic_search", "T7": "dataset_search",
         "T8": "method_comparison"}
Q_PROBLEMS = C.PREFIXES + """
SELECT DISTINCT ?pl WHERE { ?c a orkgc:Contribution ; orkgp:P32 ?p . ?p rdfs:label ?pl . }"""
STOPW = {"a", "an", "the", "of", "for", "in", "on", "and", "to"}


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
            "metric": {r["metric"] for r in g.rows}}


def nums(g, m, d, mt):
    return {C.parse_value(r["value"]) for r in g.rows if r["model"] == m and r["dataset"] == d
            and r["metric"] == mt} - {None}


def board_models(g, d, mt):
    return sorted({r["model"] for r in g.rows if r["dataset"] == d and r["metric"] == mt})


def parse(q, g):
    for t in ("T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8"):
        m = TEMPLATES[t].match(q["question"])
        if not m:
            continue
        n = m.groupdict()
        lab = labels(g)
        if t == "T3":
            hits = [(d, mt) for d, mt in {(r["dataset"], r["metric"]) for r in g.rows} if f"{d} {mt}" == n["board"]]
            assert len(hits) == 1, f"board {n['board']!r} is not one dataset + metric of the graph"
            n["dataset"], n["metric"] = hits[0]
        if t == "T5":
            mts = {r["metric"] for r in g.rows if r["dataset"] == n["dataset"]}
            assert len(mts) == 1, mts
            n["metric"] = mts.pop()
        for k, key in (("a", "model"), ("b", "model"), ("model", "model"), ("dataset", "dataset"), ("metric", "metric")):
            if k in n:
                assert n[k] in lab[key], f"{k} {n[k]!r} is not a label of {q['graph']}"
        if "value" in n:
            n["value"] = float(n["value"])
        if "year" in n:
            n["year"] = int(n["year"])
        return t, n
    raise AssertionError("the question matches no template")


def clear_losers(g, d, mt, models=None):
    out = set()
    for m in board_models(g, d, mt):
        if models is not None and m not in models:
            continue
        keep, st = surv(g, m, d, mt)
        if st == "clear":
            out |= {(m, v) for v in nums(g, m, d, mt) - keep}
    return out


def sole_leader_years(g, d, mt):
    """{model: [years it was the decided leader alone]} from check15's year-by-year sequence."""
    models = set(board_models(g, d, mt))
    _, _, seq = C15.change_years(g, d, mt)
    out = {}
    for y, (st, exp) in sorted(seq.items()):
        names = [e for e in exp if e in models] if st == "decided" else []
        if len(names) == 1:
            out.setdefault(names[0], []).append((y, tuple(e for e in exp if e not in models)))
    return out, seq


# ---- the recomputation per template: (expected, verdict, must_keep, must_remove, mechanism, anchor, triples, info) --
def recompute(g, t, n):
    models = set(board_models(g, n["dataset"], n["metric"])) if "dataset" in n and "metric" in n else set()
    d, mt = n.get("dataset"), n.get("metric")
    board_triples = {(m, d, mt) for m in models}
    if t == "T1":
        a, b = n["a"], n["b"]
        exp, verdict, _ = K_better(g, a, b, d, mt)
        sa, sb = surv(g, a, d, mt)[0], surv(g, b, d, mt)[0]
        if not sa or not sb:
            A_dash(g, a if not sa else b, d, mt)
            assert not exp and verdict == "UNCERTAIN"
            other, so = (b, sb) if not sa else (a, sa)
            return [], "UNCERTAIN", {fact(other, v, d, mt) for v in so}, set(), "gate", None, {(a, d, mt), (b, d, mt)}, ""
        keep = {fact(a, v, d, mt) for v in sa} | {fact(b, v, d, mt) for v in sb}
        remove = {fact(m, v, d, mt) for m, v in clear_losers(g, d, mt, {a, b})}
        first = model_first_year(g, d, mt)
        if len(nums(g, a, d, mt)) > 1 or len(nums(g, b, d, mt)) > 1:
            mech = "conflict"
        elif a in first and b in first and first[a] != first[b]:
            newer = a if first[a] > first[b] else b
            mech = "superseded" if (verdict == "SUPPORTED") == (newer == a) else "recency"
        else:
            mech = "corroboration"
        return exp, verdict, keep, remove, mech, None, {(a, d, mt), (b, d, mt)}, ""
    if t == "T2":
        x, v = n["model"], n["value"]
        kx, _ = surv(g, x, d, mt)
        assert v in kx, f"{fmt(v)} is not a surviving value of {x}"
        order = models_in_order(g, d, mt)
        full = [m for m, vs in order if m != x and separated(vs, {v}, mt)]
        part = [m for m, vs in order if m != x and m not in full and any(better(w, v, mt) for w in vs)]
        value_v = "SUPPORTED" if full else ("UNCERTAIN" if part else "REFUTED")
        st, top = C15.best_or_open(g, d, mt)
        names = [e for e in top if e in models]
        first = model_first_year(g, d, mt)
        open_ = len(names) > 1 or len(C15.top_values(top, models)) > 1
        if not any(m in first for m in names):  # the best now has no usable year: the best dated result is the reference
            ref = A_best(g, d, mt, C.NOW)[0]
            assert x != ref[0], f"{x} is the best dated result under an undated best: left out"
            readme_v = "REFUTED" if x in names else "SUPPORTED"
        else:
            ref = top
            readme_v = ("UNCERTAIN" if x in names else "SUPPORTED") if open_ else ("REFUTED" if names == [x] else "SUPPORTED")
        assert value_v == readme_v, f"value reading {value_v} != README reading {readme_v}: should be left out"
        verdict = value_v
        info = ""
        if len(kx) == 1:  # check5's K_beaten (the 'since' reading of the earlier files) where it applies
            try:
                kexp, kv, _ = K_beaten(g, x, d, mt, v)
                if kv != verdict:
                    assert kv == "REFUTED" and verdict == "SUPPORTED", (kv, verdict)
                    fy = model_first_year(g, d, mt).get(x)
                    assert all(first.get(m) is None or fy is None or first[m] <= fy for m in full), \
                        "K_beaten refutes while a newer model beats it"
                    info = "README reading over K_beaten's 'since' reading"
            except ValueError:
                info = "K_beaten not applicable: the result has no usable year"
            except AssertionError as ex:
                if "only partly beats" in str(ex):
                    pass
                elif str(ex).startswith("({"):  # check5's beaters != check.models_beating: 'since' read two ways
                    info = "K_beaten not applicable: 'since' differs between check5 and check.py"
                else:
                    raise
        losers = {(m, w) for m, w in clear_losers(g, d, mt) if better(w, v, mt)}
        remove = {fact(m, w, d, mt) for m, w in losers}
        if verdict == "SUPPORTED":
            exp = ref
            for e in C15.top_values(ref, models):
                assert better(e, v, mt), f"expected value {fmt(e)} does not beat {fmt(v)}"
            keep = set(C15.exp_facts(ref, d, mt, models))
            _, seq = sole_leader_years(g, d, mt)
            if any(s == "decided" and e == [x, fmt(v)] for s, e in seq.values()):
                remove.add(fact(x, v, d, mt))  # kind b: a former best
            mech = "conflict" if (len(nums(g, x, d, mt)) > 1 or losers) else "superseded"
        elif verdict == "REFUTED":
            exp, keep = [x, fmt(v)], {fact(x, v, d, mt)}
            mech = "conflict" if (len(nums(g, x, d, mt)) > 1 or losers) else "superseded"
        else:
            exp, keep, mech = top, set(C15.exp_facts(top, d, mt, models)), "conflict"
        return exp, verdict, keep, remove, mech, None, board_triples, info
    if t in ("T3", "T8"):
        if t == "T3":
            x = n["model"]
            held, _ = sole_leader_years(g, d, mt)
            assert x in held, f"{x} never held the record alone"
            anchor = model_first_year(g, d, mt)[x] - 1
        else:
            anchor = n["year"] - 1
        exp, _, keep, remove, mech, a2, triples = C15.recompute(g, "T2", {"dataset": d, "metric": mt, "year": anchor})
        assert a2 == anchor
        return exp, None, set(keep), set(remove), "as_of", anchor, triples, ""
    if t == "T4":
        x = n["model"]
        kx, _ = surv(g, x, d, mt)
        try:
            out, _ = beaters(g, x, d, mt)  # raises when a model only partly beats it
            info = ""
        except AssertionError as ex:
            if not str(ex).startswith("({"):
                raise
            # check5's beaters (since the first paper stating a surviving value) and check.py's models_beating
            # (since the model's first result, on a triple with a clear conflict) differ: the expected answer must be
            # the smaller set, which is in both
            mine = min(paper_years_for(g, x, d, mt, kx))
            out = {m: vs for m, vs in models_in_order(g, d, mt) if m != x and separated(vs, kx, mt)
                   and paper_years_for(g, m, d, mt, vs) and min(paper_years_for(g, m, d, mt, vs)) > mine}
            assert set(out) <= set(C.models_beating(g, d, mt, x))
            info = "expected = beaters since the surviving value, a subset of check.py's models_beating"
        for m in out:
            assert m in model_first_year(g, d, mt), f"{m} has no usable year" 
        score = [m for m, vs in models_in_order(g, d, mt) if m != x and separated(vs, kx, mt)]
        for m, vs in models_in_order(g, d, mt):
            assert m == x or separated(vs, kx, mt) or not any(better(w, u, mt) for w in vs for u in kx), \
                f"{m} partly beats {x}"
        assert set(out) <= set(score)
        exp = sorted(out)
        if not exp:
            assert not score, f"nobody since, but {score} score better: should be left out"
            ks, kv, _ = K_still_best(g, x, d, mt)
            assert kv == "SUPPORTED", (ks, kv)
            keep = {fact(x, w, d, mt) for w in kx}
        else:
            keep = {fact(m, w, d, mt) for m in exp for w in surv(g, m, d, mt)[0]}
        remove = {fact(m, w, d, mt) for m, w in clear_losers(g, d, mt) if m != x and any(better(w, u, mt) for u in kx)}
        return exp, None, keep, remove, "superseded", None, board_triples, info
    if t == "T5":
        x, v = n["model"], n["value"]
        exp, _, _ = A_count_papers(g, x, d, mt, v)
        assert int(exp[1]) >= 2 and int(exp[1]) == C.count_papers(g, x, d, v)
        kx, st = surv(g, x, d, mt)
        remove = {fact(x, w, d, mt) for w in nums(g, x, d, mt) - kx} if st == "clear" else set()
        return exp, None, {fact(x, v, d, mt)}, remove, "corroboration", None, {(x, d, mt)}, ""
    if t == "T6":
        prob = n["problem"]
        dated = []
        for r in g.sel(Q_TOPIC_PAPERS.format(problem=prob)):
            vy = g.valid_years(str(r["paper"]))
            if vy:
                dated.append((max(vy), str(r["title"])))
        y = max(yy for yy, _ in dated)
        tops = sorted({tt for yy, tt in dated if yy == y})
        if len(tops) == 1:
            exp, _, _ = A_topic_latest(g, prob)
            assert exp == [tops[0].split(":")[0], str(y)]
        exp = [tt.split(":")[0] for tt in tops] + [str(y)]
        return exp, None, set(), set(), "recency", None, set(), ""
    if t == "T7":
        topic = n["topic"]
        labs = labels_text(g)
        words = [w for w in re.findall(r"[A-Za-z][A-Za-z-]*", topic) if w.lower() not in STOPW]
        absent = [w for w in words if not any(re.search(rf"\b{re.escape(w)}\b", lab, re.I) for lab in labs)]
        present = [w for w in words if w not in absent]
        assert absent and present, f"absent {absent}, present {present}"
        A_gate_absent(g, [rf"\b{re.escape(w)}\b" for w in absent], [rf"\b{re.escape(w)}\b" for w in present])
        assert not any(topic.lower() in lab.lower() for lab in labs)
        return [], None, set(), set(), "gate", None, set(), ""
    raise AssertionError(t)


def load_gen():
    if GENFILE is None:
        return None
    spec = importlib.util.spec_from_file_location("gen16_for_check", GENFILE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    graphs = {k + ".ttl": C.G(k + ".ttl") for k in ("g1", "g2", "g3", "g4")}
    qs = [json.loads(line) for line in open(QFILE)]
    fails = 0
    print(f"TRUST_NOW={C.NOW}; checkers and graphs from {OWN_TRUST_DIR}; {len(qs)} questions in {QFILE}")
    if [q["id"] for q in qs] != [f"TT{i:03d}" for i in range(1, len(qs) + 1)]:
        print("FAIL ids are not TT001.. in order")
        fails += 1
    seen = {}
    for q in qs:
        k = (q["graph"], q["question"])
        if k in seen:
            print(f"FAIL {q['id']} repeats {seen[k]}")
            fails += 1
        seen[k] = q["id"]
    counts = {k: {} for k in ("template", "graph", "mechanism", "query_type", "verdict")}
    per_tpl = {}
    asked = {}
    conflicts_used = {}
    infos = []
    for q in qs:
        try:
            assert set(q) == FIELDS, sorted(q)
            assert (q["verdict"] is not None) == (q["query_type"] == "claim_verification"), "verdict iff claim"
            assert q["verdict"] in {"SUPPORTED", "REFUTED", "UNCERTAIN", None}
            g = graphs[q["graph"]]
            t, n = parse(q, g)
            assert q["notes"].startswith(f"[{t}] "), f"notes do not name the template {t}"
            low = q["notes"].lower()
            assert "rule" in low and "right" in low and "careless" in low, "notes must give the rule, right and careless"
            assert q["query_type"] == QTYPE[t], f"query type {q['query_type']} != {QTYPE[t]}"
            for k, v in (("template", t), ("graph", q["graph"][:2]), ("mechanism", q["mechanism"]),
                         ("query_type", q["query_type"]), ("verdict", str(q["verdict"]))):
                counts[k][v] = counts[k].get(v, 0) + 1
            per_tpl.setdefault(t, {}).setdefault(q["graph"][:2], 0)
            per_tpl[t][q["graph"][:2]] += 1
            exp, verdict, keep, remove, mech, anchor, triples, info = recompute(g, t, n)
            if info:
                infos.append((q["id"], info))
            written, _ = parse_anchor(q["question"])
            if t == "T8":
                assert written == anchor, f"anchor in the text {written} != {anchor}"
            assert sorted(set(exp)) == sorted(set(q["expected"])), f"expected {q['expected']} but recomputed {exp}"
            assert verdict == q["verdict"], f"verdict {q['verdict']} but recomputed {verdict}"
            assert mech == q["mechanism"], f"mechanism {q['mechanism']} but recomputed {mech}"
            assert sorted(keep) == sorted(q["must_keep"]), f"must_keep {q['must_keep']} but recomputed {sorted(keep)}"
            assert sorted(remove) == sorted(q["must_remove"]), f"must_remove {q['must_remove']} but recomputed {sorted(remove)}"
            for f in q["must_keep"] + q["must_remove"]:
                assert C.FACT_RE.match(f), f"bad fact {f}"
                assert C.fact_exists(g, f), f"fact not in graph: {f}"
                _, v, _, _ = C.FACT_RE.match(f).groups()
                assert v == fmt(float(v)), f"value not in clean form: {f}"
            assert not set(q["must_keep"]) & set(q["must_remove"])
            kinds = fact_kinds(g, q, anchor)
            text = C.graph_text(g)
            for i, e in enumerate(q["expected"]):
                if t == "T5" and i == 1:
                    continue  # a count, not a string of the graph
                assert e in text, f"expected string {e!r} not in the graph"
            used = C15.conflicts_on(g, triples)
            for u in used:
                conflicts_used.setdefault(u, []).append(q["id"])
            saved, outs = C.NOW, {}
            try:
                for y in YEARS:
                    C.NOW = y
                    e2, v2, k2, r2, m2, a2, t2, _ = recompute(g, t, n)
                    kk = tuple(k.split(" (best")[0] for _, k in fact_kinds(g, q, a2))
                    outs[y] = (tuple(sorted(set(e2))), v2, tuple(sorted(k2)), tuple(sorted(r2)), m2, kk,
                               tuple(C15.conflicts_on(g, t2)))
            finally:
                C.NOW = saved
            assert len(set(outs.values())) == 1, f"depends on the current year: {outs}"
            if t == "T1":
                asked.setdefault((t, q["graph"], n["dataset"], n["metric"], frozenset((n["a"], n["b"]))), []).append(q["id"])
            elif t in ("T2", "T5"):
                asked.setdefault((t, q["graph"], n["model"], n["dataset"], n["value"]), []).append(q["id"])
            elif t in ("T3", "T4"):
                asked.setdefault((t, q["graph"], n["model"], n["dataset"]), []).append(q["id"])
            elif t == "T6":
                asked.setdefault((t, q["graph"], n["problem"]), []).append(q["id"])
            elif t == "T7":
                asked.setdefault((t, q["graph"], n["topic"]), []).append(q["id"])
            else:
                asked.setdefault((t, q["graph"], n["dataset"], n["year"]), []).append(q["id"])
            print(f"  ok   {q['id']} [{q['graph'][:2]}/{t}/{q['mechanism']}/{q['verdict']}] exp {q['expected']} "
                  f"keep {len(keep)} remove {[k.split(' (best')[0] for _, k in kinds]} conflicts {used or '-'}"
                  f"{' (' + info + ')' if info else ''}")
        except Exception as ex:  # noqa: BLE001
            fails += 1
            print(f"  FAIL {q['id']} {q['question']!r}: {err(ex)}")

    # ---- coverage ----
    print("coverage:")
    gate_total = 0
    for gk, g in graphs.items():
        missing = []
        for d, mt in sorted({(r["dataset"], r["metric"]) for r in g.rows}):
            ms = board_models(g, d, mt)
            for i, a in enumerate(ms):  # T1: every pair once
                for b in ms[i + 1:]:
                    if len(asked.get(("T1", gk, d, mt, frozenset((a, b))), [])) != 1:
                        missing.append(f"T1 {a}/{b} {d}")
            held, seq = sole_leader_years(g, d, mt)
            st, top = C15.best_or_open(g, d, mt)
            names = [e for e in top if e in ms]
            for m in ms:
                kx, _ = surv(g, m, d, mt)
                for v in kx:  # T2: every surviving value
                    if ("T2", gk, m, d, v) not in asked and (m, d, v) not in LEFT_OUT_T2:
                        missing.append(f"T2 {m} {fmt(v)} {d}")
                    if ("T2", gk, m, d, v) in asked and (m, d, v) in LEFT_OUT_T2:
                        missing.append(f"T2 {m} {fmt(v)} asked but listed as left out")
                    if len(papers_stating(g, m, d, mt, v)) > 1 and ("T5", gk, m, d, v) not in asked:
                        missing.append(f"T5 {m} {fmt(v)} {d}")
                if m in held and ("T3", gk, m, d) not in asked and (m, d) not in LEFT_OUT_T3:
                    missing.append(f"T3 {m} {d}")
                if kx and (m in held or m not in names) and ("T4", gk, m, d) not in asked and (m, d) not in LEFT_OUT_T4:
                    missing.append(f"T4 {m} {d}")
                if ("T4", gk, m, d) in asked and ((m, d) in LEFT_OUT_T4 or (m, d) in NOT_ASKED_T4):
                    missing.append(f"T4 {m} {d} asked but listed as left out")
                if kx and not (m in held or m not in names) and (m, d) not in NOT_ASKED_T4:
                    missing.append(f"T4 {m} {d}: at the top and never held it alone, not in NOT_ASKED_T4")
            # T8: the change years (a decided leader different from the decided or empty board the year before)
            first = min(model_first_year(g, d, mt).values())
            want, undecided = set(), set()
            for c in range(first, LAST_YEAR + 1):
                s1, e1 = seq[c]
                s0, e0 = seq[c - 1]
                if s1 != "decided":
                    continue
                n1 = tuple(e for e in e1 if e in ms)
                if s0 == "empty":
                    want.add(c)
                elif s0 == "decided" and tuple(e for e in e0 if e in ms) != n1:
                    want.add(c)
                elif s0 == "undecided":
                    last = [tuple(e for e in seq[y][1] if e in ms) for y in range(first, c) if seq[y][0] == "decided"]
                    if not last or last[-1] != n1:
                        undecided.add(c)
            got = {k[3] for k in asked if k[0] == "T8" and k[1] == gk and k[2] == d}
            if got != want:
                missing.append(f"T8 {d}: asked {sorted(got)}, change years {sorted(want)}")
            if undecided != {y for dd, y in LEFT_OUT_T8 if dd == d}:
                missing.append(f"T8 {d}: undecided change years {sorted(undecided)} != left out")
        for r in g.sel(Q_PROBLEMS):
            if ("T6", gk, str(r["pl"])) not in asked:
                missing.append(f"T6 {r['pl']}")
        ng = sum(1 for k in asked if k[0] == "T7" and k[1] == gk)
        gate_total += ng
        if ng < 2:
            missing.append(f"T7: only {ng} gate topics")
        dup = [k for k, v in asked.items() if len(v) > 1 and k[1] == gk]
        if dup:
            missing.append(f"asked twice: {dup}")
        print(f"  {gk}: " + ("complete" if not missing else "MISSING " + "; ".join(missing)))
        if missing:
            fails += 1
    if gate_total < 10:
        print(f"FAIL only {gate_total} gate topics (at least 10)")
        fails += 1
    for name, lst in (("T2", LEFT_OUT_T2), ("T3", LEFT_OUT_T3), ("T4", LEFT_OUT_T4), ("T8", LEFT_OUT_T8)):
        print(f"  left out ({name}): {sorted(lst, key=str)}")
    for i in sorted(set(x for x, _ in infos)):
        pass
    kinds_info = {}
    for qid, inf in infos:
        kinds_info.setdefault(inf, []).append(qid)
    for inf, ids in sorted(kinds_info.items()):
        print(f"  note: {inf}: {len(ids)} ({', '.join(ids)})")

    # ---- gen16.py regenerates the file ----
    try:
        gen = load_gen()
        if gen is None:
            print("FAIL gen16.py not found")
            fails += 1
        else:
            regen = gen.generate()
            if regen != qs:
                diff = [a["id"] for a, b in zip(regen, qs) if a != b][:5]
                print(f"FAIL gen16.py does not regenerate the file ({len(regen)} vs {len(qs)}; first differences {diff})")
                fails += 1
            else:
                print(f"gen16.py ({GENFILE}) regenerates the file exactly")
    except Exception as ex:  # noqa: BLE001
        print(f"FAIL running gen16.py: {err(ex)}")
        fails += 1

    for k, v in counts.items():
        print(f"{k}: {json.dumps(dict(sorted(v.items())))}")
    print("per template and graph:", json.dumps({t: dict(sorted(v.items())) for t, v in sorted(per_tpl.items())}))
    print("conflicts touched (all in README's stable table):",
          json.dumps({k: len(v) for k, v in sorted(conflicts_used.items())}))
    print("\nFAILURES:", fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
