#!/usr/bin/env python3
"""Writes trust-dev18.jsonl: a reviewer's checks of a manuscript's sentences, over every fact (TV001, ...).

Claim forms that files 15-17 do not ask, each applied to every fact it fits, in fixed plain wording, graph labels
written exactly. Every question is a claim (claim_verification, with a verdict).

  T1  threshold, every (model, dataset, metric): just under / just over the surviving value(s), and between the two
      values of a close conflict:
        "Does <model> score above <V> on <dataset> by <metric>?"  /  "<model> gets at least <V> on <dataset> by <metric>, right?"
        on Word Error Rate: "... score below <V> ..."  /  "... gets at most <V> ..."           (plain numeric truth)
  T2  approximate, every (model, dataset, metric): the surviving value rounded to an integer, an integer 3 or more away,
      and the rounded losing value of a clear conflict:
        "<model> scores about <V> on <dataset>, right?"       ("about V" = within 0.5 of V, inclusive)
  T3  margins, every pair of models on a board:
        "<A> beats <B> on <dataset> by <M> <metric> points, right?"
  T4  ranks now, every board whose top three do not depend on a close conflict:
        "Is <model> now the second-best model on <dataset> by <metric>?"  (and third-best)
  T5  firsts, one threshold per record step (between the record before and the new record):
        "Was <model> the first model to reach <V> <metric> on <dataset>?"
        on Word Error Rate: "Was <model> the first model to get Word Error Rate below <V> on <dataset>?"
  T6  a pairing the graph does not record: another metric on the model's dataset, or another dataset of the graph
      on which the model has no result:
        "Does <model> score <V> on <dataset> by <metric>?"
  T7  the year of a result:
        "<model>'s <V> on <dataset> was reported in <YEAR>, right?"
  T8  "since":
        "Nobody has beaten <model>'s <V> on <dataset> since <YEAR>, right?"

Public rules only (main/README.md "Answers you can trust"; eval/gold/trust/README.md "The questions", "Conflict
margins", "Known ambiguities"). Conflicts come from check.py's reference rules (check.surviving, imported, never
read): a clear conflict's weaker value is removed, a close conflict keeps both values. A claim is decided when it
comes out the same for every choice of the true value of each close conflict (SUPPORTED / REFUTED); when the choices
disagree it is UNCERTAIN. Anything that depends on an undated paper, on which of two real years is right, or on a
reading the README leaves open is left out (LEFT_OUT, printed). A question whose fields (apart from notes) are not
the same for every current year 2025-2030 is dropped. More than LIMIT questions -> an even sample per (template,
graph) with SEED: each cell keeps its share (at least 1), and within a cell every (verdict, mechanism) kind it holds
is drawn once before the rest is drawn at random.

Run: python3 gen18.py   (writes trust-dev18.jsonl beside this file and prints counts and what it left out)
Looks for check.py and g1.ttl .. g4.ttl beside this file first, then in /work/main/eval/gold/trust.
"""
import sys

sys.dont_write_bytecode = True  # never leave a __pycache__ beside check.py

import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
from decimal import Decimal, ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP  # noqa: E402
from itertools import product  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FALLBACK = "/work/main/eval/gold/trust"
NEEDED = ("check.py", "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")
TRUST_DIR = next(d for d in (HERE, FALLBACK) if all(os.path.exists(os.path.join(d, f)) for f in NEEDED))
if TRUST_DIR not in sys.path:
    sys.path.insert(0, TRUST_DIR)
import check as C  # noqa: E402  (graph loading and the reference conflict rules; used, never read)

OUT = os.path.join(HERE, "trust-dev18.jsonl")
GRAPHS = ("g1", "g2", "g3", "g4")
YEARS = range(2025, 2031)  # current years the answers must not depend on
LIMIT, SEED = 320, 18
STEP = Decimal("0.3")      # T1: "just under / just over"
FAR = Decimal(3)           # T2: "off by 3 or more"
WRONG_MARGIN = Decimal(2)  # T3: a wrong margin is the true one plus 2 points (when no careless margin applies)
ORD = {2: "second", 3: "third"}

# eval/gold/trust/README.md "Conflict margins": the ten conflicts, with their outcome under all six readings.
README_CONFLICTS = {
    ("KestrelNet", "BenchMira", "Accuracy"): "clear",
    ("Orvalis-CNN", "Corvalla-Ice", "F1"): "clear",
    ("Fennick-RNN", "Dastrup-7 Chorus", "Word Error Rate"): "clear",
    ("Syrinxa", "Hollenby Marsh Calls", "Accuracy"): "clear",
    ("Gannetron", "Orrenby Parallel Corpus", "BLEU"): "clear",
    ("Tavrosa", "BenchMira", "Accuracy"): "close",
    ("Trillbert", "Dastrup-7 Chorus", "Word Error Rate"): "close",
    ("Aviquist", "Veltmoor Dawn Set", "Word Error Rate"): "close",
    ("Warbleon", "Hollenby Marsh Calls", "Accuracy"): "close",
    ("Murrelet-MT", "Mirelle Subtitles", "chrF"): "close",
}

LEFT_OUT = []
BEFORE_SAMPLING = {}


def leave_out(tpl, gk, what, why):
    LEFT_OUT.append((tpl, gk, what, why))


# ---- reading the graph -----------------------------------------------------------------------------------
def num(raw):
    return C.parse_value(raw)


def fmt(v):
    return C.fmt(float(v))


def dec(v):
    return Decimal(str(v))


def intext(v):
    """an integer threshold written as people write it (75, not 75.0); other values in clean form"""
    d = dec(v)
    return str(int(d)) if d == d.to_integral_value() else fmt(v)


def lower(metric):
    return metric in C.LOWER_BETTER


def better(a, b, metric):
    return a < b if lower(metric) else a > b


def direction(metric):
    return "lower is better" if lower(metric) else "higher is better"


def fact(model, v, dataset, metric):
    return f"{model} scores {fmt(v)} on {dataset} by {metric}"


def boards(g):
    return sorted({(r["dataset"], r["metric"]) for r in g.rows})


def rows_of(g, dataset, metric, model=None):
    return [r for r in g.rows if r["dataset"] == dataset and r["metric"] == metric
            and (model is None or r["model"] == model)]


def models_of(g, dataset, metric):
    return sorted({r["model"] for r in rows_of(g, dataset, metric)})


def stored(g, model, dataset, metric):
    return sorted({num(r["value"]) for r in rows_of(g, dataset, metric, model)} - {None})


def surv(g, model, dataset, metric):
    keep, status, _ = C.surviving(g, model, dataset, metric, None)
    return sorted(keep), status


def removed(g, model, dataset, metric):
    keep, _ = surv(g, model, dataset, metric)
    return [v for v in stored(g, model, dataset, metric) if v not in keep]


