#!/usr/bin/env python3
"""gen25.py: writes trust-dev25.jsonl (TC001...) and tc-meta.json.

The same facts the generated files 15-18 and 21-23 ask in fixed plain wording, asked in the words
researchers use: negated claims (the verdict flips), comparatives and synonyms, values written other
ways, the claim inside a sentence to check, imperatives and fragments, names as people type them.

Every template is applied to every fact it fits; the wording of each question is chosen with
random.Random(25) (balanced over the wordings that fit), names are varied with the same generator,
and the cap (300) is split evenly over the templates, then over the graphs.

Answers follow the public rules (main README "Answers you can trust", trust README), computed with
check.py's functions (imported, sys.dont_write_bytecode set first). Nothing depends on the current
year: every answer is computed for NOW = 2025 ... 2030 and a question whose answer changes is dropped.

Run: python3 gen25.py   (writes the two files beside itself and prints counts and what it left out)
"""
import sys

sys.dont_write_bytecode = True

import itertools  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
for _d in (HERE, "/work/main/eval/gold/trust"):
    if os.path.exists(os.path.join(_d, "check.py")) and os.path.exists(os.path.join(_d, "g1.ttl")):
        sys.path.insert(0, _d)
        break
import check  # noqa: E402

OUT = os.path.join(HERE, "trust-dev25.jsonl")
META = os.path.join(HERE, "tc-meta.json")
CAP = 300
SEED = 25
GRAPHS = ["g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"]
LAST_YEAR = 2025          # the newest paper year in the fixtures
NOWS = range(2025, 2031)
F = check.fmt
FIELDS = ["id", "graph", "question", "query_type", "mechanism", "expected", "verdict", "must_remove", "must_keep",
          "notes"]
# the close conflicts of the trust README's "Conflict margins" table (model, dataset)
CLOSE_TABLE = {("Tavrosa", "BenchMira"), ("Trillbert", "Dastrup-7 Chorus"), ("Aviquist", "Veltmoor Dawn Set"),
               ("Warbleon", "Hollenby Marsh Calls"), ("Murrelet-MT", "Mirelle Subtitles")}
PCT_METRICS = {"Accuracy", "F1", "Mean IoU", "Word Error Rate"}
METRIC_TEXT = {"Accuracy": ["Accuracy", "accuracy", "acc."], "F1": ["F1", "F1 score", "f1"],
               "Mean IoU": ["Mean IoU", "mIoU", "mean IoU"], "Word Error Rate": ["Word Error Rate", "WER", "word error rate"],
               "BLEU": ["BLEU", "bleu"], "chrF": ["chrF", "chrF score"]}
TEMPLATES = ["A", "B", "C", "D", "E", "F", "G", "I", "J", "K", "L", "M", "N", "O"]
T_NAMES = {"A": "best now", "B": "is X the best now", "C": "does A beat B", "D": "X scores V",
           "E": "what did X score", "F": "was X ever the best", "G": "leader as of YEAR",
           "I": "the best before X's result", "J": "threshold (above / below V)", "K": "margin (A beats B by M)",
           "L": "rank (second / third best)", "M": "how many papers put X at V", "N": "year of a paper",
           "O": "is A's paper newer than B's"}


class Undecided(Exception):
    pass


LEFT = []   # (template, graph, what, why): printed by main(), listed in README25.md


def left(T, gd, what, why):
    LEFT.append((T, gd.name, what, why))


def lower(metric):
    return metric in check.LOWER_BETTER


def better(a, b, metric):
    return a < b if lower(metric) else a > b


def best_first(vals, metric):
    return sorted(vals, reverse=not lower(metric))


def fact(m, v, d, mt):
    return f"{m} scores {F(v)} on {d} by {mt}"


def tenths(v):
    return int(round(v * 10))


def dedup(seq):
    out = []
    for x in seq:
        if x not in out:
            out.append(x)
    return out


# ---- graph data ------------------------------------------------------------------------------
class GD:
    def __init__(self, g):
        self.g = g
        self.name = g.name
        self.rows = []
        for r in g.rows:
            self.rows.append(dict(paper=r["paper"], model=r["model"], dataset=r["dataset"], metric=r["metric"],
                                  raw=r["value"], v=check.parse_value(r["value"])))
        self.rows.sort(key=lambda r: (r["dataset"], r["model"], r["paper"], r["raw"]))
        self.boards = sorted({(r["dataset"], r["metric"]) for r in self.rows})
        self.labels = sorted({r["label"] for r in g.sel(check.Q_LABELS)})
        self.titles = sorted(d["title"] for d in g.papers.values())

    def vy(self, paper):
        return self.g.valid_years(paper)

    def board_rows(self, d, mt, numeric=True):
        return [r for r in self.rows if r["dataset"] == d and r["metric"] == mt and (r["v"] is not None or not numeric)]

    def models(self, d, mt, numeric=True):
        return sorted({r["model"] for r in self.board_rows(d, mt, numeric)})

    def stored(self, m, d, mt):
        return sorted({r["v"] for r in self.board_rows(d, mt) if r["model"] == m})

    def first_years(self, m, d, mt, v=None):
        """Possible years of m's first result on the board (of value v if given), one per reading of a paper
        with two real years; None inside when an undated paper is the only source."""
        out = set()
        for pick in (min, max):
            ys = [pick(self.vy(r["paper"])) for r in self.board_rows(d, mt) if r["model"] == m
                  and (v is None or r["v"] == v) and self.vy(r["paper"])]
            out.add(min(ys) if ys else None)
        return out

    def first_board_year(self, d, mt):
        return min(min(self.vy(r["paper"])) for r in self.board_rows(d, mt) if self.vy(r["paper"]))


def triple_options(vals, ref, key):
    """The value sets a triple may have under the reference rules: one when the six readings agree (a close
    conflict of the README's table keeps both values); otherwise (readings disagree, or a conflict the README lists
    as clear is close under this anchor) the union and each value alone, so that an answer counts as decided only
    when it holds for all of them."""
    if len(vals) == 1:
        return [frozenset(vals)]
    keep, status, _ = check.resolve(vals, ref)
    keep = frozenset(keep)
    if status == "clear" or (status == "close" and key in CLOSE_TABLE):
        return [keep]
    return [keep] + [frozenset([v]) for v in sorted(keep)]


def worlds(gd, d, mt, year):
    ref = year if year is not None else check.NOW
    out = []
    for pick in (min, max):
        f = check.facts(gd.g, year, pick)
        trip = sorted((m, vals) for (m, dd, mm), vals in f.items() if dd == d and mm == mt)
        opts = [[(m, o) for o in triple_options(vals, ref, (m, d))] for m, vals in trip]
        for combo in itertools.product(*opts):
            w = dict(combo)
            if w not in out:
                out.append(w)
    return out


def now_world(gd, d, mt):
    ws = worlds(gd, d, mt, None)
    assert len(ws) == 1, (d, "now is reading-dependent")
    return ws[0]


def beats(w, a, b, mt):
    pa, pb = w[a], w[b]
    if any(x == y for x in pa for y in pb):
        return "TIE"
    r = {better(x, y, mt) for x in pa for y in pb}
    return "T" if r == {True} else "F" if r == {False} else "U"


def top(w, mt):
    for a in w:
        for b in w:
            if a != b and beats(w, a, b, mt) == "TIE":
                raise Undecided("tie")
    return frozenset(m for m in w if not any(beats(w, n, m, mt) == "T" for n in w if n != m))


