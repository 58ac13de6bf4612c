import Foundation

// Routing by selector: the runtime's three questions about a selector, answered from the
// router's handlers and rules by name, in plain Swift that runs and is specified on every
// platform:
//
// - `responds(to:)`: yes for a selector a live handler implements, or a method returning
//   nothing that is observed (unless its mere presence changes the parent); every answer is
//   remembered, so `changedAnswers()` can tell which the parent cached wrongly.
// - `forwardingTarget(for:)`: the selector's one handler when nothing observes it, remembered
//   until the routes change (the runtime asks for every message); the signature of a
//   selector no adopted protocol declares is kept on every path.
// - `forwardInvocation:`: a `Delivery` planned here (the handler its rule picks, or every
//   implementer for a broadcast; for one that reaches nobody its fallback, the parent's own
//   default, a completion handler called), which the routing runs after releasing its lock.
//
// Everything here runs under the routing's lock, on whatever thread the parent calls on, and
// calls no handler: telling the parent and reporting are the routing's, from what these
// methods return.
extension DelegateRouting {
  /// The answer of a selector the configuration routes itself: whether a live handler
  /// implements its message, or something observes it; `nil` for one routed by name here.
  private func modeledAnswer(_ selector: String) -> Bool? {
    configuration.modeledMessage(selector).map { router.responds(to: $0) }
  }

  // MARK: - The runtime's questions

  /// The answer for `responds(to:)`: a configuration's own answer for a selector it routes
  /// itself, yes for a method the proxy object implements itself (`implementedHere`), and
  /// otherwise yes while a live handler implements the selector or, for a method that returns
  /// nothing and is not presence-sensitive, something observes it.
  ///
  /// Every answer but `implementedHere`'s is remembered.
  func routedAnswer(toSelector selector: String, implementedHere: () -> Bool = { false }) -> Bool {
    let answer: Bool
    if let modeled = modeledAnswer(selector) {
      answer = modeled
    } else if implementedHere() {
      return true
    } else {
      // The first target alone: an array of them would be allocated for every question.
      let target = router.firstTarget(forNamed: selector)
      if let target { rememberSignatureIfUndeclared(selector, target) }
      answer =
        target != nil
        || (!configuration.presenceSensitive.contains(selector) && callsItsCompletion(selector)
          && router.responds(toNamed: selector))
    }
    answers[selector] = answer
    return answer
  }

  /// The handler the runtime sends `selector` to directly: its one target when the selector is
  /// routed by name and nothing observes it; otherwise `nil`, and the message reaches
  /// ``forward(_:)``.
  func directTarget(forSelector selector: String) -> AnyObject? {
    directTarget(forSelector: .name(selector)) { selector }
  }

  /// The handler the runtime sends the selector `key` identifies to directly, as
  /// ``directTarget(forSelector:)-(String)`` finds it; `name` is asked only the first time
  /// since the routes changed, so a selector known by its address costs no string.
  func directTarget(forSelector key: SelectorKey, named name: () -> String) -> AnyObject? {
    // Route changes and new observers empty the cache.
    if let target = directTargets[key] { return target }
    let selector = name()
    // A route to several handlers is forwarded whether or not they live: loading each to count
    // them (a retain and a release on the runtime's slow path for one held weakly) would cost
    // every message of a broadcast.
    guard modeledAnswer(selector) == nil, !router.isObserved(named: selector),
      !router.goesToSeveral(named: selector)
    else { return nil }
    // Counted, and the first kept: no array of them.
    var first: AnyObject?
    let count = router.forEachTarget(named: selector) { target in
      if first == nil { first = target }
    }
    // A closure is no object the runtime can send the message to: it is called from
    // `forwardInvocation:`.
    guard count == 1, let target = first, !ClosureHandler.isClosure(target) else { return nil }
    rememberSignatureIfUndeclared(selector, target)
    directTargets.remember(target, for: key)
    return target
  }

  private func rememberSignatureIfUndeclared(_ selector: String, _ target: AnyObject) {
    if runtime.declaration(of: selector) == nil { undeclaredSelectorAnswered?(selector, target) }
  }

