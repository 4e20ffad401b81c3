#!/usr/bin/env python3
"""Checks trust-dev3.jsonl (TF01-TF40) against the fixture graphs g1.ttl .. g4.ttl.

For every question the answer is recomputed from the graph, independently of the JSONL:
SPARQL (the queries and the reference trust rules of check.py: rows, papers, years, DOIs,
ASKs, six conflict readings) plus Python. The recomputed `expected` strings (as a set) and
`verdict` must equal the ones in the file, the anchor written in the question must be the one
the computation used ("as of Y" / "in Y" / "by Y" = up to Y; "before Y" / "prior to Y" = up to
Y-1), must_keep facts must survive the conflict rules and the anchor, must_remove facts must
not be the surviving best (and must be really removed, superseded or after the anchor), every
conflict used must read the same under all six readings, and a month-like P29 (1-12) is never
taken as a year. Also: no question repeats one of trust-dev.jsonl / trust-dev2.jsonl, and none shares 60% or
more of its words with one of them; the premises a question states (years, what a paper reports, the newest result)
are checked too, and each question prints the careless answer it is built against.

Run: python3 check3.py          (exit status 1 on any failure)
     TRUST_NOW=2030 python3 check3.py
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check as C  # noqa: E402  (reference rules, SPARQL queries, graph loading)
from check2 import *  # noqa: E402,F401,F403  (the computers of trust-dev2, shared, not copied)


# ---- computers added for trust-dev3 ----------------------------------------------------------------
Q_ROWS_OF_MODEL = C.PREFIXES + """
SELECT ?title ?dl ?mtl ?value WHERE {{
  ?paper a orkgc:Paper ; rdfs:label ?title ; orkgp:P31 ?c .
  ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?ml .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dl .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value . ?mt rdfs:label ?mtl .
  FILTER(STR(?ml) = "{model}")
}}"""

SELECT_STRING_MIN = C.SELECT_STRING_MAX.replace("ORDER BY DESC(?value)", "ORDER BY ASC(?value)")


def fmts(vals):
    return sorted(fmt(v) for v in vals)


def A_compare(g, a, b, dataset, metric):
    """'a or b: which is better on dataset': the winner (every surviving value better) and all values."""
    sa, sta = surv(g, a, dataset, metric)
    sb, stb = surv(g, b, dataset, metric)
    assert sa and sb, "a side has no value"
    ev = f"{a} {sta} {fmts(sa)} vs {b} {stb} {fmts(sb)}"
    if all(better(x, y, metric) for x in sa for y in sb):
        win = a
    elif all(better(y, x, metric) for x in sa for y in sb):
        win = b
    else:
        raise AssertionError("no clear winner: " + ev)
    return [win] + sorted({fmt(v) for v in sa | sb}), None, ev + f"; winner {win}"


def K_ever_best(g, model, dataset, metric):
    """'has model ever been the best on dataset': the years it led, and who leads now."""
    years = [y for y in range(1990, C.NOW + 1) if (top_at(g, dataset, metric, y) or (None,))[0] == model]
    now, _, ev = A_best(g, dataset, metric)
    if not years:
        return now, "REFUTED", f"{model} never led; now: {ev}"
    held = {top_at(g, dataset, metric, y)[1] for y in years}
    assert len(held) == 1
    if now[0] == model:
        return now, "SUPPORTED", f"{model} leads {years[0]}-now; {ev}"
    return [fmt(held.pop())] + now, "SUPPORTED", f"{model} led {years[0]}-{years[-1]}; now {ev}"


def K_still_best(g, model, dataset, metric):
    """'model is still the best': REFUTED when others beat every surviving value of it; expected = who beat it."""
    s = sorted(C.models_beating(g, dataset, metric, model))
    for m in s:
        surv(g, m, dataset, metric)
    led = [y for y in range(1990, C.NOW + 1) if (top_at(g, dataset, metric, y) or (None,))[0] == model]
    assert led, f"premise: {model} never led {dataset}"
    ev = f"{model} led {led[0]}-{led[-1]}; beaten since by {s}; board {clean_board(g, dataset, metric)}"
    return (s, "REFUTED", ev) if s else ([model], "SUPPORTED", ev)


def A_paper_pair(g, model, dataset, metric, title_a, title_b):
    """'what did model score in paper a vs paper b': both values, and they must both survive (close conflict)."""
    va = {C.parse_value(r["value"]) for r in g.sel(Q_PAPER_STATES.format(title=title_a, model=model, dataset=dataset, metric=metric))}
    vb = {C.parse_value(r["value"]) for r in g.sel(Q_PAPER_STATES.format(title=title_b, model=model, dataset=dataset, metric=metric))}
    assert len(va) == 1 and len(vb) == 1 and va != vb, (va, vb)
    keep, st = surv(g, model, dataset, metric)
    assert st == "close" and keep == va | vb, f"{st} {fmts(keep)}"
    return fmts(va | vb), None, f"{title_a!r} states {fmts(va)}; {title_b!r} states {fmts(vb)}; {st}, both kept"


def K_bound(g, model, dataset, metric, op, thr):
    """'model gets at least / under / over thr': checked against every surviving value."""
    keep, st = surv(g, model, dataset, metric)
    f = {">=": lambda v: v >= thr, "<": lambda v: v < thr, ">": lambda v: v > thr}[op]
    raws = sorted({fmt(C.parse_value(r["value"])) for r in g.rows if r["model"] == model and r["dataset"] == dataset
                   and r["metric"] == metric})
    ev = f"{model} {st} {fmts(keep)} (raw values {raws}); claim {op} {thr}"
    assert keep
    if all(f(v) for v in keep):
        return fmts(keep), "SUPPORTED", ev
    if not any(f(v) for v in keep):
        return fmts(keep), "REFUTED", ev
    return fmts(keep), "UNCERTAIN", ev


def A_standing(g, model, dataset, metric):
    """'where does model stand on dataset, who is ahead': every model all of whose surviving values beat all of model's."""
    keep, st = surv(g, model, dataset, metric)
    assert keep
    models = sorted({r["model"] for r in g.rows if r["dataset"] == dataset and r["metric"] == metric} - {model})
    ahead, behind = [], []
    for m in models:
        sm, _ = surv(g, m, dataset, metric)
        if all(better(y, x, metric) for y in sm for x in keep):
            ahead.append(m)
        elif all(better(x, y, metric) for y in sm for x in keep):
            behind.append(m)
        else:
            raise AssertionError(f"{m} neither clearly ahead nor behind")
    raw = sorted(r["value"] for r in g.rows if r["model"] == model and r["dataset"] == dataset)
    return ahead + fmts(keep), None, (f"{model} {st} {fmts(keep)} (raw {raw}): rank {len(ahead) + 1} of {len(models) + 1}; "
                                      f"ahead {ahead}; behind {behind}")


