#!/usr/bin/env python3
"""Checks trust-dev32.jsonl (UG01-UG20): re-derives every question's expected, verdict,
must_keep and must_remove from g1.ttl..g4.ttl with rdflib, for every current year 2025-2030
(and TRUST_NOW if set). UG_FILE=path checks another copy. Prints FAILURES: N, exit 1 if N > 0."""
import sys, os, json, math, re
sys.dont_write_bytecode = True
TRUST = "/work/main/eval/gold/trust"
sys.path.insert(0, TRUST)
import check as _base  # imported only (not read), as the brief allows; graphs are parsed below
import rdflib

HERE = os.path.dirname(os.path.abspath(__file__))
FILE = os.environ.get("UG_FILE", os.path.join(HERE, "trust-dev32.jsonl"))
P = "http://orkg.org/orkg/predicate/"
LBL = rdflib.RDFS.label
FAIL = []
def fail(msg): FAIL.append(msg); print("FAIL", msg)

# ---------------------------------------------------------------- graph reading
ROWS, TITLES, YEARS, DOIS, TEXT = {}, {}, {}, {}, {}
for gk in ("g1", "g2", "g3", "g4"):
    g = rdflib.Graph(); g.parse(os.path.join(TRUST, gk + ".ttl"), format="turtle")
    lab = lambda x: str(g.value(x, LBL))
    rows = []
    for paper in sorted(set(g.subjects(rdflib.URIRef(P + "P31"), None))):
        TITLES[(gk, paper)] = lab(paper)
        YEARS[(gk, paper)] = sorted(int(y) for y in g.objects(paper, rdflib.URIRef(P + "P29")))
        DOIS[(gk, paper)] = sorted(str(d) for d in g.objects(paper, rdflib.URIRef(P + "P26")))
        for c in g.objects(paper, rdflib.URIRef(P + "P31")):
            m = g.value(c, rdflib.URIRef(P + "HAS_MODEL"))
            for b in g.objects(c, rdflib.URIRef(P + "HAS_BENCHMARK")):
                d = g.value(b, rdflib.URIRef(P + "HAS_DATASET"))
                for e in g.objects(b, rdflib.URIRef(P + "HAS_EVALUATION")):
                    rows.append(dict(paper=paper, model=lab(m) if m else None, ds=lab(d),
                                     met=lab(g.value(e, rdflib.URIRef(P + "HAS_METRIC"))),
                                     raw=str(g.value(e, rdflib.URIRef(P + "HAS_VALUE")))))
    ROWS[gk] = rows
    TEXT[gk] = "\n".join(str(o) for o in g.objects() if isinstance(o, rdflib.Literal))

def clean(raw):
    s = raw.strip().rstrip("%").strip()
    return None if s in ("-", "") else s

def years(gk, paper):  # real years only; 1..12 is a month under P29
    return [y for y in YEARS[(gk, paper)] if y > 31]

def paper(gk, prefix):
    hits = [p for (k, p), t in TITLES.items() if k == gk and t.startswith(prefix)]
    assert len(hits) == 1, (gk, prefix, hits)
    return hits[0]

def title(gk, p): return TITLES[(gk, p)]
def fact(m, v, d, me): return f"{m} scores {v} on {d} by {me}"
LOWER = {"Word Error Rate"}

def facts(gk, anchor=None):
    """{(model, ds, met): {value: [paper years]}} for dated papers (up to anchor)."""
    out = {}
    for r in ROWS[gk]:
        v = clean(r["raw"]); ys = years(gk, r["paper"])
        if v is None or r["model"] is None or not ys: continue
        if anchor is not None:
            if len(ys) > 1 and (min(ys) <= anchor < max(ys)):
                raise AssertionError("two-year paper straddles an anchor used here")
            if min(ys) > anchor: continue
        out.setdefault((r["model"], r["ds"], r["met"]), {}).setdefault(v, []).append(max(ys))
    return out

def surviving(gk, now, anchor=None):
    """Conflict rule of the public README: weight = e^(-0.08 age) * (1 + 0.8 ln(1 + papers)),
    age from the newest stating paper; weaker side removed when the relative difference > 0.30."""
    ref = anchor if anchor is not None else now
    keep, removed = set(), set()
    for (m, d, me), vals in facts(gk, anchor).items():
        w = {v: math.exp(-0.08 * (ref - max(ys))) * (1 + 0.8 * math.log(1 + len(ys))) for v, ys in vals.items()}
        top = max(w.values())
        for v in vals:
            (removed if (top - w[v]) / top > 0.30 else keep).add(fact(m, v, d, me))
    return keep, removed

