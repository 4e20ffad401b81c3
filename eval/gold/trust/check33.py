#!/usr/bin/env python3
"""check33.py: re-derives every question of trust-dev33.jsonl (UH01-UH20) from the fixture graphs.

For each question a computer derives `expected`, `verdict`, `must_keep` and `must_remove` from the graph
with this file's own rdflib code, for every current year 2025-2030 and TRUST_NOW if set, and compares
them with the file. It also checks the fields (names and order of trust-dev.jsonl's first line), the ids,
duplicates, verdicts only on claims, that every expected string and every fact occurs in its graph, that
every must_keep fact survives the conflict rules (now and under the question's anchors), and that the
first README's conflict table comes out the same under the conflict reading used here. check.py is
imported (G, surviving) only to cross-check the conflict statuses this file relies on.

Usage:  python3 check33.py            (last line FAILURES: 0, exit 0)
        UH_FILE=/tmp/copy.jsonl python3 check33.py
"""
import itertools
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = "/work/main/eval/gold/trust"
sys.path.insert(0, TRUST)
import check as ref  # noqa: E402  (imported, not read: G and surviving for cross-checks)
import rdflib  # noqa: E402

FILE = os.environ.get("UH_FILE", os.path.join(HERE, "trust-dev33.jsonl"))
NOWS = sorted({2025, 2026, 2027, 2028, 2029, 2030} | ({int(os.environ["TRUST_NOW"])} if os.environ.get("TRUST_NOW") else set()))
LAMBDA, THRESH = 0.08, 0.30
LOWER = {"Word Error Rate"}
MECHS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
QTYPES = {"claim_verification", "method_comparison", "paper_lookup", "topic_search", "method_usage", "dataset_search"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL", msg)


# ----------------------------------------------------------------------------------------------
# the graphs, read with rdflib
# ----------------------------------------------------------------------------------------------
PFX = """PREFIX orkgp: <http://orkg.org/orkg/predicate/>
PREFIX orkgc: <http://orkg.org/orkg/class/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
"""
Q_ROWS = PFX + """SELECT ?paper ?model ?dataset ?metric ?value WHERE {
  ?paper a orkgc:Paper ; orkgp:P31 ?c .
  ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?model .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dataset .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value . ?mt rdfs:label ?metric . }"""
Q_PAPERS = PFX + """SELECT ?paper ?title WHERE { ?paper a orkgc:Paper ; rdfs:label ?title . }"""
Q_PROBS = PFX + """SELECT ?paper ?prob WHERE { ?paper a orkgc:Paper ; orkgp:P31 ?c . ?c orkgp:P32 ?p . ?p rdfs:label ?prob . }"""
P29 = rdflib.URIRef("http://orkg.org/orkg/predicate/P29")
P26 = rdflib.URIRef("http://orkg.org/orkg/predicate/P26")


def clean(raw):
    s = str(raw).strip().rstrip("%").strip()
    if s in ("", "-"):
        return None
    try:
        float(s)
    except ValueError:
        return None
    return s


class Graph:
    def __init__(self, name):
        self.name = name
        self.rg = rdflib.Graph()
        self.rg.parse(os.path.join(TRUST, name), format="turtle")
        self.papers = {}
        for p, t in self.rg.query(Q_PAPERS):
            raw = sorted(int(y) for y in self.rg.objects(p, P29))
            self.papers[p] = dict(
                title=str(t), raw_years=raw, years=[y for y in raw if y > 12],
                dois=sorted(str(d) for d in self.rg.objects(p, P26)), problems=set())
        for p, pr in self.rg.query(Q_PROBS):
            self.papers[p]["problems"].add(str(pr))
        self.rows = []  # (paper, model, dataset, metric, raw, clean)
        for p, m, d, mt, v in self.rg.query(Q_ROWS):
            self.rows.append((p, str(m), str(d), str(mt), str(v), clean(v)))
        self.literals = {str(o) for o in self.rg.objects() if isinstance(o, rdflib.Literal)}
        self.clean_values = {r[5] for r in self.rows if r[5] is not None}

    def title(self, p):
        return self.papers[p]["title"]

    def paper(self, fragment):
        hits = [p for p, d in self.papers.items() if fragment in d["title"]]
        assert len(hits) == 1, (fragment, hits)
        return hits[0]

    def worlds(self):
        """Every reading of the papers' years: a paper with two real years is tried with each."""
        multi = [(p, d["years"]) for p, d in self.papers.items() if len(d["years"]) > 1]
        for combo in itertools.product(*[ys for _, ys in multi]):
            w = {p: (d["years"][0] if d["years"] else None) for p, d in self.papers.items()}
            for (p, _), y in zip(multi, combo):
                w[p] = y
            yield w


GS = {n: Graph(n) for n in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")}


def better(metric, a, b):
    return a < b if metric in LOWER else a > b


def fmt_fact(model, value, dataset, metric):
    return f"{model} scores {value} on {dataset} by {metric}"


def stated(g, model, dataset, metric, world, anchor=None):
    """clean value -> set of stating papers (under an anchor: dated papers up to it only)."""
    out = {}
    for p, m, d, mt, raw, v in g.rows:
        if (m, d, mt) != (model, dataset, metric) or v is None:
            continue
        y = world[p]
        if anchor is not None and (y is None or y > anchor):
            continue
        out.setdefault(v, set()).add(p)
    return out


def resolve(g, model, dataset, metric, world, ref_year, anchor=None):
    """Conflict rule of the public README: weight = e^(-0.08*age of newest stating paper) *
    (1 + 0.8*ln(1 + papers)); a value whose weight is more than 30 % below the strongest is removed.
    Returns (surviving values, status)."""
    vals = stated(g, model, dataset, metric, world, anchor)
    if not vals:
        return set(), "none"
    if len(vals) == 1:
        return set(vals), "single"
    w = {}
    for v, ps in vals.items():
        ys = [world[p] for p in ps if world[p] is not None]
        age = ref_year - max(ys) if ys else 0
        w[v] = math.exp(-LAMBDA * age) * (1 + 0.8 * math.log(1 + len(ps)))
    top = max(w.values())
    keep = {v for v in vals if (top - w[v]) / top <= THRESH}
    return keep, ("close" if len(keep) > 1 else "clear")


def board(g, dataset, metric, world, ref_year, anchor=None):
    """model -> surviving clean values (strings) on the board, as it stood at the anchor (or now)."""
    models = {m for p, m, d, mt, raw, v in g.rows if (d, mt) == (dataset, metric)}
    out = {}
    for m in models:
        keep, _ = resolve(g, m, dataset, metric, world, ref_year if anchor is None else anchor, anchor)
        if keep:
            out[m] = keep
    return out


def leaders(b, metric):
    """(sole leader or None, set of models that lead under some reading of the close conflicts)."""
    models = sorted(b)
    possible = set()
    for choice in itertools.product(*[sorted(b[m]) for m in models]):
        pick = dict(zip(models, (float(x) for x in choice)))
        best = min(pick.values()) if metric in LOWER else max(pick.values())
        tops = {m for m, v in pick.items() if v == best}
        possible |= tops if len(tops) == 1 else {tuple(sorted(tops))}
    sole = next(iter(possible)) if len(possible) == 1 and isinstance(next(iter(possible)), str) else None
    return sole, possible


def first_year(g, model, dataset, metric, world):
    ys = [world[p] for p, m, d, mt, raw, v in g.rows if (m, d, mt) == (model, dataset, metric) and v is not None and world[p] is not None]
    return min(ys) if ys else None


def own_paper(g, model):
    hits = [p for p, d in g.papers.items() if d["title"].startswith(model + ":")]
    assert len(hits) == 1, (model, hits)
    return hits[0]


def facts_of(model, vals, dataset, metric):
    return [fmt_fact(model, v, dataset, metric) for v in sorted(vals, key=float)]


# ----------------------------------------------------------------------------------------------
# sanity: the first README's conflict table under this reading, for every current year
# ----------------------------------------------------------------------------------------------
TABLE = [
    ("g1.ttl", "KestrelNet", "BenchMira", "Accuracy", {"74.1"}, "clear"),
    ("g1.ttl", "Orvalis-CNN", "Corvalla-Ice", "F1", {"87.0"}, "clear"),
    ("g2.ttl", "Fennick-RNN", "Dastrup-7 Chorus", "Word Error Rate", {"21.7"}, "clear"),
    ("g2.ttl", "Syrinxa", "Hollenby Marsh Calls", "Accuracy", {"88.3"}, "clear"),
    ("g3.ttl", "Gannetron", "Orrenby Parallel Corpus", "BLEU", {"18.9"}, "clear"),
    ("g1.ttl", "Tavrosa", "BenchMira", "Accuracy", {"86.1", "85.4"}, "close"),
    ("g2.ttl", "Trillbert", "Dastrup-7 Chorus", "Word Error Rate", {"9.4", "10.1"}, "close"),
    ("g2.ttl", "Aviquist", "Veltmoor Dawn Set", "Word Error Rate", {"6.8", "7.9"}, "close"),
    ("g2.ttl", "Warbleon", "Hollenby Marsh Calls", "Accuracy", {"79.5", "80.7"}, "close"),
    ("g3.ttl", "Murrelet-MT", "Mirelle Subtitles", "chrF", {"55.1", "51.0"}, "close"),
]


def check_table():
    for gn, m, d, mt, want, status in TABLE:
        g = GS[gn]
        for now in NOWS:
            for w in g.worlds():
                got, st = resolve(g, m, d, mt, w, now)
                if got != want or st != status:
                    fail(f"conflict table {m} {d} now={now}: got {got} {st}, want {want} {status}")


def cross_check(gn, model, dataset, metric, anchors):
    """check.py's six readings must give the same surviving values and no AMBIGUOUS status."""
    rg = REF_G[gn]
    g = GS[gn]
    for a in anchors:
        vals, status, _ = ref.surviving(rg, model, dataset, metric, anchor=a)
        mine = set()
        for w in g.worlds():
            k, _ = resolve(g, model, dataset, metric, w, a, a)
            mine |= k
        if status == "AMBIGUOUS" or {float(x) for x in mine} != set(vals):
            fail(f"cross-check {gn} {model} {dataset} {metric} @{a}: check.py {vals} {status}, mine {mine}")


REF_G = {n: ref.G(n) for n in GS}


# ----------------------------------------------------------------------------------------------
# per-question computers: each returns dict(expected, verdict, must_keep, must_remove)
# and asserts the premises it relies on; `now` is the current year
# ----------------------------------------------------------------------------------------------
def span_leader(g, dataset, metric, year, now):
    """sole leader and its values at the end of `year`, the same in every world; else None."""
    res = set()
    for w in g.worlds():
        b = board(g, dataset, metric, w, now, anchor=year)
        sole, _ = leaders(b, metric)
        res.add((sole, tuple(sorted(b[sole])) if sole else ()))
    assert len(res) == 1 and next(iter(res))[0], (dataset, year, res)
    return next(iter(res))


def later_beating(g, dataset, metric, year, answer_vals, now):
    """surviving facts (now) first stated after `year` that beat every answer value (must_remove kind c)."""
    out = set()
    for w in g.worlds():
        b = board(g, dataset, metric, w, now)
        for m, vals in b.items():
            for v in vals:
                ps = stated(g, m, dataset, metric, w)[v]
                ys = [w[p] for p in ps if w[p] is not None]
                if ys and min(ys) > year and all(better(metric, float(v), float(a)) for a in answer_vals):
                    out.add(fmt_fact(m, v, dataset, metric))
    return sorted(out)


def uh01(now):
    g = GS["g1.ttl"]
    d, mt = "BenchMira", "Accuracy"
    a, av = span_leader(g, d, mt, 2019, now)
    assert span_leader(g, d, mt, 2018, now) == (a, av)          # start-of-span reading agrees
    b, bv = span_leader(g, d, mt, 2022, now)
    assert a != b
    assert span_leader(g, d, mt, 2021, now)[0] == b
    cross_check("g1.ttl", b, d, mt, [2022] + NOWS)
    w = next(g.worlds())
    assert 2019 < first_year(g, b, d, mt, w) <= 2022
    keep = facts_of(a, av, d, mt) + facts_of(b, bv, d, mt)
    return dict(expected=[a, *av, b, *sorted(bv, key=float, reverse=True)], verdict=None,
                must_keep=keep, must_remove=later_beating(g, d, mt, 2022, bv, now))


def uh02(now):
    g = GS["g1.ttl"]
    m = "Orvalis-CNN"
    own = own_paper(g, m)
    ds = sorted({d for p, mm, d, mt, raw, v in g.rows if mm == m and p != own})
    own_ds = {d for p, mm, d, mt, raw, v in g.rows if mm == m and p == own}
    assert set(ds) < own_ds                                      # Skarnhold only in its own paper
    keep, remove = [], []
    w = next(g.worlds())
    for d in ds:
        mt = {r[3] for r in g.rows if r[1] == m and r[2] == d}.pop()
        cross_check("g1.ttl", m, d, mt, NOWS)
        kv, _ = resolve(g, m, d, mt, w, now)
        allv = set(stated(g, m, d, mt, w))
        keep += facts_of(m, kv, d, mt)
        remove += facts_of(m, allv - kv, d, mt)
    return dict(expected=ds, verdict=None, must_keep=keep, must_remove=remove)


def paper_order(g, frag_a, frag_b):
    """'paper A came before paper B': SUPPORTED/REFUTED only if every world agrees, else UNCERTAIN."""
    pa, pb = g.paper(frag_a), g.paper(frag_b)
    ya, yb = g.papers[pa]["years"], g.papers[pb]["years"]
    if not ya or not yb:
        return "UNCERTAIN", []
    outcomes = {x < y for x in ya for y in yb}
    verdict = "UNCERTAIN" if len(outcomes) > 1 else ("SUPPORTED" if outcomes.pop() else "REFUTED")
    return verdict, [str(y) for y in ya] + [str(y) for y in yb]


def careless_min_order(g, frag_a, frag_b):
    pa, pb = g.paper(frag_a), g.paper(frag_b)
    return min(g.papers[pa]["raw_years"]) < min(g.papers[pb]["raw_years"])


def uh03(now):
    g = GS["g1.ttl"]
    v, years = paper_order(g, "Sallowmere:", "Lumoria:")
    assert careless_min_order(g, "Sallowmere:", "Lumoria:")      # the trap: P29 4 read as a year
    return dict(expected=sorted(years), verdict=v, must_keep=[], must_remove=[])


def uh04(now):
    g = GS["g1.ttl"]
    m, d, mt = "KestrelNet", "BenchMira", "Accuracy"
    study = g.paper("A Reproducibility Study")
    assert g.papers[study]["years"] == [2024]
    own = own_paper(g, m)
    sv = {r[5] for r in g.rows if r[0] == study and r[1:4] == (m, d, mt)}
    ov = {r[5] for r in g.rows if r[0] == own and r[1:4] == (m, d, mt)}
    assert len(sv) == 1 and len(ov) == 1
    verdict = "SUPPORTED" if sv == ov else "REFUTED"
    cross_check("g1.ttl", m, d, mt, NOWS)
    kv, _ = resolve(g, m, d, mt, next(g.worlds()), now)
    return dict(expected=[sv.pop(), ov.pop()], verdict=verdict, must_keep=facts_of(m, kv, d, mt), must_remove=[])


def absent_words(g, words):
    low = [s.lower() for s in g.literals]
    return all(not any(wd.lower() in s for s in low) for wd in words)


def no_title_with_all(g, words):
    return not any(all(wd.lower() in d["title"].lower() for wd in words) for d in g.papers.values())


def uh05(now):
    g = GS["g1.ttl"]
    assert absent_words(g, ["GlacierNet"])
    assert not any(m.lower().startswith("glaciernet") for _, m, *_ in g.rows)
    return dict(expected=[], verdict=None, must_keep=[], must_remove=[])


def uh06(now):
    g = GS["g2.ttl"]
    d, mt = "Dastrup-7 Chorus", "Word Error Rate"
    a, av = span_leader(g, d, mt, 2018, now)
    assert span_leader(g, d, mt, 2017, now) == (a, av)
    b, bv = span_leader(g, d, mt, 2021, now)
    assert span_leader(g, d, mt, 2020, now) == (b, bv) and a != b
    # the trap: Trillbert's paper has P29 5; read as a year it falls inside the span
    tp = own_paper(g, "Trillbert")
    assert min(g.papers[tp]["raw_years"]) <= 2021 and g.papers[tp]["years"] == [2022]
    keep = facts_of(a, av, d, mt) + facts_of(b, bv, d, mt)
    return dict(expected=[a, *av, b, *bv], verdict=None, must_keep=keep,
                must_remove=later_beating(g, d, mt, 2021, bv, now))


def uh07(now):
    g = GS["g2.ttl"]
    m, d, mt = "Trillbert", "Dastrup-7 Chorus", "Word Error Rate"
    own = own_paper(g, m)
    others = sorted({g.title(p) for p, mm, dd, mmt, raw, v in g.rows if (mm, dd, mmt) == (m, d, mt) and p != own})
    ownv = {r[5] for r in g.rows if r[0] == own and r[1:4] == (m, d, mt)}
    otherv = {r[5] for r in g.rows if r[0] != own and r[1:4] == (m, d, mt)}
    assert ownv == {"9.4"} and len(otherv) == 1 and otherv != ownv
    w = next(g.worlds())
    kv, st = resolve(g, m, d, mt, w, now)
    assert st == "close"
    cross_check("g2.ttl", m, d, mt, NOWS)
    return dict(expected=others + sorted(otherv) + sorted(ownv), verdict=None,
                must_keep=facts_of(m, kv, d, mt), must_remove=[])


def uh08(now):
    g = GS["g2.ttl"]
    m, d, mt = "Corrasine", "Veltmoor Dawn Set", "Word Error Rate"
    w = next(g.worlds())
    vals = stated(g, m, d, mt, w)
    own = own_paper(g, m)
    v = "7.2"
    ok = set(vals) == {v} and own in vals[v] and any(p != own and w[p] > w[own] for p in vals[v])
    kv, _ = resolve(g, m, d, mt, w, now)
    return dict(expected=[v], verdict="SUPPORTED" if ok else "REFUTED", must_keep=facts_of(m, kv, d, mt), must_remove=[])


def uh09(now):
    g = GS["g2.ttl"]
    assert absent_words(g, ["Owl", "Urban", "Parks"])
    assert no_title_with_all(g, ["Benchmarking", "Owl", "Call", "Detectors", "Urban", "Parks"])
    # the 2021 Warbleon re-run the graph does hold is another paper
    rev = g.paper("Warbleon Revisited")
    assert g.papers[rev]["years"] == [2021]
    return dict(expected=[], verdict=None, must_keep=[], must_remove=[])


def newest_result(g, dataset, metric, now):
    """(model, value, papers) of the newest first-reported surviving value, unique in every world."""
    res = set()
    for w in g.worlds():
        b = board(g, dataset, metric, w, now)
        cand = []
        for m, vals in b.items():
            for v in vals:
                ps = stated(g, m, dataset, metric, w)[v]
                ys = [w[p] for p in ps if w[p] is not None]
                if ys:
                    cand.append((min(ys), m, v, frozenset(ps)))
        top = max(c[0] for c in cand)
        tops = [c for c in cand if c[0] == top]
        assert len(tops) == 1, tops
        res.add(tops[0][1:])
    assert len(res) == 1
    return next(iter(res))


def uh10(now):
    g = GS["g2.ttl"]
    d, mt = "Dastrup-7 Chorus", "Word Error Rate"
    m, v, ps = newest_result(g, d, mt, now)
    # the newest paper on the board holds only this row
    w = next(g.worlds())
    better_now = []
    for mm, vals in board(g, d, mt, w, now).items():
        for x in vals:
            if mm != m and better(mt, float(x), float(v)):
                better_now.append((mm, x))
    assert len(better_now) == 1
    bm, bv = better_now[0]
    return dict(expected=[m, v] + sorted(g.title(p) for p in ps) + [bm, bv], verdict=None,
                must_keep=[fmt_fact(m, v, d, mt), fmt_fact(bm, bv, d, mt)], must_remove=[])


def uh11(now):
    g = GS["g3.ttl"]
    hits = [d["title"] for d in g.papers.values()
            if any(2013 <= y <= 2015 for y in d["years"]) or (not d["years"] and "Vendish-English Translation" in d["problems"])]
    assert not hits, hits
    assert any(2012 in d["years"] for d in g.papers.values() if "Vendish-English Translation" in d["problems"])
    return dict(expected=[], verdict=None, must_keep=[], must_remove=[])


def uh12(now):
    g = GS["g3.ttl"]
    prob, d, mt = "Dialogue Translation", "Quenmark Dialogue Set", "BLEU"
    dia = [(y, p) for p, dd in g.papers.items() if prob in dd["problems"] for y in dd["years"]]
    undated = [p for p, dd in g.papers.items() if prob in dd["problems"] and not dd["years"]]
    assert not undated
    top = max(y for y, _ in dia)
    newest = [p for y, p in dia if y == top]
    assert len(newest) == 1
    p = newest[0]
    rows = [(m, v) for pp, m, dd, mmt, raw, v in g.rows if pp == p and (dd, mmt) == (d, mt)]
    assert len(rows) == 1
    m, v = rows[0]
    w = next(g.worlds())
    # nobody re-ran it, nothing on the board after it, and it leads now
    assert set(stated(g, m, d, mt, w)[v]) == {p}
    assert not any(w[pp] is not None and w[pp] > top for pp, mm, dd, mmt, raw, vv in g.rows if (dd, mmt) == (d, mt))
    assert leaders(board(g, d, mt, w, now), mt)[0] == m
    model_label = g.title(p).split(":")[0]
    assert model_label == m
    return dict(expected=[m, v], verdict=None, must_keep=[fmt_fact(m, v, d, mt)], must_remove=[])


def uh13(now):
    g = GS["g3.ttl"]
    d, mt, m, v = "Mirelle Subtitles", "chrF", "Nerrisa", "53.4"
    w = next(g.worlds())
    b = board(g, d, mt, w, now)
    assert b[m] == {v}
    sole, possible = leaders(b, mt)
    if sole == m:
        verdict = "SUPPORTED"
    elif m in possible:
        verdict = "UNCERTAIN"
    else:
        verdict = "REFUTED"
    rivals = [x for x in possible if x != m]
    exp, keep = [v], [fmt_fact(m, v, d, mt)]
    for r in rivals:
        cross_check("g3.ttl", r, d, mt, NOWS)
        exp += sorted(b[r], key=float, reverse=True)
        keep += facts_of(r, b[r], d, mt)
    return dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=[])


def overtakers(g, d, mt, model, anchor, now):
    res = set()
    for w in g.worlds():
        b = board(g, d, mt, w, now, anchor=anchor)
        base = b[model]
        res.add(tuple(sorted((m, x) for m, vals in b.items() if m != model for x in vals
                             if all(better(mt, float(x), float(y)) for y in base))))
    assert len(res) == 1
    return list(next(iter(res)))


def uh14(now):
    g = GS["g3.ttl"]
    d, mt, m = "Orrenby Parallel Corpus", "BLEU", "Halverin"
    assert span_leader(g, d, mt, 2017, now)[0] == m             # the premise
    ov = overtakers(g, d, mt, m, 2021, now)
    assert ov == overtakers(g, d, mt, m, 2020, now)
    exp = [x for pair in ov for x in pair]
    keep = [fmt_fact(a, v, d, mt) for a, v in ov]
    base = span_leader(g, d, mt, 2017, now)[1]
    return dict(expected=exp, verdict=None, must_keep=keep,
                must_remove=later_beating(g, d, mt, 2021, base, now))


def uh15(now):
    g = GS["g3.ttl"]
    d, mt, m = "Orrenby Parallel Corpus", "BLEU", "Murrelet-MT"
    lead, lv = span_leader(g, d, mt, 2022, now)
    assert lead == m and lv == ("34.2",)                         # the premise
    w = next(g.worlds())
    b = board(g, d, mt, w, now)
    newer = sorted((first_year(g, mm, d, mt, w), mm) for mm in b if first_year(g, mm, d, mt, w) > 2022)
    exp, keep = [], []
    for _, mm in newer:
        assert len(b[mm]) == 1
        x = next(iter(b[mm]))
        exp += [mm, x]
        keep.append(fmt_fact(mm, x, d, mt))
    beaters = [mm for _, mm in newer if better(mt, float(next(iter(b[mm]))), 34.2)]
    assert beaters == ["Nerrisa"] and leaders(b, mt)[0] == "Nerrisa"
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=[])


