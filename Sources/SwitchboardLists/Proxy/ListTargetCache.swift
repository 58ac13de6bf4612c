import Switchboard

/// Typed references to the handler of each list message, so that ``ListProxy`` dispatches a
/// message with one field load and one protocol-witness call: no route lookup, no cast.
///
/// Each message has two references. A strongly held handler is cached in the strong one and a
/// weakly held handler in the `weak` one, so caching never adds a weak reference to an object
/// (which would make every retain and release of it slower) and never keeps a weakly held
/// handler alive. A message with no handler, or with several (a broadcast), has neither: the
/// proxy then takes the router's path, which knows what to do.
///
/// The cache is valid for one `PrioritizedProxy.routeGeneration` of the router.
@MainActor
struct ListTargetCache {
  /// The router generation these references were taken from; -1 when empty.
  var generation = -1
  var sectionCounting: (any ListSectionCounting)?
  weak var weakSectionCounting: (any ListSectionCounting)?
  var rowCounting: (any ListRowCounting)?
  weak var weakRowCounting: (any ListRowCounting)?
  var cellProviding: (any ListCellProviding)?
  weak var weakCellProviding: (any ListCellProviding)?
  var headerTitling: (any ListHeaderTitling)?
  weak var weakHeaderTitling: (any ListHeaderTitling)?
  var footerTitling: (any ListFooterTitling)?
  weak var weakFooterTitling: (any ListFooterTitling)?
  var rowEditability: (any ListRowEditability)?
  weak var weakRowEditability: (any ListRowEditability)?
  var rowMovability: (any ListRowMovability)?
  weak var weakRowMovability: (any ListRowMovability)?
  var editCommitting: (any ListEditCommitting)?
  weak var weakEditCommitting: (any ListEditCommitting)?
  var rowMoving: (any ListRowMoving)?
  weak var weakRowMoving: (any ListRowMoving)?
  var sectionIndexing: (any ListSectionIndexing)?
  weak var weakSectionIndexing: (any ListSectionIndexing)?
  var prefetching: (any ListPrefetching)?
  weak var weakPrefetching: (any ListPrefetching)?
  var rowHeight: (any ListRowHeightProviding)?
  weak var weakRowHeight: (any ListRowHeightProviding)?
  var estimatedRowHeight: (any ListEstimatedRowHeightProviding)?
  weak var weakEstimatedRowHeight: (any ListEstimatedRowHeightProviding)?
  var willDisplay: (any ListWillDisplayObserving)?
  weak var weakWillDisplay: (any ListWillDisplayObserving)?
  var didEndDisplaying: (any ListDidEndDisplayingObserving)?
  weak var weakDidEndDisplaying: (any ListDidEndDisplayingObserving)?
  var willSelect: (any ListWillSelectHandling)?
  weak var weakWillSelect: (any ListWillSelectHandling)?
  var didSelect: (any ListDidSelectHandling)?
  weak var weakDidSelect: (any ListDidSelectHandling)?
  var didDeselect: (any ListDidDeselectHandling)?
  weak var weakDidDeselect: (any ListDidDeselectHandling)?

  /// A cache of the references in `router`'s current routes.
  ///
  /// It builds a new value rather than filling one in place: reading routes can make the router
  /// rebuild them and tell its observers, and ``ListProxy``'s observer replaces its cache.
  ///
  /// - Complexity: O(*m* × *n*) for *m* messages and *n* handlers; it runs once per route change.
  static func filled(from router: PrioritizedProxy<ListMessage>) -> ListTargetCache {
    var cache = ListTargetCache()
    cache.fill(from: router)
    return cache
  }

  private mutating func fill(from router: PrioritizedProxy<ListMessage>) {
    repeat {
      self = ListTargetCache()
      generation = router.routeGeneration
      for message in ListMessage.allCases {
        // Meeting a released handler makes the router rebuild; the loop then starts over.
        let targets = router.targets(for: message)
        // Several targets only for a broadcast, which the router allows only for
        // notifications: those go through `router.broadcast`.
        guard targets.count == 1, let handler = targets.first else { continue }
        let isStrong = router.retention(of: handler) == .strong
        switch message {
        case .numberOfSections:
          Self.store(handler, for: message, isStrong, &sectionCounting, &weakSectionCounting)
        case .numberOfRows:
          Self.store(handler, for: message, isStrong, &rowCounting, &weakRowCounting)
        case .cellForRow:
          Self.store(handler, for: message, isStrong, &cellProviding, &weakCellProviding)
        case .titleForHeader:
          Self.store(handler, for: message, isStrong, &headerTitling, &weakHeaderTitling)
        case .titleForFooter:
          Self.store(handler, for: message, isStrong, &footerTitling, &weakFooterTitling)
        case .canEditRow:
          Self.store(handler, for: message, isStrong, &rowEditability, &weakRowEditability)
        case .canMoveRow:
          Self.store(handler, for: message, isStrong, &rowMovability, &weakRowMovability)
        case .commitEdit:
          Self.store(handler, for: message, isStrong, &editCommitting, &weakEditCommitting)
        case .moveRow: Self.store(handler, for: message, isStrong, &rowMoving, &weakRowMoving)
        case .sectionIndexTitles:
          Self.store(handler, for: message, isStrong, &sectionIndexing, &weakSectionIndexing)
        case .prefetchRows:
          Self.store(handler, for: message, isStrong, &prefetching, &weakPrefetching)
        case .heightForRow: Self.store(handler, for: message, isStrong, &rowHeight, &weakRowHeight)
        case .estimatedHeightForRow:
          Self.store(handler, for: message, isStrong, &estimatedRowHeight, &weakEstimatedRowHeight)
        case .willDisplayRow:
          Self.store(handler, for: message, isStrong, &willDisplay, &weakWillDisplay)
        case .didEndDisplayingRow:
          Self.store(handler, for: message, isStrong, &didEndDisplaying, &weakDidEndDisplaying)
        case .willSelectRow:
          Self.store(handler, for: message, isStrong, &willSelect, &weakWillSelect)
        case .didSelectRow: Self.store(handler, for: message, isStrong, &didSelect, &weakDidSelect)
        case .didDeselectRow:
          Self.store(handler, for: message, isStrong, &didDeselect, &weakDidDeselect)
        }
      }
    } while generation != router.routeGeneration
  }

  private static func store<Capability>(
    _ handler: AnyObject, for message: ListMessage, _ isStrong: Bool,
    _ strong: inout Capability?, _ weak: inout Capability?
  ) {
    guard let typed = handler as? Capability else {
      preconditionFailure(
        "ListProxy: \(type(of: handler)) receives \(message) but does not adopt "
          + "\(Capability.self). ListMessage.isImplemented(by:) and the capability protocols "
          + "must agree.")
    }
    if isStrong { strong = typed } else { weak = typed }
  }
}