def decided(fn, ws):
    vals = [fn(w) for w in ws]
    if any(v != vals[0] for v in vals):
        raise Undecided("readings disagree")
    return vals[0]


def group(w, grp, mt):
    """[(model, [values best first])] for a top group, best model first."""
    items = [(m, best_first(w[m], mt)) for m in grp]
    items.sort(key=lambda t: (t[1][0] if lower(mt) else -t[1][0], t[0]))
    return items


def group_expected(items):
    out = []
    for m, vs in items:
        out.append(m)
        out += [F(v) for v in vs]
    return dedup(out)


def group_facts(items, d, mt):
    return [fact(m, v, d, mt) for m, vs in items for v in vs]


def top_at(gd, d, mt, year):
    """Decided top group as the board stood at the end of year (None = now): [(model, values)] or []."""
    ws = worlds(gd, d, mt, year)
    if not ws or all(not w for w in ws):
        if any(ws):
            raise Undecided("empty in some reading")
        return []
    if any(not w for w in ws):
        raise Undecided("empty in some reading")
    return decided(lambda w: tuple((m, tuple(vs)) for m, vs in group(w, top(w, mt), mt)), ws)


def lead_state(gd, d, mt, x, year):
    """'LEAD' (x alone at the top), 'OPEN' (x in an open top), 'NOT', 'ABSENT'; Undecided if readings differ."""
    ws = worlds(gd, d, mt, year)

    def st(w):
        if x not in w:
            return "ABSENT"
        t = top(w, mt)
        return "LEAD" if t == {x} else "OPEN" if x in t else "NOT"
    return decided(st, ws), ws


def removed_now(gd, d, mt):
    w = now_world(gd, d, mt)
    return sorted((m, v) for m in w for v in gd.stored(m, d, mt) if v not in w[m])


def toppers_removed(gd, d, mt, items):
    """Removed values that would otherwise top the board (kind a)."""
    if not items:
        return []
    bestv = items[0][1][0]
    return [fact(m, v, d, mt) for m, v in removed_now(gd, d, mt) if better(v, bestv, mt)]


def anchored_remove(gd, d, mt, year, items):
    """must_remove for a board read as of year. With an answer: every result that beats one of the answer's values
    and was first stated after the anchor or has no usable year (kind c), or was removed under the anchor (kind a).
    For an empty board: the first results, results whose P29 holds a month, undated results (the anchor read late,
    a month read as a year, an undated paper placed early)."""
    out = []
    rows = gd.board_rows(d, mt)
    if not items:
        first = gd.first_board_year(d, mt)
        for r in rows:
            ys = gd.vy(r["paper"])
            raw = gd.g.papers[r["paper"]]["years"]
            if not ys or min(ys) == first or any(1 <= y <= 12 for y in raw):
                out.append(fact(r["model"], r["v"], d, mt))
        return sorted(set(out))
    worst = best_first([v for _, vs in items for v in vs], mt)[-1]
    kept = {}
    for w in worlds(gd, d, mt, year):
        for m, vs in w.items():
            kept.setdefault(m, set()).update(vs)
    answer = {(m, v) for m, vs in items for v in vs}
    for r in rows:
        m, v = r["model"], r["v"]
        if (m, v) in answer or not better(v, worst, mt):
            continue
        firsts = gd.first_years(m, d, mt, v)
        later = any(y is None or y > year for y in firsts)
        removed = v not in kept.get(m, set())
        if later or removed:
            out.append(fact(m, v, d, mt))
    return sorted(set(out))


def former_lead_values(gd, d, mt, x):
    """Values with which x led the board alone as it stood at the end of some year (decided years only)."""
    vals = set()
    for y in range(gd.first_board_year(d, mt), LAST_YEAR + 1):
        try:
            st, ws = lead_state(gd, d, mt, x, y)
        except Undecided:
            continue
        if st == "LEAD":
            for w in ws:
                vals |= set(w[x])
    return sorted(vals)


def newest_models(gd, d, mt):
    fy = {}
    for m in gd.models(d, mt):
        ys = gd.first_years(m, d, mt)
        if len(ys) == 1 and None not in ys:
            fy[m] = next(iter(ys))
    if not fy:
        return set()
    mx = max(fy.values())
    return {m for m, y in fy.items() if y == mx}


def single_first_year(gd, m, d, mt):
    ys = gd.first_years(m, d, mt)
    if len(ys) != 1 or None in ys:
        return None
    return next(iter(ys))


def pair_mechanism(gd, d, mt, a, b, a_wins):
    if len(gd.stored(a, d, mt)) > 1 or len(gd.stored(b, d, mt)) > 1:
        return "conflict"
    ya, yb = single_first_year(gd, a, d, mt), single_first_year(gd, b, d, mt)
    if ya is None or yb is None or ya == yb or a_wins is None:
        return "corroboration"
    newer_wins = (ya > yb) == a_wins
    return "superseded" if newer_wins else "recency"


def triple_mechanism(gd, m, d, mt):
    if any(r["v"] is None for r in gd.board_rows(d, mt, numeric=False) if r["model"] == m):
        return "gate"
    return "conflict" if len(gd.stored(m, d, mt)) > 1 else "corroboration"


def cand(T, gd, key, params, qtype, mech, expected, verdict, keep, remove, note):
    return dict(T=T, graph=gd.name, key=key, params=params, query_type=qtype, mechanism=mech,
                expected=expected, verdict=verdict, must_keep=sorted(set(keep)), must_remove=sorted(set(remove)),
                note=note)


VWORD = {"S": "SUPPORTED", "R": "REFUTED", "U": "UNCERTAIN"}


# ---- templates: every fact they fit ------------------------------------------------------------
def t_A(gd):
    out = []
    for d, mt in gd.boards:
        w = now_world(gd, d, mt)
        items = group(w, top(w, mt), mt)
        rem = toppers_removed(gd, d, mt, items)
        topm = {m for m, _ in items}
        undated_top = any(single_first_year(gd, m, d, mt) is None for m in topm)
        if len(items) > 1 or rem:
            mech = "conflict"
        elif undated_top:
            mech = "metadata"
        elif newest_models(gd, d, mt) - topm:
            mech = "recency"
        else:
            mech = "superseded"
        note = "Best now by the surviving values (a clear conflict's loser removed, a close conflict keeps both)"
        if lower(mt):
            note += "; Word Error Rate: lower is better"
        if len(items) > 1:
            note += "; the top is open (a close conflict straddles another model), so every model of it is named"
        if undated_top:
            note += "; the best result's paper has no usable year: given with a caveat (trust README, Known ambiguities 3)"
        if rem:
            note += "; must_remove: a removed value that would otherwise top the board"
        out.append(cand("A", gd, (d,), dict(dataset=d, metric=mt), "method_comparison", mech, group_expected(items),
                        None, group_facts(items, d, mt), rem, note + "."))
    return out


