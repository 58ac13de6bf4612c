import Foundation
import Switchboard
import SwitchboardLists
import Testing

/// A handler that implements every list message and logs each one it receives.
final class EverythingHandler: ListSectionCounting, ListRowCounting, ListCellProviding,
  ListHeaderTitling, ListFooterTitling, ListRowEditability, ListRowMovability, ListEditCommitting,
  ListRowMoving, ListSectionIndexing, ListPrefetching, ListRowHeightProviding,
  ListEstimatedRowHeightProviding, ListWillDisplayObserving, ListDidEndDisplayingObserving,
  ListWillSelectHandling, ListDidSelectHandling, ListDidDeselectHandling
{
  var log: [ListMessage] = []
  func numberOfSections(in list: ListView) -> Int {
    log.append(.numberOfSections)
    return 2
  }
  func list(_ list: ListView, numberOfRowsInSection section: Int) -> Int {
    log.append(.numberOfRows)
    return 3
  }
  func list(_ list: ListView, cellForRowAt indexPath: IndexPath) throws -> ListCell {
    log.append(.cellForRow)
    return ListCell(reuseIdentifier: nil)
  }
  func list(_ list: ListView, titleForHeaderInSection section: Int) -> String? {
    log.append(.titleForHeader)
    return "H"
  }
  func list(_ list: ListView, titleForFooterInSection section: Int) -> String? {
    log.append(.titleForFooter)
    return "F"
  }
  func list(_ list: ListView, canEditRowAt indexPath: IndexPath) -> Bool {
    log.append(.canEditRow)
    return false
  }
  func list(_ list: ListView, canMoveRowAt indexPath: IndexPath) -> Bool {
    log.append(.canMoveRow)
    return false
  }
  func list(_ list: ListView, commit style: ListEditingStyle, forRowAt indexPath: IndexPath) {
    log.append(.commitEdit)
  }
  func list(_ list: ListView, moveRowAt source: IndexPath, to destination: IndexPath) {
    log.append(.moveRow)
  }
  func sectionIndexTitles(for list: ListView) -> [String]? {
    log.append(.sectionIndexTitles)
    return ["I"]
  }
  func list(_ list: ListView, prefetchRowsAt indexPaths: [IndexPath]) { log.append(.prefetchRows) }
  func list(_ list: ListView, heightForRowAt indexPath: IndexPath) -> Double {
    log.append(.heightForRow)
    return 7
  }
  func list(_ list: ListView, estimatedHeightForRowAt indexPath: IndexPath) -> Double {
    log.append(.estimatedHeightForRow)
    return 8
  }
  func list(_ list: ListView, willDisplay cell: ListCell, forRowAt indexPath: IndexPath) {
    log.append(.willDisplayRow)
  }
  func list(_ list: ListView, didEndDisplaying cell: ListCell, forRowAt indexPath: IndexPath) {
    log.append(.didEndDisplayingRow)
  }
  func list(_ list: ListView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    log.append(.willSelectRow)
    return nil
  }
  func list(_ list: ListView, didSelectRowAt indexPath: IndexPath) { log.append(.didSelectRow) }
  func list(_ list: ListView, didDeselectRowAt indexPath: IndexPath) { log.append(.didDeselectRow) }
}

final class NothingHandler {}

@MainActor
struct ListProxyTests {
  let list = ListView()

  @Test func everyMessageIsForwardedToItsHandler() throws {
    let handler = EverythingHandler()
    let model = NothingHandler()
    let proxy = ListProxy(view: handler, viewModel: model)
    let p = at(0, 0)
    #expect(proxy.numberOfSections(in: list) == 2)
    #expect(proxy.list(list, numberOfRowsInSection: 0) == 3)
    _ = try proxy.list(list, cellForRowAt: p)
    #expect(proxy.list(list, titleForHeaderInSection: 0) == "H")
    #expect(proxy.list(list, titleForFooterInSection: 0) == "F")
    #expect(proxy.list(list, canEditRowAt: p) == false)
    #expect(proxy.list(list, canMoveRowAt: p) == false)
    proxy.list(list, commit: .delete, forRowAt: p)
    proxy.list(list, moveRowAt: p, to: p)
    #expect(proxy.sectionIndexTitles(for: list) == ["I"])
    proxy.list(list, prefetchRowsAt: [p])
    #expect(proxy.list(list, heightForRowAt: p) == 7)
    #expect(proxy.list(list, estimatedHeightForRowAt: p) == 8)
    proxy.list(list, willDisplay: ListCell(reuseIdentifier: nil), forRowAt: p)
    proxy.list(list, didEndDisplaying: ListCell(reuseIdentifier: nil), forRowAt: p)
    #expect(proxy.list(list, willSelectRowAt: p) == nil)
    proxy.list(list, didSelectRowAt: p)
    proxy.list(list, didDeselectRowAt: p)
    #expect(handler.log == ListMessage.allCases)
  }

