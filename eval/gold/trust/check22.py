#!/usr/bin/env python3
"""check22.py: checks trust-dev22.jsonl.

It reads the four graphs with its own rdflib query, resolves every conflict with check.resolve on the values it
gathered (and compares with check.surviving and with the README's "Conflict margins" table), parses every question
back into its template, and recomputes expected, verdict, must_keep, must_remove, query type and mechanism with its
own code (intervals instead of gen22's enumerated readings; its own as-it-stood boards instead of check.board).
Everything is recomputed for every current year 2025-2030 and the environment's own (TRUST_NOW). Then it checks
that gen22.py regenerates the file exactly, and prints the counts. Last line: FAILURES: <n>.
"""
import collections
import json
import os
import re
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = HERE if os.path.exists(os.path.join(HERE, "check.py")) else "/work/main/eval/gold/trust"
sys.path.insert(0, TRUST)
import check  # noqa: E402
import rdflib  # noqa: E402

FILE = os.path.join(HERE, "trust-dev22.jsonl")
if not os.path.exists(FILE):
    FILE = "/work/goldwork/tz/trust-dev22.jsonl"
GEN_DIR = HERE if os.path.exists(os.path.join(HERE, "gen22.py")) else "/work/goldwork/tz"

FIELDS = ["id", "graph", "question", "query_type", "mechanism", "expected", "verdict", "must_remove", "must_keep",
          "notes"]
MECHS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
QTYPE = {1: "method_usage", 2: "claim_verification", 3: "method_comparison", 4: "method_comparison",
         5: "method_comparison", 6: "method_comparison", 7: "paper_lookup", 8: "paper_lookup", 9: "paper_lookup",
         10: "claim_verification", 11: "claim_verification"}
CLOSE = {("Tavrosa", "BenchMira"), ("Trillbert", "Dastrup-7 Chorus"), ("Aviquist", "Veltmoor Dawn Set"),
         ("Warbleon", "Hollenby Marsh Calls"), ("Murrelet-MT", "Mirelle Subtitles")}
CLEAR = {("KestrelNet", "BenchMira"): 74.1, ("Orvalis-CNN", "Corvalla-Ice"): 87.0,
         ("Fennick-RNN", "Dastrup-7 Chorus"): 21.7, ("Syrinxa", "Hollenby Marsh Calls"): 88.3,
         ("Gannetron", "Orrenby Parallel Corpus"): 18.9}
LOWER = {"Word Error Rate"}

FAIL = []


def fail(qid, msg):
    FAIL.append("%s: %s" % (qid, msg))


def guard(f, *a):
    try:
        return f(*a)
    except Exception as e:  # noqa: BLE001
        raise RuntimeError("check.%s raised %s" % (getattr(f, "__name__", "?"), type(e).__name__)) from None


Q_ROWS = """
PREFIX orkgp: <http://orkg.org/orkg/predicate/>
PREFIX orkgc: <http://orkg.org/orkg/class/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?paper ?title ?model ?dataset ?metric ?value WHERE {
  ?paper a orkgc:Paper ; rdfs:label ?title ; orkgp:P31 ?c .
  ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b .
  ?m rdfs:label ?model .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e .
  ?d rdfs:label ?dataset .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value .
  ?mt rdfs:label ?metric .
}"""
Q_META = """
PREFIX orkgp: <http://orkg.org/orkg/predicate/>
PREFIX orkgc: <http://orkg.org/orkg/class/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?paper ?title ?p ?o WHERE {
  ?paper a orkgc:Paper ; rdfs:label ?title .
  OPTIONAL { ?paper ?p ?o . FILTER(?p IN (orkgp:P26, orkgp:P29)) }
}"""
Q_LABELS = """
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
SELECT ?l WHERE { ?s rdfs:label ?l }"""


def num(raw):
    s = raw.strip().rstrip("%").strip()
    try:
        return round(float(s), 1)
    except ValueError:
        return None


def f1(v):
    return "%.1f" % v


def fact(m, v, d, met):
    return "%s scores %s on %s by %s" % (m, f1(v), d, met)


