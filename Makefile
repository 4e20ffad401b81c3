# scigraph: the two set-up commands are `make run` and `make test`.
SHELL := /bin/bash
CARGO ?= cargo
# Where ../shared (ORKG data beside the checkout) lives; tests that need it are separate.
SHARED_DATA ?= $(abspath $(CURDIR)/../shared/data/orkg)
export SCIGRAPH_SHARED_DATA := $(SHARED_DATA)

.PHONY: run build release test test-shared test-rocksdb test-browser test-all fmt lint clean

## Build and serve the bundled demo graph on 127.0.0.1:8000 (embedded, no LLM, no network).
run:
	$(CARGO) run --release --bin scigraph -- serve

build:
	$(CARGO) build

release:
	$(CARGO) build --release

## Tests that need a service or ../shared skip with a message in a plain `cargo test`; the
## targets that provide them (test-shared, test-virtuoso, test-llm) set this, which turns
## such a skip into a failure, so CI cannot skip them silently.
REQUIRE_SERVICES := SCIGRAPH_REQUIRE_SERVICES=1

## The repository's own tests: no network, no ../shared needed.
test:
	$(CARGO) test --lib --bins --test api --test injection --test lifecycle

## Tests over the real ORKG-derived data in ../shared (fails when it is absent).
test-shared:
	$(REQUIRE_SERVICES) $(CARGO) test --test shared_data

## The on-disk RocksDB variant: the whole suite again with --features rocksdb (needs libclang-dev),
## and the crash tests of `scigraph load` (tests/store: killed loads, signals, a full disk, dumps
## cut short), with the fault points they stop loads at (`failpoints`).
test-rocksdb:
	$(CARGO) test --features rocksdb,failpoints --lib --bins --test api --test injection --test lifecycle --test store
	@if [ -d "$(SHARED_DATA)" ]; then \
		$(CARGO) test --features rocksdb,failpoints --test shared_data; \
	else \
		echo "skipping shared-data tests with rocksdb: $(SHARED_DATA) not found"; \
	fi

## The page in a real browser: Debian's chromium + chromium-driver, headless over WebDriver.
## Without chromedriver it says so and skips, except under CI (`CI` set), where the tests run
## and fail; `.ci/run` installs both.
test-browser:
	@if command -v $${CHROMEDRIVER:-chromedriver} >/dev/null 2>&1 || [ -n "$${CI:-}" ]; then \
		$(REQUIRE_SERVICES) $(CARGO) test --test browser; \
	else \
		echo "skipping browser tests: chromedriver not found (apt-get install chromium chromium-driver)"; \
	fi

test-all: test test-shared test-rocksdb test-browser

fmt:
	$(CARGO) fmt --all

lint:
	$(CARGO) clippy --all-targets -- -D warnings

clean:
	$(CARGO) clean

