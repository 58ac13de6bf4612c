import Foundation
import SwitchboardTesting
import Testing

@testable import Switchboard
@testable import SwitchboardLists

// The steps of adding a list message that the compiler does not check (ListMessage's guide
// lists them all), each checked on Linux: a message added without one of them fails here.

/// The messages a view never sends, each with why; every other message is one it must send.
private let notSentByUITableView: [ListMessage: String] = [
  .supplementaryView: "a table has no supplementary views"
]
private let notSentByUICollectionView: [ListMessage: String] = [
  .titleForHeader: "a collection's section titles are supplementary views",
  .titleForFooter: "a collection's section titles are supplementary views",
  .canEditRow: "a collection has no editing style",
  .commitEdit: "a collection has no editing style",
  .sectionIndexTitles: "a collection's index titles are the layout's",
  .heightForRow: "a collection's sizes come from its layout",
  .estimatedHeightForRow: "a collection's sizes come from its layout",
]
private let notSentByListView = notSentByUITableView
private let notSentByCollectionView = notSentByUICollectionView.merging([
  .canMoveRow: "the headless collection has no interactive move",
  .moveRow: "the headless collection has no interactive move",
]) { first, _ in first }

@Suite("describe: a list message, from its case to every host")
@MainActor
struct AddingAListMessageSpecs {
  @Test(
    "it: UITableView's and UICollectionView's selector tables name every message each sends, and the model of UIKit declares each"
  )
  func selectorTables() {
    for (table, protocols, notSent) in [
      (ListSelectorTable.tableView, ModelProtocols.table, notSentByUITableView),
      (ListSelectorTable.collectionView, ModelProtocols.collection, notSentByUICollectionView),
    ] {
      for message in ListMessage.allCases {
        let selector = table.selector(for: message)
        let fix: Comment =
          "\(message) on \(table.hostName): add its selector to ListSelectorTable, or list it here as one \(table.hostName) does not send, with why"
        #expect((selector == nil) == (notSent[message] != nil), fix)
        if let selector {
          #expect(
            protocols.selectors[selector] != nil,
            "\(selector): declare it in the model of \(table.hostName)'s protocols")
        }
      }
    }
  }

  @Test("it: ListSpy, the package's test handler, implements and records every message")
  func spyImplementsEveryMessage() {
    let spy = ListSpy(for: CollectionView.self, rows: [["a"]])
    for message in ListMessage.allCases {
      #expect(
        message.isImplemented(by: spy, on: CollectionView.self),
        "\(message): make ListSpy adopt its capability and record it")
    }
  }

  @Test("it: ListView sends every message a table sends, when a user does all a user can")
  func listViewSendsEveryMessage() throws {
    let spy = ListSpy(rows: [["a", "b", "c", "d"], ["e"]])
    spy.headerTitles = [0: "Header"]
    spy.footerTitles = [0: "Footer"]
    let proxy = ListProxy<ListView>(view: spy, viewModel: spy)
    let list = ListView(viewportHeight: 60, rowHeight: 20)
    list.dataSource = proxy
    list.delegate = proxy
    try list.reloadData()
    try list.scroll(to: list.maximumContentOffset)
    try list.tapRow(at: IndexPath(row: 2, section: 0))
    // A tap on another row deselects the first: the user's deselection.
    try list.tapRow(at: IndexPath(row: 3, section: 0))
    try list.moveRowInteractively(
      from: IndexPath(row: 2, section: 0), to: IndexPath(row: 3, section: 0))
    try list.commitEdit(.delete, forRowAt: IndexPath(row: 0, section: 1))
    // Estimated heights are asked only of a delegate that gives no exact ones.
    let estimating = ListSpy(
      implementing: Set(ListMessage.allCases).subtracting([.heightForRow]), rows: [["a"]])
    let estimatingProxy = ListProxy<ListView>(view: estimating, viewModel: estimating)
    let other = ListView(viewportHeight: 60, rowHeight: 20)
    other.dataSource = estimatingProxy
    other.delegate = estimatingProxy
    try other.reloadData()
    let sent = Set(spy.messages + estimating.messages)
    let missing = ListMessage.allCases.filter { notSentByListView[$0] == nil && !sent.contains($0) }
    #expect(missing == [], "ListView never sent these: add its call sites")
  }

  @Test(
    "it: CollectionView sends every message a collection sends, when a user does all a user can")
  func collectionViewSendsEveryMessage() throws {
    let spy = ListSpy(for: CollectionView.self, rows: [["a", "b", "c", "d", "e", "f", "g"]])
    let proxy = ListProxy<CollectionView>(view: spy, viewModel: spy)
    let grid = CollectionView(columns: 2, itemHeight: 20, viewportHeight: 40)
    grid.headerHeight = 10
    grid.dataSource = proxy
    grid.delegate = proxy
    try grid.reloadData()
    try grid.scroll(by: 40)
    try grid.tapItem(at: IndexPath(item: 4, section: 0))
    try grid.tapItem(at: IndexPath(item: 5, section: 0))
    let missing = ListMessage.allCases.filter {
      notSentByCollectionView[$0] == nil && !spy.messages.contains($0)
    }
    #expect(missing == [], "CollectionView never sent these: add its call sites")
  }
}
