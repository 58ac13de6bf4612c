#if canImport(SwitchboardObjC)
import Foundation

extension RoutingProxy {
  // MARK: - Observing

  /// Calls `body` with the arguments of every `selector` the parent sends (a method that
  /// returns nothing), boxed as the runtime boxes them, before or after its handlers.
  ///
  /// Observing a method nobody implements makes the proxy answer it, which the parent learns
  /// after this turn. A method that returns a value, or that no adopted protocol declares, is
  /// reported to ``onError``, and `body` is never called.
  ///
  /// `body` runs on the thread the parent calls on; written on the main actor (the default in a
  /// view controller), it runs only on the main thread, and a message sent elsewhere is
  /// reported (``DelegateProxyError/Kind/calledOffItsActor``). For a parent that calls on a
  /// queue of its own, write it in nonisolated code, or pass `isolation: nil` with a
  /// `@Sendable` closure.
  public func observe(
    _ selector: Selector, beforeHandler: Bool = false, isolation: (any Actor)? = #isolation,
    _ body: @escaping ([Any]) -> Void
  ) -> ObservationToken {
    routing.observe(
      MessageEvent(named: NSStringFromSelector(selector)), beforeHandler: beforeHandler,
      isolation: isolation, body)
  }

  /// Calls `body` with the boxed arguments of every message named `name`, its Objective-C
  /// selector (`"mapView:didSelectAnnotationView:"`): for an overloaded method, whose
  /// `#selector` would need an `as` cast; a name no adopted protocol declares is reported with
  /// the one it resembles.
  public func observe(
    named name: String, beforeHandler: Bool = false, isolation: (any Actor)? = #isolation,
    _ body: @escaping ([Any]) -> Void
  ) -> ObservationToken {
    routing.observe(
      MessageEvent(named: name), beforeHandler: beforeHandler, isolation: isolation, body)
  }

  /// Calls `body` with the typed arguments of every message named `name`, its Objective-C
  /// selector, as ``observe(_:as:beforeHandler:isolation:_:)`` does for a `#selector`.
  public func observe<each Argument>(
    named name: String, as types: (repeat each Argument).Type, beforeHandler: Bool = false,
    isolation: (any Actor)? = #isolation, _ body: @escaping (repeat each Argument) -> Void
  ) -> ObservationToken {
    routing.observe(name, as: types, beforeHandler: beforeHandler, isolation: isolation, body)
  }

  /// Calls `body` with the typed arguments of every `selector` the parent sends (a method that
  /// returns nothing), before or after its handlers.
  ///
  /// Each argument is unboxed to the type named: objects, optionals (`nil` for a nil
  /// argument), numbers and Booleans, enumerations with an integer raw value (`NS_ENUM`s such as
  /// `MFMailComposeResult`), and structures such as `CGPoint`, `CGRect` or `UIEdgeInsets`. A type
  /// the runtime never boxes is reported to ``onError`` when you observe; an argument of another
  /// type is reported once, and that message is not shown.
  ///
  /// ```swift
  /// let drags = proxy.observe(
  ///   #selector(UIScrollViewDelegate.scrollViewDidEndDragging(_:willDecelerate:)),
  ///   as: (UIScrollView, Bool).self
  /// ) { scrollView, decelerates in print(scrollView.contentOffset, decelerates) }
  /// ```
  public func observe<each Argument>(
    _ selector: Selector, as types: (repeat each Argument).Type, beforeHandler: Bool = false,
    isolation: (any Actor)? = #isolation, _ body: @escaping (repeat each Argument) -> Void
  ) -> ObservationToken {
    routing.observe(
      NSStringFromSelector(selector), as: types, beforeHandler: beforeHandler,
      isolation: isolation, body)
  }

  // MARK: - Closures

