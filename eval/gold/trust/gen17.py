#!/usr/bin/env python3
"""Writes trust-dev17.jsonl: systematic coverage of the question kinds files 15 and 16 do not ask (TU001, ...).

  T1  every (model, dataset, metric) with a result:  "What did <model> score on <dataset> by <metric>?"   (method_comparison)
  T2  every surviving value:            "Which paper reports <model>'s <value> on <dataset>?"           (paper_lookup)
  T3  every paper:                      'What is the DOI of the "<title>" paper?'                        (paper_lookup, metadata)
  T4  every pair of models on a board whose own papers have usable years:
                                        "Is <A>'s paper newer than <B>'s?"                                (claim_verification, metadata)
  T5  every model on every board:       "Was <model> ever the best on <dataset> by <metric>?"            (claim_verification)
  T6  every pair on a lower-is-better board, two seeded pairs per higher-is-better board:
                                        "Is <A>'s <metric> on <dataset> lower than <B>'s?"               (claim_verification)
  T7  every model / every dataset:      "Which datasets was <model> evaluated on?" (method_usage),
                                        "Which models were evaluated on <dataset>?" (method_comparison)

Public rules only (main/README.md "Answers you can trust"; eval/gold/trust/README.md). Conflicts and boards come from
check.py's reference rules (imported, never read) through gen16.py's helpers (imported). A question whose answer is
not the same for every current year 2025-2030 is dropped; undecided cases are left out (LEFT_OUT, printed).
More than LIMIT questions -> an even sample per template and graph with SEED.
"""
import sys

sys.dont_write_bytecode = True

import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FALLBACK = "/work/main/eval/gold/trust"
NEEDED = ("check.py", "gen16.py", "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")
TRUST_DIR = next(d for d in (HERE, FALLBACK) if all(os.path.exists(os.path.join(d, f)) for f in NEEDED))
if TRUST_DIR not in sys.path:
    sys.path.insert(0, TRUST_DIR)
import check as C  # noqa: E402  (used, never read)
import gen16 as G16  # noqa: E402  (helpers: rows, surviving, state, ...)

OUT = os.path.join(HERE, "trust-dev17.jsonl")
GRAPHS = ("g1", "g2", "g3", "g4")
YEARS = range(2025, 2031)
LIMIT, SEED = 300, 17
LEFT_OUT = []
BEFORE_SAMPLING = {}

fmt, fact, boards, rows_of, models_of, numbers = G16.fmt, G16.fact, G16.boards, G16.rows_of, G16.models_of, G16.numbers
years_of, surviving, state, lower, better = G16.years_of, G16.surviving, G16.state, G16.lower, G16.better


def leave_out(tpl, gk, what, why):
    LEFT_OUT.append((tpl, gk, what, why))


def Q(tpl, gk, question, qt, mech, expected, verdict, remove, keep, notes):
    return {"_tpl": tpl, "graph": gk + ".ttl", "question": question, "query_type": qt, "mechanism": mech,
            "expected": list(expected), "verdict": verdict, "must_remove": sorted(set(remove)),
            "must_keep": sorted(set(keep)), "notes": notes}


def own_paper(g, model):
    """the paper that introduced the model: its title before ':' is the model label (or its stem before '-')."""
    ps = [p for p, v in g.papers.items() if v["title"].split(":")[0].strip() in (model, model.split("-")[0])]
    assert len(ps) == 1, (model, ps)
    return ps[0]


def losers(g, mo, d, m):
    keep, st = surviving(g, mo, d, m)
    return [v for v in numbers(g, mo, d, m) if v not in keep], keep, st


