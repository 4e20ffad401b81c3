#!/usr/bin/env python3
"""Re-derives every question of trust-dev27.jsonl (UB01-UB30) from the fixture graphs.

Imports check.py (graph loading, SPARQL, the reference trust rules and the six conflict
readings) from /work/main/eval/gold/trust, or from beside this file when check.py and
g1.ttl .. g4.ttl are all there. Reads trust-dev27.jsonl from beside this file, or the file
named by UB_FILE. Prints the evidence per question and ends with "FAILURES: n"; exit status 1
when n > 0.

For every question it recomputes expected (as a set), verdict, must_keep and must_remove with
its own computer, under TRUST_NOW as given and under every current year 2025-2030, and checks:
fields and their order (those of trust-dev.jsonl), ids, duplicates, the counts against
trust-dev.jsonl (mechanism, query type, verdict, graph, and their combinations), that UBn has
TDn's mechanism, query type and verdict and asks about another fact, the gate kinds, the anchor
written in the question, that must_keep facts exist and survive the conflict rules and the anchor,
that must_remove facts are (a) removed by a clear conflict, (b) a former best or (c) after the
anchor or undated, and never the surviving answer, that every conflict touched is stable under
the six readings, that every expected string is in the graph, and the voice (lower case, short,
declared one-letter typos in common words only, decimal commas, names spelled as stored, word
overlap below 0.6).
"""
import itertools
import json
import os
import re
import sys
from collections import Counter

sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))
MAIN = "/work/main/eval/gold/trust"
if all(os.path.exists(os.path.join(HERE, f)) for f in ["check.py", "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"]):
    TRUST_DIR = HERE
else:
    TRUST_DIR = MAIN
sys.path.insert(0, TRUST_DIR)
import check as C  # noqa: E402

FILE = os.environ.get("UB_FILE") or os.path.join(HERE, "trust-dev27.jsonl")
TD_FILE = os.path.join(TRUST_DIR, "trust-dev.jsonl")
if not os.path.exists(TD_FILE):
    TD_FILE = os.path.join(MAIN, "trust-dev.jsonl")

FIELDS = ["id", "graph", "question", "query_type", "mechanism", "expected", "verdict", "must_remove", "must_keep", "notes"]
YEARS = [2025, 2026, 2027, 2028, 2029, 2030]

FAILURES = []


def fail(qid, msg):
    FAILURES.append(f"{qid}: {msg}")
    print(f"  FAIL {qid}: {msg}")


G = {n: C.G(n) for n in ["g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"]}

BM, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
DA, HO, VE = "Dastrup-7 Chorus", "Hollenby Marsh Calls", "Veltmoor Dawn Set"
OR, QU, MI = "Orrenby Parallel Corpus", "Quenmark Dialogue Set", "Mirelle Subtitles"
SE, KW = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"
ACC, F1, MIOU, WER, BLEU, CHRF = "Accuracy", "F1", "Mean IoU", "Word Error Rate", "BLEU", "chrF"


# ---- helpers -----------------------------------------------------------------------------------
def fmt(v):
    return C.fmt(v)


def fact(m, v, d, me):
    return f"{m} scores {fmt(v)} on {d} by {me}"


def parse_fact(s):
    m = C.FACT_RE.match(s)
    assert m, s
    return m.group(1), float(m.group(2)), m.group(3), m.group(4)


def lower_better(metric):
    return metric in C.LOWER_BETTER


def better(a, b, metric):
    return a < b if lower_better(metric) else a > b


UNSTABLE = []


def surv(g, model, ds, metric, anchor=None):
    vals, status = C.surviving(g, model, ds, metric, anchor)[:2]
    if status not in ("single", "clear", "close", "none"):
        UNSTABLE.append((g.name, model, ds, metric, anchor, status))
    return set(vals), status


def board_groups(g, ds, metric, anchor=None):
    """model -> set of surviving values on the board (the service's close conflicts keep both)."""
    out = {}
    for v, m, st in C.board(g, ds, metric, anchor):
        if st not in ("single", "clear", "close"):
            UNSTABLE.append((g.name, m, ds, metric, anchor, st))
        out.setdefault(m, set()).add(v)
    return out


def readings(groups):
    """Every reading of the board: one surviving value per model."""
    models = sorted(groups)
    for combo in itertools.product(*[sorted(groups[m]) for m in models]):
        yield dict(zip(models, combo))


def tops(g, ds, metric, anchor=None):
    """(model, value) that is the best under some reading of the close conflicts."""
    out = set()
    for r in readings(board_groups(g, ds, metric, anchor)):
        if not r:
            continue
        key = (lambda mv: mv[1]) if not lower_better(metric) else (lambda mv: -mv[1])
        best = max(r.items(), key=key)
        out.add(best)
    return out


def facts_set(g, anchor=None):
    """{(model, dataset, metric, value)} stated by papers (dated up to the anchor when given)."""
    out = set()
    for (m, d, me), vals in C.facts(g, anchor).items():
        for v in vals:
            out.add((m, d, me, v))
    return out


def after_anchor(g, anchor):
    return facts_set(g) - facts_set(g, anchor)


def removed_clear(g):
    """Facts that lose a clear conflict today."""
    out = set()
    for (m, d, me), vals in C.facts(g).items():
        if len(vals) > 1:
            keep, st = surv(g, m, d, me)
            if st == "clear":
                for v in vals:
                    if v not in keep:
                        out.add((m, d, me, v))
    return out


def paper_rows(g):
    return g.rows


def paper_by_prefix(g, prefix):
    hits = [iri for iri, p in g.papers.items() if p["title"].startswith(prefix)]
    assert len(hits) == 1, (prefix, hits)
    return hits[0]


def title(g, iri):
    return g.papers[iri]["title"]


def vyears(g, iri):
    return sorted(g.valid_years(iri))