  /// Decides where a message no forwarding target took goes, and calls nobody: the routing
  /// runs the ``Delivery`` once it let go of its lock.
  ///
  /// A method returning nothing goes to every handler its rule chooses (several for a
  /// broadcast), shown to its observers; one that returns a value to its first target, or to
  /// several whose answers its rule combines. A message that reaches no handler gets its
  /// fallback (a completion handler is called) and is reported the first time since the parent
  /// was last told; a notification that is only observed is no problem.
  func plannedDelivery(of selector: String, returnsVoid: Bool) -> Delivery {
    var delivery = Delivery(returnsVoid: returnsVoid)
    if returnsVoid {
      let observers = router.observers(named: selector)
      if !observers.isEmpty { delivery.observers = observers }
      delivery.targets = deliveryTargets(of: selector)
    } else if let known = unanswered[selector] {
      // Reported since the parent was last told, and no route changed since: still nobody's.
      delivery.fallback = known
      return delivery
    } else {
      // One answer, from the first target (a broadcast rule for a method that returns a value
      // is a setup mistake, reported when it is made), or several implementers' answers under
      // a rule that combines them.
      var combination: BoxedCombination?
      let target = router.firstTarget(forNamed: selector, combination: &combination)
      if let combination {
        delivery.targets = deliveryTargets(of: selector)
        delivery.combination = delivery.targets.isEmpty ? nil : combination
        delivery.returnType = runtime.declaration(of: selector)?.returnType
      } else if let target {
        // Moved in, not copied: a handler held weakly retains on the runtime's slow path.
        delivery.target = consume target
        return delivery
      }
    }
    if !delivery.targets.isEmpty { return delivery }
    let (fallback, isNew) = unansweredFallback(of: selector)
    delivery.fallback = fallback
    delivery.isUnanswered = isNew && delivery.observers == nil
    return delivery
  }

  /// The handlers `selector` goes to, held for its delivery.
  private func deliveryTargets(of selector: String) -> Delivery.Targets {
    var targets = Delivery.Targets()
    _ = router.forEachTarget(named: selector) { targets.append($0) }
    return targets
  }

  /// The fallback of `selector`, a message that reached no handler (its declared fallback, or
  /// else its documented default, or else zero), and whether this is the first time since the
  /// parent was last told.
  private func unansweredFallback(of selector: String) -> (DelegateFallback, isNew: Bool) {
    if let known = unanswered[selector] { return (known, false) }
    let fallback = fallback(of: selector)
    unanswered[selector] = fallback
    return (fallback, true)
  }

  /// The declared fallback of `selector`, or else its documented default, or else zero; read
  /// from what never changes, so on any thread.
  func fallback(of selector: String) -> DelegateFallback {
    fallbacks[selector] ?? DelegatePreset.documentedDefaults[selector] ?? .zero
  }

  // MARK: - Telling the parent

  /// Forgets what it remembered of the routes: call it whenever they change.
  func forgetRouteCaches() {
    directTargets.forgetAll()
    unanswered = [:]
  }

  /// Forgets the direct targets: call it before a selector is observed (its observers must see
  /// it, so it can no longer go straight to its handler).
  func forgetDirectTargets() {
    directTargets.forgetAll()
  }

  /// Asks again for every answer given, and returns the selectors whose answer changed; the
  /// parent is about to be told, so unanswered messages are reported afresh from now on.
  func changedAnswers() -> [String] {
    unanswered = [:]
    return answers.entries.compactMap { selector, old in
      routedAnswer(toSelector: selector) != old ? selector : nil
    }
  }

  // MARK: - Checks

  /// Whether a message `selector` that reaches no handler still gets its completion handler
  /// called: it takes none, or its fallback (declared, or its preset's default) calls it.
  ///
  /// A parent waits for a completion handler (WebKit raises when it is never called), so an
  /// observer alone does not make the proxy answer a method whose block nobody would call.
  func callsItsCompletion(_ selector: String) -> Bool {
    guard runtime.declaration(of: selector)?.completionArgument != nil else { return true }
    switch fallback(of: selector).answer {
    case .completion, .completionValues: return true
    default: return false
    }
  }

  /// Why `selector` cannot be observed with its arguments boxed as `[Any]`, or `nil` when it
  /// can: a method the adopted protocols declare as returning nothing.
  func observationProblem(_ selector: String) -> String? {
    switch runtime.declaration(of: selector)?.returnsVoid {
    case true?: nil
    case false?: "it returns a value, so only one handler answers it"
    case nil:
      "no adopted protocol declares it"
        + (closestSelector(to: selector, in: runtime.declaredSelectors).map {
          " (did you mean \($0)?)"
        } ?? "")
    }
  }

  /// The handlers' methods that nearly name a declared selector (``NearSelectors``).
  ///
  /// Each comes with the handler, described, and the declared selector; handlers are found by
  /// role; `declared` is ``SelectorRuntime/declaredSelectors``.
  func nearMisses(declared: [String]) -> [(handler: String, method: String, declared: String)] {
    router.liveSlots.flatMap { position, slot in
      guard slot.firstRole != nil, let handler = slot.object else {
        return [(handler: String, method: String, declared: String)]()
      }
      return NearSelectors.nearMisses(in: runtime.ownMethods(of: handler), declared: declared)
        .map { (handler: "\(slot.describe(at: position))", method: $0.0, declared: $0.1) }
    }
  }

