#!/usr/bin/env python3
"""check43.py: re-derives every answer of trust-dev43.jsonl (UR01-UR20) from the fixture graphs.

Own rdflib code, one computer per question, run for every current year 2025-2030 and for
TRUST_NOW if set. check.py (in /work/main/eval/gold/trust) is imported only as a second opinion
on the conflicts the questions touch (check.G and check.surviving); its source was not read.

    python3 check43.py                      # prints FAIL lines, ends with FAILURES: N (exit 1 if N > 0)
    TRUST_NOW=2030 python3 check43.py
    UR_FILE=/some/copy.jsonl python3 check43.py

Rules (from the public READMEs): a P29 of 1-12 is a month, not a year; a paper with two real
years is read with each ("worlds") and an answer counts only when every world agrees; a value's
weight is e^(-0.08*age of its newest stating paper) * (1 + 0.8*ln(1 + papers)), ages from the
current year or the anchor; the weaker value is removed when the weights differ by more than
30 % of the stronger, otherwise both stay (a close conflict, read with each value); "as of Y" /
"in Y" / "up to Y" are papers up to Y, "before Y" up to Y-1, undated papers left out under an
anchor; '91.2%', '88.3%', '27.3 ' are clean numbers, '-' is no value; Word Error Rate is
lower-is-better, every other metric higher-is-better.
"""
import itertools
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True

from rdflib import Graph  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = "/work/main/eval/gold/trust"
FILE = os.environ.get("UR_FILE", os.path.join(HERE, "trust-dev43.jsonl"))
README = os.path.join(HERE, "README43.md")
TD_FILE = os.path.join(TRUST, "trust-dev.jsonl")

LAMBDA, CORR, THR = 0.08, 0.8, 0.30
LOWER = {"Word Error Rate"}
YEARS = list(range(2025, 2031))
if os.environ.get("TRUST_NOW"):
    YEARS.append(int(os.environ["TRUST_NOW"]))

QTYPES = ["topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"]
MECHS = ["recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"]
VERDICTS = ["SUPPORTED", "REFUTED", "UNCERTAIN"]

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL", msg)


PFX = """PREFIX orkgr: <http://orkg.org/orkg/resource/>
PREFIX orkgp: <http://orkg.org/orkg/predicate/>
PREFIX orkgc: <http://orkg.org/orkg/class/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
"""


def clean(raw):
    s = str(raw).strip().rstrip("%").strip()
    if s in ("", "-"):
        return None
    try:
        return float(s)
    except ValueError:
        return None


def fmt(v):
    return f"{v:.1f}"


def fact(m, v, d, me):
    return f"{m} scores {fmt(v)} on {d} by {me}"


FACT_RE = re.compile(r"^(.+) scores ([0-9.]+) on (.+) by (.+)$")


def parse_fact(s):
    m = FACT_RE.match(s)
    if not m:
        return None
    return m.group(1), float(m.group(2)), m.group(3), m.group(4)


# ----------------------------------------------------------------------------------------
# the graphs
# ----------------------------------------------------------------------------------------
class KG:
    def __init__(self, name):
        self.name = name
        self.g = Graph()
        self.g.parse(os.path.join(TRUST, name), format="turtle")
        self.rows = []
        q = PFX + """SELECT ?p ?model ?ds ?met ?val WHERE {
          ?p a orkgc:Paper ; orkgp:P31 ?c . ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b .
          ?m rdfs:label ?model . ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e .
          ?d rdfs:label ?ds . ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?val . ?mt rdfs:label ?met }"""
        for p, model, ds, met, val in self.g.query(q):
            self.rows.append(dict(paper=str(p), model=str(model), ds=str(ds), met=str(met), raw=str(val), val=clean(val)))
        self.papers = {}
        for (p, t) in self.g.query(PFX + "SELECT ?p ?t WHERE { ?p a orkgc:Paper ; rdfs:label ?t }"):
            self.papers[str(p)] = dict(title=str(t), raw_years=[], years=[], dois=[], problems=set())
        for (p, y) in self.g.query(PFX + "SELECT ?p ?y WHERE { ?p a orkgc:Paper ; orkgp:P29 ?y }"):
            self.papers[str(p)]["raw_years"].append(int(y))
        for (p, d) in self.g.query(PFX + "SELECT ?p ?d WHERE { ?p a orkgc:Paper ; orkgp:P26 ?d }"):
            self.papers[str(p)]["dois"].append(str(d))
        for (p, pr) in self.g.query(PFX + "SELECT ?p ?l WHERE { ?p orkgp:P31 ?c . ?c orkgp:P32 ?x . ?x rdfs:label ?l }"):
            self.papers[str(p)]["problems"].add(str(pr))
        for p in self.papers.values():
            p["years"] = sorted(y for y in p["raw_years"] if y > 12)
            p["raw_years"].sort()
        self.labels = {}
        for (x, cls, l) in self.g.query(PFX + """SELECT ?x ?cls ?l WHERE { ?x a ?cls ; rdfs:label ?l .
                FILTER(?cls != orkgc:Resource) }"""):
            self.labels.setdefault(str(cls).rsplit("/", 1)[-1], set()).add(str(l))
        # worlds: one year per paper; papers with two real years give two worlds each
        multi = [p for p, d in self.papers.items() if len(d["years"]) > 1]
        base = {p: (d["years"][0] if len(d["years"]) == 1 else None) for p, d in self.papers.items()}
        self.worlds = []
        for combo in itertools.product(*[self.papers[p]["years"] for p in multi]):
            w = dict(base)
            w.update(dict(zip(multi, combo)))
            self.worlds.append(w)
        # text: every label, title, DOI, valid year and clean value
        parts = [l for ls in self.labels.values() for l in ls]
        for d in self.papers.values():
            parts += [d["title"]] + d["dois"] + [str(y) for y in d["years"]]
        parts += [fmt(r["val"]) for r in self.rows if r["val"] is not None]
        self.strings = set(parts)
        self.text = "\n".join(parts)
        self.first_year = min(y for d in self.papers.values() for y in d["years"])

    def title(self, p):
        return self.papers[p]["title"]

    def own_paper(self, model):
        ps = [p for p, d in self.papers.items() if d["title"].startswith(model + ":")]
        assert len(ps) == 1, (model, ps)
        return ps[0]

    def has_fact(self, s):
        f = parse_fact(s)
        if not f:
            return False
        m, v, d, me = f
        return any(r["model"] == m and r["ds"] == d and r["met"] == me and r["val"] == v for r in self.rows)


