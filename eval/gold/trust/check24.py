#!/usr/bin/env python3
"""check24.py: re-derives every question of trust-dev24.jsonl (TB01-TB30) from the trust fixture graphs.

For each question it recomputes `expected`, `verdict`, `must_keep` and `must_remove` with its own code over
check.py's public functions (G, facts, resolve, surviving, board, models_beating, newest_result,
newest_topic_paper, count_papers, check_absent_*, check_paper_value, fact_exists, graph_text, parse_value,
fmt), for every current year 2025-2030 (it sets check.NOW itself) and for TRUST_NOW as given. It also checks
the fields and their order, the ids, duplicates, the counts against trust-dev.jsonl, the anchor written in
each question, the kind of every must_remove fact, that every must_keep fact survives, that every expected
string is in the graph, and the gate kinds. Prints FAILURES: N and exits 1 when N > 0.

TB_FILE=path checks another copy of the JSONL.
"""
import itertools
import json
import os
import re
import sys
from collections import Counter

sys.dont_write_bytecode = True  # importing check.py must not write __pycache__ into /work/main

HERE = os.path.dirname(os.path.abspath(__file__))


def _find_trust():
    need = ("check.py", "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")
    for d in (HERE, "/work/main/eval/gold/trust"):
        if all(os.path.exists(os.path.join(d, f)) for f in need):
            return d
    sys.exit("check24: cannot find check.py and g1.ttl ... g4.ttl")


TRUST = _find_trust()
sys.path.insert(0, TRUST)
import check as C  # noqa: E402

FILE = os.environ.get("TB_FILE", os.path.join(HERE, "trust-dev24.jsonl"))
DEV = next(p for p in (os.path.join(HERE, "trust-dev.jsonl"), os.path.join(TRUST, "trust-dev.jsonl"))
           if os.path.exists(p))
ENV_NOW = C.NOW
YEARS = sorted({ENV_NOW, *range(2025, 2031)})

H, DA, VE = "Hollenby Marsh Calls", "Dastrup-7 Chorus", "Veltmoor Dawn Set"
BM, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
OR, QU, MI = "Orrenby Parallel Corpus", "Quenmark Dialogue Set", "Mirelle Subtitles"
SB, KW = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"
ACC, WER, F1, IOU, BLEU, CHRF = "Accuracy", "Word Error Rate", "F1", "Mean IoU", "BLEU", "chrF"

GRAPHS = {}


def G(name):
    if name not in GRAPHS:
        GRAPHS[name] = C.G(name)
    return GRAPHS[name]


class Premise(Exception):
    pass


def need(cond, what):
    if not cond:
        raise Premise(what)


def fact(m, v, d, mt):
    return f"{m} scores {C.fmt(v)} on {d} by {mt}"


def lower(mt):
    return mt in C.LOWER_BETTER


def better(a, b, mt):
    return a < b if lower(mt) else a > b


# ---- readings of a board -------------------------------------------------------------------
def readings(g, d, mt, anchor=None):
    """Every reading the graph allows: each year pick for a paper with two real years, and each value
    of a close conflict. Returns a list of {model: value}."""
    ref = anchor if anchor is not None else C.NOW
    out = []
    for pick in (min, max):
        per = {}
        for (m, dd, mm), vals in C.facts(g, anchor, pick).items():
            if dd != d or mm != mt:
                continue
            keep, status, _ = C.resolve(vals, ref)
            need(status != "AMBIGUOUS", f"conflict reading ambiguous: {m} on {d} (anchor {anchor}, now {C.NOW})")
            per[m] = sorted(keep)
        models = sorted(per)
        for combo in itertools.product(*[per[m] for m in models]):
            out.append(dict(zip(models, combo)))
    return out


def order(reading, mt):
    return sorted(((v, m) for m, v in reading.items()), key=lambda t: t[0], reverse=not lower(mt))


def top_models(g, d, mt, k=1, anchor=None):
    """The top-k models, which must be the same (and untied) in every reading."""
    tops = set()
    for r in readings(g, d, mt, anchor):
        o = order(r, mt)
        need(len(o) >= k, f"fewer than {k} models on {d}")
        if len(o) > k:
            need(o[k - 1][0] != o[k][0], f"tie at rank {k} on {d}")
        tops.add(tuple(m for _, m in o[:k]))
    need(len(tops) == 1, f"top-{k} on {d} differs between readings: {tops}")
    return list(next(iter(tops)))


