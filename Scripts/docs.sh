#!/usr/bin/env bash
# Builds the documentation of every library module with the toolchain's docc, treating every
# warning (a broken symbol link, an unknown topic) as an error.
#
#   bash Scripts/docs.sh            # sites in .build/docs/<Module>.doccarchive
#
# Needs no package dependency: SwiftPM extracts the symbol graphs.
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
for module in "${modules[@]}"; do
  # Each module's own graph, plus its extensions of other modules' types.
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
done
