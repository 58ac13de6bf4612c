import Foundation

/// A parent's property that holds the proxy (its `delegate`, a table's `dataSource`), as a
/// ``DelegateRouting`` reads and sets it (the parent held weakly).
package struct DelegateProperty: Sendable {
  /// The property's name, as reports spell it: `delegate`, `dataSource`.
  package let name: String
  /// The role of the object the property held, kept as a handler.
  package let keptRole: HandlerRole
  /// The selector the proxy must answer to be in the property (a list's
  /// `tableView:prefetchRowsAtIndexPaths:`, a required method UIKit never asks about), or `nil`
  /// for a property that always holds it.
  package let heldWhileAnswering: String?
  /// How the property is read and set.
  let access: any PropertyAccess
  /// What ``DelegateRouting/detach()`` gives back to the property.
  ///
  /// Set when the proxy is attached to it: the object it held then (a handler too, or not), or,
  /// when it held the proxy this one replaced, what that one would have given. Unchecked: read
  /// and set under the routing's lock, or, once the routing let go of its properties, by the
  /// one call-out they were handed to.
  nonisolated(unsafe) var restoring = WeakHandler(nil)

  /// The property `access` reads and sets: the parent held weakly, no closure made for each
  /// way (a list whose rows each attach a proxy would otherwise allocate two per proxy).
  package init(
    name: String = "delegate", keptRole: HandlerRole = HandlerRole("installed"),
    heldWhileAnswering: String? = nil, access: any PropertyAccess
  ) {
    self.name = name
    self.keptRole = keptRole
    self.heldWhileAnswering = heldWhileAnswering
    self.access = access
  }

  /// The property `get` reads and `set` sets.
  package init(
    name: String = "delegate", keptRole: HandlerRole = HandlerRole("installed"),
    heldWhileAnswering: String? = nil, get: @escaping @Sendable () -> AnyObject?,
    set: @escaping @Sendable (AnyObject?) -> Void
  ) {
    self.init(
      name: name, keptRole: keptRole, heldWhileAnswering: heldWhileAnswering,
      access: ClosureAccess(read: get, write: set))
  }

  /// The object the property holds.
  package func get() -> AnyObject? { access.get() }

  /// Gives the property `object`.
  package func set(_ object: AnyObject?) { access.set(object) }
}

/// How a ``DelegateProperty`` reads and sets a parent's property: an object, so a property
/// holds one reference to it (a list of thousands of proxies keeps one property each).
package protocol PropertyAccess: AnyObject, Sendable {
  /// The parent whose property this is, while it lives; `nil` when it is not known.
  var parentObject: AnyObject? { get }
  /// The object the property holds.
  func get() -> AnyObject?
  /// Gives the property `object`.
  func set(_ object: AnyObject?)
}

/// A property read and set by closures.
private final class ClosureAccess: PropertyAccess {
  let read: @Sendable () -> AnyObject?
  let write: @Sendable (AnyObject?) -> Void

  init(read: @escaping @Sendable () -> AnyObject?, write: @escaping @Sendable (AnyObject?) -> Void)
  {
    self.read = read
    self.write = write
  }

  var parentObject: AnyObject? { nil }
  func get() -> AnyObject? { read() }
  func set(_ object: AnyObject?) { write(object) }
}

/// An object a parent's properties held, kept as a handler, and the properties it came from.
package struct KeptDelegate {
  package weak var object: AnyObject?
  package var properties: [String]

  /// Adds `object`, which came from the property `name`, to `list`, once.
  package static func add(_ object: AnyObject, from name: String, to list: inout [KeptDelegate]) {
    if let index = list.firstIndex(where: { $0.object === object }) {
      if !list[index].properties.contains(name) { list[index].properties.append(name) }
    } else {
      list.append(KeptDelegate(object: object, properties: [name]))
    }
  }
}