def raw_years(g, iri):
    return sorted(g.papers[iri]["years"])


def dois(g, iri):
    return sorted(g.papers[iri]["dois"])


def stating_papers(g, model, ds, metric, value):
    out = set()
    for r in g.rows:
        if (r["model"], r["dataset"], r["metric"]) == (model, ds, metric) and C.parse_value(r["value"]) == value:
            out.add(r["paper"])
    return out


def has_pair(g, model, ds):
    return any(r["model"] == model and r["dataset"] == ds for r in g.rows)


def labels(g, cls):
    rs = g.sel(C.PREFIXES + "SELECT ?l WHERE { ?x a orkgc:%s ; rdfs:label ?l }" % cls)
    return {r["l"] for r in rs}


def topic_papers(g, problem):
    rs = g.sel(C.PREFIXES + """SELECT DISTINCT ?paper WHERE { ?paper a orkgc:Paper ; orkgp:P31 ?c .
        ?c orkgp:P32 ?p . ?p rdfs:label ?pl . FILTER(STR(?pl) = "%s") }""" % problem)
    return {r["paper"] for r in rs}


def topic_rows(g, paper, problem):
    rs = g.sel(C.PREFIXES + """SELECT ?model ?dataset ?metric ?value WHERE { <%s> orkgp:P31 ?c .
        ?c orkgp:P32 ?p ; orkgp:HAS_MODEL ?mm ; orkgp:HAS_BENCHMARK ?b . ?p rdfs:label ?pl .
        ?mm rdfs:label ?model . ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dataset .
        ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value . ?mt rdfs:label ?metric .
        FILTER(STR(?pl) = "%s") }""" % (paper, problem))
    return [(r["model"], r["dataset"], r["metric"], C.parse_value(r["value"])) for r in rs]


def fs(*tuples):
    return {fact(m, v, d, me) for (m, d, me, v) in tuples}


def ftuple(m, d, me, v):
    return (m, d, me, v)


# ---- per-question computers --------------------------------------------------------------------
# Each returns dict(expected=set, verdict, must_keep=set, must_remove=set, anchor, evidence=str).

def best_question(g, ds, metric, anchor=None, extra_remove=True):
    """The best on a board (under the anchor), with every value a close conflict leaves open."""
    t = tops(g, ds, metric, anchor)
    models = {m for m, _ in t}
    groups = board_groups(g, ds, metric, anchor)
    exp, keep = set(), set()
    for m in models:
        exp.add(m)
        for v in groups[m]:
            exp.add(fmt(v))
            keep.add(fact(m, v, ds, metric))
    worst_top = (max if lower_better(metric) else min)(v for m in models for v in groups[m])
    rem = set()
    # careless answers: a clear-conflict loser, or a result after the anchor, that beats the answer
    cand = set(removed_clear(g))
    if anchor is not None:
        cand |= after_anchor(g, anchor)
    for (m, d, me, v) in cand:
        if (d, me) == (ds, metric) and better(v, worst_top, metric):
            rem.add(fact(m, v, d, me))
    return exp, keep, rem, t


def still_best_claim(g, model, ds, metric):
    t = tops(g, ds, metric)
    exp, keep, rem_unused, _ = best_question(g, ds, metric)
    verdict = "SUPPORTED" if all(m == model for m, _ in t) else ("REFUTED" if all(m != model for m, _ in t) else "UNCERTAIN")
    rem = {fact(model, v, ds, metric) for v in board_groups(g, ds, metric).get(model, set())}
    return exp, verdict, keep, rem, t


def q_UB01():
    g = G["g1.ttl"]
    exp, keep, rem, t = best_question(g, SK, MIOU)
    sal = paper_by_prefix(g, "Sallowmere")
    ev = f"tops {t}; Sallowmere P29 raw {raw_years(g, sal)} valid {vyears(g, sal)}; naive min-P29 best {C.naive_best(g, SK, MIOU, None)}"
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=rem, anchor=None, evidence=ev)


def q_UB02():
    g = G["g1.ttl"]
    qv, qs = surv(g, "Quillon-XL", BM, ACC)
    tv, ts = surv(g, "Tavrosa", BM, ACC)
    if all(a > b for a in qv for b in tv):
        verdict = "SUPPORTED"
    elif all(a < b for a in qv for b in tv):
        verdict = "REFUTED"
    else:
        verdict = "UNCERTAIN"
    # premise: Quillon-XL's paper (2021) is newer than Tavrosa's (2020)
    qy = vyears(g, paper_by_prefix(g, "Quillon-XL"))
    ty = vyears(g, paper_by_prefix(g, "Tavrosa"))
    if not (qy == [2021] and ty == [2020]):
        fail("UB02", f"premise years {qy} vs {ty}")
    exp = {fmt(v) for v in qv | tv}
    keep = {fact("Quillon-XL", v, BM, ACC) for v in qv} | {fact("Tavrosa", v, BM, ACC) for v in tv}
    return dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=set(), anchor=None,
                evidence=f"Quillon-XL {qv} ({qs}), Tavrosa {tv} ({ts}); paper years {qy} vs {ty}")


def q_UB03():
    g = G["g2.ttl"]
    papers = {r["paper"] for r in g.rows if (r["dataset"], r["metric"]) == (HO, ACC)}
    dated = [(max(vyears(g, p)), p) for p in papers if vyears(g, p)]
    newest = max(y for y, _ in dated)
    newest_papers = [p for y, p in dated if y == newest]
    if len(newest_papers) != 1:
        fail("UB03", f"newest Hollenby paper not unique: {newest_papers}")
    p = newest_papers[0]
    nrows = [(r["model"], C.parse_value(r["value"]), r["value"]) for r in g.rows if r["paper"] == p and (r["dataset"], r["metric"]) == (HO, ACC)]
    exp, keep, rem, t = best_question(g, HO, ACC)
    for m, v, raw in nrows:
        exp |= {m, fmt(v)}
        keep.add(fact(m, v, HO, ACC))
        if v not in surv(g, m, HO, ACC)[0]:
            fail("UB03", f"the newest paper's value {m} {v} does not survive")
    ev = f"newest paper {title(g, p)!r} ({newest}) rows {nrows}; tops {t}; removed {sorted(removed_clear(g))}"
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=rem, anchor=None, evidence=ev)


