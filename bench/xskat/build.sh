#!/bin/sh
# Build xskat-driver: xskat 4.0's decision code (unchanged) + driver.c, no X11.
#
# The xskat source is fetched at build time into build/src (never committed):
#   1. Debian's source package xskat 4.0-8 (apt-get source --download-only,
#      with a private deb-src list), its orig tarball checked by SHA-256; or
#   2. if that cannot be downloaded: the GitHub mirror janni2/xskat at commit
#      ab2330bc829d836cdd8e4fe64a91e7bf402f6476 ("dump xskat version 4.0",
#      the plain 4.0 release; later commits of that repository are refactors
#      and are not used), from a local mirror or from GitHub.
# No patch is applied to xskat's files.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build="$here/build"
src="$build/src"
XSKAT_COMMIT=ab2330bc829d836cdd8e4fe64a91e7bf402f6476
ORIG_SHA256=8ba52797ccbd131dce69b96288f525b0d55dee5de4008733f7a5a51deb831c10
MIRROR=${XSKAT_MIRROR:-/work/.mirror/janni2+xskat/repo}

mkdir -p "$build"
if [ ! -f "$src/skat.c" ]; then
  rm -rf "$src" "$build/apt"
  mkdir -p "$src" "$build/apt/lists/partial"
  got=""
  # 1. Debian source package
  echo "deb-src http://deb.debian.org/debian bookworm main" > "$build/apt/sources.list"
  O="-o Dir::Etc::SourceList=$build/apt/sources.list -o Dir::Etc::SourceParts=/nonexistent -o Dir::State::Lists=$build/apt/lists"
  if command -v apt-get >/dev/null 2>&1 &&
     apt-get $O update >/dev/null 2>&1 &&
     (cd "$build/apt" && apt-get $O source --download-only xskat=4.0-8 >/dev/null 2>&1) &&
     echo "$ORIG_SHA256  $build/apt/xskat_4.0.orig.tar.gz" | sha256sum -c - >/dev/null 2>&1; then
    tar -xzf "$build/apt/xskat_4.0.orig.tar.gz" -C "$src" --strip-components=1
    got="Debian xskat_4.0.orig.tar.gz (sha256 $ORIG_SHA256)"
  fi
  # 2. the git mirror, pinned to the 4.0 commit
  if [ -z "$got" ] && [ -d "$MIRROR" ] &&
     git -C "$MIRROR" cat-file -e "$XSKAT_COMMIT^{commit}" 2>/dev/null; then
    git -C "$MIRROR" archive "$XSKAT_COMMIT" | tar -x -C "$src"
    got="git $MIRROR @ $XSKAT_COMMIT"
  fi
  if [ -z "$got" ]; then
    tmp="$build/git"
    rm -rf "$tmp"
    if git clone -q https://github.com/janni2/xskat "$tmp" 2>/dev/null &&
       git -C "$tmp" cat-file -e "$XSKAT_COMMIT^{commit}"; then
      git -C "$tmp" archive "$XSKAT_COMMIT" | tar -x -C "$src"
      got="git https://github.com/janni2/xskat @ $XSKAT_COMMIT"
    fi
  fi
  if [ -z "$got" ] || [ ! -f "$src/skat.c" ]; then
    echo "build.sh: cannot obtain the xskat 4.0 source" >&2
    exit 1
  fi
  echo "$got" > "$build/SOURCE"
fi
echo "xskat source: $(cat "$build/SOURCE")"

cd "$build"
CC=${CC:-gcc}
# xskat is K&R C: compile its files as gnu89, warnings off, unchanged.
# main -> xskat_main (the driver has its own main); fopen -> xdrv_fopen in
# skat.c only, so that xskat's own reader of predefined deals (get_game)
# reads the deal from the driver's memory.
XCFLAGS="-std=gnu89 -O2 -w -fno-strict-aliasing"
$CC $XCFLAGS -Dmain=xskat_main -Dfopen=xdrv_fopen -c src/skat.c -o skat.o
$CC $XCFLAGS -c src/null.c -o null.o
$CC $XCFLAGS -c src/ramsch.c -o ramsch.o
$CC $XCFLAGS '-DDEFAULT_LANGUAGE="english"' -c src/text.c -o text.o
$CC -std=gnu99 -O2 -Wall -Wno-unused-parameter -I src -c "$here/driver.c" -o driver.o
$CC skat.o null.o ramsch.o text.o driver.o -o "$here/xskat-driver"
echo "built $here/xskat-driver"
