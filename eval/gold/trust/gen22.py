#!/usr/bin/env python3
"""gen22.py: writes trust-dev22.jsonl (TZ001, ...), a generated file of the trust gold set.

Templates (see README22.md): questions a researcher asks across boards, about ranks and gaps,
counts, and the papers behind a board's best result.

  T1  On which datasets is <model> the best?                       method_usage
  T2  Is <model> the best on both <D1> and <D2>?                   claim_verification
  T3  What rank (1 = best) does <model> have on <D> by <metric>?   method_comparison
  T4  How far is <model> behind the best on <D> by <metric>?       method_comparison
  T5  How many models have results on <D> by <metric>?             method_comparison
  T6  How many papers report a result on <D>?                      method_comparison
  T7  Which papers report the best <metric> on <D>?                paper_lookup
  T8  In which year was the best <metric> on <D> first reported?   paper_lookup
  T9  What are the DOIs of the papers that report the best <metric> on <D>?   paper_lookup
  T10 <model> is within <M> points of the best on <D> by <metric>, right?     claim_verification
  T11 Only <N> models beat <model> on <D> by <metric>, right?      claim_verification

The conflict rules are check.py's reference rules (imported as a module, never read):
check.surviving / check.board. Nothing here depends on the current year (checked for 2025-2030).
"""
import itertools
import json
import math
import os
import random
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
TRUST = HERE if os.path.exists(os.path.join(HERE, "check.py")) else "/work/main/eval/gold/trust"
sys.path.insert(0, TRUST)
import check  # noqa: E402

OUT = os.path.join(HERE, "trust-dev22.jsonl")
CAP = 320
SEED = 22
GRAPHS = ["g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"]
BOARD_ORDER = {
    "g1.ttl": [("BenchMira", "Accuracy"), ("Corvalla-Ice", "F1"), ("Skarnhold Glacier Set", "Mean IoU")],
    "g2.ttl": [("Dastrup-7 Chorus", "Word Error Rate"), ("Hollenby Marsh Calls", "Accuracy"),
               ("Veltmoor Dawn Set", "Word Error Rate")],
    "g3.ttl": [("Orrenby Parallel Corpus", "BLEU"), ("Quenmark Dialogue Set", "BLEU"), ("Mirelle Subtitles", "chrF")],
    "g4.ttl": [("Sealbrook Turbine Logs", "F1"), ("Kelpwatch-Norrland", "Mean IoU")],
}
# README "Conflict margins": the outcome every conflict must have.
README_CONFLICTS = {
    ("KestrelNet", "BenchMira"): "clear", ("Orvalis-CNN", "Corvalla-Ice"): "clear",
    ("Fennick-RNN", "Dastrup-7 Chorus"): "clear", ("Syrinxa", "Hollenby Marsh Calls"): "clear",
    ("Gannetron", "Orrenby Parallel Corpus"): "clear", ("Tavrosa", "BenchMira"): "close",
    ("Trillbert", "Dastrup-7 Chorus"): "close", ("Aviquist", "Veltmoor Dawn Set"): "close",
    ("Warbleon", "Hollenby Marsh Calls"): "close", ("Murrelet-MT", "Mirelle Subtitles"): "close",
}
FIELDS = ["id", "graph", "question", "query_type", "mechanism", "expected", "verdict", "must_remove",
          "must_keep", "notes"]
LEFT_OUT = []


def quiet(f, *a):
    """Call into check.py; an exception is reported by its type only."""
    try:
        return f(*a)
    except Exception as e:  # noqa: BLE001
        raise RuntimeError("check.%s raised %s" % (getattr(f, "__name__", "?"), type(e).__name__)) from None


def fmt(v):
    return "%.1f" % v


def fact(model, v, d, m):
    return "%s scores %s on %s by %s" % (model, fmt(v), d, m)


def r1(x):
    return round(x + 1e-9, 1)


def ordinal(n):
    return {1: "first", 2: "second", 3: "third"}.get(n, "%dth" % n)


