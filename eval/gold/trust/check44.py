#!/usr/bin/env python3
"""check44.py: re-derives every answer of trust-dev44.jsonl (US01-US20) from the fixture graphs.

Own rdflib code, one computer per question, run for every current year 2025-2030 and for
TRUST_NOW if it is set. Rules (public, from the trust READMEs):
  - P29 values 1-12 are months, not years; a paper with no other P29 has no usable year;
    a paper with two real years is read with each (every "world" must agree);
  - a value's weight is e^(-0.08 * age of its newest stating paper) * (1 + 0.8 ln(1 + papers)),
    ages from the current year or the question's anchor; the weaker value is removed when the
    weights differ by more than 30 % of the stronger, otherwise both stay (a close conflict,
    read with each value: a leader or verdict is settled only when every reading agrees);
  - "as of Y" / "in Y" = papers up to Y (an "in Y" question is also read as "published in Y");
    undated papers are left out under an anchor;
  - '91.2%', '88.3%', '27.3 ' are clean numbers, '-' is no value; Word Error Rate is
    lower-is-better, every other metric higher-is-better.
Prints one line per failure and ends with FAILURES: N (exit status 1 when N > 0).
US_FILE=/path/copy.jsonl checks another copy.
"""
import itertools
import json
import math
import os
import re
import sys

sys.dont_write_bytecode = True
from rdflib import Graph, Namespace, RDF, RDFS  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = "/work/main/eval/gold/trust"
FILE = os.environ.get("US_FILE", os.path.join(HERE, "trust-dev44.jsonl"))
README = os.path.join(HERE, "README44.md")
FIRST = os.path.join(TRUST, "trust-dev.jsonl")

P = Namespace("http://orkg.org/orkg/predicate/")
C = Namespace("http://orkg.org/orkg/class/")
LOWER = {"Word Error Rate"}
LAMBDA, CORR, THRESH = 0.08, 0.8, 0.30
QUERY_TYPES = ["topic_search", "method_comparison", "dataset_search", "claim_verification",
               "method_usage", "paper_lookup"]
MECHS = ["recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"]
VERDICTS = ["SUPPORTED", "REFUTED", "UNCERTAIN"]
FACT_RE = re.compile(r"^(.+) scores (\S+) on (.+) by (.+)$")
ANCHORS = {"US04": 2019, "US08": 2022, "US15": 2021, "US18": 2018}
PREFIX = "US"

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL", msg)


# ----------------------------------------------------------------------------- graphs
def lab(g, node):
    for o in g.objects(node, RDFS.label):
        return str(o)
    return None


def clean(raw):
    s = raw.strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    if s in ("", "-"):
        return None
    float(s)
    return s


