#!/usr/bin/env python3
"""Checks trust-dev2.jsonl (TE01-TE40) against the fixture graphs g1.ttl .. g4.ttl.

For every question the answer is recomputed from the graph, independently of the JSONL:
SPARQL (the queries and the reference trust rules of check.py: rows, papers, years, DOIs,
ASKs, six conflict readings) plus Python. The recomputed `expected` strings (as a set) and
`verdict` must equal the ones in the file, the anchor written in the question must be the one
the computation used ("as of Y" / "in Y" / "by Y" = up to Y; "before Y" / "prior to Y" = up to
Y-1), must_keep facts must survive the conflict rules and the anchor, must_remove facts must
not be the surviving best (and must be really removed, superseded or after the anchor), every
conflict used must read the same under all six readings, and a month-like P29 (1-12) is never
taken as a year.

Run: python3 check2.py          (exit status 1 on any failure)
     TRUST_NOW=2030 python3 check2.py
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check as C  # noqa: E402  (reference rules, SPARQL queries, graph loading)

fmt = C.fmt
LOWER = C.LOWER_BETTER

BM, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
DA, HO, VE = "Dastrup-7 Chorus", "Hollenby Marsh Calls", "Veltmoor Dawn Set"
OR, MI, QU = "Orrenby Parallel Corpus", "Mirelle Subtitles", "Quenmark Dialogue Set"
SE, KW = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"
W = "Word Error Rate"

# extra SPARQL used here (besides check.py's Q_ROWS / Q_PAPERS / Q_TOPIC / ASKs)
Q_PAPER_STATES = C.PREFIXES + """
SELECT ?value WHERE {{
  ?paper a orkgc:Paper ; rdfs:label ?title ; orkgp:P31 ?c .
  ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?ml .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dl .
  ?e orkgp:HAS_METRIC ?mt ; orkgp:HAS_VALUE ?value . ?mt rdfs:label ?mtl .
  FILTER(STRSTARTS(STR(?title), "{title}") && STR(?ml) = "{model}" && STR(?dl) = "{dataset}" && STR(?mtl) = "{metric}")
}}"""

Q_DOIS = C.PREFIXES + """
SELECT ?doi WHERE {{ ?p a orkgc:Paper ; rdfs:label ?t . OPTIONAL {{ ?p orkgp:P26 ?doi }}
  FILTER(STRSTARTS(STR(?t), "{title}")) }}"""

Q_YEARS = C.PREFIXES + """
SELECT ?y WHERE {{ ?p a orkgc:Paper ; rdfs:label ?t . OPTIONAL {{ ?p orkgp:P29 ?y }}
  FILTER(STRSTARTS(STR(?t), "{title}")) }}"""

ASK_MODEL_METRIC_ON_DATASET = C.PREFIXES + """
ASK {{ ?c orkgp:HAS_MODEL ?m ; orkgp:HAS_BENCHMARK ?b . ?m rdfs:label ?ml .
  ?b orkgp:HAS_DATASET ?d ; orkgp:HAS_EVALUATION ?e . ?d rdfs:label ?dl .
  ?e orkgp:HAS_METRIC ?mt . ?mt rdfs:label ?mtl .
  FILTER(STR(?ml) = "{model}" && STR(?dl) = "{dataset}" && STR(?mtl) = "{metric}") }}"""


def year_ok(y):
    """A P29 value is a year only if it looks like one; 1-12 are months."""
    return 1900 <= y <= C.NOW


# ---- small helpers -------------------------------------------------------------------------------
def better(a, b, metric):
    return a < b if metric in LOWER else a > b


def surv(g, model, dataset, metric, anchor=None):
    keep, status, diag = C.surviving(g, model, dataset, metric, anchor)
    assert status != "AMBIGUOUS", f"{model}/{dataset} as of {anchor}: the six readings disagree\n      {diag}"
    return keep, status


def clean_board(g, dataset, metric, anchor=None):
    b = C.board(g, dataset, metric, anchor)
    bad = [t for t in b if t[2] == "AMBIGUOUS"]
    assert not bad, f"ambiguous conflicts on {dataset}/{metric} as of {anchor}: {bad}"
    return b


def top_at(g, dataset, metric, year):
    """Best (model, value) up to year, or None when empty or when a two-year paper makes it depend on the year picked."""
    try:
        b = clean_board(g, dataset, metric, year)
    except AssertionError:
        return None
    return (b[0][1], b[0][0]) if b else None


def naive_best(g, dataset, metric, anchor):
    """Careless reading: smallest raw P29 is the year, no conflict removal, undated kept."""
    rows = []
    for r in g.rows:
        v = C.parse_value(r["value"])
        if r["dataset"] != dataset or r["metric"] != metric or v is None:
            continue
        ys = g.papers[r["paper"]]["years"]
        if anchor is not None and ys and min(ys) > anchor:
            continue
        rows.append((v, r["model"]))
    rows.sort(reverse=metric not in LOWER)
    return f"{rows[0][1]} {fmt(rows[0][0])}" if rows else "nothing"


def model_first_year(g, dataset, metric):
    first = {}
    for r in g.rows:
        if r["dataset"] == dataset and r["metric"] == metric:
            ys = g.valid_years(r["paper"])
            if ys:
                first[r["model"]] = min(first.get(r["model"], 9999), min(ys))
    return first


def newest_model(g, dataset, metric):
    first = model_first_year(g, dataset, metric)
    order = sorted(first.items(), key=lambda t: -t[1])
    assert len(order) < 2 or order[0][1] > order[1][1], f"tie for newest model {order[:2]}"
    return order[0][0]


# ---- answer computers: return (expected list, verdict, evidence) ------------------------------
def A_best(g, dataset, metric, anchor=None):
    b = clean_board(g, dataset, metric, anchor)
    if not b:
        return [], None, f"no result on {dataset}/{metric} up to {anchor}; naive: {naive_best(g, dataset, metric, anchor)}"
    top = b[0]
    assert top[2] in ("single", "clear"), f"close conflict at the top: {b[:3]}"
    assert len(b) == 1 or b[1][0] != top[0], "tie at the top"
    nxt = f", next {b[1][1]} {fmt(b[1][0])}" if len(b) > 1 else ""
    return [top[1], fmt(top[0])], None, (f"best {dataset}/{metric} up to {anchor}: {top[1]} {fmt(top[0])}{nxt}; "
                                         f"naive: {naive_best(g, dataset, metric, anchor)}")


def A_value(g, model, dataset, metric, anchor=None):
    keep, st = surv(g, model, dataset, metric, anchor)
    return sorted(fmt(v) for v in keep), None, f"{model} on {dataset}/{metric}: {st} {sorted(fmt(v) for v in keep)}"


def A_beaten_since(g, dataset, metric, model):
    s = C.models_beating(g, dataset, metric, model)
    for m in s:  # every beating model's surviving values must all beat the base
        surv(g, m, dataset, metric)
    return sorted(s), None, f"beat {model} since: {sorted(s)}"


def A_newest_result(g, dataset, metric):
    rows = []
    undated = []
    for r in g.rows:
        if r["dataset"] != dataset or r["metric"] != metric:
            continue
        ys = g.valid_years(r["paper"])
        if ys:
            rows.append((max(ys), r["model"], C.parse_value(r["value"])))
        else:
            undated.append(r["model"])
    rows.sort(reverse=True)
    assert len(rows) < 2 or rows[0][0] > rows[1][0], f"tie for newest result {rows[:2]}"
    y, m, v = rows[0]
    keep, _ = surv(g, m, dataset, metric)
    assert keep == {v}
    naive = sorted(((min(g.papers[r['paper']]['years']) if g.papers[r['paper']]['years'] else -1, r["model"])
                    for r in g.rows if r["dataset"] == dataset and r["metric"] == metric), reverse=True)[0]
    return [m, fmt(v)], None, f"newest dated result {m} {fmt(v)} ({y}); undated {undated}; naive min-P29 newest {naive}"


def A_topic_latest(g, problem):
    dated, undated = C.newest_topic_paper(g, problem)
    assert len(dated) < 2 or dated[0][0] > dated[1][0], f"tie {dated[:2]}"
    y, title = dated[0]
    return [title.split(":")[0], str(y)], None, f"newest paper on {problem}: {title} ({y}); undated {undated}"


def A_papers_for(g, model, dataset, metric):
    keep, st = surv(g, model, dataset, metric)
    papers = sorted({(g.valid_years(r["paper"])[0], g.papers[r["paper"]]["title"], r["value"]) for r in g.rows
                     if r["model"] == model and r["dataset"] == dataset and r["metric"] == metric})
    return sorted(fmt(v) for v in keep), None, f"{st} keep {sorted(fmt(v) for v in keep)}; papers {papers}"


def A_dois(g, title):
    ds = sorted(r["doi"] for r in g.sel(Q_DOIS.format(title=title)) if r["doi"])
    return ds, None, f"P26 of {title!r}: {ds}"


def A_year(g, title):
    raw = sorted(int(r["y"]) for r in g.sel(Q_YEARS.format(title=title)) if r["y"])
    ys = sorted({y for y in raw if year_ok(y)})
    return [str(y) for y in ys], None, f"P29 of {title!r}: raw {raw} -> years {ys}"


def A_absent_words(g, *regexes):
    return [], None, C.check_absent_words(g, *regexes)


def A_absent_metric(g, model, dataset, metric):
    msg = C.check_absent_metric(g, dataset, metric)
    assert not g.ask(ASK_MODEL_METRIC_ON_DATASET.format(model=model, dataset=dataset, metric=metric))
    other = sorted({(r["metric"], r["value"]) for r in g.rows if r["model"] == model and r["dataset"] == dataset})
    return [], None, f"{msg}; what {model} has on {dataset}: {other}"


# ---- claims ------------------------------------------------------------------------------------------
def K_best(g, model, dataset, metric, anchor=None, newest=None):
    """'model is (still / already) the best on dataset'. newest: premise check ('it is the newest model')."""
    exp, _, ev = A_best(g, dataset, metric, anchor)
    if newest is not None:
        nm = newest_model(g, dataset, metric)
        assert nm == model, f"premise: newest model is {nm}"
        ev += f"; newest model {nm}"
    if not exp:
        return [], "UNCERTAIN", ev
    return exp, ("SUPPORTED" if exp[0] == model else "REFUTED"), ev


def K_value(g, model, dataset, metric, value, anchor=None, min_papers=None):
    keep, st = surv(g, model, dataset, metric, anchor)
    ev = f"{model} on {dataset}/{metric}: {st} {sorted(fmt(v) for v in keep)}"
    if not keep:
        return [], "UNCERTAIN", ev
    exp = sorted(fmt(v) for v in keep)
    if keep == {value}:
        if min_papers:
            n = C.count_papers(g, model, dataset, value)
            ev += f"; {n} papers state {fmt(value)}"
            if n < min_papers:
                return exp, "UNCERTAIN", ev
        return exp, "SUPPORTED", ev
    if value in keep:
        return exp, "UNCERTAIN", ev
    return exp, "REFUTED", ev


def K_better(g, a, b, dataset, metric):
    sa, sta = surv(g, a, dataset, metric)
    sb, stb = surv(g, b, dataset, metric)
    ev = f"{a} {sta} {sorted(fmt(v) for v in sa)} vs {b} {stb} {sorted(fmt(v) for v in sb)} ({'lower' if metric in LOWER else 'higher'} is better)"
    if not sa or not sb:
        return [], "UNCERTAIN", ev
    exp = sorted({fmt(v) for v in sa | sb})
    if all(better(x, y, metric) for x in sa for y in sb):
        return exp, "SUPPORTED", ev
    if all(better(y, x, metric) for x in sa for y in sb):
        return exp, "REFUTED", ev
    return exp, "UNCERTAIN", ev


def K_reproduced(g, model, dataset, metric, value):
    """'someone besides the original paper reports model at value'."""
    keep, st = surv(g, model, dataset, metric)
    papers = {r["paper"] for r in g.rows if r["model"] == model and r["dataset"] == dataset
              and r["metric"] == metric and C.parse_value(r["value"]) == value}
    others = sorted(p for p in papers if not g.papers[p]["title"].startswith(model + ":"))
    raws = sorted({r["value"] for r in g.rows if r["model"] == model and r["dataset"] == dataset})
    ev = f"{st} {sorted(fmt(v) for v in keep)}; raw {raws}; other papers {[g.papers[p]['title'] for p in others]}"
    if value in keep and len(keep) == 1 and others:
        return [fmt(value)], "SUPPORTED", ev
    return sorted(fmt(v) for v in keep), ("REFUTED" if keep and value not in keep else "UNCERTAIN"), ev


def K_paper(g, title, model, dataset, metric, value):
    vals = {C.parse_value(r["value"]) for r in g.sel(Q_PAPER_STATES.format(title=title, model=model, dataset=dataset, metric=metric))}
    who = sorted({(r["model"], r["value"]) for r in g.rows if r["dataset"] == dataset and r["metric"] == metric
                  and g.papers[r["paper"]]["title"].startswith(title)})
    ev = f"paper {title!r} states for {model}: {sorted(fmt(v) for v in vals)}; all rows there {who}"
    if not vals:
        return [], "UNCERTAIN", ev
    if vals == {value}:
        return [fmt(value)], "SUPPORTED", ev
    return sorted(fmt(v) for v in vals), "REFUTED", ev


def K_year(g, title, year):
    exp, _, ev = A_year(g, title)
    if not exp:
        return [], "UNCERTAIN", ev
    if exp == [str(year)]:
        return exp, "SUPPORTED", ev
    if str(year) in exp:
        return exp, "UNCERTAIN", ev
    return exp, "REFUTED", ev


def K_absent_pair(g, model, dataset):
    return [], "UNCERTAIN", C.check_absent_pair(g, model, dataset)


# ---- the questions: (graph, anchor, computer, args) ------------------------------------------------
SPEC = {
    # recency
    "TE01": ("g2", None, K_best, ("Corrasine", DA, W, None, True)),
    "TE02": ("g1", None, K_better, ("Quillon-XL", "Tavrosa", BM, "Accuracy")),
    "TE03": ("g4", None, K_best, ("Undertow-GNN", SE, "F1", None, True)),
    "TE04": ("g3", None, K_best, ("Nerrisa", OR, "BLEU", None, True)),
    "TE05": ("g3", None, A_topic_latest, ("Dialogue Translation",)),
    "TE06": ("g1", None, A_newest_result, (SK, "Mean IoU")),
    # superseded
    "TE07": ("g1", None, K_best, ("Lumoria", SK, "Mean IoU")),
    "TE08": ("g3", None, K_best, ("Varnholt", QU, "BLEU")),
    "TE09": ("g4", None, K_best, ("Marrowfen", SE, "F1")),
    "TE10": ("g2", None, A_beaten_since, (DA, W, "Chirpform")),
    "TE11": ("g2", None, K_best, ("Trillbert", DA, W)),
    "TE12": ("g3", None, A_beaten_since, (OR, "BLEU", "Ostrada-T")),
    # conflict
    "TE13": ("g1", None, A_value, ("Tavrosa", BM, "Accuracy")),
    "TE14": ("g3", None, K_value, ("Murrelet-MT", MI, "chrF", 55.1)),
    "TE15": ("g2", None, K_value, ("Aviquist", VE, W, 6.8)),
    "TE16": ("g1", None, K_value, ("KestrelNet", BM, "Accuracy", 74.1)),
    "TE17": ("g2", None, K_better, ("Trillbert", "Warbleon", DA, W)),
    "TE18": ("g2", None, K_value, ("Warbleon", HO, "Accuracy", 80.7)),
    # corroboration
    "TE19": ("g2", None, A_papers_for, ("Syrinxa", HO, "Accuracy")),
    "TE20": ("g3", None, K_value, ("Gannetron", OR, "BLEU", 18.9, None, 2)),
    "TE21": ("g1", None, K_reproduced, ("Brackwater-UNet", CI, "F1", 91.2)),
    "TE22": ("g2", None, K_value, ("Corrasine", VE, W, 7.2)),
    "TE23": ("g4", None, A_value, ("Marrowfen", SE, "F1")),
    # as_of
    "TE24": ("g3", 2023, A_best, (MI, "chrF", 2023)),
    "TE25": ("g2", 2023, A_best, (VE, W, 2023)),
    "TE26": ("g1", 2016, A_best, (BM, "Accuracy", 2016)),
    "TE27": ("g2", 2021, A_best, (DA, W, 2021)),
    "TE28": ("g4", 2022, K_best, ("Selkora", SE, "F1", 2022)),
    "TE29": ("g1", 2018, K_best, ("Orvalis-CNN", SK, "Mean IoU", 2018)),
    # metadata
    "TE30": ("g4", None, A_dois, ("Undertow-GNN:",)),
    "TE31": ("g4", None, K_year, ("Tidewick:", 2019)),
    "TE32": ("g3", None, A_dois, ("Ibbotrans:",)),
    "TE33": ("g1", None, A_year, ("Sallowmere:",)),
    "TE34": ("g4", 2024, A_best, (KW, "Mean IoU", 2024)),
    # gate
    "TE35": ("g2", None, A_absent_words, ("whale", "cetacean")),
    "TE36": ("g3", None, A_absent_words, ("speech", "recognition", "\\bASR\\b")),
    "TE37": ("g4", None, K_absent_pair, ("Kelvane", SE)),
    "TE38": ("g3", None, A_absent_metric, ("Halverin", MI, "BLEU")),
    "TE39": ("g4", None, K_paper, ("A Replication of Tidal Turbine", "Selkora", SE, "F1", 86.0)),
    "TE40": ("g3", 2014, A_best, (QU, "BLEU", 2014)),
}

# the trap each gate/metadata question relies on, recomputed as evidence
EXTRA = {
    "TE39": lambda g: K_paper(g, "A Replication of Tidal Turbine", "Undertow-GNN", SE, "F1", 86.0)[2],
    "TE21": lambda g: "raw Brackwater-UNet values " + repr(sorted(r["value"] for r in g.rows if r["model"] == "Brackwater-UNet")),
    "TE12": lambda g: "string ORDER BY DESC gives " + repr(g.sel(C.SELECT_STRING_MAX.format(dataset=OR, metric="BLEU"))),
    "TE37": lambda g: "Kelvane rows " + repr(sorted((r["dataset"], r["metric"], r["value"]) for r in g.rows if r["model"] == "Kelvane")),
    "TE32": lambda g: "paper exists: " + repr([d["title"] for d in g.papers.values() if d["title"].startswith("Ibbotrans:")]),
    "TE30": lambda g: "paper exists: " + repr([d["title"] for d in g.papers.values() if d["title"].startswith("Undertow-GNN:")]),
    "TE05": lambda g: "newest paper in the whole graph: " + repr(max((max(g.valid_years(p)), d["title"]) for p, d in g.papers.items() if g.valid_years(p))),
    "TE35": lambda g: "shared words present: " + repr([w for w in ("song", "transcription") if g.ask(C.ASK_LABEL_WORDS.format(regex=w))]),
    "TE36": lambda g: "shared words present: " + repr([w for w in ("vendish",) if g.ask(C.ASK_LABEL_WORDS.format(regex=w))]),
    "TE40": lambda g: "without the anchor: " + A_best(g, QU, "BLEU")[2],
    "TE24": lambda g: "without the anchor: Murrelet-MT " + A_value(g, "Murrelet-MT", MI, "chrF")[2],
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
    qs = [json.loads(l) for l in open(os.path.join(HERE, "trust-dev2.jsonl"))]
    dev = [json.loads(l) for l in open(os.path.join(HERE, "trust-dev.jsonl"))]
    dev_q = {re.sub(r"\W+", " ", d["question"].lower()).strip() for d in dev}
    fails = 0
    counts = {"mechanism": {}, "query_type": {}, "verdict": {}, "graph": {}}
    print(f"TRUST_NOW={C.NOW}; {len(qs)} questions in trust-dev2.jsonl")
    if [q["id"] for q in qs] != [f"TE{i:02d}" for i in range(1, 41)]:
        print("FAIL ids are not TE01..TE40 in order")
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
            assert re.sub(r"\W+", " ", q["question"].lower()).strip() not in dev_q, "same question as trust-dev"
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
            if q["id"] in EXTRA:
                ev += "\n      trap: " + EXTRA[q["id"]](g)
            print(f"  ok   {q['id']} [{q['mechanism']}/{q['query_type']}/{q['verdict']}] {ev}")
        except AssertionError as ex:
            fails += 1
            print(f"  FAIL {q['id']} [{q['mechanism']}] {ex}")
    for k, v in counts.items():
        print(f"{k}: {json.dumps(dict(sorted(v.items())))}")
    print("\nFAILURES:", fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