def q_UB04():
    g = G["g3.ttl"]
    papers = topic_papers(g, "Dialogue Translation")
    dated = sorted(((max(vyears(g, p)), p) for p in papers if vyears(g, p)), reverse=True)
    undated = [p for p in papers if not vyears(g, p)]
    if undated:
        fail("UB04", f"undated papers on the topic: {undated}")
    newest = dated[0][0]
    top = [p for y, p in dated if y == newest]
    if len(top) != 1:
        fail("UB04", f"newest not unique {top}")
    p = top[0]
    exp = {title(g, p).split(":")[0], str(newest)}
    keep = {fact(m, v, d, me) for (m, d, me, v) in topic_rows(g, p, "Dialogue Translation")}
    all_newest = max(max(vyears(g, q)) for q in g.papers if vyears(g, q))
    titled = [title(g, q) for q in g.papers if "dialogue translation" in title(g, q).lower()]
    ev = (f"topic papers {[(y, title(g, q)) for y, q in dated]}; newest in the graph {all_newest}; "
          f"titles naming the topic {titled}; check.newest_topic_paper {C.newest_topic_paper(g, 'Dialogue Translation')[0][:1]}")
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=set(), anchor=None, evidence=ev)


def q_UB05():
    g = G["g1.ttl"]
    exp, verdict, keep, rem, t = still_best_claim(g, "FrostLattice", BM, ACC)
    return dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=rem, anchor=None, evidence=f"tops now {t}")


def q_UB06():
    g = G["g2.ttl"]
    exp, verdict, keep, rem, t = still_best_claim(g, "Trillbert", DA, WER)
    return dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=rem, anchor=None, evidence=f"tops now {t}")


def q_UB07():
    g = G["g3.ttl"]
    model = "Halverin"
    groups = board_groups(g, MI, CHRF)
    t = tops(g, MI, CHRF)
    verdict = "SUPPORTED" if all(m == model for m, _ in t) else ("REFUTED" if all(m != model for m, _ in t) else "UNCERTAIN")
    hv = groups[model]
    # every model above Halverin under every reading, with all its surviving values
    beaters = {m for m, vs in groups.items() if m != model and all(better(v, h, CHRF) for v in vs for h in hv)}
    exp, keep = set(), set()
    for m in beaters:
        exp.add(m)
        for v in groups[m]:
            exp.add(fmt(v))
            keep.add(fact(m, v, MI, CHRF))
    rem = {fact(model, v, MI, CHRF) for v in hv}
    return dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=rem, anchor=None,
                evidence=f"board {groups}; tops now {t} (open between models)")


def q_UB08():
    g = G["g4.ttl"]
    groups = board_groups(g, SE, F1)
    tw = groups["Tidewick"]
    beaters = sorted(m for m, vs in groups.items() if m != "Tidewick" and all(better(v, x, F1) for v in vs for x in tw))
    keep = {fact("Tidewick", v, SE, F1) for v in tw} | {fact(m, v, SE, F1) for m in beaters for v in groups[m]}
    tp = paper_by_prefix(g, "Tidewick")
    return dict(expected=set(beaters), verdict=None, must_keep=keep, must_remove=set(), anchor=None,
                evidence=f"board {groups}; Tidewick paper years {vyears(g, tp)}")


def pair_question(g, a, b, ds, metric):
    av, _ = surv(g, a, ds, metric)
    bv, _ = surv(g, b, ds, metric)
    if all(better(x, y, metric) for x in av for y in bv):
        win, lose = a, b
    elif all(better(y, x, metric) for x in av for y in bv):
        win, lose = b, a
    else:
        return None
    exp = {win} | {fmt(v) for v in av | bv}
    keep = {fact(a, v, ds, metric) for v in av} | {fact(b, v, ds, metric) for v in bv}
    rem = {fact(m, v, d, me) for (m, d, me, v) in removed_clear(g) if (d, me) == (ds, metric) and m in (a, b)}
    return exp, keep, rem, (win, av, bv)


def q_UB09():
    g = G["g1.ttl"]
    exp, keep, rem, ev = pair_question(g, "Wendrel-S", "Orvalis-CNN", CI, F1)
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=rem, anchor=None,
                evidence=f"winner/values {ev}; raw Orvalis-CNN {C.facts(g)[('Orvalis-CNN', CI, F1)]}")


def bound_claim(g, model, ds, metric, bound, above):
    vals, st = surv(g, model, ds, metric)
    ok = [(v > bound) if above else (v < bound) for v in vals]
    verdict = "SUPPORTED" if all(ok) else ("REFUTED" if not any(ok) else "UNCERTAIN")
    return {fmt(v) for v in vals}, verdict, {fact(model, v, ds, metric) for v in vals}, (vals, st)


def q_UB10():
    g = G["g2.ttl"]
    exp, verdict, keep, ev = bound_claim(g, "Aviquist", VE, WER, 7, False)
    papers = sorted((vyears(g, p), title(g, p)) for v in ev[0] for p in stating_papers(g, "Aviquist", VE, WER, v))
    return dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=set(), anchor=None, evidence=f"Aviquist {ev}; papers {papers}")


def q_UB11():
    exp, verdict, keep, ev = bound_claim(G["g2.ttl"], "Warbleon", HO, ACC, 80, True)
    return dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=set(), anchor=None, evidence=f"Warbleon {ev}")


