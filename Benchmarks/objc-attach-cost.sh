#!/usr/bin/env bash
# Measures, on Debian's GNU Objective-C runtime, what attaching a delegate proxy costs per proxy
# (the adopting class, the first message's method, detach) for 1,000 and 10,000 text fields,
# against a hand-written delegate in the same run, and the heap a live one holds
# (Benchmarks/ObjCRuntime/AttachCost.m says what each row is). From the repository root:
#
#   bash Benchmarks/objc-attach-cost.sh
#
# Installs libgnustep-base-dev from Debian's registry when gnustep-config is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

source Scripts/gnustep.sh

gnustep_benchmark Benchmarks/ObjCRuntime/AttachCost.m
