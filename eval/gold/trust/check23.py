#!/usr/bin/env python3
"""check23.py: checks trust-dev23.jsonl. Gathers the graphs again with its own SPARQL (rdflib), resolves conflicts with
check.resolve (imported, never read) for every current year 2025-2030 and TRUST_NOW, and re-derives every answer."""
import os, sys, re, json, itertools
from collections import Counter
sys.dont_write_bytecode = True
TRUST = "/work/main/eval/gold/trust"
sys.path.insert(0, TRUST)
import check
import rdflib

HERE = os.path.dirname(os.path.abspath(__file__))
FILE = os.path.join(HERE, "trust-dev23.jsonl")
FIELDS = ["id", "graph", "question", "query_type", "mechanism", "expected", "verdict", "must_remove", "must_keep", "notes"]
QT = {"claim_verification", "method_comparison", "paper_lookup", "topic_search", "method_usage", "dataset_search"}
MECH = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
LOWER = {"Word Error Rate"}
fails = []
def fail(qid, msg): fails.append(f"{qid}: {msg}")

P = "PREFIX p: <http://orkg.org/orkg/predicate/> PREFIX c: <http://orkg.org/orkg/class/> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> "
ROWS = P + """SELECT ?paper ?ptitle ?model ?dataset ?metric ?value WHERE {
 ?paper a c:Paper ; rdfs:label ?ptitle ; p:P31 ?c . ?c p:HAS_MODEL ?m ; p:HAS_BENCHMARK ?b . ?m rdfs:label ?model .
 ?b p:HAS_DATASET ?d ; p:HAS_EVALUATION ?e . ?d rdfs:label ?dataset . ?e p:HAS_METRIC ?mt ; p:HAS_VALUE ?value . ?mt rdfs:label ?metric }"""
YEARS = P + "SELECT ?paper ?y WHERE { ?paper a c:Paper ; p:P29 ?y }"

def clean(s):
    s = str(s).strip().rstrip("%").strip()
    try: return round(float(s), 4)
    except ValueError: return None
def f1(v): return f"{v:.1f}"

class G:
    def __init__(self, name):
        self.name = name
        g = rdflib.Graph(); g.parse(os.path.join(TRUST, name), format="turtle")
        self.text = open(os.path.join(TRUST, name)).read()
        self.rows = [dict(paper=str(r.paper), title=str(r.ptitle), model=str(r.model), dataset=str(r.dataset),
                          metric=str(r.metric), raw=str(r.value), v=clean(r.value)) for r in g.query(ROWS)]
        self.years = {}
        for r in g.query(YEARS):
            y = int(r.y)
            self.years.setdefault(str(r.paper), [])
            if y >= 1000: self.years[str(r.paper)].append(y)      # 1-12 is a month
        self.titles = {r["paper"]: r["title"] for r in self.rows}
    def board_models(self, d, me): return sorted({r["model"] for r in self.rows if r["dataset"] == d and r["metric"] == me})
    def boards(self): return sorted({(r["dataset"], r["metric"]) for r in self.rows})
    def vals(self, m, d, me):
        out = {}
        for r in self.rows:
            if (r["model"], r["dataset"], r["metric"]) == (m, d, me) and r["v"] is not None:
                ys = self.years.get(r["paper"], [])
                out.setdefault(r["v"], []).append((min(ys) if ys else None, r["paper"]))
        return out
    def surv(self, m, d, me, now):
        vals = self.vals(m, d, me)
        if len(vals) <= 1: return sorted(vals)
        old = check.NOW
        s, st, _ = check.resolve(vals, now)
        return sorted(s)

def better(a, b, me): return a < b if me in LOWER else a > b
def beat(G_, a, b, d, me, now):
    A, B = G_.surv(a, d, me, now), G_.surv(b, d, me, now)
    r = {better(x, y, me) for x in A for y in B}
    return "yes" if r == {True} else "no" if r == {False} else "open"

NOWS = sorted({2025, 2026, 2027, 2028, 2029, 2030} | ({int(os.environ["TRUST_NOW"])} if os.environ.get("TRUST_NOW") else set()))

