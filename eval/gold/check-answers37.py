#!/usr/bin/env python3
"""Check answers-dev37.jsonl and answers-sealed37.jsonl against the ORKG mirror.

Adapted from check-answers36.py. Batch 37: numbers as people write them. Sorts: value (a recorded
score is the answer, or the key to the answer), format (claims whose number is written differently
from the stored string: rounded, padded, percent, fraction, comma, suffix), threshold (asks and
claims with a bound), names (number-bearing names written differently from the label: spaced,
joined, hyphen, version), missing (a number-bearing name the mirror does not hold: variant) and
control (short templated asks with the label written exactly: plain).

Re-runs every line's SPARQL with pyoxigraph and checks, as the batch-36 checker did: key order; id
sequence (QD001.. / QS001..); enums (query_type, verdict, sort, form, claim kind); per-file line
counts (80 / 40) and out-of-graph counts (6 / 3); that every sparql is a SELECT with PREFIX lines;
that every gold string occurs among the returned values; that gold equals the returned set where
gold_complete is true; that claims carry a verdict, gold_complete false and a [claim=...] tag; that
out-of-graph lines return no rows, have an empty gold, no verdict and gold_complete true; that
in-graph lines have a non-empty gold; that no gold holds more than 25 items or a duplicate; that
[head] lines, and only they, filter on a head label or IRI (the batch-36 thresholds: datasets with
>= 25 models, models with >= 20 boards, papers with >= 20 boards, research problems with >= 20
papers; counted on the mirror); that no question gives an ORKG link or bare id; and, across the two
files, that no sealed question names (by label, case-blind, word-bounded; a label found only inside
a longer matched label does not count) a dataset, model, paper or research problem a dev question
names.

New in batch 37 (the number-reading rules are the README's):
- the sort/form pairing (value: stored|asked; format: rounded|padded|percent|fraction|comma|suffix;
  threshold: bound; names: spaced|joined|hyphen|version; missing: variant; control: plain) and the
  claim pairing (format -> claim=value, threshold claims -> claim=bound, control claims -> value or
  best; sort=format only on claims);
- [num=...]: the number exactly as the question writes it (it must occur in the question); for
  form=stored it must be a HAS_VALUE string of the mirror and a literal of the SPARQL; for the
  format forms the surface is checked against the stored value (a decimal comma; a % sign or
  "percent"/"points" added or dropped; a fraction of 1 against a percentage or the reverse;
  a k/M/B/million suffix; fewer decimals or a hedge word; more decimals), and the number is never
  the stored string itself;
- form=asked: the gold holds a recorded HAS_VALUE string;
- value claims: SUPPORTED exactly when the stated number, read by the README's rule
  (percent<->fraction x100, decimal comma, k/M/B, rounding the stored value half-up to the
  precision the claim writes), equals a returned ?value; REFUTED exactly when it equals none;
  UNCERTAIN claims project no ?value, use FILTER NOT EXISTS { ... HAS_VALUE ... } and return the
  subject on the board;
- threshold lines: a [bound=...] tag (>N, >=N, <N, <=N, A..B inclusive) and a bound word in the
  question; for asks, the gold must equal what the bound selects from the candidate rows (the
  SPARQL with its `# bound` line removed and ?value added to the projection), with every stored
  string read as a number by the README's rule ("88.61%" -> 88.61, "467M" -> 467000000,
  "93.0/90.7", "-", "biLSTM" -> not a number, never selected), and the bound must both keep and
  drop at least one candidate row; for bound claims, SUPPORTED exactly when a returned ?value meets
  the bound and REFUTED exactly when rows are returned and none does;
- best claims: SUPPORTED exactly when a returned holder label occurs in the question;
- names: [name=written -> label], written occurs in the question, the label is a literal of the
  SPARQL and does not occur in the question, and the form holds (spaced: same letters and digits,
  more spaces; joined: same letters and digits, fewer separators; hyphen: more hyphens; version:
  the letters and digits differ but share a digit);
- missing: [name=written], written occurs in the question and no rdfs:label in the mirror contains
  it;
- plain (controls): every label the SPARQL matches (str(?x) = "..." or CONTAINS) occurs verbatim in
  the question and the notes say "Control (plain templated)".
Usage: python3 check-answers37.py [--mirror PATH] [FILE ...]   (default: both files next to this script)
Prints one "FAILURES: N" line per file (and one for the cross-file check) and exits non-zero if any fail.
"""
import argparse, gzip, json, os, re, sys
from decimal import Decimal, ROUND_HALF_UP, InvalidOperation
import pyoxigraph

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
SORT_FORMS = {
    "value": {"stored", "asked"},
    "format": {"rounded", "padded", "percent", "fraction", "comma", "suffix"},
    "threshold": {"bound"},
    "names": {"spaced", "joined", "hyphen", "version"},
    "missing": {"variant"},
    "control": {"plain"},
}
SORTS = set(SORT_FORMS)
FORMS = set().union(*SORT_FORMS.values())
CLAIMS = {"value", "bound", "best"}
NUM_FORMS = {"stored", "rounded", "padded", "percent", "fraction", "comma", "suffix"}
FILES = {  # file name -> (id prefix, expected line count, expected out-of-graph lines)
    "answers-dev37.jsonl": ("QD", 80, 6),
    "answers-sealed37.jsonl": ("QS", 40, 3),
}
MAX_GOLD = 25
TAGS = re.compile(r"\[sort=([a-z]+)\]( \[head\])?( \[claim=([a-z]+)\])? \[form=([a-z]+)\]"
                  r"( \[num=([^\]]+)\])?( \[bound=([^\]]+)\])?( \[name=([^\]]+)\])? (\S.*)$", re.S)