def years_of(g, paper):
    """publication years: P29 values that are years (a P29 of 1-12 is a month written under the year predicate)"""
    return sorted({y for y in g.papers[paper]["years"] if 1900 <= y <= C.NOW})


def stating(g, model, dataset, metric, v):
    """papers stating v for the triple: [(paper, title, years)]"""
    return sorted({(r["paper"], r["title"], tuple(years_of(g, r["paper"])))
                   for r in rows_of(g, dataset, metric, model) if num(r["value"]) == v})


def vals_text(vs):
    return " / ".join(fmt(v) for v in sorted(vs))


def years_text(g, model, dataset, metric, v):
    return ", ".join(("/".join(str(y) for y in ys) if ys else "no year") for _, _, ys in stating(g, model, dataset,
                                                                                             metric, v))


def numeric_models(g, dataset, metric):
    return [mo for mo in models_of(g, dataset, metric) if stored(g, mo, dataset, metric)]


def conflict_ok(g, gk, tpl, model, dataset, metric):
    """the triple's conflict outcome is the README's (same under all six readings); else left out"""
    keep, st = surv(g, model, dataset, metric)
    want = README_CONFLICTS.get((model, dataset, metric), "single")
    if len(stored(g, model, dataset, metric)) > 1 and st != want or st == "AMBIGUOUS":
        leave_out(tpl, gk, f"{model} on {dataset}", f"conflict status {st}, README says {want}")
        return False
    return True


def value_worlds(g, dataset, metric, models):
    """every choice of one surviving value per model (a close conflict gives two choices)"""
    opts = [[(mo, v) for v in surv(g, mo, dataset, metric)[0]] for mo in models]
    return [dict(c) for c in product(*opts)]


def year_worlds(g, dataset, metric):
    """every choice of one year for each paper on the board that has two real years"""
    multi = sorted({r["paper"] for r in rows_of(g, dataset, metric) if len(years_of(g, r["paper"])) > 1})
    return [dict(zip(multi, c)) for c in product(*[years_of(g, p) for p in multi])]


def paper_year(g, paper, yw):
    if paper in yw:
        return yw[paper]
    ys = years_of(g, paper)
    return ys[0] if ys else None


def Q(tpl, gk, question, mech, expected, verdict, remove, keep, notes):
    return {"_tpl": tpl, "graph": gk + ".ttl", "question": question, "query_type": "claim_verification",
            "mechanism": mech, "expected": list(expected), "verdict": verdict, "must_remove": sorted(set(remove)),
            "must_keep": sorted(set(keep)), "notes": notes}


def triple_mech(g, model, dataset, metric):
    return "conflict" if len(stored(g, model, dataset, metric)) > 1 else "corroboration"


def verdict_of(truths):
    truths = set(truths)
    return "SUPPORTED" if truths == {True} else "REFUTED" if truths == {False} else "UNCERTAIN"


# T1 threshold claims -------------------------------------------------------------------------------------
def t1(g, gk):
    out = []
    for d, m in boards(g):
        for mo in models_of(g, d, m):
            if not stored(g, mo, d, m):
                V = Decimal("50.0")
                w = "below" if lower(m) else "above"
                out.append(Q("T1", gk, f"Does {mo} score {w} {fmt(V)} on {d} by {m}?", "gate", [], "UNCERTAIN", [], [],
                             f"Rule: {mo}'s only row on {d} / {m} is '-' (not reported): the graph records no number, "
                             f"so no threshold can be checked (README 'Gate questions'). Right: UNCERTAIN, no score "
                             f"recorded. Careless: '-' read as 0 (REFUTED), or a score from another board."))
                continue
            if not conflict_ok(g, gk, "T1", mo, d, m):
                continue
            keep, st = surv(g, mo, d, m)
            lose = removed(g, mo, d, m)
            allv = [dec(v) for v in stored(g, mo, d, m)]
            lo, hi = dec(min(keep)), dec(max(keep))
            under, over = lo - STEP, hi + STEP
            while under in allv:
                under -= Decimal("0.1")
            while over in allv:
                over += Decimal("0.1")
            if lower(m):
                cases = [(over, "SUPPORTED"), (under, "REFUTED")]
            else:
                cases = [(under, "SUPPORTED"), (over, "REFUTED")]
            if len(keep) > 1:
                mid = ((lo + hi) / 2).quantize(Decimal("0.1"), ROUND_HALF_UP)
                assert lo < mid < hi
                cases.append((mid, "UNCERTAIN"))
            rnd = random.Random(f"{SEED}|T1|{mo}|{d}")
            first_form = rnd.random() < 0.5
            for i, (V, _) in enumerate(cases):
                form = first_form if i % 2 == 0 else not first_form
                if lower(m):
                    q = (f"Does {mo} score below {fmt(V)} on {d} by {m}?" if form else
                         f"{mo} gets at most {fmt(V)} on {d} by {m}, right?")
                    holds = (lambda x, V=V: dec(x) < V) if form else (lambda x, V=V: dec(x) <= V)
                    word = "below" if form else "at most"
                else:
                    q = (f"Does {mo} score above {fmt(V)} on {d} by {m}?" if form else
                         f"{mo} gets at least {fmt(V)} on {d} by {m}, right?")
                    holds = (lambda x, V=V: dec(x) > V) if form else (lambda x, V=V: dec(x) >= V)
                    word = "above" if form else "at least"
                verdict = verdict_of(holds(x) for x in keep)
                careless = verdict_of(holds(x) for x in stored(g, mo, d, m))
                rule = {"single": "one value", "clear": f"a clear conflict: {vals_text(lose)} is removed",
                        "close": "a close conflict: both values stand"}[st]
                cl = []
                if lose and careless != verdict:
                    cl.append(f"{careless} from the removed {vals_text(lose)}")
                if st == "close":
                    cl.append("one side of the close conflict picked silently")
                if verdict == "REFUTED":
                    cl.append(f"SUPPORTED by rounding (the value is within {fmt(STEP + Decimal('0.2'))} of {fmt(V)})")
                elif verdict == "SUPPORTED":
                    cl.append(f"REFUTED because {fmt(V)} is not the recorded number")
                if lower(m):
                    cl.append("the comparison flipped because lower is better on Word Error Rate")
                out.append(Q("T1", gk, q, triple_mech(g, mo, d, m), [fmt(v) for v in keep], verdict,
                             [fact(mo, v, d, m) for v in lose], [fact(mo, v, d, m) for v in keep],
                             f"Rule: plain numeric comparison of the surviving value(s) with {fmt(V)} ('{word}'); "
                             f"{mo} on {d} / {m} ({direction(m)}): stored {vals_text(stored(g, mo, d, m))}, {rule} "
                             f"(README 'Conflict margins'); a close conflict that straddles the threshold is UNCERTAIN. "
                             f"Right: {verdict} ({vals_text(keep)} {word} {fmt(V)}: "
                             f"{', '.join(str(holds(x)).lower() for x in keep)}). Careless: {'; '.join(cl)}."))
    return out


