#!/usr/bin/env python3
"""check29.py: re-derives every answer of trust-dev29.jsonl (UD01-UD30) from the trust fixture graphs.

Quantified and compound claims and questions ("both", "neither ... nor", "either ... or", "only two",
"most", "apart from ... every", "all three", "but not", "unlike", two things asked with "and").
Each question has its own computer, written over check.py's functions (imported, never read:
G, surviving, facts, board, models_beating, newest_topic_paper, newest_result, naive_best,
graph_text, fact_exists, parse_value, fmt, anchor_of, SELECT_STRING_MAX, LOWER_BETTER, FACT_RE, NOW)
and SPARQL of its own. Boards are read under every reading of a close conflict: a part is decided
only when every reading agrees (True / False), otherwise it is undecided (None).

    python3 check29.py                  # last line FAILURES: 0, exit 0
    UD_FILE=/tmp/copy.jsonl python3 check29.py
"""
import itertools
import json
import os
import re
import sys

sys.dont_write_bytecode = True
TRUST = "/work/main/eval/gold/trust"
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, TRUST)
import check  # noqa: E402

FILE = os.environ.get("UD_FILE") or os.path.join(HERE, "trust-dev29.jsonl")
TD_FILE = os.path.join(TRUST, "trust-dev.jsonl")
GRAPHS = {n: check.G(os.path.join(TRUST, n)) for n in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")}
NOW0 = check.NOW
YEARS = sorted({NOW0, 2025, 2026, 2027, 2028, 2029, 2030})

FAILS = []


def fail(qid, msg):
    FAILS.append(f"{qid}: {msg}")
    print(f"  FAIL {qid}: {msg}")


class Undecidable(Exception):
    pass


# ----------------------------------------------------------------------------------------------
# helpers over check.py
# ----------------------------------------------------------------------------------------------
BM, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
DA, HO, VE = "Dastrup-7 Chorus", "Hollenby Marsh Calls", "Veltmoor Dawn Set"
OR, QU, MI = "Orrenby Parallel Corpus", "Quenmark Dialogue Set", "Mirelle Subtitles"
SB, KW = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"
METRIC = {BM: "Accuracy", CI: "F1", SK: "Mean IoU", DA: "Word Error Rate", HO: "Accuracy",
          VE: "Word Error Rate", OR: "BLEU", QU: "BLEU", MI: "chrF", SB: "F1", KW: "Mean IoU"}
fmt, pv = check.fmt, check.parse_value


def lower(d):
    return METRIC[d] in check.LOWER_BETTER


def better(a, b, d):
    return a < b if lower(d) else a > b


def fact(m, v, d):
    return f"{m} scores {fmt(v)} on {d} by {METRIC[d]}"


def surv(g, m, d, anchor=None):
    s, status, _ = check.surviving(g, m, d, METRIC[d], anchor)
    if status == "AMBIGUOUS":
        raise Undecidable(f"the six conflict readings disagree for {m} on {d} (anchor {anchor})")
    return set(s), status


def board_vals(g, d, anchor=None):
    """model -> set of surviving values on the board (every reading of a close conflict)."""
    out = {}
    for (m, dd, met) in check.facts(g, anchor):
        if dd == d and met == METRIC[d]:
            s, _ = surv(g, m, d, anchor)
            if s:
                out[m] = s
    return out


def readings(bv):
    ms = sorted(bv)
    for combo in itertools.product(*[sorted(bv[m]) for m in ms]):
        yield dict(zip(ms, combo))


def decide(bv, pred):
    outs = {bool(pred(r)) for r in readings(bv)}
    return outs.pop() if len(outs) == 1 else None


def ranked(r, d):
    return sorted(r.items(), key=lambda kv: kv[1], reverse=not lower(d))


def best_of(r, d):
    return ranked(r, d)[0]


def same_all(bv, fn):
    vals = {json.dumps(fn(r), sort_keys=True) for r in readings(bv)}
    if len(vals) != 1:
        raise Undecidable(f"readings disagree: {sorted(vals)}")
    return json.loads(vals.pop())


def AND(parts):
    if any(p is False for p in parts):
        return "REFUTED"
    if all(p is True for p in parts):
        return "SUPPORTED"
    return "UNCERTAIN"


def OR_(parts):
    if any(p is True for p in parts):
        return "SUPPORTED"
    if all(p is False for p in parts):
        return "REFUTED"
    return "UNCERTAIN"


def rows(g, model=None, d=None):
    return [r for r in g.rows if (model is None or r["model"] == model) and (d is None or r["dataset"] == d)]


def papers_stating(g, m, d, v):
    return {r["paper"] for r in rows(g, m, d) if r["metric"] == METRIC[d] and pv(r["value"]) == v}


def vyears(g, paper):
    return list(g.valid_years(paper))


def first_year(g, m, d, pick=min):
    ys = [pick(vyears(g, r["paper"])) for r in rows(g, m, d) if vyears(g, r["paper"])]
    return min(ys) if ys else None


def paper_by_prefix(g, prefix):
    hits = [p for p, info in g.papers.items() if info["title"].startswith(prefix)]
    assert len(hits) == 1, (prefix, hits)
    return hits[0]


def published_in_vals(g, d, year):
    out = {}
    for r in rows(g, None, d):
        if r["metric"] == METRIC[d] and year in vyears(g, r["paper"]):
            v = pv(r["value"])
            if v is not None:
                out.setdefault(r["model"], set()).add(v)
    return out


def post_anchor_beating(g, d, anchor, answer_vals):
    """kind (c): surviving facts stated only after the anchor (or undated) that beat the anchored answer
    under some reading."""
    out = set()
    bv = board_vals(g, d)
    for m, vs in bv.items():
        for v in vs:
            ps = papers_stating(g, m, d, v)
            if all((not vyears(g, p)) or min(vyears(g, p)) > anchor for p in ps):
                if any(better(v, a, d) for a in answer_vals):
                    out.add(fact(m, v, d))
    return out


def clear_losers(g, d, models=None):
    out = set()
    raw = check.facts(g)
    for (m, dd, met), vals in raw.items():
        if dd != d or met != METRIC[d] or (models is not None and m not in models):
            continue
        s, status = surv(g, m, d)
        if status == "clear":
            for v in vals:
                if v not in s:
                    out.add((m, v))
    return out


def absent(g, m, d):
    has_model = any(r["model"] == m for r in g.rows)
    q = (check.PREFIXES + 'ASK { ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?ml . '
         '?b orkgp:HAS_DATASET ?d . ?d rdfs:label ?dl . '
         f'FILTER(STR(?ml) = "{m}" && STR(?dl) = "{d}") }}')
    return has_model and not g.ask(q) and not rows(g, m, d)


def R(expected, verdict=None, keep=(), remove=(), parts=None, mode=None, evidence=""):
    return dict(expected=list(expected), verdict=verdict, must_keep=set(keep), must_remove=set(remove),
                parts=parts, mode=mode, evidence=evidence)


# ----------------------------------------------------------------------------------------------
# one computer per question
# ----------------------------------------------------------------------------------------------
def ud01(G):
    g = G["g1.ttl"]
    bv = board_vals(g, CI)
    top3 = same_all(bv, lambda r: ranked(r, CI)[:3])
    ys = {m: max(max(vyears(g, p)) for p in papers_stating(g, m, CI, v)) for m, v in top3}
    newest = max(ys, key=ys.get)
    assert list(ys.values()).count(ys[newest]) == 1, "most recent of the three not unique"
    assert newest != top3[0][0], "premise: the most recent of the three is not the best"
    firsts = {m: first_year(g, m, CI) for m in bv}
    assert max(firsts, key=firsts.get) == newest and f"'{newest}'" in str(check.newest_result(g, CI, "F1")), \
        "premise: it is the newest model on the board"
    lowest_top = top3[-1][1]
    remove = {fact(m, v, CI) for m, v in clear_losers(g, CI) if v >= lowest_top}
    exp = []
    for m, v in top3:
        exp += [m, fmt(v)]
    return R(exp, keep={fact(m, v, CI) for m, v in top3}, remove=remove,
             evidence=f"top3 {top3}; years {ys}; most recent {newest}")


def ud02(G):
    g = G["g1.ttl"]
    bv = board_vals(g, BM)
    for m in ("Wendrel-S", "Quillon-XL"):
        assert first_year(g, m, BM) > first_year(g, "PimbraFormer", BM), "premise: newer"
    parts = [decide(bv, lambda r, m=m: better(r[m], r["PimbraFormer"], BM)) for m in ("Wendrel-S", "Quillon-XL")]
    exp = []
    for m, p in zip(("Wendrel-S", "Quillon-XL"), parts):
        if p is not True:
            exp += [m] + [fmt(v) for v in sorted(bv[m])] + [fmt(v) for v in sorted(bv["PimbraFormer"])]
    keep = {fact(m, v, BM) for m in ("Wendrel-S", "Quillon-XL", "PimbraFormer") for v in bv[m]}
    return R(exp, AND(parts), keep, parts=parts, mode="and", evidence=f"parts {parts}")


def ud03(G):
    g = G["g2.ttl"]
    bv = board_vals(g, DA)
    top2 = same_all(bv, lambda r: ranked(r, DA)[:2])
    ys = {m: max(max(vyears(g, p)) for p in papers_stating(g, m, DA, v)) for m, v in top2}
    newer = max(ys, key=ys.get)
    assert ys[top2[0][0]] != ys[top2[1][0]]
    assert newer != top2[0][0], "premise: the more recent of the two is not the lowest"
    exp = []
    for m, v in top2:
        exp += [m, fmt(v)]
    return R(exp, keep={fact(m, v, DA) for m, v in top2}, evidence=f"top2 {top2}; years {ys}; newer {newer}")


def ud04(G):
    g = G["g4.ttl"]
    dated, undated = check.newest_topic_paper(g, "Tidal Turbine Fault Detection")
    assert not undated, "an undated paper under the problem would make 'newest' undecidable"
    dated = sorted(dated, reverse=True)
    assert dated[0][0] > dated[1][0], "newest paper not unique"
    title = dated[0][1]
    rs = [r for r in g.rows if r["title"] == title]
    models = sorted({r["model"] for r in rs})
    keep = set()
    for r in rs:
        v = pv(r["value"])
        s, _ = surv(g, r["model"], r["dataset"])
        assert v in s, f"{r['model']} {v} does not survive"
        keep.add(fact(r["model"], v, r["dataset"]))
    return R([title] + models, keep=keep, evidence=f"newest {dated[0]}; models {models}")


def ud05(G):
    g = G["g1.ttl"]
    bv_ci, bv_sk = board_vals(g, CI), board_vals(g, SK)
    p1 = decide(bv_ci, lambda r: best_of(r, CI)[0] == "Brackwater-UNet")
    p2 = decide(bv_sk, lambda r: best_of(r, SK)[0] == "Lumoria")
    sk_best = same_all(bv_sk, lambda r: best_of(r, SK))
    ci_best = same_all(bv_ci, lambda r: best_of(r, CI))
    lum = same_all(board_vals(g, SK, 2019), lambda r: best_of(r, SK))
    assert lum[0] == "Lumoria", "premise: Lumoria led as of 2019 (kind b)"
    return R([sk_best[0], fmt(sk_best[1])], AND([p1, p2]),
             keep={fact(*ci_best, CI), fact(*sk_best, SK)}, remove={fact(*lum, SK)},
             parts=[p1, p2], mode="and", evidence=f"parts {[p1, p2]}; CI {ci_best}; SK {sk_best}")


def ud06(G):
    g = G["g2.ttl"]
    a = 2022
    bv_a = board_vals(g, DA, a)
    p1_asof = decide(bv_a, lambda r: best_of(r, DA)[0] == "Trillbert")
    pub = published_in_vals(g, DA, a)
    p1_pub = decide(pub, lambda r: best_of(r, DA)[0] == "Trillbert")
    assert p1_asof == p1_pub, "the two readings of 'in 2022' disagree"
    bv = board_vals(g, DA)
    p2 = decide(bv, lambda r: best_of(r, DA)[0] == "Trillbert")
    now_best = same_all(bv, lambda r: best_of(r, DA))
    remove = {fact("Trillbert", v, DA) for v in bv["Trillbert"]}
    runner = same_all(bv_a, lambda r: ranked(r, DA)[1])
    keep = {fact(*now_best, DA), fact(*runner, DA)}
    return R([now_best[0], fmt(now_best[1])], AND([p1_asof, p2]), keep, remove,
             parts=[p1_asof, p2], mode="and", evidence=f"parts {[p1_asof, p2]}; 2022 runner-up {runner}; now {now_best}")


def ud07(G):
    g = G["g3.ttl"]
    bq, bm = board_vals(g, QU), board_vals(g, MI)
    p1 = decide(bq, lambda r: best_of(r, QU)[0] == "Murrelet-MT")
    p2 = decide(bm, lambda r: best_of(r, MI)[0] == "Murrelet-MT")
    qbest = same_all(bq, lambda r: best_of(r, QU))
    former = same_all(board_vals(g, QU, 2022), lambda r: best_of(r, QU))
    assert former[0] == "Murrelet-MT"
    keep = {fact(*qbest, QU)} | {fact(m, v, MI) for m in ("Murrelet-MT", "Nerrisa") for v in bm[m]}
    return R([qbest[0], fmt(qbest[1])], AND([p1, p2]), keep, {fact(*former, QU)},
             parts=[p1, p2], mode="and", evidence=f"parts {[p1, p2]}; Quenmark best {qbest}; Mirelle {bm}")


def ud08(G):
    g = G["g4.ttl"]
    bv = board_vals(g, SB)
    firsts = {m: first_year(g, m, SB) for m in bv}
    assert min(firsts, key=firsts.get) == "Brinehawk" and list(firsts.values()).count(firsts["Brinehawk"]) == 1
    mine = set()
    for m in bv:
        if m == "Brinehawk":
            continue
        later = all(first_year(g, m, SB, pick) > firsts["Brinehawk"] for pick in (min, max))
        if later and decide(bv, lambda r, m=m: better(r[m], r["Brinehawk"], SB)):
            mine.add(m)
    assert mine == set(check.models_beating(g, SB, "F1", "Brinehawk")), "differs from check.models_beating"
    top = same_all(bv, lambda r: best_of(r, SB))
    keep = {fact(m, v, SB) for m in mine for v in bv[m]}
    return R(sorted(mine) + [fmt(top[1])], keep=keep | {fact(*top, SB)}, evidence=f"beaten by {sorted(mine)}; top {top}")


def ud09(G):
    g = G["g1.ttl"]
    bv = board_vals(g, BM)
    below = {}
    for m in bv:
        d = decide(bv, lambda r, m=m: r[m] < 75)
        if d is None:
            raise Undecidable(f"{m} straddles 75")
        if d:
            below[m] = bv[m]
    exp, keep = [], set()
    for m in sorted(below):
        for v in sorted(below[m]):
            exp += [m, fmt(v)]
            keep.add(fact(m, v, BM))
            exp += sorted(g.papers[p]["title"] for p in papers_stating(g, m, BM, v))
    remove = {fact(m, v, BM) for m, v in clear_losers(g, BM, set(below))}
    assert any(v >= 75 for _, v in clear_losers(g, BM, set(below))), "premise: the removed value hides a model"
    own = paper_by_prefix(g, "KestrelNet:")
    assert own not in papers_stating(g, "KestrelNet", BM, 74.1), "premise: KestrelNet's own paper does not state 74.1"
    return R(exp, keep=keep, remove=remove, evidence=f"below 75 {below}")


def ud10(G):
    g = G["g1.ttl"]
    bv = board_vals(g, BM)
    claim = {"Zephyrine-L", "Wendrel-S"}
    above = lambda r: {m for m, v in r.items() if v > 86}
    p = decide(bv, lambda r: above(r) == claim)
    counts = sorted({len(above(r)) for r in readings(bv)})
    undecided = sorted({m for m in bv if decide(bv, lambda r, m=m: r[m] > 86) is None})
    exp = []
    for m in undecided:
        exp += [m] + [fmt(v) for v in sorted(bv[m], reverse=True)]
    keep = {fact(m, v, BM) for m in bv if any(x > 86 for x in bv[m]) for v in bv[m]}
    return R(exp, AND([p]), keep, parts=[p], mode="quant", evidence=f"counts above 86 per reading {counts}; undecided {undecided}")


def ud11(G):
    g = G["g2.ttl"]
    bd, bvv = board_vals(g, DA), board_vals(g, VE)
    p1 = decide(bd, lambda r: better(r["Corrasine"], r["Trillbert"], DA))
    p2 = decide(bvv, lambda r: not better(r["Corrasine"], r["Aviquist"], VE))
    exp = []
    if p2 is not True:
        exp = [fmt(v) for v in sorted(bvv["Corrasine"])] + [fmt(v) for v in sorted(bvv["Aviquist"])]
    keep = {fact(m, v, DA) for m in ("Corrasine", "Trillbert") for v in bd[m]} | \
           {fact(m, v, VE) for m in ("Corrasine", "Aviquist") for v in bvv[m]}
    return R(exp, AND([p1, p2]), keep, parts=[p1, p2], mode="and", evidence=f"parts {[p1, p2]}; Veltmoor {bvv}")


def ud12(G):
    g = G["g2.ttl"]
    bv = board_vals(g, HO)
    order = same_all(bv, lambda r: [m for m, _ in ranked(r, HO)])
    exp, keep = [], set()
    for m in order:
        exp.append(m)
        for v in sorted(bv[m], reverse=True):
            exp.append(fmt(v))
            keep.add(fact(m, v, HO))
    remove = {fact(m, v, HO) for m, v in clear_losers(g, HO)}
    return R(exp, keep=keep, remove=remove, evidence=f"order {order}; {bv}")


def ud13(G):
    g = G["g3.ttl"]
    titles = sorted({r["title"] for r in rows(g, "Murrelet-MT")})
    s, status = surv(g, "Murrelet-MT", MI)
    assert status == "close"
    return R(titles + [fmt(v) for v in sorted(s, reverse=True)], keep={fact("Murrelet-MT", v, MI) for v in s},
             evidence=f"papers {titles}; Mirelle {s} ({status})")


def ud14(G):
    g = G["g1.ttl"]
    s, status = surv(g, "Brackwater-UNet", CI)
    assert status == "single" and len(s) == 1
    v = next(iter(s))
    ps = papers_stating(g, "Brackwater-UNet", CI, v)
    raws = {r["value"] for r in rows(g, "Brackwater-UNet", CI)}
    assert len(ps) == 2 and len(raws) == 2, "premise: two papers, two spellings"
    return R([fmt(v)] + sorted(g.papers[p]["title"] for p in ps), keep={fact("Brackwater-UNet", v, CI)},
             evidence=f"{v} from {len(ps)} papers, stored as {sorted(raws)}")


def ud15(G):
    g = G["g2.ttl"]
    rs = rows(g, "Syrinxa", HO)
    papers = {r["paper"] for r in rs}
    with_v = {r["paper"] for r in rs if pv(r["value"]) == 88.3}
    p = len(with_v) > len(papers) / 2
    strict = {r["paper"] for r in rs if r["value"] == "88.3"}
    assert (len(strict) > len(papers) / 2) == p, "verdict would depend on reading '88.3%'"
    s, _ = surv(g, "Syrinxa", HO)
    assert s == {88.3}
    remove = {fact(m, v, HO) for m, v in clear_losers(g, HO, {"Syrinxa"})}
    return R(["88.3"], AND([p]), {fact("Syrinxa", 88.3, HO)}, remove, parts=[p], mode="quant",
             evidence=f"{len(with_v)} of {len(papers)} papers give 88.3 ({len(strict)} without the '%' one)")


def ud16(G):
    g = G["g4.ttl"]
    bv = board_vals(g, SB)
    exc = {"Tidewick", "Brinehawk"}
    n = {}
    for m, vs in bv.items():
        assert len(vs) == 1
        n[m] = len(papers_stating(g, m, SB, next(iter(vs))))
    parts = [n[m] >= 2 for m in sorted(bv) if m not in exc] + [n[m] < 2 for m in sorted(exc)]
    exp = [fmt(v) for m in sorted(bv, key=lambda m: -max(bv[m])) if m not in exc for v in bv[m]]
    keep = {fact(m, v, SB) for m in bv for v in bv[m]}
    return R(exp, AND(parts), keep, parts=parts, mode="quant", evidence=f"papers per model {n}")


def anchored_best_two_readings(g, d, year):
    a = same_all(board_vals(g, d, year), lambda r: best_of(r, d))
    pub = published_in_vals(g, d, year)
    b = same_all(pub, lambda r: best_of(r, d)) if pub else None
    return a, b


def ud17(G):
    g = G["g1.ttl"]
    a = 2016
    exp, keep, remove = [], set(), set()
    for d in (BM, SK):
        best, pub = anchored_best_two_readings(g, d, a)
        assert pub is not None and pub[0] == best[0], "'back in 2016' read as 'published in 2016' disagrees"
        if best[0] not in exp:
            exp.append(best[0])
        exp.append(fmt(best[1]))
        keep.add(fact(*best, d))
        remove |= post_anchor_beating(g, d, a, [best[1]])
    naive = check.naive_best(g, SK, "Mean IoU", a)
    return R(exp, keep=keep, remove=remove, evidence=f"careless Skarnhold as of 2016: {naive}")


def ud18(G):
    g = G["g2.ttl"]
    a = 2023
    exp, keep, remove = [], set(), set()
    for d in (VE, DA):
        bv = board_vals(g, d, a)
        m = same_all(bv, lambda r: best_of(r, d)[0])
        exp.append(m)
        exp += [fmt(v) for v in sorted(bv[m])]
        keep |= {fact(m, v, d) for v in bv[m]}
        remove |= post_anchor_beating(g, d, a, bv[m])
    return R(exp, keep=keep, remove=remove, evidence=f"as of 2023: {exp}")


def ud19(G):
    g = G["g3.ttl"]
    a = 2021
    exp, keep, remove = [], set(), set()
    for d in (MI, OR):
        bv = board_vals(g, d, a)
        best = same_all(bv, lambda r: best_of(r, d))
        exp += [best[0], fmt(best[1])]
        keep.add(fact(*best, d))
        remove |= post_anchor_beating(g, d, a, [best[1]])
    assert not published_in_vals(g, MI, a) and not published_in_vals(g, OR, a), "premise: 'in 2021' would be empty"
    dash = [r for r in rows(g, "Ostrada-T", MI)]
    assert dash and all(pv(r["value"]) is None for r in dash), "premise: Ostrada-T's Mirelle row is '-'"
    return R(exp, keep=keep, remove=remove, evidence=f"as of 2021: {exp}")


def ud20(G):
    g = G["g3.ttl"]
    a = 2022
    ds = sorted({r["dataset"] for r in rows(g, "Murrelet-MT")
                 if vyears(g, r["paper"]) and min(vyears(g, r["paper"])) <= a})
    assert set(ds) == {OR, QU, MI}, f"premise 'all three datasets': {ds}"
    parts, exp, keep, remove = [], [], set(), set()
    for d in (OR, QU, MI):
        bv = board_vals(g, d, a)
        parts.append(decide(bv, lambda r, d=d: best_of(r, d)[0] == "Murrelet-MT"))
        exp += [fmt(v) for v in sorted(bv["Murrelet-MT"])]
        keep |= {fact("Murrelet-MT", v, d) for v in bv["Murrelet-MT"]}
        remove |= post_anchor_beating(g, d, a, bv["Murrelet-MT"])
    careless = [decide(board_vals(g, d), lambda r, d=d: best_of(r, d)[0] == "Murrelet-MT") for d in (OR, QU, MI)]
    assert AND(careless) != AND(parts), "premise: ignoring the anchor changes the verdict"
    return R(exp, AND(parts), keep, remove, parts=parts, mode="and", evidence=f"parts {parts}; without anchor {careless}")


def ud21(G):
    g = G["g4.ttl"]
    a = 2019  # "before 2020"
    bv = board_vals(g, KW, a)
    parts = [decide(bv, lambda r, m=m: best_of(r, KW)[0] == m) for m in ("Marrowfen", "Pellucid-KM")]
    best = same_all(bv, lambda r: best_of(r, KW))
    # Driftmere (P29 only a month) placed before 2020: still neither of the two
    dv, _ = surv(g, "Driftmere", KW)
    bv2 = dict(bv, Driftmere=dv)
    assert OR_([decide(bv2, lambda r, m=m: best_of(r, KW)[0] == m) for m in ("Marrowfen", "Pellucid-KM")]) == OR_(parts)
    incl = same_all(board_vals(g, KW, 2020), lambda r: best_of(r, KW))
    assert incl[0] == "Marrowfen", "premise: an inclusive reading of 'before 2020' gives Marrowfen"
    remove = post_anchor_beating(g, KW, a, [best[1]])
    return R([best[0], fmt(best[1])], OR_(parts), {fact(*best, KW)}, remove, parts=parts, mode="or",
             evidence=f"parts {parts}; best up to 2019 {best}; inclusive reading {incl}")


def paper_meta(g, prefix):
    p = paper_by_prefix(g, prefix)
    return p, vyears(g, p), list(g.papers[p]["dois"]), list(g.papers[p]["years"])


def ud22(G):
    g = G["g4.ttl"]
    exp = []
    for pre in ("Selkora:", "Undertow-GNN:"):
        p, ys, dois, raw = paper_meta(g, pre)
        assert len(ys) == 1
        exp += [str(ys[0])] + sorted(dois)
    _, _, _, raw = paper_meta(g, "Selkora:")
    assert any(1 <= y <= 12 for y in raw), "premise: a month under P29"
    return R(exp, evidence=f"{exp}")


def ud23(G):
    g = G["g3.ttl"]
    exp = []
    for pre in ("Ibbotrans:", "Nerrisa:"):
        p, ys, dois, raw = paper_meta(g, pre)
        assert len(ys) == 1
        exp += [str(ys[0])] + sorted(dois)
    assert not paper_meta(g, "Ibbotrans:")[2], "premise: Ibbotrans has no DOI"
    return R(exp, evidence=f"{exp}")


def ud24(G):
    g = G["g2.ttl"]
    _, ty, _, traw = paper_meta(g, "Trillbert:")
    parts, exp = [], [str(y) for y in ty]
    for pre in ("Chirpform:", "Warbleon:"):
        _, ys, _, _ = paper_meta(g, pre)
        parts.append(max(ys) <= min(ty))
        exp += [str(y) for y in ys]
    _, rys, _, _ = paper_meta(g, "Warbleon Revisited")
    assert max(rys) <= min(ty), "robust: the other Warbleon paper is older too"
    careless = [min(paper_meta(g, pre)[3]) <= min(traw) for pre in ("Chirpform:", "Warbleon:")]
    assert AND(careless) != AND(parts), "premise: the month read as the year flips the verdict"
    return R(exp, AND(parts), parts=parts, mode="and", evidence=f"Trillbert {ty} (raw {traw}); parts {parts}")


def words_in(g):
    return set(re.findall(r"[a-z]+", check.graph_text(g).lower()))


def ud25(G):
    g = G["g1.ttl"]
    w = words_in(g)
    assert not ({"sea", "iceberg", "icebergs", "classification"} & w), "a topic word is in the graph"
    assert {"ice", "detection"} <= w, "premise: the lure words are there"
    return R([], evidence="no 'sea', 'iceberg', 'classification'; lures 'ice', 'detection'")


def ud26(G):
    g = G["g1.ttl"]
    assert absent(g, "Lumoria", BM)
    own = {(r["dataset"], pv(r["value"])) for r in rows(g, "Lumoria")}
    assert own == {(SK, 61.5)}, own
    p1 = None
    s, _ = surv(g, "Lumoria", SK)
    p2 = 61.5 in s
    bb = same_all(board_vals(g, BM), lambda r: best_of(r, BM))
    assert 61.5 not in {pv(r["value"]) for r in rows(g, None, BM)}, "61.5 is nobody's BenchMira value"
    exp = [] if not better(61.5, bb[1], BM) else [bb[0], fmt(bb[1])]
    return R(exp, AND([p1, p2]), {fact("Lumoria", 61.5, SK)}, parts=[p1, p2], mode="and",
             evidence=f"Lumoria rows {own}; BenchMira best {bb}")


def ud27(G):
    g = G["g2.ttl"]
    assert absent(g, "Corrasine", HO)
    bv = board_vals(g, HO)
    p1 = None
    p2 = decide(bv, lambda r: r["Syrinxa"] > 85)
    raw_syr = {pv(r["value"]) for r in rows(g, "Syrinxa", HO)}
    assert all(v > 85 for v in raw_syr), "robust: even the removed value is above 85"
    others = sorted(m for m in bv if decide(bv, lambda r, m=m: r[m] > 85))
    assert others, "premise: other models meet the bound"
    best = same_all(bv, lambda r: best_of(r, HO))
    exp = [] if best[1] > 85 else [best[0], fmt(best[1])]
    return R(exp, AND([p1, p2]), {fact("Syrinxa", v, HO) for v in bv["Syrinxa"]}, parts=[p1, p2], mode="and",
             evidence=f"models above 85: {others}")


def ud28(G):
    g = G["g2.ttl"]
    own = paper_by_prefix(g, "Trillbert:")
    rep = paper_by_prefix(g, "Reproducing Pretrained Birdsong Transcribers")
    stated = lambda p: {pv(r["value"]) for r in rows(g, "Trillbert", DA) if r["paper"] == p}
    parts = [stated(own) == {9.4}, stated(rep) == {9.4}]
    exp = [fmt(v) for v in sorted(stated(rep))] if not parts[1] else []
    s, _ = surv(g, "Trillbert", DA)
    assert 9.4 in s, "premise: 9.4 is a real recorded value"
    return R(exp, AND(parts), {fact("Trillbert", v, DA) for v in s}, parts=parts, mode="and",
             evidence=f"own paper {stated(own)}; reproduction {stated(rep)}")


def ud29(G):
    g = G["g3.ttl"]
    bv = board_vals(g, OR)
    top = same_all(bv, lambda r: best_of(r, OR))
    bottom = same_all(bv, lambda r: ranked(r, OR)[-1])
    smax = g.sel(check.SELECT_STRING_MAX.format(dataset=OR, metric="BLEU"))
    smin = g.sel(check.SELECT_STRING_MAX.format(dataset=OR, metric="BLEU").replace("DESC(?value)", "ASC(?value)"))
    assert smax[0]["model"] == bottom[0] and smin[0]["model"] not in (bottom[0],), "premise: string sort traps"
    return R([top[0], fmt(top[1]), bottom[0], fmt(bottom[1])], keep={fact(*top, OR), fact(*bottom, OR)},
             evidence=f"highest {top}, lowest {bottom}; string max {smax[0]}, string min {smin[0]}")


def ud30(G):
    g = G["g4.ttl"]
    p, ys, dois, raw = paper_meta(g, "Driftmere:")
    assert raw and all(1 <= y <= 12 for y in raw) and not ys and not dois
    return R([], evidence=f"raw P29 {raw}; DOIs {dois}")


COMPUTE = {f"UD{i:02d}": globals()[f"ud{i:02d}"] for i in range(1, 31)}

# ----------------------------------------------------------------------------------------------
# declarations
# ----------------------------------------------------------------------------------------------
# anchors: (phrase in the question, last year included, scope)
ANCHORS = {"UD06": ("in 2022", 2022, "part"), "UD17": ("Back in 2016", 2016, "all"),
           "UD18": ("By the end of 2023", 2023, "all"), "UD19": ("As of 2021", 2021, "all"),
           "UD20": ("as of 2022", 2022, "all"), "UD21": ("before 2020", 2019, "all")}
# claims where the first part holds and exactly one later part fails (false or undecidable)
ONE_LATER_FAIL = {"UD02", "UD05", "UD06", "UD11", "UD28"}
# the form of each question: a phrase that must be in it
FORMS = {
    "UD01": ("three best ... and which of those three", "three best"),
    "UD02": ("both A and B beat C", "Both of"),
    "UD03": ("two lowest ... and which of those two", "two lowest"),
    "UD04": ("newest paper ... and which models", ", and which models"),
    "UD05": ("X leads D, unlike E where Y leads", "unlike"),
    "UD06": ("best in Y and still is", "and it still does"),
    "UD07": ("still best on both D and E", "on both"),
    "UD08": ("which models since ... and which on top", "and which one is on top"),
    "UD09": ("which models below V ... and which paper", "and which paper"),
    "UD10": ("only two models ...", "Only two"),
    "UD11": ("A beats B on D but not C on E", "but not"),
    "UD12": ("list every model ...", "every model"),
    "UD13": ("which papers ... and what value", "and what is"),
    "UD14": ("what value ... and which papers", "and which papers"),
    "UD15": ("most papers that report X give V", "Most of the papers"),
    "UD16": ("apart from Z, every model ...", "Apart from"),
    "UD17": ("which led D and which led E (anchored)", "and which led"),
    "UD18": ("lowest on D and on E, and who (anchored)", "and on"),
    "UD19": ("best on D, and best on E (anchored)", "and who had"),
    "UD20": ("best on all three (anchored)", "all three"),
    "UD21": ("either A or B (anchored)", "either"),
    "UD22": ("when were A and B published, and DOIs", "and what are their DOIs"),
    "UD23": ("DOIs of A and B, and year of each", "and what year"),
    "UD24": ("neither A nor B", "Neither"),
    "UD25": ("datasets for X or for Y", " or for "),
    "UD26": ("V on D, the same as on E", "the same number"),
    "UD27": ("A, like B, above V", "like Syrinxa"),
    "UD28": ("both papers report V", "Both the"),
    "UD29": ("highest and lowest", "and which the lowest"),
    "UD30": ("year and DOI", "year and DOI"),
}
GATE_KINDS = {"UD25": "topic the graph lacks, sharing words with one it has",
              "UD26": "model never run on the dataset, claimed with its own value from another board",
              "UD27": "model never run on the dataset, claimed with a bound other models meet",
              "UD28": "real value cited to a paper that states another",
              "UD29": "string-sorted best/lowest",
              "UD30": "paper whose only year is a month"}
FIELDS_OK = {"claim_verification", "method_comparison", "paper_lookup", "topic_search", "method_usage", "dataset_search"}
MECHS = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}


