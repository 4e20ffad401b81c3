#!/usr/bin/env python3
"""Writes trust-dev16.jsonl: systematic coverage of the question kinds trust-dev15 did not ask (TT001, ...).

Like gen15.py (every fact, fixed plain wording), on the four trust fixture graphs, with eight templates:

  T1  every pair of models with a result on the same board (dataset x metric), one direction per pair
      (seeded), including the '-' row:
        "Does <A> beat <B> on <dataset> by <metric>?"                                 (claim_verification)
  T2  every surviving value of every result:
        "Has anyone beaten <model>'s <value> on <dataset> by <metric>?"               (claim_verification)
  T3  every model that once held a board's record alone (its results dated):
        "Before <model> took the <dataset> <metric> record, who held it?"             (method_comparison, as_of)
  T4  every model that once held the record alone or is not at the top now:
        "Which models have beaten <model> on <dataset> by <metric>?"                  (method_comparison)
  T5  every value stated by two papers or more:
        "How many papers report <model> at <value> on <dataset>?"                     (method_comparison)
  T6  every research problem:
        "What is the most recent paper on <problem>?"                                 (topic_search, recency)
  T7  topics the graphs do not hold, next to ones they do:
        "Is there a benchmark dataset for <topic>?"                                   (dataset_search, gate)
  T8  every board, every year in which its (decided) leader changed:
        "Which model was best on <dataset> by <metric> before <year>?"                (method_comparison, as_of)

The answers follow the public rules only: main/README.md "Answers you can trust" and eval/gold/trust/README.md
("The questions", "Conflict margins", "Known ambiguities"). Conflicts are resolved with check.py's reference rules
(check.surviving / check.board, imported and never read); everything else is computed here from the rows and papers
check.G reads. A question is dropped when its answer is not the same for every current year 2025-2030; a case the
README does not decide is left out (LEFT_OUT, printed, and listed in README16.md).

Run: python3 gen16.py            (writes trust-dev16.jsonl beside this file and prints what it left out)
Needs rdflib and pyoxigraph. Looks for check.py and g1.ttl .. g4.ttl beside this file first, then in
/work/main/eval/gold/trust.
"""
import sys

sys.dont_write_bytecode = True  # never leave a __pycache__ beside check.py

import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FALLBACK = "/work/main/eval/gold/trust"
NEEDED = ("check.py", "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")
TRUST_DIR = next(d for d in (HERE, FALLBACK) if all(os.path.exists(os.path.join(d, f)) for f in NEEDED))
if TRUST_DIR not in sys.path:
    sys.path.insert(0, TRUST_DIR)
import check as C  # noqa: E402  (graph loading and the reference conflict rules; used, never read)

OUT = os.path.join(HERE, "trust-dev16.jsonl")
GRAPHS = ("g1", "g2", "g3", "g4")
YEARS = range(2025, 2031)  # the current years the answers must not depend on
LAST_YEAR = 2025           # the newest paper year in the graphs
LIMIT, SEED = 400, 16      # more than LIMIT questions -> an even sample with this seed; SEED also orders the pairs

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

# T7: topics the graphs do not hold. (graph, topic, the held topic it sits next to, the careless answer)
GATE_TOPICS = [
    ("g1", "calving front forecasting", "Calving Front Delineation", "Corvalla-Ice"),
    ("g1", "glacial lake segmentation", "Crevasse Segmentation", "Skarnhold Glacier Set / BenchMira"),
    ("g1", "iceberg segmentation in radar mosaics", "Crevasse Segmentation", "BenchMira"),
    ("g2", "birdsong synthesis", "Birdsong Transcription", "Dastrup-7 Chorus"),
    ("g2", "classification of frog call types", "Call-Type Classification", "Hollenby Marsh Calls"),
    ("g2", "whale call transcription", "Birdsong Transcription", "Dastrup-7 Chorus / Hollenby Marsh Calls"),
    ("g3", "dialogue summarization", "Dialogue Translation", "Quenmark Dialogue Set"),
    ("g3", "Vendish speech recognition", "Vendish-English Translation", "Orrenby Parallel Corpus"),
    ("g3", "timing alignment of subtitles", "Vendish-English Translation (Mirelle Subtitles)", "Mirelle Subtitles"),
    ("g4", "wind turbine fault detection", "Tidal Turbine Fault Detection", "Sealbrook Turbine Logs"),
    ("g4", "detection of tidal turbine biofouling", "Tidal Turbine Fault Detection", "Sealbrook Turbine Logs"),
    ("g4", "seagrass canopy mapping", "Kelp Canopy Mapping", "Kelpwatch-Norrland"),
]

LEFT_OUT = []  # (template, graph, what, why), printed and described in README16.md


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


def numbers(g, model, dataset, metric):
    return sorted({num(r["value"]) for r in rows_of(g, dataset, metric, model)} - {None})