def t_B(gd):
    out = []
    for d, mt in gd.boards:
        if d == "Kelpwatch-Norrland":
            left("B", gd, d, "the best now is undated (Driftmere): 'the best now' is Driftmere with a caveat (TS23) or "
                 "Kelvane by the dated results (file 15's T6); not asked")
            continue
        w = now_world(gd, d, mt)
        items = group(w, top(w, mt), mt)
        topm = [m for m, _ in items]
        for x in sorted(w):
            if x in topm and len(topm) == 1:
                v = "S"
            elif x in topm:
                v = "U"
            else:
                v = "R"
            rem = toppers_removed(gd, d, mt, items)
            if v == "R":
                rem += [fact(x, val, d, mt) for val in former_lead_values(gd, d, mt, x)]
            keep = group_facts(items, d, mt) + [fact(x, val, d, mt) for val in w[x] if fact(x, val, d, mt) not in rem]
            if v == "U" or len(gd.stored(x, d, mt)) > 1 or toppers_removed(gd, d, mt, items):
                mech = "conflict"
            elif v == "R" and x in newest_models(gd, d, mt):
                mech = "recency"
            else:
                mech = "superseded"
            note = (f"Claim: {x} is the best on {d} by {mt} now. Best now: "
                    + "; ".join(f"{m} {'/'.join(F(val) for val in vs)}" for m, vs in items)
                    + (" (open top: a close conflict straddles)" if len(items) > 1 else "")
                    + (f"; {x} has {'/'.join(F(val) for val in best_first(w[x], mt))}" if x not in topm else "")
                    + ("; must_remove: a former record stated as current (b) or a removed value (a)" if rem else ""))
            out.append(cand("B", gd, (d, x), dict(dataset=d, metric=mt, model=x, values=sorted(w[x])),
                            "claim_verification", mech, group_expected(items), v, keep, rem, note + "."))
    return out


def pair_list(gd, d, mt, tag):
    w = now_world(gd, d, mt)
    ms = sorted(w)
    rng = random.Random(f"{SEED}:{tag}:{gd.name}:{d}")
    pairs = []
    for a, b in itertools.combinations(ms, 2):
        if rng.random() < 0.5:
            a, b = b, a
        pairs.append((a, b))
    return w, pairs


def t_C(gd):
    out = []
    for d, mt in gd.boards:
        w, pairs = pair_list(gd, d, mt, "C")
        w_all = {m: frozenset(gd.stored(m, d, mt)) for m in w}
        for a, b in pairs:
            st = beats(w, a, b, mt)
            if st == "TIE":
                left("C", gd, f"{a} / {b} on {d}", "a tie")
                continue
            v = {"T": "S", "F": "R", "U": "U"}[st]
            rem = []
            if beats(w_all, a, b, mt) != st:
                rem = [fact(m, val, d, mt) for m in (a, b) for val in gd.stored(m, d, mt) if val not in w[m]]
            mech = pair_mechanism(gd, d, mt, a, b, {"T": True, "F": False, "U": None}[st])
            if v == "U":
                mech = "conflict"
            keep = [fact(m, val, d, mt) for m in (a, b) for val in w[m]]
            exp = dedup([F(val) for val in best_first(w[a], mt)] + [F(val) for val in best_first(w[b], mt)])
            margins = sorted(abs(tenths(x) - tenths(y)) / 10 for x in w[a] for y in w[b])
            note = (f"Claim: {a} beats {b} on {d} ({mt}{', lower is better' if lower(mt) else ''}). {a} "
                    f"{'/'.join(F(x) for x in w[a])} vs {b} {'/'.join(F(x) for x in w[b])}"
                    + (" (a close conflict straddles)" if v == "U" else "")
                    + ("; must_remove: a removed value that would change the comparison" if rem else ""))
            out.append(cand("C", gd, (d, a, b), dict(dataset=d, metric=mt, a=a, b=b, max_margin=margins[-1],
                                                     a_better_max=max([(tenths(x) - tenths(y)) * (-1 if lower(mt) else 1) / 10
                                                                       for x in w[a] for y in w[b]])),
                            "claim_verification", mech, exp, v, keep, rem, note + "."))
    return out


def wrong_value(gd, m, d, mt, surv):
    st = gd.stored(m, d, mt)
    if lower(mt):
        x = round(max(surv) * 1.3, 1)
        step = 0.3
    else:
        x = round(min(surv) * 0.75, 1)
        step = -0.3
    while any(abs(x - s) < 0.2 * s for s in st) or x in st:
        x = round(x + step, 1)
    return x


def t_D(gd):
    out = []
    for d, mt in gd.boards:
        for m in gd.models(d, mt, numeric=False):
            mech = triple_mechanism(gd, m, d, mt)
            if mech == "gate":
                others = [r["v"] for r in gd.board_rows(d, mt)]
                claimed = float(round(sum(others) / len(others)))
                out.append(cand("D", gd, (d, m, claimed), dict(dataset=d, metric=mt, model=m, value=claimed),
                                "claim_verification", "gate", [], "U", [], [],
                                f"{m}'s row on {d} stores '-' (no value): the claim can be neither confirmed nor refuted."))
                continue
            w = now_world(gd, d, mt)
            surv = sorted(w[m])
            rem_vals = [v for v in gd.stored(m, d, mt) if v not in w[m]]
            rem = [fact(m, v, d, mt) for v in rem_vals]
            keep = [fact(m, v, d, mt) for v in surv]
            exp = [F(v) for v in best_first(surv, mt)]
            claims = [(v, "S" if len(surv) == 1 else "U", "a surviving value" if len(surv) == 1 else
                       "one side of a close conflict (both values stand)") for v in surv]
            claims += [(v, "R", "the losing side of a clear conflict (removed)") for v in rem_vals]
            claims += [(wrong_value(gd, m, d, mt, surv), "R", "a value no paper states for it")]
            for val, v, why in claims:
                note = (f"Claim: {m} scores {F(val)} on {d} by {mt}; that is {why}. Stored: "
                        + ", ".join(F(x) for x in gd.stored(m, d, mt)) + "; surviving: " + "/".join(F(x) for x in surv))
                out.append(cand("D", gd, (d, m, val), dict(dataset=d, metric=mt, model=m, value=val),
                                "claim_verification", mech, exp, v, keep, rem, note + "."))
    return out


def t_E(gd):
    out = []
    for d, mt in gd.boards:
        for m in gd.models(d, mt, numeric=False):
            mech = triple_mechanism(gd, m, d, mt)
            if mech == "gate":
                out.append(cand("E", gd, (d, m), dict(dataset=d, metric=mt, model=m), "method_comparison", "gate", [],
                                None, [], [], f"{m}'s only row on {d} stores '-': no value is recorded."))
                continue
            w = now_world(gd, d, mt)
            surv = sorted(w[m])
            rem = [fact(m, v, d, mt) for v in gd.stored(m, d, mt) if v not in w[m]]
            note = (f"Stored: {', '.join(F(x) for x in gd.stored(m, d, mt))}; surviving: "
                    f"{'/'.join(F(x) for x in surv)}"
                    + (" (close conflict: state both)" if len(surv) > 1 else "")
                    + ("; the other value lost a clear conflict" if rem else ""))
            out.append(cand("E", gd, (d, m), dict(dataset=d, metric=mt, model=m), "method_comparison", mech,
                            [F(v) for v in best_first(surv, mt)], None, [fact(m, v, d, mt) for v in surv], rem,
                            note + "."))
    return out


