// Observing messages: closures and async sequences that see a message's typed arguments before
// or after its handlers, without being handlers. A message that nobody observes costs one check.

extension PrioritizedProxy {
  // MARK: - Observing

  /// Calls `body` with the arguments of every `event` sent through this proxy, before or after
  /// its handlers run.
  ///
  /// Observing never changes a message's answer or who handles it. Observing a notification
  /// that no handler implements makes ``responds(to:)`` true while the observation lasts, so a
  /// host that caches "responds to" sends it; the proxy tells its route observers when that
  /// answer changes (``RouteChangeCauses/observersChanged``).
  ///
  /// ```swift
  /// let observation = proxy.observe(ChatMessage.typed, beforeHandler: true) { text in
  ///   analytics.log("typing", text)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - event: The message and the type of its arguments.
  ///   - beforeHandler: Whether to see the message before the handlers are called, or after
  ///     they returned (the default); a handler that throws skips the observers after it.
  ///   - body: Called in the proxy's isolation domain, synchronously, with the arguments.
  /// - Returns: The observation: it ends when you release it or call `cancel()`.
  public func observe<Arguments>(
    _ event: MessageEvent<Message, Arguments>, beforeHandler: Bool = false,
    _ body: @escaping (Arguments) -> Void
  ) -> ObservationToken {
    addObserver(
      event.key, timing: ObserverTiming(beforeHandler: beforeHandler), termination: nil,
      onProxyEnd: nil, body: body)
  }

  /// The arguments of every `event` sent through this proxy from now on, as an async sequence.
  ///
  /// The sequence ends when the proxy goes away. Cancelling the task that iterates it ends it
  /// at once: nothing more is delivered, and the proxy drops the observer at its next message or
  /// `responds(to:)` question (a task may be cancelled from another thread; the proxy changes
  /// only in its own domain).
  ///
  /// ```swift
  /// Task {
  ///   for await text in proxy.events(ChatMessage.typed) { print("typed", text) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - event: The message and the type of its arguments.
  ///   - beforeHandler: Whether to see the message before the handlers are called, or after
  ///     they returned (the default); a handler that throws skips the observers after it.
  ///   - bufferingPolicy: What to keep while the consumer is not waiting; everything by default.
  /// - Returns: A sequence of the arguments, in the order the messages are sent.
  public func events<Arguments: Sendable>(
    _ event: MessageEvent<Message, Arguments>, beforeHandler: Bool = false,
    bufferingPolicy: AsyncStream<Arguments>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<Arguments> {
    ObserverList.stream(bufferingPolicy: bufferingPolicy) { termination, finish, body in
      _ = addObserver(
        event.key, timing: ObserverTiming(beforeHandler: beforeHandler),
        termination: termination, onProxyEnd: finish, body: body)
    }
  }

  /// Whether anything observes `message` now.
  ///
  /// Senders need not ask: the event forms of ``broadcast(_:_:as:_:)`` and
  /// ``send(_:_:as:default:_:)`` check it themselves.
  @inlinable
  public func isObserved(_ message: Message) -> Bool {
    let index = routeIndex(of: message)
    // With no observer at all, one load and compare.
    if _fastPath(storage.observerCounts[index] == 0) { return false }
    return hasLiveObservers(at: index)
  }

  @usableFromInline
  func hasLiveObservers(at index: Int) -> Bool {
    storage.observerLists[index].isObserved
  }

  /// Whether anything observes the message named `name` now.
  public func isObserved(named name: String) -> Bool {
    guard !namedObservers.isEmpty, let observers = namedObservers[name], !observers.isEmpty
    else { return false }
    removeEndedObservers(named: name)
    return namedObservers[name]?.isObserved ?? false
  }

  func addObserver<Arguments>(
    _ key: MessageKey<Message>, timing: ObserverTiming, termination: TerminationFlag?,
    onProxyEnd: (() -> Void)?, body: @escaping (Arguments) -> Void
  ) -> ObservationToken {
    let id = nextObserverID
    nextObserverID += 1
    switch key {
    case .message(let message):
      let index = routeIndex(of: message)
      let wasObserved = hasLiveObservers(at: index)
      let observation = storage.observerLists[index].add(
        timing: timing, termination: termination, onProxyEnd: onProxyEnd, id: id, body: body
      ) { [weak lifetime, unowned self] in
        // `lifetime` lives exactly as long as the proxy; a weak reference to the proxy itself
        // would slow every retain and release of it.
        guard lifetime?.isAlive == true else { return }
        self.removeEndedObservers(at: index)
      }
      storage.observerCounts[index] = storage.observerLists[index].observers.count
      if !wasObserved { observedStateChanged(.message(message)) }
      return observation
    case .named(let name):
      let wasObserved = namedObservers[name]?.isObserved ?? false
      let observation = namedObservers[name, default: ObserverList()].add(
        timing: timing, termination: termination, onProxyEnd: onProxyEnd, id: id, body: body
      ) { [weak lifetime, unowned self] in
        guard lifetime?.isAlive == true else { return }
        self.removeEndedObservers(named: name)
      }
      if !wasObserved { observedStateChanged(.named(name)) }
      return observation
    }
  }

  /// Drops observers that ended, and tells route observers when the message is no longer
  /// observed.
  @usableFromInline
  func removeEndedObservers(at index: Int) {
    let ended = storage.observerLists[index].removeEnded()
    guard !ended.isEmpty else { return }
    defer { ObserverList.releaseRegistrations(of: ended) }
    storage.observerCounts[index] = storage.observerLists[index].observers.count
    guard !hasLiveObservers(at: index) else { return }
    observedStateChanged(.message(messages[index]))
  }

  func removeEndedObservers(named name: String) {
    guard var observers = namedObservers[name] else { return }
    let ended = observers.removeEnded()
    guard !ended.isEmpty else { return }
    defer { ObserverList.releaseRegistrations(of: ended) }
    namedObservers[name] = observers.isEmpty ? nil : observers
    if !observers.isObserved { observedStateChanged(.named(name)) }
  }

  /// A notification nobody handles is answered "responds" only while observed: tell hosts.
  func observedStateChanged(_ key: MessageKey<Message>) {
    switch key {
    case .message(let message):
      guard message.isNotification, liveTarget(for: message, expectingOne: false) == nil else {
        return
      }
      notifyObservers(RouteChange(messages: [message], causes: .observersChanged))
    case .named(let name):
      guard isNotification(named: name), forEachTarget(named: name, { _ in }) == 0
      else { return }
      notifyObservers(RouteChange(messages: [], names: [name], causes: .observersChanged))
    }
  }
}