# ----------------------------------------------------------------------------------------
# conflicts and boards
# ----------------------------------------------------------------------------------------
def placed(world, p, anchor, published_in=False):
    y = world[p]
    if anchor is None:
        return True
    if y is None:
        return False
    return y == anchor if published_in else y <= anchor


def survive(kg, model, ds, met, now, anchor=None, world=None, published_in=False):
    """(set of surviving values, kind) for one model, dataset, metric."""
    world = world or kg.worlds[0]
    by = {}
    for r in kg.rows:
        if (r["model"], r["ds"], r["met"]) == (model, ds, met) and r["val"] is not None \
                and placed(world, r["paper"], anchor, published_in):
            by.setdefault(r["val"], set()).add(r["paper"])
    if not by:
        return set(), "none"
    if len(by) == 1:
        return set(by), "single"
    ref = anchor if anchor is not None else now
    w = {}
    for v, ps in by.items():
        ys = [world[p] for p in ps if world[p] is not None]
        if not ys:
            raise RuntimeError(f"undated side of a conflict: {model} {ds}")
        w[v] = math.exp(-LAMBDA * (ref - max(ys))) * (1 + CORR * math.log(1 + len(ps)))
    top = max(w.values())
    keep = {v for v in w if top - w[v] <= THR * top}
    return keep, ("clear" if len(keep) == 1 else "close")


def board(kg, ds, met, now, anchor=None, world=None, published_in=False):
    models = sorted({r["model"] for r in kg.rows if r["ds"] == ds and r["met"] == met})
    out = {}
    for m in models:
        vals, _ = survive(kg, m, ds, met, now, anchor, world, published_in)
        if vals:
            out[m] = vals
    return out


def readings(b):
    ms = sorted(b)
    for combo in itertools.product(*[sorted(b[m]) for m in ms]):
        yield dict(zip(ms, combo))


def best_of(reading, met):
    if not reading:
        return set()
    pick = min if met in LOWER else max
    v = pick(reading.values())
    return {(m, x) for m, x in reading.items() if x == v}


def leaders(kg, ds, met, now, anchor=None, published_in=False):
    """Every (model, value) that is the best under some world and some reading."""
    out = set()
    for w in kg.worlds:
        for rd in readings(board(kg, ds, met, now, anchor, w, published_in)):
            out |= best_of(rd, met)
    return out


def removed_facts(kg, ds, met, now):
    """Clear losers on a board now: (model, value)."""
    out = set()
    for m in {r["model"] for r in kg.rows if r["ds"] == ds and r["met"] == met}:
        raw = {r["val"] for r in kg.rows if (r["model"], r["ds"], r["met"]) == (m, ds, met) and r["val"] is not None}
        for w in kg.worlds:
            keep, _ = survive(kg, m, ds, met, now, None, w)
            out |= {(m, v) for v in raw - keep}
    return out


def better(a, b, met):
    return a < b if met in LOWER else a > b


def outside_anchor_beating(kg, ds, met, now, anchor, answer_val, published_in=False):
    """Results not placeable under the anchor (later or undated) that beat the anchored answer."""
    out = set()
    for r in kg.rows:
        if r["ds"] != ds or r["met"] != met or r["val"] is None:
            continue
        inside = any(placed(w, r["paper"], anchor, published_in) for w in kg.worlds)
        if not inside and better(r["val"], answer_val, met):
            # and the value survives now (a removed value is not a result to present)
            if any(r["val"] in survive(kg, r["model"], ds, met, now, None, w)[0] for w in kg.worlds):
                out.add((r["model"], r["val"]))
    return out


def former_best(kg, model, ds, met, now):
    """Facts of model that led the board at the end of some earlier year but do not lead now."""
    cur = leaders(kg, ds, met, now)
    out = set()
    for y in range(kg.first_year, now):
        for (m, v) in leaders(kg, ds, met, now, anchor=y):
            if m == model and (m, v) not in cur:
                out.add((m, v))
    return out


def naive_leader(kg, ds, met, anchor=None):
    """Careless reading: smallest raw P29 as the year, no conflict removal, higher-is-better unless WER."""
    cands = []
    for r in kg.rows:
        if r["ds"] != ds or r["met"] != met or r["val"] is None:
            continue
        ry = kg.papers[r["paper"]]["raw_years"]
        if anchor is not None and (not ry or min(ry) > anchor):
            continue
        cands.append((r["val"], r["model"]))
    pick = min if met in LOWER else max
    return pick(cands)[1]


def string_sort_top(kg, ds, met, anchor):
    cands = []
    for r in kg.rows:
        if r["ds"] == ds and r["met"] == met and r["raw"] not in ("-",):
            ry = kg.papers[r["paper"]]["years"]
            if anchor is None or (ry and min(ry) <= anchor):
                cands.append((r["raw"], r["model"]))
    return max(cands)[1]