def t_F(gd):
    out = []
    for d, mt in gd.boards:
        w_now = now_world(gd, d, mt)
        for x in sorted(w_now):
            fy = single_first_year(gd, x, d, mt)
            if fy is None:
                left("F", gd, f"{x} on {d}", "no single first year (undated, or two real years)")
                continue
            # a year that is undecided makes "ever" undecided only if no decided year settles it
            sts = {}
            for y in list(range(fy, LAST_YEAR + 1)) + [None]:
                try:
                    sts[y] = lead_state(gd, d, mt, x, y)
                except Undecided:
                    sts[y] = ("UNDEC", None)
            lead_years = [y for y in sts if sts[y][0] == "LEAD"]
            if lead_years:
                y0 = lead_years[0]
                held = sorted(set().union(*(w[x] for w in sts[y0][1])))
                # the value(s) it led with; where a reading-dependent conflict gives several, those that stand now
                vals = [v for v in held if v in w_now[x]] if len(held) > 1 else held
                vals = vals or held
                exp = [x] + [F(v) for v in best_first(vals, mt)]
                keep = [fact(x, v, d, mt) for v in vals if v in w_now[x]]
                note = (f"{x} led {d} alone as the board stood at the end of "
                        f"{y0 if y0 is not None else 'now'} with {'/'.join(F(v) for v in vals)}")
                out.append(cand("F", gd, (d, x), dict(dataset=d, metric=mt, model=x), "claim_verification",
                                "superseded", exp, "S", keep, [], note + "."))
            elif all(sts[y][0] == "NOT" for y in sts):
                try:
                    items = top_at(gd, d, mt, fy)
                except Undecided:
                    left("F", gd, f"{x} on {d}", f"the board as of {fy} is undecided")
                    continue
                items = [(m, list(vs)) for m, vs in items]
                exp = group_expected(items)
                keep = [fact(m, v, d, mt) for m, vs in items for v in vs if v in w_now.get(m, ())]
                note = (f"{x} (first result {fy}) never led {d}: in every year since, and now, another model is "
                        f"ahead; when it appeared the best was " + "; ".join(f"{m} {'/'.join(F(v) for v in vs)}"
                                                                              for m, vs in items))
                out.append(cand("F", gd, (d, x), dict(dataset=d, metric=mt, model=x), "claim_verification",
                                "superseded", exp, "R", keep, [], note + "."))
            else:
                left("F", gd, f"{x} on {d}", "never surely alone at the top, but not surely behind in every year either "
                     "(an open top, a reading-dependent conflict or two real years)")
    return out


def anchored_answer(gd, d, mt, year):
    items = top_at(gd, d, mt, year)
    items = [(m, list(vs)) for m, vs in items]
    exp = group_expected(items)
    keep = group_facts(items, d, mt)
    rem = anchored_remove(gd, d, mt, year, items)
    return items, exp, keep, rem


def t_G(gd):
    out = []
    for d, mt in gd.boards:
        first = gd.first_board_year(d, mt)
        for y in range(first - 1, LAST_YEAR + 1):
            try:
                items, exp, keep, rem = anchored_answer(gd, d, mt, y)
            except Undecided:
                left("G", gd, f"{d} as of {y}", "undecided: the readings of a conflict, or two real years, disagree")
                continue
            note = (f"The board as it stood at the end of {y} (papers up to {y}; undated papers and a month under P29 "
                    f"cannot be placed): " + ("nothing recorded yet" if not items else
                                              "; ".join(f"{m} {'/'.join(F(v) for v in vs)}" for m, vs in items))
                    + ("; must_remove: later, undated or removed results that beat it" if rem and items else
                       "; must_remove: the first results, month-as-year and undated results" if rem else ""))
            out.append(cand("G", gd, (d, y), dict(dataset=d, metric=mt, year=y), "method_comparison", "as_of", exp,
                            None, keep, rem, note + "."))
    return out


def t_I(gd):
    out = []
    for d, mt in gd.boards:
        for x in gd.models(d, mt):
            fy = single_first_year(gd, x, d, mt)
            if fy is None:
                left("I", gd, f"{x} on {d}", "no single first year (undated, or two real years): it cannot be told")
                continue
            try:
                items, exp, keep, rem = anchored_answer(gd, d, mt, fy - 1)
            except Undecided:
                left("I", gd, f"{x} on {d}", f"the board as of {fy - 1} is undecided")
                continue
            try:
                took = lead_state(gd, d, mt, x, fy)[0] == "LEAD"
            except Undecided:
                took = False
            note = (f"{x}'s first result on {d} is from {fy}; the board as it stood at the end of {fy - 1}: "
                    + ("nothing recorded" if not items else
                       "; ".join(f"{m} {'/'.join(F(v) for v in vs)}" for m, vs in items)))
            out.append(cand("I", gd, (d, x), dict(dataset=d, metric=mt, model=x, year=fy - 1, took=took),
                            "method_comparison", "as_of", exp, None, keep, rem, note + "."))
    return out


def t_J(gd):
    out = []
    for d, mt in gd.boards:
        w = now_world(gd, d, mt)
        for m in sorted(w):
            surv = sorted(w[m])
            st = gd.stored(m, d, mt)
            rem = [fact(m, v, d, mt) for v in st if v not in w[m]]
            thresholds = []
            for s in surv:
                for delta in (-0.3, 0.3):
                    t = round(s + delta, 1)
                    if t in st:
                        t = round(t + (0.1 if delta > 0 else -0.1), 1)
                    thresholds.append(t)
            if len(surv) == 2:
                mid = round((surv[0] + surv[1]) / 2 + 0.001, 1)
                thresholds.append(mid)
            for t in sorted(set(thresholds)):
                res = {better(s, t, mt) for s in surv}
                v = "S" if res == {True} else "R" if res == {False} else "U"
                rel = "below" if lower(mt) else "above"
                note = (f"Claim: {m}'s {mt} on {d} is {rel} {F(t)}. Surviving: {'/'.join(F(s) for s in surv)}"
                        + (" (a close conflict straddles the threshold)" if v == "U" else ""))
                out.append(cand("J", gd, (d, m, t), dict(dataset=d, metric=mt, model=m, value=t),
                                "claim_verification", "conflict" if len(st) > 1 else "corroboration",
                                [F(s) for s in best_first(surv, mt)], v, [fact(m, s, d, mt) for s in surv], rem,
                                note + "."))
    return out


def t_K(gd):
    out = []
    for d, mt in gd.boards:
        w, pairs = pair_list(gd, d, mt, "K")
        sign = -1 if lower(mt) else 1
        for p, q in pairs:
            diffs = {(x, y): sign * (tenths(x) - tenths(y)) for x in w[p] for y in w[q]}
            if 0 in diffs.values():
                continue
            # A = the model better in at least one pairing (p if it wins somewhere, else q)
            if any(v > 0 for v in diffs.values()):
                a, b = p, q
            else:
                a, b = q, p
            dd = sorted(sign * (tenths(x) - tenths(y)) for x in w[a] for y in w[b])
            pos = [x for x in dd if x > 0]
            true_m = min(pos)
            claims = [true_m]
            if all(x > 0 for x in dd):
                claims.append(true_m + 20)  # the true margin plus 2 points
            for mm in claims:
                res = {x == mm for x in dd}
                v = "S" if res == {True} else "R" if res == {False} else "U"
                rem = [fact(m, val, d, mt) for m in (a, b) for val in gd.stored(m, d, mt) if val not in w[m]]
                mech = pair_mechanism(gd, d, mt, a, b, True if all(x > 0 for x in dd) else None)
                if v == "U":
                    mech = "conflict"
                exp = dedup([F(val) for val in best_first(w[a], mt)] + [F(val) for val in best_first(w[b], mt)])
                note = (f"Claim: {a} is better than {b} on {d} by exactly {F(mm / 10)} {mt} points. {a} "
                        f"{'/'.join(F(x) for x in w[a])}, {b} {'/'.join(F(x) for x in w[b])}: margin(s) "
                        f"{'/'.join(F(x / 10) for x in sorted(set(dd)))}"
                        + (" (the winner or margin depends on a close conflict)" if v == "U" else ""))
                out.append(cand("K", gd, (d, a, b, mm), dict(dataset=d, metric=mt, a=a, b=b, margin=mm / 10),
                                "claim_verification", mech, exp, v,
                                [fact(m, val, d, mt) for m in (a, b) for val in w[m]], rem, note + "."))
    return out