## Quality: type accuracy on the gold sets, answers on the blind answer sets and SciQA on the
## mirror; writes eval/REPORT.md.
## The floors sit just under the figures reached (see eval/REPORT.md); CI fails below them.
EVAL_MIN_TYPE_ACCURACY ?= 0.97
EVAL_MIN_SCIQA_F1 ?= 0.97
# Answer-level gold recall on the blind sets (eval/gold/answers*.jsonl), just under what is
# reached (see eval/REPORT.md); step 7's goal is 0.90.
EVAL_MIN_ANSWER_RECALL ?= 0.80
# The fifth development batch (answers-dev5.jsonl, casual names of leaderboards drawn at
# random over the mirror) was written last and is the hardest; its floor sits under its figure.
EVAL_MIN_DEV5_RECALL ?= 0.70
# The sixth (answers-dev6.jsonl: claims in researchers' words, random boards), the same way.
EVAL_MIN_DEV6_RECALL ?= 0.70
# The seventh (answers-dev7.jsonl: random boards, models' evaluations, long topic phrasings).
EVAL_MIN_DEV7_RECALL ?= 0.75
# The eighth (answers-dev8.jsonl and its sealed part answers-sealed8.jsonl: models named as
# researchers write them, families and variants), under their first-contact figures.
EVAL_MIN_DEV8_RECALL ?= 0.70
EVAL_MIN_SEALED8_RECALL ?= 0.60
# The ninth (answers-dev9.jsonl and answers-sealed9.jsonl: the head of the mirror, asked the
# way people ask): first contact 0.827 and 0.866, 0.903 and 0.904 after the session's rules.
EVAL_MIN_DEV9_RECALL ?= 0.85
EVAL_MIN_SEALED9_RECALL ?= 0.85
# The tenth (answers-dev10.jsonl and answers-sealed10.jsonl: a value, "is it the best", and
# topics the graph may lack): first contact 0.711 and 0.743, 0.811 and 0.772 after.
EVAL_MIN_DEV10_RECALL ?= 0.75
EVAL_MIN_SEALED10_RECALL ?= 0.70
# The eleventh (answers-dev11.jsonl and answers-sealed11.jsonl: a model's evaluations, and
# topics the graph may lack): first contact 0.716 and 0.743, 0.761 and 0.832 after.
EVAL_MIN_DEV11_RECALL ?= 0.70
EVAL_MIN_SEALED11_RECALL ?= 0.75
# The twelfth (answers-dev12.jsonl and answers-sealed12.jsonl: claims and paper questions in
# researchers' own words): first contact 0.715 and 0.676, 0.864 and 0.824 after.
EVAL_MIN_DEV12_RECALL ?= 0.85
EVAL_MIN_SEALED12_RECALL ?= 0.80
# The thirteenth (answers-dev13.jsonl and answers-sealed13.jsonl: a newcomer's questions about
# tasks, boards and metrics): first contact 0.793 and 0.909, 0.850 and 0.909 after.
EVAL_MIN_DEV13_RECALL ?= 0.82
EVAL_MIN_SEALED13_RECALL ?= 0.88
# The fourteenth (answers-dev14.jsonl and answers-sealed14.jsonl: time and the literature,
# asked as people type): first contact 0.672 and 0.677, 0.858 and 0.742 after.
EVAL_MIN_DEV14_RECALL ?= 0.80
EVAL_MIN_SEALED14_RECALL ?= 0.70
# The fifteenth (answers-dev15.jsonl and answers-sealed15.jsonl: the search box, keywords and
# two-part questions): first contact 0.771 and 0.698, 0.959 and 0.887 after.
EVAL_MIN_DEV15_RECALL ?= 0.85
EVAL_MIN_SEALED15_RECALL ?= 0.78
# The sixteenth (answers-dev16.jsonl and answers-sealed16.jsonl: other names for the same
# thing): first contact 0.601 and 0.639, 0.753 and 0.716 after.
EVAL_MIN_DEV16_RECALL ?= 0.70
EVAL_MIN_SEALED16_RECALL ?= 0.65
# The seventeenth (answers-dev17.jsonl and answers-sealed17.jsonl: questions with a
# condition): first contact 0.595 and 0.529, 0.760 and 0.662 after.
EVAL_MIN_DEV17_RECALL ?= 0.70
EVAL_MIN_SEALED17_RECALL ?= 0.60
# The eighteenth (answers-dev18.jsonl and answers-sealed18.jsonl: questions wrapped in
# context, with names that are not the subject): first contact 0.738 and 0.839, 0.946
# and 0.908 after.
EVAL_MIN_DEV18_RECALL ?= 0.88
EVAL_MIN_SEALED18_RECALL ?= 0.85
# The nineteenth (answers-dev19.jsonl and answers-sealed19.jsonl: one thing described by
# another, "the paper that introduced X", "the top model on D"): first contact 0.546 and
# 0.542, 0.833 and 0.721 after.
EVAL_MIN_DEV19_RECALL ?= 0.78
EVAL_MIN_SEALED19_RECALL ?= 0.68
# The twentieth (answers-dev20.jsonl and answers-sealed20.jsonl: near misses the graph does
# not hold, a held subject's unrecorded property, partial asks): first contact 0.874 and
# 0.840, 0.933 and 0.840 after.
EVAL_MIN_DEV20_RECALL ?= 0.90
EVAL_MIN_SEALED20_RECALL ?= 0.79
# The twenty-first (answers-dev21.jsonl and answers-sealed21.jsonl: several names at once,
# a rank other than the top, the bottom of a board): first contact 0.535 and 0.668, 0.672 and
# 0.643 after (a sealed loss, not read question by question), 0.668 once a research problem
# narrowed a ranking of boards (the thirty-ninth session).
EVAL_MIN_DEV21_RECALL ?= 0.64
EVAL_MIN_SEALED21_RECALL ?= 0.62
# The twenty-second (answers-dev22.jsonl and answers-sealed22.jsonl: how many, which has
# more, the most by a count, claims of a place or a count): first contact 0.577 and 0.640,
# 0.813 and 0.750 after.
EVAL_MIN_DEV22_RECALL ?= 0.78
EVAL_MIN_SEALED22_RECALL ?= 0.72
# The twenty-third (answers-dev23.jsonl and answers-sealed23.jsonl: typed in a hurry, with
# typos, split or joined names, noise and fragments): first contact 0.732 and 0.692, 0.904
# and 0.744 after.
EVAL_MIN_DEV23_RECALL ?= 0.87
EVAL_MIN_SEALED23_RECALL ?= 0.72
# The twenty-fourth (answers-dev24.jsonl and answers-sealed24.jsonl: not, except, other
# than, without; the runner-up): first contact 0.678 and 0.709, 0.767 and 0.799 after.
EVAL_MIN_DEV24_RECALL ?= 0.74
EVAL_MIN_SEALED24_RECALL ?= 0.77
# The twenty-fifth (answers-dev25.jsonl and answers-sealed25.jsonl: head to head, X versus
# Y): first contact 0.669 and 0.656, 0.892 and 0.806 after.
EVAL_MIN_DEV25_RECALL ?= 0.86
EVAL_MIN_SEALED25_RECALL ?= 0.78
# The twenty-sixth (answers-dev26.jsonl and answers-sealed26.jsonl: the metric as the way
# in, by one metric among several, lower is better, which metrics a board reports, metrics
# said short, claims naming a metric): first contact 0.620 and 0.618, 0.893 and 0.825 after.
EVAL_MIN_DEV26_RECALL ?= 0.83
EVAL_MIN_SEALED26_RECALL ?= 0.79
# The twenty-seventh (answers-dev27.jsonl and answers-sealed27.jsonl: the research problem
# as the way in, a task's boards, which tasks a board, model or metric serves, papers on a
# task, fields, tasks said loosely, claims naming a task): first contact 0.662 and 0.656,
# 0.808 and 0.803 after.
EVAL_MIN_DEV27_RECALL ?= 0.77
EVAL_MIN_SEALED27_RECALL ?= 0.77
# The twenty-eighth (answers-dev28.jsonl and answers-sealed28.jsonl: the paper as the way in,
# what a paper evaluated and reports, its metadata and code, its standing on a board, other
# papers on its board, claims naming a paper): first contact 0.627 and 0.513, 0.866 and 0.671 after.
EVAL_MIN_DEV28_RECALL ?= 0.83
EVAL_MIN_SEALED28_RECALL ?= 0.64
# The twenty-ninth (answers-dev29.jsonl and answers-sealed29.jsonl: asked in a second language,
# English carrying the habits of thirteen first languages, a fifth in plain English as a
# control): first contact 0.805 and 0.884, 0.944 and 0.884 after.
EVAL_MIN_DEV29_RECALL ?= 0.91
EVAL_MIN_SEALED29_RECALL ?= 0.85
# The thirtieth (answers-dev30.jsonl and answers-sealed30.jsonl: starting a literature review,
# overviews, approaches, a task's benchmarks, the state of a task, whether the graph holds
# anything on a topic, a fifth as templated controls): first contact 0.716 and 0.703, 0.869 and 0.865 after.
EVAL_MIN_DEV30_RECALL ?= 0.84
EVAL_MIN_SEALED30_RECALL ?= 0.83
# The thirty-first (answers-dev31.jsonl and answers-sealed31.jsonl: a practitioner choosing
# what to use, a model to start from, baselines, the number to beat, a benchmark, reusable
# code, a fifth as templated controls): first contact 0.774 and 0.730, 0.977 and 0.883 after.
EVAL_MIN_DEV31_RECALL ?= 0.95
EVAL_MIN_SEALED31_RECALL ?= 0.86
# The thirty-second (answers-dev32.jsonl and answers-sealed32.jsonl: a newcomer outside the
# field, in plain words, names wrapped in everyday ones, a fifth as templated controls): first
# contact 0.591 and 0.577, 0.869 and 0.741 after.
EVAL_MIN_DEV32_RECALL ?= 0.84
EVAL_MIN_SEALED32_RECALL ?= 0.72
# The thirty-third (answers-dev33.jsonl and answers-sealed33.jsonl: a peer reviewer checking a
# submission against the record, a claim the submission makes and the check after it, the
# number to beat, missing baselines, prior work, a fifth as templated controls): first contact
# 0.741 and 0.757, 0.889 and 0.902 after.
EVAL_MIN_DEV33_RECALL ?= 0.86
EVAL_MIN_SEALED33_RECALL ?= 0.88
# The thirty-fourth (answers-dev34.jsonl and answers-sealed34.jsonl: time, when, since, before,
# the latest, what was best as of a year, claims and counts with a year, most of them on papers
# the graph records no year for, a fifth as templated controls): first contact 0.625 and
# 0.681, 0.851 and 0.847 after.
EVAL_MIN_DEV34_RECALL ?= 0.83
EVAL_MIN_SEALED34_RECALL ?= 0.82
# The thirty-fifth (answers-dev35.jsonl and answers-sealed35.jsonl: questions that say how they
# want the answer, "just the number", "titles only", "yes or no:", "DOIs only, one per line",
# "TL;DR:", "as a table", a fifth as templated controls): first contact 0.812 and 0.784,
# 0.931 and 0.838 after.
EVAL_MIN_DEV35_RECALL ?= 0.90
EVAL_MIN_SEALED35_RECALL ?= 0.82
# The thirty-sixth (answers-dev36.jsonl and answers-sealed36.jsonl: ORKG's own users, with
# its links, ids and words, "https://orkg.org/paper/R…", "what is R44234?", "contribution",
# "research field", a fifth as templated controls): first contact 0.444 and 0.378; with the
# ids read (built before the gold was seen) 0.810 and 0.874; 0.932 and 0.901 after.
EVAL_MIN_DEV36_RECALL ?= 0.90
EVAL_MIN_SEALED36_RECALL ?= 0.87
# The thirty-seventh (answers-dev37.jsonl and answers-sealed37.jsonl: numbers as people write
# them, rounded, as a percent or a fraction, "87,9", "8.8k", "over 50,000", bounds, and
# numbers inside names, "QALD 4", "SQuAD 3.0", "GPT3 175B", a fifth as templated controls):
# first contact 0.827 and 0.845; 0.884 and 0.870 after.
EVAL_MIN_DEV37_RECALL ?= 0.87
EVAL_MIN_SEALED37_RECALL ?= 0.86
SCIQA := $(SHARED_DATA)/sciqa
JARVISQA := $(SHARED_DATA)/jarvisqa-orkg-qa/ORKG-QA-DS.csv
# JarvisQA's ORKG-QA questions, each with its table given (JarvisQA's own setting), just
# under the accuracy reached (see eval/REPORT.md); JarvisQA published 0.346 at k=1.
EVAL_MIN_JARVISQA_ACCURACY ?= 0.75
MIRROR := $(SHARED_DATA)/mirror/orkg-mirror.nt.gz
EVAL_BIN := $(CARGO) run --release --quiet --bin scigraph --
# The trust gold set (eval/gold/trust): twenty development files and the sealed one.
TRUST_SETS := --trust eval/gold/trust/trust-dev.jsonl --trust eval/gold/trust/trust-dev2.jsonl --trust eval/gold/trust/trust-dev3.jsonl --trust eval/gold/trust/trust-dev4.jsonl --trust eval/gold/trust/trust-dev5.jsonl --trust eval/gold/trust/trust-dev6.jsonl --trust eval/gold/trust/trust-dev7.jsonl --trust eval/gold/trust/trust-dev8.jsonl --trust eval/gold/trust/trust-dev9.jsonl --trust eval/gold/trust/trust-dev10.jsonl --trust eval/gold/trust/trust-dev11.jsonl --trust eval/gold/trust/trust-dev12.jsonl --trust eval/gold/trust/trust-dev13.jsonl --trust eval/gold/trust/trust-dev14.jsonl --trust eval/gold/trust/trust-dev15.jsonl --trust eval/gold/trust/trust-dev16.jsonl --trust eval/gold/trust/trust-dev17.jsonl --trust eval/gold/trust/trust-dev18.jsonl --trust eval/gold/trust/trust-dev19.jsonl --trust eval/gold/trust/trust-dev20.jsonl --trust eval/gold/trust/trust-dev21.jsonl --trust eval/gold/trust/trust-dev22.jsonl --trust eval/gold/trust/trust-dev23.jsonl --trust eval/gold/trust/trust-dev24.jsonl --trust eval/gold/trust/trust-dev25.jsonl --trust eval/gold/trust/trust-dev26.jsonl --trust eval/gold/trust/trust-dev27.jsonl --trust eval/gold/trust/trust-dev28.jsonl --trust eval/gold/trust/trust-dev29.jsonl --trust eval/gold/trust/trust-dev30.jsonl --trust eval/gold/trust/trust-dev31.jsonl --trust eval/gold/trust/trust-dev32.jsonl --trust eval/gold/trust/trust-dev33.jsonl --trust eval/gold/trust/trust-dev34.jsonl --trust eval/gold/trust/trust-dev35.jsonl --trust eval/gold/trust/trust-dev36.jsonl --trust eval/gold/trust/trust-dev37.jsonl --trust eval/gold/trust/trust-dev38.jsonl --trust eval/gold/trust/trust-dev39.jsonl --trust eval/gold/trust/trust-dev40.jsonl --trust eval/gold/trust/trust-dev41.jsonl --trust eval/gold/trust/trust-dev42.jsonl --trust eval/gold/trust/trust-dev43.jsonl --trust eval/gold/trust/trust-dev44.jsonl --trust eval/gold/trust/trust-dev45.jsonl --trust eval/gold/trust/trust-dev46.jsonl --trust eval/gold/trust/trust-dev47.jsonl --trust eval/gold/trust/trust-dev48.jsonl --trust eval/gold/trust/trust-dev49.jsonl --trust eval/gold/trust/trust-dev50.jsonl --trust eval/gold/trust/trust-dev51.jsonl --trust eval/gold/trust/trust-dev52.jsonl --trust eval/gold/trust/trust-dev53.jsonl --trust eval/gold/trust/trust-dev54.jsonl --trust eval/gold/trust/trust-dev55.jsonl --trust eval/gold/trust/trust-dev56.jsonl --trust eval/gold/trust/trust-dev57.jsonl --trust eval/gold/trust/trust-dev58.jsonl --trust eval/gold/trust/trust-dev59.jsonl --trust eval/gold/trust/trust-dev60.jsonl --trust eval/gold/trust/trust-sealed.jsonl

