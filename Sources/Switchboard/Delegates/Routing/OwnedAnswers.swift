/// The closures an object keeps for the proxies it answers for, one per proxy and role.
///
/// What `RoutingProxy.answer(_:owner:role:at:isolation:with:)` ties to an owner's lifetime:
/// the owner keeps it as an associated object. The proxy holds each closure strongly and the
/// owner holds only its token, so a closure goes with whichever goes first: the owner (its
/// token, released, removes the closure) or the proxy (which lets go of its closures). Tokens
/// of proxies that are gone are dropped whenever the owner keeps another, or is counted.
package final class OwnedAnswers {
  private struct Key: Hashable {
    let routing: ObjectIdentifier
    let role: HandlerRole
  }
  private struct Entry {
    weak var routing: AnyObject?
    let token: ObservationToken
  }
  private var entries: [Key: Entry] = [:]

  package init() {}

  /// Keeps `token`, which replaces (and cancels) the one kept for the same routing and role:
  /// a closure given again in each SwiftUI update is kept once.
  package func keep(_ token: ObservationToken, for routing: AnyObject, role: HandlerRole) {
    dropTokensOfProxiesGone()
    let key = Key(routing: ObjectIdentifier(routing), role: role)
    let replaced = entries.updateValue(Entry(routing: routing, token: token), forKey: key)
    if let replaced, replaced.token !== token { replaced.token.cancel() }
  }

  /// How many closures it keeps for proxies that still exist.
  package var count: Int {
    dropTokensOfProxiesGone()
    return entries.count
  }

  /// Drops the tokens of proxies that are gone: an identifier of theirs may name a new proxy.
  private func dropTokensOfProxiesGone() {
    entries = entries.filter { $0.value.routing != nil }
  }
}
