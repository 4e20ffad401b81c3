#!/usr/bin/env python3
"""Writes trust-dev15.jsonl: systematic coverage of every fact in the four trust fixture graphs (TR001, ...).

Files 1-14 chose their facts by hand. This file leaves no fact out: for every graph it asks, in plain wording,

  T1  for every leaderboard (dataset x metric):
        "Which model has the best <metric> on <dataset> right now?"                  (method_comparison)
  T2  for every leaderboard, every year in which its leader changed, and the year before its first result:
        "Which model led <dataset> by <metric> as of <year>?"                         (method_comparison, as_of)
  T3  for every (model, dataset, metric) result:
        "Is <model>'s <metric> on <dataset> <value>?"                                (claim_verification)
        with each surviving value (SUPPORTED; UNCERTAIN for both sides of a close conflict), with a clearly
        wrong value (REFUTED), with the losing value of a clear conflict (REFUTED), and for the one '-' score
        with a number the graph does not have (UNCERTAIN, expected [])
  T4  for every (model, dataset, metric, value) stated by more than one paper:
        "Is <model>'s <value> <metric> on <dataset> reported by more than one paper?"  (claim_verification)
  T5  for every paper:
        'What year was the "<title>" paper published?'                               (paper_lookup, metadata)
  T6  for every leaderboard, its leader and every model that led it before:
        "Is <model> still the best on <dataset> by <metric>?"                        (claim_verification)

The answers follow the public rules only: main/README.md "Answers you can trust" and eval/gold/trust/README.md
("The questions", "Conflict margins", "Known ambiguities"). Conflicts are resolved with check.py's reference rules
(check.surviving / check.board: the six readings of the README's recency, corroboration and 0.30 threshold);
everything else (years, leaders, change years, counts, wrong values, careless answers) is computed here from the
rows and papers that check.G reads from the graphs. A question is dropped when its answer, verdict or facts are not
the same for every current year 2025-2030, and a case the README does not decide is left out (LEFT_OUT, printed).

Run: python3 gen15.py            (writes trust-dev15.jsonl beside this file and prints what it left out)
Needs rdflib and pyoxigraph (check.py's loading). Looks for check.py and g1.ttl .. g4.ttl beside this file first,
then in /work/main/eval/gold/trust.
"""
import sys

sys.dont_write_bytecode = True  # never leave a __pycache__ beside check.py

import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FALLBACK = "/work/main/eval/gold/trust"
NEEDED = ("check.py", "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")
TRUST_DIR = next(d for d in (HERE, FALLBACK) if all(os.path.exists(os.path.join(d, f)) for f in NEEDED))
if TRUST_DIR not in sys.path:
    sys.path.insert(0, TRUST_DIR)
import check as C  # noqa: E402  (graph loading and the reference conflict rules; used, never read)

OUT = os.path.join(HERE, "trust-dev15.jsonl")
GRAPHS = ("g1", "g2", "g3", "g4")
YEARS = range(2025, 2031)  # the current years the answers must not depend on
LAST_YEAR = 2025           # the newest paper year in the graphs; "as of" anchors go up to it
LIMIT, SEED = 400, 15      # more than LIMIT questions -> an even sample with this seed (not needed: see main)

# eval/gold/trust/README.md "Conflict margins": the ten conflicts and their outcome under all six readings.
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

LEFT_OUT = []  # (template, graph, what, why), printed and described in README15.md


def leave_out(tpl, gk, what, why):
    LEFT_OUT.append((tpl, gk, what, why))


# ---- reading the graph (rows and papers as check.G reads them) -------------------------------------------
fmt = C.fmt


def num(raw):
    return C.parse_value(raw)


def lower(metric):
    return metric in C.LOWER_BETTER


def better(a, b, metric):
    return a < b if lower(metric) else a > b


def years_of(g, paper):
    """the paper's publication years: its P29 values that are years (1-12 is a month written under P29)."""
    return sorted({y for y in g.papers[paper]["years"] if 1900 <= y <= C.NOW})


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
    """the distinct numeric values stored for the triple (any spelling), and the raw strings."""
    rs = rows_of(g, dataset, metric, model)
    return sorted({num(r["value"]) for r in rs} - {None}), sorted({r["value"] for r in rs})


def papers_with(g, model, dataset, metric, v):
    """[(paper, title, raw)] stating v for the triple."""
    return sorted({(r["paper"], r["title"], r["value"]) for r in rows_of(g, dataset, metric, model) if num(r["value"]) == v})


def surviving(g, model, dataset, metric, anchor=None):
    keep, status, _ = C.surviving(g, model, dataset, metric, anchor)
    return set(keep), status


def first_year(g, model, dataset, metric):
    ys = [y for r in rows_of(g, dataset, metric, model) for y in years_of(g, r["paper"])]
    return min(ys) if ys else None


def board_first_year(g, dataset, metric):
    ys = [y for r in rows_of(g, dataset, metric) for y in years_of(g, r["paper"])]
    return min(ys)


def year_text(g, paper):
    ys = years_of(g, paper)
    return "/".join(str(y) for y in ys) if ys else "no year"


