import Switchboard
import Testing

/// Rules that combine the answers of every implementer of a value-returning message, in
/// priority order: all must allow, the first non-nil answer, and a combining closure.
@MainActor
@Suite("describe: a rule that combines answers")
struct CombiningRuleSpecs {

  /// An edit screen's questions: may editing begin, what placeholder, how wide.
  enum EditMessage: MessageSet {
    case shouldBegin, placeholder, width, didEnd

    var isNotification: Bool { self == .didEnd }

    var answerType: Any.Type? {
      switch self {
      case .shouldBegin: Bool.self
      case .placeholder: String?.self
      case .width: Double.self
      case .didEnd: Void.self
      }
    }

    func isImplemented(by handler: AnyObject) -> Bool {
      switch self {
      case .shouldBegin: handler is any BeginChecking
      case .placeholder: handler is any Placeholding
      case .width: handler is any Sizing
      case .didEnd: handler is any EndObserving
      }
    }
  }
  protocol BeginChecking: AnyObject { func shouldBegin() -> Bool }
  protocol Placeholding: AnyObject { func placeholder() -> String? }
  protocol Sizing: AnyObject { func width() -> Double }
  protocol EndObserving: AnyObject { func didEnd() }

  /// Answers as told, and records each question in a log shared by every handler.
  final class Editor: BeginChecking, Placeholding, Sizing {
    let name: String
    let allows: Bool
    let text: String?
    let size: Double
    let log: Log
    init(_ name: String, allows: Bool = true, text: String? = nil, size: Double = 0, log: Log) {
      self.name = name
      self.allows = allows
      self.text = text
      self.size = size
      self.log = log
    }
    func shouldBegin() -> Bool {
      log.asked.append(name)
      return allows
    }
    func placeholder() -> String? {
      log.asked.append(name)
      return text
    }
    func width() -> Double {
      log.asked.append(name)
      return size
    }
  }
  final class Log { var asked: [String] = [] }

  private func proxy(
    _ rules: RoutingRules<EditMessage>, _ editors: Editor...
  ) -> PrioritizedProxy<EditMessage> {
    let proxy = PrioritizedProxy<EditMessage>(rules: rules)
    for editor in editors { proxy.add(editor, retention: .strong) }
    return proxy
  }

  @Suite("context: all must allow")
  @MainActor
  struct AllMustAllow {
    @Test("it: answers true when every implementer allows, asking each in priority order")
    func everyImplementerAllows() {
      let log = Log()
      let formatter = Editor("formatter", log: log)
      let model = Editor("model", log: log)
      let proxy = CombiningRuleSpecs().proxy([.shouldBegin: .allMustAllow], formatter, model)
      let allowed = proxy.send(.shouldBegin, as: (any BeginChecking).self, default: true) {
        $0.shouldBegin()
      }
      #expect(allowed)
      #expect(log.asked == ["formatter", "model"])
      #expect(
        proxy.explain(.shouldBegin).description
          == "shouldBegin → #0 (Editor), #1 (Editor), by rule 'all must allow'")
    }

    @Test("it: stops at the first false: the implementers after it are not asked")
    func shortCircuits() {
      let log = Log()
      let formatter = Editor("formatter", allows: false, log: log)
      let model = Editor("model", log: log)
      let proxy = CombiningRuleSpecs().proxy([.shouldBegin: .allMustAllow], formatter, model)
      let allowed = proxy.send(.shouldBegin, as: (any BeginChecking).self, default: true) {
        $0.shouldBegin()
      }
      #expect(!allowed)
      #expect(log.asked == ["formatter"])
    }

