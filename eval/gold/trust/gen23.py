#!/usr/bin/env python3
"""gen23.py: writes trust-dev23.jsonl (TA001...), blind, from g1-g4 and the public rules.
Templates: pairwise across boards (T1-T3), paper agreement (T4-T5), recency (T6-T8), metrics (T9)."""
import os, sys, json, random, itertools
os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")
sys.dont_write_bytecode = True
TRUST = "/work/main/eval/gold/trust"
sys.path.insert(0, TRUST)
import check  # imported only, never read

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trust-dev23.jsonl")
CAP, SEED = 240, 23
GRAPHS = ["g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"]
LOWER = {"Word Error Rate"}

def fmt(v): return check.fmt(v)
def fact(m, v, d, me): return f"{m} scores {fmt(v)} on {d} by {me}"
def better(a, b, metric): return a < b if metric in LOWER else a > b
def real_years(ys): return sorted({y for y in ys if y >= 1000})

class Data:
    def __init__(self, gname):
        self.gname = gname
        self.g = check.G(gname)
        rows = self.g.rows() if callable(self.g.rows) else self.g.rows
        papers = self.g.papers() if callable(self.g.papers) else self.g.papers
        self.papers = papers
        self.rows = rows
        self.boards = {}          # (dataset, metric) -> {model: [(clean value or None, paper)]}
        for r in rows:
            self.boards.setdefault((r["dataset"], r["metric"]), {}).setdefault(r["model"], []).append(
                (check.parse_value(r["value"]), r["paper"]))
        self.surv = {}
        self.status = {}
        for (d, me), ms in self.boards.items():
            for m in ms:
                s, st, _ = check.surviving(self.g, m, d, me)
                self.surv[(m, d, me)] = sorted(s)
                self.status[(m, d, me)] = st
    def years(self, p): return real_years(self.papers[p]["years"])
    def title(self, p): return self.papers[p]["title"]
    def raw_vals(self, m, d, me): return sorted({v for v, p in self.boards[(d, me)].get(m, []) if v is not None})
    def removed(self, m, d, me): return [v for v in self.raw_vals(m, d, me) if v not in self.surv[(m, d, me)]]
    def papers_of(self, m, d, me, v):
        return sorted({p for vv, p in self.boards[(d, me)][m] if vv == v})
    def value_date(self, m, d, me, v):
        """earliest paper year for value v: a set of possible years (two real years -> both), None if undated."""
        cands = []
        for p in self.papers_of(m, d, me, v):
            ys = self.years(p)
            if ys: cands.append(ys)
        if not cands: return None
        # every reading: pick one year per two-year paper; earliest over papers
        outs = set()
        for pick in itertools.product(*cands):
            outs.add(min(pick))
        return sorted(outs)
    def numeric_models(self, d, me): return sorted(m for m in self.boards[(d, me)] if self.surv[(m, d, me)])
    def metric_of(self, d):
        return sorted({me for (dd, me) in self.boards if dd == d})

# ---------- board-level helpers ----------
def cmp_pair(D, a, b, d, me, vals=None):
    """'yes' a surely beats b, 'no' surely not, 'open' depends on a close conflict."""
    get = vals or (lambda m: D.surv[(m, d, me)])
    A, B = get(a), get(b)
    res = {better(x, y, me) for x in A for y in B}
    return "yes" if res == {True} else "no" if res == {False} else "open"

def naive_cmp(D, a, b, d, me):
    """careless: every raw value kept, each model's best raw value compared."""
    A, B = D.raw_vals(a, d, me), D.raw_vals(b, d, me)
    pick = min if me in LOWER else max
    return "yes" if better(pick(A), pick(B), me) else "no"

def best_group(D, d, me):
    """models of the top now (undated included): sole best -> [m]; open top -> several."""
    ms = D.numeric_models(d, me)
    top = [m for m in ms if not any(cmp_pair(D, o, m, d, me) in ("yes", "open") for o in ms if o != m)]
    if len(top) == 1: return top, False
    # open top: models not surely beaten by anyone
    grp = [m for m in ms if not any(cmp_pair(D, o, m, d, me) == "yes" for o in ms if o != m)]
    return grp, True

