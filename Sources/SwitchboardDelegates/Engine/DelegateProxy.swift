#if canImport(SwitchboardObjC)
import Foundation
import ObjectiveC
import Switchboard
import SwitchboardObjC

/// A delegate that several objects share, for any Objective-C delegate protocol: each message
/// goes to the first of its handlers that implements it, or where a rule says.
///
/// Declare a proxy type for the protocol in one line, then attach it in one line; the parent
/// owns the proxy, which holds its handlers weakly:
///
/// ```swift
/// final class SearchBarProxy: DelegateProxy, UISearchBarDelegate {}
///
/// override func viewDidLoad() {
///   super.viewDidLoad()
///   SearchBarProxy.attach(
///     to: searchBar, delegate: \.delegate, handlers: [.view: self, .viewModel: model])
/// }
/// ```
///
/// ## Routing
/// A selector goes to its first implementer in the handlers' order, or as
/// ``rules`` say (`rules[selector: #selector(…)] = .always(.viewModel)`); a broadcast rule
/// sends a method that returns nothing to every implementer (an analytics observer beside the
/// screen). ``explain(_:)`` and ``routingTable`` show every route.
///
/// ## What the parent is told
/// `responds(to:)` says yes for a method some live handler implements, or a method returning
/// nothing that is observed. The parent remembers the answers, so when one changes (a handler
/// added, removed or released, a rule changed) the proxy sets the parent's delegate to `nil` and
/// back, once, after the current turn of the thread the parent calls on.
///
/// ## When a handler goes away
/// A method the parent still sends after its handler was released gets its fallback
/// (``DelegateFallback``: the parent's own default for that method, declared per selector, a
/// completion handler called), or zero, and is reported to ``onError``: never an
/// "unrecognized selector" exception.
///
/// ## Other objects
/// The delegate the parent already has is kept as the lowest-priority handler; ``detach()``
/// gives it back, and a proxy attached again keeps it.
///
/// ## Threads
/// The proxy answers on whatever thread the parent calls it on (a `CLLocationManager` calls
/// its delegate on the thread that created it); a lock guards its state. For a protocol that
/// refines `Sendable` (`URLSessionDelegate`), say so on the one line:
/// `final class SessionProxy: DelegateProxy, URLSessionDataDelegate, @unchecked Sendable {}`.
open class DelegateProxy: ForwardingProxy {
  /// Everything the proxy decides, platform-independent and specified on a model of the
  /// runtime.
  let routing: DelegateRouting<DelegateMessage>
  /// Where the parent keeps this proxy, so that ``detach()`` makes the parent let it go; under
  /// the routing's lock.
  private weak var registry: AttachedDelegateProxies?
  private var registryKey: DelegatePropertyKey?

  /// A proxy for `handlers`, highest priority first, each held weakly; use
  /// ``attach(to:delegate:adopting:handlers:answers:rules:fallbacks:keepingInstalledDelegate:)-(_,ReferenceWritableKeyPath<Parent,Delegate?>,_,_,_,_,_,_)`` to
  /// connect it.
  public required init(
    handlers: KeyValuePairs<HandlerRole, AnyObject>, rules: RoutingRules<DelegateMessage> = [:],
    fallbacks: [Selector: DelegateFallback] = [:]
  ) {
    var byName: [String: DelegateFallback] = [:]
    for (selector, fallback) in fallbacks { byName[NSStringFromSelector(selector)] = fallback }
    routing = DelegateRouting(
      handlers: handlers.map { (role: $0.key, handler: $0.value) }, rules: rules,
      fallbacks: byName, runtime: ObjectiveCRuntime(adoptedBy: Self.self),
      typedNotifications: DelegatePreset.typedNotifications, schedule: afterThisTurn)
    super.init()
    routing.onUndeclaredSelectorAnswered { [weak self] selector, target in
      self?.rememberSignature(of: NSSelectorFromString(selector), from: target)
    }
  }

