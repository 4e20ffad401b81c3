#!/usr/bin/env python3
"""Checks trust-dev4.jsonl (TG01-TG40) against the fixture graphs g1.ttl .. g4.ttl.

Adapted from check3.py (same reference rules, imported from check.py). For every question the
answer is recomputed from the graph, independently of the JSONL: SPARQL (the queries and the
reference trust rules of check.py: rows, papers, years, DOIs, ASKs, six conflict readings) plus
Python. The recomputed `expected` strings (as a set) and `verdict` must equal the ones in the
file, the anchor written in the question must be the one the computation used ("as of Y" / "in Y"
/ "by Y" = up to Y; "before Y" / "prior to Y" = up to Y-1; an "in Y" question must give the same
answer read as "published in Y"), must_keep facts must survive the conflict rules and the anchor,
must_remove facts must not be the surviving best (and must be really removed, superseded or after
the anchor), every conflict used must read the same under all six readings, and a month-like P29
(1-12) is never taken as a year. Also: no question repeats one of trust-dev.jsonl / trust-dev2.jsonl
/ trust-dev3.jsonl or shares 60% or more of its words with one of them (or with another question
of this file); the counts per mechanism, query type and verdict are the ones the brief asks for;
the premises a question states are checked too, and each question prints the careless answer it
is built against.

Run: python3 check4.py          (exit status 1 on any failure)
     TRUST_NOW=2030 python3 check4.py
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check as C  # noqa: E402  (reference rules, SPARQL queries, graph loading)
from check3 import *  # noqa: E402,F401,F403  (the computers of trust-dev2 and trust-dev3, shared, not copied)


# ---- computers added for trust-dev4 ----------------------------------------------------------------
Q_TOPIC_PAPERS = C.PREFIXES + """
SELECT DISTINCT ?paper ?title WHERE {{
  ?paper a orkgc:Paper ; rdfs:label ?title ; orkgp:P31 ?c .
  ?c orkgp:P32 ?p . ?p rdfs:label ?pl . FILTER(STR(?pl) = "{problem}")
}}"""

Q_PAPER_ROWS = C.PREFIXES + """
SELECT ?paper ?title ?value WHERE {{
  ?paper a orkgc:Paper ; rdfs:label ?title ; orkgp:P31 ?c .
  ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?ml .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dl .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value . ?mt rdfs:label ?mtl .
  FILTER(STR(?ml) = "{model}" && STR(?dl) = "{dataset}" && STR(?mtl) = "{metric}")
}}"""


def models_in_order(g, dataset, metric, anchor=None):
    """The conflict-resolved board grouped by model, best first: [(model, {surviving values})]."""
    order, vals = [], {}
    for v, m, _ in clean_board(g, dataset, metric, anchor):
        if m not in vals:
            order.append(m)
            vals[m] = set()
        vals[m].add(v)
    return [(m, vals[m]) for m in order]


def separated(a_vals, b_vals, metric):
    return all(better(x, y, metric) for x in a_vals for y in b_vals)


def naive_order(g, dataset, metric):
    """Careless ranking: raw strings sorted as strings, no conflict removal."""
    rows = sorted(((r["value"], r["model"]) for r in g.rows if r["dataset"] == dataset and r["metric"] == metric),
                  reverse=metric not in LOWER)
    return [f"{m} {v!r}" for v, m in rows]


def recency_order(g, dataset, metric):
    """Careless ranking: the newest model first."""
    first = model_first_year(g, dataset, metric)
    return sorted(first, key=lambda m: -first[m])


def A_topk(g, dataset, metric, k):
    """'top-k on dataset': the first k models with all their surviving values; every place up to k+1 decided."""
    ms = models_in_order(g, dataset, metric)
    assert len(ms) > k
    for i in range(k):
        assert separated(ms[i][1], ms[i + 1][1], metric), f"places {i + 1} and {i + 2} overlap: {ms[i]} {ms[i + 1]}"
    exp = []
    for m, vs in ms[:k]:
        exp += [m] + fmts(vs)
    return exp, None, (f"top-{k}: {[(m, fmts(vs)) for m, vs in ms[:k]]}; next {ms[k][0]} {fmts(ms[k][1])}; "
                       f"string sort: {naive_order(g, dataset, metric)[:k + 1]}; newest first: {recency_order(g, dataset, metric)[:k]}")


def A_nth(g, dataset, metric, n):
    """'n-th best on dataset': the model in place n, separated from places n-1 and n+1."""
    ms = models_in_order(g, dataset, metric)
    assert len(ms) > n
    i = n - 1
    assert separated(ms[i - 1][1], ms[i][1], metric) and separated(ms[i][1], ms[i + 1][1], metric)
    m, vs = ms[i]
    return [m] + fmts(vs), None, (f"place {n}: {m} {fmts(vs)} (after {ms[i - 1][0]} {fmts(ms[i - 1][1])}, before "
                                  f"{ms[i + 1][0]} {fmts(ms[i + 1][1])}); string sort: {naive_order(g, dataset, metric)[:n + 1]}; "
                                  f"newest first: {recency_order(g, dataset, metric)[:n + 1]}")


def papers_stating(g, model, dataset, metric, value):
    """[(paper iri, title, raw value)] of the papers that state value for model on dataset/metric (SPARQL)."""
    out = []
    for r in g.sel(Q_PAPER_ROWS.format(model=model, dataset=dataset, metric=metric)):
        if C.parse_value(str(r["value"])) == value:
            out.append((str(r["paper"]), str(r["title"]), str(r["value"])))
    return sorted(set(out))


def newest_rows(g, dataset, metric):
    """Evidence: the result rows of the newest valid year on the board (ties allowed)."""
    rows = [(max(g.valid_years(r["paper"])), r["model"], r["value"]) for r in g.rows
            if r["dataset"] == dataset and r["metric"] == metric and g.valid_years(r["paper"])]
    y = max(t[0] for t in rows)
    return f"newest results ({y}): {sorted((m, v) for yy, m, v in rows if yy == y)}"


def A_best_when(g, dataset, metric):
    """'when did the best result appear': the best model and value, and the first valid year a paper stated it."""
    exp, _, ev = A_best(g, dataset, metric)
    model, val = exp[0], float(exp[1])
    ps = papers_stating(g, model, dataset, metric, val)
    years = []
    for p, t, raw in ps:
        vy = g.valid_years(p)
        assert len(vy) == 1, f"{t}: years {vy}"
        years.append(vy[0])
    raw_years = {t: g.papers[p]["years"] for p, t, _ in ps}
    first = min(years)
    assert years.count(first) == 1 or len(set(years)) == 1
    newest = newest_rows(g, dataset, metric)
    return exp + [str(first)], None, f"{ev}; stated in {raw_years} -> first {first}; {newest}"


def A_oldest(g, dataset, metric):
    """'which is the oldest result on dataset': the dated result with the earliest valid year (undated ones cannot be placed)."""
    rows, undated = [], []
    for r in g.rows:
        if r["dataset"] != dataset or r["metric"] != metric:
            continue
        vy = g.valid_years(r["paper"])
        if vy:
            rows.append((min(vy), r["model"], C.parse_value(r["value"])))
        else:
            undated.append((r["model"], r["value"], g.papers[r["paper"]]["years"]))
    rows.sort()
    assert len(rows) > 1 and rows[0][0] < rows[1][0], f"tie for oldest {rows[:2]}"
    y, m, v = rows[0]
    keep, _ = surv(g, m, dataset, metric)
    assert v in keep
    naive = sorted((min(g.papers[r["paper"]]["years"]) if g.papers[r["paper"]]["years"] else 99999, r["model"])
                   for r in g.rows if r["dataset"] == dataset and r["metric"] == metric)[0]
    return [m, fmt(v), str(y)], None, f"oldest dated result {m} {fmt(v)} ({y}), next {rows[1]}; undated {undated}; naive min raw P29 {naive}"


def A_count_models(g, dataset, metric):
    """'how many models have results on dataset': distinct models with a numeric value, and their names."""
    rows = [r for r in g.rows if r["dataset"] == dataset and r["metric"] == metric]
    models = sorted({r["model"] for r in rows if C.parse_value(r["value"]) is not None})
    papers = {r["paper"] for r in rows}
    return [str(len(models))] + models, None, f"{len(models)} models {models}; {len(rows)} result rows in {len(papers)} papers (careless row count {len(rows)})"


def A_best_paper(g, dataset, metric):
    """'year and DOI of the paper behind the current best': the best model, its paper's valid year(s) and DOI(s)."""
    exp, _, ev = A_best(g, dataset, metric)
    model, val = exp[0], float(exp[1])
    ps = papers_stating(g, model, dataset, metric, val)
    assert len(ps) == 1, f"several papers state the best: {ps}"
    p, t, _ = ps[0]
    ys = g.valid_years(p)
    ds = sorted(g.papers[p]["dois"])
    assert ys and ds
    newest = newest_rows(g, dataset, metric)
    return [model] + [str(y) for y in ys] + ds, None, f"{ev}; paper {t!r} years {ys} DOIs {ds}; {newest}"