  /// Answers `selector` with `body`, a handler like any other: it has `role` and a place in
  /// the priority order, rules route to it, `explain(_:)` and ``routingTable`` show it, and the
  /// proxy says it implements the method while it lives.
  ///
  /// ```swift
  /// let returnKey = proxy.answer(
  ///   #selector(UITextFieldDelegate.textFieldShouldReturn(_:)), role: "return key"
  /// ) { (field: UITextField) -> Bool in
  ///   field.resignFirstResponder()
  ///   return true
  /// }
  /// ```
  ///
  /// Write the closure's types as the method declares them; a method that returns a value gets
  /// the closure's answer (a `Bool`, an object, a structure, an enumeration), and a completion
  /// handler arrives as the block it is: declare it `@convention(block) (…) -> Void` and call
  /// it. A selector no adopted protocol declares, another number of arguments, or a type the
  /// method does not have is reported to ``onError`` with the fix, and nothing is added.
  ///
  /// **Lifetime.** Held weakly (the default), the closure lives as long as the returned token:
  /// the parent owns the proxy, so a closure the proxy kept could keep the parent through what
  /// it captures, and it does not. Held strongly (`retention: .strong`, for a SwiftUI view that
  /// has nowhere to keep a token), it lives as long as the proxy, until another closure takes
  /// its role (each `updateUIView` replaces the last) or the token is cancelled; capture
  /// nothing that owns the parent (the parent arrives as the first argument).
  ///
  /// **Threads.** The closure runs on the thread the parent calls on. Written on the main
  /// actor (in a view controller), the compiler lets it touch main-actor state, so the proxy
  /// calls it only on the main thread: sent on another, the message gets its fallback and is
  /// reported (``DelegateProxyError/Kind/calledOffItsActor``, a setup mistake). For a parent
  /// that calls on a queue of its own (`CLLocationManager` made off the main thread, an
  /// `AVCaptureVideoDataOutput`), write the closure in nonisolated code, or pass
  /// `isolation: nil` with a `@Sendable` closure. A closure written in another actor is refused.
  ///
  /// **Cost.** The runtime cannot send a message straight to a closure. The first message goes
  /// through `forwardInvocation:`; the proxy's class then has a method of the message's shape,
  /// and later ones reach the closure with their objects, numbers and Booleans read where the
  /// runtime put them: about 1.4 times a method handler's Swift cost, nothing allocated.
  ///
  /// - Parameters:
  ///   - selector: A method of the adopted protocols.
  ///   - role: The closure's role; a closure or handler given the same role replaces it. By
  ///     default the selector's name, so a method has one closure: the last one given.
  ///   - position: Its priority position, 0 the highest; by default after the handlers, before
  ///     the delegates the parent had.
  ///   - retention: `.weak`: the token keeps it; `.strong`: the proxy does.
  ///   - isolation: The actor the closure was written on, the caller's by default: on the main
  ///     actor, it is called only there; `nil`, on any thread.
  ///   - body: The answer, with the method's argument and return types.
  /// - Returns: A token whose `cancel()` removes the closure (releasing it removes a weakly held
  ///   one).
  @discardableResult
  public func answer<each Argument, Answer>(
    _ selector: Selector, role: HandlerRole? = nil, at position: Int? = nil,
    retention: HandlerRetention = .weak, isolation: (any Actor)? = #isolation,
    with body: @escaping (repeat each Argument) -> Answer
  ) -> ObservationToken {
    answer(
      named: NSStringFromSelector(selector), role: role, at: position, retention: retention,
      isolation: isolation, with: body)
  }

  /// Answers the method named `name`, its Objective-C selector
  /// (`"mapView:viewForAnnotation:"`), as ``answer(_:role:at:retention:isolation:with:)`` does for a
  /// `#selector`: for an overloaded method, whose `#selector` would need an `as` cast.
  @discardableResult
  public func answer<each Argument, Answer>(
    named name: String, role: HandlerRole? = nil, at position: Int? = nil,
    retention: HandlerRetention = .weak, isolation: (any Actor)? = #isolation,
    with body: @escaping (repeat each Argument) -> Answer
  ) -> ObservationToken {
    routing.answer(
      name, role: role ?? HandlerRole(name), at: position, retention: retention,
      isolation: isolation, body)
  }

  /// Answers `selector` with `body` for as long as `owner` lives.
  ///
  /// The owner is the screen, or a SwiftUI view's state object; `body` receives it as its first
  /// argument, so it need not capture it.
  ///
  /// ```swift
  /// proxy.answer(
  ///   #selector(UISearchBarDelegate.searchBar(_:textDidChange:)), owner: self
  /// ) { (screen, _: UISearchBar, text: String) in
  ///   screen.filter(text)
  /// }
  /// ```
  ///
  /// No token to keep: the owner keeps the closure (an associated object), and the proxy holds
  /// it weakly, so when the owner goes the closure goes with it and the method routes to its
  /// next implementer. **No cycle by default**: the closure reaches the owner through its first
  /// argument, which the proxy holds weakly. Capturing `self` strongly instead would make the
  /// owner keep a closure that keeps the owner: write `screen.` (the argument), not `self.`.
  /// Given again for the same role (by default the selector's name), the new closure replaces
  /// the old one, so calling this in SwiftUI's `updateUIView` keeps one closure, not one per
  /// update.
  ///
  /// Everything else (types checked against the method, threads, cost) is as for
  /// ``answer(_:role:at:retention:isolation:with:)``.
  ///
  /// - Parameters:
  ///   - selector: A method of the adopted protocols.
  ///   - owner: The object whose lifetime the closure shares; it receives it first.
  ///   - role: The closure's role; by default the selector's name.
  ///   - position: Its priority position, 0 the highest; by default after the handlers.
  ///   - isolation: The actor the closure was written on, the caller's by default.
  ///   - body: The answer: the owner, then the method's arguments, returning its return type.
  /// - Returns: A token whose `cancel()` removes the closure before its owner goes; nothing
  ///   needs to keep it.
  @discardableResult
  public func answer<Owner: AnyObject, each Argument, Answer>(
    _ selector: Selector, owner: Owner, role: HandlerRole? = nil, at position: Int? = nil,
    isolation: (any Actor)? = #isolation,
    with body: @escaping (Owner, repeat each Argument) -> Answer
  ) -> ObservationToken {
    answer(
      named: NSStringFromSelector(selector), owner: owner, role: role, at: position,
      isolation: isolation, with: body)
  }

