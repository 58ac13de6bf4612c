#if canImport(SwitchboardObjC)
import Foundation
import ObjectiveC
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
/// ``RoutingProxy/rules`` say (`rules[selector: #selector(…)] = .always(.viewModel)`); a broadcast rule
/// sends a method that returns nothing to every implementer (an analytics observer beside the
/// screen). ``RoutingProxy/explain(_:)`` and ``RoutingProxy/routingTable`` show every route.
///
/// ## What the parent is told
/// `responds(to:)` says yes for a method some live handler implements, or a method returning
/// nothing that is observed. The parent remembers the answers, so when one changes (a handler
/// added, removed or released, a rule changed) the proxy asks it again, once: a UIKit or AppKit
/// parent on the main thread after its turn, setting its delegate to `nil` and back; any other
/// parent by giving it the proxy again, never `nil`, after the turn of the thread where the
/// change was made.
///
/// ## When a handler goes away
/// A method the parent still sends after its handler was released gets its fallback
/// (``DelegateFallback``: the parent's own default for that method, declared per selector, a
/// completion handler called), or zero, and is reported to ``RoutingProxy/onError``: never an
/// "unrecognized selector" exception.
///
/// ## Other objects
/// The delegate the parent already has is kept as the lowest-priority handler; ``detach()``
/// gives it back, and a proxy attached again keeps it.
///
/// ## Threads
/// The proxy answers on whatever thread the parent calls it on (a `CLLocationManager` calls
/// its delegate on the thread that created it); a lock guards its state, and no handler,
/// closure, observer, `onError` or delegate setter is called while it is held. For a protocol that
/// refines `Sendable` (`URLSessionDelegate`), say so on the one line:
/// `final class SessionProxy: DelegateProxy, URLSessionDataDelegate, @unchecked Sendable {}`.
open class DelegateProxy: RoutingProxy<Never> {
  /// The property under which the parent keeps this proxy (``AttachedDelegateProxies``), so that
  /// ``detach()`` makes the parent let it go; under the routing's lock.
  private var registryKey: DelegatePropertyKey?
  /// What the routing knows of the Objective-C runtime: the protocols this proxy adopts.
  private let runtime: ObjectiveCRuntime

  /// A proxy for `handlers`, highest priority first, each held weakly; use
  /// ``attach(to:delegate:adopting:handlers:answers:rules:fallbacks:keepingInstalledDelegate:)-(_,ReferenceWritableKeyPath<Parent,Delegate?>,_,_,_,_,_,_)`` to
  /// connect it.
  public required init(
    handlers: KeyValuePairs<HandlerRole, AnyObject>, rules: RoutingRules<Never> = [:],
    fallbacks: [Selector: DelegateFallback] = [:]
  ) {
    var byName: [String: DelegateFallback] = [:]
    for (selector, fallback) in fallbacks { byName[NSStringFromSelector(selector)] = fallback }
    let runtime = ObjectiveCRuntime(adoptedBy: Self.self)
    self.runtime = runtime
    super.init(
      routing: DelegateRouting(
        handlers: handlers.map { (role: $0.key, handler: $0.value) }, rules: rules,
        fallbacks: byName, runtime: runtime,
        typedNotifications: DelegatePreset.typedNotifications, schedule: afterThisTurn))
  }

  /// Adopts `protocol` for this proxy alone, before it is attached.
  ///
  /// The proxy conforms to it, and the parent's messages of it are routed, checked and answered
  /// as for a protocol its class adopts. `attach` does this for the delegate property's
  /// protocol.
  ///
  /// ```swift
  /// let proxy = DelegateProxy(handlers: [.viewModel: model])
  /// proxy.adopt(UIPickerViewDataSource.self)
  /// ```
  ///
  /// - Precondition: The proxy is not attached yet.
  open override func adopt(_ protocol: Protocol) {
    precondition(
      !routing.isStarted,
      // `classForCoder`, not `Self`: a proxy that adopted a protocol alone is of a subclass made
      // for it, whose `-class` is still its own class.
      "\(classForCoder).adopt(\(NSStringFromProtocol(`protocol`))): the proxy is attached already. "
        + "Adopt a protocol before attach (or name it in attach's `adopting`).")
    super.adopt(`protocol`)
    runtime.adopt(`protocol`)
    routing.invalidateRoutes()
  }