def shared(D, a, b, numeric=True):
    out = []
    for (d, me), ms in D.boards.items():
        if a in ms and b in ms:
            if not numeric or (D.surv[(a, d, me)] and D.surv[(b, d, me)]):
                out.append((d, me))
    return sorted(out)

def vs(D, m, d, me): return " / ".join(fmt(v) for v in D.surv[(m, d, me)])

Q = []
def add(t, D, question, qtype, mech, expected, verdict, must_remove, must_keep, rule, right, careless, kind=""):
    Q.append(dict(t=t, graph=D.gname, question=question, query_type=qtype, mechanism=mech,
                  expected=expected, verdict=verdict, must_remove=sorted(set(must_remove)),
                  must_keep=sorted(set(must_keep)),
                  notes=f"[T{t}] Rule: {rule} Right: {right} Careless: {careless}", kind=kind))

def pair_keep_remove(D, a, b, boards):
    keep, rem, flips = [], [], []
    for d, me in boards:
        for m in (a, b):
            for v in D.surv[(m, d, me)]: keep.append(fact(m, v, d, me))
        if D.surv[(a, d, me)] and D.surv[(b, d, me)]:
            if naive_cmp(D, a, b, d, me) != cmp_pair(D, a, b, d, me) and cmp_pair(D, a, b, d, me) != "open":
                for m in (a, b):
                    for v in D.removed(m, d, me):
                        rem.append(fact(m, v, d, me)); flips.append(d)
    return keep, rem, flips

def mech_pair(D, a, b, boards, rem, anyopen):
    if anyopen or rem: return "conflict"
    dash = any(not D.surv[(m, d, me)] and D.boards[(d, me)].get(m) for d, me in shared(D, a, b, False) for m in (a, b))
    if dash: return "gate"
    if any(me in LOWER for d, me in boards): return "superseded"
    return "superseded"

def gen_pairs(D):
    models = sorted({m for ms in D.boards.values() for m in ms})
    for a, b in itertools.permutations(models, 2):
        rowsh = shared(D, a, b, False)
        num = shared(D, a, b, True)
        if not num: continue
        res = {bd: cmp_pair(D, a, b, *bd) for bd in num}
        keep, rem, flips = pair_keep_remove(D, a, b, num)
        anyopen = "open" in res.values()
        dash = [bd for bd in rowsh if bd not in num]
        mech = mech_pair(D, a, b, num, rem, anyopen)
        yes = [bd for bd in num if res[bd] == "yes"]
        opn = [bd for bd in num if res[bd] == "open"]
        desc = "; ".join(f"{d} ({me}): {a} {vs(D,a,d,me)} vs {b} {vs(D,b,d,me)} -> {res[(d,me)]}" for d, me in num)
        if dash: desc += "; " + "; ".join(f"{d}: a '-' row, no value, not a shared evaluation" for d, me in dash)
        naive_yes = [bd for bd in rowsh if (D.raw_vals(a, *bd) or [None]) and True]
        # careless readings
        def naive_res(bd):
            A, B = D.raw_vals(a, *bd), D.raw_vals(b, *bd)
            if not A and not B: return "no"
            if not A: return "no" if bd[1] not in LOWER else "yes"   # '-' read as 0
            if not B: return "yes" if bd[1] not in LOWER else "no"
            return naive_cmp(D, a, b, *bd)
        nres = {bd: naive_res(bd) for bd in rowsh}
        ny = [bd[0] for bd in rowsh if nres[bd] == "yes"]
        careless = (f"removed values kept / '-' read as a score / best raw value compared gives datasets {ny or 'none'}; "
                    "picking one side of a close conflict silently.")
        kind = "trap" if (rem or anyopen or dash) else ""
        # T1
        exp = []
        for d, me in yes: exp += [d]
        for d, me in opn: exp += [d] + [fmt(v) for v in D.surv[(a, d, me)] + D.surv[(b, d, me)]]
        right = (f"{', '.join(d for d,_ in yes) or 'none'}" + (f"; open (a close conflict decides): {', '.join(d for d,_ in opn)}, both values named" if opn else "")
                 + f". Boards: {desc}.")
        add(1, D, f"On which datasets does {a} beat {b}?", "method_comparison", mech, list(dict.fromkeys(exp)), None,
            rem, keep, "every dataset both have a numeric surviving value on; A beats B there iff every surviving value of A beats every one of B (Word Error Rate: lower); a clear conflict's loser never counts; a straddling close conflict is open and named with both values; '-' is no value.",
            right, careless, kind)
        if len(rowsh) < 2: continue
        # T2 claim
        if any(r == "no" for r in res.values()): verdict = "REFUTED"
        elif anyopen: verdict = "UNCERTAIN"
        else: verdict = "SUPPORTED"
        exp2 = []
        for d, me in num:
            if verdict == "REFUTED" and res[(d, me)] != "no": continue
            exp2 += [d] + [fmt(v) for v in D.surv[(a, d, me)] + D.surv[(b, d, me)]]
        add(2, D, f"Does {a} beat {b} on every dataset they were both evaluated on?", "claim_verification",
            "conflict" if verdict == "UNCERTAIN" else mech, list(dict.fromkeys(exp2)), verdict, rem, keep,
            "the datasets both have a numeric value on ('-' is not an evaluation); SUPPORTED iff A surely beats B on each, REFUTED if B is at least as good on one under every reading, else UNCERTAIN; expected = the deciding dataset(s) and values.",
            f"{verdict}. Boards: {desc}.", careless + f" Careless verdict from those readings: {'SUPPORTED' if all(nres[bd]=='yes' for bd in rowsh) else 'REFUTED'}.", kind if verdict != "UNCERTAIN" else "uncertain")
        # T3 count
        lo, hi = len(yes), len(yes) + len(opn)
        exp3 = [str(lo)] if lo == hi else [str(lo), str(hi)]
        if lo == hi == 0: exp3 = ["0"]
        add(3, D, f"On how many datasets does {a} beat {b}?", "method_comparison", mech, exp3, None, rem, keep,
            "count of the shared numeric datasets where A surely beats B; a straddling close conflict gives both counts; '-' is no evaluation; a removed value never counts.",
            f"{' or '.join(exp3)} ({'none' if hi == 0 else ', '.join(d for d,_ in yes + opn)}). Boards: {desc}.",
            careless + f" Careless count: {len(ny)}.", kind)