def surviving_values(g, m, d, mt, anchor=None):
    vals, status, _ = C.surviving(g, m, d, mt, anchor)
    return sorted(vals), status


def best_answer(g, d, mt, k=1, anchor=None):
    """expected strings and must_keep facts of the top-k models (every surviving value of each)."""
    exp, keep = [], []
    for m in top_models(g, d, mt, k, anchor):
        vals, _ = surviving_values(g, m, d, mt, anchor)
        exp.append(m)
        for v in vals:
            exp.append(C.fmt(v))
            keep.append(fact(m, v, d, mt))
    return exp, keep


def claim_is_best(g, d, mt, model, anchor=None):
    outs = set()
    for r in readings(g, d, mt, anchor):
        o = order(r, mt)
        outs.add(bool(o) and o[0][1] == model and (len(o) == 1 or o[1][0] != o[0][0]))
    return verdict_of(outs)


def verdict_of(outs):
    if outs == {True}:
        return "SUPPORTED"
    if outs == {False}:
        return "REFUTED"
    return "UNCERTAIN"


def removed_facts(g, d, mt):
    """(model, value) stated on the board now that lose a clear conflict."""
    out = []
    for (m, dd, mm), vals in C.facts(g).items():
        if dd == d and mm == mt:
            keep, _ = surviving_values(g, m, d, mt)
            out += [(m, v) for v in vals if v not in keep]
    return out


def removed_beating(g, d, mt, threshold):
    """Removed facts that would beat `threshold` (the careless answers a removal must stop)."""
    return [fact(m, v, d, mt) for m, v in removed_facts(g, d, mt) if better(v, threshold, mt)]


def after_anchor_beating(g, d, mt, anchor, best_value):
    """Facts surviving now, stated only in papers after the anchor (or undated), that beat the anchored best."""
    out = []
    before = C.facts(g, anchor, min)
    for (m, dd, mm), vals in C.facts(g).items():
        if dd != d or mm != mt:
            continue
        keep, _ = surviving_values(g, m, d, mt)
        for v in keep:
            if v not in before.get((m, d, mt), {}) and better(v, best_value, mt):
                out.append(fact(m, v, d, mt))
    return out


def best_value_under(g, d, mt, anchor):
    vals = [v for r in readings(g, d, mt, anchor) for v in [order(r, mt)[0][0]]]
    return min(vals) if lower(mt) else max(vals)


# ---- careless readings (shown, and used as premises) ---------------------------------------
def naive_best(g, d, mt, anchor=None):
    """Minimum raw P29 as the year, no conflict removal."""
    if anchor is None:
        rows = [(C.parse_value(r["value"]), r["model"]) for r in g.rows
                if r["dataset"] == d and r["metric"] == mt and C.parse_value(r["value"]) is not None]
        rows.sort(reverse=not lower(mt))
        return rows[0]
    s = C.naive_best(g, d, mt, anchor)
    m, v = s.rsplit(" ", 1)
    return float(v), m


def string_sorted_top(g, d, mt, anchor=None):
    """SPARQL ORDER BY DESC(?value) on the raw strings, with the anchor applied by raw minimum P29."""
    rows = []
    for r in g.rows:
        if r["dataset"] != d or r["metric"] != mt:
            continue
        ys = g.papers[r["paper"]]["years"]
        if anchor is not None and (not ys or min(ys) > anchor):
            continue
        rows.append((r["value"], r["model"], r["paper"]))
    rows.sort(reverse=True)
    return rows[0]


def newest_row(g, d, mt):
    rows = [(max(g.valid_years(r["paper"])), r["model"], C.parse_value(r["value"])) for r in g.rows
            if r["dataset"] == d and r["metric"] == mt and g.valid_years(r["paper"])]
    y = max(t[0] for t in rows)
    return y, sorted({(m, v) for yy, m, v in rows if yy == y})


def rows_of_paper(g, fragment):
    p = g.paper_by_title(fragment)
    return [r for r in g.rows if r["paper"] == p]


def problem_rows(g, title, problem):
    q = C.PREFIXES + """
SELECT ?model ?dataset ?metric ?value WHERE {
  ?paper a orkgc:Paper ; rdfs:label ?t ; orkgp:P31 ?c .
  ?c orkgp:P32 ?p ; orkgp:HAS_MODEL ?mm ; orkgp:HAS_BENCHMARK ?b .
  ?p rdfs:label ?pl . ?mm rdfs:label ?model .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dataset .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value . ?mt rdfs:label ?metric .
  FILTER(STR(?t) = "%s" && STR(?pl) = "%s")
}""" % (title, problem)
    return g.sel(q)


