/// The observers of a message named at run time, taken at one moment, to be shown a message
/// later, after the caller let go of the lock it read them under.
///
/// A delegate proxy's routing reads its routes under its lock and calls nobody there: it takes
/// the observers with the targets, then shows them the message once the lock is released. Each
/// observer is asked whether it is still live (under the caller's lock, through `isLive`) just
/// before its call, so one cancelled meanwhile, on any thread, is skipped.
package struct NamedObservers {
  private let name: String
  private let observers: [AnyMessageObserver]

  /// No observer.
  package static var none: NamedObservers { NamedObservers(name: "", observers: []) }

  init(name: String, observers: [AnyMessageObserver]) {
    self.name = name
    self.observers = observers
  }

  /// Whether there is no observer to show.
  package var isEmpty: Bool { observers.isEmpty }

  /// Shows `arguments` to each observer of `timing` (before or after the handlers) that
  /// `isLive` says still wants messages, in registration order.
  package func show(
    _ arguments: [Any], beforeHandler: Bool, isLive: (_ check: () -> Bool) -> Bool
  ) {
    let timing = ObserverTiming(beforeHandler: beforeHandler)
    for observer in observers where observer.timing == timing {
      guard isLive({ observer.isLive }) else { continue }
      ObserverList.call(observer, with: arguments, of: name)
    }
  }
}

extension PrioritizedProxy {
  /// The live observers of the message named `name`, to be shown a message later
  /// (``NamedObservers/show(_:beforeHandler:isLive:)``); ended ones are dropped first.
  package func observers(named name: String) -> NamedObservers {
    guard isObserved(named: name), let list = namedObservers[name] else { return .none }
    return NamedObservers(name: "\(Self.self): \(name)", observers: list.observers)
  }
}
