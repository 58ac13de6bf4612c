import Foundation
import Switchboard
import SwitchboardLists
import SwitchboardTesting
import Testing

/// A screen that owns its list and its proxy, and is the proxy's view handler.
final class OwningScreen: ListCellProviding, ListDidSelectHandling {
  let model = ListSpy<ListView>(implementing: [.numberOfRows], rows: [["a", "b"]])
  let list = ListView()
  lazy var proxy = ListProxy<ListView>(view: self, viewModel: model, viewModelRetention: .strong)
  var observation: ObservationToken?

  func load() throws {
    list.register(ListCell.self, forCellReuseIdentifier: "cell")
    list.dataSource = proxy
    list.delegate = proxy
    observation = proxy.observeRoutes { [weak self] _ in _ = self }
    try list.reloadData()
    try list.tapRow(at: IndexPath(row: 1, section: 0))
  }
  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    try list.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
  }
  func didSelectRow(at indexPath: IndexPath, in list: ListView) {}
}

@MainActor
@Suite("Lifetimes")
struct LifetimeSpecs {
  @Test("no proxy, route cache, rule closure or host keeps a weakly held handler alive")
  func weakHandlerIsNeverRetained() throws {
    let view = ListSpy<ListView>(implementing: [.cellForRow], rows: [["a"]])
    let model = ListSpy<ListView>(implementing: [.numberOfRows], rows: [["a"]])
    let proxy = ListProxy<ListView>(view: view, viewModel: model)
    let list = ListView()
    list.dataSource = proxy
    list.delegate = proxy
    try list.reloadData()
    expectReleased("a handler named by a rule, cached in routes and asked by the host") {
      let extra = ListSpy<ListView>(implementing: [.titleForHeader, .heightForRow])
      proxy.insert(extra, at: 0, role: "extra")
      proxy.rules[.titleForHeader] = .always(extra)
      proxy.rules[.heightForRow] = .only("extra")
      try? list.reloadData()
      #expect(list.headerTitle(forSection: 0) == nil)
      #expect(proxy.responds(to: .titleForHeader))
      return extra
    }
    try list.reloadData()
    #expect(!proxy.responds(to: .titleForHeader))
  }

  @Test("a screen that owns its proxy and list is released: no view → proxy → view cycle forms")
  func noCycleThroughTheAPI() {
    expectReleased {
      let screen = OwningScreen()
      try? screen.load()
      #expect(screen.list.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
      return screen
    }
  }

  @Test("a list does not keep its data source or delegate alive")
  func hostHoldsWeakly() {
    let list = ListView()
    expectReleased {
      let spy = ListSpy<ListView>(
        implementing: [.numberOfRows, .cellForRow, .willDisplayRow], rows: [["a"]])
      list.dataSource = spy
      list.delegate = spy
      try? list.reloadData()
      return spy
    }
  }
}
