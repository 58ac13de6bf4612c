extension RoutingRule {
  /// Asks every implementer, in priority order, and answers `true` only when all of them allow.
  ///
  /// For a message that answers `Bool` (or `Bool?`, where `nil` means no opinion), such as a
  /// `should…` check that a formatter and a view model must both pass:
  ///
  /// ```swift
  /// proxy.rules[.canEditRow] = .allMustAllow
  /// // canEditRow → formatter (Formatter), viewModel (Model), by rule 'all must allow'
  /// ```
  ///
  /// Short-circuit: the first `false` is the answer, and the implementers after it are not
  /// asked. Otherwise the answer is `true`, or `nil` when every implementer answered `nil`. A handler released meanwhile is skipped. With one implementer the message goes to
  /// it, as with ``firstImplementer``; with none, the call answers its default.
  ///
  /// A message whose answer is not `Bool` fails to route with
  /// ``RoutingError/Kind-swift.enum/answerTypeMismatch(expected:actual:)``, as soon as the
  /// rule is set when the message set declares its ``MessageSet/answerType``, otherwise on the
  /// first send (reported to ``PrioritizedProxy/onError``; the first implementer answers).
  public static var allMustAllow: Self {
    Self("all must allow", kind: .combining(AnswerCombiner(.allMustAllow)))
  }

  /// Asks the implementers in priority order and answers the first answer that is not `nil`.
  ///
  /// For a message that answers an optional, such as a view, a title or a menu that the
  /// first handler with an opinion provides:
  ///
  /// ```swift
  /// proxy.rules[.titleForHeader] = .firstNonNil
  /// ```
  ///
  /// Short-circuit: the implementers after the first non-`nil` answer are not asked. When all
  /// answer `nil`, the answer is `nil`. The answer must be an optional; see ``allMustAllow``
  /// for how another type is refused.
  public static var firstNonNil: Self {
    Self("first non-nil", kind: .combining(AnswerCombiner(.firstNonNil)))
  }

  /// Asks every implementer in priority order and combines their answers with `combine`, two at
  /// a time: the first answer with the second, that result with the third, and so on.
  ///
  /// ```swift
  /// proxy.rules[.heightForRow] = .combining("tallest", as: Double?.self) { first, next in
  ///   max(first ?? 0, next ?? 0)
  /// }
  /// ```
  ///
  /// Every implementer is asked; one implementer's answer is the answer. `Answer` must be the
  /// message's answer type; see ``allMustAllow`` for how another type is refused.
  ///
  /// - Parameters:
  ///   - name: A short name for explanations, such as `"tallest"`.
  ///   - answerType: The message's answer type.
  ///   - combine: Combines the answer so far with the next implementer's. It runs in the
  ///     proxy's isolation domain, during the send.
  /// - Returns: The rule, named `name`.
  public static func combining<Answer>(
    _ name: String, as answerType: Answer.Type,
    _ combine: @escaping @Sendable (Answer, Answer) -> Answer
  ) -> Self {
    Self(name, kind: .combining(AnswerCombiner(.fold(AnswerFold(combine)))))
  }

  /// Whether the rule combines the answers of several implementers: ``allMustAllow``,
  /// ``firstNonNil`` or one made by ``combining(_:as:_:)``.
  public var combinesAnswers: Bool {
    if case .combining = kind { return true }
    return false
  }

  /// Whether the rule combines answers of type `answerType`; `false` for a rule that combines
  /// no answers.
  package func combinesAnswers(of answerType: Any.Type) -> Bool {
    guard case .combining(let combiner) = kind else { return false }
    return combiner.fits(answerType)
  }
}

/// How a rule that combines answers combines them; kept by each route it makes.
@usableFromInline
final class AnswerCombiner: Sendable {
  @usableFromInline
  enum Kind: Sendable {
    case allMustAllow
    case firstNonNil
    case fold(AnyAnswerFold)
  }

  @usableFromInline let kind: Kind

  init(_ kind: Kind) { self.kind = kind }

  /// The way, without the fold's closure.
  var way: CombiningWay {
    switch kind {
    case .allMustAllow: .allMustAllow
    case .firstNonNil: .firstNonNil
    case .fold: .fold
    }
  }

  /// Whether the answers of a message answering `type` can be combined this way.
  @inlinable @inline(__always)
  func fits(_ type: Any.Type) -> Bool {
    switch kind {
    case .allMustAllow: CombiningWay.allMustAllow.fits(type)
    case .firstNonNil: CombiningWay.firstNonNil.fits(type)
    case .fold(let fold):
      // An optional object, as a selector declares one (`AnyObject?`), is combined as the
      // optional of the object type the rule names (`UIMenu?`).
      type == fold.answerType
        || (type == AnyObject?.self && fold.answerType is any OptionalAnswer.Type)
    }
  }

  /// The answer type this way combines, in words: `"Bool"`, `"an optional"`, `"Double?"`.
  var expected: String {
    switch kind {
    case .allMustAllow: "Bool or Bool?"
    case .firstNonNil: "an optional"
    case .fold(let fold): "\(fold.answerType)"
    }
  }
}

/// How a route combines answers, as a value: what a send reads for every message (reading the
/// route's ``AnswerCombiner``, an object, would retain and release it).
@usableFromInline
enum CombiningWay: Sendable {
  case allMustAllow
  case firstNonNil
  case fold