  /// The rules keyed by a selector routed by name that no adopted protocol declares and no
  /// handler implements, each with the declared selector it resembles.
  func undeclaredRuleSelectors() -> [(selector: String, suggestion: String?)] {
    router.rules.namesWithEntries.compactMap { name in
      guard modeledAnswer(name) == nil, runtime.declaration(of: name) == nil,
        router.firstTarget(forNamed: name) == nil
      else { return nil }
      return (name, closestSelector(to: name, in: runtime.declaredSelectors))
    }
  }

  /// The fallbacks keyed by a selector that no adopted protocol declares and no handler
  /// implements, each with the declared selector it resembles: they never apply.
  func undeclaredFallbackSelectors() -> [(selector: String, suggestion: String?)] {
    fallbacks.keys.sorted().compactMap { name in
      guard modeledAnswer(name) == nil, runtime.declaration(of: name) == nil,
        router.firstTarget(forNamed: name) == nil
      else { return nil }
      return (name, closestSelector(to: name, in: runtime.declaredSelectors))
    }
  }

  /// The selectors keyed in `keys` that nobody implements while a handler implements a sibling.
  ///
  /// A key (a rule's, a fallback's) the protocols declare, with no handler, and a declared
  /// sibling of the same first part and as many arguments that a handler implements:
  /// `mapView:viewForOverlay:` keyed, as a deprecated
  /// `#selector(MKMapViewDelegate.mapView(_:viewFor:))` names it, where a handler implements
  /// `mapView:viewForAnnotation:`. Each comes with that sibling, the first in `declared`
  /// (``SelectorRuntime/declaredSelectors``, sorted).
  func unimplementedKeyedSelectors(
    _ keys: [String], declared declaredSelectors: [String]
  ) -> [(selector: String, sibling: String)] {
    keys.compactMap { key in
      guard modeledAnswer(key) == nil, runtime.declaration(of: key) != nil,
        router.firstTarget(forNamed: key) == nil
      else { return nil }
      let sibling = declaredSelectors.first { declared in
        declared != key && NearSelectors.areSiblings(key, declared)
          && router.firstTarget(forNamed: declared) != nil
      }
      return sibling.map { (key, $0) }
    }
  }
}

/// A selector as the runtime's question names it: by address where the runtime gives one (a
/// selector is a unique pointer on Apple platforms, and its name would cost a string per
/// message), or by name.
package enum SelectorKey: Hashable {
  case address(UInt)
  case name(String)
}

/// A message the Objective-C runtime hands to the proxy's `forwardInvocation:`.
package protocol ForwardedInvocation {
  /// The selector, such as `"scrollViewDidScroll:"`.
  var selectorName: String { get }
  /// Whether the method returns nothing.
  var returnsVoid: Bool { get }
  /// The arguments, boxed: objects as they are, numbers as `NSNumber`, other values as
  /// `NSValue`.
  var arguments: [Any] { get }
  /// Sends the message to `target`, which then gives the answer.
  func invoke(on target: AnyObject)
  /// The object answered so far (by a target, or an answer given), or `nil` for a method that
  /// returns no object.
  var returnedObject: Any? { get }
  /// The answer so far, boxed (a number or `Bool` as `NSNumber`, a structure as `NSValue`, an
  /// object, `nil` for no object), or `nil` for a method that returns nothing.
  var returnedValue: Any? { get }
  /// ``returnedValue``, read knowing the method's declared return type encoding (`"B"`): what
  /// a rule that combines answers reads after each handler.
  func returnedValue(declaredAs returnType: String?) -> Any?
  /// Answers zero: `0`, `false`, `nil` or a zeroed structure.
  func answerZero()
  /// Answers `value` (a number, a Boolean, an object, or a structure boxed as `NSValue`),
  /// converted to the method's return type.
  func answer(with value: Any)
  /// Answers the argument at `index`, of the method's return type.
  func answerWithArgument(at index: Int)
  /// The arguments where the runtime put them, for a message a proxy's direct-path method
  /// received; `nil` for one that is read boxed.
  var rawArguments: RawArguments? { get }
  /// Where the answer of a direct-path message goes; `nil` for another message, or one that
  /// returns nothing.
  var rawAnswer: RawAnswer? { get }
}