def words(s):
    return set(re.findall(r"[a-z0-9]+(?:[-.][a-z0-9]+)*", s.lower()))


def jacc(a, b):
    a, b = words(a), words(b)
    return len(a & b) / len(a | b)


def count(rows_, key):
    out = {}
    for r in rows_:
        out[str(r[key])] = out.get(str(r[key]), 0) + 1
    return out


def main():
    with open(TD_FILE) as f:
        td = [json.loads(l) for l in f if l.strip()]
    try:
        with open(FILE) as f:
            lines = [l for l in f if l.strip()]
        ud = [json.loads(l) for l in lines]
    except Exception as e:  # noqa: BLE001
        print(f"cannot read {FILE}: {e}")
        print("FAILURES: 1")
        return 1
    print(f"checking {FILE} against {TD_FILE}; TRUST_NOW={os.environ.get('TRUST_NOW')} (check.NOW={NOW0}); years {YEARS}")
    keys = list(td[0].keys())

    # ---- file-level checks
    if len(ud) != 30:
        fail("file", f"{len(ud)} questions, want 30")
    ids = [q.get("id") for q in ud]
    if ids != [f"UD{i:02d}" for i in range(1, 31)]:
        fail("file", f"ids not UD01..UD30 in order: {ids}")
    if len(set(ids)) != len(ids):
        fail("file", "duplicate id")
    if len({q.get("question") for q in ud}) != len(ud):
        fail("file", "duplicate question")
    if len(set(lines)) != len(lines):
        fail("file", "duplicate row")
    for k in ("mechanism", "query_type", "verdict", "graph"):
        if count(ud, k) != count(td, k):
            fail("file", f"counts of {k} {count(ud, k)} != trust-dev.jsonl {count(td, k)}")
    tdby = {f"UD{t['id'][2:]}": t for t in td}

    # ---- per question
    results = {}
    for q in ud:
        qid = q.get("id", "?")
        if list(q.keys()) != keys:
            fail(qid, f"fields {list(q.keys())} != {keys}")
            continue
        t = tdby.get(qid)
        if t is None:
            fail(qid, "no TD counterpart")
            continue
        for k in ("mechanism", "query_type", "verdict", "graph"):
            if q[k] != t[k]:
                fail(qid, f"{k} {q[k]!r} != {t['id']}'s {t[k]!r}")
        if q["query_type"] not in FIELDS_OK or q["mechanism"] not in MECHS or q["graph"] not in GRAPHS:
            fail(qid, "bad query_type / mechanism / graph")
            continue
        if (q["verdict"] is None) != (q["query_type"] != "claim_verification"):
            fail(qid, "verdict must be set exactly for claims")
        if q["verdict"] not in (None, "SUPPORTED", "REFUTED", "UNCERTAIN"):
            fail(qid, f"bad verdict {q['verdict']}")
        for k in ("expected", "must_keep", "must_remove"):
            if not isinstance(q[k], list) or not all(isinstance(x, str) for x in q[k]):
                fail(qid, f"{k} must be a list of strings")
        if not isinstance(q["question"], str) or not q["question"].strip() or not isinstance(q["notes"], str):
            fail(qid, "question / notes")
            continue
        g = GRAPHS[q["graph"]]

        # recompute under every current year
        got = None
        for y in YEARS:
            check.NOW = y
            try:
                r = COMPUTE[qid](GRAPHS)
            except (Undecidable, AssertionError, KeyError, StopIteration) as e:
                fail(qid, f"computer (NOW={y}): {type(e).__name__}: {e}")
                r = None
            if r is None:
                got = None
                break
            sig = (sorted(r["expected"]), r["verdict"], sorted(r["must_keep"]), sorted(r["must_remove"]), r["parts"])
            if got is None:
                got = (r, sig)
            elif got[1] != sig:
                fail(qid, f"answer depends on the current year ({y})")
        check.NOW = NOW0
        if got is None:
            continue
        r = got[0]
        results[qid] = r
        print(f"{qid} {q['graph']} {q['mechanism']:<13} {str(q['verdict']):<10} {r['evidence']}")
        if sorted(set(q["expected"])) != sorted(set(r["expected"])):
            fail(qid, f"expected {q['expected']} != recomputed {r['expected']}")
        if q["verdict"] != r["verdict"]:
            fail(qid, f"verdict {q['verdict']} != recomputed {r['verdict']}")
        if set(q["must_keep"]) != r["must_keep"]:
            fail(qid, f"must_keep {sorted(q['must_keep'])} != recomputed {sorted(r['must_keep'])}")
        if set(q["must_remove"]) != r["must_remove"]:
            fail(qid, f"must_remove {sorted(q['must_remove'])} != recomputed {sorted(r['must_remove'])}")
        if len(q["expected"]) != len(set(q["expected"])):
            fail(qid, "repeated expected string")

        # expected strings are in the graph
        text = check.graph_text(g)
        for e in q["expected"]:
            if e not in text:
                fail(qid, f"expected string {e!r} not in {q['graph']}")

        # facts: well formed, clean, present, not in both lists
        anchor = ANCHORS.get(qid, (None, None, None))
        for lst in ("must_keep", "must_remove"):
            for fx in q[lst]:
                m_ = check.FACT_RE.match(fx)
                if not m_:
                    fail(qid, f"malformed fact {fx!r}")
                    continue
                model, v, d, met = m_.groups()
                if d not in METRIC or METRIC[d] != met:
                    fail(qid, f"unknown board in {fx!r}")
                    continue
                if fmt(pv(v)) != v:
                    fail(qid, f"value not in clean form in {fx!r}")
                if not check.fact_exists(g, fx):
                    fail(qid, f"fact not in graph: {fx!r}")
        if set(q["must_keep"]) & set(q["must_remove"]):
            fail(qid, "a fact is in both must_keep and must_remove")

        # must_keep survives under the anchor (a part-scoped anchor: now or under it)
        for fx in q["must_keep"]:
            m_ = check.FACT_RE.match(fx)
            if not m_:
                continue
            model, v, d, _ = m_.groups()
            try:
                now_s = surv(g, model, d)[0]
                anc_s = surv(g, model, d, anchor[1])[0] if anchor[1] else now_s
            except Undecidable as e:
                fail(qid, str(e))
                continue
            ok = pv(v) in anc_s if anchor[2] == "all" else (pv(v) in now_s or pv(v) in anc_s)
            if not ok:
                fail(qid, f"must_keep {fx!r} does not survive (anchor {anchor[1]})")

        # must_remove: kind (a), (b) or (c), and never the surviving best
        for fx in q["must_remove"]:
            m_ = check.FACT_RE.match(fx)
            if not m_:
                continue
            model, v, d, _ = m_.groups()
            v = pv(v)
            s, status = surv(g, model, d)
            kind_a = status == "clear" and v not in s
            bvnow = board_vals(g, d)
            was_best = any(any(rd and best_of(rd, d) == (model, v) for rd in readings(board_vals(g, d, y)))
                           for y in range(2010, 2026))
            now_best = any(best_of(rd, d) == (model, v) for rd in readings(bvnow))
            kind_b = was_best and not now_best
            kind_c = False
            if anchor[1] and anchor[2] == "all":
                ps = papers_stating(g, model, d, v)
                kind_c = all((not vyears(g, p)) or min(vyears(g, p)) > anchor[1] for p in ps)
                anc_best = {best_of(rd, d) for rd in readings(board_vals(g, d, anchor[1])) if rd}
                if (model, v) in anc_best:
                    fail(qid, f"must_remove {fx!r} is the anchored best")
            if not (kind_a or kind_b or kind_c):
                fail(qid, f"must_remove {fx!r} is of no kind (a)/(b)/(c)")
            if (kind_a or kind_b) and not kind_c and now_best:
                fail(qid, f"must_remove {fx!r} is the current best")

        # anchors
        yrs = re.findall(r"\b(19|20)\d\d\b", q["question"])
        if qid in ANCHORS:
            ph, last, _ = ANCHORS[qid]
            if ph not in q["question"]:
                fail(qid, f"anchor phrase {ph!r} not in the question")
            if len(yrs) != 1:
                fail(qid, "the anchor must be the question's only year")
            a = check.anchor_of(q)
            if a is not None and a != last:
                fail(qid, f"check.anchor_of gives {a}, declared {last}")
        elif yrs:
            fail(qid, "a year in a question with no declared anchor")

        # form
        label, phrase = FORMS[qid]
        if phrase not in q["question"]:
            fail(qid, f"form '{label}': phrase {phrase!r} not in the question")
        if q["query_type"] == "claim_verification":
            if not r["parts"]:
                fail(qid, "claim without parts")
        else:
            if not re.search(r"\b(and|or|every|which models)\b", q["question"]):
                fail(qid, "question is neither compound nor quantified")
        if not q["question"].rstrip().endswith("?"):
            fail(qid, "question does not end with '?'")

        # word overlap
        for t2 in td:
            if jacc(q["question"], t2["question"]) >= 0.6:
                fail(qid, f"word overlap with {t2['id']} >= 0.60")

    # ---- cross-question checks
    for i, a in enumerate(ud):
        for b in ud[i + 1:]:
            if isinstance(a.get("question"), str) and isinstance(b.get("question"), str) and \
                    jacc(a["question"], b["question"]) >= 0.6:
                fail(a.get("id"), f"word overlap with {b.get('id')} >= 0.60")
    olf = set()
    for qid, r in results.items():
        p = r["parts"]
        if r["mode"] == "and" and p and len(p) >= 2 and p[0] is True and sum(x is not True for x in p) == 1:
            olf.add(qid)
    if olf != ONE_LATER_FAIL:
        fail("file", f"one-later-part-fails claims {sorted(olf)} != declared {sorted(ONE_LATER_FAIL)}")
    nclaims = sum(q.get("query_type") == "claim_verification" for q in ud)
    if not (nclaims / 3 - 1.5 <= len(olf) <= nclaims / 3 + 1.5):
        fail("file", f"{len(olf)} one-later-part-fails claims of {nclaims}: not about a third")
    gates = [q.get("id") for q in ud if q.get("mechanism") == "gate"]
    if gates != sorted(GATE_KINDS):
        fail("file", f"gate questions {gates} != declared {sorted(GATE_KINDS)}")
    print(f"one-later-part-fails claims: {sorted(olf)} ({len(olf)} of {nclaims})")
    for k in ("mechanism", "query_type", "verdict", "graph"):
        print(f"{k}: {count(ud, k)}")
    print(f"FAILURES: {len(FAILS)}")
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