class Graph:
    def __init__(self, name):
        self.name = name
        g = rdflib.Graph()
        g.parse(os.path.join(TRUST, name), format="turtle")
        self.rows = []
        for r in g.query(Q_ROWS):
            self.rows.append(dict(paper=str(r.paper), title=str(r.title), model=str(r.model),
                                  dataset=str(r.dataset), metric=str(r.metric), raw=str(r.value),
                                  val=num(str(r.value))))
        self.title, self.raw_years, self.dois = {}, collections.defaultdict(list), collections.defaultdict(list)
        for r in g.query(Q_META):
            p = str(r.paper)
            self.title[p] = str(r.title)
            if r.p is not None:
                if str(r.p).endswith("P29"):
                    self.raw_years[p].append(int(str(r.o)))
                else:
                    self.dois[p].append(str(r.o))
        self.labels = {str(r.l) for r in g.query(Q_LABELS)}
        self.text = "\n".join(sorted(self.labels)) + "\n" + "\n".join(
            r["raw"] for r in self.rows) + "\n" + "\n".join(
            str(y) for ys in self.raw_years.values() for y in ys) + "\n" + "\n".join(
            d for ds in self.dois.values() for d in ds)
        self.boards = []
        for r in self.rows:
            if (r["dataset"], r["metric"]) not in self.boards:
                self.boards.append((r["dataset"], r["metric"]))
        # the same rows as check.G reads
        cg = guard(check.G, name)
        mine = sorted((r["paper"], r["model"], r["dataset"], r["metric"], r["raw"]) for r in self.rows)
        theirs = sorted((r["paper"], r["model"], r["dataset"], r["metric"], r["value"]) for r in cg.rows)
        if mine != theirs:
            fail(name, "rdflib rows differ from check.G rows")
        self.cg = cg

    def years(self, p):
        return sorted(y for y in self.raw_years[p] if y >= 1000)


