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
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> Bool {
  let explanation = proxy.explain(message)
  guard explanation.targets.map(\.role) == [role] else {
    recordFailure(
      "Expected \(message) to route to \(role), but \(explanation)",
      at: CallSite(fileID, filePath, line, column))
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
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> Bool {
  guard proxy.targets(for: message).first === handler, proxy.targets(for: message).count == 1 else {
    recordFailure(
      "Expected \(message) to route to \(type(of: handler)), but \(proxy.explain(message))",
      at: CallSite(fileID, filePath, line, column))
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
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> Bool {
  guard !proxy.responds(to: message) else {
    recordFailure(
      "Expected \(message) to route to nobody, but \(proxy.explain(message))",
      at: CallSite(fileID, filePath, line, column))
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
///   .didSelectRow: "view",
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
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> Bool {
  let table = proxy.routingTable
  let expectedLines = Message.allCases.map { message in
    "\(message) → \(expected.first { $0.key == message }?.value ?? "(not listed)")"
  }
  let actualLines = table.rows.filter { $0.message != nil }.map { "\($0.name) → \(routeLabel($0))" }
  guard expectedLines == actualLines else {
    let difference = lineDiff(expected: expectedLines, actual: actualLines)
    recordFailure(
      "Routing table differs (− expected, + actual):\n\(difference)",
      at: CallSite(fileID, filePath, line, column))
    return false
  }
  return true
}

/// The label ``expectRoutingTable(of:equals:fileID:filePath:line:column:)`` compares: handler labels joined by
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
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> Bool {
  expectRoute(
    message, in: proxy.router, to: role, fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// Expects the routing table of a `ListProxy` to equal `expected`; see
/// ``expectRoutingTable(of:equals:fileID:filePath:line:column:)``.
@MainActor
@discardableResult
public func expectRoutingTable(
  of proxy: ListProxy<some ListHost>, equals expected: KeyValuePairs<ListMessage, String>,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) -> Bool {
  expectRoutingTable(
    of: proxy.router, equals: expected, fileID: fileID, filePath: filePath, line: line,
    column: column)
}
