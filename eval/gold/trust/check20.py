#!/usr/bin/env python3
"""Checks trust-dev20.jsonl (TX01-TX30) against the fixture graphs g1.ttl .. g4.ttl.

Every question's expected strings, verdict, must_keep and must_remove are recomputed here with
small per-question code over check.py's graph model and reference trust rules (check.G,
check.surviving, check.board, check.models_beating, check.newest_topic_paper, ...), never read
from the JSONL. Also checked: the ten fields, ids TX01..TX30 in order, the design counts
(mechanism, query type, verdict, graph, gate kinds), no duplicate questions (within the file and
against trust-dev.jsonl), the anchor written in each question, every fact exists in its graph in
clean form, every must_keep fact survives the conflict rules and the anchor, every must_remove
fact is really removed / superseded / after the anchor, and every expected string is in the graph.

check.py and the graphs are looked for beside this file, then in /work/main/eval/gold/trust.

Run: python3 check20.py ; TRUST_NOW=2025 python3 check20.py ; TRUST_NOW=2030 python3 check20.py
Exit status 0 and "FAILURES: 0" when all is well, 1 otherwise.
"""
import json
import os
import re
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
FALLBACK = "/work/main/eval/gold/trust"
CDIR = HERE if os.path.exists(os.path.join(HERE, "check.py")) else FALLBACK
GDIR = HERE if os.path.exists(os.path.join(HERE, "g1.ttl")) else CDIR
sys.path.insert(0, CDIR)
import check as C  # noqa: E402

JSONL = os.environ.get("TX_FILE", os.path.join(HERE, "trust-dev20.jsonl"))
fmt = C.fmt
LOWER = C.LOWER_BETTER

BM, CI, SK = "BenchMira", "Corvalla-Ice", "Skarnhold Glacier Set"
DA, HO, VE = "Dastrup-7 Chorus", "Hollenby Marsh Calls", "Veltmoor Dawn Set"
OR, MI, QU = "Orrenby Parallel Corpus", "Mirelle Subtitles", "Quenmark Dialogue Set"
SE, KW = "Sealbrook Turbine Logs", "Kelpwatch-Norrland"
W = "Word Error Rate"


# ---- helpers ---------------------------------------------------------------------------------------
def better(a, b, metric):
    return a < b if metric in LOWER else a > b


def surv(g, model, dataset, metric, anchor=None):
    keep, status, diag = C.surviving(g, model, dataset, metric, anchor)
    assert status != "AMBIGUOUS", f"{model}/{dataset} as of {anchor}: conflict readings disagree\n{diag}"
    return set(keep), status


def board(g, dataset, metric, anchor=None):
    b = C.board(g, dataset, metric, anchor)
    assert not [t for t in b if t[2] == "AMBIGUOUS"], f"ambiguous conflict on {dataset} as of {anchor}: {b}"
    return b


def best(g, dataset, metric, anchor=None):
    """Clean best (model, value) or None; fails on a close conflict or tie at the top."""
    b = board(g, dataset, metric, anchor)
    if not b:
        return None
    assert b[0][2] in ("single", "clear"), f"close conflict at the top: {b[:3]}"
    assert len(b) == 1 or b[1][0] != b[0][0], f"tie at the top: {b[:2]}"
    return b[0][1], b[0][0]


def rows(g, model=None, dataset=None, metric=None):
    return [r for r in g.rows if (model is None or r["model"] == model) and (dataset is None or r["dataset"] == dataset)
            and (metric is None or r["metric"] == metric)]


def first_years(g, dataset, metric):
    out = {}
    for r in rows(g, None, dataset, metric):
        ys = g.valid_years(r["paper"])
        if ys:
            out[r["model"]] = min(out.get(r["model"], 9999), min(ys))
    return out


def newest_model(g, dataset, metric):
    fy = sorted(first_years(g, dataset, metric).items(), key=lambda t: -t[1])
    assert len(fy) < 2 or fy[0][1] > fy[1][1], f"tie for newest model {fy[:2]}"
    return fy[0][0]


