import Foundation
import Switchboard
import SwitchboardLists
import SwitchboardTesting
import Testing

@MainActor
@Suite("ListProxy")
struct ListProxySpecs {

  @MainActor
  @Suite("context: a view that makes cells")
  struct HostFromCells {
    final class GridScreen: ListCellProviding {
      func cellForRow(at indexPath: IndexPath, in grid: CollectionView) throws -> ListCell {
        try grid.dequeueCell(ListCell.self, for: indexPath)
      }
    }

    @Test("it: takes the host type from the view's cellForRow, unspelled")
    func hostInferred() {
      let table = TodoScreen(model: TodoViewModel())
      let grid = GridScreen()
      let tableProxy = ListProxy(view: table, viewModel: table.model)
      let gridProxy = ListProxy(view: grid, viewModel: grid)
      #expect(type(of: tableProxy) == ListProxy<ListView>.self)
      #expect(type(of: gridProxy) == ListProxy<CollectionView>.self)
      #expect(tableProxy.responds(to: .cellForRow))
      #expect(gridProxy.responds(to: .cellForRow))
    }

    @Test("it: gives a spy a ListView host unless told another")
    func spyDefaultsToListView() {
      #expect(type(of: ListSpy(implementing: [.cellForRow])) == ListSpy<ListView>.self)
      #expect(type(of: ListSpy(for: CollectionView.self)) == ListSpy<CollectionView>.self)
    }
  }

  @MainActor
  @Suite("lifetimes")
  struct Lifetimes {
    @Test("it retains neither the view nor the view model")
    func retainsNeither() {
      weak var screenRef: TodoScreen?
      weak var modelRef: TodoViewModel?
      var proxy: ListProxy<ListView>?
      do {
        let model = TodoViewModel()
        let screen = TodoScreen(model: model)
        screenRef = screen
        modelRef = model
        proxy = ListProxy<ListView>(view: screen, viewModel: model)
        #expect(proxy?.responds(to: .cellForRow) == true)
      }
      #expect(screenRef == nil)
      #expect(modelRef == nil)
      #expect(proxy?.responds(to: .cellForRow) == false)
    }

    @Test("a handler added later is not retained either")
    func laterHandlerIsNotRetained() {
      let model = TodoViewModel()
      let screen = TodoScreen(model: model)
      let proxy = ListProxy<ListView>(view: screen, viewModel: model)
      expectReleased {
        let heights = HeightHandler()
        proxy.add(heights)
        return heights
      }
    }
  }

  @MainActor
  @Suite("when the view model implements the view's messages too")
  struct GreedyViewModelContext {
    let model = GreedyViewModel()
    let screen: TodoScreen
    let proxy: ListProxy<ListView>
    let list = ListView()

    init() throws {
      screen = TodoScreen(model: model)
      proxy = ListProxy<ListView>(view: screen, viewModel: model)
      list.register(ListCell.self, forCellReuseIdentifier: "todo")
      list.dataSource = proxy
      list.delegate = proxy
      try list.reloadData()
    }

    @Test("the view still answers cell for row")
    func viewAnswersCellForRow() {
      expectRoute(.cellForRow, in: proxy, to: .view)
      #expect(list.cellForRow(at: IndexPath(row: 0, section: 0))?.text == "Buy milk")
    }

    @Test("the view still receives did select")
    func viewReceivesDidSelect() throws {
      expectRoute(.didSelectRow, in: proxy, to: .view)
      try list.tapRow(withText: "Walk the dog")
      #expect(screen.selections == [IndexPath(row: 1, section: 0)])
      #expect(model.selections.isEmpty)
    }
  }

  @MainActor
  @Suite("when the view does not implement a data message")
  struct DataMessages {
    @Test("the view model answers rows in section")
    func viewModelAnswersRowCount() throws {
      let stack = TodoStack()
      try stack.list.reloadData()
      expectRoute(.numberOfRows, in: stack.proxy, to: .viewModel)
      #expect(stack.list.numberOfRows(inSection: 0) == 3)
    }

    @Test("header titles come from the view model when only it implements them")
    func headerFromViewModel() throws {
      let stack = TodoStack(model: GreedyViewModel())
      try stack.list.reloadData()
      #expect(stack.list.headerTitle(forSection: 0) == "Model's title")
    }

    @Test("header titles come from the view when it implements them")
    func headerFromView() throws {
      let stack = TodoStack(model: GreedyViewModel(), screen: { TitlingScreen(model: $0) })
      try stack.list.reloadData()
      #expect(stack.list.headerTitle(forSection: 0) == "Screen's title")
      #expect(stack.list.renderText().hasPrefix("== Screen's title =="))
    }
  }

  @MainActor
  @Suite("when nobody implements a required message")
  struct MissingRequired {
    @Test("reloading throws an error naming the message and the handlers asked")
    func reloadThrows() {
      let model = TodoViewModel()
      let bystander = HeightHandler()
      let proxy = ListProxy<ListView>(view: bystander, viewModel: model)
      let list = ListView()
      list.dataSource = proxy
      #expect(
        throws: ListViewError.requiredMessageUnhandled(
          .cellForRow, handlers: ["view (HeightHandler) ✗", "viewModel (TodoViewModel) ✗"])
      ) {
        try list.reloadData()
      }
    }

