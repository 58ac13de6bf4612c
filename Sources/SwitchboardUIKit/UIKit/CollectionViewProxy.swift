#if canImport(UIKit)
import Switchboard
import SwitchboardDelegates
import SwitchboardLists
import SwitchboardObjC
import UIKit

/// A `UICollectionView` data source and delegate that routes every message to a view
/// controller or a view model, and every method Switchboard does not model (flow layout sizes,
/// context menus, a custom layout's delegate methods, …) by selector.
///
/// Set up a screen in one line; the collection view owns the proxy, which holds the view
/// controller and the view model weakly:
///
/// ```swift
/// override func viewDidLoad() {
///   super.viewDidLoad()
///   CollectionViewProxy.attach(to: collectionView, view: self, viewModel: model)
/// }
/// ```
///
/// It routes, explains, answers released handlers, tells UIKit about changes and keeps other
/// objects as ``TableViewProxy`` does, with a collection view's selectors. Items are the list
/// vocabulary's rows: `collectionView(_:numberOfItemsInSection:)` is `ListMessage.numberOfRows`.
/// A `ListWillSelectHandling` handler answers `collectionView(_:shouldSelectItemAt:)`: the same
/// item allows the selection, `nil` cancels it, and another item cancels it and selects that
/// one instead (sending did-select for it, as `UITableView` does for a redirected selection).
///
/// A collection view raises an exception (iOS 18) unless its data source dequeues exactly one
/// cell or supplementary view for each request and returns it. So when a cell provider throws
/// after it dequeued (a configuration that fails), that cell is the answer; a second dequeue
/// through Switchboard's helpers throws instead of dequeuing; and when nobody provides a cell,
/// the proxy answers with an empty cell (or view) it dequeues from a class it registers for
/// that purpose. Each problem is reported. Supplementary kinds reach handlers as the layout names them, and come back
/// unchanged.
@MainActor
public final class CollectionViewProxy: ListViewProxy<UICollectionView>,
  UICollectionViewDataSource, UICollectionViewDelegateFlowLayout,
  UICollectionViewDataSourcePrefetching
{
  /// The collection view this proxy is attached to.
  public var collectionView: UICollectionView? { host }

  // MARK: - UICollectionViewDataSource

  public func numberOfSections(in collectionView: UICollectionView) -> Int {
    dataSource(.numberOfSections, (), in: collectionView) { source in
      source.numberOfSections?(in: collectionView)
    }
  }

  public func collectionView(
    _ collectionView: UICollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    dataSource(.numberOfRows, section, in: collectionView) { source in
      source.collectionView(collectionView, numberOfItemsInSection: section)
    }
  }

  public func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    adapter.provide(
      .cellForRow, at: indexPath, dequeuedBy: ReuseRecords.of(collectionView).dequeues,
      fallback: collectionView.dequeueFallbackCell(for: indexPath)
    ) {
      try adapter.send(.cellForRow, indexPath, in: collectionView) {
        (source: any UICollectionViewDataSource) -> UICollectionViewCell?? in
        source.collectionView(collectionView, cellForItemAt: indexPath)
      }
    }
  }

  public func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView {
    adapter.provide(
      .supplementaryView, at: indexPath, detail: "\(kind): ",
      dequeuedBy: ReuseRecords.of(collectionView).dequeues,
      fallback: collectionView.dequeueFallbackView(ofKind: kind, for: indexPath)
    ) {
      try adapter.send(.supplementaryView, (SupplementaryKind(kind), indexPath), in: collectionView)
      {
        (source: any UICollectionViewDataSource) -> UICollectionReusableView?? in
        source.collectionView?(
          collectionView, viewForSupplementaryElementOfKind: kind, at: indexPath)
      }
    }
  }

  public func collectionView(
    _ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath
  ) -> Bool {
    let answer = dataSource(.canMoveRow, indexPath, in: collectionView) { source in
      (source.collectionView?(collectionView, canMoveItemAt: indexPath)).map { Optional($0) }
    }
    return answer ?? false
  }

  public func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    dataSource(.moveRow, (sourceIndexPath, destinationIndexPath), in: collectionView) { source in
      source.collectionView?(collectionView, moveItemAt: sourceIndexPath, to: destinationIndexPath)
    }
  }

  // MARK: - UICollectionViewDataSourcePrefetching

  public func collectionView(
    _ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]
  ) {
    adapter.send(.prefetchRows, indexPaths, in: collectionView) {
      (source: any UICollectionViewDataSourcePrefetching) in
      source.collectionView(collectionView, prefetchItemsAt: indexPaths)
    }
  }

  // MARK: - UICollectionViewDelegate

  public func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    delegate(.willDisplayRow, (cell, indexPath), in: collectionView) { delegate in
      delegate.collectionView?(collectionView, willDisplay: cell, forItemAt: indexPath)
    }
  }

  public func collectionView(
    _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    delegate(.didEndDisplayingRow, (cell, indexPath), in: collectionView) { delegate in
      delegate.collectionView?(collectionView, didEndDisplaying: cell, forItemAt: indexPath)
    }
  }

  public func collectionView(
    _ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath
  ) -> Bool {
    let choice = delegate(.willSelectRow, indexPath, in: collectionView) { delegate in
      let allowed: Bool? = delegate.collectionView?(collectionView, shouldSelectItemAt: indexPath)
      return allowed.map { $0 ? indexPath : nil }
    }
    guard let choice, choice != indexPath else { return choice != nil }
    // A redirect: select the other item instead, and tell the handlers, as a table does.
    collectionView.selectItem(at: choice, animated: true, scrollPosition: [])
    self.collectionView(collectionView, didSelectItemAt: choice)
    return false
  }

  public func collectionView(
    _ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath
  ) {
    delegate(.didSelectRow, indexPath, in: collectionView) { delegate in
      delegate.collectionView?(collectionView, didSelectItemAt: indexPath)
    }
  }

  public func collectionView(
    _ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath
  ) {
    delegate(.didDeselectRow, indexPath, in: collectionView) { delegate in
      delegate.collectionView?(collectionView, didDeselectItemAt: indexPath)
    }
  }
}
#endif
