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

gnustep_benchmark Benchmarks/ObjCRuntime/ForwardingCost.m
