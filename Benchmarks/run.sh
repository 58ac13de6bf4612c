#!/usr/bin/env bash
# Runs every benchmark target in release mode and prints one line per target: the ratio
# against its same-run baseline and whether the target is met. From the repository root:
#
#   bash Benchmarks/run.sh                  # everything, about 26 minutes warm
#   bash Benchmarks/run.sh ProxyDispatch    # only the named targets (the others: "not run")
#
# With SWITCHBOARD_DIFFERENCEKIT naming a DifferenceKit checkout (fetched outside this
# repository), it also runs SmallListDiff: small lists diffed side by side with DifferenceKit.
#
# The full tables from package-benchmark go to Benchmarks/.results/benchmarks.log.
set -euo pipefail
cd "$(dirname "$0")"
results=.results
rm -rf "$results"
mkdir -p "$results"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(ProxyDispatch RouteRebuild HeadlessScroll ModelUpdate ProxyAttach)
  [ -n "${SWITCHBOARD_DIFFERENCEKIT:-}" ] && targets+=(SmallListDiff)
fi
target_args=()
for target in "${targets[@]}"; do target_args+=(--target "$target"); done

swift package --allow-writing-to-package-directory benchmark "${target_args[@]}" \
  --format influx --path "$results" --no-progress > "$results/benchmarks.log" 2>&1 || {
  tail -40 "$results/benchmarks.log"
  echo "benchmarks failed; full log in Benchmarks/$results/benchmarks.log"
  exit 1
}
# On a shared VM a burst of contention on the host moves whichever benchmark runs through it: one
# process in a few measures a dispatch path (glue or proxy alike) much slower than the others,
# and the rebuild linearity and the diff and snapshot ratios divide benchmarks measured seconds
# apart. ProxyDispatch, RouteRebuild, ModelUpdate, SmallListDiff and ProxyAttach are measured in
# two more runs, and the report takes the median of the three (of each process's fastest iteration; see the report's
# header).
exports=("$results"/*.influx.csv)
for repeated in ProxyDispatch RouteRebuild ModelUpdate SmallListDiff ProxyAttach; do
  [[ " ${targets[*]} " == *" $repeated "* ]] || continue
  for extra in 2 3; do
    mkdir -p "$results/$repeated-$extra"
    swift package --allow-writing-to-package-directory benchmark --target "$repeated" \
      --format influx --path "$results/$repeated-$extra" --no-progress \
      >> "$results/benchmarks.log" 2>&1 || {
      tail -40 "$results/benchmarks.log"
      echo "benchmarks failed; full log in Benchmarks/$results/benchmarks.log"
      exit 1
    }
    exports+=("$results/$repeated-$extra"/*.influx.csv)
  done
done
swift run -c release --quiet benchmark-report "${exports[@]}"
