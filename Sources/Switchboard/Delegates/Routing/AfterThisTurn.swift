import Foundation

/// Runs `work` once the current turn of the calling thread is over, on whatever thread that
/// is: a delegate proxy re-asks its parent there, never inside one of the parent's callbacks.
///
/// - On the main thread (or the main queue, which is the main actor's executor): the main
///   queue, which the main run loop drains after its turn (and so does `dispatchMain()`).
/// - On a thread whose run loop is running (a `CLLocationManager` made on a thread of its own):
///   that run loop, after its turn.
/// - On a thread with no running run loop (a dispatch queue, a Core Data private queue,
///   Swift's cooperative pool): a background queue, which always runs it. The routing's lock
///   keeps it from running inside a callback the routing is still answering.
///
/// A run loop that is not running never turns, so work given to it there would never run:
/// the parent would never be asked again (``DelegateRouting`` schedules one re-check at a time).
@Sendable func afterThisTurn(_ work: @escaping @Sendable () -> Void) {
  if isOnMainQueue() {
    DispatchQueue.main.async(execute: work)
  } else if RunLoop.current.currentMode != nil {
    RunLoop.current.perform(work)
  } else {
    DispatchQueue.global(qos: .userInitiated).async(execute: work)
  }
}

/// Whether the caller runs on the main thread or the main queue, the main actor's executor
/// (Apple platforms drain it on the main thread; a Linux test harness may on another).
func isOnMainQueue() -> Bool {
  Thread.isMainThread || DispatchQueue.getSpecific(key: MainQueueKey.shared.key) == true
}
