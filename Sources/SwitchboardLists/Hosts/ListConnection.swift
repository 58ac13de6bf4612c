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
  /// The data source; assigning one connects it, keeping the delegate.
  weak var dataSource: AnyObject? {
    didSet {
      dataSourceWasAssigned = dataSource != nil
      connect()
    }
  }
  /// The delegate; assigning one connects it, keeping the data source.
  weak var delegate: AnyObject? {
    didSet { connect() }
  }
  /// The data source and delegate again when they are proxies for this host, so dispatch needs
  /// no cast.
  private weak var dataSourceProxy: ListProxy<Host>?
  private weak var delegateProxy: ListProxy<Host>?
  /// Proxies made for a data source and a delegate that are not proxies, each with that object
  /// as its one (weakly held) handler.
  private var dataSourceOwnProxy: ListProxy<Host>?
  private var delegateOwnProxy: ListProxy<Host>?
  private var responses = [Bool](repeating: false, count: ListMessage.allCases.count)
  /// The rules that cannot work for an optional message, as last reported to the proxy's
  /// `onError`, so each is reported once while it lasts.
  private var reportedRules: [ListMessage: String] = [:]
  private var routeObservations: [ObservationToken] = []
  /// The message being sent right now, to notice when its handler turns out to be gone.
  private var messageInFlight: ListMessage?
  /// The last view model that announced changes, and its type's name.
  private weak var lastAnnouncer: AnyObject?
  private var lastAnnouncerName: String?

  /// Problems met and recovered from, oldest first.
  private(set) var diagnostics: [ListViewError] = []

  /// Whether a data source was assigned (and not set to `nil` since), to tell a released one
  /// from none.
  private var dataSourceWasAssigned = false

  /// The host this connection serves; it receives the data source's announced changes.
  weak var host: Host?
  /// Where the data source (or its view model) announces changes, while it is connected.
  private weak var changes: ListChanges?

  /// Connects the data source and the delegate, caching which messages they respond to.
  private func connect() {
    dataSourceProxy = dataSource as? ListProxy<Host>
    delegateProxy = delegate as? ListProxy<Host>
    dataSourceOwnProxy = Self.proxy(for: dataSource, unless: dataSourceProxy)
    delegateOwnProxy =
      delegate === dataSource
      ? dataSourceOwnProxy : Self.proxy(for: delegate, unless: delegateProxy)
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
          // A view model added to the proxy after it was connected is listened to from now.
          self.listen(to: self.announcer)
        })
    }
    refreshResponses()
    listen(to: announcer)
  }

  /// Hands `snapshot` to the data source (or its proxy's handler) that keeps snapshots, through
  /// `body` (which applies it, telling every host showing it).
  func applySnapshot<SectionID, ItemID>(
    _ snapshot: ListSnapshot<SectionID, ItemID>,
    _ body: (any ListSnapshotDataSource<SectionID, ItemID>) -> Void
  ) throws(ListViewError) {
    guard let source = dataSourceHandler(as: (any ListSnapshotDataSource<SectionID, ItemID>).self)
    else {
      if let viewModel = lastAnnouncerName, lastAnnouncer == nil {
        throw .viewModelReleased(host: "\(Host.self)", viewModel: "a \(viewModel)")
      }
      throw .noSnapshotDataSource(
        host: "\(Host.self)", snapshot: "\(type(of: snapshot))",
        handlers: handlerSummaries(for: .numberOfRows))
    }
    body(source)
  }

  /// Where the data source, or its proxy's view model, announces changes; the view model is
  /// remembered (weakly), so that a snapshot applied after it is gone names it.
  private var announcer: ListChanges? {
    guard let handler = dataSourceHandler(as: (any ListChangeAnnouncing).self) else {
      return nil
    }
    lastAnnouncer = handler
    lastAnnouncerName = "\(type(of: handler))"
    return handler.changes
  }

  /// The data source when it is a `Capability`, or else the first handler of its proxy that is.
  func dataSourceHandler<Capability>(as capability: Capability.Type) -> Capability? {
    (dataSource as? Capability) ?? dataSourceProxy?.router.firstHandler(as: capability)
  }

  /// Makes the host receive the announcements of `newChanges` (and no longer those of the data
  /// source connected before).
  private func listen(to newChanges: ListChanges?) {
    guard newChanges !== changes, let host else { return }
    changes?.removeHost(host)
    changes = newChanges
    newChanges?.addHost(host) { [weak self] host, update in
      if let problem = host.applyOrReload(update) { self?.diagnostics.append(problem) }
    }
  }

  /// Announces `update`, which `host` applied itself, to the other hosts showing the data
  /// source.
  func announceToOtherHosts(_ update: ListUpdate) {
    changes?.announce(update, except: host)
  }

  /// A proxy whose one handler is `object`, for an object that is not a proxy.
  private static func proxy(
    for object: AnyObject?, unless proxy: ListProxy<Host>?
  ) -> ListProxy<Host>? {
    guard let object, proxy == nil else { return nil }
    let router = ListProxy<Host>.makeRouter()
    router.add(object)
    return ListProxy(router: router)
  }

  /// The proxy that delivers `message`, or `nil` when its receiver is gone.
  @inline(__always)
  private func proxy(for message: ListMessage) -> ListProxy<Host>? {
    if message.isDataSourceMessage {
      return dataSourceProxy ?? (dataSource == nil ? nil : dataSourceOwnProxy)
    }
    return delegateProxy ?? (delegate == nil ? nil : delegateOwnProxy)
  }

  /// Whether the data source or delegate responds to `message`, as cached.
  func cachedResponse(to message: ListMessage) -> Bool { responses[message.rawValue] }

  private func refreshResponses() {
    for message in ListMessage.allCases {
      let proxy = proxy(for: message)
      responses[message.rawValue] = proxy?.responds(to: message) ?? false
      if !responses[message.rawValue], let proxy { reportRuleThatCannotWork(message, proxy) }
    }
  }

  /// Reports a rule that cannot work for an optional message to the proxy's `onError`, once
  /// while it lasts.
  ///
  /// Such a rule (a handler that does not implement the message, a role nobody has) keeps the
  /// host from ever sending the message, so nothing else would report it. A required message's
  /// is thrown at reload instead.
  private func reportRuleThatCannotWork(_ message: ListMessage, _ proxy: ListProxy<Host>) {
    guard !message.isRequired, case .failed(let error) = proxy.explain(message).outcome else {
      reportedRules[message] = nil
      return
    }
    let text = "\(error)"
    guard reportedRules[message] != text else { return }
    reportedRules[message] = text
    proxy.onError(error)
  }

  /// Sends `call` to the data source or delegate when it responds; otherwise answers the call's
  /// default.
  @inline(__always)
  func send<Capability, Arguments, Result, Failure: Error>(
    _ call: ListCall<Host, Capability, Arguments, Result, Failure>, _ arguments: Arguments,
    in host: Host
  ) throws(Failure) -> Result {
    guard let proxy = respondingProxy(for: call.message) else {
      return call.defaultValue(arguments)
    }
    let outer = messageInFlight
    messageInFlight = call.message
    defer { messageInFlight = outer }
    return try proxy.send(call, arguments, in: host)
  }

  /// Sends a notification to the handlers the data source's or delegate's rule chooses, when it
  /// responds.
  @inline(__always)
  func send<Capability, Arguments, Failure: Error>(
    _ call: ListCall<Host, Capability, Arguments, Void, Failure>, _ arguments: Arguments,
    in host: Host
  ) throws(Failure) {
    guard let proxy = respondingProxy(for: call.message) else { return }
    let outer = messageInFlight
    messageInFlight = call.message
    defer { messageInFlight = outer }
    try proxy.send(call, arguments, in: host)
  }

  /// The cell the data source makes for the row at `path`.
  ///
  /// - Throws: ``ListViewError/dataSourceReleased``, ``ListViewError/requiredMessageUnhandled(_:handlers:)``
  ///   when nobody makes cells, or ``ListViewError/cellProviderFailed(_:_:)`` with the error a
  ///   cell provider threw.
  func makeCell(at path: IndexPath, in host: Host) throws(ListViewError) -> Host.Cell {
    guard dataSource != nil else { throw .dataSourceReleased }
    do {
      guard let cell = try send(.cellForRow, path, in: host) else {
        throw ListViewError.requiredMessageUnhandled(
          .cellForRow, handlers: handlerSummaries(for: .cellForRow))
      }
      return cell
    } catch let error as ListViewError {
      throw error
    } catch {
      throw .cellProviderFailed(path, "\(error)")
    }
  }

  /// The proxy of `message` when the host's cache says it responds; a receiver released since
  /// is recorded and the cache refreshed.
  @inline(__always)
  private func respondingProxy(for message: ListMessage) -> ListProxy<Host>? {
    guard responses[message.rawValue] else { return nil }
    guard let proxy = proxy(for: message) else {
      diagnostics.append(.respondentReleased(message))
      refreshResponses()
      return nil
    }
    return proxy
  }

  /// The data source for a data-source message, the delegate for any other.
  private func receiver(of message: ListMessage) -> AnyObject? {
    if message.isDataSourceMessage { return dataSource }
    return delegate
  }

  /// The handlers asked for `message`, for error messages, such as `["view (Screen) ✗"]`.
  func handlerSummaries(for message: ListMessage) -> [String] {
    let isDataSource = message.isDataSourceMessage
    if let proxy = isDataSource ? dataSourceProxy : delegateProxy {
      return proxy.explain(message).candidates.map(\.description) + proxy.releasedHandlerNotes
    }
    guard receiver(of: message) != nil,
      let proxy = isDataSource ? dataSourceOwnProxy : delegateOwnProxy
    else { return [] }
    return proxy.explain(message).candidates.map {
      "\($0.typeName) \($0.implementsMessage == true ? "✓" : "✗")"
    }
  }

  /// Throws when the list cannot show its data: a data source released since it was assigned,
  /// or a required message that reaches nobody, naming why (a handler written for another kind
  /// of host, a rule that cannot work, or no implementer).
  func requireDataSourceMessages() throws(ListViewError) {
    guard dataSource != nil else {
      if dataSourceWasAssigned { throw .dataSourceReleased }
      return
    }
    // A list proxy for another host answers none of this host's messages.
    if dataSourceProxy == nil, let other = dataSource as? any HostedListProxy {
      throw .proxyForAnotherHost(proxy: other.proxyTypeName, host: "\(Host.self)")
    }
    for message in ListMessage.allCases where message.isRequired && !responses[message.rawValue] {
      try throwUnhandled(message)
    }
  }

  /// Throws why `message`, which the host needs, reaches nobody: a handler written for another
  /// kind of host, a rule that keeps it from the handler that implements it, or no implementer.
  func throwUnhandled(_ message: ListMessage) throws(ListViewError) -> Never {
    try requireSameHost(for: message)
    // The rule is the cause when it keeps the message from a handler that implements it.
    let proxy = message.isDataSourceMessage ? dataSourceProxy : delegateProxy
    if let explanation = proxy?.explain(message),
      explanation.candidates.contains(where: { $0.implementsMessage == true })
    {
      switch explanation.outcome {
      case .failed(let error):
        throw .routeCannotWork(error)
      case .unhandled(let reason):
        throw .routeCannotWork(
          RoutingError(
            message: message, rule: explanation.rule, kind: .unhandled(reason: reason),
            handlers: explanation.candidates))
      case .handler, .broadcast:
        break
      }
    }
    throw .requiredMessageUnhandled(message, handlers: handlerSummaries(for: message))
  }

  /// Throws when a handler of `message` implements it for another kind of host only, such as a
  /// cell provider for ``CollectionView`` given to a ``ListView``'s proxy.
  private func requireSameHost(for message: ListMessage) throws(ListViewError) {
    let hosts: [any ListHost.Type] = [ListView.self, CollectionView.self]
    for object in handlerObjects(for: message) where !Host.handler(object, implements: message) {
      for other in hosts where other != Host.self && other.handler(object, implements: message) {
        throw .handlerForAnotherHost(
          message, handler: "\(type(of: object))", host: "\(Host.self)", otherHost: "\(other)")
      }
    }
  }

  /// The objects asked for `message`: a proxy's handlers that have a role, or the data source
  /// or delegate itself.
  private func handlerObjects(for message: ListMessage) -> [AnyObject] {
    let isDataSource = message.isDataSourceMessage
    guard let proxy = isDataSource ? dataSourceProxy : delegateProxy else {
      return [receiver(of: message)].compactMap { $0 }
    }
    let router = proxy.router
    return router.handlers.flatMap(\.roles).compactMap { router.handler(withRole: $0) }
  }
}