# T1 value lookup ------------------------------------------------------------------------------------------
def t1(g, gk):
    out = []
    for d, m in boards(g):
        for mo in models_of(g, d, m):
            q = f"What did {mo} score on {d} by {m}?"
            vs = numbers(g, mo, d, m)
            if not vs:
                raws = sorted({r["value"] for r in rows_of(g, d, m, mo)})
                out.append(Q("T1", gk, q, "method_comparison", "gate", [], None, [], [],
                             f"Stored as {raws}: not reported, the graph has no number (README 'Gate questions'). "
                             f"Right: no score recorded. Careless: '-' read as 0, or a score from another board."))
                continue
            lose, keep, st = losers(g, mo, d, m)
            npap = {v: len(G16.papers_with(g, mo, d, m, v)) for v in keep}
            mech = "conflict" if len(vs) > 1 else "corroboration"
            rule = {"single": "one value", "clear": "a clear conflict: the weaker value is removed",
                    "close": "a close conflict: both values stand and the answer states the disagreement"}.get(st, st)
            out.append(Q("T1", gk, q, "method_comparison", mech, [fmt(v) for v in sorted(keep)], None,
                         [fact(mo, v, d, m) for v in lose], [fact(mo, v, d, m) for v in keep],
                         f"{mo} on {d} / {m}: stored {', '.join(fmt(v) for v in vs)}; {rule} (README 'Conflict margins'). "
                         f"Papers per surviving value: {', '.join(f'{fmt(v)}: {n}' for v, n in npap.items())}. "
                         f"Right: {' and '.join(fmt(v) for v in sorted(keep))}. Careless: "
                         + ("the removed " + ", ".join(fmt(v) for v in lose) if lose else
                            "one side of the close conflict picked silently" if st == "close" else
                            "a value from another board") + "."))
    return out


# T2 which paper reports ----------------------------------------------------------------------------------
def t2(g, gk):
    out = []
    for d, m in boards(g):
        for mo in models_of(g, d, m):
            if not numbers(g, mo, d, m):
                continue
            lose, keep, st = losers(g, mo, d, m)
            for v in sorted(keep):
                titles = sorted({t for _, t, _ in G16.papers_with(g, mo, d, m, v)})
                others = sorted({r["title"] for r in rows_of(g, d, m, mo)} - set(titles))
                out.append(Q("T2", gk, f"Which paper reports {mo}'s {fmt(v)} on {d}?", "paper_lookup",
                             "corroboration" if len(titles) > 1 else ("conflict" if st != "single" else "corroboration"),
                             titles, None, [], [fact(mo, v, d, m)],
                             f"{mo} {fmt(v)} on {d} / {m} is stated by {len(titles)} paper(s): {titles}. Right: every one "
                             f"of them. Careless: only the model's own paper"
                             + (f"; a paper that states another value ({others})" if others else "") + "."))
    return out


# T3 DOI of every paper -----------------------------------------------------------------------------------
def t3(g, gk):
    out = []
    for p, v in sorted(g.papers.items(), key=lambda kv: kv[1]["title"]):
        dois = sorted(set(v["dois"]))
        note = ("no P26: the right answer says the graph records no DOI (README 'The questions': [] = not recorded). "
                "Careless: an invented DOI or another paper's." if not dois else
                "two P26 values: both must be given (main README: 'both DOIs when the graph records two'). Careless: "
                "one of them." if len(dois) > 1 else "one P26. Careless: the DOI of another paper on the same board.")
        out.append(Q("T3", gk, f'What is the DOI of the "{v["title"]}" paper?', "paper_lookup", "metadata", dois,
                     None, [], [], f"'{v['title']}': {note}"))
    return out


