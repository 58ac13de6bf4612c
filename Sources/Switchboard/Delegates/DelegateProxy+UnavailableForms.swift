#if canImport(SwitchboardObjC)
import Foundation
import ObjectiveC
import SwitchboardObjC

// The forms of attach that do not compile, each for its message: a delegate property no proxy
// can be, or one the proxy cannot set, names the form that serves it instead.
extension DelegateProxy {
  /// A delegate property whose type no proxy can be: a Swift protocol without an Objective-C
  /// counterpart.
  ///
  /// This overload exists for its message: attaching to such a property does not compile, and
  /// says what works instead.
  @discardableResult
  @available(
    *, unavailable,
    message:
      "no proxy can be this delegate: its type names a Swift protocol without an Objective-C counterpart. Where the SDK renamed the Objective-C protocol, attach to its twin, delegate: \\.__delegate; for your own protocol, declare it @objc; otherwise implement the delegate in a class of your own"
  )
  public static func attach<Parent: AnyObject, Delegate>(
    to parent: Parent, delegate property: ReferenceWritableKeyPath<Parent, Delegate?>,
    adopting protocolWithRequiredMethods: Protocol? = nil,
    handlers: KeyValuePairs<HandlerRole, AnyObject> = [:], answers: [DelegateAnswer] = [],
    rules: RoutingRules<Never> = [:], fallbacks: [Selector: DelegateFallback] = [:],
    keepingInstalledDelegate: Bool = true
  ) -> Self {
    fatalError("unavailable")
  }

  /// A read-only delegate property cannot be set by the proxy.
  ///
  /// This overload exists for its message: attaching to a property the parent sets with a
  /// method (`setSampleBufferDelegate(_:queue:)`) or takes at initialization
  /// (`URLSession.delegate`) does not compile, and says what to write instead:
  ///
  /// ```swift
  /// DelegateProxy.attach(
  ///   to: output, delegate: \.sampleBufferDelegate,
  ///   settingWith: { output, delegate in output.setSampleBufferDelegate(delegate, queue: frames) },
  ///   handlers: [.viewModel: detector])
  /// ```
  @discardableResult
  @available(
    *, unavailable,
    message:
      "the delegate property is read-only. If the parent takes its delegate at initialization (URLSession, UIContextMenuInteraction), pass it DelegateProxy.delegate(as: (any <its protocol>).self, ownedBy: self, handlers: …); if a method sets it, give the method: attach(to:delegate:settingWith:handlers:)"
  )
  public static func attach<Parent: AnyObject, Delegate>(
    to parent: Parent, delegate property: KeyPath<Parent, Delegate?>,
    adopting protocolWithRequiredMethods: Protocol? = nil,
    handlers: KeyValuePairs<HandlerRole, AnyObject> = [:], answers: [DelegateAnswer] = [],
    rules: RoutingRules<Never> = [:], fallbacks: [Selector: DelegateFallback] = [:],
    keepingInstalledDelegate: Bool = true
  ) -> Self {
    fatalError("unavailable")
  }

  /// A read-only delegate property that is not optional cannot be set by the proxy.
  ///
  /// This overload exists for its message: such a delegate is given at initialization
  /// (`MIDICIResponder`'s `profileDelegate`), so the proxy is made with
  /// ``delegate(as:adopting:ownedBy:handlers:answers:rules:fallbacks:)`` and passed there.
  @discardableResult
  @available(
    *, unavailable,
    message:
      "the delegate property is read-only: the parent takes its delegate at initialization; pass it DelegateProxy.delegate(as: (any <its protocol>).self, ownedBy: self, handlers: …)"
  )
  public static func attach<Parent: AnyObject, Delegate>(
    to parent: Parent, delegate property: KeyPath<Parent, Delegate>,
    adopting protocolWithRequiredMethods: Protocol? = nil,
    handlers: KeyValuePairs<HandlerRole, AnyObject> = [:], answers: [DelegateAnswer] = [],
    rules: RoutingRules<Never> = [:], fallbacks: [Selector: DelegateFallback] = [:],
    keepingInstalledDelegate: Bool = true
  ) -> Self {
    fatalError("unavailable")
  }
}
#endif
