import Foundation

/// Where a routing's work after the turn runs, and the checks its attach leaves there.
///
/// `schedule` runs work once the current turn is over: ``afterThisTurn(_:)``, or the main queue
/// for a parent of the main thread (``ParentThread``). A queue whose turn is the same whichever
/// thread adds to it (`gathersChecks`: the main queue's) gathers the checks: the first check of
/// a turn schedules one job, which runs, in order, every check added before it starts. A screen
/// that attaches a proxy to each of its rows in one turn schedules one job, not one per row
/// (`ProxyAttach`). Any other queue schedules each check as a job of its own.
///
/// ```swift
/// let main = TurnQueue(
///   gathersChecks: { true }, schedule: { DispatchQueue.main.async(execute: $0) })
/// main.schedule { print("after this turn") }
/// ```
///
/// `@unchecked Sendable`: the checks waiting are read and written under `lock` only, and
/// `schedule` is called from whichever thread adds work, as a routing called its own before; the
/// queues every routing shares schedule through `Sendable` functions.
final class TurnQueue: @unchecked Sendable {
  /// Runs work after the current turn.
  let schedule: (@escaping @Sendable () -> Void) -> Void
  /// Whether a check added now may wait for the job already scheduled: whether that job runs
  /// after the turn now ending, whichever thread asks.
  private let gathersChecks: @Sendable () -> Bool
  private let lock = NSLock()
  /// The checks added since their job was scheduled.
  private var waiting: [AfterTurnCheck] = []

  init(
    gathersChecks: @escaping @Sendable () -> Bool = { false },
    schedule: @escaping (@escaping @Sendable () -> Void) -> Void
  ) {
    self.gathersChecks = gathersChecks
    self.schedule = schedule
  }

  /// The main queue, every thread's: a parent of the main thread is re-asked there.
  static let mainQueue = TurnQueue(
    gathersChecks: { true }, schedule: { DispatchQueue.main.async(execute: $0) })

  /// After the calling thread's turn (``afterThisTurn(_:)``): checks are gathered on the main
  /// queue, whose turn every caller there shares.
  static let callingThread = TurnQueue(gathersChecks: isOnMainQueue, schedule: afterThisTurn)

  /// Runs `check` after this turn.
  func check(_ check: AfterTurnCheck) {
    guard gathersChecks() else { return schedule { check.run() } }
    let isFirst = lock.withLock {
      waiting.append(check)
      return waiting.count == 1
    }
    // Outside the lock, as everything the engine calls out to.
    if isFirst { schedule { self.runWaitingChecks() } }
  }

  /// Runs the checks waiting.
  ///
  /// One that a check's report adds waits for a job of its own.
  private func runWaitingChecks() {
    // Taken, not kept: the list of a turn that attached thousands of proxies is let go.
    let checks = lock.withLock { () -> [AfterTurnCheck] in
      var taken: [AfterTurnCheck] = []
      swap(&taken, &waiting)
      return taken
    }
    for check in checks { check.run() }
  }
}