def ranks(w, mt):
    out = {}
    for x in w:
        lo = 1 + sum(1 for n in w if n != x and beats(w, n, x, mt) == "T")
        hi = 1 + sum(1 for n in w if n != x and beats(w, n, x, mt) != "F")
        out[x] = (lo, hi)
    return out


def t_L(gd):
    out = []
    for d, mt in gd.boards:
        if d == "Kelpwatch-Norrland":
            left("L", gd, d, "the undated best (Driftmere) would decide every rank")
            continue
        w = now_world(gd, d, mt)
        rk = ranks(w, mt)
        if any(lo != hi for lo, hi in rk.values() if lo <= 4):
            left("L", gd, d, "a close conflict leaves the top ranks open")
            continue
        w_all = {m: frozenset(gd.stored(m, d, mt)) for m in w}
        rk_all = ranks(w_all, mt)
        for r in (2, 3):
            holders = [m for m, (lo, hi) in rk.items() if lo == hi == r]
            if len(holders) != 1:
                continue
            h = holders[0]
            cands = [m for m, (lo, hi) in rk.items() if lo == hi and r - 1 <= lo <= r + 1]
            cands += [m for m, (lo, hi) in rk_all.items() if lo == hi == r]
            upto = [m for m, (lo, hi) in rk.items() if lo <= r]
            for x in sorted(set(cands)):
                v = "S" if rk[x][0] == r else "R"
                v_all = "S" if rk_all[x] == (r, r) else "R" if rk_all[x][0] > r or rk_all[x][1] < r else "U"
                rem = [fact(m, val, d, mt) for m, val in removed_now(gd, d, mt)
                       if better(val, best_first(w[h], mt)[0], mt)]
                keep = [fact(m, val, d, mt) for m in set(upto) | {x} for val in w[m]]
                note = (f"Claim: {x} is ranked {r} on {d} now. Ranking by surviving values: "
                        + ", ".join(f"{rk[m][0]}. {m} {'/'.join(F(val) for val in best_first(w[m], mt))}"
                                    for m in sorted(w, key=lambda m: rk[m]) if rk[m][0] <= 4)
                        + ("; keeping removed values would give another verdict" if v_all != v else ""))
                out.append(cand("L", gd, (d, r, x), dict(dataset=d, metric=mt, model=x, rank=r),
                                "claim_verification", "conflict" if v_all != v else "superseded",
                                [h] + [F(val) for val in best_first(w[h], mt)], v, keep, rem, note + "."))
    return out


def t_M(gd):
    out = []
    for d, mt in gd.boards:
        w = now_world(gd, d, mt)
        for m in sorted(w):
            if len({r["paper"] for r in gd.board_rows(d, mt) if r["model"] == m}) < 2:
                left("M", gd, f"{m} on {d}", "one paper only (asked only where several papers report the model)")
                continue  # asked only where several papers report the model on the board
            for val in sorted(w[m]):
                n = check.count_papers(gd.g, m, d, val)
                spell = sorted({r["raw"] for r in gd.board_rows(d, mt) if r["model"] == m and r["v"] == val})
                note = (f"Papers stating {m} {F(val)} on {d}, in any spelling ({', '.join(repr(s) for s in spell)}): {n}")
                out.append(cand("M", gd, (d, m, val), dict(dataset=d, metric=mt, model=m, value=val),
                                "method_comparison", "conflict" if len(gd.stored(m, d, mt)) > 1 else "corroboration",
                                [str(n)], None, [fact(m, val, d, mt)], [], note + "."))
    return out


def short_name(gd, title):
    if ":" not in title:
        return None
    s = title.split(":")[0]
    if sum(1 for t in gd.titles if s.lower() in t.lower()) != 1:
        return None
    return s


def t_N(gd):
    out = []
    for p, info in sorted(gd.g.papers.items(), key=lambda t: t[1]["title"]):
        ys = gd.vy(p)
        raw = info["years"]
        note = f"P29 stored: {raw or 'none'}; a value 1-12 is a month, two real years are both given: " + \
            (", ".join(str(y) for y in ys) if ys else "no usable year")
        out.append(cand("N", gd, (info["title"],), dict(title=info["title"], short=short_name(gd, info["title"])),
                        "paper_lookup", "metadata", [str(y) for y in ys], None, [], [], note + "."))
    return out


def intro_paper(gd, m):
    hits = [p for p, info in gd.g.papers.items() if ":" in info["title"]
            and (info["title"].split(":")[0] == m or m.startswith(info["title"].split(":")[0] + "-"))]
    return hits[0] if len(hits) == 1 else None


def t_O(gd):
    out = []
    seen = set()
    for d, mt in gd.boards:
        ms = gd.models(d, mt, numeric=False)
        rng = random.Random(f"{SEED}:O:{gd.name}:{d}")
        for a, b in itertools.combinations(ms, 2):
            if rng.random() < 0.5:
                a, b = b, a
            if frozenset((a, b)) in seen:
                continue
            pa, pb = intro_paper(gd, a), intro_paper(gd, b)
            if not pa or not pb:
                continue
            ya, yb = gd.vy(pa), gd.vy(pb)
            if not ya or not yb:
                left("O", gd, f"{a} / {b}", "a paper with no usable year")
                seen.add(frozenset((a, b)))
                continue
            res = set()
            for x in ya:
                for y in yb:
                    res.add("EQ" if x == y else x > y)
            if "EQ" in res:
                left("O", gd, f"{a} / {b}", "same year")
                continue
            seen.add(frozenset((a, b)))
            v = "S" if res == {True} else "R" if res == {False} else "U"
            note = (f"Claim: {a}'s paper is newer than {b}'s. Years (P29 1-12 is a month): {a} "
                    f"{'/'.join(map(str, ya))}, {b} {'/'.join(map(str, yb))}"
                    + (" (two real years order them both ways)" if v == "U" else ""))
            out.append(cand("O", gd, (a, b), dict(a=a, b=b, title_a=gd.g.papers[pa]["title"],
                                                  title_b=gd.g.papers[pb]["title"]),
                            "claim_verification", "metadata", dedup([str(y) for y in ya] + [str(y) for y in yb]), v,
                            [], [], note + "."))
    return out


TFUNCS = dict(A=t_A, B=t_B, C=t_C, D=t_D, E=t_E, F=t_F, G=t_G, I=t_I, J=t_J, K=t_K, L=t_L, M=t_M, N=t_N, O=t_O)


# ---- wordings ------------------------------------------------------------------------------------
# Each wording: (id, polarity, applies(c) -> bool, render(c, s) -> text). Polarity -1: the wording negates the
# plain claim, so SUPPORTED and REFUTED swap (UNCERTAIN stays). s holds the names as typed and value texts.
def P(c):
    return c["params"]


def is_wer(c):
    return lower(P(c).get("metric", ""))


def always(c):
    return True