def surviving(g, model, dataset, metric, anchor=None):
    keep, status, _ = C.surviving(g, model, dataset, metric, anchor)
    return set(keep), status


def first_year(g, model, dataset, metric):
    ys = [y for r in rows_of(g, dataset, metric, model) for y in years_of(g, r["paper"])]
    return min(ys) if ys else None


def surv_first_year(g, model, dataset, metric, vals):
    """the first year a paper stated one of vals for the triple (None: no dated paper states them)."""
    ys = [y for r in rows_of(g, dataset, metric, model) if num(r["value"]) in vals for y in years_of(g, r["paper"])]
    return min(ys) if ys else None


def board_first_year(g, dataset, metric):
    return min(y for r in rows_of(g, dataset, metric) for y in years_of(g, r["paper"]))


def papers_with(g, model, dataset, metric, v):
    return sorted({(r["paper"], r["title"], r["value"]) for r in rows_of(g, dataset, metric, model) if num(r["value"]) == v})


def year_text(g, paper):
    ys = years_of(g, paper)
    return "/".join(str(y) for y in ys) if ys else "no year"


def metric_dir(metric):
    return "lower is better" if lower(metric) else "higher is better"


def vals_text(vs):
    return " / ".join(fmt(v) for v in sorted(vs))


# ---- who leads a board, now or as of an anchor (the rule of gen15.py) -------------------------------------
def state(g, dataset, metric, anchor=None):
    """('empty', None, why) | ('undecided', None, why) | ('decided', [(model, [values])], why).

    decided: one model at the top (its value single or the winner of a clear conflict), or an open top: a close
    conflict the README lists as close, with every model whose values overlap it (main README: 'When the best result
    is recorded twice, too close to call, and another model beats its other value, that model is named too'), the
    next model clearly behind all of them."""
    try:
        b = C.board(g, dataset, metric, anchor)
    except Exception as ex:  # noqa: BLE001  (a paper with two real years makes the anchor decide; check.board says so)
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
            return "undecided", None, (f"{m}'s values {vals_text(vals[m])} are a close conflict at the top, which the "
                                       f"README lists as {README_CONFLICTS.get((m, dataset, metric), 'no conflict')} "
                                       f"(its outcome today)")
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
    return "; ".join(f"{m} {vals_text(vs)}" for m, vs in group)


def open_top(group):
    return len(group) > 1 or len(group[0][1]) > 1


def sole_holders(g, dataset, metric):
    """[(model, first year it led alone)] for every model that was once the decided leader alone."""
    out = []
    for y in range(board_first_year(g, dataset, metric), LAST_YEAR + 1):
        s = state(g, dataset, metric, y)
        if s[0] == "decided" and len(s[1]) == 1 and s[1][0][0] not in [m for m, _ in out]:
            out.append((s[1][0][0], y))
    return out


def anchored_removals(g, dataset, metric, anchor, group):
    """must_remove under an anchor (the rule of trust-dev15's T2): for a decided answer, every result better than
    the answer's weakest value whose paper is after the anchor or has no usable year; for an empty board, the
    board's first dated results, results whose P29 holds a month, and undated results."""
    out = set()
    if group is None:
        first = board_first_year(g, dataset, metric)
        for r in rows_of(g, dataset, metric):
            v = num(r["value"])
            if v is None:
                continue
            vy, raw = years_of(g, r["paper"]), g.papers[r["paper"]]["years"]
            if (vy and min(vy) == first) or any(1 <= x <= 12 for x in raw) or not vy:
                out.add(fact(r["model"], v, dataset, metric))
        return out
    tops = [v for _, vs in group for v in vs]
    worst = max(tops) if lower(metric) else min(tops)
    for r in rows_of(g, dataset, metric):
        v = num(r["value"])
        if v is None:
            continue
        vy = years_of(g, r["paper"])
        if (not vy or min(vy) > anchor) and better(v, worst, metric):
            out.add(fact(r["model"], v, dataset, metric))
    return out


def clear_losers(g, dataset, metric):
    """[(model, losing value)] for every clear conflict on the board (no anchor)."""
    out = []
    for m in models_of(g, dataset, metric):
        vs = numbers(g, m, dataset, metric)
        if len(vs) > 1:
            keep, st = surviving(g, m, dataset, metric)
            if st == "clear":
                out += [(m, v) for v in vs if v not in keep]
    return out


def careless_no_removal(g, dataset, metric, anchor=None):
    rs = []
    for r in rows_of(g, dataset, metric):
        v, raw = num(r["value"]), g.papers[r["paper"]]["years"]
        if v is None or (anchor is not None and raw and min(raw) > anchor):
            continue
        rs.append((v, r["model"]))
    rs.sort(key=lambda t: t[0], reverse=not lower(metric))
    return rs[0] if rs else None


