# The two commands of the README: `make run` and `make test`. Everything else is for developers.
SWIFT ?= swift
DATA ?= ./pushboard-data
PORT ?= 8080
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: run test test-deps browser-tests swift-tests fuzz-tests build release release-build install deb lint unit unit-build unit-run tsan pytest pytest-run pytest-parallel pytest-serial bench bench-http bench-validate bench-lists bench-languages bench-render bench-tables bench-migrate soak fuzz fuzz-build fuzz-smoke format clean

run: release
	.build/release/pushboard serve --host 127.0.0.1 --port $(PORT) --data $(DATA)

release:
	scripts/install-deps.sh run
	$(MAKE) release-build

release-build:
	scripts/timed.sh release-build $(SWIFT) build -c release --static-swift-stdlib --product pushboard

# The release binary (static Swift runtime), its man page, and the example unit and config.
install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/pushboard
	install -m 0755 .build/release/pushboard $(DESTDIR)$(PREFIX)/bin/pushboard
	packaging/manpage.sh .build/release/pushboard > $(DESTDIR)$(PREFIX)/share/man/man1/pushboard.1
	sed 's|/usr/bin/pushboard|$(PREFIX)/bin/pushboard|' packaging/pushboard.service \
		> $(DESTDIR)$(PREFIX)/share/pushboard/pushboard.service
	install -m 0644 packaging/pushboard.conf $(DESTDIR)$(PREFIX)/share/pushboard/pushboard.conf

# The Debian package, in .build/deb/ (README "Run it on a server").
deb: release
	scripts/install-deps.sh deb
	packaging/build-deb.sh .build/release/pushboard .build/deb

build:
	scripts/install-deps.sh run
	$(SWIFT) build

# Three chains run at once, each starting as soon as its build is done: the browser, API and CLI
# tests (pytest) after the release build, the Swift tests (three processes, under
# ThreadSanitizer) after theirs, the fuzz smoke runs after the fuzzing build. The three builds
# share the cores (a Swift build leaves a core idle for long stretches, modules waiting on one
# another); the release build is a chain of whole-module compiles, so it ends last, and the
# Swift tests and fuzz smoke runs start before it. (Lowering the other builds' priority so the
# release build ends first made it slower, not faster: 508 s against 342 s in fresh-clone runs.)
# Then, alone, the tests marked `serial`, which assert latency or timing bounds. Each stage ends
# with a line giving its wall and CPU time (scripts/timed.sh).
test:
	scripts/install-deps.sh run
	scripts/timed.sh "builds and tests" \
		$(MAKE) -j8 --output-sync=target lint browser-tests swift-tests fuzz-tests
	scripts/timed.sh "pytest serial" $(MAKE) pytest-serial

browser-tests: release-build test-deps
	$(MAKE) pytest-parallel

swift-tests: unit-build
	$(MAKE) unit-run

fuzz-tests: fuzz-build
	$(MAKE) fuzz-smoke

test-deps:
	scripts/install-deps.sh test

# The module arrows and the Dashboard's rooms of docs/architecture.md are checked with the format.
lint:
	scripts/timed.sh lint $(SWIFT) format lint --strict --parallel -r Package.swift Plugins Sources Tests bench
	python3 scripts/check-architecture.py

# Every Swift test (unit and live server tests) runs under ThreadSanitizer: one build serves
# DESIGN.md's "live server tests under --sanitize=thread" and the unit suite, which saves `make
# test` a whole debug build. `swift test` still runs them without TSan, faster, while you work.
unit: unit-build
	$(MAKE) unit-run

# Only the test bundle: `--build-tests` would also build and link the command-line tool, the fuzz
# replayer and the preview bench under ThreadSanitizer, which no Swift test runs.
unit-build:
	scripts/timed.sh unit-build $(SWIFT) build --product PushboardPackageTests --sanitize=thread \
		--scratch-path .build-tsan

