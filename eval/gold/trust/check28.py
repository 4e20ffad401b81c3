#!/usr/bin/env python3
"""Checks trust-dev28.jsonl (UC01-UC30): names written nearly right, to the first file's design.

Re-derives every question's expected answer, verdict, must_keep and must_remove from the fixture
graphs (through check.py's G, board, surviving, facts, ... and SPARQL of its own), for TRUST_NOW as
given and for every current year 2025-2030; checks the fields, ids, duplicates, counts against
trust-dev.jsonl, gate kinds, anchors, expected strings, and the declared near-names: kind (a) must
resolve to exactly one label, kind (b) must name something the graph does not hold although it
nearly does. Prints FAILURES: N and exits 1 on any failure.

    python3 check28.py                      # FAILURES: 0
    UC_FILE=/tmp/copy.jsonl python3 check28.py
"""
import sys

sys.dont_write_bytecode = True

import itertools
import json
import os
import re

TRUST = "/work/main/eval/gold/trust"
sys.path.insert(0, TRUST)
import check  # noqa: E402  (imported only; its source is not read)

HERE = os.path.dirname(os.path.abspath(__file__))
FILE = os.environ.get("UC_FILE") or os.path.join(HERE, "trust-dev28.jsonl")
TD_FILE = os.path.join(TRUST, "trust-dev.jsonl")
GRAPH_PATHS = {k: os.path.join(TRUST, k + ".ttl") for k in ("g1", "g2", "g3", "g4")}
ENV_NOW = check.NOW
YEARS = sorted({ENV_NOW, 2025, 2026, 2027, 2028, 2029, 2030})

FAILS = []


def fail(qid, msg):
    FAILS.append(f"{qid}: {msg}")
    print(f"  FAIL {qid}: {msg}")


GS = {k: check.G(p) for k, p in GRAPH_PATHS.items()}


def gkey(q):
    return q["graph"].replace(".ttl", "")


def F(m, v, d, me):
    return f"{m} scores {check.fmt(v)} on {d} by {me}"


def lower_better(metric):
    return metric in check.LOWER_BETTER


def better(a, b, metric):
    return a < b if lower_better(metric) else a > b


# ------------------------------------------------------------------ graph helpers
def rows(g):
    return g.rows


def pyears(g, paper):
    return g.valid_years(paper)


def labels_all():
    out = []
    for k, g in GS.items():
        for r in g.sel(check.Q_LABELS):
            out.append((r["cls"].rsplit("/", 1)[-1], r["label"], k))
    return out


LABELS = labels_all()
LABEL_SET = {l for _, l, _ in LABELS}
NAME_LABELS = sorted({l for c, l, _ in LABELS if c in ("Model", "Dataset")})
METRIC_LABELS = sorted({l for c, l, _ in LABELS if c == "Metric"})


def model_labels(k):
    return {l for c, l, gg in LABELS if c == "Model" and gg == k}


def dataset_labels(k):
    return {l for c, l, gg in LABELS if c == "Dataset" and gg == k}


def metrics_on(g, dataset):
    return {r["metric"] for r in rows(g) if r["dataset"] == dataset}


def ask_model_on(g, model, dataset):
    return g.ask(check.ASK_MODEL_ON_DATASET.format(model=model, dataset=dataset))


def ask_metric_on(g, dataset, metric):
    return g.ask(check.ASK_METRIC_ON_DATASET.format(dataset=dataset, metric=metric))


def paper_of(g, title_prefix):
    ps = [p for p, d in g.papers.items() if d["title"].startswith(title_prefix)]
    assert len(ps) == 1, (title_prefix, ps)
    return ps[0]


def values_stated(g, paper, model, dataset, metric):
    return {check.parse_value(r["value"]) for r in rows(g)
            if r["paper"] == paper and r["model"] == model and r["dataset"] == dataset and r["metric"] == metric}


def papers_stating(g, model, dataset, metric, value):
    return {r["paper"] for r in rows(g) if r["model"] == model and r["dataset"] == dataset
            and r["metric"] == metric and check.parse_value(r["value"]) == value}


def lev(a, b):
    """Optimal string alignment distance, case-insensitive (a swap of two letters counts 1)."""
    a, b = a.lower(), b.lower()
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            c = a[i - 1] != b[j - 1]
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + c)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def squash(s):
    return re.sub(r"[^a-z0-9]", "", s.lower())


# ------------------------------------------------------------------ board readings
def worlds(g, dataset, metric, anchor=None):
    """Every reading of the board: one value per model (close conflicts give several)."""
    b = check.board(g, dataset, metric, anchor)
    per = {}
    for v, m, st in b:
        if st not in ("single", "clear", "close"):
            raise AssertionError(f"board {dataset}/{metric} anchor {anchor}: status {st}")
        per.setdefault(m, set()).add(v)
    models = sorted(per)
    out = []
    for combo in itertools.product(*[sorted(per[m]) for m in models]):
        out.append(dict(zip(models, combo)))
    return out, per


def ranking(world, metric):
    return sorted(world.items(), key=lambda mv: mv[1], reverse=not lower_better(metric))


def best_decided(g, dataset, metric, anchor=None):
    ws, per = worlds(g, dataset, metric, anchor)
    if not per:
        return None, per
    bests = {ranking(w, metric)[0][0] for w in ws}
    if len(bests) != 1:
        return None, per
    m = bests.pop()
    return (m, per[m]), per


def first_year(g, model, dataset, metric):
    ys = [y for r in rows(g) if r["model"] == model and r["dataset"] == dataset and r["metric"] == metric
          for y in pyears(g, r["paper"])]
    return min(ys) if ys else None


def fact_papers_years(g, model, dataset, metric, value):
    return [pyears(g, p) for p in papers_stating(g, model, dataset, metric, value)]


def after_anchor(g, model, dataset, metric, value, anchor):
    """True when no paper up to the anchor (with a usable year) states the fact."""
    for ys in fact_papers_years(g, model, dataset, metric, value):
        if ys and min(ys) <= anchor:
            return False
    return True


def board_facts(g, dataset, metric):
    out = set()
    for (m, d, me), vals in check.facts(g).items():
        if d == dataset and me == metric:
            for v in vals:
                out.add((m, v))
    return out


def clear_losers(g, dataset, metric):
    out = set()
    for m, v in board_facts(g, dataset, metric):
        surv, st, _ = check.surviving(g, m, dataset, metric)
        if v not in surv:
            if st != "clear":
                raise AssertionError(f"{m} {dataset} {v}: lost with status {st}")
            out.add((m, v))
    return out


