/// One registered handler, how the proxy holds it, and which messages it implements.
@usableFromInline
final class HandlerSlot {
  /// The handler's first role, and its others: most handlers have one, kept without an array
  /// (a list of thousands of delegate proxies would otherwise allocate one per handler).
  let firstRole: HandlerRole?
  let otherRoles: [HandlerRole]
  let retention: HandlerRetention
  /// Whether the proxy holds the handler strongly (beside `retention`: the two bytes share a
  /// word, and a slot a smaller allocation).
  @usableFromInline let isStrong: Bool
  /// The handler's class, which descriptions name (``typeName``).
  let handlerType: AnyObject.Type
  /// The handler, when it is held strongly.
  @usableFromInline let strongObject: AnyObject?
  /// The handler, when it is held weakly; `nil` once released.
  @usableFromInline weak var weakObject: AnyObject?
  /// Whether the handler implements each message, by route index.
  ///
  /// Asked once per handler (and again on invalidation), so rebuilding routes makes no dynamic
  /// casts.
  var implements: [Bool] = []

  init(
    object: __shared AnyObject, roles: some Collection<HandlerRole>, retention: HandlerRetention
  ) {
    firstRole = roles.first
    otherRoles = roles.count > 1 ? Array(roles.dropFirst()) : []
    self.retention = retention
    handlerType = type(of: object)
    isStrong = retention == .strong
    switch retention {
    case .strong:
      strongObject = object
    case .weak:
      strongObject = nil
      weakObject = object
    }
  }

  /// The handler's class name, as descriptions and reports spell it.
  var typeName: String {
    handlerTypeNames.value(for: ObjectIdentifier(handlerType)) { String(describing: handlerType) }
  }

  /// Every role of the handler, in the order given.
  var roles: [HandlerRole] { firstRole.map { [$0] + otherRoles } ?? [] }

  /// Whether the handler has `role`.
  func hasRole(_ role: HandlerRole) -> Bool {
    firstRole == role || otherRoles.contains(role)
  }

  /// The handler, or `nil` once a weakly held handler has been released.
  @inlinable
  var object: AnyObject? {
    if isStrong { return strongObject }
    return weakObject
  }

  /// Asks the handler about every message, in route-index order.
  func survey<Message: MessageSet>(
    _ messages: [Message], object: AnyObject, check: ((Message, AnyObject) -> Bool)?
  ) {
    implements = messages.map { $0.isHandled(by: object, check: check) }
  }

  /// The handler at `position`, listed for a message it implements or not (`implements`), or
  /// for none.
  func describe(at position: Int, implements: Bool? = nil) -> HandlerDescription {
    HandlerDescription(
      position: position, roles: roles, typeName: typeName, retention: retention,
      implementsMessage: implements, slot: ObjectIdentifier(self))
  }
}

/// Each handler class's name, as descriptions and reports spell it, made once per class: a list
/// whose rows each attach a proxy over the same cell class would otherwise format it (a few
/// allocations and a walk of the type's metadata) for every handler of every proxy.
let handlerTypeNames = ProcessMemo<ObjectIdentifier, String>()

/// A message as handler slots know it: its route index, or its name.
enum ImplementationKey {
  case index(Int)
  case named(String)
}
