import Foundation

#if canImport(ObjectiveC)
import ObjectiveC
#endif

/// A closure that answers one delegate method, given to a proxy when it is attached, so the
/// parent sees it the moment the proxy becomes its delegate, in the same turn.
///
/// ```swift
/// SearchBarProxy.attach(
///   to: searchBar, delegate: \.delegate, handlers: [.viewModel: model],
///   answers: [
///     .answer(#selector(UISearchBarDelegate.searchBarShouldBeginEditing(_:))) {
///       (_: UISearchBar) -> Bool in true
///     }
///   ])
/// ```
///
/// It is a handler like a closure given to `DelegateProxy.answer(_:role:at:retention:isolation:with:)`,
/// held by the proxy, so it lives as long as the parent: capture the screen weakly
/// (`[weak self]`). Its role is its selector's name unless you give one; a closure or handler
/// given that role later replaces it.
public struct DelegateAnswer {
  /// Adds the closure to a proxy's routing.
  let register: (DelegateRouting<Never>) -> Void

  /// The closure `body` answering the method named `name`, its Objective-C selector
  /// (`"searchBarShouldBeginEditing:"`), as `answer(named:role:at:retention:isolation:with:)`
  /// adds one.
  ///
  /// ```swift
  /// let answer = DelegateAnswer.answer(named: "searchBarShouldBeginEditing:") {
  ///   (_: UISearchBar) -> Bool in true
  /// }
  /// ```
  public static func answer<each Argument, Answer>(
    named name: String, role: HandlerRole? = nil, isolation: (any Actor)? = #isolation,
    _ body: @escaping (repeat each Argument) -> Answer
  ) -> DelegateAnswer {
    DelegateAnswer { routing in
      _ = routing.answer(
        name, role: role ?? HandlerRole(name), at: nil, retention: .strong,
        isolation: isolation, body)
    }
  }
}

#if canImport(ObjectiveC)
extension DelegateAnswer {
  /// The closure `body` answering `selector`, as `answer(_:role:at:retention:isolation:with:)`
  /// adds one.
  ///
  /// ```swift
  /// let answer = DelegateAnswer.answer(#selector(UITextFieldDelegate.textFieldShouldReturn(_:))) {
  ///   (field: UITextField) -> Bool in field.resignFirstResponder()
  /// }
  /// ```
  public static func answer<each Argument, Answer>(
    _ selector: Selector, role: HandlerRole? = nil, isolation: (any Actor)? = #isolation,
    _ body: @escaping (repeat each Argument) -> Answer
  ) -> DelegateAnswer {
    answer(named: NSStringFromSelector(selector), role: role, isolation: isolation, body)
  }
}
#endif

#if canImport(SwitchboardObjC)
extension DelegateAnswer {
  /// The closure `body` answering `selector` for as long as `owner` lives, receiving it first,
  /// as `RoutingProxy.answer(_:owner:role:at:isolation:with:)` adds one: no token, and no
  /// `[weak self]`.
  ///
  /// ```swift
  /// let answer = DelegateAnswer.answer(
  ///   #selector(UISearchBarDelegate.searchBar(_:textDidChange:)), owner: self
  /// ) { (screen, _: UISearchBar, text: String) in screen.filter(text) }
  /// ```
  public static func answer<Owner: AnyObject, each Argument, Answer>(
    _ selector: Selector, owner: Owner, role: HandlerRole? = nil,
    isolation: (any Actor)? = #isolation,
    _ body: @escaping (Owner, repeat each Argument) -> Answer
  ) -> DelegateAnswer {
    answer(
      named: NSStringFromSelector(selector), owner: owner, role: role, isolation: isolation, body)
  }

  /// The closure `body` answering the method named `name`, its Objective-C selector, for as
  /// long as `owner` lives, receiving it first: for an overloaded method, whose `#selector`
  /// would need a cast to say which one.
  ///
  /// ```swift
  /// let answer = DelegateAnswer.answer(named: "tableView:heightForRowAtIndexPath:", owner: self) {
  ///   (screen, _: UITableView, indexPath: IndexPath) -> CGFloat in screen.height(at: indexPath)
  /// }
  /// ```
  public static func answer<Owner: AnyObject, each Argument, Answer>(
    named name: String, owner: Owner, role: HandlerRole? = nil,
    isolation: (any Actor)? = #isolation,
    _ body: @escaping (Owner, repeat each Argument) -> Answer
  ) -> DelegateAnswer {
    DelegateAnswer { routing in
      _ = routing.answer(name, ownedBy: owner, role: role, at: nil, isolation: isolation, body)
    }
  }
}
#endif