# ----------------------------------------------------------------------------------------------------------------
# The graph, as check.G reads it
# ----------------------------------------------------------------------------------------------------------------
class Board:
    def __init__(self, gname, g, d, m):
        self.gname, self.g, self.d, self.m = gname, g, d, m
        self.lower = m in check.LOWER_BETTER
        self.rows = [r for r in g.rows if r["dataset"] == d and r["metric"] == m]
        self.models = sorted({r["model"] for r in self.rows})
        self.stored = {}      # model -> [(value or None, raw, paper)]
        for r in self.rows:
            self.stored.setdefault(r["model"], []).append(
                (quiet(check.parse_value, r["value"]), r["value"], r["paper"]))
        self.surv, self.status = {}, {}
        for mod in self.models:
            s = quiet(check.surviving, g, mod, d, m)
            self.surv[mod] = set(s[0])
            self.status[mod] = s[1]
        self.numeric = [mod for mod in self.models if self.surv[mod]]
        self.dash = [mod for mod in self.models if not self.surv[mod]]
        for mod in self.models:
            vals = {v for v, _, _ in self.stored[mod] if v is not None}
            if len(vals) > 1:
                want = README_CONFLICTS[(mod, d)]
                got = "close" if len(self.surv[mod]) == 2 else "clear"
                assert want == got, (mod, d, got)
            else:
                assert (mod, d) not in README_CONFLICTS
        self.removed = {mod: sorted({v for v, _, _ in self.stored[mod] if v is not None} - self.surv[mod])
                        for mod in self.models}

    # -- helpers ----------------------------------------------------------------------------------------------
    def better(self, a, b):
        return a < b - 1e-9 if self.lower else a > b + 1e-9

    def best_of(self, vals):
        return min(vals) if self.lower else max(vals)

    def worst_of(self, vals):
        return max(vals) if self.lower else min(vals)

    def years(self, paper):
        return sorted(y for y in self.g.valid_years(paper))

    def papers_stating(self, mod, v):
        return [p for (x, _, p) in self.stored[mod] if x is not None and abs(x - v) < 1e-9]

    def first_year(self, mod):
        ys = [y for (x, _, p) in self.stored[mod] if x is not None for y in self.years(p)[:1]]
        return min(ys) if ys else None

    def worlds(self):
        mods = self.numeric
        for combo in itertools.product(*[sorted(self.surv[x]) for x in mods]):
            yield dict(zip(mods, combo))

    # -- the best now -----------------------------------------------------------------------------------------
    def best_group(self):
        grp, ties = set(), False
        for w in self.worlds():
            bv = self.best_of(w.values())
            top = [x for x, v in w.items() if abs(v - bv) < 1e-9]
            ties |= len(top) > 1
            grp |= set(top)
        assert not ties
        return grp

    def decided(self):
        return len(self.best_group()) == 1

    def best_model(self):
        grp = self.best_group()
        assert len(grp) == 1
        return next(iter(grp))

    def group_facts(self):
        return sorted(fact(x, v, self.d, self.m) for x in self.best_group() for v in self.surv[x])

    def group_expected(self):
        out = []
        for x in sorted(self.best_group()):
            out.append(x)
            out += [fmt(v) for v in sorted(self.surv[x])]
        return out

    def removed_topping(self):
        """Removed values (clear-conflict losers) that would top the board if kept."""
        out = []
        for x in self.models:
            for v in self.removed[x]:
                if all(self.better(v, w) for y in self.numeric if y != x for w in self.surv[y]):
                    out.append((x, v))
        return out

    def newest_model(self):
        ys = {x: self.first_year(x) for x in self.numeric if self.first_year(x) is not None}
        top = max(ys.values())
        cand = [x for x in ys if ys[x] == top]
        return cand[0] if len(cand) == 1 else None

    def undated(self, x):
        return all(not self.years(p) for (_, _, p) in self.stored[x])

    # -- rank / beaters ---------------------------------------------------------------------------------------
    def beaters(self, x):
        """(sure, maybe): models whose every surviving value beats every value of x; straddlers."""
        sure, maybe = set(), set()
        for y in self.numeric:
            if y == x:
                continue
            pairs = [(a, b) for a in self.surv[y] for b in self.surv[x]]
            wins = [self.better(a, b) for a, b in pairs]
            ties = [abs(a - b) < 1e-9 for a, b in pairs]
            assert not any(ties)
            if all(wins):
                sure.add(y)
            elif any(wins):
                maybe.add(y)
        return sure, maybe

    def counts(self, x):
        cs = set()
        for w in self.worlds():
            cs.add(sum(1 for y, v in w.items() if y != x and self.better(v, w[x])))
        return sorted(cs)

    # careless readings -----------------------------------------------------------------------------------------
    def careless_counts(self, x):
        """What careless readings give for 'how many models beat x' (None when not applicable)."""
        out = {}
        allv = {y: [v for v, _, _ in self.stored[y] if v is not None] for y in self.numeric}
        xb = self.best_of(allv[x])
        out["removed values kept"] = sum(1 for y in self.numeric if y != x
                                         and any(self.better(v, xb) for v in allv[y]))
        xv = self.best_of(self.surv[x])
        out["duplicate rows counted"] = sum(1 for y in self.numeric if y != x
                                            for v, _, _ in self.stored[y]
                                            if v is not None and v in self.surv[y] and self.better(v, xv))
        raw = {y: [r for v, r, _ in self.stored[y] if v is not None] for y in self.numeric}
        xs = max(raw[x])
        out["scores sorted as strings"] = sum(1 for y in self.numeric if y != x and max(raw[y]) > xs)
        if self.lower:
            out["lower-is-better ignored"] = sum(1 for y in self.numeric if y != x
                                                 and max(self.surv[y]) > max(self.surv[x]) + 1e-9)
        return out

    # former record holders (board as it stood, decided years only) -----------------------------------------------
    def records(self):
        """model -> set of values with which it led the board alone in some year (anchored check.board)."""
        rec = {}
        for y in range(2010, 2026):
            try:
                b = check.board(self.g, self.d, self.m, y)
            except Exception:  # noqa: BLE001  (Tidewick's two years: undecided)
                continue
            if not b:
                continue
            top = b[0][1]
            mine = [e for e in b if e[1] == top]
            if any(e[2] not in ("single", "clear") for e in mine):
                continue
            worst = self.worst_of([e[0] for e in mine])
            if all(self.better(worst, e[0]) for e in b if e[1] != top):
                rec.setdefault(top, set()).update(e[0] for e in mine)
        return rec


def load():
    data = {}
    for gn in GRAPHS:
        g = quiet(check.G, gn)
        derived = []
        for r in g.rows:
            k = (r["dataset"], r["metric"])
            if k not in derived:
                derived.append(k)
        assert sorted(derived) == sorted(BOARD_ORDER[gn]), gn
        data[gn] = (g, [Board(gn, g, d, m) for d, m in BOARD_ORDER[gn]])
    return data


# ----------------------------------------------------------------------------------------------------------------
# Templates
# ----------------------------------------------------------------------------------------------------------------
def q(gn, t, question, qtype, mech, expected, verdict, must_remove, must_keep, rule, right, careless, key):
    notes = "[T%d] Rule: %s Right: %s Careless: %s" % (t, rule, right, careless or "nothing differs.")
    expected = list(dict.fromkeys(expected))
    return {"graph": gn, "question": question, "query_type": qtype, "mechanism": mech,
            "expected": expected, "verdict": verdict, "must_remove": sorted(set(must_remove)),
            "must_keep": sorted(set(must_keep)), "notes": notes, "_t": t, "_key": key}