RES = "http://orkg.org/orkg/resource/"
LINK = re.compile(r"(?:https?://)?(?:www\.)?orkg\.org/", re.I)
BARE_ID = re.compile(r"(?<![\w/])(R\d+)(?![\w])")
BOUND_WORDS = re.compile(r"(?i)\b(above|over|below|under|at least|at most|more than|less than|fewer than|"
                         r"between|reach(?:es|ing)?|exceed\w*|or more|or less|higher than|lower than)\b|[<>≥≤]")
HEDGE = re.compile(r"(?i)\b(about|roughly|around|approximately|approx\.?|circa|some)\b|~")
PCT_WORDS = re.compile(r"(?i)%|\b(percent|per cent|points|pts|pp)\b")
SUFFIX = re.compile(r"(?i)(\d\s*(k|m|b|bn)$|million|billion|thousand)")
PFX = ("PREFIX orkgr: <http://orkg.org/orkg/resource/>\n"
       "PREFIX orkgp: <http://orkg.org/orkg/predicate/>\n"
       "PREFIX orkgc: <http://orkg.org/orkg/class/>\n"
       "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n")
HEAD_QUERIES = {
    "dataset": "SELECT ?s ?l WHERE { ?s a orkgc:Dataset; rdfs:label ?l. ?b orkgp:HAS_DATASET ?s. ?c orkgp:HAS_BENCHMARK ?b; orkgp:HAS_MODEL ?m } GROUP BY ?s ?l HAVING (COUNT(DISTINCT ?m) >= 25)",
    "model": "SELECT ?s ?l WHERE { ?s a orkgc:Model; rdfs:label ?l. ?c orkgp:HAS_MODEL ?s; orkgp:HAS_BENCHMARK ?b. ?b orkgp:HAS_DATASET ?d } GROUP BY ?s ?l HAVING (COUNT(DISTINCT ?d) >= 20)",
    "paper": "SELECT ?s ?l WHERE { ?s a orkgc:Paper; rdfs:label ?l; orkgp:P31 ?c. ?c orkgp:HAS_BENCHMARK ?b. ?b orkgp:HAS_DATASET ?d } GROUP BY ?s ?l HAVING (COUNT(DISTINCT ?d) >= 20)",
    "problem": "SELECT ?s ?l WHERE { ?s a orkgc:Problem; rdfs:label ?l. ?c orkgp:P32 ?s. ?p a orkgc:Paper; orkgp:P31 ?c } GROUP BY ?s ?l HAVING (COUNT(DISTINCT ?p) >= 20)",
}
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')
MATCHED_LITERAL = re.compile(r'(?:str\(\?\w+\)\s*=\s*|CONTAINS\(\s*(?:LCASE\()?\s*STR\(\?\w+\)\)?\s*,\s*)"((?:[^"\\]|\\.)*)"', re.I)
SPARQL_IRI = re.compile(r"orkgr:([A-Za-z0-9_\-]+)|<http://orkg\.org/orkg/resource/([A-Za-z0-9_\-]+)>")
PROJECTION = re.compile(r"SELECT\s+(DISTINCT\s+)?((?:\?\w+\s+)+)WHERE", re.S)


