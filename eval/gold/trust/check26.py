#!/usr/bin/env python3
"""Checks trust-dev26.jsonl (UA01-UA30): 30 hand-written trust questions to the first development
file's design, in a researcher's chat voice.

Every question's expected answer, verdict, must_keep and must_remove are re-derived from the graphs
by a computer of its own (over check.py's G, surviving, board, count_papers, models_beating,
naive_best, graph_text, fact_exists and SPARQL of our own), for TRUST_NOW as given and for every
current year 2025-2030. Also checked: fields and their order, ids, duplicates, counts against
trust-dev.jsonl, gate kinds, anchors, premises, the voice (prefaces, afterthoughts, negated claims,
introductions, typed names) and word overlap.

    python3 check26.py                      # FAILURES: 0
    UA_FILE=/path/copy.jsonl python3 check26.py
"""
import itertools
import json
import os
import re
import sys

sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))
MAIN = "/work/main/eval/gold/trust"
NEED = ["check.py", "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"]
TRUSTDIR = HERE if all(os.path.exists(os.path.join(HERE, n)) for n in NEED) else MAIN
sys.path.insert(0, TRUSTDIR)
import check as C  # noqa: E402

UA_FILE = os.environ.get("UA_FILE") or os.path.join(HERE, "trust-dev26.jsonl")
TD_FILE = next(p for p in (os.path.join(HERE, "trust-dev.jsonl"), os.path.join(TRUSTDIR, "trust-dev.jsonl"),
                           os.path.join(MAIN, "trust-dev.jsonl")) if os.path.exists(p))

FAILS = []


def fail(qid, msg):
    FAILS.append(f"{qid}: {msg}")
    print(f"  FAIL {qid}: {msg}")


class Premise(Exception):
    pass


def prem(cond, msg):
    if not cond:
        raise Premise(msg)


GR = {}


def G(name):
    if name not in GR:
        GR[name] = C.G(name)
    return GR[name]


# ---------------------------------------------------------------------------------------------
# helpers over the graph
# ---------------------------------------------------------------------------------------------
def lower_better(metric):
    return metric in C.LOWER_BETTER


def better(metric, a, b):
    return a < b if lower_better(metric) else a > b


def F(m, v, d, met):
    return f"{m} scores {C.fmt(v)} on {d} by {met}"


def parse_fact(f):
    m = C.FACT_RE.match(f)
    return m.group(1), float(m.group(2)), m.group(3), m.group(4)


def rows(g, model=None, ds=None, met=None, paper_title=None):
    out = []
    for r in g.rows:
        if model and r["model"] != model:
            continue
        if ds and r["dataset"] != ds:
            continue
        if met and r["metric"] != met:
            continue
        if paper_title and not r["title"].startswith(paper_title):
            continue
        out.append(r)
    return out


def stated(g, model, ds, met, v):
    """Papers stating value v (any spelling) for the triple."""
    return sorted({r["paper"] for r in rows(g, model, ds, met) if C.parse_value(r["value"]) == v})


def surv(g, model, ds, met, anchor=None):
    s, st, _ = C.surviving(g, model, ds, met, anchor=anchor)
    prem(st != "AMBIGUOUS", f"conflict {model}/{ds} reads differently under the six readings")
    return set(s), st


def boardmap(g, ds, met, anchor=None):
    bm = {}
    for v, m, st in C.board(g, ds, met, anchor=anchor):
        prem(st != "AMBIGUOUS", f"{m} on {ds}: ambiguous conflict")
        bm.setdefault(m, set()).add(v)
    return bm


def readings(bm):
    models = sorted(bm)
    for combo in itertools.product(*[sorted(bm[m]) for m in models]):
        yield dict(zip(models, combo))


def order_in(reading, met):
    return sorted(reading, key=lambda m: reading[m], reverse=not lower_better(met))


def winners(g, ds, met, anchor=None):
    bm = boardmap(g, ds, met, anchor)
    return {order_in(r, met)[0] for r in readings(bm)}, bm


def decided_top(g, ds, met, anchor=None):
    w, bm = winners(g, ds, met, anchor)
    prem(len(w) == 1, f"top of {ds} (anchor {anchor}) is open: {sorted(w)}")
    m = next(iter(w))
    return m, bm[m], bm


def first_year(g, model, ds, met):
    ys = [y for r in rows(g, model, ds, met) for y in g.valid_years(r["paper"])]
    return min(ys) if ys else None


def max_year(g):
    return max(y for p in g.papers for y in g.valid_years(p))


def led_values(g, ds, met, model):
    """Values with which model led the board alone at the end of some year."""
    out = set()
    lo = min(y for r in rows(g, ds=ds, met=met) for y in g.valid_years(r["paper"]))
    for y in range(lo, max_year(g) + 1):
        try:
            w, bm = winners(g, ds, met, anchor=y)
        except Premise:        # a year whose board the six readings do not agree on: no evidence
            continue
        if w == {model}:
            out |= bm[model]
    return out


def after_anchor(g, model, ds, met, v, anchor):
    """Every paper stating the value is undated or later than the anchor."""
    ps = stated(g, model, ds, met, v)
    return bool(ps) and all(not g.valid_years(p) or min(g.valid_years(p)) > anchor for p in ps)


def anchored_removals(g, ds, met, anchor, model, values):
    """Kind (c): results stated only after the anchor (or undated) that beat one of the answer's
    values, and the answer model's own values stated only after the anchor."""
    out = set()
    for r in rows(g, ds=ds, met=met):
        v = C.parse_value(r["value"])
        if v is None:
            continue
        if not after_anchor(g, r["model"], ds, met, v, anchor):
            continue
        if r["model"] == model or any(better(met, v, a) for a in values):
            out.add(F(r["model"], v, ds, met))
    return out


