#!/usr/bin/env python3
"""Checker for trust-dev41.jsonl (UP01-UP20): a peer reviewer checking a submitted paper.

Re-derives every question's expected, verdict, must_keep and must_remove from the fixture graphs
g1.ttl .. g4.ttl with its own rdflib code (one computer per question), for every current year
2025-2030 and for TRUST_NOW if set. Also checks the fields and their order, ids, duplicates,
verdicts exactly on claims, that every expected string and every fact is in its graph, that
must_keep facts survive and must_remove facts are removed / after the anchor / a former best,
the counts README41.md gives, the first README's conflict table, and the word-overlap bound
against trust-dev.jsonl. Prints one line per failure and ends with `FAILURES: N`
(exit status 1 when N > 0).

    python3 check41.py
    TRUST_NOW=2030 python3 check41.py
    UP_FILE=/tmp/copy.jsonl python3 check41.py     # check another copy of the file

check.py (the first checker) is imported only as a second opinion (G, surviving, graph_text,
fact_exists); its source was not read. Exceptions it raises are caught and reported by type only.
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


def locate(name):
    for d in (HERE, TRUST):
        p = os.path.join(d, name)
        if os.path.exists(p):
            return p
    return os.path.join(HERE, name)


FILE = os.environ.get("UP_FILE") or locate("trust-dev41.jsonl")
README = locate("README41.md")
DEV1 = locate("trust-dev.jsonl")
NOWS = list(range(2025, 2031))
if os.environ.get("TRUST_NOW"):
    NOWS.append(int(os.environ["TRUST_NOW"]))
LAMBDA, CORR, THRESH = 0.08, 0.8, 0.30
LOWER_BETTER = {"Word Error Rate"}
QUERY_TYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification",
               "method_usage", "paper_lookup"}
MECHANISMS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
FACT_RE = re.compile(r"^(.+?) scores (\S+) on (.+) by (.+)$")

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL", msg)


# ------------------------------------------------------------------------------------------
# graphs (own rdflib code)
# ------------------------------------------------------------------------------------------
from rdflib import Graph, Namespace, RDF, RDFS  # noqa: E402

P = Namespace("http://orkg.org/orkg/predicate/")
C = Namespace("http://orkg.org/orkg/class/")


def clean(raw):
    s = str(raw).strip()
    if s.endswith("%"):
        s = s[:-1].strip()
    if s in ("", "-"):
        return None, None
    return float(s), s


class KG:
    def __init__(self, name):
        self.name = name
        g = Graph()
        g.parse(locate(name), format="turtle")
        lab = lambda n: str(g.value(n, RDFS.label))
        self.labels = {str(o) for o in g.objects(None, RDFS.label)}
        self.metrics = {lab(n) for n in g.subjects(RDF.type, C.Metric)}
        self.problems = {lab(n) for n in g.subjects(RDF.type, C.Problem)}
        self.datasets = {lab(n) for n in g.subjects(RDF.type, C.Dataset)}
        self.papers = {}
        self.rows = []  # (paper, model, dataset, metric, raw, value, clean string)
        for p in g.subjects(RDF.type, C.Paper):
            pid = str(p)
            raw_years = sorted(int(y) for y in g.objects(p, P.P29))
            self.papers[pid] = dict(
                title=lab(p), raw_years=raw_years,
                years=sorted(y for y in raw_years if not 1 <= y <= 12),
                dois=sorted(str(d) for d in g.objects(p, P.P26)), problems=set())
            for c in g.objects(p, P.P31):
                for pr in g.objects(c, P.P32):
                    self.papers[pid]["problems"].add(lab(pr))
                m = g.value(c, P.HAS_MODEL)
                for b in g.objects(c, P.HAS_BENCHMARK):
                    d = lab(g.value(b, P.HAS_DATASET))
                    for e in g.objects(b, P.HAS_EVALUATION):
                        met = lab(g.value(e, P.HAS_METRIC))
                        raw = str(g.value(e, P.HAS_VALUE))
                        v, s = clean(raw)
                        self.rows.append((pid, lab(m), d, met, raw, v, s))
        # worlds: a paper with two real years is read with each
        multi = [pid for pid, pp in self.papers.items() if len(pp["years"]) > 1]
        self.worlds = []
        for combo in itertools.product(*[self.papers[pid]["years"] for pid in multi]):
            w = {pid: (pp["years"][0] if pp["years"] else None) for pid, pp in self.papers.items()}
            w.update(dict(zip(multi, combo)))
            self.worlds.append(w)
        self.strings = set(self.labels)
        for pp in self.papers.values():
            self.strings.update(pp["dois"])
            self.strings.update(str(y) for y in pp["years"])
        self.strings.update(r[6] for r in self.rows if r[6] is not None)

    def paper_by_title(self, prefix):
        hits = [pid for pid, pp in self.papers.items() if pp["title"].startswith(prefix)]
        assert len(hits) == 1, ("title prefix not unique", prefix, hits)
        return hits[0]


KGS = {n: KG(n) for n in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")}


def fmt(v):
    return ("%.1f" % v)


def fact(m, v, d, met):
    return f"{m} scores {fmt(v)} on {d} by {met}"


# ------------------------------------------------------------------------------------------
# the public rules
# ------------------------------------------------------------------------------------------
def stated(kg, world, anchor=None):
    """(model, dataset, metric) -> {value: {paper: year}} for papers within the anchor."""
    out = {}
    for pid, m, d, met, raw, v, s in kg.rows:
        if v is None:
            continue
        y = world[pid]
        if anchor is not None and (y is None or y > anchor):
            continue
        out.setdefault((m, d, met), {}).setdefault(v, {})[pid] = y
    return out


def weigh(vals, ref):
    w = {}
    for v, papers in vals.items():
        years = [y for y in papers.values() if y is not None]
        assert years, ("a conflicting value with no dated paper", vals)
        w[v] = math.exp(-LAMBDA * (ref - max(years))) * (1 + CORR * math.log(1 + len(papers)))
    return w


def keep(vals, ref):
    if len(vals) == 1:
        return set(vals), "single"
    w = weigh(vals, ref)
    top = max(w.values())
    kept = {v for v in w if top - w[v] <= THRESH * top}
    return kept, ("clear" if len(kept) == 1 else "close")


def board(kg, d, met, now, world, anchor=None):
    ref = anchor if anchor is not None else now
    out = {}
    for (m, dd, mm), vals in stated(kg, world, anchor).items():
        if dd == d and mm == met:
            out[m] = keep(vals, ref)[0]
    return out


def readings(b):
    models = sorted(b)
    for combo in itertools.product(*[sorted(b[m]) for m in models]):
        yield dict(zip(models, combo))


def better(met, a, b):
    return a < b if met in LOWER_BETTER else a > b


def leader(reading, met):
    items = sorted(reading.items(), key=lambda kv: kv[1], reverse=met not in LOWER_BETTER)
    if not items:
        return None
    assert len(items) < 2 or items[0][1] != items[1][1], ("tie at the top", items[:2])
    return items[0]


def leaders(kg, d, met, now, anchor=None):
    """Every (model, value) that leads D under some world and some reading of a close conflict."""
    out = set()
    for w in kg.worlds:
        for r in readings(board(kg, d, met, now, w, anchor)):
            lr = leader(r, met)
            if lr is not None:
                out.add(lr)
    return out


def kept_values(kg, m, d, met, now, anchor=None):
    """The kept values of (m, d, met) in every world (a set per world)."""
    res = set()
    for w in kg.worlds:
        res.add(frozenset(board(kg, d, met, now, w, anchor).get(m, set())))
    return res


def all_kept(kg, m, d, met, now, anchor=None):
    ks = kept_values(kg, m, d, met, now, anchor)
    assert len(ks) == 1, ("worlds disagree on", m, d, met, ks)
    return set(next(iter(ks)))


def stated_anywhere(kg, m, d, met):
    return {v for pid, mm, dd, me, raw, v, s in kg.rows if (mm, dd, me) == (m, d, met) and v is not None}


def first_year(kg, m, d, met, world):
    ys = [world[pid] for pid, mm, dd, me, raw, v, s in kg.rows
          if (mm, dd, me) == (m, d, met) and v is not None and world[pid] is not None]
    return min(ys) if ys else None


def settled(outcomes):
    outcomes = set(outcomes)
    if outcomes == {True}:
        return "SUPPORTED"
    if outcomes == {False}:
        return "REFUTED"
    return "UNCERTAIN"


def after_anchor_beaters(kg, d, met, now, anchor, best_value):
    """Facts first stated after the anchor that beat the anchored best (must_remove kind c)."""
    out = set()
    for w in kg.worlds:
        for (m, dd, mm), vals in stated(kg, w).items():
            if (dd, mm) != (d, met):
                continue
            for v, papers in vals.items():
                ys = list(papers.values())
                if all(y is not None and y > anchor for y in ys) and better(met, v, best_value):
                    out.add(fact(m, v, d, met))
    return out


def removed_beaters(kg, d, met, now, best_value):
    """Values stated on the board, removed by the conflict rule, that would beat the best."""
    out = set()
    for w in kg.worlds:
        allb = board(kg, d, met, now, w)
        for (m, dd, mm), vals in stated(kg, w).items():
            if (dd, mm) != (d, met):
                continue
            for v in vals:
                if v not in allb[m] and better(met, v, best_value):
                    out.add(fact(m, v, d, met))
    return out


def careless_year(pp):
    return min(pp["raw_years"]) if pp["raw_years"] else None


# ------------------------------------------------------------------------------------------
# one computer per question: each returns expected, verdict, must_keep, must_remove
# ------------------------------------------------------------------------------------------
def R(expected, verdict, keep_, remove):
    return dict(expected=sorted(expected), verdict=verdict, must_keep=sorted(keep_), must_remove=sorted(remove))


def c_UP01(now):
    kg, d, met = KGS["g1.ttl"], "BenchMira", "Accuracy"
    claim = ("Wendrel-S", 87.2)
    assert all_kept(kg, *[claim[0], d, met], now) == {87.2}
    # premise: Wendrel-S has the newest first result on the board
    w = kg.worlds[0]
    firsts = {m: first_year(kg, m, d, met, w) for m in board(kg, d, met, now, w)}
    assert max(firsts.values()) == firsts["Wendrel-S"], firsts
    ls = leaders(kg, d, met, now)
    assert len(ls) == 1, ls
    (lm, lv), = ls
    verdict = settled(l == claim for l in ls)
    return R([lm, fmt(lv)], verdict, [fact(lm, lv, d, met), fact(*[claim[0], claim[1], d, met])], [])


def c_UP02(now):
    kg, d, met, thr = KGS["g1.ttl"], "Corvalla-Ice", "F1", 90.0
    above, keep_ = set(), set()
    for w in kg.worlds:
        b = board(kg, d, met, now, w)
        for m, vals in b.items():
            hi = [v > thr for v in vals]
            assert len(set(hi)) == 1, ("a close conflict straddles the threshold", m, vals)
            if hi[0]:
                above.update((m, v) for v in vals)
    exp = set()
    for m, v in above:
        exp.update([m, fmt(v)])
        keep_.add(fact(m, v, d, met))
    remove = removed_beaters(kg, d, met, now, thr)
    # the removed outlier's surviving value belongs to what the answer rests on
    for f in remove:
        m = FACT_RE.match(f).group(1)
        for v in all_kept(kg, m, d, met, now):
            keep_.add(fact(m, v, d, met))
    # the near miss that must not be listed
    assert any(abs(v - 89.9) < 1e-9 for v in all_kept(kg, "Quillon-XL", d, met, now))
    return R(exp, None, keep_, remove)


def c_UP03(now):
    kg, d, met, m, claimed = KGS["g1.ttl"], "BenchMira", "Accuracy", "Tavrosa", 86.1
    pid = kg.paper_by_title("Quillon-XL:")
    says = {v for p, mm, dd, me, raw, v, s in kg.rows if p == pid and (mm, dd, me) == (m, d, met)}
    assert says, "the cited paper states nothing for Tavrosa"
    kept = all_kept(kg, m, d, met, now)
    assert claimed in kept  # the number is real, only the citation is wrong
    verdict = "SUPPORTED" if claimed in says else "REFUTED"
    vals = says | kept
    return R([fmt(v) for v in vals], verdict, [fact(m, v, d, met) for v in kept], [])


def anchored_best(kg, d, met, now, anchor):
    ls = leaders(kg, d, met, now, anchor)
    assert len(ls) == 1, ls
    (lm, lv), = ls
    return lm, lv


def c_UP04(now):
    kg, d, met, anchor = KGS["g1.ttl"], "Skarnhold Glacier Set", "Mean IoU", 2019  # "before 2020"
    lm, lv = anchored_best(kg, d, met, now, anchor)
    remove = after_anchor_beaters(kg, d, met, now, anchor, lv)
    # the trap is real: the smallest raw P29 as the year puts Sallowmere before 2020
    pid = kg.paper_by_title("Sallowmere:")
    assert careless_year(kg.papers[pid]) <= anchor < kg.papers[pid]["years"][0]
    return R([lm, fmt(lv)], None, [fact(lm, lv, d, met)], remove)


def c_UP05(now):
    kg, d = KGS["g1.ttl"], "Corvalla-Ice"
    assert not any("dice" in m.lower() for m in kg.metrics), kg.metrics
    on_d = {me for pid, m, dd, me, raw, v, s in kg.rows if dd == d}
    assert on_d == {"F1"}, on_d
    return R([], None, [], [])


def c_UP06(now):
    kg, d, met, m, v = KGS["g2.ttl"], "Veltmoor Dawn Set", "Word Error Rate", "Aviquist", 6.8
    ls = leaders(kg, d, met, now)
    verdict = settled(l == (m, v) for l in ls)
    kept = all_kept(kg, m, d, met, now)
    exp, keep_ = {m}, set()
    for x in kept:
        exp.add(fmt(x))
        keep_.add(fact(m, x, d, met))
    for lm, lv in ls:
        exp.update([lm, fmt(lv)])
        keep_.add(fact(lm, lv, d, met))
    return R(exp, verdict, keep_, [])


def c_UP07(now):
    kg, d, met = KGS["g2.ttl"], "Dastrup-7 Chorus", "Word Error Rate"
    w = kg.worlds[0]
    newest = max(w[pid] for pid, m, dd, me, raw, v, s in kg.rows if (dd, me) == (d, met) and v is not None)
    newest_rows = {(m, v) for pid, m, dd, me, raw, v, s in kg.rows if (dd, me) == (d, met) and w[pid] == newest}
    assert newest_rows == {("Corrasine", 8.9)}, newest_rows
    ls = leaders(kg, d, met, now)
    assert len(ls) == 1, ls
    (lm, lv), = ls
    return R([lm, fmt(lv)], None, [fact(lm, lv, d, met), fact("Corrasine", 8.9, d, met)], [])


def c_UP08(now):
    kg, d, met, ours, claimed_gain = KGS["g2.ttl"], "Hollenby Marsh Calls", "Accuracy", 91.1, 1.0
    ls = leaders(kg, d, met, now)
    verdict = settled(abs((ours - lv) - claimed_gain) < 0.05 for lm, lv in ls)
    assert len(ls) == 1, ls
    (lm, lv), = ls
    remove = removed_beaters(kg, d, met, now, lv)
    keep_ = {fact(lm, lv, d, met)}
    for f in remove:
        m = FACT_RE.match(f).group(1)
        keep_.update(fact(m, x, d, met) for x in all_kept(kg, m, d, met, now))
    return R([lm, fmt(lv)], verdict, keep_, remove)


def c_UP09(now):
    kg, d, met, base = KGS["g2.ttl"], "Dastrup-7 Chorus", "Word Error Rate", ("Chirpform", 14.6)
    pid0 = kg.paper_by_title("Chirpform:")
    names, keep_, newer_worse = set(), set(), set()
    for w in kg.worlds:
        y0 = w[pid0]
        b = board(kg, d, met, now, w)
        for m, vals in b.items():
            later = any(w[pid] is not None and w[pid] > y0 for pid, mm, dd, me, raw, v, s in kg.rows
                        if (mm, dd, me) == (m, d, met) and v is not None)
            if not later or m == base[0]:
                continue
            beats = {better(met, v, base[1]) for v in vals}
            assert len(beats) == 1, ("close conflict straddles the base", m, vals)
            if beats == {True}:
                names.add(m)
                keep_.update(fact(m, v, d, met) for v in vals)
            else:
                newer_worse.add(m)
    assert "Fennick-RNN" in newer_worse  # the trap: a newer row with a worse WER
    # the base is a former best (was the leader at the end of its year), not current
    was = all(leader(r, met) == base for w in kg.worlds for r in readings(board(kg, d, met, now, w, 2017)))
    assert was and base not in leaders(kg, d, met, now)
    return R(names, None, keep_, [fact(base[0], base[1], d, met)])


def c_UP10(now):
    kg = KGS["g2.ttl"]
    pp = kg.papers[kg.paper_by_title("Trillbert:")]
    assert 5 in pp["raw_years"]
    return R([str(y) for y in pp["years"]], None, [], [])


def c_UP11(now):
    kg, d, met, ours, claimed_prev, claimed_gain = KGS["g3.ttl"], "Orrenby Parallel Corpus", "BLEU", 38.0, ("Murrelet-MT", 34.2), 3.8
    ls = leaders(kg, d, met, now)
    assert len(ls) == 1, ls
    (lm, lv), = ls
    verdict = settled(l == claimed_prev and abs(ours - l[1] - claimed_gain) < 0.05 for l in ls)
    # the claimed previous best was the leader at some earlier year end (a former best)
    was = any(leaders(kg, d, met, now, y) == {claimed_prev} for y in range(2000, now))
    assert was
    # the string-sort trap
    strs = [s for pid, m, dd, me, raw, v, s in kg.rows if (dd, me) == (d, met) and s]
    assert max(strs) == "9.8"
    return R([lm, fmt(lv)], verdict, [fact(lm, lv, d, met)], [fact(claimed_prev[0], claimed_prev[1], d, met)])


def c_UP12(now):
    kg, d, met, m = KGS["g3.ttl"], "Mirelle Subtitles", "chrF", "Ostrada-T"
    rows = [r for r in kg.rows if (r[1], r[2], r[3]) == (m, d, met)]
    assert rows and all(r[5] is None for r in rows), rows
    assert kg.papers[rows[0][0]]["title"].startswith("Ostrada-T:")
    who = {(r[1], kg.papers[r[0]]["title"].split(":")[0]) for r in kg.rows if (r[2], r[3]) == (d, met) and r[5] == 48.2}
    assert who == {("Halverin", "Varnholt")}, who
    return R([], "UNCERTAIN", [], [])


def c_UP13(now):
    kg, d, met = KGS["g3.ttl"], "Mirelle Subtitles", "chrF"
    ls = leaders(kg, d, met, now)
    assert len(ls) > 1, ls  # the top of the board cannot be told
    exp, keep_ = set(), set()
    for lm, lv in ls:
        for x in all_kept(kg, lm, d, met, now):
            exp.update([lm, fmt(x)])
            keep_.add(fact(lm, x, d, met))
    return R(exp, None, keep_, [])


def c_UP14(now):
    kg, d, met, m = KGS["g3.ttl"], "Orrenby Parallel Corpus", "BLEU", "Gannetron"
    kept = all_kept(kg, m, d, met, now)
    gone = stated_anywhere(kg, m, d, met) - kept
    exp = {fmt(v) for v in kept}
    for pid, mm, dd, me, raw, v, s in kg.rows:
        if (mm, dd, me) == (m, d, met) and v in kept:
            exp.add(kg.papers[pid]["title"])
    cited = kg.paper_by_title("Revisiting Neural Baselines for Vendish-English")
    says = {r[5] for r in kg.rows if r[0] == cited and (r[1], r[2], r[3]) == (m, d, met)}
    assert 21.5 not in says and says <= kept, says
    return R(exp, None, [fact(m, v, d, met) for v in kept], [fact(m, v, d, met) for v in gone])


def c_UP15(now):
    kg, d, met, anchor, claim = KGS["g3.ttl"], "Quenmark Dialogue Set", "BLEU", 2019, ("Varnholt", 17.9)
    lm, lv = anchored_best(kg, d, met, now, anchor)
    verdict = settled(l == claim for l in leaders(kg, d, met, now, anchor))
    careless = leaders(kg, d, met, now)
    assert claim not in careless  # ignoring the anchor refutes it
    return R([lm, fmt(lv)], verdict, [fact(lm, lv, d, met)], after_anchor_beaters(kg, d, met, now, anchor, lv))


def c_UP16(now):
    kg, d, met, claim, since = KGS["g4.ttl"], "Sealbrook Turbine Logs", "F1", ("Selkora", 88.5), 2021
    pid = kg.paper_by_title("Selkora:")
    assert kg.papers[pid]["years"] == [since] and 11 in kg.papers[pid]["raw_years"]
    outcomes = []
    keep_ = {fact(claim[0], claim[1], d, met)}
    for w in kg.worlds:
        assert first_year(kg, claim[0], d, met, w) == since
        for anchor in (None, since):  # "appeared in 2021" read as an anchor must not change it
            b = board(kg, d, met, now, w, anchor)
            for r in readings(b):
                beaten = False
                for m, v in r.items():
                    if m == claim[0]:
                        continue
                    later = [w[p] for p, mm, dd, me, raw, vv, s in kg.rows
                             if (mm, dd, me) == (m, d, met) and vv == v and w[p] is not None and w[p] >= since]
                    if later and not better(met, claim[1], v):
                        beaten = True
                    fy = first_year(kg, m, d, met, w)
                    if anchor is None and fy is not None and fy > since:
                        keep_.add(fact(m, v, d, met))  # a model new since then, which does not beat it
                outcomes.append(r.get(claim[0]) == claim[1] and not beaten)
    return R([claim[0], fmt(claim[1])], settled(outcomes), keep_, [])


def c_UP17(now):
    kg = KGS["g4.ttl"]
    pp = kg.papers[kg.paper_by_title("Tidewick:")]
    ys = set(pp["years"])
    verdict = "SUPPORTED" if ys == {2019} else ("UNCERTAIN" if 2019 in ys else "REFUTED")
    return R([str(y) for y in sorted(ys)], verdict, [], [])


def c_UP18(now):
    kg, d, met, anchor = KGS["g4.ttl"], "Sealbrook Turbine Logs", "F1", 2020
    lm, lv = anchored_best(kg, d, met, now, anchor)
    pid = kg.paper_by_title("Selkora:")
    assert careless_year(kg.papers[pid]) <= anchor < kg.papers[pid]["years"][0]  # the trap
    return R([lm, fmt(lv)], None, [fact(lm, lv, d, met)], after_anchor_beaters(kg, d, met, now, anchor, lv))


def c_UP19(now):
    kg = KGS["g4.ttl"]
    words = ("forecast", "power", "output")
    hits = [t for t in list(kg.problems) + [pp["title"] for pp in kg.papers.values()]
            if any(x in t.lower() for x in words)]
    assert not hits, hits
    assert any("Tidal" in p for p in kg.problems)  # the near miss a careless answer grabs
    return R([], None, [], [])


def c_UP20(now):
    kg, d, met, ref = KGS["g4.ttl"], "Kelpwatch-Norrland", "Mean IoU", ("Kelvane", 61.4)
    exp, keep_ = set(), {fact(ref[0], ref[1], d, met)}
    assert all_kept(kg, ref[0], d, met, now) == {ref[1]}
    for w in kg.worlds:
        for m, vals in board(kg, d, met, now, w).items():
            if all(better(met, v, ref[1]) for v in vals):
                for v in vals:
                    exp.update([m, fmt(v)])
                    keep_.add(fact(m, v, d, met))
                    pids = [p for p, mm, dd, me, raw, vv, s in kg.rows if (mm, dd, me) == (m, d, met)]
                    assert all(not kg.papers[p]["years"] for p in pids), "the higher result is dated"
    return R(exp, None, keep_, [])


COMPUTERS = {f"UP{i:02d}": globals()[f"c_UP{i:02d}"] for i in range(1, 21)}
ANCHOR = {"UP04": 2019, "UP15": 2019, "UP18": 2020}


# ------------------------------------------------------------------------------------------
# second opinion: check.py (imported, never read)
# ------------------------------------------------------------------------------------------
try:
    sys.path.insert(0, TRUST)
    import check as CHECK  # noqa: E402
except Exception as e:  # pragma: no cover
    CHECK = None
    print("note: check.py not importable:", type(e).__name__)


def second_opinion(gname, m, d, met, anchor, mine, now):
    if CHECK is None:
        return
    try:
        if hasattr(CHECK, "NOW"):
            CHECK.NOW = now
        got = CHECK.surviving(CHECK.G(gname), m, d, met, anchor=anchor)
    except Exception as e:
        print(f"note: check.surviving({m}, {d}, {met}, anchor={anchor}) raised {type(e).__name__}; not compared")
        return
    if set(got[0]) != set(mine):
        fail(f"second opinion: check.surviving gives {sorted(got[0])} for {m}/{d}/{met} anchor={anchor} now={now}, mine {sorted(mine)}")


# ------------------------------------------------------------------------------------------
# the first README's conflict table
# ------------------------------------------------------------------------------------------
CONFLICTS = [
    ("g1.ttl", "KestrelNet", "BenchMira", "Accuracy", {74.1}),
    ("g1.ttl", "Orvalis-CNN", "Corvalla-Ice", "F1", {87.0}),
    ("g2.ttl", "Fennick-RNN", "Dastrup-7 Chorus", "Word Error Rate", {21.7}),
    ("g2.ttl", "Syrinxa", "Hollenby Marsh Calls", "Accuracy", {88.3}),
    ("g3.ttl", "Gannetron", "Orrenby Parallel Corpus", "BLEU", {18.9}),
    ("g1.ttl", "Tavrosa", "BenchMira", "Accuracy", {86.1, 85.4}),
    ("g2.ttl", "Trillbert", "Dastrup-7 Chorus", "Word Error Rate", {9.4, 10.1}),
    ("g2.ttl", "Aviquist", "Veltmoor Dawn Set", "Word Error Rate", {6.8, 7.9}),
    ("g2.ttl", "Warbleon", "Hollenby Marsh Calls", "Accuracy", {79.5, 80.7}),
    ("g3.ttl", "Murrelet-MT", "Mirelle Subtitles", "chrF", {55.1, 51.0}),
]


def check_conflict_table():
    for now in NOWS:
        for gname, m, d, met, want in CONFLICTS:
            got = all_kept(KGS[gname], m, d, met, now)
            if got != want:
                fail(f"conflict table: {m}/{d} now={now} keeps {sorted(got)}, README says {sorted(want)}")
            second_opinion(gname, m, d, met, None, got, now)


# ------------------------------------------------------------------------------------------
# file-level checks
# ------------------------------------------------------------------------------------------
def tokens(s):
    return set(re.findall(r"[a-z0-9]+(?:[.\-][a-z0-9]+)*", s.lower()))


def jaccard(a, b):
    a, b = tokens(a), tokens(b)
    return len(a & b) / len(a | b) if a | b else 0.0


def parse_fact(kg, f, qid, field):
    mo = FACT_RE.match(f)
    if not mo:
        fail(f"{qid}: {field} fact not in the form 'Model scores V on Dataset by Metric': {f!r}")
        return None
    m, v, d, met = mo.groups()
    try:
        v = float(v)
    except ValueError:
        fail(f"{qid}: {field} value not a number: {f!r}")
        return None
    if v not in stated_anywhere(kg, m, d, met):
        fail(f"{qid}: {field} fact not in {kg.name}: {f!r}")
        return None
    if fmt(v) != mo.group(2):
        fail(f"{qid}: {field} value not in clean form: {f!r}")
    if CHECK is not None:
        try:
            if not CHECK.fact_exists(CHECK.G(kg.name), f):
                fail(f"{qid}: second opinion: check.fact_exists says no for {f!r}")
        except Exception as e:
            print(f"note: check.fact_exists raised {type(e).__name__} on {f!r}; not compared")
    return m, v, d, met


def remove_kind(kg, m, v, d, met, anchor, now):
    kinds = set()
    for w in kg.worlds:
        allb = board(kg, d, met, now, w)
        if v not in allb.get(m, set()):
            kinds.add("removed")
            continue
        if anchor is not None:
            ys = [w[p] for p, mm, dd, me, raw, vv, s in kg.rows if (mm, dd, me) == (m, d, met) and vv == v]
            if all(y is not None and y > anchor for y in ys):
                kinds.add("after_anchor")
                continue
        if (m, v) not in leaders(kg, d, met, now) and any(
                leaders(kg, d, met, now, y) == {(m, v)} for y in range(1990, now)):
            kinds.add("former_best")
            continue
        kinds.add("NONE")
    return kinds


def readme_counts():
    if not os.path.exists(README):
        fail(f"README not found: {README}")
        return {}
    counts = {}
    for line in open(README, encoding="utf-8"):
        mo = re.match(r"^\|\s*([A-Za-z0-9_ ()]+?)\s*\|\s*(\d+)\s*\|\s*$", line)
        if mo:
            counts[mo.group(1)] = int(mo.group(2))
    return counts


def main():
    try:
        lines = [l for l in open(FILE, encoding="utf-8").read().splitlines() if l.strip()]
    except OSError as e:
        fail(f"cannot read {FILE}: {e}")
        lines = []
    dev1 = [json.loads(l) for l in open(DEV1, encoding="utf-8") if l.strip()]
    order = list(dev1[0].keys())
    qs = []
    for i, l in enumerate(lines, 1):
        try:
            qs.append(json.loads(l))
        except json.JSONDecodeError as e:
            fail(f"line {i}: not JSON ({e})")
    if len(qs) != 20:
        fail(f"{len(qs)} questions, want 20")
    ids = [q.get("id") for q in qs]
    want_ids = [f"UP{i:02d}" for i in range(1, 21)]
    if ids != want_ids[:len(ids)] or len(ids) != 20:
        fail(f"ids not UP01..UP20 in order: {ids}")
    for x in set(ids):
        if ids.count(x) > 1:
            fail(f"duplicate id {x}")
    texts = [q.get("question", "") for q in qs]
    for x in set(texts):
        if texts.count(x) > 1:
            fail(f"duplicate question {x[:60]!r}")

    check_conflict_table()

    for q in qs:
        qid = q.get("id")
        if list(q.keys()) != order:
            fail(f"{qid}: fields {list(q.keys())}, want {order}")
            continue
        kg = KGS.get(q["graph"])
        if kg is None:
            fail(f"{qid}: unknown graph {q['graph']}")
            continue
        if q["query_type"] not in QUERY_TYPES:
            fail(f"{qid}: bad query_type {q['query_type']}")
        if q["mechanism"] not in MECHANISMS:
            fail(f"{qid}: bad mechanism {q['mechanism']}")
        claim = q["query_type"] == "claim_verification"
        if claim and q["verdict"] not in VERDICTS:
            fail(f"{qid}: a claim needs a verdict, has {q['verdict']!r}")
        if not claim and q["verdict"] is not None:
            fail(f"{qid}: verdict {q['verdict']!r} on a non-claim")
        for s in q["expected"]:
            if s not in kg.strings:
                fail(f"{qid}: expected string {s!r} not in {kg.name}")
            elif CHECK is not None:
                try:
                    if s not in CHECK.graph_text(CHECK.G(kg.name)).split("\n"):
                        fail(f"{qid}: second opinion: {s!r} not a line of check.graph_text")
                except Exception as e:
                    print(f"note: check.graph_text raised {type(e).__name__}")
        anchor = ANCHOR.get(qid)
        for field in ("must_keep", "must_remove"):
            for f in q[field]:
                p = parse_fact(kg, f, qid, field)
                if p is None:
                    continue
                m, v, d, met = p
                for now in NOWS:
                    if field == "must_keep":
                        for ks in kept_values(kg, m, d, met, now, anchor):
                            if v not in ks:
                                fail(f"{qid}: must_keep {f!r} does not survive (now={now}, anchor={anchor})")
                        second_opinion(kg.name, m, d, met, anchor, all_kept(kg, m, d, met, now, anchor), now)
                    else:
                        kinds = remove_kind(kg, m, v, d, met, anchor, now)
                        if "NONE" in kinds:
                            fail(f"{qid}: must_remove {f!r} is neither removed, after the anchor nor a former best (now={now})")
        comp = COMPUTERS.get(qid)
        if comp is None:
            fail(f"{qid}: no computer")
            continue
        results = []
        for now in NOWS:
            try:
                results.append((now, comp(now)))
            except AssertionError as e:
                fail(f"{qid}: computer assertion failed at now={now}: {e}")
        for now, r in results:
            if r != results[0][1]:
                fail(f"{qid}: answer depends on the current year ({results[0][0]} vs {now})")
        if results:
            r = results[0][1]
            for k in ("expected", "must_keep", "must_remove"):
                if sorted(q[k]) != r[k]:
                    fail(f"{qid}: {k} {sorted(q[k])} != recomputed {r[k]}")
            if q["verdict"] != r["verdict"]:
                fail(f"{qid}: verdict {q['verdict']!r} != recomputed {r['verdict']!r}")
        # word overlap with the first development file
        worst = max(((jaccard(q["question"], d1["question"]), d1["id"]) for d1 in dev1), default=(0, ""))
        if worst[0] >= 0.6:
            fail(f"{qid}: word overlap {worst[0]:.2f} with {worst[1]} (>= 0.6)")
        if not FAILS or not any(x.startswith(qid + ":") for x in FAILS):
            print(f"ok {qid} ({q['graph']}, {q['mechanism']}, {q['verdict']}; closest TD {worst[1]} {worst[0]:.2f})")

    # counts given in the README
    rc = readme_counts()
    have = {}
    for q in qs:
        for key in (str(q.get("verdict")) if q.get("verdict") else "null", q.get("mechanism"),
                    q.get("query_type"), (q.get("graph") or "").replace(".ttl", "")):
            have[key] = have.get(key, 0) + 1
    vocab = VERDICTS | {"null"} | MECHANISMS | QUERY_TYPES | {"g1", "g2", "g3", "g4"}
    for key in sorted(vocab):
        if rc.get(key, 0) != have.get(key, 0):
            fail(f"README41 count for {key}: {rc.get(key, 0)}, file has {have.get(key, 0)}")
    for g in ("g1", "g2", "g3", "g4"):
        if have.get(g, 0) != 5:
            fail(f"{g}: {have.get(g, 0)} questions, want 5")

    print(f"file {FILE}; current years {NOWS}")
    print(f"FAILURES: {len(FAILS)}")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
