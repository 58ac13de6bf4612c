import Foundation
import Switchboard

/// The host of a ``ListProxy`` made for a view that makes no cells, without naming its host:
/// it has no instances, and exists so that the compiler says to name the host.
///
/// ```swift
/// let proxy = ListProxy(view: tapsOnly, viewModel: model)              // error: name the host
/// let proxy = ListProxy<ListView>(view: tapsOnly, viewModel: model)    // a table
/// ```
public final class ListHostNotNamed: ListHost {
  private init() {}

  /// Never called: the type has no instances.
  public func dequeueCell(of cellType: ListCell.Type, for indexPath: IndexPath)
    throws(ListViewError) -> ListCell
  {
    preconditionFailure("ListHostNotNamed has no instances")
  }

  /// Never called: the type has no instances.
  public func apply(_ update: ListUpdate) throws(ListViewError) {
    preconditionFailure("ListHostNotNamed has no instances")
  }

  /// Never called: the type has no instances.
  public func reloadData() throws(ListViewError) {
    preconditionFailure("ListHostNotNamed has no instances")
  }

  /// Never called: the type has no instances.
  public var needsMoreContent: Bool { preconditionFailure("ListHostNotNamed has no instances") }
}

extension ListProxy where Host == ListHostNotNamed {
  /// A view that makes no cells does not say which kind of list it serves: name the host.
  @available(
    *, unavailable,
    message:
      "this view makes no cells, so it does not say which list the proxy serves; name the host: ListProxy<ListView>(view:viewModel:) for a table, ListProxy<CollectionView>(view:viewModel:) for a grid"
  )
  public convenience init<View: AnyObject>(
    view: View, viewModel: AnyObject, viewModelRetention: HandlerRetention = .weak,
    rules: RoutingRules<ListMessage> = [:]
  ) {
    preconditionFailure("unavailable")
  }
}
