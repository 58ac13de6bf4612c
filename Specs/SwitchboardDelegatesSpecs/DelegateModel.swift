import Foundation

@testable import Switchboard

// A strict model of a parent object (a search bar, a text field, a web view, a location
// manager) toward its delegate, and of the Objective-C runtime, where it matters to a
// `DelegateProxy`:
//
// - The parent asks `respondsToSelector:` for every method of its delegate protocol when a
//   delegate is assigned, remembers the answers, and asks nothing when the same object is
//   assigned again.
// - It sends a method only when the remembered answer is yes; otherwise it uses its own default
//   for that method (`ModelDelegateMethod.parentDefault`), and for a method with a completion
//   handler it goes on as if the handler had been called with that default.
// - A message goes to the receiver's own method; otherwise to `forwardingTargetForSelector:`'s
//   object; otherwise, if `methodSignatureForSelector:` gives a signature, to
//   `forwardInvocation:`; otherwise "unrecognized selector" (recorded as a crash).
// - A completion handler the delegate never calls is recorded as a failure (WebKit raises).
// - Nothing here assumes the main thread: the parent calls its delegate on the thread it is
//   used on.

/// A method of the modeled delegate protocol.
struct ModelDelegateMethod: Sendable {
  let selector: String
  let returnsVoid: Bool
  /// What the parent does when its delegate does not implement the method: its own answer, or
  /// for a method with a completion handler, the value it goes on with.
  let parentDefault: String?
  /// The argument that is a completion handler, if any.
  let completionArgument: Int?
  /// Its Objective-C type encoding, as the runtime describes it.
  var types = ""
}

/// The protocol of the modeled parent: a few methods of each kind UIKit, WebKit and CoreLocation
/// declare.
enum ModelDelegateProtocol {
  static let textDidChange = "searchBar:textDidChange:"
  static let shouldReturn = "textFieldShouldReturn:"
  static let targetOffset = "collectionView:targetContentOffsetForProposedContentOffset:"
  /// A method with a completion handler that no preset knows (WebKit's shape, with a web view
  /// and a decision handler): nothing calls its handler for a delegate that is gone unless a
  /// fallback is declared.
  static let decidePolicy = "webView:decideModelPolicyWithHandler:"
  /// WebKit's own, whose preset calls the handler with `WKNavigationActionPolicyAllow` (1):
  /// the web view's default, which the model's parent applies itself too.
  static let navigationAction = "webView:decidePolicyForNavigationAction:decisionHandler:"
  static let didScroll = "scrollViewDidScroll:"
  static let didZoom = "scrollViewDidZoom:"
  static let didUpdateLocations = "locationManager:didUpdateLocations:"
  static let rowHeight = "pickerView:rowHeightForComponent:"
  /// Two overloads of one Swift name, `mapView(_:viewFor:)`, as MapKit declares them.
  static let viewForAnnotation = "mapView:viewForAnnotation:"
  static let viewForOverlay = "mapView:viewForOverlay:"
  /// A method whose mere presence turns the parent's other methods off, as Core Data's
  /// `NSFetchedResultsControllerDelegate` declares it.
  static let didChangeSnapshot = "controller:didChangeContentWithSnapshot:"