def derive(Gg, q, now):
    """returns (expected set, verdict) re-derived from the question text."""
    qs, t = q["question"], int(re.match(r"\[T(\d+)\]", q["notes"]).group(1))
    numeric = lambda m, d, me: bool(Gg.surv(m, d, me, now))
    def sh(a, b):
        return [bd for bd in Gg.boards() if a in Gg.board_models(*bd) and b in Gg.board_models(*bd)]
    if t in (1, 2, 3):
        m = re.match(r"(?:On which datasets does|Does|On how many datasets does) (.+?) beat (.+?)(?:\?| on every)", qs)
        a, b = m.group(1), m.group(2)
        num = [bd for bd in sh(a, b) if numeric(a, *bd) and numeric(b, *bd)]
        res = {bd: beat(Gg, a, b, *bd, now) for bd in num}
        yes = [bd for bd in num if res[bd] == "yes"]; op = [bd for bd in num if res[bd] == "open"]
        if t == 1:
            e = set(d for d, _ in yes)
            for d, me in op: e |= {d} | {f1(v) for v in Gg.surv(a, d, me, now) + Gg.surv(b, d, me, now)}
            return e, None
        if t == 2:
            assert len(sh(a, b)) >= 2
            v = "REFUTED" if "no" in res.values() else "UNCERTAIN" if op else "SUPPORTED"
            e = set()
            for d, me in num:
                if v == "REFUTED" and res[(d, me)] != "no": continue
                e |= {d} | {f1(x) for x in Gg.surv(a, d, me, now) + Gg.surv(b, d, me, now)}
            return e, v
        return {str(len(yes)), str(len(yes) + len(op))}, None
    if t in (4, 5):
        m = re.match(r"(?:Do the papers agree on|Which papers disagree about) (.+?)'s (.+?) on (.+?)\?", qs)
        mod = m.group(1)
        d = m.group(3)
        me = m.group(2) if t == 4 else [x for dd, x in Gg.boards() if dd == d][0]
        vals = Gg.vals(mod, d, me)
        assert len({p for v in vals.values() for y, p in v}) >= 2
        if len(vals) == 1:
            return ({f1(list(vals)[0])}, "SUPPORTED") if t == 4 else (set(), None)
        if t == 4: return {f1(v) for v in vals}, "REFUTED"
        return {f1(v) for v in vals} | {Gg.titles[p] for v in vals.values() for y, p in v}, None
    if t in (6, 7):
        d = re.match(r"(?:What is the most recent result on|Is the newest result on) (.+?)(?: by .+)?(?:\?| also)", qs).group(1)
        me = [x for dd, x in Gg.boards() if dd == d][0]
        ms = [m for m in Gg.board_models(d, me) if Gg.surv(m, d, me, now)]
        # reading A: date of a surviving value = its earliest paper's (single) year
        date = {}
        for m in ms:
            for v in Gg.surv(m, d, me, now):
                ps = [p for y, p in Gg.vals(m, d, me)[v]]
                yy = [Gg.years[p] for p in ps if Gg.years.get(p)]
                if not yy: continue
                date[(m, v)] = (min(min(y) for y in yy), min(max(y) for y in yy))
        top = max(lo for lo, hi in date.values())
        assert not any(hi >= top and lo != hi for lo, hi in date.values()), "two real years decide"
        A = {k for k, (lo, hi) in date.items() if lo == top}
        # reading B: rows of newest dated paper
        prow = [(max(Gg.years[r["paper"]]), r["model"], r["v"]) for r in Gg.rows if r["dataset"] == d and r["v"] is not None
                and Gg.years.get(r["paper"]) and r["v"] in Gg.surv(r["model"], d, me, now)]
        pt = max(y for y, _, _ in prow); B = {(m, v) for y, m, v in prow if y == pt}
        # reading C: newest model
        first = {}
        for r in Gg.rows:
            if r["dataset"] == d and r["v"] is not None and Gg.years.get(r["paper"]):
                first[r["model"]] = min(first.get(r["model"], 9999), min(Gg.years[r["paper"]]))
        mt = max(first.values()); C = {(m, v) for m in ms if first.get(m) == mt for v in Gg.surv(m, d, me, now)}
        if t == 6:
            I = A & B & C
            assert I
            return {m for m, v in I} | {f1(v) for m, v in I}, None
        # best now, undated included
        sure = lambda x, y: beat(Gg, x, y, d, me, now) == "yes"
        top_ = [m for m in ms if not any(beat(Gg, o, m, d, me, now) in ("yes", "open") for o in ms if o != m)]
        if len(top_) == 1: grp, op = top_, False
        else: grp, op = [m for m in ms if not any(sure(o, m) for o in ms if o != m)], True
        def vd(S):
            mods = {m for m, v in S}
            if not op: return "SUPPORTED" if grp[0] in mods else "REFUTED"
            return "UNCERTAIN" if mods & set(grp) else "REFUTED"
        vs = {vd(S) for S in (A, B, C)}
        assert len(vs) == 1
        e = {m for m in grp} | {f1(v) for m in grp for v in Gg.surv(m, d, me, now)} | {m for m, v in A} | {f1(v) for m, v in A}
        return e, vs.pop()
    if t == 8:
        m = re.match(r"When was (.+?)'s result on (.+?) first reported\?", qs)
        mod, d = m.group(1), m.group(2)
        me = [x for dd, x in Gg.boards() if dd == d][0]
        s = Gg.surv(mod, d, me, now)
        e = set()
        for v in s:
            ps = [p for y, p in Gg.vals(mod, d, me)[v]]
            yy = [Gg.years[p] for p in ps if Gg.years.get(p)]
            if not yy: continue
            outs = {min(pick) for pick in itertools.product(*yy)}
            e |= {str(y) for y in outs}
            if len(s) > 1: e.add(f1(v))
        return e, None
    if t == 9:
        d = re.match(r"By which metrics is (.+?) evaluated\?", qs).group(1)
        return {me for dd, me in Gg.boards() if dd == d}, None
    raise ValueError(t)

