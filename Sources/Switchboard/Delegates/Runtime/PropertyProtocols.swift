/// What a proxy adopts to be the delegate of a property, read from the property's type.
///
/// `attach` adopts exactly the protocols the property's existential type names: both of
/// `(any UIImagePickerControllerDelegate & UINavigationControllerDelegate)?`, an app's own
/// `@objc` protocol whatever its Objective-C name. A type that names something no proxy can be
/// (a Swift protocol without an Objective-C counterpart, a class) is refused with a
/// ``DelegateProxyError/Kind/propertyCannotBeServed`` error, never a trap.
package enum PropertyProtocols {
  /// The protocols a proxy adopts to serve a property typed `delegateType`, each turned into the
  /// runtime's protocol by `resolve` (`nil` for one no proxy can adopt), or the error saying
  /// why it cannot serve it.
  ///
  /// ```swift
  /// let adopted = try PropertyProtocols.toAdopt(for: (any A & B).self) { reference in
  ///   if case .swift(let name) = reference { name } else { nil }
  /// }.get()  // ["A", "B"]
  /// ```
  package static func toAdopt<Adopted>(
    for delegateType: Any.Type, resolve: (ExistentialProtocol) -> Adopted?
  ) -> Result<[Adopted], DelegateProxyError> {
    guard let references = existentialProtocols(of: delegateType) else {
      return .failure(
        cannotServe(
          delegateType,
          "a proxy is no \(delegateType), which is not a protocol. Fix: type the property with "
            + "its delegate protocol, or make the delegate an object of that class."))
    }
    var adopted: [Adopted] = []
    var swiftOnly: [String] = []
    for reference in references {
      if let found = resolve(reference) {
        adopted.append(found)
      } else if case .swift(let name) = reference {
        swiftOnly.append(name)
      }
    }
    guard swiftOnly.isEmpty else {
      let names = swiftOnly.joined(separator: ", ")
      return .failure(
        cannotServe(
          delegateType,
          "\(names) is a Swift protocol without an Objective-C counterpart, which no proxy "
            + "can adopt at run time. Fix: declare your own protocol @objc; for an SDK property "
            + "whose Objective-C protocol Swift renamed, attach to its `__` twin "
            + "(delegate: \\.__delegate); otherwise no proxy can serve it: implement the "
            + "delegate in a class of your own."))
    }
    return .success(adopted)
  }

  /// Adopts, with `adopt`, each protocol of a property typed `delegateType` that `resolve`
  /// finds; `false`, with the reason reported to `routing`, when a proxy cannot serve it: the
  /// proxy must then not be attached.
  package static func adopt<Adopted>(
    for delegateType: Any.Type, resolve: (ExistentialProtocol) -> Adopted?,
    reportingTo routing: DelegateRouting<Never>, _ adopt: (Adopted) -> Void
  ) -> Bool {
    switch toAdopt(for: delegateType, resolve: resolve) {
    case .success(let protocols):
      protocols.forEach(adopt)
      return true
    case .failure(let error):
      routing.report(error)
      return false
    }
  }

  /// The error for a property typed `delegateType` that a proxy cannot serve, for `reason`.
  package static func cannotServe(_ delegateType: Any.Type, _ reason: String)
    -> DelegateProxyError
  {
    DelegateProxyError(.propertyCannotBeServed(type: "\(delegateType)", reason: reason))
  }
}