def paper(g, prefix):
    ps = [(p, d) for p, d in g.papers.items() if d["title"].startswith(prefix)]
    assert len(ps) == 1, f"paper {prefix!r}: {len(ps)} matches"
    return ps[0]


def years(g, prefix):
    p, _ = paper(g, prefix)
    return sorted(set(g.valid_years(p)))


def naive_best(g, dataset, metric, anchor=None):
    """Careless: smallest raw P29 is the year, no conflict removal, undated kept."""
    out = []
    for r in rows(g, None, dataset, metric):
        v = C.parse_value(r["value"])
        ys = g.papers[r["paper"]]["years"]
        if v is None or (anchor is not None and ys and min(ys) > anchor):
            continue
        out.append((v, r["model"]))
    out.sort(reverse=metric not in LOWER)
    return out[0] if out else None


def string_top(g, dataset, metric):
    return g.sel(C.SELECT_STRING_MAX.format(dataset=dataset, metric=metric))


def claim_best(g, model, dataset, metric, anchor=None):
    """'model is the best on dataset (as of anchor)'."""
    b = board(g, dataset, metric, anchor)
    if not b:
        return [], "UNCERTAIN", "empty board"
    top_model = b[0][1]
    if b[0][2] == "close":
        tv = sorted(v for v, m, s in b if m == top_model)
        between = [(v, m) for v, m, s in b if m != top_model and min(tv) < v < max(tv)]
        assert between and any(m == model for v, m in between), f"close top {b} and no model in between"
        mv = [v for v, m in between if m == model]
        return [top_model] + [fmt(v) for v in tv] + [fmt(v) for v in mv], "UNCERTAIN", f"top close {top_model} {tv}; {model} {mv} between"
    top = best(g, dataset, metric, anchor)
    return [top[0], fmt(top[1])], ("SUPPORTED" if top[0] == model else "REFUTED"), f"best {top}; board {b[:3]}"


def claim_value(g, model, dataset, metric, value, anchor=None):
    keep, st = surv(g, model, dataset, metric, anchor)
    exp = sorted(fmt(v) for v in keep)
    if not keep:
        return [], "UNCERTAIN", "no value"
    if keep == {value}:
        return exp, "SUPPORTED", f"{st} {exp}"
    return exp, ("UNCERTAIN" if value in keep else "REFUTED"), f"{st} {exp}"


def claim_better(g, a, b, dataset, metric):
    sa, _ = surv(g, a, dataset, metric)
    sb, _ = surv(g, b, dataset, metric)
    exp = sorted({fmt(v) for v in sa | sb})
    if all(better(x, y, metric) for x in sa for y in sb):
        return exp, "SUPPORTED", f"{a} {sa} vs {b} {sb}"
    if all(better(y, x, metric) for x in sa for y in sb):
        return exp, "REFUTED", f"{a} {sa} vs {b} {sb}"
    return exp, "UNCERTAIN", f"{a} {sa} vs {b} {sb} overlap"


def claim_newer(g, pa, pb):
    ya, yb = years(g, pa), years(g, pb)
    if not ya or not yb:
        return [], "UNCERTAIN", f"{ya} {yb}"
    exp = sorted({str(y) for y in ya + yb})
    if all(x > y for x in ya for y in yb):
        return exp, "SUPPORTED", f"{ya} vs {yb}"
    if all(x < y for x in ya for y in yb):
        return exp, "REFUTED", f"{ya} vs {yb}"
    return exp, "UNCERTAIN", f"{ya} vs {yb} order both ways"


# ---- per-question computers: each returns (expected, verdict, evidence) ------------------------------
def tx01(g):
    m, v = best(g, CI, "F1")
    nm = newest_model(g, CI, "F1")
    assert nm != m, "trap: newest should not be best"
    return [m, fmt(v)], None, f"best {m} {fmt(v)}; newest model {nm}; naive {naive_best(g, CI, 'F1')}"


def tx02(g):
    assert newest_model(g, DA, W) == "Corrasine"
    e, v, ev = claim_best(g, "Corrasine", DA, W)
    return e, v, ev