# ---- the questions ---------------------------------------------------------------------------
# Each computer returns (expected, verdict, must_keep, must_remove, shown) and raises Premise when a
# premise of the question (a fact it states, or the trap it sets) does not hold.
def R(expected, verdict, keep, remove, shown=""):
    return dict(expected=expected, verdict=verdict, must_keep=keep, must_remove=remove, shown=shown)


def tb01(g):  # Hollenby best now; newest row is Syrinxa 2025; outlier 93.8 on top without removal
    exp, keep = best_answer(g, H, ACC)
    y, newest = newest_row(g, H, ACC)
    need(y == 2025 and [m for m, _ in newest] == ["Syrinxa"], "newest Hollenby row is Syrinxa (2025)")
    need(exp[0] not in [m for m, _ in newest], "newest row is not the best")
    nb = naive_best(g, H, ACC)
    need(nb[1] == "Syrinxa" and C.fmt(nb[0]) == "93.8", "without removal Syrinxa 93.8 tops the board")
    best = best_value_under(g, H, ACC, None)
    return R(exp, None, keep, removed_beating(g, H, ACC, best), f"newest row {y} {newest}; careless {nb}")


def tb02(g):  # newest model on Sealbrook is Undertow-GNN; claim it is the best
    C.newest_result(g, SB, F1, want="Undertow-GNN")
    v = claim_is_best(g, SB, F1, "Undertow-GNN")
    exp, keep = best_answer(g, SB, F1)
    own, _ = surviving_values(g, "Undertow-GNN", SB, F1)
    need(g.valid_years(g.paper_by_title("Undertow-GNN:")) == [2023], "its paper is from 2023")
    return R(exp, v, keep + [fact("Undertow-GNN", x, SB, F1) for x in own], [], "newest model Undertow-GNN")


def tb03(g):  # two lowest WER on Dastrup-7 now; newest model Corrasine is second, not first
    exp, keep = best_answer(g, DA, WER, k=2)
    C.newest_result(g, DA, WER, want="Corrasine")
    need(exp[0] != "Corrasine", "the newest model is not the best")
    need(naive_best(g, DA, WER)[1] == "Plumaro", "sanity")
    hi = max((C.parse_value(r["value"]), r["model"]) for r in g.rows if r["dataset"] == DA)
    best2 = best_value_under(g, DA, WER, None)
    return R(exp, None, keep, removed_beating(g, DA, WER, best2), f"highest number (careless 'best'): {hi}")


def tb04(g):  # newest paper on Dialogue Translation
    prob = "Dialogue Translation"
    dated, undated = C.newest_topic_paper(g, prob)
    need(not undated, "no undated paper on the problem")
    need(dated[0][0] > dated[1][0], "a single newest paper")
    title = dated[0][1]
    need("dialogue" not in title.lower(), "the newest paper's title does not say dialogue")
    kw = [t for y, t in dated if "dialogue translation" in t.lower()]
    need(kw and kw[0].startswith("Varnholt"), "the keyword search finds the Varnholt paper")
    newest_all = max((max(g.valid_years(p)), d["title"]) for p, d in g.papers.items() if g.valid_years(p))
    need(newest_all[1].startswith("Nerrisa") and newest_all[1] not in [t for _, t in dated],
         "the newest paper in the graph (Nerrisa) is not on the problem")
    keep = [fact(r["model"], C.parse_value(r["value"]), r["dataset"], r["metric"]) for r in problem_rows(g, title, prob)]
    return R([title.split(":")[0]], None, keep, [], f"dated {dated[:3]}; careless keyword {kw[0]}; newest overall {newest_all}")


def former_best(g, d, mt, m, v):
    """(b): m's value v was the top of the board (in some reading) at the end of some year up to now,
    and is not the best now in any reading."""
    ys = sorted({y for r in g.rows for y in g.valid_years(r["paper"])})
    was = False
    for y in range(ys[0], C.NOW + 1):
        for r in readings(g, d, mt, y):
            o = order(r, mt)
            if o and o[0][1] == m and o[0][0] == v:
                was = True
    now = any(order(r, mt)[0] == (v, m) for r in readings(g, d, mt))
    return was and not now