class B:
    """A board and what the checker derives for it, at current year NOW."""

    def __init__(self, G, d, met, now):
        self.G, self.d, self.m, self.now = G, d, met, now
        self.lower = met in LOWER
        self.rows = [r for r in G.rows if r["dataset"] == d and r["metric"] == met]
        self.models = sorted({r["model"] for r in self.rows})
        self.vals = {x: collections.defaultdict(set) for x in self.models}
        for r in self.rows:
            if r["val"] is not None:
                self.vals[r["model"]][r["val"]].add(r["paper"])
        self.surv, self.removed = {}, {}
        for x in self.models:
            vs = self.vals[x]
            if len(vs) > 1:
                arg = {v: [(self.G.years(p)[0] if self.G.years(p) else None, p) for p in ps] for v, ps in vs.items()}
                res = guard(check.resolve, arg, now)
                s, st = set(res[0]), res[1]
                if (x, d) in CLOSE:
                    ok = st == "close" and s == set(vs)
                elif (x, d) in CLEAR:
                    ok = st == "clear" and s == {CLEAR[(x, d)]}
                else:
                    ok = False
                if not ok:
                    fail(G.name, "conflict %s on %s is %s %s at NOW=%d, not as in the README" % (x, d, st, s, now))
            else:
                s = set(vs)
                if (x, d) in CLOSE or (x, d) in CLEAR:
                    fail(G.name, "README conflict %s on %s has one value" % (x, d))
            ref = guard(check.surviving, G.cg, x, d, met)
            if set(ref[0]) != s:
                fail(G.name, "check.surviving(%s, %s) = %s, own %s" % (x, d, ref[0], s))
            self.surv[x] = s
            self.removed[x] = set(vs) - s
        self.numeric = [x for x in self.models if self.surv[x]]

    def good(self, v):
        return -v if self.lower else v

    def lo(self, x):
        return min(self.good(v) for v in self.surv[x])

    def hi(self, x):
        return max(self.good(v) for v in self.surv[x])

    def group(self):
        return {x for x in self.numeric if not any(self.lo(y) > self.hi(x) for y in self.numeric if y != x)}

    def sure_maybe(self, x):
        sure = {y for y in self.numeric if y != x and self.lo(y) > self.hi(x)}
        maybe = {y for y in self.numeric if y != x and y not in sure and self.hi(y) > self.lo(x)}
        for y in self.numeric:
            if y != x and any(abs(a - b) < 1e-9 for a in self.surv[y] for b in self.surv[x]):
                raise AssertionError("tie %s %s" % (x, y))
        return sure, maybe

    def counts(self, x):
        s, mb = self.sure_maybe(x)
        assert len(mb) <= 1
        return sorted({len(s), len(s) + len(mb)})

    def first_year(self, x):
        ys = [y for vs in self.vals[x].values() for p in vs for y in self.G.years(p)[:1]]
        return min(ys) if ys else None

    def undated(self, x):
        return all(not self.G.years(p) for vs in self.vals[x].values() for p in vs)

    def newest(self):
        fy = {x: self.first_year(x) for x in self.numeric if self.first_year(x) is not None}
        top = max(fy.values())
        c = [x for x in fy if fy[x] == top]
        return c[0] if len(c) == 1 else None

    def topping_removed(self):
        out = []
        for x in self.models:
            for v in self.removed[x]:
                if all(self.good(v) > self.good(w) for y in self.numeric if y != x for w in self.surv[y]):
                    out.append((x, v))
        return out

    def facts_of(self, x):
        return {fact(x, v, self.d, self.m) for v in self.surv[x]}

    def group_facts(self):
        return set().union(*[self.facts_of(x) for x in self.group()])

    def group_exp(self):
        return {x for x in self.group()} | {f1(v) for x in self.group() for v in self.surv[x]}

    # the board as it stood at the end of year Y (papers up to Y; both of a paper's real years tried)
    def leader_in(self, Y):
        answers = set()
        for pick in (min, max):
            vals = {}
            for r in self.rows:
                if r["val"] is None:
                    continue
                ys = self.G.years(r["paper"])
                if not ys or pick(ys) > Y:
                    continue
                vals.setdefault(r["model"], {}).setdefault(r["val"], []).append((pick(ys), r["paper"]))
            if not vals:
                answers.add(None)
                continue
            surv, amb = {}, set()
            for x, vs in vals.items():
                if len(vs) > 1:
                    res = guard(check.resolve, vs, Y)
                    if res[1] == "clear":
                        surv[x] = set(res[0])
                    else:  # close, or undecided among the readings: both values stand
                        surv[x] = set(vs)
                        if res[1] != "close":
                            amb.add(x)
                else:
                    surv[x] = set(vs)
            g = self.good
            lead = [x for x in surv if all(min(g(v) for v in surv[x]) > max(g(w) for w in surv[y])
                                           for y in surv if y != x)]
            if len(lead) != 1 or lead[0] in amb or len(surv[lead[0]]) != 1:
                answers.add("?")
            else:
                answers.add((lead[0], next(iter(surv[lead[0]]))))
        return next(iter(answers)) if len(answers) == 1 else "?"

    def records(self):
        rec = collections.defaultdict(set)
        for Y in range(2010, 2026):
            a = self.leader_in(Y)
            if a not in (None, "?"):
                rec[a[0]].add(a[1])
        return rec


def load(now):
    out = {}
    for gname in ["g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"]:
        G = GRAPHS[gname]
        out[gname] = {d: B(G, d, m, now) for d, m in G.boards}
    return out


