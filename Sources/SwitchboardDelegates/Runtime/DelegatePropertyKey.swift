/// The key under which a parent keeps the proxy attached to one of its properties: the
/// property's Objective-C name where it has one, so that every Swift key path that names the
/// same Objective-C property finds the same proxy.
///
/// A subclass that redeclares a delegate property with a narrower type
/// (`UISheetPresentationController.delegate`, `UIPresentationController.delegate`) gives it a
/// second Swift key path; both name the Objective-C property `delegate`.
enum DelegatePropertyKey: Hashable {
  /// An Objective-C property, by name.
  case objectiveC(String)
  /// A Swift property without an Objective-C name, by key path.
  case swift(AnyKeyPath)

  /// The key of `keyPath`, whose Objective-C name (its key-value coding path) is
  /// `objectiveCName`, if it has one.
  init(_ keyPath: AnyKeyPath, objectiveCName: String?) {
    self = objectiveCName.map(Self.objectiveC) ?? .swift(keyPath)
  }

  /// The key of `keyPath`, named as the runtime names it: key-value coding paths exist for
  /// `@objc` properties on Apple platforms, never elsewhere.
  init(_ keyPath: AnyKeyPath) {
    self.init(keyPath, objectiveCName: keyPath._kvcKeyPathString)
  }
}

/// The Objective-C names a delegate property's protocol may have, from its Swift type.
///
/// A protocol keeps its Objective-C name in Swift (`UISearchBarDelegate`), loses Foundation's
/// `NS` prefix (`URLSessionDelegate` is `NSURLSessionDelegate`), or is nested under the type it
/// serves (`PKToolPicker.Delegate` is `PKToolPickerDelegate`). The SDK's other renames need the
/// protocol named in `attach`'s `adopting`.
enum ObjectiveCProtocolName {
  /// The names to try, most likely first, for the Swift type `delegateType`.
  static func candidates(for delegateType: Any.Type) -> [String] {
    candidates(reflecting: String(reflecting: delegateType))
  }

  /// The names to try for a type whose qualified Swift name is `qualifiedName`
  /// (`"Foundation.URLSessionDelegate"`, `"PencilKit.PKToolPicker.Delegate"`).
  static func candidates(reflecting qualifiedName: String) -> [String] {
    var name = qualifiedName
    if name.hasPrefix("any ") { name.removeFirst(4) }
    // The module comes first; the type's own path follows.
    let path = name.split(separator: ".").dropFirst()
    let joined = (path.isEmpty ? [Substring(name)] : Array(path)).joined()
    return [joined, "NS" + joined]
  }
}
