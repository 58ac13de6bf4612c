// swift-tools-version: 6.2
import PackageDescription

// Example screens for iOS, built on the Switchboard package at the repository root.
// The view models import only SwitchboardLists and build everywhere; the view controllers sit
// under `#if canImport(UIKit)` and build for iOS (see the README's "On iOS" section).
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
      ])
  ],
  swiftLanguageModes: [.v6]
)