def q_UB12():
    g = G["g2.ttl"]
    exp, keep, rem, ev = pair_question(g, "Chirpform", "Fennick-RNN", DA, WER)
    gap = round(abs(max(ev[2]) - max(ev[1])), 1)
    careless = round(abs(18.2 - 14.6), 1)
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=rem, anchor=None,
                evidence=f"winner/values {ev}; gap {gap} (careless with the removed 18.2: {careless})")


def q_UB13():
    g = G["g3.ttl"]
    model = "Murrelet-MT"
    pairs = sorted({(r["dataset"], r["metric"]) for r in g.rows if r["model"] == model})
    exp, keep, ev = set(), set(), []
    for d, me in pairs:
        vals, st = surv(g, model, d, me)
        ev.append((d, me, sorted(vals), st))
        exp.add(d)
        for v in vals:
            exp.add(fmt(v))
            keep.add(fact(model, v, d, me))
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=set(), anchor=None, evidence=str(ev))


def q_UB14():
    g = G["g1.ttl"]
    vals, st = surv(g, "Orvalis-CNN", BM, ACC)
    exp = {fmt(v) for v in vals}
    titles = set()
    for v in vals:
        for p in stating_papers(g, "Orvalis-CNN", BM, ACC, v):
            titles.add(title(g, p))
    exp |= titles
    keep = {fact("Orvalis-CNN", v, BM, ACC) for v in vals}
    ev = f"values {vals} ({st}); papers {sorted(titles)}; KestrelNet in the same study {C.facts(g)[('KestrelNet', BM, ACC)]}"
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=set(), anchor=None, evidence=ev)


def corroborated_claim(g, model, ds, metric, value, min_papers=2):
    vals, st = surv(g, model, ds, metric)
    papers = stating_papers(g, model, ds, metric, value)
    if vals == {value} and len(papers) >= min_papers:
        verdict = "SUPPORTED"
    elif value not in vals:
        verdict = "REFUTED"
    else:
        verdict = "UNCERTAIN"
    return verdict, vals, papers


def q_UB15():
    g = G["g2.ttl"]
    verdict, vals, papers = corroborated_claim(g, "Corrasine", VE, WER, 7.2)
    return dict(expected={fmt(v) for v in vals}, verdict=verdict, must_keep={fact("Corrasine", v, VE, WER) for v in vals},
                must_remove=set(), anchor=None, evidence=f"values {vals}; papers {sorted((vyears(g, p), title(g, p)) for p in papers)}")


def q_UB16():
    g = G["g4.ttl"]
    verdict, vals, papers = corroborated_claim(g, "Selkora", SE, F1, 88.5)
    years = set()
    for p in papers:
        vy = vyears(g, p)
        if len(vy) != 1:
            verdict = "UNCERTAIN"
        years |= set(vy)
    if years != {2021, 2025}:
        verdict = "REFUTED"
    exp = {fmt(v) for v in vals} | {str(y) for y in years}
    ev = f"values {vals}; papers {sorted((raw_years(g, p), vyears(g, p), title(g, p)) for p in papers)}"
    return dict(expected=exp, verdict=verdict, must_keep={fact("Selkora", v, SE, F1) for v in vals},
                must_remove=set(), anchor=None, evidence=ev)


def anchored_best(gname, ds, metric, anchor):
    g = G[gname]
    exp, keep, rem, t = best_question(g, ds, metric, anchor)
    ev = f"tops as of {anchor}: {t}; naive (min raw P29, no removal) {C.naive_best(g, ds, metric, anchor)}; today's tops {tops(g, ds, metric)}"
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=rem, anchor=anchor, evidence=ev)


def published_in_best(g, ds, metric, year):
    """The best among results whose paper is published in exactly that year (the other reading of 'in Y')."""
    best = None
    for r in g.rows:
        if (r["dataset"], r["metric"]) == (ds, metric) and year in vyears(g, r["paper"]):
            v = C.parse_value(r["value"])
            if v is not None and (best is None or better(v, best[1], metric)):
                best = (r["model"], v)
    return best


def q_UB17():
    r = anchored_best("g1.ttl", BM, ACC, 2015)
    g = G["g1.ttl"]
    pub = published_in_best(g, BM, ACC, 2015)
    if {pub} != tops(g, BM, ACC, 2015):
        fail("UB17", f"'published in 2015' gives {pub}, 'as of 2015' gives {tops(g, BM, ACC, 2015)}")
    r["evidence"] += f"; published in 2015: {pub}; KestrelNet today {surv(g, 'KestrelNet', BM, ACC)}"
    return r


def q_UB18():
    r = anchored_best("g2.ttl", DA, WER, 2016)
    g = G["g2.ttl"]
    r["evidence"] += f"; Fennick-RNN today {surv(g, 'Fennick-RNN', DA, WER)}, as of 2016 {surv(g, 'Fennick-RNN', DA, WER, 2016)}"
    return r


def q_UB19():
    return anchored_best("g3.ttl", MI, CHRF, 2024)


def anchored_claim(gname, model, ds, metric, anchor):
    g = G[gname]
    exp, keep, rem, t = best_question(g, ds, metric, anchor)
    verdict = "SUPPORTED" if all(m == model for m, _ in t) else ("REFUTED" if all(m != model for m, _ in t) else "UNCERTAIN")
    if verdict == "SUPPORTED":
        exp = {fmt(v) for m, v in t}
    return dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=rem, anchor=anchor,
                evidence=f"tops as of {anchor}: {t}; today's tops {tops(g, ds, metric)}; naive {C.naive_best(g, ds, metric, anchor)}")


def q_UB20():
    return anchored_claim("g3.ttl", "Varnholt", QU, BLEU, 2020)


def q_UB21():
    r = anchored_claim("g4.ttl", "Kelvane", KW, MIOU, 2023)
    g = G["g4.ttl"]
    inclusive = tops(g, KW, MIOU, 2024)
    r["evidence"] += f"; 'before 2024' read as up to 2024 gives {inclusive}"
    return r