.PHONY: eval
eval:
	@mkdir -p eval/out
	$(EVAL_BIN) eval types --questions eval/gold/types.jsonl --json eval/out/types.json --markdown eval/out/types.md --min-accuracy $(EVAL_MIN_TYPE_ACCURACY)
	$(EVAL_BIN) eval types --questions eval/gold/heldout.jsonl --json eval/out/heldout.json --markdown eval/out/heldout.md --min-accuracy $(EVAL_MIN_TYPE_ACCURACY)
	$(EVAL_BIN) eval types --questions eval/gold/blind.jsonl --json eval/out/blind.json --markdown eval/out/blind.md --min-accuracy $(EVAL_MIN_TYPE_ACCURACY)
	@if [ -f "$(MIRROR)" ]; then \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers.jsonl --json eval/out/answers-dev.json --markdown eval/out/answers-dev.md --min-recall $(EVAL_MIN_ANSWER_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev2.jsonl --json eval/out/answers-dev2.json --markdown eval/out/answers-dev2.md --min-recall $(EVAL_MIN_ANSWER_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev3.jsonl --json eval/out/answers-dev3.json --markdown eval/out/answers-dev3.md --min-recall $(EVAL_MIN_ANSWER_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev4.jsonl --json eval/out/answers-dev4.json --markdown eval/out/answers-dev4.md --min-recall $(EVAL_MIN_ANSWER_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev5.jsonl --json eval/out/answers-dev5.json --markdown eval/out/answers-dev5.md --min-recall $(EVAL_MIN_DEV5_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev6.jsonl --json eval/out/answers-dev6.json --markdown eval/out/answers-dev6.md --min-recall $(EVAL_MIN_DEV6_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev7.jsonl --json eval/out/answers-dev7.json --markdown eval/out/answers-dev7.md --min-recall $(EVAL_MIN_DEV7_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev8.jsonl --json eval/out/answers-dev8.json --markdown eval/out/answers-dev8.md --min-recall $(EVAL_MIN_DEV8_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed8.jsonl --json eval/out/answers-sealed8.json --markdown eval/out/answers-sealed8.md --min-recall $(EVAL_MIN_SEALED8_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev9.jsonl --json eval/out/answers-dev9.json --markdown eval/out/answers-dev9.md --min-recall $(EVAL_MIN_DEV9_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed9.jsonl --json eval/out/answers-sealed9.json --markdown eval/out/answers-sealed9.md --min-recall $(EVAL_MIN_SEALED9_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev10.jsonl --json eval/out/answers-dev10.json --markdown eval/out/answers-dev10.md --min-recall $(EVAL_MIN_DEV10_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed10.jsonl --json eval/out/answers-sealed10.json --markdown eval/out/answers-sealed10.md --min-recall $(EVAL_MIN_SEALED10_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev11.jsonl --json eval/out/answers-dev11.json --markdown eval/out/answers-dev11.md --min-recall $(EVAL_MIN_DEV11_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed11.jsonl --json eval/out/answers-sealed11.json --markdown eval/out/answers-sealed11.md --min-recall $(EVAL_MIN_SEALED11_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev12.jsonl --json eval/out/answers-dev12.json --markdown eval/out/answers-dev12.md --min-recall $(EVAL_MIN_DEV12_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed12.jsonl --json eval/out/answers-sealed12.json --markdown eval/out/answers-sealed12.md --min-recall $(EVAL_MIN_SEALED12_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev13.jsonl --json eval/out/answers-dev13.json --markdown eval/out/answers-dev13.md --min-recall $(EVAL_MIN_DEV13_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed13.jsonl --json eval/out/answers-sealed13.json --markdown eval/out/answers-sealed13.md --min-recall $(EVAL_MIN_SEALED13_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev14.jsonl --json eval/out/answers-dev14.json --markdown eval/out/answers-dev14.md --min-recall $(EVAL_MIN_DEV14_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed14.jsonl --json eval/out/answers-sealed14.json --markdown eval/out/answers-sealed14.md --min-recall $(EVAL_MIN_SEALED14_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev15.jsonl --json eval/out/answers-dev15.json --markdown eval/out/answers-dev15.md --min-recall $(EVAL_MIN_DEV15_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed15.jsonl --json eval/out/answers-sealed15.json --markdown eval/out/answers-sealed15.md --min-recall $(EVAL_MIN_SEALED15_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev16.jsonl --json eval/out/answers-dev16.json --markdown eval/out/answers-dev16.md --min-recall $(EVAL_MIN_DEV16_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed16.jsonl --json eval/out/answers-sealed16.json --markdown eval/out/answers-sealed16.md --min-recall $(EVAL_MIN_SEALED16_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev17.jsonl --json eval/out/answers-dev17.json --markdown eval/out/answers-dev17.md --min-recall $(EVAL_MIN_DEV17_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed17.jsonl --json eval/out/answers-sealed17.json --markdown eval/out/answers-sealed17.md --min-recall $(EVAL_MIN_SEALED17_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev18.jsonl --json eval/out/answers-dev18.json --markdown eval/out/answers-dev18.md --min-recall $(EVAL_MIN_DEV18_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed18.jsonl --json eval/out/answers-sealed18.json --markdown eval/out/answers-sealed18.md --min-recall $(EVAL_MIN_SEALED18_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev19.jsonl --json eval/out/answers-dev19.json --markdown eval/out/answers-dev19.md --min-recall $(EVAL_MIN_DEV19_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed19.jsonl --json eval/out/answers-sealed19.json --markdown eval/out/answers-sealed19.md --min-recall $(EVAL_MIN_SEALED19_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev20.jsonl --json eval/out/answers-dev20.json --markdown eval/out/answers-dev20.md --min-recall $(EVAL_MIN_DEV20_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed20.jsonl --json eval/out/answers-sealed20.json --markdown eval/out/answers-sealed20.md --min-recall $(EVAL_MIN_SEALED20_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev21.jsonl --json eval/out/answers-dev21.json --markdown eval/out/answers-dev21.md --min-recall $(EVAL_MIN_DEV21_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed21.jsonl --json eval/out/answers-sealed21.json --markdown eval/out/answers-sealed21.md --min-recall $(EVAL_MIN_SEALED21_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev22.jsonl --json eval/out/answers-dev22.json --markdown eval/out/answers-dev22.md --min-recall $(EVAL_MIN_DEV22_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed22.jsonl --json eval/out/answers-sealed22.json --markdown eval/out/answers-sealed22.md --min-recall $(EVAL_MIN_SEALED22_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev23.jsonl --json eval/out/answers-dev23.json --markdown eval/out/answers-dev23.md --min-recall $(EVAL_MIN_DEV23_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed23.jsonl --json eval/out/answers-sealed23.json --markdown eval/out/answers-sealed23.md --min-recall $(EVAL_MIN_SEALED23_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev24.jsonl --json eval/out/answers-dev24.json --markdown eval/out/answers-dev24.md --min-recall $(EVAL_MIN_DEV24_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed24.jsonl --json eval/out/answers-sealed24.json --markdown eval/out/answers-sealed24.md --min-recall $(EVAL_MIN_SEALED24_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev25.jsonl --json eval/out/answers-dev25.json --markdown eval/out/answers-dev25.md --min-recall $(EVAL_MIN_DEV25_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed25.jsonl --json eval/out/answers-sealed25.json --markdown eval/out/answers-sealed25.md --min-recall $(EVAL_MIN_SEALED25_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev26.jsonl --json eval/out/answers-dev26.json --markdown eval/out/answers-dev26.md --min-recall $(EVAL_MIN_DEV26_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed26.jsonl --json eval/out/answers-sealed26.json --markdown eval/out/answers-sealed26.md --min-recall $(EVAL_MIN_SEALED26_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev27.jsonl --json eval/out/answers-dev27.json --markdown eval/out/answers-dev27.md --min-recall $(EVAL_MIN_DEV27_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed27.jsonl --json eval/out/answers-sealed27.json --markdown eval/out/answers-sealed27.md --min-recall $(EVAL_MIN_SEALED27_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev28.jsonl --json eval/out/answers-dev28.json --markdown eval/out/answers-dev28.md --min-recall $(EVAL_MIN_DEV28_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed28.jsonl --json eval/out/answers-sealed28.json --markdown eval/out/answers-sealed28.md --min-recall $(EVAL_MIN_SEALED28_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev29.jsonl --json eval/out/answers-dev29.json --markdown eval/out/answers-dev29.md --min-recall $(EVAL_MIN_DEV29_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed29.jsonl --json eval/out/answers-sealed29.json --markdown eval/out/answers-sealed29.md --min-recall $(EVAL_MIN_SEALED29_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev30.jsonl --json eval/out/answers-dev30.json --markdown eval/out/answers-dev30.md --min-recall $(EVAL_MIN_DEV30_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed30.jsonl --json eval/out/answers-sealed30.json --markdown eval/out/answers-sealed30.md --min-recall $(EVAL_MIN_SEALED30_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev31.jsonl --json eval/out/answers-dev31.json --markdown eval/out/answers-dev31.md --min-recall $(EVAL_MIN_DEV31_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed31.jsonl --json eval/out/answers-sealed31.json --markdown eval/out/answers-sealed31.md --min-recall $(EVAL_MIN_SEALED31_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev32.jsonl --json eval/out/answers-dev32.json --markdown eval/out/answers-dev32.md --min-recall $(EVAL_MIN_DEV32_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed32.jsonl --json eval/out/answers-sealed32.json --markdown eval/out/answers-sealed32.md --min-recall $(EVAL_MIN_SEALED32_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev33.jsonl --json eval/out/answers-dev33.json --markdown eval/out/answers-dev33.md --min-recall $(EVAL_MIN_DEV33_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed33.jsonl --json eval/out/answers-sealed33.json --markdown eval/out/answers-sealed33.md --min-recall $(EVAL_MIN_SEALED33_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev34.jsonl --json eval/out/answers-dev34.json --markdown eval/out/answers-dev34.md --min-recall $(EVAL_MIN_DEV34_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed34.jsonl --json eval/out/answers-sealed34.json --markdown eval/out/answers-sealed34.md --min-recall $(EVAL_MIN_SEALED34_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev35.jsonl --json eval/out/answers-dev35.json --markdown eval/out/answers-dev35.md --min-recall $(EVAL_MIN_DEV35_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed35.jsonl --json eval/out/answers-sealed35.json --markdown eval/out/answers-sealed35.md --min-recall $(EVAL_MIN_SEALED35_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev36.jsonl --json eval/out/answers-dev36.json --markdown eval/out/answers-dev36.md --min-recall $(EVAL_MIN_DEV36_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed36.jsonl --json eval/out/answers-sealed36.json --markdown eval/out/answers-sealed36.md --min-recall $(EVAL_MIN_SEALED36_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-dev37.jsonl --json eval/out/answers-dev37.json --markdown eval/out/answers-dev37.md --min-recall $(EVAL_MIN_DEV37_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed37.jsonl --json eval/out/answers-sealed37.json --markdown eval/out/answers-sealed37.md --min-recall $(EVAL_MIN_SEALED37_RECALL) && \
		$(EVAL_BIN) eval answers --dump $(MIRROR) --questions eval/gold/answers-sealed.jsonl --json eval/out/answers-sealed.json --markdown eval/out/answers-sealed.md --min-recall $(EVAL_MIN_ANSWER_RECALL); \
	else \
		echo "skipping the answer sets: $(MIRROR) not found (../shared sits beside the checkout in CI)"; \
		printf '### Answers\n\nSkipped: ../shared/data/orkg was not found.\n' > eval/out/answers-dev.md; rm -f eval/out/answers-dev2.md eval/out/answers-dev3.md eval/out/answers-dev4.md eval/out/answers-dev5.md eval/out/answers-dev6.md eval/out/answers-dev7.md eval/out/answers-dev8.md eval/out/answers-sealed8.md eval/out/answers-sealed.md; \
	fi
	@if [ -f "$(MIRROR)" ] && [ -f "$(JARVISQA)" ]; then \
		$(EVAL_BIN) eval jarvisqa --dump $(MIRROR) --questions $(JARVISQA) --json eval/out/jarvisqa.json --markdown eval/out/jarvisqa.md --min-accuracy $(EVAL_MIN_JARVISQA_ACCURACY) && \
		$(EVAL_BIN) eval jarvisqa --dump $(MIRROR) --questions eval/gold/comparisons-dev.jsonl --json eval/out/comparisons-dev.json --markdown eval/out/comparisons-dev.md && \
		$(EVAL_BIN) eval jarvisqa --dump $(MIRROR) --questions eval/gold/comparisons-sealed.jsonl --json eval/out/comparisons-sealed.json --markdown eval/out/comparisons-sealed.md; \
	else \
		echo "skipping the comparison sets: $(MIRROR) or $(JARVISQA) not found"; \
		rm -f eval/out/jarvisqa.md eval/out/comparisons-dev.md eval/out/comparisons-sealed.md; \
	fi
	@if [ -f "$(MIRROR)" ]; then \
		$(EVAL_BIN) eval ablations --dump $(MIRROR) $(TRUST_SETS) --answers eval/gold/answers.jsonl --answers eval/gold/answers-sealed.jsonl --json eval/out/ablations.json --markdown eval/out/ablations.md; \
	else \
		$(EVAL_BIN) eval ablations --trust-only $(TRUST_SETS) --json eval/out/ablations.json --markdown eval/out/ablations.md; \
	fi
	@if [ -d "$(SCIQA)" ] && [ -f "$(MIRROR)" ]; then \
		$(EVAL_BIN) eval sciqa --dump $(MIRROR) --questions $(SCIQA)/test/questions.json --answers $(SCIQA)/test/answers.json --json eval/out/sciqa-test.json --markdown eval/out/sciqa-test.md --min-f1 $(EVAL_MIN_SCIQA_F1) && \
		$(EVAL_BIN) eval sciqa --dump $(MIRROR) --questions $(SCIQA)/valid/questions.json --answers $(SCIQA)/valid/answers.json --json eval/out/sciqa-valid.json --markdown eval/out/sciqa-valid.md && \
		$(EVAL_BIN) eval sciqa --dump $(MIRROR) --questions $(SCIQA)/train/questions.json --answers $(SCIQA)/train/answers.json --json eval/out/sciqa-train.json --markdown eval/out/sciqa-train.md; \
	else \
		echo "skipping SciQA: $(SCIQA) or $(MIRROR) not found (../shared sits beside the checkout in CI)"; \
		printf '### SciQA\n\nSkipped: ../shared/data/orkg was not found.\n' > eval/out/sciqa-test.md; \
		rm -f eval/out/sciqa-valid.md eval/out/sciqa-train.md; \
	fi
	@{ printf '# Evaluation report\n\nGenerated by `make eval` on %s (%s cores, %s). No LLM.\n\n' "$$(date -u +%Y-%m-%d)" "$$(nproc)" "$$(free -h | awk '/Mem:/{print $$2}')"; \
	   cat eval/NOTES.md; echo; cat eval/out/types.md; echo; cat eval/out/heldout.md; echo; cat eval/out/blind.md; echo; \
	   for f in answers-dev answers-dev2 answers-dev3 answers-dev4 answers-dev5 answers-dev6 answers-dev7 answers-dev8 answers-sealed8 answers-dev9 answers-sealed9 answers-dev10 answers-sealed10 answers-dev11 answers-sealed11 answers-dev12 answers-sealed12 answers-dev13 answers-sealed13 answers-dev14 answers-sealed14 answers-dev15 answers-sealed15 answers-dev16 answers-sealed16 answers-dev17 answers-sealed17 answers-dev18 answers-sealed18 answers-dev19 answers-sealed19 answers-dev20 answers-sealed20 answers-dev21 answers-sealed21 answers-dev22 answers-sealed22 answers-dev23 answers-sealed23 answers-dev24 answers-sealed24 answers-dev25 answers-sealed25 answers-dev26 answers-sealed26 answers-dev27 answers-sealed27 answers-dev28 answers-sealed28 answers-dev29 answers-sealed29 answers-dev30 answers-sealed30 answers-dev31 answers-sealed31 answers-dev32 answers-sealed32 answers-dev33 answers-sealed33 answers-dev34 answers-sealed34 answers-dev35 answers-sealed35 answers-dev36 answers-sealed36 answers-dev37 answers-sealed37 answers-sealed jarvisqa comparisons-dev comparisons-sealed ablations sciqa-test sciqa-valid sciqa-train; do [ -f eval/out/$$f.md ] && { cat eval/out/$$f.md; echo; }; done; } > eval/REPORT.md
	@echo "wrote eval/REPORT.md"

## Speed and cost: criterion benchmarks of the pure stages, then (with ../shared) the service
## on the mirror at concurrency 1/8/32, the loader against oxigraph's bulk loader, and a
## synthetic ORKG-sized graph at 6.3 M and 12.6 M triples: the mixed workload in memory, on
## the RocksDB store and (6.3 M) over Virtuoso. Takes about an hour on 2 cores; figures land
## in bench/out/; BENCHMARKS.md explains them.
BENCH_BIN := $(or $(CARGO_TARGET_DIR),target)/release/scigraph-bench
RELEASE_BIN := $(or $(CARGO_TARGET_DIR),target)/release/scigraph
SYNTHETIC := /var/tmp/scigraph-synthetic-50k.nt.gz
# The mixed workload drawn from the synthetic graph (all six types, head and tail; seeded).
WORKLOAD := /var/tmp/scigraph-synthetic-50k.questions.jsonl
STORE := /var/tmp/scigraph-synthetic-50k.store
# Twice the size, for the growth table.
SYNTHETIC_2X := /var/tmp/scigraph-synthetic-100k.nt.gz
WORKLOAD_2X := /var/tmp/scigraph-synthetic-100k.questions.jsonl
STORE_2X := /var/tmp/scigraph-synthetic-100k.store
# Virtuoso's page buffers for the 6.3 M graph (about 3 GB).
BENCH_VIRTUOSO_BUFFERS ?= 340000

.PHONY: bench bench-stages
bench-stages:
	$(CARGO) bench --bench stages

bench: bench-stages
	$(CARGO) build --release --features rocksdb --bins
	@mkdir -p bench/out
	@if [ -f "$(MIRROR)" ]; then \
		$(BENCH_BIN) service --dump $(MIRROR) --questions $(SCIQA)/test/questions.json --out bench/out/service.json && \
		$(BENCH_BIN) load --file $(MIRROR) --store-dir /var/tmp/scigraph-bench-stores > bench/out/load-mirror.json; \
	else echo "skipping the service and load benchmarks: $(MIRROR) not found"; fi
	$(BENCH_BIN) generate --papers 50000 --out $(SYNTHETIC) --questions $(WORKLOAD)
	$(BENCH_BIN) mixed --questions $(WORKLOAD) --dump $(SYNTHETIC) --concurrency 1,8 --in-process --bare --out bench/out/mixed-memory.json
	rm -rf $(STORE) $(STORE).*; $(RELEASE_BIN) load --store $(STORE) $(SYNTHETIC) | tee bench/out/load-store.txt
	$(BENCH_BIN) mixed --questions $(WORKLOAD) --store $(STORE) --concurrency 1,8 --in-process --bare --out bench/out/mixed-store.json
	SCIGRAPH_PRECOMPUTED_ROWS=off $(BENCH_BIN) mixed --questions $(WORKLOAD) --store $(STORE) --concurrency 1 --out bench/out/mixed-store-no-rows.json
	VIRTUOSO_BUFFERS=$(BENCH_VIRTUOSO_BUFFERS) scripts/virtuoso.sh start $(VIRTUOSO_DIR) $(SYNTHETIC) && \
		$(BENCH_BIN) mixed --questions $(WORKLOAD) --endpoint $(VIRTUOSO_URL) --concurrency 1,8 --out bench/out/mixed-virtuoso.json && \
		SCIGRAPH_REMOTE_BOARDS=on $(BENCH_BIN) mixed --questions $(WORKLOAD) --endpoint $(VIRTUOSO_URL) --concurrency 1,8 --out bench/out/mixed-virtuoso-boards.json; \
		status=$$?; scripts/virtuoso.sh stop $(VIRTUOSO_DIR); exit $$status
	$(BENCH_BIN) generate --papers 100000 --out $(SYNTHETIC_2X) --questions $(WORKLOAD_2X)
	rm -rf $(STORE_2X) $(STORE_2X).*; $(RELEASE_BIN) load --store $(STORE_2X) $(SYNTHETIC_2X) | tee bench/out/load-store-2x.txt
	$(BENCH_BIN) mixed --questions $(WORKLOAD_2X) --store $(STORE_2X) --concurrency 1,8 --out bench/out/mixed-store-2x.json
	$(BENCH_BIN) mixed --questions $(WORKLOAD_2X) --dump $(SYNTHETIC_2X) --concurrency 1 --out bench/out/mixed-memory-2x.json
	$(BENCH_BIN) scale --dump $(SYNTHETIC) > bench/out/scale.json
	$(BENCH_BIN) load --file $(SYNTHETIC) --store-dir /var/tmp/scigraph-bench-stores > bench/out/load-synthetic.json
	@echo "figures in bench/out/; see BENCHMARKS.md"

## ORKG's real engine: starts Virtuoso on 127.0.0.1 (installing it if missing), loads the
## demo graph and checks the remote backend's answers against the embedded store's; then
## reloads it with the SciQA mirror from ../shared (which must be there) and scores the test
## split over both.
VIRTUOSO_DIR ?= /tmp/scigraph-virtuoso
VIRTUOSO_URL = http://127.0.0.1:$${VIRTUOSO_HTTP_PORT:-18890}/sparql
.PHONY: test-virtuoso
test-virtuoso:
	$(CARGO) test --no-run --test virtuoso
	scripts/virtuoso.sh start $(VIRTUOSO_DIR)
	$(REQUIRE_SERVICES) SCIGRAPH_VIRTUOSO_URL=$(VIRTUOSO_URL) $(CARGO) test --test virtuoso -- demo_ character_references; \
		status=$$?; scripts/virtuoso.sh stop $(VIRTUOSO_DIR); exit $$status
	@if [ ! -f "$(MIRROR)" ] || [ ! -d "$(SCIQA)" ]; then \
		echo "test-virtuoso: $(MIRROR) or $(SCIQA) not found (../shared sits beside the checkout in CI)"; exit 1; \
	fi
	scripts/virtuoso.sh start $(VIRTUOSO_DIR) $(MIRROR) && \
		$(REQUIRE_SERVICES) SCIGRAPH_VIRTUOSO_MIRROR_URL=$(VIRTUOSO_URL) $(CARGO) test --test virtuoso -- mirror_ --nocapture; \
		status=$$?; scripts/virtuoso.sh stop $(VIRTUOSO_DIR); exit $$status

## Opt-in: a real small LLM (Gemma 3 270M, from PyPI, run by llama.cpp via node-llama-cpp
## from npm) served on 127.0.0.1, and the pipeline driven through both LLM clients against
## it. Structure only: 200s, parsed output, labels in the allowed set, citations within the
## sources, announced fallbacks. Downloads about 300 MB on first use; not part of `make test`.
LLM_PORT ?= 18434
.PHONY: test-llm
test-llm:
	$(CARGO) test --no-run --test real_llm
	PORT=$(LLM_PORT) scripts/llm/serve.sh
	$(REQUIRE_SERVICES) SCIGRAPH_REAL_LLM_URL=http://127.0.0.1:$(LLM_PORT) $(CARGO) test --test real_llm -- --nocapture --test-threads 1; \
		status=$$?; PORT=$(LLM_PORT) scripts/llm/serve.sh stop; exit $$status

## Fuzz question -> built queries for FUZZ_SECONDS (no panic, every query a valid SELECT).
## cargo-fuzz wants nightly flags; RUSTC_BOOTSTRAP lets the stable toolchain take them, and
## no sanitizer is used (-s none), so only coverage instrumentation is added.
FUZZ_SECONDS ?= 60
.PHONY: fuzz
fuzz:
	@command -v cargo-fuzz >/dev/null || $(CARGO) install cargo-fuzz --locked
	RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR=$${FUZZ_TARGET_DIR:-/var/tmp/scigraph-fuzz-target} \
		$(CARGO) fuzz run question_to_queries --fuzz-dir fuzz -s none -- -max_total_time=$(FUZZ_SECONDS)