# ----------------------------------------------------------------------------------------------------------------
PATTERNS = [
    (1, re.compile(r"^On which datasets is (?P<x>.+) the best\?$")),
    (2, re.compile(r"^Is (?P<x>.+) the best on both (?P<d1>.+) and (?P<d2>.+)\?$")),
    (3, re.compile(r"^What rank \(1 = best\) does (?P<x>.+) have on (?P<d>.+) by (?P<m>.+)\?$")),
    (4, re.compile(r"^How far is (?P<x>.+) behind the best on (?P<d>.+) by (?P<m>.+)\?$")),
    (5, re.compile(r"^How many models have results on (?P<d>.+) by (?P<m>.+)\?$")),
    (6, re.compile(r"^How many papers report a result on (?P<d>.+)\?$")),
    (7, re.compile(r"^Which papers report the best (?P<m>.+) on (?P<d>.+)\?$")),
    (8, re.compile(r"^In which year was the best (?P<m>.+) on (?P<d>.+) first reported\?$")),
    (9, re.compile(r"^What are the DOIs of the papers that report the best (?P<m>.+) on (?P<d>.+)\?$")),
    (10, re.compile(r"^(?P<x>.+) is within (?P<M>\d+\.\d) points of the best on (?P<d>.+) by (?P<m>.+), right\?$")),
    (11, re.compile(r"^Only (?P<N>\d+) models? beats? (?P<x>.+) on (?P<d>.+) by (?P<m>.+), right\?$")),
]


def parse(q):
    for t, rx in PATTERNS:
        mt = rx.match(q["question"])
        if mt:
            return t, mt.groupdict()
    return None, None


def records_not_leading(b, x, recs):
    if x in b.group():
        return set()
    return {fact(x, v, b.d, b.m) for v in recs.get(x, ())}


