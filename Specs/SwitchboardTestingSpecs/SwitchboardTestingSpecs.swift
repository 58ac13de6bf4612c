import Foundation
import Switchboard
import SwitchboardLists
import SwitchboardTesting
import Testing

@MainActor
@Suite("SwitchboardTesting")
struct SwitchboardTestingSpecs {

  /// A view spy and a model spy behind a proxy, with a list to drive.
  @MainActor
  struct Stack {
    let view = ListSpy<ListView>(
      implementing: [.cellForRow, .didSelectRow], rows: [["alpha", "beta", "gamma"]])
    let model = ListSpy<ListView>(
      implementing: [.numberOfSections, .numberOfRows, .titleForHeader],
      rows: [["alpha", "beta", "gamma"]])
    let proxy: ListProxy<ListView>
    let list = ListView(viewportHeight: 72)  // the 28-point header and one row

    init() throws {
      proxy = ListProxy<ListView>(view: view, viewModel: model)
      model.headerTitles = [0: "Greek"]
      list.dataSource = proxy
      list.delegate = proxy
      try list.reloadData()
    }
  }

  @MainActor
  @Suite("ListSpy<ListView>")
  struct ListSpySpecs {
    @Test("it records the messages it receives, with their rows")
    func recordsMessages() throws {
      let stack = try Stack()
      #expect(stack.view.drain() == ["cellForRow 0.0"])
      #expect(
        stack.model.drain() == [
          "numberOfSections", "numberOfRows §0", "titleForHeader §0",
        ])
      try stack.list.tapRow(at: IndexPath(row: 1, section: 0))
      #expect(stack.view.messages == [.didSelectRow])
      #expect(stack.model.messages.isEmpty)
    }

    @Test("when it does not implement a message, the proxy routes around it")
    func implementsOnlyWhatItIsTold() {
      let stack = try? Stack()
      #expect(stack?.proxy.responds(to: .heightForRow) == false)
      #expect(stack?.proxy.explain(.numberOfRows).targets.map(\.role) == [.viewModel])
    }
  }

  @MainActor
  @Suite("route expectations")
  struct RouteExpectationSpecs {
    @Test("when the route matches, expectRoute passes")
    func matchingRoutePasses() throws {
      let stack = try Stack()
      #expect(expectRoute(.cellForRow, in: stack.proxy, to: .view))
      #expect(expectRoute(.numberOfRows, in: stack.proxy.router, to: stack.model))
      #expect(expectNoRoute(.heightForRow, in: stack.proxy.router))
    }

    @Test("when the route differs, expectRoute records an issue that explains it")
    func mismatchedRouteFails() throws {
      let stack = try Stack()
      let line = #line + 2
      withKnownIssue {
        expectRoute(.cellForRow, in: stack.proxy, to: .viewModel)
      } matching: { issue in
        issue.sourceLocation?.line == line
          && issue.sourceLocation?.fileName
            == "SwitchboardTestingSpecs.swift"
          && issue.comments.contains {
            $0.rawValue.contains(
              "Expected cellForRow to route to viewModel, but cellForRow → view (ListSpy<ListView>), by rule 'always view'"
            )
          }
      }
      withKnownIssue {
        expectRoute(.cellForRow, in: stack.proxy.router, to: stack.model)
      }
      withKnownIssue {
        expectNoRoute(.numberOfRows, in: stack.proxy.router)
      }
    }

    @Test("when the table matches, expectRoutingTable passes")
    func matchingTablePasses() throws {
      let stack = try Stack()
      #expect(
        expectRoutingTable(
          of: stack.proxy,
          equals: [
            .numberOfSections: "viewModel", .numberOfRows: "viewModel", .cellForRow: "view",
            .supplementaryView: "nobody", .titleForHeader: "viewModel", .titleForFooter: "nobody",
            .canEditRow: "nobody",
            .canMoveRow: "nobody", .commitEdit: "nobody", .moveRow: "nobody",
            .sectionIndexTitles: "nobody", .prefetchRows: "nobody", .heightForRow: "nobody",
            .estimatedHeightForRow: "nobody", .willDisplayRow: "nobody",
            .didEndDisplayingRow: "nobody", .willSelectRow: "nobody", .didSelectRow: "view",
            .didDeselectRow: "nobody",
          ]))
    }

    @Test("when the table differs, the issue shows a line-by-line difference")
    func mismatchedTableShowsDifference() throws {
      let stack = try Stack()
      withKnownIssue {
        expectRoutingTable(
          of: stack.proxy, equals: [.numberOfSections: "viewModel", .cellForRow: "viewModel"])
      } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined()
        return text.contains("Routing table differs (− expected, + actual):")
          && text.contains("  numberOfSections → viewModel")
          && text.contains("− cellForRow → viewModel")
          && text.contains("+ cellForRow → view")
          && text.contains("− numberOfRows → (not listed)")
      }
    }
  }

  @MainActor
  @Suite("lifetime checks")
  struct LifetimeSpecs {
    @Test("when nothing else holds the object, expectReleased passes")
    func releasedObjectPasses() {
      let proxy = PrioritizedProxy<ListMessage>()
      #expect(
        expectReleased {
          let spy = ListSpy<ListView>()
          proxy.add(spy)
          return spy
        })
    }

    @Test("when something still holds the object, expectReleased records an issue")
    func retainedObjectFails() {
      let proxy = PrioritizedProxy<ListMessage>()
      withKnownIssue {
        expectReleased("held strongly") {
          let spy = ListSpy<ListView>()
          proxy.add(spy, retention: .strong)
          return spy
        }
      } matching: { issue in
        issue.comments.contains {
          $0.rawValue.hasPrefix("held strongly: ListSpy<ListView> is still alive")
        }
      }
    }
  }

  @MainActor
  @Suite("driving a ListView")
  struct DrivingSpecs {
    @Test("it scrolls by rows and renders what is visible")
    func scrollsAndRenders() throws {
      let stack = try Stack()
      #expect(stack.list.visibleTexts == ["alpha"])
      try stack.list.scroll(rows: 1)
      #expect(expectRendered(stack.list, "  [0.0] alpha\n  [0.1] beta"))
      try stack.list.scrollToBottom()
      #expect(stack.list.visibleTexts == ["beta", "gamma"])
    }

    @Test("it selects a row by its text")
    func selectsByText() throws {
      let stack = try Stack()
      try stack.list.tapRow(withText: "alpha")
      #expect(stack.list.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
      #expect(throws: ListViewError.noVisibleRow(text: "omega", visible: ["alpha"])) {
        try stack.list.tapRow(withText: "omega")
      }
    }

    @Test("when the rendering differs, expectRendered shows the difference")
    func renderingMismatchFails() throws {
      let stack = try Stack()
      withKnownIssue {
        expectRendered(stack.list, "== Greek ==\n  [0.0] omega")
      } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined()
        return text.contains("  == Greek ==") && text.contains("−   [0.0] omega")
          && text.contains("+   [0.0] alpha")
      }
    }
  }
}
