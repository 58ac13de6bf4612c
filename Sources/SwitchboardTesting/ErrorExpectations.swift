import Testing

/// The error of type `type` that `body` throws, or `nil` after recording an issue when it throws
/// nothing or another error.
///
/// Use it where `#expect(throws:)` cannot go: its body is an `async` closure, which must not
/// capture a value that belongs to the current isolation domain, such as a `PrioritizedProxy`.
///
/// ```swift
/// let error = expectError(RoutingError<ChatMessage>.self) { try proxy.validate() }
/// #expect(error?.kind == .broadcastOfValueReturningMessage)
/// ```
@discardableResult
public func expectError<Failure: Error, Result>(
  _ type: Failure.Type, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  isolation: isolated (any Actor)? = #isolation,
  _ body: () throws -> Result
) -> Failure? {
  do {
    _ = try body()
  } catch let error as Failure {
    return error
  } catch {
    recordFailure(
      "Expected \(Failure.self), but \(Swift.type(of: error)) was thrown: \(error)",
      at: CallSite(fileID, filePath, line, column))
    return nil
  }
  recordFailure(
    "Expected \(Failure.self), but nothing was thrown.",
    at: CallSite(fileID, filePath, line, column))
  return nil
}
