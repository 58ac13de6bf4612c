# Sourced by the scripts that build the Objective-C base on Debian's GNU Objective-C runtime
# (Scripts/objc-runtime-tests.sh, Benchmarks/objc-forwarding-cost.sh, objc-attach-cost.sh):
# installs libgnustep-base-dev from Debian's registry when gnustep-config is missing, sets
# `gnustep_flags` (compiler) and `gnustep_libraries` (linker), and defines
# `gnustep_benchmark`.
if ! command -v gnustep-config >/dev/null; then
  echo "installing libgnustep-base-dev from Debian's registry"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends libgnustep-base-dev >/dev/null
fi
read -r -a gnustep_flags <<<"$(gnustep-config --objc-flags)"
read -r -a gnustep_libraries <<<"$(gnustep-config --base-libs)"

# Builds the Objective-C base with the benchmark `$1` (a .m file) at -O2 into a temporary
# directory, runs it, and removes the directory.
gnustep_benchmark() {
  local benchmark="$1" build source
  build="$(mktemp -d)"
  for source in Sources/SwitchboardObjC/*.m "$benchmark"; do
    gcc -std=gnu11 -O2 "${gnustep_flags[@]}" -ISources/SwitchboardObjC/include -c "$source" \
      -o "$build/$(basename "$source" .m).o" 2>"$build/compile.log" || {
      cat "$build/compile.log"
      rm -rf "$build"
      return 1
    }
  done
  gcc "$build"/*.o "${gnustep_libraries[@]}" -o "$build/benchmark"
  "$build/benchmark" || { rm -rf "$build"; return 1; }
  rm -rf "$build"
}