    @Test(
      "context: the view model was passed inline and released at once — the error says so, with the fix"
    )
    func viewModelReleased() {
      let screen = TodoScreen(model: TodoViewModel())
      let proxy = ListProxy(view: screen, viewModel: TodoViewModel())
      let list = ListView()
      list.dataSource = proxy
      #expect(
        throws: ListViewError.requiredMessageUnhandled(
          .numberOfRows,
          handlers: [
            "view (TodoScreen) ✗",
            "viewModel: released (the proxy holds it weakly; keep it in a property, or pass "
              + "viewModelRetention: .strong)",
          ])
      ) {
        try list.reloadData()
      }
    }
  }

  @MainActor
  @Suite("when a rule broadcasts a message")
  struct Broadcasting {
    @Test("a notification reaches the view and the view model, in that order")
    func notificationReachesBoth() {
      let view = ListSpy<ListView>(implementing: [.willDisplayRow], rows: [["a"]])
      let model = ListSpy<ListView>(implementing: [.willDisplayRow], rows: [["a"]])
      let proxy = ListProxy<ListView>(
        view: view, viewModel: model, rules: [.willDisplayRow: .broadcast])
      let list = ListView()
      _ = proxy.router.broadcast(.willDisplayRow, as: (any ListWillDisplayObserving<ListView>).self)
      {
        $0.willDisplay(
          ListCell(reuseIdentifier: nil), forRowAt: IndexPath(row: 0, section: 0), in: list)
      }
      #expect(view.messages == [.willDisplayRow])
      #expect(model.messages == [.willDisplayRow])
    }

    @Test("only messages that return nothing may be broadcast")
    func onlyNotificationsMayBeBroadcast() {
      #expect(ListMessage.willDisplayRow.isNotification)
      #expect(ListMessage.didSelectRow.isNotification)
      #expect(!ListMessage.numberOfRows.isNotification)
      #expect(!ListMessage.heightForRow.isNotification)
    }
  }

  @MainActor
  @Suite("when routes change after messages were sent")
  struct RoutesChange {
    @Test("the next message goes to the handler the new routes pick")
    func nextMessageFollowsNewRoutes() throws {
      let view = ListSpy<ListView>(implementing: [.numberOfRows, .cellForRow], rows: [["a"]])
      let model = ListSpy<ListView>(implementing: [.numberOfRows], rows: [["a", "b"]])
      let proxy = ListProxy<ListView>(view: view, viewModel: model)
      let list = ListView()
      list.dataSource = proxy
      try list.reloadData()
      #expect(list.numberOfRows(inSection: 0) == 1)
      proxy.rules[.numberOfRows] = .always(.viewModel)
      try list.reloadData()
      #expect(list.numberOfRows(inSection: 0) == 2)
    }
  }

  @MainActor
  @Suite("when rules are given")
  struct GivenRules {
    @Test("their fallback applies to every message they do not name")
    func givenFallbackApplies() {
      let view = ListSpy<ListView>(implementing: [.numberOfRows, .cellForRow], rows: [["view"]])
      let model = ListSpy<ListView>(implementing: [.numberOfRows], rows: [["model", "model"]])
      let proxy = ListProxy<ListView>(
        view: view, viewModel: model, rules: RoutingRules([:], fallback: .prefer(.viewModel)))
      #expect(proxy.explain(.numberOfRows).targets.map(\.label) == ["viewModel"])
      #expect(
        proxy.router.send(.numberOfRows, as: (any ListRowCounting).self, default: 0) {
          $0.numberOfRows(inSection: 0)
        } == 2)
      #expect(proxy.explain(.cellForRow).rule == "always view", "the defaults still apply")
    }

    @Test("broadcasting a message that returns a value is reported by validate")
    func broadcastOfValueIsReported() {
      let view = ListSpy<ListView>(implementing: [.numberOfRows, .cellForRow], rows: [["a"]])
      let model = ListSpy<ListView>(implementing: [.numberOfRows], rows: [["a"]])
      let proxy = ListProxy<ListView>(
        view: view, viewModel: model, rules: [.numberOfRows: .broadcast])
      #expect(throws: RoutingError<ListMessage>.self) { try proxy.validate() }
      #expect(proxy.routingErrors.map(\.kind) == [.broadcastOfValueReturningMessage])
    }
  }

  @MainActor
  @Suite("when the view is its own view model")
  struct ScreenIsItsOwnModel {
    @Test("it is one handler with both roles, and the list works")
    func oneHandlerTwoRoles() throws {
      let screen = SelfContainedScreen()
      let proxy = ListProxy<ListView>(view: screen, viewModel: screen)
      #expect(proxy.handlers.map(\.description) == ["view/viewModel (SelfContainedScreen)"])
      #expect(proxy.routingErrors.isEmpty)
      let list = ListView()
      list.register(ListCell.self, forCellReuseIdentifier: "todo")
      list.dataSource = proxy
      list.delegate = proxy
      try list.reloadData()
      #expect(list.visibleTexts == ["Tea", "Cake"])
    }

    @Test("rules naming either role choose it")
    func rulesNamingEitherRole() {
      let screen = SelfContainedScreen()
      let proxy = ListProxy<ListView>(
        view: screen, viewModel: screen, rules: [.numberOfRows: .always(.viewModel)])
      #expect(proxy.targets(for: .numberOfRows).first === screen)
      #expect(proxy.targets(for: .cellForRow).first === screen)
    }

    @Test("it is held weakly, even when the view model was to be held strongly")
    func heldWeakly() {
      var proxy: ListProxy<ListView>?
      weak var released: SelfContainedScreen?
      do {
        let screen = SelfContainedScreen()
        released = screen
        proxy = ListProxy<ListView>(view: screen, viewModel: screen, viewModelRetention: .strong)
      }
      #expect(released == nil)
      #expect(proxy?.responds(to: .cellForRow) == false)
    }
  }
}

/// A small screen that is its own view model.
final class SelfContainedScreen: ListRowCounting, ListCellProviding {
  let items = ["Tea", "Cake"]
  func numberOfRows(inSection section: Int) -> Int { items.count }
  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    let cell = try list.dequeueReusableCell(withIdentifier: "todo", for: indexPath)
    cell.text = items[indexPath.row]
    return cell
  }
}
