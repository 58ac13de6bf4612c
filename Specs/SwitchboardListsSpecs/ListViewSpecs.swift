import Foundation
import Switchboard
import SwitchboardLists
import SwitchboardTesting
import Testing

@MainActor
@Suite("ListView")
struct ListViewSpecs {

  @MainActor
  @Suite("caching what its data source responds to")
  struct RespondsCache {
    @Test("when a proxy's routes change, the cache is refreshed")
    func refreshedOnRouteChange() throws {
      let stack = TodoStack()
      #expect(!stack.list.cachedResponse(to: .heightForRow))
      let heights = HeightHandler()
      stack.proxy.add(heights)
      #expect(stack.list.cachedResponse(to: .heightForRow))
      try stack.list.reloadData()
      #expect(stack.list.contentHeight == 60)
      stack.proxy.remove(heights)
      #expect(!stack.list.cachedResponse(to: .heightForRow))
    }

    @Test("when the handler behind a cached answer is released, the cache follows")
    func refreshedOnRelease() {
      let stack = TodoStack()
      do {
        let heights = HeightHandler()
        stack.proxy.add(heights)
        #expect(stack.list.cachedResponse(to: .heightForRow))
      }
      _ = stack.proxy.router.removeReleasedHandlers()
      #expect(!stack.list.cachedResponse(to: .heightForRow))
    }
  }

  @MainActor
  @Suite("batch updates")
  struct BatchUpdates {
    @Test("when the counts do not add up, it throws and keeps the list as it was")
    func wrongCountsLeaveStateUnchanged() throws {
      let stack = TodoStack()
      try stack.list.reloadData()
      try stack.list.tapRow(at: IndexPath(row: 2, section: 0))
      let before = stack.list.renderText()
      stack.model.sections[0].append("Water the plants")
      let error = #expect(throws: ListViewError.self) {
        try stack.list.performBatchUpdates { update in
          update.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)])
        }
      }
      #expect(
        error
          == .rowCountMismatch(
            section: 0, before: 3, inserted: 2, deleted: 0, movedIn: 0, movedOut: 0, after: 4))
      #expect(stack.list.renderText() == before)
      #expect(stack.list.numberOfRows(inSection: 0) == 3)
      #expect(stack.list.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
    }

    @Test("when the counts add up, the new rows are rendered")
    func rightCountsApply() throws {
      let stack = TodoStack()
      try stack.list.reloadData()
      stack.model.sections[0].insert("Water the plants", at: 1)
      try stack.list.insertRows(at: [IndexPath(row: 1, section: 0)])
      expectRendered(
        stack.list,
        """
          [0.0] Buy milk
          [0.1] Water the plants
          [0.2] Walk the dog
          [0.3] Call mum
        """)
    }
  }

  @MainActor
  @Suite("reusing cells")
  struct Reuse {
    final class CountingCell: ListCell {
      var preparations = 0
      override func prepareForReuse() {
        super.prepareForReuse()
        preparations += 1
      }
    }

    @Test("a cell that scrolls away comes back for another row, prepared for reuse")
    func sameInstanceReturns() throws {
      let model = TodoViewModel([(0..<10).map { "Task \($0)" }])
      let stack = TodoStack(model: model, viewportHeight: 88)
      stack.list.register(CountingCell.self, forCellReuseIdentifier: "todo")
      try stack.list.reloadData()
      let first = try #require(
        stack.list.cellForRow(at: IndexPath(row: 0, section: 0)) as? CountingCell)
      #expect(first.preparations == 0)
      try stack.list.scroll(by: 44)
      #expect(stack.list.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
      #expect(stack.list.pooledCellCount(forReuseIdentifier: "todo") == 0, "row 2 took it back")
      #expect(stack.list.cellForRow(at: IndexPath(row: 2, section: 0)) === first)
      #expect(first.preparations == 1)
      #expect(first.text == "Task 2")
    }

    @Test("dequeuing an unregistered identifier throws an error naming it")
    func unregisteredIdentifier() {
      let list = ListView()
      list.register(ListCell.self, forCellReuseIdentifier: "todo")
      #expect(throws: ListViewError.unregisteredReuseIdentifier("done", registered: ["todo"])) {
        try list.dequeueReusableCell(withIdentifier: "done", for: IndexPath(row: 0, section: 0))
      }
    }

    @Test("a cell type registered by dequeuing it is found by its plain name too")
    func plainNameOfATypeRegisteredByDequeue() throws {
      let list = ListView()
      let path = IndexPath(row: 0, section: 0)
      let made = try list.dequeueCell(CountingCell.self, for: path)
      #expect(list.registeredCellType(forReuseIdentifier: "CountingCell") == CountingCell.self)
      #expect(
        list.registeredCellType(forReuseIdentifier: String(reflecting: CountingCell.self))
          == CountingCell.self)
      #expect(
        try list.dequeueReusableCell(withIdentifier: "CountingCell", for: path) is CountingCell)
      _ = made
    }

    @Test(
      "a typed dequeue that finds another class under the type's name throws, and the cell goes back to the reuse pool"
    )
    func mismatchKeepsTheCell() throws {
      let list = ListView()
      let path = IndexPath(row: 0, section: 0)
      let identifier = String(reflecting: CountingCell.self)
      list.register(ListCell.self, forCellReuseIdentifier: identifier)
      #expect(
        throws: ListViewError.cellTypeMismatch(
          reuseIdentifier: identifier, expected: "CountingCell", actual: "ListCell")
      ) { try list.dequeueCell(CountingCell.self, for: path) }
      #expect(list.pooledCellCount(forReuseIdentifier: identifier) == 1, "the cell is kept")
      let again = try list.dequeueReusableCell(withIdentifier: identifier, for: path)
      #expect(list.pooledCellCount(forReuseIdentifier: identifier) == 0, "and reused")
      #expect(type(of: again) == ListCell.self)
    }
  }
}
