import Foundation
import Testing

@testable import Switchboard

private typealias P = ModelDelegateProtocol

// A rule that combines answers reads each handler's answer back. On the direct path (the
// proxy's method of the message's shape, Sources/SwitchboardObjC/SWBDirectPath.m) a handler's
// method stores its answer in the message's answer, as Tests/ObjCRuntimeTests/DirectPathTests.m
// checks on the GNU runtime, and the routing reads it there as the method declares it, with no
// ForwardedMessage made per handler (the model's handlers answer as values instead: this file
// stores them as the runtime does).

/// A direct-path message whose handlers' methods store their answers as the runtime's do: a
/// `BOOL` in the answer word's low byte (with what the method left above it), an object's
/// address, a double's bits.
private final class StoredAnswerMessage: ForwardedInvocation {
  let selectorName: String
  private let returnCode: UInt8
  private let storage = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
  /// The objects answered, kept as the caller's autorelease pool keeps a method's answer.
  private var answered: [AnyObject] = []
  /// How many times an answer was read boxed: on the runtime, a `ForwardedMessage` each.
  private(set) var boxedReads = 0

  init(_ selector: String) {
    selectorName = selector
    let types = TypeEncoding.types(in: ModelDelegateProtocol.method(selector)?.types ?? "v")
    returnCode = types.first?.utf8.first ?? 0
    storage.storeBytes(of: 0, as: UInt.self)
  }

  deinit { storage.deallocate() }

  var returnsVoid: Bool { false }
  var arguments: [Any] { [] }
  var rawAnswer: RawAnswer? {
    RawAnswer(address: storage, kind: UInt8(ascii: returnCode == UInt8(ascii: "d") ? "D" : "W"))
  }

  func invoke(on target: AnyObject) {
    store((target as? any NSObjectLike)?.perform(selectorName, []))
  }

  /// Stores `value` as a method returning the declared type leaves it.
  private func store(_ value: Any?) {
    switch returnCode {
    case UInt8(ascii: "d"):
      storage.storeBytes(of: (value as? Double) ?? 0, as: Double.self)
    case UInt8(ascii: "@"):
      let object = value.map { $0 as AnyObject }
      if let object { answered.append(object) }
      let address = object.map { UInt(bitPattern: Unmanaged.passUnretained($0).toOpaque()) }
      storage.storeBytes(of: address ?? 0, as: UInt.self)
    default:
      // Above the BOOL's byte, what the method left in its register.
      storage.storeBytes(of: 0xA5A5_A500 | ((value as? Bool) == true ? 1 : 0), as: UInt.self)
    }
  }

  var returnedObject: Any? {
    boxedReads += 1
    return nil
  }
  var returnedValue: Any? {
    boxedReads += 1
    return nil
  }
  func answerZero() { storage.storeBytes(of: 0, as: UInt.self) }
  func answer(with value: Any) { store(value) }
  func answerWithArgument(at index: Int) {}

  /// The answer, as the parent reads it.
  var answer: Any? {
    switch returnCode {
    case UInt8(ascii: "d"): storage.load(as: Double.self)
    case UInt8(ascii: "@"): storage.load(as: AnyObject?.self)
    default: storage.load(as: UInt8.self) != 0
    }
  }
}

@Suite("describe: a combined answer read back where each handler's method stored it")
struct AnswerReadBackSpecs {
  /// A routing whose rule for `selector` is `rule`, over `handlers`.
  private func routing(
    _ handlers: [(role: HandlerRole, handler: AnyObject)], _ rule: RoutingRule<Never>,
    for selector: String
  ) -> DelegateRouting<Never> {
    var rules = RoutingRules<Never>()
    rules[named: selector] = rule
    return DelegateRouting(
      handlers: handlers, rules: rules, fallbacks: [:], runtime: ModelDelegateRuntime(),
      schedule: { _ in })
  }

  /// Sends `selector` through `routing` on the direct path: its answer, and how many answers
  /// were read boxed.
  private func send(_ routing: DelegateRouting<Never>, _ selector: String) -> (Any?, Int) {
    let message = StoredAnswerMessage(selector)
    routing.forward(message)
    return (message.answer, message.boxedReads)
  }

