#!/usr/bin/env bash
# Measures, on Debian's GNU Objective-C runtime, what a notification sent to two handlers costs
# per message through the Objective-C forwarding base, against hand-written glue in the same run
# (Benchmarks/ObjCRuntime/ForwardingCost.m says what each row is). From the repository root:
#
#   bash Benchmarks/objc-forwarding-cost.sh
#
# Installs libgnustep-base-dev from Debian's registry when gnustep-config is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v gnustep-config >/dev/null; then
  echo "objc forwarding cost: installing libgnustep-base-dev from Debian's registry"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends libgnustep-base-dev >/dev/null
fi

build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
read -r -a flags <<<"$(gnustep-config --objc-flags)"
for source in Sources/SwitchboardObjC/SWBForwardingProxy.m Benchmarks/ObjCRuntime/ForwardingCost.m
do
  gcc -std=gnu11 -O2 "${flags[@]}" -ISources/SwitchboardObjC/include -c "$source" \
    -o "$build/$(basename "$source" .m).o" 2>"$build/compile.log" || {
    cat "$build/compile.log"
    exit 1
  }
done
read -r -a libraries <<<"$(gnustep-config --base-libs)"
gcc "$build"/*.o "${libraries[@]}" -o "$build/objc-forwarding-cost"
"$build/objc-forwarding-cost"
