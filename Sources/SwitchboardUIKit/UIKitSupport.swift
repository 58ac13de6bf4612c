#if canImport(UIKit)
import ObjectiveC
import SwitchboardLists
import UIKit

/// Whether `handler` implements the Objective-C method named `selector`: the check
/// ``ListSelectorTable`` and forwarded routes use on UIKit.
nonisolated func objectiveCResponds(_ selector: String, _ handler: AnyObject) -> Bool {
  (handler as? NSObjectProtocol)?.responds(to: NSSelectorFromString(selector)) ?? false
}

/// The keys of the objects Switchboard associates with a table or collection view.
enum AssociationKeys {
  nonisolated(unsafe) static var registrations: UInt8 = 0
  nonisolated(unsafe) static var proxy: UInt8 = 0
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

extension SelectorRouting {
  /// Checks every route and reports the first that cannot work to `onError`.
  func reportInvalidRoutes() {
    do {
      try validate()
    } catch {
      report(error)
    }
  }
}
#endif