def anchored_removals(g, dataset, metric, anchor, best_model, best_vals):
    """Kind (c): facts no paper up to the anchor states that beat the anchored best, belong to its
    model, or are a possible best on today's board."""
    ws_now, _ = worlds(g, dataset, metric)
    now_possible = {ranking(w, metric)[0][0] for w in ws_now}
    worst_best = max(best_vals) if lower_better(metric) else min(best_vals)
    out = set()
    for m, v in board_facts(g, dataset, metric):
        if not after_anchor(g, m, dataset, metric, v, anchor):
            continue
        if better(v, worst_best, metric) or m == best_model or m in now_possible:
            out.add(F(m, v, dataset, metric))
    return out


def former_best_years(g, model, dataset, metric):
    ys = []
    for y in range(2005, max(YEARS) + 1):
        try:
            b, _ = best_decided(g, dataset, metric, y)
        except AssertionError:
            continue
        if b and b[0] == model:
            ys.append(y)
    return ys


# ------------------------------------------------------------------ computers
def A_best_now(q, k, dataset, metric, **_):
    g = GS[k]
    (m, vals), _ = best_decided(g, dataset, metric)
    exp = {m} | {check.fmt(v) for v in vals}
    keep = {F(m, v, dataset, metric) for v in vals}
    rem = {F(mm, v, dataset, metric) for mm, v in clear_losers(g, dataset, metric)
           if any(better(v, bv, metric) for bv in vals)}
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=rem)


def A_newer_beats(q, k, dataset, metric, newer, older, gap, **_):
    g = GS[k]
    fy_new, fy_old = first_year(g, newer, dataset, metric), first_year(g, older, dataset, metric)
    if fy_new - fy_old != gap:
        fail(q["id"], f"premise: {newer} {fy_new} vs {older} {fy_old}, not {gap} years apart")
    ws, per = worlds(g, dataset, metric)
    outs = {better(w[newer], w[older], metric) for w in ws}
    verdict = "SUPPORTED" if outs == {True} else "REFUTED" if outs == {False} else "UNCERTAIN"
    exp = {check.fmt(v) for v in per[newer] | per[older]}
    keep = {F(newer, v, dataset, metric) for v in per[newer]} | {F(older, v, dataset, metric) for v in per[older]}
    return dict(expected=exp, verdict=verdict, must_keep=keep, must_remove=set())


def A_best_now_absent_model(q, k, dataset, metric, absent, **_):
    r = A_best_now(q, k, dataset, metric)
    g = GS[k]
    if absent not in model_labels(k) or ask_model_on(g, absent, dataset):
        fail(q["id"], f"premise: {absent} must be a held model with no {dataset} result")
    return r


def A_topic_newest(q, k, problem, **_):
    g = GS[k]
    dated, undated = check.newest_topic_paper(g, problem)
    top = dated[0][0]
    tops = [t for y, t in dated if y == top]
    if len(tops) != 1:
        fail(q["id"], f"newest paper not unique: {tops}")
    # own SPARQL, independent of check.newest_topic_paper
    res = g.sel(check.PREFIXES + f"""
SELECT DISTINCT ?p ?t WHERE {{ ?p a orkgc:Paper ; rdfs:label ?t ; orkgp:P31 ?c . ?c orkgp:P32 ?pr .
  ?pr rdfs:label ?pl . FILTER(STR(?pl) = "{problem}") }}""")
    best = max(((max(pyears(g, r["p"])) if pyears(g, r["p"]) else -1), r["t"]) for r in res)
    if best[1] != tops[0]:
        fail(q["id"], f"own SPARQL newest {best} differs from {tops}")
    return dict(expected={tops[0]}, verdict=None, must_keep=set(), must_remove=set())


def A_still_best(q, k, dataset, metric, model, value=None, **_):
    g = GS[k]
    ws, per = worlds(g, dataset, metric)
    outs = {ranking(w, metric)[0][0] == model for w in ws}
    verdict = "SUPPORTED" if outs == {True} else "REFUTED" if outs == {False} else "UNCERTAIN"
    (bm, bvals), _ = best_decided(g, dataset, metric)
    fb = former_best_years(g, model, dataset, metric)
    if not fb:
        fail(q["id"], f"premise: {model} was never the best on {dataset}")
    if value is not None and value not in per[model]:
        fail(q["id"], f"premise: {model} has no surviving {value}")
    return dict(expected={bm} | {check.fmt(v) for v in bvals}, verdict=verdict,
                must_keep={F(bm, v, dataset, metric) for v in bvals},
                must_remove={F(model, v, dataset, metric) for v in per[model]})


def A_beaten_since(q, k, dataset, metric, model, **_):
    g = GS[k]
    _, per = worlds(g, dataset, metric)
    led = former_best_years(g, model, dataset, metric)
    if not led:
        fail(q["id"], f"premise: {model} never led {dataset}")
    since = min(led)
    mv = per[model]
    out = set()
    for m, vals in per.items():
        if m == model:
            continue
        fy = first_year(g, m, dataset, metric)
        if fy is None or fy <= since:
            continue
        if all(better(v, w, metric) for v in vals for w in mv):
            out.add(m)
    ref = check.models_beating(g, dataset, metric, model)
    if set(ref) != out:
        fail(q["id"], f"check.models_beating {sorted(ref)} != own {sorted(out)}")
    keep = {F(m, v, dataset, metric) for m in out for v in per[m]}
    return dict(expected=out, verdict=None, must_keep=keep, must_remove=set())


def A_pair_compare(q, k, dataset, metric, a, b, **_):
    g = GS[k]
    ws, per = worlds(g, dataset, metric)
    outs = {better(w[a], w[b], metric) for w in ws}
    if len(outs) != 1:
        fail(q["id"], "pair comparison undecided")
    win = a if outs == {True} else b
    exp = {win} | {check.fmt(v) for v in per[a] | per[b]}
    keep = {F(a, v, dataset, metric) for v in per[a]} | {F(b, v, dataset, metric) for v in per[b]}
    rem = {F(m, v, dataset, metric) for m, v in clear_losers(g, dataset, metric) if m in (a, b)}
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=rem)