def A_worst(g, dataset, metric):
    """lowest (for a higher-is-better metric) on the board; the careless answer is the string-sorted ASC."""
    b = clean_board(g, dataset, metric)
    low = b[-1]
    assert low[2] in ("single", "clear") and b[-2][0] != low[0]
    naive = g.sel(SELECT_STRING_MIN.format(dataset=dataset, metric=metric))
    return [low[1], fmt(low[0])], None, f"lowest {dataset}/{metric}: {low[1]} {fmt(low[0])}; string ORDER BY ASC gives {naive}"


def A_usage(g, model):
    """'which papers evaluated model, on which datasets': each dataset and its surviving value(s)."""
    rows = g.sel(Q_ROWS_OF_MODEL.format(model=model))
    pairs = sorted({(str(r["dl"]), str(r["mtl"])) for r in rows})
    exp, ev = [], []
    for d, mt in pairs:
        keep, st = surv(g, model, d, mt)
        exp += [d] + fmts(keep)
        ev.append(f"{d}/{mt}: {st} {fmts(keep)} in " + repr(sorted({str(r['title']) for r in rows if str(r['dl']) == d})))
    return exp, None, "; ".join(ev)


def A_dois_multi(g, *titles):
    out, ev = [], []
    for t in titles:
        ds, _, e = A_dois(g, t)
        assert ds, f"no DOI for {t}"
        out += ds
        ev.append(e)
    return out, None, "; ".join(ev)


def K_earlier(g, title_a, title_b):
    """'paper a came out before paper b', from the valid P29 years of each."""
    ya, _, ea = A_year(g, title_a)
    yb, _, eb = A_year(g, title_b)
    ya, yb = [int(y) for y in ya], [int(y) for y in yb]
    assert ya and yb
    ev = f"{ea}; {eb}"
    exp = sorted({str(y) for y in ya + yb})
    if all(a < b for a in ya for b in yb):
        return exp, "SUPPORTED", ev
    if all(a >= b for a in ya for b in yb):
        return exp, "REFUTED", ev
    return exp, "UNCERTAIN", ev