# T4 is X's paper newer than Y's --------------------------------------------------------------------------
def t4(g, gk):
    out, seen = [], set()
    for d, m in boards(g):
        ms = models_of(g, d, m)
        for i, a in enumerate(ms):
            for b in ms[i + 1:]:
                if (a, b) in seen:
                    continue
                seen.add((a, b))
                pa, pb = own_paper(g, a), own_paper(g, b)
                ya, yb = years_of(g, pa), years_of(g, pb)
                if not ya or not yb:
                    leave_out("T4", gk, f"{a} / {b}", "a paper with no usable year (the brief asks only dated pairs)")
                    continue
                if random.Random(f"{SEED}|{a}|{b}").random() < 0.5:
                    a2, b2, ya2, yb2 = b, a, yb, ya
                else:
                    a2, b2, ya2, yb2 = a, b, ya, yb
                cmp = {(x > y) - (x < y) for x in ya2 for y in yb2}
                if cmp == {1}:
                    verdict = "SUPPORTED"
                elif cmp == {-1}:
                    verdict = "REFUTED"
                elif cmp >= {1, -1}:
                    verdict = "UNCERTAIN"
                else:
                    leave_out("T4", gk, f"{a2} / {b2}", f"same year ({ya2} / {yb2}): the README does not say whether "
                              "a same-year pair is REFUTED (not newer) or UNCERTAIN")
                    continue
                exp = sorted({str(y) for y in ya2 + yb2})
                raw = {a2: g.papers[own_paper(g, a2)]["years"], b2: g.papers[own_paper(g, b2)]["years"]}
                out.append(Q("T4", gk, f"Is {a2}'s paper newer than {b2}'s?", "claim_verification", "metadata", exp,
                             verdict, [], [],
                             f"{a2}'s paper: P29 {raw[a2]} -> {ya2}; {b2}'s: P29 {raw[b2]} -> {yb2} (1-12 is a month). "
                             f"Rule: main README compares the papers' years, UNCERTAIN for two years that order it both "
                             f"ways. Right: {verdict}. Careless: a month read as the year; one of two years picked."))
    return out


# T5 was X ever the best ----------------------------------------------------------------------------------
def t5(g, gk):
    out = []
    for d, m in boards(g):
        first = G16.board_first_year(g, d, m)
        for mo in models_of(g, d, m):
            if not numbers(g, mo, d, m):
                leave_out("T5", gk, f"{mo} on {d}", "a '-' score only: no value to compare")
                continue
            fy = G16.first_year(g, mo, d, m)
            if fy is None:
                leave_out("T5", gk, f"{mo} on {d}", "no usable year: when it appeared cannot be placed "
                          "(README 'Known ambiguities' 3 and 7)")
                continue
            sts = [(y, state(g, d, m, y)) for y in range(first, G16.LAST_YEAR + 1)] + [(None, state(g, d, m))]
            led = [(y, s) for y, s in sts if s[0] == "decided" and len(s[1]) == 1 and s[1][0][0] == mo]
            q = f"Was {mo} ever the best on {d} by {m}?"
            lose, keep, st = losers(g, mo, d, m)
            if led:
                y, s = led[0]
                v = s[1][0][1]
                out.append(Q("T5", gk, q, "claim_verification", "superseded", [fmt(x) for x in v], "SUPPORTED", [],
                             [fact(mo, x, d, m) for x in v if x in keep],
                             f"Board {d} / {m} ({G16.metric_dir(m)}). {mo} led alone "
                             f"{'now' if y is None else 'as of ' + str(y)} with {G16.vals_text(v)}. Right: SUPPORTED "
                             f"(it held the top). Careless: REFUTED because it is not the best now."))
                continue
            relevant = [(y, s) for y, s in sts if y is None or y >= fy]
            if all(s[0] == "decided" and mo not in G16.leader_names(s) for y, s in relevant):
                s0 = relevant[0][1]
                exp = [fmt(v) for v in sorted(keep)] + G16.expected_of(s0[1])
                out.append(Q("T5", gk, q, "claim_verification", "superseded", exp, "REFUTED",
                             [fact(mo, v, d, m) for v in lose], G16.keep_of(s0[1], d, m) if fy else [],
                             f"Board {d} / {m} ({G16.metric_dir(m)}). {mo} first appears in {fy}, when the best was "
                             f"{G16.group_text(s0[1])}; it never led in any year since, nor now. Right: REFUTED. "
                             f"Careless: SUPPORTED from a string sort, a removed value, or higher = better on WER."))
            else:
                # an earlier (or same-year) model all of whose stored values beat all of mo's stored values
                dom = [b for b in models_of(g, d, m) if b != mo and numbers(g, b, d, m)
                       and G16.first_year(g, b, d, m) is not None and G16.first_year(g, b, d, m) <= fy
                       and all(better(x, y, m) for x in numbers(g, b, d, m) for y in numbers(g, mo, d, m))]
                if dom:
                    b = dom[0]
                    kb = sorted(surviving(g, b, d, m)[0])
                    out.append(Q("T5", gk, q, "claim_verification", "superseded",
                                 [fmt(v) for v in sorted(keep)] + [b] + [fmt(v) for v in kb], "REFUTED",
                                 [fact(mo, v, d, m) for v in lose], [fact(b, v, d, m) for v in kb],
                                 f"Board {d} / {m} ({G16.metric_dir(m)}). {mo} first appears in {fy}; {b} "
                                 f"(first {G16.first_year(g, b, d, m)}) beats every value of it, so it never held the top, "
                                 f"whatever the undecided years ({', '.join(str(y) for y, s in relevant if s[0] != 'decided')}) "
                                 f"turn out to be. Right: REFUTED. Careless: SUPPORTED from a removed value or a string sort."))
                    continue
                why = "; ".join(f"{y}: {s[0]} {s[2] or G16.leader_names(s)}" for y, s in relevant
                                if s[0] != "decided" or mo in G16.leader_names(s))
                leave_out("T5", gk, f"{mo} on {d}", f"never the sole decided leader, but an undecided or shared top "
                          f"leaves it open ({why})")
    return out