# ---- who leads a board, now or as of an anchor ------------------------------------------------------------
def state(g, dataset, metric, anchor=None):
    """('empty', None, why) | ('undecided', None, why) | ('decided', [(model, [values])], why).

    decided: the top is one model (its value single or the winner of a clear conflict, or both sides of a close
    conflict the README lists as close), or an open top: a close conflict the README lists, with every model whose
    values overlap it (README: 'When the best result is recorded twice, too close to call, and another model beats
    its other value, that model is named too'), the next model clearly behind all of them."""
    try:
        b = C.board(g, dataset, metric, anchor)
    except Exception as ex:  # a paper with two real years on the board makes the anchor decide (check.board says so)
        two = sorted({r["title"].split(":")[0] for r in rows_of(g, dataset, metric) if len(years_of(g, r["paper"])) > 1})
        return "undecided", None, (f"check.board declines the anchor ({type(ex).__name__}): a paper with two real years "
                                   f"({', '.join(two)}) would decide it, and the README leaves it open")
    if not b:
        return "empty", None, "no dated result"
    if any(st == "AMBIGUOUS" for _, _, st in b):
        amb = sorted({m for _, m, st in b if st == "AMBIGUOUS"})
        return "undecided", None, f"the six conflict readings disagree on {', '.join(amb)}"
    vals, status = {}, {}
    for v, m, st in b:
        vals.setdefault(m, set()).add(v)
        status[m] = st
    order = sorted(vals, key=lambda m: min(vals[m]) if lower(metric) else -max(vals[m]))
    group = [order[0]]
    for m in order[1:]:
        if all(all(better(x, y, metric) for x in vals[t] for y in vals[m]) for t in group):
            break
        group.append(m)
    rest = [m for m in order if m not in group]
    for m in group:
        if status[m] == "close" and README_CONFLICTS.get((m, dataset, metric)) != "close":
            return "undecided", None, (f"{m}'s values {', '.join(fmt(v) for v in sorted(vals[m]))} are a close conflict "
                                       f"at the top, which the README lists as "
                                       f"{README_CONFLICTS.get((m, dataset, metric), 'no conflict')} (its outcome today)")
    if len(group) > 1 and not any(status[m] == "close" for m in group):
        return "undecided", None, f"a tie at the top: {group}"
    if rest and not all(all(better(x, y, metric) for x in vals[t] for y in vals[rest[0]]) for t in group):
        return "undecided", None, f"{rest[0]} overlaps the top group {group}"
    return "decided", [(m, sorted(vals[m])) for m in group], ""


def leader_names(st):
    return tuple(m for m, _ in st[1]) if st[0] == "decided" else None


def expected_of(group):
    out = []
    for m, vs in group:
        out += [m] + [fmt(v) for v in vs]
    return out


def keep_of(group, dataset, metric):
    return [fact(m, v, dataset, metric) for m, vs in group for v in vs]


def group_text(group):
    return "; ".join(f"{m} {' / '.join(fmt(v) for v in vs)}" for m, vs in group)


def open_top(group):
    return len(group) > 1 or len(group[0][1]) > 1


# ---- careless readings (for the notes) ---------------------------------------------------------------
def careless_no_removal(g, dataset, metric, anchor=None):
    """every stored number kept (no conflict removal); the smallest raw P29 is the year; undated papers kept."""
    rs = []
    for r in rows_of(g, dataset, metric):
        v, raw = num(r["value"]), g.papers[r["paper"]]["years"]
        if v is None or (anchor is not None and raw and min(raw) > anchor):
            continue
        rs.append((v, r["model"]))
    rs.sort(key=lambda t: t[0], reverse=not lower(metric))
    return rs[0] if rs else None


def careless_string_sort(g, dataset, metric):
    """ORDER BY on the stored strings (DESC for higher-is-better, ASC for lower-is-better)."""
    rs = sorted(((r["value"], r["model"]) for r in rows_of(g, dataset, metric)), reverse=not lower(metric))
    return rs[0]


def newest_model(g, dataset, metric):
    first = {m: first_year(g, m, dataset, metric) for m in models_of(g, dataset, metric)}
    dated = sorted(((y, m) for m, y in first.items() if y is not None), reverse=True)
    if len(dated) > 1 and dated[0][0] == dated[1][0]:
        return None, None
    return dated[0][1], dated[0][0]


def clear_losers(g, dataset, metric):
    """[(model, losing value, winning values)] for every clear conflict on the board (no anchor)."""
    out = []
    for m in models_of(g, dataset, metric):
        vs, _ = stored(g, m, dataset, metric)
        if len(vs) > 1:
            keep, st = surviving(g, m, dataset, metric)
            if st == "clear":
                out += [(m, v, sorted(keep)) for v in vs if v not in keep]
    return out


def led_years(g, model, dataset, metric):
    """years (first valid year .. LAST_YEAR) in which model alone was the decided leader, and its values then."""
    out = []
    for y in range(board_first_year(g, dataset, metric), LAST_YEAR + 1):
        st = state(g, dataset, metric, y)
        if st[0] == "decided" and leader_names(st) == (model,):
            out.append((y, tuple(st[1][0][1])))
    return out


