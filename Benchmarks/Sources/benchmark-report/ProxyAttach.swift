// ProxyAttach: what a delegate proxy costs to attach and to keep (its Swift half; the
// Objective-C half is Benchmarks/objc-attach-cost.sh's, on the GNU runtime).

/// The proxy counts ProxyAttach measures, and how rows spell them.
let attachCounts = [1_000, 10_000]
let attachCountNames = [1_000: "1,000", 10_000: "10,000"]

/// Bytes per live object, as ProxyAttach's memory benchmarks record them (the Influx export
/// drops the spaces of a metric's name).
let heapPerObject = "heapbytesperobject"
let residentPerObject = "residentbytesperobject"
let heapPerAskedObject = "heapbytesperobjectaskedabouteverymethod"

/// ProxyAttach.
func evaluateProxyAttach(_ report: inout Report) throws {
  let target = "ProxyAttach"
  var perProxy: [Int: Double] = [:]
  var perDelegate: [Int: Double] = [:]
  for count in attachCounts {
    perProxy[count] = try report.time("\(target)/attach cycle \(count) proxies") / Double(count)
    perDelegate[count] =
      try report.time("\(target)/hand-written cycle \(count) delegates") / Double(count)
  }
  // Attach, first message and detach of a proxy over two handlers, against allocating a
  // hand-written delegate, assigning it, sending it the message and unassigning it.
  for count in attachCounts {
    let proxy = perProxy[count] ?? 0
    let glue = perDelegate[count] ?? 0
    report.ratio(
      target, "attach / hand-written, \(attachCountNames[count] ?? "")", proxy / glue,
      .atMost(20),
      detail: "\(format(proxy / 1_000)) µs vs \(format(glue)) ns per object")
  }
  // Linear in the number of proxies: the cost of one at 10,000 against one at 1,000.
  let proxyGrowth = (perProxy[10_000] ?? 0) / (perProxy[1_000] ?? 1)
  let glueGrowth = (perDelegate[10_000] ?? 0) / (perDelegate[1_000] ?? 1)
  report.ratio(
    target, "attach per proxy, 10,000 / 1,000", proxyGrowth, .atMost(1.5),
    detail: "a hand-written delegate's: \(format(glueGrowth))x")

  // Memory per live proxy: what malloc hands out for 10,000 proxies (attached, asked, first
  // message sent, the turn over), beyond the same parents and handlers without them.
  let name10k = "\(target)/memory 10000 proxies"
  let heap10k = try report.median(name10k, heapPerObject)
  let heap1k = try report.median("\(target)/memory 1000 proxies", heapPerObject)
  let glueHeap = try report.median("\(target)/memory 10000 hand-written delegates", heapPerObject)
  let resident = try report.median(name10k, residentPerObject)
  report.check(
    target, "heap per live proxy, 10,000", passed: heap10k <= 2_048,
    value: "\(format(heap10k)) B", rule: "target ≤ 2 KiB",
    detail: "hand-written delegate \(format(glueHeap)) B; resident-set growth \(format(resident)) B"
  )
  report.ratio(
    target, "heap per proxy, 10,000 / 1,000", heap10k / heap1k, .atMost(1.1),
    detail: "\(format(heap10k)) B vs \(format(heap1k)) B")
  let asked = try report.median(name10k, heapPerAskedObject)
  report.row(
    target, "heap per proxy asked all 13 methods", true, "\(format(asked)) B", "reported",
    "info", "a parent that caches its delegate's answers asks when given one")
}