# ---------------------------------------------------------------- number reading (README rules)

def read_stored(s):
    """A stored HAS_VALUE string read as a number: an optional sign, digits, an optional decimal
    part, then optionally '%' (dropped: '88.61%' -> 88.61) or 'M'/'m' (x 1,000,000: '467M').
    Anything else ('93.0/90.7', '91.6/91.1*', '-', 'biLSTM', 'IG-Random') is not a number."""
    m = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*(%|[Mm])?\s*", s)
    if not m:
        return None
    v = Decimal(m.group(1))
    if m.group(2) in ("M", "m"):
        v *= Decimal(1000000)
    return v


def stored_decimals(s):
    m = re.fullmatch(r"\s*-?\d+(?:\.(\d+))?\s*(%|[Mm])?\s*", s)
    return len(m.group(1) or "") if m else None


def parse_claim_number(num, form):
    """A number as the claim writes it -> (value, decimals written, multiplier, percent sign)."""
    t = num.strip()
    pct = t.endswith("%")
    t = t.rstrip("%").strip()
    mult = Decimal(1)
    m = re.fullmatch(r"(?i)(.*?)\s*(k|thousand|m|million|b|bn|billion)", t)
    if m and re.search(r"\d", m.group(1)):
        t = m.group(1)
        mult = {"k": Decimal(10) ** 3, "thousand": Decimal(10) ** 3, "m": Decimal(10) ** 6, "million": Decimal(10) ** 6,
                "b": Decimal(10) ** 9, "bn": Decimal(10) ** 9, "billion": Decimal(10) ** 9}[m.group(2).lower()]
    if form == "comma":
        t = t.replace(",", ".")
    else:
        t = t.replace(",", "")  # thousands separators
    t = t.strip()
    if not re.fullmatch(r"-?\d+(\.\d+)?", t):
        raise ValueError(f"cannot read claimed number {num!r}")
    dec = len(t.split(".")[1]) if "." in t else 0
    return Decimal(t), dec, mult, pct


def claim_matches(num, form, stored):
    """README tolerance: the stated number equals the stored value after the obvious reading
    (percent<->fraction x100, decimal comma, k/M/B) and rounding the stored value half-up to the
    number of decimals the claim writes."""
    sv = read_stored(stored)
    if sv is None:
        return False
    n, dec, mult, _ = parse_claim_number(num, form)
    target = sv / mult
    if form == "fraction":
        if abs(n) <= 1 < abs(sv):
            target = sv / 100
        elif abs(sv) <= 1 < abs(n):
            target = sv * 100
    q = Decimal(1).scaleb(-dec)
    return target.quantize(q, rounding=ROUND_HALF_UP) == n


def parse_bound(tag):
    t = tag.strip()
    m = re.fullmatch(r"(-?[\d.]+)\.\.(-?[\d.]+)", t)
    if m:
        lo, hi = Decimal(m.group(1)), Decimal(m.group(2))
        return lambda v: lo <= v <= hi
    m = re.fullmatch(r"(>=|<=|>|<)(-?[\d.]+)", t)
    if not m:
        raise ValueError(f"bad bound {tag!r}")
    b = Decimal(m.group(2))
    return {">": lambda v: v > b, ">=": lambda v: v >= b, "<": lambda v: v < b, "<=": lambda v: v <= b}[m.group(1)]