def pct_ok(c):
    return P(c).get("metric") in PCT_METRICS


W = {}
W["A"] = [
    ("A1", 1, always, lambda c, s: f"Tell me the best model on {s.D}."),
    ("A2", 1, always, lambda c, s: f"best model on {s.D} by {s.M}?"),
    ("A3", 1, always, lambda c, s: f"{s.D} leaderboard top result"),
    ("A4", 1, always, lambda c, s: f"Who holds the record on {s.D}?"),
    ("A5", 1, always, lambda c, s: f"What's the state of the art on {s.D} by {s.M}?"),
    ("A6", 1, always, lambda c, s: f"Which model has the lowest WER on {s.D}?" if is_wer(c)
     else f"Which is the top-performing model on {s.D}?"),
]
W["B"] = [
    ("B1", 1, always, lambda c, s: f"Does {s.X} still hold the record on {s.D}?"),
    ("B2", 1, always, lambda c, s: f"{s.X} has the lowest WER on {s.D}, right?" if is_wer(c)
     else f"{s.X} is the state of the art on {s.D} by {s.M}, right?"),
    ("B3", 1, always, lambda c, s: f"Can you confirm that nobody has a lower WER than {s.X} on {s.D}?" if is_wer(c)
     else f"Can you confirm that nobody beats {s.X} on {s.D}?"),
    ("B4", -1, always, lambda c, s: f"A reviewer wrote that {s.X} is no longer the leading model on {s.D}. True?"),
    ("B5", -1, always, lambda c, s: f"My draft says: \"{s.X} isn't the top model on {s.D}.\" Is that accurate?"),
    ("B6", -1, lambda c: len(P(c)["values"]) == 1 and c["verdict"] != "U",
     lambda c, s: f"Has anyone beaten {s.X}'s {s.V} on {s.D}?"),
]
W["C"] = [
    ("C1", -1, always, lambda c, s: f"{s.A} does not outperform {s.B} on {s.D}, correct?"),
    ("C2", 1, always, lambda c, s: f"Am I right that {s.A} makes fewer errors than {s.B} on {s.D}?" if is_wer(c)
     else f"Am I right that {s.A} tops {s.B} on {s.D} by {s.M}?"),
    ("C3", 1, lambda c: P(c)["a_better_max"] <= 3.0, lambda c, s: f"{s.A} edges out {s.B} on {s.D}, right?"),
    ("C4", -1, always, lambda c, s: f"A reviewer wrote that {s.A} lags behind {s.B} on {s.D}. True?"),
    ("C5", -1, always, lambda c, s: f"My draft says: \"{s.A} has a higher WER than {s.B} on {s.D}.\" Is that accurate?"
     if is_wer(c) else f"My draft says: \"{s.A} falls short of {s.B} on {s.D}.\" Is that accurate?"),
    ("C6", 1, always, lambda c, s: f"Can you confirm that {s.A} is not worse than {s.B} on {s.D}?"),
]
W["D"] = [
    ("D1", 1, pct_ok, lambda c, s: f"{s.X} gets {s.Vpct} on {s.D}, right?"),
    ("D2", 1, always, lambda c, s: f"My draft says: \"{s.X} reaches {s.V2} {s.M} on {s.D}.\" Is that accurate?"),
    ("D3", 1, always, lambda c, s: f"A reviewer wrote that {s.X} achieves a score of {s.V} on {s.D}. True?"),
    ("D4", 1, always, lambda c, s: f"Can you confirm that {s.X} has a WER of {s.V} on {s.D}?" if is_wer(c)
     else f"Can you confirm that {s.X} scores {s.V} points on {s.D}?"),
    ("D5", -1, always, lambda c, s: f"{s.X}'s {s.M} on {s.D} is not {s.V}, correct?"),
    ("D6", -1, always, lambda c, s: f"Am I right that {s.X} does not score {s.Vint} on {s.D}?"),
]
W["E"] = [
    ("E1", 1, always, lambda c, s: f"{s.X}'s score on {s.D}"),
    ("E2", 1, always, lambda c, s: f"{s.X} {s.M} on {s.D}?"),
    ("E3", 1, always, lambda c, s: f"Tell me {s.X}'s result on {s.D}."),
    ("E4", 1, always, lambda c, s: f"What {s.M} does {s.X} get on {s.D}?"),
    ("E5", 1, always, lambda c, s: f"how did {s.X} do on {s.D}?"),
]
W["F"] = [
    ("F1", 1, always, lambda c, s: f"Did {s.X} ever hold the record on {s.D}?"),
    ("F2", 1, always, lambda c, s: f"Was {s.X} at some point SOTA on {s.D}?"),
    ("F3", 1, always, lambda c, s: f"Am I right that {s.X} once had the lowest WER on {s.D}?" if is_wer(c)
     else f"Am I right that {s.X} was once the strongest model on {s.D} by {s.M}?"),
    ("F4", -1, always, lambda c, s: f"{s.X} has never been the best on {s.D}, correct?"),
    ("F5", -1, always, lambda c, s: f"A reviewer wrote that {s.X} never led the {s.D} leaderboard. True?"),
]
W["G"] = [
    ("G1", 1, always, lambda c, s: f"Which model led {s.D} as of {s.Y}?"),
    ("G2", 1, always, lambda c, s: f"{s.D} state of the art as of {s.Y}?"),
    ("G3", 1, always, lambda c, s: f"Tell me who held the {s.D} record at the end of {s.Y}."),
    ("G4", 1, always, lambda c, s: f"As things stood at the end of {s.Y}, what was the top result on {s.D} by {s.M}?"),
    ("G5", 1, always, lambda c, s: f"Lowest WER on {s.D} as of {s.Y}?" if is_wer(c)
     else f"Best {s.M} on {s.D} as of {s.Y}?"),
]
W["I"] = [
    ("I1", 1, lambda c: P(c)["took"], lambda c, s: f"Before {s.X} took the record on {s.D}, who held it?"),
    ("I2", 1, always, lambda c, s: f"Who was SOTA on {s.D} before {s.X} came along?"),
    ("I3", 1, always, lambda c, s: f"What was the best result on {s.D} before {s.X}'s result appeared?"),
    ("I4", 1, always, lambda c, s: f"{s.D}: who was on top before {s.X} showed up?"),
    ("I5", 1, always, lambda c, s: f"Prior to {s.X}'s first result on {s.D}, which model had the best {s.M}?"),
]
W["J"] = [
    ("J1", 1, always, lambda c, s: f"{s.X}'s WER on {s.D} is under {s.V}, right?" if is_wer(c)
     else f"{s.X} scores above {s.V} on {s.D}, right?"),
    ("J2", 1, always, lambda c, s: f"Can you confirm that {s.X} keeps its WER below {s.V} on {s.D}?" if is_wer(c)
     else f"Can you confirm that {s.X} clears {s.V} {s.M} on {s.D}?"),
    ("J3", 1, pct_ok, lambda c, s: f"My draft says: \"{s.X} gets a WER of less than {s.Vpct} on {s.D}.\" Is that accurate?"
     if is_wer(c) else f"My draft says: \"{s.X} gets more than {s.Vpct} on {s.D}.\" Is that accurate?"),
    ("J4", -1, always, lambda c, s: f"{s.X}'s WER on {s.D} is above {s.V}, correct?" if is_wer(c)
     else f"{s.X} stays below {s.V} on {s.D}, correct?"),
    ("J5", -1, always, lambda c, s: f"A reviewer wrote that {s.X} does not get its WER under {s.V} on {s.D}. True?"
     if is_wer(c) else f"A reviewer wrote that {s.X} does not reach {s.V} points on {s.D}. True?"),
]
W["K"] = [
    ("K1", 1, always, lambda c, s: f"{s.A} beats {s.B} on {s.D} by {s.Mg} WER points, right?" if is_wer(c)
     else f"{s.A} beats {s.B} on {s.D} by {s.Mg} points, right?"),
    ("K2", 1, always, lambda c, s: f"Am I right that {s.A} leads {s.B} by {s.Mg} points on {s.D}?"),
    ("K3", 1, always, lambda c, s: f"My draft says: \"{s.A}'s WER on {s.D} is {s.Mg} points lower than {s.B}'s.\" "
     f"Is that accurate?" if is_wer(c) else
     f"My draft says: \"{s.A} is {s.Mg} points ahead of {s.B} on {s.D}.\" Is that accurate?"),
    ("K4", 1, always, lambda c, s: f"A reviewer wrote that {s.B} trails {s.A} by {s.Mg} points on {s.D}. True?"),
    ("K5", 1, always, lambda c, s: f"Can you confirm that {s.A} outperforms {s.B} by a margin of {s.Mg} on {s.D}?"),
]
ORD = {2: ("second", "two", "only one model beats"), 3: ("third", "three", "exactly two models beat")}
W["L"] = [
    ("L1", 1, always, lambda c, s: f"{s.X} is the runner-up on {s.D}, right?" if P(c)["rank"] == 2
     else f"{s.X} is in third place on {s.D}, right?"),
    ("L2", 1, always, lambda c, s: f"Does {s.X} rank {ORD[P(c)['rank']][0]} on {s.D} by {s.M}?"),
    ("L3", 1, always, lambda c, s: f"Is {s.X} number {ORD[P(c)['rank']][1]} on the {s.D} leaderboard?"),
    ("L4", 1, always, lambda c, s: f"Can you confirm that {ORD[P(c)['rank']][2]} {s.X} on {s.D}?"),
    ("L5", -1, always, lambda c, s: f"My draft says: \"{s.X} is not the {ORD[P(c)['rank']][0]}-best model on {s.D}.\" "
     f"Is that accurate?"),
]
W["M"] = [
    ("M1", 1, always, lambda c, s: f"How many papers report {s.X} at {s.Vany} on {s.D}?"),
    ("M2", 1, always, lambda c, s: f"number of papers putting {s.X} at {s.Vany} on {s.D}?"),
    ("M3", 1, always, lambda c, s: f"In how many papers does {s.X} get {s.Vany} on {s.D}?"),
    ("M4", 1, always, lambda c, s: f"Count the papers that give {s.X} a score of {s.V} on {s.D}."),
    ("M5", 1, always, lambda c, s: f"How many sources back {s.X}'s {s.V} on {s.D}?"),
]
W["N"] = [
    ("N1", 1, always, lambda c, s: f"What year was \"{s.T}\" published?"),
    ("N2", 1, lambda c: P(c)["short"] is not None, lambda c, s: f"When did the {s.S} paper come out?"),
    ("N3", 1, lambda c: P(c)["short"] is not None, lambda c, s: f"{s.S} paper year?"),
    ("N4", 1, always, lambda c, s: f"Publication year of \"{s.T}\""),
    ("N5", 1, always, lambda c, s: f"Tell me when \"{s.T}\" appeared."),
]
W["O"] = [
    ("O1", 1, always, lambda c, s: f"Is {s.A}'s paper newer than {s.B}'s?"),
    ("O2", 1, always, lambda c, s: f"The {s.A} paper is more recent than the {s.B} paper, right?"),
    ("O3", 1, always, lambda c, s: f"Can you confirm that the {s.B} paper predates the {s.A} paper?"),
    ("O4", -1, always, lambda c, s: f"{s.A}'s paper is older than {s.B}'s, correct?"),
    ("O5", -1, always, lambda c, s: f"My draft says: \"The {s.A} paper did not appear after the {s.B} paper.\" "
     f"Is that accurate?"),
]
PLAIN = {
    "A": lambda p: f"Which model has the best {p['metric']} on {p['dataset']} right now?",
    "B": lambda p: f"Is {p['model']} the best on {p['dataset']} by {p['metric']}?",
    "C": lambda p: f"Does {p['a']} beat {p['b']} on {p['dataset']}?",
    "D": lambda p: f"Is {p['model']}'s {p['metric']} on {p['dataset']} {F(p['value'])}?",
    "E": lambda p: f"What did {p['model']} score on {p['dataset']} by {p['metric']}?",
    "F": lambda p: f"Was {p['model']} ever the best on {p['dataset']} by {p['metric']}?",
    "G": lambda p: f"Which model led {p['dataset']} by {p['metric']} as of {p['year']}?",
    "I": lambda p: f"Before {p['model']}'s first result on {p['dataset']}, which model was the best?",
    "J": lambda p: f"Does {p['model']} score {'below' if lower(p['metric']) else 'above'} {F(p['value'])} on "
                   f"{p['dataset']} by {p['metric']}?",
    "K": lambda p: f"{p['a']} beats {p['b']} on {p['dataset']} by {F(p['margin'])} {p['metric']} points, right?",
    "L": lambda p: f"Is {p['model']} now the {ORD[p['rank']][0]}-best model on {p['dataset']} by {p['metric']}?",
    "M": lambda p: f"How many papers put {p['model']} at {F(p['value'])} on {p['dataset']}?",
    "N": lambda p: f"What year was the \"{p['title']}\" paper published?",
    "O": lambda p: f"Is {p['a']}'s paper newer than {p['b']}'s?",
}