  static let methods: [ModelDelegateMethod] = [
    ModelDelegateMethod(
      selector: textDidChange, returnsVoid: true, parentDefault: nil, completionArgument: nil,
      types: "v32@0:8@16@24"),
    ModelDelegateMethod(
      selector: shouldReturn, returnsVoid: false, parentDefault: "true", completionArgument: nil,
      types: "B24@0:8@16"),
    ModelDelegateMethod(
      selector: targetOffset, returnsVoid: false, parentDefault: "proposed",
      completionArgument: nil, types: "{CGPoint=dd}40@0:8@16{CGPoint=dd}24"),
    // The model's parent passes the web view and the decision handler.
    ModelDelegateMethod(
      selector: decidePolicy, returnsVoid: true, parentDefault: "allow", completionArgument: 1,
      types: "v32@0:8@16@?24"),
    ModelDelegateMethod(
      selector: navigationAction, returnsVoid: true, parentDefault: "1", completionArgument: 2,
      types: "v40@0:8@16@24@?32"),
    ModelDelegateMethod(
      selector: didScroll, returnsVoid: true, parentDefault: nil, completionArgument: nil,
      types: "v24@0:8@16"),
    ModelDelegateMethod(
      selector: didZoom, returnsVoid: true, parentDefault: nil, completionArgument: nil,
      types: "v24@0:8@16"),
    ModelDelegateMethod(
      selector: didUpdateLocations, returnsVoid: true, parentDefault: nil,
      completionArgument: nil, types: "v32@0:8@16@24"),
    ModelDelegateMethod(
      selector: rowHeight, returnsVoid: false, parentDefault: "row height of the picker",
      completionArgument: nil, types: "d32@0:8@16q24"),
    ModelDelegateMethod(
      selector: viewForAnnotation, returnsVoid: false, parentDefault: nil,
      completionArgument: nil, types: "@32@0:8@16@24"),
    ModelDelegateMethod(
      selector: viewForOverlay, returnsVoid: false, parentDefault: nil, completionArgument: nil,
      types: "@32@0:8@16@24"),
    ModelDelegateMethod(
      selector: didChangeSnapshot, returnsVoid: true, parentDefault: nil, completionArgument: nil,
      types: "v32@0:8@16@24"),
  ]

  static func method(_ selector: String) -> ModelDelegateMethod? {
    methods.first { $0.selector == selector }
  }
}

/// A completion handler, as the model's parent passes one: it records the value it is called
/// with.
final class ModelCompletion: ModeledCompletionHandler, @unchecked Sendable {
  private let lock = NSLock()
  private var values: [String] = []
  var calls: [String] { lock.withLock { values } }
  func call(_ value: String) { lock.withLock { values.append(value) } }
  /// Called as a block is, with the values a preset gives: recorded as they read, joined.
  func call(with values: [Any?]) {
    call(values.map { $0.map { "\($0)" } ?? "nil" }.joined(separator: ","))
  }
}

/// An object that implements the delegate methods it names, on any thread.
final class DelegateHandler: NSObjectLike, @unchecked Sendable {
  let selectors: Set<String>
  let protocols: Set<String>
  private let lock = NSLock()
  private var log: [String] = []
  private let answers: [String: Any]
  /// Calls the completion handler of `decidePolicy` with this value, when set.
  let decision: String?

  init(
    _ selectors: Set<String>, protocols: Set<String> = [], answers: [String: Any] = [:],
    decision: String? = nil
  ) {
    self.selectors = selectors
    self.protocols = protocols
    self.answers = answers
    self.decision = decision
  }

  var received: [String] { lock.withLock { log } }

  func perform(_ selector: String, _ arguments: [Any]) -> Any? {
    lock.withLock { log.append(selector) }
    if selector == ModelDelegateProtocol.decidePolicy, let decision,
      let completion = arguments.lazy.compactMap({ $0 as? ModelCompletion }).first
    {
      completion.call(decision)
    }
    return answers[selector]
  }
}

/// What the model's runtime knows of an object: the selectors it implements.
protocol NSObjectLike: AnyObject {
  var selectors: Set<String> { get }
  func perform(_ selector: String, _ arguments: [Any]) -> Any?
}

/// The runtime of the model's delegate protocol.
struct ModelDelegateRuntime: SelectorRuntime {
  func implementation(of selector: String, by handler: AnyObject) -> SelectorImplementation {
    (handler as? any NSObjectLike)?.selectors.contains(selector) == true ? .own : .none
  }

  func declaration(of selector: String) -> SelectorDeclaration? {
    ModelDelegateProtocol.method(selector).map { method in
      var declaration = SelectorDeclaration(
        returnsVoid: method.returnsVoid,
        completionArgument: method.completionArgument)
      let encoded = TypeEncoding.types(in: method.types)
      declaration.returnType = encoded.first
      declaration.argumentTypes = Array(encoded.dropFirst(3))
      return declaration
    }
  }

