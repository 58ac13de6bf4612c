/// What a ``DelegateProxy`` answers for a method whose handler is gone: the parent's own
/// default for that method, as when its delegate does not implement it.
///
/// UIKit (and WebKit, CoreLocation, …) asks the proxy which methods it implements and
/// remembers the answer; a handler released afterwards leaves a method the parent still sends.
/// The proxy then answers the method's fallback, declared by selector; without one, UIKit's
/// documented default where it is not zero (`true` for its "should" questions, the proposed
/// index path for its "target" questions); otherwise zero (`0`, `false`, `nil`, a zeroed
/// structure):
///
/// ```swift
/// DelegateProxy.attach(
///   to: textField, delegate: \.delegate, handlers: [.view: self],
///   fallbacks: [
///     #selector(UITextFieldDelegate.textFieldShouldReturn(_:)): .value(true),
///     #selector(WKNavigationDelegate.webView(_:decidePolicyFor:decisionHandler:)
///       as (WKNavigationDelegate) -> ((WKWebView, WKNavigationAction,
///         @escaping @MainActor (WKNavigationActionPolicy) -> Void) -> Void)?):
///       .completion(argumentAt: 2) {
///         (handler: @convention(block) (WKNavigationActionPolicy) -> Void) in handler(.allow)
///       },
///   ])
/// ```
///
/// A method that takes a completion handler is never left with its block uncalled: the proxy
/// calls it with the default its SDK header states where Switchboard knows one (WebKit's
/// policies, `URLSession`'s challenges, notification presentation), and otherwise a method
/// answered by something that can go away is reported when it is routed
/// (``DelegateProxyError/Kind/completionMayGoUncalled``): declare its fallback with
/// ``completion(argumentAt:_:)``.
public struct DelegateFallback: @unchecked Sendable {
  // Unchecked: `value`'s payload and the completion closure are only used on the thread the
  // parent calls the proxy on, under the proxy's lock.

  enum Answer {
    case zero
    case value(Any)
    case argument(Int)
    case completion(Int, (Any) -> Void)
    /// A completion handler called with the default its SDK header states.
    case completionValues(Int, [CompletionValue])
  }

  let answer: Answer

  /// Gives this answer to a method that returns a value.
  func answer(_ invocation: some ForwardedInvocation) {
    switch answer {
    case .value(let value): invocation.answer(with: value)
    case .argument(let index): invocation.answerWithArgument(at: index)
    case .zero, .completion, .completionValues: invocation.answerZero()
    }
  }

  /// Gives this answer to a message no handler answered: calls the completion handler it
  /// declares, or else answers a method that returns a value.
  func apply(to invocation: some ForwardedInvocation) {
    if case .completion(let index, let call) = answer, index < invocation.arguments.count {
      call(invocation.arguments[index])
    } else if case .completionValues(let index, let values) = answer {
      invocation.callCompletion(argumentAt: index, with: values)
    } else if !invocation.returnsVoid {
      answer(invocation)
    }
  }

  /// Calls the completion handler at argument `index` with `values`, the default the SDK header
  /// states for a delegate that does not implement the method: what the presets declare.
  static func completion(argumentAt index: Int, calling values: CompletionValue...)
    -> DelegateFallback
  {
    DelegateFallback(answer: .completionValues(index, values))
  }

  /// Zero: `0`, `false`, `nil` or a zeroed structure; what the proxy answers by default.
  public static var zero: DelegateFallback { DelegateFallback(answer: .zero) }

  /// `value`: a number, a Boolean, an object, or a structure boxed as `NSValue`.
  ///
  /// ```swift
  /// let fallbacks: [Selector: DelegateFallback] = [
  ///   #selector(UITextFieldDelegate.textFieldShouldReturn(_:)): .value(true)
  /// ]
  /// ```
  public static func value(_ value: Any) -> DelegateFallback {
    DelegateFallback(answer: .value(value))
  }

  /// The argument at `index` among the method's arguments (0 for the first), unchanged: for a
  /// method whose default is "what was proposed", such as
  /// `collectionView(_:targetContentOffsetForProposedContentOffset:)` (index 1).
  public static func proposedArgument(at index: Int) -> DelegateFallback {
    DelegateFallback(answer: .argument(index))
  }

  /// Calls the completion handler at argument `index` with `call`, for a method whose handler
  /// is gone, so the parent is never left waiting for it.
  ///
  /// `Block` is the handler's block type, `@convention(block) (Parameter) -> Void`.
  public static func completion<Block>(
    argumentAt index: Int, _ call: @escaping (Block) -> Void
  ) -> DelegateFallback {
    DelegateFallback(
      answer: .completion(index) { argument in
        if let block = argument as? Block {
          call(block)
        } else {
          // A block reaches Swift boxed as an object; both are one pointer.
          call(uncheckedBlock(argument as AnyObject, as: Block.self))
        }
      })
  }
}