extension ForwardedInvocation {
  package var rawArguments: RawArguments? { nil }
  package var rawAnswer: RawAnswer? { nil }

  /// Read where the handler's method stored it, for a direct-path message (``rawAnswer``) of a
  /// type ``RawAnswer/value(declaredAs:)`` reads; boxed otherwise.
  ///
  /// On the runtime the boxed answer is a `ForwardedMessage` made for the read: one per handler
  /// cost 80 times a direct message (its signature looked up, the answer copied and boxed).
  package func returnedValue(declaredAs returnType: String?) -> Any? {
    if let returnType, let value = rawAnswer?.value(declaredAs: returnType) { return value }
    return returnedValue
  }
}

/// A selector's one handler, held weakly, as the routing remembers it: a class, so a
/// look-up copies a strong reference rather than a weak one (the runtime asks for every
/// message).
final class DirectTarget {
  let key: SelectorKey
  weak var object: AnyObject?
  init(_ object: AnyObject, key: SelectorKey) {
    self.key = key
    self.object = object
  }
}

/// The one handler of the selectors the runtime asked to forward, as the routing
/// remembers them until the routes change.
///
/// The runtime asks for every message, by the selector's address on Apple platforms: a
/// selector known by address is found in a small table indexed by its address bits, which
/// costs a shift and a compare where hashing the key would cost more than the rest of the
/// answer. Two selectors that share a slot take turns in it; selectors known by name, and those
/// turned out of a slot, are kept in a dictionary. The table is made when the first handler is
/// remembered: a proxy whose messages all reach `forwardInvocation:` (a broadcast) never pays its
/// 544 bytes.
struct DirectTargets {
  private static let slotCount = 64
  private var slots: ContiguousArray<DirectTarget?> = []
  private var byKey: [SelectorKey: DirectTarget] = [:]

  /// The handler remembered for `key`, while it lives.
  subscript(key: SelectorKey) -> AnyObject? {
    if case .address(let address) = key, !slots.isEmpty,
      let entry = slots[Self.slot(of: address)], entry.key == key
    {
      return entry.object
    }
    return byKey.isEmpty ? nil : byKey[key]?.object
  }

  /// Remembers `target` as the one handler of `key`.
  mutating func remember(_ target: AnyObject, for key: SelectorKey) {
    let entry = DirectTarget(target, key: key)
    if case .address(let address) = key {
      if slots.isEmpty { slots = ContiguousArray(repeating: nil, count: Self.slotCount) }
      let slot = Self.slot(of: address)
      if let previous = slots[slot], previous.key != key { byKey[previous.key] = previous }
      slots[slot] = entry
      byKey[key] = nil
    } else {
      byKey[key] = entry
    }
  }

  /// Forgets every handler: the routes changed, or a selector is now observed.
  mutating func forgetAll() {
    for index in slots.indices { slots[index] = nil }
    byKey = [:]
  }

  /// The slot of a selector's address: its bits above the alignment of a pointer.
  private static func slot(of address: UInt) -> Int {
    Int(truncatingIfNeeded: (address >> 3) & UInt(slotCount - 1))
  }
}

/// A weak reference to a handler.
package struct WeakHandler {
  package weak var object: AnyObject?
  package init(_ object: AnyObject?) { self.object = object }
}

/// The selector of `selectors` nearest to `name`, if one is close enough to be a misspelling.
func closestSelector(to name: String, in selectors: [String]) -> String? {
  let candidates = selectors.map { ($0, editDistance($0, name)) }
  guard let best = candidates.min(by: { $0.1 < $1.1 }) else { return nil }
  return best.1 <= max(2, name.count / 8) ? best.0 : nil
}

/// The Levenshtein distance between two strings.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a.utf8)
  let b = Array(b.utf8)
  var previous = Array(0...b.count)
  for (i, x) in a.enumerated() {
    var current = [i + 1] + Array(repeating: 0, count: b.count)
    for (j, y) in b.enumerated() {
      current[j + 1] = Swift.min(
        previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
    }
    previous = current
  }
  return previous[b.count]
}

/// What the proxies' default `onError` does with `error`: a debug build stops with its
/// description when it is a setup mistake; a problem met at run time and recovered from is
/// only kept in `errors` (and printed, in a debug build), since it follows from events such as
/// a screen's teardown or another library taking the delegate.
func reportByDefault(_ error: some CustomStringConvertible, isSetupMistake: Bool) {
  if isSetupMistake {
    assertionFailure("\(error)")
  } else {
    #if DEBUG
    print("Switchboard recovered: \(error)")
    #endif
  }
}