  var declaredSelectors: [String] { ModelDelegateProtocol.methods.map(\.selector) }

  func ownMethods(of handler: AnyObject) -> [String] {
    (handler as? any NSObjectLike).map { Array($0.selectors) } ?? []
  }
}

/// The run loop of the thread the parent lives on: work scheduled "after this turn" runs at
/// `endTurn()`.
final class ModelRunLoop: @unchecked Sendable {
  private let lock = NSLock()
  private var pending: [@Sendable () -> Void] = []

  @Sendable func schedule(_ work: @escaping @Sendable () -> Void) {
    lock.withLock { pending.append(work) }
  }

  func endTurn() {
    while let work = lock.withLock({ pending.isEmpty ? nil : pending.removeFirst() }) { work() }
  }
}

/// Runs `work` on `queue`, as a parent that calls its delegate there does, and returns what it
/// returned once it is done.
func run<Result: Sendable>(
  on queue: DispatchQueue, _ work: @escaping @Sendable () -> Result
) async -> Result {
  await withCheckedContinuation { done in
    queue.async { done.resume(returning: work()) }
  }
}

/// A parent object toward its delegate.
final class ModelParent: @unchecked Sendable {
  private let lock = NSRecursiveLock()
  private var answers: [String: Bool] = [:]
  private var crashLog: [String] = []
  private var failureLog: [String] = []
  private var assignmentCount = 0
  private var storedDelegate: WeakHandler = WeakHandler(nil)
  /// The proxy's side of the runtime, when the delegate is the proxy.
  var dispatcher: ModelDelegateProxy?

  var crashes: [String] { lock.withLock { crashLog } }
  var failures: [String] { lock.withLock { failureLog } }
  /// Assignments of an object (clearing is not counted).
  var assignments: Int { lock.withLock { assignmentCount } }

  var delegate: AnyObject? {
    get { lock.withLock { storedDelegate.object } }
    set {
      lock.withLock {
        let old = storedDelegate.object
        storedDelegate = WeakHandler(newValue)
        guard let newValue else {
          answers = [:]
          return
        }
        assignmentCount += 1
        if newValue === old { return }
        for method in ModelDelegateProtocol.methods {
          answers[method.selector] = respondsTo(method.selector, newValue)
        }
      }
    }
  }

  private func respondsTo(_ selector: String, _ object: AnyObject) -> Bool {
    if let proxy = object as? ModelDelegateProxy { return proxy.responds(selector) }
    return (object as? any NSObjectLike)?.selectors.contains(selector) ?? false
  }

  /// The answer the parent remembers for `selector`.
  func cachedAnswer(_ selector: String) -> Bool { lock.withLock { answers[selector] ?? false } }

  /// Sends `selector` as the parent does.
  ///
  /// When the remembered answer is yes, through the runtime; otherwise the parent's own
  /// default. A completion handler is passed as the argument the method declares, and must be
  /// called.
  @discardableResult
  func send(_ selector: String, _ arguments: [Any] = []) -> Any? {
    guard let method = ModelDelegateProtocol.method(selector) else { return nil }
    var arguments = arguments
    let completion = ModelCompletion()
    if let index = method.completionArgument {
      while arguments.count < index { arguments.append(NSNull()) }
      arguments.insert(completion, at: index)
    }
    guard cachedAnswer(selector), let object = delegate else {
      if method.completionArgument != nil, let value = method.parentDefault {
        completion.call(value)
      }
      return method.parentDefault
    }
    let answer = deliver(selector, arguments, to: object)
    if method.completionArgument != nil, completion.calls.isEmpty {
      lock.withLock { failureLog.append("completion handler of \(selector) was not called") }
    }
    return method.completionArgument != nil ? completion.calls.first : answer
  }