# T2 approximate claims -----------------------------------------------------------------------------------
def about(x, V):
    return abs(dec(x) - V) <= Decimal("0.5")


def t2(g, gk):
    out = []
    for d, m in boards(g):
        for mo in models_of(g, d, m):
            if not stored(g, mo, d, m):
                out.append(Q("T2", gk, f"{mo} scores about 52 on {d}, right?", "gate", [], "UNCERTAIN", [], [],
                             f"Rule: {mo}'s only row on {d} / {m} is '-' (not reported): no number to be 'about'. "
                             f"Right: UNCERTAIN, no score recorded. Careless: the board's other values taken for it."))
                continue
            if not conflict_ok(g, gk, "T2", mo, d, m):
                continue
            keep, st = surv(g, mo, d, m)
            lose = removed(g, mo, d, m)
            claims = []
            for x in keep:
                V = dec(x).quantize(Decimal(1), ROUND_HALF_UP)
                if V not in [c for c, _ in claims]:
                    claims.append((V, "rounded"))
            if lower(m):
                V = (dec(min(keep)) - FAR).to_integral_value(ROUND_FLOOR)
            else:
                V = (dec(max(keep)) + FAR).to_integral_value(ROUND_CEILING)
            if V > 0:
                claims.append((V, "far"))
            for x in lose:
                V = dec(x).quantize(Decimal(1), ROUND_HALF_UP)
                if all(abs(V - dec(k)) >= FAR for k in keep) and V not in [c for c, _ in claims]:
                    claims.append((V, "removed"))
                elif V not in [c for c, _ in claims]:
                    leave_out("T2", gk, f"{mo} about {V} on {d}", "the removed value rounds to an integer less "
                              "than 3 from the surviving value: neither SUPPORTED nor clearly REFUTED")
            for V, kind in claims:
                verdict = verdict_of(about(x, V) for x in keep)
                if kind == "far":
                    assert all(abs(V - dec(k)) >= FAR for k in keep) and verdict == "REFUTED"
                careless = verdict_of(about(x, V) for x in stored(g, mo, d, m))
                cl = {"rounded": "one side of the close conflict picked silently" if st == "close" else
                      "'about' read as 'exactly' (REFUTED)",
                      "far": "SUPPORTED because the value is 'in the same range'",
                      "removed": f"SUPPORTED from the removed {vals_text(lose)} (no conflict removal)"}[kind]
                if careless != verdict and kind != "removed":
                    cl += f"; {careless} from the removed {vals_text(lose)}"
                out.append(Q("T2", gk, f"{mo} scores about {V} on {d}, right?", triple_mech(g, mo, d, m),
                             [fmt(v) for v in keep], verdict, [fact(mo, v, d, m) for v in lose],
                             [fact(mo, v, d, m) for v in keep],
                             f"Rule: 'about {V}' holds when the surviving value is within 0.5 of {V} (inclusive); "
                             f"a close conflict with one value within and one not is UNCERTAIN. {mo} on {d} / {m}: "
                             f"stored {vals_text(stored(g, mo, d, m))}; surviving {vals_text(keep)} ({st}). "
                             f"Right: {verdict}. Careless: {cl}."))
    return out


# T3 margins --------------------------------------------------------------------------------------------------
def first_year(g, model, dataset, metric):
    ys = [y for r in rows_of(g, dataset, metric, model) for y in years_of(g, r["paper"])]
    return min(ys) if ys else None


def first_years(g, model, dataset, metric):
    """the model's possible first years on the board, over every choice of year for a paper with two real years"""
    out = set()
    for yw in year_worlds(g, dataset, metric):
        ys = [paper_year(g, r["paper"], yw) for r in rows_of(g, dataset, metric, model)]
        ys = [y for y in ys if y is not None]
        if ys:
            out.add(min(ys))
    return out


def margin_truth(a_val, b_val, M, metric):
    return better(a_val, b_val, metric) and abs(dec(a_val) - dec(b_val)) == M


