#!/usr/bin/env python3
"""Checks trust-dev17.jsonl (TU001, ...): recomputes every answer from the graphs with check.py's reference rules
(imported as a module, never read), independently of gen17.py's code paths, and re-runs gen17.py to confirm the file
is reproduced exactly. Also checks that every answer is the same for every current year 2025-2030.
Run from eval/gold/trust (or beside gen17.py): python3 check17.py   -> prints FAILURES: 0
"""
import sys

sys.dont_write_bytecode = True

import importlib.util  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FALLBACK = "/work/main/eval/gold/trust"
OWN_FALLBACK = "/work/goldwork/tu"
NEEDED = ("check.py", "g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl")
TRUST_DIR = next(d for d in (HERE, FALLBACK) if all(os.path.exists(os.path.join(d, f)) for f in NEEDED))
if TRUST_DIR not in sys.path:
    sys.path.insert(0, TRUST_DIR)
import check as C  # noqa: E402  (reference rules; used, never read)

QFILE = next(p for p in (os.path.join(HERE, "trust-dev17.jsonl"), os.path.join(OWN_FALLBACK, "trust-dev17.jsonl"))
             if os.path.exists(p))
GENFILE = next(p for p in (os.path.join(HERE, "gen17.py"), os.path.join(OWN_FALLBACK, "gen17.py")) if os.path.exists(p))
YEARS = range(2025, 2031)
LAST = 2025
FIELDS = ["id", "graph", "question", "query_type", "mechanism", "expected", "verdict", "must_remove", "must_keep", "notes"]
FAIL = []


def fail(q, msg):
    FAIL.append(f"{q['id']}: {msg}")


def yrs(g, p):
    return sorted({y for y in g.papers[p]["years"] if 1900 <= y <= C.NOW})


def vals(g, mo, d, m):
    return sorted({C.parse_value(r["value"]) for r in g.rows if (r["model"], r["dataset"], r["metric"]) == (mo, d, m)}
                  - {None})


def surv(g, mo, d, m):
    return sorted(C.surviving(g, mo, d, m, None)[0])


def fy(g, mo, d, m):
    ys = [y for r in g.rows if (r["model"], r["dataset"], r["metric"]) == (mo, d, m) for y in yrs(g, r["paper"])]
    return min(ys) if ys else None


def bt(a, b, m):
    return a < b if m in C.LOWER_BETTER else a > b


def fact(mo, v, d, m):
    return f"{mo} scores {C.fmt(v)} on {d} by {m}"


def own(g, mo):
    ps = [p for p, v in g.papers.items() if v["title"].split(":")[0].strip() in (mo, mo.split("-")[0])]
    return ps[0] if len(ps) == 1 else None


def sole_leader(g, d, m, y):
    """the model leading alone as of y (check.board), or None when no single model clearly leads."""
    try:
        b = C.board(g, d, m, y)
    except Exception:  # noqa: BLE001
        return None
    if not b or any(st == "AMBIGUOUS" for _, _, st in b):
        return None
    top = b[0][1]
    mine = [v for v, mo, _ in b if mo == top]
    rest = [v for v, mo, _ in b if mo != top]
    if all(bt(x, y2, m) for x in mine for y2 in rest):
        return top, mine
    return None


def recompute(q, g):
    """(query_type, expected, verdict, must_remove, must_keep) from the question's text."""
    t, boards = q["question"], {(r["dataset"], r["metric"]) for r in g.rows}
    M = re.fullmatch(r"What did (.+) score on (.+) by (.+)\?", t)
    if M:
        mo, d, m = M.groups()
        vs, keep = vals(g, mo, d, m), surv(g, mo, d, m) if vals(g, mo, d, m) else []
        return ("method_comparison", [C.fmt(v) for v in keep], None, [fact(mo, v, d, m) for v in vs if v not in keep],
                [fact(mo, v, d, m) for v in keep])
    M = re.fullmatch(r"Which paper reports (.+)'s ([\d.]+) on (.+)\?", t)
    if M:
        mo, v, d = M.groups()
        m = next(mm for dd, mm in boards if dd == d)
        v = float(v)
        assert v in surv(g, mo, d, m), "not a surviving value"
        titles = sorted({r["title"] for r in g.rows if (r["model"], r["dataset"], r["metric"]) == (mo, d, m)
                         and C.parse_value(r["value"]) == v})
        return "paper_lookup", titles, None, [], [fact(mo, v, d, m)]
    M = re.fullmatch(r'What is the DOI of the "(.+)" paper\?', t)
    if M:
        p = [p for p, x in g.papers.items() if x["title"] == M.group(1)]
        assert len(p) == 1
        return "paper_lookup", sorted(set(g.papers[p[0]]["dois"])), None, [], []
    M = re.fullmatch(r"Is (.+)'s paper newer than (.+)'s\?", t)
    if M:
        a, b = M.groups()
        ya, yb = yrs(g, own(g, a)), yrs(g, own(g, b))
        assert ya and yb
        c = {(x > y) - (x < y) for x in ya for y in yb}
        assert 0 not in c, "same year"
        v = "SUPPORTED" if c == {1} else "REFUTED" if c == {-1} else "UNCERTAIN"
        return "claim_verification", sorted({str(y) for y in ya + yb}), v, [], []
    M = re.fullmatch(r"Was (.+) ever the best on (.+) by (.+)\?", t)
    if M:
        mo, d, m = M.groups()
        f = fy(g, mo, d, m)
        assert f is not None
        for y in list(range(f, LAST + 1)) + [None]:
            sl = sole_leader(g, d, m, y)
            if sl and sl[0] == mo:
                keep = surv(g, mo, d, m)
                return ("claim_verification", [C.fmt(v) for v in sorted(set(sl[1]))], "SUPPORTED", [],
                        [fact(mo, v, d, m) for v in sl[1] if v in keep])
        # REFUTED only when decided: a model dated no later whose every value beats every value of this one,
        # or a clear sole leader other than it in every year since its first
        dom = [b for b in sorted({r["model"] for r in g.rows if (r["dataset"], r["metric"]) == (d, m)})
               if b != mo and vals(g, b, d, m) and fy(g, b, d, m) is not None and fy(g, b, d, m) <= f
               and all(bt(x, y, m) for x in vals(g, b, d, m) for y in vals(g, mo, d, m))]
        alls = all(sole_leader(g, d, m, y) for y in list(range(f, LAST + 1)) + [None])
        assert dom or alls, "undecided"
        return "claim_verification", None, "REFUTED", None, None  # expected checked loosely below
    M = re.fullmatch(r"Is (.+)'s (.+) on (.+) lower than (.+)'s\?", t)
    if M:
        a, m, d, b = M.groups()
        ka, kb = surv(g, a, d, m), surv(g, b, d, m)
        v = ("SUPPORTED" if all(x < y for x in ka for y in kb) else "REFUTED" if all(x > y for x in ka for y in kb)
             else "UNCERTAIN")
        assert not any(x == y for x in ka for y in kb)
        rem = [fact(a, x, d, m) for x in vals(g, a, d, m) if x not in ka] + \
              [fact(b, x, d, m) for x in vals(g, b, d, m) if x not in kb]
        return ("claim_verification", [C.fmt(x) for x in sorted(set(ka) | set(kb))], v, rem,
                [fact(a, x, d, m) for x in ka] + [fact(b, x, d, m) for x in kb])
    M = re.fullmatch(r"Which datasets was (.+) evaluated on\?", t)
    if M:
        return ("method_usage", sorted({r["dataset"] for r in g.rows if r["model"] == M.group(1)
                                        and C.parse_value(r["value"]) is not None}), None, [], [])
    M = re.fullmatch(r"Which models were evaluated on (.+)\?", t)
    if M:
        return ("method_comparison", sorted({r["model"] for r in g.rows if r["dataset"] == M.group(1)
                                             and C.parse_value(r["value"]) is not None}), None, [], [])
    raise AssertionError("no template matches")


