#!/usr/bin/env python3
"""Checker for trust-dev37.jsonl (UL01-UL20).

Re-derives every question's expected, verdict, must_keep and must_remove from the fixture
graphs (check.py's G / surviving / board / fmt / parse_value for the conflict rules, and this
file's own rdflib code for rows, paper years, DOIs and labels), then compares with the file.
Also checks the fields, their order, ids, duplicates, counts, word counts and that every
expected string is in the graph.

    python3 check37.py                     # checks ./trust-dev37.jsonl
    UL_FILE=/tmp/copy.jsonl python3 check37.py
    TRUST_NOW=2030 python3 check37.py      # the answers do not depend on the current year

Prints FAILURES: N and exits 1 when N > 0.
"""
import sys

sys.dont_write_bytecode = True
import contextlib
import io
import itertools
import json
import os
import re

import rdflib

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = os.environ.get("UL_TRUST_DIR", "/work/main/eval/gold/trust")
sys.path.insert(0, TRUST)
with contextlib.redirect_stdout(io.StringIO()):
    import check  # noqa: E402  (imported, not read: G, surviving, board, fmt, parse_value)

FILE = os.environ.get("UL_FILE", os.path.join(HERE, "trust-dev37.jsonl"))
P = "http://orkg.org/orkg/predicate/"
C = "http://orkg.org/orkg/class/"
LOWER_BETTER = {"Word Error Rate"}
FACT_RE = re.compile(r"^(?P<m>.+) scores (?P<v>[0-9.]+) on (?P<d>.+) by (?P<mt>.+)$")

failures = []


def fail(qid, msg):
    failures.append(f"{qid}: {msg}")


# ---------------------------------------------------------------- own graph reading (rdflib)
class Graph:
    def __init__(self, name):
        self.name = name
        self.g = rdflib.Graph()
        self.g.parse(os.path.join(TRUST, name))
        self.cg = check.G(name)
        q = f"""
        PREFIX orkgp: <{P}> PREFIX orkgc: <{C}> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
        SELECT ?paper ?title ?model ?ds ?mt ?val WHERE {{
          ?paper a orkgc:Paper ; rdfs:label ?title ; orkgp:P31 ?c .
          ?c orkgp:HAS_MODEL ?mo ; orkgp:HAS_BENCHMARK ?b . ?mo rdfs:label ?model .
          ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?ds .
          ?e orkgp:HAS_METRIC ?m ; orkgp:HAS_VALUE ?val . ?m rdfs:label ?mt . }}"""
        self.rows = [dict(paper=str(r.paper), title=str(r.title), model=str(r.model), dataset=str(r.ds),
                          metric=str(r.mt), raw=str(r.val), value=check.parse_value(str(r.val)))
                     for r in self.g.query(q)]
        self.papers = {}
        for p in self.g.subjects(rdflib.RDF.type, rdflib.URIRef(C + "Paper")):
            p29 = [str(y) for y in self.g.objects(p, rdflib.URIRef(P + "P29"))]
            self.papers[str(p)] = dict(
                title=str(self.g.value(p, rdflib.RDFS.label)),
                p29=p29,
                years=sorted(int(y) for y in p29 if re.fullmatch(r"(19|20)\d\d", y.strip())),
                dois=sorted(str(d) for d in self.g.objects(p, rdflib.URIRef(P + "P26"))))
        self.labels = [str(o) for s, o in self.g.subject_objects(rdflib.RDFS.label)]
        lits = [str(o) for o in self.g.objects() if isinstance(o, rdflib.Literal)]
        self.text = "\n".join(lits + [check.fmt(r["value"]) for r in self.rows if r["value"] is not None])

    def paper(self, fragment):
        hits = [k for k, v in self.papers.items() if v["title"].startswith(fragment)]
        assert len(hits) == 1, (fragment, hits)
        return self.papers[hits[0]]

    def raw_fact(self, m, v, d, mt):
        return any(r["model"] == m and r["dataset"] == d and r["metric"] == mt and r["value"] is not None
                   and abs(r["value"] - v) < 1e-9 for r in self.rows)

    def fact_years(self, m, v, d, mt):
        """Validated years of the papers stating the fact (each paper: its years)."""
        return [self.papers[r["paper"]]["years"] for r in self.rows
                if r["model"] == m and r["dataset"] == d and r["metric"] == mt and r["value"] is not None
                and abs(r["value"] - v) < 1e-9]

    def models(self, d, mt):
        return sorted({r["model"] for r in self.rows if r["dataset"] == d and r["metric"] == mt})

    def surv(self, m, d, mt, anchor=None):
        vals, status = check.surviving(self.cg, m, d, mt, anchor)[:2]
        return set(vals), status

    def removed(self, m, d, mt):
        allv = {r["value"] for r in self.rows if r["model"] == m and r["dataset"] == d and r["metric"] == mt
                and r["value"] is not None}
        return allv - self.surv(m, d, mt)[0]


