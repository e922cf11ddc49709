# The two commands of the README: `make run` and `make test`. Everything else is for developers.
SWIFT ?= swift
DATA ?= ./pushboard-data
PORT ?= 8080

.PHONY: run test build release lint unit tsan pytest fuzz fuzz-smoke bench bench-http bench-validate format clean

run: release
	.build/release/pushboard serve --host 127.0.0.1 --port $(PORT) --data $(DATA)

release:
	scripts/install-deps.sh run
	$(SWIFT) build -c release

build:
	scripts/install-deps.sh run
	$(SWIFT) build

test:
	scripts/install-deps.sh test
	$(MAKE) lint unit tsan pytest fuzz-smoke

lint:
	$(SWIFT) format lint --strict -r Package.swift Sources Tests

unit:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The live server tests once more under ThreadSanitizer (DESIGN.md: at least once in CI).
tsan:
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter MHDServerTests

# Browser, API, schema and crash tests against the release binary on 127.0.0.1.
pytest: release
	python3 -m pytest -q tests

# libFuzzer targets (scripts/fuzz.sh): `make fuzz FUZZ_SECONDS=600` runs each for ten minutes;
# `make test` runs each for 10 s as a smoke run.
FUZZ_SECONDS ?= 60
fuzz:
	scripts/fuzz.sh $(FUZZ_SECONDS)

fuzz-smoke:
	scripts/fuzz.sh 10

bench: bench-http bench-validate

bench-http:
	scripts/install-deps.sh bench
	bench/http.sh

bench-validate:
	scripts/install-deps.sh bench
	bench/validate/run.sh

format:
	$(SWIFT) format -i -r Package.swift Sources Tests

clean:
	rm -rf .build .build-tsan .build-fuzz
