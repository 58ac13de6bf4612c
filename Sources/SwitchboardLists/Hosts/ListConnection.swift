import Foundation
import Switchboard

/// A headless host's link to its data source and delegate: both held weakly, with UIKit's
/// responds-to cache.
///
/// It answers "does the data source or delegate respond to this message?" from a cache filled
/// when they are assigned, and refreshed when a ``ListProxy`` among them changes its routes.
/// Every message goes through a router's cached route: a `ListProxy<Host>`'s own, or, for any
/// other object, a router made for it with that object as its one (weakly held) handler.
@MainActor
final class ListConnection<Host: ListHost> {
  private(set) weak var dataSource: AnyObject?
  private(set) weak var delegate: AnyObject?
  /// The data source and delegate again when they are proxies for this host, so dispatch needs
  /// no cast.
  private weak var dataSourceProxy: ListProxy<Host>?
  private weak var delegateProxy: ListProxy<Host>?
  /// Routers for a data source and a delegate that are not proxies.
  private var dataSourceRouter: PrioritizedProxy<ListMessage>?
  private var delegateRouter: PrioritizedProxy<ListMessage>?
  private var responses = [Bool](repeating: false, count: ListMessage.allCases.count)
  private var routeObservations: [ObservationToken] = []
  /// The message being sent right now, to notice when its handler turns out to be gone.
  private var messageInFlight: ListMessage?

  /// Problems met and recovered from, oldest first.
  private(set) var diagnostics: [ListViewDiagnostic] = []

  /// Connects `dataSource` and `delegate`, caching which messages they respond to.
  func connect(dataSource: AnyObject?, delegate: AnyObject?) {
    self.dataSource = dataSource
    self.delegate = delegate
    dataSourceProxy = dataSource as? ListProxy<Host>
    delegateProxy = delegate as? ListProxy<Host>
    dataSourceRouter = Self.router(for: dataSource, unless: dataSourceProxy)
    delegateRouter =
      delegate === dataSource ? dataSourceRouter : Self.router(for: delegate, unless: delegateProxy)
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

  /// A router whose one handler is `object`, for an object that is not a proxy.
  private static func router(
    for object: AnyObject?, unless proxy: ListProxy<Host>?
  ) -> PrioritizedProxy<ListMessage>? {
    guard let object, proxy == nil else { return nil }
    let router = ListProxy<Host>.makeRouter()
    router.add(object)
    return router
  }

  /// The router that delivers `message`, or `nil` when its receiver is gone.
  @inline(__always)
  private func router(for message: ListMessage) -> PrioritizedProxy<ListMessage>? {
    if message.isDataSourceMessage {
      return dataSourceProxy?.router ?? (dataSource == nil ? nil : dataSourceRouter)
    }
    return delegateProxy?.router ?? (delegate == nil ? nil : delegateRouter)
  }

  /// Whether the data source or delegate responds to `message`, as cached.
  func cachedResponse(to message: ListMessage) -> Bool { responses[message.rawValue] }

  private func refreshResponses() {
    for message in ListMessage.allCases {
      responses[message.rawValue] = router(for: message)?.responds(to: message) ?? false
    }
  }

  /// Sends `message` to the data source or delegate when it responds, or returns `defaultValue`.
  @inline(__always)
  func ask<Capability, Result>(
    _ message: ListMessage, as capability: Capability.Type,
    default defaultValue: @autoclosure () -> Result, _ body: (Capability) throws -> Result
  ) rethrows -> Result {
    guard responses[message.rawValue] else { return defaultValue() }
    guard let router = router(for: message) else {
      diagnostics.append(.respondentReleased(message))
      refreshResponses()
      return defaultValue()
    }
    let outer = messageInFlight
    messageInFlight = message
    defer { messageInFlight = outer }
    return try router.send(message, as: capability, default: defaultValue(), body)
  }

  /// Broadcasts a notification (as its rule says), showing its arguments to a proxy's
  /// observers.
  @inline(__always)
  func notify<Capability, Arguments>(
    _ event: ListEvent<Host, Arguments>, _ arguments: @autoclosure () -> Arguments,
    as capability: Capability.Type, _ body: (Capability) -> Void
  ) {
    let message = event.message
    guard responses[message.rawValue] else { return }
    guard let router = router(for: message) else {
      diagnostics.append(.respondentReleased(message))
      refreshResponses()
      return
    }
    let outer = messageInFlight
    messageInFlight = message
    defer { messageInFlight = outer }
    _ = router.broadcast(event.event, arguments(), as: capability, body)
  }

  /// Asks a value-returning message that observers see (commit edit): through a proxy, its
  /// observers see the arguments around the handler, and never change the answer.
  func ask<Capability, Arguments, Result>(
    _ event: ListEvent<Host, Arguments>, _ arguments: @autoclosure () -> Arguments,
    as capability: Capability.Type, default defaultValue: @autoclosure () -> Result,
    _ body: (Capability) -> Result
  ) -> Result {
    let message = event.message
    guard responses[message.rawValue] else { return defaultValue() }
    guard let router = router(for: message) else {
      diagnostics.append(.respondentReleased(message))
      refreshResponses()
      return defaultValue()
    }
    let outer = messageInFlight
    messageInFlight = message
    defer { messageInFlight = outer }
    return router.send(event.event, arguments(), as: capability, default: defaultValue(), body)
  }

  /// The handlers asked for `message`, for error messages, such as `["view (Screen) ✗"]`.
  func handlerSummaries(for message: ListMessage) -> [String] {
    let isDataSource = message.isDataSourceMessage
    if let proxy = isDataSource ? dataSourceProxy : delegateProxy {
      return proxy.explain(message).candidates.map(\.description)
    }
    guard (isDataSource ? dataSource : delegate) != nil,
      let router = isDataSource ? dataSourceRouter : delegateRouter
    else { return [] }
    return router.explain(message).candidates.map {
      "\($0.typeName) \($0.implementsMessage == true ? "✓" : "✗")"
    }
  }

  /// Throws when a data source is connected but a required message reaches nobody.
  func requireDataSourceMessages() throws(ListViewError) {
    guard dataSource != nil else { return }
    for message in ListMessage.allCases where message.isRequired && !responses[message.rawValue] {
      throw .requiredMessageUnhandled(message, handlers: handlerSummaries(for: message))
    }
  }
}