GRAPHS = {n: Graph(n) for n in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")}


def fact(m, v, d, mt):
    return f"{m} scores {check.fmt(v)} on {d} by {mt}"


def better(mt, a, b):
    return a < b if mt in LOWER_BETTER else a > b


def order(mt, vals):
    return sorted(vals, reverse=mt not in LOWER_BETTER)


def readings(g, d, mt, anchor=None):
    """Every reading of the board: one surviving value per model (close conflicts give several)."""
    per = {}
    for m in g.models(d, mt):
        vals, _ = g.surv(m, d, mt, anchor)
        if vals:
            per[m] = sorted(vals)
    names = sorted(per)
    for combo in itertools.product(*(per[n] for n in names)):
        yield dict(zip(names, combo)), per


def ranking(mt, reading):
    return sorted(reading.items(), key=lambda kv: kv[1], reverse=mt not in LOWER_BETTER)


def after(g, m, v, d, mt, anchor):
    """Every paper stating the fact has validated years, all later than the anchor."""
    ys = g.fact_years(m, v, d, mt)
    return bool(ys) and all(y and min(y) > anchor for y in ys)


# ---------------------------------------------------------------- derivations per kind
def d_best(g, d, mt, anchor=None):
    bests = set()
    per = None
    for rd, per in readings(g, d, mt, anchor):
        bests.add(ranking(mt, rd)[0][0])
    assert len(bests) == 1, ("best depends on the reading", bests)
    m = bests.pop()
    vals = order(mt, per[m])
    top = check.board(g.cg, d, mt, anchor)[0]
    assert top[1] == m, ("check.board disagrees", top, m)
    exp = [m] + [check.fmt(v) for v in vals]
    keep = [fact(m, v, d, mt) for v in vals]
    # careless answers: removed values (no anchor) or results after the anchor that would beat the best
    remove = []
    for om in g.models(d, mt):
        if anchor is None:
            for v in order(mt, g.removed(om, d, mt)):
                if better(mt, v, vals[0]):
                    remove.append(fact(om, v, d, mt))
        else:
            for v in order(mt, g.surv(om, d, mt)[0]):
                if better(mt, v, vals[0]) and after(g, om, v, d, mt, anchor):
                    remove.append(fact(om, v, d, mt))
    remove.sort(key=lambda f: -float(FACT_RE.match(f)["v"]) if mt not in LOWER_BETTER else float(FACT_RE.match(f)["v"]))
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=remove)


def d_top(g, d, mt, n):
    orders = set()
    per = None
    for rd, per in readings(g, d, mt):
        orders.add(tuple(m for m, _ in ranking(mt, rd)[:n]))
    assert len(orders) == 1, ("top-n depends on the reading", orders)
    exp, keep = [], []
    for m in orders.pop():
        vals = order(mt, per[m])
        exp += [m] + [check.fmt(v) for v in vals]
        keep += [fact(m, v, d, mt) for v in vals]
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=[])


def d_still_best(g, x, d, mt):
    bests, per = set(), None
    for rd, per in readings(g, d, mt):
        bests.add(ranking(mt, rd)[0][0])
    if bests == {x}:
        verdict = "SUPPORTED"
    elif x not in bests:
        verdict = "REFUTED"
    else:
        verdict = "UNCERTAIN"
    assert len(bests) == 1, ("best depends on the reading", bests)
    b = next(iter(bests))
    bvals = order(mt, per[b])
    exp = [b] + [check.fmt(v) for v in bvals]
    keep = [fact(b, v, d, mt) for v in bvals]
    remove = []
    if verdict == "REFUTED":
        remove += [fact(x, v, d, mt) for v in order(mt, per[x])]  # kind b: not the current best
    for om in g.models(d, mt):
        for v in order(mt, g.removed(om, d, mt)):
            if better(mt, v, bvals[0]):
                remove.append(fact(om, v, d, mt))  # kind a: a removed value that would beat the best
                keep += [fact(om, s, d, mt) for s in order(mt, per[om])]  # the value that replaces it
    return dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=remove)