def removed_values(g, model, ds, met):
    s, st = surv(g, model, ds, met)
    allv = {C.parse_value(r["value"]) for r in rows(g, model, ds, met)} - {None}
    rem = allv - s
    if rem:
        prem(st == "clear", f"{model}/{ds}: removed values without a clear conflict")
    return rem


def paper(g, prefix):
    ps = [p for p, d in g.papers.items() if d["title"].startswith(prefix)]
    prem(len(ps) == 1, f"paper prefix {prefix!r} names {len(ps)} papers")
    return ps[0]


def papers_with_word(g, word):
    return [p for p, d in g.papers.items() if word.lower() in d["title"].lower()]


def labels(g, cls):
    q = C.PREFIXES + f"SELECT ?l WHERE {{ ?x a orkgc:{cls} ; rdfs:label ?l }}"
    return sorted({r["l"] for r in g.sel(q)})


def all_labels(g):
    return {cls: labels(g, cls) for cls in ("Model", "Dataset", "Metric", "Problem", "ResearchField")}


def problem_papers(g, problem):
    q = C.PREFIXES + ("SELECT DISTINCT ?p WHERE { ?p a orkgc:Paper ; orkgp:P31 ?c . ?c orkgp:P32 ?pr . "
                      "?pr rdfs:label ?l . FILTER(STR(?l) = \"%s\") }" % problem)
    return [r["p"] for r in g.sel(q)]


def problem_rows(g, paper_iri, problem):
    q = C.PREFIXES + ("SELECT ?model ?ds ?met ?value WHERE { <%s> orkgp:P31 ?c . ?c orkgp:P32 ?pr ; "
                      "orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?pr rdfs:label ?pl . "
                      "FILTER(STR(?pl) = \"%s\") ?m rdfs:label ?model . ?b orkgp:HAS_DATASET ?d ; "
                      "orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?ds . ?e orkgp:HAS_METRIC ?mt ; "
                      "orkgp:HAS_VALUE ?value . ?mt rdfs:label ?met }" % (paper_iri, problem))
    return g.sel(q)


def string_sort_top(g, ds, met, anchor):
    """The careless SPARQL: ORDER BY DESC on the stored strings, over papers whose raw P29 is up
    to the anchor (no year validation)."""
    q = C.PREFIXES + ("SELECT ?model ?value ?y WHERE { ?p orkgp:P31 ?c ; orkgp:P29 ?y . "
                      "?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?model . "
                      "?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dl . "
                      "?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value . ?mt rdfs:label ?ml . "
                      "FILTER(STR(?dl) = \"%s\" && STR(?ml) = \"%s\" && ?y <= %d) } "
                      "ORDER BY DESC(?value) LIMIT 1" % (ds, met, anchor))
    r = g.sel(q)
    return (r[0]["model"], r[0]["value"]) if r else None


def out(expected, verdict=None, keep=(), remove=()):
    return dict(expected=set(expected), verdict=verdict, must_keep=set(keep), must_remove=set(remove))


def facts_of(model, values, ds, met):
    return {F(model, v, ds, met) for v in values}


# ---------------------------------------------------------------------------------------------
# one computer per question (premises first, then the answer)
# ---------------------------------------------------------------------------------------------
BM, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
D7, HO, VE = "Dastrup-7 Chorus", "Hollenby Marsh Calls", "Veltmoor Dawn Set"
OR, MI, QU = "Orrenby Parallel Corpus", "Mirelle Subtitles", "Quenmark Dialogue Set"
SE, KE = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"
ACC, F1, MIOU, WER, BLEU, CHRF = "Accuracy", "F1", "Mean IoU", "Word Error Rate", "BLEU", "chrF"


def still_best(g, ds, met, x, also_named=()):
    """'Is X still the best on D?' REFUTED when the decided best now is another model."""
    best, bv, _ = decided_top(g, ds, met)
    led = led_values(g, ds, met, x)
    prem(led, f"{x} never led {ds}: 'still' has no ground")
    verdict = "SUPPORTED" if best == x else "REFUTED"
    remove = set()
    if best != x:
        remove |= facts_of(x, led, ds, met)
        for y in also_named:
            ly = led_values(g, ds, met, y)
            prem(ly and y != best, f"{y} is not a former best of {ds}")
            remove |= facts_of(y, ly, ds, met)
    return out({best} | {C.fmt(v) for v in bv}, verdict, facts_of(best, bv, ds, met), remove)


def ua01(g):
    bm = boardmap(g, BM, ACC)
    tops = {tuple(order_in(r, ACC)[:2]) for r in readings(bm)}
    prem(len(tops) == 1, "top two open")
    m1, m2 = next(iter(tops))
    newest = max(bm, key=lambda m: first_year(g, m, BM, ACC) or 0)
    prem(newest == "Wendrel-S" != m1, "the newest model must not be the best")
    prem(len(bm[m1]) == 1 and len(bm[m2]) == 1, "top two have one value each")
    v1, v2 = next(iter(bm[m1])), next(iter(bm[m2]))
    return out({m1, C.fmt(v1), m2, C.fmt(v2)}, None, {F(m1, v1, BM, ACC), F(m2, v2, BM, ACC)})