def derive(q, boards, recs_all):
    """Return the recomputed fields of question q (a dict), or raise."""
    t, g = parse(q)
    bs = boards[q["graph"]]
    out = {"t": t}
    if t in (1, 2):
        x = g["x"]
        mine = [b for b in bs.values() if x in b.models]
        if t == 2:
            mine = [bs[g["d1"]], bs[g["d2"]]]
            assert all(x in b.models for b in mine)
        exp, keep, rem, flags = [], set(), set(), set()
        states = []
        for b in mine:
            grp = b.group()
            rec = recs_all[q["graph"]][b.d]
            state = "none" if not b.surv[x] else "best" if grp == {x} else "open" if x in grp else "not"
            states.append(state)
            keep |= b.group_facts()
            if t == 1:
                if state == "best":
                    exp += [b.d] + [f1(v) for v in b.surv[x]]
                    for y, v in b.topping_removed():
                        rem.add(fact(y, v, b.d, b.m))
                        flags.add("conflict")
                    if b.undated(x):
                        flags.add("metadata")
                    if b.newest() not in (None, x):
                        flags.add("recency")
                elif state == "open":
                    exp += [b.d] + sorted(b.group_exp())
                    flags.add("conflict")
                else:
                    rem |= records_not_leading(b, x, rec)
                    rem |= {fact(x, v, b.d, b.m) for y, v in b.topping_removed() if y == x}
                    if any(y == x for y, _ in b.topping_removed()):
                        flags.add("conflict")
                    if any(b.undated(y) for y in grp):
                        flags.add("metadata")
                    if state == "none":
                        flags.add("gate")
                    if rec.get(x) and x not in grp:
                        flags.add("superseded")
                    if b.newest() == x:
                        flags.add("recency")
            else:
                exp += sorted(b.group_exp())
                for y, v in b.topping_removed():
                    rem.add(fact(y, v, b.d, b.m))
                    flags.add("conflict")
                if state == "open":
                    flags.add("conflict")
                if state == "none":
                    flags.add("gate")
                if state == "not" and rec.get(x):
                    flags.add("superseded")
                    rem |= records_not_leading(b, x, rec)
                if b.newest() == x and state != "best":
                    flags.add("recency")
                if state == "best" and b.newest() not in (None, x):
                    flags.add("recency")
        order = ["conflict", "gate", "metadata", "superseded", "recency"] if t == 1 else \
            ["conflict", "gate", "superseded", "recency"]
        out["mechanism"] = next((k for k in order if k in flags), "corroboration")
        out["expected"] = set(exp)
        out["must_keep"], out["must_remove"] = keep, rem
        if t == 2:
            out["verdict"] = "SUPPORTED" if all(s == "best" for s in states) else \
                "REFUTED" if any(s in ("not", "none") for s in states) else "UNCERTAIN"
        return out
    b = bs[g["d"]]
    if "m" in g and g["m"] != b.m:
        raise AssertionError("metric %s is not the board's %s" % (g["m"], b.m))
    if t in (3, 11):
        x = g["x"]
        assert b.surv[x], "no value"
        sure, maybe = b.sure_maybe(x)
        cs = b.counts(x)
        keep = b.facts_of(x).union(*[b.facts_of(y) for y in sure | maybe])
        # careless: removed values kept (every stored value; x at its best stored value)
        allv = {y: set(b.vals[y]) for y in b.numeric}
        xb = max(b.good(v) for v in allv[x])
        removed_kept = sum(1 for y in b.numeric if y != x and any(b.good(v) > xb for v in allv[y]))
        mattering = {fact(x, v, b.d, b.m) for v in b.removed[x]} | {
            fact(y, v, b.d, b.m) for y in b.numeric if y != x for v in b.removed[y]
            if b.good(v) > max(b.good(w) for w in b.surv[x])}
        if t == 3:
            ranks = [c + 1 for c in cs]
            out["expected"] = {str(r) for r in ranks} | {f1(v) for v in b.surv[x]}
            out["_derived"] = {str(r) for r in ranks}
            out["must_keep"] = keep
            out["must_remove"] = mattering if (removed_kept + 1) not in ranks else set()
            rows_rank = 1 + sum(1 for r in b.rows if r["model"] != x and r["val"] is not None
                                and r["val"] in b.surv[r["model"]]
                                and b.good(r["val"]) > max(b.good(v) for v in b.surv[x]))
            if len(ranks) > 1 or len(b.surv[x]) > 1 or (removed_kept + 1) not in ranks:
                mech = "conflict"
            elif b.undated(x) or any(b.undated(y) for y in sure | maybe):
                mech = "metadata"
            elif rows_rank not in ranks:
                mech = "corroboration"
            else:
                mech = "superseded"
            out["mechanism"] = mech
            return out
        n = int(g["N"])
        if n < 1 or n > len(b.numeric) - 1:
            raise AssertionError("N=%d out of range" % n)
        out["verdict"] = ("SUPPORTED" if cs == [n] else "UNCERTAIN" if n in cs else "REFUTED")
        if sure or maybe:
            exp = set(sure) | set(maybe) | {f1(v) for y in maybe for v in b.surv[y]}
            if maybe:
                exp |= {f1(v) for v in b.surv[x]}
        else:
            exp = {x} | {f1(v) for v in b.surv[x]}
        out["expected"] = exp
        out["must_keep"] = keep
        from_removed = (n == removed_kept and n not in cs)
        out["must_remove"] = mattering if from_removed else set()
        # which careless reading produced n (gen22 takes the first in this order)
        rows = sum(1 for r in b.rows if r["model"] != x and r["val"] is not None and r["val"] in b.surv[r["model"]]
                   and b.good(r["val"]) > max(b.good(v) for v in b.surv[x]))
        raw = {y: max(r["raw"] for r in b.rows if r["model"] == y and r["val"] is not None) for y in b.numeric}
        strs = sum(1 for y in b.numeric if y != x and raw[y] > raw[x])
        if out["verdict"] == "UNCERTAIN" or len(b.surv[x]) > 1 or from_removed:
            mech = "conflict"
        elif b.undated(x) or any(b.undated(y) for y in sure):
            mech = "metadata"
        elif n not in cs and n == rows:
            mech = "corroboration"
        elif n not in cs and n == strs:
            mech = "gate"
        else:
            mech = "superseded"
        out["mechanism"] = mech
        out["_careless"] = {"removed": removed_kept, "rows": rows, "strings": strs}
        return out
    if t in (4, 10):
        x = g["x"]
        grp = b.group()
        assert len(grp) == 1, "open top"
        bm = next(iter(grp))
        assert x != bm and b.surv[x]
        gaps = sorted({round(abs(u - v) + 1e-9, 1) for u in b.surv[bm] for v in b.surv[x]})
        out["expected"] = {bm} | {f1(v) for v in b.surv[bm]} | {f1(v) for v in gaps}
        out["must_keep"] = b.facts_of(x) | b.facts_of(bm)
        tr = {fact(y, v, b.d, b.m) for y, v in b.topping_removed()} | {fact(x, v, b.d, b.m) for v in b.removed[x]}
        allv = [v for y in b.numeric for v in b.vals[y]]
        best_all = max(allv, key=b.good)
        cg = sorted({round(abs(best_all - v) + 1e-9, 1) for v in b.vals[x]})
        out["_gaps"] = gaps

        def gm(conf):
            if len(b.surv[x]) > 1 or b.topping_removed() or b.removed[x] or conf:
                return "conflict"
            if b.undated(bm):
                return "metadata"
            fx, fb = b.first_year(x), b.first_year(bm)
            if fx is None or fb is None or fx == fb:
                return "corroboration"
            return "recency" if fx > fb else "superseded"
        if t == 4:
            out["must_remove"] = tr
            out["mechanism"] = gm(False)
            return out
        M = float(g["M"])
        if any(abs(M - v) < 0.05 for v in gaps):
            raise AssertionError("M on a gap")
        ins = [v <= M for v in gaps]
        out["verdict"] = "SUPPORTED" if all(ins) else "REFUTED" if not any(ins) else "UNCERTAIN"
        out["must_remove"] = tr if cg != gaps else set()
        out["mechanism"] = gm(out["verdict"] == "UNCERTAIN" or bool(out["must_remove"]))
        return out
    if t == 5:
        n = len(b.numeric)
        out["expected"] = {str(n)}
        out["must_keep"] = set().union(*[b.facts_of(y) for y in b.numeric])
        out["must_remove"] = set()
        out["mechanism"] = "gate" if len(b.numeric) != len(b.models) else "corroboration"
        return out
    if t == 6:
        papers = {r["paper"] for r in b.rows if r["val"] is not None}
        allp = {r["paper"] for r in b.rows}
        for p in papers:
            if not any(r["paper"] == p and r["val"] is not None and r["val"] in b.surv[r["model"]] for r in b.rows):
                raise AssertionError("a paper states only a removed value: should have been left out")
        out["expected"] = {str(len(papers))}
        out["must_keep"] = set()
        out["must_remove"] = set()
        out["mechanism"] = "gate" if allp != papers else "corroboration"
        return out
    if t in (7, 8, 9):
        grp = b.group()
        assert len(grp) == 1
        bm = next(iter(grp))
        (bv,) = tuple(b.surv[bm])
        papers = sorted(b.vals[bm][bv])
        out["must_keep"] = {fact(bm, bv, b.d, b.m)}
        out["must_remove"] = {fact(y, v, b.d, b.m) for y, v in b.topping_removed()}
        if t == 7:
            out["expected"] = {b.G.title[p] for p in papers}
            if b.topping_removed():
                mech = "conflict"
            elif b.undated(bm):
                mech = "metadata"
            elif len(papers) > 1:
                mech = "corroboration"
            else:
                mech = "recency" if b.newest() not in (None, bm) else "superseded"
            out["mechanism"] = mech
        elif t == 8:
            ys = [b.G.years(p) for p in papers]
            assert all(len(y) <= 1 for y in ys), "two real years"
            yy = [y[0] for y in ys if y]
            out["expected"] = {str(min(yy))} if yy else set()
            out["mechanism"] = "metadata"
        else:
            out["expected"] = {dd for p in papers for dd in b.G.dois[p]}
            out["mechanism"] = "metadata"
        return out
    raise AssertionError("no template")


