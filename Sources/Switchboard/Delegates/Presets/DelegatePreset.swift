/// What Switchboard knows of one platform delegate protocol beyond its declaration: the answers
/// its documentation gives when a delegate does not implement a method, and the notifications
/// the proxy classes implement themselves.
///
/// Each protocol's preset is one file in `Presets/`, named after the protocol, and one line in
/// ``all``. A proxy answers a preset's default when the handler the parent was told about is gone
/// and no fallback was declared for the method (a declared one wins); every other method is
/// answered zero.
package struct DelegatePreset: Sendable {
  /// The protocol, as the Objective-C runtime names it.
  let protocolName: String
  /// The documented answer of each method whose default is not zero, by selector.
  let defaults: [String: DelegateFallback]
  /// Notifications sent every frame that the proxy classes implement themselves, so one sent to
  /// several handlers or observed takes no `NSInvocation`; answered like any other selector.
  let typedNotifications: Set<String>
  /// Methods whose mere presence changes the parent, with what it does, as the SDK header says:
  /// observing one that no handler implements would make the proxy implement it.
  let presenceEffects: [String: String]
  /// Of those, the ones whose only effect is to silence one sibling method, with it: observing
  /// one alone matters only while a handler implements that sibling.
  let silences: [String: String]

  /// A preset whose "should" questions default to `true`, whose "target" questions default to
  /// the proposed argument at the index given, and whose other methods have the values given.
  init(
    _ protocolName: String, answeringTrue: [String] = [], proposedArgument: [String: Int] = [:],
    values: [String: DelegateFallback] = [:], typedNotifications: Set<String> = [],
    presenceEffects: [String: String] = [:], silences: [String: String] = [:]
  ) {
    var defaults = values
    for selector in answeringTrue { defaults[selector] = .value(true) }
    for (selector, index) in proposedArgument { defaults[selector] = .proposedArgument(at: index) }
    self.protocolName = protocolName
    self.defaults = defaults
    self.typedNotifications = typedNotifications
    self.presenceEffects = presenceEffects
    self.silences = silences
  }

  /// Every preset, one line each.
  static let all: [DelegatePreset] = [
    .textField, .textView, .searchBar, .scrollView, .tabBarController,
    .adaptivePresentationController, .gestureRecognizer, .tableView, .collectionView,
    .fetchedResultsController, .captureFileOutputRecording, .tableViewDataSource,
    // Completion handlers called with the defaults the headers state (Scripts/completion-handlers.py).
    .urlSession, .webKit, .completionHandlers,
    // Methods whose presence changes the parent, read by Scripts/presence-effects.py.
    .assetWriter, .contentKeySession, .locationManager, .layer, .pencilInteraction,
    .applicationDelegate, .previewInteraction, .splitViewController, .browserEngineKit,
    .matterAttestation, .tcpConnectionAuthentication, .gameKitMatchmaker, .nfcReaderSession,
    .contactPicker,
    // AppKit's (macOS), each value cited from the macOS 13.3 SDK's headers.
    .appKitTableView, .appKitOutlineView, .appKitCollectionView, .appKitControlTextEditing,
    .appKitTextView, .appKitSearchField, .appKitWindow, .appKitMenu, .appKitSplitView,
    .appKitText, .appKitCollectionViewDataSource,
  ]

  /// Every preset's documented defaults, by selector.
  static let documentedDefaults: [String: DelegateFallback] = {
    var defaults: [String: DelegateFallback] = [:]
    for preset in all {
      defaults.merge(preset.defaults) { _, _ in
        preconditionFailure("DelegatePreset: two presets document the same selector.")
      }
    }
    return defaults
  }()

  /// Every preset's methods whose presence changes the parent, with what it does.
  static let presenceEffects: [String: String] = all.reduce(into: [:]) {
    $0.merge($1.presenceEffects) { first, _ in first }
  }

  /// Every preset's methods whose only effect is to silence one sibling, with that sibling.
  static let silencedSiblings: [String: String] = all.reduce(into: [:]) {
    $0.merge($1.silences) { first, _ in first }
  }

  /// Every preset's typed notifications: methods every proxy's class implements itself
  /// (`RoutingProxy`).
  package static let typedNotifications: Set<String> = all.reduce(into: []) {
    $0.formUnion($1.typedNotifications)
  }
}