def decide(models_in_readings, claimed):
    """SUPPORTED if claimed holds in every reading, REFUTED if in none, else UNCERTAIN."""
    hits = [claimed in s for s in models_in_readings]
    return "SUPPORTED" if all(hits) else ("REFUTED" if not any(hits) else "UNCERTAIN")


def leader_sets(kg, ds, met, now, anchor=None, published_in=False):
    out = []
    for w in kg.worlds:
        for rd in readings(board(kg, ds, met, now, anchor, w, published_in)):
            out.append({m for m, _ in best_of(rd, met)})
    return out


def absent_words(kg, words):
    t = kg.text.lower()
    return all(w not in t for w in words)


# ----------------------------------------------------------------------------------------
# the computers: each returns expected, verdict, must_keep, must_remove, anchor, and the traps
# (premises and careless answers) as (description, bool) pairs that must all be True.
# ----------------------------------------------------------------------------------------
def ur01(K, now):
    g, ds, met, model = K["g1.ttl"], "BenchMira", "Accuracy", "Tavrosa"
    L = leaders(g, ds, met, now)
    (m, v), = L
    fb = former_best(g, model, ds, met, now)
    return dict(expected=[m, fmt(v)], verdict=decide(leader_sets(g, ds, met, now), model),
                must_keep=[fact(m, v, ds, met)], must_remove=[fact(a, b, ds, met) for a, b in sorted(fb)],
                traps=[("Tavrosa led BenchMira at some year end", bool(fb)),
                       ("Tavrosa's two values are a close conflict", survive(g, model, ds, met, now)[1] == "close"),
                       ("Tavrosa 86.1 and 85.4 were both a leader in some reading", {b for _, b in fb} == {86.1, 85.4})])


def ur02(K, now):
    g, ds, met, model = K["g1.ttl"], "Corvalla-Ice", "F1", "Brackwater-UNet"
    L = leaders(g, ds, met, now)
    (m, v), = L
    rm = {(a, b) for a, b in removed_facts(g, ds, met, now) if better(b, v, met)}
    own = g.own_paper(model)
    newest = max((r for r in g.rows if r["ds"] == ds and r["met"] == met),
                 key=lambda r: max(g.papers[r["paper"]]["years"]))
    return dict(expected=[m, fmt(v)], verdict=decide(leader_sets(g, ds, met, now), model),
                must_keep=[fact(m, v, ds, met)], must_remove=[fact(a, b, ds, met) for a, b in sorted(rm)],
                traps=[("the Brackwater-UNet paper is of 2017", g.papers[own]["years"] == [2017]),
                       ("its value is stored with a percent sign there",
                        any(r["raw"] == "91.2%" and r["paper"] == own for r in g.rows)),
                       ("careless leader without conflict removal is Orvalis-CNN (97.0)", naive_leader(g, ds, met) == "Orvalis-CNN"),
                       ("the newest result is not the leader", newest["model"] != m)])


def ur03(K, now):
    g, ds, met = K["g1.ttl"], "Skarnhold Glacier Set", "Mean IoU"
    anchor = 2020 - 1
    L = leaders(g, ds, met, now, anchor)
    (m, v), = L
    rm = outside_anchor_beating(g, ds, met, now, anchor, v)
    return dict(expected=[m, fmt(v)], verdict=None, anchor=anchor,
                must_keep=[fact(m, v, ds, met)], must_remove=[fact(a, b, ds, met) for a, b in sorted(rm)],
                traps=[("careless (P29 4 read as a year) gives Sallowmere", naive_leader(g, ds, met, anchor) == "Sallowmere"),
                       ("Sallowmere's paper has a month under P29",
                        min(g.papers[g.own_paper("Sallowmere")]["raw_years"]) <= 12)])


def ur04(K, now):
    g = K["g1.ttl"]
    p = g.papers[g.own_paper("Sallowmere")]
    return dict(expected=[str(y) for y in p["years"]] + p["dois"], verdict=None, must_keep=[], must_remove=[],
                traps=[("one real year", len(p["years"]) == 1),
                       ("a month under P29 too", any(y <= 12 for y in p["raw_years"]))])


def ur05(K, now):
    g = K["g1.ttl"]
    return dict(expected=[], verdict=None, must_keep=[], must_remove=[],
                traps=[("no sea ice / concentration in g1", absent_words(g, ["sea ice", "concentration"])),
                       ("a dataset shares the word Ice", any("Ice" in d for d in g.labels["Dataset"]))])


def ur06(K, now):
    g, ds, met = K["g2.ttl"], "Veltmoor Dawn Set", "Word Error Rate"
    L = leaders(g, ds, met, now)
    b = board(g, ds, met, now)
    ms = sorted({m for m, _ in L})
    exp, keep = [], []
    for m in ms:
        exp.append(m)
        exp += [fmt(v) for v in sorted(b[m])]
        keep += [fact(m, v, ds, met) for v in sorted(b[m])]
    hib = max((v, m) for m, vs in b.items() for v in vs)
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=[],
                traps=[("the leader cannot be told (two leaders over the readings)", len(ms) == 2),
                       ("Aviquist's conflict is close", survive(g, "Aviquist", ds, met, now)[1] == "close"),
                       ("higher-is-better would pick Aviquist 7.9", hib == (7.9, "Aviquist"))])