def A_dash(g, model, dataset, metric):
    """the pairing exists, but its stored value is not a number ('-')."""
    raw = [r["value"] for r in g.rows if r["model"] == model and r["dataset"] == dataset and r["metric"] == metric]
    assert raw and all(C.parse_value(v) is None for v in raw), raw
    keep, st = surv(g, model, dataset, metric)
    assert not keep
    return [], None, f"stored values {raw!r}: no number; surviving {st}"


def A_absent_model(g, name, *shared):
    assert not g.ask(C.ASK_LABEL_WORDS.format(regex=name)), f"{name} is in the graph"
    near = [w for w in shared if g.ask(C.ASK_LABEL_WORDS.format(regex=w))]
    return [], None, f"no label matches {name}; labels sharing a part: {near}"


def A_gate_dataset(g, absent, *present):
    msg = C.check_absent_words(g, absent)
    near = [w for w in present if g.ask(C.ASK_LABEL_WORDS.format(regex=w))]
    assert near == list(present), f"shared words missing: {near}"
    return [], None, f"{msg}; shared words present: {near}"


def K_absent_pair_any(g, model, dataset):
    """model has results elsewhere, but none on dataset."""
    # own ASKs (check.check_absent_pair builds a regex that SPARQL rejects for labels with '-')
    ASK_MODEL = C.PREFIXES + 'ASK {{ ?m a orkgc:Model ; rdfs:label ?l . FILTER(STR(?l) = "{model}") }}'
    ASK_DATASET = C.PREFIXES + 'ASK {{ ?d a orkgc:Dataset ; rdfs:label ?l . FILTER(STR(?l) = "{dataset}") }}'
    assert g.ask(ASK_MODEL.format(model=model)), "model itself should exist"
    assert g.ask(ASK_DATASET.format(dataset=dataset)), "dataset itself should exist"
    assert not g.ask(C.ASK_MODEL_ON_DATASET.format(model=model, dataset=dataset)), f"{model} has a result on {dataset}"
    msg = f"no result for {model} on {dataset} (ASK false)"
    other = sorted({(r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == model})
    assert other, f"{model} has no result at all"
    return [], "UNCERTAIN", f"{msg}; {model} elsewhere: {other}"


# ---- the questions: (graph, anchor, computer, args) ------------------------------------------------
TTF = "Tidal Turbine Fault Detection"
SPEC = {
    # recency
    "TF01": ("g1", None, K_best, ("Wendrel-S", CI, "F1", None, True)),
    "TF02": ("g3", None, A_compare, ("Ibbotrans", "Murrelet-MT", OR, "BLEU")),
    "TF03": ("g1", None, K_better, ("PimbraFormer", "Quillon-XL", BM, "Accuracy")),
    "TF04": ("g4", None, A_topic_latest, (TTF,)),
    "TF05": ("g2", None, K_best, ("Syrinxa", HO, "Accuracy")),
    # superseded
    "TF06": ("g3", None, K_ever_best, ("Murrelet-MT", QU, "BLEU")),
    "TF07": ("g1", None, A_beaten_since, (BM, "Accuracy", "PimbraFormer")),
    "TF08": ("g3", None, K_best, ("Murrelet-MT", OR, "BLEU")),
    "TF09": ("g3", None, K_still_best, ("Halverin", MI, "chrF")),
    "TF10": ("g1", None, K_best, ("Orvalis-CNN", BM, "Accuracy")),
    "TF11": ("g3", None, A_beaten_since, (QU, "BLEU", "Varnholt")),
    # conflict
    "TF12": ("g2", None, A_paper_pair, ("Trillbert", DA, W, "Trillbert:", "Reproducing Pretrained Birdsong Transcribers")),
    "TF13": ("g2", None, K_better, ("Aviquist", "Corrasine", VE, W)),
    "TF14": ("g3", None, K_better, ("Nerrisa", "Murrelet-MT", MI, "chrF")),
    "TF15": ("g2", None, A_value, ("Fennick-RNN", DA, W)),
    "TF16": ("g2", None, K_bound, ("Warbleon", HO, "Accuracy", ">=", 80.0)),
    "TF17": ("g3", None, K_bound, ("Gannetron", OR, "BLEU", "<", 20.0)),
    # corroboration
    "TF18": ("g1", None, K_better, ("Brackwater-UNet", "Orvalis-CNN", CI, "F1")),
    "TF19": ("g2", None, K_reproduced, ("Syrinxa", HO, "Accuracy", 88.3)),
    "TF20": ("g4", None, A_usage, ("Marrowfen",)),
    "TF21": ("g4", None, K_paper, ("A Replication of Tidal Turbine Fault Detectors", "Selkora", SE, "F1", 88.5)),
    "TF22": ("g1", None, A_standing, ("Orvalis-CNN", CI, "F1")),
    # as_of
    "TF23": ("g1", 2015, A_best, (BM, "Accuracy", 2015)),
    "TF24": ("g2", 2022, A_best, (DA, W, 2022)),
    "TF25": ("g3", 2021, K_best, ("Murrelet-MT", OR, "BLEU", 2021)),
    "TF26": ("g4", 2022, A_best, (KW, "Mean IoU", 2022)),
    "TF27": ("g1", 2019, K_best, ("Lumoria", SK, "Mean IoU", 2019)),
    "TF28": ("g3", 2020, A_best, (MI, "chrF", 2020)),
    # metadata
    "TF29": ("g1", None, A_dois, ("Tavrosa: Temporal Aggregation for Crevasse Detection in Sentinel Time Series",)),
    "TF30": ("g4", None, A_year, ("Selkora:",)),
    "TF31": ("g3", None, K_year, ("Gannetron:", 2024)),
    "TF32": ("g4", None, A_dois_multi, ("Brinehawk:", "Undertow-GNN:")),
    "TF33": ("g4", None, K_earlier, ("Tidewick:", "Marrowfen:")),
    # gate
    "TF34": ("g4", None, A_gate_dataset, ("biomass", "kelp")),
    "TF35": ("g1", None, K_absent_pair_any, ("Zephyrine-L", CI)),
    "TF36": ("g3", None, A_dash, ("Ostrada-T", MI, "chrF")),
    "TF37": ("g1", None, K_paper, ("Quillon-XL: Scaling Ice Segmentation Backbones", "Tavrosa", BM, "Accuracy", 86.1)),
    "TF38": ("g4", 2012, A_best, (KW, "Mean IoU", 2012)),
    "TF39": ("g3", None, A_worst, (OR, "BLEU")),
    "TF40": ("g2", None, A_absent_model, ("songbert", "bert")),
}


# ---- premises the questions state, and the traps, recomputed as evidence -------------------------------
def paper_year(g, prefix):
    ps = [p for p, d in g.papers.items() if d["title"].startswith(prefix)]
    assert len(ps) == 1, (prefix, ps)
    ys = g.valid_years(ps[0])
    assert len(ys) == 1, (prefix, ys)
    return ys[0]


def premise_tf03(g):
    a, b = paper_year(g, "Quillon-XL:"), paper_year(g, "PimbraFormer:")
    assert a - b == 3, (a, b)
    return f"Quillon-XL paper {a}, PimbraFormer paper {b}: three years later"


def premise_tf05(g):
    ex, _, ev = A_newest_result(g, HO, "Accuracy")
    assert ex == ["Syrinxa", "88.3"], ex
    raw = sorted({r["value"] for r in g.rows if r["model"] == "Syrinxa" and r["dataset"] == HO})
    return f"{ev}; raw Syrinxa values {raw}; naive (no conflict removal) best {naive_best(g, HO, 'Accuracy', None)}"


def premise_tf10(g):
    ex, v, ev = K_paper(g, "Revisiting Crevasse Segmentation Baselines", "Orvalis-CNN", BM, "Accuracy", 80.2)
    assert v == "SUPPORTED"
    y = paper_year(g, "Revisiting Crevasse Segmentation Baselines")
    return f"reproducibility study ({y}) {ev}"


def premise_tf21(g):
    ex, v, ev = K_paper(g, "Selkora:", "Selkora", SE, "F1", 88.5)
    assert v == "SUPPORTED"
    return "original Selkora paper also states 88.5; count " + str(C.count_papers(g, "Selkora", SE, 88.5))


def premise_tf37(g):
    ex, v, ev = K_paper(g, "Tavrosa:", "Tavrosa", BM, "Accuracy", 86.1)
    assert v == "SUPPORTED"
    return "86.1 is real but from the Tavrosa paper: " + ev


def premise_tf11(g):
    led = [y for y in range(1990, C.NOW + 1) if (top_at(g, QU, "BLEU", y) or (None,))[0] == "Varnholt"]
    return f"Varnholt led {led[0]}-{led[-1]}"


PREMISE = {
    "TF01": lambda g: "naive (typo kept) best " + naive_best(g, CI, "F1", None),
    "TF03": premise_tf03,
    "TF05": premise_tf05,
    "TF10": premise_tf10,
    "TF11": premise_tf11,
    "TF18": lambda g: "raw Orvalis-CNN values " + repr(sorted(r["value"] for r in g.rows if r["model"] == "Orvalis-CNN" and r["dataset"] == CI)),
    "TF21": premise_tf21,
    "TF22": lambda g: "papers stating 87.0: " + str(C.count_papers(g, "Orvalis-CNN", CI, 87.0)) + "; naive (typo kept) best " + naive_best(g, CI, "F1", None),
    "TF23": lambda g: "without the anchor: " + A_value(g, "KestrelNet", BM, "Accuracy")[2],
    "TF24": lambda g: "without the anchor: " + A_value(g, "Trillbert", DA, W)[2] + "; careless month-as-year reading, anchor 2019: " + naive_best(g, DA, W, 2019),
    "TF26": lambda g: "naive (min raw P29) " + naive_best(g, KW, "Mean IoU", 2022),
    "TF27": lambda g: "naive (min raw P29) " + naive_best(g, SK, "Mean IoU", 2019),
    "TF28": lambda g: "Ostrada-T raw " + repr([r["value"] for r in g.rows if r["model"] == "Ostrada-T" and r["dataset"] == MI]),
    "TF29": lambda g: "paper exists: " + repr([d["title"] for d in g.papers.values() if d["title"].startswith("Tavrosa:")]),
    "TF30": lambda g: "raw P29 " + repr([d["years"] for d in g.papers.values() if d["title"].startswith("Selkora:")]),
    "TF31": lambda g: "Gannetron rows in " + repr(sorted({(min(g.valid_years(r['paper'])), r['value']) for r in g.rows if r['model'] == 'Gannetron'})),
    "TF35": lambda g: "who has 92.0 or over 90 on Corvalla-Ice: " + repr([(m, v) for v, m, _ in clean_board(g, CI, "F1") if v > 90]),
    "TF38": lambda g: "naive (month 3 read as a year): " + naive_best(g, KW, "Mean IoU", 2012),
    "TF39": lambda g: "highest: " + A_best(g, OR, "BLEU")[2],
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
    if fn is not A_best:
        return "n/a"
    dataset, metric = args[0], args[1]
    rows = [(C.parse_value(r["value"]), r["model"]) for r in g.rows
            if r["dataset"] == dataset and r["metric"] == metric and year in g.valid_years(r["paper"])
            and C.parse_value(r["value"]) is not None]
    rows.sort(reverse=metric not in LOWER)
    return [rows[0][1], fmt(rows[0][0])] if rows else []


FIELDS = {"id", "graph", "question", "query_type", "mechanism", "expected", "verdict", "must_remove", "must_keep", "notes"}


def main():
    graphs = {k + ".ttl": C.G(k + ".ttl") for k in ("g1", "g2", "g3", "g4")}
    qs = [json.loads(l) for l in open(os.path.join(HERE, "trust-dev3.jsonl"))]
    dev = [json.loads(l) for f in ("trust-dev.jsonl", "trust-dev2.jsonl") for l in open(os.path.join(HERE, f))]
    norm = lambda t: re.sub(r"\W+", " ", t.lower()).strip()
    dev_q = {norm(d["question"]) for d in dev}
    words = lambda t: set(norm(t).split())
    fails = 0
    counts = {"mechanism": {}, "query_type": {}, "verdict": {}, "graph": {}}
    print(f"TRUST_NOW={C.NOW}; {len(qs)} questions in trust-dev3.jsonl")
    if [q["id"] for q in qs] != [f"TF{i:02d}" for i in range(1, 41)]:
        print("FAIL ids are not TF01..TF40 in order")
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
            assert re.sub(r"\W+", " ", q["question"].lower()).strip() not in dev_q, "same question as trust-dev / trust-dev2"
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
    print("\nFAILURES:", fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
