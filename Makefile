# pfkit: two commands on a fresh machine.
#   make conformance   every implementation over every vector, the matrix printed
#   make test          everything: format, vet, unit tests, features, vectors,
#                      NumPy cross-checks, Node and Python suites, docs, conformance
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

GO      ?= go
PYTHON  ?= python3
VENV    := python/.venv
VPY     := $(VENV)/bin/python
VENV1   := python/.venv-numpy1
PFKIT   := bin/pfkit

.PHONY: all test conformance setup setup-numpy1 setup-browser bin lint go-test python-test python-numpy1 node-test \
        browser-test records-agree cli-test \
        vectors vectors-check fuzz docs-check docs-sync docs-test bench clean

all: test

setup: $(VENV)/.installed

# The virtual environment holds the pinned NumPy and pytest (python/requirements-dev.txt).
$(VENV)/.installed: python/requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r python/requirements-dev.txt
	touch $@

# A second environment with the oldest NumPy 1.x that installs on Python 3.11,
# to prove the selfpoker deck stream did not change between NumPy 1 and 2.
setup-numpy1: $(VENV1)/.installed

$(VENV1)/.installed: python/requirements-numpy1.txt
	$(PYTHON) -m venv $(VENV1)
	$(VENV1)/bin/python -m pip install --quiet --disable-pip-version-check --only-binary=:all: -r python/requirements-numpy1.txt
	touch $@

# Debian's chromium for browser-test, installed when missing: apt-get as root,
# or through passwordless sudo. PFKIT_CHROMIUM names another Chromium or Chrome
# binary instead (then nothing is installed).
CHROMIUM := $(or $(PFKIT_CHROMIUM),/usr/bin/chromium)

setup-browser:
	@if [ -x "$(CHROMIUM)" ]; then exit 0; fi; \
	if [ -n "$${PFKIT_CHROMIUM:-}" ]; then echo "PFKIT_CHROMIUM=$$PFKIT_CHROMIUM is not an executable file"; exit 1; fi; \
	if ! command -v apt-get >/dev/null; then \
	  echo "Chromium is missing and there is no apt-get: install Chromium or Chrome and set PFKIT_CHROMIUM"; exit 1; fi; \
	if [ "$$(id -u)" = 0 ]; then sudo=; elif sudo -n true 2>/dev/null; then sudo="sudo -n"; else \
	  echo "Chromium is missing: run 'sudo apt-get install chromium' (or set PFKIT_CHROMIUM), then make again"; exit 1; fi; \
	echo "installing Debian's chromium for the browser test"; \
	$$sudo apt-get update -qq && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	test -x "$(CHROMIUM)" || { echo "apt-get installed chromium, but $(CHROMIUM) is still missing"; exit 1; }

bin: $(PFKIT)

$(PFKIT): go.mod go.sum pfkit.go $(shell find go -name '*.go' -not -name '*_test.go') $(shell find go -name '*.s') spec/schemas/*.json
	$(GO) build -o $(PFKIT) ./go/cmd/pfkit

lint:
	@out=$$(gofmt -l go pfkit.go); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

go-test: setup
	PFKIT_PYTHON=$(CURDIR)/$(VPY) $(GO) test ./...

python-test: setup bin
	$(VPY) tools/spec_extract.py --check
	PFKIT_BIN=$(PFKIT) $(VPY) -m pytest -q python/tests
	$(VPY) python/snippet_check.py

# verifier.js: every vector directly, unit tests, records compared with the Go
# binary on hundreds of tampered variants (PFKIT_BIN), the snippet.
node-test: bin
	cd node && PFKIT_BIN=$(CURDIR)/$(PFKIT) node --test
	node node/snippet-check.js

# The offline page in a real, headless Chromium (setup-browser provides it): it
# verifies a record, catches a tampered one, and makes no network request.
browser-test: setup-browser
	node node/browser-test.js

# Every subcommand of pfkit, python -m pfkit, node/verify.js and the adapters:
# stray words and flags refused (exit 2, nothing written), --help on standard
# output, flags after file names; and the README's examples as written.
cli-test: bin setup
	PFKIT_BIN=$(CURDIR)/$(PFKIT) $(VPY) -m pytest -q tools/tests/test_cli.py

# Go, Python and Node give the same verdict, checks and mismatches on every
# example record.
records-agree: bin setup
	$(PYTHON) tools/records_agree.py

python-numpy1: setup-numpy1
	PFKIT_EXPECT_NUMPY=$(shell sed -n "s/^numpy==//p" python/requirements-numpy1.txt) $(VENV1)/bin/python -m pytest -q python/tests -m selfpoker

# The localized pages: every embedded snippet identical to its canonical file,
# the same snippets and facts in every locale (docs-check); rewrite every copy
# from the canonical files (docs-sync); and run the snippets as the pages show
# them on vector inputs, plus the tool's own tests (docs-test).
docs-check:
	$(PYTHON) tools/docs.py check

docs-sync:
	$(PYTHON) tools/docs.py sync

docs-test: setup
	$(PYTHON) tools/docs.py check
	$(PYTHON) tools/docs.py run
	$(VPY) -m pytest -q tools/tests --ignore=tools/tests/test_cli.py

# Every fuzz target for a bounded time (FUZZTIME each); the committed corpora in
# testdata/fuzz also run as plain tests in go-test.
FUZZTIME ?= 5s
FUZZ_TARGETS := strictjson:FuzzParse ops:FuzzEval record:FuzzVerify merkle:FuzzProof stream:FuzzSampler stream:FuzzBatchedStream numpyrng:FuzzPCG64

fuzz:
	@for t in $(FUZZ_TARGETS); do pkg=$${t%%:*}; fn=$${t##*:}; \
	  echo "fuzz $$fn ($(FUZZTIME))"; \
	  log=$$(mktemp); $(GO) test -run '^$$' -fuzz "^$$fn$$" -fuzztime $(FUZZTIME) ./go/internal/$$pkg >$$log 2>&1 || \
	    { grep -v '^fuzz: elapsed' $$log | tail -30; echo "FAIL $$fn: rerun with go test -run '^$$' -fuzz '^$$fn$$' ./go/internal/$$pkg"; exit 1; }; \
	  rm -f $$log; done

vectors: bin
	$(PFKIT) vectors generate

vectors-check: bin
	$(PFKIT) vectors check

conformance: bin setup
	$(PFKIT) conform --impl go
	$(PFKIT) conform --impl node
	$(PFKIT) conform --impl python

test: lint go-test vectors-check node-test python-test python-numpy1 records-agree cli-test browser-test docs-test fuzz conformance

# Figures side by side in one run; the last line is one JSON object (tools/bench.py).
bench: bin setup
	$(PYTHON) tools/bench.py

clean:
	rm -rf bin $(VENV) $(VENV1)
