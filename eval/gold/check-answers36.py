#!/usr/bin/env python3
"""Check answers-dev36.jsonl and answers-sealed36.jsonl against the ORKG mirror.

Adapted from the structure of check-answers35.py. Batch 36: ORKG's own users, asking with ORKG's
links (https://orkg.org/paper/R..., /resource/, /problem/, /comparison/, /research-field/, a paper
link with a contribution id), bare ids ("R12345", "paper R...", "contribution R...") and ORKG's
words ("contribution", "research problem", "research field", "comparison", "benchmark",
"property"), with plain templated controls.

Re-runs every line's SPARQL with pyoxigraph and checks: key order; id sequence (OG001.. /
OS001..); enums (query_type, verdict, sort, form, claim kind); per-file line counts (80 / 40);
that every sparql is a SELECT with PREFIX lines; that every gold string occurs among the returned
values; that gold equals the returned set where gold_complete is true; that claims carry a verdict,
gold_complete false, a [claim=...] tag and sort claims or control; that out-of-graph lines (sort
missing; 6 in dev, 3 in sealed) return no rows, have an empty gold, no verdict and gold_complete
true, and that every ORKG id they give has no triple in the mirror; that in-graph lines have a
non-empty gold; that no gold holds more than 25 items; that the [form=...] tag matches the
question (link: an orkg.org link; id: a bare id and no link; words: an ORKG word and neither link
nor id; plain: none of the three) and the sort (link->link, id->id, words->words, control->plain
with "Control (plain templated)" in the notes); that every id an in-graph question gives occurs
in its SPARQL and in its notes (which say what the id is), and has triples in the mirror; and that
[head] lines, and only they, filter on a head label or head IRI (datasets with >= 25 models,
models with >= 20 boards, papers with >= 20 boards, research problems with >= 20 papers; counted
on the mirror). When both files are checked together it also checks that no sealed question
names a dataset, model, paper or research problem that a dev question names, by label
(case-blind, word-bounded; a label found only inside a longer matched label does not count) or by
ORKG id, and that the two files give no ORKG id in common.
Usage: python3 check-answers36.py [--mirror PATH] [FILE ...]   (default: both files next to this script)
Prints one "FAILURES: N" line per file (and one for the cross-file check) and exits non-zero if any fail.
"""
import argparse, gzip, json, os, re, sys
import pyoxigraph

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MIRROR = "/work/shared/data/orkg/mirror/orkg-mirror.nt.gz"
KEYS = ["id", "question", "query_type", "in_graph", "gold", "gold_complete", "verdict", "sparql", "notes"]
TYPES = {"topic_search", "method_comparison", "dataset_search", "claim_verification", "method_usage", "paper_lookup"}
VERDICTS = {"SUPPORTED", "REFUTED", "UNCERTAIN"}
SORTS = {"link", "id", "words", "missing", "claims", "control"}
FORMS = {"link", "id", "words", "plain"}
CLAIMS = {"best", "value", "code", "evalon", "problem"}
FILES = {  # file name -> (id prefix, expected line count, expected out-of-graph lines)
    "answers-dev36.jsonl": ("OG", 80, 6),
    "answers-sealed36.jsonl": ("OS", 40, 3),
}
MAX_GOLD = 25
TAGS = re.compile(r"\[sort=([a-z]+)\]( \[head\])?( \[claim=([a-z]+)\])? \[form=([a-z]+)\] \S")
RES = "http://orkg.org/orkg/resource/"
PRED = "http://orkg.org/orkg/predicate/"
PRED_PAGES = {"predicate", "property"}
# an ORKG website link: optional scheme, optional www., orkg.org/<page>/<id>[/<id>][/]
LINK = re.compile(r"(?:https?://)?(?:www\.)?orkg\.org/(paper|resource|problem|comparison|research-field|field|predicate|property|template|class)/([A-Za-z0-9_]+)(?:/([A-Za-z0-9_]+))?/?", re.I)
BARE_ID = re.compile(r"(?<![\w/])(R\d+)(?![\w])")
ORKG_WORDS = re.compile(r"(?<![\w])(orkg|contributions?|research problems?|research fields?|comparisons?|benchmarks?|propert(?:y|ies)|predicates?|resources?|templates?)(?![\w])", re.I)
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
SPARQL_IRI = re.compile(r"orkgr:([A-Za-z0-9_\-]+)|<http://orkg\.org/orkg/resource/([A-Za-z0-9_\-]+)>")
SPARQL_PRED = re.compile(r"orkgp:([A-Za-z0-9_\-]+)|<http://orkg\.org/orkg/predicate/([A-Za-z0-9_\-]+)>")


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