def papers_on(gk, ds, met=None):
    return sorted({r["paper"] for r in ROWS[gk] if r["ds"] == ds and (met is None or r["met"] == met)
                   and clean(r["raw"]) is not None}, key=lambda p: (years(gk, p) or [9999])[0])

def stated(gk, p):
    return [(r["model"], clean(r["raw"]), r["ds"], r["met"]) for r in ROWS[gk] if r["paper"] == p and clean(r["raw"])]

def best(gk, ds, met, now, anchor=None):
    keep, _ = surviving(gk, now, anchor)
    c = [(float(f.split(" scores ")[1].split(" on ")[0]), f) for f in keep if f.endswith(f" on {ds} by {met}")]
    return (min if met in LOWER else max)(c)[1]

# ---------------------------------------------------------------- the computers
def C(now):
    R = {}
    # UG01
    p = paper("g1", "Revisiting Crevasse Segmentation Baselines"); s = stated("g1", p)
    keep, rem = surviving("g1", now)
    mk = [fact(*x) for x in s]; assert all(f in keep for f in mk)
    mr = [f for f in rem if f.startswith("KestrelNet ")]
    R["UG01"] = (["KestrelNet", "74.1", "Orvalis-CNN", "80.2", "87.0"], None, mr, mk)
    assert {x[0] for x in s} == {"KestrelNet", "Orvalis-CNN"} and {x[1] for x in s} == {"74.1", "80.2", "87.0"}
    # UG02: same value written '91.2%' and '91.2'
    a = [x for x in stated("g1", paper("g1", "Brackwater-UNet")) if x[0] == "Brackwater-UNet"]
    b = [x for x in stated("g1", paper("g1", "Benchmarking Calving Front")) if x[0] == "Brackwater-UNet"]
    raws = {r["raw"] for r in ROWS["g1"] if r["model"] == "Brackwater-UNet"}
    assert raws == {"91.2%", "91.2"}, raws
    R["UG02"] = (["91.2"], "SUPPORTED" if a == b else "REFUTED", [], [fact(*a[0])])
    # UG03: Quillon-XL paper's Tavrosa vs Tavrosa paper
    a = [x for x in stated("g1", paper("g1", "Tavrosa:")) if x[0] == "Tavrosa"][0]
    b = [x for x in stated("g1", paper("g1", "Quillon-XL")) if x[0] == "Tavrosa"][0]
    mk = [fact(*a), fact(*b)]; assert all(f in keep for f in mk)  # close: both stay
    R["UG03"] = ([b[1], a[1]], "SUPPORTED" if a == b else "REFUTED", [], mk)
    # UG04: first on Skarnhold, followers; undated left out
    ps = papers_on("g1", "Skarnhold Glacier Set")
    dated = [p for p in ps if years("g1", p)]
    assert any(not years("g1", p) for p in ps)  # Ymberline
    assert min(YEARS[("g1", paper("g1", "Sallowmere"))]) == 4  # the careless first
    first = dated[0]; fm = [x for x in stated("g1", first)]
    exp = [title("g1", first).split(":")[0], str(years("g1", first)[0])] + [title("g1", p).split(":")[0] for p in dated[1:]]
    R["UG04"] = (exp, None, [], [fact(*x) for x in fm if x[2] == "Skarnhold Glacier Set"])
    # UG05
    s = stated("g1", paper("g1", "Revisiting Crevasse Segmentation Baselines"))
    on = [x for x in s if x[0] == "Orvalis-CNN" and x[2] == "Corvalla-Ice"]
    assert any(x[1] == "80.2" for x in s if x[0] == "Orvalis-CNN")
    R["UG05"] = ([on[0][1]], "SUPPORTED" if on[0][1] == "80.2" else "REFUTED", [], [fact(*on[0])])
    # UG06: Plumaro paper on Hollenby
    keep2, rem2 = surviving("g2", now)
    s = [x for x in stated("g2", paper("g2", "Plumaro")) if x[2] == "Hollenby Marsh Calls"]
    mk = [fact(*x) for x in s]; assert all(f in keep2 for f in mk)
    R["UG06"] = (["90.1", "Syrinxa", "88.3"], None, [f for f in rem2 if f.startswith("Syrinxa ")], mk)
    assert sorted(x[1] for x in s) == ["88.3", "90.1"]
    # UG07: papers stating Syrinxa 88.3, and the other side
    rows = [r for r in ROWS["g2"] if r["model"] == "Syrinxa" and r["ds"] == "Hollenby Marsh Calls"]
    agree = [title("g2", r["paper"]) for r in rows if clean(r["raw"]) == "88.3"]
    other = [(title("g2", r["paper"]), clean(r["raw"])) for r in rows if clean(r["raw"]) != "88.3"]
    assert len(agree) == 5 and len(other) == 1
    exp = [t.split(":")[0] for t in sorted(agree, key=lambda t: years("g2", paper("g2", t))[0])] + [other[0][0], other[0][1]]
    exp = [e for e in exp if e]
    f88 = fact("Syrinxa", "88.3", "Hollenby Marsh Calls", "Accuracy"); assert f88 in keep2
    assert fact("Syrinxa", "93.8", "Hollenby Marsh Calls", "Accuracy") in rem2
    R["UG07"] = (exp, None, [], [f88])
    # UG08: Fennick-RNN reproduction
    a = [x for x in stated("g2", paper("g2", "Reproducing Pretrained")) if x[0] == "Fennick-RNN"][0]
    o = [x for x in stated("g2", paper("g2", "Fennick-RNN")) if x[0] == "Fennick-RNN"][0]
    assert fact(*a) in keep2 and fact(*o) in rem2
    R["UG08"] = ([a[1]], "SUPPORTED" if a[1] == "18.2" else "REFUTED", [fact(*o)], [fact(*a)])
    # UG09: newest paper on Dastrup-7 and the best
    ps = papers_on("g2", "Dastrup-7 Chorus")
    newest = max(ps, key=lambda p: max(years("g2", p)))
    assert sum(1 for p in ps if max(years("g2", p)) == max(years("g2", newest))) == 1
    nf = [fact(*x) for x in stated("g2", newest) if x[2] == "Dastrup-7 Chorus"]
    bf = best("g2", "Dastrup-7 Chorus", "Word Error Rate", now)
    assert nf[0] != bf and nf[0] in keep2
    R["UG09"] = ([title("g2", newest), nf[0].split(" scores ")[1].split(" ")[0], bf.split(" scores ")[0], bf.split(" scores ")[1].split(" ")[0]], None, [], [nf[0], bf])
    # UG10: no paper with Veltmoor and Hollenby
    both = set(papers_on("g2", "Veltmoor Dawn Set")) & set(papers_on("g2", "Hollenby Marsh Calls"))
    R["UG10"] = ([] if not both else ["?"], None, [], [])
    # UG11: Revisiting Neural Baselines
    keep3, rem3 = surviving("g3", now)
    s = stated("g3", paper("g3", "Revisiting Neural Baselines"))
    mk = [fact(*x) for x in s]; assert all(f in keep3 for f in mk)
    assert fact("Murrelet-MT", "55.1", "Mirelle Subtitles", "chrF") in keep3  # close
    R["UG11"] = ([w for x in s for w in (x[0], x[1])], None, [f for f in rem3 if f.startswith("Gannetron ")], mk)
    # UG12
    a = [x for x in stated("g3", paper("g3", "Nerrisa")) if x[0] == "Gannetron"][0]
    b = [x for x in stated("g3", paper("g3", "Revisiting Neural Baselines")) if x[0] == "Gannetron"][0]
    R["UG12"] = ([a[1]], "SUPPORTED" if a == b else "REFUTED", [f for f in rem3 if f.startswith("Gannetron ")], [fact(*a)])
    # UG13: Murrelet-MT DOIs and results
    p = paper("g3", "Murrelet-MT"); s = stated("g3", p)
    mk = [fact(*x) for x in s]; assert all(f in keep3 for f in mk)
    R["UG13"] = (DOIS[("g3", p)] + [x[1] for x in s], None, [], mk)
    # UG14: before 2020, papers with both Orrenby and Quenmark
    A = 2019
    bothp = set(papers_on("g3", "Orrenby Parallel Corpus")) & set(papers_on("g3", "Quenmark Dialogue Set"))
    pre = sorted([p for p in bothp if min(years("g3", p)) <= A], key=lambda p: years("g3", p)[0])
    post = [p for p in bothp if min(years("g3", p)) > A]
    ka, _ = surviving("g3", now, anchor=A)
    mk = [fact(*x) for p in pre for x in stated("g3", p)]; assert all(f in ka for f in mk)
    mr = [fact(*x) for p in post for x in stated("g3", p) if x[2] in ("Orrenby Parallel Corpus", "Quenmark Dialogue Set")]
    R["UG14"] = ([title("g3", p).split(":")[0] for p in pre], None, mr, mk)
    # UG15: first above 30 BLEU on Orrenby (numeric), beaten since
    ob = sorted([(max(years("g3", r["paper"])), float(clean(r["raw"])), r["model"], clean(r["raw"])) for r in ROWS["g3"]
                 if r["ds"] == "Orrenby Parallel Corpus" and clean(r["raw"])])
    assert any(v.startswith("9") and "9.8" > "30" for _, _, _, v in ob)  # the string trap exists
    first = [o for o in ob if o[1] > 30][0]
    since = [o for o in ob if o[0] > first[0] and o[1] > first[1]]
    mk = [fact(first[2], first[3], "Orrenby Parallel Corpus", "BLEU")] + [fact(o[2], o[3], "Orrenby Parallel Corpus", "BLEU") for o in since]
    assert all(f in keep3 for f in mk)
    R["UG15"] = ([first[2], first[3]] + [o[2] for o in since], None, [], mk)
    # UG16: the Marrowfen paper vs the transfer paper
    keep4, rem4 = surviving("g4", now)
    s = stated("g4", paper("g4", "Marrowfen"))
    dsets = {x[2] for x in s}
    other = [r for r in ROWS["g4"] if r["model"] == "Marrowfen" and r["ds"] == "Kelpwatch-Norrland"][0]
    mk = [fact(*s[0]), fact("Marrowfen", clean(other["raw"]), "Kelpwatch-Norrland", "Mean IoU")]
    assert all(f in keep4 for f in mk)
    R["UG16"] = ([s[0][1], title("g4", other["paper"])], "SUPPORTED" if dsets >= {"Sealbrook Turbine Logs", "Kelpwatch-Norrland"} else "REFUTED", [], mk)
    # UG17: Kelpwatch since 2021
    ps = papers_on("g4", "Kelpwatch-Norrland")
    recent = [p for p in ps if years("g4", p) and min(years("g4", p)) >= 2021]
    assert any(not years("g4", p) and YEARS[("g4", p)] for p in ps)  # Driftmere, month only
    mk = [fact(*x) for p in recent for x in stated("g4", p)]; assert all(f in keep4 for f in mk)
    R["UG17"] = ([title("g4", p).split(":")[0] for p in recent], None, [], mk)
    # UG18: order on Sealbrook
    ps = papers_on("g4", "Sealbrook Turbine Logs")
    first = min(ps, key=lambda p: min(years("g4", p)))
    tw = paper("g4", "Tidewick"); mw = paper("g4", "Marrowfen")
    assert min(years("g4", tw)) < years("g4", mw)[0] < max(years("g4", tw))
    assert min(YEARS[("g4", paper("g4", "Selkora"))]) == 11
    exp = [title("g4", first).split(":")[0], str(years("g4", first)[0])]
    exp += [title("g4", p).split(":")[0] if ":" in title("g4", p) else title("g4", p) for p in ps if p != first]
    R["UG18"] = (exp, None, [], [fact(*x) for x in stated("g4", first)])
    # UG19: Tidewick before Marrowfen under each reading
    reads = {y < years("g4", mw)[0] for y in years("g4", tw)}
    R["UG19"] = ([str(y) for y in years("g4", tw)] + [str(years("g4", mw)[0])],
                 "UNCERTAIN" if len(reads) == 2 else ("SUPPORTED" if True in reads else "REFUTED"), [], [])
    # UG20: replication vs own papers
    s = stated("g4", paper("g4", "A Replication of Tidal"))
    own = {x[0]: [y for y in stated("g4", paper("g4", x[0] + ":")) if y[0] == x[0] and y[2] == x[2]][0] for x in s}
    assert all(own[x[0]] == x for x in s)
    mk = [fact(*x) for x in s]; assert all(f in keep4 for f in mk)
    R["UG20"] = ([w for x in s for w in (x[0], x[1])], None, [], mk)
    return R