# ---- names as people type them ------------------------------------------------------------------
def norm(s):
    return re.sub(r"[^a-z0-9]", "", s.lower())


def name_variants(name, labels):
    """Typed forms of a label that still name it alone in the graph: lower case, a hyphen dropped or a space instead
    of it, a hyphen added at a camel-case joint."""
    if sum(1 for lab in labels if norm(lab) == norm(name)) != 1:
        return []
    if any(lab != name and norm(name) in norm(lab) for lab in labels):
        return []
    out = {name.lower()}
    if "-" in name:
        out |= {name.replace("-", " "), name.replace("-", ""), name.replace("-", " ").lower()}
    else:
        m = re.search(r"([a-z])([A-Z])", name)
        if m:
            out.add(name[:m.start() + 1] + "-" + name[m.start() + 1:])
    out.discard(name)
    return sorted(v for v in out if norm(v) == norm(name))


class Slots:
    pass


def value_texts(v):
    s = F(v)
    return dict(V=s, V2=f"{v:.2f}", Vpct=s + "%", Vint=str(int(v)) if v == int(v) else s)


def render(c, wid, rng, gd):
    p = P(c)
    s = Slots()
    var_used = []

    def nm(label):
        vs = name_variants(label, gd.labels)
        if vs and rng.random() < 0.3:
            t = rng.choice(vs)
            var_used.append([label, t])
            return t
        return label
    for slot, key in (("X", "model"), ("A", "a"), ("B", "b"), ("D", "dataset")):
        if key in p:
            setattr(s, slot, nm(p[key]))
    if "metric" in p:
        opts = METRIC_TEXT[p["metric"]]
        s.M = rng.choice(opts) if rng.random() < 0.5 else opts[0]
        if s.M != p["metric"]:
            var_used.append([p["metric"], s.M])
    if "value" in p:
        vt = value_texts(p["value"])
        for k, v in vt.items():
            setattr(s, k, v)
        anyopts = ["V", "V2"] + (["Vpct"] if p["metric"] in PCT_METRICS else [])
        s.Vany = vt[rng.choice(anyopts)]
    if c["T"] == "B":
        s.V = F(p["values"][0])
    if "margin" in p:
        s.Mg = F(p["margin"])
    if "year" in p:
        s.Y = str(p["year"])
    if c["T"] == "N":
        s.T = p["title"] if rng.random() < 0.7 else p["title"].lower()
        if s.T != p["title"]:
            var_used.append([p["title"], s.T])
        if p["short"]:
            s.S = p["short"] if rng.random() < 0.6 else p["short"].lower()
            if s.S != p["short"]:
                var_used.append([p["short"], s.S])
    fn = [w for w in W[c["T"]] if w[0] == wid][0][3]
    text = fn(c, s)
    return text, [vu for vu in var_used if vu[1] in text]


