# Sourced by the scripts that build the Objective-C base on Debian's GNU Objective-C runtime
# (Scripts/objc-runtime-tests.sh, Benchmarks/objc-forwarding-cost.sh): installs
# libgnustep-base-dev from Debian's registry when gnustep-config is missing, and sets
# `gnustep_flags` (compiler) and `gnustep_libraries` (linker).
if ! command -v gnustep-config >/dev/null; then
  echo "installing libgnustep-base-dev from Debian's registry"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends libgnustep-base-dev >/dev/null
fi
read -r -a gnustep_flags <<<"$(gnustep-config --objc-flags)"
read -r -a gnustep_libraries <<<"$(gnustep-config --base-libs)"