def A_bound(q, k, dataset, metric, model, op, bound, **_):
    g = GS[k]
    surv, st, _ = check.surviving(g, model, dataset, metric)
    holds = {(v > bound) if op == ">" else (v < bound) for v in surv}
    verdict = "SUPPORTED" if holds == {True} else "REFUTED" if holds == {False} else "UNCERTAIN"
    return dict(expected={check.fmt(v) for v in surv}, verdict=verdict,
                must_keep={F(model, v, dataset, metric) for v in surv}, must_remove=set())


def A_value_claim(q, k, dataset, metric, model, value, min_papers=1, **_):
    g = GS[k]
    surv, st, _ = check.surviving(g, model, dataset, metric)
    if surv == {value}:
        verdict = "SUPPORTED"
    elif value in surv:
        verdict = "UNCERTAIN"
    else:
        verdict = "REFUTED"
    n = len(papers_stating(g, model, dataset, metric, value))
    if n != check.count_papers(g, model, dataset, value):
        fail(q["id"], "paper count differs from check.count_papers")
    if verdict == "SUPPORTED" and n < min_papers:
        verdict = "UNCERTAIN"
    return dict(expected={check.fmt(v) for v in surv}, verdict=verdict,
                must_keep={F(model, v, dataset, metric) for v in surv}, must_remove=set())


def A_value_lookup(q, k, dataset, metric, model, min_papers=1, **_):
    g = GS[k]
    surv, st, _ = check.surviving(g, model, dataset, metric)
    lost = {v for v in {v for (m, v) in board_facts(g, dataset, metric) if m == model}} - surv
    for v in surv:
        if len(papers_stating(g, model, dataset, metric, v)) < min_papers:
            fail(q["id"], f"{model} {v}: fewer than {min_papers} papers")
    return dict(expected={check.fmt(v) for v in surv}, verdict=None,
                must_keep={F(model, v, dataset, metric) for v in surv},
                must_remove={F(model, v, dataset, metric) for v in lost})


def A_usage(q, k, dataset, metric, model, n_papers, **_):
    g = GS[k]
    ps = {r["paper"] for r in rows(g) if r["model"] == model}
    if len(ps) != n_papers:
        fail(q["id"], f"{model} is evaluated in {len(ps)} papers, not {n_papers}")
    return A_value_lookup(q, k, dataset, metric, model)


def A_best_asof(q, k, dataset, metric, anchor, absent_metric=None, **_):
    g = GS[k]
    (m, vals), _ = best_decided(g, dataset, metric, anchor)
    rem = anchored_removals(g, dataset, metric, anchor, m, vals)
    if absent_metric and ask_metric_on(g, dataset, absent_metric):
        fail(q["id"], f"{absent_metric} is recorded on {dataset}")
    return dict(expected={m} | {check.fmt(v) for v in vals}, verdict=None,
                must_keep={F(m, v, dataset, metric) for v in vals}, must_remove=rem)


def A_asof_claim(q, k, dataset, metric, anchor, model, **_):
    g = GS[k]
    ws, per = worlds(g, dataset, metric, anchor)
    outs = {ranking(w, metric)[0][0] == model for w in ws}
    verdict = "SUPPORTED" if outs == {True} else "REFUTED" if outs == {False} else "UNCERTAIN"
    (bm, bvals), _ = best_decided(g, dataset, metric, anchor)
    rem = anchored_removals(g, dataset, metric, anchor, bm, bvals) - {F(bm, v, dataset, metric) for v in bvals}
    exp = {check.fmt(v) for v in per.get(model, set())} if verdict == "SUPPORTED" else {bm} | {check.fmt(v) for v in bvals}
    return dict(expected=exp, verdict=verdict, must_keep={F(bm, v, dataset, metric) for v in bvals}, must_remove=rem)


def A_dois(q, k, title_prefix, **_):
    g = GS[k]
    p = paper_of(g, title_prefix)
    return dict(expected=set(g.papers[p]["dois"]), verdict=None, must_keep=set(), must_remove=set())


def A_year_doi(q, k, title_prefix, **_):
    g = GS[k]
    p = paper_of(g, title_prefix)
    ys = pyears(g, p)
    return dict(expected={str(y) for y in ys} | set(g.papers[p]["dois"]), verdict=None,
                must_keep=set(), must_remove=set())


def A_paper_newer(q, k, a_prefix, b_prefix, **_):
    g = GS[k]
    pa, pb = paper_of(g, a_prefix), paper_of(g, b_prefix)
    ya, yb = pyears(g, pa), pyears(g, pb)
    if not ya or not yb:
        return dict(expected=set(), verdict="UNCERTAIN", must_keep=set(), must_remove=set())
    outs = {x > y for x in ya for y in yb}
    verdict = "SUPPORTED" if outs == {True} else "REFUTED" if outs == {False} else "UNCERTAIN"
    raw_min = min(g.papers[pa]["years"])
    if raw_min >= 1000:
        fail(q["id"], "premise: the newer paper has no month under P29")
    return dict(expected={str(y) for y in ya + yb}, verdict=verdict, must_keep=set(), must_remove=set())


def A_absent_dataset(q, k, written, near, **_):
    g = GS[k]
    rx = re.escape(written).replace(r"\-", "[- ]?")
    if g.ask(check.ASK_LABEL_WORDS.format(regex=rx)):
        fail(q["id"], f"a label matches {written}")
    if near not in dataset_labels(k):
        fail(q["id"], f"premise: {near} not held")
    return dict(expected=set(), verdict=None, must_keep=set(), must_remove=set())


def A_absent_model_claim(q, k, dataset, metric, model, value=None, bound=None, op=None, **_):
    g = GS[k]
    if ask_model_on(g, model, dataset):
        fail(q["id"], f"{model} has a {dataset} result")
    ws, per = worlds(g, dataset, metric)
    bests = {ranking(w, metric)[0][1] for w in ws}
    claimed = value if value is not None else bound
    beyond = any(better(claimed, b, metric) for b in bests)
    exp = set()
    if beyond:
        exp = {check.fmt(b) for b in bests}
    return dict(expected=exp, verdict="UNCERTAIN", must_keep=set(), must_remove=set())


def A_paper_states(q, k, title_prefix, dataset, metric, model, value, **_):
    g = GS[k]
    p = paper_of(g, title_prefix)
    st = values_stated(g, p, model, dataset, metric)
    if not st:
        verdict = "UNCERTAIN"
    else:
        verdict = "SUPPORTED" if value in st else "REFUTED"
    surv, _, _ = check.surviving(g, model, dataset, metric)
    for v in st:
        if v not in surv:
            fail(q["id"], f"{v} stated by the paper does not survive")
    return dict(expected={check.fmt(v) for v in st}, verdict=verdict,
                must_keep={F(model, v, dataset, metric) for v in st}, must_remove=set())


