#!/usr/bin/env python3
"""Checks trust-dev5.jsonl (TH01-TH40) against the fixture graphs g1.ttl .. g4.ttl.

Same reference rules as check.py .. check4.py (imported from them, not copied). For every question
the answer is recomputed from the graph, independently of the JSONL: SPARQL (the queries and the
reference trust rules of check.py: rows, papers, years, DOIs, ASKs, six conflict readings) plus
Python. The recomputed `expected` strings (as a set) and `verdict` must equal the ones in the file;
the anchor written in the question must be the one the computation used ("as of Y" / "in Y" / "by Y"
= up to Y; "before Y" / "prior to Y" = up to Y-1; an "in Y" question must give the same answer read
as "published in Y"); must_keep facts must survive the conflict rules and the anchor; must_remove
facts must not be the surviving best (and must really be removed, superseded or after the anchor);
every conflict used must read the same under all six readings; a month-like P29 (1-12) is never
taken as a year. Also: no question repeats one of trust-dev.jsonl .. trust-dev4.jsonl or shares 60%
or more of its words with one of them (or with another question of this file); the counts per
mechanism, query type and graph are the ones the brief asks for; the premises a question states
(years, who reported what, a one-letter typo that names exactly one model) are checked too, and each
question prints the careless answer it is built against.

Where things are: the fixture graphs and the earlier checkers (check.py .. check4.py) are looked for
beside this file first, then in /work/main/eval/gold/trust. trust-dev5.jsonl is read from beside
this file.

Run: python3 check5.py          (exit status 1 on any failure)
     TRUST_NOW=2030 python3 check5.py
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FALLBACK = "/work/main/eval/gold/trust"
TRUST_DIR = next(d for d in (HERE, FALLBACK)
                 if all(os.path.exists(os.path.join(d, f)) for f in ("check.py", "check4.py", "g1.ttl", "g4.ttl")))
sys.path.insert(0, TRUST_DIR)
import check as C  # noqa: E402  (reference rules, SPARQL queries, graph loading)
from check4 import *  # noqa: E402,F401,F403  (the computers of trust-dev2 .. trust-dev4, shared, not copied)
from check4 import parse_anchor, papers_stating, models_in_order, separated, naive_order, recency_order  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))  # check4's HERE was imported above; this file's own
QFILE = os.path.join(HERE, "trust-dev5.jsonl")
EARLIER = ("trust-dev.jsonl", "trust-dev2.jsonl", "trust-dev3.jsonl", "trust-dev4.jsonl")


# ---- extra SPARQL used here ------------------------------------------------------------------------
Q_PROBLEM_DATASETS = C.PREFIXES + """
SELECT DISTINCT ?dl WHERE {{
  ?c a orkgc:Contribution ; orkgp:P32 ?p ; orkgp:P2005 ?d . ?p rdfs:label ?pl . ?d rdfs:label ?dl .
  FILTER(STR(?pl) = "{problem}")
}}"""

Q_ALL_DATASETS = C.PREFIXES + """
SELECT DISTINCT ?dl WHERE { ?d a orkgc:Dataset ; rdfs:label ?dl . }"""

Q_ALL_LABELS = C.PREFIXES + """
SELECT DISTINCT ?l WHERE { ?x rdfs:label ?l . }"""

Q_MODEL_LABELS = C.PREFIXES + """
SELECT DISTINCT ?l WHERE { ?x a orkgc:Model ; rdfs:label ?l . }"""


# ---- small helpers -----------------------------------------------------------------------------------
def best_of(vals, metric):
    return min(vals) if metric in LOWER else max(vals)


def paper_years_for(g, model, dataset, metric, vals):
    """valid years of the papers (SPARQL) stating any of vals for model on dataset/metric."""
    out = []
    for v in vals:
        for p, t, raw in papers_stating(g, model, dataset, metric, v):
            out += g.valid_years(p)
    return sorted(set(out))


def levenshtein(a, b):
    a, b = a.lower(), b.lower()
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def typo_target(g, written):
    """the one model label at edit distance 1 from the name as written (every other label is 3 or more away)."""
    labels = sorted(str(r["l"]) for r in g.sel(Q_MODEL_LABELS))
    d = sorted((levenshtein(written, l), l) for l in labels)
    assert d[0][0] == 1 and d[1][0] >= 3, f"{written!r}: nearest labels {d[:3]}"
    return d[0][1], f"{written!r} is one edit from {d[0][1]!r} (next {d[1][1]!r} at {d[1][0]})"


def labels_text(g):
    """every rdfs:label in the graph (titles included), read with SPARQL."""
    return [str(r["l"]) for r in g.sel(Q_ALL_LABELS)]


# ---- computers added for trust-dev5: return (expected list, verdict, evidence) ------------------------
def A_problem_datasets_best(g, problem):
    """'which datasets for problem, and who is top on each now': datasets of the problem's contributions, each with its best."""
    ds = sorted(str(r["dl"]) for r in g.sel(Q_PROBLEM_DATASETS.format(problem=problem)))
    alld = sorted(str(r["dl"]) for r in g.sel(Q_ALL_DATASETS))
    assert ds
    exp, ev = [], []
    for d in ds:
        metrics = sorted({r["metric"] for r in g.rows if r["dataset"] == d})
        assert len(metrics) == 1, (d, metrics)
        e, _, e2 = A_best(g, d, metrics[0])
        exp += [d] + e
        ev.append(f"{d}/{metrics[0]}: {e2}; newest model there {newest_model(g, d, metrics[0])}")
    return exp, None, f"datasets for {problem!r}: {ds} (other datasets in the graph: {sorted(set(alld) - set(ds))}); " + "; ".join(ev)