def ua02(g):
    h, _ = surv(g, "Halverin", OR, BLEU)
    gn, _ = surv(g, "Gannetron", OR, BLEU)
    prem(max(g.valid_years(r["paper"])[0] for r in rows(g, "Gannetron", OR, BLEU))
         > max(g.valid_years(r["paper"])[0] for r in rows(g, "Halverin", OR, BLEU)),
         "Gannetron's results are the newer ones")
    beats = [better(BLEU, a, b) for a in h for b in gn]
    positive = "SUPPORTED" if all(beats) else "REFUTED" if not any(beats) else "UNCERTAIN"
    verdict = {"SUPPORTED": "REFUTED", "REFUTED": "SUPPORTED", "UNCERTAIN": "UNCERTAIN"}[positive]  # negated
    return out({C.fmt(v) for v in h | gn}, verdict,
               facts_of("Halverin", h, OR, BLEU) | facts_of("Gannetron", gn, OR, BLEU),
               facts_of("Gannetron", removed_values(g, "Gannetron", OR, BLEU), OR, BLEU))


def ua03(g):
    rs = rows(g, ds=HO, met=ACC)
    ny = max(y for r in rs for y in g.valid_years(r["paper"]))
    newest = [r for r in rs if ny in g.valid_years(r["paper"])]
    prem(len({(r["model"], C.parse_value(r["value"])) for r in newest}) == 1, "one most recent result")
    nm, nv = newest[0]["model"], C.parse_value(newest[0]["value"])
    prem(nv in surv(g, nm, HO, ACC)[0], "the most recent result survives")
    best, bv, bm = decided_top(g, HO, ACC)
    prem(best != nm, "the most recent result is not the best (the trap)")
    remove = set()
    for m in bm:
        for v in removed_values(g, m, HO, ACC):
            if all(better(ACC, v, b) for b in bv):
                remove.add(F(m, v, HO, ACC))
    return out({nm, C.fmt(nv), best} | {C.fmt(v) for v in bv}, None,
               {F(nm, nv, HO, ACC)} | facts_of(best, bv, HO, ACC), remove)


def ua04(g):
    ps = problem_papers(g, "Birdsong Transcription")
    dated = {p: max(g.valid_years(p)) for p in ps if g.valid_years(p)}
    ny = max(dated.values())
    newest = [p for p in dated if dated[p] == ny]
    prem(len(newest) == 1, "one newest paper")
    pl = paper(g, "Plumaro:")
    prem(pl in ps and dated[pl] < ny, "the asker's Plumaro paper is on the problem and older")
    keep = set()
    for r in problem_rows(g, newest[0], "Birdsong Transcription"):
        v = C.parse_value(r["value"])
        prem(v in surv(g, r["model"], r["ds"], r["met"])[0], "the newest paper's row survives")
        keep.add(F(r["model"], v, r["ds"], r["met"]))
    return out({g.papers[newest[0]]["title"]}, None, keep)


def ua05(g):
    return still_best(g, SK, MIOU, "Orvalis-CNN")


def ua06(g):
    return still_best(g, HO, ACC, "Warbleon")


def ua07(g):
    prem(C.parse_value(rows(g, "Varnholt", QU, BLEU)[0]["value"]) == 17.9, "Varnholt's 17.9 is stored")
    mm, _ = surv(g, "Murrelet-MT", QU, BLEU)
    prem(all(better(BLEU, v, 17.9) for v in mm), "Murrelet-MT did pass Varnholt (the afterthought)")
    return still_best(g, QU, BLEU, "Varnholt", also_named=("Murrelet-MT",))


def ua08(g):
    x = "Chirpform"
    prem(led_values(g, D7, WER, x), "Chirpform once led")
    y0 = first_year(g, x, D7, WER)
    xv, _ = surv(g, x, D7, WER)
    xbest = min(xv) if lower_better(WER) else max(xv)
    bm = boardmap(g, D7, WER)
    beat = set()
    for m, vs in bm.items():
        if m == x:
            continue
        fy = first_year(g, m, D7, WER)
        if fy is not None and fy > y0 and all(better(WER, v, xbest) for v in vs):
            beat.add(m)
    prem(beat == set(C.models_beating(g, D7, WER, x)), "agrees with check.models_beating")
    prem(first_year(g, "Fennick-RNN", D7, WER) < y0 and max(C.parse_value(r["value"]) for r in rows(g, "Fennick-RNN", D7, WER)) > xbest,
         "trap: Fennick-RNN's newer row is worse")
    keep = set()
    for m in beat:
        keep |= facts_of(m, bm[m], D7, WER)
    return out(beat, None, keep)


def ua09(g):
    s, st = surv(g, "KestrelNet", BM, ACC)
    own = rows(g, "KestrelNet", BM, ACC, paper_title="KestrelNet:")
    prem(own and C.parse_value(own[0]["value"]) == 78.9, "its own paper says 78.9")
    prem(st == "clear", "clear conflict")
    return out({C.fmt(v) for v in s}, None, facts_of("KestrelNet", s, BM, ACC),
               facts_of("KestrelNet", removed_values(g, "KestrelNet", BM, ACC), BM, ACC))


def ua10(g):
    a, sa = surv(g, "Murrelet-MT", MI, CHRF)
    b, _ = surv(g, "Nerrisa", MI, CHRF)
    beats = [better(CHRF, x, y) for x in a for y in b]
    verdict = "SUPPORTED" if all(beats) else "REFUTED" if not any(beats) else "UNCERTAIN"
    return out({C.fmt(v) for v in a | b}, verdict, facts_of("Murrelet-MT", a, MI, CHRF) | facts_of("Nerrisa", b, MI, CHRF))


def ua11(g):
    s, st = surv(g, "Aviquist", VE, WER)
    ok = [v < 7.5 for v in s]
    verdict = "SUPPORTED" if all(ok) else "REFUTED" if not any(ok) else "UNCERTAIN"
    return out({C.fmt(v) for v in s}, verdict, facts_of("Aviquist", s, VE, WER))