class KG:
    def __init__(self, name):
        self.name = name
        g = Graph()
        g.parse(os.path.join(TRUST, name), format="turtle")
        self.g = g
        self.papers = {}
        self.rows = []
        self.labels = {k: set() for k in ("dataset", "problem", "metric", "model", "field")}
        for kind, cls in (("dataset", C.Dataset), ("problem", C.Problem), ("metric", C.Metric),
                          ("model", C.Model), ("field", C.ResearchField)):
            for s in g.subjects(RDF.type, cls):
                self.labels[kind].add(lab(g, s))
        for p in g.subjects(RDF.type, C.Paper):
            raw = sorted(int(y) for y in g.objects(p, P.P29))
            info = dict(iri=str(p), title=lab(g, p), raw_years=raw,
                        years=[y for y in raw if y > 12],
                        dois=sorted(str(d) for d in g.objects(p, P.P26)), problems=set())
            self.papers[str(p)] = info
            for c in g.objects(p, P.P31):
                for pr in g.objects(c, P.P32):
                    info["problems"].add(lab(g, pr))
                models = [lab(g, m) for m in g.objects(c, P.HAS_MODEL)]
                for b in g.objects(c, P.HAS_BENCHMARK):
                    ds = lab(g, next(g.objects(b, P.HAS_DATASET)))
                    for e in g.objects(b, P.HAS_EVALUATION):
                        met = lab(g, next(g.objects(e, P.HAS_METRIC)))
                        raw_v = str(next(g.objects(e, P.HAS_VALUE)))
                        assert len(models) == 1, (name, p)
                        self.rows.append(dict(model=models[0], dataset=ds, metric=met, raw=raw_v,
                                              value=clean(raw_v), paper=str(p),
                                              problems={lab(g, pr) for pr in g.objects(c, P.P32)}))
        self.text = set()
        for v in self.labels.values():
            self.text |= v
        for info in self.papers.values():
            self.text.add(info["title"])
            self.text |= set(info["dois"])
            self.text |= {str(y) for y in info["years"]}
        self.text |= {r["value"] for r in self.rows if r["value"] is not None}
        multi = [pi for pi, info in self.papers.items() if len(info["years"]) > 1]
        self.worlds = [dict(zip(multi, combo)) for combo in
                       itertools.product(*[self.papers[pi]["years"] for pi in multi])] or [{}]

    def year(self, paper, world):
        if paper in world:
            return world[paper]
        ys = self.papers[paper]["years"]
        return ys[0] if len(ys) == 1 else None

    def careless_year(self, paper):
        raw = self.papers[paper]["raw_years"]
        return min(raw) if raw else None

    def paper_by_title(self, start):
        hits = [pi for pi, info in self.papers.items() if info["title"].startswith(start)]
        assert len(hits) == 1, (start, hits)
        return hits[0]

    # -- the rules
    def triple_values(self, m, d, met, world, anchor=None, exact=None, careless=False):
        out = {}
        for r in self.rows:
            if (r["model"], r["dataset"], r["metric"]) != (m, d, met) or r["value"] is None:
                continue
            y = self.careless_year(r["paper"]) if careless else self.year(r["paper"], world)
            if anchor is not None and (y is None or y > anchor):
                continue
            if exact is not None and y != exact:
                continue
            out.setdefault(r["value"], set()).add((r["paper"], y))
        return out

    def survivors(self, m, d, met, now, world, anchor=None, exact=None):
        vals = self.triple_values(m, d, met, world, anchor, exact)
        if len(vals) <= 1:
            return set(vals), set()
        ref = anchor if anchor is not None else (exact if exact is not None else now)
        w = {}
        for v, papers in vals.items():
            dated = [y for _, y in papers if y is not None]
            if not dated:
                raise ValueError(f"undated side in a conflict: {m} {d} {met} {v}")
            w[v] = math.exp(-LAMBDA * (ref - max(dated))) * (1 + CORR * math.log(1 + len(papers)))
        wmax = max(w.values())
        keep = {v for v in w if wmax - w[v] <= THRESH * wmax}
        return keep, set(w) - keep

    def models_on(self, d, met):
        return sorted({r["model"] for r in self.rows if r["dataset"] == d and r["metric"] == met})

    def board(self, d, met, now, world, anchor=None, exact=None):
        b = {}
        for m in self.models_on(d, met):
            keep, _ = self.survivors(m, d, met, now, world, anchor, exact)
            if keep:
                b[m] = keep
        return b

    def removed_on(self, d, met, now, world):
        out = {}
        for m in self.models_on(d, met):
            _, rem = self.survivors(m, d, met, now, world)
            if rem:
                out[m] = rem
        return out

    def first_year(self, m, d, met, world):
        ys = [self.year(r["paper"], world) for r in self.rows
              if (r["model"], r["dataset"], r["metric"]) == (m, d, met) and r["value"] is not None]
        ys = [y for y in ys if y is not None]
        return min(ys) if ys else None


def better(met, a, b):
    return float(a) < float(b) if met in LOWER else float(a) > float(b)


def readings(b):
    models = sorted(b)
    for combo in itertools.product(*[sorted(b[m]) for m in models]):
        yield dict(zip(models, combo))


def leader_of(reading, met):
    best = None
    for m, v in reading.items():
        if best is None or better(met, v, best[1]):
            best = (m, v)
    ties = [m for m, v in reading.items() if float(v) == float(best[1])]
    return best if len(ties) == 1 else ("TIE:" + "/".join(sorted(ties)), best[1])


def fact(m, v, d, met):
    return f"{m} scores {v} on {d} by {met}"


_KG = {}


def kg(name):
    if name not in _KG:
        _KG[name] = KG(name)
    return _KG[name]


def agree(values, what):
    """Every world/reading must give one answer."""
    vs = []
    for v in values:
        if v not in vs:
            vs.append(v)
    if len(vs) != 1:
        return {"DISAGREE": what, "answers": vs}
    return vs[0]


# ----------------------------------------------------------------------------- computers
def leaders_all(K, d, met, now, anchor=None, exact=None):
    """Set of (model, value) leaders over every world and every reading of close conflicts."""
    out = set()
    for w in K.worlds:
        for rd in readings(K.board(d, met, now, w, anchor, exact)):
            out.add(leader_of(rd, met))
    return out