def A_topic_latest_doi(g, problem):
    """'most recent paper on problem: title and DOI'."""
    dated, undated = C.newest_topic_paper(g, problem)
    assert len(dated) > 1 and dated[0][0] > dated[1][0], f"tie {dated[:2]}"
    y, title = dated[0]
    ds, _, ed = A_dois(g, title)
    assert ds, f"no DOI for {title}"
    kw = sorted(((yy, t) for yy, t in dated if "call" in t.lower()), reverse=True)
    return [title] + ds, None, (f"newest paper on {problem}: {title!r} ({y}), {ed}; next {dated[1]}; undated {undated}; "
                                f"careless (title keyword 'call'): {kw[0] if kw else None}")


def A_newest_result_year(g, dataset, metric):
    """'latest result on dataset: model, value and year'."""
    exp, _, ev = A_newest_result(g, dataset, metric)
    ys = paper_years_for(g, exp[0], dataset, metric, [float(exp[1])])
    y = max(ys)
    best, _, _ = A_best_or_close(g, dataset, metric)
    return exp + [str(y)], None, f"{ev}; year {y}; best on the board: {best}"


def A_best_or_close(g, dataset, metric):
    """the board's top model(s) with surviving values, allowing a close conflict (evidence only)."""
    ms = models_in_order(g, dataset, metric)
    return [(m, fmts(v)) for m, v in ms[:2]], None, ""


def A_newest_vs(g, dataset, metric, other):
    """'newest result on dataset - whose, and does it beat other's': the newest dated result and other's values."""
    exp, _, ev = A_newest_result(g, dataset, metric)
    so, sto = surv(g, other, dataset, metric)
    assert exp[0] != other
    v = float(exp[1])
    beats = all(better(v, x, metric) for x in so)
    loses = all(better(x, v, metric) for x in so)
    assert beats or loses
    return exp + fmts(so), None, (f"{ev}; {other} {sto} {fmts(so)}: newest {'beats' if beats else 'does not beat'} it; "
                                  f"raw values of the newest model {sorted({r['value'] for r in g.rows if r['model'] == exp[0] and r['dataset'] == dataset})}")


def beaters(g, model, dataset, metric):
    """models whose every surviving value beats model's best surviving value, first stated (valid year) after model's first."""
    keep, _ = surv(g, model, dataset, metric)
    base = best_of(keep, metric)
    mine = paper_years_for(g, model, dataset, metric, keep)
    first = min(mine)
    out, newer_lower, undated = {}, [], []
    for m in sorted({r["model"] for r in g.rows if r["dataset"] == dataset and r["metric"] == metric} - {model}):
        sm, _ = surv(g, m, dataset, metric)
        if not sm:
            continue
        ys = paper_years_for(g, m, dataset, metric, sm)
        if not ys:
            undated.append((m, fmts(sm)))
            continue
        if all(better(v, base, metric) for v in sm):
            if min(ys) > first:
                out[m] = sm
        elif any(better(v, base, metric) for v in sm):
            raise AssertionError(f"{m} {fmts(sm)} only partly beats {model} {fmt(base)}")
        elif min(ys) > first:
            newer_lower.append((m, fmts(sm), min(ys)))
    assert set(out) == C.models_beating(g, dataset, metric, model), (out, C.models_beating(g, dataset, metric, model))
    return out, f"{model} {fmts(keep)} (first {first}); beaten by {[(m, fmts(v)) for m, v in sorted(out.items())]}; " \
                f"newer but not better {newer_lower}; undated, cannot be placed {undated}"


def K_beaten(g, model, dataset, metric, value):
    """'has anyone beaten model's value on dataset': SUPPORTED with the beaters, or REFUTED with model's value."""
    keep, st = surv(g, model, dataset, metric)
    assert keep == {value}, f"premise: {model} {st} {fmts(keep)}"
    out, ev = beaters(g, model, dataset, metric)
    ev += f"; naive (no conflict removal): {naive_best(g, dataset, metric, None)}; newest model {newest_model(g, dataset, metric)}"
    if out:
        exp = sorted(out)
        for m in exp:
            exp = exp + fmts(out[m])
        return exp, "SUPPORTED", ev
    return [model, fmt(value)], "REFUTED", ev


