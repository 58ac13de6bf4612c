#!/usr/bin/env bash
# Builds the documentation of every library module with the toolchain's docc, treating every
# warning (a broken symbol link, an unknown topic) as an error.
#
#   bash Scripts/docs.sh            # sites in .build/docs/<Module>.doccarchive
#
# Needs no package dependency: SwiftPM extracts the symbol graphs.
#
# The delegate engine (Sources/Switchboard/Delegates) and the list proxies
# (Sources/SwitchboardLists/ViewProxies) hold code that exists only on Apple platforms
# (`DelegateProxy`, `TableViewProxy`, …). Without an SDK, Switchboard's and SwitchboardLists'
# catalogs are built from this machine's symbol graphs, and the one warning accepted is a link
# to a symbol declared in Apple-only code (Scripts/apple-only-symbols.py lists them); every other
# warning fails. Pointed to an iOS SDK, the script builds them again from the iOS symbol graphs,
# where every warning fails:
#
#   SWITCHBOARD_IOS_SDK=/path/to/iPhoneOS.sdk bash Scripts/docs.sh
#
# On Linux also set SWITCHBOARD_IOS_FLAGS to the extra swiftc flags that build for iOS there
# (such as "-resource-dir <dir whose SwiftShims serve Darwin> -Xfrontend
# -disable-legacy-type-info"), each passed with -Xswiftc.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(Switchboard SwitchboardLists SwitchboardTesting)
docc="$(dirname "$(command -v swift)")/docc"
[ -x "$docc" ] || docc="$(command -v docc)"
rm -rf .build/docs
mkdir -p .build/docs
swift package dump-symbol-graph > .build/docs/symbol-graph.log 2>&1 || {
  cat .build/docs/symbol-graph.log
  exit 1
}
graphs="$(sed -n 's/^Files written to //p' .build/docs/symbol-graph.log)"
# Converts the catalog of module $1 with its symbol graphs from folder $2: the module's own
# graph, plus its extensions of other modules' types. With a third argument, "apple-only-links",
# a warning that a link names an Apple-only symbol is reported, not failed.
convert() {
  local module="$1" graphs="$2" accept="${3:-}" strict=(--warnings-as-errors)
  [ -z "$accept" ] || strict=()
  rm -rf ".build/docs/$module-graphs"
  mkdir -p ".build/docs/$module-graphs"
  cp "$graphs/$module.symbols.json" ".build/docs/$module-graphs"/
  cp "$graphs/$module"@*.symbols.json ".build/docs/$module-graphs"/ 2>/dev/null || true
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir ".build/docs/$module-graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.switchboard.$module" \
    "${strict[@]}" --output-path ".build/docs/$module.doccarchive" \
    > ".build/docs/$module.log" 2>&1 || {
    cat ".build/docs/$module.log"
    echo "docs: $module has documentation warnings (shown above)"
    exit 1
  }
  if [ -n "$accept" ]; then
    grep -E "warning: " ".build/docs/$module.log" >".build/docs/$module.warnings" || true
    if ! python3 Scripts/apple-only-symbols.py --accept ".build/docs/$module.warnings"; then
      echo "docs: $module has documentation warnings (shown above)"
      exit 1
    fi
  fi
  echo "docs: $module built in .build/docs/$module.doccarchive"
}

for module in "${modules[@]}"; do
  case "$module" in
    Switchboard | SwitchboardLists) convert "$module" "$graphs" apple-only-links ;;
    *) convert "$module" "$graphs" ;;
  esac
done

# Switchboard and SwitchboardLists again, from their iOS symbol graphs, when an SDK is given.
if [ -z "${SWITCHBOARD_IOS_SDK:-}" ]; then
  echo "docs: links to Apple-only symbols were not checked; set SWITCHBOARD_IOS_SDK to an iPhoneOS.sdk to check them"
  exit 0
fi
flags=()
for flag in ${SWITCHBOARD_IOS_FLAGS:-}; do flags+=(-Xswiftc "$flag"); done
# Inside the build folder, so a module the build finds up to date keeps its graph.
emitted="$PWD/.build/ios-docs/symbol-graphs"
mkdir -p "$emitted"
swift build --triple arm64-apple-ios16.0 --sdk "$SWITCHBOARD_IOS_SDK" "${flags[@]}" \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$emitted" \
  --scratch-path .build/ios-docs --target SwitchboardLists > .build/docs/ios-build.log 2>&1 || {
  cat .build/docs/ios-build.log
  echo "docs: the iOS build of SwitchboardLists failed (shown above)"
  exit 1
}
for module in Switchboard SwitchboardLists; do convert "$module" "$emitted"; done