def A_topn(q, k, dataset, metric, n, **_):
    g = GS[k]
    ws, per = worlds(g, dataset, metric)
    tops = {tuple(m for m, _ in ranking(w, metric)[:n]) for w in ws}
    if len(tops) != 1:
        fail(q["id"], "top-n undecided")
    top = tops.pop()
    exp = set(top) | {check.fmt(v) for m in top for v in per[m]}
    keep = {F(m, v, dataset, metric) for m in top for v in per[m]}
    return dict(expected=exp, verdict=None, must_keep=keep, must_remove=set())


# ------------------------------------------------------------------ the questions
BM, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
DA, HO, VE = "Dastrup-7 Chorus", "Hollenby Marsh Calls", "Veltmoor Dawn Set"
OR, QU, MI = "Orrenby Parallel Corpus", "Quenmark Dialogue Set", "Mirelle Subtitles"
SE, KW = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"
WER = "Word Error Rate"

SPEC = {
    "UC01": (A_best_now, dict(dataset=CI, metric="F1")),
    "UC02": (A_newer_beats, dict(dataset=BM, metric="Accuracy", newer="Quillon-XL", older="PimbraFormer", gap=3)),
    "UC03": (A_best_now_absent_model, dict(dataset=HO, metric="Accuracy", absent="Corrasine")),
    "UC04": (A_topic_newest, dict(problem="Tidal Turbine Fault Detection")),
    "UC05": (A_still_best, dict(dataset=SK, metric="Mean IoU", model="Lumoria")),
    "UC06": (A_still_best, dict(dataset=DA, metric=WER, model="Chirpform")),
    "UC07": (A_still_best, dict(dataset=QU, metric="BLEU", model="Varnholt", value=17.9)),
    "UC08": (A_beaten_since, dict(dataset=SE, metric="F1", model="Marrowfen")),
    "UC09": (A_pair_compare, dict(dataset=CI, metric="F1", a="Orvalis-CNN", b="PimbraFormer")),
    "UC10": (A_bound, dict(dataset=BM, metric="Accuracy", model="Tavrosa", op=">", bound=86.0)),
    "UC11": (A_value_claim, dict(dataset=HO, metric="Accuracy", model="Warbleon", value=80.7)),
    "UC12": (A_value_lookup, dict(dataset=DA, metric=WER, model="Fennick-RNN")),
    "UC13": (A_usage, dict(dataset=MI, metric="chrF", model="Murrelet-MT", n_papers=2)),
    "UC14": (A_value_lookup, dict(dataset=CI, metric="F1", model="Brackwater-UNet", min_papers=2)),
    "UC15": (A_value_claim, dict(dataset=VE, metric=WER, model="Corrasine", value=7.2, min_papers=2)),
    "UC16": (A_value_claim, dict(dataset=SE, metric="F1", model="Selkora", value=88.5, min_papers=2)),
    "UC17": (A_best_asof, dict(dataset=BM, metric="Accuracy", anchor=2016)),
    "UC18": (A_best_asof, dict(dataset=DA, metric=WER, anchor=2022)),
    "UC19": (A_best_asof, dict(dataset=MI, metric="chrF", anchor=2022, absent_metric="BLEU")),
    "UC20": (A_asof_claim, dict(dataset=OR, metric="BLEU", anchor=2021, model="Ostrada-T")),
    "UC21": (A_asof_claim, dict(dataset=KW, metric="Mean IoU", anchor=2020, model="Fucusnet")),
    "UC22": (A_dois, dict(title_prefix="Undertow-GNN:")),
    "UC23": (A_year_doi, dict(title_prefix="Ibbotrans:")),
    "UC24": (A_paper_newer, dict(a_prefix="Trillbert:", b_prefix="Warbleon:")),
    "UC25": (A_absent_dataset, dict(written="BenchMira-2", near="BenchMira")),
    "UC26": (A_absent_model_claim, dict(dataset=CI, metric="F1", model="Quillon-S", value=89.9)),
    "UC27": (A_absent_model_claim, dict(dataset=VE, metric=WER, model="Chirpform", bound=10.0, op="<")),
    "UC28": (A_paper_states, dict(title_prefix="Low-Latency Transcribers for Dawn Recordings", dataset=VE,
                                  metric=WER, model="Aviquist", value=6.8)),
    "UC29": (A_topn, dict(dataset=OR, metric="BLEU", n=3)),
    "UC30": (A_year_doi, dict(title_prefix="Driftmere:")),
}

# Anchors written in the questions ("as of Y", "in Y" = Y; "before Y" = Y-1); None elsewhere.
ANCHOR = {"UC17": 2016, "UC18": 2022, "UC19": 2022, "UC20": 2021, "UC21": 2020}

# Near-names. kind a: the same thing written differently; kind b: a thing the graph does not hold.
VARIANTS = {
    "UC01": dict(kind="b", form="variant_suffix", text="Wendrel-XL", near="Wendrel-S", dataset=CI),
    "UC02": dict(kind="a", form="hyphen_space", text="Quillon XL", label="Quillon-XL"),
    "UC03": dict(kind="b", form="model_not_on_dataset", text="Corrasine", near="Corrasine", dataset=HO),
    "UC05": dict(kind="a", form="typo", text="Lumora", label="Lumoria"),
    "UC10": dict(kind="a", form="metric_abbreviation", text="acc", label="Accuracy", dataset=BM),
    "UC14": dict(kind="a", form="hyphen_space", text="Brackwater U-Net", label="Brackwater-UNet"),
    "UC15": dict(kind="a", form="metric_abbreviation", text="WER", label=WER, dataset=VE),
    "UC18": dict(kind="a", form="number_separator", text="Dastrup7 Chorus", label=DA),
    "UC19": dict(kind="b", form="metric_not_recorded", text="BLEU", near="chrF", dataset=MI),
    "UC21": dict(kind="a", form="word_order", text="Norrland Kelpwatch", label=KW),
    "UC22": dict(kind="a", form="case_hyphen_space", text="undertow gnn", label="Undertow-GNN"),
    "UC24": dict(kind="a", form="typo", text="Trilbert", label="Trillbert"),
    "UC25": dict(kind="b", form="dataset_number", text="BenchMira-2", near="BenchMira"),
    "UC26": dict(kind="b", form="variant_suffix", text="Quillon-S", near="Quillon-XL", dataset=CI),
    "UC27": dict(kind="b", form="model_not_on_dataset", text="Chirpform", near="Chirpform", dataset=VE),
    "UC30": dict(kind="a", form="typo", text="Driftmire", label="Driftmere"),
}
ABBREV = {"acc": "Accuracy", "wer": WER, "miou": "Mean IoU"}