# ---- assembling ----------------------------------------------------------------------------------
def candidates():
    """All candidates, computed for every NOW 2025-2030; a candidate whose fields change is dropped."""
    runs = []
    saved = check.NOW
    try:
        for now in list(NOWS) + [saved]:
            check.NOW = now
            LEFT.clear()  # the bookkeeping of the last run (the environment's NOW) is kept
            gds = [GD(check.G(n)) for n in GRAPHS]
            cs = []
            for T in TEMPLATES:
                for gd in gds:
                    cs += TFUNCS[T](gd)
            runs.append(cs)
    finally:
        check.NOW = saved
    base = runs[-1]
    dropped = []
    keyed = [{(c["T"], c["graph"], c["key"]): c for c in r} for r in runs]
    keep = []
    for c in base:
        k = (c["T"], c["graph"], c["key"])
        if all(k in kd and kd[k] == c for kd in keyed):
            keep.append(c)
        else:
            dropped.append(k)
    return keep, dropped, [GD(check.G(n)) for n in GRAPHS]


def split(cap, sizes):
    alloc = {}
    keys = sorted(sizes, key=lambda k: (sizes[k], str(k)))
    remaining, left = cap, len(keys)
    for k in keys:
        share = remaining // left
        alloc[k] = min(sizes[k], share)
        remaining -= alloc[k]
        left -= 1
    return alloc


def build():
    rng = random.Random(SEED)
    cands, dropped, gds = candidates()
    gdmap = {gd.name: gd for gd in gds}
    # wording per question: balanced over the wordings that fit, ties broken by the seeded generator
    for T in TEMPLATES:
        cs = [c for c in cands if c["T"] == T]
        order = list(range(len(cs)))
        rng.shuffle(order)
        used = {w[0]: 0 for w in W[T]}
        for i in order:
            c = cs[i]
            fits = [w for w in W[T] if w[2](c)]
            low = min(used[w[0]] for w in fits)
            w = rng.choice([w for w in fits if used[w[0]] == low])
            used[w[0]] += 1
            c["wording"], c["polarity"] = w[0], w[1]
            c["question"], c["variants"] = render(c, w[0], rng, gdmap[c["graph"]])
    # the verdict the wording has: a negated claim swaps SUPPORTED and REFUTED
    for c in cands:
        if c["verdict"] is not None:
            v = c["verdict"]
            if c["polarity"] < 0 and v in "SR":
                v = "R" if v == "S" else "S"
            c["final_verdict"] = VWORD[v]
        else:
            c["final_verdict"] = None
    # sampling: the cap evenly over templates, then graphs; in a cell one of each kind first (UNCERTAIN first)
    sizes = {T: sum(1 for c in cands if c["T"] == T) for T in TEMPLATES}
    alloc = split(CAP, sizes) if sum(sizes.values()) > CAP else sizes
    chosen = []
    for T in TEMPLATES:
        cells = {g: [c for c in cands if c["T"] == T and c["graph"] == g] for g in GRAPHS}
        galloc = split(alloc[T], {g: len(v) for g, v in cells.items()})
        for g in GRAPHS:
            cell = cells[g]
            q = galloc[g]
            if q >= len(cell):
                chosen += cell
                continue
            idx = list(range(len(cell)))
            rng.shuffle(idx)
            pick = []
            # one of each (verdict, mechanism, must_remove or not, expected or not) first, then one of each
            # wording, then the rest at random: rare kinds survive, the verdict mix stays near the template's own
            for keyf in (lambda c: (c["final_verdict"], c["mechanism"], bool(c["must_remove"]), bool(c["expected"])),
                         lambda c: c["wording"]):
                kinds = {keyf(cell[i]) for i in pick}
                for i in idx:
                    k = keyf(cell[i])
                    if i not in pick and k not in kinds and len(pick) < q:
                        kinds.add(k)
                        pick.append(i)
            rest = [i for i in idx if i not in pick]
            pick += rest[:q - len(pick)]
            chosen += [cell[i] for i in sorted(pick)]
    order = {g: i for i, g in enumerate(GRAPHS)}
    tord = {T: i for i, T in enumerate(TEMPLATES)}
    chosen.sort(key=lambda c: (order[c["graph"]], tord[c["T"]]))
    rows, meta = [], {}
    seenq = set()
    for n, c in enumerate(chosen, 1):
        qid = f"TC{n:03d}"
        assert c["question"] not in seenq, c["question"]
        seenq.add(c["question"])
        plain = PLAIN[c["T"]](P(c))
        flip = c["polarity"] < 0 and c["final_verdict"] in ("SUPPORTED", "REFUTED")
        notes = (f"Plain form: {plain} " + c["note"]
                 + (" The wording negates the plain claim, so the verdict is flipped." if flip else "")
                 + (" The wording negates the plain claim; UNCERTAIN stays UNCERTAIN." if c["polarity"] < 0
                    and not flip else "")
                 + (f" Right: {c['final_verdict']}." if c["final_verdict"] else ""))
        row = dict(id=qid, graph=c["graph"], question=c["question"], query_type=c["query_type"],
                   mechanism=c["mechanism"], expected=c["expected"], verdict=c["final_verdict"],
                   must_remove=c["must_remove"], must_keep=c["must_keep"], notes=notes)
        rows.append({k: row[k] for k in FIELDS})
        params = {k: v for k, v in P(c).items() if k not in ("a_better_max", "max_margin", "values", "took")}
        meta[qid] = dict(template=c["T"], wording=c["wording"], polarity=c["polarity"], params=params,
                         typed=c["variants"])
    return rows, meta, dict(sizes=sizes, alloc=alloc, dropped=dropped, cands=cands)


def dumps(rows, meta):
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    mtext = json.dumps(meta, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    return text, mtext


def main():
    rows, meta, info = build()
    text, mtext = dumps(rows, meta)
    with open(OUT, "w") as f:
        f.write(text)
    with open(META, "w") as f:
        f.write(mtext)
    print(f"wrote {OUT}: {len(rows)} questions; {META}")
    print("candidates per template (before sampling):", info["sizes"])
    print("kept per template:", info["alloc"])
    if info["dropped"]:
        print("dropped for depending on the current year:", info["dropped"])
    print(f"left out ({len(LEFT)}):")
    for T, g, what, why in LEFT:
        print(f"  {T} {g} {what}: {why}")


if __name__ == "__main__":
    main()