def t3(g, gk):
    out = []
    for d, m in boards(g):
        ms = models_of(g, d, m)
        for i, x in enumerate(ms):
            for y in ms[i + 1:]:
                if not stored(g, x, d, m) or not stored(g, y, d, m):
                    leave_out("T3", gk, f"{x} / {y} on {d}", "a '-' score: no margin")
                    continue
                if not (conflict_ok(g, gk, "T3", x, d, m) and conflict_ok(g, gk, "T3", y, d, m)):
                    continue
                kx, ky = surv(g, x, d, m)[0], surv(g, y, d, m)[0]
                combos = [(a, b) for a in kx for b in ky]
                if any(a == b for a, b in combos):
                    leave_out("T3", gk, f"{x} / {y} on {d}", "a tie")
                    continue
                winners = {x if better(a, b, m) else y for a, b in combos}
                claims = []  # (A, B, M, kind)
                if len(winners) == 1:
                    W = winners.pop()
                    L = y if W == x else x
                    kw, kl = (kx, ky) if W == x else (ky, kx)
                    margins = sorted({abs(dec(a) - dec(b)) for a in kw for b in kl})
                    claims.append((W, L, margins[0], "true"))
                    # the wrong claim: a removed value's margin (careless), a reversed winner on WER, or +2 points
                    wrong = None
                    for mo, other in ((x, y), (y, x)):
                        for lv in removed(g, mo, d, m):
                            for ov in surv(g, other, d, m)[0]:
                                A, B = (mo, other) if better(lv, ov, m) else (other, mo)
                                Mc = abs(dec(lv) - dec(ov))
                                ka_, kb_ = surv(g, A, d, m)[0], surv(g, B, d, m)[0]
                                if wrong is None and verdict_of(margin_truth(a, b, Mc, m)
                                                                for a in ka_ for b in kb_) == "REFUTED":
                                    wrong = (A, B, Mc, "removed")
                    if wrong is None and lower(m):
                        wrong = (L, W, margins[0], "reversed")
                    if wrong is None:
                        wrong = (W, L, margins[-1] + WRONG_MARGIN, "plus2")
                    claims.append(wrong)
                else:
                    # a close conflict straddles: who wins depends on which value is right
                    A = x if random.Random(f"{SEED}|T3|{x}|{y}").random() < 0.5 else y
                    B = y if A == x else x
                    ka, kb = (kx, ky) if A == x else (ky, kx)
                    Ms = sorted({abs(dec(a) - dec(b)) for a in ka for b in kb if better(a, b, m)})
                    claims.append((A, B, Ms[0], "straddle"))
                    leave_out("T3", gk, f"{x} / {y} on {d}: a wrong margin", "the order itself is open (a close "
                              "conflict straddles), so only the UNCERTAIN claim is asked")
                for A, B, M, kind in claims:
                    ka, kb = (kx, ky) if A == x else (ky, kx)
                    verdict = verdict_of(margin_truth(a, b, M, m) for a in ka for b in kb)
                    ca, cb = removed(g, A, d, m) or ka, removed(g, B, d, m) or kb
                    careless = verdict_of(margin_truth(a, b, M, m) for a in ca for b in cb)
                    fa, fb = first_years(g, A, d, m), first_years(g, B, d, m)
                    if len(stored(g, A, d, m)) > 1 or len(stored(g, B, d, m)) > 1:
                        mech = "conflict"
                    elif not fa or not fb or len({(x > y) - (x < y) for x in fa for y in fb}) > 1 or fa & fb:
                        mech = "corroboration"
                    else:
                        winner = A if verdict_of(better(a, b, m) for a in ka for b in kb) == "SUPPORTED" else B
                        newer = A if min(fa) > min(fb) else B
                        mech = "superseded" if winner == newer else "recency"
                    true_m = sorted({f"{(x if better(a, b, m) else y)} by {fmt(abs(dec(a) - dec(b)))}"
                                     for a in kx for b in ky})
                    cl = {"true": "a margin computed from a removed value" if (removed(g, A, d, m) or removed(g, B, d, m))
                          else "one side of the close conflict picked silently" if verdict == "UNCERTAIN"
                          else "REFUTED because the numbers are not restated exactly",
                          "removed": f"{careless} from the removed value",
                          "reversed": "SUPPORTED with higher read as better on Word Error Rate",
                          "plus2": f"SUPPORTED because {A} does beat {B} (the margin not checked)",
                          "straddle": "one side of the close conflict picked silently"}[kind]
                    out.append(Q("T3", gk, f"{A} beats {B} on {d} by {fmt(M)} {m} points, right?", mech,
                                 [fmt(v) for v in sorted(set(ka) | set(kb))], verdict,
                                 [fact(A, v, d, m) for v in removed(g, A, d, m)] +
                                 [fact(B, v, d, m) for v in removed(g, B, d, m)],
                                 [fact(A, v, d, m) for v in ka] + [fact(B, v, d, m) for v in kb],
                                 f"Rule: the claim holds when {A} is better ({direction(m)}) by exactly {fmt(M)} for "
                                 f"every surviving value of each (a removed value does not count; a close conflict that "
                                 f"gives another margin or winner is UNCERTAIN). {A}: {vals_text(ka)}; {B}: "
                                 f"{vals_text(kb)}; true margin(s): {'; '.join(true_m)}. Right: {verdict}. "
                                 f"Careless: {cl}."))
    return out


# T4 ranks now ------------------------------------------------------------------------------------------------
def rankings(g, d, m, values):
    """[(ordered models)] for every value world; values: model -> list of candidate values"""
    out = []
    models = sorted(values)
    for combo in product(*[[(mo, v) for v in values[mo]] for mo in models]):
        w = dict(combo)
        vs = list(w.values())
        if len(set(vs)) < len(vs):
            return None
        out.append((sorted(models, key=lambda mo: w[mo] if lower(m) else -w[mo]), w))
    return out


def t4(g, gk):
    out = []
    for d, m in boards(g):
        ms = numeric_models(g, d, m)
        if not all(conflict_ok(g, gk, "T4", mo, d, m) for mo in ms):
            continue
        vals = {mo: surv(g, mo, d, m)[0] for mo in ms}
        worlds = rankings(g, d, m, vals)
        if worlds is None or len(ms) < 3:
            leave_out("T4", gk, d, "a tie, or fewer than three models with a number")
            continue
        tops = {tuple(o[:3]) for o, _ in worlds}
        if len(tops) > 1:
            leave_out("T4", gk, d, f"the top three depend on a close conflict ({sorted(tops)})")
            continue
        order = worlds[0][0]
        careless_vals = {mo: [max(stored(g, mo, d, m)) if not lower(m) else min(stored(g, mo, d, m))] for mo in ms}
        corder = rankings(g, d, m, careless_vals)[0][0]
        undated = [mo for mo in ms if first_year(g, mo, d, m) is None]
        for r in (2, 3):
            cands = []
            for mo in order[r - 2:r + 1] + [corder[r - 1]]:
                if mo not in cands:
                    cands.append(mo)
            for mo in cands:
                verdict = verdict_of(o.index(mo) + 1 == r for o, _ in worlds)
                if verdict == "UNCERTAIN":
                    leave_out("T4", gk, f"{mo} {ORD[r]} on {d}", "its rank depends on a close conflict")
                    continue
                cv = "SUPPORTED" if corder.index(mo) + 1 == r else "REFUTED"
                truth = order[r - 1]
                worst_r = max(vals[truth]) if lower(m) else min(vals[truth])
                remove = [fact(x, v, d, m) for x in ms for v in removed(g, x, d, m) if better(v, worst_r, m)]
                keep = [fact(x, v, d, m) for x in order[:r] + [mo] for v in vals[x]]
                exp = [mo] + [fmt(v) for v in vals[mo]] if verdict == "SUPPORTED" else [truth] + [fmt(v) for v in vals[truth]]
                mech = "conflict" if cv != verdict else "superseded"
                ranking = ", ".join(f"{i}. {x} {vals_text(vals[x])}" for i, x in enumerate(order, 1))
                cl = []
                if cv != verdict:
                    cl.append(f"{cv} from a ranking with the removed value(s) kept ({', '.join(corder[:r + 1])} ...)")
                if lower(m):
                    cl.append("the ranking read upwards (higher Word Error Rate as better)")
                cl.append("a model counted twice for its two values" if any(len(vals[x]) > 1 for x in order[:r + 1])
                          else "the newest model taken as the best")
                note_u = (f" {', '.join(undated)} has no usable year; ranked by value it stays in the ranking (README "
                          f"'Known ambiguities' 3: the best now is given with a caveat)." if undated else "")
                out.append(Q("T4", gk, f"Is {mo} now the {ORD[r]}-best model on {d} by {m}?", mech, exp, verdict,
                             remove, keep,
                             f"Rule: models ranked now by their surviving values ({direction(m)}), each model once; "
                             f"a close conflict that does not change the order leaves the ranks decided. Ranking: "
                             f"{ranking}.{note_u} Right: {verdict} (the {ORD[r]}-best is {truth}). "
                             f"Careless: {'; '.join(cl)}."))
    return out


