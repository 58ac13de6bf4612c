// swift-tools-version: 6.1
// Switchboard's benchmarks: a separate package, so the library stays dependency-free.
// Run them from the repository root with `bash Benchmarks/run.sh`.
import PackageDescription

let benchmarkTargets = [
  "ProxyDispatch", "RouteRebuild", "HeadlessScroll", "ModelUpdate", "ProxyAttach",
]

// A DifferenceKit checkout, for SmallListDiff's side-by-side measurement only: fetched outside
// this repository and named here (`SWITCHBOARD_DIFFERENCEKIT=/path/to/DifferenceKit bash
// Benchmarks/run.sh`). Without it, that target is not built.
let differenceKit = Context.environment["SWITCHBOARD_DIFFERENCEKIT"]

let package = Package(
  name: "SwitchboardBenchmarks",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [
    .package(name: "Switchboard", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ] + (differenceKit.map { [.package(name: "DifferenceKit", path: $0)] } ?? []),
  targets: [
    // Handlers, hand-written glue and the seed's scanning proxy, in their own module so the
    // optimizer cannot inline a handler into the loop that measures it.
    .target(
      name: "BenchmarkSupport",
      dependencies: [
        .product(name: "Switchboard", package: "Switchboard"),
        .product(name: "SwitchboardLists", package: "Switchboard"),
        .product(name: "Benchmark", package: "benchmark"),
        "MallocStats",
      ]),
    // glibc's malloc statistics (<malloc.h>, which Swift's Glibc module leaves out), for
    // ProxyAttach's memory rows.
    .target(name: "MallocStats"),
    // Reads the exported results and prints one ratio and verdict per target.
    .executableTarget(name: "benchmark-report"),
  ]
    + benchmarkTargets.map { name in
      .executableTarget(
        name: name,
        dependencies: [
          "BenchmarkSupport",
          .product(name: "Benchmark", package: "benchmark"),
          .product(name: "Switchboard", package: "Switchboard"),
          .product(name: "SwitchboardLists", package: "Switchboard"),
        ],
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")])
    }
    + (differenceKit == nil
      ? []
      : [
        .executableTarget(
          name: "SmallListDiff",
          dependencies: [
            "BenchmarkSupport",
            .product(name: "Benchmark", package: "benchmark"),
            .product(name: "SwitchboardLists", package: "Switchboard"),
            .product(name: "DifferenceKit", package: "DifferenceKit"),
          ],
          path: "Benchmarks/SmallListDiff",
          plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")])
      ]),
  swiftLanguageModes: [.v6]
)
