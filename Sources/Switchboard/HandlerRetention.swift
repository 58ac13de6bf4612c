/// How a ``PrioritizedProxy`` holds on to a handler.
///
/// Delegates are conventionally held weakly, so that a view controller that owns the proxy can be
/// one of its handlers without forming a retain cycle. Hold a handler strongly when nothing else
/// owns it (a small helper object created just for the proxy):
///
/// ```swift
/// proxy.add(viewController)                           // weak, the default
/// proxy.add(LoggingHandler(), retention: .strong)     // kept alive by the proxy
/// ```
public enum HandlerRetention: Hashable, Sendable, CustomStringConvertible {
  /// The proxy does not keep the handler alive. When the last outside reference goes, the handler
  /// drops out of the proxy and its messages route to the next implementer.
  case weak
  /// The proxy keeps the handler alive until it is removed or the proxy is released.
  case strong

  /// `"weak"` or `"strong"`.
  public var description: String {
    switch self {
    case .weak: "weak"
    case .strong: "strong"
    }
  }
}