def bstate(b, x):
    if not b.surv.get(x):
        return "none"
    grp = b.best_group()
    if grp == {x}:
        return "best"
    return "open" if x in grp else "not"


def own_records_removed(b, x, recs):
    """must_remove for 'is x the best': x's former record values (b), its removed values that top (a)."""
    out = []
    if bstate(b, x) in ("best", "open"):
        return out
    for v in sorted(recs.get(x, ())):
        out.append(fact(x, v, b.d, b.m))
    for y, v in b.removed_topping():
        out.append(fact(y, v, b.d, b.m))
    return out


def t1(gn, boards, recs):
    out = []
    models = []
    for b in boards:
        for x in b.models:
            if x not in models:
                models.append(x)
    for x in models:
        mine = [b for b in boards if x in b.models]
        exp, keep, rem, parts, mech_flags = [], [], [], [], set()
        careless = []
        for b in mine:
            st = bstate(b, x)
            keep += b.group_facts()
            if st == "best":
                for y, v in b.removed_topping():
                    rem.append(fact(y, v, b.d, b.m))
                    mech_flags.add("conflict")
                    careless.append("the removed %s %s kept tops %s" % (y, fmt(v), b.d))
                exp += [b.d] + [fmt(v) for v in sorted(b.surv[x])]
                parts.append("best on %s (%s)" % (b.d, "/".join(fmt(v) for v in sorted(b.surv[x]))))
                if b.undated(x):
                    mech_flags.add("metadata")
                nw = b.newest_model()
                if nw and nw != x:
                    mech_flags.add("recency")
                    careless.append("newest = best names %s on %s" % (nw, b.d))
            elif st == "open":
                exp += [b.d] + b.group_expected()
                parts.append("on %s the top is open (%s)" % (b.d, "; ".join(
                    "%s %s" % (y, "/".join(fmt(v) for v in sorted(b.surv[y]))) for y in sorted(b.best_group()))))
                mech_flags.add("conflict")
                careless.append("one side of the close conflict on %s picked silently" % b.d)
            else:
                bm = sorted(b.best_group())
                parts.append("not on %s (%s)" % (b.d, "; ".join(
                    "%s %s" % (y, "/".join(fmt(v) for v in sorted(b.surv[y]))) for y in bm)
                    if b.surv.get(x) else "%s: no value, '-' only" % b.d))
                if any(b.undated(y) for y in b.best_group()):
                    mech_flags.add("metadata")
                    dated = [y for y in b.numeric if not b.undated(y)]
                    bd = min(dated, key=lambda y: b.best_of(b.surv[y]) * (1 if b.lower else -1))
                    careless.append("the undated %s left out: %s" % (
                        "/".join(sorted(b.best_group())),
                        "that makes it the best on %s" % b.d if bd == x else "%s leads %s" % (bd, b.d)))
                if not b.surv.get(x):
                    mech_flags.add("gate")
                    careless.append("the '-' row read as a result on %s" % b.d)
                for y, v in b.removed_topping():
                    if y == x:
                        mech_flags.add("conflict")
                        careless.append("the removed %s on %s kept makes it the best there" % (fmt(v), b.d))
                if x in recs[b.d]:
                    mech_flags.add("superseded")
                    careless.append("a former record on %s (%s) read as current" % (
                        b.d, "/".join(fmt(v) for v in sorted(recs[b.d][x]))))
                if b.newest_model() == x:
                    mech_flags.add("recency")
                    careless.append("newest = best names it on %s" % b.d)
                rem += [f for f in own_records_removed(b, x, recs[b.d]) if f.startswith(x + " scores ")]
        mech = next((k for k in ("conflict", "gate", "metadata", "superseded", "recency") if k in mech_flags),
                    "corroboration")
        right = ("; ".join(parts)) + (". So: " + (", ".join(d for d in exp if d in {bb.d for bb in mine}) or "none")
                                      + ".")
        if not exp:
            right += " expected [] (it is the best on none of its datasets)."
        rule = ("the best now on each board %s has a result on (check.surviving values, clear-conflict losers "
                "removed, lower is better on Word Error Rate, undated results counted as in TS23); a close conflict "
                "at the top names the whole group with both values." % x)
        out.append(q(gn, 1, "On which datasets is %s the best?" % x, "method_usage", mech, exp, None,
                     rem, keep, rule, right, "; ".join(careless), ("T1", x)))
    return out


def t2(gn, boards, recs):
    out = []
    models = []
    for b in boards:
        for x in b.models:
            if x not in models:
                models.append(x)
    for x in models:
        mine = [b for b in boards if x in b.models]
        for b1, b2 in itertools.combinations(mine, 2):
            sts = [bstate(b1, x), bstate(b2, x)]
            if all(s == "best" for s in sts):
                verdict = "SUPPORTED"
            elif any(s in ("not", "none") for s in sts):
                verdict = "REFUTED"
            else:
                verdict = "UNCERTAIN"
            exp, keep, rem, careless, flags = [], [], [], [], set()
            desc = []
            for b, s in zip((b1, b2), sts):
                exp += b.group_expected()
                keep += b.group_facts()
                desc.append("%s: %s (%s)" % (b.d, {"best": "it is the best", "open": "open top",
                                                   "not": "not the best", "none": "no value, '-' only"}[s],
                                              "; ".join("%s %s" % (y, "/".join(fmt(v) for v in sorted(b.surv[y])))
                                                        for y in sorted(b.best_group()))))
                for y, v in b.removed_topping():
                    rem.append(fact(y, v, b.d, b.m))
                    flags.add("conflict")
                    careless.append("the removed %s %s kept tops %s" % (y, fmt(v), b.d))
                if s == "open":
                    flags.add("conflict")
                    careless.append("one side of %s's close conflict picked silently" % b.d)
                if s == "none":
                    flags.add("gate")
                    careless.append("the '-' row on %s read as a value" % b.d)
                if s == "not" and x in recs[b.d]:
                    flags.add("superseded")
                    rem += [fact(x, v, b.d, b.m) for v in sorted(recs[b.d][x])]
                    careless.append("its former record on %s read as current" % b.d)
                if b.newest_model() == x and s != "best":
                    flags.add("recency")
                    careless.append("newest = best on %s" % b.d)
                if s == "best" and b.newest_model() not in (None, x):
                    flags.add("recency")
            mech = next((k for k in ("conflict", "gate", "superseded", "recency") if k in flags), "corroboration")
            rule = ("SUPPORTED iff %s is the sole best now on both boards; REFUTED if it is not the best on one "
                    "(or has no value there); UNCERTAIN if a close conflict leaves one open and the other is "
                    "not refuted." % x)
            right = "%s. %s" % ("; ".join(desc), verdict)
            out.append(q(gn, 2, "Is %s the best on both %s and %s?" % (x, b1.d, b2.d), "claim_verification", mech,
                         exp, verdict, rem, keep, rule, right, "; ".join(careless), ("T2", x, b1.d, b2.d)))
    return out


