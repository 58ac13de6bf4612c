#!/usr/bin/env bash
# Builds the Objective-C forwarding base (Sources/SwitchboardObjC) with GCC against Debian's GNU
# Objective-C runtime and GNUstep Base, and runs its tests (Tests/ObjCRuntimeTests): the base's
# -methodSignatureForSelector:, -forwardInvocation: and NSInvocation handling run for real.
# Installs libgnustep-base-dev from Debian's registry when gnustep-config is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

source Scripts/gnustep.sh

build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
# Built and run twice: as it ships, then under AddressSanitizer (a use after free of an answer
# or an argument fails the run). Leak detection stays off there: GNUstep Base's own start-up
# allocations are reported as leaks on every run.
# GCC warns of "incomplete implementation" for NS_UNAVAILABLE initializers and the test's
# proxies, which implement their protocols on purpose through forwarding: no -Werror here.
for variant in plain address; do
  mkdir -p "$build/$variant"
  sanitize=()
  [ "$variant" = address ] && sanitize=(-fsanitize=address -fno-omit-frame-pointer)
  for source in Sources/SwitchboardObjC/*.m \
    Tests/ObjCRuntimeTests/*.m; do
    object="$build/$variant/$(basename "$source" .m).o"
    if ! gcc -std=gnu11 "${sanitize[@]}" "${gnustep_flags[@]}" -ISources/SwitchboardObjC/include \
      -c "$source" -o "$object" 2>"$build/compile.log"; then
      cat "$build/compile.log"
      echo "objc runtime: $source does not compile with GCC"
      exit 1
    fi
  done
  gcc "${sanitize[@]}" "$build/$variant"/*.o "${gnustep_libraries[@]}" \
    -o "$build/$variant/objc-runtime-tests"
  echo "objc runtime ($variant):"
  ASAN_OPTIONS=detect_leaks=0 "$build/$variant/objc-runtime-tests"
done