# ---- question builder ------------------------------------------------------------------------------
def Q(tpl, gk, question, query_type, mechanism, expected, verdict, must_remove, must_keep, notes):
    return {"_tpl": tpl, "graph": gk + ".ttl", "question": question, "query_type": query_type, "mechanism": mechanism,
            "expected": list(expected), "verdict": verdict, "must_remove": sorted(set(must_remove)),
            "must_keep": sorted(set(must_keep)), "notes": notes}


# T1 pairwise --------------------------------------------------------------------------------------------
def t1(g, gk):
    out = []
    for d, m in boards(g):
        ms = models_of(g, d, m)
        rnd = random.Random(f"{SEED}|{d}|{m}")
        for i, x in enumerate(ms):
            for y in ms[i + 1:]:
                a, b = (x, y) if rnd.random() < 0.5 else (y, x)
                sa, sta = surviving(g, a, d, m)
                sb, stb = surviving(g, b, d, m)
                q = f"Does {a} beat {b} on {d} by {m}?"
                raw = {mo: sorted({r["value"] for r in rows_of(g, d, m, mo)}) for mo in (a, b)}
                if "AMBIGUOUS" in (sta, stb):
                    leave_out("T1", gk, q, "the six conflict readings disagree")
                    continue
                if not sa or not sb:
                    dash, other, so = (a, b, sb) if not sa else (b, a, sa)
                    notes = (f"Board {d} / {m} ({metric_dir(m)}). {dash}'s only stored value is {raw[dash]!r}: no "
                             f"number. Rule: a claim about a value the graph does not have is UNCERTAIN with an empty "
                             f"expected (eval/gold/trust/README.md 'Gate questions': 'a `-` score'; TG36). "
                             f"Right: UNCERTAIN; the graph records no {m} number for {dash} on {d} ({other}: "
                             f"{vals_text(so)}). Careless: '-' compared as a string or read as 0 "
                             f"({'REFUTED' if dash == a else 'SUPPORTED'}), or {dash}'s score on another board.")
                    out.append(Q("T1", gk, q, "claim_verification", "gate", [], "UNCERTAIN", [],
                                 [fact(other, v, d, m) for v in so], notes))
                    continue
                if any(x1 == y1 for x1 in sa for y1 in sb):
                    leave_out("T1", gk, q, "a tie between the two models; the README does not say whether a tie 'beats'")
                    continue
                if all(better(u, w, m) for u in sa for w in sb):
                    verdict = "SUPPORTED"
                elif all(better(w, u, m) for u in sa for w in sb):
                    verdict = "REFUTED"
                else:
                    verdict = "UNCERTAIN"
                exp = sorted({fmt(v) for v in sa | sb})
                losers = [(mo, v) for mo, v in clear_losers(g, d, m) if mo in (a, b)]
                remove = [fact(mo, v, d, m) for mo, v in losers]
                keep = [fact(a, v, d, m) for v in sa] + [fact(b, v, d, m) for v in sb]
                fa, fb = first_year(g, a, d, m), first_year(g, b, d, m)
                conflicted = len(numbers(g, a, d, m)) > 1 or len(numbers(g, b, d, m)) > 1
                if conflicted:
                    mech = "conflict"
                elif fa is not None and fb is not None and fa != fb:
                    newer = a if fa > fb else b
                    newer_wins = (verdict == "SUPPORTED") == (newer == a)
                    mech = "superseded" if newer_wins else "recency"
                else:
                    mech = "corroboration"
                # careless readings
                careless = []
                na, nb = numbers(g, a, d, m), numbers(g, b, d, m)
                if losers:
                    pick = lambda vs: (min(vs) if lower(m) else max(vs))  # noqa: E731
                    naive = "SUPPORTED" if better(pick(na), pick(nb), m) else "REFUTED"
                    if naive != verdict:
                        careless.append(f"{naive} from the removed {', '.join(f'{mo} {fmt(v)}' for mo, v in losers)} "
                                        f"(no conflict removal)")
                ra, rb = max(raw[a]), max(raw[b])
                if lower(m):
                    ra, rb = min(raw[a]), min(raw[b])
                str_v = "SUPPORTED" if (ra < rb if lower(m) else ra > rb) else "REFUTED"
                if str_v != verdict and verdict != "UNCERTAIN":
                    careless.append(f"{str_v} from the stored strings {ra!r} vs {rb!r} compared as text")
                if fa is not None and fb is not None and fa != fb:
                    newer = a if fa > fb else b
                    nv = "SUPPORTED" if newer == a else "REFUTED"
                    if nv != verdict:
                        careless.append(f"{nv} because {newer} is newer ({max(fa, fb)} against {min(fa, fb)})")
                if lower(m):
                    hv = "SUPPORTED" if max(na) > max(nb) else "REFUTED"
                    if hv != verdict:
                        careless.append(f"{hv} from the higher number ({m} is lower-is-better)")
                if verdict == "UNCERTAIN":
                    careless.append("SUPPORTED or REFUTED from one side of the close conflict picked silently")
                if fa is None or fb is None:
                    careless.append(f"UNCERTAIN because {a if fa is None else b}'s paper has no usable year (a comparison "
                                    f"of values does not depend on it)")
                if not careless:
                    careless.append("UNCERTAIN because the two values come from different papers (they are on the same "
                                    "board and metric, so they compare); or a verdict from the models' results on another "
                                    "board")
                pct = [mo for mo in (a, b) if any(s != fmt(num(s)) for s in raw[mo] if num(s) is not None)]
                spell = (f" Stored as {', '.join(f'{mo} {raw[mo]!r}' for mo in pct)}: the same numbers in clean form "
                         f"(data README)." if pct else "")
                if verdict == "UNCERTAIN":
                    rule = ("Rule: a close conflict keeps both values and UNCERTAIN is used for close conflicts "
                            "(eval/gold/trust/README.md 'The questions', 'Conflict margins'); here one value of the "
                            "pair beats the other model and one does not.")
                else:
                    rule = (f"Rule: A beats B when every surviving value of A is better than every surviving value of B "
                            f"by the metric's direction ({metric_dir(m)}); a removed side of a clear conflict does not "
                            f"count (README 'Conflict margins'); newer is not thereby better.")
                notes = (f"Board {d} / {m}. {a}: {vals_text(sa)} ({sta}, first {fa or 'no year'}); {b}: {vals_text(sb)} "
                         f"({stb}, first {fb or 'no year'}).{spell} "
                         f"{'Removed (clear conflict): ' + ', '.join(remove) + '. ' if remove else ''}{rule} "
                         f"Right: {verdict}, stating {', '.join(exp)}. Careless: {'; '.join(careless) if careless else 'none'}.")
                out.append(Q("T1", gk, q, "claim_verification", mech, exp, verdict, remove, keep, notes))
    return out