  private func deliver(_ selector: String, _ arguments: [Any], to object: AnyObject) -> Any? {
    guard let proxy = object as? ModelDelegateProxy else {
      return perform(selector, arguments, on: object)
    }
    if proxy.implementsItself(selector) {
      proxy.typedNotification(selector, arguments)
      return nil
    }
    if let target = proxy.forwardingTarget(selector) {
      return perform(selector, arguments, on: target)
    }
    if proxy.hasMethodSignature(selector) { return proxy.forwardInvocation(selector, arguments) }
    lock.withLock { crashLog.append("unrecognized selector \(selector)") }
    return nil
  }

  private func perform(_ selector: String, _ arguments: [Any], on object: AnyObject) -> Any? {
    guard let object = object as? any NSObjectLike, object.selectors.contains(selector) else {
      lock.withLock { crashLog.append("unrecognized selector \(selector)") }
      return nil
    }
    return object.perform(selector, arguments)
  }
}

/// A message the model's runtime hands to `forwardInvocation:`, or that the proxy's
/// direct-path method received (`frame`: its arguments where the runtime put them).
final class ModelDelegateInvocation: ForwardedInvocation {
  let selectorName: String
  let returnsVoid: Bool
  private let boxed: [Any]
  let frame: ModelDirectFrame?
  /// How many times the boxed arguments were read.
  private(set) var boxedReads = 0
  var arguments: [Any] {
    boxedReads += 1
    return boxed
  }
  private var given: Any?
  /// The answer: one stored in place on the direct path, or else the one given.
  var answer: Any? { frame?.storedAnswer ?? given }

  init(_ selector: String, _ arguments: [Any], returnsVoid: Bool, frame: ModelDirectFrame? = nil) {
    selectorName = selector
    boxed = arguments
    self.returnsVoid = returnsVoid
    self.frame = frame
  }

  var rawArguments: RawArguments? { frame?.rawArguments }
  var rawAnswer: RawAnswer? { frame?.rawAnswer }

  func invoke(on target: AnyObject) {
    // A message sent on: the runtime passes its arguments as they are.
    given = (target as? any NSObjectLike)?.perform(selectorName, boxed)
  }
  func answerZero() { given = nil }
  func answer(with value: Any) { given = value }
  func answerWithArgument(at index: Int) {
    given = index < boxed.count ? boxed[index] : nil
  }
  var returnedObject: Any? { answer as AnyObject? }
  var returnedValue: Any? { answer }
  /// Read boxed: the model's handlers give their answers as values (`given`), where a
  /// handler's method on the runtime stores them in the frame (AnswerReadBackSpecs reads them
  /// there).
  func returnedValue(declaredAs returnType: String?) -> Any? { returnedValue }
}

/// `DelegateProxy` in the model: what the class and its Objective-C base do, on
/// `DelegateRouting`.
final class ModelDelegateProxy: ModelRoutingProxy, @unchecked Sendable {
  let routing: DelegateRouting<Never>
  private let lock = NSLock()
  private var remembered: Set<String> = []
  private var invocations = 0
  private var directMessages = 0

  /// Whether the proxy's class has its direct-path methods.
  ///
  /// On the runtime, the first message of a selector that reaches `forwardInvocation:` gives the class its method for every
  /// later one (checked on the GNU runtime by Tests/ObjCRuntimeTests/DirectPathTests.m), so in
  /// a running app nearly every message of a shape it takes goes that way. `.ci/run` runs these
  /// specs a second time with `SWITCHBOARD_MODEL_FORWARDING=invocation`: every message through
  /// `forwardInvocation:`, so the same specs pass on both paths.
  static let hasDirectPath =
    ProcessInfo.processInfo.environment["SWITCHBOARD_MODEL_FORWARDING"] != "invocation"

  /// The protocols the proxy adopted, as `conformsToProtocol:` answers for them: the model's
  /// protocol, or those of the property's type when attached with `declaredAs`.
  private(set) var adoptedProtocols = ["ModelDelegateProtocol"]