def A_papers_for_value(g, model, dataset, metric):
    """'which paper reports model's result on dataset': every paper stating the (single) surviving value, full titles."""
    keep, st = surv(g, model, dataset, metric)
    assert len(keep) == 1, f"{st} {fmts(keep)}"
    v = next(iter(keep))
    ps = papers_stating(g, model, dataset, metric, v)
    allp = sorted({(str(r["title"]), str(r["value"])) for r in g.sel(Q_PAPER_ROWS.format(model=model, dataset=dataset, metric=metric))})
    return sorted(t for _, t, _ in ps) + [fmt(v)], None, (f"{st} {fmt(v)} stated by "
                                                        f"{[(t, g.valid_years(p)) for p, t, _ in ps]}; all rows {allp}")


def A_topic_upto(g, problem, year):
    """'what had been published on problem by year': papers on the problem with a valid year <= year (title before ':')."""
    inc, exc, undated = [], [], []
    for r in g.sel(Q_TOPIC_PAPERS.format(problem=problem)):
        p, t = str(r["paper"]), str(r["title"])
        vy = g.valid_years(p)
        if not vy:
            undated.append((t, g.papers[p]["years"]))
        elif all(y <= year for y in vy):
            inc.append((min(vy), t))
        else:
            assert all(y > year for y in vy), f"{t}: years {vy} straddle {year}"
            exc.append((min(vy), t))
    inc.sort()
    naive = sorted(t for r in g.sel(Q_TOPIC_PAPERS.format(problem=problem))
                   for t in [str(r["title"])] if g.papers[str(r["paper"])]["years"] and min(g.papers[str(r["paper"])]["years"]) <= year)
    return [t.split(":")[0] for _, t in inc], None, (f"on {problem!r} up to {year}: {inc}; later {sorted(exc)}; "
                                                      f"undated {undated}; naive (min raw P29) {naive}")


