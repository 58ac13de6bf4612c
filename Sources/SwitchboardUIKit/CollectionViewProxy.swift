#if canImport(UIKit)
import Switchboard
import SwitchboardLists
import UIKit

/// A `UICollectionView` data source and delegate that routes every message to a view
/// controller or a view model, and forwards every method Switchboard does not model (flow
/// layout sizes, scroll-view messages, context menus, …) through the Objective-C runtime.
///
/// Set up a screen in three lines; the collection view owns the proxy, which holds the view
/// controller and the view model weakly:
///
/// ```swift
/// override func viewDidLoad() {
///   super.viewDidLoad()
///   CollectionViewProxy.attach(to: collectionView, view: self, viewModel: model)
/// }
/// ```
///
/// It routes, explains, re-caches and reports problems as ``TableViewProxy`` does, with
/// ``ListSelectorTable/collectionView``'s selectors. Items are the list vocabulary's rows:
/// `collectionView(_:numberOfItemsInSection:)` is `ListMessage.numberOfRows`. A
/// `ListWillSelectHandling` handler answers `collectionView(_:shouldSelectItemAt:)`: the same
/// item allows the selection, `nil` cancels it, and another item cancels it and selects that
/// one instead (sending did-select for it, as `UITableView` does for a redirected selection).
@MainActor
public final class CollectionViewProxy: NSObject, ListViewProxying, UICollectionViewDataSource,
  UICollectionViewDelegateFlowLayout, UICollectionViewDataSourcePrefetching
{
  /// The platform-independent routing this proxy translates.
  public let routing: SelectorRouting<UICollectionView>
  /// The collection view this proxy is attached to.
  public private(set) weak var collectionView: UICollectionView?

  private init(list: ListProxy<UICollectionView>) {
    routing = SelectorRouting(
      proxy: list, selectors: .collectionView, observableSelectors: observableScrollSelectors,
      respondsTo: objectiveCResponds)
    super.init()
    routing.onRecache = { [weak self] in self?.connect() }
    checkSelectorTable()
  }

  /// Makes a proxy for a view controller and a view model, makes `collectionView` own it, and
  /// connects it as the collection's data source, delegate and prefetching data source.
  ///
  /// - Parameters:
  ///   - collectionView: The collection. It keeps the proxy alive; a proxy attached before is
  ///     detached.
  ///   - view: The view controller, with the role `HandlerRole.view` and the higher priority.
  ///     Held weakly.
  ///   - viewModel: The view model, with the role `HandlerRole.viewModel`. Held weakly unless
  ///     `viewModelRetention` says otherwise.
  ///   - viewModelRetention: How the view model is held.
  ///   - rules: Rules for modeled messages that replace the defaults for the messages they
  ///     name.
  ///   - forwardingRules: Rules for other selectors, by selector name.
  /// - Returns: The proxy, to configure or inspect.
  @discardableResult
  public static func attach(
    to collectionView: UICollectionView, view: AnyObject, viewModel: AnyObject,
    viewModelRetention: HandlerRetention = .weak, rules: RoutingRules<ListMessage> = [:],
    forwardingRules: [String: RoutingRule<ListMessage>] = [:]
  ) -> CollectionViewProxy {
    let proxy = CollectionViewProxy(
      list: ListProxy<UICollectionView>(
        view: view, viewModel: viewModel, viewModelRetention: viewModelRetention, rules: rules))
    proxy.routing.forwarded.rules = forwardingRules
    proxy.attach(to: collectionView)
    return proxy
  }

  /// Makes a proxy over a router you configured (made with
  /// `ListProxy<UICollectionView>.makeRouter(rules:)`), and attaches it to `collectionView`.
  @discardableResult
  public static func attach(
    to collectionView: UICollectionView, router: PrioritizedProxy<ListMessage>
  ) -> CollectionViewProxy {
    let proxy = CollectionViewProxy(list: ListProxy<UICollectionView>(router: router))
    proxy.attach(to: collectionView)
    return proxy
  }

  /// The proxy attached to `collectionView`, if any.
  public static func attached(to collectionView: UICollectionView) -> CollectionViewProxy? {
    attachedObject(to: collectionView) as? CollectionViewProxy
  }

  private func attach(to collectionView: UICollectionView) {
    Self.attached(to: collectionView)?.detach()
    setAttachedObject(self, to: collectionView)
    self.collectionView = collectionView
    routing.reportInvalidRoutes()
    connect()
  }

  /// Disconnects the proxy from its collection view, which then no longer owns it.
  public func detach() {
    guard let collectionView else { return }
    if collectionView.dataSource === self { collectionView.dataSource = nil }
    if collectionView.delegate === self { collectionView.delegate = nil }
    if collectionView.prefetchDataSource === self { collectionView.prefetchDataSource = nil }
    if Self.attached(to: collectionView) === self { setAttachedObject(nil, to: collectionView) }
    self.collectionView = nil
  }

  /// Assigns the proxy again, so the collection asks again what it responds to.
  private func connect() {
    guard let collectionView else { return }
    collectionView.dataSource = nil
    collectionView.delegate = nil
    collectionView.prefetchDataSource = nil
    collectionView.dataSource = self
    collectionView.delegate = self
    if answersPrefetching { collectionView.prefetchDataSource = self }
  }

  // MARK: - UIScrollViewDelegate (forwarded, observable)

  public func scrollViewDidScroll(_ scrollView: UIScrollView) {
    routing.scrollViewDidScroll(scrollView)
  }

  public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
    routing.scrollViewWillBeginDragging(scrollView)
  }

  public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
  {
    routing.scrollViewDidEndDragging(scrollView, willDecelerate: decelerate)
  }

  public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
    routing.scrollViewDidEndDecelerating(scrollView)
  }

  // MARK: - The Objective-C runtime

  /// True exactly when a handler will receive the message.
  public nonisolated override func responds(to selector: Selector!) -> Bool {
    guard let selector else { return false }
    let name = NSStringFromSelector(selector)
    return MainActor.assumeIsolated {
      routing.responds(toSelector: name) { super.responds(to: selector) }
    }
  }

  /// The handler a selector Switchboard does not model is forwarded to.
  public nonisolated override func forwardingTarget(for selector: Selector!) -> Any? {
    guard let selector else { return nil }
    let name = NSStringFromSelector(selector)
    nonisolated(unsafe) var target: AnyObject?
    MainActor.assumeIsolated { target = routing.forwardingTarget(forSelector: name) }
    return target ?? super.forwardingTarget(for: selector)
  }

  // MARK: - UICollectionViewDataSource

  public func numberOfSections(in collectionView: UICollectionView) -> Int {
    routing.ask(
      .numberOfSections, default: 1,
      { (model: any ListSectionCounting) in model.numberOfSections() },
      platform: { (source: any UICollectionViewDataSource) in
        source.numberOfSections?(in: collectionView)
      })
  }

  public func collectionView(
    _ collectionView: UICollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    routing.ask(
      .numberOfRows, default: 0,
      { (model: any ListRowCounting) in model.numberOfRows(inSection: section) },
      platform: { (source: any UICollectionViewDataSource) in
        source.collectionView(collectionView, numberOfItemsInSection: section)
      })
  }

  public func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    do {
      return try routing.ask(
        .cellForRow, default: UICollectionViewCell(),
        { (view: any ListCellProviding<UICollectionView>) in
          try view.cellForRow(at: indexPath, in: collectionView)
        },
        platform: { (source: any UICollectionViewDataSource) in
          source.collectionView(collectionView, cellForItemAt: indexPath)
        })
    } catch {
      routing.report(ListViewError.cellProviderFailed(indexPath, "\(error)"))
      return UICollectionViewCell()
    }
  }

  public func collectionView(
    _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> UICollectionReusableView {
    do {
      return try routing.ask(
        .supplementaryView, default: UICollectionReusableView(),
        { (view: any ListSupplementaryViewProviding<UICollectionView>) in
          try view.supplementaryView(
            ofKind: SupplementaryKind(collectionElementKind: kind), at: indexPath,
            in: collectionView)
        },
        platform: { (source: any UICollectionViewDataSource) in
          source.collectionView?(
            collectionView, viewForSupplementaryElementOfKind: kind, at: indexPath)
        })
    } catch {
      routing.report(ListViewError.cellProviderFailed(indexPath, "\(kind): \(error)"))
      return UICollectionReusableView()
    }
  }

  public func collectionView(
    _ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath
  ) -> Bool {
    routing.ask(
      .canMoveRow, default: false,
      { (model: any ListRowMovability) in model.canMoveRow(at: indexPath) },
      platform: { (source: any UICollectionViewDataSource) in
        source.collectionView?(collectionView, canMoveItemAt: indexPath)
      })
  }

  public func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    routing.notify(
      .moveRow, (sourceIndexPath, destinationIndexPath),
      { (model: any ListRowMoving) in
        model.moveRow(from: sourceIndexPath, to: destinationIndexPath)
      },
      platform: { (source: any UICollectionViewDataSource) in
        source.collectionView?(
          collectionView, moveItemAt: sourceIndexPath, to: destinationIndexPath)
      })
  }

  // MARK: - UICollectionViewDataSourcePrefetching

  public func collectionView(
    _ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]
  ) {
    routing.notify(
      .prefetchRows, indexPaths,
      { (model: any ListPrefetching) in model.prefetchRows(at: indexPaths) },
      platform: { (source: any UICollectionViewDataSourcePrefetching) in
        source.collectionView(collectionView, prefetchItemsAt: indexPaths)
      })
  }

  // MARK: - UICollectionViewDelegate

  public func collectionView(
    _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    routing.notify(
      .willDisplayRow, (cell, indexPath),
      { (view: any ListWillDisplayObserving<UICollectionView>) in
        view.willDisplay(cell, forRowAt: indexPath, in: collectionView)
      },
      platform: { (delegate: any UICollectionViewDelegate) in
        delegate.collectionView?(collectionView, willDisplay: cell, forItemAt: indexPath)
      })
  }

  public func collectionView(
    _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    routing.notify(
      .didEndDisplayingRow, (cell, indexPath),
      { (view: any ListDidEndDisplayingObserving<UICollectionView>) in
        view.didEndDisplaying(cell, forRowAt: indexPath, in: collectionView)
      },
      platform: { (delegate: any UICollectionViewDelegate) in
        delegate.collectionView?(collectionView, didEndDisplaying: cell, forItemAt: indexPath)
      })
  }

  public func collectionView(
    _ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath
  ) -> Bool {
    let choice = routing.ask(
      .willSelectRow, default: Optional(indexPath),
      { (view: any ListWillSelectHandling<UICollectionView>) in
        view.willSelectRow(at: indexPath, in: collectionView)
      },
      platform: { (delegate: any UICollectionViewDelegate) -> IndexPath?? in
        let allowed: Bool? = delegate.collectionView?(collectionView, shouldSelectItemAt: indexPath)
        return allowed.map { $0 ? indexPath : nil }
      })
    guard let choice, choice != indexPath else { return choice != nil }
    // A redirect: select the other item instead, and tell the handlers, as a table does.
    collectionView.selectItem(at: choice, animated: true, scrollPosition: [])
    self.collectionView(collectionView, didSelectItemAt: choice)
    return false
  }

  public func collectionView(
    _ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath
  ) {
    routing.notify(
      .didSelectRow, indexPath,
      { (view: any ListDidSelectHandling<UICollectionView>) in
        view.didSelectRow(at: indexPath, in: collectionView)
      },
      platform: { (delegate: any UICollectionViewDelegate) in
        delegate.collectionView?(collectionView, didSelectItemAt: indexPath)
      })
  }

  public func collectionView(
    _ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath
  ) {
    routing.notify(
      .didDeselectRow, indexPath,
      { (view: any ListDidDeselectHandling<UICollectionView>) in
        view.didDeselectRow(at: indexPath, in: collectionView)
      },
      platform: { (delegate: any UICollectionViewDelegate) in
        delegate.collectionView?(collectionView, didDeselectItemAt: indexPath)
      })
  }
}
#endif
