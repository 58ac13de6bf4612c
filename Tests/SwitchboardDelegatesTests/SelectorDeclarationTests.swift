import Foundation
import Testing

@testable import Switchboard

@Suite("SelectorDeclaration, from Objective-C type encodings")
struct SelectorDeclarationTests {
  @Test(
    "a method's completion handler is the argument encoded as a block",
    arguments: [
      // webView:decidePolicyForNavigationAction:decisionHandler:
      ("v40@0:8@16@24@?32", true, 2),
      // a block after a structure: someView:didMoveTo:completion:
      ("v56@0:8@16{CGRect={CGPoint=dd}{CGSize=dd}}24@?56", true, 2),
      // a qualified, pointer and quoted-class argument before the block
      ("Vv48@0:8r^{_NSRange=QQ}16@\"NSString\"24@?32", true, 2),
    ])
  func completionArgument(types: String, returnsVoid: Bool, index: Int) {
    let declaration = SelectorDeclaration(types: types)
    #expect(declaration.returnsVoid == returnsVoid)
    #expect(declaration.completionArgument == index)
  }

  @Test("a method without a block has no completion handler, and its return type is read")
  func noCompletion() {
    let shouldReturn = SelectorDeclaration(types: "B24@0:8@16")
    #expect(!shouldReturn.returnsVoid)
    #expect(shouldReturn.completionArgument == nil)
    let didScroll = SelectorDeclaration(types: "v24@0:8@16")
    #expect(didScroll.returnsVoid)
    #expect(didScroll.completionArgument == nil)
  }

  @Test("type encodings split into one string per type, offsets and qualifiers dropped")
  func types() {
    #expect(
      TypeEncoding.types(in: "v40@0:8@16@24@?32") == ["v", "@", ":", "@", "@", "@?"])
    #expect(
      TypeEncoding.types(in: "{CGPoint=dd}32@0:8@16{CGPoint=dd}24")
        == ["{CGPoint=dd}", "@", ":", "@", "{CGPoint=dd}"])
    #expect(TypeEncoding.types(in: "v20@0:8b3i16") == ["v", "@", ":", "b3", "i"])
  }

  @Test("a declaration gives each argument's encoding and the return type's")
  func argumentTypes() {
    let decide = SelectorDeclaration(types: "v40@0:8@16@24@?32")
    #expect(decide.returnType == "v")
    #expect(decide.argumentTypes == ["@", "@", "@?"])
  }

  @Test("a Swift type stands for an encoding as the runtime passes it")
  func accepts() {
    #expect(TypeEncoding.accepts("@", NSObject.self))
    #expect(TypeEncoding.accepts("@", String.self), "bridged")
    #expect(TypeEncoding.accepts("@", NSObject?.self))
    #expect(!TypeEncoding.accepts("@", Double.self), "a number is no object argument")
    #expect(TypeEncoding.accepts("B", Bool.self))
    #expect(!TypeEncoding.accepts("B", Int.self))
    #expect(TypeEncoding.accepts("q", Int.self))
    #expect(TypeEncoding.accepts("q", Style.self), "an enumeration with an integer raw value")
    #expect(!TypeEncoding.accepts("q", Double.self))
    #expect(TypeEncoding.accepts("d", CGFloat.self))
    #expect(TypeEncoding.accepts("{CGPoint=dd}", CGPoint.self))
    #expect(!TypeEncoding.accepts("{CGPoint=dd}", CGSize.self))
    #expect(TypeEncoding.accepts("v", Void.self))
    #expect(!TypeEncoding.accepts("v", Bool.self))
    #expect(!TypeEncoding.accepts("B", Bool?.self), "only objects are optional")
  }

  @Test("an encoding is described as a sentence names it")
  func describe() {
    #expect(TypeEncoding.describe("@") == "an object")
    #expect(TypeEncoding.describe("@?") == "a block")
    #expect(TypeEncoding.describe("q") == "an integer")
    #expect(TypeEncoding.describe("{CGPoint=dd}") == "a CGPoint structure")
    #expect(TypeEncoding.describe("v") == "nothing")
  }

  @Test("a closure's numbers and objects are read from their boxes without a cast to their type")
  func argumentKinds() throws {
    let kinds = [
      BoxedArguments.ArgumentKind.of(AnyObject.self, encoding: "@"),
      .of(Int.self, encoding: "q"), .of(Double.self, encoding: "d"), .of(Bool.self, encoding: "B"),
      .of(CGPoint.self, encoding: "{CGPoint=dd}"),
    ]
    var seen: (Int, Double, Bool, CGPoint)?
    let boxed: [Any] = [
      NSNull(), NSNumber(value: 3), NSNumber(value: 1.5), NSNumber(value: true),
      NSValue(point: CGPoint(x: 1, y: 2)),
    ]
    let mismatch = BoxedArguments.deliver(
      boxed, as: (AnyObject, Int, Double, Bool, CGPoint).self, kinds: kinds
    ) { _, count, scale, flag, point in seen = (count, scale, flag, point) }
    #expect(mismatch == nil)
    #expect(seen?.0 == 3 && seen?.1 == 1.5 && seen?.2 == true && seen?.3 == CGPoint(x: 1, y: 2))
    let wrong = BoxedArguments.deliver(
      ["text" as NSString], as: (Int).self, kinds: [.of(Int.self, encoding: "q")]
    ) { _ in }
    #expect(wrong?.index == 0 && wrong?.expected == "Int")
  }
}

