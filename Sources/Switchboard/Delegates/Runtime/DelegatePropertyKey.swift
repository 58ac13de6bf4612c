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
  /// A delegate the parent sets with a method and has no property for (`CXProvider`'s
  /// `setDelegate(_:queue:)`), by the delegate's type.
  case setter(ObjectIdentifier)

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