def A_year_doi(g, title):
    """'year and DOI of a paper': valid P29 years and P26 DOIs (either may be missing)."""
    ys, _, ey = A_year(g, title)
    ds, _, ed = A_dois(g, title)
    return ys + ds, None, f"{ey}; {ed}"


def K_papers_agree(g, title_a, title_b, model, dataset, metric):
    """'paper a gives model the same value as paper b': compares the parsed values the two papers state."""
    ra = sorted(str(r["value"]) for r in g.sel(Q_PAPER_STATES.format(title=title_a, model=model, dataset=dataset, metric=metric)))
    rb = sorted(str(r["value"]) for r in g.sel(Q_PAPER_STATES.format(title=title_b, model=model, dataset=dataset, metric=metric)))
    assert len(ra) == 1 and len(rb) == 1, (ra, rb)
    va, vb = C.parse_value(ra[0]), C.parse_value(rb[0])
    keep, st = surv(g, model, dataset, metric)
    ev = f"{title_a!r} states {ra[0]!r}; {title_b!r} states {rb[0]!r}; {model} surviving {st} {fmts(keep)}"
    if va == vb:
        return [fmt(va)], "SUPPORTED", ev
    return sorted({fmt(va), fmt(vb)}), "REFUTED", ev


def K_dash_better(g, a, b, dataset, metric):
    """'a beats b' where a's stored value is not a number: the graph cannot decide."""
    _, _, ed = A_dash(g, a, dataset, metric)
    exp, verdict, ev = K_better(g, a, b, dataset, metric)
    assert not exp and verdict == "UNCERTAIN"
    return exp, verdict, f"{ed}; {ev}"


def A_gate_dataset_all(g, absent, present):
    """no label matches any of absent, while every word of present is in the graph."""
    msgs = [C.check_absent_words(g, w) for w in absent]
    near = [w for w in present if g.ask(C.ASK_LABEL_WORDS.format(regex=w))]
    assert near == list(present), f"shared words missing: {near}"
    return [], None, f"{'; '.join(msgs)}; shared words present: {near}"