def tx03(g):
    assert newest_model(g, MI, "chrF") == "Nerrisa"
    return claim_best(g, "Nerrisa", MI, "chrF")


def tx04(g):
    dated, undated = C.newest_topic_paper(g, "Tidal Turbine Fault Detection")
    assert len(dated) > 1 and dated[0][0] > dated[1][0]
    y, t = dated[0]
    return [t, str(y)], None, f"newest {t} ({y}); next {dated[1]}; undated {undated}"


def tx05(g):
    # premise: a recent paper restates Orvalis-CNN 80.2
    assert any(max(g.valid_years(r["paper"])) >= 2024 and C.parse_value(r["value"]) == 80.2
               for r in rows(g, "Orvalis-CNN", BM, "Accuracy"))
    return claim_best(g, "Orvalis-CNN", BM, "Accuracy")


def tx06(g):
    return claim_best(g, "Chirpform", DA, W)


def tx07(g):
    s = sorted(C.models_beating(g, OR, "BLEU", "Murrelet-MT"))
    base = max(surv(g, "Murrelet-MT", OR, "BLEU")[0])
    mine = sorted({m for v, m, st in board(g, OR, "BLEU") if v > base})
    assert s == mine, f"models_beating {s} != own {mine}"
    vals = [fmt(v) for m in s for v in sorted(surv(g, m, OR, "BLEU")[0])]
    return s + vals, None, f"beat 34.2: {s} {vals}; string top {string_top(g, OR, 'BLEU')}"


def tx08(g):
    assert sum(1 for r in rows(g, "Marrowfen", SE, "F1") if C.parse_value(r["value"]) == 78.4) >= 2
    return claim_best(g, "Marrowfen", SE, "F1")


def tx09(g):
    return claim_value(g, "Tavrosa", BM, "Accuracy", 85.4)


def tx10(g):
    return claim_value(g, "Fennick-RNN", DA, W, 18.2)


def tx11(g):
    keep, st = surv(g, "Gannetron", OR, "BLEU")
    return sorted(fmt(v) for v in keep), None, f"{st} {keep}"


def tx12(g):
    return claim_better(g, "Aviquist", "Corrasine", VE, W)


def tx13(g):
    keep, st = surv(g, "Warbleon", HO, "Accuracy")
    papers = sorted({r["title"] for r in rows(g, "Warbleon")})
    assert len(papers) == 3, papers
    return sorted(fmt(v) for v in keep), None, f"{st} {keep}; papers {papers}"


def tx14(g):
    e, v, ev = claim_value(g, "Syrinxa", HO, "Accuracy", 88.3)
    n = C.count_papers(g, "Syrinxa", HO, 88.3)
    assert n == 5, n
    return e, v, ev + f"; {n} papers"


def tx15(g):
    keep, _ = surv(g, "Selkora", SE, "F1")
    others = sorted({r["title"] for r in rows(g, "Selkora", SE, "F1")
                     if C.parse_value(r["value"]) == 88.5 and not r["title"].startswith("Selkora:")})
    if keep == {88.5} and others:
        return ["88.5"] + others, "SUPPORTED", f"other papers {others}"
    return [], "REFUTED" if keep else "UNCERTAIN", f"{keep} {others}"


def tx16(g):
    keep, st = surv(g, "Corrasine", VE, W)
    assert C.count_papers(g, "Corrasine", VE, 7.2) == 2
    return sorted(fmt(v) for v in keep), None, f"{st} {keep}"


def tx17(g):
    m, v = best(g, SK, "Mean IoU", 2019)
    return [m, fmt(v)], None, f"best to 2019 {m} {v}; naive {naive_best(g, SK, 'Mean IoU', 2019)}"


def tx18(g):
    return claim_best(g, "Orvalis-CNN", BM, "Accuracy", 2018)


def tx19(g):
    m, v = best(g, KW, "Mean IoU", 2020)
    return [m, fmt(v)], None, f"best to 2020 {m} {v}; naive {naive_best(g, KW, 'Mean IoU', 2020)}"