def gen_agree(D):
    for (d, me), ms in sorted(D.boards.items()):
        for m in sorted(ms):
            rows = [(v, p) for v, p in ms[m] if v is not None]
            paps = sorted({p for v, p in rows})
            if len(paps) < 2: continue
            vals = sorted({v for v, p in rows})
            raws = sorted({r["value"] for r in D.rows if r["model"] == m and r["dataset"] == d and r["metric"] == me})
            keep = [fact(m, v, d, me) for v in D.surv[(m, d, me)]]
            side = "; ".join(f"{fmt(v)}: " + " | ".join(f"{D.title(p)} ({'/'.join(map(str, D.years(p))) or 'no year'})" for p in D.papers_of(m, d, me, v)) for v in vals)
            st = D.status[(m, d, me)]
            if len(vals) == 1:
                dirty = len(raws) > 1
                add(4, D, f"Do the papers agree on {m}'s {me} on {d}?", "claim_verification", "corroboration",
                    [fmt(vals[0])], "SUPPORTED", [], keep,
                    "yes/no question = claim; papers agree iff they state one clean value ('91.2%', '88.3%' = 91.2, 88.3).",
                    f"SUPPORTED: {len(paps)} papers state {fmt(vals[0])} ({side}).",
                    "spellings " + " vs ".join(repr(x) for x in raws) + " read as a disagreement" if dirty else "one paper only cited / 'not enough evidence'.",
                    "trap" if dirty else "")
                add(5, D, f"Which papers disagree about {m}'s result on {d}?", "paper_lookup", "corroboration", [], None, [], keep,
                    "papers stating different clean values disagree; none do here (expected [] = no disagreement).",
                    f"none: all {len(paps)} papers state {fmt(vals[0])} ({side}).",
                    ("the '%'/plain spellings " + " vs ".join(repr(x) for x in raws) + " listed as a disagreement.") if dirty else "inventing a disagreement from another model's or board's values.",
                    "trap" if dirty else "")
            else:
                exp = [fmt(v) for v in vals]
                kinds = "clear (the loser " + ", ".join(fmt(v) for v in vals if v not in D.surv[(m, d, me)]) + " is removed)" if st == "clear" else "close (both kept)"
                add(4, D, f"Do the papers agree on {m}'s {me} on {d}?", "claim_verification", "conflict", exp, "REFUTED", [], keep,
                    "papers agree iff they state one clean value; a conflict, clear or close, is a disagreement; both values named (the surviving one marked as trusted for a clear conflict).",
                    f"REFUTED: {side}. Conflict {kinds}.",
                    "SUPPORTED from the surviving value alone after removal, or from one paper only.", "trap")
                exp5 = exp + [D.title(p) for v in vals for p in D.papers_of(m, d, me, v)]
                add(5, D, f"Which papers disagree about {m}'s result on {d}?", "paper_lookup", "conflict", list(dict.fromkeys(exp5)), None, [], keep,
                    "every paper on each side of the disagreement, with its value (full titles); the conflict's outcome may be added.",
                    f"{side}. Conflict {kinds}.",
                    "only the surviving side's papers, or 'none' because the loser was removed before answering.", "trap")