def ur07(K, now):
    g, ds, met = K["g2.ttl"], "Dastrup-7 Chorus", "Word Error Rate"
    b = board(g, ds, met, now)
    a, c = b["Corrasine"], b["Plumaro"]
    hits = [better(x, y, met) for x in a for y in c]
    verdict = "SUPPORTED" if all(hits) else ("REFUTED" if not any(hits) else "UNCERTAIN")
    (va,), (vc,) = a, c
    win, wv = ("Corrasine", va) if better(va, vc, met) else ("Plumaro", vc)
    cor_p = [r["paper"] for r in g.rows if r["model"] == "Corrasine" and r["ds"] == ds]
    plu_p = [r["paper"] for r in g.rows if r["model"] == "Plumaro" and r["ds"] == ds]
    L = leaders(g, ds, met, now)
    return dict(expected=[win, fmt(vc), fmt(va)], verdict=verdict, must_keep=[fact("Plumaro", vc, ds, met), fact("Corrasine", va, ds, met)],
                must_remove=[],
                traps=[("Corrasine's Dastrup-7 paper is of 2025", [g.papers[p]["years"] for p in cor_p] == [[2025]]),
                       ("it is newer than Plumaro's", min(g.papers[p]["years"][0] for p in cor_p) > max(g.papers[p]["years"][0] for p in plu_p)),
                       ("Plumaro is the board's best", L == {("Plumaro", vc)})])


def ur08(K, now):
    g, ds, met, model, claimed = K["g2.ttl"], "Hollenby Marsh Calls", "Accuracy", "Syrinxa", 93.8
    keep, kind = survive(g, model, ds, met, now)
    verdict = "SUPPORTED" if keep == {claimed} else ("REFUTED" if claimed not in keep else "UNCERTAIN")
    raw = {r["val"] for r in g.rows if (r["model"], r["ds"], r["met"]) == (model, ds, met) and r["val"] is not None}
    n883 = len({r["paper"] for r in g.rows if (r["model"], r["ds"]) == (model, ds) and r["val"] == 88.3})
    return dict(expected=[fmt(v) for v in sorted(keep)], verdict=verdict,
                must_keep=[fact(model, v, ds, met) for v in sorted(keep)],
                must_remove=[fact(model, v, ds, met) for v in sorted(raw - keep)],
                traps=[("93.8 is stated by a paper", claimed in raw), ("the conflict is clear", kind == "clear"),
                       ("88.3 stated by five papers", n883 == 5),
                       ("one of them writes 88.3%", any(r["raw"] == "88.3%" and r["model"] == model for r in g.rows))])


def ur09(K, now):
    g, model = K["g2.ttl"], "Trillbert"
    dsets = sorted({(r["ds"], r["met"]) for r in g.rows if r["model"] == model})
    exp, keep = [], []
    for ds, met in dsets:
        vals, _ = survive(g, model, ds, met, now)
        exp.append(ds)
        exp += [fmt(v) for v in sorted(vals)]
        keep += [fact(model, v, ds, met) for v in sorted(vals)]
    own = g.own_paper(model)
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=[],
                traps=[("the Trillbert paper holds another model's Hollenby row",
                        any(r["paper"] == own and r["model"] != model and r["ds"] == "Hollenby Marsh Calls" for r in g.rows)),
                       ("Trillbert's conflict is close", survive(g, model, "Dastrup-7 Chorus", "Word Error Rate", now)[1] == "close"),
                       ("its paper has a month under P29", min(g.papers[own]["raw_years"]) <= 12)])


def ur10(K, now):
    g, model, ds = K["g2.ttl"], "Aviquist", "Dastrup-7 Chorus"
    rows = [r for r in g.rows if r["model"] == model and r["ds"] == ds]
    return dict(expected=[], verdict="UNCERTAIN" if not rows else "?", must_keep=[], must_remove=[],
                traps=[("Aviquist has 6.8 on another board", any(r["model"] == model and r["val"] == 6.8 for r in g.rows)),
                       ("no Aviquist row on Dastrup-7", not rows)])


def ur11(K, now):
    g, ds, met, model = K["g3.ttl"], "Mirelle Subtitles", "chrF", "Nerrisa"
    L = leaders(g, ds, met, now)
    b = board(g, ds, met, now)
    exp, keep = [], []
    for m in sorted({m for m, _ in L}):
        exp.append(m)
        exp += [fmt(v) for v in sorted(b[m])]
        keep += [fact(m, v, ds, met) for v in sorted(b[m])]
    return dict(expected=exp, verdict=decide(leader_sets(g, ds, met, now), model), must_keep=keep, must_remove=[],
                traps=[("Murrelet-MT's chrF conflict is close", survive(g, "Murrelet-MT", ds, met, now)[1] == "close"),
                       ("Nerrisa's paper is the newest on the board", max(
                           (g.papers[r["paper"]]["years"][0], r["model"]) for r in g.rows if r["ds"] == ds)[1] == model)])


def ur12(K, now):
    g, model, ds, met = K["g3.ttl"], "Ostrada-T", "Mirelle Subtitles", "chrF"
    rows = [r for r in g.rows if (r["model"], r["ds"], r["met"]) == (model, ds, met)]
    vals = {r["val"] for r in rows if r["val"] is not None}
    return dict(expected=[fmt(v) for v in sorted(vals)], verdict=None, must_keep=[], must_remove=[],
                traps=[("a row exists with '-'", [r["raw"] for r in rows] == ["-"]),
                       ("Ostrada-T has a number elsewhere", any(r["model"] == model and r["val"] is not None for r in g.rows))])