# In SWIFT_TEST_SHARDS processes at once (scripts/swift-test-shards.sh says why): one process
# keeps only one thread per core for tests, and a test that waits holds its thread.
SWIFT_TEST_SHARDS ?= 3
unit-run:
	scripts/timed.sh unit-run scripts/swift-test-shards.sh $(SWIFT_TEST_SHARDS) .build-tsan/debug/PushboardPackageTests.xctest

# Only the live server tests under ThreadSanitizer.
tsan:
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter MHDServerTests

# Browser, API, schema and crash tests against the release binary on 127.0.0.1.
# Eight at a time (pytest-xdist with loadscope: a test file per worker so its module fixtures
# start once, but a test class on its own worker, which is how a long file such as the axe
# pass over every page is split; the browser tests spend much of their time waiting: with six
# workers beside the Swift tests the two cores were 1.4 busy), then alone the few tests marked `serial`,
# which assert latency or timing bounds.
PYTEST_WORKERS ?= 8
pytest: release
	$(MAKE) pytest-run

pytest-run: pytest-parallel
	$(MAKE) pytest-serial

pytest-parallel:
	scripts/timed.sh pytest-parallel python3 -m pytest -q -n $(PYTEST_WORKERS) --dist loadscope -m "not serial" \
		--durations=15 tests

pytest-serial:
	python3 -m pytest -q -m serial tests

# libFuzzer targets (scripts/fuzz.sh): `make fuzz FUZZ_SECONDS=600` runs each for ten minutes;
# `make test` runs each for 3 s as a smoke run.
FUZZ_SECONDS ?= 60
fuzz:
	scripts/fuzz.sh $(FUZZ_SECONDS)

fuzz-smoke:
	scripts/timed.sh fuzz-smoke scripts/fuzz.sh 3

fuzz-build:
	scripts/timed.sh fuzz-build scripts/fuzz.sh --build-only

bench: bench-http bench-validate bench-lists bench-languages bench-render bench-tables bench-migrate

bench-http:
	scripts/install-deps.sh bench
	bench/http.sh

# Issue 30: `pushboard migrate` of 1 000 notifications × 5 revisions, 200 categories, users,
# tokens and audit to PostgreSQL, then every GET compared on both backends (`make test` runs the
# same test at 100 × 5). Prints the build, move and compare times.
bench-migrate: release
	PUSHBOARD_MIGRATE_FULL=1 /usr/bin/time -f "bench-migrate: %e s wall, %U s user + %S s system CPU" \
		python3 -m pytest -q -s -m migrate_full tests/test_migrate_workspace.py

# Issue 28: pushboard render over 100 000 recipients against CPython, CPU time and peak RSS.
bench-render: release
	bench/render/run.sh

# The generated width tables must stay cheap to compile (plain typed integer arrays): this was a
# timed unit test, and a compile time is a measurement, not a behaviour. Budget: 10 s of CPU.
bench-tables:
	@/usr/bin/time -f "GlyphWidths.swift compiles (-Onone) in %e s wall, %U s user + %S s system CPU" \
		swiftc -c -Onone -parse-as-library -swift-version 6 -module-name Tables \
		Sources/NotificationPreview/Generated/GlyphWidths.swift -o /tmp/pushboard-GlyphWidths.o

bench-validate:
	scripts/install-deps.sh bench
	bench/validate/run.sh

# Issue 27: the language matrix of a 200-byte localized push, 10 languages × every device and
# surface, under 10 ms of CPU (the preview bench's "language matrix" line).
bench-languages:
	ONLY=languages bench/preview/run.sh

# Issue 23: lists and search at 100 000 saved notifications filled by 8 writers over HTTP
# (LISTS_COUNT=20000 make bench-lists for a quicker run); each page under 50 ms and 400 KB.
bench-lists: release
	python3 bench/lists.py

# Issue 12: a bounded soak on 127.0.0.1 (default 10 minutes; SOAK_SECONDS=120 make soak for less).
soak: release
	python3 bench/soak.py

format:
	$(SWIFT) format -i -r Package.swift Plugins Sources Tests bench

clean:
	rm -rf .build .build-tsan .build-fuzz