# What each TD question and each UC question asks (to check "another fact than its TD counterpart").
TD_SUBJECT = {
    "TD01": ("best", BM), "TD02": ("newest_best", BM, "Wendrel-S"), "TD03": ("best", DA),
    "TD04": ("topic_newest", "Kelp Canopy Mapping"), "TD05": ("still_best", BM, "PimbraFormer"),
    "TD06": ("still_best", DA, "Warbleon"), "TD07": ("still_best", OR, "Halverin"),
    "TD08": ("beaten_since", KW, "Fucusnet"), "TD09": ("value", BM, "KestrelNet"),
    "TD10": ("value", BM, "Tavrosa"), "TD11": ("value", DA, "Trillbert"), "TD12": ("best", HO),
    "TD13": ("usage", "Gannetron"), "TD14": ("value", CI, "Orvalis-CNN"), "TD15": ("value", HO, "Chirpform"),
    "TD16": ("value", SE, "Undertow-GNN"), "TD17": ("best_asof", BM, 2018), "TD18": ("best_asof", DA, 2020),
    "TD19": ("best_asof", QU, 2017), "TD20": ("asof_claim", OR, 2019, "Halverin"),
    "TD21": ("asof_claim", SE, 2019, "Selkora"), "TD22": ("paper_year", "Tidewick"),
    "TD23": ("paper_doi", "Murrelet-MT"), "TD24": ("paper_year", "Trillbert"),
    "TD25": ("absent_topic", "glacier surface velocity"), "TD26": ("absent_pair", "FrostLattice", CI),
    "TD27": ("absent_pair", "Plumaro", VE), "TD28": ("paper_states", "Chirpform", DA),
    "TD29": ("best", OR), "TD30": ("paper_year", "Driftmere"),
}
UC_SUBJECT = {
    "UC01": ("best", CI), "UC02": ("pair", BM, "Quillon-XL", "PimbraFormer"), "UC03": ("best", HO),
    "UC04": ("topic_newest", "Tidal Turbine Fault Detection"), "UC05": ("still_best", SK, "Lumoria"),
    "UC06": ("still_best", DA, "Chirpform"), "UC07": ("still_best", QU, "Varnholt"),
    "UC08": ("beaten_since", SE, "Marrowfen"), "UC09": ("pair", CI, "Orvalis-CNN", "PimbraFormer"),
    "UC10": ("bound", BM, "Tavrosa"), "UC11": ("value", HO, "Warbleon"), "UC12": ("value", DA, "Fennick-RNN"),
    "UC13": ("usage", "Murrelet-MT"), "UC14": ("value", CI, "Brackwater-UNet"), "UC15": ("value", VE, "Corrasine"),
    "UC16": ("value", SE, "Selkora"), "UC17": ("best_asof", BM, 2016), "UC18": ("best_asof", DA, 2022),
    "UC19": ("best_asof", MI, 2022), "UC20": ("asof_claim", OR, 2021, "Ostrada-T"),
    "UC21": ("asof_claim", KW, 2020, "Fucusnet"), "UC22": ("paper_doi", "Undertow-GNN"),
    "UC23": ("paper_year_doi", "Ibbotrans"), "UC24": ("paper_order", "Trillbert", "Warbleon"),
    "UC25": ("absent_dataset", "BenchMira-2"), "UC26": ("absent_model", "Quillon-S", CI),
    "UC27": ("absent_pair", "Chirpform", VE), "UC28": ("paper_states", "Aviquist", VE),
    "UC29": ("top3", OR), "UC30": ("paper_year_doi", "Driftmere"),
}
SAME_PAPER_OK = {"UC30"}  # Driftmere: the only paper whose only P29 is a month
# Questions whose answer rests on the same facts as TDn's although they ask another thing:
SAME_FACTS_OK = {
    "UC06": "asks whether Chirpform (not Warbleon) is still the best; the current best is Dastrup-7's Plumaro 8.1 either way",
    "UC10": "a bound (over 86) on g1's only close conflict, Tavrosa's 86.1/85.4, where TD10 claims the value 86.1",
}


# ------------------------------------------------------------------ gate kinds (TD and UC alike)
def gate_kind(k, spec):
    """Kind of a gate question, computed on the graph from its spec."""
    g = GS[k]
    t = spec["t"]
    if t == "absent":
        return "absent_topic_or_dataset" if not g.ask(check.ASK_LABEL_WORDS.format(regex=spec["regex"])) else None
    if t == "pair":
        return "model_never_run" if not ask_model_on(g, spec["model"], spec["dataset"]) else None
    if t == "wrong_paper":
        p = paper_of(g, spec["paper"])
        st = values_stated(g, p, spec["model"], spec["dataset"], spec["metric"])
        other = papers_stating(g, spec["vmodel"], spec["dataset"], spec["metric"], spec["value"]) - {p}
        return "value_from_other_paper" if st and spec["value"] not in st and other else None
    if t == "strsort":
        top = g.sel(check.SELECT_STRING_MAX.format(dataset=spec["dataset"], metric=spec["metric"]))[0]
        fy = first_year(g, top["model"], spec["dataset"], spec["metric"])
        allfy = [first_year(g, m, spec["dataset"], spec["metric"])
                 for m in {r["model"] for r in rows(g) if r["dataset"] == spec["dataset"]}]
        return "string_sort_oldest" if fy == min(y for y in allfy if y) else None
    if t == "month":
        p = paper_of(g, spec["paper"])
        raw = g.papers[p]["years"]
        return "year_only_month" if raw and all(y < 13 for y in raw) and not pyears(g, p) else None
    raise ValueError(t)