# T5 firsts ---------------------------------------------------------------------------------------------------
def reaches(v, V, metric):
    return dec(v) < V if lower(metric) else dec(v) > V


def clean_between(a, b):
    """a clean number strictly between a < b: the integer nearest the midpoint, else one decimal"""
    a, b = dec(a), dec(b)
    mid = (a + b) / 2
    for step in (Decimal(1), Decimal("0.1")):
        lo = (a / step).to_integral_value(ROUND_FLOOR) + 1
        hi = (b / step).to_integral_value(ROUND_CEILING) - 1
        cands = [k * step for k in range(int(lo), int(hi) + 1) if a < k * step < b]
        if cands:
            return min(cands, key=lambda c: (abs(c - mid), c))
    return None


def first_reacher(g, d, m, V, counted, yw):
    """('first', model, year) | ('tie', models, year) | ('undated', model) | ('none',) | ('no-previous', model);
    counted(row value, model) says whether a row counts in this reading"""
    firsts, earlier = {}, False
    for r in rows_of(g, d, m):
        v = num(r["value"])
        if v is None or not counted(r["model"], v):
            continue
        if not reaches(v, V, m):
            continue
        y = paper_year(g, r["paper"], yw)
        if y is None:
            return ("undated", r["model"])
        firsts[r["model"]] = min(firsts.get(r["model"], 9999), y)
    if not firsts:
        return ("none",)
    y0 = min(firsts.values())
    f = sorted(mo for mo, y in firsts.items() if y == y0)
    if len(f) > 1:
        return ("tie", tuple(f), y0)
    for r in rows_of(g, d, m):
        v = num(r["value"])
        y = paper_year(g, r["paper"], yw)
        if v is not None and counted(r["model"], v) and y is not None and y < y0:
            earlier = True
    if not earlier:
        return ("no-previous", f[0], y0)
    return ("first", f[0], y0)


def first_reacher_year(g, d, m, V, counted, yw):
    ys = [paper_year(g, r["paper"], yw) for r in rows_of(g, d, m) if num(r["value"]) is not None
          and counted(r["model"], num(r["value"])) and reaches(num(r["value"]), V, m)]
    return min(ys)


def readings(g, d, m):
    """(name, counted) for every reading: each choice of a close conflict's value (removed values never count),
    and all stored values counted (no conflict removal: the board as it stood when each paper appeared)"""
    ms = numeric_models(g, d, m)
    out = []
    for w in value_worlds(g, d, m, ms):
        out.append(("surviving " + ", ".join(f"{mo}={fmt(v)}" for mo, v in w.items()
                                             if len(surv(g, mo, d, m)[0]) > 1), lambda mo, v, w=w: w[mo] == v))
    out.append(("all stored values", lambda mo, v: True))
    return out


def t5(g, gk):
    out = []
    for d, m in boards(g):
        ms = numeric_models(g, d, m)
        if not all(conflict_ok(g, gk, "T5", mo, d, m) for mo in ms):
            continue
        allvals = sorted({num(r["value"]) for r in rows_of(g, d, m)} - {None})
        gaps = list(zip(allvals, allvals[1:]))
        if lower(m):
            gaps = gaps[::-1]  # from the worst threshold to the best
        rds = readings(g, d, m)
        yws = year_worlds(g, d, m)
        done = set()
        for a, b in gaps:
            V = clean_between(a, b)
            res = {(name, tuple(sorted(yw.items()))): first_reacher(g, d, m, V, counted, yw)
                   for name, counted in rds for yw in yws}
            kinds = {r[0] for r in res.values()}
            firsts = {r[1] for r in res.values() if r[0] in ("first", "no-previous")}
            what = f"{d}: threshold {intext(V)}"
            if not kinds <= {"first", "no-previous"} or "first" not in kinds or len(firsts) != 1:
                why = "; ".join(sorted({f"{k[0]}: {r[0]} {r[1] if len(r) > 1 else ''}".strip()
                                        for k, r in res.items()}))
                if not (kinds == {"no-previous"} or kinds == {"none"}):
                    leave_out("T5", gk, what, f"the first model to reach it is not the same under every reading ({why})")
                continue
            F = firsts.pop()
            if F in done:
                continue
            done.add(F)
            fyears = sorted({first_reacher_year(g, d, m, V, counted, yw) for _, counted in rds for yw in yws})
            kf = [v for v in surv(g, F, d, m)[0] if reaches(v, V, m)]
            # later models that reached it: every surviving value reaches V, dated after F's year in every reading
            later = []
            for mo in ms:
                if mo == F:
                    continue
                ks = surv(g, mo, d, m)[0]
                if not all(reaches(v, V, m) for v in ks):
                    continue
                ys = [paper_year(g, r["paper"], yw) for r in rows_of(g, d, m, mo) if num(r["value"]) in ks
                      for yw in yws]
                if None in ys or not ys or min(ys) <= max(fyears):
                    continue
                later.append((min(ys), mo))
            later.sort()
            best_now = sorted(ms, key=lambda mo: (min(surv(g, mo, d, m)[0]) if lower(m) else -max(surv(g, mo, d, m)[0])))[0]
            refute = []
            if later:
                refute.append(later[0][1])
                if best_now in [mo for _, mo in later] and best_now not in refute:
                    refute.append(best_now)
            if lower(m):
                phr = lambda mo: f"Was {mo} the first model to get {m} below {intext(V)} on {d}?"  # noqa: E731
            else:
                phr = lambda mo: f"Was {mo} the first model to reach {intext(V)} {m} on {d}?"  # noqa: E731
            exp = [F] + [fmt(v) for v in kf] + ([str(fyears[0])] if len(fyears) == 1 else [])
            remove = [fact(mo, v, d, m) for mo in ms for v in removed(g, mo, d, m) if reaches(v, V, m)]
            ytxt = "/".join(str(y) for y in fyears)
            seq = "; ".join(f"{r['model']} {fmt(num(r['value']))} ({'/'.join(map(str, years_of(g, r['paper']))) or 'no year'})"
                            for r in sorted(rows_of(g, d, m), key=lambda r: (years_of(g, r['paper']) or [0])[0])
                            if num(r["value"]) is not None)
            for mo, verdict in [(F, "SUPPORTED")] + [(x, "REFUTED") for x in refute]:
                keep = [fact(F, v, d, m) for v in kf] + ([fact(mo, v, d, m) for v in surv(g, mo, d, m)[0]]
                                                          if mo != F else [])
                cl = ("REFUTED because a later or better model is the one people cite" if verdict == "SUPPORTED"
                      else f"SUPPORTED because {mo} does reach it (the year not checked)")
                if remove:
                    cl += f"; a removed value ({'; '.join(remove)}) counted"
                out.append(Q("T5", gk, phr(mo), "as_of", exp, verdict, remove, keep,
                             f"Rule: the first model whose result reaches {intext(V)} ({direction(m)}), by the year of "
                             f"the earliest paper stating it; the same under every reading (each close-conflict value, "
                             f"all stored values, each of two real years) and no undated result reaches it. Results: "
                             f"{seq}. Right: {verdict} (first: {F}, {vals_text(kf)}, {ytxt}). Careless: {cl}."))
    return out


