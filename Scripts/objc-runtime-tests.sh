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
# GCC warns of "incomplete implementation" for NS_UNAVAILABLE initializers and the test's
# proxies, which implement their protocols on purpose through forwarding: no -Werror here.
for source in Sources/SwitchboardObjC/SWBForwardingProxy.m \
  Tests/ObjCRuntimeTests/ForwardingProxyTests.m; do
  object="$build/$(basename "$source" .m).o"
  if ! gcc -std=gnu11 "${gnustep_flags[@]}" -ISources/SwitchboardObjC/include -c "$source" \
    -o "$object" 2>"$build/compile.log"; then
    cat "$build/compile.log"
    echo "objc runtime: $source does not compile with GCC"
    exit 1
  fi
done
gcc "$build"/*.o "${gnustep_libraries[@]}" -o "$build/objc-runtime-tests"
"$build/objc-runtime-tests"
