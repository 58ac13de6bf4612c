import Testing

/// Expects the object that `scope` creates to be released once `scope` returns, and records an
/// issue otherwise.
///
/// Create the object inside `scope`, hand it to whatever should not keep it alive, and return
/// it. Only `scope` holds it then; when `scope` ends, nothing else should:
///
/// ```swift
/// let proxy = PrioritizedProxy<ListMessage>()
/// expectReleased {
///   let screen = Screen()
///   proxy.add(screen)      // held weakly: must not keep it alive
///   return screen
/// }
/// ```
///
/// - Returns: Whether the object was released.
@discardableResult
public func expectReleased<Object: AnyObject>(
  _ comment: String? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ scope: () throws -> Object
) rethrows -> Bool {
  weak var weakObject: Object?
  var typeName = ""
  do {
    let object = try scope()
    typeName = String(describing: type(of: object))
    weakObject = object
  }
  guard weakObject == nil else {
    let prefix = comment.map { "\($0): " } ?? ""
    let reason =
      "is still alive after its last outside reference went away; something holds a strong "
      + "reference to it (a retain cycle or a strong handler)."
    recordFailure("\(prefix)\(typeName) \(reason)", at: CallSite(fileID, filePath, line, column))
    return false
  }
  return true
}
