# scigraph: the two set-up commands are `make run` and `make test`.
SHELL := /bin/bash
CARGO ?= cargo
# Where ../shared (ORKG data beside the checkout) lives; tests that need it are separate.
SHARED_DATA ?= $(abspath $(CURDIR)/../shared/data/orkg)
export SCIGRAPH_SHARED_DATA := $(SHARED_DATA)

.PHONY: run build release test test-shared test-rocksdb test-all fmt lint clean

## Build and serve the bundled demo graph on 127.0.0.1:8000 (embedded, no LLM, no network).
run:
	$(CARGO) run --release --bin scigraph -- serve

build:
	$(CARGO) build

release:
	$(CARGO) build --release

## The repository's own tests: no network, no ../shared needed.
test:
	$(CARGO) test --lib --bins --test api

## Tests over the real ORKG-derived data in ../shared (skipped with a message when absent).
test-shared:
	@if [ -d "$(SHARED_DATA)" ]; then \
		$(CARGO) test --test shared_data; \
	else \
		echo "skipping test-shared: $(SHARED_DATA) not found (it sits beside the checkout in CI)"; \
	fi

## The on-disk RocksDB variant: the whole suite again with --features rocksdb (needs libclang-dev).
test-rocksdb:
	$(CARGO) test --features rocksdb --lib --bins --test api
	@if [ -d "$(SHARED_DATA)" ]; then \
		$(CARGO) test --features rocksdb --test shared_data; \
	else \
		echo "skipping shared-data tests with rocksdb: $(SHARED_DATA) not found"; \
	fi

test-all: test test-shared test-rocksdb

fmt:
	$(CARGO) fmt --all

lint:
	$(CARGO) clippy --all-targets -- -D warnings

clean:
	$(CARGO) clean
