#!/usr/bin/env bash
# make deb: build/chirper_VERSION_ARCH.deb from the release binaries in .build/release, laid out as
# `make install` lays them out under /usr. Depends: the packages holding the libraries the binaries
# link (found with objdump, ldconfig and dpkg, at the upstream versions installed here); Recommends:
# those Chirper opens only when a feature needs them.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/release
version=$("$bin/chirper" --version)
arch=$(dpkg --print-architecture)
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
chmod 755 "$root"
umask 022

make -s install-files BINDIR="$bin" DESTDIR="$root" PREFIX=/usr
strip --strip-unneeded "$root"/usr/bin/chirper "$root"/usr/bin/chirper-demo
gzip -9n "$root/usr/share/man/man1/chirper.1"
# Debian's place for packaged zsh completions.
mkdir -p "$root/usr/share/zsh/vendor-completions"
mv "$root/usr/share/zsh/site-functions/_chirper" "$root/usr/share/zsh/vendor-completions/_chirper"
rmdir "$root/usr/share/zsh/site-functions"

package_of() {  # the package holding a library the binaries load, by its path
    local path
    path=$(readlink -f "$1")
    { dpkg -S "$path" 2>/dev/null || dpkg -S "${path#/usr}" 2>/dev/null; } | head -1 | cut -d: -f1
}
depends=""
# Each library as the loader finds it for these binaries (ldd), the loader itself included.
for library in $(for b in chirper chirper-demo; do ldd "$bin/$b" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'; done | sort -u); do
    package=$(package_of "$library")
    [ -n "$package" ] || { echo "make-deb: no package holds $library" >&2; exit 1; }
    case ",$depends," in *", $package ("*|*",$package ("*) continue ;; esac
    upstream=$(dpkg-query -W -f='${Version}' "$package" | sed 's/^[0-9]*://; s/-[^-]*$//')
    depends="${depends:+$depends, }$package (>= $upstream)"
done
# libpulse is opened at a play's start, not linked (so that search starts without it); without it
# nothing plays, so it is a dependency too.
depends="$depends, libpulse0"
# libsqlite3 likewise, by the commands that use the library.
depends="$depends, libsqlite3-0"

mkdir -p "$root/DEBIAN"
cat > "$root/DEBIAN/control" <<CONTROL
Package: chirper
Version: $version
Architecture: $arch
Maintainer: Chirper developers <chirper@invalid>
Section: sound
Priority: optional
Depends: $depends
Recommends: librubberband2, libfftw3-single3, libpng16-16, pulseaudio | pipewire-pulse
Description: search, play and learn xeno-canto's bird and wildlife sounds in a terminal
 Chirper searches the xeno-canto archive, lists the results in the terminal and plays the
 recordings (MP3 through PulseAudio or PipeWire), with sonograms, slow-down, loops, packs
 for offline listening and a quiz that schedules the species you confuse.
 .
 Rubber Band (speed with the pitch kept), FFTW (sonograms) and libpng (--png) are opened
 only when those features are used.
CONTROL
mkdir -p build
dpkg-deb --build --root-owner-group "$root" "build/chirper_${version}_${arch}.deb" >/dev/null
echo "build/chirper_${version}_${arch}.deb"
