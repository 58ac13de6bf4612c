import Foundation
import Testing

@testable import Switchboard

// Every kind of argument and answer that the iOS SDK's delegate and data-source protocols
// declare, driven through a closure, `observe(_:as:)` and `events` on the real Swift runtime:
// types are decided from their metadata (protocol existentials print as their protocol's name,
// `Error`, not `any Error`), values arrive boxed as the Objective-C base boxes them
// (Sources/SwitchboardObjC, run on the GNU runtime by Scripts/objc-runtime-tests.sh).
//
// The kinds and their counts come from `python3 Scripts/delegate-argument-kinds.py <iOS SDK>`
// over the iOS 18.6 SDK's public headers (340 delegate and data-source protocols): arguments
// that are objects 2,835, protocol existentials 158 (+18 optional), blocks 152, NS_ENUMs 97,
// optional objects 96, integers 87, errors 69 (+71 optional), Bools 46, CGPoints 27, NSRanges 25,
// Core Foundation objects 19, floating-point numbers 14, NS_OPTIONS 12, CMTimes 12, pointers 8
// (+7 to objects), CGRects 8, selectors 7; answers returning nothing 1,334, a Bool 181, an
// optional object 117, a protocol existential 15, an NS_ENUM 29, structures 13, a class 4.
//
// Kinds this machine cannot run, and how they are covered instead: a block (`@?`: GCC and
// Linux Swift have none; the model passes an object, DelegateProxySpecs "a completion
// handler"), a Core Foundation object (Linux has no foreign classes; read by
// `uncheckedForeignObject`, compiled for iOS), and a structure other than CGPoint, CGSize,
// CGRect and NSRange (swift-corelibs-foundation cannot box one; accepted here by its encoding,
// read on Apple platforms by `uncheckedStructure`).

/// A class-bound protocol, as MapKit's `MKAnnotation`.
private protocol Annotation: AnyObject {
  var title: String { get }
}
/// A second one, for compositions.
private protocol Draggable: AnyObject {}

private final class Pin: NSObject, Annotation, Draggable {
  let title: String
  init(_ title: String) { self.title = title }
}

/// An `NS_ENUM`, as `MKAnnotationView.DragState`.
private enum DragState: UInt {
  case none, starting, dragging
}

/// An `NS_OPTIONS`, as `CPLimitableUserInterface`.
private struct Interfaces: OptionSet {
  let rawValue: UInt
  static let keyboard = Interfaces(rawValue: 1)
  static let lists = Interfaces(rawValue: 2)
}

/// An untagged structure of the size of `CMTime` (`{?=qiIq}`).
private struct CMTime {
  var value: Int64
  var timescale: Int32
  var flags: UInt32
  var epoch: Int64
}

/// The runtime of a protocol that declares one method, `kind:value:`, of type encoding `types`.
private struct OneMethodRuntime: SelectorRuntime {
  static let selector = "kind:value:"
  let types: String

  func implementation(of selector: String, by handler: AnyObject) -> SelectorImplementation {
    .none
  }
  func declaration(of selector: String) -> SelectorDeclaration? {
    selector == Self.selector ? SelectorDeclaration(types: types) : nil
  }
  var declaredSelectors: [String] { [Self.selector] }
}

/// The routing of a proxy whose protocol declares `kind:value:` as `types`, its problems kept.
private func routing(_ types: String) -> DelegateRouting<Never> {
  let routing = DelegateRouting(
    handlers: [], rules: [:], fallbacks: [:], runtime: OneMethodRuntime(types: types),
    schedule: { _ in })
  routing.onError = { _ in }
  return routing
}

/// Sends `kind:value:` with `value` boxed, as the Objective-C base hands it over; the answer.
///
/// `direct`: as the proxy's direct-path method hands it over instead, its arguments where the
/// runtime put them (a message of a shape that path does not take is not sent: `nil`).
@discardableResult
private func send(
  _ routing: DelegateRouting<Never>, _ value: Any, returnsVoid: Bool = true, direct: Bool = false
) -> Any? {
  let arguments: [Any] = ["sender" as NSString, value]
  var frame: ModelDirectFrame?
  if direct {
    let types = (routing.runtime as? OneMethodRuntime)?.types ?? ""
    frame = ModelDirectFrame(types: types, arguments: arguments)
    if frame == nil { return nil }
  }
  let invocation = ModelDelegateInvocation(
    OneMethodRuntime.selector, arguments, returnsVoid: returnsVoid, frame: frame)
  routing.forward(invocation)
  return invocation.answer
}