def K_still_best_v(g, model, dataset, metric):
    """K_still_best with the values: SUPPORTED -> model and its value; REFUTED -> who overtook it and with what."""
    exp, verdict, ev = K_still_best(g, model, dataset, metric)
    if verdict == "SUPPORTED":
        keep, _ = surv(g, model, dataset, metric)
        return [model] + fmts(keep), verdict, ev
    out = list(exp)
    for m in exp:
        out += fmts(surv(g, m, dataset, metric)[0])
    return out, verdict, ev


def A_prev_holder(g, dataset, metric):
    """'who held the record before the current best took it': the best the year before the current best first appeared."""
    exp, _, ev = A_best(g, dataset, metric)
    cur, val = exp[0], float(exp[1])
    first = min(paper_years_for(g, cur, dataset, metric, [val]))
    prev = top_at(g, dataset, metric, first - 1)
    assert prev and prev[0] != cur, prev
    keep, st = surv(g, prev[0], dataset, metric)
    assert keep == {prev[1]}, f"{prev[0]} {st} {fmts(keep)}"
    held = [y for y in range(1990, C.NOW + 1) if top_at(g, dataset, metric, y) == prev]
    return [prev[0], fmt(prev[1])], None, (f"now {cur} {fmt(val)} (from {first}); before that {prev[0]} {fmt(prev[1])} "
                                           f"(top {held[0]}-{held[-1]}); board up to {first - 1}: "
                                           f"{[(m, fmt(v)) for v, m, _ in clean_board(g, dataset, metric, first - 1)]}")


def A_beaten_since_top(g, dataset, metric, model):
    """'which models have beaten model since, and which leads now': the beaters and the current best value."""
    out, ev = beaters(g, model, dataset, metric)
    best, _, evb = A_best(g, dataset, metric)
    assert best[0] in out
    naive_years = {r["model"]: min(g.papers[r["paper"]]["years"]) for r in g.rows
                   if r["dataset"] == dataset and r["metric"] == metric and g.papers[r["paper"]]["years"]}
    return sorted(out) + [best[1]], None, f"{ev}; {evb}; careless min raw P29 per model {naive_years}"


def A_value_years(g, model, dataset, metric):
    """'model's value on dataset, and the year it was reported': every surviving value and the valid years of its papers."""
    keep, st = surv(g, model, dataset, metric)
    years, ev = [], []
    for v in sorted(keep):
        ps = papers_stating(g, model, dataset, metric, v)
        for p, t, raw in ps:
            vy = g.valid_years(p)
            assert len(vy) == 1, (t, vy)
            years.append(vy[0])
            ev.append(f"{fmt(v)} in {t!r} (raw P29 {g.papers[p]['years']} -> {vy[0]})")
    return fmts(keep) + sorted({str(y) for y in years}), None, f"{model} {st} {fmts(keep)}: " + "; ".join(ev)


def K_reproduced_by(g, model, dataset, metric, value):
    """'did anyone replicate model's value, which paper': K_reproduced plus the titles of the other papers."""
    exp, verdict, ev = K_reproduced(g, model, dataset, metric, value)
    others = [t for p, t, raw in papers_stating(g, model, dataset, metric, value) if not t.startswith(model + ":")]
    if verdict == "SUPPORTED":
        return exp + others, verdict, ev
    return exp, verdict, ev


def A_count_papers(g, model, dataset, metric, value):
    """'how many papers put model at value': papers whose parsed value equals value (any spelling)."""
    keep, st = surv(g, model, dataset, metric)
    assert value in keep
    ps = papers_stating(g, model, dataset, metric, value)
    exact = [t for p, t, raw in ps if raw == fmt(value)]
    allp = {str(r["paper"]) for r in g.sel(Q_PAPER_ROWS.format(model=model, dataset=dataset, metric=metric))}
    return [fmt(value), str(len(ps))], None, (f"{len(ps)} papers state {fmt(value)} (raw {sorted(raw for _, _, raw in ps)}); "
                                              f"careless exact-string count {len(exact)}; all papers with any value {len(allp)}; {st} {fmts(keep)}")


def A_topk_at(g, dataset, metric, k, anchor):
    """'the k best up to anchor, and whose': the first k models with their surviving values, every place decided."""
    ms = models_in_order(g, dataset, metric, anchor)
    assert len(ms) > k
    for i in range(k):
        assert separated(ms[i][1], ms[i + 1][1], metric), f"places {i + 1} and {i + 2} overlap"
    exp = []
    for m, vs in ms[:k]:
        exp += [m] + fmts(vs)
    return exp, None, (f"top-{k} up to {anchor}: {[(m, fmts(v)) for m, v in ms[:k]]}; next {ms[k][0]} {fmts(ms[k][1])}; "
                       f"naive (min raw P29): {naive_best(g, dataset, metric, anchor)}")