def newest_readings(D, d, me):
    """three readings of 'the newest result': A first-reported date of a surviving value; B every numeric row of the
    newest dated paper(s); C the newest model (first dated result on the board), its surviving values."""
    ms = D.numeric_models(d, me)
    dated = {}
    for m in ms:
        for v in D.surv[(m, d, me)]:
            ys = D.value_date(m, d, me, v)
            if ys is None: continue
            dated[(m, v)] = ys
    if not dated: return None
    top = max(min(ys) for ys in dated.values())
    if any(len(ys) > 1 and max(ys) >= top for ys in dated.values()): return None   # two real years would decide
    if any(len(ys) > 1 for ys in dated.values() if min(ys) == top): return None
    A = {k for k, ys in dated.items() if ys[0] == top and len(ys) == 1}
    dated = {k: min(ys) for k, ys in dated.items()}
    pys, two = {}, []
    for m in ms:
        for v, p in D.boards[(d, me)][m]:
            if v is None or v not in D.surv[(m, d, me)]: continue
            ys = D.years(p)
            if len(ys) == 1: pys[(m, v, p)] = ys[0]
            elif len(ys) > 1: two.append(max(ys))
    ptop = max(pys.values())
    if any(y >= ptop for y in two): return None
    B = {(m, v) for (m, v, p), y in pys.items() if y == ptop}
    first = {}
    for m in ms:
        yy = [y for (mm, v), y in dated.items() if mm == m]
        # model's first dated result includes removed values' papers too
        for v, p in D.boards[(d, me)][m]:
            if v is not None and D.years(p): yy.append(min(D.years(p)))
        if yy: first[m] = min(yy)
    mt = max(first.values()); C = {(m, v) for m in ms if first.get(m) == mt for v in D.surv[(m, d, me)]}
    return A, B, C, top, ptop

