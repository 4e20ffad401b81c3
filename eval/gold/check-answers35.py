#!/usr/bin/env python3
"""Check answers-dev35.jsonl and answers-sealed35.jsonl against the ORKG mirror.

Adapted from the structure of check-answers34.py. Batch 35: questions that say how they want the
answer ("just the number", "yes or no", "as a list", "DOI only", "TL;DR", ...). Re-runs every line's
SPARQL with pyoxigraph and checks: key order; id sequence (AD001.. / AX001..); enums (query_type,
verdict, sort, claim kind); per-file line counts (80 / 40); that every sparql is a SELECT with PREFIX
lines; that every gold string occurs among the returned values; that gold equals the returned set
where gold_complete is true; that claims carry a verdict, gold_complete false, a [claim=...] tag and
sort yesno or control; that out-of-graph lines (sort missing; 6 in dev, 3 in sealed) return no rows,
have an empty gold and no verdict; that in-graph lines have a non-empty gold; that no gold holds more
than 25 items; that a control line says "Control (plain templated)" and its question carries no answer
instruction, while every other line's question carries at least one; and that [head] lines, and only
they, filter on a head label (datasets with >= 25 models, models with >= 20 boards, papers with >= 20
boards, research problems with >= 20 papers; counted on the mirror). When both files are checked
together it also checks that no sealed question names a dataset, model, paper or research problem
that a dev question names (labels matched case-blind on word boundaries; a label found only inside a
longer matched label does not count).
Usage: python3 check-answers35.py [--mirror PATH] [FILE ...]   (default: both files next to this script)
Prints one "FAILURES: N" line per file (and one for the cross-file check) and exits non-zero if any fail.
"""
import argparse, gzip, json, os, re, sys
import pyoxigraph

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
# answer-form sorts (see README-answers35.md); "control" = the same kind of ask with no instruction, plain templated
SORTS = {"number", "name", "yesno", "list", "link", "brief", "missing", "control"}
CLAIMS = {"best", "value", "code", "evalon", "problem"}
FILES = {  # file name -> (id prefix, expected line count, expected out-of-graph lines)
    "answers-dev35.jsonl": ("AD", 80, 6),
    "answers-sealed35.jsonl": ("AX", 40, 3),
}
MAX_GOLD = 25
TAGS = re.compile(r"\[sort=([a-z]+)\]( \[head\])?( \[claim=([a-z]+)\])? \S")
# words that mark an instruction on the answer's form or length (word-bounded, case-blind)
INSTRUCTION = re.compile(
    r"(?<![\w])(only|just|yes or no|yes/no|y/n|true or false|list|bullets?|bullet points|comma-separated|"
    r"table|json|tl;dr|briefly|in one line|one line|one word|short answer|quick|for a slide|"
    r"number|digits|no explanation|no commentary|nothing else|numbered|thanks|thx|asap|pls|please)(?![\w])",
    re.I)
PFX = ("PREFIX orkgp: <http://orkg.org/orkg/predicate/>\n"
       "PREFIX orkgc: <http://orkg.org/orkg/class/>\n"
       "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>\n")
HEAD_QUERIES = {
    "dataset": "SELECT ?l WHERE { ?d a orkgc:Dataset; rdfs:label ?l. ?b orkgp:HAS_DATASET ?d. ?c orkgp:HAS_BENCHMARK ?b; orkgp:HAS_MODEL ?m } GROUP BY ?l HAVING (COUNT(DISTINCT ?m) >= 25)",
    "model": "SELECT ?l WHERE { ?m a orkgc:Model; rdfs:label ?l. ?c orkgp:HAS_MODEL ?m; orkgp:HAS_BENCHMARK ?b. ?b orkgp:HAS_DATASET ?d } GROUP BY ?l HAVING (COUNT(DISTINCT ?d) >= 20)",
    "paper": "SELECT ?l WHERE { ?p a orkgc:Paper; rdfs:label ?l; orkgp:P31 ?c. ?c orkgp:HAS_BENCHMARK ?b. ?b orkgp:HAS_DATASET ?d } GROUP BY ?l HAVING (COUNT(DISTINCT ?d) >= 20)",
    "problem": "SELECT ?l WHERE { ?pr a orkgc:Problem; rdfs:label ?l. ?c orkgp:P32 ?pr. ?p a orkgc:Paper; orkgp:P31 ?c } GROUP BY ?l HAVING (COUNT(DISTINCT ?p) >= 20)",
}
LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"')


def load_store(path):
    store = pyoxigraph.Store()
    with gzip.open(path) as f:
        store.load(f, pyoxigraph.RdfFormat.N_TRIPLES)
    return store


def run(store, sparql):
    res = store.query(sparql)
    variables = [v.value for v in res.variables]
    values, nrows = [], 0
    for sol in res:
        nrows += 1
        for v in variables:
            t = sol[v]
            if t is not None and t.value not in values:
                values.append(t.value)
    return values, nrows


def head_labels(store):
    labels = set()
    for q in HEAD_QUERIES.values():
        for sol in store.query(PFX + q):
            labels.add(sol["l"].value.lower())
    return labels


