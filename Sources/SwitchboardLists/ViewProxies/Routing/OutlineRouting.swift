import Foundation
import Switchboard

/// An outline view proxy's configuration of the one ``DelegateRouting`` (`OutlineViewProxy`):
/// a view controller and a view model share the outline's data source and delegate.
///
/// An outline's messages name items, not index paths, so none is modeled: each goes by its
/// selector to the first handler that implements it (the view model's tree answers,
/// `outlineView:numberOfChildrenOfItem:`, `…child:ofItem:`, `…isItemExpandable:`; the view
/// controller's views), or as the rules say. The routing attaches to both properties, keeps the
/// objects they held (a storyboard's), hands them back on detach, re-assigns a property whose
/// answers changed after the turn, and answers a method whose handler went away with the
/// preset's documented default (`NSOutlineViewDelegate`) or zero.
@MainActor
final class OutlineRouting {
  /// The one routing.
  let routing: DelegateRouting<Never>

  /// Routing for a view and a view model, the view first, over the outline's protocols as
  /// `runtime` declares them (each selector to the property whose protocol declares it).
  init(
    view: AnyObject, viewModel: AnyObject, viewModelRetention: HandlerRetention,
    rules: RoutingRules<Never>, runtime: any SelectorRuntime,
    schedule: @escaping (@escaping @Sendable () -> Void) -> Void
  ) {
    routing = DelegateRouting(
      handlers: [(.view, view)], rules: rules, fallbacks: [:], runtime: runtime,
      typedNotifications: DelegatePreset.typedNotifications, schedule: schedule
    ) { configuration in
      configuration.propertyOfSelector = { runtime.declaration(of: $0)?.property }
    }
    // One object that is both answers as the view.
    if view !== viewModel {
      routing.add(viewModel, role: .viewModel, retention: viewModelRetention)
    }
  }

  /// Connects `proxyObject` as the data source and delegate of `view` (the outline's
  /// properties), in place of `previous`; `false` when a property holds another kind of
  /// Switchboard proxy (`isAnotherProxy`), which is reported.
  func attach(
    to view: any ListViewProperties, as proxyObject: AnyObject, keepingInstalled: Bool,
    replacing previous: OutlineRouting?, isAnotherProxy: (AnyObject) -> Bool
  ) -> Bool {
    routing.attach(
      to: [DelegateProperty(.dataSource, of: view), DelegateProperty(.delegate, of: view)],
      as: proxyObject, keepingInstalled: keepingInstalled, replacing: previous?.routing,
      isAnotherProxy: isAnotherProxy)
  }
}