def tx20(g):
    return claim_best(g, "Trillbert", DA, W, 2022)


def tx21(g):
    e, v, ev = claim_best(g, "Tidewick", SE, "F1", 2019)
    # the answer must not depend on which of Tidewick's two years is right
    for y in years(g, "Tidewick:"):
        bb = [(C.parse_value(r["value"]), r["model"]) for r in rows(g, None, SE, "F1")
              if (y if r["model"] == "Tidewick" else min(g.valid_years(r["paper"]) or [9999])) <= 2019]
        bb.sort(reverse=True)
        assert bb[0][1] == e[0], f"with Tidewick year {y}: {bb[0]}"
    return e, v, ev + f"; naive {naive_best(g, SE, 'F1', 2019)}"


def tx22(g):
    _, d = paper(g, "Undertow-GNN:")
    assert len(d["dois"]) == 2
    return sorted(d["dois"]), None, f"dois {d['dois']}"


def tx23(g):
    return claim_newer(g, "Marrowfen: Graph Features for Drivetrain", "Tidewick:")


def tx24(g):
    e, v, ev = claim_newer(g, "Lumoria:", "Sallowmere:")  # 'Sallowmere older than Lumoria' == 'Lumoria newer than Sallowmere'
    return e, v, ev + f"; raw Sallowmere P29 {paper(g, 'Sallowmere:')[1]['years']}"


def tx25(g):
    msg = C.check_absent_words(g, "iceberg", "forecast")
    assert g.ask(C.ASK_LABEL_WORDS.format(regex="calving")), "shared word should be present"
    return [], None, msg


def absent_pair(g, model, dataset):
    assert not rows(g, model, dataset), f"{model} has rows on {dataset}"
    return C.check_absent_pair(g, model, dataset)


def tx26(g):
    msg = absent_pair(g, "Lumoria", BM)
    assert any(C.parse_value(r["value"]) == 61.5 for r in rows(g, "Lumoria"))  # the value is real, elsewhere
    assert 61.5 < best(g, BM, "Accuracy")[1]  # not beyond the board's best
    return [], "UNCERTAIN", msg


def tx27(g):
    rr = rows(g, "Ostrada-T", MI, "chrF")
    assert rr and all(C.parse_value(r["value"]) is None for r in rr), rr
    keep, st = surv(g, "Ostrada-T", MI, "chrF")
    assert not keep
    return [], None, f"raw {[r['value'] for r in rr]}; surviving {keep}"


def tx28(g):
    vals = {C.parse_value(r["value"]) for r in rows(g, "Wendrel-S", CI, "F1") if r["title"].startswith("Wendrel-S:")}
    assert any(C.parse_value(r["value"]) == 91.2 for r in rows(g, None, CI, "F1"))  # real value elsewhere
    assert not any(C.parse_value(r["value"]) == 91.2 for r in rows(g, None, CI, "F1") if r["title"].startswith("Wendrel-S:"))
    if not vals:
        return [], "UNCERTAIN", "paper states nothing"
    return sorted(fmt(v) for v in vals), ("SUPPORTED" if vals == {91.2} else "REFUTED"), f"Wendrel-S paper states {vals}"


def tx29(g):
    b = board(g, SE, "F1", 2012)
    nb = naive_best(g, SE, "F1", 2012)
    assert nb is not None, "trap: the careless reading should find something"
    return ([b[0][1], fmt(b[0][0])] if b else []), None, f"board to 2012 {b}; naive {nb}"


def tx30(g):
    m, v = best(g, OR, "BLEU", 2017)
    pin = sorted(((C.parse_value(r["value"]), r["model"]) for r in rows(g, None, OR, "BLEU")
                  if 2017 in g.valid_years(r["paper"])), reverse=True)
    assert pin[0][1] == m, f"'published in 2017' reading gives {pin[0]}"
    st = string_top(g, OR, "BLEU")
    assert st and st[0]["model"] != m, f"string sort trap {st}"
    return [m, fmt(v)], None, f"best to 2017 {m} {v}; string top {st}"


