/// ModelUpdate.
func evaluateModelUpdate(_ report: inout Report) throws {
  // ModelUpdate: the diff on six workloads, against the diff of round 1 (frozen) and Swift's.
  // DifferenceKit's own benchmark shape (contiguous blocks, moves only at the front) is
  // reported; the targets were set on the other four.
  let workloads: [(String, Report.Bound)] = [
    ("scattered 100k", .atLeast(15)), ("scattered changed 100k", .atLeast(15)),
    ("blocks and scattered moves 5k", .atLeast(15)),
    ("blocks and scattered moves 100k", .atLeast(15)),
    ("DifferenceKit shape 5k", .none), ("DifferenceKit shape 100k", .none),
  ]
  for (workload, target) in workloads {
    let diff = try report.time("ModelUpdate/diff \(workload)")
    let frozen = try report.time("ModelUpdate/frozen diff \(workload)")
    report.ratio(
      "ModelUpdate", "speed-up over round 1, \(workload)", frozen / diff, target,
      detail: "\(format(diff / 1e6)) ms vs \(format(frozen / 1e6)) ms")
  }
  let ours = try report.time("ModelUpdate/diff scattered 100k")
  let swiftDiff = try report.time("ModelUpdate/CollectionDifference")
  report.ratio(
    "ModelUpdate", "difference(from:) / diff, 100k", swiftDiff / ours, .none,
    detail: "\(format(ours / 1e6)) ms vs \(format(swiftDiff / 1e6)) ms")
  // Allocations must not grow with the items: 20 times the items, (nearly) the same count. The
  // counts include the harness's own few (under valgrind a diff makes exactly the same number of
  // malloc calls at 5,000 and 100,000 items: 33).
  let small = try report.median("ModelUpdate/diff blocks and scattered moves 5k", mallocs)
  let large = try report.median("ModelUpdate/diff blocks and scattered moves 100k", mallocs)
  report.ratio(
    "ModelUpdate", "allocations per diff, 100k / 5k items", large / small, .atMost(1.2),
    detail: "5k items: \(format(small)), 100k items: \(format(large)); "
      + "round 1 at 100k: \(format(try report.median("ModelUpdate/frozen diff blocks and scattered moves 100k", mallocs)))"
  )
  let withDiff = try report.maximum("ModelUpdate/peak memory diff scattered 100k", peakMemory)
  let withoutDiff = try report.maximum("ModelUpdate/peak memory no diff scattered 100k", peakMemory)
  let growth = (withDiff - withoutDiff) / 1_048_576
  report.check(
    "ModelUpdate", "peak memory growth of a 100k diff", passed: growth <= 20,
    value: "\(format(growth)) MiB", rule: "target ≤ 20 MiB",
    detail: "\(format(withDiff / 1_048_576)) MiB vs \(format(withoutDiff / 1_048_576)) MiB resident"
  )

  // Snapshots: applying costs the diff and little more; more hosts do not diff again.
  let snapshotDiff = try report.time("ModelUpdate/snapshot diff 100k 1%")
  let applyOne = try report.time("ModelUpdate/snapshot apply 100k 1% one host")
  let applyFour = try report.time("ModelUpdate/snapshot apply 100k 1% four hosts")
  report.ratio(
    "ModelUpdate", "snapshot apply 100k 1%, one host / diff alone", applyOne / snapshotDiff,
    .atMost(1.2),
    detail: "\(format(applyOne / 1e6)) ms vs \(format(snapshotDiff / 1e6)) ms")
  report.ratio(
    "ModelUpdate", "snapshot apply 100k 1%, four hosts / one host", applyFour / applyOne,
    .atMost(1.3),
    detail: "\(format(applyFour / 1e6)) ms vs \(format(applyOne / 1e6)) ms: one diff, four batches")
  let floorDiff = try report.time("ModelUpdate/snapshot diff 100k 10%")
  let hashPass = try report.time("ModelUpdate/hash-table pass 100k")
  report.ratio(
    "ModelUpdate", "diff 100k 10% / one hash-table pass", floorDiff / hashPass, .atMost(2.5),
    detail: "\(format(floorDiff / 1e6)) ms vs \(format(hashPass / 1e6)) ms")

  // Snapshot edits cost what the same edit costs on a plain array found by firstIndex(of:).
  for (edit, baseline) in [
    ("insert after item 100k", "array insert after item 100k"),
    ("move item 100k", "array move item 100k"),
    ("delete item 100k", "array delete item 100k"),
    ("reconfigure item 100k", "array find item 100k"),
    ("build 100k by insert after", "array build 100k by insert after"),
  ] {
    let snapshot = try report.time("ModelUpdate/snapshot \(edit)")
    let array = try report.time("ModelUpdate/\(baseline)")
    report.ratio(
      "ModelUpdate", "snapshot \(edit) / \(baseline)", snapshot / array, .atMost(1.5),
      detail: "\(format(snapshot / 1e3)) µs vs \(format(array / 1e3)) µs")
  }
  // Reads and edits by identifier take about the same time in a section of 100,000 items as in
  // one of 10,000 (as UIKit's hashed snapshot does), at most 1 µs an item edited: each row
  // edits 2,000 items (1,000 edits, each undone).
  for edit in [
    "2000 finds", "2000 inserts after and deletes", "2000 moves", "2000 deletes and inserts before",
  ] {
    let large = try report.time("ModelUpdate/snapshot \(edit) 100k")
    let small = try report.time("ModelUpdate/snapshot \(edit) 10k")
    report.ratio(
      "ModelUpdate", "snapshot \(edit), 100k / 10k", large / small, .atMost(1.5),
      detail: "\(format(large / 2_000)) ns vs \(format(small / 2_000)) ns an item")
    report.check(
      "ModelUpdate", "snapshot \(edit) 100k, one item", passed: large / 2_000 <= 1_000,
      value: "\(format(large / 2_000)) ns", rule: "target ≤ 1 µs",
      detail: "\(format(large / 1e3)) µs for 2,000 items")
  }
  // Edits at random items on a copy of a snapshot, its first write included: at 100,000 items
  // each costs at most twice what it costs at 10,000 (a hashed snapshot's cost does not grow
  // with the list), and a reconfigure costs no more than a delete.
  for kind in [
    "moves after item", "inserts after item", "inserts before item", "deletes", "reconfigures",
    "index paths of items", "items at rows",
  ] {
    let name = "ModelUpdate/snapshot copy and 2000 random \(kind)"
    let small = try report.time("\(name) 10k")
    for size in ["50k", "100k"] {
      let large = try report.time("\(name) \(size)")
      report.ratio(
        "ModelUpdate", "random \(kind), \(size) / 10k", large / small, .atMost(2),
        detail: "\(format(large / 2_000)) ns vs \(format(small / 2_000)) ns an edit")
    }
  }
  let reconfigures = try report.time(
    "ModelUpdate/snapshot copy and 2000 random reconfigures 100k")
  let deletes = try report.time("ModelUpdate/snapshot copy and 2000 random deletes 100k")
  report.ratio(
    "ModelUpdate", "random reconfigures / deletes, 100k", reconfigures / deletes, .atMost(1),
    detail: "\(format(reconfigures / 2_000)) ns vs \(format(deletes / 2_000)) ns an edit")
  let anchoredBuild = try report.time("ModelUpdate/snapshot build 100k by insert after")
  let appendedBuild = try report.time("ModelUpdate/snapshot build 100k by append")
  report.ratio(
    "ModelUpdate", "snapshot build 100k, each item inserted after the last / appended",
    anchoredBuild / appendedBuild, .atMost(1.5),
    detail: "\(format(anchoredBuild / 1e6)) ms vs \(format(appendedBuild / 1e6)) ms")
}
