import SwitchboardLists
import Testing

/// A host reports a setup mistake where it is made, naming its real cause: `reloadData()`
/// throws it.
@MainActor
@Suite("describe: a list host's setup mistakes")
struct SetupMistakeSpecs {

  final class Model: ListRowCounting {
    let items = ["Milk", "Eggs"]
    func numberOfRows(inSection section: Int) -> Int { items.count }
  }

  final class TableScreen: ListCellProviding {
    func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
      try list.dequeueCell(ListCell.self, for: indexPath)
    }
  }

  /// A screen written for a grid.
  final class GridScreen: ListCellProviding {
    func cellForRow(at indexPath: IndexPath, in grid: CollectionView) throws -> ListCell {
      try grid.dequeueCell(ListCell.self, for: indexPath)
    }
  }

  @Suite("context: a proxy assigned to the list and stored nowhere")
  @MainActor
  struct ProxyNotStored {
    @Test("it: reloadData throws dataSourceReleased, saying to keep the proxy in a property")
    func reported() {
      let screen = TableScreen()
      let model = Model()
      let list = ListView()
      list.dataSource = ListProxy<ListView>(view: screen, viewModel: model)
      #expect(list.dataSource == nil, "the list holds its data source weakly, as UIKit does")
      #expect(throws: ListViewError.dataSourceReleased) { try list.reloadData() }
      #expect(ListViewError.dataSourceReleased.description.contains("in a property"))
    }

    @Test("it: still says so after a delegate is assigned")
    func afterADelegate() {
      let screen = TableScreen()
      let model = Model()
      let list = ListView()
      list.dataSource = ListProxy<ListView>(view: screen, viewModel: model)
      list.delegate = nil
      #expect(throws: ListViewError.dataSourceReleased) { try list.reloadData() }
    }

    @Test("it: a list never given a data source reloads to nothing without an error")
    func noDataSourceIsNotAMistake() throws {
      let list = ListView()
      try list.reloadData()
      list.dataSource = TableScreenSource()
      list.dataSource = nil
      try list.reloadData()
      #expect(list.visibleTexts.isEmpty)
    }

    final class TableScreenSource: ListRowCounting, ListCellProviding {
      func numberOfRows(inSection section: Int) -> Int { 1 }
      func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
        try list.dequeueCell(ListCell.self, for: indexPath)
      }
    }
  }

  @Suite("context: a cell provider written for another kind of host")
  @MainActor
  struct AnotherHost {
    @Test("it: says the handler makes cells for CollectionView, not ListView")
    func namesBothHosts() {
      let screen = GridScreen()
      let model = Model()
      let proxy = ListProxy<ListView>(view: screen, viewModel: model)
      let list = ListView()
      list.dataSource = proxy
      let expected = ListViewError.handlerForAnotherHost(
        .cellForRow, handler: "GridScreen", host: "ListView", otherHost: "CollectionView")
      #expect(throws: expected) { try list.reloadData() }
      #expect(
        expected.description
          == "GridScreen implements cellForRow for CollectionView, not for ListView, the host "
          + "this proxy serves, so it does not count here. Fix: show it in a CollectionView "
          + "(ListProxy<CollectionView>), or implement cellForRow for ListView.")
    }

    @Test("it: says so for a grid given a table's cell provider too")
    func theOtherWay() {
      let screen = TableScreen()
      let model = Model()
      let proxy = ListProxy<CollectionView>(view: screen, viewModel: model)
      let grid = CollectionView()
      grid.dataSource = proxy
      #expect(
        throws: ListViewError.handlerForAnotherHost(
          .cellForRow, handler: "TableScreen", host: "CollectionView", otherHost: "ListView")
      ) { try grid.reloadData() }
    }
  }

  @Suite("context: a rule that sends a message to a handler that does not implement it")
  @MainActor
  struct RuleCaused {
    /// Cells come from the view model here; the view implements no list message.
    final class ModelWithCells: ListRowCounting, ListCellProviding {
      func numberOfRows(inSection section: Int) -> Int { 1 }
      func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
        try list.dequeueCell(ListCell.self, for: indexPath)
      }
    }
    final class PlainScreen {}

    @Test("it: names the rule as the cause, not a missing implementation")
    func namesTheRule() throws {
      let screen = PlainScreen()
      let model = ModelWithCells()
      let proxy = ListProxy<ListView>(view: screen, viewModel: model)
      let list = ListView()
      list.dataSource = proxy
      let error = try #require(proxy.routingErrors.first)
      #expect(throws: ListViewError.routeCannotWork(error)) { try list.reloadData() }
      let text = ListViewError.routeCannotWork(error).description
      #expect(text.contains("rule 'always view' chose view (PlainScreen)"))
      #expect(text.contains("viewModel (ModelWithCells) ✓"))
      #expect(text.contains("change the rule for cellForRow"))
    }

    @Test("it: reloads once the rule lets the view model answer")
    func fixedByTheRule() throws {
      let screen = PlainScreen()
      let model = ModelWithCells()
      let proxy = ListProxy<ListView>(
        view: screen, viewModel: model, rules: [.cellForRow: .firstImplementer])
      let list = ListView()
      list.dataSource = proxy
      try list.reloadData()
      #expect(list.visibleTexts.count == 1)
    }
  }

  @Suite("context: a rule that sends an optional message to a handler that does not implement it")
  @MainActor
  struct OptionalMessageRule {
    @Test("it: the host reports it to onError once while it lasts, without validate()")
    func reportedOnce() throws {
      let screen = TableScreen()
      let model = Model()
      let proxy = ListProxy(
        view: screen, viewModel: model, rules: [.heightForRow: .always(.viewModel)])
      var reported: [RoutingError<ListMessage>] = []
      proxy.onError = { reported.append($0) }
      let list = ListView()
      list.dataSource = proxy
      list.delegate = proxy

      try list.reloadData()
      try list.reloadData()

      #expect(reported.map(\.message) == [.heightForRow])
      #expect(
        reported.first?.description.contains(
          "rule 'always viewModel' chose viewModel (Model), which does not implement it") == true)
      #expect(list.visibleTexts == ["", ""], "the list goes on with the host's own heights")
    }

    @Test("it: fixed and broken again, it is reported again")
    func reportedAgainWhenItReturns() throws {
      let screen = TableScreen()
      let model = Model()
      let proxy = ListProxy(
        view: screen, viewModel: model, rules: [.heightForRow: .always(.viewModel)])
      var reported: [ListMessage] = []
      proxy.onError = { reported.append($0.message ?? .numberOfSections) }
      let list = ListView()
      list.dataSource = proxy
      list.delegate = proxy
      try list.reloadData()

      proxy.rules[.heightForRow] = nil
      try list.reloadData()
      proxy.rules[.heightForRow] = .always(.viewModel)
      try list.reloadData()

      #expect(reported == [.heightForRow, .heightForRow])
    }

    @Test("it: a required message's rule is thrown by reloadData, not reported as well")
    func requiredIsThrownOnly() {
      let screen = GridScreen()
      let model = Model()
      let proxy = ListProxy<ListView>(view: screen, viewModel: model)
      var reported: [RoutingError<ListMessage>] = []
      proxy.onError = { reported.append($0) }
      let list = ListView()
      list.dataSource = proxy
      #expect(throws: ListViewError.self) { try list.reloadData() }
      #expect(reported.isEmpty)
    }
  }
}