# T6 a pairing the graph does not record ----------------------------------------------------------------------
def t6(g, gk):
    out = []
    metrics = sorted({r["metric"] for r in g.rows})
    datasets = sorted({r["dataset"] for r in g.rows})
    for d, m in boards(g):
        for mo in models_of(g, d, m):
            if not stored(g, mo, d, m):
                continue
            keep, st = surv(g, mo, d, m)
            V = max(keep)
            used = {r["metric"] for r in g.rows if r["dataset"] == d}
            m_opts = [x for x in metrics if x not in used]
            if m_opts:
                m2 = random.Random(f"{SEED}|T6m|{mo}|{d}").choice(m_opts)
                out.append(Q("T6", gk, f"Does {mo} score {fmt(V)} on {d} by {m2}?", "gate", [], "UNCERTAIN", [], [],
                             f"Rule: {d} is evaluated by {m} only; the graph records no {m2} result on it, for any "
                             f"model (README 'The questions': [] = not recorded; UNCERTAIN for a pairing the graph "
                             f"lacks). Right: UNCERTAIN, nothing recorded for {mo} on {d} by {m2}. Careless: SUPPORTED "
                             f"from {fact(mo, V, d, m)} (the metric ignored)."))
            d_opts = [x for x in datasets if not any(r["model"] == mo and r["dataset"] == x for r in g.rows)]
            if not d_opts:
                leave_out("T6", gk, f"{mo}: another dataset", "the model has results on every dataset of its graph")
                continue
            d2 = random.Random(f"{SEED}|T6d|{mo}|{d}").choice(d_opts)
            m3s = sorted({r["metric"] for r in g.rows if r["dataset"] == d2})
            assert len(m3s) == 1
            m3 = m3s[0]
            others = numeric_models(g, d2, m3)
            allv = [v for x in others for v in surv(g, x, d2, m3)[0]]
            top = sorted(allv, key=lambda v: v if lower(m3) else -v)[0]
            exp = []
            extra = ""
            if better(V, top, m3):
                holders = [x for x in others if top in surv(g, x, d2, m3)[0]]
                if len(holders) != 1 or len(surv(g, holders[0], d2, m3)[0]) > 1:
                    leave_out("T6", gk, f"{mo} {fmt(V)} on {d2}", "the claimed number is beyond the board's best, "
                              "and that best is one side of a close conflict")
                    continue
                exp = [holders[0], fmt(top)]
                extra = (f" The claimed {fmt(V)} is beyond the board's recorded best, {holders[0]} {fmt(top)} (main "
                         f"README: 'with the board's recorded best when the claimed number is beyond it').")
            out.append(Q("T6", gk, f"Does {mo} score {fmt(V)} on {d2} by {m3}?", "gate", exp, "UNCERTAIN", [], [],
                         f"Rule: the graph records no result of {mo} on {d2} (its results: "
                         f"{', '.join(sorted({r['dataset'] for r in g.rows if r['model'] == mo}))}); a claim about a "
                         f"model the graph records no result of on the board is UNCERTAIN (main README).{extra} "
                         f"Right: UNCERTAIN. Careless: SUPPORTED from {fact(mo, V, d, m)} (the dataset ignored), or "
                         f"REFUTED from the other models' values on {d2}."))
    return out


# T7 the year of a result ----------------------------------------------------------------------------------------
def t7(g, gk):
    out = []
    for d, m in boards(g):
        last = max(y for r in rows_of(g, d, m) for y in years_of(g, r["paper"]))
        for mo in models_of(g, d, m):
            if not stored(g, mo, d, m):
                leave_out("T7", gk, f"{mo} on {d}", "a '-' score: no value to date")
                continue
            if not conflict_ok(g, gk, "T7", mo, d, m):
                continue
            keep, st = surv(g, mo, d, m)
            lose = removed(g, mo, d, m)
            for v in keep:
                sp = stating(g, mo, d, m, v)
                raw = "; ".join(f"'{t.split(':')[0]}' P29 {g.papers[p]['years']}" for p, t, _ in sp)
                firsts = {min(paper_year(g, p, yw) for p, _, ys in sp if paper_year(g, p, yw) is not None)
                          for yw in year_worlds(g, d, m) if any(paper_year(g, p, yw) for p, _, _ in sp)}
                all_years = sorted({y for _, _, ys in sp for y in ys})
                head = f"{mo}'s {fmt(v)} on {d}"
                if not all_years:
                    out.append(Q("T7", gk, f"{head} was reported in {last}, right?", "metadata", [], "UNCERTAIN", [],
                                 [fact(mo, v, d, m)],
                                 f"Rule: a P29 of 1-12 is a month, not a year; the paper stating it ({raw}) has no "
                                 f"usable year, so the graph does not record when it was reported (README 'Gate "
                                 f"questions'). Right: UNCERTAIN, no year recorded. Careless: SUPPORTED from the "
                                 f"board's newest year, or the month read as a year."))
                    continue
                if len(firsts) > 1:
                    for y in sorted(firsts):
                        out.append(Q("T7", gk, f"{head} was reported in {y}, right?", "metadata",
                                     [fmt(v)] + [str(x) for x in all_years], "UNCERTAIN", [], [fact(mo, v, d, m)],
                                     f"Rule: the paper stating it has two real years ({raw}); which is right is not "
                                     f"recorded (README 'Known ambiguities' 4: UNCERTAIN, both years given). Right: "
                                     f"UNCERTAIN, {' or '.join(str(x) for x in all_years)}. Careless: one year picked."))
                    leave_out("T7", gk, f"{head}: a wrong year", "two real years: the README says UNCERTAIN for the "
                              "paper's years and does not say what a year outside both gets")
                    continue
                y0 = firsts.pop()
                wrong, why = None, ""
                for lv in lose:
                    ly = sorted({y for _, _, ys in stating(g, mo, d, m, lv) for y in ys})
                    if ly and ly[0] not in all_years:
                        wrong, why = ly[0], f"the year of the removed {fmt(lv)}"
                for ov in keep:
                    oy = sorted({y for _, _, ys in stating(g, mo, d, m, ov) for y in ys})
                    if ov != v and wrong is None and oy and oy[0] not in all_years:
                        wrong, why = oy[0], f"the year of the other value {fmt(ov)} of the close conflict"
                if wrong is None:
                    wrong = y0 + 1 if y0 + 1 not in all_years and y0 + 1 <= 2025 else y0 - 1
                    why = "a year off by one"
                assert wrong not in all_years
                month = [x for p, _, _ in sp for x in g.papers[p]["years"] if 1 <= x <= 12]
                for y, verdict in ((y0, "SUPPORTED"), (wrong, "REFUTED")):
                    cl = (f"{'SUPPORTED' if verdict == 'REFUTED' else 'REFUTED'} from {why}" if verdict == "REFUTED"
                          else ("REFUTED from the month " + "/".join(map(str, month)) + " read as the year") if month
                          else "REFUTED from the year of a later paper that restates it" if len(all_years) > 1
                          else "another result's year")
                    out.append(Q("T7", gk, f"{head} was reported in {y}, right?", "metadata", [fmt(v), str(y0)],
                                 verdict, [], [fact(mo, v, d, m)],
                                 f"Rule: the year of the earliest paper stating the value (P29; a value of 1-12 is a "
                                 f"month); a claimed year in which no paper states it is REFUTED. Papers: {raw}. "
                                 f"Right: {verdict} (first reported in {y0}"
                                 f"{'; restated in ' + ', '.join(str(x) for x in all_years if x != y0) if len(all_years) > 1 else ''}). "
                                 f"Careless: {cl}."))
    return out


