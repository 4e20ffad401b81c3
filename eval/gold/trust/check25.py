#!/usr/bin/env python3
"""check25.py: checks trust-dev25.jsonl (or the file named by TC_FILE) against the fixture graphs.

For every question it takes the template, wording and parameters recorded in tc-meta.json, checks that the
question's text is that wording (its key words, its polarity, the names as typed: each a form of one graph label
only, the metric abbreviation one the graph cannot confuse, the numbers), and recomputes from the graphs the
query type, mechanism, expected answer, verdict (flipped for a negating wording), must_keep and must_remove, with
its own rdflib reading of the graphs and check.py's reference rules (resolve, surviving, facts, board, fmt ...).
Everything is recomputed for the environment's TRUST_NOW and for every current year 2025-2030. Then it checks the
fields, ids, duplicates, facts, expected strings, and that gen25.py regenerates the file and tc-meta.json exactly.

Run: python3 check25.py            (TC_FILE=path python3 check25.py checks another copy)
Prints FAILURES: <n>; exit status 1 on any failure.
"""
import sys

sys.dont_write_bytecode = True

import itertools  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import traceback  # noqa: E402
from collections import Counter  # noqa: E402

import rdflib  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = None
for _d in (HERE, "/work/main/eval/gold/trust"):
    if os.path.exists(os.path.join(_d, "check.py")) and os.path.exists(os.path.join(_d, "g1.ttl")):
        TRUST = _d
        sys.path.insert(0, _d)
        break
import check  # noqa: E402

FILE = os.environ.get("TC_FILE") or os.path.join(HERE, "trust-dev25.jsonl")
META = os.environ.get("TC_META") or os.path.join(HERE, "tc-meta.json")
FIELDS = ["id", "graph", "question", "query_type", "mechanism", "expected", "verdict", "must_remove", "must_keep",
          "notes"]
QTYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
MECHS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
LAST = 2025
CLOSE = {("Tavrosa", "BenchMira"), ("Trillbert", "Dastrup-7 Chorus"), ("Aviquist", "Veltmoor Dawn Set"),
         ("Warbleon", "Hollenby Marsh Calls"), ("Murrelet-MT", "Mirelle Subtitles")}
LOWER = {"Word Error Rate"}
ABBR = {"Accuracy": {"accuracy", "acc."}, "F1": {"f1", "f1 score"}, "Mean IoU": {"mean iou", "miou"},
        "Word Error Rate": {"word error rate", "wer"}, "BLEU": {"bleu"}, "chrF": {"chrf", "chrf score"}}
fmt = check.fmt