# T2 has anyone beaten -----------------------------------------------------------------------------------
def t2(g, gk):
    out = []
    for d, m in boards(g):
        now = state(g, d, m)
        assert now[0] == "decided"
        group = now[1]
        undated_top = [mo for mo, _ in group if first_year(g, mo, d, m) is None]
        if undated_top:
            dated = state(g, d, m, LAST_YEAR)
            assert dated[0] == "decided" and len(dated[1]) == 1
            ref = dated[1]
        else:
            ref = group
        holders = dict(sole_holders(g, d, m))
        for x in models_of(g, d, m):
            sx, stx = surviving(g, x, d, m)
            for v in sorted(sx):
                q = f"Has anyone beaten {x}'s {fmt(v)} on {d} by {m}?"
                others = {mo: surviving(g, mo, d, m)[0] for mo in models_of(g, d, m) if mo != x}
                full = sorted(mo for mo, s in others.items() if s and all(better(w, v, m) for w in s))
                part = sorted(mo for mo, s in others.items() if s and mo not in full and any(better(w, v, m) for w in s))
                value_v = "SUPPORTED" if full else ("UNCERTAIN" if part else "REFUTED")
                # the README's reading: "judged as X no longer being the best"
                names = [mo for mo, _ in group]
                if undated_top:
                    if x in undated_top:
                        readme_v = "REFUTED"
                    elif x == ref[0][0]:
                        leave_out("T2", gk, q, f"the best now ({group_text(group)}) has no usable year; whether it has "
                                               f"'beaten' {x} is not decided (README 'Known ambiguities' 3, TD08)")
                        continue
                    else:
                        readme_v = "SUPPORTED"
                elif len(names) > 1 or len(group[0][1]) > 1:
                    readme_v = "UNCERTAIN" if x in names else "SUPPORTED"
                else:
                    readme_v = "REFUTED" if names == [x] else "SUPPORTED"
                if value_v != readme_v:
                    leave_out("T2", gk, q, f"the value reading ({value_v}: {full or part or 'nobody'} better than "
                                           f"{fmt(v)}) and the README's reading ('judged as X no longer being the best': "
                                           f"{readme_v}, the top being {group_text(group)}) differ")
                    continue
                verdict = value_v
                losers = [(mo, w) for mo, w in clear_losers(g, d, m) if better(w, v, m)]
                remove = {fact(mo, w, d, m) for mo, w in losers}
                held = [y for y in range(board_first_year(g, d, m), LAST_YEAR + 1)
                        if state(g, d, m, y)[0] == "decided" and state(g, d, m, y)[1] == [(x, [v])]]
                if verdict == "SUPPORTED":
                    assert all(all(better(w, v, m) for w in vs) for _, vs in ref), (q, ref)
                    exp, keep = expected_of(ref), keep_of(ref, d, m)
                    if held:
                        remove.add(fact(x, v, d, m))
                    mech = "superseded"
                elif verdict == "REFUTED":
                    exp, keep = [x, fmt(v)], [fact(x, v, d, m)]
                    mech = "conflict" if losers else "superseded"
                else:
                    exp, keep = expected_of(group), keep_of(group, d, m)
                    mech = "conflict"
                if verdict != "UNCERTAIN" and (len(numbers(g, x, d, m)) > 1 or losers):
                    mech = "conflict"
                fx = surv_first_year(g, x, d, m, {v})
                fmo = {mo: surv_first_year(g, mo, d, m, others[mo]) for mo in full}
                newer = [mo for mo in full if fx is not None and fmo[mo] is not None and fmo[mo] > fx]
                older = [mo for mo in full if mo not in newer]
                careless = []
                if losers and verdict != "SUPPORTED":
                    careless.append(f"SUPPORTED from the removed {', '.join(f'{mo} {fmt(w)}' for mo, w in losers)} "
                                    f"(the weaker side of a clear conflict)")
                if held and verdict == "SUPPORTED":
                    careless.append(f"REFUTED from {x}'s own paper, which was the best {held[0]}-{held[-1]}")
                if older and not newer and verdict == "SUPPORTED":
                    careless.append(f"REFUTED because nothing newer than {x} ({fx or 'no year'}) beats it: "
                                    f"{', '.join(older)} beat{'s' if len(older) == 1 else ''} it from "
                                    f"{'earlier, same-year or undated papers' if fx else 'papers that cannot be ordered against its undated one'}, "
                                    f"and the README judges the question as {x} no longer being the best")
                if verdict == "UNCERTAIN":
                    careless.append("SUPPORTED or REFUTED from one side of the close conflict picked silently")
                if not careless:
                    careless.append("SUPPORTED from a newer but weaker result" if verdict == "REFUTED"
                                    else "REFUTED from the value being recorded at all ('has anyone beaten X's V' is "
                                         "not settled by X's V being recorded, main README scope gate)")
                if verdict == "SUPPORTED":
                    right = f"SUPPORTED; the best {'dated result ' if undated_top else ''}now is {group_text(ref)}"
                elif verdict == "REFUTED":
                    right = f"REFUTED; nothing recorded beats {x}'s {fmt(v)}"
                else:
                    right = f"UNCERTAIN; the top is open: {group_text(group)}"
                und = (f" The best now, {group_text(group)}, has no usable year; the best dated result is the "
                       f"reference and Driftmere may be mentioned with a caveat (README 'Known ambiguities' 3)."
                       if undated_top and verdict == "SUPPORTED" else "")
                notes = (f"Board {d} / {m} ({metric_dir(m)}). {x}'s {fmt(v)} ({stx}); better than it: "
                         f"{', '.join(f'{mo} {vals_text(others[mo])}' for mo in full) or 'nobody'}"
                         f"{'; partly better (a close conflict): ' + ', '.join(part) if part else ''}.{und} Rule: main README "
                         f"'\"Has anyone beaten X's 34.2 on D?\" is judged as X no longer being the best'; a removed side "
                         f"of a clear conflict does not count; UNCERTAIN for close conflicts (README 'The questions'). "
                         f"Right: {right}. Careless: {'; '.join(careless)}.")
                out.append(Q("T2", gk, q, "claim_verification", mech, exp, verdict, remove, keep, notes))
    return out