  @Test func unhandledMessagesAnswerUIKitDefaults() throws {
    let proxy = ListProxy(view: NothingHandler(), viewModel: NothingHandler())
    let p = at(0, 0)
    #expect(proxy.numberOfSections(in: list) == 1)
    #expect(proxy.list(list, numberOfRowsInSection: 0) == 0)
    #expect(proxy.list(list, titleForHeaderInSection: 0) == nil)
    #expect(proxy.list(list, titleForFooterInSection: 0) == nil)
    #expect(proxy.list(list, canEditRowAt: p) == false)
    #expect(proxy.list(list, canMoveRowAt: p) == false)
    #expect(proxy.sectionIndexTitles(for: list) == nil)
    #expect(proxy.list(list, heightForRowAt: p) == 44)
    #expect(proxy.list(list, estimatedHeightForRowAt: p) == 44)
    #expect(proxy.list(list, willSelectRowAt: p) == p)
    #expect(throws: ListViewError.self) { try proxy.list(list, cellForRowAt: p) }
  }

  @Test func defaultRulesFollowTheObjectiveCOriginal() {
    let view = EverythingHandler()
    let model = EverythingHandler()
    let proxy = ListProxy(view: view, viewModel: model)
    #expect(proxy.explain(.cellForRow).rule == "always view")
    #expect(proxy.explain(.didSelectRow).rule == "only view")
    #expect(proxy.explain(.numberOfRows).rule == "first implementer")
    #expect(proxy.routingTable.rows.allSatisfy { $0.targets.map(\.role) == [.view] })
  }

  @Test func extraRulesReplaceDefaultsForTheirMessages() {
    let view = EverythingHandler()
    let model = EverythingHandler()
    let proxy = ListProxy(view: view, viewModel: model, rules: [.numberOfRows: .always(.viewModel)])
    #expect(proxy.explain(.numberOfRows).targets.map(\.role) == [.viewModel])
    #expect(proxy.explain(.cellForRow).rule == "always view", "the other defaults stay")
    proxy.rules[.cellForRow] = .always(.viewModel)
    #expect(proxy.explain(.cellForRow).targets.map(\.role) == [.viewModel])
  }

  @Test func aViewWithoutCellForRowIsARoutingError() {
    let view = NothingHandler()
    let model = EverythingHandler()
    let proxy = ListProxy(view: view, viewModel: model)
    #expect(!proxy.responds(to: .cellForRow))
    #expect(proxy.router.routingErrors.map(\.message) == [.cellForRow])
    #expect(!proxy.responds(to: .didSelectRow), "did select never falls back to the view model")
    #expect(proxy.router.routingErrors.count == 1, "and that is not an error")
  }

  @Test func theViewModelCanBeHeldStronglyButTheViewNeverIs() {
    weak var viewRef: NothingHandler?
    weak var modelRef: EverythingHandler?
    let proxy: ListProxy
    do {
      let view = NothingHandler()
      let model = EverythingHandler()
      viewRef = view
      modelRef = model
      proxy = ListProxy(view: view, viewModel: model, viewModelRetention: .strong)
    }
    #expect(viewRef == nil)
    #expect(modelRef != nil)
    #expect(proxy.responds(to: .numberOfRows))
    #expect(proxy.router.handlers.map(\.role) == [.viewModel])
  }

  @Test func canEditAndCanMoveDefaultToWhetherSomeoneCommits() {
    final class Committer: ListEditCommitting, ListRowMoving {
      func list(_ list: ListView, commit style: ListEditingStyle, forRowAt indexPath: IndexPath) {}
      func list(_ list: ListView, moveRowAt source: IndexPath, to destination: IndexPath) {}
    }
    let committer = Committer()
    let view = NothingHandler()
    let proxy = ListProxy(view: view, viewModel: committer)
    #expect(proxy.list(list, canEditRowAt: at(0, 0)))
    #expect(proxy.list(list, canMoveRowAt: at(0, 0)))
  }

  @Test func handlerSummariesNameEachHandler() {
    let view = NothingHandler()
    let model = EverythingHandler()
    let proxy = ListProxy(view: view, viewModel: model)
    #expect(
      proxy.handlerSummaries(for: .numberOfRows)
        == ["view (NothingHandler) ✗", "viewModel (EverythingHandler) ✓"])
  }

  @Test func messageMetadata() {
    #expect(ListMessage.allCases.filter(\.isRequired) == [.numberOfRows, .cellForRow])
    #expect(ListMessage.allCases.filter { !$0.isDataSourceMessage }.count == 7)
    #expect(ListMessage.allCases.map(\.description).allSatisfy { !$0.isEmpty })
    #expect("\(ListMessage.didSelectRow)" == "didSelectRow")
  }
}