/// What a configuration of ``DelegateRouting`` adds to it.
///
/// The list proxies add their modeled messages, data-source checks and properties; a
/// ``DelegateProxy`` needs only its typed notifications.
package struct RoutingConfiguration<Message: MessageSet>: Sendable {
  /// The configuration of a proxy that adds nothing.
  package init() {}

  /// The modeled message a selector names, which the proxy class implements itself and routes
  /// by message (a list proxy's `tableView:numberOfRowsInSection:`), or `nil`.
  package var modeledMessage: @Sendable (String) -> Message? = { _ in nil }
  /// Whether the parent sends every message on the main thread and the configuration answers
  /// its modeled ones there, outside the lock (a list proxy): a change asked for on another
  /// thread (a token cancelled there, an owner deinitialized there) is then made on the main
  /// thread, after the message being answered, never beside it.
  package var deliversOnMainThread = false
  /// Messages some handler must answer, checked at attach and on every change.
  package var requiredMessages: [Message] = []
  /// Selectors whose mere presence changes the parent: an observer alone never makes the proxy
  /// answer them.
  package var presenceSensitive: Set<String> = []
  /// Methods returning nothing that the proxy class implements itself (typed, every frame), yet
  /// answers like any other selector: only while a handler implements one or something
  /// observes it.
  package var typedNotifications: Set<String> = []
  /// What the mere presence of a method does to its parent, by selector
  /// (``DelegatePreset/presenceEffects``): observing one no handler implements is refused.
  package var presenceEffects: [String: String] = [:]
  /// Of those, the ones whose only effect is to silence one sibling method, by selector: an
  /// observer alone is refused only while a handler implements that sibling
  /// (``DelegatePreset/silencedSiblings``).
  package var silencedSiblings: [String: String] = [:]
  /// The arguments observers of a selector's typed event get, when not `[Any]`: their type,
  /// and how they are read from the runtime's boxed arguments.
  package var typedEvents: [String: TypedEvent] = [:]
  /// The name of the property whose object receives a selector, or `nil` for the first.
  package var propertyOfSelector: @Sendable (String) -> String? = { _ in nil }
  /// The name of the property whose routes the parent caches when it is assigned (a table's
  /// `dataSource`, whose counts UIKit keeps), or `nil`.
  package var cachedRoutesProperty: String?
  /// Where each selector of ``cachedRoutesProperty`` goes now, given the selectors answered.
  package var cachedRoutes:
    @Sendable (PrioritizedProxy<Message>, [String]) -> [String: WeakHandler] = {
      _, _ in
      [:]
    }
  /// Called under the lock once attach has kept the parent's objects.
  package var didKeep: @Sendable (PrioritizedProxy<Message>, [KeptDelegate]) -> Void = { _, _ in }
  /// The configuration's own setup mistakes, found under the lock.
  package var setupMistakes:
    @Sendable (PrioritizedProxy<Message>, [KeptDelegate]) -> [DelegateProxyError] = {
      _, _ in []
    }
}

/// The arguments of a typed event (a list proxy's `.didEndDragging`): their type, and how they
/// are read from the runtime's boxed arguments.
package struct TypedEvent: Sendable {
  package let type: Any.Type
  package let decode: @Sendable ([Any]) -> Any?

  package init<Arguments>(
    _ type: Arguments.Type, decode: @escaping @Sendable ([Any]) -> Arguments?
  ) {
    self.type = type
    self.decode = { decode($0) }
  }
}

/// A notification a typed method of the proxy received, delivered without an `NSInvocation`.
struct TypedNotification: ForwardedInvocation {
  let selectorName: String
  let arguments: [Any]
  let send: (AnyObject) -> Void
  var returnsVoid: Bool { true }
  var returnedObject: Any? { nil }
  var returnedValue: Any? { nil }
  func invoke(on target: AnyObject) { send(target) }
  // A notification answers nothing.
  func answerZero() {}
  func answer(with value: Any) {}
  func answerWithArgument(at index: Int) {}
}