def superseded_claim(g, d, mt, model):
    v = claim_is_best(g, d, mt, model)
    exp, keep = best_answer(g, d, mt)
    own, _ = surviving_values(g, model, d, mt)
    remove = [fact(model, x, d, mt) for x in own if former_best(g, d, mt, model, x)]
    need(remove, f"{model} was the best on {d} at some time")
    return R(exp, v, keep, remove)


def tb05(g):
    return superseded_claim(g, BM, ACC, "Tavrosa")


def tb06(g):
    return superseded_claim(g, DA, WER, "Chirpform")


def tb07(g):
    out = superseded_claim(g, QU, BLEU, "Murrelet-MT")
    need(surviving_values(g, "Murrelet-MT", QU, BLEU)[0] == [19.6], "Murrelet-MT's Quenmark value is 19.6")
    return out


def tb08(g):  # who has beaten Orvalis-CNN on Skarnhold since
    need(former_best(g, SK, IOU, "Orvalis-CNN", 58.8), "Orvalis-CNN used to lead Skarnhold")
    ms = sorted(C.models_beating(g, SK, IOU, "Orvalis-CNN"))
    keep = [fact(m, v, SK, IOU) for m in ms for v in surviving_values(g, m, SK, IOU)[0]]
    sal = g.paper_by_title("Sallowmere")
    need(min(g.papers[sal]["years"]) < 2016, "careless min-P29 puts Sallowmere before Orvalis-CNN")
    return R(ms, None, keep, [], f"Sallowmere raw P29 {g.papers[sal]['years']}")


def clear_value(g, m, d, mt):
    vals, status = surviving_values(g, m, d, mt)
    need(status == "clear", f"{m} on {d} is a clear conflict")
    removed = [fact(mm, v, d, mt) for mm, v in removed_facts(g, d, mt) if mm == m]
    return [C.fmt(v) for v in vals], [fact(m, v, d, mt) for v in vals], removed


def tb09(g):
    exp, keep, rem = clear_value(g, "Fennick-RNN", DA, WER)
    need(any(r["value"] == "18.2" for r in rows_of_paper(g, "Fennick-RNN:")), "the original paper says 18.2")
    return R(exp, None, keep, rem)


def threshold_claim(g, m, d, mt, t, above=True):
    vals, status = surviving_values(g, m, d, mt)
    need(status == "close", f"{m} on {d} is a close conflict")
    v = verdict_of({(x > t) if above else (x < t) for x in vals})
    return R([C.fmt(x) for x in vals], v, [fact(m, x, d, mt) for x in vals], [])


def tb10(g):
    return threshold_claim(g, "Tavrosa", BM, ACC, 86)


def tb11(g):
    return threshold_claim(g, "Warbleon", H, ACC, 80)


def tb12(g):  # top three on Corvalla-Ice, the 97.0 typo removed
    exp, keep = best_answer(g, CI, F1, k=3)
    third = surviving_values(g, exp[-2], CI, F1)[0][0]
    rem = removed_beating(g, CI, F1, third)
    nb = naive_best(g, CI, F1)
    need(nb[1] == "Orvalis-CNN" and C.fmt(nb[0]) == "97.0", "without removal Orvalis-CNN 97.0 tops the board")
    return R(exp, None, keep, rem, f"careless {nb}")


def tb13(g):  # KestrelNet's papers and real BenchMira accuracy
    rows = C.dedup(g.rows, "KestrelNet")
    need({r["dataset"] for r in rows} == {BM}, "KestrelNet is evaluated on BenchMira only")
    need(len(rows) == 2, "two papers evaluate KestrelNet")
    exp, keep, rem = clear_value(g, "KestrelNet", BM, ACC)
    return R(exp, None, keep, rem, "papers: " + "; ".join(r["title"] for r in rows))


def corroborated(g, m, d, mt, v):
    vals, status = surviving_values(g, m, d, mt)
    need(vals == [v], f"{m} on {d} survives as {v}")
    n = C.count_papers(g, m, d, v)
    need(n >= 2, f"{m} {v} is stated by {n} papers")
    return n


def tb14(g):
    n = corroborated(g, "Marrowfen", SB, F1, 78.4)
    need(surviving_values(g, "Marrowfen", KW, IOU)[0] == [55.2], "55.2 is Marrowfen's Kelpwatch Mean IoU")
    return R(["78.4"], None, [fact("Marrowfen", 78.4, SB, F1)], [], f"{n} papers")