  /// Selectors whose signature the base remembered from a handler.
  var rememberedSignatures: Set<String> { lock.withLock { remembered } }
  var errors: [String] { routing.errors.map { "\($0)" } }

  init(routing: DelegateRouting<Never>, keepingDefaultOnError: Bool) {
    self.routing = routing
    if !keepingDefaultOnError { routing.onError = { _ in } }
    routing.onUndeclaredSelectorAnswered { [weak self] selector, _ in
      self?.lock.withLock { _ = self?.remembered.insert(selector) }
    }
  }

  /// `DelegateProxy.attach(to:delegate:handlers:rules:fallbacks:keepingInstalledDelegate:)`;
  /// `declaredAs` is the delegate property's type, whose protocols the proxy adopts (every
  /// protocol of the model otherwise).
  @discardableResult
  static func attach(
    to parent: ModelParent, handlers: KeyValuePairs<HandlerRole, AnyObject>,
    answers: [DelegateAnswer] = [],
    rules: RoutingRules<Never> = [:], fallbacks: [String: DelegateFallback] = [:],
    keepingInstalledDelegate: Bool = true, keepingDefaultOnError: Bool = false,
    declaredAs delegateType: Any.Type? = nil, runLoop: ModelRunLoop
  ) -> ModelDelegateProxy {
    attach(
      to: parent, handlers: handlers, answers: answers, rules: rules, fallbacks: fallbacks,
      keepingInstalledDelegate: keepingInstalledDelegate,
      keepingDefaultOnError: keepingDefaultOnError, declaredAs: delegateType,
      schedule: runLoop.schedule)
  }

  /// `attach`, with the proxy's after-the-turn work scheduled by `schedule`: the real
  /// `afterThisTurn`, on real threads, or a model run loop's; with `checksQueue`, the checks
  /// attach leaves go there, as a UIKit parent's go to the main queue's (`ParentThread.main`).
  @discardableResult
  static func attach(
    to parent: ModelParent, handlers: KeyValuePairs<HandlerRole, AnyObject>,
    answers: [DelegateAnswer] = [],
    rules: RoutingRules<Never> = [:], fallbacks: [String: DelegateFallback] = [:],
    keepingInstalledDelegate: Bool = true, keepingDefaultOnError: Bool = false,
    declaredAs delegateType: Any.Type? = nil,
    schedule: @escaping (@escaping @Sendable () -> Void) -> Void, checksQueue: TurnQueue? = nil
  ) -> ModelDelegateProxy {
    let adopting = ModelAdoptingRuntime()
    let proxy = ModelDelegateProxy(
      routing: DelegateRouting(
        handlers: handlers.map { (role: $0.key, handler: $0.value) }, rules: rules,
        fallbacks: fallbacks, runtime: delegateType == nil ? ModelDelegateRuntime() : adopting,
        typedNotifications: DelegatePreset.typedNotifications, schedule: schedule),
      keepingDefaultOnError: keepingDefaultOnError)
    proxy.routing.withLock { proxy.routing.checksQueue = checksQueue }
    // As `DelegateProxy.attach` does: the protocols of the property's type, read from its
    // metadata, each resolved by the model's Objective-C runtime; refused when one has none.
    if let delegateType {
      let adopted = PropertyProtocols.adopt(
        for: delegateType, resolve: ModelObjectiveCProtocols.resolve,
        reportingTo: proxy.routing, adopting.adopt)
      guard adopted else { return proxy }
      proxy.adoptedProtocols = adopting.adopted
    }
    // As `DelegateProxy.attach` does: before the first assignment.
    for answer in answers { answer.register(proxy.routing) }
    let previous = parent.dispatcher
    let attached = proxy.routing.attach(
      to: [
        DelegateProperty(
          get: { [weak parent] in parent?.delegate },
          set: { [weak parent] in parent?.delegate = $0 })
      ],
      as: proxy, keepingInstalled: keepingInstalledDelegate, replacing: previous?.routing,
      isAnotherProxy: { $0 is ModelDelegateProxy })
    // The parent owns the proxy attached to it, as `AttachedDelegateProxies` does.
    if attached { parent.dispatcher = proxy }
    return proxy
  }