# ---- wordings: the key words each must contain and its polarity (-1: negates the plain claim) ----------------
CUES = {
    "A1": (1, r"^Tell me the best model on "), "A2": (1, r"^best model on .+ by .+\?$"),
    "A3": (1, r" leaderboard top result$"), "A4": (1, r"^Who holds the record on "),
    "A5": (1, r"^What's the state of the art on .+ by "),
    "A6": (1, r"^(Which model has the lowest WER on |Which is the top-performing model on )"),
    "B1": (1, r"^Does .+ still hold the record on "),
    "B2": (1, r"( has the lowest WER on | is the state of the art on ).+, right\?$"),
    "B3": (1, r"^Can you confirm that nobody (beats|has a lower WER than) "),
    "B4": (-1, r"^A reviewer wrote that .+ is no longer the leading model on .+\. True\?$"),
    "B5": (-1, r"^My draft says: \".+ isn't the top model on .+\.\" Is that accurate\?$"),
    "B6": (-1, r"^Has anyone beaten .+'s [\d.]+ on "),
    "C1": (-1, r"^.+ does not outperform .+ on .+, correct\?$"),
    "C2": (1, r"^Am I right that .+ (tops|makes fewer errors than) "),
    "C3": (1, r" edges out .+, right\?$"),
    "C4": (-1, r"^A reviewer wrote that .+ lags behind .+\. True\?$"),
    "C5": (-1, r"^My draft says: \".+ (falls short of|has a higher WER than) .+\.\" Is that accurate\?$"),
    "C6": (1, r"^Can you confirm that .+ is not worse than "),
    "D1": (1, r" gets [\d.]+% on .+, right\?$"), "D2": (1, r"^My draft says: \".+ reaches \d+\.\d\d "),
    "D3": (1, r"^A reviewer wrote that .+ achieves a score of [\d.]+ on .+\. True\?$"),
    "D4": (1, r"^Can you confirm that .+ (scores [\d.]+ points|has a WER of [\d.]+) on "),
    "D5": (-1, r"'s .+ on .+ is not [\d.]+, correct\?$"), "D6": (-1, r"^Am I right that .+ does not score [\d.]+ on "),
    "E1": (1, r"'s score on [^?]+$"), "E2": (1, r"^.+ on .+\?$"), "E3": (1, r"^Tell me .+'s result on "),
    "E4": (1, r"^What .+ does .+ get on "), "E5": (1, r"^how did .+ do on "),
    "F1": (1, r"^Did .+ ever hold the record on "), "F2": (1, r"^Was .+ at some point SOTA on "),
    "F3": (1, r"^Am I right that .+ (was once the strongest model on|once had the lowest WER on) "),
    "F4": (-1, r" has never been the best on .+, correct\?$"),
    "F5": (-1, r"^A reviewer wrote that .+ never led the .+ leaderboard\. True\?$"),
    "G1": (1, r"^Which model led .+ as of \d{4}\?$"), "G2": (1, r" state of the art as of \d{4}\?$"),
    "G3": (1, r"^Tell me who held the .+ record at the end of \d{4}\.$"),
    "G4": (1, r"^As things stood at the end of \d{4}, what was the top result on "),
    "G5": (1, r"^(Lowest WER|Best .+) on .+ as of \d{4}\?$"),
    "I1": (1, r"^Before .+ took the record on .+, who held it\?$"), "I2": (1, r"^Who was SOTA on .+ before .+ came along\?$"),
    "I3": (1, r"^What was the best result on .+ before .+'s result appeared\?$"),
    "I4": (1, r": who was on top before .+ showed up\?$"), "I5": (1, r"^Prior to .+'s first result on "),
    "J1": (1, r"( scores above [\d.]+ on |'s WER on .+ is under [\d.]+, right)"),
    "J2": (1, r"^Can you confirm that .+ (clears [\d.]+ |keeps its WER below [\d.]+ on )"),
    "J3": (1, r"^My draft says: \".+ gets (more than|a WER of less than) [\d.]+% on "),
    "J4": (-1, r"( stays below [\d.]+ on |'s WER on .+ is above [\d.]+, correct)"),
    "J5": (-1, r"^A reviewer wrote that .+ does not (reach [\d.]+ points|get its WER under [\d.]+) on "),
    "K1": (1, r" beats .+ on .+ by [\d.]+ (WER )?points, right\?$"), "K2": (1, r"^Am I right that .+ leads .+ by [\d.]+ points on "),
    "K3": (1, r"^My draft says: \".+( is [\d.]+ points ahead of |'s WER on .+ is [\d.]+ points lower than )"),
    "K4": (1, r"^A reviewer wrote that .+ trails .+ by [\d.]+ points on "),
    "K5": (1, r"^Can you confirm that .+ outperforms .+ by a margin of [\d.]+ on "),
    "L1": (1, r" is (the runner-up|in third place) on .+, right\?$"), "L2": (1, r"^Does .+ rank (second|third) on "),
    "L3": (1, r"^Is .+ number (two|three) on the .+ leaderboard\?$"),
    "L4": (1, r"^Can you confirm that (only one model beats|exactly two models beat) "),
    "L5": (-1, r"^My draft says: \".+ is not the (second|third)-best model on "),
    "M1": (1, r"^How many papers report .+ at "), "M2": (1, r"^number of papers putting .+ at "),
    "M3": (1, r"^In how many papers does .+ get "), "M4": (1, r"^Count the papers that give .+ a score of "),
    "M5": (1, r"^How many sources back .+'s "),
    "N1": (1, r"^What year was \".+\" published\?$"), "N2": (1, r"^When did the .+ paper come out\?$"),
    "N3": (1, r"^.+ paper year\?$"), "N4": (1, r"^Publication year of \".+\"$"), "N5": (1, r"^Tell me when \".+\" appeared\.$"),
    "O1": (1, r"^Is .+'s paper newer than .+'s\?$"), "O2": (1, r"^The .+ paper is more recent than the .+ paper, right\?$"),
    "O3": (1, r"^Can you confirm that the .+ paper predates the .+ paper\?$"),
    "O4": (-1, r"^.+'s paper is older than .+'s, correct\?$"),
    "O5": (-1, r"^My draft says: \"The .+ paper did not appear after the .+ paper\.\" Is that accurate\?$"),
}
QTYPE = dict(A="method_comparison", B="claim_verification", C="claim_verification", D="claim_verification",
             E="method_comparison", F="claim_verification", G="method_comparison", I="method_comparison",
             J="claim_verification", K="claim_verification", L="claim_verification", M="method_comparison",
             N="paper_lookup", O="claim_verification")