def q_UB22():
    g = G["g4.ttl"]
    p = paper_by_prefix(g, "Seasonal Kelp Canopy Dynamics in Norrland Fjords")
    exp = set(dois(g, p)) | {str(y) for y in vyears(g, p)}
    return dict(expected=exp, verdict=None, must_keep=set(), must_remove=set(), anchor=None,
                evidence=f"raw P29 {raw_years(g, p)}, DOIs {dois(g, p)}")


def q_UB23():
    g = G["g1.ttl"]
    p = paper_by_prefix(g, "Tavrosa")
    exp = set(dois(g, p)) | {str(y) for y in vyears(g, p)}
    rerun = [title(g, q) + " " + str(dois(g, q)) for q in stating_papers(g, "Tavrosa", BM, ACC, 85.4)]
    return dict(expected=exp, verdict=None, must_keep=set(), must_remove=set(), anchor=None,
                evidence=f"raw P29 {raw_years(g, p)}, DOIs {dois(g, p)}; careless DOI from the re-run paper {rerun}")


def q_UB24():
    g = G["g1.ttl"]
    a = paper_by_prefix(g, "Sallowmere")
    b = paper_by_prefix(g, "PimbraFormer")
    ay, by = vyears(g, a), vyears(g, b)
    if not ay or not by:
        verdict = "UNCERTAIN"
    elif all(x > y for x in ay for y in by):
        verdict = "SUPPORTED"
    elif all(x <= y for x in ay for y in by):
        verdict = "REFUTED"
    else:
        verdict = "UNCERTAIN"
    exp = {str(y) for y in ay + by}
    naive = "REFUTED" if min(raw_years(g, a)) <= min(raw_years(g, b)) else "SUPPORTED"
    if len(raw_years(g, a)) < 2:
        fail("UB24", "the Sallowmere paper should carry a month under P29")
    return dict(expected=exp, verdict=verdict, must_keep=set(), must_remove=set(), anchor=None,
                evidence=f"Sallowmere raw {raw_years(g, a)} valid {ay}; PimbraFormer raw {raw_years(g, b)} valid {by}; min-P29 reading says {naive}")


def words_in_graph(g):
    text = " ".join(" ".join(labels(g, c)) for c in ["Problem", "Dataset", "Metric", "Model", "Paper", "ResearchField"])
    return set(re.findall(r"[a-z0-9]+", text.lower()))


def q_UB25():
    g = G["g4.ttl"]
    w = words_in_graph(g)
    absent = [x for x in ["power", "forecasting", "forecast"] if x in w]
    present = [x for x in ["tidal", "turbine"] if x not in w]
    if absent or present:
        fail("UB25", f"topic words: should be absent {absent}, should be present {present}")
    for pat in ["power", "forecast"]:
        for gg in G.values():
            if gg.ask(C.ASK_LABEL_WORDS.format(regex=pat)):
                fail("UB25", f"'{pat}' occurs in a label of {gg.name}")
    return dict(expected=set(), verdict=None, must_keep=set(), must_remove=set(), anchor=None,
                evidence=f"problems {sorted(labels(g, 'Problem'))}; datasets {sorted(labels(g, 'Dataset'))}")


def never_run_claim(gname, model, ds, metric, claimed):
    g = G[gname]
    if has_pair(g, model, ds) or g.ask(C.ASK_MODEL_ON_DATASET.format(model=model, dataset=ds)):
        return dict(expected=set(), verdict="?", must_keep=set(), must_remove=set(), anchor=None, evidence="pair exists")
    t = tops(g, ds, metric)
    beyond = all(better(claimed, v, metric) for _, v in t)
    exp, keep = set(), set()
    if beyond:
        for m, v in t:
            exp |= {m, fmt(v)}
            keep.add(fact(m, v, ds, metric))
    own = sorted({(r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == model})
    return dict(expected=exp, verdict="UNCERTAIN", must_keep=keep, must_remove=set(), anchor=None,
                evidence=f"no {model} on {ds}; its own rows {own}; board tops {t}; claimed {claimed} beyond best: {beyond}")


def q_UB26():
    r = never_run_claim("g2.ttl", "Trillbert", HO, ACC, 88.3)
    g = G["g2.ttl"]
    own = {x["paper"] for x in g.rows if x["model"] == "Trillbert"}
    trap = sorted((title(g, p)[:30], x["model"], x["value"]) for p in own for x in g.rows
                  if x["paper"] == p and x["dataset"] == HO and C.parse_value(x["value"]) == 88.3)
    if not trap:
        fail("UB26", "no paper with a Trillbert row holds a Hollenby 88.3 (the trap)")
    r["evidence"] += f"; Hollenby 88.3 rows in papers that carry Trillbert: {trap}"
    return r


def q_UB27():
    r = never_run_claim("g2.ttl", "Syrinxa", DA, WER, 10)
    g = G["g2.ttl"]
    syr_papers = {x["paper"] for x in g.rows if x["model"] == "Syrinxa"}
    near = sorted((title(g, p)[:30], x["model"], x["value"]) for p in syr_papers for x in g.rows
                  if x["paper"] == p and x["dataset"] == DA)
    if not any(C.parse_value(v) < 10 for _, _, v in near):
        fail("UB27", "no paper with a Syrinxa row holds a Dastrup-7 value under 10 (the trap)")
    r["evidence"] += f"; Dastrup-7 rows in papers that carry Syrinxa: {near}"
    return r


def q_UB28():
    g = G["g1.ttl"]
    model, claimed = "PimbraFormer", 89.9
    p = paper_by_prefix(g, "PimbraFormer")
    stated = {C.parse_value(r["value"]) for r in g.rows if r["paper"] == p and (r["model"], r["dataset"], r["metric"]) == (model, CI, F1)}
    verdict = "SUPPORTED" if stated == {claimed} else ("REFUTED" if stated and claimed not in stated else "UNCERTAIN")
    # the claimed value is real on the board, from another paper
    others = sorted((r["model"], title(g, r["paper"]), vyears(g, r["paper"])) for r in g.rows
                    if (r["dataset"], r["metric"]) == (CI, F1) and C.parse_value(r["value"]) == claimed)
    if not others or any(t == title(g, p) for _, t, _ in others):
        fail("UB28", f"the claimed value must be stated by another paper: {others}")
    vals, st = surv(g, model, CI, F1)
    for v in stated:
        if v not in vals:
            fail("UB28", f"stated {v} does not survive")
    return dict(expected={fmt(v) for v in stated}, verdict=verdict, must_keep={fact(model, v, CI, F1) for v in stated},
                must_remove=set(), anchor=None,
                evidence=f"{title(g, p)!r} ({vyears(g, p)}) states {stated}; {claimed} stated as {others}; {model} survives {vals} ({st})")


def q_UB29():
    r = anchored_best("g3.ttl", OR, BLEU, 2022)
    g = G["g3.ttl"]
    rows = [x for x in g.rows if (x["dataset"], x["metric"]) == (OR, BLEU) and vyears(g, x["paper"]) and min(vyears(g, x["paper"])) <= 2022]
    smax = max(rows, key=lambda x: x["value"])
    oldest = min(min(vyears(g, x["paper"])) for x in rows)
    if not (smax["model"] == "Lexmarrow" and min(vyears(g, smax["paper"])) == oldest):
        fail("UB29", f"string-sorted top under the anchor is not the oldest result: {smax}")
    full = g.sel(C.SELECT_STRING_MAX.format(dataset=OR, metric=BLEU))
    r["evidence"] += f"; string MAX under the anchor {smax['model']} {smax['value']!r} ({min(vyears(g, smax['paper']))}); unanchored SPARQL string top {full}"
    return r


def q_UB30():
    g = G["g4.ttl"]
    t = tops(g, KW, MIOU)
    exp, keep = set(), set()
    for m, v in t:
        exp |= {m, fmt(v)}
        keep.add(fact(m, v, KW, MIOU))
        for p in stating_papers(g, m, KW, MIOU, v):
            if vyears(g, p):
                fail("UB30", f"the top's paper has a usable year {vyears(g, p)}")
            exp |= {str(y) for y in vyears(g, p)}
    ps = [p for m, v in t for p in stating_papers(g, m, KW, MIOU, v)]
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=set(), anchor=None,
                evidence=f"tops {t}; papers {[(title(g, p), raw_years(g, p), dois(g, p)) for p in ps]}")