def c_claim_best(K, m, d, met, now, still):
    """Claim "m is (still) the best on d by met" now."""
    res = []
    for w in K.worlds:
        b = K.board(d, met, now, w)
        leads = {leader_of(rd, met) for rd in readings(b)}
        names = {x[0] for x in leads}
        if names == {m}:
            verdict = "SUPPORTED"
            exp = [m] + sorted(b[m])
            keep = [fact(m, v, d, met) for v in sorted(b[m])]
        elif m not in names:
            verdict = "REFUTED"
            assert len(names) == 1, names
            lm = next(iter(names))
            exp = [lm] + sorted(b[lm])
            keep = [fact(lm, v, d, met) for v in sorted(b[lm])]
        else:
            verdict = "UNCERTAIN"
            others = sorted(names - {m})
            exp = sorted(b[m]) + [v for o in others for v in sorted(b[o])]
            keep = [fact(m, v, d, met) for v in sorted(b[m])] + \
                   [fact(o, v, d, met) for o in others for v in sorted(b[o])]
        # removed outliers that would have beaten the answer (kind a)
        rm = []
        top = [v for x in leads for v in [x[1]]]
        for om, vals in K.removed_on(d, met, now, w).items():
            for v in sorted(vals):
                if all(better(met, v, t) for t in top):
                    rm.append(fact(om, v, d, met))
        if still and verdict == "REFUTED":
            rm += [fact(m, v, d, met) for v in sorted(K.board(d, met, now, w).get(m, []))]
        res.append(dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=rm))
    return agree(res, "claim_best")


def c_claim_value(K, m, d, met, v, now):
    res = []
    for w in K.worlds:
        keep, rem = K.survivors(m, d, met, now, w)
        if v in keep and len(keep) == 1:
            out = dict(expected=[v], verdict="SUPPORTED", must_keep=[fact(m, v, d, met)], must_remove=[])
        elif v in keep:
            out = dict(expected=sorted(keep), verdict="UNCERTAIN",
                       must_keep=[fact(m, x, d, met) for x in sorted(keep)], must_remove=[])
        elif keep:
            out = dict(expected=sorted(keep), verdict="REFUTED",
                       must_keep=[fact(m, x, d, met) for x in sorted(keep)],
                       must_remove=[fact(m, v, d, met)] if v in rem else [])
        else:
            out = dict(expected=[], verdict="UNCERTAIN", must_keep=[], must_remove=[])
        res.append(out)
    return agree(res, "claim_value")


def c_beaten_since(K, m, d, met, year, now):
    res = []
    for w in K.worlds:
        then = K.board(d, met, now, w, anchor=year)
        leads = {leader_of(rd, met)[0] for rd in readings(then)}
        if leads != {m}:
            res.append({"premise": f"{m} not the leader at the end of {year}: {leads}"})
            continue
        mv = then[m]
        b = K.board(d, met, now, w)
        names, keep = [], []
        for o in sorted(b):
            if o == m:
                continue
            fy = K.first_year(o, d, met, w)
            if fy is None:
                raise ValueError(f"undated model {o} on {d}")
            if fy > year and all(better(met, x, y) for x in b[o] for y in mv):
                names.append(o)
                keep += [fact(o, x, d, met) for x in sorted(b[o])]
            elif fy > year and any(better(met, x, y) for x in b[o] for y in mv):
                names.append("PARTLY:" + o)
        res.append(dict(expected=names, verdict=None, must_keep=keep, must_remove=[]))
    return agree(res, "beaten_since")


def problem_boards(K, problem):
    return sorted({(r["dataset"], r["metric"]) for r in K.rows if problem in r["problems"]})


def c_best(K, d, met, now, anchor=None, also_exact=False, problem=None, careless_differs=True):
    """Leader of a board, now or at an anchor, with must_remove of kinds (a) and (c)."""
    if problem is not None:
        bs = problem_boards(K, problem)
        if len(bs) != 1:
            return {"boards": bs}
        d, met = bs[0]
    res = []
    exacts = [None, anchor] if also_exact else [None]
    for w in K.worlds:
        for ex in exacts:
            an = None if ex is not None else anchor
            b = K.board(d, met, now, w, anchor=an, exact=ex)
            leads = {leader_of(rd, met) for rd in readings(b)}
            names = {x[0] for x in leads}
            if len(names) != 1:
                res.append({"leaders": sorted(map(str, leads))})
                continue
            lm = next(iter(names))
            vals = sorted(b[lm])
            rm = []
            if anchor is not None:
                # facts stated only after the anchor (or undated) that beat the leader or are the
                # leader's own later value
                for m in K.models_on(d, met):
                    for v, papers in K.triple_values(m, d, met, w).items():
                        ys = [y for _, y in papers]
                        if all(y is None or y > anchor for y in ys):
                            if m == lm or all(better(met, v, x) for x in vals):
                                rm.append(fact(m, v, d, met))
            else:
                for om, rv in K.removed_on(d, met, now, w).items():
                    for v in sorted(rv):
                        if all(better(met, v, x) for x in vals):
                            rm.append(fact(om, v, d, met))
            keep = [fact(lm, v, d, met) for v in vals]
            if anchor is None:
                # the corroborated values of models whose outlier was removed
                for om in K.removed_on(d, met, now, w):
                    keep += [fact(om, v, d, met) for v in sorted(b.get(om, []))]
            res.append(dict(expected=[lm] + vals, verdict=None, must_keep=keep, must_remove=rm))
    out = agree(res, "best")
    return out