def meets(bound_fn, stored):
    v = read_stored(stored)
    return v is not None and bound_fn(v)


def norm(s):
    return re.sub(r"[^0-9a-z]", "", s.lower().replace("’", "'"))


# ---------------------------------------------------------------- store helpers

def load_store(path):
    store = pyoxigraph.Store()
    with gzip.open(path) as f:
        store.load(f, pyoxigraph.RdfFormat.N_TRIPLES)
    return store


def run_rows(store, sparql):
    res = store.query(sparql)
    variables = [v.value for v in res.variables]
    rows = []
    for sol in res:
        rows.append({v: (sol[v].value if sol[v] is not None else None) for v in variables})
    return variables, rows


def flat(variables, rows):
    values = []
    for r in rows:
        for v in variables:
            if r[v] is not None and r[v] not in values:
                values.append(r[v])
    return values


def head_sets(store):
    labels, iris = set(), set()
    for q in HEAD_QUERIES.values():
        for sol in store.query(PFX + q):
            labels.add(sol["l"].value.lower())
            iris.add(sol["s"].value[len(RES):] if sol["s"].value.startswith(RES) else sol["s"].value)
    return labels, iris


def all_values(store):
    return {sol["v"].value for sol in store.query(PFX + "SELECT DISTINCT ?v WHERE { ?e orkgp:HAS_VALUE ?v }")}


def unesc(s):
    return s.replace('\\"', '"').replace("\\\\", "\\")


def sparql_literals(sparql):
    return {unesc(m.group(1)).lower() for m in LITERAL.finditer(sparql)}


def matched_literals(sparql):
    return [unesc(m.group(1)) for m in MATCHED_LITERAL.finditer(sparql)]


def sparql_ids(sparql):
    return {a or b for a, b in SPARQL_IRI.findall(sparql)}


def label_contains(store, text):
    t = text.lower().replace("\\", "\\\\").replace('"', '\\"')
    q = PFX + f'SELECT ?l WHERE {{ ?s rdfs:label ?l. FILTER(CONTAINS(LCASE(STR(?l)), "{t}")) }} LIMIT 1'
    return any(True for _ in store.query(q))


# ---------------------------------------------------------------- per-file checks