# ---- question builder ------------------------------------------------------------------------------
def Q(tpl, gk, question, query_type, mechanism, expected, verdict, must_remove, must_keep, notes):
    return {"_tpl": tpl, "graph": gk + ".ttl", "question": question, "query_type": query_type, "mechanism": mechanism,
            "expected": list(expected), "verdict": verdict, "must_remove": sorted(set(must_remove)),
            "must_keep": sorted(set(must_keep)), "notes": notes}


def metric_dir(metric):
    return "lower is better" if lower(metric) else "higher is better"


# T1 ---------------------------------------------------------------------------------------------------
def t1(g, gk):
    out = []
    for d, m in boards(g):
        st = state(g, d, m)
        if st[0] != "decided":
            leave_out("T1", gk, f"best on {d} by {m}", st[2])
            continue
        group = st[1]
        lead = group[0][0]
        best_v = group[0][1][0] if lower(m) else group[0][1][-1]
        nb = careless_no_removal(g, d, m)
        ss = careless_string_sort(g, d, m)
        nm, ny = newest_model(g, d, m)
        undated = sorted({r["model"] for r in rows_of(g, d, m) if not years_of(g, r["paper"])})
        remove = [fact(mo, v, d, m) for mo, v, _ in clear_losers(g, d, m)
                  if any(better(v, x, m) or v == x for _, vs in group for x in vs)]
        if open_top(group):
            mech = "conflict"
        elif nb is not None and (nb[1], nb[0]) != (lead, best_v):
            mech = "conflict"
        elif nm is not None and nm != lead:
            mech = "recency"
        else:
            mech = "superseded"
        why = [f"Board {d} / {m} ({metric_dir(m)})."]
        if open_top(group):
            why.append(f"Rule: a close conflict (README 'Conflict margins') keeps both values and the answer states the "
                       f"disagreement; the README adds that when the best is recorded twice, too close to call, and another "
                       f"model beats its other value, that model is named too. Right: {group_text(group)}, stated as open.")
        else:
            why.append(f"Rule: the best surviving result by the metric's direction is the answer; a newer paper or model "
                       f"is not thereby better (main README 'Answers you can trust'). Right: {lead} {fmt(best_v)}.")
        if remove:
            why.append(f"Rule: the weaker side of a clear conflict is removed before the answer is written (README "
                       f"'Conflict margins'); removed here: {', '.join(remove)}.")
        careless = []
        if nb is not None and (nb[1], nb[0]) != (lead, best_v):
            careless.append(f"{nb[1]} {fmt(nb[0])} (no conflict removal)")
        if (ss[1], num(ss[0])) != (lead, best_v):
            careless.append(f"{ss[1]} {ss[0]!r} (scores sorted as strings)")
        if nm is not None and nm != lead:
            careless.append(f"{nm} (the newest model, {ny}: newest = best)")
        if lower(m):
            worst = max((num(r["value"]), r["model"]) for r in rows_of(g, d, m) if num(r["value"]) is not None)
            careless.append(f"{worst[1]} {fmt(worst[0])} (the highest number, although {m} is lower-is-better)")
        if open_top(group):
            careless.append("one value or one model picked silently (the newer value, or the best number alone)")
        if undated and lead in undated:
            why.append(f"{lead}'s paper has no usable year (eval/gold/trust/README.md 'Known ambiguities' 3: the best is "
                       f"{lead} {fmt(best_v)}, given with a caveat about its date).")
        elif undated:
            why.append(f"Undated results ({', '.join(undated)}) are lower and do not change the answer.")
        why.append("Careless: " + ("; ".join(careless) if careless else "none beyond misreading the board") + ".")
        q = f"Which model has the best {m} on {d} right now?"
        out.append(Q("T1", gk, q, "method_comparison", mech, expected_of(group), None, remove, keep_of(group, d, m),
                     " ".join(why)))
    return out


