#!/usr/bin/env python3
"""Checks trust-dev19.jsonl (TW01-TW40) against the fixture graphs g1.ttl .. g4.ttl.

Every question's `expected` (as a set), `verdict`, `must_keep` and `must_remove` are re-derived
here by a small function of its own (tw01 ... tw40), written over check.py's reference rules:
check.G (the parsed graph: rows, papers, valid years), check.surviving (the conflict rules under
six readings; a conflict that the readings do not agree on fails the check) and check.board (the
conflict-resolved board, optionally as of a year). Nothing is read back from the JSONL to compute
an answer. Also checked: the ten fields, ids TW01..TW40 in order, no duplicate id or question,
the counts per mechanism / query type / verdict / graph, at least 8 gate questions, every fact
well formed and present in its graph, every must_keep fact surviving the conflict rules and the
question's anchor, every must_remove fact really removed, superseded or after the anchor (and
never the surviving best), every expected string present in the graph, no two questions sharing
60% of their words (in this file or with trust-dev.jsonl), and no two opening with the same three
words. The stated premises of each question (years, what a paper reports, who is newest) are
asserted too, and the careless answer each question is built against is printed as evidence.

Claims that join several facts: REFUTED if any part is false by the graph, UNCERTAIN if none is
false but one cannot be decided, SUPPORTED only if every part holds.

check.py and the graphs are taken from beside this file when all five are there, otherwise from
/work/main/eval/gold/trust. trust-dev19.jsonl is taken from beside this file, otherwise from there.

Run: python3 check19.py      (runs itself three times: TRUST_NOW unset, 2025, 2030;
                              prints FAILURES: N, exit status 1 on any failure)
     CHECK19_ONCE=1 TRUST_NOW=2030 python3 check19.py   (one setting only)
"""
import json
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = "/work/main/eval/gold/trust"
GRAPHS = ("g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")


def _base():
    if os.path.isfile(os.path.join(HERE, "check.py")) and all(os.path.isfile(os.path.join(HERE, g)) for g in GRAPHS):
        return HERE
    return TRUST


BASE = _base()
sys.path.insert(0, BASE)
import check as C  # noqa: E402  (reference rules and graph loading; imported, never copied)

assert os.path.dirname(os.path.abspath(C.__file__)) == BASE, f"imported {C.__file__}, expected one in {BASE}"


def _find(name):
    for d in (HERE, BASE, TRUST):
        p = os.path.join(d, name)
        if os.path.isfile(p):
            return p
    raise FileNotFoundError(name)


fmt = C.fmt
LOWER = C.LOWER_BETTER
BM, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
DA, HO, VE = "Dastrup-7 Chorus", "Hollenby Marsh Calls", "Veltmoor Dawn Set"
OR, MI, QU = "Orrenby Parallel Corpus", "Mirelle Subtitles", "Quenmark Dialogue Set"
SE, KW = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"
W = "Word Error Rate"
ACC, F1, IOU, BLEU, CHRF = "Accuracy", "F1", "Mean IoU", "BLEU", "chrF"


# ---- small helpers over check.G / check.surviving / check.board ------------------------------------
def fmts(vals):
    return sorted(fmt(v) for v in vals)


def better(a, b, metric):
    return a < b if metric in LOWER else a > b


def dominates(a_vals, b_vals, metric):
    """every value of a beats every value of b"""
    return bool(a_vals) and bool(b_vals) and all(better(x, y, metric) for x in a_vals for y in b_vals)


def surv(g, model, dataset, metric, anchor=None):
    keep, status, diag = C.surviving(g, model, dataset, metric, anchor)
    assert status != "AMBIGUOUS", f"{model}/{dataset} as of {anchor}: the six readings disagree\n      {diag}"
    return set(keep), status


def by_model(g, dataset, metric, anchor=None):
    """conflict-resolved board as {model: {surviving values}} (check.board), as of anchor."""
    out = {}
    for v, m, st in C.board(g, dataset, metric, anchor):
        assert st != "AMBIGUOUS", f"ambiguous conflict {m} on {dataset} as of {anchor}"
        out.setdefault(m, set()).add(v)
    for m, vals in out.items():  # the board and surviving() must agree
        assert vals == surv(g, m, dataset, metric, anchor)[0], (m, vals)
    return out


def leader(ms, metric):
    """the model whose every value beats every value of every other model, or None"""
    ls = [m for m in ms if all(dominates(ms[m], ms[o], metric) for o in ms if o != m)]
    return ls[0] if ls else None


def contenders(ms, metric):
    """models that no other model dominates"""
    return sorted(m for m in ms if not any(dominates(ms[o], ms[m], metric) for o in ms if o != m))


def flat(ms, names):
    out = []
    for m in names:
        out += [m] + fmts(ms[m])
    return out