def tb15(g):
    n = corroborated(g, "Brackwater-UNet", CI, F1, 91.2)
    need(any(r["value"] == "91.2%" for r in rows_of_paper(g, "Brackwater-UNet:")), "its own paper writes 91.2%")
    need(surviving_values(g, "Brackwater-UNet", CI, F1)[1] == "single", "no paper disagrees")
    return R(["91.2"], "SUPPORTED", [fact("Brackwater-UNet", 91.2, CI, F1)], [], f"{n} papers")


def tb16(g):
    n = corroborated(g, "Gannetron", OR, BLEU, 18.9)
    need(all(r["value"] != "18.9" for r in rows_of_paper(g, "Gannetron:")), "18.9 is not from the Gannetron paper")
    rem = [fact(m, v, OR, BLEU) for m, v in removed_facts(g, OR, BLEU) if m == "Gannetron"]
    return R(["18.9"], "SUPPORTED", [fact("Gannetron", 18.9, OR, BLEU)], rem, f"{n} papers")


def anchored_best(g, d, mt, anchor):
    exp, keep = best_answer(g, d, mt, anchor=anchor)
    best = best_value_under(g, d, mt, anchor)
    return exp, keep, after_anchor_beating(g, d, mt, anchor, best)


def tb17(g):
    exp, keep, rem = anchored_best(g, BM, ACC, 2017)
    need(top_models(g, BM, ACC, anchor=2015) == ["KestrelNet"], "KestrelNet (the hedge) led in 2015")
    return R(exp, None, keep, rem)


def tb18(g):
    exp, keep, rem = anchored_best(g, DA, WER, 2023)
    need(surviving_values(g, "Trillbert", DA, WER, 2023)[1] == "close", "Trillbert close under the anchor")
    # careless: P29 '5' read as the year makes the conflict clear
    careless = C.resolve({9.4: [(5, "p")], 10.1: [(2023, "q")]}, 2023)
    need(careless[1] == "clear" and careless[0] == {10.1}, "month-as-year makes 10.1 win")
    return R(exp, None, keep, rem, f"careless {careless[:2]}")


def tb19(g):
    exp, keep, rem = anchored_best(g, MI, CHRF, 2020)
    need(any(r["model"] == "Ostrada-T" and C.parse_value(r["value"]) is None for r in rows_of_paper(g, "Ostrada-T:")),
         "Ostrada-T's Mirelle entry is '-'")
    return R(exp, None, keep, rem)


def tb20(g):
    v = claim_is_best(g, QU, BLEU, "Varnholt", 2020)
    vals, _ = surviving_values(g, "Varnholt", QU, BLEU, 2020)
    best = best_value_under(g, QU, BLEU, 2020)
    rem = after_anchor_beating(g, QU, BLEU, 2020, best)
    need(claim_is_best(g, QU, BLEU, "Varnholt") == "REFUTED", "without the anchor it is refuted")
    return R([C.fmt(x) for x in vals], v, [fact("Varnholt", x, QU, BLEU) for x in vals], rem)


def tb21(g):
    v = claim_is_best(g, SB, F1, "Selkora", 2018)
    exp, keep, rem = anchored_best(g, SB, F1, 2018)
    # "back in 2018" read as "published in 2018"
    pub = [(C.parse_value(r["value"]), r["model"]) for r in g.rows
           if r["dataset"] == SB and r["metric"] == F1 and 2018 in g.valid_years(r["paper"])]
    need("Selkora" not in [m for _, m in pub], "published-in-2018 reading refutes too")
    need(naive_best(g, SB, F1, 2018)[1] == "Selkora", "careless min-P29 reading keeps Selkora")
    return R(exp, v, keep, rem, f"published in 2018: {pub}")


def tb22(g):
    p = g.paper_by_title("Tidewick:")
    ys, ds = g.valid_years(p), g.papers[p]["dois"]
    need(len(ys) == 2, "two real years")
    return R([str(y) for y in ys] + ds, None, [], [])


def tb23(g):
    p = g.paper_by_title("Undertow-GNN:")
    ds = g.papers[p]["dois"]
    need(len(ds) == 2, "two DOIs")
    return R(ds, None, [], [])