# T2 ---------------------------------------------------------------------------------------------------
def t2(g, gk):
    out = []
    for d, m in boards(g):
        y0 = board_first_year(g, d, m)
        seq = {y: state(g, d, m, y) for y in range(y0 - 1, LAST_YEAR + 1)}
        asked, last = [], None
        for y in range(y0 - 1, LAST_YEAR + 1):
            st = seq[y]
            if y == y0 - 1:
                assert st[0] == "empty", (d, y, st)
                asked.append(y)
                continue
            if st[0] == "decided":
                if leader_names(st) != last:
                    asked.append(y)
                last = leader_names(st)
            elif st[0] == "undecided":
                if seq[y - 1][0] != "undecided":
                    stretch = [y]
                    while stretch[-1] + 1 <= LAST_YEAR and seq[stretch[-1] + 1][0] == "undecided":
                        stretch.append(stretch[-1] + 1)
                    why = sorted({seq[x][2] for x in stretch})
                    span = f"{stretch[0]}-{stretch[-1]}" if len(stretch) > 1 else str(y)
                    leave_out("T2", gk, f"{d} / {m} as of {span}", "; ".join(why))
        for y in asked:
            st = seq[y]
            now = state(g, d, m)
            q = f"Which model led {d} by {m} as of {y}?"
            if st[0] == "empty":
                first = sorted((r["model"], num(r["value"]), years_of(g, r["paper"])[0]) for r in rows_of(g, d, m)
                               if years_of(g, r["paper"]) and min(years_of(g, r["paper"])) == y0 and num(r["value"]) is not None)
                monthy = sorted({(r["model"], num(r["value"]), tuple(g.papers[r["paper"]]["years"])) for r in rows_of(g, d, m)
                                 if any(1 <= v <= 12 for v in g.papers[r["paper"]]["years"]) and num(r["value"]) is not None})
                undated = sorted({(r["model"], num(r["value"])) for r in rows_of(g, d, m)
                                  if not years_of(g, r["paper"]) and num(r["value"]) is not None})
                remove = [fact(mo, v, d, m) for mo, v, _ in first] + [fact(mo, v, d, m) for mo, v, _ in monthy] + \
                         [fact(mo, v, d, m) for mo, v in undated]
                reasons = {}
                for mo, v, yy in first:
                    reasons.setdefault(f"{mo} {fmt(v)}", []).append(f"{yy}, the first result: the anchor read one year late")
                for mo, v, raw in monthy:
                    reasons.setdefault(f"{mo} {fmt(v)}", []).append(f"P29 {list(raw)}: a month read as a year")
                for mo, v in undated:
                    reasons.setdefault(f"{mo} {fmt(v)}", []).append("no usable year, kept anyway")
                if now[0] == "decided":
                    reasons.setdefault(group_text(now[1]), []).append("the anchor ignored")
                careless = [f"{k} ({'; '.join(v)})" for k, v in reasons.items()]
                notes = (f"Board {d} / {m}. Rule: 'as of Y' means papers up to Y (eval/gold/trust/README.md 'The "
                         f"questions'); the first dated result on this board is from {y0}, so nothing is recorded up to "
                         f"{y}: expected [] (the right answer says the graph records no result by then; README: an empty "
                         f"list means the right answer says the graph does not record it). A paper with no usable year is "
                         f"left out under an anchor, and a P29 of 1-12 is a month. Careless: {'; '.join(careless)}.")
                out.append(Q("T2", gk, q, "method_comparison", "as_of", [], None, remove, [], notes))
                continue
            group = st[1]
            best_v = group[0][1][0] if lower(m) else group[0][1][-1]
            worst_top = min(v for _, vs in group for v in vs) if not lower(m) else max(v for _, vs in group for v in vs)
            remove = []
            for r in rows_of(g, d, m):
                v = num(r["value"])
                if v is None:
                    continue
                ys = years_of(g, r["paper"])
                if (not ys or min(ys) > y) and better(v, worst_top, m):
                    remove.append(fact(r["model"], v, d, m))
            careless = []
            if now[0] == "decided" and leader_names(now) != leader_names(st):
                careless.append(f"{group_text(now[1])} (the anchor ignored: today's answer)")
            nb = careless_no_removal(g, d, m, y)
            if nb is not None and (nb[1] not in leader_names(st)):
                careless.append(f"{nb[1]} {fmt(nb[0])} (smallest raw P29 taken as the year, undated papers kept, no "
                                f"conflict removal)")
            prev = seq[y - 1]
            if prev[0] == "decided":
                careless.append(f"{group_text(prev[1])} (the anchor read as 'before {y}')")
            elif prev[0] == "empty":
                careless.append(f"nothing recorded (the anchor read as 'before {y}')")
            rule = (f"Rule: 'as of Y' means papers up to Y; a paper with no usable year is left out; a P29 of 1-12 is a "
                    f"month (eval/gold/trust/README.md 'The questions'). {y} is a year in which the leader changed.")
            if open_top(group):
                rule += (" The top up to then is a close conflict (README 'Conflict margins'): both values are stated, and "
                         "a model that beats the other value is named too.")
            notes = (f"Board {d} / {m} ({metric_dir(m)}). {rule} Right: {group_text(group)}. "
                     f"Left out as after the anchor or undated: {', '.join(sorted(set(remove))) or 'nothing better'}. "
                     f"Careless: {'; '.join(careless) if careless else 'none'}.")
            out.append(Q("T2", gk, q, "method_comparison", "as_of", expected_of(group), None, remove,
                         keep_of(group, d, m), notes))
    return out


# T3 ---------------------------------------------------------------------------------------------------
def wrong_value(g, model, dataset, metric, keep):
    """a value no paper states anywhere in the graph, at least 20% away from every value stored for the triple:
    25% below the lowest surviving value (higher-is-better) or 30% above the highest (lower-is-better)."""
    allv = {num(r["value"]) for r in g.rows} - {None}
    vs, _ = stored(g, model, dataset, metric)
    if lower(metric):
        w, step = round(max(keep) * 1.3, 1), 0.3
    else:
        w, step = round(min(keep) * 0.75, 1), -0.3
    while w in allv or any(abs(w - x) / x < 0.2 for x in vs):
        w = round(w + step, 1)
    return w


