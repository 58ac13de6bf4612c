import Foundation
import Switchboard
import SwitchboardLists
import Testing

/// A stand-in for `UIScrollViewDelegate`.
@MainActor
protocol ScrollDelegateStandIn: AnyObject {
  func didScroll(to offset: Double)
}

/// A view controller that implements `scrollViewDidScroll:`.
@MainActor
final class ScrollingScreen: RespondsToSelectors, ScrollDelegateStandIn {
  nonisolated let selectors: Set<String> = ["scrollViewDidScroll:"]
  var log: [String] = []
  func didScroll(to offset: Double) { log.append("screen \(offset)") }
}

extension ForwardedEvent where Arguments == Double {
  /// Stands in for `ForwardedEvent.didScroll`, whose argument is the scroll view.
  static var didScrollStandIn: Self { Self("scrollViewDidScroll:") }
  /// A scroll-view message nobody implements.
  static var didEndDeceleratingStandIn: Self { Self("scrollViewDidEndDecelerating:") }
}

@MainActor
@Suite("SelectorRouting, observing messages the UIKit proxies forward")
struct SelectorObservationSpecs {
  let screen = ScrollingScreen()
  let model = CountingModel()
  let routing: SelectorRouting<TableStandIn>

  init() {
    routing = SelectorRouting(
      proxy: ListProxy<TableStandIn>(view: screen, viewModel: model), selectors: .tableView,
      observableSelectors: ["scrollViewDidScroll:", "scrollViewDidEndDecelerating:"],
      respondsTo: respondsTo)
  }

  func scroll(_ event: ForwardedEvent<Double>, to offset: Double) {
    routing.forward(event, offset) { (delegate: any ScrollDelegateStandIn) in
      delegate.didScroll(to: offset)
    }
  }

  @Test("it: observers see a forwarded message before and after its handler")
  func beforeAndAfter() {
    let screen = screen
    let before = routing.forwarded.observe(.didScrollStandIn, timing: .beforeHandler) {
      screen.log.append("before \($0)")
    }
    let after = routing.forwarded.observe(.didScrollStandIn) { screen.log.append("after \($0)") }
    scroll(.didScrollStandIn, to: 12)
    #expect(screen.log == ["before 12.0", "screen 12.0", "after 12.0"])
    _ = (before, after)
  }

  @Test("it: an observable selector is the proxy's own method, never forwarded by the runtime")
  func notForwarded() {
    #expect(routing.forwardingTarget(forSelector: "scrollViewDidScroll:") == nil)
    #expect(routing.responds(toSelector: "scrollViewDidScroll:"), "the screen implements it")
  }

  @Test(
    "context: nobody implements it — observing makes the proxy respond and re-cache, cancelling undoes it"
  )
  func unhandled() {
    var recached = 0
    routing.onRecache = { recached += 1 }
    let name = "scrollViewDidEndDecelerating:"
    #expect(!routing.responds(toSelector: name))
    var offsets: [Double] = []
    let observation = routing.forwarded.observe(.didEndDeceleratingStandIn) { offsets.append($0) }
    #expect(recached == 1)
    #expect(routing.responds(toSelector: name))
    scroll(.didEndDeceleratingStandIn, to: 40)
    #expect(offsets == [40])
    observation.cancel()
    #expect(recached == 2)
    #expect(!routing.responds(toSelector: name))
  }

  @Test("it: a handler that implements the selector but not the protocol is reported, not dropped")
  func wrongProtocol() {
    final class Stranger: RespondsToSelectors {
      nonisolated let selectors: Set<String> = ["scrollViewDidEndDecelerating:"]
    }
    let stranger = Stranger()
    routing.proxy.router.insert(stranger, at: 0)
    var reported: [String] = []
    routing.onError = { reported.append("\($0)") }
    scroll(.didEndDeceleratingStandIn, to: 1)
    #expect(reported.count == 1)
    #expect(reported.first?.contains("Stranger implements it but does not adopt") == true)
  }

  @Test("it: a modeled notification observed on a proxy nobody handles it on is answered and sent")
  func modeledNotification() {
    var recached = 0
    routing.onRecache = { recached += 1 }
    let selector = "tableView:didDeselectRowAtIndexPath:"
    #expect(!routing.responds(toSelector: selector))
    var deselected: [IndexPath] = []
    let observation = routing.proxy.observe(.didDeselectRow) { deselected.append($0) }
    #expect(recached == 1)
    #expect(routing.responds(toSelector: selector))
    routing.notify(
      .didDeselectRow, IndexPath(item: 1, section: 0),
      { (view: any ListDidDeselectHandling<TableStandIn>) in
        view.didDeselectRow(at: IndexPath(item: 1, section: 0), in: TableStandIn())
      }, platform: { (_: any PlatformDataSource) -> Void? in nil })
    #expect(deselected == [IndexPath(item: 1, section: 0)])
    observation.cancel()
    #expect(recached == 2)
  }

  @Test("it: builds a message's arguments once for observers on both sides, and never unobserved")
  func argumentsBuiltOnce() {
    var built = 0
    func offset() -> Double {
      built += 1
      return Double(built)
    }
    func path() -> IndexPath {
      built += 1
      return IndexPath(item: built, section: 0)
    }
    func sendBoth() {
      routing.forward(.didScrollStandIn, offset()) { (_: any ScrollDelegateStandIn) in }
      routing.notify(
        .didDeselectRow, path(), { (_: any ListDidDeselectHandling<TableStandIn>) in },
        platform: { (_: any PlatformDataSource) -> Void? in nil })
    }
    sendBoth()
    #expect(built == 0)
    var seen: [String] = []
    let observations = [
      routing.forwarded.observe(.didScrollStandIn, timing: .beforeHandler) {
        seen.append("before \($0)")
      },
      routing.forwarded.observe(.didScrollStandIn) { seen.append("after \($0)") },
      routing.proxy.observe(.didDeselectRow, timing: .beforeHandler) {
        seen.append("before \($0.item)")
      },
      routing.proxy.observe(.didDeselectRow) { seen.append("after \($0.item)") },
    ]
    sendBoth()
    #expect(built == 2)
    #expect(seen == ["before 1.0", "after 1.0", "before 2", "after 2"])
    _ = observations
  }
}
