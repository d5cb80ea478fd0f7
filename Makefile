# pfkit: two commands on a fresh machine.
#   make conformance   every implementation over every vector, the matrix printed
#   make test          everything: formatting, vet, unit tests, features, vectors,
#                      NumPy cross-checks, Node and Python suites, conformance
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

GO      ?= go
PYTHON  ?= python3
VENV    := python/.venv
VPY     := $(VENV)/bin/python
PFKIT   := bin/pfkit

.PHONY: all test conformance setup bin go-test vectors vectors-check lint bench clean

all: test

setup: $(VENV)/.installed

# The virtual environment holds the pinned NumPy the cross-checks compare with.
$(VENV)/.installed: python/requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r python/requirements-dev.txt
	touch $@

bin: $(PFKIT)

$(PFKIT): go.mod go.sum pfkit.go $(shell find go -name '*.go' -not -name '*_test.go') spec/schemas/*.json
	$(GO) build -o $(PFKIT) ./go/cmd/pfkit

lint:
	@out=$$(gofmt -l go pfkit.go); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

go-test: setup
	PFKIT_PYTHON=$(CURDIR)/$(VPY) $(GO) test ./...

vectors: bin
	$(PFKIT) vectors generate

vectors-check: bin
	$(PFKIT) vectors check

conformance: bin
	$(PFKIT) conform --impl go

test: lint go-test vectors-check conformance

bench: bin
	$(GO) test -run '^$$' -bench . -benchmem ./go/...

clean:
	rm -rf bin $(VENV)
