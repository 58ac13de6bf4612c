import Foundation
import Switchboard

/// A headless host's link to its data source and delegate: both held weakly, with UIKit's
/// responds-to cache and a fast path through ``ListProxy``.
///
/// It answers "does the data source or delegate respond to this message?" from a cache filled
/// when they are assigned, and refreshed when a ``ListProxy`` among them changes its routes. A
/// message goes through the proxy's cached route when the object is a `ListProxy<Host>`, and is
/// otherwise sent to the object itself, which then adopts the capability.
@MainActor
final class ListConnection<Host: ListHost> {
  private(set) weak var dataSource: AnyObject?
  private(set) weak var delegate: AnyObject?
  /// The data source and delegate again when they are proxies for this host, so dispatch needs
  /// no cast.
  private weak var dataSourceProxy: ListProxy<Host>?
  private weak var delegateProxy: ListProxy<Host>?
  private var responses = [Bool](repeating: false, count: ListMessage.allCases.count)
  private var routeObservations: [RouteObservation] = []
  /// The message being sent right now, to notice when its handler turns out to be gone.
  private var messageInFlight: ListMessage?
  /// A data source or delegate that is not a proxy, cast to each message's capability once.
  private var capabilities = CapabilityCache(slots: ListMessage.allCases.count)

  /// Problems met and recovered from, oldest first.
  private(set) var diagnostics: [ListViewDiagnostic] = []

  /// Connects `dataSource` and `delegate`, caching which messages they respond to.
  func connect(dataSource: AnyObject?, delegate: AnyObject?) {
    self.dataSource = dataSource
    self.delegate = delegate
    dataSourceProxy = dataSource as? ListProxy<Host>
    delegateProxy = delegate as? ListProxy<Host>
    capabilities.removeAll()
    routeObservations.removeAll()
    for proxy in [dataSourceProxy, delegateProxy === dataSourceProxy ? nil : delegateProxy] {
      guard let proxy else { continue }
      routeObservations.append(
        proxy.observeRoutes { [weak self, weak proxy] change in
          guard let self else { return }
          // Only a handler found released while its message was in flight is a problem: a
          // rule or handler changed on purpose during the call is not.
          if let message = self.messageInFlight, change.contains(message),
            change.causes.contains(.handlersReleased), proxy?.responds(to: message) == false
          {
            self.diagnostics.append(.handlerReleased(message))
          }
          self.refreshResponses()
        })
    }
    refreshResponses()
  }

  /// Whether the data source or delegate responds to `message`, as cached.
  func cachedResponse(to message: ListMessage) -> Bool { responses[message.rawValue] }

  private func refreshResponses() {
    for message in ListMessage.allCases {
      let isDataSource = message.isDataSourceMessage
      if let proxy = isDataSource ? dataSourceProxy : delegateProxy {
        responses[message.rawValue] = proxy.responds(to: message)
      } else if let object = isDataSource ? dataSource : delegate {
        responses[message.rawValue] = message.isHandled(by: object) {
          Host.handler($1, implements: $0)
        }
      } else {
        responses[message.rawValue] = false
      }
    }
  }

  /// Sends `message` to the data source or delegate when it responds, or returns `defaultValue`.
  @inline(__always)
  func ask<Capability, Result>(
    _ message: ListMessage, as capability: Capability.Type,
    default defaultValue: @autoclosure () -> Result, _ body: (Capability) throws -> Result
  ) rethrows -> Result {
    guard responses[message.rawValue] else { return defaultValue() }
    let isDataSource = message.isDataSourceMessage
    let outer = messageInFlight
    messageInFlight = message
    defer { messageInFlight = outer }
    if let proxy = isDataSource ? dataSourceProxy : delegateProxy {
      return try proxy.router.send(message, as: capability, default: defaultValue(), body)
    }
    guard let object = isDataSource ? dataSource : delegate else {
      diagnostics.append(.respondentReleased(message))
      refreshResponses()
      return defaultValue()
    }
    // A cached "yes" means the object adopts the capability.
    guard let handler = capabilities.cast(object, slot: message.rawValue, to: Capability.self)
    else {
      preconditionFailure(
        "\(Host.self): \(type(of: object)) was cached as answering \(message) but is not "
          + "\(Capability.self). This is a bug in the host's call site for \(message).")
    }
    return try body(handler)
  }

  /// Broadcasts a notification through a proxy (as its rule says), showing its arguments to the
  /// proxy's observers, or sends it to the object.
  @inline(__always)
  func notify<Capability, Arguments>(
    _ event: ListEvent<Host, Arguments>, _ arguments: @autoclosure () -> Arguments,
    as capability: Capability.Type, _ body: (Capability) -> Void
  ) {
    let message = event.message
    guard responses[message.rawValue] else { return }
    if let proxy = message.isDataSourceMessage ? dataSourceProxy : delegateProxy {
      let outer = messageInFlight
      messageInFlight = message
      defer { messageInFlight = outer }
      _ = proxy.router.broadcast(event.event, arguments(), as: capability, body)
    } else {
      ask(message, as: capability, default: (), body)
    }
  }

  /// Asks a value-returning message that observers see (commit edit): through a proxy, its
  /// observers see the arguments around the handler, and never change the answer.
  func ask<Capability, Arguments, Result>(
    _ event: ListEvent<Host, Arguments>, _ arguments: @autoclosure () -> Arguments,
    as capability: Capability.Type, default defaultValue: @autoclosure () -> Result,
    _ body: (Capability) -> Result
  ) -> Result {
    let message = event.message
    guard responses[message.rawValue],
      let proxy = message.isDataSourceMessage ? dataSourceProxy : delegateProxy
    else { return ask(message, as: capability, default: defaultValue(), body) }
    let outer = messageInFlight
    messageInFlight = message
    defer { messageInFlight = outer }
    return proxy.router.send(
      event.event, arguments(), as: capability, default: defaultValue(), body)
  }

  /// The handlers asked for `message`, for error messages, such as `["view (Screen) ✗"]`.
  func handlerSummaries(for message: ListMessage) -> [String] {
    let isDataSource = message.isDataSourceMessage
    if let proxy = isDataSource ? dataSourceProxy : delegateProxy {
      return proxy.explain(message).candidates.map(\.description)
    }
    guard let object = isDataSource ? dataSource : delegate else { return [] }
    let implements = message.isHandled(by: object) { Host.handler($1, implements: $0) }
    return ["\(type(of: object)) \(implements ? "✓" : "✗")"]
  }

  /// Throws when a data source is connected but a required message reaches nobody.
  func requireDataSourceMessages() throws(ListViewError) {
    guard dataSource != nil else { return }
    for message in ListMessage.allCases where message.isRequired && !responses[message.rawValue] {
      throw .requiredMessageUnhandled(message, handlers: handlerSummaries(for: message))
    }
  }
}