  /// Makes a proxy of this class, makes `parent` own it, and sets it as the parent's delegate.
  ///
  /// The delegate the parent had is kept as the lowest-priority handler unless
  /// `keepingInstalledDelegate` is `false`, and ``detach()`` gives it back. A `DelegateProxy`
  /// attached before to the same property is replaced (its kept delegates are kept, and so is
  /// a delegate set behind its back). A property that holds another kind of Switchboard proxy
  /// (a `CollectionViewProxy` on `collectionView.delegate`) is left alone: the proxy is not
  /// attached, and ``onError`` hears why; add your handlers to that proxy instead.
  ///
  /// ```swift
  /// SearchBarProxy.attach(to: searchBar, delegate: \.delegate, handlers: [.view: self, .viewModel: model])
  /// ```
  ///
  /// A protocol with required methods, such as `UIPickerViewDataSource`, cannot be adopted by
  /// an empty Swift class: name it in `adopting` instead, and the class adopts it at run time
  /// (the handlers implement its methods):
  ///
  /// ```swift
  /// final class PickerDataSourceProxy: DelegateProxy {}
  ///
  /// PickerDataSourceProxy.attach(
  ///   to: picker, delegate: \.dataSource, adopting: UIPickerViewDataSource.self,
  ///   handlers: [.viewModel: model])
  /// ```
  ///
  /// - Precondition: The class adopts the property's protocol (declare
  ///   `final class SearchBarProxy: DelegateProxy, UISearchBarDelegate {}`), or names it in
  ///   `adopting`; a protocol named in `adopting` is adopted by a subclass, not by
  ///   `DelegateProxy` itself.
  ///
  /// Closures in `answers` are handlers from the start: the parent sees them the moment the
  /// proxy becomes its delegate (a closure added later with `answer` reaches it after the
  /// turn, when the proxy re-assigns itself).
  @discardableResult
  public static func attach<Parent: AnyObject, Delegate>(
    to parent: Parent, delegate property: ReferenceWritableKeyPath<Parent, Delegate?>,
    adopting protocolWithRequiredMethods: Protocol? = nil,
    handlers: KeyValuePairs<HandlerRole, AnyObject>, answers: [DelegateAnswer] = [],
    rules: RoutingRules<DelegateMessage> = [:], fallbacks: [Selector: DelegateFallback] = [:],
    keepingInstalledDelegate: Bool = true
  ) -> Self {
    attach(
      to: parent, key: DelegatePropertyKey(property), delegateType: Delegate.self,
      access: UncheckedProperty(
        parent: parent, read: { $0[keyPath: property].map { $0 as AnyObject } },
        write: { $0[keyPath: property] = $1 as? Delegate }),
      adopting: protocolWithRequiredMethods, handlers: handlers, answers: answers, rules: rules,
      fallbacks: fallbacks, keepingInstalledDelegate: keepingInstalledDelegate)
  }

  /// Attaches a proxy to a delegate property that is not optional, as
  /// ``attach(to:delegate:adopting:handlers:answers:rules:fallbacks:keepingInstalledDelegate:)-(_,ReferenceWritableKeyPath<Parent,Delegate?>,_,_,_,_,_,_)``
  /// does for an optional one.
  ///
  /// The property can never be `nil`, so ``detach()`` gives it back the delegate it had, and
  /// the proxy re-asks the parent by assigning itself again: a parent that reads its delegate's
  /// answers only when a different object is assigned is not re-asked.
  @discardableResult
  public static func attach<Parent: AnyObject, Delegate>(
    to parent: Parent, delegate property: ReferenceWritableKeyPath<Parent, Delegate>,
    adopting protocolWithRequiredMethods: Protocol? = nil,
    handlers: KeyValuePairs<HandlerRole, AnyObject>, answers: [DelegateAnswer] = [],
    rules: RoutingRules<DelegateMessage> = [:], fallbacks: [Selector: DelegateFallback] = [:],
    keepingInstalledDelegate: Bool = true
  ) -> Self {
    attach(
      to: parent, key: DelegatePropertyKey(property), delegateType: Delegate.self,
      access: UncheckedProperty(
        parent: parent, read: { $0[keyPath: property] as AnyObject },
        write: { parent, object in
          if let delegate = object as? Delegate { parent[keyPath: property] = delegate }
        }),
      adopting: protocolWithRequiredMethods, handlers: handlers, answers: answers, rules: rules,
      fallbacks: fallbacks, keepingInstalledDelegate: keepingInstalledDelegate)
  }