# ---- own reading of the graphs ----------------------------------------------------------------------------
SPARQL_ROWS = """PREFIX orkgp: <http://orkg.org/orkg/predicate/> PREFIX orkgc: <http://orkg.org/orkg/class/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?paper ?model ?dataset ?metric ?value WHERE {
  ?paper a orkgc:Paper ; orkgp:P31 ?c . ?c orkgp:HAS_MODEL ?mo ; orkgp:HAS_BENCHMARK ?b . ?mo rdfs:label ?model .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dataset .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value . ?mt rdfs:label ?metric . }"""
SPARQL_PAPERS = """PREFIX orkgp: <http://orkg.org/orkg/predicate/> PREFIX orkgc: <http://orkg.org/orkg/class/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?paper ?title ?y WHERE { ?paper a orkgc:Paper ; rdfs:label ?title . OPTIONAL { ?paper orkgp:P29 ?y } }"""
SPARQL_LABELS = """PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> PREFIX orkgc: <http://orkg.org/orkg/class/>
SELECT ?l WHERE { ?x a ?c ; rdfs:label ?l . FILTER(?c IN (orkgc:Dataset, orkgc:Model, orkgc:Metric, orkgc:Problem,
orkgc:ResearchField)) }"""


class KG:
    def __init__(self, name):
        self.name = name
        self.cg = check.G(name)
        g = rdflib.Graph()
        g.parse(os.path.join(TRUST, name), format="turtle")
        self.rows = []
        for r in g.query(SPARQL_ROWS):
            raw = str(r.value)
            txt = raw.strip().rstrip("%").strip()
            try:
                v = float(txt)
            except ValueError:
                v = None
            self.rows.append((str(r.paper), str(r.model), str(r.dataset), str(r.metric), raw, v))
        self.title, self.raw_years = {}, {}
        for r in g.query(SPARQL_PAPERS):
            p = str(r.paper)
            self.title[p] = str(r.title)
            self.raw_years.setdefault(p, set())
            if r.y is not None:
                self.raw_years[p].add(int(r.y))
        self.labels = sorted({str(r.l) for r in g.query(SPARQL_LABELS)})
        mine = Counter((p, m, d, mt, raw) for p, m, d, mt, raw, _ in self.rows)
        theirs = Counter((r["paper"], r["model"], r["dataset"], r["metric"], r["value"]) for r in self.cg.rows)
        assert mine == theirs, "rdflib rows differ from check.G rows"

    def years(self, p):
        ys = sorted(y for y in self.raw_years[p] if 1900 <= y <= check.NOW)
        assert ys == self.cg.valid_years(p), (p, ys)
        return ys

    def numeric(self, d, mt):
        return [r for r in self.rows if r[2] == d and r[3] == mt and r[5] is not None]

    def stored(self, m, d, mt):
        return sorted({r[5] for r in self.numeric(d, mt) if r[1] == m})


def better(a, b, mt):
    return a < b if mt in LOWER else a > b


def order(vals, mt):
    return sorted(vals, reverse=mt not in LOWER)


def F(m, v, d, mt):
    return f"{m} scores {fmt(v)} on {d} by {mt}"


class Undecided(Exception):
    pass


def options(kg, d, mt, m, year, pick):
    """The value sets model m may have on the board as it stood at the end of year (None: now)."""
    vals = {}
    for p, mm, dd, mtt, raw, v in kg.numeric(d, mt):
        if mm != m:
            continue
        ys = kg.years(p)
        y = pick(ys) if ys else None
        if year is not None and (y is None or y > year):
            continue
        vals.setdefault(v, []).append((y, p))
    if not vals:
        return None
    if len(vals) == 1:
        return [frozenset(vals)]
    keep, status, _ = check.resolve(vals, year if year is not None else check.NOW)
    keep = frozenset(keep)
    if status == "clear" or (status == "close" and (m, d) in CLOSE):
        return [keep]
    return [keep] + [frozenset([v]) for v in keep]


def readings(kg, d, mt, year):
    out = []
    models = sorted({r[1] for r in kg.numeric(d, mt)})
    for pick in (min, max):
        per = []
        for m in models:
            o = options(kg, d, mt, m, year, pick)
            if o is not None:
                per.append([(m, s) for s in o])
        for combo in itertools.product(*per):
            w = dict(combo)
            if w not in out:
                out.append(w)
    return out


def sure(w, a, b, mt):
    return all(better(x, y, mt) for x in w[a] for y in w[b])


def tri(w, a, b, mt):
    if any(x == y for x in w[a] for y in w[b]):
        raise Undecided("tie")
    return "T" if sure(w, a, b, mt) else "F" if sure(w, b, a, mt) else "U"


def leaders(w, mt):
    return sorted(m for m in w if not any(n != m and sure(w, n, m, mt) for n in w))


