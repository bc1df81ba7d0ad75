#!/usr/bin/env bash
# make deb: build/chirper_VERSION_ARCH.deb, built by Debian's tools from debian/ (dpkg-buildpackage -b:
# debian/rules runs `make build` and `make install-files` under debhelper, dh_shlibdeps finds the
# packages of the libraries the binaries link), then checked by lintian at its default level: any
# error or warning fails the build. Everything made goes to build/, nothing beside the source folder.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=""
for p in debhelper dpkg-dev fakeroot lintian; do dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"; done
if [ -n "$missing" ]; then
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
fi
version=$(dpkg-parsechangelog -S Version)
arch=$(dpkg --print-architecture)
built=$(.build/release/chirper --version)
[ "$version" = "$built" ] || { echo "make-deb: debian/changelog says $version, chirper --version says $built" >&2; exit 1; }
mkdir -p build
rm -f "build/chirper_${version}_${arch}".{deb,buildinfo,changes}
# The staging tree under debian/ is not kept, whether the build passes or fails (dh_clean, as
# `debian/rules clean` would, without make clean).
trap dh_clean EXIT
dpkg-buildpackage -b -us -uc \
    --buildinfo-file="build/chirper_${version}_${arch}.buildinfo" --buildinfo-option=-ubuild \
    --changes-file="build/chirper_${version}_${arch}.changes" --changes-option=-ubuild >build/dpkg-buildpackage.log 2>&1 \
    || { tail -40 build/dpkg-buildpackage.log; exit 1; }
deb="build/chirper_${version}_${arch}.deb"
# lintian at its default level (errors and warnings); its own tags for what it cannot judge here are
# not suppressed.
report=$(lintian --fail-on error,warning "$deb") || { echo "$report"; echo "make-deb: lintian reported the above" >&2; exit 1; }
[ -z "$report" ] || { echo "$report"; echo "make-deb: lintian reported the above" >&2; exit 1; }
echo "$deb"