  /// Attaches a proxy to a delegate the parent sets with a method, not a property, such as
  /// `AVCaptureVideoDataOutput`'s `setSampleBufferDelegate(_:queue:)`: `property` reads it, and
  /// `set` sets it.
  ///
  /// ```swift
  /// final class FramesProxy: DelegateProxy, AVCaptureVideoDataOutputSampleBufferDelegate,
  ///   @unchecked Sendable {}
  ///
  /// FramesProxy.attach(
  ///   to: output, delegate: \.sampleBufferDelegate,
  ///   settingWith: { output, delegate in output.setSampleBufferDelegate(delegate, queue: frames) },
  ///   handlers: [.viewModel: detector])
  /// ```
  @discardableResult
  public static func attach<Parent: AnyObject, Delegate>(
    to parent: Parent, delegate property: KeyPath<Parent, Delegate?>,
    settingWith set: @escaping (Parent, Delegate?) -> Void,
    adopting protocolWithRequiredMethods: Protocol? = nil,
    handlers: KeyValuePairs<HandlerRole, AnyObject>, answers: [DelegateAnswer] = [],
    rules: RoutingRules<DelegateMessage> = [:], fallbacks: [Selector: DelegateFallback] = [:],
    keepingInstalledDelegate: Bool = true
  ) -> Self {
    attach(
      to: parent, key: DelegatePropertyKey(property), delegateType: Delegate.self,
      access: UncheckedProperty(
        parent: parent, read: { $0[keyPath: property].map { $0 as AnyObject } },
        write: { set($0, $1 as? Delegate) }),
      adopting: protocolWithRequiredMethods, handlers: handlers, answers: answers, rules: rules,
      fallbacks: fallbacks, keepingInstalledDelegate: keepingInstalledDelegate)
  }

  /// The one way every `attach` goes: makes the proxy, gives it its closures, and connects it
  /// to the property `access` reaches, kept under `key`.
  private static func attach<Parent: AnyObject, Delegate>(
    to parent: Parent, key: DelegatePropertyKey, delegateType: Delegate.Type,
    access: UncheckedProperty<Parent>, adopting protocolWithRequiredMethods: Protocol?,
    handlers: KeyValuePairs<HandlerRole, AnyObject>, answers: [DelegateAnswer],
    rules: RoutingRules<DelegateMessage>, fallbacks: [Selector: DelegateFallback],
    keepingInstalledDelegate: Bool
  ) -> Self {
    if let protocolWithRequiredMethods { adopt(protocolWithRequiredMethods) }
    let proxy = Self(handlers: handlers, rules: rules, fallbacks: fallbacks)
    precondition(
      proxy is Delegate,
      "\(Self.self) does not adopt \(Delegate.self), the type of the delegate property it is "
        + "attached to. Declare it as `final class \(Self.self): DelegateProxy, "
        + "\(Delegate.self) {}`, or, for a protocol with required methods, name it: "
        + "`attach(to:delegate:adopting: \(Delegate.self).self, handlers:)`.")
    // Before the first assignment, so the parent's first question sees them.
    for answer in answers { answer.register(proxy.routing) }
    let attached = AttachedDelegateProxies.of(parent)
    let previous = attached.proxies[key]
    // Refused (and reported) over another Switchboard proxy than the one it replaces.
    guard
      proxy.routing.attach(
        to: [DelegateProperty(get: { access.get() }, set: { access.set($0) })], as: proxy,
        keepingInstalled: keepingInstalledDelegate, replacing: previous?.routing,
        isAnotherProxy: { $0 is ForwardingProxy })
    else { return proxy }
    attached.proxies[key] = proxy
    proxy.routing.withLock {
      proxy.registry = attached
      proxy.registryKey = key
    }
    return proxy
  }

  /// Makes this class adopt `protocolWithRequiredMethods` at run time, before a proxy is made:
  /// its routing reads the protocols its class adopts.
  private static func adopt(_ protocolWithRequiredMethods: Protocol) {
    precondition(
      Self.self != DelegateProxy.self,
      "DelegateProxy adopting \(NSStringFromProtocol(protocolWithRequiredMethods)): every "
        + "DelegateProxy would adopt it. Declare a subclass for this delegate, "
        + "`final class PickerDataSourceProxy: DelegateProxy {}`, and use that.")
    class_addProtocol(Self.self, protocolWithRequiredMethods)
  }