TD_GATE = {
    "TD25": ("g1", dict(t="absent", regex="velocity")),
    "TD26": ("g1", dict(t="pair", model="FrostLattice", dataset=CI)),
    "TD27": ("g2", dict(t="pair", model="Plumaro", dataset=VE)),
    "TD28": ("g2", dict(t="wrong_paper", paper="Chirpform:", model="Chirpform", vmodel="Warbleon",
                        dataset=DA, metric=WER, value=11.3)),
    "TD29": ("g3", dict(t="strsort", dataset=OR, metric="BLEU")),
    "TD30": ("g4", dict(t="month", paper="Driftmere:")),
}
UC_GATE = {
    "UC25": ("g1", dict(t="absent", regex="benchmira[- ]?2")),
    "UC26": ("g1", dict(t="pair", model="Quillon-S", dataset=CI)),
    "UC27": ("g2", dict(t="pair", model="Chirpform", dataset=VE)),
    "UC28": ("g2", dict(t="wrong_paper", paper="Low-Latency Transcribers", model="Aviquist", vmodel="Aviquist",
                        dataset=VE, metric=WER, value=6.8)),
    "UC29": ("g3", dict(t="strsort", dataset=OR, metric="BLEU")),
    "UC30": ("g4", dict(t="month", paper="Driftmere:")),
}


# ------------------------------------------------------------------ traps and premises (printed)
def traps(q):
    qid, k = q["id"], gkey(q)
    g = GS[k]
    out = []
    if qid == "UC01":
        nm = check.newest_result(g, CI, "F1")
        out.append(f"newest model on Corvalla-Ice: {nm}")
        if "90.5" in q["expected"]:
            fail(qid, "Wendrel-S's 90.5 must not be expected")
        if ask_model_on(g, "Wendrel-XL", CI):
            fail(qid, "Wendrel-XL has a result")
    if qid == "UC03":
        p = paper_of(g, "Scaling Noise-Robust")
        hrows = [(r["model"], r["value"]) for r in rows(g) if r["paper"] == p]
        out.append(f"2025 paper rows: {hrows}")
        if ("Syrinxa", "88.3%") not in hrows or not any(m == "Corrasine" for m, _ in hrows):
            fail(qid, "trap: the 2025 paper should hold Syrinxa '88.3%' and a Corrasine row")
        if "88.3" in q["expected"]:
            fail(qid, "Syrinxa's 88.3 must not be expected")
    if qid == "UC05":
        p = paper_of(g, "Sallowmere:")
        out.append(f"Sallowmere raw P29 {g.papers[p]['years']}, valid {pyears(g, p)}")
    if qid == "UC08":
        p = paper_of(g, "Selkora:")
        out.append(f"Selkora raw P29 {g.papers[p]['years']}; Marrowfen led {former_best_years(g, 'Marrowfen', SE, 'F1')[:3]}...")
    if qid == "UC19":
        bleu = {(r["dataset"], r["value"]) for r in rows(g) if r["model"] == "Murrelet-MT" and r["metric"] == "BLEU"}
        out.append(f"Murrelet-MT BLEU elsewhere: {sorted(bleu)}")
        for _, v in bleu:
            if check.fmt(check.parse_value(v)) in q["expected"]:
                fail(qid, "a BLEU of another dataset is expected")
        # "in 2022" read as "published in 2022"
        pub = {(r["model"], check.parse_value(r["value"])) for r in rows(g)
               if r["dataset"] == MI and r["metric"] == "chrF" and pyears(g, r["paper"]) == [2022]}
        if pub != {("Murrelet-MT", 55.1)}:
            fail(qid, f"published-in-2022 reading differs: {pub}")
    if qid == "UC21":
        b19, _ = best_decided(g, KW, "Mean IoU", 2019)
        out.append(f"best up to 2019: {b19}")
        if b19[0] != "Fucusnet":
            fail(qid, "premise 'still': Fucusnet did not lead up to 2019")
        for y in (2019,):
            bb, _ = best_decided(g, KW, "Mean IoU", y)
            out.append(f"careless 'before 2020' reading: {bb}")
    if qid == "UC24":
        out.append(f"Trillbert raw P29 {g.papers[paper_of(g, 'Trillbert:')]['years']}")
    if qid == "UC26":
        out.append(f"Quillon-XL on Corvalla-Ice: {check.surviving(g, 'Quillon-XL', CI, 'F1')[0]}")
        if 89.9 not in check.surviving(g, "Quillon-XL", CI, "F1")[0]:
            fail(qid, "trap: 89.9 should be Quillon-XL's value")
    if qid == "UC27":
        vals = {check.parse_value(r["value"]) for r in rows(g) if r["dataset"] == VE}
        ch = {(r["dataset"], r["value"]) for r in rows(g) if r["model"] == "Chirpform"}
        out.append(f"Veltmoor values {sorted(vals)}; Chirpform rows {sorted(ch)}")
        if not all(v < 10 for v in vals):
            fail(qid, "trap: every Veltmoor value should be below 10")
    if qid == "UC28":
        other = papers_stating(g, "Aviquist", VE, WER, 6.8)
        out.append(f"6.8 stated by {[g.papers[p]['title'] for p in other]}")
    if qid == "UC29":
        res = g.sel(check.PREFIXES + f"""
SELECT ?model ?value WHERE {{ ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?model .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dl .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value . ?mt rdfs:label ?ml .
  FILTER(STR(?dl) = "{OR}" && STR(?ml) = "BLEU") }} ORDER BY DESC(?value) LIMIT 3""")
        s3 = [(r["model"], r["value"]) for r in res]
        out.append(f"string-sorted top three: {s3}")
        if s3[0][0] != "Lexmarrow":
            fail(qid, "trap: string sort should put Lexmarrow first")
    if qid == "UC04":
        dated, _ = check.newest_topic_paper(g, "Tidal Turbine Fault Detection")
        t = g.sel(check.PREFIXES + """SELECT ?t WHERE { ?p a orkgc:Paper ; rdfs:label ?t .
  FILTER(CONTAINS(LCASE(STR(?t)), "tidal turbine fault detection")) }""")
        out.append(f"title phrase search: {[r['t'] for r in t]}")
    if qid == "UC23":
        p = paper_of(g, "Ibbotrans:")
        if g.papers[p]["dois"]:
            fail(qid, "premise: the Ibbotrans paper should have no DOI")
    for line in out:
        print(f"    {qid} trap: {line}")


# ------------------------------------------------------------------ name checks
def tokens(s):
    return [t.strip(".,?!:;'\"()") for t in s.split()]


def ngrams(s, nmax=4):
    ts = [re.sub(r"'s$", "", t) for t in tokens(s)]
    for n in range(1, nmax + 1):
        for i in range(len(ts) - n + 1):
            yield " ".join(ts[i:i + n])