def check_file(store, path, heads, stored_values):
    head_labels, head_iris = heads
    name = os.path.basename(path)
    prefix, expected, expected_oog = FILES.get(name, (None, None, None))
    fails = []

    def fail(rid, msg):
        fails.append(f"{rid}: {msg}")

    lines = [l for l in open(path, encoding="utf-8").read().splitlines() if l.strip()]
    if expected is not None and len(lines) != expected:
        fail(name, f"{len(lines)} lines, expected {expected}")
    out_of_graph = 0
    records = []
    for n, line in enumerate(lines, 1):
        try:
            rec = json.loads(line)
        except Exception as e:
            fail(f"line {n}", f"bad JSON: {e}")
            continue
        records.append(rec)
        rid = rec.get("id", f"line {n}")
        if list(rec.keys()) != KEYS:
            fail(rid, f"key order {list(rec.keys())}")
        if prefix is not None and rid != f"{prefix}{n:03d}":
            fail(rid, f"id out of sequence, expected {prefix}{n:03d}")
        qtype = rec.get("query_type")
        if qtype not in TYPES:
            fail(rid, f"bad query_type {qtype!r}")
        if not isinstance(rec.get("in_graph"), bool):
            fail(rid, "in_graph not a bool")
        if not isinstance(rec.get("gold_complete"), bool):
            fail(rid, "gold_complete not a bool")
        question = rec.get("question")
        if not isinstance(question, str) or not question.strip():
            fail(rid, "empty question")
            question = ""
        gold = rec.get("gold")
        if not isinstance(gold, list) or not all(isinstance(g, str) for g in gold):
            fail(rid, "gold not a list of strings")
            gold = []
        if len(gold) > MAX_GOLD:
            fail(rid, f"gold has {len(gold)} items (> {MAX_GOLD})")
        if len(set(gold)) != len(gold):
            fail(rid, "gold has duplicate items")
        verdict = rec.get("verdict")
        notes = rec.get("notes") or ""
        sparql = rec.get("sparql") or ""
        in_graph = rec.get("in_graph")
        is_claim = qtype == "claim_verification"
        if LINK.search(question) or BARE_ID.search(question):
            fail(rid, "question gives an ORKG link or id (not this batch's angle)")

        # ---- run the SPARQL
        if not re.search(r"^PREFIX\s+\w*:\s*<[^>]+>", sparql, re.M) or not re.search(r"\bSELECT\b", sparql):
            fail(rid, "sparql is not a SELECT with PREFIX lines")
        try:
            variables, rows = run_rows(store, sparql)
        except Exception as e:
            fail(rid, f"SPARQL error: {e}")
            continue
        values = flat(variables, rows)
        missing = [g for g in gold if g not in values]
        if missing:
            fail(rid, f"gold not returned by sparql: {missing}")
        if rec.get("gold_complete") and set(gold) != set(values):
            extra = sorted(set(values) - set(gold))
            fail(rid, f"gold_complete but returned set differs: {len(extra)} extra {extra[:10]}")
        if in_graph is False:
            out_of_graph += 1
            if rows:
                fail(rid, f"out-of-graph line returns {len(rows)} rows")
            if gold:
                fail(rid, "out-of-graph line with non-empty gold")
            if verdict is not None:
                fail(rid, "out-of-graph line with a verdict")
            if rec.get("gold_complete") is not True:
                fail(rid, "out-of-graph line with gold_complete not true")
        elif not gold:
            fail(rid, "in-graph line with an empty gold")
        if is_claim:
            if verdict not in VERDICTS:
                fail(rid, f"claim without a valid verdict: {verdict!r}")
            if rec.get("gold_complete") is not False:
                fail(rid, "claim with gold_complete not false")
        elif verdict is not None:
            fail(rid, f"verdict {verdict!r} on a non-claim line")

        # ---- tags
        m = TAGS.match(notes)
        if not m:
            fail(rid, "notes do not start with [sort=...] ([head]) ([claim=...]) [form=...] ([num=...]) ([bound=...]) ([name=...]) and a text")
            continue
        sort, head, claim, form = m.group(1), bool(m.group(2)), m.group(4), m.group(5)
        num, bound, nametag = m.group(7), m.group(9), m.group(11)
        if sort not in SORTS:
            fail(rid, f"bad sort {sort!r}")
            continue
        if form not in SORT_FORMS[sort]:
            fail(rid, f"form {form!r} does not go with sort {sort!r} (allowed {sorted(SORT_FORMS[sort])})")
        if is_claim:
            if claim not in CLAIMS:
                fail(rid, f"claim line without a valid [claim=...] tag: {claim!r}")
            allowed = {"format": {"value"}, "threshold": {"bound"}, "control": {"value", "best"}}.get(sort)
            if allowed is None:
                fail(rid, f"claim line with sort {sort!r} (expected format, threshold or control)")
            elif claim not in allowed:
                fail(rid, f"claim kind {claim!r} with sort {sort!r} (expected {sorted(allowed)})")
        else:
            if claim is not None:
                fail(rid, "[claim=...] tag on a non-claim line")
            if sort == "format":
                fail(rid, "[sort=format] on a non-claim line")
        if in_graph is False and sort != "missing":
            fail(rid, "out-of-graph line not tagged [sort=missing]")
        if sort == "missing" and in_graph is not False:
            fail(rid, "[sort=missing] on an in-graph line")
        if sort == "control" and "Control (plain templated)" not in notes:
            fail(rid, "control line whose notes do not say 'Control (plain templated)'")
        names_head = bool(sparql_literals(sparql) & head_labels) or bool(sparql_ids(sparql) & head_iris)
        if head and not names_head:
            fail(rid, "[head] line whose SPARQL filters on no head label or IRI")
        if not head and names_head and in_graph is not False:
            fail(rid, f"SPARQL filters on a head label/IRI but the line is not tagged [head]: "
                      f"{sorted(sparql_literals(sparql) & head_labels) + sorted(sparql_ids(sparql) & head_iris)}")

        # ---- [num=...]
        needs_num = form in NUM_FORMS or (is_claim and claim == "value")
        if needs_num and not num:
            fail(rid, f"form {form} / claim {claim} without a [num=...] tag")
        if num and num not in question:
            fail(rid, f"[num={num}] does not occur in the question")
        if num and not needs_num:
            fail(rid, f"[num=...] on a line with form {form}")
        value_col = [r["value"] for r in rows if r.get("value") is not None] if "value" in variables else []
        if form == "stored" and num:
            if num not in stored_values:
                fail(rid, f"form=stored but {num!r} is not a stored HAS_VALUE string")
            if f'"{num}"' not in sparql:
                fail(rid, f"form=stored but {num!r} is not a literal of the SPARQL")
        if form == "asked" and not any(g in stored_values for g in gold):
            fail(rid, "form=asked but the gold holds no stored HAS_VALUE string")
        if form in SORT_FORMS["format"] and num:
            try:
                n_val, n_dec, n_mult, n_pct = parse_claim_number(num, form)
            except ValueError as e:
                fail(rid, str(e))
                continue
            ref = value_col[0] if value_col else None
            if ref is not None and num.strip() == ref:
                fail(rid, f"format claim writes the number exactly as stored ({ref!r})")
            if form == "comma" and not re.search(r"\d,\d", num):
                fail(rid, "form=comma without a decimal comma")
            if form == "suffix" and not SUFFIX.search(num.strip()) and not (ref and ref.strip()[-1:] in "Mm"):
                fail(rid, "form=suffix without a k/M/B/million suffix")
            if form == "percent" and not PCT_WORDS.search(question):
                fail(rid, "form=percent without a % sign or percent/points word")
            if form == "percent" and ref is not None and ("%" in num) == ("%" in ref) and not re.search(r"(?i)\b(percent|points|pts|pp)\b", question):
                fail(rid, "form=percent but the % sign is written as stored")
            if ref is not None:
                sv = read_stored(ref)
                sdec = stored_decimals(ref)
                if form == "fraction" and not (sv is not None and (abs(n_val) <= 1 < abs(sv) or abs(sv) <= 1 < abs(n_val))):
                    fail(rid, "form=fraction but the claimed and stored numbers are on the same scale")
                if form == "rounded" and not (sdec is not None and n_dec < sdec) and not HEDGE.search(question):
                    fail(rid, "form=rounded with no fewer decimals than stored and no hedge word")
                if form == "padded" and not (sdec is not None and n_dec > sdec):
                    fail(rid, "form=padded with no more decimals than stored")
            else:
                if form == "fraction" and not abs(n_val) <= 1:
                    fail(rid, "form=fraction on an unscored claim without a fraction")
                if form == "rounded" and not HEDGE.search(question):
                    fail(rid, "form=rounded on an unscored claim without a hedge word")

        # ---- claims: verdicts recomputed
        if is_claim and verdict in VERDICTS:
            if verdict == "UNCERTAIN":
                if "value" in variables:
                    fail(rid, "UNCERTAIN claim projecting ?value (the subject must have no recorded value)")
                if not (re.search(r"FILTER\s+NOT\s+EXISTS", sparql) and "HAS_VALUE" in sparql):
                    fail(rid, "UNCERTAIN claim whose SPARQL does not test FILTER NOT EXISTS { ... HAS_VALUE ... }")
                if not rows:
                    fail(rid, "UNCERTAIN claim returning no rows (the subject must be on the board)")
            elif claim == "value" and num:
                if not value_col:
                    fail(rid, f"{verdict} value claim without a returned ?value")
                else:
                    try:
                        hit = any(claim_matches(num, form, v) for v in value_col)
                    except ValueError as e:
                        fail(rid, str(e))
                        hit = None
                    if hit is not None and hit != (verdict == "SUPPORTED"):
                        fail(rid, f"verdict {verdict} but the stated {num!r} ({form}) "
                                  f"{'matches' if hit else 'matches none of'} {value_col}")
            elif claim == "bound":
                if not bound:
                    fail(rid, "bound claim without a [bound=...] tag")
                elif not value_col:
                    fail(rid, f"{verdict} bound claim without a returned ?value")
                else:
                    bf = parse_bound(bound)
                    hit = any(meets(bf, v) for v in value_col)
                    if hit != (verdict == "SUPPORTED"):
                        fail(rid, f"verdict {verdict} but bound {bound} {'is met by' if hit else 'is met by none of'} {value_col}")
            elif claim == "best":
                holders = [r.get("model_lbl") for r in rows if r.get("model_lbl")]
                if not holders:
                    fail(rid, "best claim without a returned ?model_lbl")
                else:
                    hit = any(h in question for h in holders)
                    if hit != (verdict == "SUPPORTED"):
                        fail(rid, f"verdict {verdict} but the holder {holders} {'is' if hit else 'is not'} the claimed model")

        # ---- threshold lines
        if sort == "threshold":
            if not bound:
                fail(rid, "threshold line without a [bound=...] tag")
            if not BOUND_WORDS.search(question):
                fail(rid, "threshold line whose question has no bound word")
            if bound and not is_claim:
                bf = parse_bound(bound)
                if "# bound" not in sparql:
                    fail(rid, "threshold ask whose SPARQL has no `# bound` line")
                pm = PROJECTION.search(sparql)
                if not pm:
                    fail(rid, "threshold ask: cannot read the projection")
                else:
                    proj = pm.group(2).split()
                    cand_vars = " ".join(proj + ([] if "?value" in proj else ["?value"]))
                    cand = "\n".join(l for l in sparql.split("\n") if "# bound" not in l)
                    cand = PROJECTION.sub(f"SELECT DISTINCT {cand_vars} WHERE", cand, count=1)
                    try:
                        _, crow = run_rows(store, cand)
                    except Exception as e:
                        fail(rid, f"candidate query error: {e}")
                        crow = []
                    keep = [r for r in crow if r.get("value") is not None and meets(bf, r["value"])]
                    drop = [r for r in crow if not (r.get("value") is not None and meets(bf, r["value"]))]
                    expect = set()
                    for r in keep:
                        for v in proj:
                            if r.get(v[1:]) is not None:
                                expect.add(r[v[1:]])
                    if expect != set(gold):
                        fail(rid, f"gold differs from what the bound {bound} selects: "
                                  f"missing {sorted(expect - set(gold))}, extra {sorted(set(gold) - expect)}")
                    if not keep or not drop:
                        fail(rid, f"the bound {bound} keeps {len(keep)} and drops {len(drop)} candidate rows (both must be > 0)")

        # ---- names and missing
        if sort in ("names", "missing"):
            if not nametag:
                fail(rid, f"sort {sort} without a [name=...] tag")
            elif sort == "names":
                if " -> " not in nametag:
                    fail(rid, "names line whose [name=...] is not 'written -> label'")
                else:
                    written, label = nametag.split(" -> ", 1)
                    if written.lower() not in question.lower():
                        fail(rid, f"written name {written!r} not in the question")
                    if label.lower() not in sparql_literals(sparql):
                        fail(rid, f"label {label!r} is not a literal of the SPARQL")
                    if label.lower() in question.lower():
                        fail(rid, f"the label {label!r} itself occurs in the question")
                    nw, nl = norm(written), norm(label)
                    seps = lambda s: len(re.findall(r"[ \-/.]", s))
                    if form == "spaced" and not (nw == nl and written.count(" ") > label.count(" ")):
                        fail(rid, f"form=spaced but {written!r} vs {label!r} is not the same name with more spaces")
                    if form == "joined" and not (nw == nl and seps(written) < seps(label)):
                        fail(rid, f"form=joined but {written!r} vs {label!r} is not the same name with fewer separators")
                    if form == "hyphen" and not (nw in nl and written.count("-") > label.count("-")):
                        fail(rid, f"form=hyphen but {written!r} vs {label!r} is not the name with more hyphens")
                    if form == "version" and not (nw != nl and set(re.findall(r"\d", nw)) & set(re.findall(r"\d", nl))):
                        fail(rid, f"form=version but {written!r} vs {label!r} do not differ in a shared number")
            else:
                written = nametag
                if " -> " in nametag:
                    fail(rid, "missing line whose [name=...] names a label")
                if written.lower() not in question.lower():
                    fail(rid, f"written name {written!r} not in the question")
                if label_contains(store, written):
                    fail(rid, f"some rdfs:label in the mirror contains {written!r}")
                if not re.search(r"\d", written):
                    fail(rid, f"missing name {written!r} carries no number")

        # ---- plain controls
        if form == "plain":
            for lit in matched_literals(sparql):
                if lit not in question:
                    fail(rid, f"control line: the matched label {lit!r} is not written verbatim in the question")
    if expected_oog is not None and lines and out_of_graph != expected_oog:
        fail(name, f"{out_of_graph} out-of-graph lines (expected {expected_oog})")
    return fails, records