# T3 before X took the record ----------------------------------------------------------------------------
def t3(g, gk):
    out = []
    for d, m in boards(g):
        for x, led_from in sole_holders(g, d, m):
            q = f"Before {x} took the {d} {m} record, who held it?"
            fy = first_year(g, x, d, m)
            if fy is None:
                leave_out("T3", gk, q, "its results have no usable year (the README: 'says it cannot be told')")
                continue
            anchor = fy - 1
            st = state(g, d, m, anchor)
            if st[0] == "undecided":
                leave_out("T3", gk, q, f"the board as of {anchor} (the year before {x}'s first result, {fy}) is not "
                                       f"decided: {st[2]}")
                continue
            group = st[1] if st[0] == "decided" else None
            remove = anchored_removals(g, d, m, anchor, group)
            at_fy = state(g, d, m, fy)
            took = (f"{x} led alone from {led_from}"
                    + (f"; in {fy}, its first year there, the top was not decided ({at_fy[2]})"
                       if at_fy[0] != "decided" else ""))
            nb = careless_no_removal(g, d, m, anchor)
            careless = [f"{x} itself, or the holder as of {fy} (the anchor read one year late)"]
            if group is not None:
                if nb and (nb[1], nb[0]) not in [(mo, w) for mo, vs in group for w in vs]:
                    careless.append(f"{nb[1]} {fmt(nb[0])} (no conflict removal, smallest raw P29 as the year, undated "
                                    f"results kept)")
                prev_now = state(g, d, m)
                careless.append(f"today's values instead of those up to {anchor}")
                exp, keep = expected_of(group), keep_of(group, d, m)
                right = f"{group_text(group)} (the board as of {anchor})"
                if open_top(group):
                    right += ", stated as open (a close conflict the README lists)"
            else:
                exp, keep = [], []
                right = f"nobody: nothing was recorded on {d} before {fy} ({x} was among the first results)"
                careless.append("a result from an undated paper or a month under P29 read as an early year")
            notes = (f"Board {d} / {m} ({metric_dir(m)}). {took}; its first result there is from {fy}. Rule: main README "
                     f"'\"Before X took the record on D, who held it?\" reads D as it stood the year before X's first "
                     f"result there'; under an anchor a paper with no usable year is left out and a P29 of 1-12 is a "
                     f"month (eval/gold/trust/README.md 'The questions'). Right: {right}. "
                     f"Careless: {'; '.join(careless)}.")
            out.append(Q("T3", gk, q, "method_comparison", "as_of", exp, None, remove, keep, notes))
    return out