def one(vals):
    if any(v != vals[0] for v in vals):
        raise Undecided("readings differ")
    return vals[0]


def group_of(w, mt):
    g = [(m, tuple(order(w[m], mt))) for m in leaders(w, mt)]
    return sorted(g, key=lambda t: (t[1][0] if mt in LOWER else -t[1][0], t[0]))


def board_top(kg, d, mt, year):
    ws = readings(kg, d, mt, year)
    if any(not w for w in ws):
        if all(not w for w in ws):
            return []
        raise Undecided("empty in some reading")
    return one([tuple(group_of(w, mt)) for w in ws])


def exp_of(group):
    out = []
    for m, vs in group:
        for s in [m] + [fmt(v) for v in vs]:
            if s not in out:
                out.append(s)
    return out


def now_w(kg, d, mt):
    ws = readings(kg, d, mt, None)
    assert len(ws) == 1, "now must not depend on a reading"
    return ws[0]


def first_year(kg, m, d, mt, v=None):
    out = set()
    for pick in (min, max):
        ys = [pick(kg.years(r[0])) for r in kg.numeric(d, mt) if r[1] == m and (v is None or r[5] == v) and kg.years(r[0])]
        out.add(min(ys) if ys else None)
    return out


def sole_year(kg, m, d, mt):
    s = first_year(kg, m, d, mt)
    return next(iter(s)) if len(s) == 1 and None not in s else None


def board_first(kg, d, mt):
    return min(min(kg.years(r[0])) for r in kg.numeric(d, mt) if kg.years(r[0]))


def lead(kg, d, mt, x, year):
    ws = readings(kg, d, mt, year)
    res = []
    for w in ws:
        if x not in w:
            res.append("ABSENT")
            continue
        ld = leaders(w, mt)
        for a in w:
            for b in w:
                if a != b:
                    tri(w, a, b, mt)
        res.append("LEAD" if ld == [x] else "OPEN" if x in ld else "NOT")
    return one(res), ws


def removed(kg, d, mt):
    w = now_w(kg, d, mt)
    return [(m, v) for m in w for v in kg.stored(m, d, mt) if v not in w[m]]


def toppers(kg, d, mt, group):
    best = group[0][1][0]
    return [F(m, v, d, mt) for m, v in removed(kg, d, mt) if better(v, best, mt)]


def newest(kg, d, mt):
    fy = {m: sole_year(kg, m, d, mt) for m in {r[1] for r in kg.numeric(d, mt)}}
    fy = {m: y for m, y in fy.items() if y is not None}
    mx = max(fy.values())
    return {m for m, y in fy.items() if y == mx}


def pair_mech(kg, d, mt, a, b, a_wins):
    if len(kg.stored(a, d, mt)) > 1 or len(kg.stored(b, d, mt)) > 1:
        return "conflict"
    ya, yb = sole_year(kg, a, d, mt), sole_year(kg, b, d, mt)
    if ya is None or yb is None or ya == yb or a_wins is None:
        return "corroboration"
    return "superseded" if (ya > yb) == a_wins else "recency"


def value_mech(kg, m, d, mt):
    if any(r[1] == m and r[2] == d and r[3] == mt and r[5] is None for r in kg.rows):
        return "gate"
    return "conflict" if len(kg.stored(m, d, mt)) > 1 else "corroboration"


def as_of_remove(kg, d, mt, year, group):
    rows = kg.numeric(d, mt)
    if not group:
        first = board_first(kg, d, mt)
        return sorted({F(r[1], r[5], d, mt) for r in rows if not kg.years(r[0]) or min(kg.years(r[0])) == first
                       or any(1 <= y <= 12 for y in kg.raw_years[r[0]])})
    worst = order([v for _, vs in group for v in vs], mt)[-1]
    kept = {}
    for w in readings(kg, d, mt, year):
        for m, s in w.items():
            kept.setdefault(m, set()).update(s)
    ans = {(m, v) for m, vs in group for v in vs}
    out = set()
    for p, m, dd, mtt, raw, v in rows:
        if (m, v) in ans or not better(v, worst, mt):
            continue
        fy = first_year(kg, m, d, mt, v)
        if any(y is None or y > year for y in fy) or v not in kept.get(m, set()):
            out.add(F(m, v, d, mt))
    return sorted(out)


