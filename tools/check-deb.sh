#!/usr/bin/env bash
# CI: the .deb installs on this Debian machine (apt resolves every Depends) and what it installs runs
# without Swift: each binary's libraries are the system's, `chirper --version` answers, man finds the
# page and chirper its bird names. The package is unpacked into a temporary folder, so nothing is written outside it.
set -euo pipefail
deb=$(readlink -f "$1")
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
apt-get install --simulate --no-install-recommends "$deb" > "$root/apt" 2>&1 || { cat "$root/apt"; exit 1; }
grep -q "^Inst chirper " "$root/apt" || { cat "$root/apt"; echo "check-deb: apt would not install chirper"; exit 1; }
mkdir "$root/package"
dpkg-deb -x "$deb" "$root/package"
package="$root/package"
for binary in chirper chirper-demo; do
    if ldd "$package/usr/bin/$binary" | grep -E "not found|swift|Foundation|icu"; then
        echo "check-deb: $binary needs a library the system does not give"; exit 1
    fi
done
env -i PATH=/usr/bin:/bin HOME="$root" "$package/usr/bin/chirper" --version
MANPATH="$package/usr/share/man" man -w chirper
# The bird names, found where the package puts them (beside /usr/bin, in /usr/share/chirper).
env -i PATH=/usr/bin:/bin HOME="$root" "$package/usr/bin/chirper" names eurbla | grep -q "Turdus merula" \
    || { echo "check-deb: the packaged chirper does not find its bird names"; exit 1; }
echo "check-deb: $(basename "$deb") installs and runs"