  /// Answers the method named `name` for as long as `owner` lives, as
  /// ``answer(_:owner:role:at:isolation:with:)`` does for a `#selector`.
  @discardableResult
  public func answer<Owner: AnyObject, each Argument, Answer>(
    named name: String, owner: Owner, role: HandlerRole? = nil, at position: Int? = nil,
    isolation: (any Actor)? = #isolation,
    with body: @escaping (Owner, repeat each Argument) -> Answer
  ) -> ObservationToken {
    routing.answer(name, ownedBy: owner, role: role, at: position, isolation: isolation, body)
  }

  // MARK: - Async sequences

  /// Every `selector` the parent sends from now on (a method that returns nothing), its
  /// arguments typed as ``observe(_:as:beforeHandler:isolation:_:)`` gives them, as an async sequence.
  ///
  /// ```swift
  /// for await (_, text) in proxy.events(
  ///   #selector(UISearchBarDelegate.searchBar(_:textDidChange:)), as: (UISearchBar, String).self
  /// ) {
  ///   await model.search(text)
  /// }
  /// ```
  ///
  /// The proxy answers the method while the sequence is consumed, as for an observer, and the
  /// parent learns it after this turn. The sequence ends when the proxy goes away (with the
  /// parent, which owns it); when the consumer stops, the method is no longer observed. Held to
  /// the rules of ``observe(_:as:beforeHandler:isolation:_:)``: one that cannot be shown (a method that
  /// returns a value, a type the runtime never boxes) is reported to ``onError`` and ends at
  /// once. The list proxies' `events(_:)` has the same shape.
  ///
  /// - Parameters:
  ///   - selector: A method of the adopted protocols that returns nothing.
  ///   - types: The types of its arguments.
  ///   - beforeHandler: Whether each message is yielded before its handlers receive it.
  ///   - bufferingPolicy: What is kept while the consumer is busy; `.bufferingNewest(1)` keeps
  ///     only the latest text of a search field.
  /// - Returns: The messages' arguments, in the order the parent sent them.
  public func events<each Argument>(
    _ selector: Selector, as types: (repeat each Argument).Type, beforeHandler: Bool = false,
    bufferingPolicy: AsyncStream<(repeat each Argument)>.Continuation.BufferingPolicy =
      .unbounded
  ) -> AsyncStream<(repeat each Argument)> {
    routing.events(
      NSStringFromSelector(selector), as: types, beforeHandler: beforeHandler,
      bufferingPolicy: bufferingPolicy)
  }

  /// Every message named `name`, its Objective-C selector, as ``events(_:as:beforeHandler:bufferingPolicy:)``
  /// gives it for a `#selector`.
  public func events<each Argument>(
    named name: String, as types: (repeat each Argument).Type, beforeHandler: Bool = false,
    bufferingPolicy: AsyncStream<(repeat each Argument)>.Continuation.BufferingPolicy =
      .unbounded
  ) -> AsyncStream<(repeat each Argument)> {
    routing.events(
      name, as: types, beforeHandler: beforeHandler, bufferingPolicy: bufferingPolicy)
  }
}

extension OwnedAnswers {
  /// The closures `owner` keeps, made on first use: an object associated with it (retained
  /// by it until it is deallocated).
  static func of(_ owner: AnyObject) -> OwnedAnswers {
    associatedObject(of: owner, key: &AssociationKeys.ownedAnswers) { OwnedAnswers() }
  }
}

extension DelegateRouting {
  /// Adds a closure answering `selector` for as long as `owner` lives, which keeps it (its
  /// role, by default the selector's name, replacing the one kept before): what
  /// `answer(_:owner:…)` and `DelegateAnswer.answer(_:owner:…)` add.
  func answer<Owner: AnyObject, each Argument, Answer>(
    _ selector: String, ownedBy owner: Owner, role: HandlerRole?, at position: Int?,
    isolation: (any Actor)?, _ body: @escaping (Owner, repeat each Argument) -> Answer
  ) -> ObservationToken {
    let role = role ?? HandlerRole(selector)
    return answer(
      selector, owner: owner, role: role, at: position, isolation: isolation,
      keep: { OwnedAnswers.of(owner).keep($0, for: self, role: role) }, body)
  }
}
#endif
