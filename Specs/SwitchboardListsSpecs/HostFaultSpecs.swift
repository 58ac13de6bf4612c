import Foundation
import Switchboard
import SwitchboardLists
import SwitchboardTesting
import Testing

@MainActor
@Suite("ListView host faults")
struct HostFaultSpecs {

  final class Watcher: ListWillDisplayObserving {
    var displayed = 0
    func willDisplay(_ cell: ListCell, forRowAt indexPath: IndexPath, in list: ListView) {
      displayed += 1
    }
  }

  final class Titles: ListHeaderTitling {
    func titleForHeader(inSection section: Int) -> String? { "Title" }
  }

  @Test("when the delegate behind a cached answer is released, it records a diagnostic and goes on")
  func releasedDelegate() throws {
    let spy = ListSpy<ListView>(
      implementing: [.numberOfRows, .cellForRow], rows: [["a", "b", "c", "d"]])
    let list = ListView(viewportHeight: 44)
    list.dataSource = spy
    do {
      let watcher = Watcher()
      list.delegate = watcher
      try list.reloadData()
      #expect(watcher.displayed == 1)
      #expect(list.cachedResponse(to: .willDisplayRow))
    }
    try list.scroll(by: 44)
    #expect(list.diagnostics == [.respondentReleased(.willDisplayRow)])
    #expect(!list.cachedResponse(to: .willDisplayRow), "asked once, then the cache is refreshed")
    try list.scroll(by: 44)
    #expect(list.diagnostics.count == 1)
    #expect(list.visibleTexts == ["c"])
  }

  @Test(
    "when a proxy's handler is released, the list records it during the call and uses the default")
  func releasedProxyHandler() throws {
    let view = ListSpy<ListView>(implementing: [.cellForRow], rows: [["a"]])
    let model = ListSpy<ListView>(implementing: [.numberOfRows], rows: [["a"]])
    let proxy = ListProxy<ListView>(view: view, viewModel: model)
    let list = ListView()
    list.dataSource = proxy
    do {
      let titles = Titles()
      proxy.add(titles)
      try list.reloadData()
      #expect(list.headerTitle(forSection: 0) == "Title")
    }
    try list.reloadData()
    #expect(list.diagnostics == [.handlerReleased(.titleForHeader)])
    #expect(list.headerTitle(forSection: 0) == nil)
    #expect(list.diagnostics.first?.description.contains("its handler was released") == true)
  }

  @Test("a data source changed without telling the list is reported by the next consistency check")
  func silentMutation() throws {
    let spy = ListSpy<ListView>(
      implementing: [.numberOfSections, .numberOfRows, .cellForRow], rows: [["a", "b"], ["c"]])
    let list = ListView()
    list.dataSource = spy
    try list.reloadData()
    try list.checkConsistency()
    spy.rows[1].append("d")
    #expect(throws: ListViewError.staleRowCount(section: 1, shown: 1, dataSource: 2)) {
      try list.checkConsistency()
    }
    spy.rows.append([])
    #expect(throws: ListViewError.staleSectionCount(shown: 2, dataSource: 3)) {
      try list.checkConsistency()
    }
  }
}
