import Foundation

/// What attaching a ``DelegateProxy`` runs in Swift, as closures, for the `Benchmarks` package
/// only: Linux has no Objective-C runtime, so the benchmark measures the Swift that `attach`,
/// the parent's first message and ``DelegateProxy/detach()`` reach (the Objective-C half, the
/// adopting class and the first message's method, is `Benchmarks/ObjCRuntime/AttachCost.m`'s).
///
/// - `attach(parent, view, analytics)`: what `DelegateProxy.attach(to:delegate:handlers:rules:)`
///   does after the Objective-C runtime's part: the proxy's routing made over the two handlers
///   (a broadcast rule for `textFieldDidEndEditing:`), the runtime's declarations of the
///   protocol it adopts (`UITextFieldDelegate`'s 13 methods, shared as `ObjectiveCRuntime`
///   shares them), the parent's property given the proxy, and the proxy kept where the parent
///   keeps its proxies; returns the proxy.
/// - `asked(proxy)`: the parent asks its delegate whether it implements each of the protocol's
///   methods, as a UIKit view that caches the answers does when given a delegate.
/// - `firstMessage(proxy)`: the parent asks whether its delegate implements
///   `textFieldDidEndEditing:`, and sends it: the runtime asks for a forwarding target (none: it
///   goes to both handlers), then the routing plans it and sends it to each.
/// - `endTurn()`: runs what attach left for after the turn (the check for handlers nothing
///   else keeps), as the main queue would.
/// - `detach(proxy)`: ``DelegateProxy/detach()``: the property gets back what it held, and the
///   parent lets the proxy go.
///
/// Closures, not a type: the public API has no benchmark hook.
@_spi(Benchmarks)
public typealias DelegateAttachPaths<Parent: AnyObject> = (
  attach: (Parent, _ view: AnyObject, _ analytics: AnyObject) -> AnyObject,
  asked: (AnyObject) -> Void, firstMessage: (AnyObject) -> Void, endTurn: () -> Void,
  detach: (AnyObject) -> Void
)