def removed_that_matter(b, x):
    """x's own removed values, and other models' removed values that would beat x."""
    out = [fact(x, v, b.d, b.m) for v in b.removed[x]]
    xv = b.best_of(b.surv[x])
    for y in b.numeric:
        if y != x:
            out += [fact(y, v, b.d, b.m) for v in b.removed[y] if b.better(v, xv)]
    return out


def careless_rank(b, x):
    out = {}
    allv = {y: [v for v, _, _ in b.stored[y] if v is not None] for y in b.numeric}
    xb = b.best_of(allv[x])
    out["removed values kept"] = 1 + sum(1 for y in b.numeric if y != x and b.better(b.best_of(allv[y]), xb))
    xv = b.best_of(b.surv[x])
    out["rows ranked, duplicates counted"] = 1 + sum(
        1 for y in b.numeric if y != x for v, _, _ in b.stored[y] if v is not None and b.better(v, xv))
    raw = {y: max(r for v, r, _ in b.stored[y] if v is not None) for y in b.numeric}
    out["scores sorted as strings"] = 1 + sum(1 for y in b.numeric if y != x and raw[y] > raw[x])
    if b.lower:
        out["lower-is-better ignored"] = 1 + sum(1 for y in b.numeric if y != x
                                                 and max(b.surv[y]) > max(b.surv[x]) + 1e-9)
    return out


def t3(gn, boards):
    out = []
    for b in boards:
        for x in b.models:
            if not b.surv[x]:
                LEFT_OUT.append("T3 %s on %s: '-' only, no value to rank." % (x, b.d))
                continue
            ranks = [c + 1 for c in b.counts(x)]
            sure, maybe = b.beaters(x)
            keep = [fact(x, v, b.d, b.m) for v in b.surv[x]] + [fact(y, v, b.d, b.m) for y in sure | maybe
                                                                 for v in b.surv[y]]
            cr = careless_rank(b, x)
            flags = set()
            rem = []
            if len(ranks) > 1 or len(b.surv[x]) > 1:
                flags.add("conflict")
            if cr["removed values kept"] not in ranks:
                flags.add("conflict")
                rem = removed_that_matter(b, x)
            if b.undated(x) or any(b.undated(y) for y in sure | maybe):
                flags.add("metadata")
            if cr["rows ranked, duplicates counted"] not in ranks:
                flags.add("corroboration")
            mech = next((k for k in ("conflict", "metadata", "corroboration") if k in flags), "superseded")
            exp = [str(r) for r in ranks] + [fmt(v) for v in sorted(b.surv[x])]
            rule = ("rank = 1 + the number of other models whose surviving value beats %s's (each model once, "
                    "clear-conflict losers removed, '-' no value, lower is better on %s: %s); a close conflict "
                    "that changes the rank gives both ranks." % (x, b.m, "yes" if b.lower else "no"))
            above = ", ".join("%s %s" % (y, "/".join(fmt(v) for v in sorted(b.surv[y])))
                              for y in sorted(sure, key=lambda y: (b.best_of(b.surv[y]) * (1 if b.lower else -1), y)))
            right = "rank %s (%s %s)%s%s." % (
                " or ".join(str(r) for r in ranks), x, "/".join(fmt(v) for v in sorted(b.surv[x])),
                "; above it: " + above if above else "; nothing is above it",
                "; straddling: " + ", ".join(sorted(maybe)) if maybe else "")
            right += undated_caveat(b, sure | maybe | {x})
            careless = "; ".join("%s: rank %d" % (k, v) for k, v in cr.items() if v not in ranks)
            out.append(q(gn, 3, "What rank (1 = best) does %s have on %s by %s?" % (x, b.d, b.m),
                         "method_comparison", mech, exp, None, rem, keep, rule, right, careless, ("T3", x, b.d)))
    return out


def undated_caveat(b, models):
    und = sorted(y for y in models if b.undated(y))
    if not und:
        return ""
    return (" (%s: no usable year; counted with that caveat, as the best now on Kelpwatch-Norrland is in TS23; "
            "leaving undated results out gives another answer.)" % ", ".join(und))


def gaps(b, x, bm):
    return sorted({r1(abs(bv - xv)) for bv in b.surv[bm] for xv in b.surv[x]})


def careless_gap(b, x):
    """Gaps with removed values kept (best over every stored value; x's stored values)."""
    allv = [(y, v) for y in b.numeric for v, _, _ in b.stored[y] if v is not None]
    bv = b.best_of([v for _, v in allv])
    xs = [v for v, _, _ in b.stored[x] if v is not None]
    return sorted({r1(abs(bv - v)) for v in xs})


