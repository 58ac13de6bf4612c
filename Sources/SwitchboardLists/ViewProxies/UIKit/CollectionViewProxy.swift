#if canImport(UIKit)
import Switchboard
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
  UICollectionViewDelegateFlowLayout
{
  /// The collection view this proxy is attached to.
  public var collectionView: UICollectionView? { host }
}
#endif