/// The attach paths for parents whose delegate is `delegate` and which keep their proxies in
/// `proxies` (the associated object `attach` gives a parent); a handler implements a selector
/// when `implements` says so (the runtime's `respondsToSelector:`), `methods` lists its own
/// methods (its classes' method lists, which the check for near misses reads), and `deliver`
/// sends `textFieldDidEndEditing:` to a handler.
///
/// ```swift
/// final class Field {
///   weak var delegate: AnyObject?
///   var proxies: AnyObject?
/// }
/// final class Editor {
///   var ended = 0
/// }
/// let paths = delegateAttachPaths(
///   delegate: \Field.delegate, proxies: \Field.proxies, implements: { _, _ in true },
///   methods: { _ in ["textFieldDidEndEditing:"] },
///   deliver: { handler in (handler as? Editor)?.ended += 1 })
/// ```
@_spi(Benchmarks)
public func delegateAttachPaths<Parent: AnyObject>(
  delegate: ReferenceWritableKeyPath<Parent, AnyObject?>,
  proxies: ReferenceWritableKeyPath<Parent, AnyObject?>,
  implements: @escaping @Sendable (String, AnyObject) -> Bool,
  methods: @escaping @Sendable (AnyObject) -> [String],
  deliver: @escaping (AnyObject) -> Void
) -> DelegateAttachPaths<Parent> {
  let turn = BenchmarkTurn()
  // Made once, as the run loop's own function is one (`afterThisTurn`, a main-queue closure
  // that captures nothing): made for each proxy, it would allocate for each.
  let schedule = turn.schedule
  // What a text field's proxy runs after the turn on: the main queue's, which every proxy
  // shares (ParentThread.main), and which gathers the checks attach leaves.
  let mainQueue = TurnQueue(gathersChecks: { true }, schedule: schedule)
  let answers = HandlerAnswers(implements: implements, methods: methods)
  let key = DelegatePropertyKey(delegate)
  var rules = RoutingRules<Never>()
  rules[named: endEditing] = .broadcast
  return (
    attach: { parent, view, analytics in
      let runtime = TextFieldRuntime(answers)
      let routing = DelegateRouting<Never>(
        handlers: [(HandlerRole("view"), view), (HandlerRole("analytics"), analytics)],
        rules: rules, fallbacks: [:], runtime: runtime,
        typedNotifications: DelegatePreset.typedNotifications, schedule: schedule)
      let proxy = AttachBenchmarkProxy(routing: routing)
      // As `attach` sets a UIKit parent's (`ParentThread.main`), under the lock there; here,
      // before anything else can reach the routing.
      routing.checksQueue = mainQueue
      // RoutingProxy's init; then `adopt(propertyOf:)`, which adopts the property's protocol.
      routing.onUndeclaredSelectorAnswered { _, _ in }
      runtime.adoptTextFieldDelegate()
      routing.invalidateRoutes()
      let registry =
        parent[keyPath: proxies] as? AttachedProxies<AttachBenchmarkProxy>
        ?? {
          let made = AttachedProxies<AttachBenchmarkProxy>()
          parent[keyPath: proxies] = made
          return made
        }()
      let previous = registry[key]
      let access = KeyPathProperty(parent: parent, keyPath: delegate)
      guard
        routing.attach(
          to: [DelegateProperty(access: access)], as: proxy,
          keepingInstalled: true, replacing: previous?.routing,
          isAnotherProxy: { $0 is AttachBenchmarkProxy })
      else { return proxy }
      registry[key] = proxy
      routing.withLock { proxy.registryKey = key }
      return proxy
    },
    asked: { proxy in
      let proxy = attached(proxy)
      for (selector, _) in textFieldMethods { _ = proxy.routing.responds(toSelector: selector) }
    },
    firstMessage: { proxy in
      let proxy = attached(proxy)
      guard proxy.routing.responds(toSelector: endEditing) else { return }
      // The runtime's first question, by the selector's address; no target for a broadcast.
      if let target = proxy.routing.forwardingTarget(
        forSelector: .address(endEditingAddress), named: { endEditing })
      {
        return deliver(target)
      }
      proxy.routing.forward(EndEditingMessage(deliver: deliver))
    },
    endTurn: { turn.run() },
    detach: { proxy in
      let proxy = attached(proxy)
      let parent = proxy.routing.detach() as? Parent
      proxy.routing.withLock {
        guard let parent, let key = proxy.registryKey,
          let registry = parent[keyPath: proxies] as? AttachedProxies<AttachBenchmarkProxy>,
          registry[key] === proxy
        else { return }
        registry[key] = nil
      }
    }
  )
}

/// `object`, a proxy `attach` returned, read in place: the runtime sends a proxy its messages
/// without retaining it, where a checked cast would retain and release it (on the runtime's
/// slow path: the parent holds its delegate weakly).
@inline(__always)
private func attached(_ object: AnyObject) -> AttachBenchmarkProxy {
  unsafeDowncast(object, to: AttachBenchmarkProxy.self)
}

/// The notification the benchmark's parent sends, and a stand-in for its selector's address.
private let endEditing = "textFieldDidEndEditing:"
private let endEditingAddress: UInt = 0x1000

/// What `DelegateProxy` is in this benchmark: the object that owns the routing, which the
/// parent's property holds and the parent keeps.
private final class AttachBenchmarkProxy {
  let routing: DelegateRouting<Never>
  /// The property under which the parent keeps the proxy; under the routing's lock, as
  /// `DelegateProxy`'s is.
  var registryKey: DelegatePropertyKey?

  init(routing: DelegateRouting<Never>) { self.routing = routing }
}

/// The proxies one parent keeps, by property: `AttachedDelegateProxies`, which `attach`
/// associates with the parent.

/// The work attach schedules after the turn, run when the benchmark ends its turn.
///
/// Its two lists keep their storage from turn to turn, as a run loop's queue does.
private final class BenchmarkTurn: @unchecked Sendable {
  // Unchecked: the benchmark schedules and runs on its one thread.
  private var work: [@Sendable () -> Void] = []
  private var running: [@Sendable () -> Void] = []

  var schedule: (@escaping @Sendable () -> Void) -> Void { { self.work.append($0) } }

  /// Runs the work scheduled so far; work it schedules waits for the next turn.
  func run() {
    swap(&work, &running)
    for item in running { item() }
    running.removeAll(keepingCapacity: true)
  }
}