# ---- recomputation per template: (query_type, mechanism, expected, plain verdict, keep, remove, anchor) -------
def recompute(kg, T, p):
    d, mt = p.get("dataset"), p.get("metric")
    if T == "A":
        w = now_w(kg, d, mt)
        grp = group_of(w, mt)
        rem = toppers(kg, d, mt, grp)
        tm = {m for m, _ in grp}
        if len(grp) > 1 or rem:
            mech = "conflict"
        elif any(sole_year(kg, m, d, mt) is None for m in tm):
            mech = "metadata"
        elif newest(kg, d, mt) - tm:
            mech = "recency"
        else:
            mech = "superseded"
        return mech, exp_of(grp), None, [F(m, v, d, mt) for m, vs in grp for v in vs], rem, None
    if T == "B":
        x = p["model"]
        assert d != "Kelpwatch-Norrland"
        w = now_w(kg, d, mt)
        grp = group_of(w, mt)
        tm = [m for m, _ in grp]
        v = "S" if tm == [x] else "U" if x in tm else "R"
        rem = toppers(kg, d, mt, grp)
        if v == "R":
            for y in range(board_first(kg, d, mt), LAST + 1):
                try:
                    st, ws = lead(kg, d, mt, x, y)
                except Undecided:
                    continue
                if st == "LEAD":
                    rem += [F(x, val, d, mt) for ww in ws for val in ww[x]]
        keep = [F(m, val, d, mt) for m, vs in grp for val in vs] + [F(x, val, d, mt) for val in w[x]
                                                                    if F(x, val, d, mt) not in rem]
        if v == "U" or len(kg.stored(x, d, mt)) > 1 or toppers(kg, d, mt, grp):
            mech = "conflict"
        elif v == "R" and x in newest(kg, d, mt):
            mech = "recency"
        else:
            mech = "superseded"
        return mech, exp_of(grp), v, keep, rem, None
    if T in ("C", "K"):
        a, b = p["a"], p["b"]
        w = now_w(kg, d, mt)
        keep = [F(m, val, d, mt) for m in (a, b) for val in w[m]]
        exp = []
        for m in (a, b):
            for val in order(w[m], mt):
                if fmt(val) not in exp:
                    exp.append(fmt(val))
        if T == "C":
            st = tri(w, a, b, mt)
            v = {"T": "S", "F": "R", "U": "U"}[st]
            wall = {m: frozenset(kg.stored(m, d, mt)) for m in (a, b)}
            rem = []
            if tri(wall, a, b, mt) != st:
                rem = [F(m, val, d, mt) for m in (a, b) for val in kg.stored(m, d, mt) if val not in w[m]]
            mech = "conflict" if v == "U" else pair_mech(kg, d, mt, a, b, st == "T")
            return mech, exp, v, keep, rem, None
        sign = -1 if mt in LOWER else 1
        margins = [round(sign * (x - y), 1) for x in w[a] for y in w[b]]
        assert all(mm != 0 for mm in margins) and any(mm > 0 for mm in margins), "A must win in some reading"
        ok = [abs(mm - p["margin"]) < 1e-6 for mm in margins]
        v = "S" if all(ok) else "R" if not any(ok) else "U"
        rem = [F(m, val, d, mt) for m in (a, b) for val in kg.stored(m, d, mt) if val not in w[m]]
        mech = "conflict" if v == "U" else pair_mech(kg, d, mt, a, b, True if all(mm > 0 for mm in margins) else None)
        return mech, exp, v, keep, rem, None
    if T in ("D", "E", "J", "M"):
        m = p["model"]
        mech = value_mech(kg, m, d, mt)
        if mech == "gate":
            assert T in ("D", "E")
            return "gate", [], ("U" if T == "D" else None), [], [], None
        w = now_w(kg, d, mt)
        surv = sorted(w[m])
        rem = [F(m, val, d, mt) for val in kg.stored(m, d, mt) if val not in w[m]]
        keep = [F(m, val, d, mt) for val in surv]
        exp = [fmt(val) for val in order(surv, mt)]
        if T == "E":
            return mech, exp, None, keep, rem, None
        if T == "D":
            val = p["value"]
            if val in surv:
                v = "S" if len(surv) == 1 else "U"
            else:
                v = "R"
                if val not in kg.stored(m, d, mt):
                    assert all(abs(val - s) >= 0.2 * s for s in kg.stored(m, d, mt)), "wrong value too near"
            return mech, exp, v, keep, rem, None
        if T == "J":
            res = {better(s, p["value"], mt) for s in surv}
            assert p["value"] not in kg.stored(m, d, mt)
            v = "S" if res == {True} else "R" if res == {False} else "U"
            return mech, exp, v, keep, rem, None
        papers = {r[0] for r in kg.numeric(d, mt) if r[1] == m}
        assert len(papers) >= 2
        n = len({r[0] for r in kg.numeric(d, mt) if r[1] == m and r[5] == p["value"]})
        assert n == check.count_papers(kg.cg, m, d, p["value"])
        assert p["value"] in surv
        return ("conflict" if len(kg.stored(m, d, mt)) > 1 else "corroboration"), [str(n)], None, \
            [F(m, p["value"], d, mt)], [], None
    if T == "F":
        x = p["model"]
        fy = sole_year(kg, x, d, mt)
        assert fy is not None
        years = list(range(fy, LAST + 1)) + [None]
        sts = {}
        for y in years:
            try:
                sts[y] = lead(kg, d, mt, x, y)
            except Undecided:
                sts[y] = ("UNDEC", None)
        w_now = now_w(kg, d, mt)
        leads = [y for y in years if sts[y][0] == "LEAD"]
        if leads:
            held = sorted(set().union(*(ww[x] for ww in sts[leads[0]][1])))
            vals = [v for v in held if v in w_now[x]] if len(held) > 1 else held
            vals = vals or held
            return "superseded", [x] + [fmt(v) for v in order(vals, mt)], "S", \
                [F(x, v, d, mt) for v in vals if v in w_now[x]], [], None
        assert all(sts[y][0] == "NOT" for y in years), "neither led nor surely not"
        grp = board_top(kg, d, mt, fy)
        return "superseded", exp_of(grp), "R", \
            [F(m, v, d, mt) for m, vs in grp for v in vs if v in w_now.get(m, ())], [], None
    if T in ("G", "I"):
        year = p["year"]
        if T == "I":
            fy = sole_year(kg, p["model"], d, mt)
            assert fy is not None and year == fy - 1
        grp = board_top(kg, d, mt, year)
        return "as_of", exp_of(grp), None, [F(m, v, d, mt) for m, vs in grp for v in vs], \
            as_of_remove(kg, d, mt, year, grp), year
    if T == "L":
        x, r = p["model"], p["rank"]
        assert d != "Kelpwatch-Norrland"
        w = now_w(kg, d, mt)

        def rank(ww, m):
            lo = 1 + sum(1 for n in ww if n != m and tri(ww, n, m, mt) == "T")
            hi = 1 + sum(1 for n in ww if n != m and tri(ww, n, m, mt) != "F")
            return lo, hi
        rk = {m: rank(w, m) for m in w}
        assert all(lo == hi for lo, hi in rk.values() if lo <= 4), "ranks 1-4 must be decided"
        h = [m for m, t in rk.items() if t == (r, r)]
        assert len(h) == 1
        h = h[0]
        v = "S" if rk[x] == (r, r) else "R"
        wall = {m: frozenset(kg.stored(m, d, mt)) for m in w}
        ra = rank(wall, x)
        va = "S" if ra == (r, r) else "R" if ra[0] > r or ra[1] < r else "U"
        rem = [F(m, val, d, mt) for m, val in removed(kg, d, mt) if better(val, order(w[h], mt)[0], mt)]
        keep = [F(m, val, d, mt) for m in w if rk[m][0] <= r or m == x for val in w[m]]
        return ("conflict" if va != v else "superseded"), [h] + [fmt(val) for val in order(w[h], mt)], v, keep, rem, None
    if T == "N":
        ps = [q for q, t in kg.title.items() if t == p["title"]]
        assert len(ps) == 1
        return "metadata", [str(y) for y in kg.years(ps[0])], None, [], [], None
    if T == "O":
        def intro(m):
            hits = [q for q, t in kg.title.items() if ":" in t and (t.split(":")[0] == m or m.startswith(t.split(":")[0] + "-"))]
            assert len(hits) == 1, m
            return hits[0]
        pa, pb = intro(p["a"]), intro(p["b"])
        assert kg.title[pa] == p["title_a"] and kg.title[pb] == p["title_b"]
        ya, yb = kg.years(pa), kg.years(pb)
        assert ya and yb
        cmp = {(x > y) if x != y else "EQ" for x in ya for y in yb}
        assert "EQ" not in cmp
        v = "S" if cmp == {True} else "R" if cmp == {False} else "U"
        exp = []
        for y in ya + yb:
            if str(y) not in exp:
                exp.append(str(y))
        return "metadata", exp, v, [], [], None
    raise AssertionError(f"unknown template {T}")


