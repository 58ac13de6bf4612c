/// ProxyDispatch and the rows measured with it.
func evaluateProxyDispatch(_ report: inout Report) throws {
  // ProxyDispatch: cached dispatch against hand-written glue, held the same way.
  let dispatch = "ProxyDispatch/"
  let weakGlue = try report.time(dispatch + "weak glue")
  let weakProxy = try report.time(dispatch + "weak ListProxy")
  let strongGlue = try report.time(dispatch + "strong glue")
  let strongVarGlue = try report.time(dispatch + "strong var glue")
  let strongProxy = try report.time(dispatch + "strong ListProxy")
  let proxy64 = try report.time(dispatch + "ListProxy 64 handlers")
  let seed2 = try report.time(dispatch + "seed scan 2 handlers")
  let seed64 = try report.time(dispatch + "seed scan 64 handlers")
  let generic = try report.time(dispatch + "generic PrioritizedProxy send")
  report.ratio(
    "ProxyDispatch", "weak: ListProxy / weak glue", weakProxy / weakGlue, .atMost(1.1),
    detail: "\(perCall(weakProxy)) vs \(perCall(weakGlue))")
  report.ratio(
    "ProxyDispatch", "strong: ListProxy / let glue", strongProxy / strongGlue, .atMost(1.5),
    detail: "\(perCall(strongProxy)) vs \(perCall(strongGlue))")
  report.ratio(
    "ProxyDispatch", "strong: ListProxy / var glue", strongProxy / strongVarGlue, .none,
    detail: "\(perCall(strongProxy)) vs \(perCall(strongVarGlue))")
  report.ratio(
    "ProxyDispatch", "64 handlers / 2 handlers", proxy64 / weakProxy, .atMost(1.1),
    detail: "\(perCall(proxy64)) vs \(perCall(weakProxy))")
  report.ratio(
    "ProxyDispatch", "seed's scan / ListProxy, 2 handlers", seed2 / weakProxy, .atLeast(3),
    detail: "\(perCall(seed2)) vs \(perCall(weakProxy))")
  report.ratio(
    "ProxyDispatch", "seed's scan / ListProxy, 64 handlers", seed64 / proxy64, .atLeast(30),
    detail: "\(perCall(seed64)) vs \(perCall(proxy64))")
  let genericStrong = try report.time(dispatch + "generic send strong")
  let broadcast8 = try report.time(dispatch + "broadcast 8 handlers")
  let broadcastGlue8 = try report.time(dispatch + "broadcast glue 8 handlers")
  report.ratio(
    "ProxyDispatch", "generic send, weak / weak glue", generic / weakGlue, .atMost(1.5),
    detail: "\(perCall(generic)) vs \(perCall(weakGlue))")
  report.ratio(
    "ProxyDispatch", "generic send, strong / let glue", genericStrong / strongGlue, .atMost(1.5),
    detail: "\(perCall(genericStrong)) vs \(perCall(strongGlue))")
  report.ratio(
    "ProxyDispatch", "broadcast to 8 / glue loop over 8", broadcast8 / broadcastGlue8,
    .atMost(1.5), detail: "\(perCall(broadcast8)) vs \(perCall(broadcastGlue8)) per broadcast")
  // Observation: a notification sent as an observable event, against the plain message.
  try report.perCallRatio(
    "ProxyDispatch", "event, no observer / plain notify", dispatch + "notify event no observer",
    over: dispatch + "notify plain", .atMost(1.05))
  try report.perCallRatio(
    "ProxyDispatch", "event, 1 closure observer / plain", dispatch + "notify event 1 observer",
    over: dispatch + "notify plain", .atMost(2))
  // A rule that combines answers: two implementers asked, against one.
  try report.perCallRatio(
    "ProxyDispatch", "all must allow, 2 implementers / 1", dispatch + "answer all must allow 2",
    over: dispatch + "answer one implementer", .atMost(2.5))
  try report.noAllocations(
    "ProxyDispatch", "allocations per combined answer", in: [dispatch + "answer all must allow 2"],
    calls: "combined answers")
  try report.noAllocations(
    "ProxyDispatch", "allocations per observed notification",
    in: [dispatch + "notify event 1 observer"], calls: "observed notifications")

  // The UIKit proxies' path (the public two-capability send and broadcast they make, measured
  // here with ListView types): a message whose capability names the host, against glue calling
  // the same handler.
  try report.perCallRatio(
    "ProxyDispatch", "UIKit path: heightForRow / weak glue", dispatch + "heights UIKit path",
    over: dispatch + "heights glue", .atMost(1.5))
  try report.perCallRatio(
    "ProxyDispatch", "UIKit path: willDisplay / weak glue", dispatch + "displays UIKit path",
    over: dispatch + "displays glue", .atMost(1.5))
  try report.noAllocations(
    "ProxyDispatch", "allocations per UIKit-path message",
    in: [dispatch + "heights UIKit path", dispatch + "displays UIKit path"],
    calls: "messages")
  // A selector no proxy class implements, as the runtime's questions reach the one selector
  // router (through DelegateProxy's lock; the list proxies call it without): the forwarding
  // target of a selector one handler implements, and the safety net's answer for one whose
  // handler is gone (the Objective-C half, building an NSInvocation, cannot run here). Reported
  // against glue's call.
  try report.perCallRatio(
    "ProxyDispatch", "delegate proxy: forwarding target / weak glue",
    dispatch + "delegate proxy forwarding target", over: dispatch + "heights glue", .atMost(2))
  try report.perCallRatio(
    "ProxyDispatch", "delegate proxy: safety net (Swift half) / weak glue",
    dispatch + "delegate proxy safety net", over: dispatch + "heights glue", .atMost(3))
  try report.noAllocations(
    "ProxyDispatch", "allocations per delegate-proxy forwarding or safety-net message",
    in: [dispatch + "delegate proxy forwarding target", dispatch + "delegate proxy safety net"],
    calls: "messages")
  // A closure handler (DelegateProxy.answer) against a handler object's method, both reached
  // through forwardInvocation:'s Swift half with four boxed arguments: the closure's arguments
  // are unboxed to its types and its answer boxed back.
  try report.perCallRatio(
    "ProxyDispatch", "delegate proxy: closure answer / method answer (Swift half)",
    dispatch + "delegate proxy closure handler forwarded",
    over: dispatch + "delegate proxy method handler forwarded", .atMost(3))
  try report.noAllocations(
    "ProxyDispatch", "allocations per closure answer of four arguments",
    in: [
      dispatch + "delegate proxy closure handler forwarded",
      dispatch + "delegate proxy method handler forwarded",
    ],
    calls: "messages")
  // The same two on the direct path (a proxy's own method for the message's shape, no
  // NSInvocation): the closure reads its arguments where the runtime put them and stores its
  // answer in place.
  try report.perCallRatio(
    "ProxyDispatch", "delegate proxy: closure answer / method answer, direct path (Swift half)",
    dispatch + "delegate proxy closure handler direct",
    over: dispatch + "delegate proxy method handler direct", .atMost(1.5))
  try report.noAllocations(
    "ProxyDispatch", "allocations per direct-path answer of four arguments",
    in: [
      dispatch + "delegate proxy closure handler direct",
      dispatch + "delegate proxy method handler direct",
    ],
    calls: "messages")

  // The broadcast iterations allocate once each in the harness (the glue loop does too), so the
  // count that matters is what the proxy adds to its baseline.
  let broadcastMallocs =
    try report.allocations(dispatch + "broadcast 8 handlers")
    - report.allocations(dispatch + "broadcast glue 8 handlers")
  let genericMallocs = try max(
    report.allocations(dispatch + "generic PrioritizedProxy send"),
    report.allocations(dispatch + "generic send strong"))
  let added = max(broadcastMallocs, genericMallocs)
  report.check(
    "ProxyDispatch", "allocations per generic send/broadcast", passed: added <= 0,
    value: format(max(0, added) / 10_000), rule: "target 0",
    detail: "mallocs the 99th-percentile iteration of 10,000 calls adds to its glue baseline: "
      + format(added)
  )
  try report.noAllocations(
    "ProxyDispatch", "heap allocations per dispatch",
    in: ["weak ListProxy", "strong ListProxy", "ListProxy 64 handlers"].map { dispatch + $0 },
    calls: "dispatches")

}
