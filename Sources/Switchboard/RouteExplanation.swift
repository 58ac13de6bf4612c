/// Why a message goes where it goes: the rule that applied, the handler it chose, and the
/// candidates it chose from.
///
/// ```swift
/// print(proxy.explain(.didSelectRow))
/// // didSelectRow → view (Screen), by rule 'only view'
/// ```
public struct RouteExplanation<Message: MessageSet>: Hashable, Sendable, CustomStringConvertible {
  /// Where the message goes.
  public enum Outcome: Hashable, Sendable {
    /// To exactly this handler.
    case handler(HandlerDescription)
    /// To each of these handlers, in order.
    case broadcast([HandlerDescription])
    /// To nobody, by the rule's decision; the reason says why.
    case unhandled(reason: String)
    /// To nobody, because the rule's choice was invalid.
    case failed(RoutingError<Message>)
  }

  /// The message explained, or `nil` for a message named at run time (see ``name``).
  public let message: Message?
  /// The message's name: its case name (`"didSelectRow"`), or the name it was asked for with
  /// (an Objective-C selector such as `"scrollViewDidScroll:"`).
  public let name: String
  /// The name of the rule that applied.
  public let rule: String
  /// Where the message goes.
  public let outcome: Outcome
  /// Every live handler, in priority order, and whether it implements the message.
  public let candidates: [HandlerDescription]

  /// Creates an explanation.
  ///
  /// The proxy creates these; tests may build expected values with it.
  public init(
    message: Message, rule: String, outcome: Outcome, candidates: [HandlerDescription]
  ) {
    self.init(
      message: message, name: "\(message)", rule: rule, outcome: outcome, candidates: candidates)
  }

  /// Creates an explanation of the message named `name`.
  public init(name: String, rule: String, outcome: Outcome, candidates: [HandlerDescription]) {
    self.init(message: nil, name: name, rule: rule, outcome: outcome, candidates: candidates)
  }

  init(
    message: Message?, name: String, rule: String, outcome: Outcome,
    candidates: [HandlerDescription]
  ) {
    self.message = message
    self.name = name
    self.rule = rule
    self.outcome = outcome
    self.candidates = candidates
  }

  /// The handlers that receive the message, in order; empty when nobody does.
  public var targets: [HandlerDescription] {
    switch outcome {
    case .handler(let handler): [handler]
    case .broadcast(let handlers): handlers
    case .unhandled, .failed: []
    }
  }

  /// A short text for the target column of a routing table: `"view (Screen)"`,
  /// `"view (Screen), #1 (Model)"`, `"nobody"` or `"✗ error"`.
  public var targetSummary: String {
    switch outcome {
    case .handler(let handler): handler.description
    case .broadcast(let handlers): handlers.map(\.description).joined(separator: ", ")
    case .unhandled: "nobody"
    case .failed: "✗ error"
    }
  }

  /// `"didSelectRow → view (Screen), by rule 'only view'"`, with the reason or the error appended
  /// when the message goes nowhere.
  public var description: String {
    let head = "\(name) → \(targetSummary), by rule '\(rule)'"
    switch outcome {
    case .handler, .broadcast: return head
    case .unhandled(let reason): return "\(head): \(reason)"
    case .failed(let error): return "\(head): \(error)"
    }
  }
}