def ua12(g):
    x = "Orvalis-CNN"
    xv, _ = surv(g, x, CI, F1)
    rem = removed_values(g, x, CI, F1)
    prem(97.0 in rem, "the 97 the asker saw is stored and removed")
    prem(str(C.naive_best(g, CI, F1, None)) == "Orvalis-CNN 97.0", "careless: no removal puts Orvalis-CNN on top")
    bm = boardmap(g, CI, F1)
    ahead, keep = set(), facts_of(x, xv, CI, F1)
    for m, vs in bm.items():
        if m == x:
            continue
        cmp = [better(F1, v, w) for v in vs for w in xv]
        prem(all(cmp) or not any(cmp), f"{m} straddles {x}")
        if all(cmp):
            ahead.add(m)
            keep |= facts_of(m, vs, CI, F1)
    return out({C.fmt(v) for v in xv} | ahead, None, keep, facts_of(x, rem, CI, F1))


def ua13(g):
    x = "Trillbert"
    ds = {(r["dataset"], r["metric"]) for r in rows(g, x)}
    prem(ds == {(D7, WER)}, "Trillbert is reported on Dastrup-7 only")
    prem(len({r["paper"] for r in rows(g, x)}) == 2, "two papers report it")
    s, st = surv(g, x, D7, WER)
    prem(st == "close", "close conflict")
    return out({C.fmt(v) for v in s}, None, facts_of(x, s, D7, WER))


def ua14(g):
    s, _ = surv(g, "Selkora", SE, F1)
    prem(all(C.count_papers(g, "Selkora", SE, v) >= 2 for v in s), "corroborated by two papers")
    prem(86.0 in surv(g, "Undertow-GNN", SE, F1)[0], "the 86.0 in the notes is Undertow-GNN's")
    return out({C.fmt(v) for v in s}, None, facts_of("Selkora", s, SE, F1))


def ua15(g):
    stated_vals = [C.parse_value(r["value"]) for r in rows(g, "Corrasine", VE, WER)]
    s, _ = surv(g, "Corrasine", VE, WER)
    prem(len(stated_vals) >= 2 and C.count_papers(g, "Corrasine", VE, 7.2) >= 2, "two papers")
    prem(any(C.parse_value(r["value"]) < 7 for r in rows(g, ds=VE, met=WER) if r["model"] != "Corrasine"),
         "trap: another model on the board is under 7")
    ok = [v >= 7 for v in s]
    verdict = "SUPPORTED" if all(ok) else "REFUTED" if not any(ok) else "UNCERTAIN"   # 'never below 7'
    return out({C.fmt(v) for v in s}, verdict, facts_of("Corrasine", s, VE, WER))


def ua16(g):
    s, _ = surv(g, "Orvalis-CNN", BM, ACC)
    n = C.count_papers(g, "Orvalis-CNN", BM, 80.2)
    verdict = "SUPPORTED" if s == {80.2} and n >= 2 else "REFUTED" if 80.2 not in s else "UNCERTAIN"
    return out({C.fmt(v) for v in s}, verdict, facts_of("Orvalis-CNN", s, BM, ACC))


def anchored_best(g, ds, met, anchor):
    m, vs, _ = decided_top(g, ds, met, anchor)
    for v in vs:
        prem(v in surv(g, m, ds, met, anchor)[0], "the anchored best survives under the anchor")
    return m, vs


def ua17(g):
    m, vs = anchored_best(g, BM, ACC, 2015)
    prem(m != "FrostLattice", "the asker's guess is wrong")
    return out({m} | {C.fmt(v) for v in vs}, None, facts_of(m, vs, BM, ACC), anchored_removals(g, BM, ACC, 2015, m, vs))


def ua18(g):
    m, vs = anchored_best(g, D7, WER, 2021)
    prem(any(1 <= y <= 12 for y in g.papers[paper(g, "Trillbert:")]["years"]), "Trillbert's P29 holds a month")
    prem("Trillbert" in str(C.naive_best(g, D7, WER, 2021)), "careless: the month read as a year lets Trillbert in")
    return out({m} | {C.fmt(v) for v in vs}, None, facts_of(m, vs, D7, WER), anchored_removals(g, D7, WER, 2021, m, vs))


def published_in_best(g, ds, met, year):
    rs = [r for r in rows(g, ds=ds, met=met) if year in g.valid_years(r["paper"])]
    best = None
    for r in rs:
        v = C.parse_value(r["value"])
        if v is not None and (best is None or better(met, v, best[1])):
            best = (r["model"], v)
    return best


def ua19(g):
    m, vs = anchored_best(g, QU, BLEU, 2022)
    pb = published_in_best(g, QU, BLEU, 2022)
    prem(pb and pb[0] == m and pb[1] in vs, "'published in 2022' reading gives the same answer")
    return out({m} | {C.fmt(v) for v in vs}, None, facts_of(m, vs, QU, BLEU), anchored_removals(g, QU, BLEU, 2022, m, vs))


def ua20(g):
    m, vs = anchored_best(g, OR, BLEU, 2021)
    verdict = "SUPPORTED" if m == "Ostrada-T" else "REFUTED"
    return out({C.fmt(v) for v in vs}, verdict, facts_of(m, vs, OR, BLEU), anchored_removals(g, OR, BLEU, 2021, m, vs))


def ua21(g):
    m, vs = anchored_best(g, KE, MIOU, 2019)
    nb = C.naive_best(g, KE, MIOU, 2019)
    prem("Driftmere" in str(nb), "careless: Driftmere's month read as a year tops the board")
    prem(led_values(g, KE, MIOU, "Fucusnet"), "'no longer' presupposes Fucusnet once led")
    verdict = "SUPPORTED" if m != "Fucusnet" else "REFUTED"       # 'Fucusnet was no longer the top' (negated)
    return out({m} | {C.fmt(v) for v in vs}, verdict, facts_of(m, vs, KE, MIOU), anchored_removals(g, KE, MIOU, 2019, m, vs))