def ur13(K, now):
    g, model = K["g3.ttl"], "Halverin"
    order = ["Orrenby Parallel Corpus", "Quenmark Dialogue Set", "Mirelle Subtitles"]
    dsets = sorted({(r["ds"], r["met"]) for r in g.rows if r["model"] == model}, key=lambda x: order.index(x[0]))
    exp, keep, leads_now, led_once = [], [], [], []
    for ds, met in dsets:
        vals, _ = survive(g, model, ds, met, now)
        exp.append(ds)
        exp += [fmt(v) for v in sorted(vals)]
        keep += [fact(model, v, ds, met) for v in sorted(vals)]
        leads_now.append(any(m == model for m, _ in leaders(g, ds, met, now)))
        led_once.append(bool(former_best(g, model, ds, met, now)))
    own = g.own_paper(model)
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=[],
                traps=[("Halverin leads none of its boards now", not any(leads_now)),
                       ("it led each of them once", all(led_once)),
                       ("the Mirelle row is not in Halverin's own paper",
                        all(r["paper"] != own for r in g.rows if r["model"] == model and r["ds"] == "Mirelle Subtitles")),
                       ("the Orrenby value is stored with a trailing space",
                        any(r["raw"] == "27.3 " and r["model"] == model for r in g.rows))])


def ur14(K, now):
    g, ds, met, model = K["g3.ttl"], "Orrenby Parallel Corpus", "BLEU", "Murrelet-MT"
    outs = []
    for anchor in (2023, 2022):
        L = leaders(g, ds, met, now, anchor)
        (m, v), = L
        rm = outside_anchor_beating(g, ds, met, now, anchor, v)
        outs.append((m, v, decide(leader_sets(g, ds, met, now, anchor), model), tuple(sorted(rm))))
    assert outs[0] == outs[1], outs
    m, v, verdict, rm = outs[0]
    ib = board(g, ds, met, now, 2023)["Ibbotrans"]
    newest_at = max((g.papers[r["paper"]]["years"][0], r["model"]) for r in g.rows
                    if r["ds"] == ds and g.papers[r["paper"]]["years"] and g.papers[r["paper"]]["years"][0] <= 2023)
    return dict(expected=[m, fmt(v)], verdict=verdict, anchor=2023,
                must_keep=[fact(m, v, ds, met)] + [fact("Ibbotrans", x, ds, met) for x in sorted(ib)],
                must_remove=[fact(a, b, ds, met) for a, b in rm],
                traps=[("up to 2023 and up to 2022 agree", True),
                       ("the newest paper up to 2023 is Ibbotrans's", newest_at[1] == "Ibbotrans"),
                       ("ignoring the anchor gives another leader", {a for a, _ in leaders(g, ds, met, now)} != {m}),
                       ("string sort puts Lexmarrow on top", string_sort_top(g, ds, met, 2023) == "Lexmarrow")])


def ur15(K, now):
    g, prob = K["g3.ttl"], "Dialogue Translation"
    ps = [p for p, d in g.papers.items() if prob in d["problems"]]
    newest = {max(ps, key=lambda p: w[p] or -1) for w in g.worlds}
    assert len(newest) == 1
    p, = newest
    y = g.papers[p]["years"]
    models = sorted({r["model"] for r in g.rows if r["paper"] == p})
    # facts of that paper on the problem's boards (Quenmark is the Dialogue Translation board)
    keep = [fact(r["model"], r["val"], r["ds"], r["met"]) for r in g.rows if r["paper"] == p and r["ds"] == "Quenmark Dialogue Set"]
    newest_all = max(g.papers, key=lambda q: g.papers[q]["years"][-1] if g.papers[q]["years"] else -1)
    return dict(expected=models + [str(x) for x in y], verdict=None, must_keep=keep, must_remove=[],
                traps=[("the newest paper in the graph is not on the topic", prob not in g.papers[newest_all]["problems"]),
                       ("another title names the topic", any(prob in d["title"] and q != p for q, d in g.papers.items())),
                       ("the answer's paper has no DOI", g.papers[p]["dois"] == [])])


def ur16(K, now):
    g, ds, met, model = K["g4.ttl"], "Sealbrook Turbine Logs", "F1", "Selkora"
    since = None
    for y in range(g.first_year, now + 1):
        holds = all({m for m, _ in leaders(g, ds, met, now, anchor=z)} == {model} for z in range(y, now + 1))
        holds = holds and {m for m, _ in leaders(g, ds, met, now)} == {model}
        if holds:
            since = y
            break
    vals = {v for m, v in leaders(g, ds, met, now)}
    # the year before must be led by someone else in every world
    before = {m for m, _ in leaders(g, ds, met, now, anchor=since - 1)}
    own = g.papers[g.own_paper(model)]
    return dict(expected=[str(since)] + [fmt(v) for v in sorted(vals)], verdict=None,
                must_keep=[fact(model, v, ds, met) for v in sorted(vals)], must_remove=[],
                traps=[("someone else led the year before", model not in before),
                       ("Selkora's paper has a month under P29", min(own["raw_years"]) <= 12),
                       ("the answer year is a real year of the paper", since in own["years"])])


def ur17(K, now):
    g = K["g4.ttl"]
    a, b = g.own_paper("Tidewick"), g.own_paper("Marrowfen")
    res = {w[a] < w[b] for w in g.worlds}
    verdict = "SUPPORTED" if res == {True} else ("REFUTED" if res == {False} else "UNCERTAIN")
    return dict(expected=[str(y) for y in g.papers[a]["years"]] + [str(y) for y in g.papers[b]["years"]],
                verdict=verdict, must_keep=[], must_remove=[],
                traps=[("Tidewick has two real years", len(g.papers[a]["years"]) == 2),
                       ("Marrowfen's year lies between them", g.papers[a]["years"][0] < g.papers[b]["years"][0] < g.papers[a]["years"][1])])


