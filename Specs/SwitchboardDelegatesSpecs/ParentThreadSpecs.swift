import Foundation
import Testing

@testable import Switchboard

private typealias P = ModelDelegateProtocol

/// What a parent's delegate property saw: each value set, where, and the answer the parent
/// then read.
private final class PropertyLog: @unchecked Sendable {
  private let lock = NSLock()
  private var log: [(isNil: Bool, onMainQueue: Bool, answer: Bool)] = []
  /// Held weakly, as a parent holds its delegate.
  private weak var held: AnyObject?
  func set(_ object: AnyObject?) {
    let answer = (object as? ModelDelegateProxy)?.responds(P.shouldReturn) ?? false
    lock.withLock {
      held = object
      log.append((object == nil, isOnMainQueue(), answer))
    }
  }
  var object: AnyObject? { lock.withLock { held } }
  var sets: [(isNil: Bool, onMainQueue: Bool, answer: Bool)] { lock.withLock { log } }
}

@Suite("describe: which thread re-asks the parent, per kind of parent (real threads)")
struct ParentThreadSpecs {
  private let property = PropertyLog()

  /// A proxy attached to `property` as `DelegateProxy.attach` attaches it to a parent of
  /// `kind`, with the real scheduling.
  private func attach(_ kind: ParentThread) -> ModelDelegateProxy {
    let routing = DelegateRouting(
      handlers: [], rules: [:], fallbacks: [:], runtime: ModelDelegateRuntime(),
      schedule: afterThisTurn)
    routing.onError = { _ in }
    let proxy = ModelDelegateProxy(routing: routing, keepingDefaultOnError: false)
    let property = property
    routing.attach(
      to: [DelegateProperty(get: { property.object }, set: { property.set($0) })], as: proxy,
      keepingInstalled: false, replacing: nil, parentThread: kind)
    return proxy
  }

  @Test("it: a UIKit or AppKit object, or an app's subclass of one, is a parent of the main thread")
  func kinds() {
    #expect(
      ParentThread.of(classBundles: ["com.apple.UIKitCore", "com.apple.Foundation"]) == .main)
    #expect(ParentThread.of(classBundles: ["com.example.app", "com.apple.AppKit", nil]) == .main)
    #expect(
      ParentThread.of(classBundles: ["com.apple.CoreLocation", "com.apple.Foundation"]) == .own)
    #expect(ParentThread.of(classBundles: ["com.example.app", nil]) == .own)
  }

  @Test(
    "context: a parent of the main thread — a change made on a background queue re-asks it on the main thread, through nil"
  )
  func mainThreadParent() async {
    let proxy = attach(.main)
    await mainQueueDrained()
    let handler = DelegateHandler([P.shouldReturn])
    await run(on: DispatchQueue(label: "a background queue")) {
      proxy.routing.add(handler, role: "late", retention: .weak)
    }
    await mainQueueDrained()
    let reasks = property.sets.dropFirst()
    #expect(reasks.map(\.isNil) == [true, false], "nil, then the proxy")
    #expect(reasks.allSatisfy { $0.onMainQueue }, "only on the main thread")
    #expect(reasks.last?.answer == true)
    withExtendedLifetime(handler) {}
  }

  @Test(
    "context: a parent that calls from its own queue — it never sees its delegate nil, and is given the proxy again"
  )
  func ownQueueParent() async {
    let queue = DispatchQueue(label: "the parent's queue")
    let proxy = await run(on: queue) { [self] in attach(.own) }
    let handler = DelegateHandler([P.shouldReturn])
    await run(on: queue) { proxy.routing.add(handler, role: "late", retention: .weak) }
    // At most 30 s: a machine busy with a sanitizer build may run the re-check late.
    for _ in 0..<3000 where property.sets.count < 2 {
      try? await Task.sleep(nanoseconds: 10_000_000)
    }
    #expect(property.sets.map(\.isNil) == [false, false], "attach, then the proxy again: no nil")
    #expect(property.sets.last?.answer == true, "a parent that reads on every assignment re-read")
    withExtendedLifetime(handler) {}
  }
}