# ---------------------------------------------------------------- checks
FIELDS = ["id", "graph", "question", "query_type", "mechanism", "expected", "verdict", "must_remove", "must_keep", "notes"]
MECH = {"recency", "superseded", "conflict", "corroboration", "as_of", "metadata", "gate"}
QT = {"claim_verification", "method_comparison", "paper_lookup", "topic_search", "method_usage", "dataset_search"}
ref_fields = list(json.loads(open(os.path.join(TRUST, "trust-dev.jsonl")).readline()).keys())
if ref_fields != FIELDS: fail(f"field list differs from trust-dev.jsonl: {ref_fields}")
try:
    items = [json.loads(l) for l in open(FILE) if l.strip()]
except Exception as e:
    items = []; fail(f"cannot parse {FILE}: {e}")
ids = [q.get("id") for q in items]
if ids != [f"UG{i:02d}" for i in range(1, 21)]: fail(f"ids are not UG01..UG20 in order: {ids}")
if len(set(q.get("question") for q in items)) != len(items): fail("duplicate question text")
for q in items:
    i = q.get("id")
    if list(q.keys()) != FIELDS: fail(f"{i}: fields {list(q.keys())}")
    if q.get("graph") not in {"g1.ttl", "g2.ttl", "g3.ttl", "g4.ttl"}: fail(f"{i}: graph")
    if q.get("mechanism") not in MECH: fail(f"{i}: mechanism")
    if q.get("query_type") not in QT: fail(f"{i}: query_type")
    if (q.get("verdict") is not None) != (q.get("query_type") == "claim_verification"): fail(f"{i}: verdict vs query_type")
    if q.get("verdict") not in (None, "SUPPORTED", "REFUTED", "UNCERTAIN"): fail(f"{i}: verdict value")
    if re.search(r"\b(now|currently|this year|these days|today)\b", q.get("question", ""), re.I): fail(f"{i}: wording ties to the current year")
    gk = q["graph"][:2]
    vals = {clean(r["raw"]) for r in ROWS.get(gk, [])}
    for e in q.get("expected", []):
        if e not in TEXT[gk] and e not in vals and not any(e == str(y) for (k, p), ys in YEARS.items() if k == gk for y in ys):
            fail(f"{i}: expected string {e!r} not in {gk}")
    allf = {fact(r["model"], clean(r["raw"]), r["ds"], r["met"]) for r in ROWS[gk] if r["model"] and clean(r["raw"])}
    for f in q.get("must_keep", []) + q.get("must_remove", []):
        if f not in allf: fail(f"{i}: fact not in graph: {f}")
    if set(q.get("must_keep", [])) & set(q.get("must_remove", [])): fail(f"{i}: a fact in both lists")