def ur18(K, now):
    g, ds, met = K["g4.ttl"], "Kelpwatch-Norrland", "Mean IoU"
    anchor = 2020
    L = leaders(g, ds, met, now, anchor)
    Lp = leaders(g, ds, met, now, anchor, published_in=True)
    (m, v), = L
    rm = outside_anchor_beating(g, ds, met, now, anchor, v)
    return dict(expected=[m, fmt(v)], verdict=None, anchor=anchor,
                must_keep=[fact(m, v, ds, met)], must_remove=[fact(a, b, ds, met) for a, b in sorted(rm)],
                traps=[("'published in 2020' gives the same", Lp == L),
                       ("careless (P29 3 as a year) gives Driftmere", naive_leader(g, ds, met, anchor) == "Driftmere"),
                       ("Driftmere's paper has no real year", g.papers[g.own_paper("Driftmere")]["years"] == [])])


def ur19(K, now):
    g, model, ds, met, claimed = K["g4.ttl"], "Marrowfen", "Sealbrook Turbine Logs", "F1", 78.4
    keep, kind = survive(g, model, ds, met, now)
    ps = sorted({r["paper"] for r in g.rows if (r["model"], r["ds"], r["met"]) == (model, ds, met) and r["val"] == claimed})
    own = g.own_paper(model)
    verdict = "SUPPORTED" if keep == {claimed} and len(ps) >= 2 else ("REFUTED" if claimed not in keep else "UNCERTAIN")
    others = sorted(g.title(p) for p in ps if p != own)
    mp = {r["paper"] for r in g.rows if r["model"] == model}
    return dict(expected=[fmt(claimed)] + others, verdict=verdict, must_keep=[fact(model, claimed, ds, met)], must_remove=[],
                traps=[("two papers state it", len(ps) == 2), ("no other value", kind == "single"),
                       ("a third Marrowfen paper does not state it", len(mp - set(ps)) == 1)])


def ur20(K, now):
    g = K["g4.ttl"]
    return dict(expected=[], verdict=None, must_keep=[], must_remove=[],
                traps=[("no wave energy converter in g4", absent_words(g, ["wave", "converter"])),
                       ("a problem shares 'Fault Detection'", any("Fault Detection" in p for p in g.labels["Problem"]))])


COMPUTERS = {f"UR{i:02d}": f for i, f in enumerate(
    [ur01, ur02, ur03, ur04, ur05, ur06, ur07, ur08, ur09, ur10, ur11, ur12, ur13, ur14, ur15, ur16, ur17, ur18, ur19, ur20], 1)}