    @Test("it: answers false when a lower implementer refuses")
    func lowerRefuses() {
      let log = Log()
      let proxy = CombiningRuleSpecs().proxy(
        [.shouldBegin: .allMustAllow], Editor("a", log: log), Editor("b", log: log),
        Editor("c", allows: false, log: log))
      #expect(
        !proxy.send(.shouldBegin, as: (any BeginChecking).self, default: true) {
          $0.shouldBegin()
        })
      #expect(log.asked == ["a", "b", "c"])
    }

    @Test("it: skips an implementer released since the route was made, and asks the others")
    func releasedImplementer() {
      let log = Log()
      let kept = Editor("kept", log: log)
      let proxy = PrioritizedProxy<EditMessage>(rules: [.shouldBegin: .allMustAllow])
      do {
        let refusing = Editor("refusing", allows: false, log: log)
        proxy.add(refusing)
        proxy.add(kept)
        #expect(proxy.targets(for: .shouldBegin).count == 2)
      }
      let allowed = proxy.send(.shouldBegin, as: (any BeginChecking).self, default: false) {
        $0.shouldBegin()
      }
      #expect(allowed)
      #expect(log.asked == ["kept"])
    }

    @Test("it: answers the default when nobody implements the message")
    func nobody() {
      let proxy = PrioritizedProxy<EditMessage>(rules: [.shouldBegin: .allMustAllow])
      proxy.add(Bystander())
      #expect(
        proxy.send(.shouldBegin, as: (any BeginChecking).self, default: true) {
          $0.shouldBegin()
        })
    }
  }

  @Suite("context: the first non-nil answer")
  @MainActor
  struct FirstNonNil {
    @Test("it: answers the first implementer's answer that is not nil, asking no further")
    func firstAnswer() {
      let log = Log()
      let proxy = CombiningRuleSpecs().proxy(
        [.placeholder: .firstNonNil], Editor("silent", log: log),
        Editor("model", text: "Name", log: log), Editor("fallback", text: "Text", log: log))
      let text = proxy.send(.placeholder, as: (any Placeholding).self, default: nil) {
        $0.placeholder()
      }
      #expect(text == "Name")
      #expect(log.asked == ["silent", "model"])
    }

    @Test("it: answers nil when every implementer does")
    func allNil() {
      let log = Log()
      let proxy = CombiningRuleSpecs().proxy(
        [.placeholder: .firstNonNil], Editor("a", log: log), Editor("b", log: log))
      let text = proxy.send(.placeholder, as: (any Placeholding).self, default: "default") {
        $0.placeholder()
      }
      #expect(text == nil)
      #expect(log.asked == ["a", "b"])
    }
  }

  @Suite("context: a combining closure")
  @MainActor
  struct Combining {
    @Test("it: folds every implementer's answer in priority order")
    func folds() {
      let log = Log()
      let widest = RoutingRule<EditMessage>.combining("widest", as: Double.self) { max($0, $1) }
      let proxy = CombiningRuleSpecs().proxy(
        [.width: widest], Editor("a", size: 40, log: log), Editor("b", size: 120, log: log),
        Editor("c", size: 80, log: log))
      let width = proxy.send(.width, as: (any Sizing).self, default: 0) { $0.width() }
      #expect(width == 120)
      #expect(log.asked == ["a", "b", "c"])
      #expect(proxy.explain(.width).rule == "widest")
    }

    @Test("it: combines in priority order, the first answer on the left")
    func order() {
      let log = Log()
      let difference = RoutingRule<EditMessage>.combining("difference", as: Double.self) {
        $0 - $1
      }
      let proxy = CombiningRuleSpecs().proxy(
        [.width: difference], Editor("a", size: 100, log: log), Editor("b", size: 30, log: log))
      #expect(proxy.send(.width, as: (any Sizing).self, default: 0) { $0.width() } == 70)
    }

    @Test("it: sends to one implementer as the first-implementer rule does")
    func oneImplementer() {
      let log = Log()
      let proxy = CombiningRuleSpecs().proxy(
        [.width: .combining("sum", as: Double.self, +)], Editor("only", size: 12, log: log))
      #expect(proxy.send(.width, as: (any Sizing).self, default: 0) { $0.width() } == 12)
      #expect(proxy.explain(.width).description == "width → #0 (Editor), by rule 'sum'")
    }
  }

  @Suite("context: a rule whose answer type does not fit the message")
  @MainActor
  struct TypeMismatch {
    @Test("it: fails the route when the rule is set, naming both types and the fix")
    func refusedAtSetTime() {
      let log = Log()
      let proxy = CombiningRuleSpecs().proxy(
        [:], Editor("a", size: 1, log: log), Editor("b", size: 2, log: log))
      proxy.rules[.width] = .allMustAllow
      let error = proxy.routingErrors.first
      #expect(error?.kind == .answerTypeMismatch(expected: "Bool or Bool?", actual: "Double"))
      #expect(throws: RoutingError<EditMessage>.self) { try proxy.validate() }
      let text = error?.description ?? ""
      #expect(text.contains("rule 'all must allow' combines answers of type Bool or Bool?"))
      #expect(text.contains("width answers Double"))
      #expect(text.contains(".combining(_:as:_:) with Double"))
      #expect(log.asked.isEmpty)
    }

    @Test("it: refuses a first-non-nil rule on a message that answers no optional")
    func firstNonNilOnANumber() {
      let proxy = PrioritizedProxy<EditMessage>(rules: [.width: .firstNonNil])
      #expect(
        proxy.routingErrors.map(\.kind) == [
          .answerTypeMismatch(expected: "an optional", actual: "Double")
        ])
    }

    @Test("it: refuses a combining closure of another type, and a notification")
    func otherTypeAndNotification() {
      let proxy = PrioritizedProxy<EditMessage>(rules: [
        .width: .combining("sum", as: Int.self, +), .didEnd: .allMustAllow,
      ])
      #expect(
        Set(proxy.routingErrors.map(\.kind)) == [
          .answerTypeMismatch(expected: "Int", actual: "Double"),
          .answerTypeMismatch(expected: "Bool or Bool?", actual: "()"),
        ])
    }

    @Test(
      "it: when the set declares no answer type, reports at the first send and answers the first implementer's"
    )
    func undeclaredType() {
      let log = Log()
      let proxy = PrioritizedProxy<UndeclaredMessage>(rules: [.width: .allMustAllow])
      proxy.add(Editor("a", size: 5, log: log), retention: .strong)
      proxy.add(Editor("b", size: 9, log: log), retention: .strong)
      var reported: [RoutingError<UndeclaredMessage>] = []
      proxy.onError = { reported.append($0) }
      #expect(proxy.routingErrors.isEmpty)
      let width = proxy.send(.width, as: (any Sizing).self, default: 0) { $0.width() }
      _ = proxy.send(.width, as: (any Sizing).self, default: 0) { $0.width() }
      #expect(width == 5)
      #expect(log.asked == ["a", "a"])
      #expect(
        reported.map(\.kind) == [.answerTypeMismatch(expected: "Bool or Bool?", actual: "Double")]
      )
    }
  }

  /// A set that declares no answer types, as sets written before answer types do.
  enum UndeclaredMessage: MessageSet {
    case width
    func isImplemented(by handler: AnyObject) -> Bool { handler is any Sizing }
  }
}