def ua22(g):
    p = paper(g, "Tidewick:")
    ys = g.valid_years(p)
    prem(len(ys) == 2, "two real years")
    prem(any("2019" in d for d in g.papers[p]["dois"]), "the DOI carries 2019")
    return out({str(y) for y in ys})


def ua23(g):
    ps = sorted({r["paper"] for r in rows(g, "Undertow-GNN", SE, F1)})
    prem(len(ps) == 2 and any(len(g.papers[p]["dois"]) == 2 for p in ps), "two papers, one with two DOIs")
    return out({d for p in ps for d in g.papers[p]["dois"]})


def ua24(g):
    s, m = paper(g, "Selkora:"), paper(g, "Marrowfen:")
    prem(len(papers_with_word(g, "selkora")) == 1 and len(papers_with_word(g, "marrowfen")) == 1,
         "each short name is in one title")
    prem(min(g.papers[s]["years"]) < min(g.valid_years(m)), "careless: the raw P29 month puts Selkora first")
    pairs = [ys >= ym for ys in g.valid_years(s) for ym in g.valid_years(m)]   # 'did not come out before'
    verdict = "SUPPORTED" if all(pairs) else "REFUTED" if not any(pairs) else "UNCERTAIN"
    return out({str(y) for y in g.valid_years(s) + g.valid_years(m)}, verdict)


def absent(g, word):
    text = [d["title"] for d in g.papers.values()] + [l for ls in all_labels(g).values() for l in ls]
    return not any(re.search(r"\b" + re.escape(word) + r"\b", t, re.I) for t in text)


def ua25(g):
    prem(absent(g, "debris"), "nothing on debris cover")
    prem(not absent(g, "glacier") and not absent(g, "mapping"), "the topic shares words with the graph")
    return out(set())


def never_run(g, model, ds):
    return not rows(g, model, ds) and not g.ask(C.PREFIXES + (
        "ASK { ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?ml . ?b orkgp:HAS_DATASET ?d . "
        "?d rdfs:label ?dl . FILTER(STR(?ml) = \"%s\" && STR(?dl) = \"%s\") }" % (model, ds)))


def ua26(g):
    prem(rows(g, "KestrelNet") and never_run(g, "KestrelNet", CI), "KestrelNet exists, never run on Corvalla-Ice")
    prem(74.1 in surv(g, "KestrelNet", BM, ACC)[0], "74.1 is its own value on another board")
    best, bv, _ = decided_top(g, CI, F1)
    beyond = all(better(F1, 74.1, b) for b in bv)
    exp = ({best} | {C.fmt(v) for v in bv}) if beyond else set()
    return out(exp, "UNCERTAIN")


def ua27(g):
    prem(rows(g, "Syrinxa") and never_run(g, "Syrinxa", D7), "Syrinxa exists, never run on Dastrup-7")
    sc = paper(g, "Scaling Noise-Robust")
    prem(rows(g, "Syrinxa", paper_title="Scaling Noise-Robust") and rows(g, ds=D7, paper_title="Scaling Noise-Robust"),
         "the scaling paper covers both Syrinxa and Dastrup-7")
    prem(any(C.parse_value(r["value"]) < 10 for r in rows(g, ds=D7, met=WER) if sc), "others meet the bound")
    best, bv, _ = decided_top(g, D7, WER)
    beyond = all(10 <= b for b in bv)        # 'under 10' beyond the best only if the best is not under 10
    exp = ({best} | {C.fmt(v) for v in bv}) if beyond else set()
    return out(exp, "UNCERTAIN")


def ua28(g):
    qr = rows(g, "Tavrosa", BM, ACC, paper_title="Quillon-XL:")
    vals = {C.parse_value(r["value"]) for r in qr}
    prem(vals, "the Quillon-XL paper reports Tavrosa")
    prem(stated(g, "Tavrosa", BM, ACC, 86.1) and paper(g, "Quillon-XL:") not in stated(g, "Tavrosa", BM, ACC, 86.1),
         "86.1 is real, from another paper")
    for v in vals:
        prem(v in surv(g, "Tavrosa", BM, ACC)[0], "the cited paper's value survives")
    verdict = "SUPPORTED" if 86.1 in vals else "REFUTED"
    return out({C.fmt(v) for v in vals}, verdict, facts_of("Tavrosa", vals, BM, ACC))


def ua29(g):
    m, vs = anchored_best(g, OR, BLEU, 2023)
    st = string_sort_top(g, OR, BLEU, 2023)
    oldest = min((min(g.valid_years(r["paper"])), r["model"]) for r in rows(g, ds=OR, met=BLEU) if g.valid_years(r["paper"]))
    prem(st is not None and st[0] == oldest[1] and st[0] != m, f"string sort gives the oldest result {st}")
    prem(rows(g, st[0], OR, BLEU, paper_title=st[0] + ":"), "from a paper that really states it")
    return out({m} | {C.fmt(v) for v in vs}, None, facts_of(m, vs, OR, BLEU), anchored_removals(g, OR, BLEU, 2023, m, vs))


def ua30(g):
    p = paper(g, "Driftmere:")
    prem(g.papers[p]["years"] and all(1 <= y <= 12 for y in g.papers[p]["years"]), "only a month under P29")
    prem(not g.papers[p]["dois"], "no DOI either")
    return out({str(y) for y in g.valid_years(p)})


COMPUTE = {f"UA{i:02d}": globals()[f"ua{i:02d}"] for i in range(1, 31)}

