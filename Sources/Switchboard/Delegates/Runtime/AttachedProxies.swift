/// The proxies attached to one parent, by delegate property; the parent owns them (an
/// associated object on Apple platforms).
///
/// Most parents have one proxy, kept in the registry itself (a ``ShortTable`` keeps its first
/// entry in place): a list whose rows each attach a proxy would otherwise give each row's
/// parent a table for it.
///
/// ```swift
/// final class Proxy {}
/// let attached = AttachedProxies<Proxy>()
/// attached[.objectiveC("delegate")] = Proxy()
/// ```
final class AttachedProxies<Proxy: AnyObject> {
  private var proxies = ShortTable<DelegatePropertyKey, Proxy>()
  /// Proxies given to a parent at its initialization, kept as long as this object's owner.
  var owned: [Proxy] = []

  /// The proxy attached to the property `key` names; setting `nil` lets it go.
  subscript(key: DelegatePropertyKey) -> Proxy? {
    get { proxies[key] }
    set { proxies[key] = newValue }
  }
}