# T6 is X's metric lower than Y's -------------------------------------------------------------------------
def t6(g, gk):
    out = []
    for d, m in boards(g):
        ms = [x for x in models_of(g, d, m) if numbers(g, x, d, m)]
        pairs = [(a, b) for i, a in enumerate(ms) for b in ms[i + 1:]]
        if not lower(m):
            pairs = random.Random(f"{SEED}|{d}|{m}").sample(pairs, 2)
        for a, b in pairs:
            if random.Random(f"{SEED}|low|{a}|{b}").random() < 0.5:
                a, b = b, a
            la, ka, _ = losers(g, a, d, m)
            lb, kb, _ = losers(g, b, d, m)
            q = f"Is {a}'s {m} on {d} lower than {b}'s?"
            if all(x < y for x in ka for y in kb):
                verdict = "SUPPORTED"
            elif all(x > y for x in ka for y in kb):
                verdict = "REFUTED"
            elif any(x == y for x in ka for y in kb):
                leave_out("T6", gk, q, "a tie: the README does not decide")
                continue
            else:
                verdict = "UNCERTAIN"
            multi = len(numbers(g, a, d, m)) > 1 or len(numbers(g, b, d, m)) > 1
            fa, fb = G16.first_year(g, a, d, m), G16.first_year(g, b, d, m)
            if multi:
                mech = "conflict"
            elif fa is None or fb is None or fa == fb:
                mech = "corroboration"
            else:
                newer_lower = (fa > fb) == (verdict == "SUPPORTED")
                newer_better = newer_lower == lower(m)
                mech = "superseded" if newer_better else "recency"
            out.append(Q("T6", gk, q, "claim_verification", mech, [fmt(v) for v in sorted(ka | kb)], verdict,
                         [fact(a, v, d, m) for v in la] + [fact(b, v, d, m) for v in lb],
                         [fact(a, v, d, m) for v in ka] + [fact(b, v, d, m) for v in kb],
                         f"Board {d} / {m} ({G16.metric_dir(m)}). {a}: {G16.vals_text(ka)}; {b}: {G16.vals_text(kb)}. "
                         f"Rule: 'lower' is the plain numeric comparison of surviving values (on {m} lower is "
                         f"{'better' if lower(m) else 'worse'}); a removed value does not count; a close conflict that "
                         f"straddles gives UNCERTAIN. Right: {verdict}. Careless: 'lower' read as 'worse'; a removed "
                         f"value; a string comparison."))
    return out