def A_topk_dois(g, dataset, metric, k):
    """'the k best and the DOIs of their papers': each model, its value, the DOIs of the one paper stating it."""
    exp, _, ev = A_topk(g, dataset, metric, k)
    out, evd = [], []
    for m, vs in models_in_order(g, dataset, metric)[:k]:
        assert len(vs) == 1
        v = next(iter(vs))
        ps = papers_stating(g, m, dataset, metric, v)
        assert len(ps) == 1, ps
        ds = g.papers[ps[0][0]]["dois"]
        assert ds
        out += [m, fmt(v)] + ds
        evd.append(f"{m} {fmt(v)} in {ps[0][1]!r} DOIs {ds}")
    assert sorted(set(exp)) == sorted(set(out[i] for i in range(len(out)) if out[i] in exp))
    return out, None, ev + "; " + "; ".join(evd)


def A_best_paper_full(g, dataset, metric, with_year=True):
    """'the current best: score, paper, year, DOI': model, value, the paper's valid year(s) and DOIs (DOIs may be missing)."""
    exp, _, ev = A_best(g, dataset, metric)
    model, val = exp[0], float(exp[1])
    ps = papers_stating(g, model, dataset, metric, val)
    assert len(ps) == 1, ps
    p, t, _ = ps[0]
    ys = g.valid_years(p)
    ds = sorted(g.papers[p]["dois"])
    assert ys
    out = [model, fmt(val)] + ([str(y) for y in ys] if with_year else []) + ds
    second = models_in_order(g, dataset, metric)[1]
    sp = papers_stating(g, second[0], dataset, metric, next(iter(second[1])))
    return out, None, (f"{ev}; paper {t!r} raw P29 {g.papers[p]['years']} -> {ys}, DOIs {ds or 'none'}; "
                       f"runner-up {second[0]}'s paper DOIs {[g.papers[q]['dois'] for q, _, _ in sp]}")


def K_older_undated(g, title_a, title_b):
    """'paper a is older than paper b' where a has no usable year (only a month under P29): UNCERTAIN."""
    ya, _, ea = A_year(g, title_a)
    yb, _, eb = A_year(g, title_b)
    raw = sorted(int(r["y"]) for r in g.sel(Q_YEARS.format(title=title_a)) if r["y"])
    assert not ya and raw and all(1 <= y <= 12 for y in raw), (ya, raw)
    assert yb
    return [], "UNCERTAIN", f"{ea}; {eb}; careless: month {raw[0]} read as a year < {yb[0]} -> SUPPORTED"


def A_gate_absent(g, absent, present):
    """nothing in any label or title matches an absent pattern (Python regex, word boundaries, over SPARQL-read
    labels; plus check.py's ASK on a plain word), while every present pattern matches something."""
    labels = labels_text(g)
    for a in absent:
        hits = [l for l in labels if re.search(a, l, re.I)]
        assert not hits, f"{a!r} matches {hits}"
        plain = re.sub(r"\\b", "", a)
        if re.fullmatch(r"[A-Za-z0-9 ]+", plain):
            C.check_absent_words(g, plain)
    near = {p: sorted(l for l in labels if re.search(p, l, re.I))[:4] for p in present}
    assert all(near.values()), f"shared words missing: {near}"
    return [], None, f"no label or title matches {list(absent)}; shared words present: {near}"


def K_better_absent(g, a, b, dataset, metric):
    """'a beats b on dataset' where a was never run on dataset."""
    exp, verdict, ev = K_better(g, a, b, dataset, metric)
    _, _, e2 = K_absent_pair_any(g, a, dataset)
    assert not exp and verdict == "UNCERTAIN"
    elsewhere = {}
    for r in g.rows:
        if r["model"] in (a, b) and r["dataset"] != dataset:
            elsewhere.setdefault(r["dataset"], {})[r["model"]] = r["value"]
    return exp, verdict, f"{ev}; {e2}; careless: a shared dataset {elsewhere}"


