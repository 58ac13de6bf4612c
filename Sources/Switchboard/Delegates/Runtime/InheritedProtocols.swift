/// Which property of a view receives each protocol its proxy declares, inherited ones included.
///
/// A view's protocols inherit others (`NSTableViewDelegate` inherits
/// `NSControlTextEditingDelegate`): a proxy declares those too, received by the property of the
/// protocol that inherits them, so a closure for `controlTextDidEndEditing:` is accepted and a
/// changed answer for it re-assigns the delegate, not the data source. A root's own methods are
/// never claimed by another root's inherited protocol; `NSObject`'s are nobody's.
///
/// ```swift
/// protocolsWithInherited([("NSTableViewDataSource", "dataSource"), ("NSTableViewDelegate", "delegate")],
///   inherited: { $0 == "NSTableViewDelegate" ? ["NSControlTextEditingDelegate"] : [] }, name: { $0 })
/// // the two roots, then ("NSControlTextEditingDelegate", "delegate")
/// ```
package func protocolsWithInherited<Proto>(
  _ roots: [(Proto, property: String)], inherited: (Proto) -> [Proto], name: (Proto) -> String
) -> [(Proto, property: String)] {
  var seen: Set<String> = ["NSObject"]
  var declared: [(Proto, property: String)] = []
  for (root, property) in roots where seen.insert(name(root)).inserted {
    declared.append((root, property))
  }
  for (root, property) in roots {
    var pending = inherited(root)
    while let proto = pending.popLast() {
      guard seen.insert(name(proto)).inserted else { continue }
      declared.append((proto, property))
      pending += inherited(proto)
    }
  }
  return declared
}