COMPUTERS = {f"UB{i:02d}": globals()[f"q_UB{i:02d}"] for i in range(1, 31)}

# ---- declared voice features -------------------------------------------------------------------
TYPOS = {"UB01": ("curently", "currently"), "UB03": ("wich", "which"), "UB04": ("papper", "paper"),
         "UB30": ("pubished", "published")}
DECIMAL_COMMAS = {"UB15": ("7,2", 7.2), "UB16": ("88,5", 88.5)}
BRITISH = {"UB13": "summarise"}
ALLOWED_UPPER = {"SOTA"}
# gate kinds, as in TD25-TD30
GATE_KINDS = {
    "UB25": "topic the graph lacks that shares words with one it has",
    "UB26": "model on a dataset it was never run on (the value of another model's row in its own paper)",
    "UB27": "model on a dataset it was never run on (a bound the papers it appears in meet)",
    "UB28": "real value credited to a paper that states another",
    "UB29": "string-sorted best that puts the oldest result on top",
    "UB30": "paper whose only P29 is a month",
}


def edit1(a, b):
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    if len(a) > len(b):
        a, b = b, a
    return any(b[:i] + b[i + 1:] == a for i in range(len(b)))


def tokens(q):
    return re.findall(r"[a-z0-9][a-z0-9\-,.]*[a-z0-9]|[a-z0-9]", q.lower())


def wordset(q):
    return set(re.findall(r"[a-z0-9]+", q.lower()))


def jaccard(a, b):
    a, b = wordset(a), wordset(b)
    return len(a & b) / max(1, len(a | b))


def named_labels(g, q):
    ql = q.lower()
    out = set()
    for cls in ["Model", "Dataset"]:
        for l in labels(g, cls):
            if re.search(r"(?<![a-z0-9])" + re.escape(l.lower()) + r"(?![a-z0-9])", ql):
                out.add(l)
    return out


# ---- main --------------------------------------------------------------------------------------
def load(path):
    out = []
    with open(path) as f:
        for i, line in enumerate(f, 1):
            if line.strip():
                out.append((i, line, json.loads(line)))
    return out


def year_anchor(q):
    s = q.lower()
    m = re.search(r"\bas of (\d{4})\b", s)
    if m:
        return int(m.group(1))
    m = re.search(r"\bbefore (\d{4})\b", s)
    if m:
        return int(m.group(1)) - 1
    m = re.search(r"\bin (\d{4})\b", s)
    if m:
        return int(m.group(1))
    return None


def former_best(g, m, d, me, v, now_tops):
    if (m, v) in now_tops:
        return False
    for y in range(1990, 2026):
        if (m, v) in tops(g, d, me, y):
            return True
    return False