# ---- the questions: (graph, anchor, computer, args) ------------------------------------------------
CRE = "Crevasse Segmentation"
CTC = "Call-Type Classification"
TTF = "Tidal Turbine Fault Detection"
SPEC = {
    # recency
    "TH01": ("g1", None, A_problem_datasets_best, (CRE,)),
    "TH02": ("g2", None, A_topic_latest_doi, (CTC,)),
    "TH03": ("g3", None, A_newest_result_year, (MI, "chrF")),
    "TH04": ("g2", None, A_newest_vs, (HO, "Accuracy", "Plumaro")),
    "TH05": ("g1", None, K_better, ("Wendrel-S", "Zephyrine-L", BM, "Accuracy")),
    "TH06": ("g4", None, K_still_best_v, ("Selkora", SE, "F1")),
    # superseded
    "TH07": ("g3", None, K_beaten, ("Murrelet-MT", OR, "BLEU", 34.2)),
    "TH08": ("g1", None, K_beaten, ("Brackwater-UNet", CI, "F1", 91.2)),
    "TH09": ("g4", None, K_still_best_v, ("Marrowfen", KW, "Mean IoU")),
    "TH10": ("g3", None, A_prev_holder, (QU, "BLEU")),
    "TH11": ("g4", None, A_beaten_since_top, (SE, "F1", "Brinehawk")),
    # conflict
    "TH12": ("g2", None, K_better, ("Plumaro", "Syrinxa", HO, "Accuracy")),
    "TH13": ("g1", None, A_papers_for_value, ("KestrelNet", BM, "Accuracy")),
    "TH14": ("g2", None, A_value_years, ("Trillbert", DA, W)),
    "TH15": ("g3", None, A_usage, ("Murrelet-MT",)),
    "TH16": ("g3", None, K_value, ("Gannetron", OR, "BLEU", 21.5)),
    "TH17": ("g1", None, K_better, ("Tavrosa", "PimbraFormer", BM, "Accuracy")),
    # corroboration
    "TH18": ("g1", None, A_usage, ("Orvalis-CNN",)),
    "TH19": ("g4", None, K_reproduced_by, ("Marrowfen", SE, "F1", 78.4)),
    "TH20": ("g2", None, A_count_papers, ("Syrinxa", HO, "Accuracy", 88.3)),
    "TH21": ("g1", None, K_papers_agree, ("Brackwater-UNet:", "Benchmarking Calving Front Detectors", "Brackwater-UNet", CI, "F1")),
    "TH22": ("g2", None, K_value, ("Warbleon", HO, "Accuracy", 79.5)),
    # as_of
    "TH23": ("g1", 2019, K_best, ("Sallowmere", SK, "Mean IoU", 2019)),
    "TH24": ("g2", 2016, A_best, (DA, W, 2016)),
    "TH25": ("g3", 2023, K_best, ("Murrelet-MT", OR, "BLEU", 2023)),
    "TH26": ("g4", 2019, A_topk_at, (SE, "F1", 2, 2019)),
    "TH27": ("g4", 2019, A_topic_upto, (TTF, 2019)),
    # metadata
    "TH28": ("g1", None, A_best_paper_full, (SK, "Mean IoU")),
    "TH29": ("g4", None, K_earlier, ("Selkora:", "Marrowfen:")),
    "TH30": ("g4", None, A_year_doi, ("Undertow-GNN:",)),
    "TH31": ("g3", None, A_topk_dois, (OR, "BLEU", 2)),
    "TH32": ("g2", None, K_earlier, ("Warbleon:", "Trillbert:")),
    # gate
    "TH33": ("g3", None, A_gate_absent, ((r"\bsign\b", r"sign language", r"\bgesture"), (r"vendish", r"translation"))),
    "TH34": ("g3", None, A_best_paper_full, (QU, "BLEU", False)),
    "TH35": ("g3", None, K_better_absent, ("Varnholt", "Halverin", OR, "BLEU")),
    "TH36": ("g4", None, K_older_undated, ("Driftmere:", "Pellucid-KM:")),
    "TH37": ("g4", None, A_gate_absent, ((r"\bv2\b", r"selkora[- ]?v\d", r"selkora[- ]?2"), (r"selkora",))),
    "TH38": ("g2", None, A_worst, (DA, W)),
    "TH39": ("g2", None, K_paper, ("Low-Latency Transcribers for Dawn Recordings", "Aviquist", VE, W, 6.8)),
    "TH40": ("g1", 2013, A_best, (SK, "Mean IoU", 2013)),
}

# the mix the brief asks for
TARGET = {
    "mechanism": {"recency": 6, "superseded": 5, "conflict": 6, "corroboration": 5, "as_of": 5, "metadata": 5, "gate": 8},
    "query_type": {"claim_verification": 18, "method_comparison": 12, "paper_lookup": 4, "method_usage": 2,
                   "topic_search": 2, "dataset_search": 2},
    "graph": {"g1.ttl": 10, "g2.ttl": 10, "g3.ttl": 10, "g4.ttl": 10},
}
# gate kinds, one question each
GATE_KIND = {
    "TH33": "topic the graph lacks, sharing words with one it has (dataset search, two parts)",
    "TH34": "part of the question the graph lacks (the record holder's paper has no DOI)",
    "TH35": "comparison on a dataset one side was never run on",
    "TH36": "a month read as a year (the only P29 of the paper is 3)",
    "TH37": "a model variant the graph lacks, sharing a name with one it has",
    "TH38": "'worst' on a lower-is-better metric",
    "TH39": "a real value credited to the wrong paper",
    "TH40": "anchor that a month-as-year and an undated paper can break",
}


# ---- premises the questions state, and the traps, recomputed as evidence -------------------------------
def premise_typo(written):
    def f(g):
        target, ev = typo_target(g, written)
        return target, ev
    return f