/// An `NS_ENUM` as Swift imports it.
private enum Style: Int {
  case plain, grouped
}

/// The key a parent keeps an attached proxy under.
struct DelegatePropertyKeyTests {
  private class Controller {
    var delegate: AnyObject?
  }
  private final class SheetController: Controller {
    var sheetDelegate: AnyObject?
  }

  @Test func keyPathsThatNameOneObjectiveCPropertyShareAKey() {
    // A subclass's redeclared property has a key path of its own; both name `delegate`.
    let base = DelegatePropertyKey(\Controller.delegate, objectiveCName: "delegate")
    let redeclared = DelegatePropertyKey(\SheetController.delegate, objectiveCName: "delegate")
    #expect(base == redeclared)
    #expect(
      base != DelegatePropertyKey(\SheetController.sheetDelegate, objectiveCName: "sheetDelegate"))
  }

  @Test func aSwiftPropertyIsKeyedByItsKeyPath() {
    // Linux has no Objective-C names, so every key path is its own key there.
    #expect(DelegatePropertyKey(\Controller.delegate) == .swift(\Controller.delegate))
    #expect(
      DelegatePropertyKey(\Controller.delegate)
        != DelegatePropertyKey(\SheetController.sheetDelegate))
  }
}

/// The protocols a delegate property's type names, read from its metadata.
struct ExistentialProtocolsTests {
  @Test func aProtocolTypeNamesItsProtocol() {
    #expect(existentialProtocols(of: (any LocalDelegate).self) == [.swift(name: "LocalDelegate")])
  }

  @Test func aCompositionNamesEachOfItsProtocols() {
    let names = existentialProtocols(of: (any LocalDelegate & OtherDelegate).self)
    #expect(names == [.swift(name: "LocalDelegate"), .swift(name: "OtherDelegate")])
  }

  @Test func aCompositionWithAClassNamesItsProtocolsAfterTheClass() {
    #expect(
      existentialProtocols(of: (LocalClass & OtherDelegate).self)
        == [.swift(name: "OtherDelegate")])
  }

  @Test func anyObjectNamesNoProtocolAndAClassIsNoExistential() {
    #expect(existentialProtocols(of: AnyObject.self) == [])
    #expect(existentialProtocols(of: LocalClass.self) == nil)
    #expect(existentialProtocols(of: Int.self) == nil)
  }
}

/// The protocols a proxy adopts to serve a property, and the properties it refuses.
struct PropertyProtocolsTests {
  @Test func everyProtocolOfACompositionIsAdopted() throws {
    let adopted = try PropertyProtocols.toAdopt(for: (any LocalDelegate & OtherDelegate).self) {
      if case .swift(let name) = $0 { name } else { nil }
    }.get()
    #expect(adopted == ["LocalDelegate", "OtherDelegate"])
  }

  @Test func aProtocolWithoutCounterpartIsRefusedNamingIt() {
    let result = PropertyProtocols.toAdopt(for: (any LocalDelegate & OtherDelegate).self) {
      if case .swift("LocalDelegate") = $0 { "LocalDelegate" } else { nil }
    }
    guard case .failure(let error) = result else {
      Issue.record("a property with a Swift-only protocol was served")
      return
    }
    #expect(error.kind == .propertyCannotBeServed)
    #expect(error.isSetupMistake)
    #expect(error.description.contains("OtherDelegate is a Swift protocol"))
    #expect(error.description.contains("\\.__delegate"))
  }

  @Test func aClassTypeIsRefused() {
    let result = PropertyProtocols.toAdopt(for: LocalClass.self) { _ in "any" }
    guard case .failure(let error) = result else {
      Issue.record("a property typed with a class was served")
      return
    }
    #expect(error.description.contains("LocalClass, which is not a protocol"))
  }
}

/// Protocols as a test module declares them (a private one has no name the runtime prints).
protocol LocalDelegate: AnyObject {}
protocol OtherDelegate: AnyObject {}
final class LocalClass {}