def uh16(now):
    g = GS["g4.ttl"]
    d, mt = "Sealbrook Turbine Logs", "F1"
    a, av = span_leader(g, d, mt, 2019, now)                     # the same for both Tidewick years
    b, bv = span_leader(g, d, mt, 2022, now)
    assert span_leader(g, d, mt, 2018, now) == (a, av) and span_leader(g, d, mt, 2021, now) == (b, bv)
    sp = own_paper(g, b)
    assert min(g.papers[sp]["raw_years"]) <= 2019                 # the trap: P29 11 read as a year
    keep = facts_of(a, av, d, mt) + facts_of(b, bv, d, mt)
    return dict(expected=[a, *av, b, *bv], verdict=None, must_keep=keep, must_remove=[])


def uh17(now):
    g = GS["g4.ttl"]
    d, mt = "Sealbrook Turbine Logs", "F1"
    w = next(g.worlds())
    b = board(g, d, mt, w, now)
    single = []
    for m in sorted(b, key=lambda m: first_year(g, m, d, mt, w)):
        for v in b[m]:
            if len(stated(g, m, d, mt, w)[v]) == 1:
                single.append((m, v))
    exp = [x for pair in single for x in pair]
    return dict(expected=exp, verdict=None, must_keep=[fmt_fact(m, v, d, mt) for m, v in single], must_remove=[])