# T4 which models have beaten X --------------------------------------------------------------------------
def t4(g, gk):
    out = []
    for d, m in boards(g):
        now = state(g, d, m)
        group = now[1]
        names = [mo for mo, _ in group]
        holders = [mo for mo, _ in sole_holders(g, d, m)]
        for x in models_of(g, d, m):
            sx, _ = surviving(g, x, d, m)
            if not sx:
                continue  # the '-' row: no number to be beaten (T1 asks it)
            if x in names and x not in holders:
                continue  # at the top now and never held it alone: not asked (README16 'Left out')
            q = f"Which models have beaten {x} on {d} by {m}?"
            fx = surv_first_year(g, x, d, m, sx)
            score, since, undecided, undated, older = [], [], [], [], []
            for mo in models_of(g, d, m):
                if mo == x:
                    continue
                s, _ = surviving(g, mo, d, m)
                if not s:
                    continue
                if all(better(w, u, m) for w in s for u in sx):
                    score.append(mo)
                    fm = surv_first_year(g, mo, d, m, s)
                    if fm is None:
                        undated.append(mo)
                    elif fx is not None and fm > fx:
                        since.append(mo)
                    else:
                        older.append(mo)
                elif any(better(w, u, m) for w in s for u in sx):
                    undecided.append(mo)
            if undecided:
                leave_out("T4", gk, q, f"{', '.join(undecided)} beat some of {x}'s values but not all (a close "
                                       f"conflict): not decided")
                continue
            if fx is None:
                leave_out("T4", gk, q, f"{x}'s result has no usable year: 'since' cannot be placed")
                continue
            if not since and score:
                leave_out("T4", gk, q, f"only {', '.join(score)} ha{'s' if len(score) == 1 else 've'} a better score, "
                                       f"from {'an undated paper' if undated and not older else 'an earlier or the same year'}"
                                       f": 'beaten' read as 'a better score' names "
                                       f"{'it' if len(score) == 1 else 'them'}, read as 'beaten since' (TD08, check.py's "
                                       f"models_beating) names nobody; the README does not decide")
                continue
            exp = sorted(since)
            keep = [fact(mo, w, d, m) for mo in since for w in surviving(g, mo, d, m)[0]]
            if not since:
                keep = [fact(x, w, d, m) for w in sx]
            losers = [(mo, w) for mo, w in clear_losers(g, d, m) if mo != x and any(better(w, u, m) for u in sx)]
            remove = [fact(mo, w, d, m) for mo, w in losers]
            careless = []
            if losers:
                careless.append(f"{', '.join(f'{mo} {fmt(w)}' for mo, w in losers)} (the removed side of a clear conflict)")
            newer_lower = sorted(mo for mo in models_of(g, d, m) if mo != x and mo not in score
                                 and (first_year(g, mo, d, m) or 0) > fx and surviving(g, mo, d, m)[0])
            if newer_lower:
                careless.append(f"every newer model, also {', '.join(newer_lower)}, which score{'s' if len(newer_lower) == 1 else ''} "
                                f"worse (newer = better)")
            if lower(m):
                careless.append(f"the models with a higher {m}, which is lower-is-better")
            if not careless:
                careless.append("the current best only, leaving the others out" if len(since) > 1 else
                                "nobody, or the models that came before it")
            extra = ""
            if older or undated:
                extra = (f" {', '.join(older + undated)} also score{'s' if len(older + undated) == 1 else ''} better, from "
                         f"{'an earlier or same-year' if older else ''}{' or ' if older and undated else ''}"
                         f"{'an undated' if undated else ''} paper: not 'since', so not expected; mentioning "
                         f"{'it' if len(older + undated) == 1 else 'them'} as better-scoring is fine (TD08).")
                if len(numbers(g, x, d, m)) > 1 and older:
                    extra += (f" {x}'s first result there ({first_year(g, x, d, m)}) is a value since removed by a clear "
                              f"conflict; counted from that year, {', '.join(older)} would be 'since' too (check.py's "
                              f"models_beating), so they are allowed, not required.")
            right = (f"{', '.join(f'{mo} {vals_text(surviving(g, mo, d, m)[0])}' for mo in exp)}" if exp
                     else f"nobody: {x}'s {vals_text(sx)} is unbeaten")
            notes = (f"Board {d} / {m} ({metric_dir(m)}). {x}: {vals_text(sx)} (first {fx}"
                     f"{', led alone from ' + str(dict(sole_holders(g, d, m))[x]) if x in holders else ''}).{extra} "
                     f"Rule: the models all of whose surviving values beat every surviving value of {x}, first stated "
                     f"after it (TD08 'which models have beaten it since'; check.py's models_beating); removed values do "
                     f"not count; undated results cannot be placed after it (README 'Known ambiguities' 3). "
                     f"Right: {right}. Careless: {'; '.join(careless)}.")
            out.append(Q("T4", gk, q, "method_comparison", "superseded", exp, None, remove, keep, notes))
    return out