# id: (graph, anchor written in the text, computer, gate kind)
SPEC = {
    "TX01": ("g1", None, tx01, None), "TX02": ("g2", None, tx02, None), "TX03": ("g3", None, tx03, None),
    "TX04": ("g4", None, tx04, None), "TX05": ("g1", None, tx05, None), "TX06": ("g2", None, tx06, None),
    "TX07": ("g3", None, tx07, None), "TX08": ("g4", None, tx08, None), "TX09": ("g1", None, tx09, None),
    "TX10": ("g2", None, tx10, None), "TX11": ("g3", None, tx11, None), "TX12": ("g2", None, tx12, None),
    "TX13": ("g2", None, tx13, None), "TX14": ("g2", None, tx14, None), "TX15": ("g4", None, tx15, None),
    "TX16": ("g2", None, tx16, None), "TX17": ("g1", 2019, tx17, None), "TX18": ("g1", 2018, tx18, None),
    "TX19": ("g4", 2020, tx19, None), "TX20": ("g2", 2022, tx20, None), "TX21": ("g4", 2019, tx21, None),
    "TX22": ("g4", None, tx22, None), "TX23": ("g4", None, tx23, None), "TX24": ("g1", None, tx24, None),
    "TX25": ("g1", None, tx25, "absent topic"), "TX26": ("g1", None, tx26, "model never run on dataset"),
    "TX27": ("g3", None, tx27, "'-' score"), "TX28": ("g1", None, tx28, "value from another paper"),
    "TX29": ("g4", 2012, tx29, "anchor before any result"), "TX30": ("g3", 2017, tx30, "string sort"),
}

WANT = {
    "mechanism": {"recency": 4, "superseded": 4, "conflict": 5, "corroboration": 3, "as_of": 5, "metadata": 3, "gate": 6},
    "query_type": {"claim_verification": 17, "method_comparison": 10, "paper_lookup": 1, "topic_search": 1, "method_usage": 1},
    "verdict": {"SUPPORTED": 3, "REFUTED": 9, "UNCERTAIN": 5, "None": 13},
    "graph": {"g1.ttl": 9, "g2.ttl": 8, "g3.ttl": 5, "g4.ttl": 8},
}
FIELDS = ["id", "graph", "question", "query_type", "mechanism", "expected", "verdict", "must_remove", "must_keep", "notes"]


def parse_anchor(text):
    s = text.lower()
    m = re.search(r"\b(?:before|prior to) (\d{4})\b", s)
    if m:
        return int(m.group(1)) - 1
    m = re.search(r"\b(?:as of|by|back in|in) (\d{4})\b", s)
    if m:
        return int(m.group(1))
    assert not re.search(r"\b(19|20)\d\d\b", s), "a year in the text that is not an anchor"
    return None


def top_at(g, dataset, metric, year):
    try:
        b = board(g, dataset, metric, year)
    except AssertionError:
        return None
    return (b[0][1], b[0][0]) if b else None


def norm(s):
    return re.sub(r"\W+", " ", s.lower()).strip()