TYPO = {"TH05": ("Zephirine-L", "Zephyrine-L"), "TH19": ("marowfen", "Marrowfen")}


def premise_th05(g):
    first = model_first_year(g, BM, "Accuracy")
    assert first["Wendrel-S"] > first["Zephyrine-L"], first
    return f"first years Wendrel-S {first['Wendrel-S']}, Zephyrine-L {first['Zephyrine-L']} (Wendrel-S is newer)"


def premise_th06(g):
    first = model_first_year(g, SE, "F1")
    assert first["Undertow-GNN"] > first["Selkora"], first
    raw = [d["years"] for d in g.papers.values() if d["title"].startswith("Selkora:")]
    return f"first years {first} (Undertow-GNN later); Selkora raw P29 {raw}; newest-first order {recency_order(g, SE, 'F1')}"


def premise_th09(g):
    d = A_best(g, KW, "Mean IoU")[2]
    return f"unanchored best (Driftmere has no usable year): {d}; Driftmere P29 {[x['years'] for x in g.papers.values() if x['title'].startswith('Driftmere')]}"


def premise_th10(g):
    return "careless (oldest/earlier holders): " + repr([(y, top_at(g, QU, "BLEU", y)) for y in (2017, 2019, 2022)])


def premise_th13(g):
    ex, v, ev = K_paper(g, "KestrelNet:", "KestrelNet", BM, "Accuracy", 78.9)
    assert v == "SUPPORTED"
    return "careless: the KestrelNet paper's own value: " + ev


def premise_th14(g):
    return "Trillbert paper raw P29 " + repr([d["years"] for d in g.papers.values() if d["title"].startswith("Trillbert:")])


def premise_th16(g):
    ex, v, ev = K_paper(g, "Gannetron:", "Gannetron", OR, "BLEU", 21.5)
    assert v == "SUPPORTED"
    return "21.5 is the 2016 Gannetron paper's value: " + ev + "; " + A_papers_for_value(g, "Gannetron", OR, "BLEU")[2]


def premise_th21(g):
    y = paper_year(g, "Benchmarking Calving Front Detectors")
    assert y == 2019
    return f"the benchmarking paper is from {y}"


def premise_th22(g):
    n = C.count_papers(g, "Warbleon", HO, 79.5)
    assert n == 2
    return f"{n} papers state 79.5 ({[(t, g.valid_years(p)) for p, t, _ in papers_stating(g, 'Warbleon', HO, 'Accuracy', 79.5)]}); " \
           f"80.7 in {[(t, g.valid_years(p)) for p, t, _ in papers_stating(g, 'Warbleon', HO, 'Accuracy', 80.7)]}"


def premise_th25(g):
    y = paper_year(g, "Ibbotrans:")
    assert y == 2023
    pi = sorted((C.parse_value(r["value"]), r["model"]) for r in g.rows if r["dataset"] == OR and 2023 in g.valid_years(r["paper"]))
    return f"Ibbotrans paper {y}; published-in-2023 reading would give {pi} (so the question says 'as of'); without the anchor: {A_best(g, OR, 'BLEU')[2]}"


def premise_th27(g):
    raw = {d["title"].split(":")[0]: d["years"] for d in g.papers.values()
           if d["title"].startswith(("Selkora:", "Tidewick:"))}
    return f"raw P29 {raw}"


def premise_th34(g):
    ex, _, ev = A_dois(g, "Ibbotrans:")
    assert ex == []
    return "Ibbotrans paper DOIs: none; " + ev


def premise_th36(g):
    ex, _, ev = A_year(g, "Pellucid-KM:")
    assert ex == ["2013"]
    return ev


def premise_th37(g):
    return "Selkora itself: " + A_value(g, "Selkora", SE, "F1")[2]


def premise_th39(g):
    ex, v, ev = K_paper(g, "Aviquist:", "Aviquist", VE, W, 6.8)
    assert v == "SUPPORTED"
    return "6.8 is real but from the Aviquist paper: " + ev


def premise_th40(g):
    ys = {d["title"].split(":")[0]: d["years"] for d in g.papers.values() if d["title"].startswith(("Sallowmere:", "Ymberline:"))}
    return f"raw P29 {ys}; naive (min raw P29, undated kept) {naive_best(g, SK, 'Mean IoU', 2013)}"