nows = sorted({2025, 2026, 2027, 2028, 2029, 2030} | ({int(os.environ["TRUST_NOW"])} if os.environ.get("TRUST_NOW") else set()))
# the README's conflict table must come out the same under this reading, for every year
for now in nows:
    for gk, f in [("g1", "KestrelNet scores 78.9 on BenchMira by Accuracy"), ("g1", "Orvalis-CNN scores 97.0 on Corvalla-Ice by F1"),
                  ("g2", "Fennick-RNN scores 18.2 on Dastrup-7 Chorus by Word Error Rate"), ("g2", "Syrinxa scores 93.8 on Hollenby Marsh Calls by Accuracy"),
                  ("g3", "Gannetron scores 21.5 on Orrenby Parallel Corpus by BLEU")]:
        if f not in surviving(gk, now)[1]: fail(f"{now}: clear conflict not removed: {f}")
    for gk, m in [("g1", "Tavrosa"), ("g2", "Trillbert"), ("g2", "Aviquist"), ("g2", "Warbleon"), ("g3", "Murrelet-MT")]:
        if any(f.startswith(m + " ") for f in surviving(gk, now)[1]): fail(f"{now}: close conflict removed for {m}")
    try:
        R = C(now)
    except AssertionError as e:
        fail(f"{now}: derivation assertion: {e!r}"); continue
    for q in items:
        i = q["id"]
        if i not in R: continue
        exp, ver, mr, mk = R[i]
        if q["expected"] != exp: fail(f"{now} {i}: expected {q['expected']} != derived {exp}")
        if q["verdict"] != ver: fail(f"{now} {i}: verdict {q['verdict']} != derived {ver}")
        if sorted(q["must_remove"]) != sorted(mr): fail(f"{now} {i}: must_remove {q['must_remove']} != derived {mr}")
        if sorted(q["must_keep"]) != sorted(mk): fail(f"{now} {i}: must_keep {q['must_keep']} != derived {mk}")
from collections import Counter
for k in ("verdict", "mechanism", "query_type", "graph"):
    print(k, dict(Counter(str(q.get(k)) for q in items)))
print("checked", len(items), "questions for current years", nows)
print("FAILURES:", len(FAIL))
sys.exit(1 if FAIL else 0)