def careless_leader(K, d, met, anchor):
    """Leader when the smallest raw P29 is taken as the year (a month read as a year)."""
    b = {}
    for m in K.models_on(d, met):
        vals = K.triple_values(m, d, met, {}, anchor=anchor, careless=True)
        if vals:
            b[m] = set(vals)
    return {leader_of(rd, met)[0] for rd in readings(b)}


def string_max(K, d, met, anchor=None):
    best = None
    for r in K.rows:
        if r["dataset"] == d and r["metric"] == met:
            y = K.year(r["paper"], {})
            if anchor is not None and (y is None or y > anchor):
                continue
            if best is None or r["raw"] > best[1]:
                best = (r["model"], r["raw"])
    return best


def c_absent_topic(K, phrase, words):
    hay = " ".join(sorted(K.text)).lower()
    if phrase.lower() in hay:
        return {"present": phrase}
    for wd in words:
        if re.search(r"\b" + re.escape(wd.lower()) + r"\b", hay):
            return {"present": wd}
    return dict(expected=[], verdict=None, must_keep=[], must_remove=[])


def c_claim_beats(K, a, bm, d, met, now):
    res = []
    for w in K.worlds:
        b = K.board(d, met, now, w)
        if a not in b or bm not in b:
            res.append(dict(expected=[], verdict="UNCERTAIN", must_keep=[], must_remove=[]))
            continue
        outs = {better(met, x, y) for x in b[a] for y in b[bm]}
        verdict = "SUPPORTED" if outs == {True} else ("REFUTED" if outs == {False} else "UNCERTAIN")
        exp = sorted(b[a]) + sorted(b[bm])
        keep = [fact(a, v, d, met) for v in sorted(b[a])] + [fact(bm, v, d, met) for v in sorted(b[bm])]
        res.append(dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=[]))
    return agree(res, "claim_beats")


def c_papers_and_value(K, m, d, met, now, with_years=False):
    res = []
    for w in K.worlds:
        boards = sorted({(r["dataset"], r["metric"]) for r in K.rows if r["model"] == m})
        if boards != [(d, met)]:
            res.append({"boards": boards})
            continue
        papers = sorted({r["paper"] for r in K.rows if r["model"] == m})
        titles = [K.papers[p]["title"] for p in papers]
        years = sorted({str(y) for p in papers for y in K.papers[p]["years"]})
        keep, rem = K.survivors(m, d, met, now, w)
        exp = titles + (years if with_years else []) + sorted(keep)
        res.append(dict(expected=exp, verdict=None, must_keep=[fact(m, v, d, met) for v in sorted(keep)],
                        must_remove=[fact(m, v, d, met) for v in sorted(rem)]))
    return agree(res, "papers_and_value")


def c_no_value(K, m, d, met):
    rows = [r for r in K.rows if (r["model"], r["dataset"], r["metric"]) == (m, d, met)]
    if not rows:
        return {"no row": (m, d, met)}
    if any(r["value"] is not None for r in rows):
        return {"has value": [r["raw"] for r in rows]}
    return dict(expected=[], verdict=None, must_keep=[], must_remove=[])


def c_best_paper_meta(K, d, met, now):
    res = []
    for w in K.worlds:
        b = K.board(d, met, now, w)
        names = {leader_of(rd, met)[0] for rd in readings(b)}
        if len(names) != 1:
            res.append({"leaders": names})
            continue
        lm = next(iter(names))
        vals = sorted(b[lm])
        papers = sorted({r["paper"] for r in K.rows if (r["model"], r["dataset"], r["metric"]) == (lm, d, met)
                         and r["value"] in vals})
        years = sorted({str(y) for p in papers for y in K.papers[p]["years"]})
        dois = sorted({x for p in papers for x in K.papers[p]["dois"]})
        res.append(dict(expected=[lm] + vals + years + dois, verdict=None,
                        must_keep=[fact(lm, v, d, met) for v in vals], must_remove=[]))
    return agree(res, "best_paper_meta")


def c_paper_year_claim(K, title_start, year):
    pi = K.paper_by_title(title_start)
    ys = K.papers[pi]["years"]
    if not ys:
        verdict, exp = "UNCERTAIN", []
    elif ys == [year]:
        verdict, exp = "SUPPORTED", [str(year)]
    elif year in ys:
        verdict, exp = "UNCERTAIN", [str(y) for y in ys]
    else:
        verdict, exp = "REFUTED", [str(y) for y in ys]
    return dict(expected=exp, verdict=verdict, must_keep=[], must_remove=[])