def uh18(now):
    g = GS["g4.ttl"]
    v, years = paper_order(g, "Selkora:", "Tidewick:")
    assert careless_min_order(g, "Selkora:", "Tidewick:")
    return dict(expected=years, verdict=v, must_keep=[], must_remove=[])


def uh19(now):
    g = GS["g4.ttl"]
    v, years = paper_order(g, "Driftmere:", "Pellucid-KM:")
    dp = g.paper("Driftmere:")
    assert g.papers[dp]["raw_years"] == [3] and not g.papers[dp]["dois"]
    assert careless_min_order(g, "Driftmere:", "Pellucid-KM:")
    return dict(expected=years, verdict=v, must_keep=[], must_remove=[])


def uh20(now):
    g = GS["g4.ttl"]
    d, mt, m = "Sealbrook Turbine Logs", "F1", "Undertow-GNN"
    ok = True
    exp = keep = None
    for w in g.worlds():
        b = board(g, d, mt, w, now)
        firsts = {mm: first_year(g, mm, d, mt, w) for mm in b}
        newest = max(firsts.values())
        ok &= [mm for mm, y in firsts.items() if y == newest] == [m]          # newest model
        (v,) = b[m]
        own = own_paper(g, m)
        ok &= any(p != own and w[p] > w[own] for p in stated(g, m, d, mt, w)[v])  # reproduced later
        sole, _ = leaders(b, mt)
        (sv,) = b[sole]
        ok &= sole == "Selkora" and better(mt, float(sv), float(v))            # still below Selkora
        exp = [v, sv, sole]
        keep = [fmt_fact(m, v, d, mt), fmt_fact(sole, sv, d, mt)]
    return dict(expected=exp, verdict="SUPPORTED" if ok else "REFUTED", must_keep=keep, must_remove=[])