def gap_mech(b, x, bm, extra=()):
    if len(b.surv[x]) > 1 or b.removed_topping() or b.removed[x] or "conflict" in extra:
        return "conflict"
    if b.undated(bm):
        return "metadata"
    fx, fb = b.first_year(x), b.first_year(bm)
    if fx is None or fb is None or fx == fb:
        return "corroboration"
    return "recency" if fx > fb else "superseded"


def t4(gn, boards):
    out = []
    for b in boards:
        if not b.decided():
            for x in b.models:
                LEFT_OUT.append("T4 %s on %s: the top is open (a close conflict), so 'the best' is not one value."
                                % (x, b.d))
            continue
        bm = b.best_model()
        for x in b.models:
            if x == bm:
                continue
            if not b.surv[x]:
                LEFT_OUT.append("T4 %s on %s: '-' only." % (x, b.d))
                continue
            gs = gaps(b, x, bm)
            exp = [bm] + [fmt(v) for v in sorted(b.surv[bm])] + [fmt(gv) for gv in gs]
            keep = [fact(x, v, b.d, b.m) for v in b.surv[x]] + [fact(bm, v, b.d, b.m) for v in b.surv[bm]]
            rem = [fact(y, v, b.d, b.m) for y, v in b.removed_topping()]
            rem += [fact(x, v, b.d, b.m) for v in b.removed[x]]
            cg = careless_gap(b, x)
            careless = []
            if cg != gs:
                careless.append("removed values kept (best stored values): %s behind" % fmt(cg[0]))
            if b.lower:
                worst = max(v for y in b.numeric for v in b.surv[y])
                careless.append("lower-is-better ignored: the 'best' is %s and the gap %s" % (
                    fmt(worst), "/".join(fmt(r1(abs(worst - v))) for v in sorted(b.surv[x]))))
            rule = ("gap = |best now - %s's value| to one decimal (best = %s %s; surviving values, lower is "
                    "better on %s: %s); a close conflict of %s gives both gaps." % (
                        x, bm, "/".join(fmt(v) for v in sorted(b.surv[bm])), b.m, "yes" if b.lower else "no", x))
            right = "%s is %s behind %s %s." % (x, " or ".join(fmt(gv) for gv in gs), bm,
                                                "/".join(fmt(v) for v in sorted(b.surv[bm])))
            if b.undated(bm):
                right += " (%s's paper has no usable year; given with that caveat, TS23.)" % bm
            out.append(q(gn, 4, "How far is %s behind the best on %s by %s?" % (x, b.d, b.m), "method_comparison",
                         gap_mech(b, x, bm), exp, None, rem, keep, rule, right, "; ".join(careless),
                         ("T4", x, b.d)))
    return out


def t5(gn, boards):
    out = []
    for b in boards:
        n = len(b.numeric)
        keep = [fact(x, v, b.d, b.m) for x in b.numeric for v in b.surv[x]]
        careless = ["rows counted: %d" % len(b.rows)] if len(b.rows) != n else []
        if b.dash:
            careless.append("the '-' row counted as a result: %d" % len(b.models))
        mech = "gate" if b.dash else "corroboration"
        rule = ("count the models with at least one numeric value on the board (a model stated by several papers "
                "or with two values counts once; a '-' is no value; undated results count).")
        right = "%d: %s." % (n, ", ".join(sorted(b.numeric)))
        out.append(q(gn, 5, "How many models have results on %s by %s?" % (b.d, b.m), "method_comparison", mech,
                     [str(n)], None, [], keep, rule, right, "; ".join(careless), ("T5", b.d)))
    return out


def t6(gn, boards):
    out = []
    for b in boards:
        papers = {}
        for v, raw, p in ((v, r, p) for x in b.models for v, r, p in b.stored[x]):
            papers.setdefault(p, []).append(v)
        numeric_papers = [p for p, vs in papers.items() if any(v is not None for v in vs)]
        only_removed = []
        for p in numeric_papers:
            ok = [x for x in b.models for v, _, pp in b.stored[x] if pp == p and v is not None and v in b.surv[x]]
            if not ok:
                only_removed.append(p)
        if only_removed:
            LEFT_OUT.append("T6 %s: the paper(s) %s state(s) only a value that lost a clear conflict; whether that "
                            "paper 'reports a result' is open." % (
                                b.d, "; ".join('"%s"' % b.g.papers[p]["title"] for p in only_removed)))
            continue
        n = len(numeric_papers)
        careless = ["rows counted: %d" % len(b.rows)] if len(b.rows) != n else []
        if len(papers) != n:
            careless.append("the '-' row's paper counted: %d" % len(papers))
        mech = "gate" if len(papers) != n else "corroboration"
        rule = ("count the distinct papers stating at least one numeric value on the dataset (a paper with two rows "
                "counts once; a '-' is not a reported result; papers with no usable year count).")
        right = "%d papers: %s." % (n, "; ".join(sorted('"%s"' % b.g.papers[p]["title"] for p in numeric_papers)))
        out.append(q(gn, 6, "How many papers report a result on %s?" % b.d, "method_comparison", mech, [str(n)],
                     None, [], [], rule, right, "; ".join(careless), ("T6", b.d)))
    return out


def best_papers(b):
    bm = b.best_model()
    (bv,) = tuple(b.surv[bm])
    return bm, bv, sorted(set(b.papers_stating(bm, bv)), key=lambda p: (b.years(p)[:1] or [9999], p))


def paper_mech(b, bm, papers):
    if b.removed_topping():
        return "conflict"
    if b.undated(bm):
        return "metadata"
    if len(papers) > 1:
        return "corroboration"
    nw = b.newest_model()
    return "recency" if nw not in (None, bm) else "superseded"


