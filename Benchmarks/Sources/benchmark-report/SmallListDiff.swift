/// Small lists against DifferenceKit, measured only with a DifferenceKit checkout.
///
/// SWITCHBOARD_DIFFERENCEKIT names it. Issue 70 sets the target by the median too, so that a
/// noisy run stays under half: each row checks both the fastest iterations' ratio and the
/// medians'.
func evaluateSmallListDiff(_ report: inout Report) throws {
  for shape in [
    "1x50 DifferenceKit shape", "1x50 scattered moves", "1x50 changed contents",
    "5x10 section moved",
  ] {
    let ours = "SmallListDiff/small diff \(shape) Switchboard"
    let theirs = "SmallListDiff/small diff \(shape) DifferenceKit"
    guard let ourTimes = report.results[ours], let theirTimes = report.results[theirs],
      let ourFastest = ourTimes.fastest[wallClock],
      let theirFastest = theirTimes.fastest[wallClock],
      let ourMedian = ourTimes.median[wallClock], let theirMedian = theirTimes.median[wallClock]
    else { throw ReportError.missing(ours, metric: wallClock) }
    let fastest = ourFastest / theirFastest
    let median = ourMedian / theirMedian
    report.check(
      "SmallListDiff", "small diff \(shape)",
      passed: fastest <= 0.4 && median <= 0.4,
      value: "\(format(fastest))x", rule: "target ≤ 0.40x p0, p50",
      detail: "ListUpdate / StagedChangeset, by median \(format(median))x; "
        + "\(format(ourFastest / 900)) ns vs \(format(theirFastest / 900)) ns a diff")
  }
}