# ---------------------------------------------------------------------------------------------
# declared design: anchors, gate kinds, voice
# ---------------------------------------------------------------------------------------------
ANCHORS = {"UA17": ("by the end of 2015", 2015), "UA18": ("before 2022", 2021), "UA19": ("back in 2022", 2022),
           "UA20": ("as of 2021", 2021), "UA21": ("As of 2019", 2019), "UA29": ("as of 2023", 2023)}
GATE_KINDS = {  # TD25-TD30's kinds, read from trust-dev.jsonl's notes and reproduced one for one
    "UA25": "topic the graph lacks but nearly holds",
    "UA26": "model never run on the dataset, claimed with its own value from another board",
    "UA27": "model never run on the dataset, claimed with a bound others meet",
    "UA28": "real value cited to a paper that states another",
    "UA29": "string-sorted best puts the oldest result on top",
    "UA30": "paper whose only year is a month",
}
# pre: preface (a clause or sentence before the question); post: afterthought after the '?';
# neg: the claim is said in the negative (verdict for the claim as stated); intro: how a claim is
# introduced; typed: names written lower case or with a hyphen dropped.
VOICE = {
    "UA01": dict(pre="Putting together a slide for our group meeting."),
    "UA02": dict(post="gannetron has the newer results there.", neg=True, typed=["halverin", "gannetron", "orrenby parallel corpus"]),
    "UA03": dict(),
    "UA04": dict(post="I assume it's the Plumaro one.", typed=["birdsong transcription"]),
    "UA05": dict(pre="I'm reviewing a manuscript.", intro="is it true that", typed=["orvalis-cnn"]),
    "UA06": dict(post="that's what our lab wiki says.", typed=["warbleon", "hollenby marsh calls"]),
    "UA07": dict(post="I thought MurreletMT had passed it.", intro="a colleague says", typed=["MurreletMT"]),
    "UA08": dict(pre="For a history figure in my thesis:", typed=["chirpform"]),
    "UA09": dict(post="its own paper says 78.9", typed=["kestrelnet", "benchmira"]),
    "UA10": dict(intro="am I right that", typed=["MurreletMT", "nerrisa", "mirelle subtitles"]),
    "UA11": dict(pre="We're picking a model for our field recorders.", intro="can you confirm that", typed=["aviquist"]),
    "UA12": dict(post="A table I saw had it on top at 97.", typed=["orvalis-cnn"]),
    "UA13": dict(pre="Writing up our reproduction.", typed=["dastrup 7 chorus"]),
    "UA14": dict(post="I have 86.0 written down, but that might be undertow-gnn's.", typed=["selkora", "sealbrook turbine logs", "undertow-gnn", "f1"]),
    "UA15": dict(neg=True),
    "UA16": dict(intro="is it true that"),
    "UA17": dict(post="I'm fairly sure it was FrostLattice."),
    "UA18": dict(pre="Background for a grant proposal:"),
    "UA19": dict(typed=["quenmark dialogue set", "bleu"]),
    "UA20": dict(pre="Double-checking a footnote:", typed=["ostrada-t"]),
    "UA21": dict(neg=True, typed=["Kelpwatch Norrland"]),
    "UA22": dict(post="Its DOI has 2019 in it, so probably 2019."),
    "UA23": dict(pre="Building the bibliography for our report.", typed=["undertow-gnn"]),
    "UA24": dict(neg=True, typed=["selkora", "marrowfen"]),
    "UA25": dict(pre="Scoping a new project on debris cover."),
    "UA26": dict(typed=["kestrelnet", "corvalla ice", "f1"]),
    "UA27": dict(post="The many-habitats scaling paper covers both."),
    "UA28": dict(intro="my notes say"),
    "UA29": dict(pre="Checking a related-work table."),
    "UA30": dict(post="I'm sorting our reading list by year."),
}
NEG_RE = re.compile(r"\b(no longer|never|not|nobody|didn't|doesn't|isn't|wasn't|hasn't|hadn't|don't)\b", re.I)
TAG_RE = re.compile(r",\s*(doesn't it|isn't it|did it|didn't it|does it|right|correct|yeah|yes)\?$", re.I)
ANCHOR_RE = re.compile(r"\b(as of|before|in|by|back in|by the end of|prior to|until|since)\s+(19|20)\d\d\b", re.I)


def fold(s):
    return re.sub(r"[\s\-_]", "", s.lower())


def words(s):
    return set(re.findall(r"[a-z0-9][a-z0-9\-\.']*", s.lower()))


def overlap(a, b):
    wa, wb = words(a), words(b)
    return len(wa & wb) / max(1, len(wa | wb))