def t3(g, gk):
    out = []
    for d, m in boards(g):
        for mo in models_of(g, d, m):
            vs, raws = stored(g, mo, d, m)
            q = lambda v: f"Is {mo}'s {m} on {d} {fmt(v)}?"  # noqa: E731
            if not vs:
                # the '-' row: a value the graph does not have
                allv = {num(r["value"]) for r in g.rows} - {None}
                others = sorted(num(r["value"]) for r in rows_of(g, d, m) if num(r["value"]) is not None)
                w = round(sum(others) / len(others))
                while float(w) in allv:
                    w += 1
                w = float(w)
                ps = sorted({r["title"] for r in rows_of(g, d, m, mo)})
                notes = (f"{mo}'s {d} / {m} row is stored as {raws} (data README: '-' is 'not reported'): the graph has no "
                         f"number for it. Rule: a claim about a value the graph does not have gets UNCERTAIN and an empty "
                         f"expected (eval/gold/trust/README.md 'Gate questions'). Right: UNCERTAIN, no score recorded "
                         f"(the row exists in {ps}). Careless: '-' read as 0 (REFUTED), the claim echoed (SUPPORTED), or "
                         f"{mo}'s scores on other boards.")
                out.append(Q("T3", gk, q(w), "claim_verification", "gate", [], "UNCERTAIN", [], [], notes))
                continue
            keep, st = surviving(g, mo, d, m)
            assert keep, (mo, d, m)
            ek = [fmt(v) for v in sorted(keep)]
            losers = [v for v in vs if v not in keep]
            remove = [fact(mo, v, d, m) for v in losers]
            kf = [fact(mo, v, d, m) for v in sorted(keep)]
            mech = "conflict" if len(vs) > 1 else "corroboration"
            src = {v: papers_with(g, mo, d, m, v) for v in vs}
            srct = {v: "; ".join(f"'{t}' ({year_text(g, p)}, stored {raw!r})" for p, t, raw in src[v]) for v in vs}
            dirty = sorted({raw for v in vs for _, _, raw in src[v] if raw != fmt(v)})
            if st == "close":
                for v in sorted(keep):
                    other = [x for x in keep if x != v][0]
                    notes = (f"Close conflict (eval/gold/trust/README.md 'Conflict margins', {mo} {d}): {fmt(v)} in "
                             f"{srct[v]}; {fmt(other)} in {srct[other]}. Rule: both stay and the answer states the "
                             f"disagreement; UNCERTAIN is used for close conflicts (README 'The questions'). Right: "
                             f"UNCERTAIN, citing both. Careless: SUPPORTED citing only the paper that states {fmt(v)}, or "
                             f"REFUTED by taking the other value as the real one.")
                    out.append(Q("T3", gk, q(v), "claim_verification", "conflict", ek, "UNCERTAIN", [], kf, notes))
            else:
                (v,) = keep
                extra = ""
                if losers:
                    extra = (f" The other value, {', '.join(fmt(x) for x in losers)} in "
                             f"{'; '.join(srct[x] for x in losers)}, loses a clear conflict (README 'Conflict margins') "
                             f"and is removed.")
                if dirty:
                    extra += f" Stored as {dirty}: the same number (data README; a '%' value counts as the number)."
                careless = [f"{fmt(x)} (the removed side of the clear conflict)" for x in losers]
                if dirty:
                    careless.append(f"the stored string {dirty[0]!r} read as a different value")
                if not careless:
                    careless.append("UNCERTAIN or REFUTED from not finding the row, or "
                                    "the model's value on another board")
                notes = (f"{mo} on {d} / {m}: {fmt(v)} in {srct[v]}.{extra} Rule: a claim whose value is the surviving "
                         f"fact is SUPPORTED (main README 'Answers you can trust'). Right: SUPPORTED, {fmt(v)}. Careless: "
                         f"{'; '.join(careless)}.")
                out.append(Q("T3", gk, q(v), "claim_verification", mech, ek, "SUPPORTED", remove, kf, notes))
                for x in losers:
                    notes = (f"{fmt(x)} is stated only in {srct[x]}; {fmt(v)} in {srct[v]}. Rule: the weaker side of a "
                             f"clear conflict is removed and the surviving value contradicts the claim "
                             f"(eval/gold/trust/README.md 'Known ambiguities' 1: REFUTED). Right: REFUTED, {fmt(v)}. "
                             f"Careless: SUPPORTED citing the paper that states {fmt(x)}; UNCERTAIN stating both is the "
                             f"next-best answer.")
                    out.append(Q("T3", gk, q(x), "claim_verification", "conflict", ek, "REFUTED", remove, kf, notes))
            w = wrong_value(g, mo, d, m, keep)
            notes = (f"{mo} on {d} / {m}: the graph records {' and '.join(ek)} "
                     f"({'; '.join(srct[x] for x in sorted(keep))}). {fmt(w)} is stated by no paper in the graph and is "
                     f"at least 20% away from every value stored for {mo} there, so no conflict margin reaches it. Rule: "
                     f"a claimed value that contradicts every surviving fact is REFUTED (main README 'Answers you can "
                     f"trust'). Right: REFUTED, {' and '.join(ek)}. Careless: SUPPORTED by echoing the claimed number or "
                     f"citing {mo}'s paper, which does not state {fmt(w)}.")
            out.append(Q("T3", gk, q(w), "claim_verification", mech, ek, "REFUTED", remove, kf, notes))
    return out


