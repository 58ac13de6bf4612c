// swift-tools-version: 6.2
import PackageDescription

// Example screens for iOS and the Mac, built on the Switchboard package at the repository root.
// The view models import only SwitchboardLists and build everywhere; the view controllers sit
// under `#if canImport(UIKit)` (iOS) or `#if os(macOS)` (Mac/) and build for their platform
// (see the README's "On iOS" section and the "On the Mac" article).
let package = Package(
  name: "SwitchboardExamples",
  platforms: [.iOS(.v16), .macOS(.v13)],
  products: [
    .library(name: "SwitchboardExamples", targets: ["SwitchboardExamples"])
  ],
  dependencies: [
    .package(name: "Switchboard", path: "..")
  ],
  targets: [
    .target(
      name: "SwitchboardExamples",
      dependencies: [
        .product(name: "SwitchboardLists", package: "Switchboard"),
        .product(name: "SwitchboardUIKit", package: "Switchboard"),
        .product(name: "SwitchboardAppKit", package: "Switchboard"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