# ---------------------------------------------------------------------------------------------
def main():
    print(f"check.py and graphs from {TRUSTDIR}; questions from {UA_FILE}; design from {TD_FILE}")
    td = [json.loads(l) for l in open(TD_FILE) if l.strip()]
    ua = [json.loads(l) for l in open(UA_FILE) if l.strip()]
    fields = list(td[0].keys())

    # --- fields, ids, duplicates ---------------------------------------------------------------
    for i, q in enumerate(ua):
        want = f"UA{i + 1:02d}"
        if q.get("id") != want:
            fail(q.get("id"), f"id out of order, expected {want}")
        if list(q.keys()) != fields:
            fail(q.get("id"), f"fields {list(q.keys())} != {fields}")
        if q.get("query_type") not in {t["query_type"] for t in td}:
            fail(q["id"], "unknown query_type")
        if q.get("mechanism") not in {t["mechanism"] for t in td}:
            fail(q["id"], "unknown mechanism")
        if (q.get("verdict") is not None) != (q.get("query_type") == "claim_verification"):
            fail(q["id"], "verdict set exactly for claims")
        if q.get("graph") not in {"g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"}:
            fail(q["id"], "graph label")
    if len(ua) != 30:
        fail("file", f"{len(ua)} questions, want 30")
    if len({q["id"] for q in ua}) != len(ua):
        fail("file", "duplicate id")
    if len({q["question"].strip().lower() for q in ua}) != len(ua):
        fail("file", "duplicate question")
    if len({json.dumps(q, sort_keys=True) for q in ua}) != len(ua):
        fail("file", "duplicate row")

    # --- counts against trust-dev.jsonl, position by position -----------------------------------
    for key in ("mechanism", "query_type", "verdict", "graph"):
        ct = lambda rows_: sorted(((str(r[key]), sum(1 for x in rows_ if x[key] == r[key])) for r in rows_), key=str)
        a, b = sorted(set(ct(ua))), sorted(set(ct(td)))
        print(f"  {key}: {dict(a)}")
        if a != b:
            fail("file", f"{key} counts {dict(a)} != trust-dev.jsonl {dict(b)}")
    for q, t in zip(ua, td):
        for key in ("mechanism", "query_type", "verdict"):
            if (q[key] is None) != (t[key] is None) or q[key] != t[key]:
                fail(q["id"], f"{key} {q[key]} != {t['id']}'s {t[key]}")
    moves = [f"{q['id']} {t['graph'][:2]}->{q['graph'][:2]}" for q, t in zip(ua, td) if q["graph"] != t["graph"]]
    print(f"  graph moves against TD ({len(moves)}): {', '.join(moves)}")
    gate_ua = [q["id"] for q in ua if q["mechanism"] == "gate"]
    if gate_ua != sorted(GATE_KINDS):
        fail("file", f"gate questions {gate_ua} != declared {sorted(GATE_KINDS)}")

    # --- word overlap and repeats -----------------------------------------------------------------
    worst = (0, "")
    for q in ua:
        for t in td:
            o = overlap(q["question"], t["question"])
            if q["question"].strip().lower() == t["question"].strip().lower() or o >= 0.6:
                fail(q["id"], f"repeats {t['id']} (overlap {o:.2f})")
            worst = max(worst, (o, f"{q['id']}/{t['id']}"))
        for r in ua:
            if r["id"] > q["id"]:
                o = overlap(q["question"], r["question"])
                if o >= 0.6:
                    fail(q["id"], f"overlaps {r['id']} ({o:.2f})")
                worst = max(worst, (o, f"{q['id']}/{r['id']}"))
    print(f"  closest pair by word overlap: {worst[1]} {worst[0]:.2f}")

    # --- the voice ----------------------------------------------------------------------------------
    npre = npost = nneg = 0
    intros = set()
    for q in ua:
        v, text = VOICE.get(q["id"], {}), q["question"]
        g = G(q["graph"])
        labs = all_labels(g)
        core = text
        if v.get("pre"):
            npre += 1
            if not text.startswith(v["pre"] + " "):
                fail(q["id"], "declared preface not at the start")
            if re.search(r"\d", v["pre"]) or any(fold(l) in fold(v["pre"]) for ls in labs.values() for l in ls):
                fail(q["id"], "preface names a label or a number")
            core = core[len(v["pre"]) + 1:]
        if v.get("post"):
            npost += 1
            if not text.endswith(" " + v["post"]):
                fail(q["id"], "declared afterthought not at the end")
            core = core[: -len(v["post"]) - 1]
        if not core.rstrip().endswith("?"):
            fail(q["id"], f"the question itself does not end with '?': {core!r}")
        if "?" in core.rstrip()[:-1] and not v.get("post"):
            fail(q["id"], "text after a question mark not declared as an afterthought")
        claim = TAG_RE.sub("", core.strip())
        has_neg = bool(NEG_RE.search(claim))
        if q["query_type"] == "claim_verification":
            if v.get("neg"):
                nneg += 1
                if not has_neg:
                    fail(q["id"], "declared negated claim has no negation")
            elif has_neg:
                fail(q["id"], "undeclared negation in a claim")
        elif v.get("neg"):
            fail(q["id"], "negation declared on a non-claim")
        if v.get("intro"):
            intros.add(v["intro"])
            if v["intro"].lower() not in text.lower():
                fail(q["id"], f"introduction {v['intro']!r} missing")
            if q["query_type"] != "claim_verification":
                fail(q["id"], "introduction on a non-claim")
        for t in v.get("typed", []):
            if t not in text:
                fail(q["id"], f"typed form {t!r} not in the question")
            exact = [l for ls in labs.values() for l in ls if l == t]
            hits = [l for ls in labs.values() for l in ls if fold(l) == fold(t)]
            inside = [l for ls in labs.values() for l in ls if fold(t) in fold(l) and fold(l) != fold(t)]
            if exact or len(hits) != 1 or inside:
                fail(q["id"], f"typed form {t!r}: exact {exact}, folds to {hits}, inside {inside}")
    nclaims = sum(1 for q in ua if q["query_type"] == "claim_verification")
    ntyped = sum(1 for q in ua if VOICE.get(q["id"], {}).get("typed"))
    print(f"  voice: {ntyped} questions with typed names, {npre} prefaces, {npost} afterthoughts, {nneg}/{nclaims} negated claims, introductions {sorted(intros)}")
    if not (8 <= npre <= 12 and 8 <= npost <= 12):
        fail("file", "prefaces and afterthoughts should each be about a third")
    if not (3 <= nneg <= 5):
        fail("file", "about a quarter of the claims should be negated")
    if intros != {"can you confirm that", "is it true that", "am I right that", "a colleague says", "my notes say"}:
        fail("file", f"introductions used: {sorted(intros)}")
    flips = [q["id"] for q in ua if VOICE.get(q["id"], {}).get("neg") and q["verdict"] != "UNCERTAIN"]
    if len(flips) != nneg:
        fail("file", "every negated claim should have a decided verdict (the negation matters)")

    # --- anchors ---------------------------------------------------------------------------------------
    for q in ua:
        found = [m.group(0) for m in ANCHOR_RE.finditer(q["question"])]
        if q["id"] in ANCHORS:
            phrase, _ = ANCHORS[q["id"]]
            if phrase not in q["question"] or len(found) != 1:
                fail(q["id"], f"anchor phrase {phrase!r} (found {found})")
        elif found:
            fail(q["id"], f"undeclared anchor {found}")

    # --- answers, for every current year -----------------------------------------------------------
    years = [None] + list(range(2025, 2031))
    env_now = C.NOW
    for q in ua:
        g = G(q["graph"])
        results = []
        for y in years:
            C.NOW = env_now if y is None else y
            try:
                results.append(COMPUTE[q["id"]](g))
            except Premise as e:
                fail(q["id"], f"premise (NOW={C.NOW}): {e}")
                results = None
                break
        C.NOW = env_now
        if results is None:
            continue
        r0 = results[0]
        if any(r != r0 for r in results):
            fail(q["id"], "answer changes with the current year")
        if set(q["expected"]) != r0["expected"]:
            fail(q["id"], f"expected {sorted(q['expected'])} != recomputed {sorted(r0['expected'])}")
        if q["verdict"] != r0["verdict"]:
            fail(q["id"], f"verdict {q['verdict']} != recomputed {r0['verdict']}")
        if set(q["must_keep"]) != r0["must_keep"]:
            fail(q["id"], f"must_keep {sorted(q['must_keep'])} != recomputed {sorted(r0['must_keep'])}")
        if set(q["must_remove"]) != r0["must_remove"]:
            fail(q["id"], f"must_remove {sorted(q['must_remove'])} != recomputed {sorted(r0['must_remove'])}")
        if len(q["expected"]) != len(set(q["expected"])) or len(q["must_keep"]) != len(set(q["must_keep"])):
            fail(q["id"], "repeated entries")
        text = C.graph_text(g)
        for s in q["expected"]:
            if s not in text:
                fail(q["id"], f"expected string {s!r} not in the graph")
        anchor = ANCHORS.get(q["id"], (None, None))[1]
        for f in q["must_keep"] + q["must_remove"]:
            if not C.FACT_RE.match(f) or not C.fact_exists(g, f):
                fail(q["id"], f"fact not in the graph: {f}")
                continue
            m, v, d, met = parse_fact(f)
            if f != F(m, v, d, met):
                fail(q["id"], f"fact not in clean form: {f}")
        for f in q["must_keep"]:
            if f in q["must_remove"]:
                fail(q["id"], f"in both lists: {f}")
            m, v, d, met = parse_fact(f)
            try:
                if v not in surv(g, m, d, met, anchor)[0]:
                    fail(q["id"], f"must_keep does not survive (anchor {anchor}): {f}")
            except Premise as e:
                fail(q["id"], f"must_keep {f}: {e}")
        for f in q["must_remove"]:
            m, v, d, met = parse_fact(f)
            try:
                kind_a = v in removed_values(g, m, d, met)
                kind_b = q["mechanism"] == "superseded" and v in led_values(g, d, met, m) and decided_top(g, d, met)[0] != m
            except Premise as e:
                fail(q["id"], f"must_remove {f}: {e}")
                continue
            kind_c = anchor is not None and after_anchor(g, m, d, met, v, anchor)
            if not (kind_a or kind_b or kind_c):
                fail(q["id"], f"must_remove of no kind (a/b/c): {f}")
            try:
                top = decided_top(g, d, met, anchor)
                if top[0] == m and v in top[1]:
                    fail(q["id"], f"must_remove is the surviving best: {f}")
            except Premise:
                pass

    # --- gate kinds, re-verified on the graph -----------------------------------------------------------
    g1, g2, g3, g4 = G("g1.ttl"), G("g2.ttl"), G("g3.ttl"), G("g4.ttl")
    checks = {
        "UA25": absent(g1, "debris") and not absent(g1, "glacier"),
        "UA26": never_run(g1, "KestrelNet", CI) and 74.1 in surv(g1, "KestrelNet", BM, ACC)[0],
        "UA27": never_run(g2, "Syrinxa", D7) and any(C.parse_value(r["value"]) < 10 for r in rows(g2, ds=D7, met=WER)),
        "UA28": bool(stated(g1, "Tavrosa", BM, ACC, 86.1)) and 86.1 not in {C.parse_value(r["value"]) for r in rows(g1, "Tavrosa", BM, ACC, paper_title="Quillon-XL:")},
        "UA29": string_sort_top(g3, OR, BLEU, 2023) == ("Lexmarrow", "9.8"),
        "UA30": not g4.valid_years(paper(g4, "Driftmere:")) and bool(g4.papers[paper(g4, "Driftmere:")]["years"]),
    }
    for k, ok in checks.items():
        if not ok:
            fail(k, f"gate kind not verified: {GATE_KINDS[k]}")
    print(f"  gate kinds: {len(checks)} verified")

    # --- the careless answers, for information -----------------------------------------------------------
    print("  careless: UA12 no removal ->", C.naive_best(g1, CI, F1, None), "| UA21 min raw P29 ->",
          C.naive_best(g4, KE, MIOU, 2019), "| UA29 string sort ->", string_sort_top(g3, OR, BLEU, 2023),
          "| UA18 min raw P29 ->", C.naive_best(g2, D7, WER, 2021))

    print(f"FAILURES: {len(FAILS)}")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