  /// `DelegateProxy.delegate(ownedBy:handlers:rules:fallbacks:)`: a proxy the parent receives
  /// at initialization (assign it to `parent.delegate` once, as the parent's initializer does).
  static func delegate(
    handlers: KeyValuePairs<HandlerRole, AnyObject>, fallbacks: [String: DelegateFallback] = [:],
    runLoop: ModelRunLoop
  ) -> ModelDelegateProxy {
    let proxy = ModelDelegateProxy(
      routing: DelegateRouting(
        handlers: handlers.map { (role: $0.key, handler: $0.value) }, rules: [:],
        fallbacks: fallbacks, runtime: ModelDelegateRuntime(),
        typedNotifications: DelegatePreset.typedNotifications, schedule: runLoop.schedule),
      keepingDefaultOnError: false)
    proxy.routing.startWithoutProperty(as: proxy)
    return proxy
  }

  /// `responds(to:)`: the class implements `NSObject`'s methods and the typed notifications
  /// (`DelegateProxy`'s `scrollViewDidScroll(_:)`, …).
  func responds(_ selector: String) -> Bool {
    routing.responds(toSelector: selector) { implementsItself(selector) }
  }

  /// Whether the proxy class implements `selector` itself, so the runtime sends it straight to
  /// the proxy: the typed notifications.
  func implementsItself(_ selector: String) -> Bool {
    DelegatePreset.typedNotifications.contains(selector)
  }

  /// A typed notification method of the proxy class, as `DelegateProxy` implements it.
  func typedNotification(_ selector: String, _ arguments: [Any]) {
    routing.deliver(selector, arguments) { target in
      _ = (target as? any NSObjectLike)?.perform(selector, arguments)
    }
  }

  /// How many messages reached `forwardInvocation:` (an `NSInvocation` each, on device).
  var invocationCount: Int { lock.withLock { invocations } }
  /// How many took the direct path (the proxy's own method for the message's shape).
  var directMessageCount: Int { lock.withLock { directMessages } }
  /// How many times the routing read a message's arguments boxed.
  var boxedArgumentReads: Int { lock.withLock { boxedReads } }
  private var boxedReads = 0

  func forwardingTarget(_ selector: String) -> AnyObject? {
    routing.forwardingTarget(forSelector: selector)
  }

  /// `methodSignatureForSelector:` of the Objective-C base.
  func hasMethodSignature(_ selector: String) -> Bool {
    ModelDelegateProtocol.method(selector) != nil || rememberedSignatures.contains(selector)
  }

  /// A message no forwarding target took: it takes the proxy's direct-path method when the
  /// direct path takes its shape (``hasDirectPath``), or else reaches `forwardInvocation:`.
  func forwardInvocation(_ selector: String, _ arguments: [Any]) -> Any? {
    let method = ModelDelegateProtocol.method(selector)
    let frame =
      Self.hasDirectPath
      ? method.flatMap { ModelDirectFrame(types: $0.types, arguments: arguments) } : nil
    lock.withLock {
      if frame == nil { invocations += 1 } else { directMessages += 1 }
    }
    let invocation = ModelDelegateInvocation(
      selector, arguments, returnsVoid: method?.returnsVoid ?? false, frame: frame)
    routing.forward(invocation)
    lock.withLock { boxedReads += invocation.boxedReads }
    return invocation.answer
  }

  /// `conformsToProtocol:` for a protocol the model names: yes for exactly those it adopted (on
  /// the runtime, its class adopts them: Tests/ObjCRuntimeTests checks it), whatever its
  /// handlers adopt.
  func conforms(to protocolName: String) -> Bool { adoptedProtocols.contains(protocolName) }
}