def check_all(qs, graphs, tag=""):
    for q in qs:
        try:
            qt, exp, verdict, rem, keep = recompute(q, graphs[q["graph"]])
        except Exception as ex:  # noqa: BLE001
            fail(q, f"{tag}recompute failed: {type(ex).__name__} {ex}")
            continue
        if q["query_type"] != qt:
            fail(q, f"{tag}query_type {q['query_type']} != {qt}")
        if q["verdict"] != verdict:
            fail(q, f"{tag}verdict {q['verdict']} != {verdict}")
        if exp is not None and set(q["expected"]) != set(exp):
            fail(q, f"{tag}expected {q['expected']} != {exp}")
        if exp is None and not q["expected"]:
            fail(q, f"{tag}REFUTED 'ever best' with empty expected")
        if rem is not None and set(q["must_remove"]) != set(rem):
            fail(q, f"{tag}must_remove {q['must_remove']} != {rem}")
        if keep is not None and set(q["must_keep"]) != set(keep):
            fail(q, f"{tag}must_keep {q['must_keep']} != {keep}")
        g = graphs[q["graph"]]
        for f in q["must_keep"] + q["must_remove"]:
            mo, v, d, m = re.fullmatch(r"(.+) scores ([\d.]+) on (.+) by (.+)", f).groups()
            if float(v) not in vals(g, mo, d, m):
                fail(q, f"{tag}fact not in graph: {f}")
        for f in q["must_keep"]:
            mo, v, d, m = re.fullmatch(r"(.+) scores ([\d.]+) on (.+) by (.+)", f).groups()
            if float(v) not in surv(g, mo, d, m):
                fail(q, f"{tag}must_keep does not survive: {f}")


def main():
    qs = [json.loads(line) for line in open(QFILE)]
    ids = [q["id"] for q in qs]
    for i, q in enumerate(qs, 1):
        if list(q) != FIELDS:
            fail(q, f"fields {list(q)}")
        if q["id"] != f"TU{i:03d}":
            fail(q, "id out of order")
        if (q["verdict"] is not None) != (q["query_type"] == "claim_verification"):
            fail(q, "verdict set iff claim")
    if len(set(ids)) != len(ids) or len(qs) > 300:
        FAIL.append("ids not unique or more than 300 questions")
    if len({(q["question"], q["graph"]) for q in qs}) != len(qs):
        FAIL.append("duplicate questions")
    graphs = {f"g{i}.ttl": C.G(f"g{i}.ttl") for i in range(1, 5)}
    saved = C.NOW
    try:
        for y in YEARS:
            C.NOW = y
            check_all(qs, graphs, f"[NOW={y}] ")
    finally:
        C.NOW = saved
    check_all(qs, graphs)
    # reproducibility: gen17.py regenerates the file exactly
    spec = importlib.util.spec_from_file_location("gen17_check", GENFILE)
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    again = gen.generate()
    if again != qs:
        FAIL.append("gen17.py does not reproduce trust-dev17.jsonl")
    counts = {}
    for q in qs:
        counts[q["notes"][1:3]] = counts.get(q["notes"][1:3], 0) + 1
    print(f"{len(qs)} questions; per template {json.dumps(dict(sorted(counts.items())))}; NOW={C.NOW}")
    for f in FAIL:
        print("FAIL", f)
    print(f"FAILURES: {len(FAIL)}")
    sys.exit(1 if FAIL else 0)


if __name__ == "__main__":
    main()
