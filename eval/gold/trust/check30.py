#!/usr/bin/env python3
"""Checks trust-dev30.jsonl (UE01-UE30): event-anchored premises and absence.

Re-derives every question's expected answer, verdict, must_keep and must_remove from the
fixture graphs g1.ttl .. g4.ttl, through check.py's functions (G, surviving, facts, fmt,
parse_value, graph_text, fact_exists, PREFIXES, LOWER_BETTER, naive_best, NOW) and its own
SPARQL / row code, for every current year 2025..2030 (and TRUST_NOW if set).

    python3 check30.py                       # last line FAILURES: 0, exit 0
    UE_FILE=/tmp/copy.jsonl python3 check30.py   # check another copy

check.py is imported from /work/main/eval/gold/trust with sys.dont_write_bytecode set, so
nothing is written there.
"""
import collections
import itertools
import json
import os
import re
import sys

sys.dont_write_bytecode = True
TRUST = "/work/main/eval/gold/trust"
sys.path.insert(0, TRUST)
import check  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FILE = os.environ.get("UE_FILE") or os.path.join(HERE, "trust-dev30.jsonl")

FAILURES = []


def fail(msg):
    FAILURES.append(msg)
    print("  FAIL:", msg)


def need(cond, msg):
    if not cond:
        raise AssertionError(msg)