# ---------------------------------------------------------------- cross-file check

def entity_index(store):
    """label (lower-case) -> set of IRIs' local names, for Dataset, Model, Paper and Problem."""
    index = {}
    for cls in ("Dataset", "Model", "Paper", "Problem"):
        res = store.query(PFX + f"SELECT DISTINCT ?s ?l WHERE {{ ?s a orkgc:{cls}; rdfs:label ?l }}")
        for sol in res:
            l = sol["l"].value.strip().lower()
            if len(l) >= 4:
                index.setdefault(l, set()).add(sol["s"].value[len(RES):])
    return index


def named(question, labels):
    """Entity labels a question names: word-bounded matches not inside a longer matched label."""
    t = question.lower()
    spans = []
    for l in labels:
        start = t.find(l)
        while start != -1:
            end = start + len(l)
            before = t[start - 1] if start > 0 else " "
            after = t[end] if end < len(t) else " "
            if not before.isalnum() and not after.isalnum():
                spans.append((start, end, l))
            start = t.find(l, start + 1)
    keep = set()
    for s, e, l in spans:
        if not any(s2 <= s and e <= e2 and (e2 - s2) > (e - s) for s2, e2, _ in spans):
            keep.add(l)
    return keep


def check_cross(store, dev_records, sealed_records):
    index = entity_index(store)
    dev_iris = {}
    for r in dev_records:
        for l in named(r.get("question", ""), index):
            for iri in index[l]:
                dev_iris.setdefault(iri, []).append(f"{r.get('id')} ({l!r})")
    fails = []
    for r in sealed_records:
        for l in sorted(named(r.get("question", ""), index)):
            for iri in sorted(index[l]):
                if iri in dev_iris:
                    fails.append(f"{r.get('id')}: names {iri} by label {l!r}, also named in dev {dev_iris[iri]}")
    return fails


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", default=DEFAULT_MIRROR)
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    files = args.files or [os.path.join(HERE, f) for f in FILES]
    store = load_store(args.mirror)
    heads = head_sets(store)
    stored_values = all_values(store)
    total = 0
    by_name = {}
    for path in files:
        fails, records = check_file(store, path, heads, stored_values)
        by_name[os.path.basename(path)] = records
        for f in fails:
            print("  FAIL", f)
        print(f"{os.path.basename(path)}: FAILURES: {len(fails)}")
        total += len(fails)
    if "answers-dev37.jsonl" in by_name and "answers-sealed37.jsonl" in by_name:
        fails = check_cross(store, by_name["answers-dev37.jsonl"], by_name["answers-sealed37.jsonl"])
        for f in fails:
            print("  FAIL", f)
        print(f"sealed names none of dev's entities: FAILURES: {len(fails)}")
        total += len(fails)
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
