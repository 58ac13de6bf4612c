extension DelegateProxyError {
  /// The list layer's error, for a problem a list host or data source raised while a table or
  /// collection view proxy was serving its view (``DelegateProxyError/Kind/listProblem``).
  ///
  /// ```swift
  /// proxy.onError = { error in
  ///   if case .cellTypeMismatch? = error.listViewError { assertionFailure("\(error)") }
  /// }
  /// ```
  public var listViewError: ListViewError? { hostError as? ListViewError }
}