COMPUTERS = {f"UH{i:02d}": f for i, f in enumerate(
    [uh01, uh02, uh03, uh04, uh05, uh06, uh07, uh08, uh09, uh10,
     uh11, uh12, uh13, uh14, uh15, uh16, uh17, uh18, uh19, uh20], start=1)}


# ----------------------------------------------------------------------------------------------
# file-level checks
# ----------------------------------------------------------------------------------------------
def fact_in_graph(g, fact):
    m = FACT_RE.match(fact)
    if not m:
        return False
    model, v, d, mt = m.groups()
    return any(r[1:4] == (model, d, mt) and r[5] == v for r in g.rows)


def expected_in_graph(g, s):
    if re.fullmatch(r"\d+(\.\d+)?", s) and "." in s:
        return s in g.clean_values
    if re.fullmatch(r"\d{4}", s):
        return any(int(s) in d["years"] for d in g.papers.values())
    return any(s in lit for lit in g.literals)


def survives(g, fact, anchors, now):
    model, v, d, mt = FACT_RE.match(fact).groups()
    for w in g.worlds():
        for a in [None] + anchors:
            if a is not None and v not in stated(g, model, d, mt, w, a):
                continue          # not yet stated at that anchor: the rules do not apply to it there
            keep, _ = resolve(g, model, d, mt, w, now if a is None else a, a)
            if v not in keep:
                return False
        if anchors and v not in stated(g, model, d, mt, w, max(anchors)):
            return False          # a kept fact of an anchored question is stated by its last anchor
    return True