  /// The proxy attached to `parent`'s delegate `property`, if any.
  public static func attached<Parent: AnyObject, Delegate>(
    to parent: Parent, delegate property: ReferenceWritableKeyPath<Parent, Delegate?>
  ) -> Self? {
    AttachedDelegateProxies.of(parent).proxies[DelegatePropertyKey(property)] as? Self
  }

  /// Disconnects the proxy: the parent's delegate gets back the delegate it had before attach,
  /// or `nil`, and the parent no longer owns the proxy.
  public func detach() {
    routing.detach()
    routing.withLock {
      if let registry, let registryKey, registry.proxies[registryKey] === self {
        registry.proxies[registryKey] = nil
      }
    }
  }

  // MARK: - A delegate given at initialization

  /// Makes a proxy of this class for a parent that takes its delegate at initialization and
  /// never lets it be set again: `URLSession(configuration:delegate:delegateQueue:)`,
  /// `UIContextMenuInteraction(delegate:)`.
  ///
  /// ```swift
  /// final class SessionProxy: DelegateProxy, URLSessionDataDelegate {}
  ///
  /// let session = URLSession(
  ///   configuration: .default,
  ///   delegate: SessionProxy.delegate(handlers: [.viewModel: downloads]),
  ///   delegateQueue: nil)
  /// ```
  ///
  /// Fallbacks, reports, observation and the check for handlers nothing keeps all hold. One
  /// guarantee needs a property the proxy can set again, and is lost: a parent asks which methods
  /// its delegate implements when it receives it, and the proxy cannot make it ask again, so a
  /// handler added afterwards for a method nobody implemented then never receives it. Give every
  /// handler here. A parent that holds its delegate weakly (`UIContextMenuInteraction`) needs the
  /// proxy kept: pass the object that lives as long as the parent as `owner`.
  ///
  /// - Precondition: The class adopts the delegate protocol; for one with required methods, use
  ///   ``delegate(as:adopting:ownedBy:handlers:rules:fallbacks:)``.
  public static func delegate(
    ownedBy owner: AnyObject? = nil, handlers: KeyValuePairs<HandlerRole, AnyObject>,
    rules: RoutingRules<DelegateMessage> = [:], fallbacks: [Selector: DelegateFallback] = [:]
  ) -> Self {
    let proxy = Self(handlers: handlers, rules: rules, fallbacks: fallbacks)
    proxy.routing.startWithoutProperty(as: proxy)
    if let owner { AttachedDelegateProxies.of(owner).owned.append(proxy) }
    return proxy
  }

  /// Makes a proxy of this class, adopting `protocolWithRequiredMethods` at run time, for a
  /// parent that takes its delegate at initialization; typed as the delegate it is.
  ///
  /// ```swift
  /// final class MenuProxy: DelegateProxy {}
  ///
  /// let interaction = UIContextMenuInteraction(
  ///   delegate: MenuProxy.delegate(
  ///     as: (any UIContextMenuInteractionDelegate).self,
  ///     adopting: UIContextMenuInteractionDelegate.self, ownedBy: self, handlers: [.view: self]))
  /// ```
  ///
  /// See ``delegate(ownedBy:handlers:rules:fallbacks:)`` for what holds and what cannot.
  public static func delegate<Delegate>(
    as delegateType: Delegate.Type, adopting protocolWithRequiredMethods: Protocol,
    ownedBy owner: AnyObject? = nil, handlers: KeyValuePairs<HandlerRole, AnyObject>,
    rules: RoutingRules<DelegateMessage> = [:], fallbacks: [Selector: DelegateFallback] = [:]
  ) -> Delegate {
    adopt(protocolWithRequiredMethods)
    let proxy = delegate(ownedBy: owner, handlers: handlers, rules: rules, fallbacks: fallbacks)
    guard let typed = proxy as? Delegate else {
      preconditionFailure(
        "\(Self.self).delegate(as: \(Delegate.self), adopting: "
          + "\(NSStringFromProtocol(protocolWithRequiredMethods))): the proxy is not a "
          + "\(Delegate.self). Name the protocol the parent's initializer takes in both.")
    }
    return typed
  }

  // MARK: - Routes

  /// The rules, by selector: `rules[selector: #selector(…)] = .broadcast`.
  ///
  /// Setting them reports a rule that cannot work, or one keyed by a selector nobody declares,
  /// to ``onError``.
  public var rules: RoutingRules<DelegateMessage> {
    get { routing.rules }
    set { routing.rules = newValue }
  }