/// Checks that an argument of type `encoding`, boxed as `boxed`, reaches a closure, a typed
/// observer and an async sequence as a `Value` that passes `check`, with nothing reported.
private func expectArrives<Value>(
  _ type: Value.Type, encoding: String, boxed: Any,
  sourceLocation: SourceLocation = #_sourceLocation, _ check: @escaping (Value) -> Bool
) async {
  let types = "v32@0:8@16\(encoding)24"
  // A closure.
  let answering = routing(types)
  var answered: [Bool] = []
  let token = answering.answer(
    OneMethodRuntime.selector, role: "closure", at: nil, retention: .weak, isolation: nil
  ) { (_: NSString, value: Value) in answered.append(check(value)) }
  send(answering, boxed)
  #expect(answered == [true], "a closure of \(Value.self)", sourceLocation: sourceLocation)
  #expect(answering.errors.isEmpty, "\(answering.errors)", sourceLocation: sourceLocation)
  // On the direct path, when it takes the message: the same value, read where it is.
  answered = []
  if ModelDirectFrame(types: types, arguments: ["sender" as NSString, boxed]) != nil {
    send(answering, boxed, direct: true)
    #expect(
      answered == [true], "a closure of \(Value.self), on the direct path",
      sourceLocation: sourceLocation)
    #expect(answering.errors.isEmpty, "\(answering.errors)", sourceLocation: sourceLocation)
  }
  token.cancel()
  // A typed observer.
  let observing = routing(types)
  var observed: [Bool] = []
  let observation = observing.observe(
    OneMethodRuntime.selector, as: (NSString, Value).self, beforeHandler: false
  ) { _, value in observed.append(check(value)) }
  send(observing, boxed)
  #expect(observed == [true], "an observer of \(Value.self)", sourceLocation: sourceLocation)
  #expect(observing.errors.isEmpty, "\(observing.errors)", sourceLocation: sourceLocation)
  observation.cancel()
  // An async sequence: it ends when its routing goes away, so a message that never arrived
  // ends the wait with nil.
  var streaming: DelegateRouting<Never>? = routing(types)
  let events = streaming?.events(
    OneMethodRuntime.selector, as: (NSString, Value).self, beforeHandler: false,
    bufferingPolicy: .unbounded)
  if let streaming { send(streaming, boxed) }
  #expect(streaming?.errors.isEmpty == true, sourceLocation: sourceLocation)
  streaming = nil
  var iterator = events?.makeAsyncIterator()
  let first = await iterator?.next()
  #expect(
    first.map { check($0.1) } == true, "a sequence of \(Value.self)",
    sourceLocation: sourceLocation)
}

/// Checks that a closure answering with a `Value` is accepted for a method returning
/// `encoding`, and that its answer reaches the caller as `expected` says.
private func expectAnswers<Value>(
  encoding: String, _ answer: Value, sourceLocation: SourceLocation = #_sourceLocation,
  _ expected: (Any?) -> Bool
) {
  let answering = routing("\(encoding)32@0:8@16@24")
  let token = answering.answer(
    OneMethodRuntime.selector, role: "closure", at: nil, retention: .weak, isolation: nil
  ) { (_: NSString, _: NSObject?) -> Value in answer }
  let reply = send(answering, NSNull(), returnsVoid: false)
  #expect(expected(reply), "\(String(describing: reply))", sourceLocation: sourceLocation)
  if ModelDirectFrame(types: "\(encoding)32@0:8@16@24", arguments: ["sender", NSNull()]) != nil {
    let direct = send(answering, NSNull(), returnsVoid: false, direct: true)
    #expect(
      expected(direct), "on the direct path: \(String(describing: direct))",
      sourceLocation: sourceLocation)
  }
  #expect(answering.errors.isEmpty, "\(answering.errors)", sourceLocation: sourceLocation)
  token.cancel()
}

