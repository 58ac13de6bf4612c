#!/usr/bin/env bash
# Builds the Objective-C forwarding base (Sources/SwitchboardObjC) with GCC against Debian's GNU
# Objective-C runtime and GNUstep Base, and runs its tests (Tests/ObjCRuntimeTests): the base's
# -methodSignatureForSelector:, -forwardInvocation: and NSInvocation handling run for real.
# Installs libgnustep-base-dev from Debian's registry when gnustep-config is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v gnustep-config >/dev/null; then
  echo "objc runtime: installing libgnustep-base-dev from Debian's registry"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends libgnustep-base-dev >/dev/null
fi

build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
read -r -a flags <<<"$(gnustep-config --objc-flags)"
# GCC warns of "incomplete implementation" for NS_UNAVAILABLE initializers and the test's
# proxies, which implement their protocols on purpose through forwarding: no -Werror here.
for source in Sources/SwitchboardObjC/SWBForwardingProxy.m \
  Tests/ObjCRuntimeTests/ForwardingProxyTests.m; do
  object="$build/$(basename "$source" .m).o"
  if ! gcc -std=gnu11 "${flags[@]}" -ISources/SwitchboardObjC/include -c "$source" -o "$object" \
    2>"$build/compile.log"; then
    cat "$build/compile.log"
    echo "objc runtime: $source does not compile with GCC"
    exit 1
  fi
done
read -r -a libraries <<<"$(gnustep-config --base-libs)"
gcc "$build"/*.o "${libraries[@]}" -o "$build/objc-runtime-tests"
"$build/objc-runtime-tests"
