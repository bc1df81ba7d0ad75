# Chirper: `make demo` plays the built-in demo catalog; `make test` runs every test.
# Both install what they need on a fresh Debian machine (as root) and start a PulseAudio daemon with a
# null sink only when none is reachable.

SWIFT ?= swift
APT_PACKAGES := libmpg123-dev libpulse-dev libfftw3-dev libpng-dev pulseaudio pulseaudio-utils lame tmux python3
WITH_PULSE := .ci/pulseaudio
CHIRPER := .build/debug/chirper

.PHONY: deps build test demo bench clean

deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build --build-tests

test: build
	$(WITH_PULSE) $(SWIFT) test --skip-build

demo: build
	$(WITH_PULSE) $(CHIRPER) demo

# Speed checks (release build): decoding + rendering a 500-recording page, in process.
bench: deps
	$(SWIFT) build -c release --product ChirperBench
	.build/release/ChirperBench

clean:
	rm -rf .build