def tb24(g):
    a, b = g.paper_by_title("Trillbert:"), g.paper_by_title("Warbleon Revisited")
    ya, yb = g.valid_years(a), g.valid_years(b)
    need(min(g.papers[a]["years"]) < min(yb), "careless min-P29 puts the Trillbert paper first")
    v = verdict_of({x > y for x in ya for y in yb})
    return R([str(y) for y in ya + yb], v, [], [])


def tb25(g):
    C.check_absent_words(g, "thickness", "shelf")
    need(g.ask(C.ASK_LABEL_WORDS.format(regex="ice")) and g.ask(C.ASK_LABEL_WORDS.format(regex="calving")),
         "labels share 'ice' and 'calving'")
    return R([], None, [], [])


def never_run(g, m, d, mt, claimed, above=True):
    C.check_absent_pair(g, m, d)
    best = best_value_under(g, d, mt, None)
    beyond = better(claimed, best, mt) if above else False
    exp = best_answer(g, d, mt)[0] if beyond else []
    return R(exp, "UNCERTAIN", [], [])


def tb26(g):
    need(surviving_values(g, "Sallowmere", SK, IOU)[0] == [66.0], "66.0 is Sallowmere's Skarnhold value")
    need(2020 in g.valid_years(g.paper_by_title("Sallowmere:")), "its paper is from 2020")
    return never_run(g, "Sallowmere", BM, ACC, 66.0)


def tb27(g):
    rows = rows_of_paper(g, "Trillbert:")
    need(any(r["dataset"] == H and r["model"] != "Trillbert" and C.parse_value(r["value"]) > 85 for r in rows),
         "the Trillbert paper holds a Hollenby row above 85 for another model")
    return never_run(g, "Trillbert", H, ACC, 85)


def tb28(g):
    C.check_paper_value(g, "Plumaro:", "Syrinxa", H, ACC, 88.3)
    others = [r["title"] for r in g.rows if r["model"] == "Syrinxa" and r["dataset"] == H and C.parse_value(r["value"]) == 93.8]
    need(others and all(not t.startswith("Plumaro") for t in others), "93.8 is real, in another paper")
    vals = {C.parse_value(r["value"]) for r in rows_of_paper(g, "Plumaro:") if r["model"] == "Syrinxa" and r["dataset"] == H}
    v = "REFUTED" if 93.8 not in vals else "SUPPORTED"
    keep = [fact("Syrinxa", x, H, ACC) for x in sorted(vals)]
    rem = [fact(m, x, H, ACC) for m, x in removed_facts(g, H, ACC) if m == "Syrinxa" and x == 93.8]
    return R([C.fmt(x) for x in sorted(vals)], v, keep, rem, f"93.8 in {others}")


def tb29(g):
    exp, keep, rem = anchored_best(g, OR, BLEU, 2022)
    s = string_sorted_top(g, OR, BLEU, 2022)
    oldest = min(min(g.valid_years(r["paper"])) for r in g.rows if r["dataset"] == OR)
    need(s[1] != exp[0] and min(g.valid_years(s[2])) == oldest, "string sort puts the oldest result on top")
    return R(exp, None, keep, rem, f"string-sorted top {s[:2]}")


def tb30(g):
    p = g.paper_by_title("Driftmere")
    need(g.valid_years(p) == [] and g.papers[p]["years"] and all(1 <= y <= 12 for y in g.papers[p]["years"]),
         "only a month under P29")
    return R([], None, [], [])


COMPUTE = {f"TB{i:02d}": globals()[f"tb{i:02d}"] for i in range(1, 31)}

# the anchor each question states (checked against its text), and how it is written
ANCHORS = {"TB17": (2017, "at the end of 2017"), "TB18": (2023, "as of 2023"), "TB19": (2020, "by 2020"),
           "TB20": (2020, "as of 2020"), "TB21": (2018, "back in 2018"), "TB29": (2022, "by the end of 2022")}

GATE_KINDS = {
    "TB25": "a topic the graph lacks that shares words with one it has",
    "TB26": "a claim about a model on a dataset it was never run on (its own value from another board)",
    "TB27": "a claim about a model on a dataset it was never run on, with a bound",
    "TB28": "a claim whose value is real but comes from another paper than the one cited",
    "TB29": "a temporal trap: a string-sorted 'best' that puts the oldest result on top (under an anchor)",
    "TB30": "a value the graph does not have: a year that is only a month",
}
TD_GATE_IDS = ["TD25", "TD26", "TD27", "TD28", "TD29", "TD30"]