def sparql_literals(sparql):
    return {m.group(1).replace('\\"', '"').replace("\\\\", "\\").lower() for m in LITERAL.finditer(sparql)}


def check_file(store, path, heads):
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
        m = TAGS.match(notes)
        sort = None
        if not m:
            fail(rid, "notes do not start with [sort=...] ([head]) ([claim=...]) and a text")
        else:
            sort, head, claim = m.group(1), bool(m.group(2)), m.group(4)
            if sort not in SORTS:
                fail(rid, f"bad sort {sort!r}")
            if qtype == "claim_verification":
                if claim not in CLAIMS:
                    fail(rid, f"claim line without a valid [claim=...] tag: {claim!r}")
                if sort not in ("yesno", "control"):
                    fail(rid, f"claim line with sort {sort!r} (expected yesno or control)")
            elif claim is not None:
                fail(rid, "[claim=...] tag on a non-claim line")
            has_instr = bool(INSTRUCTION.search(question))
            if sort == "control":
                if "Control (plain templated)" not in notes:
                    fail(rid, "control line whose notes do not say 'Control (plain templated)'")
                if has_instr:
                    fail(rid, f"control question carries an instruction: {INSTRUCTION.search(question).group(0)!r}")
            elif not has_instr:
                fail(rid, "non-control question carries no recognisable answer instruction")
            if rec.get("in_graph") is False and sort != "missing":
                fail(rid, "out-of-graph line not tagged [sort=missing]")
            if sort == "missing" and rec.get("in_graph") is not False:
                fail(rid, "[sort=missing] on an in-graph line")
            names_head = bool(sparql_literals(sparql) & heads)
            if head and not names_head:
                fail(rid, "[head] line whose SPARQL filters on no head label")
            if not head and names_head and rec.get("in_graph") is not False:
                fail(rid, f"SPARQL filters on a head label but the line is not tagged [head]: {sorted(sparql_literals(sparql) & heads)}")
        if qtype == "claim_verification":
            if verdict not in VERDICTS:
                fail(rid, f"claim without a valid verdict: {verdict!r}")
            if rec.get("gold_complete") is not False:
                fail(rid, "claim with gold_complete not false")
        elif verdict is not None:
            fail(rid, f"verdict {verdict!r} on a non-claim line")
        if not re.search(r"^PREFIX\s+\w*:\s*<[^>]+>", sparql, re.M) or not re.search(r"\bSELECT\b", sparql):
            fail(rid, "sparql is not a SELECT with PREFIX lines")
        try:
            values, nrows = run(store, sparql)
        except Exception as e:
            fail(rid, f"SPARQL error: {e}")
            continue
        missing = [g for g in gold if g not in values]
        if missing:
            fail(rid, f"gold not returned by sparql: {missing}")
        if rec.get("gold_complete") and set(gold) != set(values):
            extra = sorted(set(values) - set(gold))
            fail(rid, f"gold_complete but returned set differs: {len(extra)} extra {extra[:10]}")
        if rec.get("in_graph") is False:
            out_of_graph += 1
            if nrows != 0:
                fail(rid, f"out-of-graph line returns {nrows} rows")
            if gold:
                fail(rid, "out-of-graph line with non-empty gold")
            if verdict is not None:
                fail(rid, "out-of-graph line with a verdict")
        elif not gold:
            fail(rid, "in-graph line with an empty gold")
    if expected_oog is not None and lines and out_of_graph != expected_oog:
        fail(name, f"{out_of_graph} out-of-graph lines (expected {expected_oog})")
    return fails, records


def entity_labels(store):
    labels = set()
    for cls in ("Dataset", "Model", "Paper", "Problem"):
        res = store.query(PFX + f"SELECT DISTINCT ?l WHERE {{ ?s a orkgc:{cls}; rdfs:label ?l }}")
        for sol in res:
            l = sol["l"].value.strip().lower()
            if len(l) >= 4:
                labels.add(l)
    return labels


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
    labels = entity_labels(store)
    dev_names = {}
    for r in dev_records:
        for l in named(r.get("question", ""), labels):
            dev_names.setdefault(l, []).append(r.get("id"))
    fails = []
    for r in sealed_records:
        for l in sorted(named(r.get("question", ""), labels)):
            if l in dev_names:
                fails.append(f"{r.get('id')}: names {l!r}, also named in dev {dev_names[l]}")
    return fails


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", default=DEFAULT_MIRROR)
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    files = args.files or [os.path.join(HERE, f) for f in FILES]
    store = load_store(args.mirror)
    heads = head_labels(store)
    total = 0
    by_name = {}
    for path in files:
        fails, records = check_file(store, path, heads)
        by_name[os.path.basename(path)] = records
        for f in fails:
            print("  FAIL", f)
        print(f"{os.path.basename(path)}: FAILURES: {len(fails)}")
        total += len(fails)
    if "answers-dev35.jsonl" in by_name and "answers-sealed35.jsonl" in by_name:
        fails = check_cross(store, by_name["answers-dev35.jsonl"], by_name["answers-sealed35.jsonl"])
        for f in fails:
            print("  FAIL", f)
        print(f"sealed names none of dev's entities: FAILURES: {len(fails)}")
        total += len(fails)
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
