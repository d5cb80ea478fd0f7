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
# The module's packages: the root and go/. Not ./..., which would take in a Go
# file that an npm package under node/node_modules happens to ship.
GOPKGS  := . ./go/...
# Go builds without cgo, as the released binaries are (make dist): pfkit calls
# no C, and a cold cache then runs no C compiler (gcc for runtime/cgo, net and
# os/user: 2 to 3 s of processor time in a cold build of bin/pfkit, three runs
# of each in turn). CGO_ENABLED=1 in the environment builds with it.
export CGO_ENABLED ?= 0
# The tests leave out testify's YAML parser (the kit calls no YAMLEq): a
# package less to compile from a cold cache and to link into every test
# binary. Build tags do not change the other packages' cache entries.
GOTESTTAGS := -tags testify_yaml_fail

.PHONY: all test test-stages check generated-check generated-files-check spec-check conformance conformance-matrix setup setup-numpy1 setup-browser setup-node bin lint lint-quick lint-py lint-go lint-js setup-lint-go \
        go-test go-check python-test python-check python-numpy1 node-test node-check verifier verifier-check browser-test records-agree cli-test stats-test \
        schemas schemas-check tables tables-check rules rules-check setup-dist dist dist-test version version-check readme-test \
        vectors vectors-check catalog catalog-check fuzz docs-check docs-sync docs-test limits-test bench clean

all: test

# Output a person can read: each stage of make test prints a line or a few
# that sum it up (go test's ok/FAIL lines, pytest's "N passed", node --test's
# summary, "N passed, N failed"), and the details only of what failed.
# VERBOSE=1 (make test VERBOSE=1, make node-test VERBOSE=1) prints everything:
# every test, every record, every case, every matrix.
VERBOSE ?=
LOUD    := $(filter-out 0,$(VERBOSE))
# $(call quietly,FILTER,COMMAND): COMMAND, its output kept aside; when it
# succeeds, what FILTER keeps of it (its summary: tail -n 1), when it fails,
# all of it. With VERBOSE=1, COMMAND as it is. Neither holds a comma (make
# splits on them; a variable holding one is fine).
quietly = $(if $(LOUD),$(2),@printf '%s\n' '$(subst ','\'',$(2))'; log=$$(mktemp); \
  if $(2) >$$log 2>&1; then $(1) <$$log || true; rm -f $$log; else cat $$log; rm -f $$log; exit 1; fi)
LAST    := tail -n 1

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

# What make dist adds to python/.venv: the build frontend and setuptools, so
# that the wheel and sdist build offline (python/requirements-dist.txt).
setup-dist: $(VENV)/.dist-installed

$(VENV)/.dist-installed: $(VENV)/.installed python/requirements-dist.txt
	$(VPY) -m pip install --quiet --disable-pip-version-check -r python/requirements-dist.txt
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