def best_claim(g, model, dataset, metric, anchor=None):
    """'model is (still / already) the best on dataset [as of anchor]'.
    SUPPORTED: model leads. REFUTED: another model leads, or beats every value of model (a model with
    no result up to the anchor while another model leads is refuted, as TD21 of trust-dev.jsonl).
    UNCERTAIN: nobody can be shown ahead of it (close conflicts), or the board is empty."""
    ms = by_model(g, dataset, metric, anchor)
    lead = leader(ms, metric)
    ev = f"board {dataset}/{metric} as of {anchor}: " + ", ".join(f"{m} {fmts(v)}" for m, v in ms.items())
    if not ms:
        return [], "UNCERTAIN", ev + "(empty)"
    if lead == model:
        return [model] + fmts(ms[model]), "SUPPORTED", ev
    if lead is not None:
        return [lead] + fmts(ms[lead]), "REFUTED", ev
    if model in ms and any(dominates(ms[o], ms[model], metric) for o in ms if o != model):
        c = [m for m in contenders(ms, metric)]
        return flat(ms, c), "REFUTED", ev
    return flat(ms, contenders(ms, metric)), "UNCERTAIN", ev


def combine(*verdicts):
    if "REFUTED" in verdicts:
        return "REFUTED"
    if "UNCERTAIN" in verdicts:
        return "UNCERTAIN"
    return "SUPPORTED"


def paper(g, prefix):
    ps = [p for p, d in g.papers.items() if d["title"].startswith(prefix)]
    assert len(ps) == 1, f"{prefix!r} matches {len(ps)} papers"
    return ps[0]


def years(g, p):
    """valid years of a paper; my own reading (a P29 of 1-12 is a month) must agree with check.G's"""
    mine = sorted({y for y in g.papers[p]["years"] if 1900 <= y <= C.NOW})
    assert mine == sorted(set(g.valid_years(p))), (g.papers[p]["title"], mine, g.valid_years(p))
    return mine


def states(g, prefix, model, dataset, metric):
    """parsed values the paper whose title starts with prefix states for model on dataset/metric"""
    p = paper(g, prefix)
    return {C.parse_value(r["value"]) for r in g.rows if r["paper"] == p and r["model"] == model
            and r["dataset"] == dataset and r["metric"] == metric}


def stating(g, model, dataset, metric, value):
    """papers (title, valid years, raw value) stating value for model on dataset/metric"""
    return sorted({(r["title"], tuple(years(g, r["paper"])), r["value"]) for r in g.rows
                   if r["model"] == model and r["dataset"] == dataset and r["metric"] == metric
                   and C.parse_value(r["value"]) == value})


def first_year(g, model, dataset, metric):
    ys = [min(years(g, r["paper"])) for r in g.rows if r["model"] == model and r["dataset"] == dataset
          and r["metric"] == metric and years(g, r["paper"])]
    return min(ys) if ys else None


def newest_model(g, dataset, metric):
    firsts = {}
    for r in g.rows:
        if r["dataset"] == dataset and r["metric"] == metric:
            fy = first_year(g, r["model"], dataset, metric)
            if fy is not None:
                firsts[r["model"]] = fy
    order = sorted(firsts.items(), key=lambda t: -t[1])
    assert order[0][1] > order[1][1], f"tie for newest model {order[:2]}"
    return order[0][0], firsts


def string_max(g, dataset, metric):
    r = g.sel(C.SELECT_STRING_MAX.format(dataset=dataset, metric=metric))
    return f"{r[0]['model']} {r[0]['value']!r}" if r else "nothing"


def label_exists(g, label):
    return any(str(r["label"]) == label for r in g.sel(C.Q_LABELS))


def no_label_matches(g, *regexes):
    for rx in regexes:
        assert not g.ask(C.ASK_LABEL_WORDS.format(regex=rx)), f"a label matches {rx!r}"
    return f"no label matches {regexes}"


