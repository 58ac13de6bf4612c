#!/usr/bin/env bash
# Runs the tests with coverage in their own build folder and prints line coverage per library
# module, with the delegate engine (Switchboard/Delegates) and the list proxies
# (SwitchboardLists/ViewProxies) apart. Fails when the core (Switchboard without Delegates) or
# the list layer (SwitchboardLists without ViewProxies) covers fewer than 90% of its lines.
#
#   bash Scripts/coverage.sh            # per-module totals
#   bash Scripts/coverage.sh --files    # and every file
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-coverage
minimum=90
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

if ! swift test --enable-code-coverage --scratch-path "$scratch" >"$log" 2>&1; then
  tail -n 60 "$log"
  echo "coverage: the tests failed"
  exit 1
fi
json="$(swift test --show-codecov-path --scratch-path "$scratch")"
profile="$(dirname "$json")/default.profdata"
binary="$(find "$scratch/debug/" -maxdepth 1 -name '*PackageTests.xctest' | head -n 1)"
[ -f "$binary/Contents/MacOS/$(basename "$binary" .xctest)" ] \
  && binary="$binary/Contents/MacOS/$(basename "$binary" .xctest)"
llvm_cov="$(dirname "$(command -v swift)")/llvm-cov"
[ -x "$llvm_cov" ] || llvm_cov="$(command -v llvm-cov)"

status=0
echo "line coverage (llvm-cov, tests in Tests/ and Specs/):"
# name, folder, folder left out (a regular expression), target
rows=(
  "Switchboard|Sources/Switchboard|Sources/Switchboard/Delegates/|$minimum"
  "Switchboard/Delegates|Sources/Switchboard/Delegates||"
  "SwitchboardLists|Sources/SwitchboardLists|Sources/SwitchboardLists/ViewProxies/|$minimum"
  "SwitchboardLists/ViewProxies|Sources/SwitchboardLists/ViewProxies||"
  "SwitchboardTesting|Sources/SwitchboardTesting||"
)
for row in "${rows[@]}"; do
  IFS='|' read -r name folder ignored target <<<"$row"
  report="$("$llvm_cov" report "$binary" -instr-profile "$profile" \
    ${ignored:+-ignore-filename-regex="$ignored"} "$folder")"
  if [ "${1:-}" = "--files" ]; then echo "$report"; fi
  # TOTAL regions missed cover functions missed executed lines missed cover ...
  percent="$(awk '/^TOTAL/ { print $10 }' <<<"$report")"
  lines="$(awk '/^TOTAL/ { print $8 - $9 "/" $8 }' <<<"$report")"
  verdict=""
  if [ -n "$target" ]; then
    if awk -v p="${percent%\%}" -v m="$target" 'BEGIN { exit !(p < m) }'; then
      verdict="  below the ${target}% target"
      status=1
    else
      verdict="  (target ${target}%)"
    fi
  fi
  printf '  %-28s %7s of lines (%s)%s\n' "$name" "$percent" "$lines" "$verdict"
done
exit "$status"
