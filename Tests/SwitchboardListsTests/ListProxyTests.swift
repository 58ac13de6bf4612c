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
  func numberOfSections() -> Int {
    log.append(.numberOfSections)
    return 2
  }
  func numberOfRows(inSection section: Int) -> Int {
    log.append(.numberOfRows)
    return 3
  }
  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    log.append(.cellForRow)
    return ListCell(reuseIdentifier: nil)
  }
  func titleForHeader(inSection section: Int) -> String? {
    log.append(.titleForHeader)
    return "H"
  }
  func titleForFooter(inSection section: Int) -> String? {
    log.append(.titleForFooter)
    return "F"
  }
  func canEditRow(at indexPath: IndexPath) -> Bool {
    log.append(.canEditRow)
    return false
  }
  func canMoveRow(at indexPath: IndexPath) -> Bool {
    log.append(.canMoveRow)
    return false
  }
  func commitEdit(_ style: ListEditingStyle, forRowAt indexPath: IndexPath) -> ListUpdate {
    log.append(.commitEdit)
    return ListUpdate()
  }
  func moveRow(from source: IndexPath, to destination: IndexPath) {
    log.append(.moveRow)
  }
  func sectionIndexTitles() -> [String]? {
    log.append(.sectionIndexTitles)
    return ["I"]
  }
  func prefetchRows(at indexPaths: [IndexPath]) { log.append(.prefetchRows) }
  func heightForRow(at indexPath: IndexPath, in list: ListView) -> Double {
    log.append(.heightForRow)
    return 7
  }
  func estimatedHeightForRow(at indexPath: IndexPath, in list: ListView) -> Double {
    log.append(.estimatedHeightForRow)
    return 8
  }
  func willDisplay(_ cell: ListCell, forRowAt indexPath: IndexPath, in list: ListView) {
    log.append(.willDisplayRow)
  }
  func didEndDisplaying(_ cell: ListCell, forRowAt indexPath: IndexPath, in list: ListView) {
    log.append(.didEndDisplayingRow)
  }
  func willSelectRow(at indexPath: IndexPath, in list: ListView) -> IndexPath? {
    log.append(.willSelectRow)
    return nil
  }
  func didSelectRow(at indexPath: IndexPath, in list: ListView) { log.append(.didSelectRow) }
  func didDeselectRow(at indexPath: IndexPath, in list: ListView) { log.append(.didDeselectRow) }
}

final class NothingHandler {}

@MainActor
struct ListProxyTests {
  let list = ListView()