$(PFKIT): go.mod go.sum pfkit.go VERSION $(shell find go -name '*.go' -not -name '*_test.go') $(shell find go -name '*.s') spec/schemas/*.json
	$(GO) build -buildvcs=auto -o $(PFKIT) ./go/cmd/pfkit

# Every linter the project uses, each pinned: gofmt, go vet and staticcheck
# (lint-go), ruff (lint-py), node --check and ESLint (lint-js).
lint: lint-go lint-py lint-js

# lint, and staticcheck (honnef.co/go/tools) with every check, pinned and
# installed into bin/ by setup-lint-go from the Go module proxy the first time
# (staticcheck 0.8.2 builds with Go 1.26 or later; an older go command fetches
# that toolchain by itself). STATICCHECK names another binary instead.
STATICCHECK_VERSION := 0.8.2
STATICCHECK_STAMP   := bin/.staticcheck-$(STATICCHECK_VERSION)
STATICCHECK         ?= bin/staticcheck

setup-lint-go: $(STATICCHECK_STAMP)

$(STATICCHECK_STAMP):
	mkdir -p bin
	GOBIN=$(CURDIR)/bin $(GO) install honnef.co/go/tools/cmd/staticcheck@v$(STATICCHECK_VERSION)
	touch $@

lint-go: setup-lint-go
	@out=$$(gofmt -l go pfkit.go); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet $(GOPKGS)
	$(STATICCHECK) -checks all $(GOPKGS)

# Python: ruff (pinned in python/requirements-dev.txt, configured in ruff.toml)
# over python/, tools/ and tests/; the generated spec.py and schema data are left out.
lint-py: setup
	$(VENV)/bin/ruff check python tools tests

go-test: setup
	PFKIT_PYTHON=$(CURDIR)/$(VPY) $(GO) test $(GOTESTTAGS) $(GOPKGS)

# make check's share of them: go test -short, which skips or shortens what
# repeats another check of make check (the vectors regenerated, which
# vectors-check does) or is a long form (the mutation suites, adapters run over
# the vector files), and leaves out the Gherkin features (go/internal/bdd, whose
# godog dependencies are most of what a cold cache compiles for the tests);
# make test runs them all in full. -vet=off: go vet runs in make lint.
# -ldflags='-s -w': the test binaries are linked without a symbol table or
# DWARF, which nearly halves their linking (for the 32 of them, 21.6 s of
# processor time down to 12.2 s: go test -c -o DIR/ from a warm cache); the
# packages compile with bin/pfkit's flags, one cache entry each.
GOCHECKPKGS = . $(filter-out %/bdd,$(shell $(GO) list ./go/...))

go-check: setup
	PFKIT_PYTHON=$(CURDIR)/$(VPY) $(GO) test $(GOTESTTAGS) -short -vet=off -ldflags='-s -w' $(GOCHECKPKGS)

# make check's linters: those that compile nothing (gofmt, ruff, ESLint). go vet
# and staticcheck type-check every package again, which from a cold cache costs
# more than all of make check's tests: they run in make lint, part of make test.
lint-quick: setup setup-node
	@out=$$(gofmt -l go pfkit.go); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(VENV)/bin/ruff check python tools tests
	cd node && node_modules/.bin/eslint --max-warnings 0 .

python-test: setup bin
	$(call quietly,$(LAST),PFKIT_BIN=$(PFKIT) $(VPY) -m pytest -q python/tests)
	$(call quietly,$(LAST),$(VPY) python/snippet_check.py)

# make check's share: the tests not marked long (python/pyproject.toml): every
# vector again, the Go reference side by side and the long forms are left to
# make test; conformance runs every vector through the Python runner.
python-check: setup bin
	$(call quietly,$(LAST),PFKIT_BIN=$(PFKIT) $(VPY) -m pytest -q -m 'not long' python/tests)
	$(call quietly,$(LAST),$(VPY) python/snippet_check.py)

# ESLint and its rules, pinned in node/package-lock.json, for lint-js only:
# verifier.js and the package have no dependencies. npm ci runs again when
# package.json or the lock file changes.
setup-node: node/node_modules/.installed

node/node_modules/.installed: node/package.json node/package-lock.json
	cd node && npm ci --silent --no-audit --no-fund
	touch $@

# Every JavaScript file of node/ parses (node --check), and ESLint's
# recommended rules hold, with no function over 100 lines (node/eslint.config.js).
lint-js: setup-node
	@for f in $$(find node -name '*.js' -not -path 'node/node_modules/*' | sort); do node --check "$$f" || exit 1; done
	cd node && node_modules/.bin/eslint --max-warnings 0 .

# verifier.js is assembled from the modules in node/src (node/build.js): write
# it (verifier), or fail while the committed file is stale (verifier-check).
verifier:
	node node/build.js

verifier-check:
	node node/build.js --check

# verifier.js: every vector directly, unit tests, records compared with the Go
# binary on hundreds of tampered variants (PFKIT_BIN), the snippet. The suites
# are test/ only (node --test with no argument would find the same files:
# nothing else in node/ is named like a test); node/summary-reporter.js prints
# one line for them, and each failing test in full.
NODE_REPORTER := $(if $(LOUD),spec,./summary-reporter.js)

node-test: bin verifier-check
	cd node && PFKIT_BIN=$(CURDIR)/$(PFKIT) node --test --test-reporter=$(NODE_REPORTER) test/
	$(call quietly,$(LAST),node node/snippet-check.js)

# make check's share: PFKIT_SHORT=1 skips the vector cases (conformance runs
# them through node/verify.js) and the snippet check's runs over every vector;
# without PFKIT_BIN, the comparisons with the Go binary are left to make test.
node-check: verifier-check
	cd node && PFKIT_SHORT=1 node --test --test-reporter=$(NODE_REPORTER) test/
	$(call quietly,$(LAST),node node/snippet-check.js)

# The offline page in a real, headless Chromium (setup-browser provides it): it
# verifies a record, catches a tampered one, and makes no network request.
# Its time, with the same 127 checks, on the shared two-core machine:
#   /usr/bin/time -f '%e s wall, %U s user, %S s sys' make browser-test
# 187 s of wall time before (50 s user, 5 s system; load 3.5), 52 to 62 s
# after (15 to 18 s user, 2 s system; load 2 to 3.5), 110 s beside a
# `go test -count=1 ./go/...` that kept both cores busy. /usr/bin/time counts
# node and Chromium's browser process, not its renderers (node does not reap
# them): PFKIT_BROWSER_TIMES=1 prints each phase's wall time and the processor
# time of every Chromium process, 156 s before and 131 s after.
browser-test: setup-browser
	$(call quietly,$(LAST),node node/browser-check.js)

# Every subcommand of pfkit, python -m pfkit, node/verify.js and the adapters:
# stray words and flags refused (exit 2, nothing written), --help on standard
# output, flags after file names; and the README's examples as written.
cli-test: bin setup
	$(call quietly,$(LAST),PFKIT_BIN=$(CURDIR)/$(PFKIT) $(VPY) -m pytest -q tests/test_cli.py)

# Go, Python and Node give the same verdict, checks and mismatches on every
# example record, and the same text report byte for byte (TXT-1 to TXT-3);
# each disagreement is printed, and with VERBOSE=1 every record that agrees.
records-agree: bin setup
	$(PYTHON) tools/cross/records_agree.py

# Hostile input (spec LIM-1 to LIM-5): 256 MiB streamed through every input
# path of every implementation under 64 MiB of memory (tools/cross/streams.py); every
# shape that builds many small values (tools/cross/shapes.py --quick: a 16 MiB record
# through each verifier, 8 lines of 1 MiB through each runner, an audit) within
# its goal; and the three implementations giving the same verdicts on generated
# hostile records and runner lines (tools/cross/differential.py). make bench runs the
# streams in every shape, the shapes at 256 MiB and the differential at 16 MiB.
limits-test: bin setup
	$(call quietly,$(LAST),$(PYTHON) tools/cross/streams.py)
	$(call quietly,$(LAST),$(PYTHON) tools/cross/shapes.py --quick)
	$(call quietly,$(LAST),$(PYTHON) tools/cross/differential.py)
	$(call quietly,$(LAST),$(PYTHON) tools/cross/refusals.py)

# Python and verifier.js carry generated copies of spec/schemas/record_*.json
# (python/src/pfkit/_record_schemas_data.py and node/src/record_schemas.js, which
# node/build.js assembles into verifier.js). After changing a schema: make
# schemas. make test fails while a copy is stale.
schemas:
	$(PYTHON) tools/gen/schemas_gen.py
	node node/build.js

schemas-check:
	$(PYTHON) tools/gen/schemas_gen.py --check

# The spec's shared tables, the error codes (section 11), the readings (15.1),
# the scheme registry (9) and the op table's field and output orders (10.1),
# are generated into go/internal/errcode/codes_gen.go,
# go/internal/reading/readings_gen.go, go/internal/scheme/tables_gen.go,
# node/src/spec_tables.js and python/src/pfkit/_spec_tables.py, and the code
# enums of the schemas set from them (tools/gen/tables_gen.py). After changing a
# table: make tables. make generated-check fails while a copy is stale.
tables:
	$(PYTHON) tools/gen/tables_gen.py
	node node/build.js

tables-check:
	$(PYTHON) tools/gen/tables_gen.py --check

# RULES.md, the index from each requirement id to the file and line that hold
# the rule in Go, Node and Python, is read from the code's citations and the
# floors (tools/gen/rules_index.py says how). After citing an id or moving a
# rule: make rules. make generated-check fails while the index is stale.
rules:
	$(PYTHON) tools/gen/rules_index.py

rules-check:
	$(PYTHON) tools/gen/rules_index.py --check

# python/src/pfkit/spec.py is the spec's normative Python blocks, extracted
# (tools/gen/spec_extract.py writes it; --check fails while it is stale).
spec-check: setup
	$(VPY) tools/gen/spec_extract.py --check

# The kit's words: one gettext PO file per locale in spec/catalog/, each
# message a code (msgctxt) with typed parameters. tools/words/catalog.py checks that
# every locale has every code with the English parameters and its own plural
# forms, none stale, and writes the offline page's node/page/strings.js from
# them. After changing a word: make catalog.
catalog:
	$(PYTHON) tools/words/catalog.py

catalog-check:
	$(PYTHON) tools/words/catalog.py --check

# Every generated file against what its generator writes today: the schema
# copies, the spec's tables, verifier.js, spec.py, the page's words, the rules
# index, the vectors and example records, fair's API snapshot, and the version
# every package carries. Each names the command that rewrites it.
# make check runs generated-files-check: go-check runs TestAPI with the rest of go/fair.
generated-check: generated-files-check
	$(GO) test $(GOTESTTAGS) ./go/fair -run '^TestAPI$$' -count 1

generated-files-check: schemas-check tables-check verifier-check spec-check catalog-check rules-check vectors-check version-check

# Releases (spec section 16). VERSION holds the release version; the spec's
# version line and the packages (pyproject.toml, pfkit.__version__,
# package.json, verifier.js VERSION) must agree with it (version-check, part of
# make test); make version VERSION=x.y.z rewrites them all.
#   make dist VERSION=x.y.z   into dist/: pfkit-vectors-x.y.z.tar.gz and its
#                             manifest, the pfkit binary for linux/amd64,
#                             linux/arm64, darwin/arm64 and windows/amd64 (plain
#                             go build, CGO_ENABLED=0), the Python wheel and
#                             sdist, the npm tarball, SHA256SUMS
# Every file is reproducible (spec VER-5): SOURCE_DATE_EPOCH, or the commit's
# time, stamps them all, and the manifest's "rebuild" says how to build again.
# dist-test builds the same into a temporary folder WITHOUT the four binaries
# (cross-compiling them from a cold cache takes about 100 s on two cores),
# builds it again from a fresh clone under umask 077 and compares SHA256SUMS,
# checks SHA256SUMS with sha256sum -c, installs the wheel in a new virtual
# environment and the npm tarball in a scratch project, both offline, and
# verifies a record and its tampered twin through each.
VERSION ?= $(shell cat VERSION)

version:
	$(PYTHON) tools/release/dist.py set-version $(VERSION)

version-check:
	$(PYTHON) tools/release/dist.py check-version

dist: setup-dist
	$(VPY) tools/release/dist.py build --out dist --version $(VERSION)
	cd dist && sha256sum -c --quiet SHA256SUMS

dist-test: setup-dist bin
	$(call quietly,$(LAST),PFKIT_DIST_TEST=1 PFKIT_BIN=$(CURDIR)/$(PFKIT) $(VPY) -m pytest -q tools/release/tests/test_dist.py)

python-numpy1: setup-numpy1
	$(call quietly,$(LAST),PFKIT_EXPECT_NUMPY=$(shell sed -n "s/^numpy==//p" python/requirements-numpy1.txt) $(VENV1)/bin/python -m pytest -q python/tests -m selfpoker)

# Every example of README.md, python/README.md, node/README.md and
# vectors/README.md runs, and prints what its README shows
# (tools/docs/readme_examples.py says how a block is marked and its output written;
# about 5 s: /usr/bin/time python3 tools/docs/readme_examples.py).
readme-test: bin setup
	$(PYTHON) tools/docs/readme_examples.py

# The localized pages: every embedded snippet identical to its canonical file,
# the same snippets and facts in every locale (docs-check); rewrite every copy
# from the canonical files (docs-sync); and run the snippets as the pages show
# them on vector inputs, plus the tool's own tests (docs-test).
docs-check:
	$(PYTHON) tools/docs/docs.py check

# The statistics across an archive: p-values against SciPy, and a short run
# of tools/bench/stats_power.py (its full run, minutes long, writes the tables in
# spec/pfkit.md, STAT-6).
stats-test: setup bin
	$(call quietly,$(LAST),PFKIT_BIN=$(CURDIR)/$(PFKIT) $(VPY) -m pytest -q tests/test_archive_stats.py)
	$(call quietly,$(LAST),PFKIT_BIN=$(CURDIR)/$(PFKIT) $(PYTHON) tools/bench/stats_power.py --quick)

docs-sync:
	$(PYTHON) tools/docs/docs.py sync

docs-test: setup bin
	$(PYTHON) tools/docs/docs.py check
	$(call quietly,$(LAST),$(PYTHON) tools/docs/docs.py run)
	$(call quietly,$(LAST),$(VPY) -m pytest -q tools tests --ignore=tests/test_cli.py)

# Every fuzz target for a bounded number of executions (about five seconds each
# on an idle two-core machine); the committed corpora in testdata/fuzz also run
# as plain tests in go-test. Counts, not durations: with a duration, Go 1.26's
# fuzz coordinator can report "context deadline exceeded" when the time runs out
# on a loaded machine (go.dev/issue/75804), a failure without a failing input.
# FUZZTIME=30s (or 100000x) overrides every target's budget.
FUZZTIME ?=
FUZZ_TARGETS := strictjson:FuzzParse:20000x ops:FuzzEval:50000x record:FuzzVerify:2000x record:FuzzPlainReader:20000x \
                merkle:FuzzProof:50000x stream:FuzzSampler:50000x \
                stream:FuzzBatchedStream:50000x stream:FuzzShuffleStream:20000x numpyrng:FuzzPCG64:50000x

fuzz:
	@for t in $(FUZZ_TARGETS); do pkg=$${t%%:*}; rest=$${t#*:}; fn=$${rest%%:*}; budget="$(FUZZTIME)"; [ -n "$$budget" ] || budget=$${rest#*:}; \
	  echo "fuzz $$fn ($$budget)"; \
	  log=$$(mktemp); $(GO) test $(GOTESTTAGS) -run '^$$' -fuzz "^$$fn$$" -fuzztime $$budget ./go/internal/$$pkg >$$log 2>&1 || \
	    { grep -v '^fuzz: elapsed' $$log | tail -30; echo "FAIL $$fn: rerun with go test -run '^$$' -fuzz '^$$fn$$' ./go/internal/$$pkg"; exit 1; }; \
	  rm -f $$log; done

vectors: bin
	$(PFKIT) vectors generate

vectors-check: bin
	$(PFKIT) vectors check

# Every vector through the three implementations, one matrix each, and the
# compliance report of the run (spec CONF-2) written under bin/, which git
# ignores; then the exchange, the report and the versions checked with
# adapters made to fail (tools/cross/conformance_check.py).
CONFORMANCE_REPORT := bin/conformance

# Run as make conformance, it prints the three matrices; within make test and
# make check, what each implementation says, its totals and the report's path
# (VERBOSE=1: the matrices).
CONFORM       := $(PFKIT) conform --impl go --impl node --impl python --report $(CONFORMANCE_REPORT).html --report $(CONFORMANCE_REPORT).json
CONFORM_TOTAL := grep -E '^(implementation: |it says: |[0-9]+ passed, |[0-9]+ files, |report: )'

# make check runs conformance-matrix only: conformance_check.py sends every
# case again to Node's and Python's adapters (with the implementation request
# hidden from them), which make test's conformance does.
conformance: conformance-matrix
	$(call quietly,$(LAST),PFKIT_BIN=$(PFKIT) $(VPY) tools/cross/conformance_check.py)

conformance-matrix: bin setup
	$(if $(filter conformance conformance-matrix,$(MAKECMDGOALS)),$(CONFORM),$(call quietly,$(CONFORM_TOTAL),$(CONFORM)))
	@echo "compliance report: $(CURDIR)/$(CONFORMANCE_REPORT).html (and .json)"

# The contributor's fast answer: linters, generated files, the unit tests of
# the three implementations and conformance; no apt, no release, no fuzzing.
# Every vector case runs once per implementation, in conformance; the suites
# that run them again, compare with the Go binary or are long forms run in
# make test only (go-check, node-check and python-check leave them out).
check: lint-quick generated-files-check docs-check readme-test go-check node-check python-check conformance-matrix

# make test runs its stages side by side, TEST_JOBS at a time (the two cores
# of the machine CI runs on), the longest first so that none is left to run
# alone at the end; each stage's output is printed whole when it ends
# (--output-sync), so that the lines of two stages never interleave. The
# stages write their files in scratch folders of their own; what two of them
# need (bin/pfkit, the virtual environments) is built once, before either, as
# a prerequisite; and the one file two may write at once, pytest's cache of
# the last failures, is written whole and read as empty when it is not JSON.
# make test TEST_JOBS=1 runs them one after the other, in this order.
TEST_JOBS ?= 2
TEST_STAGES := browser-test lint go-test limits-test cli-test fuzz docs-test python-test node-test conformance \
               generated-check dist-test records-agree python-numpy1 readme-test

test:
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) --output-sync=target test-stages

test-stages: $(TEST_STAGES)

# Figures side by side in one run; the last line is one JSON object (tools/bench/bench.py).
bench: bin setup
	$(PYTHON) tools/bench/bench.py

clean:
	rm -rf bin dist $(VENV) $(VENV1)
