#if canImport(UIKit)
import ObjectiveC
import UIKit

// The UIKit module's few unchecked operations, in one place: the keys of the objects it
// associates with a view, and handing a value out of `MainActor.assumeIsolated`.

/// The keys of the objects Switchboard associates with a table or collection view.
///
/// `nonisolated(unsafe)`: the runtime needs a stable address for each key; nothing reads or
/// writes the values, only their addresses.
enum AssociationKeys {
  nonisolated(unsafe) static var registrations: UInt8 = 0
  nonisolated(unsafe) static var proxy: UInt8 = 0
}

/// A value handed between a nonisolated Objective-C runtime method and the main actor.
///
/// It is the message `forwardInvocation:` received, or the target `forwardingTarget(for:)`
/// answers, passed through `MainActor.assumeIsolated`. Both stay on the one thread the runtime
/// called on, which `assumeIsolated` checks is the main thread.
struct RuntimeHandOver<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

/// The cell and supplementary view types a view has registered, by reuse identifier, so that
/// hosts register a type the first time it is dequeued.
@MainActor
final class Registrations {
  var cells: Set<String> = []
  var views: Set<String> = []

  /// The registrations of `view`, made on first use and owned by `view`.
  static func of(_ view: UIView) -> Registrations {
    if let existing = objc_getAssociatedObject(view, &AssociationKeys.registrations)
      as? Registrations
    {
      return existing
    }
    let made = Registrations()
    objc_setAssociatedObject(
      view, &AssociationKeys.registrations, made, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    return made
  }
}

/// The proxy attached to `view`, which `view` owns.
@MainActor
func attachedObject(to view: UIView) -> AnyObject? {
  objc_getAssociatedObject(view, &AssociationKeys.proxy) as AnyObject?
}

/// Makes `view` own `object` (or nothing, for `nil`).
@MainActor
func setAttachedObject(_ object: AnyObject?, to view: UIView) {
  objc_setAssociatedObject(view, &AssociationKeys.proxy, object, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
}

/// A view's helper properties, as ``SelectorRouting`` sets them.
@MainActor
final class ViewProperties: ListViewProperties {
  private let get: (ListViewProperty) -> AnyObject?
  private let set: (ListViewProperty, AnyObject?) -> Void

  init(
    get: @escaping (ListViewProperty) -> AnyObject?,
    set: @escaping (ListViewProperty, AnyObject?) -> Void
  ) {
    self.get = get
    self.set = set
  }

  subscript(property: ListViewProperty) -> AnyObject? {
    get { get(property) }
    set { set(property, newValue) }
  }
}

/// Runs `work` after the current main-actor turn.
@MainActor
func afterThisTurn(_ work: @escaping @MainActor () -> Void) {
  DispatchQueue.main.async { MainActor.assumeIsolated(work) }
}
#endif