def gen_recency(D):
    for (d, me), ms in sorted(D.boards.items()):
        r = newest_readings(D, d, me)
        grp, open_ = best_group(D, d, me)
        bestdesc = ", ".join(f"{m} {vs(D,m,d,me)}" for m in grp) + (" (open top)" if open_ else "")
        undated = [m for m in D.numeric_models(d, me) if all(D.value_date(m, d, me, v) is None for v in D.surv[(m, d, me)])]
        monthy = [m for m in D.numeric_models(d, me) if any(any(1 <= y <= 12 for y in D.papers[p]["years"]) for v, p in D.boards[(d, me)][m])]
        nv = [(min(D.papers[p]["years"]) if D.papers[p]["years"] else -1, m) for m in D.numeric_models(d, me) for v, p in D.boards[(d, me)][m] if v is not None]
        naive_set = sorted({m for y, m in nv if y == max(nv)[0]})
        naive_newest = (max(nv)[0], " / ".join(naive_set))
        if r is None: continue
        A, B, C, top, ptop = r
        inter = A & B & C
        careless = f"the best ({bestdesc}) given as the newest; a month read as a year or the minimum raw P29 gives {naive_newest[1]}; the undated {undated or 'none'} placed by guess."
        mech6 = "metadata" if (undated or not (set(naive_set) & {m for m, v in (r[0] if r else set())})) else "recency"
        if inter:
            models = sorted({m for m, v in inter})
            exp = []
            for m in models: exp += [m] + [fmt(v) for mm, v in sorted(inter) if mm == m]
            keep = [fact(m, v, d, me) for m, v in inter]
            add(6, D, f"What is the most recent result on {d} by {me}?", "method_comparison", mech6, exp, None, [], keep,
                "the result(s) with the newest usable date (a result's date = its earliest paper's year; P29 1-12 is a month; undated left out); asked only where that, the newest dated paper's rows and the newest model agree on it.",
                f"{', '.join(f'{m} {fmt(v)}' for m, v in sorted(inter))} ({top}). Readings: first-reported {sorted(A)}, newest paper ({ptop}) {sorted(B)}, newest model {sorted(C)}.",
                careless, "trap" if undated or monthy else "")
        # T7
        def verdict_for(S):
            mods = {m for m, v in S}
            if not open_: return "SUPPORTED" if grp[0] in mods else "REFUTED"
            return "UNCERTAIN" if mods & set(grp) else "REFUTED"
        vv = {verdict_for(S) for S in (A, B, C)}
        if len(vv) != 1: continue
        v7 = vv.pop()
        S = sorted(A)
        exp = []
        for m in grp: exp += [m] + [fmt(v) for v in D.surv[(m, d, me)]]
        for m, v in S:
            if m not in exp: exp += [m, fmt(v)]
        keep = [fact(m, v, d, me) for m in grp for v in D.surv[(m, d, me)]] + [fact(m, v, d, me) for m, v in S]
        mech7 = "conflict" if v7 == "UNCERTAIN" else ("metadata" if (set(undated) & set(grp) or not (set(naive_set) & {m for m, v in A})) else "recency")
        add(7, D, f"Is the newest result on {d} also the best?", "claim_verification", mech7, list(dict.fromkeys(exp)), v7, [], keep,
            "newest result as in T6 (all three readings must give the same verdict); best now over surviving values, undated included (README ambiguity 3); an open top with the newest in it is UNCERTAIN.",
            f"{v7}: newest {S} ({top}); best now {bestdesc}.",
            f"newest = best assumed (SUPPORTED); " + careless, "uncertain" if v7 == "UNCERTAIN" else ("trap" if undated else ""))

def gen_first(D):
    for (d, me), ms in sorted(D.boards.items()):
        for m in sorted(ms):
            surv = D.surv[(m, d, me)]
            rem = D.removed(m, d, me)
            if not surv:
                p = [p for v, p in ms[m]][0]
                add(8, D, f"When was {m}'s result on {d} first reported?", "paper_lookup", "gate", [], None, [], [],
                    "'-' is no value: no result was reported.", f"none: '{D.title(p)}' lists {m} on {d} with '-' only.",
                    f"the '-' paper's year given as a result's date.", "trap")
                continue
            parts, exp, meta, dash = [], [], False, False
            for v in surv:
                ys = D.value_date(m, d, me, v)
                allp = D.papers_of(m, d, me, v)
                if any(any(1 <= y <= 12 for y in D.papers[p]["years"]) or len(D.years(p)) > 1 for p in allp): meta = True
                if ys is None:
                    parts.append(f"{fmt(v)}: no usable year"); meta = True
                    continue
                if len(surv) > 1: exp.append(fmt(v))
                exp += [str(y) for y in ys]
                parts.append(f"{fmt(v)}: {' or '.join(map(str, ys))}")
            latest = max((max(D.years(p)) for v in surv for p in D.papers_of(m, d, me, v) if D.years(p)), default=None)
            multi = len({p for v in surv for p in D.papers_of(m, d, me, v)}) > 1
            mech = "conflict" if (rem or len(surv) > 1) else "metadata" if meta else "corroboration" if multi else "metadata"
            remf = [fact(m, v, d, me) for v in rem]
            remy = [f"{fmt(v)} ({'/'.join(str(y) for y in (D.value_date(m, d, me, v) or []))})" for v in rem]
            add(8, D, f"When was {m}'s result on {d} first reported?", "paper_lookup", mech, list(dict.fromkeys(exp)), None, remf,
                [fact(m, v, d, me) for v in surv],
                "the year of the earliest paper stating each surviving value (P29 1-12 is a month; two real years both given; no usable year -> []); a clear conflict's loser never counts; a close conflict gives both values with their years.",
                "; ".join(parts) + (f"; removed: {', '.join(remy)}" if rem else ""),
                "; ".join(x for x in [("the removed value's year " + ", ".join(remy)) if rem else "",
                    "a month read as a year, or one of two real years picked, or an undated result given a year" if meta else "",
                    f"the latest restatement's year ({latest})" if multi else "",
                    "the year of another model's result on the board, or of the model's own paper on another board"] if x) + ".",
                "trap" if (rem or meta or len(surv) > 1) else "")

