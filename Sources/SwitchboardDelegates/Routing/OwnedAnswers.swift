import Switchboard

/// The closures an object keeps for the proxies it answers for, one per proxy and role.
///
/// What `RoutingProxy.answer(_:owner:role:at:isolation:with:)` ties to an owner's lifetime:
/// the owner keeps it as an associated object; the proxies hold the closures weakly.
package final class OwnedAnswers {
  private struct Key: Hashable {
    let routing: ObjectIdentifier
    let role: HandlerRole
  }
  private var tokens: [Key: ObservationToken] = [:]

  package init() {}

  /// Keeps `token`, which replaces (and cancels) the one kept for the same routing and role:
  /// a closure given again in each SwiftUI update is kept once.
  package func keep(_ token: ObservationToken, for routing: AnyObject, role: HandlerRole) {
    let key = Key(routing: ObjectIdentifier(routing), role: role)
    let replaced = tokens.updateValue(token, forKey: key)
    if replaced !== token { replaced?.cancel() }
  }

  /// How many closures it keeps.
  package var count: Int { tokens.count }
}
