import Switchboard
import SwitchboardLists
import Testing

/// Expects `message` to route to the handler registered with `role`, and records an issue that
/// explains the actual route otherwise.
///
/// ```swift
/// expectRoute(.cellForRow, in: proxy.router, to: .view)
/// ```
///
/// - Returns: Whether the expectation held.
@MainActor
@discardableResult
public func expectRoute<Message: MessageSet>(
  _ message: Message, in proxy: PrioritizedProxy<Message>, to role: HandlerRole,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  let explanation = proxy.explain(message)
  guard explanation.targets.map(\.role) == [role] else {
    Issue.record(
      "Expected \(message) to route to \(role), but \(explanation)", sourceLocation: sourceLocation)
    return false
  }
  return true
}

/// Expects `message` to route to `handler`, and records an issue that explains the actual route
/// otherwise.
@MainActor
@discardableResult
public func expectRoute<Message: MessageSet>(
  _ message: Message, in proxy: PrioritizedProxy<Message>, to handler: AnyObject,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  guard proxy.targets(for: message).first === handler, proxy.targets(for: message).count == 1 else {
    Issue.record(
      "Expected \(message) to route to \(type(of: handler)), but \(proxy.explain(message))",
      sourceLocation: sourceLocation)
    return false
  }
  return true
}

/// Expects `message` to route to nobody, and records an issue naming the handler it reaches
/// otherwise.
@MainActor
@discardableResult
public func expectNoRoute<Message: MessageSet>(
  _ message: Message, in proxy: PrioritizedProxy<Message>,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  guard !proxy.responds(to: message) else {
    Issue.record(
      "Expected \(message) to route to nobody, but \(proxy.explain(message))",
      sourceLocation: sourceLocation)
    return false
  }
  return true
}

/// Expects the whole routing table of `proxy` to equal `expected`, and records an issue with a
/// line-by-line difference otherwise.
///
/// `expected` names, for every message, the label of the handler it reaches (its role, or `#n`
/// for a handler without a role), the labels of a broadcast joined by `", "`, or `"nobody"`.
/// A message missing from `expected` counts as a difference.
///
/// ```swift
/// expectRoutingTable(of: proxy.router, equals: [
///   .numberOfSections: "viewModel", .numberOfRows: "viewModel", .cellForRow: "view",
///   ...
/// ])
/// ```
///
/// On failure the issue reads:
///
/// ```
/// Routing table differs (− expected, + actual):
///   numberOfRows → viewModel
/// − cellForRow → viewModel
/// + cellForRow → view
/// ```
@MainActor
@discardableResult
public func expectRoutingTable<Message: MessageSet>(
  of proxy: PrioritizedProxy<Message>, equals expected: KeyValuePairs<Message, String>,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  let table = proxy.routingTable
  let expectedLines = Message.allCases.map { message in
    "\(message) → \(expected.first { $0.key == message }?.value ?? "(not listed)")"
  }
  let actualLines = table.rows.filter { $0.message != nil }.map { "\($0.name) → \(routeLabel($0))" }
  guard expectedLines == actualLines else {
    let difference = lineDiff(expected: expectedLines, actual: actualLines)
    Issue.record(
      "Routing table differs (− expected, + actual):\n\(difference)", sourceLocation: sourceLocation
    )
    return false
  }
  return true
}

/// The label ``expectRoutingTable(of:equals:sourceLocation:)`` compares: handler labels joined by
/// `", "`, `"nobody"`, or `"error"`.
func routeLabel<Message: MessageSet>(_ explanation: RouteExplanation<Message>) -> String {
  switch explanation.outcome {
  case .handler, .broadcast: explanation.targets.map(\.label).joined(separator: ", ")
  case .unhandled: "nobody"
  case .failed: "error"
  }
}

// MARK: - ListProxy conveniences

/// Expects `message` to route to the handler with `role` in a `ListProxy`.
@MainActor
@discardableResult
public func expectRoute(
  _ message: ListMessage, in proxy: ListProxy<some ListHost>, to role: HandlerRole,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  expectRoute(message, in: proxy.router, to: role, sourceLocation: sourceLocation)
}

/// Expects the routing table of a `ListProxy` to equal `expected`; see
/// ``expectRoutingTable(of:equals:sourceLocation:)``.
@MainActor
@discardableResult
public func expectRoutingTable(
  of proxy: ListProxy<some ListHost>, equals expected: KeyValuePairs<ListMessage, String>,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  expectRoutingTable(of: proxy.router, equals: expected, sourceLocation: sourceLocation)
}
