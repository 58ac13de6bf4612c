import Foundation
import SwitchboardLists

/// The seed's way, re-created in Swift: no route cache.
///
/// On every call it scans the handlers in
/// priority order and asks each whether it implements the message (a cast), then calls the
/// first that does. Handlers are held weakly, as `ListProxy` holds them by default.
@MainActor
public final class SeedScanningProxy: ListRowCounting {
  private struct WeakHandler {
    weak var object: AnyObject?
  }

  private let handlers: [WeakHandler]

  public init(handlers: [AnyObject]) {
    self.handlers = handlers.map { WeakHandler(object: $0) }
  }

  public func numberOfRows(inSection section: Int) -> Int {
    for handler in handlers {
      if let counter = handler.object as? any ListRowCounting {
        return counter.numberOfRows(inSection: section)
      }
    }
    return 0
  }
}
