#if canImport(SwitchboardObjC)
import Foundation
import ObjectiveC
import SwitchboardObjC

// A delegate given at initialization: a proxy made for a parent that takes its delegate when it
// is made and never lets it be set again.
extension DelegateProxy {
  /// Makes a proxy of this class for a parent that takes its delegate at initialization and
  /// never lets it be set again: `URLSession(configuration:delegate:delegateQueue:)`,
  /// `UIContextMenuInteraction(delegate:)`. The class adopts the delegate protocol, so the
  /// proxy is the delegate, and keeps its rules and `explain` for later:
  ///
  /// ```swift
  /// final class SessionProxy: DelegateProxy, URLSessionDataDelegate, @unchecked Sendable {}
  ///
  /// let downloadsProxy = SessionProxy.delegate(handlers: [.viewModel: downloads])
  /// let session = URLSession(
  ///   configuration: .default, delegate: downloadsProxy, delegateQueue: nil)
  /// downloadsProxy.rules[selector: #selector(URLSessionDataDelegate.urlSession(_:dataTask:didReceive:))] =
  ///   .broadcast
  /// ```
  ///
  /// Fallbacks, reports, observation and the check for handlers nothing keeps all hold. One
  /// guarantee needs a property the proxy can set again, and is lost: a parent asks which methods
  /// its delegate implements when it receives it, and the proxy cannot make it ask again, so a
  /// handler added afterwards for a method nobody implemented then never receives it. Give every
  /// handler here. A parent that holds its delegate weakly (`UIContextMenuInteraction`) needs the
  /// proxy kept: pass the object that lives as long as the parent as `owner`.
  ///
  /// For a protocol a subclass cannot adopt (one with required methods), use
  /// ``delegate(as:adopting:ownedBy:handlers:answers:rules:fallbacks:)``.
  public static func delegate(
    ownedBy owner: AnyObject? = nil, handlers: KeyValuePairs<HandlerRole, AnyObject> = [:],
    answers: [DelegateAnswer] = [], rules: RoutingRules<Never> = [:],
    fallbacks: [Selector: DelegateFallback] = [:]
  ) -> Self {
    made(
      ownedBy: owner, handlers: handlers, answers: answers, rules: rules, fallbacks: fallbacks)
  }

  /// A proxy of this class, given its protocols by `adopting`, started without a property,
  /// kept by `owner`.
  private static func made(
    ownedBy owner: AnyObject?, handlers: KeyValuePairs<HandlerRole, AnyObject>,
    answers: [DelegateAnswer], rules: RoutingRules<Never>,
    fallbacks: [Selector: DelegateFallback], adopting: (DelegateProxy) -> Void = { _ in }
  ) -> Self {
    let proxy = Self(handlers: handlers, rules: rules, fallbacks: fallbacks)
    adopting(proxy)
    for answer in answers { answer.register(proxy.routing) }
    proxy.routing.startWithoutProperty(as: proxy)
    if let owner { AttachedDelegateProxies.of(owner).owned.append(proxy) }
    return proxy
  }

  /// Makes a proxy of this class that adopts the protocols of `delegateType` (both of a
  /// composition, an app's own `@objc` protocol), for a parent that takes its delegate at
  /// initialization; typed as the delegate it is.
  ///
  /// ```swift
  /// let interaction = UIContextMenuInteraction(
  ///   delegate: DelegateProxy.delegate(
  ///     as: (any UIContextMenuInteractionDelegate).self, ownedBy: self, handlers: [.view: self]))
  /// ```
  ///
  /// Give its rules, fallbacks and closures here; to change them later, keep the proxy from
  /// ``delegate(ownedBy:handlers:answers:rules:fallbacks:)`` made by a subclass that adopts the
  /// protocol. `adopting` adds a protocol beyond the type's. See that method for what holds and
  /// what cannot.
  ///
  /// - Precondition: `delegateType` is a protocol type (a class type names something a proxy
  ///   cannot be).
  public static func delegate<Delegate: AnyObject>(
    as delegateType: Delegate.Type, adopting protocolWithRequiredMethods: Protocol? = nil,
    ownedBy owner: AnyObject? = nil, handlers: KeyValuePairs<HandlerRole, AnyObject> = [:],
    answers: [DelegateAnswer] = [], rules: RoutingRules<Never> = [:],
    fallbacks: [Selector: DelegateFallback] = [:]
  ) -> Delegate {
    // As attach adopts a property's protocols; what cannot be adopted is reported first.
    let proxy = made(
      ownedBy: owner, handlers: handlers, answers: answers, rules: rules, fallbacks: fallbacks
    ) { _ = $0.adopt(propertyOf: delegateType, extra: protocolWithRequiredMethods) }
    guard let typed = proxy as? Delegate else {
      preconditionFailure(
        "\(Self.self).delegate(as: \(Delegate.self)): a proxy is no \(Delegate.self). Fix: name "
          + "the protocol the parent's initializer takes, delegate(as: (any <its protocol>).self).")
    }
    return typed
  }
}
#endif