def main():
    print(f"check27: file {FILE}; check.py from {TRUST_DIR}; TRUST_NOW={os.environ.get('TRUST_NOW')} (check.NOW={C.NOW})")
    rows = load(FILE)
    td = [r for _, _, r in load(TD_FILE)]
    qs = [r for _, _, r in rows]

    # fields, ids, duplicates
    td_fields = list(td[0].keys())
    if td_fields != FIELDS:
        fail("file", f"trust-dev.jsonl fields {td_fields} differ from the expected list")
    for i, line, r in rows:
        if list(r.keys()) != td_fields:
            fail(r.get("id", f"line {i}"), f"fields {list(r.keys())} != {td_fields}")
    ids = [r.get("id") for r in qs]
    if ids != [f"UB{i:02d}" for i in range(1, 31)]:
        fail("file", f"ids not UB01..UB30 in order: {ids}")
    for k, n in Counter(ids).items():
        if n > 1:
            fail(k, "duplicate id")
    for k, n in Counter(r["question"].strip().lower() for r in qs).items():
        if n > 1:
            fail("file", f"duplicate question {k!r}")
    for r in qs:
        for t in td:
            if r["question"].strip().lower() == t["question"].strip().lower():
                fail(r["id"], f"repeats {t['id']}")
        for f, typ in [("expected", list), ("must_keep", list), ("must_remove", list)]:
            if not isinstance(r[f], typ) or not all(isinstance(x, str) for x in r[f]):
                fail(r["id"], f"{f} must be a list of strings")
            if len(set(r[f])) != len(r[f]):
                fail(r["id"], f"{f} has duplicates")
        if r["verdict"] not in (None, "SUPPORTED", "REFUTED", "UNCERTAIN"):
            fail(r["id"], f"bad verdict {r['verdict']}")
        if (r["verdict"] is None) != (r["query_type"] != "claim_verification"):
            fail(r["id"], "verdict must be set exactly for claim_verification")
        if r["graph"] not in G:
            fail(r["id"], f"unknown graph {r['graph']}")
        if not r["notes"].strip():
            fail(r["id"], "empty notes")

    # counts against trust-dev.jsonl
    for key in ["mechanism", "query_type", "verdict", "graph"]:
        a, b = Counter(str(r[key]) for r in qs), Counter(str(t[key]) for t in td)
        if a != b:
            fail("counts", f"{key}: {dict(a)} != trust-dev {dict(b)}")
        print(f"counts {key}: {dict(sorted(a.items()))}")
    a = Counter((r["mechanism"], r["query_type"], str(r["verdict"])) for r in qs)
    b = Counter((t["mechanism"], t["query_type"], str(t["verdict"])) for t in td)
    if a != b:
        fail("counts", f"mechanism x query type x verdict differ: {a - b} / {b - a}")
    for r, t in zip(qs, td):
        if (r["mechanism"], r["query_type"], r["verdict"]) != (t["mechanism"], t["query_type"], t["verdict"]):
            fail(r["id"], f"mechanism/query type/verdict differ from {t['id']}")
        if r["graph"] != t["graph"]:
            print(f"  note {r['id']}: graph {r['graph']} (its counterpart {t['id']} is on {t['graph']})")
        # another fact than the counterpart
        gn = G[r["graph"]]
        ln, tn = named_labels(gn, r["question"]), named_labels(G[t["graph"]], t["question"])
        same_answer = (set(r["expected"]), r["verdict"]) == (set(t["expected"]), t["verdict"])
        same_facts = (set(r["must_keep"]), set(r["must_remove"])) == (set(t["must_keep"]), set(t["must_remove"]))
        if same_facts and r["must_keep"] and r["graph"] == t["graph"]:
            fail(r["id"], f"rests on the same facts as {t['id']}")
        if same_answer and same_facts and ln == tn:
            if ln or jaccard(r["question"], t["question"]) >= 0.3:
                fail(r["id"], f"asks what {t['id']} asks")
        print(f"  {r['id']} vs {t['id']}: names {sorted(ln)} vs {sorted(tn)}; same answer {same_answer}, same facts {same_facts}")
    for r, t in zip(qs, td):
        if r["mechanism"] == "gate":
            print(f"  gate {r['id']} ({t['id']}): {GATE_KINDS.get(r['id'], '?')}")
    if set(GATE_KINDS) != {r["id"] for r in qs if r["mechanism"] == "gate"}:
        fail("gates", "gate questions are not UB25-UB30")

    # word overlap
    for r in qs:
        for t in td:
            if jaccard(r["question"], t["question"]) >= 0.6:
                fail(r["id"], f"shares >= 60% of words with {t['id']}")
        for s in qs:
            if s["id"] < r["id"] and jaccard(r["question"], s["question"]) >= 0.6:
                fail(r["id"], f"shares >= 60% of words with {s['id']}")
    worst = max(((jaccard(r["question"], t["question"]), r["id"], t["id"]) for r in qs for t in td))
    worst_in = max(((jaccard(r["question"], s["question"]), r["id"], s["id"]) for r in qs for s in qs if s["id"] < r["id"]))
    print(f"closest to trust-dev: {worst[1]}/{worst[2]} {worst[0]:.2f}; closest pair inside: {worst_in[1]}/{worst_in[2]} {worst_in[0]:.2f}")

    # voice
    all_labels = set()
    for g in G.values():
        for cls in ["Model", "Dataset", "Metric", "Problem"]:
            all_labels |= {l.lower() for l in labels(g, cls)}
    model_labels = set()
    for g in G.values():
        model_labels |= {l.lower() for l in labels(g, "Model")} | {l.lower() for l in labels(g, "Dataset")}
    for r in qs:
        q = r["question"]
        caps = [w for w in re.findall(r"[A-Za-z][A-Za-z0-9\-]*", q) if w != w.lower() and w not in ALLOWED_UPPER]
        if caps:
            fail(r["id"], f"upper case outside {ALLOWED_UPPER}: {caps}")
        if len(q.split()) > 20:
            fail(r["id"], f"too long for the terse voice ({len(q.split())} words)")
        toks = tokens(q)
        for tok in toks:
            for lab in model_labels:
                if tok != lab and edit1(tok, lab) and len(lab) > 3:
                    fail(r["id"], f"token {tok!r} is one letter off the name {lab!r}")
        if r["id"] in TYPOS:
            typo, word = TYPOS[r["id"]]
            if typo not in re.findall(r"[a-z]+", q.lower()) or not edit1(typo, word):
                fail(r["id"], f"declared typo {typo!r} for {word!r} not found or not one edit")
            if any(typo in l for l in all_labels):
                fail(r["id"], f"typo {typo!r} touches a graph label")
        commas = re.findall(r"\d+,\d+", q)
        want = [DECIMAL_COMMAS[r["id"]][0]] if r["id"] in DECIMAL_COMMAS else []
        if commas != want:
            fail(r["id"], f"decimal commas {commas} != declared {want}")
        if want:
            v = DECIMAL_COMMAS[r["id"]][1]
            if not any(abs(parse_fact(f)[1] - v) < 1e-9 for f in r["must_keep"]):
                fail(r["id"], f"decimal comma {want[0]} is not a value of must_keep")
        if r["id"] in BRITISH and BRITISH[r["id"]] not in q:
            fail(r["id"], "declared British spelling missing")
    print(f"voice: typos {TYPOS}; decimal commas {sorted(DECIMAL_COMMAS)}; British {BRITISH}")

    # per question, for TRUST_NOW as given and every year 2025-2030
    base_now = C.NOW
    for r in qs:
        qid = r["id"]
        g = G[r["graph"]]
        print(f"{qid} [{r['graph']} {r['mechanism']} {r['query_type']} {r['verdict']}] {r['question']}")
        results = {}
        for y in dict.fromkeys([base_now] + YEARS):
            C.NOW = y
            UNSTABLE.clear()
            res = COMPUTERS[qid]()
            if UNSTABLE:
                fail(qid, f"conflict not stable under the six readings (NOW={y}): {UNSTABLE}")
            results[y] = res
        C.NOW = base_now
        res = results[base_now]
        key = lambda x: (sorted(x["expected"]), x["verdict"], sorted(x["must_keep"]), sorted(x["must_remove"]))
        if len({json.dumps(key(x)) for x in results.values()}) != 1:
            fail(qid, "the answer depends on the current year")
        print(f"  evidence: {res['evidence']}")
        if set(r["expected"]) != res["expected"]:
            fail(qid, f"expected {sorted(r['expected'])} != recomputed {sorted(res['expected'])}")
        if r["verdict"] != res["verdict"]:
            fail(qid, f"verdict {r['verdict']} != recomputed {res['verdict']}")
        if set(r["must_keep"]) != res["must_keep"]:
            fail(qid, f"must_keep {sorted(r['must_keep'])} != recomputed {sorted(res['must_keep'])}")
        if set(r["must_remove"]) != res["must_remove"]:
            fail(qid, f"must_remove {sorted(r['must_remove'])} != recomputed {sorted(res['must_remove'])}")

        # the anchor written in the question
        anchor = res["anchor"]
        if year_anchor(r["question"]) != anchor:
            fail(qid, f"anchor in the wording {year_anchor(r['question'])} != used {anchor}")
        if C.anchor_of(r) != anchor:
            fail(qid, f"check.anchor_of reads {C.anchor_of(r)}, used {anchor}")
        if (anchor is not None) != (r["mechanism"] == "as_of" or qid == "UB29"):
            fail(qid, "anchor present where it should not be, or missing")

        # expected strings in the graph
        text = C.graph_text(g)
        for s in r["expected"]:
            if s not in text:
                fail(qid, f"expected string {s!r} not in the graph")

        # must_keep: exists and survives the conflict rules and the anchor
        for y in dict.fromkeys([base_now] + YEARS):
            C.NOW = y
            for f in r["must_keep"]:
                if not C.fact_exists(g, f):
                    fail(qid, f"must_keep fact not in the graph: {f}")
                    continue
                m, v, d, me = parse_fact(f)
                vals, st = surv(g, m, d, me, anchor)
                if v not in vals:
                    fail(qid, f"must_keep does not survive (NOW={y}, anchor {anchor}): {f} -> {vals} {st}")
            # must_remove: kind (a), (b) or (c); never the surviving answer
            rc = removed_clear(g)
            aa = after_anchor(g, anchor) if anchor is not None else set()
            for f in r["must_remove"]:
                if not C.fact_exists(g, f):
                    fail(qid, f"must_remove fact not in the graph: {f}")
                    continue
                m, v, d, me = parse_fact(f)
                now_tops = tops(g, d, me, anchor)
                kinds = []
                if (m, d, me, v) in rc:
                    kinds.append("a")
                if former_best(g, m, d, me, v, tops(g, d, me)):
                    kinds.append("b")
                if (m, d, me, v) in aa:
                    kinds.append("c")
                if not kinds:
                    fail(qid, f"must_remove of no kind: {f}")
                if (m, v) in now_tops:
                    fail(qid, f"must_remove is the surviving answer: {f}")
                if y == base_now:
                    print(f"  must_remove {f}: kind {','.join(kinds)}")
        C.NOW = base_now

    # every conflict the file touches is stable and as in the README's table
    C.NOW = base_now
    touched = set()
    for r in qs:
        g = G[r["graph"]]
        for f in r["must_keep"] + r["must_remove"]:
            m, v, d, me = parse_fact(f)
            touched.add((r["graph"], m, d, me))
    for gname, m, d, me in sorted(touched):
        for y in dict.fromkeys([base_now] + YEARS):
            C.NOW = y
            vals, st = C.surviving(G[gname], m, d, me)[:2]
            if st not in ("single", "clear", "close"):
                fail("conflicts", f"{m} {d} {me} is {st} (NOW={y})")
        C.NOW = base_now
        vals, st = C.surviving(G[gname], m, d, me)[:2]
        if st in ("clear", "close"):
            print(f"conflict touched: {m} / {d} / {me}: {st}, keeps {sorted(vals)}")

    print(f"FAILURES: {len(FAILURES)}")
    for f in FAILURES:
        print("  " + f)
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