# T4 ---------------------------------------------------------------------------------------------------
def t4(g, gk):
    out = []
    for d, m in boards(g):
        for mo in models_of(g, d, m):
            vs, _ = stored(g, mo, d, m)
            keep, st = surviving(g, mo, d, m)
            for v in vs:
                ps = papers_with(g, mo, d, m, v)
                pids = sorted({p for p, _, _ in ps})
                if len(pids) < 2:
                    continue
                if st == "close":
                    leave_out("T4", gk, f"{mo}'s {fmt(v)} {m} on {d} reported by more than one paper",
                              f"stated by {len(pids)} papers, but one side of a close conflict: the count rule (main README: "
                              f"'how many papers put X at 88.3?' counts the papers stating it) says SUPPORTED, while "
                              f"eval/gold/trust/README.md 'The questions' uses UNCERTAIN for close conflicts")
                    continue
                assert v in keep, (mo, d, m, v)
                titles = "; ".join(f"'{t}' ({year_text(g, p)}, stored {raw!r})" for p, t, raw in ps)
                exact = len({p for p, _, raw in ps if raw == fmt(v)})
                own = len({p for p, t, _ in ps if t.startswith(mo + ":") or t.startswith(mo.split("-")[0] + ":")})
                losers = [x for x in vs if x not in keep]
                careless = []
                if exact < len(pids):
                    careless.append(f"counting exact strings finds {exact} (the spellings differ)")
                careless.append(f"looking only at the model's own paper finds {max(own, 1)}")
                if losers:
                    careless.append(f"reading the removed {', '.join(fmt(x) for x in losers)} as a live disagreement "
                                    f"(UNCERTAIN)")
                notes = (f"{fmt(v)} for {mo} on {d} / {m} is stated by {len(pids)} papers: {titles}. Rule: corroboration "
                         f"counts the papers stating a fact (main README: 'how many papers put X at 88.3?' counts the "
                         f"papers stating it; a value written with '%' or a trailing space is the same number). "
                         f"{'The other value loses a clear conflict and is removed. ' if losers else ''}"
                         f"Right: SUPPORTED, {fmt(v)}, citing the {len(pids)} papers. Careless: {'; '.join(careless)}.")
                q = f"Is {mo}'s {fmt(v)} {m} on {d} reported by more than one paper?"
                out.append(Q("T4", gk, q, "claim_verification", "corroboration", [fmt(v)], "SUPPORTED",
                             [fact(mo, x, d, m) for x in losers], [fact(mo, v, d, m)], notes))
    # single-paper results: the README does not say which verdict "more than one paper?" gets
    singles = sum(1 for d, m in boards(g) for mo in models_of(g, d, m) for v in stored(g, mo, d, m)[0]
                  if len({p for p, _, _ in papers_with(g, mo, d, m, v)}) == 1)
    leave_out("T4", gk, f"{singles} values stated by exactly one paper",
              "the README gives the count (one), but not the verdict of a 'more than one paper?' claim whose count is "
              "one: REFUTED by the count, UNCERTAIN by check2.py's K_value(min_papers); left out")
    return out


# T5 ---------------------------------------------------------------------------------------------------
def t5(g, gk):
    out = []
    for p in sorted(g.papers, key=lambda p: g.papers[p]["title"]):
        t, raw = g.papers[p]["title"], sorted(g.papers[p]["years"])
        ys = years_of(g, p)
        months = [v for v in raw if 1 <= v <= 12]
        dois = g.papers[p]["dois"]
        if len(ys) == 2:
            notes = (f"P29 holds two real years {raw}. Rule: a paper with two real years gets both, with the conflict "
                     f"stated (eval/gold/trust/README.md 'Known ambiguities' 4: the metadata questions expect both years). Right: {ys[0]} and {ys[1]}, saying they conflict. "
                     f"Careless: one year picked silently (the DOI {dois} carries one of them).")
        elif ys and months:
            notes = (f"P29 holds {raw}: {months[0]} is a month written under the year predicate. Rule: a P29 of 1-12 is "
                     f"a month, never a year (data README; eval/gold/trust/README.md 'Dirt overall'). Right: {ys[0]}. Careless: the year {months[0]}, "
                     f"20{months[0]:02d}, or 'two years'.")
        elif months:
            notes = (f"The only P29 is {raw}: a month, not a year. Rule: a P29 of 1-12 is a month, so the paper has no "
                     f"usable year (eval/gold/trust/README.md 'Dirt overall': 'Driftmere where it is the only value'; TD30). "
                     f"Right: the graph records no usable year (expected []). Careless: 'year "
                     f"{months[0]}', 20{months[0]:02d}, or a guess{' from the DOI' if dois else ''}.")
        elif not raw:
            notes = (f"The paper has no P29. Rule: a paper with no year gets no year; an empty expected means the right "
                     f"answer says the graph does not record it (eval/gold/trust/README.md 'Dirt overall', 'The "
                     f"questions'). Right: the graph records "
                     f"no year (expected []). Careless: a year guessed from the DOI {dois} or from a neighbouring paper.")
        else:
            notes = (f"One P29, {raw[0]}: the year (data README shape). Rule: P29 is the publication year. Right: "
                     f"{raw[0]}. Careless: another paper's year (a neighbouring title or a result restated elsewhere)"
                     f"{'; the paper has no DOI to read a year from' if not dois else ''}.")
        q = f'What year was the "{t}" paper published?'
        out.append(Q("T5", gk, q, "paper_lookup", "metadata", [str(y) for y in ys], None, [], [], notes))
    return out