def norm(s):
    return re.sub(r"[^a-z0-9]", "", s.lower())


def check_text(q, m, kg):
    text = q["question"]
    wid = m["wording"]
    pol, rx = CUES[wid]
    assert wid[0] == m["template"], "wording of another template"
    assert pol == m["polarity"], f"polarity of {wid} is {pol}"
    assert re.search(rx, text), f"text is not wording {wid}"
    p = m["params"]
    for key in ("model", "a", "b", "dataset"):
        if key in p:
            assert norm(p[key]) in norm(text), f"{p[key]} not named"
    if m["template"] == "N":
        assert norm(p["title"]) in norm(text) or (p.get("short") and norm(p["short"]) in norm(text)), "paper not named"
        if p.get("short"):
            assert sum(1 for t in kg.title.values() if p["short"].lower() in t.lower()) == 1, "short name ambiguous"
    for label, typed in m["typed"]:
        assert typed in text and typed != label, f"typed form {typed!r}"
        if label in ABBR:
            assert typed.lower() in ABBR[label], f"abbreviation {typed!r}"
            assert sum(1 for mt in ABBR if mt in kg.labels and typed.lower() in ABBR[mt]) == 1
        elif label in kg.title.values() or any(t.startswith(label + ":") for t in kg.title.values()):
            assert norm(typed) == norm(label)
        else:
            assert norm(typed) == norm(label), f"{typed!r} is not a form of {label!r}"
            assert sum(1 for lab in kg.labels if norm(lab) == norm(label)) == 1, f"{typed!r} is ambiguous"
            assert not any(lab != label and norm(label) in norm(lab) for lab in kg.labels)
    nums = [float(x) for x in re.findall(r"\d+(?:\.\d+)?", text)]
    for key in ("value", "margin", "year"):
        if key in p and m["template"] != "I":
            assert any(abs(n - p[key]) < 1e-9 for n in nums), f"{key} {p[key]} not in the text"
    if "metric" in p:
        assert p["metric"] in kg.labels