GR = {n: check.G(n) for n in ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")}
TEXT = {n: check.graph_text(g) for n, g in GR.items()}

# ------------------------------------------------------------------------------------------
# graph helpers (rows, papers, years) on top of check.G
# ------------------------------------------------------------------------------------------


def rows(g, ds=None, metric=None, model=None, paper=None):
    out = []
    for r in g.rows:
        if ds and r["dataset"] != ds:
            continue
        if metric and r["metric"] != metric:
            continue
        if model and r["model"] != model:
            continue
        if paper and r["paper"] != paper:
            continue
        out.append(r)
    return out


def paper(g, fragment):
    """The one paper whose title contains fragment (case-insensitive)."""
    hits = [p for p, d in g.papers.items() if fragment.lower() in d["title"].lower()]
    need(len(hits) == 1, f"title fragment {fragment!r} matches {len(hits)} papers")
    return hits[0]


def title(g, p):
    return g.papers[p]["title"]


def name_of(g, p):
    """How a paper is named in an answer: the part of its title before the colon."""
    t = title(g, p)
    return t.split(":")[0] if ":" in t else t


def vyears(g, p):
    return sorted(g.valid_years(p))


def raw_years(g, p):
    return sorted(int(y) for y in g.papers[p]["years"])


def dois(g, p):
    return list(g.papers[p]["dois"])


def first_year(g, model, ds, metric):
    ys = [min(vyears(g, r["paper"])) for r in rows(g, ds, metric, model) if vyears(g, r["paper"])]
    return min(ys) if ys else None


def event(g, fragment, single=True):
    p = paper(g, fragment)
    ys = vyears(g, p)
    if single:
        need(len(ys) == 1, f"event paper {title(g, p)!r} has valid years {ys}")
    return p, ys, raw_years(g, p)


def paper_values(g, p, model, ds, metric):
    rs = rows(g, ds, metric, model, p)
    need(rs, f"{name_of(g, p)} states nothing for {model} on {ds}")
    return [r["value"] for r in rs], {check.parse_value(r["value"]) for r in rs}


def lower(metric):
    return metric in check.LOWER_BETTER


def beats(a, b, metric):
    return a < b if lower(metric) else a > b


def fact(model, v, ds, metric):
    return f"{model} scores {check.fmt(v)} on {ds} by {metric}"


def survivors(g, model, ds, metric, anchor=None):
    vals, status, diag = check.surviving(g, model, ds, metric, anchor)
    need(status in ("single", "clear", "close", "none"), f"{model} on {ds}: status {status}")
    keeps = set(re.findall(r"keep (\[[^\]]*\])", diag))
    need(len(keeps) <= 1, f"{model} on {ds} (anchor {anchor}): the six readings disagree: {keeps}")
    return {v for v in vals if v is not None}, status


def models_on(g, ds, metric, anchor=None, dated_only=False):
    out = set()
    for r in rows(g, ds, metric):
        if check.parse_value(r["value"]) is None:
            continue
        ys = vyears(g, r["paper"])
        if (anchor is not None or dated_only) and not ys:
            continue
        if anchor is not None and min(ys) > anchor:
            continue
        out.add(r["model"])
    return out


def readings(g, ds, metric, anchor=None, dated_only=False):
    """Every combination of the values the conflict rules leave standing, one per model."""
    per = {}
    for m in sorted(models_on(g, ds, metric, anchor, dated_only)):
        s, _ = survivors(g, m, ds, metric, anchor)
        if s:
            per[m] = sorted(s)
    names = sorted(per)
    return [dict(zip(names, combo)) for combo in itertools.product(*(per[n] for n in names))]


def leader_of(reading, metric):
    best = None
    for m, v in reading.items():
        if best is None or beats(v, best[1], metric):
            best = (m, v)
    ties = {m for m, v in reading.items() if v == best[1]}
    need(len(ties) == 1, f"tie for the lead: {ties}")
    return best


def leaders(g, ds, metric, anchor=None, dated_only=False):
    return {leader_of(r, metric)[0] for r in readings(g, ds, metric, anchor, dated_only) if r}


def leader_values(g, ds, metric, anchor=None, dated_only=False):
    ls = leaders(g, ds, metric, anchor, dated_only)
    need(len(ls) == 1, f"{ds} (anchor {anchor}): leader undecided {ls}")
    m = next(iter(ls))
    s, _ = survivors(g, m, ds, metric, anchor)
    return m, s


def later_beating(g, ds, metric, anchor, answer_values):
    """Kind (c): facts first stated after the anchor (or undated) that beat the anchored
    answer under some reading."""
    worst = max(answer_values) if lower(metric) else min(answer_values)
    out = set()
    for m in models_on(g, ds, metric):
        s, _ = survivors(g, m, ds, metric)
        for v in s:
            ys = [min(vyears(g, r["paper"])) if vyears(g, r["paper"]) else None
                  for r in rows(g, ds, metric, m) if check.parse_value(r["value"]) == v]
            dated = [y for y in ys if y is not None]
            after = (not dated) or min(dated) > anchor
            if after and beats(v, worst, metric):
                out.add(fact(m, v, ds, metric))
    return out


def simple_board(g, ds, metric, anchor, pick):
    """Board without value conflicts, a two-year paper placed by pick (min or max)."""
    out = {}
    for (m, d, k), vals in check.facts(g, anchor, year_pick=pick).items():
        if d == ds and k == metric:
            need(len(vals) == 1, f"{m} on {ds}: unexpected value conflict {vals}")
            out[m] = next(iter(vals))
    return out


def best_of(board, metric):
    return leader_of(board, metric)


def papers_on_problem(g, problem):
    q = check.PREFIXES + """
SELECT DISTINCT ?p WHERE {
  ?p orkgp:P31 ?c . ?c orkgp:P32 ?pr . ?pr rdfs:label ?l .
  FILTER(STR(?l) = "%s")
}""" % problem
    return sorted({str(r["p"]) for r in g.sel(q)})


def label_hits(g, word):
    q = check.PREFIXES + """
SELECT DISTINCT ?l WHERE { ?x rdfs:label ?l . FILTER(CONTAINS(LCASE(STR(?l)), "%s")) }""" % word.lower()
    return sorted(str(r["l"]) for r in g.sel(q))


def was_sole_leader(g, model, ds, metric, value):
    """First year (as of its end) at which model alone led the board with value. A year whose
    board cannot be read because a paper with two real years would be placed on either side
    of it (check.surviving refuses it) is skipped."""
    for y in range(2000, 2031):
        try:
            ls = leaders(g, ds, metric, y)
        except AssertionError:
            continue
        if ls == {model}:
            s, _ = survivors(g, model, ds, metric, y)
            if value in s:
                return y
    return None


BM, SK, CI = "BenchMira", "Skarnhold Glacier Set", "Corvalla-Ice"
DA, HO, VE = "Dastrup-7 Chorus", "Hollenby Marsh Calls", "Veltmoor Dawn Set"
OR, QU, MI = "Orrenby Parallel Corpus", "Quenmark Dialogue Set", "Mirelle Subtitles"
SB, KW = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"
ACC, WER, BLEU, CHRF, F1, IOU = "Accuracy", "Word Error Rate", "BLEU", "chrF", "F1", "Mean IoU"
F = check.fmt

# ------------------------------------------------------------------------------------------
# one computer per question. Each returns expected (set), verdict, must_keep, must_remove
# (sets of facts), anchor (None or the year the question is read as of), and the phrase of
# the question that carries its event or absence form. Premises are asserted first.
# ------------------------------------------------------------------------------------------
C = {}
EVIDENCE = collections.defaultdict(list)


def comp(qid):
    def deco(f):
        C[qid] = f
        return f
    return deco


def ev(qid, *msg):
    EVIDENCE[qid].append(" ".join(str(m) for m in msg))


def R(expected, verdict, mk=(), mr=(), anchor=None, phrase=None):
    return dict(expected=set(expected), verdict=verdict, must_keep=set(mk), must_remove=set(mr),
                anchor=anchor, phrase=phrase)


@comp("UE01")
def ue01(g):
    p = paper(g, "Tavrosa: Temporal")
    need(dois(g, p) == [], "the Tavrosa paper has a DOI")
    lead, val = leader_values(g, BM, ACC)
    need("Tavrosa" != lead, "premise would hold")
    ts, _ = survivors(g, "Tavrosa", BM, ACC)
    led = {v: was_sole_leader(g, "Tavrosa", BM, ACC, v) for v in ts}
    need(all(led.values()), f"Tavrosa was not the leader with every value: {led}")
    qx = paper(g, "Quillon-XL:")
    need(rows(g, BM, ACC, "Tavrosa", qx), "the Quillon-XL paper holds no Tavrosa row")
    ev("UE01", "leader now", lead, val, "| Tavrosa survivors", sorted(ts), "led as of", led,
       "| Tavrosa paper DOIs", dois(g, p), "| careless DOI (Quillon-XL paper)", dois(g, qx))
    return R({lead} | {F(v) for v in val}, None,
             mk={fact(lead, v, BM, ACC) for v in val},
             mr={fact("Tavrosa", v, BM, ACC) for v in ts},
             phrase="since tavrosa leads benchmira")


@comp("UE02")
def ue02(g):
    p, ys, raw = event(g, "Sallowmere:")
    anchor = ys[0] - 1
    lead, val = leader_values(g, SK, IOU, anchor)
    careless = leaders(g, SK, IOU, min(raw) - 1)
    need(min(raw) < 13 and not careless, "the month-as-year reading is not a trap here")
    ev("UE02", "event year", ys, "raw P29", raw, "-> up to", anchor, ":", lead, sorted(val),
       "| careless (before year", min(raw), "):", careless or "nothing",
       "| naive_best up to", anchor, ":", check.naive_best(g, SK, IOU, anchor))
    return R({lead} | {F(v) for v in val}, None,
             mk={fact(lead, v, SK, IOU) for v in val},
             mr=later_beating(g, SK, IOU, anchor, val), anchor=anchor,
             phrase="before the sallowmere paper came out")


@comp("UE03")
def ue03(g):
    py, pl = paper(g, "Ymberline:"), paper(g, "Lumoria:")
    need(raw_years(g, py) == [] and vyears(g, py) == [], "the Ymberline paper has a year")
    need(len(vyears(g, pl)) == 1, "Lumoria's year is not single")
    ev("UE03", "Ymberline raw P29", raw_years(g, py), "| Lumoria", vyears(g, pl),
       "| Ymberline value", [r["value"] for r in rows(g, model="Ymberline")])
    return R(set(), "UNCERTAIN", phrase="came out before the lumoria paper")


@comp("UE04")
def ue04(g):
    p, ys, raw = event(g, "Quillon-XL:")
    anchor = ys[0]
    qv = paper_values(g, p, "Quillon-XL", BM, ACC)[1]
    holds = {leader_of(r, ACC)[0] == "Quillon-XL" for r in readings(g, BM, ACC, anchor)}
    need(holds == {False}, f"Quillon-XL leads under some reading: {holds}")
    # the exclusive reading: the board up to the year before, plus Quillon-XL's own result
    prior = readings(g, BM, ACC, anchor - 1)
    need(all(any(beats(v, min(qv), ACC) for v in r.values()) for r in prior), "exclusive reading differs")
    lead, val = leader_values(g, BM, ACC, anchor)
    need(lead in {leader_of(r, ACC)[0] for r in prior}, "the leader differs under the exclusive reading")
    need(rows(g, BM, ACC, lead, p), "the event paper does not itself re-run the leader")
    ev("UE04", "event", ys, "| leader as of", anchor, lead, sorted(val), "| Quillon-XL", sorted(qv),
       "| leaders up to", anchor - 1, leaders(g, BM, ACC, anchor - 1))
    return R({lead} | {F(v) for v in val}, "REFUTED",
             mk={fact(lead, v, BM, ACC) for v in val} | {fact("Quillon-XL", v, BM, ACC) for v in qv},
             mr=later_beating(g, BM, ACC, anchor, val), anchor=anchor,
             phrase="when the quillon-xl paper came out")


@comp("UE05")
def ue05(g):
    p, ys, _ = event(g, "A Reproducibility Study")
    s, status = survivors(g, "KestrelNet", BM, ACC)
    need(status == "clear", f"KestrelNet status {status}")
    stated = {check.parse_value(r["value"]) for r in rows(g, BM, ACC, "KestrelNet")}
    need(s <= paper_values(g, p, "KestrelNet", BM, ACC)[1], "the study does not state the survivor")
    ev("UE05", "stated", sorted(stated), "survives", sorted(s), "| study year", ys)
    return R({F(v) for v in s}, None,
             mk={fact("KestrelNet", v, BM, ACC) for v in s},
             mr={fact("KestrelNet", v, BM, ACC) for v in stated - s},
             phrase="since the reproducibility study came out")


@comp("UE06")
def ue06(g):
    pb, po = paper(g, "Benchmarking Calving Front Detectors"), paper(g, "Brackwater-UNet:")
    rb, vb = paper_values(g, pb, "Brackwater-UNet", CI, F1)
    ro, vo = paper_values(g, po, "Brackwater-UNet", CI, F1)
    need(vb == vo and len(vb) == 1, "the two papers differ")
    need(set(rb) != set(ro), "the stored strings are the same: no trap")
    s, _ = survivors(g, "Brackwater-UNet", CI, F1)
    need(s == vb, "the value does not survive")
    typo = paper_values(g, po, "Orvalis-CNN", CI, F1)[0]
    ev("UE06", "benchmarking paper", rb, "| own paper", ro, "| same value", sorted(vb),
       "| Orvalis-CNN row in the Brackwater-UNet paper", typo)
    return R({F(v) for v in vb}, None, mk={fact("Brackwater-UNet", v, CI, F1) for v in vb},
             phrase="the same number as in the brackwater-unet paper")


@comp("UE07")
def ue07(g):
    pr, po = paper(g, "A Reproducibility Study"), paper(g, "Orvalis-CNN:")
    vr = paper_values(g, pr, "Orvalis-CNN", BM, ACC)[1]
    vo = paper_values(g, po, "Orvalis-CNN", BM, ACC)[1]
    k_r = paper_values(g, pr, "KestrelNet", BM, ACC)[1]
    k_o = paper_values(g, paper(g, "KestrelNet:"), "KestrelNet", BM, ACC)[1]
    need(k_r != k_o, "the study reproduces KestrelNet too: no trap")
    verdict = "SUPPORTED" if vr == vo else "REFUTED"
    ev("UE07", "study", sorted(vr), "| own paper", sorted(vo), "| KestrelNet study/own", sorted(k_r), sorted(k_o))
    return R({F(v) for v in vr | vo}, verdict, mk={fact("Orvalis-CNN", v, BM, ACC) for v in vr},
             phrase="found the same benchmira accuracy for orvalis-cnn as the original")


@comp("UE08")
def ue08(g):
    p, ys, raw = event(g, "Sallowmere:")
    after, undated, careless = [], [], []
    for r in rows(g, SK, IOU):
        y = vyears(g, r["paper"])
        if not y:
            undated.append(r["model"])
        elif min(y) > ys[0]:
            after.append(r["model"])
        ry = raw_years(g, r["paper"])
        if r["paper"] != p and ry and min(ry) > min(raw):
            careless.append(r["model"])
    need(undated, "no undated result: no caveat to test")
    ev("UE08", "event", ys, "raw", raw, "| dated after:", after or "none", "| undated:", undated,
       "| careless (after year", min(raw), "):", sorted(careless))
    return R(set(after), None, phrase="after sallowmere's paper")


@comp("UE09")
def ue09(g):
    lead, val = leader_values(g, DA, WER)
    need(lead != "Corrasine", "premise would hold")
    cs, _ = survivors(g, "Corrasine", DA, WER)
    need("Corrasine" not in leaders(g, DA, WER), "Corrasine leads under some reading")
    need(first_year(g, "Corrasine", DA, WER) == max(first_year(g, m, DA, WER) for m in models_on(g, DA, WER)),
         "Corrasine's result is not the newest on the board")
    srcs = {r["paper"] for r in rows(g, DA, WER, "Corrasine") if check.parse_value(r["value"]) in cs}
    own = paper(g, "Corrasine:")
    need(own not in srcs and not rows(g, DA, WER, paper=own), "Corrasine's own paper states it")
    ev("UE09", "leader", lead, sorted(val), "| Corrasine", sorted(cs), "from", [title(g, s) for s in srcs],
       "| Corrasine's own paper:", [(r["dataset"], r["value"]) for r in rows(g, paper=own)])
    return R({lead} | {F(v) for v in val} | {title(g, s) for s in srcs}, None,
             mk={fact(lead, v, DA, WER) for v in val} | {fact("Corrasine", v, DA, WER) for v in cs},
             phrase="now that corrasine has the lowest wer")


@comp("UE10")
def ue10(g):
    p, ys, raw = event(g, "Trillbert:")
    anchor = ys[0] - 1
    below = {}
    for m in models_on(g, DA, WER, anchor):
        s, _ = survivors(g, m, DA, WER, anchor)
        hit = {v for v in s if v < 12}
        if hit:
            below[m] = hit
    need(len(below) == 1, f"models below 12: {below}")
    verdict = "REFUTED" if below else "SUPPORTED"
    careless = models_on(g, DA, WER, min(raw) - 1)
    need(not careless, "month reading is not a trap")
    (m, vals), = below.items()
    ev("UE10", "event", ys, "raw", raw, "-> up to", anchor, "| below 12:", below,
       "| careless (before year", min(raw), "):", careless or "nothing")
    return R({m} | {F(v) for v in vals}, verdict, mk={fact(m, v, DA, WER) for v in vals},
             mr=later_beating(g, DA, WER, anchor, vals), anchor=anchor,
             phrase="before the trillbert paper came out")


@comp("UE11")
def ue11(g):
    p, ys, _ = event(g, "Reproducing Pretrained Birdsong")
    anchor = ys[0]
    ls_in, ls_ex = leaders(g, DA, WER, anchor), leaders(g, DA, WER, anchor - 1)
    need(ls_ex == {"Trillbert"}, f"'still': before the event the leader was {ls_ex}")
    verdict = "SUPPORTED" if ls_in == {"Trillbert"} else ("REFUTED" if "Trillbert" not in ls_in else "UNCERTAIN")
    s, status = survivors(g, "Trillbert", DA, WER, anchor)
    need(status == "close", f"Trillbert status {status}")
    need(rows(g, DA, WER, "Trillbert", p), "the event paper does not re-run Trillbert")
    ev("UE11", "event", ys, "| leaders incl.", ls_in, "excl.", ls_ex, "| Trillbert", sorted(s),
       "| leaders now", leaders(g, DA, WER))
    return R({"Trillbert"} | {F(v) for v in s}, verdict, mk={fact("Trillbert", v, DA, WER) for v in s},
             mr=later_beating(g, DA, WER, anchor, s), anchor=anchor,
             phrase="at the time the reproduction study")


@comp("UE12")
def ue12(g):
    p, ys, _ = event(g, "Warbleon Revisited")
    s, status = survivors(g, "Warbleon", HO, ACC)
    need(status == "close" and len(s) == 2, f"Warbleon status {status} {s}")
    need(paper_values(g, p, "Warbleon", HO, ACC)[1] <= s, "event paper value removed")
    ev("UE12", "Warbleon", sorted(s), status, "| event paper", ys, paper_values(g, p, "Warbleon", HO, ACC)[0])
    return R({F(v) for v in s}, None, mk={fact("Warbleon", v, HO, ACC) for v in s},
             phrase="now that warbleon revisited is out")


@comp("UE13")
def ue13(g):
    p = paper(g, "Scaling Noise-Robust Transcribers")
    mine = rows(g, DA, WER, "Syrinxa")
    in_p = [(r["model"], r["dataset"], r["value"]) for r in rows(g, paper=p)]
    need(any(m == "Syrinxa" for m, _, _ in in_p) and any(d == DA for _, d, _ in in_p), "no co-occurrence trap")
    ev("UE13", "Syrinxa on Dastrup-7:", mine or "none", "| rows of the 2025 paper:", in_p)
    return R({F(check.parse_value(r["value"])) for r in mine}, None, phrase="is there any paper that reports syrinxa")


@comp("UE14")
def ue14(g):
    on_d = {r["model"] for r in rows(g, DA, WER)}
    on_h = {r["model"] for r in rows(g, HO, ACC) if check.parse_value(r["value"]) is not None}
    missing = on_d - on_h
    trap = {}
    for m in sorted(missing):
        trap[m] = [title(g, r["paper"]) for r in rows(g, DA, WER, m) if rows(g, HO, ACC, paper=r["paper"])]
    need(all(trap.values()), f"not every missing model has a co-occurring Hollenby row: {trap}")
    ev("UE14", "Dastrup-7 models", sorted(on_d), "| with Hollenby", sorted(on_h), "| missing", sorted(missing),
       "| papers that mention them beside a Hollenby row", trap)
    return R(missing, None, phrase="have no accuracy result on the hollenby")


@comp("UE15")
def ue15(g):
    hits = label_hits(g, "separation")
    near = label_hits(g, "birdsong")
    need(near, "nothing shares the word 'birdsong'")
    ev("UE15", "labels with 'separation':", hits or "none", "| with 'birdsong':", near)
    return R(set(hits), None, phrase="birdsong source separation")


@comp("UE16")
def ue16(g):
    p, ys, _ = event(g, "Low-Latency Transcribers")
    ls = leaders(g, VE, WER)
    need(len(ls) > 1, f"Veltmoor leader decided: {ls}")
    exp = set()
    mk = set()
    for m in ls:
        s, _ = survivors(g, m, VE, WER)
        exp |= {m} | {F(v) for v in s}
        mk |= {fact(m, v, VE, WER) for v in s}
    # read as 'only results from the event on': the same values
    since = collections.defaultdict(set)
    for r in rows(g, VE, WER):
        if vyears(g, r["paper"]) and min(vyears(g, r["paper"])) >= ys[0]:
            since[r["model"]].add(check.parse_value(r["value"]))
    need(all(since[m] == survivors(g, m, VE, WER)[0] for m in ls), f"'since' restricted reading differs: {dict(since)}")
    ev("UE16", "event", ys, "| leaders over readings", ls, "| values", {m: sorted(survivors(g, m, VE, WER)[0]) for m in ls},
       "| in the comparison paper", [(r["model"], r["value"]) for r in rows(g, paper=p)])
    return R(exp, None, mk=mk, phrase="since the low-latency comparison")


@comp("UE17")
def ue17(g):
    p, ys, _ = event(g, "A Survey of Vendish")
    need(not rows(g, paper=p), "the survey has results")
    anchor = ys[0]
    lead, val = leader_values(g, QU, BLEU, anchor)
    need(leader_values(g, QU, BLEU, anchor - 1) == (lead, val), "inclusive and exclusive readings differ")
    ev("UE17", "event", ys, "| leader", lead, sorted(val), "| now", leaders(g, QU, BLEU))
    return R({lead} | {F(v) for v in val}, None, mk={fact(lead, v, QU, BLEU) for v in val},
             mr=later_beating(g, QU, BLEU, anchor, val), anchor=anchor,
             phrase="at the time the survey of vendish language resources was published")


@comp("UE18")
def ue18(g):
    p, ys, _ = event(g, "Ibbotrans:")
    anchor = ys[0] - 1
    lead, val = leader_values(g, OR, BLEU, anchor)
    strs = [(r["value"], r["model"]) for r in rows(g, OR, BLEU)
            if vyears(g, r["paper"]) and min(vyears(g, r["paper"])) <= anchor]
    smax = max(strs)
    need(smax[1] != lead, "the string sort is not a trap")
    need(smax[1] == min(((first_year(g, m, OR, BLEU), m) for _, m in strs))[1], "the string-max is not the oldest")
    ev("UE18", "event", ys, "-> up to", anchor, "| leader", lead, sorted(val), "| string MAX within anchor", smax,
       "| SPARQL string MAX (no anchor)", g.sel(check.SELECT_STRING_MAX.format(dataset=OR, metric=BLEU)))
    return R({lead} | {F(v) for v in val}, None, mk={fact(lead, v, OR, BLEU) for v in val},
             mr=later_beating(g, OR, BLEU, anchor, val), anchor=anchor,
             phrase="before the ibbotrans paper came out")


@comp("UE19")
def ue19(g):
    po, pr = paper(g, "Murrelet-MT:"), paper(g, "Revisiting Neural Baselines")
    vo = paper_values(g, po, "Murrelet-MT", MI, CHRF)[1]
    vr = paper_values(g, pr, "Murrelet-MT", MI, CHRF)[1]
    s, status = survivors(g, "Murrelet-MT", MI, CHRF)
    need(status == "close" and s == vo | vr, "not the close conflict")
    verdict = "SUPPORTED" if vo == vr else "REFUTED"
    ev("UE19", "own", sorted(vo), "| revisiting", sorted(vr), "| survivors", sorted(s), status)
    return R({F(v) for v in vo | vr}, verdict, mk={fact("Murrelet-MT", v, MI, CHRF) for v in s},
             phrase="found the same chrf for murrelet-mt")


@comp("UE20")
def ue20(g):
    allm = {r["model"] for r in rows(g, MI, CHRF)}
    numeric = {r["model"] for r in rows(g, MI, CHRF) if check.parse_value(r["value"]) is not None}
    none = allm - numeric
    ev("UE20", "Mirelle rows", [(r["model"], r["value"]) for r in rows(g, MI, CHRF)], "| no number:", sorted(none))
    return R(none, None, phrase="have no chrf number reported")


@comp("UE21")
def ue21(g):
    p, ys, _ = event(g, "Murrelet-MT:")
    need(leaders(g, QU, BLEU, ys[0]) == {"Murrelet-MT"}, "premise false: Murrelet-MT did not top Quenmark then")
    lead, val = leader_values(g, QU, BLEU)
    verdict = "SUPPORTED" if lead == "Murrelet-MT" else "REFUTED"
    ms, _ = survivors(g, "Murrelet-MT", QU, BLEU)
    ev("UE21", "as of", ys[0], "Murrelet-MT", sorted(ms), "| now", lead, sorted(val))
    return R({lead} | {F(v) for v in val}, verdict, mk={fact(lead, v, QU, BLEU) for v in val},
             mr={fact("Murrelet-MT", v, QU, BLEU) for v in ms} if verdict == "REFUTED" else set(),
             phrase="when its paper came out")


@comp("UE22")
def ue22(g):
    rs = rows(g, MI, CHRF, "Halverin")
    need(len({r["paper"] for r in rs}) == 1, "Halverin's Mirelle result is in several papers")
    own = paper(g, "Halverin:")
    need(not rows(g, MI, CHRF, paper=own), "Halverin's own paper reports Mirelle")
    src = rs[0]["paper"]
    vals = {check.parse_value(r["value"]) for r in rs}
    ev("UE22", "Halverin on Mirelle", [r["value"] for r in rs], "in", title(g, src), vyears(g, src),
       "| own paper rows", [(r["dataset"], r["value"]) for r in rows(g, paper=own)])
    return R({F(v) for v in vals} | {name_of(g, src)}, None, mk={fact("Halverin", v, MI, CHRF) for v in vals},
             phrase="ever evaluated on mirelle subtitles")


@comp("UE23")
def ue23(g):
    p, ys, _ = event(g, "Murrelet-MT:")
    later = sorted({r["paper"] for r in rows(g, MI, CHRF)
                    if vyears(g, r["paper"]) and min(vyears(g, r["paper"])) > ys[0]})
    undated = [r for r in rows(g, MI, CHRF) if not vyears(g, r["paper"])]
    need(not undated, "an undated Mirelle row")
    exp, mk = set(), set()
    for q in later:
        exp.add(name_of(g, q))
        for r in rows(g, MI, CHRF, paper=q):
            v = check.parse_value(r["value"])
            if v is not None:
                exp.add(F(v))
                s, _ = survivors(g, r["model"], MI, CHRF)
                need(v in s, f"{r['model']} {v} removed")
                mk.add(fact(r["model"], v, MI, CHRF))
    ev("UE23", "event", ys, "| later papers", [(title(g, q), vyears(g, q)) for q in later])
    return R(exp, None, mk=mk, phrase="after the murrelet-mt paper")


@comp("UE24")
def ue24(g):
    lead, val = leader_values(g, SB, F1)
    need(lead != "Undertow-GNN", "premise would hold")
    need(not any(was_sole_leader(g, "Undertow-GNN", SB, F1, v) for v in survivors(g, "Undertow-GNN", SB, F1)[0]),
         "Undertow-GNN led at some point")
    newest = max(models_on(g, SB, F1), key=lambda m: first_year(g, m, SB, F1))
    need(newest == "Undertow-GNN", f"newest model is {newest}")
    p = paper(g, "Undertow-GNN:")
    ys = vyears(g, p)
    need(len(ys) == 1, "Undertow-GNN's paper year not single")
    us, _ = survivors(g, "Undertow-GNN", SB, F1)
    ev("UE24", "leader", lead, sorted(val), "| Undertow-GNN", sorted(us), "paper year", ys, "DOIs", dois(g, p))
    return R({lead} | {F(v) for v in val} | {str(ys[0])}, None,
             mk={fact(lead, v, SB, F1) for v in val} | {fact("Undertow-GNN", v, SB, F1) for v in us},
             phrase="since undertow-gnn holds the f1 record")


@comp("UE25")
def ue25(g):
    p, ys, raw = event(g, "Selkora:")
    anchor = ys[0] - 1
    outs = set()
    for pick in (min, max):
        outs.add(best_of(simple_board(g, SB, F1, anchor, pick), F1))
    need(len(outs) == 1, f"Tidewick's two years change the answer: {outs}")
    (lead, v), = outs
    lv, lval = leader_values(g, SB, F1, anchor)
    need((lv, lval) == (lead, {v}), "board() and the two-year reading differ")
    careless = simple_board(g, SB, F1, min(raw) - 1, min)
    need(not careless, "the month reading is not a trap")
    ev("UE25", "event", ys, "raw", raw, "-> up to", anchor, "|", lead, v, "| careless (before year", min(raw), "): nothing")
    return R({lead, F(v)}, None, mk={fact(lead, v, SB, F1)}, mr=later_beating(g, SB, F1, anchor, {v}),
             anchor=anchor, phrase="before the selkora paper came out")


@comp("UE26")
def ue26(g):
    p, ys, raw = event(g, "Tidewick:", single=False)
    need(len(ys) == 2, f"Tidewick's years {ys}")
    truth, mk = {}, set()
    for y, pick in zip(ys, (min, max)):
        b = simple_board(g, SB, F1, y - 1, pick)
        m, v = best_of(b, F1)
        truth[y] = (m == "Marrowfen")
        mk.add(fact(m, v, SB, F1))
    verdict = ("SUPPORTED" if all(truth.values()) else "REFUTED" if not any(truth.values()) else "UNCERTAIN")
    ev("UE26", "Tidewick years", ys, "| Marrowfen best before each:", truth)
    return R({str(y) for y in ys}, verdict, mk=mk, phrase="before the tidewick paper came out")


@comp("UE27")
def ue27(g):
    ps, pr = paper(g, "Selkora:"), paper(g, "A Replication of Tidal")
    vs = paper_values(g, ps, "Selkora", SB, F1)[1]
    vr = paper_values(g, pr, "Selkora", SB, F1)[1]
    need(len(raw_years(g, ps)) == 2, "the Selkora paper has no month dirt")
    verdict = "SUPPORTED" if vs == vr else "REFUTED"
    ev("UE27", "own", sorted(vs), "raw P29", raw_years(g, ps), "| replication", sorted(vr), vyears(g, pr))
    return R({F(v) for v in vs | vr}, verdict, mk={fact("Selkora", v, SB, F1) for v in vs & vr},
             phrase="found the same f1 for selkora as selkora's own paper")


@comp("UE28")
def ue28(g):
    p = paper(g, "Driftmere:")
    ys, raw = vyears(g, p), raw_years(g, p)
    need(raw and max(raw) <= 12, f"Driftmere's raw P29 {raw}")
    exp = set()
    if ys:
        lead, val = leader_values(g, KW, IOU, ys[0] - 1)
        exp = {lead} | {F(v) for v in val}
    ev("UE28", "Driftmere raw P29", raw, "valid", ys, "DOIs", dois(g, p),
       "| careless 'now without Driftmere'", leaders(g, KW, IOU, dated_only=True))
    return R(exp, None, phrase="before the driftmere paper came out")


@comp("UE29")
def ue29(g):
    p, ys, _ = event(g, "A Review of Condition Monitoring")
    need(not rows(g, paper=p) and not dois(g, p), "the review has results or a DOI")
    exp, mk, unsure, careless = set(), set(), [], []
    for q in papers_on_problem(g, "Tidal Turbine Fault Detection"):
        qy = vyears(g, q)
        if not qy or q == p:
            continue
        if min(qy) > ys[0]:
            exp.add(name_of(g, q))
            if ":" in title(g, q):
                m = name_of(g, q)
                for r in rows(g, paper=q, model=m):
                    s, _ = survivors(g, m, r["dataset"], r["metric"])
                    mk |= {fact(m, v, r["dataset"], r["metric"]) for v in s}
        elif max(qy) > ys[0]:
            unsure.append(title(g, q))
        if min(raw_years(g, q)) <= ys[0] and min(qy) > ys[0]:
            careless.append(title(g, q))
    need(not unsure, f"papers after the review under one year only: {unsure}")
    ev("UE29", "review", ys, "| after:", sorted(exp), "| dropped by min raw P29:", careless)
    return R(exp, None, mk=mk, phrase="after the review of condition monitoring")


@comp("UE30")
def ue30(g):
    p, ys, _ = event(g, "Transferring Drivetrain")
    need(rows(g, KW, IOU, "Marrowfen", p), "the transfer paper does not state Marrowfen on Kelpwatch")
    need(leaders(g, KW, IOU, ys[0]) == {"Marrowfen"}, "premise false")
    dated = leaders(g, KW, IOU, dated_only=True)
    alls = leaders(g, KW, IOU)
    need(len(dated) == 1 and len(alls) == 1, "leader undecided")
    verdict = "REFUTED" if "Marrowfen" not in dated | alls else "UNCERTAIN"
    lead, val = leader_values(g, KW, IOU, dated_only=True)
    ms, _ = survivors(g, "Marrowfen", KW, IOU)
    ev("UE30", "as of", ys[0], "Marrowfen", sorted(ms), "| now (dated)", lead, sorted(val), "| with undated", alls)
    return R({lead} | {F(v) for v in val}, verdict, mk={fact(lead, v, KW, IOU) for v in val},
             mr={fact("Marrowfen", v, KW, IOU) for v in ms}, phrase="when its transfer paper came out")


# ------------------------------------------------------------------------------------------
# the file
# ------------------------------------------------------------------------------------------
DECLARED = {
    "verdict": {"SUPPORTED": 3, "REFUTED": 5, "UNCERTAIN": 2, None: 20},
    "mechanism": {"recency": 3, "superseded": 3, "conflict": 4, "corroboration": 3, "as_of": 6,
                  "metadata": 4, "gate": 7},
    "query_type": {"claim_verification": 10, "method_comparison": 13, "paper_lookup": 4, "topic_search": 1,
                   "method_usage": 1, "dataset_search": 1},
    "graph": {"g1.ttl": 8, "g2.ttl": 8, "g3.ttl": 7, "g4.ttl": 7},
}
# forms (README30 "Forms"): each question's declared forms
FORMS = {
    "before": ["UE02", "UE03", "UE10", "UE18", "UE25", "UE26", "UE28"],
    "at_the_time": ["UE04", "UE11", "UE17", "UE21", "UE30"],
    "since_after": ["UE05", "UE08", "UE12", "UE15", "UE16", "UE23", "UE29"],
    "false_premise": ["UE01", "UE09", "UE24"],
    "absence": ["UE03", "UE08", "UE13", "UE14", "UE15", "UE20", "UE22", "UE23", "UE28"],
    "paper_vs_paper": ["UE06", "UE07", "UE19", "UE27"],
}
FORM_WORDS = {
    "before": ("before the",),
    "at_the_time": ("at the time", "when the", "when its"),
    "since_after": ("since the", "after ", "now that", "since the plumaro"),
    "false_premise": ("since ", "now that "),
    "absence": ("any ", "no ", "ever ", "has anything", "who had", "before the", "is there"),
    "paper_vs_paper": ("same",),
}
MONTH_EVENTS = {"UE02": "Sallowmere:", "UE08": "Sallowmere:", "UE10": "Trillbert:", "UE25": "Selkora:",
                "UE28": "Driftmere:", "UE29": "Selkora:"}


def words(s):
    return set(re.findall(r"[a-z0-9]+(?:[-.][a-z0-9]+)*", s.lower()))


def jaccard(a, b):
    a, b = words(a), words(b)
    return len(a & b) / len(a | b)


def load(path):
    out = []
    with open(path) as f:
        for i, line in enumerate(f, 1):
            if line.strip():
                try:
                    out.append(json.loads(line, object_pairs_hook=list))
                except json.JSONDecodeError as e:
                    fail(f"{path}:{i}: not JSON: {e}")
    return out


def main():
    ref = load(os.path.join(TRUST, "trust-dev.jsonl"))
    ref_fields = [k for k, _ in ref[0]]
    ref_qt = {dict(r)["query_type"] for r in ref}
    ref_mech = {dict(r)["mechanism"] for r in ref}
    ref_qs = [dict(r)["question"] for r in ref]
    raw = load(FILE)
    print(f"file: {FILE}  ({len(raw)} lines)")
    print(f"fields of trust-dev.jsonl: {ref_fields}")

    Q = []
    for i, pairs in enumerate(raw):
        keys = [k for k, _ in pairs]
        d = dict(pairs)
        qid = d.get("id", f"line{i + 1}")
        if keys != ref_fields:
            fail(f"{qid}: fields {keys} != {ref_fields}")
        Q.append(d)

    # ids, duplicates, enums
    want_ids = [f"UE{n:02d}" for n in range(1, 31)]
    ids = [q.get("id") for q in Q]
    if ids != want_ids:
        fail(f"ids are not UE01..UE30 in order: {ids}")
    for name in ("id", "question"):
        c = collections.Counter(q.get(name) for q in Q)
        for k, n in c.items():
            if n > 1:
                fail(f"duplicate {name}: {k!r} x{n}")
    for q in Q:
        qid = q.get("id")
        if q.get("graph") not in GR:
            fail(f"{qid}: graph {q.get('graph')!r}")
        if q.get("query_type") not in ref_qt:
            fail(f"{qid}: query_type {q.get('query_type')!r}")
        if q.get("mechanism") not in ref_mech:
            fail(f"{qid}: mechanism {q.get('mechanism')!r}")
        is_claim = q.get("query_type") == "claim_verification"
        if is_claim and q.get("verdict") not in ("SUPPORTED", "REFUTED", "UNCERTAIN"):
            fail(f"{qid}: claim without a valid verdict: {q.get('verdict')!r}")
        if not is_claim and q.get("verdict") is not None:
            fail(f"{qid}: verdict set on a non-claim")
        for k in ("expected", "must_keep", "must_remove"):
            v = q.get(k)
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                fail(f"{qid}: {k} is not a list of strings")
            elif len(set(v)) != len(v):
                fail(f"{qid}: {k} has repeats")
        for k in ("question", "notes"):
            if not isinstance(q.get(k), str) or not q.get(k).strip():
                fail(f"{qid}: empty {k}")
        qs = q.get("question", "")
        if re.search(r"\b(1[89]|20)\d\d\b", qs):
            fail(f"{qid}: the question writes a calendar year (anchors here are events)")
        notes = q.get("notes", "")
        if not (notes.startswith("Form:") and "Right answer" in notes and "Careless answer" in notes):
            fail(f"{qid}: notes must start with 'Form:' and name the right and careless answers")
        for e in q.get("expected", []):
            if e != e.strip() or e.endswith("%"):
                fail(f"{qid}: expected {e!r} is not in clean form")
            if q.get("graph") in TEXT and e not in TEXT[q["graph"]]:
                fail(f"{qid}: expected {e!r} is not in {q['graph']}'s text")

    # facts: shape, existence, lists disjoint
    for q in Q:
        g = GR.get(q.get("graph"))
        if g is None:
            continue
        mk, mr = set(q.get("must_keep", [])), set(q.get("must_remove", []))
        if mk & mr:
            fail(f"{q['id']}: facts in both lists: {mk & mr}")
        for f in mk | mr:
            m = check.FACT_RE.match(f)
            if not m:
                fail(f"{q['id']}: malformed fact {f!r}")
                continue
            if check.parse_value(m.group(2)) is None or F(check.parse_value(m.group(2))) != m.group(2):
                fail(f"{q['id']}: fact value not clean: {f!r}")
            if not check.fact_exists(g, f):
                fail(f"{q['id']}: fact not in the graph: {f!r}")

    # recompute, for every current year
    years = sorted({2025, 2026, 2027, 2028, 2029, 2030} | ({int(os.environ["TRUST_NOW"])} if os.environ.get("TRUST_NOW") else set()))
    now0 = check.NOW
    results = {}
    for y in years:
        check.NOW = y
        for q in Q:
            qid = q.get("id")
            if qid not in C:
                if y == years[0]:
                    fail(f"{qid}: no computer")
                continue
            g = GR.get(q.get("graph"))
            try:
                res = C[qid](g)
            except AssertionError as e:
                fail(f"{qid} (NOW={y}): premise or rule check failed: {e}")
                continue
            except Exception as e:  # noqa: BLE001
                fail(f"{qid} (NOW={y}): {type(e).__name__}: {e}")
                continue
            # generic must_keep / must_remove checks under this year
            for f in q.get("must_keep", []):
                m = check.FACT_RE.match(f)
                if not m:
                    continue
                model, v, ds, met = m.group(1), check.parse_value(m.group(2)), m.group(3), m.group(4)
                try:
                    s, _ = survivors(g, model, ds, met, res["anchor"])
                except AssertionError as e:
                    fail(f"{qid}: {e}")
                    continue
                if v not in s:
                    fail(f"{qid} (NOW={y}): must_keep {f!r} does not survive (anchor {res['anchor']})")
            for f in q.get("must_remove", []):
                m = check.FACT_RE.match(f)
                if not m:
                    continue
                model, v, ds, met = m.group(1), check.parse_value(m.group(2)), m.group(3), m.group(4)
                try:
                    now_s, _ = survivors(g, model, ds, met)
                    kind_a = v not in now_s and bool(now_s)
                    kind_b = bool(was_sole_leader(g, model, ds, met, v)) and model not in leaders(g, ds, met)
                    kind_c = False
                    if res["anchor"] is not None:
                        fy = [min(vyears(g, r["paper"])) if vyears(g, r["paper"]) else None
                              for r in rows(g, ds, met, model) if check.parse_value(r["value"]) == v]
                        dated = [x for x in fy if x is not None]
                        kind_c = (not dated) or min(dated) > res["anchor"]
                        if kind_c and model in leaders(g, ds, met, res["anchor"]):
                            fail(f"{qid}: must_remove {f!r} is the anchored best")
                except AssertionError as e:
                    fail(f"{qid}: {e}")
                    continue
                if not (kind_a or kind_b or kind_c):
                    fail(f"{qid} (NOW={y}): must_remove {f!r} is of no kind (a, b, c)")
            results.setdefault(qid, {})[y] = res
    check.NOW = now0

    for q in Q:
        qid = q.get("id")
        per = results.get(qid)
        if not per:
            continue
        first = per[years[0]]
        for y, r in per.items():
            if {k: r[k] for k in ("expected", "verdict", "must_keep", "must_remove", "anchor")} != \
               {k: first[k] for k in ("expected", "verdict", "must_keep", "must_remove", "anchor")}:
                fail(f"{qid}: the answer depends on the current year ({years[0]} vs {y})")
        if set(q.get("expected", [])) != first["expected"]:
            fail(f"{qid}: expected {sorted(q.get('expected', []))} != recomputed {sorted(first['expected'])}")
        if q.get("verdict") != first["verdict"]:
            fail(f"{qid}: verdict {q.get('verdict')} != recomputed {first['verdict']}")
        if set(q.get("must_keep", [])) != first["must_keep"]:
            fail(f"{qid}: must_keep {sorted(q.get('must_keep', []))} != recomputed {sorted(first['must_keep'])}")
        if set(q.get("must_remove", [])) != first["must_remove"]:
            fail(f"{qid}: must_remove {sorted(q.get('must_remove', []))} != recomputed {sorted(first['must_remove'])}")
        if first["phrase"] and first["phrase"] not in q.get("question", "").lower():
            fail(f"{qid}: the question lacks its form phrase {first['phrase']!r}")
        print(f"{qid} [{q.get('graph')} {q.get('mechanism')} {q.get('query_type')} {q.get('verdict')}] "
              f"anchor={first['anchor']} expected={sorted(first['expected'])}")
        for line in EVIDENCE.get(qid, [])[:1]:
            print("     ", line)

    # forms
    ids_set = set(ids)
    for form, qids in FORMS.items():
        for qid in qids:
            if qid not in ids_set:
                fail(f"form {form}: unknown id {qid}")
                continue
            qs = next(q for q in Q if q.get("id") == qid).get("question", "").lower()
            if not any(w in qs for w in FORM_WORDS[form]):
                fail(f"{qid}: declared form {form} but none of {FORM_WORDS[form]} in the question")
    covered = set().union(*FORMS.values())
    if ids_set - covered:
        fail(f"questions with no declared form: {sorted(ids_set - covered)}")
    # month-under-P29 events: the event paper really has the dirt
    for qid, frag in MONTH_EVENTS.items():
        q = next((x for x in Q if x.get("id") == qid), None)
        if q is None:
            continue
        g = GR[q["graph"]]
        p = paper(g, frag)
        if not any(y <= 12 for y in raw_years(g, p)):
            fail(f"{qid}: event paper {frag} has no month under P29")

    # counts
    counts = {k: collections.Counter(q.get(k) for q in Q) for k in DECLARED}
    for k, want in DECLARED.items():
        got = dict(counts[k])
        if got != want:
            fail(f"counts of {k}: {got} != declared {want}")
        print(f"{k}: " + ", ".join(f"{a} {b}" for a, b in sorted(got.items(), key=lambda x: str(x[0]))))
    n_claims = counts["query_type"]["claim_verification"]
    if not (0.25 <= n_claims / max(len(Q), 1) <= 0.40):
        fail(f"claims are {n_claims} of {len(Q)}: not roughly a third")
    if set(counts["mechanism"]) != ref_mech:
        fail(f"not every mechanism is used: {set(counts['mechanism'])}")
    if set(counts["query_type"]) != ref_qt:
        fail(f"not every query type is used: {set(counts['query_type'])}")

    # word overlap
    worst = (0, "", "")
    for q in Q:
        for other in ref_qs:
            j = jaccard(q.get("question", ""), other)
            if j >= 0.6:
                fail(f"{q.get('id')}: shares {j:.2f} of its words with a trust-dev.jsonl question")
            worst = max(worst, (j, q.get("id"), "TD"))
        for q2 in Q:
            if q2.get("id", "") > q.get("id", ""):
                j = jaccard(q.get("question", ""), q2.get("question", ""))
                if j >= 0.6:
                    fail(f"{q.get('id')}/{q2.get('id')}: word overlap {j:.2f}")
    print(f"highest word overlap with trust-dev.jsonl: {worst[1]} {worst[0]:.2f}")

    print(f"years checked: {years}")
    print(f"FAILURES: {len(FAILURES)}")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