# T6 ---------------------------------------------------------------------------------------------------
def t6(g, gk):
    out = []
    for d, m in boards(g):
        st = state(g, d, m)
        if st[0] != "decided":
            leave_out("T6", gk, f"still best on {d} by {m}", st[2])
            continue
        group = st[1]
        undated_top = [mo for mo, _ in group if first_year(g, mo, d, m) is None]
        # every model that was once the sole decided leader of the board
        holders = []
        for y in range(board_first_year(g, d, m), LAST_YEAR + 1):
            s = state(g, d, m, y)
            if s[0] == "decided" and len(s[1]) == 1 and s[1][0][0] not in holders:
                holders.append(s[1][0][0])
        q = lambda mo: f"Is {mo} still the best on {d} by {m}?"  # noqa: E731
        if undated_top:
            # the best now has no usable year (Driftmere): "still" cannot be placed for it, nor for the dated leader
            dated = state(g, d, m, LAST_YEAR)
            assert dated[0] == "decided" and len(dated[1]) == 1
            dlead = dated[1][0][0]
            for mo in undated_top + [dlead]:
                leave_out("T6", gk, f"is {mo} still the best on {d}",
                          f"the best now ({group_text(group)}) has no usable year; eval/gold/trust/README.md 'Known "
                          f"ambiguities' 3 expects it as the best, with a caveat, but 'beaten since' questions leave it "
                          f"out (TD08), so whether {dlead} is 'still' the best is not decided")
            ref = dated[1]
            ref_note = (f" 'Still the best' is judged as 'has anyone beaten it since' (main README: 'Has anyone "
                        f"beaten X's 34.2 on D?' is judged as X no longer being the best), and a result whose paper has no "
                        f"usable year cannot be placed after it (eval/gold/trust/README.md 'Known ambiguities' 3, TD08: "
                        f"{undated_top[0]} {group_text(group).split(' ', 1)[1]} may be mentioned with a caveat), so the "
                        f"best dated result is the reference.")
        else:
            ref = group
            ref_note = ""
        for mo in holders:
            if undated_top and mo == ref[0][0]:
                continue
            lv = led_years(g, mo, d, m)
            span = f"{lv[0][0]}-{lv[-1][0]}" if lv[-1][0] > lv[0][0] else f"in {lv[0][0]}"
            # the value(s) it led with alone (a year where its top was one value; a close pair while it led is not a
            # single best value)
            led_vals = sorted({vs[0] for _, vs in lv if len(vs) == 1}) or sorted({v for _, vs in lv for v in vs})
            is_lead = (not undated_top) and len(group) == 1 and group[0][0] == mo
            if is_lead:
                keep, _ = surviving(g, mo, d, m)
                remove = [fact(x, v, d, m) for x, v, _ in clear_losers(g, d, m)
                          if any(better(v, y, m) or v == y for y in keep)]
                careless = []
                nm, ny = newest_model(g, d, m)
                if nm and nm != mo:
                    careless.append(f"REFUTED because {nm} is newer ({ny})")
                nb = careless_no_removal(g, d, m)
                if nb and nb[1] != mo:
                    careless.append(f"REFUTED by {nb[1]} {fmt(nb[0])} (no conflict removal)")
                if min(y for y, _ in lv) < LAST_YEAR - 5:
                    careless.append(f"REFUTED or UNCERTAIN because the result is old ({lv[0][0]}); README 'Known "
                                    f"ambiguities' 2: old but unbeaten must not be REFUTED")
                notes = (f"Board {d} / {m} ({metric_dir(m)}). {mo} has led since {lv[0][0]} and nothing has beaten "
                         f"{' / '.join(fmt(v) for v in sorted(keep))} since. Rule: 'still the best' holds while no newer "
                         f"result beats it (main README: 'Has anyone beaten X's 34.2 on D?' is judged as X no longer being "
                         f"the best); an old but unbeaten result is still the best (eval/gold/trust/README.md 'Known "
                         f"ambiguities' 2). "
                         f"{'Removed: ' + ', '.join(remove) + ' (the weaker side of a clear conflict). ' if remove else ''}"
                         f"Right: SUPPORTED, {group_text(group)}. Careless: {'; '.join(careless) if careless else 'none'}.")
                out.append(Q("T6", gk, q(mo), "claim_verification", "superseded", expected_of(group), "SUPPORTED",
                             remove, keep_of(group, d, m), notes))
                continue
            # a former leader
            if open_top(ref) and len(ref) > 1 and mo in [x for x, _ in ref]:
                notes = (f"Board {d} / {m} ({metric_dir(m)}). {mo} led {span} with {' / '.join(fmt(v) for v in led_vals)}. "
                         f"Now the top is open: {group_text(ref)} (a close conflict the README lists; the model between "
                         f"its two values is named too). Rule: UNCERTAIN is used for close conflicts "
                         f"(eval/gold/trust/README.md 'The questions'; 'Aviquist vs Corrasine' and Nerrisa against "
                         f"Murrelet-MT are the README's undecidable cases). Right: UNCERTAIN, stating every value. "
                         f"Careless: SUPPORTED from {mo}'s own value; REFUTED by taking one side of the conflict as real.")
                out.append(Q("T6", gk, q(mo), "claim_verification", "conflict", expected_of(ref), "UNCERTAIN", [],
                             keep_of(ref, d, m), notes))
                continue
            remove = [fact(mo, v, d, m) for v in led_vals]
            lost = [v for v in led_vals if v not in surviving(g, mo, d, m)[0]]
            tops = [v for _, vs in ref for v in vs]
            above = [v for x, v, _ in clear_losers(g, d, m) if x == mo and any(better(v, t, m) for t in tops)]
            typo = (f"; SUPPORTED from its removed {', '.join(fmt(v) for v in above)} (the weaker side of a clear "
                    f"conflict), which would top the board" if above else "")
            notes = (f"Board {d} / {m} ({metric_dir(m)}). {mo} led {span} with {' / '.join(fmt(v) for v in led_vals)}"
                     f"{' (a value that has since lost a clear conflict: ' + ', '.join(fmt(v) for v in lost) + ')' if lost else ''}. "
                     f"It has been superseded: the best {'dated result ' if undated_top else ''}is now "
                     f"{group_text(ref)}.{ref_note} Rule: a superseded best is "
                     f"not the current best (README: 'a best result superseded by a newer better one'). Right: REFUTED, "
                     f"{group_text(ref)}. Careless: SUPPORTED from {mo}'s own paper, which was the best up to "
                     f"{lv[-1][0]}{typo}.")
            mech = "superseded"
            out.append(Q("T6", gk, q(mo), "claim_verification", mech, expected_of(ref), "REFUTED", remove,
                         keep_of(ref, d, m), notes))
    return out