  @Test func everyMessageIsForwardedToItsHandler() throws {
    let handler = EverythingHandler()
    let model = NothingHandler()
    let proxy = ListProxy<ListView>(view: handler, viewModel: model)
    let p = at(0, 0)
    #expect(proxy.send(.numberOfSections, in: list) == 2)
    #expect(proxy.send(.numberOfRows, 0, in: list) == 3)
    _ = try proxy.send(.cellForRow, p, in: list)
    #expect(proxy.send(.titleForHeader, 0, in: list) == "H")
    #expect(proxy.send(.titleForFooter, 0, in: list) == "F")
    #expect(proxy.send(.canEditRow, p, in: list) == false)
    #expect(proxy.send(.canMoveRow, p, in: list) == false)
    _ = proxy.send(.commitEdit, (.delete, p), in: list)
    proxy.send(.moveRow, (p, p), in: list)
    #expect(proxy.send(.sectionIndexTitles, in: list) == ["I"])
    proxy.send(.prefetchRows, [p], in: list)
    #expect((proxy.send(.heightForRow, p, in: list) ?? 44) == 7)
    #expect((proxy.send(.estimatedHeightForRow, p, in: list) ?? 44) == 8)
    proxy.send(.willDisplayRow, (ListCell(reuseIdentifier: nil), p), in: list)
    proxy.send(.didEndDisplayingRow, (ListCell(reuseIdentifier: nil), p), in: list)
    #expect(proxy.send(.willSelectRow, p, in: list) == nil)
    proxy.send(.didSelectRow, p, in: list)
    proxy.send(.didDeselectRow, p, in: list)
    #expect(
      handler.log == ListMessage.allCases.filter { $0 != .supplementaryView },
      "every message a table sends")
  }

  @Test func handlersThatImplementNothingAnswerNothing() throws {
    let view = NothingHandler()
    let model = NothingHandler()
    let proxy = ListProxy<ListView>(view: view, viewModel: model)
    for message in ListMessage.allCases {
      #expect(!proxy.responds(to: message), "\(message)")
    }
    list.dataSource = proxy
    #expect(
      throws: ListViewError.requiredMessageUnhandled(
        .numberOfRows, handlers: ["view (NothingHandler) ✗", "viewModel (NothingHandler) ✗"])
    ) { try self.list.reloadData() }
  }

  @Test func defaultRulesFollowTheObjectiveCOriginal() {
    let view = EverythingHandler()
    let model = EverythingHandler()
    let proxy = ListProxy<ListView>(view: view, viewModel: model)
    #expect(proxy.explain(.cellForRow).rule == "always view")
    #expect(proxy.explain(.didSelectRow).rule == "only view")
    #expect(proxy.explain(.numberOfRows).rule == "first implementer")
    #expect(
      proxy.routingTable.rows.filter { $0.message != .supplementaryView }
        .allSatisfy { $0.targets.map(\.role) == [.view] })
    #expect(!proxy.responds(to: .supplementaryView), "tables have no supplementary views")
  }

  @Test func extraRulesReplaceDefaultsForTheirMessages() {
    let view = EverythingHandler()
    let model = EverythingHandler()
    let proxy = ListProxy<ListView>(
      view: view, viewModel: model, rules: [.numberOfRows: .always(.viewModel)])
    #expect(proxy.explain(.numberOfRows).targets.map(\.role) == [.viewModel])
    #expect(proxy.explain(.cellForRow).rule == "always view", "the other defaults stay")
    proxy.rules[.cellForRow] = .always(.viewModel)
    #expect(proxy.explain(.cellForRow).targets.map(\.role) == [.viewModel])
  }

  @Test func aViewWithoutCellForRowIsARoutingError() {
    let view = NothingHandler()
    let model = EverythingHandler()
    let proxy = ListProxy<ListView>(view: view, viewModel: model)
    #expect(!proxy.responds(to: .cellForRow))
    #expect(proxy.routingErrors.map(\.message) == [.cellForRow])
    #expect(!proxy.responds(to: .didSelectRow), "did select never falls back to the view model")
    #expect(proxy.routingErrors.count == 1, "and that is not an error")
  }

  @Test func theViewModelCanBeHeldStronglyButTheViewNeverIs() {
    weak var viewRef: NothingHandler?
    weak var modelRef: EverythingHandler?
    let proxy: ListProxy<ListView>
    do {
      let view = NothingHandler()
      let model = EverythingHandler()
      viewRef = view
      modelRef = model
      proxy = ListProxy<ListView>(view: view, viewModel: model, viewModelRetention: .strong)
    }
    #expect(viewRef == nil)
    #expect(modelRef != nil)
    #expect(proxy.responds(to: .numberOfRows))
    #expect(proxy.handlers.map(\.role) == [.viewModel])
  }

  @Test func canEditAndCanMoveDefaultToWhetherSomeoneCommits() throws {
    final class Committer: ListRowCounting, ListCellProviding, ListEditCommitting, ListRowMoving {
      var rows = 3
      func numberOfRows(inSection section: Int) -> Int { rows }
      func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
        ListCell(reuseIdentifier: nil)
      }
      func commitEdit(_ style: ListEditingStyle, forRowAt indexPath: IndexPath) -> ListUpdate {
        rows -= 1
        return ListUpdate(deletingRowsAt: [indexPath])
      }
      func moveRow(from source: IndexPath, to destination: IndexPath) {}
    }
    let committer = Committer()
    let proxy = ListProxy<ListView>(view: committer, viewModel: committer)
    list.dataSource = proxy
    try list.reloadData()
    #expect(proxy.send(.canEditRow, at(0, 0), in: list) == nil, "nobody answers canEditRow")
    #expect(proxy.send(.canMoveRow, at(0, 0), in: list) == nil, "nobody answers canMoveRow")
    try list.commitEdit(.delete, forRowAt: at(0, 0))
    #expect(list.numberOfRows(inSection: 0) == 2, "the list applied the update commitEdit answered")
    try list.moveRowInteractively(from: at(0, 0), to: at(0, 1))
  }

  @Test func handlerSummariesNameEachHandler() {
    let view = NothingHandler()
    let model = EverythingHandler()
    let proxy = ListProxy<ListView>(view: view, viewModel: model)
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