def K_value_at(g, model, dataset, metric, value, anchor):
    """K_value under an anchor, with the unanchored outcome as evidence."""
    exp, verdict, ev = K_value(g, model, dataset, metric, value, anchor)
    ev += f"; without the anchor: {A_value(g, model, dataset, metric)[2]}"
    return exp, verdict, ev


# ---- the questions: (graph, anchor, computer, args) ------------------------------------------------
TTF = "Tidal Turbine Fault Detection"
KCM = "Kelp Canopy Mapping"
VEN = "Vendish-English Translation"
SPEC = {
    # recency
    "TG01": ("g2", None, K_better, ("Plumaro", "Corrasine", DA, W)),
    "TG02": ("g4", None, K_better, ("Undertow-GNN", "Selkora", SE, "F1")),
    "TG03": ("g3", None, K_best, ("Ibbotrans", QU, "BLEU", None, True)),
    "TG04": ("g1", None, A_nth, (BM, "Accuracy", 2)),
    "TG05": ("g2", None, A_best_when, (DA, W)),
    "TG06": ("g3", None, A_topic_latest, (VEN,)),
    # superseded
    "TG07": ("g1", None, K_still_best, ("Tavrosa", BM, "Accuracy")),
    "TG08": ("g3", None, K_still_best, ("Halverin", QU, "BLEU")),
    "TG09": ("g1", None, A_best, (SK, "Mean IoU")),
    "TG10": ("g1", None, A_best_paper, (BM, "Accuracy")),
    "TG11": ("g4", None, K_ever_best, ("Marrowfen", SE, "F1")),
    # conflict
    "TG12": ("g1", None, A_topk, (BM, "Accuracy", 3)),
    "TG13": ("g3", None, A_paper_pair, ("Murrelet-MT", MI, "chrF", "Revisiting Neural Baselines for Vendish-English", "Murrelet-MT:")),
    "TG14": ("g2", None, K_better, ("Warbleon", "Chirpform", HO, "Accuracy")),
    "TG15": ("g1", None, K_bound, ("KestrelNet", BM, "Accuracy", ">=", 75.0)),
    "TG16": ("g1", None, K_bound, ("Tavrosa", BM, "Accuracy", ">", 86.0)),
    "TG17": ("g2", None, K_bound, ("Aviquist", VE, W, "<", 7.0)),
    # corroboration
    "TG18": ("g4", None, A_count_models, (SE, "F1")),
    "TG19": ("g2", None, A_papers_for_value, ("Corrasine", VE, W)),
    "TG20": ("g2", None, K_papers_agree, ("Scaling Noise-Robust Transcribers to Many Habitats", "Syrinxa:", "Syrinxa", HO, "Accuracy")),
    "TG21": ("g1", None, K_better, ("Orvalis-CNN", "PimbraFormer", CI, "F1")),
    "TG22": ("g2", None, A_usage, ("Chirpform",)),
    # as_of
    "TG23": ("g4", 2016, A_topic_upto, (KCM, 2016)),
    "TG24": ("g4", 2019, K_best, ("Fucusnet", KW, "Mean IoU", 2019)),
    "TG25": ("g3", 2022, A_best, (QU, "BLEU", 2022)),
    "TG26": ("g2", 2016, K_value_at, ("Fennick-RNN", DA, W, 18.2, 2016)),
    "TG27": ("g3", 2022, K_best, ("Nerrisa", OR, "BLEU", 2022)),
    # metadata
    "TG28": ("g4", None, A_best_when, (SE, "F1")),
    "TG29": ("g4", None, A_oldest, (KW, "Mean IoU")),
    "TG30": ("g2", None, A_year_doi, ("Fennick-RNN:",)),
    "TG31": ("g4", None, K_earlier, ("Tidewick:", "Selkora:")),
    "TG32": ("g4", None, K_year, ("Tidewick:", 2017)),
    "TG33": ("g1", None, A_year_doi, ("Ymberline:",)),
    # gate
    "TG34": ("g4", None, A_gate_dataset_all, (("forecast", "power"), ("tidal", "turbine"))),
    "TG35": ("g3", None, K_absent_pair_any, ("Nerrisa", QU)),
    "TG36": ("g3", None, K_dash_better, ("Ostrada-T", "Halverin", MI, "chrF")),
    "TG37": ("g3", None, K_paper, ("Nerrisa:", "Gannetron", OR, "BLEU", 21.5)),
    "TG38": ("g2", 2020, A_best, (VE, W, 2020)),
    "TG39": ("g4", None, A_worst, (SE, "F1")),
    "TG40": ("g1", None, A_absent_model, ("glaciformer", "former")),
}