PREMISE = {
    "TH01": lambda g: "careless: Corvalla-Ice belongs to " + repr(sorted({str(r['problem']) for r in g.sel(C.Q_TOPIC) if 'Brackwater' in str(r['title'])})),
    "TH04": lambda g: "raw Syrinxa values " + repr(sorted({r["value"] for r in g.rows if r["model"] == "Syrinxa"})),
    "TH05": premise_th05,
    "TH06": premise_th06,
    "TH07": lambda g: "string ORDER BY DESC gives " + repr(g.sel(C.SELECT_STRING_MAX.format(dataset=OR, metric="BLEU"))),
    "TH09": premise_th09,
    "TH10": premise_th10,
    "TH12": lambda g: "naive (no conflict removal) " + naive_best(g, HO, "Accuracy", None),
    "TH13": premise_th13,
    "TH14": premise_th14,
    "TH16": premise_th16,
    "TH18": lambda g: "raw Orvalis-CNN Corvalla values " + repr(sorted(r["value"] for r in g.rows if r["model"] == "Orvalis-CNN" and r["dataset"] == CI)),
    "TH21": premise_th21,
    "TH22": premise_th22,
    "TH23": lambda g: "naive (min raw P29) " + naive_best(g, SK, "Mean IoU", 2019),
    "TH24": lambda g: "without the anchor: " + A_value(g, "Fennick-RNN", DA, W)[2],
    "TH25": premise_th25,
    "TH26": lambda g: "without the anchor: " + A_best(g, SE, "F1")[2],
    "TH27": premise_th27,
    "TH29": lambda g: "careless: Selkora raw P29 " + repr([d["years"] for d in g.papers.values() if d["title"].startswith("Selkora:")]),
    "TH31": lambda g: "third: Ibbotrans, paper DOIs " + repr(A_dois(g, "Ibbotrans:")[0]),
    "TH32": lambda g: "careless: Trillbert raw P29 " + repr([d["years"] for d in g.papers.values() if d["title"].startswith("Trillbert:")]),
    "TH34": premise_th34,
    "TH35": lambda g: "Varnholt rows " + repr(sorted((r["dataset"], r["value"]) for r in g.rows if r["model"] == "Varnholt")),
    "TH36": premise_th36,
    "TH37": premise_th37,
    "TH38": lambda g: "best (lowest WER): " + A_best(g, DA, W)[2],
    "TH39": premise_th39,
    "TH40": premise_th40,
}


def published_in_same(g, spec, year):
    """'in Y' read as 'published in Y' must give the same answer (A_best / K_best)."""
    fn, args = spec[2], spec[3]
    if fn is A_best:
        dataset, metric = args[0], args[1]
    elif fn is K_best:
        dataset, metric = args[1], args[2]
    else:
        return "n/a"
    rows = [(C.parse_value(r["value"]), r["model"]) for r in g.rows
            if r["dataset"] == dataset and r["metric"] == metric and year in g.valid_years(r["paper"])
            and C.parse_value(r["value"]) is not None]
    rows.sort(reverse=metric not in LOWER)
    return [rows[0][1], fmt(rows[0][0])] if rows else []


FIELDS = {"id", "graph", "question", "query_type", "mechanism", "expected", "verdict", "must_remove", "must_keep", "notes"}