  /// Whether answers of `type` combine this way; `false` for `.fold`, whose answer type is its
  /// rule's (``AnswerCombiner/fits(_:)``).
  @inlinable @inline(__always)
  func fits(_ type: Any.Type) -> Bool {
    switch self {
    case .allMustAllow: type == Bool.self || type == Bool?.self
    case .firstNonNil: type is any OptionalAnswer.Type
    case .fold: false
    }
  }
}

/// A combining closure, its answer type erased.
@usableFromInline
class AnyAnswerFold: @unchecked Sendable {
  @usableFromInline let answerType: Any.Type
  init(answerType: Any.Type) { self.answerType = answerType }

  /// Combines two answers given boxed; `nil` when either is not of the answer type.
  func combine(boxed first: Any?, _ next: Any?) -> Any?? { nil }
}

/// A combining closure over `Answer`s.
@usableFromInline
final class AnswerFold<Answer>: AnyAnswerFold, @unchecked Sendable {
  @usableFromInline let combine: @Sendable (Answer, Answer) -> Answer
  init(_ combine: @escaping @Sendable (Answer, Answer) -> Answer) {
    self.combine = combine
    super.init(answerType: Answer.self)
  }

  override func combine(boxed first: Any?, _ next: Any?) -> Any?? {
    guard let first = first as? Answer, let next = next as? Answer else { return nil }
    return .some(combine(first, next))
  }
}

/// How a rule combines the answers of a message named at run time, for a proxy that reads them
/// boxed (an Objective-C method's answers, as `NSNumber`s, `NSValue`s and objects).
package enum BoxedCombination {
  /// Every implementer must allow (`Bool`): the first `false` is the answer.
  case allMustAllow
  /// The first answer that is not `nil`.
  case firstNonNil
  /// Every answer, combined by the rule's closure; its result is `nil` when an answer is not
  /// of the rule's type (`expected`).
  case fold(expected: String, combine: (Any?, Any?) -> Any??)
}

extension PrioritizedProxy {
  /// The first target of the message named `name`, as ``firstTarget(forNamed:)`` finds it,
  /// and how its rule combines the answers when it sends the message to several.
  ///
  /// What a proxy reading answers boxed asks for each message that returns a value: a route to
  /// one handler, the usual one, costs no more than ``firstTarget(forNamed:)``.
  package func firstTarget(
    forNamed name: String, combination: inout BoxedCombination?
  ) -> AnyObject? {
    var first: AnyObject?
    let count = forEachTarget(named: name) { target in
      if first == nil { first = target }
    }
    if count > 1, let combiner = namedRoutes[name]?.combiner {
      switch combiner.kind {
      case .allMustAllow: combination = .allMustAllow
      case .firstNonNil: combination = .firstNonNil
      case .fold(let fold): combination = .fold(expected: combiner.expected, combine: fold.combine)
      }
    }
    return first
  }
}

/// An optional, whatever it wraps: what ``RoutingRule/firstNonNil`` asks of an answer.
@usableFromInline
protocol OptionalAnswer {
  var isNone: Bool { get }
}

extension Optional: OptionalAnswer {
  @usableFromInline var isNone: Bool { self == nil }
}

/// The answers of a combining route so far, as a send gathers them.
@usableFromInline
struct CombinedAnswer<Result> {
  // The way carries no payload, and the fold is apart: reading the way for each answer copies
  // nothing (a payload would be retained and released at every answer).
  @usableFromInline let way: CombiningWay
  /// The rule's closure, for `.fold`.
  @usableFromInline let fold: ((Result, Result) -> Result)?
  /// The answer so far.
  @usableFromInline var answer: Result?
  /// Whether the answer is final: the implementers still to come are not asked.
  @usableFromInline var isFinal = false

  /// Starts combining answers of type `Result` by `way`, which is not `.fold`; `nil` when they
  /// do not fit it.
  @inlinable @inline(__always)
  init?(_ way: CombiningWay) {
    guard way != .fold, way.fits(Result.self) else { return nil }
    self.way = way
    fold = nil
  }

  /// Starts folding answers of type `Result` with the closure of `combiner`, a fold; `nil` when
  /// they do not fit it.
  @inlinable
  init?(folding combiner: AnswerCombiner?) {
    guard let combiner, combiner.fits(Result.self), case .fold(let rule) = combiner.kind else {
      return nil
    }
    way = .fold
    // `fits` compared the fold's answer type with `Result`.
    fold = unsafeDowncast(rule, to: AnswerFold<Result>.self).combine
  }

  /// Adds the next implementer's answer.
  @inlinable @inline(__always)
  mutating func add(_ next: Result) {
    switch way {
    case .allMustAllow:
      // `next as? Bool` is `nil` for a `Bool?` answer of `nil`: no opinion, which allows.
      let allows = next as? Bool
      if allows == false {
        answer = next
        isFinal = true
      } else if answer == nil || allows == true {
        answer = next
      }
    case .firstNonNil:
      answer = next
      isFinal = (next as? any OptionalAnswer)?.isNone == false
    case .fold:
      answer = answer.map { fold.unsafelyUnwrapped($0, next) } ?? next
    }
  }
}