@Suite("Argument kinds of the SDK's delegate protocols, on the real Swift runtime")
struct ArgumentKindSpecs {
  @Suite("describe: an argument reaches a closure, an observer and a sequence")
  struct Arguments {
    @Test("it: an object, and an optional one given nil")
    func objects() async {
      await expectArrives(NSString.self, encoding: "@", boxed: "text" as NSString) {
        $0 as String == "text"
      }
      await expectArrives(NSObject?.self, encoding: "@", boxed: NSNull()) { $0 == nil }
    }

    @Test("it: a class-bound protocol's existential, as mapView(_:viewFor:) declares it")
    func classBoundExistential() async {
      await expectArrives((any Annotation).self, encoding: "@", boxed: Pin("home")) {
        $0.title == "home"
      }
    }

    @Test("it: an optional existential, given an object and nil")
    func optionalExistential() async {
      await expectArrives((any Annotation)?.self, encoding: "@", boxed: Pin("work")) {
        $0?.title == "work"
      }
      await expectArrives((any Annotation)?.self, encoding: "@", boxed: NSNull()) { $0 == nil }
    }

    @Test("it: any Error, as didFailWithError: declares it, and an optional one")
    func error() async {
      let failure = NSError(domain: "maps", code: 7)
      await expectArrives((any Error).self, encoding: "@", boxed: failure) {
        ($0 as NSError).code == 7
      }
      await expectArrives((any Error)?.self, encoding: "@", boxed: NSNull()) { $0 == nil }
    }

    @Test("it: a protocol composition")
    func composition() async {
      await expectArrives((any Annotation & Draggable).self, encoding: "@", boxed: Pin("pin")) {
        $0.title == "pin"
      }
    }

    @Test("it: an NS_ENUM and an NS_OPTIONS, from their raw values")
    func enumerations() async {
      await expectArrives(DragState.self, encoding: "Q", boxed: NSNumber(value: 2)) {
        $0 == .dragging
      }
      await expectArrives(Interfaces.self, encoding: "Q", boxed: NSNumber(value: 3)) {
        $0 == [.keyboard, .lists]
      }
    }

    @Test("it: a Bool, an integer, a double and a CGFloat")
    func numbers() async {
      await expectArrives(Bool.self, encoding: "B", boxed: NSNumber(value: true)) { $0 }
      await expectArrives(Int.self, encoding: "q", boxed: NSNumber(value: -4)) { $0 == -4 }
      await expectArrives(Double.self, encoding: "d", boxed: NSNumber(value: 2.5)) { $0 == 2.5 }
      await expectArrives(CGFloat.self, encoding: "d", boxed: NSNumber(value: 1.5)) { $0 == 1.5 }
    }

    @Test("it: the structures Foundation boxes everywhere: CGPoint, CGSize, CGRect, NSRange")
    func structures() async {
      await expectArrives(
        CGPoint.self, encoding: "{CGPoint=dd}", boxed: NSValue(point: CGPoint(x: 1, y: 2))
      ) { $0 == CGPoint(x: 1, y: 2) }
      await expectArrives(
        CGSize.self, encoding: "{CGSize=dd}", boxed: NSValue(size: CGSize(width: 3, height: 4))
      ) { $0 == CGSize(width: 3, height: 4) }
      await expectArrives(
        CGRect.self, encoding: "{CGRect={CGPoint=dd}{CGSize=dd}}",
        boxed: NSValue(rect: CGRect(x: 1, y: 2, width: 3, height: 4))
      ) { $0 == CGRect(x: 1, y: 2, width: 3, height: 4) }
      await expectArrives(
        NSRange.self, encoding: "{_NSRange=QQ}",
        boxed: NSValue(range: NSRange(location: 5, length: 6))
      ) { $0 == NSRange(location: 5, length: 6) }
    }

    @Test("it: a pointer (targetContentOffset:, stop:), from its address, written through")
    func pointers() async {
      let offset = UnsafeMutablePointer<CGPoint>.allocate(capacity: 1)
      defer { offset.deallocate() }
      offset.initialize(to: CGPoint(x: 130, y: 0))
      let address = NSNumber(value: UInt(bitPattern: offset))
      await expectArrives(
        UnsafeMutablePointer<CGPoint>.self, encoding: "^{CGPoint=dd}", boxed: address
      ) { pointer in
        pointer.pointee.x = 100
        return pointer == offset
      }
      #expect(offset.pointee.x == 100, "the closure's write reached the caller's variable")
    }

