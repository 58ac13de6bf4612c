import Foundation
import Switchboard
import SwitchboardLists
import SwitchboardTesting
import Testing

/// `ListProxy` dispatches through routes that keep typed handlers; these tests change the routes
/// under it and check that every dispatch still reaches the handler the router picks now.
@MainActor
struct ListProxyDispatchTests {
  let list = ListView()

  @Test func dispatchFollowsAReorderAfterTheRouteWasUsed() {
    let first = EverythingHandler()
    let second = EverythingHandler()
    let proxy = ListProxy<ListView>(view: first, viewModel: second)
    proxy.send(.willDisplayRow, (ListCell(reuseIdentifier: nil), at(0, 0)), in: list)
    #expect(first.log == [.willDisplayRow])

    proxy.move(second, to: 0)
    proxy.send(.willDisplayRow, (ListCell(reuseIdentifier: nil), at(0, 0)), in: list)
    #expect(first.log == [.willDisplayRow])
    #expect(second.log == [.willDisplayRow])
  }

  @Test func dispatchFollowsARuleChange() {
    let view = EverythingHandler()
    let model = EverythingHandler()
    let proxy = ListProxy<ListView>(view: view, viewModel: model)
    _ = proxy.send(.numberOfRows, 0, in: list)
    proxy.rules[.numberOfRows] = .always(.viewModel)
    _ = proxy.send(.numberOfRows, 0, in: list)
    #expect(view.log == [.numberOfRows])
    #expect(model.log == [.numberOfRows])
  }

  @Test func aReleasedWeakHandlerFallsThroughToTheNextOne() {
    let model = EverythingHandler()
    var view: EverythingHandler? = EverythingHandler()
    let proxy = ListProxy<ListView>(view: view as AnyObject, viewModel: model)
    #expect((proxy.send(.heightForRow, at(0, 0), in: list) ?? 44) == 7)
    #expect(view?.log == [.heightForRow])
    var causes: [RouteChangeCauses] = []
    let observation = proxy.observeRoutes { causes.append($0.causes) }

    view = nil
    #expect((proxy.send(.heightForRow, at(0, 0), in: list) ?? 44) == 7)
    #expect(model.log == [.heightForRow], "the view model answers once the view is gone")
    #expect(causes == [.handlersReleased], "meeting the released view rebuilt routes")
    observation.cancel()
    #expect((proxy.send(.heightForRow, at(0, 0), in: list) ?? 44) == 7)
    #expect(model.log == [.heightForRow, .heightForRow])
  }

  @Test func aStronglyHeldHandlerIsReleasedAsSoonAsItIsRemoved() {
    let view = NothingHandler()
    let proxy = ListProxy<ListView>(
      view: view, viewModel: EverythingHandler(), viewModelRetention: .strong)
    #expect(
      proxy.send(.numberOfRows, 0, in: list) == 3, "caches the typed handler in the route")
    expectReleased("the typed handler must not outlive the route") {
      let model = proxy.handler(withRole: .viewModel)
      proxy.removeHandler(withRole: .viewModel)
      return model ?? NothingHandler()
    }
    #expect(proxy.send(.numberOfRows, 0, in: list) == 0)
  }

  @Test func aWeaklyHeldHandlerIsNeverKeptAliveByItsRoute() {
    let view = NothingHandler()
    let proxy = ListProxy<ListView>(view: view, viewModel: NothingHandler())
    expectReleased {
      let model = EverythingHandler()
      proxy.add(model, retention: .weak)
      #expect(proxy.send(.numberOfRows, 0, in: list) == 3)
      return model
    }
    #expect(proxy.send(.numberOfRows, 0, in: list) == 0)
  }

  @Test func aBroadcastNotificationReachesEveryHandler() {
    let view = EverythingHandler()
    let model = EverythingHandler()
    let proxy = ListProxy<ListView>(
      view: view, viewModel: model,
      rules: [.willDisplayRow: .broadcast, .didSelectRow: .broadcast, .prefetchRows: .broadcast])
    proxy.send(.willDisplayRow, (ListCell(reuseIdentifier: nil), at(0, 0)), in: list)
    proxy.send(.didSelectRow, at(0, 0), in: list)
    proxy.send(.prefetchRows, [at(0, 0)], in: list)
    #expect(view.log == [.willDisplayRow, .didSelectRow, .prefetchRows])
    #expect(model.log == [.willDisplayRow, .didSelectRow, .prefetchRows])
  }

  @Test func notificationsAreExactlyTheMessagesThatReturnNothing() {
    #expect(
      ListMessage.allCases.filter(\.isNotification) == [
        .moveRow, .prefetchRows, .willDisplayRow, .didEndDisplayingRow,
        .didSelectRow, .didDeselectRow,
      ])
  }

  @Test func broadcastingAMessageThatReturnsAValueIsARoutingError() throws {
    let view = EverythingHandler()
    let model = EverythingHandler()
    let proxy = ListProxy<ListView>(
      view: view, viewModel: model, rules: [.numberOfRows: .broadcast])
    let error = try #require(proxy.routingErrors.first)
    #expect(error.kind == .broadcastOfValueReturningMessage)
    #expect(error.description.contains("ListMessage.isNotification is false for numberOfRows"))
    #expect(
      error.description.contains("view (EverythingHandler) ✓, viewModel (EverythingHandler) ✓"))
    #expect(error.description.contains("otherwise route it with .firstImplementer"))
    #expect(!proxy.responds(to: .numberOfRows))
  }
}