  @Test("it: all must allow reads each BOOL in place, whatever lies above its byte")
  func allMustAllow() {
    let formatter = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: true])
    let model = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: true])
    let routing = routing(
      [(.view, formatter), (.viewModel, model)], .allMustAllow, for: P.shouldReturn)
    let (answer, boxedReads) = send(routing, P.shouldReturn)
    #expect(answer as? Bool == true)
    #expect(formatter.received == [P.shouldReturn] && model.received == [P.shouldReturn])
    #expect(boxedReads == 0)
    #expect(routing.errors.isEmpty)
  }

  @Test("it: the first refusal read in place stops the handlers after it")
  func refusal() {
    let first = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: true])
    let refusing = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: false])
    let last = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: true])
    let routing = routing(
      [(.view, first), (.viewModel, refusing), ("last", last)], .allMustAllow,
      for: P.shouldReturn)
    let (answer, boxedReads) = send(routing, P.shouldReturn)
    #expect(answer as? Bool == false)
    #expect(first.received == [P.shouldReturn] && refusing.received == [P.shouldReturn])
    #expect(last.received.isEmpty)
    #expect(boxedReads == 0)
  }

  @Test("it: a handler that does not implement the method is not asked, and its answer not read")
  func nonImplementer() {
    let first = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: true])
    let other = DelegateHandler([P.textDidChange])
    let last = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: false])
    let routing = routing(
      [(.view, first), (.viewModel, other), ("last", last)], .allMustAllow, for: P.shouldReturn)
    let (answer, boxedReads) = send(routing, P.shouldReturn)
    #expect(answer as? Bool == false)
    #expect(other.received.isEmpty && last.received == [P.shouldReturn])
    #expect(boxedReads == 0)
  }

  @Test("it: the first non-nil object read in place is the answer")
  func firstNonNil() {
    let clusters = DelegateHandler([P.viewForAnnotation])
    let pins = DelegateHandler(
      [P.viewForAnnotation], answers: [P.viewForAnnotation: "pin" as NSString])
    let dots = DelegateHandler(
      [P.viewForAnnotation], answers: [P.viewForAnnotation: "dot" as NSString])
    let routing = routing(
      [(.view, clusters), (.viewModel, pins), ("dots", dots)], .firstNonNil,
      for: P.viewForAnnotation)
    let (answer, boxedReads) = send(routing, P.viewForAnnotation)
    #expect((answer as? NSString) == "pin")
    #expect(clusters.received == [P.viewForAnnotation] && dots.received.isEmpty)
    #expect(boxedReads == 0)
  }

  @Test("it: a combining closure folds the doubles read in place")
  func fold() {
    let handlers = [44.0, 60.0, 52.0].map {
      DelegateHandler([P.rowHeight], answers: [P.rowHeight: $0])
    }
    let routing = routing(
      [(.view, handlers[0]), (.viewModel, handlers[1]), ("c", handlers[2])],
      .combining("tallest", as: Double.self, max), for: P.rowHeight)
    let (answer, boxedReads) = send(routing, P.rowHeight)
    #expect(answer as? Double == 60)
    #expect(handlers.allSatisfy { $0.received == [P.rowHeight] })
    #expect(boxedReads == 0)
    #expect(routing.errors.isEmpty)
  }
}

@Suite("describe: an answer read where it is stored, as its declared type")
struct RawAnswerValueSpecs {
  /// `value` stored in a word (or the first bytes of four), read as `returnType` from a stored
  /// answer of `kind`.
  private func read<Value>(_ value: Value, kind: Unicode.Scalar = "W", as returnType: String)
    -> Any??
  {
    let storage = UnsafeMutableRawPointer.allocate(byteCount: 32, alignment: 16)
    defer { storage.deallocate() }
    storage.initializeMemory(as: UInt8.self, repeating: 0xA5, count: 32)
    storage.storeBytes(of: value, as: Value.self)
    return RawAnswer(address: storage, kind: UInt8(ascii: kind)).value(declaredAs: returnType)
  }

  @Test("it: a BOOL is its low byte, as an NSNumber, whatever lies above it")
  func bool() {
    #expect((read(UInt8(1), as: "B") as? NSNumber)?.boolValue == true)
    #expect((read(UInt8(0), as: "B") as? NSNumber)?.boolValue == false)
    #expect((read(Int8(1), as: "c") as? NSNumber)?.int8Value == 1)
    #expect((read(UInt8(0), as: "C") as? NSNumber)?.uint8Value == 0)
  }

  @Test("it: an integer is read at its width, signed or not")
  func integers() {
    #expect((read(Int8(-3), as: "c") as? NSNumber)?.int8Value == -3)
    #expect((read(Int16(-300), as: "s") as? NSNumber)?.int16Value == -300)
    #expect((read(UInt16(60_000), as: "S") as? NSNumber)?.uint16Value == 60_000)
    #expect((read(Int32(-70_000), as: "i") as? NSNumber)?.int32Value == -70_000)
    #expect((read(UInt32.max, as: "I") as? NSNumber)?.uint32Value == .max)
    #expect((read(Int.min, as: "q") as? NSNumber)?.intValue == .min)
    #expect((read(UInt.max, as: "Q") as? NSNumber)?.uintValue == .max)
    #expect((read(-5, as: "l") as? NSNumber)?.intValue == -5)
    #expect((read(UInt(7), as: "L") as? NSNumber)?.uintValue == 7)
  }

  @Test("it: a pointer is its address, as an NSNumber")
  func pointer() {
    #expect((read(UInt(0x1000), as: "^v") as? NSNumber)?.uint64Value == 0x1000)
    #expect((read(UInt(0x2000), as: "*") as? NSNumber)?.uint64Value == 0x2000)
  }

  @Test("it: an object is itself, nil is nil, a double is an NSNumber")
  func objectsAndDoubles() {
    let object = NSString(string: "cell")
    let address = UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    #expect((read(address, as: "@") as? NSString) === object)
    let none = read(UInt(0), as: "@")
    #expect(none != nil && none! == nil)
    #expect((read(2.5, kind: "D", as: "d") as? NSNumber)?.doubleValue == 2.5)
  }

  @Test("it: a structure of the direct path's kinds is an NSValue of its type")
  func structure() throws {
    let value = try #require(read((1.5, 2.5), kind: "P", as: "{CGPoint=dd}") as? NSValue)
    var point = (1.5, 2.5)
    #expect(value == NSValue(bytes: &point, objCType: "{CGPoint=dd}"))
  }

  @Test("it: a type the stored kind cannot hold, or one read boxed, is not read in place")
  func notInPlace() {
    #expect(read(2.5, kind: "W", as: "d") == nil)
    #expect(read(UInt8(1), kind: "D", as: "B") == nil)
    #expect(read(UInt(0), kind: "W", as: "{CGPoint=dd}") == nil)
    #expect(read(UInt(0), as: ":") == nil)
    #expect(read(UInt(0), as: "") == nil)
  }
}