def c_newest_is_best(K, m, d, met, now):
    res = []
    for w in K.worlds:
        firsts = {o: K.first_year(o, d, met, w) for o in K.models_on(d, met)}
        dated = {o: y for o, y in firsts.items() if y is not None}
        newest = max(dated.values())
        if [o for o, y in dated.items() if y == newest] != [m]:
            res.append({"premise": f"{m} is not the newest model on {d}: {dated}"})
            continue
        b = K.board(d, met, now, w)
        names = {leader_of(rd, met)[0] for rd in readings(b)}
        if names == {m}:
            verdict = "SUPPORTED"
        elif m in names:
            verdict = "UNCERTAIN"
        else:
            verdict = "REFUTED"
        assert len(names) == 1
        lm = next(iter(names))
        exp = [lm] + sorted(b[lm])
        keep = [fact(lm, v, d, met) for v in sorted(b[lm])]
        if lm != m:
            keep += [fact(m, v, d, met) for v in sorted(b[m])]
        res.append(dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=[]))
    return agree(res, "newest_is_best")


def c_absent_pair(K, m, d, met, v):
    if m not in K.labels["model"] or d not in K.labels["dataset"]:
        return {"unknown": (m, d)}
    if any(r["model"] == m and r["dataset"] == d for r in K.rows):
        return {"present": (m, d)}
    return dict(expected=[], verdict="UNCERTAIN", must_keep=[], must_remove=[])


# ----------------------------------------------------------------------------- per question
def compute(qid, now):
    """Returns (computed answer, list of trap problems)."""
    traps = []
    if qid == "US01":
        K = kg("g1.ttl")
        out = c_claim_best(K, "Brackwater-UNet", "Corvalla-Ice", "F1", now, still=True)
        raw_max = max((r for r in K.rows if r["dataset"] == "Corvalla-Ice" and r["value"]),
                      key=lambda r: float(r["value"]))
        if raw_max["model"] == "Brackwater-UNet":
            traps.append("no outlier above Brackwater-UNet")
        firsts = {m: K.first_year(m, "Corvalla-Ice", "F1", {}) for m in K.models_on("Corvalla-Ice", "F1")}
        if max(firsts, key=firsts.get) == "Brackwater-UNet":
            traps.append("Brackwater-UNet is the newest")
        return out, traps
    if qid == "US02":
        return c_claim_value(kg("g1.ttl"), "KestrelNet", "BenchMira", "Accuracy", "78.9", now), traps
    if qid == "US03":
        K = kg("g1.ttl")
        out = c_beaten_since(K, "Orvalis-CNN", "BenchMira", "Accuracy", 2016, now)
        if max(K.year(r["paper"], {}) for r in K.rows
               if r["model"] == "Orvalis-CNN" and r["dataset"] == "BenchMira") <= 2016:
            traps.append("Orvalis-CNN not re-reported later")
        return out, traps
    if qid == "US04":
        K = kg("g1.ttl")
        out = c_best(K, "Skarnhold Glacier Set", "Mean IoU", now, anchor=ANCHORS[qid])
        if careless_leader(K, "Skarnhold Glacier Set", "Mean IoU", ANCHORS[qid]) != {"Sallowmere"}:
            traps.append("month-as-year reading does not change the leader")
        if any(r["dataset"] == "BenchMira" and r["metric"] == "Mean IoU" for r in K.rows):
            traps.append("BenchMira has a Mean IoU board (the self-correction would be moot)")
        return out, traps
    if qid == "US05":
        K = kg("g1.ttl")
        out = c_absent_topic(K, "sea ice", ["concentration"])
        if not any("Ice" in x for x in K.labels["dataset"]):
            traps.append("no dataset shares the word ice")
        return out, traps
    if qid == "US06":
        K = kg("g2.ttl")
        out = c_claim_beats(K, "Plumaro", "Corrasine", "Dastrup-7 Chorus", "Word Error Rate", now)
        if not (K.first_year("Corrasine", "Dastrup-7 Chorus", "Word Error Rate", {}) == 2025
                > K.first_year("Plumaro", "Dastrup-7 Chorus", "Word Error Rate", {})):
            traps.append("Corrasine is not the newer result from 2025")
        return out, traps
    if qid == "US07":
        return c_claim_beats(kg("g2.ttl"), "Aviquist", "Corrasine", "Veltmoor Dawn Set", "Word Error Rate",
                             now), traps
    if qid == "US08":
        K = kg("g2.ttl")
        out = c_best(K, "Dastrup-7 Chorus", "Word Error Rate", now, anchor=ANCHORS[qid], also_exact=True)
        nowl = leaders_all(K, "Dastrup-7 Chorus", "Word Error Rate", now)
        if {x[0] for x in nowl} == {"Trillbert"}:
            traps.append("anchor does not matter")
        return out, traps
    if qid == "US09":
        return c_papers_and_value(kg("g2.ttl"), "Fennick-RNN", "Dastrup-7 Chorus", "Word Error Rate", now), traps
    if qid == "US10":
        K = kg("g2.ttl")
        out = c_best(K, None, None, now, problem="Call-Type Classification")
        if not out.get("must_remove"):
            traps.append("no removed outlier above the leader")
        return out, traps
    if qid == "US11":
        K = kg("g3.ttl")
        out = c_claim_best(K, "Murrelet-MT", "Orrenby Parallel Corpus", "BLEU", now, still=True)
        if {x[0] for x in leaders_all(K, "Orrenby Parallel Corpus", "BLEU", now, anchor=2022)} != {"Murrelet-MT"}:
            traps.append("Murrelet-MT never held the record")
        return out, traps
    if qid == "US12":
        return c_claim_best(kg("g3.ttl"), "Nerrisa", "Mirelle Subtitles", "chrF", now, still=False), traps
    if qid == "US13":
        return c_no_value(kg("g3.ttl"), "Ostrada-T", "Mirelle Subtitles", "chrF"), traps
    if qid == "US14":
        K = kg("g3.ttl")
        out = c_best_paper_meta(K, "Quenmark Dialogue Set", "BLEU", now)
        if any(x.startswith("10.") for x in out.get("expected", [])):
            traps.append("the leader's paper has a DOI")
        return out, traps
    if qid == "US15":
        K = kg("g3.ttl")
        out = c_best(K, "Orrenby Parallel Corpus", "BLEU", now, anchor=ANCHORS[qid])
        if string_max(K, "Orrenby Parallel Corpus", "BLEU", ANCHORS[qid])[0] != "Lexmarrow":
            traps.append("string sort gives the right answer")
        return out, traps
    if qid == "US16":
        return c_paper_year_claim(kg("g4.ttl"), "Tidewick:", 2017), traps
    if qid == "US17":
        return c_newest_is_best(kg("g4.ttl"), "Undertow-GNN", "Sealbrook Turbine Logs", "F1", now), traps
    if qid == "US18":
        K = kg("g4.ttl")
        out = c_best(K, None, None, now, anchor=ANCHORS[qid], problem="Kelp Canopy Mapping")
        if careless_leader(K, "Kelpwatch-Norrland", "Mean IoU", ANCHORS[qid]) != {"Driftmere"}:
            traps.append("month-as-year reading does not change the leader")
        return out, traps
    if qid == "US19":
        K = kg("g4.ttl")
        out = c_papers_and_value(K, "Selkora", "Sealbrook Turbine Logs", "F1", now, with_years=True)
        pi = K.paper_by_title("Selkora:")
        if min(K.papers[pi]["raw_years"]) > 12:
            traps.append("Selkora paper has no month under P29")
        return out, traps
    if qid == "US20":
        K = kg("g4.ttl")
        out = c_absent_pair(K, "Kelvane", "Sealbrook Turbine Logs", "F1", "61.4")
        if not any(r["model"] == "Kelvane" and r["value"] == "61.4" for r in K.rows):
            traps.append("61.4 is not Kelvane's value anywhere")
        return out, traps
    return {"no computer": qid}, traps