def has_triples(store, local, ns=RES):
    node = pyoxigraph.NamedNode(ns + local)
    for _ in store.quads_for_pattern(node, None, None, None):
        return True
    for _ in store.quads_for_pattern(None, None, node, None):
        return True
    return False


def head_sets(store):
    labels, iris = set(), set()
    for q in HEAD_QUERIES.values():
        for sol in store.query(PFX + q):
            labels.add(sol["l"].value.lower())
            iris.add(sol["s"].value[len(RES):] if sol["s"].value.startswith(RES) else sol["s"].value)
    return labels, iris


def sparql_literals(sparql):
    return {m.group(1).replace('\\"', '"').replace("\\\\", "\\").lower() for m in LITERAL.finditer(sparql)}


def sparql_ids(sparql):
    return {a or b for a, b in SPARQL_IRI.findall(sparql)}


def sparql_preds(sparql):
    return {a or b for a, b in SPARQL_PRED.findall(sparql)}


def question_refs(question):
    """ORKG ids a question gives, as (namespace, id): links (a predicate/property page gives a
    predicate id, every other page a resource id; a paper link may add a contribution id) and bare R-ids."""
    refs = []
    for m in LINK.finditer(question):
        ns = PRED if m.group(1).lower() in PRED_PAGES else RES
        for g in (m.group(2), m.group(3)):
            if g and (ns, g) not in refs:
                refs.append((ns, g))
    stripped = LINK.sub(" ", question)
    for m in BARE_ID.finditer(stripped):
        if (RES, m.group(1)) not in refs:
            refs.append((RES, m.group(1)))
    return refs


def question_ids(question):
    """Resource ids a question gives (links and bare ids; predicate ids left out)."""
    return [i for ns, i in question_refs(question) if ns == RES]