GRAPH_OF = {"UR%02d" % i: "g%d.ttl" % ((i - 1) // 5 + 1) for i in range(1, 21)}

# anchors as written: (pattern, how to read the year); questions without one must not match any
ANCHOR_RES = [(re.compile(r"\bbefore of (\d{4})\b"), lambda y: y - 1),
              (re.compile(r"\bup to (\d{4}) year\b", re.I), lambda y: y),
              (re.compile(r"\bin (\d{4}) year\b"), lambda y: y),
              (re.compile(r"\bas of (\d{4})\b"), lambda y: y),
              (re.compile(r"\bbefore (\d{4})\b"), lambda y: y - 1)]
# years that appear in a question but are not anchors (a paper's year stated as a premise)
PREMISE_YEARS = {"UR02": {2017}, "UR07": {2025}}
# the second-language marker each question is written with (the voice)
MARKERS = {"UR01": ["actual best", ", no?"], "UR02": ["till now", "isn't it?", "is of 2017"],
           "UR03": ["the more good", "before of"], "UR04": ["Please teach me"],
           "UR05": ["Exists some dataset", "I search"], "UR06": ["actually the best", "for the WER"],
           "UR07": ["more better", "more new", "isn't it?"], "UR08": ["Is it true that", "obtains 93,8 of accuracy"],
           "UR09": ["In which datasets was used", "which WER it obtains"], "UR10": ["6,8", "yes?"],
           "UR11": ["is it?"], "UR12": ["How much is the chrF"], "UR13": ["in some of them it is still"],
           "UR14": ["Up to 2023 year", "no?"], "UR15": ["the last paper", "the dialogue translation"],
           "UR16": ["From when Selkora is"], "UR17": ["more old", "isn't true?"], "UR18": ["in 2020 year"],
           "UR19": ["Kindly confirm", "78,4 of F1"], "UR20": ["Which are the newest works", "Up to now"]}

# conflicts the questions touch, cross-checked against check.surviving: (graph, model, dataset, metric, anchor)
TOUCHED = [("g1.ttl", "Tavrosa", "BenchMira", "Accuracy", None),
           ("g1.ttl", "Orvalis-CNN", "Corvalla-Ice", "F1", None),
           ("g1.ttl", "KestrelNet", "BenchMira", "Accuracy", None),
           ("g2.ttl", "Aviquist", "Veltmoor Dawn Set", "Word Error Rate", None),
           ("g2.ttl", "Syrinxa", "Hollenby Marsh Calls", "Accuracy", None),
           ("g2.ttl", "Trillbert", "Dastrup-7 Chorus", "Word Error Rate", None),
           ("g2.ttl", "Fennick-RNN", "Dastrup-7 Chorus", "Word Error Rate", None),
           ("g3.ttl", "Murrelet-MT", "Mirelle Subtitles", "chrF", None),
           ("g3.ttl", "Gannetron", "Orrenby Parallel Corpus", "BLEU", None),
           ("g3.ttl", "Gannetron", "Orrenby Parallel Corpus", "BLEU", 2023),
           ("g3.ttl", "Gannetron", "Orrenby Parallel Corpus", "BLEU", 2022)]


def tokens(s):
    return set(re.findall(r"[a-z0-9]+(?:[.,'-][a-z0-9]+)*", s.lower()))


def jaccard(a, b):
    A, B = tokens(a), tokens(b)
    return len(A & B) / len(A | B) if A | B else 0.0


def readme_counts():
    """Tables under '### Verdicts', '### Mechanisms', '### Query types', '### Graphs' in README43.md."""
    out = {}
    if not os.path.exists(README):
        fail("README43.md missing")
        return out, {}
    sec = None
    rows = {}
    for line in open(README, encoding="utf-8"):
        h = re.match(r"^###\s+(Verdicts|Mechanisms|Query types|Graphs)\s*$", line)
        if h:
            sec = h.group(1)
            out[sec] = {}
            continue
        if line.startswith("#"):
            sec = None
        m = re.match(r"^\|\s*([A-Za-z_0-9.]+)\s*\|\s*(\d+)\s*\|", line)
        if sec and m and m.group(1) not in ("total",):
            out[sec][m.group(1)] = int(m.group(2))
        r = re.match(r"^\|\s*(UR\d\d)\s*\|\s*(g\d)\s*\|[^|]*\|\s*([A-Z]+|–|-)\s*\|\s*(\w+)\s*\|\s*(\w+)\s*\|", line)
        if r:
            rows[r.group(1)] = (r.group(2) + ".ttl", None if r.group(3) in ("–", "-") else r.group(3), r.group(4), r.group(5))
    return out, rows


def main():
    K = {n: KG(n) for n in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")}
    td = [json.loads(l) for l in open(TD_FILE, encoding="utf-8") if l.strip()]
    order = list(td[0].keys())
    try:
        lines = [l for l in open(FILE, encoding="utf-8") if l.strip()]
    except OSError as e:
        fail(f"cannot read {FILE}: {e}")
        lines = []
    items = []
    for n, l in enumerate(lines, 1):
        try:
            items.append(json.loads(l))
        except ValueError as e:
            fail(f"line {n}: not JSON ({e})")

    # ---- file shape
    ids = [x.get("id") for x in items]
    if ids != [f"UR{i:02d}" for i in range(1, 21)]:
        fail(f"ids are not UR01..UR20 in order: {ids}")
    for dup in sorted({i for i in ids if ids.count(i) > 1}):
        fail(f"duplicate id {dup}")
    qs = [x.get("question") for x in items]
    for dup in sorted({q for q in qs if qs.count(q) > 1}):
        fail(f"duplicate question {dup!r}")
    for x in items:
        i = x.get("id")
        if list(x.keys()) != order:
            fail(f"{i}: fields {list(x.keys())} are not {order}")
        if x.get("query_type") not in QTYPES:
            fail(f"{i}: query_type {x.get('query_type')!r}")
        if x.get("mechanism") not in MECHS:
            fail(f"{i}: mechanism {x.get('mechanism')!r}")
        if x.get("query_type") == "claim_verification":
            if x.get("verdict") not in VERDICTS:
                fail(f"{i}: claim without a verdict")
        elif x.get("verdict") is not None:
            fail(f"{i}: verdict {x.get('verdict')!r} on a non-claim")
        if i in GRAPH_OF and x.get("graph") != GRAPH_OF[i]:
            fail(f"{i}: graph {x.get('graph')} (the computer is written for {GRAPH_OF[i]})")
        if x.get("graph") not in K:
            fail(f"{i}: unknown graph {x.get('graph')}")
            continue
        g = K[x["graph"]]
        for s in x.get("expected", []):
            if s not in g.strings:
                fail(f"{i}: expected {s!r} is not a label, title, DOI, valid year or clean value of {x['graph']}")
        for key in ("must_keep", "must_remove"):
            for s in x.get(key, []):
                if not g.has_fact(s):
                    fail(f"{i}: {key} fact not in {x['graph']}: {s}")
        if set(x.get("must_keep", [])) & set(x.get("must_remove", [])):
            fail(f"{i}: a fact is both kept and removed")
        if not str(x.get("notes", "")).strip():
            fail(f"{i}: empty notes")
        # voice
        for mk in MARKERS.get(i, []):
            if mk not in x.get("question", ""):
                fail(f"{i}: voice marker {mk!r} missing from the question")
        for c in re.findall(r"\b(\d+),(\d)\b", x.get("question", "")):
            v = float(c[0] + "." + c[1])
            if not any(r["val"] == v for r in g.rows):
                fail(f"{i}: decimal comma {c[0]},{c[1]} is no value of {x['graph']}")
        # word overlap
        for t in td:
            j = jaccard(x.get("question", ""), t["question"])
            if j >= 0.6:
                fail(f"{i}: word overlap {j:.2f} with {t['id']}")
        for y in items:
            if y is not x and y.get("id", "") > i:
                j = jaccard(x.get("question", ""), y.get("question", ""))
                if j >= 0.6:
                    fail(f"{i}: word overlap {j:.2f} with {y.get('id')}")

    # ---- counts against the README and the brief
    cnt = {"Verdicts": {}, "Mechanisms": {}, "Query types": {}, "Graphs": {}}
    for x in items:
        cnt["Verdicts"][x.get("verdict") or "null"] = cnt["Verdicts"].get(x.get("verdict") or "null", 0) + 1
        cnt["Mechanisms"][x.get("mechanism")] = cnt["Mechanisms"].get(x.get("mechanism"), 0) + 1
        cnt["Query types"][x.get("query_type")] = cnt["Query types"].get(x.get("query_type"), 0) + 1
        gk = str(x.get("graph", "")).replace(".ttl", "")
        cnt["Graphs"][gk] = cnt["Graphs"].get(gk, 0) + 1
    stated, rows = readme_counts()
    for sec, c in cnt.items():
        if stated.get(sec) != c:
            fail(f"counts {sec}: file {dict(sorted(c.items()))} README {dict(sorted(stated.get(sec, {}).items()))}")
    for gk in ("g1", "g2", "g3", "g4"):
        if cnt["Graphs"].get(gk) != 5:
            fail(f"{gk} has {cnt['Graphs'].get(gk, 0)} questions, not 5")
    nclaims = cnt["Query types"].get("claim_verification", 0)
    if not 7 <= nclaims <= 9:
        fail(f"{nclaims} claims (7 to 9 asked)")
    for qt in QTYPES:
        if qt not in cnt["Query types"]:
            fail(f"query type {qt} unused")
    for x in items:
        i = x.get("id")
        if i in rows and rows[i] != (x.get("graph"), x.get("verdict"), x.get("mechanism"), x.get("query_type")):
            fail(f"{i}: README row {rows[i]} differs from the file")
        elif i not in rows:
            fail(f"{i}: no row in README43.md's per-question table")

    # ---- second opinion: check.py's conflict readings
    sys.path.insert(0, TRUST)
    try:
        import check  # noqa: E402
        CG = {n: check.G(n) for n in K}
        for now in YEARS:
            check.NOW = now
            for gn, m, d, me, a in TOUCHED:
                mine = survive(K[gn], m, d, me, now, a)
                theirs = check.surviving(CG[gn], m, d, me, a)
                if set(theirs[0]) != mine[0] or theirs[1] != mine[1]:
                    fail(f"check.surviving disagrees on {m} {d} {me} anchor {a} at {now}: {theirs[:2]} vs {mine}")
    except Exception as e:  # the second opinion is optional; its absence is reported
        fail(f"check.py second opinion not available: {type(e).__name__}: {e}")

    # ---- the computers
    byid = {x.get("id"): x for x in items}
    results = {}
    for i, comp in COMPUTERS.items():
        x = byid.get(i)
        if x is None:
            fail(f"{i}: missing")
            continue
        seen = []
        for now in YEARS:
            try:
                r = comp(K, now)
            except Exception as e:
                fail(f"{i}: computer failed at {now}: {type(e).__name__}: {e}")
                continue
            seen.append((tuple(sorted(r["expected"])), r["verdict"], tuple(sorted(r["must_keep"])), tuple(sorted(r["must_remove"]))))
            tag = f"{i} (now {now})"
            if sorted(x.get("expected", [])) != sorted(r["expected"]):
                fail(f"{tag}: expected {x.get('expected')} != recomputed {r['expected']}")
            if x.get("verdict") != r["verdict"]:
                fail(f"{tag}: verdict {x.get('verdict')} != recomputed {r['verdict']}")
            if sorted(x.get("must_keep", [])) != sorted(r["must_keep"]):
                fail(f"{tag}: must_keep {x.get('must_keep')} != recomputed {r['must_keep']}")
            if sorted(x.get("must_remove", [])) != sorted(r["must_remove"]):
                fail(f"{tag}: must_remove {x.get('must_remove')} != recomputed {r['must_remove']}")
            for desc, ok in r["traps"]:
                if not ok:
                    fail(f"{tag}: premise or trap does not hold: {desc}")
            g = K[GRAPH_OF[i]]
            anchor = r.get("anchor")
            # every must_keep fact survives now and under the anchor
            for s in x.get("must_keep", []):
                f = parse_fact(s)
                if not f or not g.has_fact(s):
                    continue
                m, v, d, me = f
                if not all(v in survive(g, m, d, me, now, None, w)[0] for w in g.worlds):
                    fail(f"{tag}: must_keep does not survive now: {s}")
                if anchor is not None and not all(v in survive(g, m, d, me, now, anchor, w)[0] for w in g.worlds):
                    fail(f"{tag}: must_keep does not survive under anchor {anchor}: {s}")
            # every must_remove fact is removed, after/outside the anchor, or a former best not leading now
            for s in x.get("must_remove", []):
                f = parse_fact(s)
                if not f or not g.has_fact(s):
                    continue
                m, v, d, me = f
                is_removed = (m, v) in removed_facts(g, d, me, now)
                outside = anchor is not None and not any(
                    placed(w, rr["paper"], anchor) for rr in g.rows
                    if (rr["model"], rr["ds"], rr["met"], rr["val"]) == (m, d, me, v) for w in g.worlds)
                former = (m, v) in former_best(g, m, d, me, now)
                if not (is_removed or outside or former):
                    fail(f"{tag}: must_remove is neither removed, outside the anchor, nor a former best: {s}")
            # the anchor written in the question is the one the computer uses
            q = x.get("question", "")
            written = [(rx.pattern, fn(int(mm.group(1)))) for rx, fn in ANCHOR_RES for mm in rx.finditer(q)]
            if anchor is None and written:
                fail(f"{tag}: the question has an anchor {written} but its computer uses none")
            if anchor is not None and [a for _, a in written] != [anchor]:
                fail(f"{tag}: anchor written {written} != computer's {anchor}")
            years_in_q = {int(y) for y in re.findall(r"\b(19\d\d|20\d\d)\b", q)}
            anchor_years = {int(mm.group(1)) for rx, _ in ANCHOR_RES for mm in rx.finditer(q)}
            if years_in_q - anchor_years - PREMISE_YEARS.get(i, set()):
                fail(f"{tag}: year(s) {sorted(years_in_q - anchor_years - PREMISE_YEARS.get(i, set()))} in the question are neither anchor nor declared premise")
        if len(set(seen)) > 1:
            fail(f"{i}: the answer depends on the current year")
        results[i] = seen[0] if seen else None

    print(f"checked {len(items)} questions in {FILE} for current years {sorted(set(YEARS))}")
    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