def check_file(qs, now):
    boards = load(now)
    recs = {gname: {d: b.records() for d, b in bs.items()} for gname, bs in boards.items()}
    res = {}
    for q in qs:
        qid = q["id"]
        try:
            d = derive(q, boards, recs)
        except Exception as e:  # noqa: BLE001
            fail(qid, "cannot be recomputed (%s: %s)" % (type(e).__name__, e))
            continue
        res[qid] = d
        t = d["t"]
        if not q["notes"].startswith("[T%d] Rule: " % t) or " Right: " not in q["notes"] \
                or " Careless: " not in q["notes"]:
            fail(qid, "notes do not start with [T%d] Rule: ... Right: ... Careless:" % t)
        if q["query_type"] != QTYPE[t]:
            fail(qid, "query_type %s, want %s" % (q["query_type"], QTYPE[t]))
        if q["mechanism"] != d["mechanism"]:
            fail(qid, "mechanism %s, want %s" % (q["mechanism"], d["mechanism"]))
        if set(q["expected"]) != d["expected"]:
            fail(qid, "expected %s, want %s" % (sorted(q["expected"]), sorted(d["expected"])))
        if len(q["expected"]) != len(set(q["expected"])):
            fail(qid, "repeated expected string")
        want_v = d.get("verdict")
        if q["verdict"] != want_v:
            fail(qid, "verdict %s, want %s" % (q["verdict"], want_v))
        if set(q["must_keep"]) != d["must_keep"]:
            fail(qid, "must_keep %s, want %s" % (sorted(q["must_keep"]), sorted(d["must_keep"])))
        if set(q["must_remove"]) != d["must_remove"]:
            fail(qid, "must_remove %s, want %s" % (sorted(q["must_remove"]), sorted(d["must_remove"])))
        # facts: format, clean value, in the graph, kept facts survive, removed facts are kind (a) or (b)
        G = GRAPHS[q["graph"]]
        bs = boards[q["graph"]]
        for f in q["must_keep"] + q["must_remove"]:
            mt = check.FACT_RE.match(f)
            if not mt:
                fail(qid, "bad fact %r" % f)
                continue
            x, v, dd, mm = mt.groups()
            if f1(float(v)) != v or guard(check.fmt, float(v)) != v:
                fail(qid, "value not clean in %r" % f)
            if not guard(check.fact_exists, G.cg, f):
                fail(qid, "fact not in graph: %r" % f)
            if x not in G.labels or dd not in G.labels or mm not in G.labels:
                fail(qid, "label not in graph: %r" % f)
        for f in q["must_keep"]:
            x, v, dd, mm = check.FACT_RE.match(f).groups()
            if float(v) not in bs[dd].surv[x]:
                fail(qid, "must_keep fact does not survive: %r" % f)
            ref = guard(check.surviving, G.cg, x, dd, mm, check.anchor_of(q))
            if float(v) not in set(ref[0]):
                fail(qid, "check.surviving drops must_keep %r" % f)
        for f in q["must_remove"]:
            x, v, dd, mm = check.FACT_RE.match(f).groups()
            v = float(v)
            b = bs[dd]
            kind_a = v in b.removed[x]
            kind_b = v in b.surv[x] and v in recs[q["graph"]][dd].get(x, ()) and x not in b.group()
            if not (kind_a or kind_b):
                fail(qid, "must_remove %r is neither a removed value (a) nor a former record (b)" % f)
            if f in q["must_keep"]:
                fail(qid, "fact both kept and removed: %r" % f)
        if check.anchor_of(q) is not None:
            fail(qid, "the question has an anchor (%s)" % check.anchor_of(q))
        # expected strings occur in the graph, or are numbers this checker derived
        derived = set(d.get("_derived", ()))
        if t in (5, 6):
            derived = set(d["expected"])
        if t in (4, 10):
            derived = {f1(v) for v in d["_gaps"]}
        for s in q["expected"]:
            if s in derived:
                continue
            if s not in G.text or s not in guard(check.graph_text, G.cg):
                fail(qid, "expected string %r not in the graph" % s)
    return res