# T5 how many papers -------------------------------------------------------------------------------------
def t5(g, gk):
    out = []
    for d, m in boards(g):
        for x in models_of(g, d, m):
            keep, st = surviving(g, x, d, m)
            for v in numbers(g, x, d, m):
                ps = papers_with(g, x, d, m, v)
                pids = {p for p, _, _ in ps}
                if len(pids) < 2:
                    continue
                q = f"How many papers report {x} at {fmt(v)} on {d}?"
                if v not in keep:
                    leave_out("T5", gk, q, "the value loses a clear conflict")
                    continue
                exact = len({p for p, _, raw in ps if raw == fmt(v)})
                losers = [w for w in numbers(g, x, d, m) if w not in keep]
                allp = {r["paper"] for r in rows_of(g, d, m, x)}
                careless = []
                if exact < len(pids):
                    careless.append(f"{exact} (counting exact strings; the spellings differ)")
                if len(allp) > len(pids):
                    careless.append(f"{len(allp)} (every paper with any {m} value of {x} on {d})")
                careless.append("1 (the model's own paper only)")
                other = [w for w in numbers(g, x, d, m) if w != v]
                titles = "; ".join(f"'{t}' ({year_text(g, p)}, stored {raw!r})" for p, t, raw in ps)
                notes = (f"{fmt(v)} for {x} on {d} / {m} is stated by {len(pids)} papers: {titles}. Rule: main README "
                         f"'\"how many papers put X at 88.3?\" counts the papers stating it'; a value written with '%' "
                         f"or a trailing space is the same number. "
                         f"{'The other value ' + vals_text(other) + (' loses a clear conflict and is removed. ' if losers else ' is a close conflict; it does not change the count. ') if other else ''}"
                         f"Right: {len(pids)}, citing them. Careless: {'; '.join(careless)}.")
                out.append(Q("T5", gk, q, "method_comparison", "corroboration", [fmt(v), str(len(pids))], None,
                             [fact(x, w, d, m) for w in losers], [fact(x, v, d, m)], notes))
    return out


# T6 most recent paper on a problem ---------------------------------------------------------------------
Q_PROBLEMS = C.PREFIXES + """
SELECT DISTINCT ?pl WHERE { ?c a orkgc:Contribution ; orkgp:P32 ?p . ?p rdfs:label ?pl . }"""


def short(title):
    return title.split(":")[0]


def t6(g, gk):
    out = []
    for prob in sorted(str(r["pl"]) for r in g.sel(Q_PROBLEMS)):
        dated, undated = C.newest_topic_paper(g, prob)
        q = f"What is the most recent paper on {prob}?"
        if not dated:
            leave_out("T6", gk, q, "no paper on it has a usable year")
            continue
        y = dated[0][0]
        tops = sorted(t for yy, t in dated if yy == y)
        nxt = [(yy, t) for yy, t in dated if yy < y][:1]
        exp = [short(t) for t in tops] + [str(y)]
        month = sorted(p["title"] for p in g.papers.values() if p["title"] in {t for _, t in dated} | {t for _, t in undated}
                       and any(1 <= v <= 12 for v in p["years"]))
        careless = []
        if undated:
            careless.append(f"{', '.join(repr(short(t)) for _, t in undated)} (no usable year, "
                            f"{'a month under P29' if any(short(t) in ' '.join(month) for _, t in undated) else 'no P29'}"
                            f" read as newest)")
        if len(tops) > 1:
            careless.append(f"only one of the {len(tops)} papers of {y}")
        # the paper of the board's best result on the problem's datasets
        bests = []
        for d, m in boards(g):
            st = state(g, d, m)
            if st[0] == "decided":
                for mo, vs in st[1]:
                    for p, t, _ in papers_with(g, mo, d, m, vs[-1]):
                        if t not in tops and any(tt == t for _, tt in dated):
                            bests.append(short(t))
        if bests:
            careless.append(f"the paper of a board's best result ({', '.join(sorted(set(bests))[:2])})")
        if nxt:
            careless.append(f"{short(nxt[0][1])!r} ({nxt[0][0]}, the next newest)")
        notes = (f"Papers linked to the research problem {prob!r} (P32), newest valid year {y}: "
                 f"{'; '.join(repr(t) for t in tops)}. Rule: recency is read from the valid P29 years; a P29 of 1-12 is "
                 f"a month and a paper with no usable year cannot be called the most recent (TD04); papers tied on the "
                 f"newest year are all given (TM04). Right: {', '.join(exp)}. Careless: {'; '.join(careless) or 'none'}.")
        out.append(Q("T6", gk, q, "topic_search", "recency", exp, None, [], [], notes))
    return out


