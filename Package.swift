// swift-tools-version: 6.2
import PackageDescription

// Every target compiles in the Swift 6 language mode (complete strict concurrency).
// The library products have no package dependencies. Tools 6.2 (Xcode 26): the core's async
// `send` uses `nonisolated(nonsending)`.
let package = Package(
  name: "Switchboard",
  // iOS 16 and macOS 13: the first with runtime support for parameterized protocol casts
  // (`PartialHandler<Message>`), which routing uses. Linux has no minimum.
  platforms: [.iOS(.v16), .macOS(.v13)],
  products: [
    .library(name: "Switchboard", targets: ["Switchboard"]),
    .library(name: "SwitchboardLists", targets: ["SwitchboardLists"]),
    .library(name: "SwitchboardTesting", targets: ["SwitchboardTesting"]),
    // 2.0's name for the delegate engine, now in Switchboard: `import SwitchboardDelegates`
    // still brings DelegateProxy and the core, without the list layer.
    .library(name: "SwitchboardDelegates", targets: ["SwitchboardDelegates"]),
    // One import for an iOS app: the table and collection view proxies, the list layer, the
    // core and the delegate engine.
    .library(name: "SwitchboardUIKit", targets: ["SwitchboardUIKit"]),
    // One import for a Mac app: the NSTableView, NSOutlineView and NSCollectionView proxies,
    // the list layer, the core and the delegate engine.
    .library(name: "SwitchboardAppKit", targets: ["SwitchboardAppKit"]),
    // The Objective-C base class of every delegate proxy (`ForwardingProxy`, whose
    // `forward(_:)` receives a `ForwardedMessage`), named by their public declarations; Apple
    // platforms and GNUstep only, empty elsewhere. Apps need not import it.
    .library(name: "SwitchboardObjC", targets: ["SwitchboardObjC"]),
    .executable(name: "switchboard-demo", targets: ["switchboard-demo"]),
  ],
  targets: [
    // The core (PrioritizedProxy: handlers, rules, routes, explain, events) and the delegate
    // engine (Delegates/: DelegateProxy, the one routing, the runtime bridge, the presets), in
    // one module so that a forwarded message is routed, converted and delivered without
    // crossing modules. Foundation and the Objective-C runtime only, no list code: a WebKit,
    // CoreLocation or Mac user links no list code. The routing is plain Swift, built and
    // specified on every platform; DelegateProxy itself exists where Objective-C does.
    .target(
      name: "Switchboard",
      dependencies: [
        .target(
          name: "SwitchboardObjC",
          condition: .when(platforms: [.iOS, .macOS, .macCatalyst, .tvOS, .visionOS]))
      ]),
    // The list layer (host-free vocabulary, headless hosts, snapshots, diffs) and, under
    // ViewProxies/, the table and collection view proxies that stand on the delegate engine:
    // the list routing (plain Swift, specified on every platform), the UIKit proxies (iOS) and
    // the AppKit ones (macOS).
    .target(name: "SwitchboardLists", dependencies: ["Switchboard"]),
    // The Objective-C base of the delegate proxies (`forwardInvocation:`), for Apple platforms:
    // its sources are under `#if __APPLE__ || defined(GNUSTEP)`, so a plain Linux build compiles
    // them to nothing; Scripts/objc-runtime-tests.sh builds and tests them on the GNU runtime.
    .target(name: "SwitchboardObjC"),
    // Names kept for apps that import them: `import SwitchboardDelegates` brings the core and the
    // engine, `import SwitchboardUIKit` (iOS) and `import SwitchboardAppKit` (Mac) the list layer
    // and its proxies too.
    .target(name: "SwitchboardDelegates", dependencies: ["Switchboard"]),
    .target(name: "SwitchboardUIKit", dependencies: ["SwitchboardLists"]),
    .target(name: "SwitchboardAppKit", dependencies: ["SwitchboardLists"]),
    .target(name: "SwitchboardTesting", dependencies: ["Switchboard", "SwitchboardLists"]),
    // The demo's screens are internal to it; its specs reach them with `@testable import`.
    .executableTarget(name: "switchboard-demo", dependencies: ["Switchboard", "SwitchboardLists"]),
    // A reproducible random number generator for the randomized tests; not a product.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "SwitchboardTests", dependencies: ["Switchboard", "SwitchboardTesting", "TestSupport"]),
    .testTarget(
      name: "SwitchboardSpecs", dependencies: ["Switchboard"], path: "Specs/SwitchboardSpecs"),
    .testTarget(
      name: "SwitchboardListsTests",
      dependencies: ["Switchboard", "SwitchboardLists", "SwitchboardTesting", "TestSupport"]),
    .testTarget(
      name: "SwitchboardListsSpecs",
      dependencies: ["Switchboard", "SwitchboardLists", "SwitchboardTesting", "TestSupport"],
      path: "Specs/SwitchboardListsSpecs"),
    .testTarget(
      name: "SwitchboardTestingSpecs",
      dependencies: ["Switchboard", "SwitchboardLists", "SwitchboardTesting"],
      path: "Specs/SwitchboardTestingSpecs"),
    .testTarget(name: "SwitchboardDelegatesTests", dependencies: ["Switchboard"]),
    .testTarget(
      name: "SwitchboardDelegatesSpecs",
      dependencies: [
        "Switchboard", "SwitchboardLists", "SwitchboardTesting",
      ],
      path: "Specs/SwitchboardDelegatesSpecs"),
    .testTarget(
      name: "SwitchboardDemoSpecs",
      dependencies: ["switchboard-demo", "SwitchboardLists", "SwitchboardTesting"],
      path: "Specs/SwitchboardDemoSpecs"),
  ],
  swiftLanguageModes: [.v6]
)