# the mix the brief asks for
TARGET = {
    "mechanism": {"recency": 6, "superseded": 5, "conflict": 6, "corroboration": 5, "as_of": 5, "metadata": 6, "gate": 7},
    "query_type": {"claim_verification": 20, "method_comparison": 12, "paper_lookup": 4, "topic_search": 2,
                   "dataset_search": 1, "method_usage": 1},
    "verdict": {"SUPPORTED": 7, "REFUTED": 8, "UNCERTAIN": 5, "None": 20},
}
# gate kinds, one question each
GATE_KIND = {"TG34": "dataset the graph lacks", "TG35": "model never run on the dataset", "TG36": "value the graph lacks ('-')",
             "TG37": "wrong paper credited", "TG38": "anchor earlier than any result",
             "TG39": "'worst' on a higher-is-better metric", "TG40": "model the graph lacks"}


# ---- premises the questions state, and the traps, recomputed as evidence -------------------------------
def paper_year(g, prefix):
    ps = [p for p, d in g.papers.items() if d["title"].startswith(prefix)]
    assert len(ps) == 1, (prefix, ps)
    ys = g.valid_years(ps[0])
    assert len(ys) == 1, (prefix, ys)
    return ys[0]


def premise_tg01(g):
    first = model_first_year(g, DA, W)
    assert first["Corrasine"] > first["Plumaro"], first
    assert newest_model(g, DA, W) == "Corrasine"
    return f"first year on Dastrup-7: Corrasine {first['Corrasine']}, Plumaro {first['Plumaro']}; newest model Corrasine"


def premise_tg09(g):
    led = [y for y in range(1990, C.NOW + 1) if (top_at(g, SK, "Mean IoU", y) or (None,))[0] == "Orvalis-CNN"]
    assert led
    return f"Orvalis-CNN held the Skarnhold top {led[0]}-{led[-1]}; naive {naive_best(g, SK, 'Mean IoU', None)}"


def premise_tg20(g):
    y = paper_year(g, "Scaling Noise-Robust Transcribers")
    assert y == 2025
    n = C.count_papers(g, "Syrinxa", HO, 88.3)
    return f"the habitat-scaling paper is from {y}; {n} papers state Syrinxa 88.3 (one as '88.3%'), one states 93.8"


def premise_tg26(g):
    assert abs(0.182 * 100 - 18.2) < 1e-9
    return "0.182 as a fraction is 18.2 %; careless (no anchor) surviving value: " + A_value(g, "Fennick-RNN", DA, W)[2]


def premise_tg37(g):
    ex, v, ev = K_paper(g, "Gannetron:", "Gannetron", OR, "BLEU", 21.5)
    assert v == "SUPPORTED"
    return "21.5 is real but from the Gannetron paper: " + ev


def premise_tg38(g):
    ys = sorted(min(g.valid_years(r["paper"])) for r in g.rows if r["dataset"] == VE)
    assert ys[0] > 2020
    return f"first Veltmoor result {ys[0]}; unanchored board {[(m, fmt(v)) for v, m, _ in clean_board(g, VE, W)]}"


def premise_tg35(g):
    return "Quenmark board " + repr([(m, fmt(v)) for v, m, _ in clean_board(g, QU, "BLEU")])


def premise_tg40(g):
    return "labels with 'former': " + repr(sorted({r["model"] for r in g.rows if "former" in r["model"].lower()}))