def check_fit(kg, q, m, plain_verdict):
    """The conditions under which a wording may be used at all."""
    wid, p, text = m["wording"], m["params"], q["question"]
    if wid == "C3":  # "edges out": never for a lead of more than 3 points
        w = now_w(kg, p["dataset"], p["metric"])
        sign = -1 if p["metric"] in LOWER else 1
        assert max(round(sign * (x - y), 1) for x in w[p["a"]] for y in w[p["b"]]) <= 3.0, "'edges out' for a wide lead"
    if wid == "I1":  # "took the record": only for a model that led alone with its first result
        fy = sole_year(kg, p["model"], p["dataset"], p["metric"])
        assert lead(kg, p["dataset"], p["metric"], p["model"], fy)[0] == "LEAD", "'took the record' is false"
    if wid == "B6":  # "has anyone beaten X's V": V is X's only surviving value; not for an open top
        w = now_w(kg, p["dataset"], p["metric"])
        assert len(w[p["model"]]) == 1 and plain_verdict != "U"
        assert re.search(r"'s " + re.escape(fmt(next(iter(w[p["model"]])))) + r" on ", text), "V is not X's value"
    if wid in ("D1", "J3"):
        assert p["metric"] in ("Accuracy", "F1", "Mean IoU", "Word Error Rate") and "%" in text, "percent"
    if wid in ("N2", "N3"):
        assert p.get("short") and norm(p["short"]) in norm(text)


def graph_numbers_ok(e, kg):
    return e in check.graph_text(kg.cg)