def careless_best(b):
    out = []
    for y, v in b.removed_topping():
        out.append(("removed value kept", y, v))
    if b.lower:
        allv = [(y, v) for y in b.numeric for v in b.surv[y]]
        y, v = max(allv, key=lambda t: t[1])
        out.append(("lower-is-better ignored", y, v))
    raw = [(y, r, v) for y in b.numeric for v, r, _ in b.stored[y] if v is not None]
    y, r, v = max(raw, key=lambda t: t[1])
    if y != b.best_model():
        out.append(("scores sorted as strings", y, v))
    nw = b.newest_model()
    if nw not in (None, b.best_model()):
        out.append(("newest = best", nw, b.best_of(b.surv[nw])))
    return out


def paper_of(b, y, v):
    ps = b.papers_stating(y, v)
    return ps


def t7_t8_t9(gn, boards):
    o7, o8, o9 = [], [], []
    for b in boards:
        if not b.decided():
            for t in (7, 8, 9):
                LEFT_OUT.append("T%d %s: the top is open (a close conflict), so 'the best' has no single paper."
                                % (t, b.d))
            continue
        bm, bv, papers = best_papers(b)
        keep = [fact(bm, bv, b.d, b.m)]
        rem = [fact(y, v, b.d, b.m) for y, v in b.removed_topping()]
        cb = careless_best(b)
        titles = [b.g.papers[p]["title"] for p in papers]
        # T7
        careless = "; ".join("%s: %s %s from %s" % (k, y, fmt(v), "; ".join(
            '"%s"' % b.g.papers[p]["title"] for p in paper_of(b, y, v))) for k, y, v in cb)
        if len(papers) > 1:
            careless = (careless + "; " if careless else "") + "only the first (or only the newest) paper named"
        rule = ("the best now is %s %s; every paper stating that value (in any spelling) is named." % (bm, fmt(bv)))
        right = "%s: %s." % (bm, "; ".join('"%s" (%s)' % (t, "/".join(str(y) for y in b.years(p)) or "no year")
                                           for t, p in zip(titles, papers)))
        o7.append(q(gn, 7, "Which papers report the best %s on %s?" % (b.m, b.d), "paper_lookup",
                    paper_mech(b, bm, papers), titles, None, rem, keep, rule, right, careless, ("T7", b.d)))
        # T8
        dated = [(b.years(p), p) for p in papers if b.years(p)]
        if any(len(ys) > 1 for ys, _ in dated):
            LEFT_OUT.append("T8 %s: a paper stating the best has two real years." % b.d)
        else:
            if dated:
                yr = min(ys[0] for ys, _ in dated)
                exp = [str(yr)]
                right = "%d (%s %s, earliest paper stating it)." % (yr, bm, fmt(bv))
            else:
                yr = None
                exp = []
                right = ("the graph records no usable year for the paper(s) stating %s %s (P29 %s); expected []."
                         % (bm, fmt(bv), "/".join(str(y) for p in papers for y in b.g.papers[p]["years"]) or "none"))
            cl = []
            raw_min = min((yy for p in papers for yy in b.g.papers[p]["years"]), default=None)
            if raw_min is not None and raw_min != yr:
                cl.append("a month read as a year: %s" % raw_min)
            later = sorted({ys[-1] for ys, _ in dated})
            if len(later) > 1:
                cl.append("a later restatement's year: %s" % "/".join(str(y) for y in later[1:]))
            for k, y, v in cb:
                ys = sorted({yy for p in paper_of(b, y, v) for yy in b.years(p)})
                if ys and (yr is None or ys[0] != yr):
                    cl.append("%s (%s %s): %s" % (k, y, fmt(v), ys[0]))
            rule = ("the year of the earliest paper stating the best value now (%s %s); a P29 of 1-12 is a month; "
                    "no usable year -> []." % (bm, fmt(bv)))
            o8.append(q(gn, 8, "In which year was the best %s on %s first reported?" % (b.m, b.d), "paper_lookup",
                        "metadata", exp, None, rem, keep, rule, right, "; ".join(cl), ("T8", b.d)))
        # T9
        dois = []
        for p in papers:
            dois += b.g.papers[p]["dois"]
        cl = []
        for k, y, v in cb:
            ds = [dd for p in paper_of(b, y, v) for dd in b.g.papers[p]["dois"]]
            cl.append("%s (%s %s): %s" % (k, y, fmt(v), ", ".join(ds) or "no DOI"))
        if any(len(b.g.papers[p]["dois"]) > 1 for p in papers):
            cl.append("only one of the paper's two DOIs")
        if len(papers) > 1:
            cl.append("only one of the %d papers" % len(papers))
        rule = ("every DOI (P26) of every paper stating the best value now (%s %s); a paper with two DOIs gives "
                "both; none recorded -> []." % (bm, fmt(bv)))
        right = "; ".join('"%s": %s' % (b.g.papers[p]["title"], ", ".join(b.g.papers[p]["dois"]) or "no DOI recorded")
                          for p in papers) + ("." if dois else " -- expected [] (no DOI recorded).")
        o9.append(q(gn, 9, "What are the DOIs of the papers that report the best %s on %s?" % (b.m, b.d),
                    "paper_lookup", "metadata", dois, None, rem, keep, rule, right, "; ".join(cl), ("T9", b.d)))
    return o7 + o8 + o9


def up_half(x):
    return math.ceil(x / 0.5 - 1e-9) * 0.5


def down_half(x):
    return math.floor(x / 0.5 + 1e-9) * 0.5