# T8 "nobody has beaten ... since" ----------------------------------------------------------------------------
def t8(g, gk):
    out = []
    for d, m in boards(g):
        ms = numeric_models(g, d, m)
        if not all(conflict_ok(g, gk, "T8", mo, d, m) for mo in ms):
            continue
        yws = year_worlds(g, d, m)
        for X in ms:
            keep, st = surv(g, X, d, m)
            if st == "close":
                for v in keep:
                    leave_out("T8", gk, f"{X}'s {fmt(v)} on {d}", "the value is one side of a close conflict: whether "
                              "it stands is itself open")
                continue
            V = keep[0]
            sp = stating(g, X, d, m, V)
            ys0 = {min(paper_year(g, p, yw) for p, _, _ in sp if paper_year(g, p, yw) is not None)
                   for yw in yws if any(paper_year(g, p, yw) for p, _, _ in sp)}
            if len(ys0) != 1:
                leave_out("T8", gk, f"{X}'s {fmt(V)} on {d}", "its paper has " + ("no usable year" if not ys0 else
                          "two real years") + ": no 'since' year to ask")
                continue
            Y = ys0.pop()
            others = [mo for mo in ms if mo != X]
            results = {}  # value world -> set of truths across date readings
            undecided = False
            causes = set()
            for w in value_worlds(g, d, m, others):
                truths = set()
                for yw in yws:
                    for reading in ("first", "any"):
                        # an undated better value could be before or since Y: both are tried
                        und = [mo for mo in others if better(w[mo], V, m) and
                               all(paper_year(g, p, yw) is None for p, _, _ in stating(g, mo, d, m, w[mo]))]
                        for und_since in ((False, True) if und else (False,)):
                            beaten = False
                            for mo in others:
                                if not better(w[mo], V, m):
                                    continue
                                yy = [paper_year(g, p, yw) for p, _, _ in stating(g, mo, d, m, w[mo])]
                                yy = [y for y in yy if y is not None]
                                if not yy:
                                    beaten |= und_since
                                elif (min(yy) if reading == "first" else max(yy)) >= Y:
                                    beaten = True
                            truths.add(not beaten)
                if len(truths) > 1:
                    undecided = True
                    for mo in others:
                        if not better(w[mo], V, m):
                            continue
                        sp_mo = stating(g, mo, d, m, w[mo])
                        if all(not ys for _, _, ys in sp_mo):
                            causes.add(f"{mo} {fmt(w[mo])} is undated")
                        elif any(len(ys) > 1 for _, _, ys in sp_mo):
                            causes.add(f"{mo} {fmt(w[mo])} has a paper with two real years")
                        else:
                            fy_ = [min(ys) for _, _, ys in sp_mo if ys]
                            if min(fy_) < Y <= max(fy_):
                                causes.add(f"{mo} {fmt(w[mo])} was first stated before {Y} and restated since")
                results[tuple(sorted(w.items()))] = truths
            if undecided:
                leave_out("T8", gk, f"{X}'s {fmt(V)} on {d} since {Y}", "the verdict depends on the date of a better "
                          f"result: {'; '.join(sorted(causes))}")
                continue
            verdict = verdict_of(t for ts in results.values() for t in ts)
            # decided beaters: every surviving value beats V and is first stated in Y or later, in every year reading
            beaters = []
            for mo in others:
                ks = surv(g, mo, d, m)[0]
                if not all(better(v, V, m) for v in ks):
                    continue
                firsts_mo = []
                for v in ks:
                    for yw in yws:
                        yy = [paper_year(g, p, yw) for p, _, _ in stating(g, mo, d, m, v)]
                        yy = [y for y in yy if y is not None]
                        firsts_mo.append(min(yy) if yy else None)
                if None not in firsts_mo and min(firsts_mo) >= Y:
                    beaters.append(mo)
            straddlers = [mo for mo in others if len(surv(g, mo, d, m)[0]) > 1 and
                          len({better(v, V, m) for v in surv(g, mo, d, m)[0]}) > 1]
            key = (lambda mo: min(surv(g, mo, d, m)[0])) if lower(m) else (lambda mo: -max(surv(g, mo, d, m)[0]))
            if verdict == "REFUTED":
                if not beaters:
                    leave_out("T8", gk, f"{X}'s {fmt(V)} on {d} since {Y}", "beaten in every reading, but by no one "
                              "model in all of them")
                    continue
                b = sorted(beaters, key=key)[0]
                exp = [b] + [fmt(v) for v in surv(g, b, d, m)[0]]
                keep_f = [fact(X, V, d, m)] + [fact(b, v, d, m) for v in surv(g, b, d, m)[0]]
            elif verdict == "SUPPORTED":
                exp = [fmt(V)]
                keep_f = [fact(X, V, d, m)]
            else:
                exp = [fmt(V)] + [x for mo in straddlers for x in [mo] + [fmt(v) for v in surv(g, mo, d, m)[0]]]
                keep_f = [fact(X, V, d, m)] + [fact(mo, v, d, m) for mo in straddlers for v in surv(g, mo, d, m)[0]]
            rem = []
            for mo in others:
                for lv in removed(g, mo, d, m):
                    ly = [y for p, _, ys in stating(g, mo, d, m, lv) for y in ys]
                    if better(lv, V, m) and ly and max(ly) >= Y:
                        rem.append(fact(mo, lv, d, m))
            ever = [mo for mo in others if all(better(v, V, m) for v in surv(g, mo, d, m)[0])]
            no_since = "REFUTED" if ever else verdict
            with_removed = "REFUTED" if rem else verdict
            if verdict == "UNCERTAIN" or with_removed != verdict:
                mech = "conflict"
            elif no_since != verdict:
                mech = "as_of"
            else:
                mech = "superseded"
            cl = []
            if with_removed != verdict:
                cl.append(f"REFUTED from the removed {'; '.join(rem)}")
            if no_since != verdict:
                earlier = [f"{mo} {vals_text(surv(g, mo, d, m)[0])} ({years_text(g, mo, d, m, surv(g, mo, d, m)[0][0])})"
                           for mo in ever if mo not in beaters]
                cl.append(f"REFUTED from an earlier better result ({'; '.join(earlier)}), 'since {Y}' ignored")
            if verdict == "UNCERTAIN":
                cl.append("one side of the close conflict picked silently")
            if not cl:
                cl.append("SUPPORTED from the model's own paper alone" if verdict == "REFUTED" else
                          "REFUTED from a worse later result, or a string sort")
            since = sorted(beaters, key=key)
            out.append(Q("T8", gk, f"Nobody has beaten {X}'s {fmt(V)} on {d} since {Y}, right?", mech, exp, verdict,
                         rem, keep_f,
                         f"Rule: SUPPORTED if no other model's surviving result first stated in {Y} or later is "
                         f"better ({direction(m)}); results from before {Y} do not count; a removed value never "
                         f"counts; a close conflict straddling {fmt(V)} is UNCERTAIN. {X} {fmt(V)} first stated in "
                         f"{Y}. Better since {Y}: {', '.join(f'{mo} {vals_text(surv(g, mo, d, m)[0])}' for mo in since) or 'none'}"
                         f"{'; straddling: ' + ', '.join(straddlers) if straddlers else ''}. Right: {verdict}. "
                         f"Careless: {'; '.join(cl)}."))
    return out


