# Chirper: `make demo` plays the built-in demo catalog; `make test` runs every test.
# Both install what they need on a fresh Debian machine (as root) and start a PulseAudio daemon with a
# null sink only when none is reachable; `make test` then runs the sound tests again on PipeWire's
# PulseAudio server (pipewire-pulse), started headless for them.

SWIFT ?= swift
APT_PACKAGES := libsqlite3-dev zlib1g-dev libfreetype-dev fonts-dejavu-core libsystemd-dev libmpg123-dev libpulse-dev librubberband-dev libfftw3-dev libpng-dev pulseaudio pulseaudio-utils \
	pipewire pipewire-pulse wireplumber dbus playerctl lame tmux python3 python3-pip python3-venv openssl man-db fish
WITH_PULSE := .ci/pulseaudio
WITH_PIPEWIRE := .ci/pipewire
# The sound tests: every suite nested in PlaybackTests, and the demo command's.
SOUND_TESTS := IntegrationTests\.(PlaybackTests|DemoCommandTests)
# What a listener runs: release builds with the Swift runtime linked in (no libswiftCore, Foundation or
# ICU to load at each start). libpulse and libmpg123 stay shared: Debian ships no static ones. A concrete
# generic type's metadata is reached through its accessor, which is handed the conformances it needs,
# not through its mangled name, for which the runtime looks each conformance up in every record of the
# binary (docs/performance.md, "Time to first sound").
RELEASE := $(SWIFT) build -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
CHIRPER := .build/release/chirper
PREFIX ?= /usr/local

.PHONY: deps test-tools bench-deps taxonomy build build-tests test demo install install-files uninstall deb bench hot-functions soak fuzz sanitize clean

deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# Chirper's bird names (docs/names.md): made from the tables of the birdnames package on PyPI, pinned by
# version and hash in tools/taxonomy.py, and put beside each build's binaries, where chirper looks first.
TAXONOMY := build/taxonomy.tsv

$(TAXONOMY): tools/taxonomy.py | deps
	@mkdir -p build
	python3 tools/taxonomy.py $@

taxonomy: $(TAXONOMY)

build: deps $(TAXONOMY)
	$(RELEASE) --product chirper
	$(RELEASE) --product chirper-demo
	install -m 644 $(TAXONOMY) .build/release/taxonomy.tsv

# The tests run against a debug build (every product, the test bundle and the chirper it spawns).
build-tests: deps $(TAXONOMY)
	$(SWIFT) build --build-tests
	install -m 644 $(TAXONOMY) .build/debug/taxonomy.tsv

# Tests at once: with every suite at once, two cores spent the first minute starting demo servers,
# sinks, shells and chirpers, and tests bounded by a wait (a prompt, a Tab, a server's answer) missed it.
TEST_WIDTH ?= 8

# The other programs the tests read Chirper's files with, from PyPI into a venv under .build: crowsetta
# (Audacity labels and Raven tables) and Anki's own library (Anki packages).
TEST_VENV := .build/test-venv
TEST_PYTHON_PACKAGES := crowsetta==5.1.2 anki==26.9.3

test-tools: deps
	@[ -x $(TEST_VENV)/bin/python ] || python3 -m venv $(TEST_VENV)
	@$(TEST_VENV)/bin/python -c "import crowsetta, anki.collection" 2>/dev/null || $(TEST_VENV)/bin/pip install -q $(TEST_PYTHON_PACKAGES)

test: build-tests test-tools
	$(WITH_PULSE) .ci/summarize-failures $(SWIFT) test --skip-build --experimental-maximum-parallelization-width $(TEST_WIDTH)
	$(WITH_PIPEWIRE) .ci/summarize-failures $(SWIFT) test --skip-build --experimental-maximum-parallelization-width $(TEST_WIDTH) --filter '$(SOUND_TESTS)'

demo: build
	$(WITH_PULSE) $(CHIRPER) demo

# chirper and chirper-demo (which chirper demo and serve-demo start) side by side in $(PREFIX)/bin, the
# bash, zsh and fish completions where each shell looks (bash's without a #! line: it is sourced, not run),
# and the man pages (chirper's and chirper-demo's) where man looks. The completions
# come from chirper itself (ArgumentParser's --generate-completion-script) and the page from the same
# command definitions (tools/manpage.py reads them from chirper --experimental-dump-help and keeps every
# character, where argument-parser's generate-manual drops all but ASCII). `make uninstall` removes exactly these.
BINDIR := .build/release
INSTALLED := bin/chirper bin/chirper-demo share/chirper/taxonomy.tsv share/bash-completion/completions/chirper \
	share/zsh/site-functions/_chirper share/fish/vendor_completions.d/chirper.fish share/man/man1/chirper.1 share/man/man1/chirper-demo.1

install: build
	$(MAKE) install-files BINDIR=.build/release