def t10(gn, boards):
    out = []
    for b in boards:
        if not b.decided():
            continue  # listed under T4
        bm = b.best_model()
        for x in b.numeric:
            if x == bm:
                continue
            gs = gaps(b, x, bm)
            cg = careless_gap(b, x)
            claims = []
            ms = r1(up_half(gs[-1] + 0.1))
            claims.append((ms, "SUPPORTED", "just above the gap"))
            mr = r1(down_half(gs[0] - 0.1))
            if mr < 0.5:
                mr = 0.1 if gs[0] >= 0.3 else None
            if mr is not None:
                claims.append((mr, "REFUTED", "below the gap"))
            if len(gs) == 2 and gs[1] - gs[0] >= 0.2:
                mu = r1((gs[0] + gs[1]) / 2)
                if not (gs[0] < mu < gs[1]):
                    mu = r1(gs[0] + 0.1)
                claims.append((mu, "UNCERTAIN", "between the two gaps of the close conflict"))
            mt = r1(up_half(cg[0] + 0.1))
            if cg != gs and mt < gs[-1]:
                v = "REFUTED" if mt < gs[0] else "UNCERTAIN"
                claims.append((mt, v, "just above the gap a careless reading gets with the removed values kept"))
            seen = set()
            for M, verdict, why in claims:
                if M in seen:
                    continue
                seen.add(M)
                truth = ["yes" if gv <= M + 1e-9 else "no" for gv in gs]
                assert verdict == ("SUPPORTED" if set(truth) == {"yes"} else "REFUTED" if set(truth) == {"no"}
                                   else "UNCERTAIN")
                exp = [bm] + [fmt(v) for v in sorted(b.surv[bm])] + [fmt(gv) for gv in gs]
                keep = [fact(x, v, b.d, b.m) for v in b.surv[x]] + [fact(bm, v, b.d, b.m) for v in b.surv[bm]]
                rem = []
                careless = []
                if cg != gs:
                    cv = "SUPPORTED" if cg[0] <= M + 1e-9 else "REFUTED"
                    rem += [fact(y, v, b.d, b.m) for y, v in b.removed_topping()]
                    rem += [fact(x, v, b.d, b.m) for v in b.removed[x]]
                    careless.append("removed values kept (the board's best stored value against %s's best stored "
                                    "value): gap %s, %s" % (x, fmt(cg[0]), cv))
                if len(gs) == 2 and verdict == "UNCERTAIN":
                    careless.append("one side of the close conflict picked: %s" % " or ".join(
                        "SUPPORTED" if gv <= M else "REFUTED" for gv in gs))
                if b.lower:
                    worst = max(v for y in b.numeric for v in b.surv[y])
                    wg = [r1(abs(worst - v)) for v in b.surv[x]]
                    careless.append("lower-is-better ignored: gap to %s is %s" % (fmt(worst), "/".join(
                        fmt(w) for w in wg)))
                mech = gap_mech(b, x, bm, ("conflict",) if verdict == "UNCERTAIN" or rem else ())
                rule = ("'within M points' = |best now - value| <= M for every surviving value (best = %s %s); M "
                        "is %s. SUPPORTED if all gaps are within, REFUTED if none, UNCERTAIN if a close conflict "
                        "splits." % (bm, "/".join(fmt(v) for v in sorted(b.surv[bm])), why))
                right = "%s: %s is %s behind %s.%s" % (verdict, x, " or ".join(fmt(gv) for gv in gs), bm,
                                                      undated_caveat(b, {bm}))
                out.append(q(gn, 10, "%s is within %s points of the best on %s by %s, right?" % (
                    x, fmt(M), b.d, b.m), "claim_verification", mech, exp, verdict, rem, keep, rule, right,
                    "; ".join(careless), ("T10", x, b.d, fmt(M))))
    return out


def t11(gn, boards):
    out = []
    for b in boards:
        for x in b.models:
            if not b.surv[x]:
                LEFT_OUT.append("T11 %s on %s: '-' only." % (x, b.d))
                continue
            cs = b.counts(x)
            sure, maybe = b.beaters(x)
            cc = b.careless_counts(x)
            nothers = len(b.numeric) - 1
            claims = []
            if len(cs) == 1:
                c = cs[0]
                if c >= 1:
                    claims.append((c, "SUPPORTED", "the true count"))
                for k, v in cc.items():
                    if v != c and 1 <= v <= nothers:
                        claims.append((v, "REFUTED", "careless: " + k))
                if c >= 2:
                    claims.append((c - 1, "REFUTED", "one fewer than the true count"))
            else:
                for c in cs:
                    if c >= 1:
                        claims.append((c, "UNCERTAIN", "one of the counts a close conflict allows"))
                for k, v in cc.items():
                    if v not in cs and 1 <= v <= nothers:
                        claims.append((v, "REFUTED", "careless: " + k))
            seen = set()
            for n, verdict, why in claims:
                if n in seen:
                    continue
                seen.add(n)
                keep = [fact(x, v, b.d, b.m) for v in b.surv[x]] + [fact(y, v, b.d, b.m) for y in sure | maybe
                                                                     for v in b.surv[y]]
                rem = []
                if why == "careless: removed values kept":
                    rem = removed_that_matter(b, x)
                if sure or maybe:
                    exp = sorted(sure)
                    for y in sorted(maybe):
                        exp += [y] + [fmt(v) for v in sorted(b.surv[y])]
                    if maybe:
                        exp += [fmt(v) for v in sorted(b.surv[x]) if fmt(v) not in exp]
                else:
                    exp = [x] + [fmt(v) for v in sorted(b.surv[x])]
                if verdict == "UNCERTAIN" or len(b.surv[x]) > 1 or why == "careless: removed values kept":
                    mech = "conflict"
                elif b.undated(x) or any(b.undated(y) for y in sure):
                    mech = "metadata"
                elif why == "careless: duplicate rows counted":
                    mech = "corroboration"
                elif why == "careless: scores sorted as strings":
                    mech = "gate"
                else:
                    mech = "superseded"
                word = "model beats" if n == 1 else "models beat"
                rule = ("'only N models beat X' = exactly N other models have a surviving value better than X's "
                        "(each model once, removed values never count, lower is better on %s: %s); decided only "
                        "if every close-conflict reading agrees." % (b.m, "yes" if b.lower else "no"))
                right = "%s: %s model(s) beat %s (surely: %s%s); the claim says %d (%s)." % (
                    verdict, " or ".join(str(c) for c in cs), x, ", ".join(sorted(sure)) or "none",
                    "; straddling, a close conflict: " + ", ".join(
                        "%s %s" % (y, "/".join(fmt(v) for v in sorted(b.surv[y]))) for y in sorted(maybe))
                    if maybe else "", n, why)
                right += undated_caveat(b, sure | {x})
                careless = "; ".join("%s: %d" % (k, v) for k, v in cc.items() if v not in cs)
                out.append(q(gn, 11, "Only %d %s %s on %s by %s, right?" % (n, word, x, b.d, b.m),
                             "claim_verification", mech, exp, verdict, rem, keep, rule, right, careless,
                             ("T11", x, b.d, n)))
    return out