ANCHORS = {"UH01": [2019, 2022], "UH06": [2018, 2021], "UH14": [2021], "UH16": [2019, 2022]}


def main():
    with open(os.path.join(TRUST, "trust-dev.jsonl")) as f:
        fields = list(json.loads(f.readline()).keys())
    items = []
    with open(FILE) as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                fail(f"line {n}: empty line")
                continue
            try:
                items.append(json.loads(line))
            except json.JSONDecodeError as e:
                fail(f"line {n}: bad JSON {e}")
    if len(items) != 20:
        fail(f"{len(items)} questions, want 20")
    ids = [q.get("id") for q in items]
    if ids != [f"UH{i:02d}" for i in range(1, len(items) + 1)]:
        fail(f"ids not UH01..UH{len(items):02d} in order: {ids}")
    if len(set(ids)) != len(ids):
        fail("duplicate ids")
    qs = [q.get("question", "").strip().lower() for q in items]
    if len(set(qs)) != len(qs):
        fail("duplicate questions")

    check_table()

    for q in items:
        qid = q.get("id")
        if list(q.keys()) != fields:
            fail(f"{qid}: fields {list(q.keys())} != {fields}")
            continue
        if q["graph"] not in GS:
            fail(f"{qid}: graph {q['graph']}")
            continue
        g = GS[q["graph"]]
        if q["mechanism"] not in MECHS:
            fail(f"{qid}: mechanism {q['mechanism']}")
        if q["query_type"] not in QTYPES:
            fail(f"{qid}: query_type {q['query_type']}")
        if q["query_type"] == "claim_verification":
            if q["verdict"] not in VERDICTS:
                fail(f"{qid}: claim without a valid verdict ({q['verdict']})")
        elif q["verdict"] is not None:
            fail(f"{qid}: verdict on a non-claim")
        for k in ("expected", "must_keep", "must_remove"):
            if not isinstance(q[k], list) or len(set(q[k])) != len(q[k]):
                fail(f"{qid}: {k} not a list of distinct strings")
        if not isinstance(q["notes"], str) or not q["notes"].strip() or not q["question"].strip():
            fail(f"{qid}: empty question or notes")
        for s in q["expected"]:
            if not expected_in_graph(g, s):
                fail(f"{qid}: expected string {s!r} not in {q['graph']}")
        for fct in q["must_keep"] + q["must_remove"]:
            if not fact_in_graph(g, fct):
                fail(f"{qid}: fact not in graph: {fct!r}")
        if set(q["must_keep"]) & set(q["must_remove"]):
            fail(f"{qid}: a fact both kept and removed")
        comp = COMPUTERS.get(qid)
        if comp is None:
            fail(f"{qid}: no computer")
            continue
        derived = set()
        for now in NOWS:
            try:
                r = comp(now)
            except AssertionError as e:
                fail(f"{qid}: premise failed at now={now}: {e!r}")
                break
            derived.add(json.dumps({k: (sorted(v) if isinstance(v, list) else v) for k, v in r.items()}, sort_keys=True))
            for k in ("expected", "must_keep", "must_remove"):
                if sorted(r[k]) != sorted(q[k]):
                    fail(f"{qid} now={now}: {k} {q[k]} != derived {r[k]}")
            if r["verdict"] != q["verdict"]:
                fail(f"{qid} now={now}: verdict {q['verdict']} != derived {r['verdict']}")
            for fct in q["must_keep"]:
                if fact_in_graph(g, fct) and not survives(g, fct, ANCHORS.get(qid, []), now):
                    fail(f"{qid} now={now}: must_keep fact does not survive: {fct}")
        if len(derived) > 1:
            fail(f"{qid}: answer depends on the current year")
        print(f"checked {qid} [{q['graph']}, {q['mechanism']}, {q['query_type']}, {q['verdict']}] expected={q['expected']}")

    from collections import Counter
    for k in ("verdict", "mechanism", "query_type", "graph"):
        print(k, dict(Counter(str(q.get(k)) for q in items)))
    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