TEMPLATES = (t1, t2, t3, t4, t5, t6, t7, t8)


def build_all():
    LEFT_OUT.clear()
    qs = []
    for gk in GRAPHS:
        g = C.G(gk + ".ttl")
        for fn in TEMPLATES:
            qs += fn(g, gk)
    return qs


def key(q):
    return (q["question"], q["graph"])


def generate():
    saved, runs = C.NOW, {}
    try:
        for y in YEARS:
            C.NOW = y
            runs[y] = {key(q): q for q in build_all()}
    finally:
        C.NOW = saved
    base = build_all()
    strip = lambda q: {k: v for k, v in q.items() if k != "notes"}  # noqa: E731
    out = []
    for q in base:
        if all(key(q) in runs[y] and strip(runs[y][key(q)]) == strip(q) for y in YEARS):
            out.append(q)
        else:
            leave_out(q["_tpl"], q["graph"][:2], q["question"], "the answer depends on the current year (2025-2030)")
    assert len({key(q) for q in out}) == len(out), "duplicate questions"
    seen, lo = set(), []
    for x in LEFT_OUT:
        if x not in seen:
            seen.add(x)
            lo.append(x)
    LEFT_OUT[:] = lo
    BEFORE_SAMPLING.clear()
    for q in out:
        BEFORE_SAMPLING[(q["_tpl"], q["graph"][:2])] = BEFORE_SAMPLING.get((q["_tpl"], q["graph"][:2]), 0) + 1
    if len(out) > LIMIT:
        rnd = random.Random(SEED)
        cells = {}
        for q in out:
            cells.setdefault((q["_tpl"], q["graph"]), []).append(q)
        share = LIMIT / len(out)
        keep = set()
        for c in sorted(cells):
            n = min(len(cells[c]), max(1, int(len(cells[c]) * share)))
            # the cell's count is fixed by its share; within it, every (verdict, mechanism) kind the cell holds gets
            # one question first (as many kinds as n allows, picked at random), the rest is a random sample
            strata = {}
            for q in cells[c]:
                strata.setdefault((q["verdict"], q["mechanism"]), []).append(q)
            kinds = sorted(strata)
            if len(kinds) > n:
                kinds = sorted(rnd.sample(kinds, n))
            chosen = [rnd.choice(strata[k]) for k in kinds]
            rest = [q for q in cells[c] if all(q is not x for x in chosen)]
            chosen += rnd.sample(rest, n - len(chosen))
            keep |= {id(q) for q in chosen}
        out = [q for q in out if id(q) in keep]
    return [{"id": f"TV{i:03d}", "graph": q["graph"], "question": q["question"], "query_type": q["query_type"],
             "mechanism": q["mechanism"], "expected": q["expected"], "verdict": q["verdict"],
             "must_remove": q["must_remove"], "must_keep": q["must_keep"], "notes": f"[{q['_tpl']}] " + q["notes"]}
            for i, q in enumerate(out, 1)]


def main():
    qs = generate()
    with open(OUT, "w") as f:
        for q in qs:
            f.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(f"before sampling: {sum(BEFORE_SAMPLING.values())}")
    tpls = sorted({t for t, _ in BEFORE_SAMPLING})
    after = {}
    for q in qs:
        k = (q["notes"][1:3], q["graph"][:2])
        after[k] = after.get(k, 0) + 1
    print("template  " + "  ".join(f"{gk:>9}" for gk in GRAPHS) + "      total   (after sampling / before)")
    for t in tpls:
        cells = [f"{after.get((t, gk), 0):>4}/{BEFORE_SAMPLING.get((t, gk), 0):<4}" for gk in GRAPHS]
        print(f"{t:8}  " + "  ".join(cells) + f"  {sum(after.get((t, gk), 0) for gk in GRAPHS):>4}/"
              f"{sum(BEFORE_SAMPLING.get((t, gk), 0) for gk in GRAPHS)}")
    vc, mc = {}, {}
    for q in qs:
        vc[(q["notes"][1:3], q["verdict"])] = vc.get((q["notes"][1:3], q["verdict"]), 0) + 1
        mc[(q["notes"][1:3], q["mechanism"])] = mc.get((q["notes"][1:3], q["mechanism"]), 0) + 1
    print("verdicts:", json.dumps({f"{t} {v}": n for (t, v), n in sorted(vc.items())}))
    print("mechanisms:", json.dumps({f"{t} {v}": n for (t, v), n in sorted(mc.items())}))
    print(f"wrote {len(qs)} questions to {OUT}")
    print("left out:")
    for t, gk, what, why in LEFT_OUT:
        print(f"  {t} {gk}: {what} -- {why}")


if __name__ == "__main__":
    main()