def d_better(g, a, b, d, mt):
    va, vb = order(mt, g.surv(a, d, mt)[0]), order(mt, g.surv(b, d, mt)[0])
    assert va and vb
    outcomes = {better(mt, x, y) for x in va for y in vb}
    verdict = "SUPPORTED" if outcomes == {True} else "REFUTED" if outcomes == {False} else "UNCERTAIN"
    assert not (g.removed(a, d, mt) or g.removed(b, d, mt))
    exp = [check.fmt(v) for v in va + vb]
    keep = [fact(a, v, d, mt) for v in va] + [fact(b, v, d, mt) for v in vb]
    return dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=[])


def d_value_claim(g, x, v, d, mt):
    vals, status = g.surv(x, d, mt)
    if vals == {v}:
        verdict = "SUPPORTED"
    elif v in vals:
        verdict = "UNCERTAIN"
    else:
        verdict = "REFUTED"
    ordered = [v] + order(mt, vals - {v}) if v in vals else order(mt, vals)
    exp = [check.fmt(u) for u in ordered]
    keep = [fact(x, u, d, mt) for u in ordered]
    remove = [fact(x, u, d, mt) for u in order(mt, g.removed(x, d, mt))]
    return dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=remove)


def d_no_value(g, x, d, mt):
    rows = [r for r in g.rows if r["model"] == x and r["dataset"] == d and r["metric"] == mt]
    assert rows, "the paper must list the dataset (a stored '-'), else the question is about something else"
    assert all(r["value"] is None for r in rows), rows
    assert g.surv(x, d, mt)[0] == set()
    return dict(expected=[], verdict=None, must_keep=[], must_remove=[])


def d_who_reports(g, x, v, d, mt):
    vals, _ = g.surv(x, d, mt)
    assert v in vals
    titles = sorted({r["title"] for r in g.rows if r["model"] == x and r["dataset"] == d and r["metric"] == mt
                     and r["value"] is not None and abs(r["value"] - v) < 1e-9},
                    key=lambda t: (min(g.paper(t)["years"] or [9999]), t))
    return dict(expected=titles, verdict=None, must_keep=[fact(x, v, d, mt)], must_remove=[])


def d_year(g, fragment):
    p = g.paper(fragment)
    return dict(expected=[str(y) for y in p["years"]], verdict=None, must_keep=[], must_remove=[])


def d_doi(g, fragment):
    p = g.paper(fragment)
    return dict(expected=list(p["dois"]), verdict=None, must_keep=[], must_remove=[])


def d_absent(g, *words):
    for w in words:
        hit = [lab for lab in g.labels if w.lower() in lab.lower()]
        assert not hit, (w, hit)
    ask = g.g.query("ASK { ?s <http://www.w3.org/2000/01/rdf-schema#label> ?l . FILTER(" +
                    " || ".join(f'CONTAINS(LCASE(STR(?l)), "{w.lower()}")' for w in words) + ") }")
    assert not ask.askAnswer
    return dict(expected=[], verdict=None, must_keep=[], must_remove=[])


B, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
DC, HM, VD = "Dastrup-7 Chorus", "Hollenby Marsh Calls", "Veltmoor Dawn Set"
OP, MS, ST = "Orrenby Parallel Corpus", "Mirelle Subtitles", "Sealbrook Turbine Logs"
W = "Word Error Rate"