def no_result(g, model, dataset):
    """model and dataset exist, but no row pairs them (own check: check_absent_pair fails on '-')"""
    assert label_exists(g, model) and label_exists(g, dataset), (model, dataset)
    assert not any(r["model"] == model and r["dataset"] == dataset for r in g.rows)
    assert not g.ask(C.ASK_MODEL_ON_DATASET.format(model=model, dataset=dataset))
    other = sorted({(r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == model})
    assert other, f"{model} has no result at all"
    return f"no {model} result on {dataset}; {model} elsewhere: {other}"


# ---- one function per question: returns (expected, verdict, evidence) ---------------------------
def tw01(g):
    ms = by_model(g, CI, F1)
    lead = leader(ms, F1)
    nm, _ = newest_model(g, CI, F1)
    assert lead and nm != lead
    return [lead] + fmts(ms[lead]), None, (f"leader {lead} {fmts(ms[lead])}; newest model {nm} {fmts(ms[nm])}; "
                                          f"string max {string_max(g, CI, F1)}; naive {C.naive_best(g, CI, F1, None)}")


def tw02(g):
    exp, v, ev = best_claim(g, "Zephyrine-L", BM, ACC)
    assert years(g, paper(g, "Zephyrine:")) == [2023] and states(g, "Zephyrine:", "Zephyrine-L", BM, ACC) == {89.6}
    later = sorted({(r["model"], r["value"]) for r in g.rows if r["dataset"] == BM and years(g, r["paper"]) == [2024]})
    assert later and all(C.parse_value(x) < 89.6 for _, x in later)
    return exp, v, f"{ev}; 2024 results {later}"


def tw03(g):
    p1 = [t for t, ys, _ in stating(g, "Corrasine", DA, W, 8.9) if 2025 in ys]
    part1 = "SUPPORTED" if p1 else "REFUTED"
    exp, part2, ev = best_claim(g, "Corrasine", DA, W)
    return exp, combine(part1, part2), f"8.9 in a 2025 paper: {p1} -> {part1}; SOTA -> {part2}; {ev}"


def tw04(g):
    nm, firsts = newest_model(g, MI, CHRF)
    assert nm == "Nerrisa" and firsts["Nerrisa"] == 2025
    assert surv(g, "Murrelet-MT", MI, CHRF)[1] == "close"
    exp, v, ev = best_claim(g, "Nerrisa", MI, CHRF)
    return exp, v, f"newest model {nm} ({firsts}); {ev}; naive {C.naive_best(g, MI, CHRF, None)}"


def tw05(g):
    nm, firsts = newest_model(g, SE, F1)
    part0 = "SUPPORTED" if nm == "Undertow-GNN" else "REFUTED"
    keep, _ = surv(g, "Undertow-GNN", SE, F1)
    part1 = "SUPPORTED" if keep == {86.0} else "REFUTED"
    exp, part2, ev = best_claim(g, "Undertow-GNN", SE, F1)
    return exp, combine(part0, part1, part2), f"newest {nm} {firsts} -> {part0}; 86.0 -> {part1}; SOTA -> {part2}; {ev}"


def tw06(g):
    assert years(g, paper(g, "Lumoria:")) == [2019] and surv(g, "Lumoria", SK, IOU)[0] == {61.5}
    exp, v, ev = best_claim(g, "Lumoria", SK, IOU)
    raw = g.papers[paper(g, "Sallowmere:")]["years"]
    return exp, v, f"{ev}; Sallowmere raw P29 {raw}"


def tw07(g):
    # 'has anyone beaten X's 34.2' = X is no longer the best (README); the draft says 'still unbeaten'
    assert surv(g, "Murrelet-MT", OR, BLEU)[0] == {34.2}
    exp, v, ev = best_claim(g, "Murrelet-MT", OR, BLEU)
    beat = sorted(C.models_beating(g, OR, BLEU, "Murrelet-MT"))
    assert beat == ["Nerrisa"], beat
    ib = by_model(g, OR, BLEU)["Ibbotrans"]
    return exp, v, f"{ev}; beaten by {beat}; Ibbotrans (2023) {fmts(ib)} is newer but lower; string max {string_max(g, OR, BLEU)}"


def tw08(g):
    e1, part1, ev1 = best_claim(g, "Halverin", QU, BLEU, 2017)
    assert e1 == ["Halverin", "15.8"]
    pub = sorted((C.parse_value(r["value"]), r["model"]) for r in g.rows if r["dataset"] == QU and 2017 in years(g, r["paper"]))
    assert pub and pub[-1][1] == "Halverin", pub  # 'published in 2017' reading gives the same
    now, v_now, ev2 = best_claim(g, "Halverin", QU, BLEU)
    part2 = "SUPPORTED" if v_now == "REFUTED" else ("UNCERTAIN" if v_now == "UNCERTAIN" else "REFUTED")
    return ["15.8"] + now, combine(part1, part2), f"2017: {part1} ({ev1}); overtaken now: {part2} ({ev2})"


def tw09(g):
    kv, _ = surv(g, "Kelvane", KW, IOU)
    mv, _ = surv(g, "Marrowfen", KW, IOU)
    yk = first_year(g, "Kelvane", KW, IOU)
    ym = first_year(g, "Marrowfen", KW, IOU)
    parts = ["SUPPORTED" if kv == {61.4} else "REFUTED", "SUPPORTED" if mv == {55.2} else "REFUTED",
             "SUPPORTED" if yk == 2024 else "REFUTED", "SUPPORTED" if dominates(kv, mv, IOU) and yk > ym else "REFUTED"]
    top = by_model(g, KW, IOU)
    return ["61.4", "55.2"], combine(*parts), (f"Kelvane {fmts(kv)} ({yk}), Marrowfen {fmts(mv)} ({ym}) -> {parts}; "
                                              f"board top (not the claim): {leader(top, IOU)} {fmts(top[leader(top, IOU)])}")


def tw10(g):
    now = by_model(g, SE, F1)
    assert leader(now, F1) == "Selkora"
    fy = first_year(g, "Selkora", SE, F1)
    assert leader(by_model(g, SE, F1, fy), F1) == "Selkora"  # it took the record in its first year
    before = by_model(g, SE, F1, fy - 1)
    lead = leader(before, F1)
    raw = g.papers[paper(g, "Selkora:")]["years"]
    return [lead] + fmts(before[lead]), None, f"Selkora first {fy} (raw P29 {raw}); board as of {fy - 1}: {before}"


def tw11(g):
    keep, st = surv(g, "Tavrosa", BM, ACC)
    assert st == "close" and len(keep) == 2
    return fmts(keep), ("SUPPORTED" if all(v > 85 for v in keep) else "REFUTED" if all(v <= 85 for v in keep) else "UNCERTAIN"), \
        f"Tavrosa {st} {fmts(keep)}: all > 85?"


def tw12(g):
    assert surv(g, "Aviquist", VE, W)[1] == "close"
    return best_claim(g, "Corrasine", VE, W)


def tw13(g):
    p1 = states(g, "Warbleon Revisited", "Warbleon", HO, ACC)
    assert years(g, paper(g, "Warbleon Revisited")) == [2021]
    part1 = "SUPPORTED" if p1 == {80.7} else "REFUTED"
    keep, st = surv(g, "Warbleon", HO, ACC)
    part2 = "SUPPORTED" if keep == {80.7} else ("UNCERTAIN" if 80.7 in keep else "REFUTED")
    return fmts(keep), combine(part1, part2), f"2021 paper states {fmts(p1)} -> {part1}; Warbleon {st} {fmts(keep)} -> {part2}"


def tw14(g):
    own = states(g, "Trillbert:", "Trillbert", DA, W)
    assert years(g, paper(g, "Trillbert:")) == [2022]
    rep = states(g, "Reproducing Pretrained Birdsong Transcribers", "Trillbert", DA, W)
    assert years(g, paper(g, "Reproducing Pretrained Birdsong Transcribers")) == [2023]
    part1 = "SUPPORTED" if own == {9.4} else "REFUTED"
    part2 = "SUPPORTED" if rep == {9.4} else ("UNCERTAIN" if not rep else "REFUTED")
    return fmts(own | rep), combine(part1, part2), f"2022 paper {fmts(own)} -> {part1}; 2023 reproduction {fmts(rep)} -> {part2}"


def tw15(g):
    s, st = surv(g, "Syrinxa", HO, ACC)
    p, _ = surv(g, "Plumaro", HO, ACC)
    assert st == "clear" and 93.8 not in s
    v = "SUPPORTED" if dominates(s, p, ACC) else "REFUTED" if dominates(p, s, ACC) else "UNCERTAIN"
    careless = dominates({93.8}, p, ACC)
    return ["Plumaro"] + fmts(p) + fmts(s), v, f"Syrinxa {st} {fmts(s)} vs Plumaro {fmts(p)}; with 93.8 kept it would win: {careless}"


def tw16(g):
    keep, st = surv(g, "Fennick-RNN", DA, W)
    assert st == "clear"
    return fmts(keep), None, f"Fennick-RNN {st} {fmts(keep)}; raw {sorted(r['value'] for r in g.rows if r['model'] == 'Fennick-RNN')}"


def tw17(g):
    keep, st = surv(g, "Gannetron", OR, BLEU)
    assert st == "clear"
    return fmts(keep), None, f"Gannetron {st} {fmts(keep)}; stating 18.9: {stating(g, 'Gannetron', OR, BLEU, 18.9)}"


def tw18(g):
    ps = stating(g, "Brackwater-UNet", CI, F1, 91.2)
    assert len(ps) == C.count_papers(g, "Brackwater-UNet", CI, 91.2)
    others = [t for t, _, _ in ps if not t.startswith("Brackwater-UNet:")]
    v = "SUPPORTED" if len(ps) == 1 and not others else "REFUTED"
    return ["91.2"] + others, v, f"papers stating 91.2: {ps}"


def tw19(g):
    ps = stating(g, "Orvalis-CNN", CI, F1, 87.0)
    assert len(ps) == C.count_papers(g, "Orvalis-CNN", CI, 87.0)
    keep, st = surv(g, "Orvalis-CNN", CI, F1)
    assert keep == {87.0} and st == "clear"
    allrows = sum(1 for r in g.rows if r["model"] == "Orvalis-CNN" and r["dataset"] == CI)
    return [str(len(ps)), "87.0"], None, f"{len(ps)} papers {ps}; all Orvalis-CNN rows there: {allrows} (careless count)"


def tw20(g):
    ps = stating(g, "Syrinxa", HO, ACC, 88.3)
    keep, st = surv(g, "Syrinxa", HO, ACC)
    others = [t for t, _, _ in ps if not t.startswith("Syrinxa:")]
    v = "SUPPORTED" if keep == {88.3} and len(ps) >= 3 and others else "REFUTED"
    return fmts(keep), v, f"{st} {fmts(keep)}; {len(ps)} papers state 88.3: {ps}"


def tw21(g):
    pairs = sorted({(r["dataset"], r["metric"]) for r in g.rows if r["model"] == "Corrasine"})
    exp, ev = [], []
    for d, mt in pairs:
        keep, st = surv(g, "Corrasine", d, mt)
        exp += [d] + fmts(keep)
        ev.append(f"{d}/{mt} {st} {fmts(keep)} in {[t for t, _, _ in stating(g, 'Corrasine', d, mt, next(iter(keep)))]}")
    return exp, None, "; ".join(ev)


def tw22(g):
    ms = by_model(g, SK, IOU, 2019)
    lead = leader(ms, IOU)
    return [lead] + fmts(ms[lead]), None, f"as of 2019: {ms}; naive (min raw P29) {C.naive_best(g, SK, IOU, 2019)}"


def tw23(g):
    assert first_year(g, "Tavrosa", BM, ACC) == 2020
    exp, v, ev = best_claim(g, "Tavrosa", BM, ACC, 2019)
    return exp, v, f"{ev}; unanchored: {leader(by_model(g, BM, ACC), ACC)}"


def tw24(g):
    assert first_year(g, "Trillbert", DA, W) == 2022
    raw = g.papers[paper(g, "Trillbert:")]["years"]
    exp, v, ev = best_claim(g, "Trillbert", DA, W, 2021)
    return exp, v, f"{ev}; Trillbert raw P29 {raw}; naive (min raw P29) {C.naive_best(g, DA, W, 2021)}"


def tw25(g):
    assert years(g, paper(g, "Ibbotrans:")) == [2023] and first_year(g, "Ibbotrans", OR, BLEU) == 2023
    exp, v, ev = best_claim(g, "Ibbotrans", OR, BLEU, 2023)
    return exp, v, f"{ev}; unanchored leader {leader(by_model(g, OR, BLEU), BLEU)}"


def tw26(g):
    assert first_year(g, "Murrelet-MT", QU, BLEU) == 2022
    return best_claim(g, "Murrelet-MT", QU, BLEU, 2021)


def tw27(g):
    exp, v, ev = best_claim(g, "Brinehawk", SE, F1, 2016)
    assert years(g, paper(g, "Tidewick:")) == [2017, 2019]
    return exp, v, f"{ev}; naive (min raw P29) {C.naive_best(g, SE, F1, 2016)}"


def tw28(g):
    p = paper(g, "Sallowmere:")
    return [str(y) for y in years(g, p)] + sorted(g.papers[p]["dois"]), None, f"raw P29 {g.papers[p]['years']}, DOIs {g.papers[p]['dois']}"


def tw29(g):
    p = paper(g, "Ymberline:")
    ds, ys = sorted(g.papers[p]["dois"]), years(g, p)
    part1 = "SUPPORTED" if "10.5555/cryors.ws.415" in ds else "REFUTED"
    part2 = "UNCERTAIN" if not ys else ("SUPPORTED" if ys == [2019] else "UNCERTAIN" if 2019 in ys else "REFUTED")
    return ds + [str(y) for y in ys], combine(part1, part2), f"DOIs {ds} -> {part1}; years {ys} (raw {g.papers[p]['years']}) -> {part2}"


def tw30(g):
    p = paper(g, "Selkora:")
    ys = years(g, p)
    v = "SUPPORTED" if ys and all(y < 2020 for y in ys) else "REFUTED" if ys and all(y >= 2020 for y in ys) else "UNCERTAIN"
    return [str(y) for y in ys], v, f"raw P29 {g.papers[p]['years']} -> years {ys}"


def tw31(g):
    p = paper(g, "Tidewick:")
    ds, ys = sorted(g.papers[p]["dois"]), years(g, p)
    part1 = "SUPPORTED" if "10.5555/marei.2019.057" in ds else "REFUTED"
    part2 = "SUPPORTED" if ys == [2017] else "UNCERTAIN" if 2017 in ys or not ys else "REFUTED"
    return [str(y) for y in ys] + ds, combine(part1, part2), f"DOIs {ds} -> {part1}; years {ys} -> {part2}"


def tw32(g):
    ev = no_label_matches(g, "echolocation", r"\\bbats?\\b")
    near = [w for w in ("call", "classification") if g.ask(C.ASK_LABEL_WORDS.format(regex=w))]
    assert near == ["call", "classification"]
    return [], None, f"{ev}; shared words present {near}"


def tw33(g):
    raw = [r["value"] for r in g.rows if r["model"] == "Ostrada-T" and r["dataset"] == MI and r["metric"] == CHRF]
    assert raw and all(C.parse_value(x) is None for x in raw), raw
    keep, st = surv(g, "Ostrada-T", MI, CHRF)
    return fmts(keep), ("UNCERTAIN" if not keep else "SUPPORTED" if all(45 <= v <= 55 for v in keep) else "REFUTED"), \
        f"stored {raw!r}; surviving {st} {fmts(keep)}"


def tw34(g):
    cited = states(g, "Revisiting Neural Baselines for Vendish-English", "Murrelet-MT", MI, CHRF)
    assert years(g, paper(g, "Revisiting Neural Baselines for Vendish-English")) == [2024]
    own = states(g, "Murrelet-MT:", "Murrelet-MT", MI, CHRF)
    assert own == {55.1}  # the value is real, from another paper
    v = "UNCERTAIN" if not cited else "SUPPORTED" if cited == {55.1} else "REFUTED"
    return fmts(cited), v, f"cited paper states {fmts(cited)}; Murrelet-MT's own paper {fmts(own)}"


def tw35(g):
    ev = no_result(g, "Varnholt", OR)
    ms = by_model(g, OR, BLEU)
    lead = leader(ms, BLEU)
    beyond = better(30.5, max(ms[lead]) if BLEU not in LOWER else min(ms[lead]), BLEU)
    return ([lead] + fmts(ms[lead]) if beyond else []), "UNCERTAIN", f"{ev}; board best {lead} {fmts(ms[lead])}; 30.5 beyond it: {beyond}"


def tw36(g):
    exp, v, ev = best_claim(g, "Lexmarrow", OR, BLEU)
    sm = string_max(g, OR, BLEU)
    assert sm.startswith("Lexmarrow"), sm
    assert first_year(g, "Lexmarrow", OR, BLEU) == 2012
    return exp, v, f"{ev}; string max {sm}"


def tw37(g):
    ev = no_label_matches(g, "Tasmania")
    assert label_exists(g, "Kelvane") and g.ask(C.ASK_LABEL_WORDS.format(regex="Kelpwatch"))
    return [], "UNCERTAIN", f"{ev}; Kelvane rows {sorted((r['dataset'], r['value']) for r in g.rows if r['model'] == 'Kelvane')}"


def tw38(g):
    ev = no_result(g, "Pellucid-KM", SE)
    ms = by_model(g, SE, F1)
    lead = leader(ms, F1)
    beyond = better(91.0, max(ms[lead]), F1)
    return ([lead] + fmts(ms[lead]) if beyond else []), "UNCERTAIN", f"{ev}; board best {lead} {fmts(ms[lead])}; 91 beyond it: {beyond}"


def tw39(g):
    d, f_ = paper(g, "Driftmere:"), paper(g, "Fucusnet:")
    yd, yf = years(g, d), years(g, f_)
    assert yf == [2016]
    if not yd or not yf:
        v = "UNCERTAIN"
    else:
        v = "SUPPORTED" if all(a < b for a in yd for b in yf) else "REFUTED" if all(a >= b for a in yd for b in yf) else "UNCERTAIN"
    return [], v, f"Driftmere raw P29 {g.papers[d]['years']} -> {yd}; Fucusnet {yf}; DOIs Driftmere {g.papers[d]['dois']}"


def tw40(g):
    p = paper(g, "A Review of Condition Monitoring for Tidal Stream Turbines")
    ds = sorted(g.papers[p]["dois"])
    return ds, None, f"paper found ({years(g, p)}); DOIs {ds}; rows {[r for r in g.rows if r['paper'] == p]}"


# ---- per question: graph, the anchor the facts are checked under, the computer -------------------
SPEC = {
    "TW01": ("g1", None, tw01), "TW02": ("g1", None, tw02), "TW03": ("g2", None, tw03), "TW04": ("g3", None, tw04),
    "TW05": ("g4", None, tw05), "TW06": ("g1", None, tw06), "TW07": ("g3", None, tw07), "TW08": ("g3", None, tw08),
    "TW09": ("g4", None, tw09), "TW10": ("g4", 2020, tw10), "TW11": ("g1", None, tw11), "TW12": ("g2", None, tw12),
    "TW13": ("g2", None, tw13), "TW14": ("g2", None, tw14), "TW15": ("g2", None, tw15), "TW16": ("g2", None, tw16),
    "TW17": ("g3", None, tw17), "TW18": ("g1", None, tw18), "TW19": ("g1", None, tw19), "TW20": ("g2", None, tw20),
    "TW21": ("g2", None, tw21), "TW22": ("g1", 2019, tw22), "TW23": ("g1", 2019, tw23), "TW24": ("g2", 2021, tw24),
    "TW25": ("g3", 2023, tw25), "TW26": ("g3", 2021, tw26), "TW27": ("g4", 2016, tw27), "TW28": ("g1", None, tw28),
    "TW29": ("g1", None, tw29), "TW30": ("g4", None, tw30), "TW31": ("g4", None, tw31), "TW32": ("g2", None, tw32),
    "TW33": ("g3", None, tw33), "TW34": ("g3", None, tw34), "TW35": ("g3", None, tw35), "TW36": ("g3", None, tw36),
    "TW37": ("g4", None, tw37), "TW38": ("g4", None, tw38), "TW39": ("g4", None, tw39), "TW40": ("g4", None, tw40),
}

# year written in the question -> the anchor used (None: the year is a fact to check, not an anchor)
ANCHOR_TEXT = {"TW22": "before 2020", "TW23": "by the end of 2019", "TW24": "by 2021", "TW25": "as of 2023",
               "TW26": "as of 2021", "TW27": "as of 2016"}

TARGET = {
    "mechanism": {"recency": 5, "superseded": 5, "conflict": 7, "corroboration": 4, "as_of": 6, "metadata": 4, "gate": 9},
    "query_type": {"claim_verification": 30, "method_comparison": 6, "paper_lookup": 2, "topic_search": 1, "method_usage": 1},
    "verdict": {"REFUTED": 14, "UNCERTAIN": 10, "SUPPORTED": 6, "None": 10},
    "graph": {"g1.ttl": 10, "g2.ttl": 10, "g3.ttl": 10, "g4.ttl": 10},
}
GATE_KIND = {
    "TW32": "topic the graph lacks, sharing words with one it has",
    "TW37": "dataset the graph lacks, sharing a word with one it has",
    "TW35": "model never run on the dataset",
    "TW38": "model never run on the dataset (claimed number beyond the board's best)",
    "TW33": "value the graph lacks ('-')",
    "TW39": "year that is only a month",
    "TW40": "value the graph lacks (no DOI)",
    "TW34": "real value credited to a paper that states another",
    "TW36": "string-sorted best puts the oldest result on top",
}
FIELDS = ["id", "graph", "question", "query_type", "mechanism", "expected", "verdict", "must_remove", "must_keep", "notes"]


def top_at(g, dataset, metric, year):
    try:
        ms = by_model(g, dataset, metric, year)
    except Exception:  # a two-year paper that makes the board depend on the year picked
        return None
    lead = leader(ms, metric)
    return (lead, ms[lead]) if lead else None


def run_once():
    graphs = {k: C.G(k) for k in GRAPHS}
    path = _find("trust-dev19.jsonl")
    lines = [l for l in open(path, encoding="utf-8").read().splitlines() if l.strip()]
    qs = [json.loads(l) for l in lines]
    dev = [json.loads(l) for l in open(_find("trust-dev.jsonl"), encoding="utf-8") if l.strip()]
    norm = lambda t: re.sub(r"\W+", " ", t.lower()).strip()
    words = lambda t: set(norm(t).split())
    jac = lambda a, b: len(words(a) & words(b)) / len(words(a) | words(b))
    fails = 0

    def fail(msg):
        nonlocal fails
        fails += 1
        print("  FAIL", msg)

    print(f"TRUST_NOW={C.NOW} (env {os.environ.get('TRUST_NOW', 'unset')}); check.py from {BASE}; {len(qs)} questions in {path}")
    ids = [q.get("id") for q in qs]
    if ids != [f"TW{i:02d}" for i in range(1, 41)]:
        fail(f"ids are not TW01..TW40 in order: {ids}")
    if len(set(ids)) != len(ids):
        fail("duplicate ids")
    if len({norm(q['question']) for q in qs}) != len(qs):
        fail("duplicate questions")
    if set(SPEC) != set(ids):
        fail(f"questions and checks differ: {sorted(set(SPEC) ^ set(ids))}")
    counts = {k: {} for k in TARGET}
    for q in qs:
        for k in counts:
            key = str(q.get(k))
            counts[k][key] = counts[k].get(key, 0) + 1
        try:
            assert list(q) == FIELDS, f"fields {list(q)}"
            assert q["query_type"] in TARGET["query_type"], q["query_type"]
            assert q["mechanism"] in TARGET["mechanism"], q["mechanism"]
            assert q["verdict"] in ("SUPPORTED", "REFUTED", "UNCERTAIN", None)
            assert (q["verdict"] is not None) == (q["query_type"] == "claim_verification"), "verdict iff claim"
            assert all(isinstance(x, str) and x == x.strip() and x for x in q["expected"]), "expected strings"
            assert len(set(q["expected"])) == len(q["expected"]), "duplicate expected string"
            gk, anchor, fn = SPEC[q["id"]]
            assert q["graph"] == gk + ".ttl", f"graph {q['graph']} != {gk}"
            g = graphs[q["graph"]]
            if q["id"] in ANCHOR_TEXT:
                assert ANCHOR_TEXT[q["id"]] in q["question"].lower(), f"anchor text {ANCHOR_TEXT[q['id']]!r} not in question"
            exp, verdict, ev = fn(g)
            assert sorted(set(exp)) == sorted(set(q["expected"])), f"expected {q['expected']} but recomputed {exp}\n      {ev}"
            assert verdict == q["verdict"], f"verdict {q['verdict']} but recomputed {verdict}\n      {ev}"
            if q["mechanism"] == "gate" and not q["expected"]:
                assert q["verdict"] in (None, "UNCERTAIN")
            text = C.graph_text(g)
            for e in q["expected"]:
                assert e in text, f"expected string {e!r} not in the graph"
                if re.fullmatch(r"\d+\.\d+", e):
                    assert e == fmt(float(e)), f"value not in clean form: {e}"
            for f in q["must_keep"] + q["must_remove"]:
                m = C.FACT_RE.match(f)
                assert m, f"bad fact {f}"
                assert C.fact_exists(g, f), f"fact not in graph: {f}"
                assert m.group(2) == fmt(float(m.group(2))), f"value not in clean form: {f}"
            assert len(set(q["must_keep"])) == len(q["must_keep"]) and len(set(q["must_remove"])) == len(q["must_remove"])
            assert not set(q["must_keep"]) & set(q["must_remove"]), "a fact in both must_keep and must_remove"
            for f in q["must_keep"]:
                mo, v, d, mt = C.FACT_RE.match(f).groups()
                keep, _ = surv(g, mo, d, mt, anchor)
                assert float(v) in keep, f"must_keep fact does not survive (anchor {anchor}): {f}"
            for f in q["must_remove"]:
                mo, v, d, mt = C.FACT_RE.match(f).groups()
                v = float(v)
                keep, _ = surv(g, mo, d, mt, anchor)
                ms = by_model(g, d, mt, anchor)
                lead = leader(ms, mt)
                assert not (v in keep and lead == mo), f"must_remove fact is the surviving best: {f}"
                if v in keep:  # (b) a former best asked about as current
                    led = [y for y in range(1990, C.NOW + 1) if (top_at(g, d, mt, y) or (None, set()))[0] == mo
                           and v in top_at(g, d, mt, y)[1]]
                    assert led, f"must_remove fact survives and was never the best: {f}"
                    kind = f"b (best {led[0]}-{led[-1]})"
                elif anchor is not None and v in surv(g, mo, d, mt)[0]:
                    kind = "c (after the anchor)"
                else:
                    assert v not in surv(g, mo, d, mt)[0], f"must_remove fact neither removed nor after the anchor: {f}"
                    kind = "a (loses a clear conflict)"
                ev += f"\n      must_remove {f}: kind {kind}"
            near = max((jac(q["question"], d["question"]), d["id"]) for d in dev)
            assert near[0] < 0.6, f"too close to {near[1]} ({near[0]:.2f})"
            print(f"  ok   {q['id']} [{q['mechanism']}/{q['query_type']}/{q['verdict']}] {ev}\n      closest trust-dev question {near[1]} ({near[0]:.2f})")
        except Exception as ex:  # AssertionError, or a query error
            fail(f"{q.get('id')} [{q.get('mechanism')}] {type(ex).__name__}: {ex}")
    for k, v in counts.items():
        print(f"{k}: {json.dumps(dict(sorted(v.items())))}")
        if v != TARGET[k]:
            fail(f"{k} counts {v} != target {TARGET[k]}")
    gates = sorted(q["id"] for q in qs if q["mechanism"] == "gate")
    if len(gates) < 8 or gates != sorted(GATE_KIND):
        fail(f"gate questions {gates} != {sorted(GATE_KIND)}")
    for i, a in enumerate(qs):  # no shared template inside the file
        for b in qs[i + 1:]:
            if jac(a["question"], b["question"]) >= 0.6:
                fail(f"{a['id']} and {b['id']} share {jac(a['question'], b['question']):.2f} of their words")
            if norm(a["question"]).split()[:3] == norm(b["question"]).split()[:3]:
                fail(f"{a['id']} and {b['id']} open with the same three words")
    print("gate kinds:", json.dumps(GATE_KIND))
    print(f"\nFAILURES: {fails}")
    return fails


def main():
    if os.environ.get("CHECK19_ONCE"):
        sys.exit(1 if run_once() else 0)
    total = 0
    for now in (None, "2025", "2030"):
        env = dict(os.environ, CHECK19_ONCE="1", PYTHONDONTWRITEBYTECODE="1")
        env.pop("TRUST_NOW", None)
        if now:
            env["TRUST_NOW"] = now
        print(f"===== TRUST_NOW={now or 'unset'} =====", flush=True)
        r = subprocess.run([sys.executable, os.path.abspath(__file__)], env=env, capture_output=True, text=True)
        sys.stdout.write(r.stdout)
        sys.stdout.write(r.stderr)
        m = re.findall(r"^FAILURES: (\d+)$", r.stdout, re.M)
        n = int(m[-1]) if m else 1
        if r.returncode != 0 and n == 0:
            n = 1
        total += n
    print(f"\n===== all settings (TRUST_NOW unset, 2025, 2030) =====\nFAILURES: {total}")
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