def near_label(text):
    """Labels (model/dataset) that a written text nearly matches without being the label."""
    hits = []
    for L in NAME_LABELS:
        if text == L:
            continue
        if squash(text) == squash(L):
            hits.append((L, "squash"))
        elif len(re.sub(r"[^A-Za-z]", "", L)) >= 6 and lev(text, L) == 1:
            hits.append((L, "typo"))
        elif len(text.split()) > 1 and sorted(squash(w) for w in re.split(r"[\s-]+", text)) == \
                sorted(squash(w) for w in re.split(r"[\s-]+", L)):
            hits.append((L, "order"))
    return hits


def check_names(q):
    qid, k, text = q["id"], gkey(q), q["question"]
    v = VARIANTS.get(qid)
    declared = v["text"] if v else None
    # undeclared near-names and abbreviations
    for ng in set(ngrams(text)):
        if declared and ng == declared:
            continue
        for L, how in near_label(ng):
            fail(qid, f"undeclared near-name '{ng}' ({how} of {L})")
    for t in tokens(text):
        if t.lower() in ABBREV and not (v and v["text"] == t):
            fail(qid, f"undeclared metric abbreviation '{t}'")
        for M in METRIC_LABELS:
            if t.lower() == M.lower() and t != M and " " not in M and M != "Accuracy":
                fail(qid, f"metric '{t}' written in another case than '{M}'")
    if not v:
        return None
    if v["text"] not in text:
        fail(qid, f"declared text '{v['text']}' not in the question")
    g = GS[k]
    form = v["form"]
    if v["kind"] == "a":
        L = v["label"]
        if L in text:
            fail(qid, f"the label '{L}' itself is in the question")
        if form in ("hyphen_space", "case_hyphen_space", "number_separator"):
            ok = squash(v["text"]) == squash(L) and sum(squash(x) == squash(v["text"]) for x in LABEL_SET) == 1
            if form == "number_separator":
                ok = ok and re.search(r"\d", L) is not None
            if form == "case_hyphen_space":
                ok = ok and v["text"] != v["text"].replace(v["text"], L) and v["text"].lower() != L.lower()
        elif form == "typo":
            letters = len(re.sub(r"[^A-Za-z]", "", L))
            others = min(lev(v["text"], x) for x in LABEL_SET if x != L)
            ok = lev(v["text"], L) == 1 and letters >= 6 and others >= 3
            print(f"    {qid} name: '{v['text']}' -> {L} (edit 1; nearest other label {others} edits)")
        elif form == "word_order":
            ws = lambda s: sorted(squash(w) for w in re.split(r"[\s-]+", s))
            ok = ws(v["text"]) == ws(L) and v["text"] != L and \
                all(min(lev(v["text"], x), lev(squash(v["text"]), squash(x))) >= 3 for x in LABEL_SET if x != L)
        elif form == "metric_abbreviation":
            ok = ABBREV.get(v["text"].lower()) == L and metrics_on(g, v["dataset"]) == {L} and v["dataset"] in text
        else:
            ok = False
        if not ok:
            fail(qid, f"kind a '{v['text']}' ({form}) does not resolve to exactly '{L}'")
        # the thing must be one this question's answer is about
        if L not in LABEL_SET:
            fail(qid, f"{L} is not a label")
    else:
        near = v["near"]
        if form == "variant_suffix":
            base, suf = v["text"].rsplit("-", 1)
            nb, nsuf = near.rsplit("-", 1)
            ok = (base == nb and suf != nsuf and near in model_labels(k)
                  and all(squash(v["text"]) != squash(x) for x in LABEL_SET)
                  and min(lev(v["text"], x) for x in LABEL_SET) >= 2
                  and not any(r["model"] == v["text"] for r in rows(g))
                  and near not in text)
        elif form == "dataset_number":
            ok = (near in dataset_labels(k) and squash(v["text"]).startswith(squash(near))
                  and re.search(r"\d", v["text"]) and not re.search(r"\d", near)
                  and all(squash(v["text"]) != squash(x) for x in LABEL_SET))
        elif form == "metric_not_recorded":
            ok = (v["text"] in {l for c, l, gg in LABELS if c == "Metric" and gg == k}
                  and not ask_metric_on(g, v["dataset"], v["text"]) and ask_metric_on(g, v["dataset"], near)
                  and v["dataset"] in text)
        elif form == "model_not_on_dataset":
            ok = (v["text"] in model_labels(k) and v["dataset"] in dataset_labels(k)
                  and not ask_model_on(g, v["text"], v["dataset"]) and v["dataset"] in text)
        else:
            ok = False
        if not ok:
            fail(qid, f"kind b '{v['text']}' ({form}) is not a near thing the graph lacks")
        if q["verdict"] not in (None, "UNCERTAIN"):
            fail(qid, "a kind b question cannot have a SUPPORTED/REFUTED verdict")
    return v["kind"], form


# ------------------------------------------------------------------ file checks
def words(s):
    return {t.lower() for t in tokens(s) if t}


def jacc(a, b):
    A, B = words(a), words(b)
    return len(A & B) / len(A | B)


