/// HeadlessScroll.
func evaluateHeadlessScroll(_ report: inout Report) throws {
  // HeadlessScroll: a million rows, reload and scroll to the bottom.
  let scrollGlue = try report.time("HeadlessScroll/scroll 1M rows glue")
  let scrollProxy = try report.time("HeadlessScroll/scroll 1M rows ListProxy")
  report.ratio(
    "HeadlessScroll", "1M rows: ListProxy / glue", scrollProxy / scrollGlue, .atMost(1.3),
    detail: "\(format(scrollProxy / 1e6)) ms vs \(format(scrollGlue / 1e6)) ms per scroll")
  let scrollPublic = try report.time("HeadlessScroll/scroll 1M rows public-API host")
  report.ratio(
    "HeadlessScroll", "1M rows: public-API host / ListView", scrollPublic / scrollProxy,
    .atMost(1.1),
    detail: "\(format(scrollPublic / 1e6)) ms vs \(format(scrollProxy / 1e6)) ms per scroll")
  let memory1M = try report.maximum("HeadlessScroll/scroll 1M rows ListProxy", peakMemory)
  let memory100k = try report.maximum("HeadlessScroll/scroll 100k rows ListProxy", peakMemory)
  report.ratio(
    "HeadlessScroll", "peak memory: 1M rows / 100k rows", memory1M / memory100k, .atMost(1.1),
    detail: "\(format(memory1M / 1_048_576)) MiB vs \(format(memory100k / 1_048_576)) MiB resident")

}