HEDGES = ["i think", "if i remember right", "someone told me", "i believe", "i'm fairly sure", "i seem to remember",
          "i have a feeling", "someone mentioned", "i assume", "i doubt", "i'm not sure"]
VAGUE_TIME = re.compile(r"\b(early|late|mid-|ago|last year|this year|next year|recently)\b", re.I)
NAMES = ["Plumaro", "Syrinxa", "Undertow-GNN", "Selkora", "Corrasine", "Dastrup-7", "Ibbotrans", "Varnholt", "Tavrosa",
         "BenchMira", "Chirpform", "Murrelet-MT", "Quenmark", "Orvalis-CNN", "Skarnhold", "Lumoria", "Sallowmere",
         "Fennick-RNN", "Warbleon", "Hollenby", "Corvalla-Ice", "KestrelNet", "Marrowfen", "Sealbrook", "Brackwater-UNet",
         "Gannetron", "Orrenby", "Mirelle", "Ostrada-T", "Tidewick", "Trillbert", "Driftmere"]


def words(s):
    return set(re.findall(r"[a-z0-9]+", s.lower()))


def jaccard(a, b):
    a, b = words(a), words(b)
    return len(a & b) / len(a | b)


def main():
    fails = []

    def fail(qid, msg):
        fails.append(f"{qid}: {msg}")
        print(f"  FAIL {qid}: {msg}")

    dev = [json.loads(l) for l in open(DEV)]
    rows = [json.loads(l) for l in open(FILE)]
    print(f"check24: {FILE} ({len(rows)} questions); graphs and check.py from {TRUST}; years {YEARS}")

    # fields, ids, duplicates
    keys = list(dev[0].keys())
    for r in rows:
        if list(r.keys()) != keys:
            fail(r.get("id"), f"fields {list(r.keys())} != {keys}")
    ids = [r.get("id") for r in rows]
    if ids != [f"TB{i:02d}" for i in range(1, 31)]:
        fail("file", f"ids {ids}")
    qs = [r.get("question", "") for r in rows]
    if len(set(qs)) != len(qs):
        fail("file", "duplicate question text")
    devq = {d["question"] for d in dev}
    for r in rows:
        if r["question"] in devq:
            fail(r["id"], "question repeats one in trust-dev.jsonl")
        for d in dev:
            if jaccard(r["question"], d["question"]) >= 0.6:
                fail(r["id"], f"shares >= 60% of its words with {d['id']}")
        for o in rows:
            if o["id"] < r["id"] and jaccard(r["question"], o["question"]) >= 0.6:
                fail(r["id"], f"shares >= 60% of its words with {o['id']}")
    facts_seen = [json.dumps([r["expected"], r["verdict"], r["must_keep"], r["must_remove"], r["graph"], r["question"]]) for r in rows]
    if len(set(facts_seen)) != len(facts_seen):
        fail("file", "duplicate rows")

    # counts against trust-dev.jsonl, and position by position
    for f in ("mechanism", "query_type", "verdict", "graph"):
        a, b = Counter(r.get(f) for r in rows), Counter(d[f] for d in dev)
        print(f"  counts {f}: {dict(a)}")
        if a != b:
            fail("file", f"{f} counts {dict(a)} != trust-dev {dict(b)}")
    for r, d in zip(rows, dev):
        for f in ("mechanism", "query_type", "verdict"):
            if r.get(f) != d[f]:
                fail(r["id"], f"{f} {r.get(f)} != {d['id']}'s {d[f]}")
        if r.get("verdict") is not None and r.get("query_type") != "claim_verification":
            fail(r["id"], "verdict on a non-claim")

    # wording: a hedge, context, named entities, anchors written as whole years
    lowercase_names = 0
    for r in rows:
        q = r["question"]
        ql = q.lower()
        if not any(h in ql for h in HEDGES):
            fail(r["id"], "no hedge")
        if len(re.findall(r"[.?!](\s|$)", q)) < 2:
            fail(r["id"], "no sentence of context")
        if VAGUE_TIME.search(q):
            fail(r["id"], f"vague time phrase {VAGUE_TIME.search(q).group(0)!r}")
        if any(n.lower() in q and n not in q for n in NAMES):
            lowercase_names += 1
        ys = re.findall(r"\b(19\d\d|20\d\d)\b", q)
        if r["id"] in ANCHORS:
            y, phrase = ANCHORS[r["id"]]
            if phrase not in ql:
                fail(r["id"], f"anchor phrase {phrase!r} not in the question")
        for y in ys:
            if r["id"] in ANCHORS and int(y) == ANCHORS[r["id"]][0]:
                continue
            # any other year in the text is a fact the question states (a paper's year), never an anchor
            if int(y) not in {yy for gn in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")
                              for p in G(gn).papers for yy in G(gn).valid_years(p)}:
                fail(r["id"], f"year {y} is no paper's year")
    print(f"  questions with a lower-case name: {lowercase_names}")
    if lowercase_names < 5:
        fail("file", "fewer than 5 questions write a name in lower case")

    # per question, for every current year
    for r in rows:
        qid = r["id"]
        g = G(r["graph"])
        comp = COMPUTE.get(qid)
        if comp is None:
            fail(qid, "no computer")
            continue
        results = {}
        for y in YEARS:
            C.NOW = y
            try:
                results[y] = comp(g)
            except (Premise, AssertionError) as e:
                fail(qid, f"premise/assertion (NOW={y}): {e}")
                results[y] = None
        C.NOW = ENV_NOW
        res = results.get(ENV_NOW)
        if res is None:
            continue
        for y, other in results.items():
            if other is None:
                continue
            for k in ("expected", "verdict", "must_keep", "must_remove"):
                a, b = other[k], res[k]
                if (sorted(a) if isinstance(a, list) else a) != (sorted(b) if isinstance(b, list) else b):
                    fail(qid, f"{k} depends on the current year ({y}: {a} vs {ENV_NOW}: {b})")
        for k in ("expected", "must_keep", "must_remove"):
            if sorted(r[k]) != sorted(res[k]):
                fail(qid, f"{k} {r[k]} != recomputed {res[k]}")
            if len(set(r[k])) != len(r[k]):
                fail(qid, f"{k} has a duplicate")
        if r["verdict"] != res["verdict"]:
            fail(qid, f"verdict {r['verdict']} != recomputed {res['verdict']}")
        text = C.graph_text(g)
        for s in r["expected"]:
            if s not in text:
                fail(qid, f"expected string {s!r} not in the graph")
        anchor = ANCHORS.get(qid, (None,))[0]
        for fct in r["must_keep"]:
            if not C.FACT_RE.match(fct) or not C.fact_exists(g, fct):
                fail(qid, f"must_keep fact not in the graph: {fct}")
                continue
            m, v, d, mt = C.FACT_RE.match(fct).groups()
            if float(v) not in surviving_values(g, m, d, mt, anchor)[0]:
                fail(qid, f"must_keep fact does not survive: {fct}")
        kinds = []
        for fct in r["must_remove"]:
            if not C.FACT_RE.match(fct) or not C.fact_exists(g, fct):
                fail(qid, f"must_remove fact not in the graph: {fct}")
                continue
            m, v, d, mt = C.FACT_RE.match(fct).groups()
            v = float(v)
            kind = None
            if v not in surviving_values(g, m, d, mt)[0]:
                kind = "a"
            elif anchor is not None and v not in C.facts(g, anchor, min).get((m, d, mt), {}):
                kind = "c"
            elif r["mechanism"] == "superseded" and former_best(g, d, mt, m, v):
                kind = "b"
            if kind is None:
                fail(qid, f"must_remove fact is none of the kinds a/b/c: {fct}")
            kinds.append(kind)
        if qid in GATE_KINDS and r["mechanism"] != "gate":
            fail(qid, "gate kind on a non-gate question")
        print(f"  ok-checked {qid} [{r['graph']} {r['mechanism']} {r['query_type']} {r['verdict']}] "
              f"expected={res['expected']} remove-kinds={kinds} {res['shown']}".rstrip())

    gates = [r["id"] for r in rows if r["mechanism"] == "gate"]
    if gates != list(GATE_KINDS):
        fail("file", f"gate questions {gates} != {list(GATE_KINDS)}")
    devgates = [d["id"] for d in dev if d["mechanism"] == "gate"]
    if devgates != TD_GATE_IDS:
        fail("file", f"trust-dev gate questions are {devgates}")
    for g_id, kind in GATE_KINDS.items():
        print(f"  gate {g_id}: {kind}")

    print(f"FAILURES: {len(fails)}")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