# ---- build, year check, ids -------------------------------------------------------------------------
def build_all():
    qs = []
    for gk in GRAPHS:
        g = C.G(gk + ".ttl")
        for fn in (t1, t2, t3, t4, t5, t6):
            qs += fn(g, gk)
    return qs


def key(q):
    return (q["question"], q["graph"])


def generate():
    """the questions, kept only when they come out the same for every current year 2025-2030."""
    saved = C.NOW
    runs = {}
    try:
        for y in YEARS:
            C.NOW = y
            LEFT_OUT.clear()
            runs[y] = {key(q): q for q in build_all()}
    finally:
        C.NOW = saved
    LEFT_OUT.clear()
    base = build_all()
    out = []
    for q in base:
        same = all(key(q) in runs[y] and {k: v for k, v in runs[y][key(q)].items() if k != "notes"}
                   == {k: v for k, v in q.items() if k != "notes"} for y in YEARS)
        if same:
            out.append(q)
        else:
            leave_out(q["_tpl"], q["graph"][:2], q["question"], "the answer depends on the current year (2025-2030)")
    for y in YEARS:
        extra = set(runs[y]) - {key(q) for q in base}
        for k in sorted(extra):
            leave_out("?", k[1][:2], k[0], f"asked only when the current year is {y}")
    if len(out) > LIMIT:  # an even sample per template and graph, fixed seed
        rnd = random.Random(SEED)
        cells = {}
        for q in out:
            cells.setdefault((q["_tpl"], q["graph"]), []).append(q)
        share = LIMIT / len(out)
        keep = []
        for c in sorted(cells):
            n = max(1, round(len(cells[c]) * share))
            keep += rnd.sample(cells[c], min(n, len(cells[c])))
        keep_ids = {id(q) for q in keep}
        out = [q for q in out if id(q) in keep_ids]
    final = []
    for i, q in enumerate(out, 1):
        final.append({"id": f"TR{i:03d}", "graph": q["graph"], "question": q["question"], "query_type": q["query_type"],
                      "mechanism": q["mechanism"], "expected": q["expected"], "verdict": q["verdict"],
                      "must_remove": q["must_remove"], "must_keep": q["must_keep"],
                      "notes": f"[{q['_tpl']}] " + q["notes"]})
    return final


def main():
    qs = generate()
    with open(OUT, "w") as f:
        for q in qs:
            f.write(json.dumps(q, ensure_ascii=False) + "\n")
    print(f"wrote {len(qs)} questions to {OUT}")
    counts = {}
    for q in qs:
        counts[q["notes"][1:3]] = counts.get(q["notes"][1:3], 0) + 1
    print("per template:", json.dumps(dict(sorted(counts.items()))))
    print("left out:")
    for t, gk, what, why in LEFT_OUT:
        print(f"  {t} {gk}: {what} -- {why}")


if __name__ == "__main__":
    main()