# ----------------------------------------------------------------------------------------------------------------
def generate():
    del LEFT_OUT[:]
    data = load()
    allq = []
    for gn in GRAPHS:
        g, boards = data[gn]
        recs = {b.d: {x: v for x, v in b.records().items() if bstate(b, x) not in ("best", "open")}
                for b in boards}
        qs = t1(gn, boards, recs) + t2(gn, boards, recs) + t3(gn, boards) + t4(gn, boards) + t5(gn, boards) \
            + t6(gn, boards) + t7_t8_t9(gn, boards) + t10(gn, boards) + t11(gn, boards)
        allq += qs
    return allq


def kind(x):
    return (x["verdict"], x["mechanism"], bool(x["must_remove"]), bool(x["expected"]))


def spread(total, sizes):
    """Split total evenly over cells; a cell smaller than its share is kept whole, its leftover shared."""
    alloc = {}
    rest = dict(sizes)
    left = total
    while rest:
        share = left // len(rest)
        small = {k: n for k, n in rest.items() if n <= share}
        if not small:
            extra = left - share * len(rest)
            for i, k in enumerate(sorted(rest)):
                alloc[k] = share + (1 if i < extra else 0)
            break
        for k, n in small.items():
            alloc[k] = n
            left -= n
            del rest[k]
    return alloc


def sample(allq):
    if len(allq) <= CAP:
        return allq
    rng = random.Random(SEED)
    by_t = {}
    for x in allq:
        by_t.setdefault(x["_t"], []).append(x)
    t_alloc = spread(CAP, {t: len(v) for t, v in by_t.items()})
    kept = []
    for t in sorted(by_t):
        cells = {}
        for x in by_t[t]:
            cells.setdefault(x["graph"], []).append(x)
        g_alloc = spread(t_alloc[t], {gname: len(v) for gname, v in cells.items()})
        for gname in sorted(cells):
            pool = list(cells[gname])
            want = g_alloc[gname]
            if want >= len(pool):
                kept += pool
                continue
            # every UNCERTAIN claim first (the rarest kind), then one of every other kind, then the rest
            chosen = [x for x in pool if x["verdict"] == "UNCERTAIN"][:want]
            kinds = []
            for x in pool:
                if kind(x) not in kinds:
                    kinds.append(kind(x))
            # rare kinds first: UNCERTAIN, then conflict traps (must_remove non-empty), then the rest
            kinds.sort(key=lambda k: (k[0] != "UNCERTAIN", not k[2], k[1] != "conflict", str(k)))
            for k in kinds:
                if len(chosen) >= want:
                    break
                if any(kind(x) == k for x in chosen):
                    continue
                cand = [x for x in pool if kind(x) == k and x not in chosen]
                chosen.append(rng.choice(cand))
            rest = [x for x in pool if x not in chosen]
            rng.shuffle(rest)
            chosen += rest[:want - len(chosen)]
            kept += chosen
    order = {id(x): i for i, x in enumerate(allq)}
    kept.sort(key=lambda x: order[id(x)])
    return kept


def finish(qs):
    qs = sorted(qs, key=lambda x: (GRAPHS.index(x["graph"]), x["_t"]))
    out = []
    for i, x in enumerate(qs, 1):
        rec = {"id": "TZ%03d" % i}
        for f in FIELDS[1:]:
            rec[f] = x[f]
        out.append(rec)
    return out


def strip_notes(qs):
    return [{k: v for k, v in x.items() if k != "notes"} for x in qs]


def main():
    allq = generate()
    base = finish(sample(allq))
    # nothing may depend on the current year: recompute for every NOW 2025-2030
    saved = check.NOW
    for now in range(2025, 2031):
        check.NOW = now
        again = finish(sample(generate()))
        assert again == base, "answers depend on the current year (%d)" % now
    check.NOW = saved
    allq = generate()
    keys = [x["_key"] for x in allq]
    assert len(keys) == len(set(keys))
    qs = [x["question"] for x in allq]
    assert len(qs) == len(set(qs)), "repeated question"
    with open(OUT, "w") as fh:
        for rec in base:
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    # counts
    from collections import Counter
    print("before sampling: %d" % len(allq))
    c = Counter((x["_t"], x["graph"]) for x in allq)
    for t in range(1, 12):
        print("  T%-2d %s total %d" % (t, " ".join("%s:%d" % (gname[:2], c[(t, gname)]) for gname in GRAPHS),
                                      sum(c[(t, gname)] for gname in GRAPHS)))
    print("verdicts before sampling:", dict(Counter(str(x["verdict"]) for x in allq)))
    print("written %d questions to %s" % (len(base), OUT))
    print("left out (%d):" % len(LEFT_OUT))
    for line in LEFT_OUT:
        print("  - " + line)


if __name__ == "__main__":
    main()
