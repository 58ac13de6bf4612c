/// One registered handler and how the proxy holds it.
@MainActor
final class HandlerSlot {
  let id: Int
  let roles: [HandlerRole]
  let retention: HandlerRetention
  let typeName: String
  private let strongObject: AnyObject?
  private weak var weakObject: AnyObject?

  init(id: Int, object: AnyObject, roles: [HandlerRole], retention: HandlerRetention) {
    self.id = id
    self.roles = roles
    self.retention = retention
    self.typeName = String(describing: type(of: object))
    switch retention {
    case .strong:
      strongObject = object
    case .weak:
      strongObject = nil
      weakObject = object
    }
  }

  /// The handler, or `nil` once a weakly held handler has been released.
  @inline(__always)
  var object: AnyObject? {
    if let strongObject { return strongObject }
    return weakObject
  }

  func describe(at position: Int) -> HandlerDescription {
    HandlerDescription(position: position, roles: roles, typeName: typeName, retention: retention)
  }
}
