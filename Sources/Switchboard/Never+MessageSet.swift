/// The empty message set, for a proxy that routes every message by its run-time name.
///
/// A `DelegateProxy` routes Objective-C selectors, which no enum can list, so its rules,
/// explanations and observations name them:
///
/// ```swift
/// var rules = RoutingRules<Never>()
/// rules[named: "searchBarSearchButtonClicked:"] = .always(.viewModel)
/// ```
extension Never: MessageSet {
  /// Never called: `Never` has no values.
  public func isImplemented(by handler: AnyObject) -> Bool { switch self {} }
}

// The standard library does not list Never's (zero) values; should it ever, this conformance
// becomes redundant, not wrong: both lists are empty.
extension Never: @retroactive CaseIterable {
  /// No messages.
  public static var allCases: [Never] { [] }
}