def main():
    graphs = {k + ".ttl": C.G(k + ".ttl") for k in ("g1", "g2", "g3", "g4")}
    qs = [json.loads(l) for l in open(QFILE)]
    dev = [json.loads(l) for f in EARLIER for l in open(os.path.join(TRUST_DIR, f))]
    norm = lambda t: re.sub(r"\W+", " ", t.lower()).strip()
    dev_q = {norm(d["question"]) for d in dev}
    words = lambda t: set(norm(t).split())
    fails = 0
    counts = {"mechanism": {}, "query_type": {}, "verdict": {}, "graph": {}}
    print(f"TRUST_NOW={C.NOW}; graphs and earlier checkers from {TRUST_DIR}; {len(qs)} questions in {QFILE}; "
          f"{len(dev)} earlier dev questions")
    if [q["id"] for q in qs] != [f"TH{i:02d}" for i in range(1, 41)]:
        print("FAIL ids are not TH01..TH40 in order")
        fails += 1
    if set(SPEC) != {q["id"] for q in qs}:
        print("FAIL questions and checks differ:", sorted(set(SPEC) ^ {q["id"] for q in qs}))
        fails += 1
    for q in qs:
        for k in counts:
            counts[k][str(q[k])] = counts[k].get(str(q[k]), 0) + 1
        try:
            assert set(q) == FIELDS, sorted(q)
            assert q["query_type"] in {"topic_search", "method_comparison", "dataset_search", "claim_verification",
                                       "method_usage", "paper_lookup"}
            assert q["mechanism"] in {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
            assert q["verdict"] in {"SUPPORTED", "REFUTED", "UNCERTAIN", None}
            assert (q["verdict"] is not None) == (q["query_type"] == "claim_verification"), "verdict iff claim"
            assert isinstance(q["notes"], str) and len(q["notes"]) > 40, "notes too short"
            assert norm(q["question"]) not in dev_q, "same question as an earlier dev file"
            near = max((len(words(q["question"]) & words(d["question"])) / len(words(q["question"]) | words(d["question"])), d["id"]) for d in dev)
            assert near[0] < 0.6, f"too close to {near[1]} (word overlap {near[0]:.2f})"
            gk, anchor, fn, args = SPEC[q["id"]]
            assert q["graph"] == gk + ".ttl", f"graph {q['graph']} != {gk}"
            g = graphs[q["graph"]]
            written, is_in = parse_anchor(q["question"])
            assert written == anchor, f"anchor in the text {written} != anchor used {anchor}"
            exp, verdict, ev = fn(g, *args)
            assert sorted(set(exp)) == sorted(set(q["expected"])), f"expected {q['expected']} but recomputed {exp}\n      {ev}"
            assert verdict == q["verdict"], f"verdict {q['verdict']} but recomputed {verdict}\n      {ev}"
            if q["mechanism"] == "gate" and not q["expected"]:
                assert q["verdict"] in (None, "UNCERTAIN")
            if is_in:
                pi = published_in_same(g, SPEC[q["id"]], anchor)
                assert pi == "n/a" or sorted(pi) == sorted(exp), f"'published in {anchor}' reading gives {pi}"
                ev += f"; published-in-{anchor} reading: {pi}"
            if q["id"] in TYPO:
                written_name, meant = TYPO[q["id"]]
                assert written_name.lower() in q["question"].lower(), f"typo {written_name!r} not in the question"
                target, tev = typo_target(g, written_name)
                assert target == meant, (target, meant)
                ev += "\n      typo: " + tev
            # facts
            for f in q["must_keep"] + q["must_remove"]:
                assert C.FACT_RE.match(f), f"bad fact {f}"
                assert C.fact_exists(g, f), f"fact not in graph: {f}"
                m, v, d, mt = C.FACT_RE.match(f).groups()
                assert v == fmt(float(v)), f"value not in clean form: {f}"
            assert not set(q["must_keep"]) & set(q["must_remove"]), "a fact is both in must_keep and must_remove"
            for f in q["must_keep"]:
                m, v, d, mt = C.FACT_RE.match(f).groups()
                keep, _ = surv(g, m, d, mt, anchor)
                assert float(v) in keep, f"must_keep fact does not survive (anchor {anchor}): {f}"
            for f in q["must_remove"]:
                m, v, d, mt = C.FACT_RE.match(f).groups()
                keep, st = surv(g, m, d, mt, anchor)
                b = clean_board(g, d, mt, anchor)
                is_best = bool(b) and b[0][1] == m and b[0][0] == float(v)
                assert not (float(v) in keep and is_best), f"must_remove fact is the surviving best: {f}"
                if float(v) in keep:  # kind (b): a former best, asked about as current
                    earlier = [y for y in range(1990, C.NOW + 1) if top_at(g, d, mt, y) == (m, float(v))]
                    assert earlier, f"must_remove fact survives and was never the best: {f}"
                    kind = f"b (best up to {earlier[0]}-{earlier[-1]})"
                else:
                    kind = "c (after anchor / undated)" if anchor is not None and float(v) in surv(g, m, d, mt)[0] else "a (loses a clear conflict)"
                    if kind.startswith("a"):
                        assert surv(g, m, d, mt)[1] == "clear", f"must_remove {f}: not removed by a clear conflict"
                ev += f"\n      must_remove {f}: kind {kind}"
            for e in q["expected"]:
                assert e in C.graph_text(g), f"expected string {e!r} not in the graph"
            if q["id"] in PREMISE:
                ev += "\n      premise/trap: " + PREMISE[q["id"]](g)
            ev += f"\n      closest earlier question: {near[1]} ({near[0]:.2f})"
            print(f"  ok   {q['id']} [{q['graph']}/{q['mechanism']}/{q['query_type']}/{q['verdict']}] {ev}")
        except Exception as ex:  # AssertionError, or a query error
            fails += 1
            print(f"  FAIL {q['id']} [{q['mechanism']}] {type(ex).__name__}: {ex}")
    for k, v in counts.items():
        print(f"{k}: {json.dumps(dict(sorted(v.items())))}")
        if k in TARGET and v != TARGET[k]:
            print(f"FAIL {k} counts {v} != target {TARGET[k]}")
            fails += 1
    gates = sorted(q["id"] for q in qs if q["mechanism"] == "gate")
    if gates != sorted(GATE_KIND):
        print("FAIL gate questions", gates, "!=", sorted(GATE_KIND))
        fails += 1
    worst = (0.0, "")
    for i, a in enumerate(qs):  # no two questions of this file repeat each other
        for b in qs[i + 1:]:
            ov = len(words(a["question"]) & words(b["question"])) / len(words(a["question"]) | words(b["question"]))
            worst = max(worst, (ov, f"{a['id']}/{b['id']}"))
            if ov >= 0.6:
                print(f"FAIL {a['id']} and {b['id']} share {ov:.2f} of their words")
                fails += 1
    print(f"closest pair inside this file: {worst[1]} ({worst[0]:.2f})")
    print("gate kinds:", json.dumps(GATE_KIND))
    print("\nFAILURES:", fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