def main():
    fails = 0
    rows = [json.loads(line) for line in open(FILE)]
    meta = json.load(open(META))
    kgs = {}
    flip = {"SUPPORTED": "REFUTED", "REFUTED": "SUPPORTED", "UNCERTAIN": "UNCERTAIN"}
    V = {"S": "SUPPORTED", "R": "REFUTED", "U": "UNCERTAIN", None: None}
    seen_q, seen_id = set(), set()
    nows = [check.NOW] + list(range(2025, 2031))
    saved = check.NOW
    for i, q in enumerate(rows, 1):
        try:
            assert list(q) == FIELDS, f"fields {list(q)}"
            assert q["id"] == f"TC{i:03d}", f"id {q['id']} out of order"
            assert q["id"] not in seen_id and q["question"] not in seen_q, "duplicate"
            seen_id.add(q["id"])
            seen_q.add(q["question"])
            assert q["id"] in meta, "no meta"
            m = meta[q["id"]]
            assert q["query_type"] in QTYPES and q["mechanism"] in MECHS
            assert q["verdict"] in (None, "SUPPORTED", "REFUTED", "UNCERTAIN")
            assert (q["verdict"] is not None) == (q["query_type"] == "claim_verification"), "verdict iff claim"
            assert q["query_type"] == QTYPE[m["template"]], "query type"
            results = []
            for now in nows:
                check.NOW = now
                if now not in kgs:
                    kgs[now] = {n: KG(n) for n in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")}
                kg = kgs[now][q["graph"]]
                check_text(q, m, kg)
                mech, exp, v, keep, rem, anchor = recompute(kg, m["template"], m["params"])
                check_fit(kg, q, m, v)
                verdict = V[v]
                if verdict and m["polarity"] < 0:
                    verdict = flip[verdict]
                results.append((mech, exp, verdict, sorted(set(keep)), sorted(set(rem)), anchor))
                assert q["mechanism"] == mech, f"mechanism {q['mechanism']} != {mech} (NOW {now})"
                assert q["verdict"] == verdict, f"verdict {q['verdict']} != {verdict} (NOW {now})"
                assert set(q["expected"]) == set(exp) and len(q["expected"]) == len(set(q["expected"])), \
                    f"expected {q['expected']} != {exp} (NOW {now})"
                assert q["must_keep"] == sorted(set(keep)), f"must_keep {q['must_keep']} != {sorted(set(keep))}"
                assert q["must_remove"] == sorted(set(rem)), f"must_remove {q['must_remove']} != {sorted(set(rem))}"
                assert not set(q["must_keep"]) & set(q["must_remove"]), "a fact both kept and removed"
                for f in q["must_keep"] + q["must_remove"]:
                    assert check.FACT_RE.match(f) and check.fact_exists(kg.cg, f), f"fact {f}"
                for f in q["must_keep"]:
                    mm, vv, dd, mtt = check.FACT_RE.match(f).groups()
                    keepset, _, _ = check.surviving(kg.cg, mm, dd, mtt, anchor)
                    assert float(vv) in keepset, f"must_keep does not survive (anchor {anchor}): {f}"
                for f in q["must_remove"]:
                    mm, vv, dd, mtt = check.FACT_RE.match(f).groups()
                    try:
                        b = check.board(kg.cg, dd, mtt, anchor)
                    except AssertionError:  # check.board declines a board that Tidewick's two years decide
                        b = []
                    assert not (b and b[0][1] == mm and b[0][0] == float(vv)), f"must_remove is the surviving best: {f}"
                for e in q["expected"]:
                    assert graph_numbers_ok(e, kg), f"expected {e!r} not in the graph's text"
            assert all(r == results[0] for r in results), "answer depends on the current year"
        except AssertionError as ex:
            fails += 1
            print(f"FAIL {q.get('id')}: {ex}  | {q.get('question')}")
        except Exception as ex:  # noqa: BLE001
            fails += 1
            tb = traceback.extract_tb(ex.__traceback__)[-1]
            where = os.path.basename(tb.filename)
            print(f"FAIL {q.get('id')}: {type(ex).__name__}" + (f" {ex}" if where != "check.py" else "")
                  + f" ({where})  | {q.get('question')}")
        finally:
            check.NOW = saved
    if set(meta) != {q["id"] for q in rows}:
        fails += 1
        print("FAIL meta ids differ from the file's ids")
    # design checks: at least twelve templates, 4-6 wordings each in use, the cap
    per_t = Counter(meta[q["id"]]["template"] for q in rows if q["id"] in meta)
    wordings = {}
    for q in rows:
        if q["id"] in meta:
            wordings.setdefault(meta[q["id"]]["template"], set()).add(meta[q["id"]]["wording"])
    if len(per_t) < 12 or any(not 4 <= len(w) <= 6 for w in wordings.values()) or len(rows) > 300:
        fails += 1
        print("FAIL design:", dict(per_t), {t: sorted(w) for t, w in wordings.items()})
    # regeneration
    try:
        sys.path.insert(0, HERE)
        import gen25
        grows, gmeta, _ = gen25.build()
        text, mtext = gen25.dumps(grows, gmeta)
        if text != open(FILE).read():
            fails += 1
            diff = [a["id"] for a, b in zip(grows, rows) if a != b]
            print("FAIL gen25.py does not regenerate", FILE, "first differences:", diff[:10],
                  f"(lengths {len(grows)} / {len(rows)})")
        if mtext != open(META).read():
            fails += 1
            print("FAIL gen25.py does not regenerate", META)
    except Exception as ex:  # noqa: BLE001
        fails += 1
        print("FAIL regeneration:", type(ex).__name__, ex)
    print(f"{len(rows)} questions in {FILE}")
    print("templates:", dict(sorted(per_t.items())))
    print("verdicts:", dict(Counter(str(q["verdict"]) for q in rows)))
    print("mechanisms:", dict(Counter(q["mechanism"] for q in rows)))
    print("query types:", dict(Counter(q["query_type"] for q in rows)))
    print("graphs:", dict(sorted(Counter(q["graph"] for q in rows).items())))
    print("wordings:", {t: sorted(w) for t, w in sorted(wordings.items())})
    print("negating wordings:", sum(1 for q in rows if meta.get(q["id"], {}).get("polarity") == -1))
    print("FAILURES:", fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
