/// RouteRebuild.
func evaluateRouteRebuild(_ report: inout Report) throws {
  // RouteRebuild: 100 handler changes per iteration, 18 messages.
  let sizes = [2, 64, 256, 1024]
  let rebuilds = try sizes.map { try report.time("RouteRebuild/rebuild \($0) handlers") }
  let pairCosts = zip(sizes, rebuilds).map { size, nanos in nanos / 100 / Double(18 * size) }
  /// Marginal cost per added message × handler pair between sizes[i] and sizes[i + 1].
  func marginal(_ totals: [Double], _ i: Int) -> Double {
    (totals[i + 1] - totals[i]) / 100 / Double(18 * (sizes[i + 1] - sizes[i]))
  }
  let lower = marginal(rebuilds, 1)
  let upper = marginal(rebuilds, 2)
  report.check(
    "RouteRebuild", "marginal cost per message × handler", passed: upper > 0 && upper <= 50,
    value: "\(format(upper)) ns", rule: "target ≤ 50 ns", detail: "between 256 and 1024 handlers")
  // Linear: the marginal cost does not grow with the handlers. A negative marginal cost is noise,
  // not evidence, and fails.
  report.ratio(
    "RouteRebuild", "marginal cost 256→1024 / 64→256", lower > 0 ? upper / lower : -1,
    .between(0, 1.25),
    detail: "per message × handler: "
      + zip(sizes, pairCosts).map { "\($0): \(format($1)) ns" }.joined(separator: ", ")
      + "; marginal \(format(lower)) → \(format(upper)) ns")

  // The same with a broadcast rule reaching every handler: it must stay linear too.
  let broadcasts = try sizes.map {
    try report.time("RouteRebuild/rebuild \($0) handlers broadcast")
  }
  let broadcastLower = marginal(broadcasts, 1)
  let broadcastUpper = marginal(broadcasts, 2)
  report.ratio(
    "RouteRebuild", "broadcast: marginal 256→1024 / 64→256",
    broadcastLower > 0 ? broadcastUpper / broadcastLower : -1, .between(0, 1.25),
    detail: "marginal \(format(broadcastLower)) → \(format(broadcastUpper)) ns per pair")
  report.ratio(
    "RouteRebuild", "broadcast / default rule, 1024 handlers", broadcasts[3] / rebuilds[3], .none,
    detail:
      "\(format(broadcasts[3] / 100 / 1000)) µs vs \(format(rebuilds[3] / 100 / 1000)) µs per rebuild"
  )

  let growDefault = try report.time("RouteRebuild/add 1000 handlers one by one")
  let growBroadcast = try report.time("RouteRebuild/add 1000 handlers one by one broadcast")
  report.ratio(
    "RouteRebuild", "1,000 adds one by one: broadcast / default", growBroadcast / growDefault,
    .atMost(1.2), detail: "\(format(growBroadcast / 1e6)) ms vs \(format(growDefault / 1e6)) ms")

}
