#!/usr/bin/env bash
# Compares the API of the library products with the last release's, recorded in .ci/release
# ("<version> <commit>"), with `swift package diagnose-api-breaking-changes`.
#
#   bash Scripts/api-breaks.sh          # from the repository root; CI runs it
#
# Changes to `package` declarations, which no code outside this package can reach, are listed
# in .ci/api-breaks-allowed (the digester reports them with the public ones); each line there
# must name a `package` symbol. A source-breaking change to a public one fails, unless the CHANGELOG's next version (its first heading,
# `## [Unreleased] — <version>`) is a major version above the release: then the breaks are
# listed, and the CHANGELOG must name each under "Removed" (CONTRIBUTING.md). It needs the
# release's commit in the clone's history (a clone without --depth has it).
#
# On Linux it sees what every platform builds; the Apple-only proxies need the same command on
# a Mac or against an iOS SDK (CONTRIBUTING.md).
set -euo pipefail
cd "$(dirname "$0")/.."

read -r released commit < <(grep -v '^#' .ci/release | grep -v '^\s*$' | head -n 1)
if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
  echo "api-breaks: the release commit $commit ($released) is not in this clone's history"
  exit 1
fi
next="$(grep -m 1 -oE '^## \[?(Unreleased\]? — )?[0-9]+\.[0-9]+\.[0-9]+' CHANGELOG.md \
  | grep -oE '[0-9]+\.[0-9]+\.[0-9]+$')"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
# The library products whose Swift modules carry API (the others re-export them).
swift package diagnose-api-breaking-changes "$commit" \
  --breakage-allowlist-path .ci/api-breaks-allowed \
  --products Switchboard SwitchboardLists SwitchboardTesting >"$log" 2>&1 || status=$?
breaks="$(grep -E '💔|API breakage' "$log" || true)"
if [ "$status" -eq 0 ] && [ -z "$breaks" ]; then
  echo "api-breaks: no API break against $released ($commit)"
  exit 0
fi
if [ -z "$breaks" ]; then
  tail -n 40 "$log"
  echo "api-breaks: the comparison with $released did not run (log above)"
  exit 1
fi
echo "$breaks"
if [ "${next%%.*}" -gt "${released%%.*}" ]; then
  echo "api-breaks: breaks against $released, allowed: the CHANGELOG's next version is $next"
  exit 0
fi
echo "api-breaks: source-breaking changes against $released ($commit), above; the next version"
echo "is $next. Add and deprecate instead (CONTRIBUTING.md), or make the next version a major one."
exit 1
