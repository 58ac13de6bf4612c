import Foundation
import Testing

@testable import Switchboard

private typealias P = ModelDelegateProtocol

// What a proxy adopts at attach: the protocols of the delegate property's type, read from the
// type's metadata. On Linux there is no Objective-C runtime: the model's protocols below are
// Swift protocols standing for Objective-C ones, and `ModelObjectiveCProtocols` is the runtime's
// list of protocols (what `objc_getProtocol` finds). The metadata read is the real one; on Apple
// platforms the runtime's references to Objective-C protocols are read in its place.

/// Stands for `UIImagePickerControllerDelegate`.
protocol ModelImagePickerDelegate: AnyObject {}
/// Stands for `UINavigationControllerDelegate`.
protocol ModelNavigationControllerDelegate: AnyObject {}
/// Stands for an app's own `@objc` protocol, whose Objective-C name is mangled
/// (`_TtP5MyApp18AppDefinedDelegate_`): no name is rebuilt, so it is adopted like an SDK one.
protocol AppDefinedDelegate: AnyObject {}
/// Stands for a Swift overlay's protocol without an Objective-C counterpart
/// (`PHPickerViewControllerDelegate`).
protocol SwiftOnlyDelegate: AnyObject {}

/// The model's Objective-C runtime: each protocol it knows, with the methods it declares.
enum ModelObjectiveCProtocols {
  static let declared: [String: [String]] = [
    "ModelImagePickerDelegate": [P.shouldReturn, P.didUpdateLocations],
    "ModelNavigationControllerDelegate": [P.textDidChange, P.didScroll],
    "AppDefinedDelegate": [P.rowHeight],
  ]

  /// The protocol a metadata reference names, when the runtime has it.
  static func resolve(_ reference: ExistentialProtocol) -> String? {
    guard case .swift(let name) = reference, declared[name] != nil else { return nil }
    return name
  }
}

/// A proxy's runtime that declares the methods of the protocols it adopted, as
/// `ObjectiveCRuntime` does.
final class ModelAdoptingRuntime: SelectorRuntime, @unchecked Sendable {
  private(set) var adopted: [String] = []
  private let all = ModelDelegateRuntime()

  func adopt(_ name: String) { adopted.append(name) }

  private var selectors: [String] {
    adopted.flatMap { ModelObjectiveCProtocols.declared[$0] ?? [] }
  }
  func implementation(of selector: String, by handler: AnyObject) -> SelectorImplementation {
    all.implementation(of: selector, by: handler)
  }
  func declaration(of selector: String) -> SelectorDeclaration? {
    selectors.contains(selector) ? all.declaration(of: selector) : nil
  }
  var declaredSelectors: [String] { selectors.sorted() }
  func ownMethods(of handler: AnyObject) -> [String] { all.ownMethods(of: handler) }
}

@Suite("describe: the protocols attach adopts, read from the property's type")
struct PropertyProtocolSpecs {
  let parent = ModelParent()
  let runLoop = ModelRunLoop()

  @Test(
    "it: a composition is adopted whole: closures and observers for both protocols' methods are accepted"
  )
  func compositionAdoptedWhole() {
    let seen = ModelCompletion()
    let proxy = ModelDelegateProxy.attach(
      to: parent, handlers: [:],
      answers: [.answer(named: P.shouldReturn) { (_: String) -> Bool in false }],
      declaredAs: (any ModelImagePickerDelegate & ModelNavigationControllerDelegate).self,
      runLoop: runLoop)
    let token = proxy.observe(named: P.textDidChange, isolation: nil) { _ in seen.call("seen") }
    runLoop.endTurn()

    #expect(proxy.errors.isEmpty, "both protocols declare them: nothing refused")
    #expect(parent.send(P.shouldReturn, ["field"]) as? Bool == false)
    parent.send(P.textDidChange, ["bar", "text"])
    #expect(seen.calls == ["seen"])
    #expect(proxy.conforms(to: "ModelImagePickerDelegate"))
    #expect(proxy.conforms(to: "ModelNavigationControllerDelegate"))
    withExtendedLifetime(token) {}
  }

  @Test("it: an app's own protocol is attached in one line and its methods answered")
  func appDefinedProtocol() {
    let proxy = ModelDelegateProxy.attach(
      to: parent, handlers: [:],
      answers: [.answer(named: P.rowHeight) { (_: String, _: Int) -> Double in 44 }],
      declaredAs: (any AppDefinedDelegate).self, runLoop: runLoop)
    runLoop.endTurn()

    #expect(proxy.errors.isEmpty)
    #expect(parent.delegate === proxy)
    #expect(parent.send(P.rowHeight, ["picker", 0]) as? Double == 44)
  }

  @Test(
    "it: a property no proxy can serve is refused with a typed error, the property unchanged and no trap"
  )
  func swiftOnlyRefused() {
    let installed = DelegateHandler([P.shouldReturn], answers: [P.shouldReturn: true])
    parent.delegate = installed
    let proxy = ModelDelegateProxy.attach(
      to: parent, handlers: [.view: DelegateHandler([P.textDidChange])],
      declaredAs: (any ModelImagePickerDelegate & SwiftOnlyDelegate).self, runLoop: runLoop)
    runLoop.endTurn()

    #expect(parent.delegate === installed, "the property keeps what it held")
    #expect(parent.dispatcher == nil, "the parent does not own the refused proxy")
    #expect(proxy.routing.errors.map(\.kind) == [.propertyCannotBeServed])
    #expect(proxy.errors.first?.contains("SwiftOnlyDelegate is a Swift protocol") == true)
    #expect(parent.send(P.shouldReturn, ["field"]) as? Bool == true)
    #expect(parent.crashes.isEmpty)
  }

  @Test("it: conformsToProtocol: is no for a protocol only a handler adopts")
  func conformsOnlyToWhatItAdopted() {
    let restoring = DelegateHandler([], protocols: ["UIDataSourceModelAssociation"])
    let proxy = ModelDelegateProxy.attach(
      to: parent, handlers: [.viewModel: restoring],
      declaredAs: (any ModelImagePickerDelegate).self, runLoop: runLoop)

    #expect(proxy.conforms(to: "ModelImagePickerDelegate"))
    #expect(!proxy.conforms(to: "UIDataSourceModelAssociation"))
    #expect(!proxy.conforms(to: "ModelNavigationControllerDelegate"))
  }
}