# ----------------------------------------------------------------------------- generic checks
def parse_fact(s):
    m = FACT_RE.match(s)
    return m.groups() if m else None


def fact_in_graph(K, f):
    p = parse_fact(f)
    if not p:
        return False
    m, v, d, met = p
    return any((r["model"], r["value"], r["dataset"], r["metric"]) == (m, v, d, met) for r in K.rows)


def tokens(s):
    return set(re.findall(r"[a-z0-9]+", s.lower()))


def readme_counts():
    """Parses the four count tables of README44.md (| key | n | rows under a | what | n | header)."""
    out = {}
    if not os.path.exists(README):
        fail("README44.md missing")
        return out
    text = open(README, encoding="utf-8").read()
    sec = text.split("## Counts", 1)
    if len(sec) < 2:
        fail("README44.md has no '## Counts' section")
        return out
    cur = None
    for line in sec[1].split("\n## ", 1)[0].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else None
        if not cells:
            cur = None
            continue
        if len(cells) == 2 and cells[1] == "n":
            cur = cells[0]
            out[cur] = {}
            continue
        if cur and len(cells) == 2 and cells[1].isdigit():
            out[cur][cells[0]] = int(cells[1])
    return out


def main():
    first_keys = list(json.loads(open(FIRST, encoding="utf-8").readline()).keys())
    first_qs = [json.loads(l)["question"] for l in open(FIRST, encoding="utf-8") if l.strip()]
    lines = [l for l in open(FILE, encoding="utf-8").read().splitlines()]
    items = []
    for i, l in enumerate(lines, 1):
        if not l.strip():
            fail(f"line {i}: empty line")
            continue
        try:
            items.append(json.loads(l))
        except json.JSONDecodeError as e:
            fail(f"line {i}: not JSON ({e})")
    if len(items) != 20:
        fail(f"{len(items)} questions, expected 20")
    ids = [d.get("id") for d in items]
    want = [f"{PREFIX}{i:02d}" for i in range(1, 21)]
    if ids != want[:len(ids)] or len(ids) != 20:
        fail(f"ids not {PREFIX}01..{PREFIX}20 in order: {ids}")
    if len(set(ids)) != len(ids):
        fail("duplicate ids")
    qs = [d.get("question", "") for d in items]
    if len(set(q.strip().lower() for q in qs)) != len(qs):
        fail("duplicate questions")

    years = list(range(2025, 2031))
    if os.environ.get("TRUST_NOW"):
        years.append(int(os.environ["TRUST_NOW"]))

    # the first README's conflict table must come out the same under this checker's reading
    table = [("g1.ttl", "KestrelNet", "BenchMira", "Accuracy", {"74.1"}),
             ("g1.ttl", "Orvalis-CNN", "Corvalla-Ice", "F1", {"87.0"}),
             ("g2.ttl", "Fennick-RNN", "Dastrup-7 Chorus", "Word Error Rate", {"21.7"}),
             ("g2.ttl", "Syrinxa", "Hollenby Marsh Calls", "Accuracy", {"88.3"}),
             ("g3.ttl", "Gannetron", "Orrenby Parallel Corpus", "BLEU", {"18.9"}),
             ("g1.ttl", "Tavrosa", "BenchMira", "Accuracy", {"86.1", "85.4"}),
             ("g2.ttl", "Trillbert", "Dastrup-7 Chorus", "Word Error Rate", {"9.4", "10.1"}),
             ("g2.ttl", "Aviquist", "Veltmoor Dawn Set", "Word Error Rate", {"6.8", "7.9"}),
             ("g2.ttl", "Warbleon", "Hollenby Marsh Calls", "Accuracy", {"79.5", "80.7"}),
             ("g3.ttl", "Murrelet-MT", "Mirelle Subtitles", "chrF", {"55.1", "51.0"})]
    for now in years:
        for gname, m, d, met, keep in table:
            got, _ = kg(gname).survivors(m, d, met, now, {})
            if got != keep:
                fail(f"conflict table: {m} on {d} at {now}: {sorted(got)} != {sorted(keep)}")

    for d in items:
        qid = d.get("id", "?")
        if list(d.keys()) != first_keys:
            fail(f"{qid}: fields {list(d.keys())} != {first_keys}")
            continue
        if d["graph"] not in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"):
            fail(f"{qid}: graph {d['graph']}")
            continue
        K = kg(d["graph"])
        if d["query_type"] not in QUERY_TYPES:
            fail(f"{qid}: query_type {d['query_type']}")
        if d["mechanism"] not in MECHS:
            fail(f"{qid}: mechanism {d['mechanism']}")
        is_claim = d["query_type"] == "claim_verification"
        if is_claim and d["verdict"] not in VERDICTS:
            fail(f"{qid}: claim without a valid verdict ({d['verdict']})")
        if not is_claim and d["verdict"] is not None:
            fail(f"{qid}: verdict on a non-claim")
        for k in ("expected", "must_remove", "must_keep"):
            if not isinstance(d[k], list) or not all(isinstance(x, str) for x in d[k]):
                fail(f"{qid}: {k} is not a list of strings")
        if not isinstance(d["notes"], str) or len(d["notes"]) < 40:
            fail(f"{qid}: notes too short")
        for s in d["expected"]:
            if s not in K.text:
                fail(f"{qid}: expected string {s!r} not in {d['graph']}")
        for k in ("must_remove", "must_keep"):
            for f in d[k]:
                if not fact_in_graph(K, f):
                    fail(f"{qid}: {k} fact not in the graph: {f!r}")
        if set(d["must_keep"]) & set(d["must_remove"]):
            fail(f"{qid}: a fact both kept and removed")
        # voice: numbers spoken, no digits, no hyphens, lower case
        q = d["question"]
        if re.search(r"\d", q):
            fail(f"{qid}: digits in a spoken question")
        if "-" in q:
            fail(f"{qid}: a hyphen in a spoken question")
        if q != q.lower():
            fail(f"{qid}: capitals in a transcribed question")
        # Jaccard with the first file
        for t in first_qs:
            a, b = tokens(q), tokens(t)
            j = len(a & b) / len(a | b)
            if j >= 0.6:
                fail(f"{qid}: Jaccard {j:.2f} >= 0.6 with {t!r}")
        anchor = ANCHORS.get(qid)
        for now in years:
            # must_keep survive now and under the anchor; must_remove removed, after the anchor, or not best now
            for f in d["must_keep"]:
                p = parse_fact(f)
                if not p:
                    continue
                m, v, ds, met = p
                for w in K.worlds:
                    if v not in K.survivors(m, ds, met, now, w)[0]:
                        fail(f"{qid}: must_keep does not survive now ({now}): {f}")
                    if anchor is not None and v not in K.survivors(m, ds, met, now, w, anchor=anchor)[0]:
                        fail(f"{qid}: must_keep not on the board as of {anchor}: {f}")
            for f in d["must_remove"]:
                p = parse_fact(f)
                if not p:
                    continue
                m, v, ds, met = p
                for w in K.worlds:
                    keep_now, rem_now = K.survivors(m, ds, met, now, w)
                    removed = v in rem_now
                    after = anchor is not None and v not in K.survivors(m, ds, met, now, w, anchor=anchor)[0]
                    leads = {x[0] for x in leaders_all(K, ds, met, now)}
                    not_best = m not in leads and v in keep_now
                    if not (removed or after or not_best):
                        fail(f"{qid}: must_remove is neither removed, after the anchor, nor a former best: {f}")
            try:
                got, traps = compute(qid, now)
            except Exception as e:  # noqa: BLE001
                fail(f"{qid}: computer raised {type(e).__name__}: {e}")
                continue
            for t in traps:
                fail(f"{qid}: trap missing at {now}: {t}")
            if set(got) != {"expected", "verdict", "must_keep", "must_remove"}:
                fail(f"{qid}: computer could not derive an answer at {now}: {got}")
                continue
            for k in ("expected", "must_keep", "must_remove"):
                if sorted(set(got[k])) != sorted(set(d[k])) or len(d[k]) != len(set(d[k])):
                    fail(f"{qid}: {k} at {now}: file {d[k]} != derived {got[k]}")
            if got["verdict"] != d["verdict"]:
                fail(f"{qid}: verdict at {now}: file {d['verdict']} != derived {got['verdict']}")

    # second opinion: check.py's surviving() on every conflicted triple used (no reading may differ)
    try:
        sys.path.insert(0, TRUST)
        import check  # noqa: E402
        for d in items:
            if d.get("graph") not in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"):
                continue
            K = kg(d["graph"])
            G = check.G(d["graph"])
            trip = {parse_fact(f)[0::2] + (parse_fact(f)[3],) for f in d["must_keep"] + d["must_remove"]
                    if parse_fact(f)}
            for m, ds, met in sorted(trip):
                for an in ([None, ANCHORS[d["id"]]] if d["id"] in ANCHORS else [None]):
                    s, status, _ = check.surviving(G, m, ds, met, an)
                    mine = K.survivors(m, ds, met, int(getattr(check, "NOW", 2025)), {}, anchor=an)[0]
                    if {float(x) for x in s} != {float(x) for x in mine} or "ambig" in str(status).lower():
                        fail(f"{d['id']}: check.surviving disagrees on {m} {ds} {met} anchor {an}: "
                             f"{sorted(s)} {status} vs {sorted(mine)}")
    except ImportError as e:
        print(f"note: check.py not importable ({e}); second opinion skipped")

    # counts and the README
    counts = {
        "verdict": {},
        "mechanism": {},
        "query type": {},
        "graph": {},
    }
    for d in items:
        v = d.get("verdict") or "null"
        counts["verdict"][v] = counts["verdict"].get(v, 0) + 1
        counts["mechanism"][d.get("mechanism")] = counts["mechanism"].get(d.get("mechanism"), 0) + 1
        counts["query type"][d.get("query_type")] = counts["query type"].get(d.get("query_type"), 0) + 1
        gk = str(d.get("graph", "")).replace(".ttl", "")
        counts["graph"][gk] = counts["graph"].get(gk, 0) + 1
    for gk in ("g1", "g2", "g3", "g4"):
        if counts["graph"].get(gk) != 5:
            fail(f"graph {gk}: {counts['graph'].get(gk, 0)} questions, expected 5")
    nclaims = counts["query type"].get("claim_verification", 0)
    if not 7 <= nclaims <= 9:
        fail(f"{nclaims} claims, expected 7 to 9")
    for qt in QUERY_TYPES:
        if qt != "claim_verification" and not counts["query type"].get(qt):
            fail(f"no {qt} question")
    rc = readme_counts()
    for table_name, c in counts.items():
        if rc.get(table_name) != c:
            fail(f"README44 counts '{table_name}': {rc.get(table_name)} != {c}")

    print(f"FAILURES: {len(FAILS)}")
    sys.exit(1 if FAILS else 0)


if __name__ == "__main__":
    main()