def check_file(store, path, heads):
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
        qrefs = question_refs(question)
        has_link = bool(LINK.search(question))
        has_id = bool(BARE_ID.search(LINK.sub(" ", question)))
        has_word = bool(ORKG_WORDS.search(LINK.sub(" ", question)))
        m = TAGS.match(notes)
        if not m:
            fail(rid, "notes do not start with [sort=...] ([head]) ([claim=...]) [form=...] and a text")
        else:
            sort, head, claim, form = m.group(1), bool(m.group(2)), m.group(4), m.group(5)
            if sort not in SORTS:
                fail(rid, f"bad sort {sort!r}")
            if form not in FORMS:
                fail(rid, f"bad form {form!r}")
            if qtype == "claim_verification":
                if claim not in CLAIMS:
                    fail(rid, f"claim line without a valid [claim=...] tag: {claim!r}")
                if sort not in ("claims", "control"):
                    fail(rid, f"claim line with sort {sort!r} (expected claims or control)")
            elif claim is not None:
                fail(rid, "[claim=...] tag on a non-claim line")
            if sort == "claims" and qtype != "claim_verification":
                fail(rid, "[sort=claims] on a non-claim line")
            # the form tag must match the question's surface
            if form == "link" and not has_link:
                fail(rid, "form=link but the question holds no orkg.org link")
            if form == "id" and (has_link or not has_id):
                fail(rid, "form=id but the question holds a link or no bare id")
            if form == "words" and (has_link or has_id or not has_word):
                fail(rid, "form=words but the question holds a link or an id, or no ORKG word")
            if form == "plain" and (has_link or has_id or has_word):
                fail(rid, f"form=plain but the question holds a link, an id or an ORKG word ({ORKG_WORDS.search(question).group(0) if has_word else ''})")
            expected_form = {"link": "link", "id": "id", "words": "words", "control": "plain"}.get(sort)
            if expected_form and form != expected_form:
                fail(rid, f"sort {sort} with form {form} (expected {expected_form})")
            if sort == "control" and "Control (plain templated)" not in notes:
                fail(rid, "control line whose notes do not say 'Control (plain templated)'")
            if in_graph is False and sort != "missing":
                fail(rid, "out-of-graph line not tagged [sort=missing]")
            if sort == "missing" and in_graph is not False:
                fail(rid, "[sort=missing] on an in-graph line")
            names_head = bool(sparql_literals(sparql) & head_labels) or bool(sparql_ids(sparql) & head_iris)
            if head and not names_head:
                fail(rid, "[head] line whose SPARQL filters on no head label or IRI")
            if not head and names_head and in_graph is not False:
                fail(rid, f"SPARQL filters on a head label/IRI but the line is not tagged [head]: "
                          f"{sorted(sparql_literals(sparql) & head_labels) + sorted(sparql_ids(sparql) & head_iris)}")
        # ids given in the question
        for ns, qid in qrefs:
            if in_graph is False:
                if has_triples(store, qid, ns):
                    fail(rid, f"out-of-graph line gives id {qid}, which has triples in the mirror")
            else:
                if not has_triples(store, qid, ns):
                    fail(rid, f"in-graph line gives id {qid}, which has no triple in the mirror")
                used = sparql_ids(sparql) if ns == RES else sparql_preds(sparql)
                if qid not in used:
                    fail(rid, f"id {qid} from the question is not used in the SPARQL")
                if qid not in notes:
                    fail(rid, f"notes do not say what {qid} is")
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
        if in_graph is False:
            out_of_graph += 1
            if nrows != 0:
                fail(rid, f"out-of-graph line returns {nrows} rows")
            if gold:
                fail(rid, "out-of-graph line with non-empty gold")
            if verdict is not None:
                fail(rid, "out-of-graph line with a verdict")
            if rec.get("gold_complete") is not True:
                fail(rid, "out-of-graph line with gold_complete not true")
        elif not gold:
            fail(rid, "in-graph line with an empty gold")
    if expected_oog is not None and lines and out_of_graph != expected_oog:
        fail(name, f"{out_of_graph} out-of-graph lines (expected {expected_oog})")
    return fails, records


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


def subjects(question, index):
    """(entity IRIs named by label or id, ids given) for one question."""
    iris = {}
    for l in named(question, index):
        for iri in index[l]:
            iris[iri] = f"label {l!r}"
    ids = [i for _, i in question_refs(question)]
    for qid in question_ids(question):
        iris.setdefault(qid, f"id {qid}")
    return iris, set(ids)


def check_cross(store, dev_records, sealed_records):
    index = entity_index(store)
    dev_iris, dev_ids = {}, {}
    for r in dev_records:
        iris, ids = subjects(r.get("question", ""), index)
        for iri, how in iris.items():
            dev_iris.setdefault(iri, []).append(f"{r.get('id')} ({how})")
        for i in ids:
            dev_ids.setdefault(i, []).append(r.get("id"))
    fails = []
    for r in sealed_records:
        iris, ids = subjects(r.get("question", ""), index)
        for iri, how in sorted(iris.items()):
            if iri in dev_iris:
                fails.append(f"{r.get('id')}: names {iri} by {how}, also named in dev {dev_iris[iri]}")
        for i in sorted(ids):
            if i in dev_ids and i not in dev_iris:
                fails.append(f"{r.get('id')}: gives id {i}, also given in dev {dev_ids[i]}")
    return fails


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", default=DEFAULT_MIRROR)
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    files = args.files or [os.path.join(HERE, f) for f in FILES]
    store = load_store(args.mirror)
    heads = head_sets(store)
    total = 0
    by_name = {}
    for path in files:
        fails, records = check_file(store, path, heads)
        by_name[os.path.basename(path)] = records
        for f in fails:
            print("  FAIL", f)
        print(f"{os.path.basename(path)}: FAILURES: {len(fails)}")
        total += len(fails)
    if "answers-dev36.jsonl" in by_name and "answers-sealed36.jsonl" in by_name:
        fails = check_cross(store, by_name["answers-dev36.jsonl"], by_name["answers-sealed36.jsonl"])
        for f in fails:
            print("  FAIL", f)
        print(f"sealed names none of dev's entities or ids: FAILURES: {len(fails)}")
        total += len(fails)
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