# T7 lists --------------------------------------------------------------------------------------------------
def t7(g, gk):
    out = []
    models = sorted({r["model"] for r in g.rows})
    for mo in models:
        ds = sorted({r["dataset"] for r in g.rows if r["model"] == mo and G16.num(r["value"]) is not None})
        dash = sorted({r["dataset"] for r in g.rows if r["model"] == mo} - set(ds))
        out.append(Q("T7", gk, f"Which datasets was {mo} evaluated on?", "method_usage", "corroboration", ds, None,
                     [], [], f"{mo} has results on {ds}." + (f" Its row on {dash} is '-' (not reported): naming it with "
                     f"that caveat is allowed, not required." if dash else "") + " Careless: a dataset missed."))
    for d in sorted({r["dataset"] for r in g.rows}):
        ms = sorted({r["model"] for r in g.rows if r["dataset"] == d and G16.num(r["value"]) is not None})
        dash = sorted({r["model"] for r in g.rows if r["dataset"] == d} - set(ms))
        out.append(Q("T7", gk, f"Which models were evaluated on {d}?", "method_comparison", "corroboration", ms, None,
                     [], [], f"{d} has results of {ms}." + (f" {dash}'s row is '-' (not reported): naming it with that "
                     f"caveat is allowed, not required." if dash else "") + " Careless: only the best models."))
    return out


def build_all():
    qs = []
    for gk in GRAPHS:
        g = C.G(gk + ".ttl")
        for fn in (t1, t2, t3, t4, t5, t6, t7):
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
    LEFT_OUT.clear()
    base = build_all()
    out = []
    strip = lambda q: {k: v for k, v in q.items() if k != "notes"}  # noqa: E731
    for q in base:
        if all(key(q) in runs[y] and strip(runs[y][key(q)]) == strip(q) for y in YEARS):
            out.append(q)
        else:
            leave_out(q["_tpl"], q["graph"][:2], q["question"], "the answer depends on the current year (2025-2030)")
    # LEFT_OUT is deduplicated (each year's run added its own)
    seen, lo = set(), []
    for x in LEFT_OUT:
        if x not in seen:
            seen.add(x)
            lo.append(x)
    LEFT_OUT[:] = lo
    global BEFORE_SAMPLING
    BEFORE_SAMPLING = {}
    for q in out:
        BEFORE_SAMPLING[q["_tpl"]] = BEFORE_SAMPLING.get(q["_tpl"], 0) + 1
    if len(out) > LIMIT:
        rnd = random.Random(SEED)
        cells = {}
        for q in out:
            cells.setdefault((q["_tpl"], q["graph"]), []).append(q)
        share = LIMIT / len(out)
        keep = set()
        for c in sorted(cells):
            n = max(1, int(len(cells[c]) * share))
            keep |= {id(q) for q in rnd.sample(cells[c], min(n, len(cells[c])))}
        out = [q for q in out if id(q) in keep]
    return [{"id": f"TU{i:03d}", "graph": q["graph"], "question": q["question"], "query_type": q["query_type"],
             "mechanism": q["mechanism"], "expected": q["expected"], "verdict": q["verdict"],
             "must_remove": q["must_remove"], "must_keep": q["must_keep"], "notes": f"[{q['_tpl']}] " + q["notes"]}
            for i, q in enumerate(out, 1)]


def main():
    qs = generate()
    with open(OUT, "w") as f:
        for q in qs:
            f.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(f"before sampling: {sum(BEFORE_SAMPLING.values())} {json.dumps(dict(sorted(BEFORE_SAMPLING.items())))}")
    print(f"wrote {len(qs)} questions to {OUT}")
    counts = {}
    for q in qs:
        counts[(q["notes"][1:3], q["graph"][:2])] = counts.get((q["notes"][1:3], q["graph"][:2]), 0) + 1
    for k in sorted(counts):
        print(" ", k, counts[k])
    print("left out:")
    for t, gk, what, why in LEFT_OUT:
        print(f"  {t} {gk}: {what} -- {why}")


if __name__ == "__main__":
    main()
