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
    // Any Objective-C delegate shared by several objects (DelegateProxy), on every Apple
    // platform, without the list layer. Elsewhere only the platform-independent routing is
    // built (and specified).
    .library(name: "SwitchboardDelegates", targets: ["SwitchboardDelegates"]),
    // One import for an iOS app: the table and collection view proxies, with
    // SwitchboardDelegates and SwitchboardLists.
    .library(name: "SwitchboardUIKit", targets: ["SwitchboardUIKit"]),
    // One import for a Mac app: the NSTableView, NSOutlineView and NSCollectionView proxies,
    // with SwitchboardDelegates and SwitchboardLists.
    .library(name: "SwitchboardAppKit", targets: ["SwitchboardAppKit"]),
    // The Objective-C base class of every delegate proxy (`ForwardingProxy`, whose
    // `forward(_:)` receives a `ForwardedMessage`), named by their public declarations; Apple
    // platforms and GNUstep only, empty elsewhere. Apps need not import it.
    .library(name: "SwitchboardObjC", targets: ["SwitchboardObjC"]),
    .executable(name: "switchboard-demo", targets: ["switchboard-demo"]),
  ],
  targets: [
    .target(name: "Switchboard"),
    .target(name: "SwitchboardLists", dependencies: ["Switchboard"]),
    // The Objective-C base of the delegate proxies (`forwardInvocation:`), for Apple platforms:
    // its sources are under `#if __APPLE__ || defined(GNUSTEP)`, so a plain Linux build compiles
    // them to nothing; Scripts/objc-runtime-tests.sh builds and tests them on the GNU runtime.
    .target(name: "SwitchboardObjC"),
    // The delegate engine: DelegateProxy, the one routing, the runtime bridge and the presets
    // (Foundation and the Objective-C runtime only). It does not depend on the list layer: a
    // WebKit, CoreLocation or Mac user links no list code. The routing is plain Swift, built
    // and specified on every platform.
    .target(
      name: "SwitchboardDelegates",
      dependencies: [
        "Switchboard",
        .target(
          name: "SwitchboardObjC",
          condition: .when(platforms: [.iOS, .macOS, .macCatalyst, .tvOS, .visionOS])),
      ]),
    // Where the engine and the list layer meet: the list proxies' configuration of the routing
    // (Lists/, plain Swift, specified on every platform), what every platform's proxies share
    // (Shells/), and the UIKit (UIKit/, iOS) and AppKit (AppKit/, macOS) proxies. One module,
    // not one per platform: the platform proxies subclass `ListViewProxy`, which is public but
    // not open, and use the shared routing's internals.
    .target(
      name: "SwitchboardListProxies", dependencies: ["SwitchboardDelegates", "SwitchboardLists"]),
    // `import SwitchboardUIKit` (iOS) and `import SwitchboardAppKit` (Mac) each bring it all.
    .target(name: "SwitchboardUIKit", dependencies: ["SwitchboardListProxies"]),
    .target(name: "SwitchboardAppKit", dependencies: ["SwitchboardListProxies"]),
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
    .testTarget(name: "SwitchboardDelegatesTests", dependencies: ["SwitchboardDelegates"]),
    .testTarget(
      name: "SwitchboardDelegatesSpecs",
      dependencies: [
        "Switchboard", "SwitchboardLists", "SwitchboardDelegates", "SwitchboardListProxies",
        "SwitchboardUIKit", "SwitchboardTesting",
      ],
      path: "Specs/SwitchboardDelegatesSpecs"),
    .testTarget(
      name: "SwitchboardDemoSpecs",
      dependencies: ["switchboard-demo", "SwitchboardLists", "SwitchboardTesting"],
      path: "Specs/SwitchboardDemoSpecs"),
  ],
  swiftLanguageModes: [.v6]
)