def main():
    graphs = {k + ".ttl": C.G(os.path.join(GDIR, k + ".ttl")) for k in ("g1", "g2", "g3", "g4")}
    fails = 0

    def fail(msg):
        nonlocal fails
        fails += 1
        print("  FAIL", msg)

    qs = [json.loads(l) for l in open(JSONL) if l.strip()]
    print(f"TRUST_NOW={C.NOW}; check.py from {CDIR}; graphs from {GDIR}; {len(qs)} questions in {os.path.basename(JSONL)}")
    ids = [q.get("id") for q in qs]
    if ids != [f"TX{i:02d}" for i in range(1, 31)]:
        fail(f"ids are not TX01..TX30 in order: {ids}")
    if len(set(norm(q["question"]) for q in qs)) != len(qs):
        fail("duplicate question text")
    dev_path = os.path.join(CDIR, "trust-dev.jsonl")
    dev_q = {norm(json.loads(l)["question"]) for l in open(dev_path)} if os.path.exists(dev_path) else set()
    counts = {k: {} for k in WANT}
    for q in qs:
        for k in counts:
            counts[k][str(q.get(k))] = counts[k].get(str(q.get(k)), 0) + 1
    for k, want in WANT.items():
        if counts[k] != want:
            fail(f"{k} counts {counts[k]} != {want}")
    kinds = sorted(SPEC[q["id"]][3] for q in qs if q.get("mechanism") == "gate" and q.get("id") in SPEC)
    if len(set(kinds)) != 6 or None in kinds:
        fail(f"gate kinds: {kinds}")
    for q in qs:
        qid = q.get("id")
        try:
            assert list(q) == FIELDS, f"fields {list(q)}"
            assert qid in SPEC, "no computer for this id"
            assert norm(q["question"]) not in dev_q, "same question as trust-dev.jsonl"
            assert q["verdict"] in ("SUPPORTED", "REFUTED", "UNCERTAIN", None)
            assert (q["verdict"] is not None) == (q["query_type"] == "claim_verification"), "verdict iff claim"
            gk, anchor, fn, kind = SPEC[qid]
            assert q["graph"] == gk + ".ttl", f"graph {q['graph']} != {gk}"
            assert (kind is not None) == (q["mechanism"] == "gate"), "gate kind vs mechanism"
            written = parse_anchor(q["question"])
            assert written == anchor, f"anchor in text {written} != {anchor}"
            g = graphs[q["graph"]]
            exp, verdict, ev = fn(g)
            assert sorted(set(exp)) == sorted(set(q["expected"])), f"expected {q['expected']} but recomputed {exp} ({ev})"
            assert verdict == q["verdict"], f"verdict {q['verdict']} but recomputed {verdict} ({ev})"
            if q["mechanism"] == "gate" and not q["expected"]:
                assert q["verdict"] in (None, "UNCERTAIN")
            text = C.graph_text(g)
            for e in q["expected"]:
                assert e in text, f"expected string {e!r} not in the graph"
            assert not set(q["must_keep"]) & set(q["must_remove"]), "fact in both must_keep and must_remove"
            for f in q["must_keep"] + q["must_remove"]:
                mm = C.FACT_RE.match(f)
                assert mm, f"bad fact {f}"
                assert C.fact_exists(g, f), f"fact not in graph: {f}"
                assert mm.group(2) == fmt(float(mm.group(2))), f"value not clean: {f}"
            for f in q["must_keep"]:
                m, v, d, mt = C.FACT_RE.match(f).groups()
                keep, _ = surv(g, m, d, mt, anchor)
                assert float(v) in keep, f"must_keep does not survive (anchor {anchor}): {f}"
            for f in q["must_remove"]:
                m, v, d, mt = C.FACT_RE.match(f).groups()
                v = float(v)
                keep, _ = surv(g, m, d, mt, anchor)
                b = board(g, d, mt, anchor)
                assert not (v in keep and b and b[0][1] == m and b[0][0] == v), f"must_remove is the surviving best: {f}"
                if v in keep:
                    was = [y for y in range(1990, C.NOW + 1) if top_at(g, d, mt, y) == (m, v)]
                    assert was, f"must_remove survives and was never the best: {f}"
                    ev += f"; remove(b) {m} {fmt(v)} best {was[0]}-{was[-1]}"
                elif anchor is not None and v in surv(g, m, d, mt)[0]:
                    ev += f"; remove(c) {m} {fmt(v)} after anchor/undated"
                else:
                    assert v not in surv(g, m, d, mt)[0], f"must_remove neither removed nor after anchor: {f}"
                    ev += f"; remove(a) {m} {fmt(v)} loses a clear conflict"
            print(f"  ok   {qid} [{q['graph']} {q['mechanism']}/{q['query_type']}/{q['verdict']}] {ev}")
        except AssertionError as ex:
            fail(f"{qid} {ex}")
    for k, v in counts.items():
        print(f"{k}: {json.dumps(dict(sorted(v.items())))}")
    print("gate kinds:", kinds)
    print("\nFAILURES:", fails)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