def main():
    global GRAPHS
    qs = [json.loads(line) for line in open(FILE)]
    GRAPHS = {gname: Graph(gname) for gname in ["g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"]}
    # structure
    prev_g = 0
    seen_q = set()
    if len(qs) > 320:
        fail("file", "more than 320 questions")
    for i, q in enumerate(qs, 1):
        if list(q) != FIELDS:
            fail(q.get("id", i), "fields %s" % list(q))
            continue
        if q["id"] != "TZ%03d" % i:
            fail(q["id"], "id out of order (want TZ%03d)" % i)
        gi = ["g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"].index(q["graph"])
        if gi < prev_g:
            fail(q["id"], "graph order")
        prev_g = gi
        if q["question"] in seen_q:
            fail(q["id"], "repeated question")
        seen_q.add(q["question"])
        if q["mechanism"] not in MECHS:
            fail(q["id"], "mechanism %s" % q["mechanism"])
        claim = q["query_type"] == "claim_verification"
        if claim != (q["verdict"] in ("SUPPORTED", "REFUTED", "UNCERTAIN")) or (not claim and q["verdict"] is not None):
            fail(q["id"], "verdict %s for %s" % (q["verdict"], q["query_type"]))
        for k in ("expected", "must_keep", "must_remove"):
            if not isinstance(q[k], list) or not all(isinstance(s, str) for s in q[k]):
                fail(q["id"], "%s not a list of strings" % k)
        if parse(q)[0] is None:
            fail(q["id"], "question matches no template")
    # recompute under every current year
    env_now = check.NOW
    saved = check.NOW
    results = {}
    for now in sorted({env_now, 2025, 2026, 2027, 2028, 2029, 2030}):
        check.NOW = now
        before = len(FAIL)
        results[now] = check_file(qs, now)
        if len(FAIL) > before:
            print("NOW=%d: %d failures" % (now, len(FAIL) - before))
    check.NOW = saved
    # the same answers for every NOW (checked by equality of recomputed fields)
    ref = results[env_now]
    for now, r in results.items():
        for qid in ref:
            a = {k: v for k, v in ref[qid].items() if not k.startswith("_")}
            b2 = {k: v for k, v in r.get(qid, {}).items() if not k.startswith("_")}
            if a != b2:
                fail(qid, "answer depends on the current year (NOW=%d)" % now)
    # gen22 regenerates the file exactly
    try:
        sys.path.insert(0, GEN_DIR)
        import gen22
        check.NOW = env_now
        again = gen22.finish(gen22.sample(gen22.generate()))
        check.NOW = saved
        if again != qs:
            diff = [a["id"] for a, b2 in zip(again, qs) if a != b2]
            fail("file", "gen22.py does not regenerate the file (%d differ, %d vs %d; first %s)" % (
                len(diff), len(again), len(qs), diff[:5]))
    except Exception as e:  # noqa: BLE001
        fail("file", "gen22.py could not be run (%s)" % type(e).__name__)
    # counts
    tmpl = {q["id"]: parse(q)[0] for q in qs}
    print("questions: %d (TRUST_NOW=%s, check.NOW=%d; also recomputed for 2025-2030)" % (
        len(qs), os.environ.get("TRUST_NOW", "unset"), env_now))
    gnames = ["g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"]
    print("per template and graph:")
    for t in range(1, 12):
        c = collections.Counter(q["graph"] for q in qs if tmpl[q["id"]] == t)
        print("  T%-2d %s  total %d" % (t, "  ".join("%s %3d" % (gn[:2], c[gn]) for gn in gnames), sum(c.values())))
    print("per graph:", dict(collections.Counter(q["graph"][:2] for q in qs)))
    print("per verdict:", dict(collections.Counter(str(q["verdict"]) for q in qs)))
    for t in range(1, 12):
        c = collections.Counter(str(q["verdict"]) for q in qs if tmpl[q["id"]] == t)
        if t in (2, 10, 11):
            print("  T%d verdicts: %s" % (t, dict(c)))
    print("per mechanism:", dict(collections.Counter(q["mechanism"] for q in qs)))
    for t in range(1, 12):
        c = collections.Counter(q["mechanism"] for q in qs if tmpl[q["id"]] == t)
        print("  T%-2d %s" % (t, dict(sorted(c.items()))))
    print("per query type:", dict(collections.Counter(q["query_type"] for q in qs)))
    print("must_remove non-empty: %d; expected empty: %d" % (
        sum(1 for q in qs if q["must_remove"]), sum(1 for q in qs if not q["expected"])))
    uniq = list(dict.fromkeys(FAIL))
    for line in uniq:
        print("FAIL " + line)
    print("FAILURES: %d" % len(uniq))
    sys.exit(1 if uniq else 0)


GRAPHS = {}
if __name__ == "__main__":
    main()