    @Test("it: a selector, as its name")
    func selector() async {
      await expectArrives(String.self, encoding: ":", boxed: "copy:" as NSString) { $0 == "copy:" }
    }

    @Test("it: a class")
    func aClass() async {
      await expectArrives(AnyClass.self, encoding: "#", boxed: NSObject.self) {
        $0 == NSObject.self
      }
    }
  }

  @Suite("describe: types decided from metadata")
  struct Metadata {
    @Test("it: an existential prints as its protocol's name, so a name cannot tell one")
    func printedNames() {
      // The fact the old check missed, on this runtime.
      #expect("\((any Error).self)" == "Error")
      #expect("\((any Annotation).self)".hasPrefix("any ") == false)
      #expect(TypeShape.of((any Error).self) == .existential(classBound: false))
      #expect(TypeShape.of((any Annotation).self) == .existential(classBound: true))
      #expect(TypeShape.of((any Annotation & Draggable).self) == .existential(classBound: true))
      #expect(TypeShape.of(AnyObject.self) == .existential(classBound: true))
      #expect(TypeShape.of(Any.self) == .existential(classBound: false))
      #expect(TypeShape.of(NSObject.self) == .classType)
      #expect(TypeShape.of(Pin.self) == .classType)
      #expect(TypeShape.of(Int?.self) == .optional)
      #expect(TypeShape.of(CGPoint.self) == .value)
      #expect(TypeShape.of(((Int) -> Void).self) == .function(isBlock: false))
    }

    @Test("it: a closure of a value the runtime never boxes is still refused, with the fix")
    func neverBoxed() {
      struct Labelled {
        var label: String
      }
      let refusing = routing("v32@0:8@16@24")
      var problems: [DelegateProxyError] = []
      refusing.onError = { _ in }
      _ = refusing.answer(
        OneMethodRuntime.selector, role: "closure", at: nil, retention: .weak, isolation: nil
      ) { (_: NSString, _: Labelled) in }
      problems = refusing.errors
      #expect(problems.map(\.kind) == [.closureCannotAnswer])
      #expect("\(problems)".contains("never boxes"))
    }

    @Test("it: an untagged structure (CMTime, {?=qiIq}) is accepted by its size")
    func untaggedStructure() {
      #expect(TypeEncoding.accepts("{?=qiIq}", CMTime.self))
      #expect(!TypeEncoding.accepts("{?=qi}", CMTime.self))
      #expect(TypeEncoding.size(of: "{?=qiIq}") == MemoryLayout<CMTime>.size)
      #expect(TypeEncoding.size(of: "{CGRect={CGPoint=dd}{CGSize=dd}}") == 32)
      #expect(TypeEncoding.size(of: "{?=cq}") == 16, "a member aligned to its size")
      #expect(TypeEncoding.size(of: "{?=il}") == 8, "l is 32 bits in an encoding")
    }
  }

  @Suite("describe: an answer reaches the caller as the method returns it")
  struct Answers {
    @Test("it: an optional protocol existential (actionForLayer:forKey:), nil as nil")
    func existentialAnswers() {
      let pin = Pin("answer")
      expectAnswers(encoding: "@", Optional<any Annotation>.some(pin)) { $0 as? Pin === pin }
      expectAnswers(encoding: "@", Optional<any Annotation>.none) { $0 == nil }
    }

    @Test("it: an NS_ENUM, as its raw value; a structure; a Bool; a class")
    func values() {
      expectAnswers(encoding: "Q", DragState.starting) { ($0 as? UInt) == 1 }
      expectAnswers(encoding: "{CGSize=dd}", CGSize(width: 2, height: 3)) {
        ($0 as? CGSize) == CGSize(width: 2, height: 3)
      }
      expectAnswers(encoding: "B", true) { ($0 as? Bool) == true }
      expectAnswers(encoding: "#", NSString.self as AnyClass) { ($0 as? AnyClass) == NSString.self }
    }
  }
}
