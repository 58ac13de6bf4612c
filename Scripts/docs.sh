#!/usr/bin/env bash
# Builds the documentation of every library module with the toolchain's docc, treating every
# warning (a broken symbol link, an unknown topic) as an error.
#
#   bash Scripts/docs.sh            # sites in .build/docs/<Module>.doccarchive
#
# Needs no package dependency: SwiftPM extracts the symbol graphs.
#
# SwitchboardDelegates's and SwitchboardListProxies' proxies exist only on Apple platforms, so their symbol graphs come from an iOS build,
# made only when you point the script to an iOS SDK (CI has none and says it skipped it):
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
# graph, plus its extensions of other modules' types.
convert() {
  local module="$1" graphs="$2"
  mkdir -p ".build/docs/$module-graphs"
  cp "$graphs/$module.symbols.json" ".build/docs/$module-graphs"/
  cp "$graphs/$module"@*.symbols.json ".build/docs/$module-graphs"/ 2>/dev/null || true
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir ".build/docs/$module-graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.switchboard.$module" \
    --warnings-as-errors --output-path ".build/docs/$module.doccarchive" > ".build/docs/$module.log" 2>&1 || {
    cat ".build/docs/$module.log"
    echo "docs: $module has documentation warnings (shown above)"
    exit 1
  }
  echo "docs: $module built in .build/docs/$module.doccarchive"
}

for module in "${modules[@]}"; do convert "$module" "$graphs"; done

# SwitchboardDelegates and SwitchboardListProxies: their iOS symbol graphs, when an SDK is given.
if [ -z "${SWITCHBOARD_IOS_SDK:-}" ]; then
  echo "docs: SwitchboardDelegates and SwitchboardListProxies skipped: their proxies build only for Apple platforms; set SWITCHBOARD_IOS_SDK to an iPhoneOS.sdk to build their documentation"
  exit 0
fi
flags=()
for flag in ${SWITCHBOARD_IOS_FLAGS:-}; do flags+=(-Xswiftc "$flag"); done
# Inside the build folder, so a module the build finds up to date keeps its graph.
emitted="$PWD/.build/ios-docs/symbol-graphs"
mkdir -p "$emitted"
swift build --triple arm64-apple-ios16.0 --sdk "$SWITCHBOARD_IOS_SDK" "${flags[@]}" \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$emitted" \
  --scratch-path .build/ios-docs --target SwitchboardListProxies > .build/docs/ios-build.log 2>&1 || {
  cat .build/docs/ios-build.log
  echo "docs: the iOS build of SwitchboardListProxies failed (shown above)"
  exit 1
}
for module in SwitchboardDelegates SwitchboardListProxies; do convert "$module" "$emitted"; done