/// What stands for the `UITextFieldDelegate` protocol object: its identity keys the shared
/// declarations.
private final class TextFieldProtocol {}

/// `UITextFieldDelegate`'s methods (iOS 26 SDK) and their type encodings, as the runtime's
/// protocol descriptions give them.
private let textFieldMethods: [(String, String)] = [
  ("textFieldShouldBeginEditing:", "B24@0:8@16"), ("textFieldDidBeginEditing:", "v24@0:8@16"),
  ("textFieldShouldEndEditing:", "B24@0:8@16"), ("textFieldDidEndEditing:", "v24@0:8@16"),
  ("textFieldDidEndEditing:reason:", "v32@0:8@16q24"),
  ("textField:shouldChangeCharactersInRange:replacementString:", "B48@0:8@16{_NSRange=QQ}24@40"),
  ("textField:shouldChangeCharactersInRanges:replacementString:", "B40@0:8@16@24@32"),
  ("textFieldDidChangeSelection:", "v24@0:8@16"), ("textFieldShouldClear:", "B24@0:8@16"),
  ("textFieldShouldReturn:", "B24@0:8@16"),
  ("textField:editMenuForCharactersInRange:suggestedActions:", "@48@0:8@16{_NSRange=QQ}24@40"),
  ("textField:willPresentEditMenuWithAnimator:", "v32@0:8@16@24"),
  ("textField:willDismissEditMenuWithAnimator:", "v32@0:8@16@24"),
]

/// The runtime a proxy that adopted `UITextFieldDelegate` asks: its declarations are made as
/// `ObjectiveCRuntime` makes them (the protocol's method descriptions turned into
/// ``SelectorDeclaration``s, shared by every proxy); which handler implements what is the
/// benchmark's answer.
///
/// Its size is `ObjectiveCRuntime`'s: the declarations and one reference (there, the
/// controller class names; here, the benchmark's answers, shared by every proxy).
private final class TextFieldRuntime: SelectorRuntime, @unchecked Sendable {
  // Unchecked, as ObjectiveCRuntime: declarations change only before the proxy is attached.
  private var declarations = Declarations()
  private let answers: HandlerAnswers

  init(_ answers: HandlerAnswers) { self.answers = answers }

  /// `ObjectiveCRuntime.adopt(_:)` for `UITextFieldDelegate`: its declarations are made once
  /// and shared.
  func adoptTextFieldDelegate() {
    SharedDeclarations.adopt(ObjectIdentifier(TextFieldProtocol.self), into: &declarations) {
      var made: [String: SelectorDeclaration] = [:]
      for (name, types) in textFieldMethods where made[name] == nil {
        made[name] = SelectorDeclaration(types: types, property: "delegate")
      }
      return made
    }
  }

  func implementation(of selector: String, by handler: AnyObject) -> SelectorImplementation {
    answers.implements(selector, handler) ? .own : .none
  }

  func declaration(of selector: String) -> SelectorDeclaration? { declarations[selector] }

  func ownMethods(of handler: AnyObject) -> [String] { answers.methods(handler) }

  var declaredSelectors: [String] { declarations.selectors }

  var selectorsTakingCompletions: [String] { declarations.takingCompletions }
}

/// What the benchmark's handlers implement, as the runtime would say.
private final class HandlerAnswers: Sendable {
  let implements: @Sendable (String, AnyObject) -> Bool
  let methods: @Sendable (AnyObject) -> [String]

  init(
    implements: @escaping @Sendable (String, AnyObject) -> Bool,
    methods: @escaping @Sendable (AnyObject) -> [String]
  ) {
    self.implements = implements
    self.methods = methods
  }
}

/// `textFieldDidEndEditing:` as `forwardInvocation:` hands it over: `deliver` sends it to a
/// handler.
private struct EndEditingMessage: ForwardedInvocation {
  let deliver: (AnyObject) -> Void
  var selectorName: String { endEditing }
  var returnsVoid: Bool { true }
  var arguments: [Any] { [NSNull()] }
  var returnedObject: Any? { nil }
  var returnedValue: Any? { nil }
  func invoke(on target: AnyObject) { deliver(target) }
  func answerZero() {}
  func answer(with value: Any) {}
  func answerWithArgument(at index: Int) {}
}
