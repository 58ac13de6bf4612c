import Foundation
@_spi(Benchmarks) import Switchboard
import Testing

/// The attach paths ProxyAttach measures (its Swift half) do what `DelegateProxy`'s attach does.
///
/// The parent's property gets the proxy and the parent keeps it, the first message reaches the
/// handlers that implement it, and detach gives the property back what it held. A benchmark of
/// paths that did less would measure less.
@Suite("delegateAttachPaths, ProxyAttach's Swift half")
struct DelegateAttachPathsTests {
  /// A parent with a weak delegate property, as a text field has.
  private final class Field {
    weak var delegate: AnyObject?
    var owned: AnyObject?
  }

  /// A handler implementing `methods`, counting the `textFieldDidEndEditing:` it receives.
  private final class Handler: @unchecked Sendable {
    // Unchecked: each test uses its handlers on its own thread only.
    let methods: Set<String>
    var ended = 0

    init(_ methods: Set<String>) { self.methods = methods }
  }

  private static let endEditing = "textFieldDidEndEditing:"

  private let paths = delegateAttachPaths(
    delegate: \Field.delegate, proxies: \Field.owned,
    implements: { selector, handler in (handler as? Handler)?.methods.contains(selector) == true },
    methods: { handler in ((handler as? Handler)?.methods).map { Array($0) } ?? [] },
    deliver: { handler in (handler as? Handler)?.ended += 1 })

  @Test(
    "attach gives the field the proxy and the field keeps it; detach gives back its delegate, and the field lets the proxy go"
  )
  func attachAndDetach() {
    let field = Field()
    let earlier = Handler([])
    field.delegate = earlier
    // The handlers are kept, as the screen that attaches a proxy keeps them (the turn's end
    // checks that something does).
    let view = Handler([Self.endEditing])
    let analytics = Handler([])
    weak var released: AnyObject?
    do {
      let proxy = paths.attach(field, view, analytics)
      released = proxy
      #expect(field.delegate === proxy, "the property holds the proxy")
      #expect(field.owned != nil, "the field keeps what keeps the proxy alive")
      paths.endTurn()
      paths.detach(proxy)
    }
    #expect(field.delegate === earlier, "the property holds what it held before")
    #expect(released == nil, "the field found through the property lets the proxy go")
    withExtendedLifetime((view, analytics)) {}
  }

  @Test("the first message reaches each handler that implements it, under the broadcast rule")
  func firstMessage() {
    let field = Field()
    let view = Handler([Self.endEditing])
    let analytics = Handler([Self.endEditing])
    let bystander = Handler([])
    let proxy = paths.attach(field, view, analytics)
    paths.firstMessage(proxy)
    #expect(view.ended == 1 && analytics.ended == 1, "both implementers receive it once")
    let other = paths.attach(Field(), view, bystander)
    paths.firstMessage(other)
    #expect(
      view.ended == 2 && bystander.ended == 0, "a handler that does not implement it does not")
    paths.asked(proxy)
    paths.endTurn()
    paths.detach(proxy)
    paths.detach(other)
    withExtendedLifetime((view, analytics, bystander)) {}
  }
}