PREMISE = {
    "TG01": premise_tg01,
    "TG02": lambda g: f"first years {model_first_year(g, SE, 'F1')}; raw Selkora P29 {[d['years'] for d in g.papers.values() if d['title'].startswith('Selkora:')]}",
    "TG03": lambda g: f"Ibbotrans paper DOIs {[d['dois'] for d in g.papers.values() if d['title'].startswith('Ibbotrans:')]}",
    "TG07": lambda g: "Tavrosa values " + A_value(g, "Tavrosa", BM, "Accuracy")[2],
    "TG09": premise_tg09,
    "TG10": lambda g: "former best Tavrosa's paper DOIs " + repr([d["dois"] for d in g.papers.values() if d["title"].startswith("Tavrosa:")]),
    "TG14": lambda g: "Warbleon " + A_value(g, "Warbleon", HO, "Accuracy")[2],
    "TG15": lambda g: "raw KestrelNet " + repr(sorted(r["value"] for r in g.rows if r["model"] == "KestrelNet")),
    "TG20": premise_tg20,
    "TG21": lambda g: "raw Orvalis-CNN values " + repr(sorted(r["value"] for r in g.rows if r["model"] == "Orvalis-CNN" and r["dataset"] == CI)) + "; naive best " + naive_best(g, CI, "F1", None),
    "TG24": lambda g: "naive (min raw P29) " + naive_best(g, KW, "Mean IoU", 2019),
    "TG25": lambda g: "without the anchor: " + A_best(g, QU, "BLEU")[2],
    "TG26": premise_tg26,
    "TG27": lambda g: "without the anchor: " + A_best(g, OR, "BLEU")[2],
    "TG31": lambda g: "careless: Selkora raw P29 " + repr([d["years"] for d in g.papers.values() if d["title"].startswith("Selkora:")]),
    "TG35": premise_tg35,
    "TG37": premise_tg37,
    "TG38": premise_tg38,
    "TG39": lambda g: "highest: " + A_best(g, SE, "F1")[2],
    "TG40": premise_tg40,
}


# ---- anchors as written in the question ------------------------------------------------------------
def parse_anchor(text):
    s = text.lower()
    m = re.search(r"\b(?:before|prior to) (\d{4})\b", s)
    if m:
        return int(m.group(1)) - 1, False
    if re.search(r"\b(?:published|came out|is from) in \d{4}", s):
        return None, False
    m = re.search(r"\b(as of|by|back in|in) (\d{4})\b", s)
    if m:
        return int(m.group(2)), m.group(1) in ("in", "back in")
    return None, False


def published_in_same(g, spec, year):
    """'in Y' read as 'published in Y' must give the same answer."""
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
    qs = [json.loads(l) for l in open(os.path.join(HERE, "trust-dev4.jsonl"))]
    dev = [json.loads(l) for f in ("trust-dev.jsonl", "trust-dev2.jsonl", "trust-dev3.jsonl") for l in open(os.path.join(HERE, f))]
    norm = lambda t: re.sub(r"\W+", " ", t.lower()).strip()
    dev_q = {norm(d["question"]) for d in dev}
    words = lambda t: set(norm(t).split())
    fails = 0
    counts = {"mechanism": {}, "query_type": {}, "verdict": {}, "graph": {}}
    print(f"TRUST_NOW={C.NOW}; {len(qs)} questions in trust-dev4.jsonl")
    if [q["id"] for q in qs] != [f"TG{i:02d}" for i in range(1, 41)]:
        print("FAIL ids are not TG01..TG40 in order")
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
            assert re.sub(r"\W+", " ", q["question"].lower()).strip() not in dev_q, "same question as trust-dev / trust-dev2 / trust-dev3"
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
                ev += f"\n      must_remove {f}: kind {kind}"
            for e in q["expected"]:
                assert e in C.graph_text(g), f"expected string {e!r} not in the graph"
            if q["id"] in PREMISE:
                ev += "\n      premise/trap: " + PREMISE[q["id"]](g)
            ev += f"\n      closest earlier question: {near[1]} ({near[0]:.2f})"
            print(f"  ok   {q['id']} [{q['mechanism']}/{q['query_type']}/{q['verdict']}] {ev}")
        except Exception as ex:  # AssertionError, or a query error
            fails += 1
            print(f"  FAIL {q['id']} [{q['mechanism']}] {ex}")
    for k, v in counts.items():
        print(f"{k}: {json.dumps(dict(sorted(v.items())))}")
        if k in TARGET and v != TARGET[k]:
            print(f"FAIL {k} counts {v} != target {TARGET[k]}")
            fails += 1
    gates = sorted(q["id"] for q in qs if q["mechanism"] == "gate")
    if gates != sorted(GATE_KIND):
        print("FAIL gate questions", gates, "!=", sorted(GATE_KIND))
        fails += 1
    for i, a in enumerate(qs):  # no two questions of this file repeat each other
        for b in qs[i + 1:]:
            ov = len(words(a["question"]) & words(b["question"])) / len(words(a["question"]) | words(b["question"]))
            if ov >= 0.6:
                print(f"FAIL {a['id']} and {b['id']} share {ov:.2f} of their words")
                fails += 1
    print("gate kinds:", json.dumps(GATE_KIND))
    print("\nFAILURES:", fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
