#!/usr/bin/env bash
# Measures, on Debian's GNU Objective-C runtime, what a notification sent to two handlers costs
# per message through the Objective-C forwarding base, against hand-written glue in the same run,
# and what a method's answer costs through it (one handler's, a closure's, two handlers'
# combined and read back) against a direct message (Benchmarks/ObjCRuntime/ForwardingCost.m says
# what each row is, and each row prints its target). From the repository root:
#
#   bash Benchmarks/objc-forwarding-cost.sh
#
# Installs libgnustep-base-dev from Debian's registry when gnustep-config is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

source Scripts/gnustep.sh

build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
for source in Sources/SwitchboardObjC/*.m Benchmarks/ObjCRuntime/ForwardingCost.m
do
  gcc -std=gnu11 -O2 "${gnustep_flags[@]}" -ISources/SwitchboardObjC/include -c "$source" \
    -o "$build/$(basename "$source" .m).o" 2>"$build/compile.log" || {
    cat "$build/compile.log"
    exit 1
  }
done
gcc "$build"/*.o "${gnustep_libraries[@]}" -o "$build/objc-forwarding-cost"
"$build/objc-forwarding-cost"