# T7 gate: topics the graph lacks ------------------------------------------------------------------------
STOP = {"a", "an", "the", "of", "for", "in", "on", "and", "to"}


def labels_all(g):
    return [str(r["label"]) for r in g.sel(C.Q_LABELS)]


def t7(g, gk):
    out = []
    labels = labels_all(g)
    for gg, topic, held, careless in GATE_TOPICS:
        if gg != gk:
            continue
        words = [w for w in re.findall(r"[A-Za-z][A-Za-z-]*", topic) if w.lower() not in STOP]
        absent = [w for w in words if not any(re.search(rf"\b{re.escape(w)}\b", lab, re.I) for lab in labels)]
        present = [w for w in words if w not in absent]
        assert absent and present, (topic, absent, present)
        assert not any(w.lower() in lab.lower() for w in absent for lab in labels), (topic, "an absent word is part of a label")
        q = f"Is there a benchmark dataset for {topic}?"
        notes = (f"The graph holds {held!r}; no label or title has {', '.join(repr(w) for w in absent)}, while "
                 f"{', '.join(repr(w) for w in present)} occur{'s' if len(present) == 1 else ''} in its labels. Rule: a "
                 f"topic the graph lacks gets an empty expected (the right answer says the graph records nothing for "
                 f"it; eval/gold/trust/README.md 'Gate questions': 'a topic or dataset the graph lacks, which shares "
                 f"words with one it has'; TD25). Right: nothing recorded. Careless: {careless}, because it shares "
                 f"{'a word' if len(present) == 1 else 'words'} with {held!r}.")
        out.append(Q("T7", gk, q, "dataset_search", "gate", [], None, [], [], notes))
    return out


# T8 best before a year ----------------------------------------------------------------------------------
def t8(g, gk):
    out = []
    for d, m in boards(g):
        first = board_first_year(g, d, m)
        prev = state(g, d, m, first - 1)
        assert prev[0] == "empty"
        for c in range(first, LAST_YEAR + 1):
            cur = state(g, d, m, c)
            if cur[0] != "decided":
                prev = cur
                continue
            changed = prev[0] == "empty" or (prev[0] == "decided" and leader_names(prev) != leader_names(cur))
            q = f"Which model was best on {d} by {m} before {c}?"
            if prev[0] == "undecided":
                leave_out("T8", gk, q, f"the leader changed to {', '.join(leader_names(cur))} by {c}, but the board as "
                                       f"of {c - 1} is not decided: {prev[2]}")
            elif changed:
                group = prev[1] if prev[0] == "decided" else None
                remove = anchored_removals(g, d, m, c - 1, group)
                late = group_text(cur[1])
                careless = [f"{late} (the leader as of {c}: 'before {c}' read as 'in {c}' or 'as of {c}')"]
                nb = careless_no_removal(g, d, m, c - 1)
                if group is not None:
                    if nb and (nb[1], nb[0]) not in [(mo, w) for mo, vs in group for w in vs]:
                        careless.append(f"{nb[1]} {fmt(nb[0])} (no conflict removal, smallest raw P29 as the year, "
                                        f"undated results kept)")
                    exp, keep = expected_of(group), keep_of(group, d, m)
                    right = group_text(group) + (", stated as open (a close conflict the README lists)"
                                                 if open_top(group) else "")
                else:
                    exp, keep = [], []
                    right = f"nothing: the first dated results on {d} are from {c}"
                    if nb:
                        careless.append(f"{nb[1]} {fmt(nb[0])} (an undated result or a month under P29 read as a year)")
                notes = (f"Board {d} / {m} ({metric_dir(m)}). The leader changed in {c} (to {late}). Rule: "
                         f"'before Y' means papers up to Y-1; a paper with no usable year is left out under an anchor; "
                         f"a P29 of 1-12 is a month (eval/gold/trust/README.md 'The questions'; main README anchors). "
                         f"Right: {right}. Careless: {'; '.join(careless)}.")
                out.append(Q("T8", gk, q, "method_comparison", "as_of", exp, None, remove, keep, notes))
            prev = cur
    return out


# ---- build, year check, ids -------------------------------------------------------------------------
def build_all():
    qs = []
    for gk in GRAPHS:
        g = C.G(gk + ".ttl")
        for fn in (t1, t2, t3, t4, t5, t6, t7, t8):
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
        final.append({"id": f"TT{i:03d}", "graph": q["graph"], "question": q["question"], "query_type": q["query_type"],
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
