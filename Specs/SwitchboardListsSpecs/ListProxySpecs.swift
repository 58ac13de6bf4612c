import Foundation
import Switchboard
import SwitchboardLists
import SwitchboardTesting
import Testing

@MainActor
@Suite("ListProxy")
struct ListProxySpecs {

  @MainActor
  @Suite("lifetimes")
  struct Lifetimes {
    @Test("it retains neither the view nor the view model")
    func retainsNeither() {
      weak var screenRef: TodoScreen?
      weak var modelRef: TodoViewModel?
      var proxy: ListProxy?
      do {
        let model = TodoViewModel()
        let screen = TodoScreen(model: model)
        screenRef = screen
        modelRef = model
        proxy = ListProxy(view: screen, viewModel: model)
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
      let proxy = ListProxy(view: screen, viewModel: model)
      expectReleased {
        let heights = HeightHandler()
        proxy.router.add(heights)
        return heights
      }
    }
  }

  @MainActor
  @Suite("when the view model implements the view's messages too")
  struct GreedyViewModelContext {
    let model = GreedyViewModel()
    let screen: TodoScreen
    let proxy: ListProxy
    let list = ListView()

    init() throws {
      screen = TodoScreen(model: model)
      proxy = ListProxy(view: screen, viewModel: model)
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
      try list.selectRow(withText: "Walk the dog")
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
      let proxy = ListProxy(view: bystander, viewModel: model)
      let list = ListView()
      list.dataSource = proxy
      #expect(
        throws: ListViewError.requiredMessageUnhandled(
          .cellForRow, handlers: ["view (HeightHandler) ✗", "viewModel (TodoViewModel) ✗"])
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
      let view = ListSpy(implementing: [.willDisplayRow], rows: [["a"]])
      let model = ListSpy(implementing: [.willDisplayRow], rows: [["a"]])
      let proxy = ListProxy(view: view, viewModel: model, rules: [.willDisplayRow: .broadcast])
      let list = ListView()
      proxy.list(
        list, willDisplay: ListCell(reuseIdentifier: nil), forRowAt: IndexPath(row: 0, section: 0))
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
    func nextMessageFollowsNewRoutes() {
      let view = ListSpy(implementing: [.numberOfRows], rows: [["a"]])
      let model = ListSpy(implementing: [.numberOfRows], rows: [["a", "b"]])
      let proxy = ListProxy(view: view, viewModel: model)
      let list = ListView()
      #expect(proxy.list(list, numberOfRowsInSection: 0) == 1)
      proxy.rules[.numberOfRows] = .always(.viewModel)
      #expect(proxy.list(list, numberOfRowsInSection: 0) == 2)
    }
  }
}