def main():
    qs = [json.loads(l) for l in open(FILE)]
    graphs = {n: G(n) for n in ["g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"]}
    cg = {n: check.G(n) for n in graphs}
    ids = [q["id"] for q in qs]
    if len(set(ids)) != len(ids): fail("*", "duplicate ids")
    if ids != [f"TA{i:03d}" for i in range(1, len(qs) + 1)]: fail("*", "ids not TA001.. in order")
    if len(qs) > 240: fail("*", "more than 240")
    if len({(q["graph"], q["question"]) for q in qs}) != len(qs): fail("*", "duplicate question")
    for q in qs:
        i = q["id"]
        if list(q) != FIELDS: fail(i, f"fields {list(q)}")
        if q["query_type"] not in QT: fail(i, "query_type")
        if q["mechanism"] not in MECH: fail(i, "mechanism")
        if (q["query_type"] == "claim_verification") != (q["verdict"] in ("SUPPORTED", "REFUTED", "UNCERTAIN")): fail(i, "verdict/query type")
        if q["verdict"] is not None and q["query_type"] != "claim_verification": fail(i, "verdict on a question")
        if not re.match(r"\[T\d+\] Rule: .+ Right: .+ Careless: .+", q["notes"], re.S): fail(i, "notes format")
        Gg = graphs[q["graph"]]
        for s in q["expected"]:
            if s not in Gg.text and not re.fullmatch(r"\d+(\.\d)?", s): fail(i, f"expected {s!r} not in graph and not a number")
        for kind, lst in (("keep", q["must_keep"]), ("remove", q["must_remove"])):
            for fct in lst:
                mm = check.FACT_RE.match(fct)
                if not mm: fail(i, f"bad fact {fct}"); continue
                mod, v, d, me = mm.groups(); v = float(v)
                if v not in Gg.vals(mod, d, me): fail(i, f"fact not in graph: {fct}"); continue
                if not check.fact_exists(cg[q["graph"]], fct): fail(i, f"check.fact_exists false: {fct}")
                for now in NOWS:
                    alive = v in Gg.surv(mod, d, me, now)
                    if kind == "keep" and not alive: fail(i, f"must_keep removed at {now}: {fct}")
                    if kind == "remove" and alive: fail(i, f"must_remove survives at {now}: {fct}")
        # the imported reference rules agree with this gathering at the default year
        for fct in q["must_keep"]:
            mod, v, d, me = check.FACT_RE.match(fct).groups()
            if float(v) not in check.surviving(cg[q["graph"]], mod, d, me)[0]: fail(i, f"check.surviving disagrees: {fct}")
        for now in NOWS:
            try: e, v = derive(Gg, q, now)
            except Exception as ex: fail(i, f"derive at {now}: {ex!r}"); continue
            t = int(q["notes"][2:q["notes"].index("]")])
            if t == 3:
                if set(q["expected"]) != e and not (len(e) == 1 and q["expected"] == list(e)): fail(i, f"count {q['expected']} vs {e} at {now}")
            elif set(q["expected"]) != e: fail(i, f"expected {sorted(q['expected'])} vs re-derived {sorted(e)} at {now}")
            if v != q["verdict"]: fail(i, f"verdict {q['verdict']} vs {v} at {now}")
    c = lambda k: dict(sorted(Counter(k(q) for q in qs).items(), key=lambda x: str(x[0])))
    print("questions:", len(qs), "| NOW readings:", NOWS, "| TRUST_NOW:", os.environ.get("TRUST_NOW"))
    print("template:", c(lambda q: q["notes"][1:q["notes"].index("]")]))
    print("graph:", c(lambda q: q["graph"]))
    print("verdict:", c(lambda q: q["verdict"]))
    print("mechanism:", c(lambda q: q["mechanism"]))
    print("query_type:", c(lambda q: q["query_type"]))
    print("must_remove non-empty:", sum(bool(q["must_remove"]) for q in qs), "| expected empty:", sum(not q["expected"] for q in qs))
    for f in fails[:40]: print("FAIL", f)
    print(f"FAILURES: {len(fails)}")
    sys.exit(1 if fails else 0)

if __name__ == "__main__":
    main()