SPEC = {
    "UL01": ("g1.ttl", d_best, (B, "Accuracy")),
    "UL02": ("g1.ttl", d_still_best, ("Orvalis-CNN", SK, "Mean IoU")),
    "UL03": ("g1.ttl", d_better, ("Tavrosa", "Quillon-XL", B, "Accuracy")),
    "UL04": ("g1.ttl", d_best, (CI, "F1")),
    "UL05": ("g1.ttl", d_year, ("Ymberline:",)),
    "UL06": ("g2.ttl", d_top, (DC, W, 3)),
    "UL07": ("g2.ttl", d_still_best, ("Plumaro", HM, "Accuracy")),
    "UL08": ("g2.ttl", d_better, ("Aviquist", "Corrasine", VD, W)),
    "UL09": ("g2.ttl", d_who_reports, ("Warbleon", 79.5, HM, "Accuracy")),
    "UL10": ("g2.ttl", d_doi, ("Fennick-RNN:",)),
    "UL11": ("g3.ttl", d_top, (OP, "BLEU", 3)),
    "UL12": ("g3.ttl", d_better, ("Ibbotrans", "Murrelet-MT", OP, "BLEU")),
    "UL13": ("g3.ttl", d_value_claim, ("Murrelet-MT", 55.1, MS, "chrF")),
    "UL14": ("g3.ttl", d_no_value, ("Ostrada-T", MS, "chrF")),
    "UL15": ("g3.ttl", d_absent, ("speech", "recognition")),
    "UL16": ("g4.ttl", d_best, (ST, "F1", 2020)),
    "UL17": ("g4.ttl", d_still_best, ("Marrowfen", ST, "F1")),
    "UL18": ("g4.ttl", d_year, ("Selkora:",)),
    "UL19": ("g4.ttl", d_doi, ("Undertow-GNN:",)),
    "UL20": ("g4.ttl", d_absent, ("wind", "offshore")),
}