  /// Adds a handler with the lowest priority but the kept delegate's.
  ///
  /// ```swift
  /// proxy.add(analytics, role: "analytics", retention: .strong)
  /// ```
  public func add(
    _ handler: AnyObject, role: HandlerRole? = nil, retention: HandlerRetention = .weak
  ) {
    routing.add(handler, role: role, retention: retention)
  }

  /// Inserts a handler at a priority position, 0 being the highest.
  ///
  /// ```swift
  /// proxy.insert(overlay, at: 0, role: "overlay")   // asked before the view
  /// ```
  public func insert(
    _ handler: AnyObject, at position: Int, role: HandlerRole? = nil,
    retention: HandlerRetention = .weak
  ) {
    routing.insert(handler, at: position, role: role, retention: retention)
  }

  /// Removes a handler.
  ///
  /// ```swift
  /// proxy.remove(overlay)
  /// ```
  ///
  /// - Returns: `true` if the handler was registered.
  @discardableResult
  public func remove(_ handler: AnyObject) -> Bool { routing.remove(handler) }

  /// Removes the handler registered with `role` (with all of its roles).
  ///
  /// ```swift
  /// proxy.removeHandler(withRole: "overlay")
  /// ```
  ///
  /// - Returns: `true` if a handler had that role.
  @discardableResult
  public func removeHandler(withRole role: HandlerRole) -> Bool {
    routing.removeHandler(withRole: role)
  }

  /// Moves a handler to a new priority position, 0 being the highest (past the last, the last).
  ///
  /// ```swift
  /// proxy.move(model, to: 0)   // the view model is asked first
  /// ```
  ///
  /// - Returns: `false` when `handler` is not a handler (another screen took its role, or it
  ///   was removed): nothing moved.
  @discardableResult
  public func move(_ handler: AnyObject, to position: Int) -> Bool {
    routing.move(handler, to: position)
  }

  /// The handler registered with `role`, if it is still alive.
  ///
  /// ```swift
  /// proxy.handler(withRole: .viewModel) === model   // true
  /// ```
  public func handler(withRole role: HandlerRole) -> AnyObject? {
    routing.handler(withRole: role)
  }

  /// How the proxy holds `handler`, or `nil` when it is not a live handler of the proxy.
  ///
  /// ```swift
  /// proxy.retention(of: model)   // .weak
  /// ```
  public func retention(of handler: AnyObject) -> HandlerRetention? {
    routing.retention(of: handler)
  }

  /// Makes several handler and rule changes with one rebuild of the routes, after the last.
  ///
  /// ```swift
  /// proxy.batch {
  ///   proxy.add(analytics, role: "analytics")
  ///   proxy.rules[selector: #selector(UISearchBarDelegate.searchBar(_:textDidChange:))] = .broadcast
  /// }
  /// ```
  public func batch<Failure: Error>(_ changes: () throws(Failure) -> Void) throws(Failure) {
    try routing.batch(changes)
  }

  /// The live handlers in priority order, described.
  public var handlers: [HandlerDescription] { routing.handlers }

  /// Every handler that receives `selector`, in order: one for an ordinary route, several for a
  /// broadcast, none when it goes to nobody.
  ///
  /// ```swift
  /// proxy.targets(for: #selector(UISearchBarDelegate.searchBarSearchButtonClicked(_:)))
  /// ```
  public func targets(for selector: Selector) -> [AnyObject] {
    routing.targets(forSelector: NSStringFromSelector(selector))
  }

  /// The routes whose rule made an invalid choice; empty when the configuration is sound.
  public var routingErrors: [RoutingError<DelegateMessage>] { routing.routingErrors }

  /// Throws the first routing error, or an error for the first of `required` that reaches no
  /// handler.
  ///
  /// ```swift
  /// try proxy.validate(requiring: [#selector(UIPickerViewDataSource.numberOfComponents(in:))])
  /// ```
  public func validate(requiring required: [Selector] = []) throws(RoutingError<DelegateMessage>) {
    try routing.validate(requiring: required.map(NSStringFromSelector))
  }