def gen_metrics(D):
    for d in sorted({d for d, me in D.boards}):
        mets = D.metric_of(d)
        others = sorted({me for dd, me in D.boards} - set(mets))
        dash = any(not D.surv[(m, dd, me)] for (dd, me), ms in D.boards.items() if dd == d for m in ms)
        keep = []
        add(9, D, f"By which metrics is {d} evaluated?", "dataset_search", "gate" if dash else "corroboration", mets, None, [], keep,
            "every metric under which a result row on the dataset is recorded.", f"{', '.join(mets)} only.",
            f"the graph's other metrics ({', '.join(others) or 'none'}) listed too" + ("; the '-' row taken for another metric or dropped" if dash else "") + ".",
            "trap" if dash else "")

def main():
    for gn in GRAPHS:
        D = Data(gn)
        gen_pairs(D); gen_agree(D); gen_recency(D); gen_first(D); gen_metrics(D)
    total = len(Q)
    # even sample per (template, graph)
    rnd = random.Random(SEED)
    T = sorted({q["t"] for q in Q})
    cells = {(t, g): [q for q in Q if q["t"] == t and q["graph"] == g] for t in T for g in GRAPHS}
    def split(cap, sizes):
        share = {k: 0 for k in sizes}; left = cap; keys = [k for k in sizes if sizes[k] > 0]
        while left > 0 and keys:
            per = max(1, left // len(keys))
            for k in list(keys):
                if left <= 0: break
                take = min(per, sizes[k] - share[k]); share[k] += take; left -= take
                if share[k] >= sizes[k]: keys.remove(k)
        return share
    tshare = split(CAP, {t: sum(len(cells[(t, g)]) for g in GRAPHS) for t in T})
    keep = []
    for t in T:
        gshare = split(tshare[t], {g: len(cells[(t, g)]) for g in GRAPHS})
        for g in GRAPHS:
            c = cells[(t, g)]; n = gshare[g]
            if n >= len(c): keep += c; continue
            unc = [q for q in c if q["kind"] == "uncertain"]
            trap = [q for q in c if q["kind"] == "trap"]
            rest = [q for q in c if q["kind"] == ""]
            rnd.shuffle(unc); rnd.shuffle(trap); rnd.shuffle(rest)
            chosen = unc[:n]
            # one of every kind (verdict, mechanism) first among traps then rest
            for pool in (trap, rest):
                seen = {(q["verdict"], q["mechanism"], bool(q["expected"])) for q in chosen}
                for q in pool:
                    if len(chosen) >= n: break
                    k = (q["verdict"], q["mechanism"], bool(q["expected"]))
                    if k not in seen and q not in chosen: chosen.append(q); seen.add(k)
            for pool in (trap, rest):
                for q in pool:
                    if len(chosen) >= n: break
                    if q not in chosen: chosen.append(q)
            keep += chosen
    order = {q["question"] + q["graph"]: i for i, q in enumerate(Q)}
    keep.sort(key=lambda q: (GRAPHS.index(q["graph"]), q["t"], order[q["question"] + q["graph"]]))
    with open(OUT, "w") as f:
        for i, q in enumerate(keep, 1):
            rec = dict(id=f"TA{i:03d}", graph=q["graph"], question=q["question"], query_type=q["query_type"],
                       mechanism=q["mechanism"], expected=q["expected"], verdict=q["verdict"],
                       must_remove=q["must_remove"], must_keep=q["must_keep"], notes=q["notes"])
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    from collections import Counter
    print("before sampling:", total, dict(Counter(q["t"] for q in Q)))
    print("written:", len(keep), dict(Counter((q["t"]) for q in keep)))

if __name__ == "__main__":
    main()