# ---------------------------------------------------------------- extra trap checks (the careless answer really differs)
def traps():
    g1, g2, g3, g4 = (GRAPHS[n] for n in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"))
    out = []
    # UL01 / UL04 / UL06 / UL17: the newest result on the board is not the best
    def newest(g, d, mt):
        best = max((min(g.papers[r["paper"]]["years"]), r["model"]) for r in g.rows
                   if r["dataset"] == d and r["metric"] == mt and g.papers[r["paper"]]["years"] and r["value"] is not None
                   and r["value"] in g.surv(r["model"], d, mt)[0])
        return best[1]
    out.append(("UL01", newest(g1, B, "Accuracy") == "Wendrel-S"))
    out.append(("UL04", g1.removed("Orvalis-CNN", CI, "F1") == {97.0}))
    out.append(("UL04", {r["raw"] for r in g1.rows if r["model"] == "Brackwater-UNet" and r["dataset"] == CI} == {"91.2%", "91.2"}))
    out.append(("UL06", newest(g2, DC, W) == "Corrasine"))
    # UL11: a string sort puts Lexmarrow's 9.8 first
    raws = sorted(((r["raw"], r["model"]) for r in g3.rows if r["dataset"] == OP), reverse=True)
    out.append(("UL11", raws[0] == ("9.8", "Lexmarrow")))
    # UL12: Ibbotrans's paper is newer than Murrelet-MT's
    out.append(("UL12", g3.paper("Ibbotrans:")["years"] == [2023] and g3.paper("Murrelet-MT:")["years"] == [2022]))
    # UL05 / UL18 / UL16: the raw P29 values
    out.append(("UL05", g1.paper("Ymberline:")["p29"] == []))
    out.append(("UL18", sorted(g4.paper("Selkora:")["p29"]) == ["11", "2021"]))
    out.append(("UL16", check.board(g4.cg, ST, "F1", None)[0][1] == "Selkora"))
    # UL10: no DOI, and UL19: two
    out.append(("UL10", g2.paper("Fennick-RNN:")["dois"] == []))
    out.append(("UL19", len(g4.paper("Undertow-GNN:")["dois"]) == 2))
    # UL09: the close conflict exists, and its other paper does not state 79.5
    out.append(("UL09", g2.surv("Warbleon", HM, "Accuracy")[0] == {79.5, 80.7}))
    # UL14: Ostrada-T has a real number elsewhere (the careless answer)
    out.append(("UL14", g3.surv("Ostrada-T", OP, "BLEU")[0] == {31.9}))
    # UL15 / UL20: the near topics exist
    out.append(("UL15", any("Vendish" in lab for lab in g3.labels)))
    out.append(("UL20", "Tidal Turbine Fault Detection" in g4.labels))
    for qid, ok in out:
        if not ok:
            fail(qid, "trap premise does not hold")


# ---------------------------------------------------------------- file checks
def main():
    with open(os.path.join(TRUST, "trust-dev.jsonl")) as f:
        first = [json.loads(l) for l in f if l.strip()]
    keys = list(first[0].keys())
    mechanisms = {q["mechanism"] for q in first}
    qtypes = {q["query_type"] for q in first}
    seen_q = {q["question"].strip().lower() for q in first}

    try:
        with open(FILE) as f:
            lines = [l for l in f.read().splitlines() if l.strip()]
        qs = [json.loads(l) for l in lines]
    except Exception as e:  # noqa: BLE001
        print(f"cannot read {FILE}: {e}")
        print("FAILURES: 1")
        sys.exit(1)

    ids = [q.get("id") for q in qs]
    want_ids = [f"UL{i:02d}" for i in range(1, 21)]
    if ids != want_ids:
        fail("file", f"ids {ids} != {want_ids}")
    texts = [q.get("question", "").strip().lower() for q in qs]
    for t in {t for t in texts if texts.count(t) > 1}:
        fail("file", f"duplicate question {t!r}")
    counts = {}
    for q in qs:
        qid = q.get("id", "?")
        if list(q.keys()) != keys:
            fail(qid, f"fields {list(q.keys())} != {keys}")
            continue
        if q["question"].strip().lower() in seen_q:
            fail(qid, "same question as trust-dev.jsonl")
        n = len(q["question"].split())
        if not 5 <= n <= 15:
            fail(qid, f"question has {n} words (want 5-15)")
        if q["graph"] not in GRAPHS:
            fail(qid, f"graph {q['graph']!r}")
            continue
        if q["mechanism"] not in mechanisms:
            fail(qid, f"mechanism {q['mechanism']!r}")
        if q["query_type"] not in qtypes:
            fail(qid, f"query_type {q['query_type']!r}")
        if (q["query_type"] == "claim_verification") != (q["verdict"] is not None):
            fail(qid, "verdict must be set exactly for claim_verification")
        if q["verdict"] not in (None, "SUPPORTED", "REFUTED", "UNCERTAIN"):
            fail(qid, f"verdict {q['verdict']!r}")
        if not isinstance(q["notes"], str) or len(q["notes"]) < 40:
            fail(qid, "notes missing")
        for k in ("expected", "must_keep", "must_remove"):
            if not isinstance(q[k], list) or not all(isinstance(s, str) for s in q[k]):
                fail(qid, f"{k} must be a list of strings")
        g = GRAPHS[q["graph"]]
        for s in q["expected"]:
            if s not in g.text:
                fail(qid, f"expected string {s!r} not in {q['graph']}")
        for s in q["must_keep"] + q["must_remove"]:
            m = FACT_RE.match(s)
            if not m:
                fail(qid, f"fact not in the file's form: {s!r}")
            elif not g.raw_fact(m["m"], float(m["v"]), m["d"], m["mt"]):
                fail(qid, f"fact not stated in {q['graph']}: {s!r}")
        for key in ("graph", "verdict", "mechanism", "query_type"):
            counts.setdefault(key, {}).setdefault(str(q[key]), 0)
            counts[key][str(q[key])] += 1

        spec = SPEC.get(qid)
        if not spec:
            fail(qid, "no derivation")
            continue
        gname, fn, args = spec
        if q["graph"] != gname:
            fail(qid, f"graph {q['graph']} != {gname}")
            continue
        try:
            want = fn(GRAPHS[gname], *args)
        except AssertionError as e:
            fail(qid, f"derivation failed: {e}")
            continue
        for k in ("expected", "verdict", "must_keep", "must_remove"):
            if q[k] != want[k]:
                fail(qid, f"{k}: file {q[k]!r} != derived {want[k]!r}")
        # every must_keep fact survives (under the anchor, if any)
        anchor = args[2] if fn is d_best and len(args) > 2 else None
        for s in q["must_keep"]:
            m = FACT_RE.match(s)
            if m and float(m["v"]) not in g.surv(m["m"], m["d"], m["mt"], anchor)[0]:
                fail(qid, f"must_keep fact does not survive: {s}")
        print(f"{qid} ok  {q['graph']}  {q['mechanism']:<13} {q['query_type']:<18} {str(q['verdict']):<9} {q['expected']}")

    traps()
    if counts:
        for key, c in counts.items():
            print(key, dict(sorted(c.items())))
        if counts["graph"] != {"g1.ttl": 5, "g2.ttl": 5, "g3.ttl": 5, "g4.ttl": 5}:
            fail("file", f"graph counts {counts['graph']}")
    print(f"NOW={check.NOW}")
    for f_ in failures:
        print("FAIL", f_)
    print(f"FAILURES: {len(failures)}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