  /// Makes this proxy adopt the protocols of a delegate property typed `Delegate`, read from
  /// the type (both of a composition), and `extra`, each unless its class adopts it; `false`,
  /// with the reason reported, when the proxy still is no `Delegate` (a Swift-only protocol, a
  /// class type), and must not be attached.
  func adopt<Delegate>(propertyOf delegateType: Delegate.Type, extra: Protocol?) -> Bool {
    let adopted = PropertyProtocols.adopt(
      for: delegateType, resolve: protocolObject, reportingTo: routing
    ) { proto in
      if !conforms(to: proto) { adopt(proto) }
    }
    guard adopted else { return false }
    if let extra, !conforms(to: extra) { adopt(extra) }
    guard self is Delegate else {
      routing.report(
        PropertyProtocols.cannotServe(
          delegateType,
          "the proxy is no \(delegateType) after adopting its protocols. Fix: name the protocol "
            + "it lacks in `adopting:`, or report the property to Switchboard."))
      return false
    }
    return true
  }

  /// Makes a proxy of this class, makes `parent` own it, and sets it as the parent's delegate.
  ///
  /// The delegate the parent had is kept as the lowest-priority handler unless
  /// `keepingInstalledDelegate` is `false`, and ``detach()`` gives it back. A `DelegateProxy`
  /// attached before to the same property is replaced (its kept delegates are kept, and so is
  /// a delegate set behind its back). A property that holds another kind of Switchboard proxy
  /// (a `CollectionViewProxy` on `collectionView.delegate`) is left alone: the proxy is not
  /// attached, and ``RoutingProxy/onError`` hears why; add your handlers to that proxy instead.
  ///
  /// ```swift
  /// DelegateProxy.attach(to: searchBar, delegate: \.delegate, handlers: [.view: self, .viewModel: model])
  /// ```
  ///
  /// No subclass is needed: the proxy adopts the protocols of the property's type, read from
  /// the type itself, so one form serves every delegate: one with required methods
  /// (`UIPickerViewDataSource`), one that refines `Sendable` (`AVSpeechSynthesizerDelegate`), a
  /// composition (`UIImagePickerController.delegate` adopts both of its protocols), or your own
  /// `@objc` protocol:
  ///
  /// ```swift
  /// DelegateProxy.attach(to: picker, delegate: \.dataSource, handlers: [.viewModel: model])
  /// ```
  ///
  /// A subclass that adopts the protocol (`final class SearchBarProxy: DelegateProxy,
  /// UISearchBarDelegate {}`) works the same, and names the proxy in your code. `adopting` adds
  /// a protocol the parent asks its delegate about beyond the property's type
  /// (`UIDataSourceModelAssociation`, for state restoration).
  ///
  /// A property whose type is a Swift protocol with no Objective-C counterpart (`\.delegate` of
  /// `PHPickerViewController`) cannot hold a proxy, and this form does not compile for it; the
  /// compiler names what works (`\.__delegate`). A property typed with a class is refused at
  /// run time: the proxy is not attached, the property keeps what it held, and
  /// ``RoutingProxy/onError`` hears a ``DelegateProxyError/Kind/propertyCannotBeServed`` error.
  ///
  /// `handlers` can be left out when closures answer everything, given here in `answers` or
  /// after, with `answer(_:owner:…)`; `answers` come before `fallbacks`:
  ///
  /// ```swift
  /// let shouldReturn = #selector(UITextFieldDelegate.textFieldShouldReturn(_:))
  /// let shouldClear = #selector(UITextFieldDelegate.textFieldShouldClear(_:))
  /// DelegateProxy.attach(
  ///   to: textField, delegate: \.delegate, handlers: [.view: self],
  ///   answers: [
  ///     .answer(shouldReturn, owner: self) { (screen, field: UITextField) -> Bool in
  ///       screen.submit(field.text ?? "")
  ///     }
  ///   ],
  ///   fallbacks: [shouldClear: .value(true)])
  /// ```
  ///
  /// Closures in `answers` are handlers from the start: the parent sees them the moment the
  /// proxy becomes its delegate (a closure added later with `answer` reaches it after the
  /// turn, when the proxy re-assigns itself).
  @discardableResult
  public static func attach<Parent: AnyObject, Delegate: AnyObject>(
    to parent: Parent, delegate property: ReferenceWritableKeyPath<Parent, Delegate?>,
    adopting protocolWithRequiredMethods: Protocol? = nil,
    handlers: KeyValuePairs<HandlerRole, AnyObject> = [:], answers: [DelegateAnswer] = [],
    rules: RoutingRules<Never> = [:], fallbacks: [Selector: DelegateFallback] = [:],
    keepingInstalledDelegate: Bool = true
  ) -> Self {
    attach(
      to: parent, key: DelegatePropertyKey(property), delegateType: Delegate.self,
      access: KeyPathProperty(parent: parent, keyPath: property),
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
  ///
  /// ```swift
  /// // final class Uploader: NSObject { var delegate: any UploadDelegate }
  /// DelegateProxy.attach(to: uploader, delegate: \.delegate, handlers: [.viewModel: progress])
  /// ```
  @discardableResult
  public static func attach<Parent: AnyObject, Delegate: AnyObject>(
    to parent: Parent, delegate property: ReferenceWritableKeyPath<Parent, Delegate>,
    adopting protocolWithRequiredMethods: Protocol? = nil,
    handlers: KeyValuePairs<HandlerRole, AnyObject> = [:], answers: [DelegateAnswer] = [],
    rules: RoutingRules<Never> = [:], fallbacks: [Selector: DelegateFallback] = [:],
    keepingInstalledDelegate: Bool = true
  ) -> Self {
    attach(
      to: parent, key: DelegatePropertyKey(property), delegateType: Delegate.self,
      access: UncheckedProperty(
        parent: parent, read: { $0[keyPath: property] },
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
  /// DelegateProxy.attach(
  ///   to: output, delegate: \.sampleBufferDelegate,
  ///   settingWith: { output, delegate in output.setSampleBufferDelegate(delegate, queue: frames) },
  ///   handlers: [.viewModel: detector])
  /// ```
  @discardableResult
  public static func attach<Parent: AnyObject, Delegate: AnyObject>(
    to parent: Parent, delegate property: KeyPath<Parent, Delegate?>,
    settingWith set: @escaping (Parent, Delegate?) -> Void,
    adopting protocolWithRequiredMethods: Protocol? = nil,
    handlers: KeyValuePairs<HandlerRole, AnyObject> = [:], answers: [DelegateAnswer] = [],
    rules: RoutingRules<Never> = [:], fallbacks: [Selector: DelegateFallback] = [:],
    keepingInstalledDelegate: Bool = true
  ) -> Self {
    attach(
      to: parent, key: DelegatePropertyKey(property), delegateType: Delegate.self,
      access: UncheckedProperty(
        parent: parent, read: { $0[keyPath: property] }, write: { set($0, $1 as? Delegate) }),
      adopting: protocolWithRequiredMethods, handlers: handlers, answers: answers, rules: rules,
      fallbacks: fallbacks, keepingInstalledDelegate: keepingInstalledDelegate)
  }

  /// Attaches a proxy to a delegate the parent sets with a method and has no property to read
  /// it back, such as `CXProvider`'s `setDelegate(_:queue:)`: `set` sets it.
  ///
  /// ```swift
  /// DelegateProxy.attach(
  ///   to: provider, settingWith: { provider, delegate in provider.setDelegate(delegate, queue: nil) },
  ///   handlers: [.viewModel: calls])
  /// ```
  ///
  /// With nothing to read, the proxy knows only what it set: a delegate the parent had is not
  /// kept, ``detach()`` sets `nil`, and a delegate set behind the proxy's back is not noticed.
  @discardableResult
  public static func attach<Parent: AnyObject, Delegate: AnyObject>(
    to parent: Parent, settingWith set: @escaping (Parent, Delegate?) -> Void,
    adopting protocolWithRequiredMethods: Protocol? = nil,
    handlers: KeyValuePairs<HandlerRole, AnyObject> = [:], answers: [DelegateAnswer] = [],
    rules: RoutingRules<Never> = [:], fallbacks: [Selector: DelegateFallback] = [:]
  ) -> Self {
    let written = WrittenDelegate()
    return attach(
      to: parent, key: .setter(ObjectIdentifier(Delegate.self)), delegateType: Delegate.self,
      access: UncheckedProperty(
        parent: parent, read: { _ in written.object },
        write: { parent, object in
          written.object = object
          set(parent, object as? Delegate)
        }),
      adopting: protocolWithRequiredMethods, handlers: handlers, answers: answers, rules: rules,
      fallbacks: fallbacks, keepingInstalledDelegate: false)
  }

  /// The one way every `attach` goes: makes the proxy, adopts the property's protocols, gives it
  /// its closures, and connects it to the property `access` reaches, kept under `key`.
  private static func attach<Parent: AnyObject, Delegate>(
    to parent: Parent, key: DelegatePropertyKey, delegateType: Delegate.Type,
    access: any PropertyAccess, adopting protocolWithRequiredMethods: Protocol?,
    handlers: KeyValuePairs<HandlerRole, AnyObject>, answers: [DelegateAnswer],
    rules: RoutingRules<Never>, fallbacks: [Selector: DelegateFallback],
    keepingInstalledDelegate: Bool
  ) -> Self {
    let proxy = Self(handlers: handlers, rules: rules, fallbacks: fallbacks)
    // Refused (and reported) for a type no proxy can be; the property is left as it was.
    guard proxy.adopt(propertyOf: Delegate.self, extra: protocolWithRequiredMethods) else {
      return proxy
    }
    // Before the first assignment, so the parent's first question sees them.
    for answer in answers { answer.register(proxy.routing) }
    let attached = AttachedDelegateProxies.of(parent)
    let previous = attached[key]
    // Refused (and reported) over another Switchboard proxy than the one it replaces.
    guard
      proxy.routing.attach(
        to: [DelegateProperty(access: access)], as: proxy,
        keepingInstalled: keepingInstalledDelegate, replacing: previous?.routing,
        parentThread: .of(classBundles: classBundles(of: parent)),
        isAnotherProxy: { $0 is ForwardingProxy })
    else { return proxy }
    attached[key] = proxy
    proxy.routing.withLock { proxy.registryKey = key }
    return proxy
  }

  /// Adds `handlers` to the proxy attached to `parent`'s delegate `property`, whichever class
  /// attached it and through whichever key path names the same Objective-C property; attaches a
  /// proxy of this class with them when none is attached yet.
  ///
  /// Two objects that do not know each other share the delegate this way: a detents panel
  /// that knows only the sheet, not the screen that attached the proxy nor its class, joins
  /// through the sheet's redeclared property:
  ///
  /// ```swift
  /// DelegateProxy.join(
  ///   sheet, delegate: \UISheetPresentationController.delegate, handlers: ["detents": self])
  /// ```
  ///
  /// A handler joins as `add(_:role:)` adds it: below the handlers already there, above the
  /// delegates the parent had, and a role already taken is reported. When nothing is attached
  /// yet, the proxy made is of this class, adopting the property's protocol, with the guarantees
  /// of
  /// ``attach(to:delegate:adopting:handlers:answers:rules:fallbacks:keepingInstalledDelegate:)-(_,ReferenceWritableKeyPath<Parent,Delegate?>,_,_,_,_,_,_)``.
  ///
  /// - Returns: The proxy the handlers joined.
  @discardableResult
  public static func join<Parent: AnyObject, Delegate: AnyObject>(
    _ parent: Parent, delegate property: ReferenceWritableKeyPath<Parent, Delegate?>,
    handlers: KeyValuePairs<HandlerRole, AnyObject>
  ) -> DelegateProxy {
    guard let attached = AttachedDelegateProxies.of(parent)[DelegatePropertyKey(property)]
    else { return attach(to: parent, delegate: property, handlers: handlers) }
    for (role, handler) in handlers { attached.add(handler, role: role) }
    return attached
  }

  /// The proxy attached to `parent`'s delegate `property`, if any.
  public static func attached<Parent: AnyObject, Delegate>(
    to parent: Parent, delegate property: ReferenceWritableKeyPath<Parent, Delegate?>
  ) -> Self? {
    AttachedDelegateProxies.of(parent)[DelegatePropertyKey(property)] as? Self
  }

  /// Disconnects the proxy: the parent's delegate gets back the delegate it had before attach,
  /// or `nil`, and the parent no longer owns the proxy.
  public func detach() {
    // The parent's proxies, reached through the parent: a weak reference to them would give
    // them a side table, which sends every retain down the runtime's slow path (ProxyAttach).
    let parent = routing.detach()
    routing.withLock {
      guard let parent, let registryKey,
        let attached = AttachedDelegateProxies.existing(of: parent),
        attached[registryKey] === self
      else { return }
      attached[registryKey] = nil
    }
  }

}

/// The runtime's protocol `reference` names, when it is an Objective-C protocol: the protocols a
/// proxy can adopt.
private func protocolObject(_ reference: ExistentialProtocol) -> Protocol? {
  guard case .objectiveC(let address) = reference else { return nil }
  return Unmanaged<Protocol>.fromOpaque(address).takeUnretainedValue()
}

/// What a proxy set to a property it cannot read (`CXProvider`'s `setDelegate(_:queue:)`), so it
/// can tell whether it still holds it; under the routing's lock, as the property's closures are.
private final class WrittenDelegate {
  weak var object: AnyObject?
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

/// The bundle identifiers of `object`'s class and its superclasses, most derived first
/// (``ParentThread/of(classBundles:)`` decides from them).
private func classBundles(of object: AnyObject) -> [String?] {
  var bundles: [String?] = []
  var type: AnyClass? = Swift.type(of: object)
  while let current = type {
    bundles.append(Bundle(for: current).bundleIdentifier)
    type = class_getSuperclass(current)
  }
  return bundles
}

/// The delegate proxies attached to one parent, by delegate property; the parent owns them.
typealias AttachedDelegateProxies = AttachedProxies<DelegateProxy>

extension AttachedProxies where Proxy == DelegateProxy {
  /// The proxies attached to `parent`, made on first use.
  static func of(_ parent: AnyObject) -> AttachedDelegateProxies {
    associatedObject(of: parent, key: &AssociationKeys.attachedDelegateProxies) {
      AttachedDelegateProxies()
    }
  }

  /// The proxies attached to `parent`, if any were.
  static func existing(of parent: AnyObject) -> AttachedDelegateProxies? {
    associatedObject(of: parent, key: &AssociationKeys.attachedDelegateProxies)
  }
}
#endif

/// The messages of a ``DelegateProxy``: none by case, since it routes every message by its
/// selector's name.
@available(
  *, deprecated, renamed: "Never",
  message: "Deprecated in 3.0, removed in 4.0: an enum without cases; write RoutingRules<Never>."
)
public typealias DelegateMessage = Never