def main():
    print(f"checking {FILE} (TRUST_NOW as given: {ENV_NOW}; years {YEARS})")
    td = [json.loads(l) for l in open(TD_FILE) if l.strip()]
    qs = [json.loads(l, object_pairs_hook=lambda kv: kv) for l in open(FILE) if l.strip()]
    fields = list(json.loads(open(TD_FILE).readline(), object_pairs_hook=lambda kv: kv))
    fields = [k for k, _ in fields]
    dicts = []
    for i, kv in enumerate(qs):
        keys = [k for k, _ in kv]
        d = dict(kv)
        qid = d.get("id", f"line{i + 1}")
        if keys != fields:
            fail(qid, f"fields {keys} != {fields}")
        dicts.append(d)
    qs = dicts
    ids = [q.get("id") for q in qs]
    if ids != [f"UC{n:02d}" for n in range(1, 31)]:
        fail("file", f"ids not UC01..UC30 in order: {ids}")
    if len(set(ids)) != len(ids):
        fail("file", "duplicate ids")
    qtexts = [q["question"] for q in qs]
    if len(set(qtexts)) != len(qtexts):
        fail("file", "duplicate questions")
    tdq = {t["question"] for t in td}
    # counts
    for key in ("mechanism", "query_type", "verdict", "graph"):
        a = {}
        b = {}
        for q in qs:
            a[q[key]] = a.get(q[key], 0) + 1
        for t in td:
            b[t[key]] = b.get(t[key], 0) + 1
        if a != b:
            fail("file", f"counts per {key} {a} != trust-dev {b}")
        print(f"  counts per {key}: {dict(sorted(a.items(), key=str))}")
    tdby = {t["id"]: t for t in td}
    kinds = {"a": [], "b": []}
    forms = {}
    maxsim = (0, "")
    for q in qs:
        qid = q["id"]
        n = qid[2:]
        t = tdby.get("TD" + n)
        print(f"- {qid} [{q['graph']} {q['mechanism']} {q['query_type']} {q['verdict']}] {q['question']}")
        if qid not in SPEC or ("TD" + n) not in tdby:
            fail(qid, "unknown id: no computer or no TD counterpart")
            continue
        if q["question"] in tdq:
            fail(qid, "repeats a trust-dev question")
        if t:
            for key in ("mechanism", "query_type", "verdict"):
                if q[key] != t[key]:
                    fail(qid, f"{key} {q[key]} != TD{n}'s {t[key]}")
            if UC_SUBJECT[qid] == TD_SUBJECT["TD" + n]:
                fail(qid, f"asks TD{n}'s own fact {UC_SUBJECT[qid]}")
            same_thing = set(UC_SUBJECT[qid][1:]) & set(TD_SUBJECT["TD" + n][1:]) - {BM, CI, DA, HO, VE, OR, QU, MI, SE, KW}
            if same_thing and qid not in SAME_PAPER_OK and UC_SUBJECT[qid][0] == TD_SUBJECT["TD" + n][0]:
                fail(qid, f"same subject kind and entity as TD{n}: {same_thing}")
            if set(q["must_keep"]) and set(q["must_keep"]) == set(t["must_keep"]):
                if qid in SAME_FACTS_OK:
                    print(f"    same facts as TD{n} (allowed): {SAME_FACTS_OK[qid]}")
                else:
                    fail(qid, f"rests on TD{n}'s facts")
        # overlap
        for other in [x["question"] for x in td] + [x["question"] for x in qs if x["id"] != qid]:
            s = jacc(q["question"], other)
            if s > maxsim[0]:
                maxsim = (s, f"{qid} ~ {other[:50]}")
            if s >= 0.6:
                fail(qid, f"shares {s:.2f} of its words with: {other}")
        # anchor
        a = check.anchor_of(q)
        if a != ANCHOR.get(qid):
            fail(qid, f"anchor_of reads {a}, declared {ANCHOR.get(qid)}")
        # recompute for every year
        fn, kw = SPEC[qid]
        results = []
        for y in YEARS:
            check.NOW = y
            try:
                r = fn(q, gkey(q), **kw)
            except Exception as e:  # a computer that cannot run on this question is a failure
                fail(qid, f"year {y}: {type(e).__name__}: {e}")
                continue
            results.append((y, r))
        check.NOW = ENV_NOW
        if results:
            base = results[0][1]
            for y, r in results[1:]:
                if r != base:
                    fail(qid, f"answer differs in {y}: {r} vs {base}")
            if set(q["expected"]) != base["expected"]:
                fail(qid, f"expected {sorted(q['expected'])} != recomputed {sorted(base['expected'])}")
            if q["verdict"] != base["verdict"]:
                fail(qid, f"verdict {q['verdict']} != recomputed {base['verdict']}")
            if set(q["must_keep"]) != base["must_keep"]:
                fail(qid, f"must_keep {sorted(q['must_keep'])} != {sorted(base['must_keep'])}")
            if set(q["must_remove"]) != base["must_remove"]:
                fail(qid, f"must_remove {sorted(q['must_remove'])} != {sorted(base['must_remove'])}")
        g = GS[gkey(q)]
        text = check.graph_text(g)
        for e in q["expected"]:
            if e not in text:
                fail(qid, f"expected string '{e}' not in the graph")
        for fct in q["must_keep"] + q["must_remove"]:
            if not check.FACT_RE.match(fct) or not check.fact_exists(g, fct):
                fail(qid, f"fact not in the graph: {fct}")
        anchor = ANCHOR.get(qid)
        for fct in q["must_keep"]:
            m, v, d, me = check.FACT_RE.match(fct).groups()
            surv = check.surviving(g, m, d, me, anchor)[0]
            if float(v) not in surv:
                fail(qid, f"must_keep does not survive: {fct}")
        for fct in q["must_remove"]:
            m, v, d, me = check.FACT_RE.match(fct).groups()
            v = float(v)
            surv = check.surviving(g, m, d, me)[0]
            kind_a = v not in surv
            kind_b = bool(former_best_years(g, m, d, me)) and anchor is None
            kind_c = anchor is not None and after_anchor(g, m, d, me, v, anchor)
            if not (kind_a or kind_b or kind_c):
                fail(qid, f"must_remove of no README kind: {fct}")
        # gate kinds
        if qid in UC_GATE:
            try:
                tk = gate_kind(*TD_GATE["TD" + n])
                uk = gate_kind(*UC_GATE[qid])
            except Exception as e:
                tk, uk = None, f"error {e}"
            print(f"    gate kind: TD{n} {tk} / {qid} {uk}")
            if tk is None or uk != tk:
                fail(qid, f"gate kind {uk} != TD{n}'s {tk}")
        try:
            traps(q)
            nk = check_names(q)
        except Exception as e:
            fail(qid, f"traps/names: {type(e).__name__}: {e}")
            nk = None
        if nk:
            kinds[nk[0]].append(qid)
            forms.setdefault(nk[1], []).append(qid)
        note_kind = re.match(r"Name \((a|b)\)", q["notes"])
        if (note_kind.group(1) if note_kind else None) != (VARIANTS.get(qid) or {}).get("kind"):
            fail(qid, "notes do not declare the same name kind as the checker's table")
    total = len(kinds["a"]) + len(kinds["b"])
    print(f"  near-names: kind a {len(kinds['a'])} {kinds['a']}; kind b {len(kinds['b'])} {kinds['b']}; total {total}")
    print(f"  forms: {forms}")
    print(f"  closest word overlap: {maxsim[0]:.2f} ({maxsim[1]})")
    if not 13 <= total <= 17:
        fail("file", f"{total} questions with near-names: not about half")
    if len(kinds["b"]) < 5 or len(kinds["a"]) < 5:
        fail("file", "too few of one kind")
    print(f"FAILURES: {len(FAILS)}")
    for f in FAILS:
        print("  " + f)
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
