import Foundation

/// The actor a closure given to a delegate proxy was registered on, which is the actor the
/// compiler let it use: a closure that is not `@Sendable` takes on the isolation of the code
/// that writes it (a `@MainActor` view controller's closure may touch its views).
///
/// A parent calls its delegate on the thread it chooses, so the proxy checks before it calls:
/// a closure registered on the main actor is called only on the main thread; sent on another,
/// it is reported (``DelegateProxyError/Kind/calledOffItsActor``) and the message gets its
/// fallback. A closure registered in nonisolated code (or with `isolation: nil`, for a
/// `@Sendable` closure written on the main actor) is called on any thread.
enum ClosureIsolation: Equatable, Sendable {
  /// Called on whatever thread the parent calls on.
  case anyThread
  /// Called only on the main thread.
  case mainActor

  /// The isolation of a closure registered on `actor`; `nil` for an actor other than the main
  /// actor, whose executor the proxy cannot check without stopping the app.
  init?(registeredOn actor: (any Actor)?) {
    guard let actor else {
      self = .anyThread
      return
    }
    guard actor === MainActor.shared else { return nil }
    self = .mainActor
  }

  /// Why a closure registered on `actor` cannot be given to a proxy.
  static func refusal(of actor: any Actor) -> String {
    "it was written in \(type(of: actor)), another actor than the main actor, and the parent "
      + "calls its delegate on a thread of its own, never on that actor. Fix: write it in "
      + "nonisolated code, or pass isolation: nil with a @Sendable closure that hops to the "
      + "actor itself"
  }

  /// Whether the closure may be called here: anywhere, or on the main actor's executor, the
  /// main thread on Apple platforms (the main queue elsewhere, which a test harness may drain
  /// on another thread).
  var allowsCallHere: Bool {
    self == .anyThread || isOnMainQueue()
  }
}

/// The current thread, as a report names it.
func currentThreadName() -> String {
  if Thread.isMainThread { return "the main thread" }
  if isOnMainQueue() { return "the main queue" }
  let name = Thread.current.name ?? ""
  return name.isEmpty ? "a thread other than the main thread" : "the thread \(name)"
}