  /// Why `selector` goes where it goes.
  ///
  /// ```swift
  /// print(proxy.explain(#selector(UISearchBarDelegate.searchBarSearchButtonClicked(_:))))
  /// ```
  public func explain(_ selector: Selector) -> RouteExplanation<DelegateMessage> {
    routing.explain(NSStringFromSelector(selector))
  }

  /// Every selector asked about or given a rule, with its route.
  public var routingTable: RoutingTable<DelegateMessage> { routing.routingTable }

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
  /// **Cost.** The runtime cannot send a message straight to a closure, so each message to one
  /// goes through `forwardInvocation:` (an `NSInvocation`, its arguments boxed): a few hundred
  /// nanoseconds, against tens for a method handler. Answer every-frame methods
  /// (`scrollViewDidScroll:`) with a method.
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
    let name = NSStringFromSelector(selector)
    return routing.answer(
      name, role: role ?? HandlerRole(name), at: position, retention: retention,
      isolation: isolation, body)
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

  // MARK: - Problems

  /// Called with each problem the proxy meets.
  ///
  /// By default a debug build stops with the description of a setup mistake
  /// (``DelegateProxyError/isSetupMistake``), and problems met at run time are kept in
  /// ``errors`` and printed. A release build goes on either way.
  public var onError: @Sendable (DelegateProxyError) -> Void {
    get { routing.onError }
    set { routing.onError = newValue }
  }

  /// Every problem reported to ``onError``, oldest first.
  public var errors: [DelegateProxyError] { routing.errors }

  // MARK: - The Objective-C runtime

  /// True for a method of the proxy's own class, one a live handler implements, or a method
  /// returning nothing that is observed.
  open override func responds(to selector: Selector!) -> Bool {
    guard let selector else { return false }
    return routing.responds(toSelector: NSStringFromSelector(selector)) {
      super.responds(to: selector)
    }
  }

  /// The one handler a selector goes to, when nothing observes it.
  open override func forwardingTarget(for selector: Selector!) -> Any? {
    guard let selector else { return nil }
    return routing.forwardingTarget(forSelector: SelectorKey(selector)) {
      NSStringFromSelector(selector)
    } ?? super.forwardingTarget(for: selector)
  }

  /// Delivers a message no forwarding target took: a broadcast, an observed method, or one
  /// whose handler is gone.
  ///
  /// Final: the routing decides where every message goes.
  public final override func forward(_ message: ForwardedMessage) { routing.forward(message) }

  /// True for a protocol the proxy's class adopts or a live handler adopts (a handler's
  /// `UIDataSourceModelAssociation`, for state restoration).
  open override func conforms(to aProtocol: Protocol) -> Bool {
    super.conforms(to: aProtocol)
      || routing.anyHandler { ($0 as? NSObjectProtocol)?.conforms(to: aProtocol) ?? false }
  }
}

extension RoutingRules {
  /// The rule written for `selector`, or `nil` when it uses the fallback; the same entry as
  /// `self[named: NSStringFromSelector(selector)]`.
  ///
  /// ```swift
  /// rules[selector: #selector(UIScrollViewDelegate.scrollViewDidScroll(_:))] = .broadcast
  /// ```
  public subscript(selector selector: Selector) -> RoutingRule<Message>? {
    get { self[named: NSStringFromSelector(selector)] }
    set { self[named: NSStringFromSelector(selector)] = newValue }
  }
}

extension ForwardedMessage: ForwardedInvocation {
  var selectorName: String { NSStringFromSelector(selector) }
  func invoke(on target: AnyObject) { invoke(target: target) }
  func answer(with value: Any) { answer(value: value as AnyObject) }
  func answerWithArgument(at index: Int) { answer(argumentAt: UInt(index)) }
}

/// The delegate proxies attached to one parent, by delegate property; the parent owns them.
final class AttachedDelegateProxies {
  var proxies: [DelegatePropertyKey: DelegateProxy] = [:]
  /// Proxies given to a parent at its initialization, kept as long as this object's owner.
  var owned: [DelegateProxy] = []

  /// The proxies attached to `parent`, made on first use.
  static func of(_ parent: AnyObject) -> AttachedDelegateProxies {
    associatedObject(of: parent, key: &AssociationKeys.attachedDelegateProxies) {
      AttachedDelegateProxies()
    }
  }
}

/// Runs `work` after the current turn of the calling thread's run loop.
#endif