uninstall:
	cd $(DESTDIR)$(PREFIX) && rm -f $(INSTALLED) && { rmdir share/chirper 2>/dev/null || true; }

# build/chirper_VERSION_ARCH.deb, built by dpkg-buildpackage and debhelper from debian/ and checked by
# lintian, which must report nothing (tools/make-deb.sh).
deb: build
	tools/make-deb.sh

# The copying alone, from the binaries in BINDIR (the tests install their debug build this way).
install-files:
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d \
		$(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/chirper
	install -m 755 $(BINDIR)/chirper $(BINDIR)/chirper-demo $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(BINDIR)/taxonomy.tsv $(DESTDIR)$(PREFIX)/share/chirper/taxonomy.tsv
	$(BINDIR)/chirper --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/chirper
	sed -i '1{/^#!/d}' $(DESTDIR)$(PREFIX)/share/bash-completion/completions/chirper
	$(BINDIR)/chirper --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_chirper
	$(BINDIR)/chirper --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/chirper.fish
	manual=$$(mktemp -d) && python3 tools/manpage.py $(BINDIR)/chirper > $$manual/chirper.1 && \
		python3 tools/manpage.py $(BINDIR)/chirper-demo > $$manual/chirper-demo.1 && \
		install -m 644 $$manual/chirper.1 $$manual/chirper-demo.1 $(DESTDIR)$(PREFIX)/share/man/man1/ && rm -rf $$manual

# The benchmark beside mpg123 and mpv (release build; about 13 minutes): prints one table and writes
# bench/results.md. Installs the players, hyperfine and, in a venv under .build, the Python API clients.
BENCH_APT := mpg123 mpv hyperfine time python3-venv wget
BENCH_VENV := .build/bench-venv

bench-deps: deps
	@missing=""; for p in $(BENCH_APT); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@[ -x $(BENCH_VENV)/bin/python ] || python3 -m venv $(BENCH_VENV)
	@$(BENCH_VENV)/bin/python -c "import xeno_canto, requests" 2>/dev/null || \
		$(BENCH_VENV)/bin/pip install -q xc-api-py==0.1.23 python-dateutil  # xc-api-py forgets dateutil

bench: bench-deps build
	$(RELEASE) --product ChirperBench
	python3 bench/compare.py

# link/hot-functions.order: the functions a play runs (and the list before, where they still exist), listed by
# valgrind (callgrind) for the linker, which puts them side by side (less of the binary resident, fewer
# page faults at start). Regenerate after large changes and commit it; a stale list only costs layout.
hot-functions: deps build
	@dpkg -s valgrind >/dev/null 2>&1 || { SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends valgrind; }
	python3 bench/hot_functions.py
	rm -f $(CHIRPER) && $(RELEASE) --product chirper  # relinked: SwiftPM does not track the list

# A queue of 200 short tracks, a fifth with faults: descriptors and RSS at the end within 10 % of those
# after the first 10 tracks (about 5 minutes; not part of make test).
soak: build
	python3 bench/soak.py

# libFuzzer, 10 minutes per target (FUZZ_SECONDS), as many at once as there are cores: the API response
# decoder, the query parser and the MP3/WAV decoder, each built with AddressSanitizer. New coverage is
# merged into Fuzz/corpus; the figures go to Fuzz/results.md. `Fuzz/run query` runs one target.
fuzz: deps
	Fuzz/run

# The whole test suite (and the chirper it runs) under AddressSanitizer, then ThreadSanitizer, each in
# its own build folder (a first build of each takes about 10 minutes on 2 cores), with only its own
# options in the environment (the tests read them: Tests/IntegrationTests/Sanitizer.swift). Any report fails it.
SANITIZERS ?= address thread
# Tests at once in a sanitized pass: the sanitized processes are several times slower, and a whole
# suite side by side starves the ones that play in real time.
SANITIZED_WIDTH ?= 3
sanitize: deps test-tools $(TAXONOMY)
	@for s in $(SANITIZERS); do \
		echo "== $$s sanitizer"; \
		$(SWIFT) build --build-tests --sanitize=$$s --scratch-path .build-$$s || exit 1; \
		install -m 644 $(TAXONOMY) .build-$$s/debug/taxonomy.tsv; \
		if [ $$s = thread ]; then \
			options="TSAN_OPTIONS=second_deadlock_stack=1:atexit_sleep_ms=100:suppressions=$(CURDIR)/.ci/tsan-suppressions.txt"; \
		else \
			options="ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=print_suppressions=0:suppressions=$(CURDIR)/.ci/lsan-suppressions.txt"; \
		fi; \
		env $$options $(WITH_PULSE) .ci/summarize-failures .build-$$s/debug/ChirperPackageTests.xctest \
			--testing-library swift-testing --experimental-maximum-parallelization-width $(SANITIZED_WIDTH) || exit 1; \
	done

clean:
	rm -rf .build
