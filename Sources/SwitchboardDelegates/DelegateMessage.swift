import Switchboard

/// The messages of a ``DelegateProxy``: it routes every message by its Objective-C selector, so
/// this set has no cases, and rules, explanations and observations name selectors.
///
/// ```swift
/// var rules = RoutingRules<DelegateMessage>()
/// rules[named: "searchBarSearchButtonClicked:"] = .always(.viewModel)
/// ```
public enum DelegateMessage: MessageSet {
  /// Never called: the set has no cases.
  public func isImplemented(by handler: AnyObject) -> Bool { switch self {} }
}
