import Foundation
import Switchboard
import SwitchboardLists
import TestSupport
import Testing

/// A view model whose data is a snapshot of section names and item numbers; each item has a
/// version, which a cell shows, so a cell that was not refreshed after a change shows it.
@MainActor
private final class Board: ListSnapshotDataSource {
  let changes = ListChanges()
  var snapshot = ListSnapshot<String, Int>()
  var versions: [Int: Int] = [:]

  /// What a cell of `item` shows.
  func text(of item: Int) -> String { "\(item)v\(versions[item, default: 0])" }
  /// What every host should show, section after section.
  var expected: [String] { snapshot.itemIdentifiers.map(text(of:)) }
}

/// A view that makes empty cells.
@MainActor
private final class PlainCells: ListCellProviding {
  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    try list.dequeueCell(ListCell.self, for: indexPath)
  }
}

/// A screen that shows a board in a headless host, every row visible.
@MainActor
private final class BoardScreen<Host: ListHost>: ListCellProviding {
  let board: Board
  let host: Host
  lazy var proxy = ListProxy<Host>(view: self, viewModel: board)
  /// How many cells the screen made (a reload or a reloaded row makes them again).
  var cellsMade = 0
  /// Runs before each cell is made, as a cell provider that changes the data would.
  var onCell: ((IndexPath) -> Void)?

  init(_ board: Board, host: Host) throws {
    self.board = board
    self.host = host
    connect()
    try host.reloadData()
  }

  func cellForRow(at indexPath: IndexPath, in host: Host) throws -> Host.Cell {
    cellsMade += 1
    onCell?(indexPath)
    let text = board.snapshot.itemIdentifier(at: indexPath).map(board.text(of:)) ?? "?"
    let cell = try host.dequeueCell(of: Host.Cell.self, for: indexPath)
    (cell as? ListCell)?.text = text
    (cell as? ListCell)?.text = text
    return cell
  }

  private func connect() {
    if let list = host as? ListView {
      list.dataSource = proxy
      list.delegate = proxy
    } else if let grid = host as? CollectionView {
      grid.dataSource = proxy
      grid.delegate = proxy
    }
  }

  /// Sets ``onCell``.
  func onCellSetter(_ body: @escaping (IndexPath) -> Void) { onCell = body }

  /// The texts shown, in order.
  var shown: [String] {
    (host as? ListView)?.visibleTexts ?? (host as? CollectionView)?.visibleTexts ?? []
  }
  var diagnostics: [ListViewError] {
    (host as? ListView)?.diagnostics ?? (host as? CollectionView)?.diagnostics ?? []
  }
}

/// A snapshot of one section, "todo", holding `items`.
private func todo(_ items: [Int]) -> ListSnapshot<String, Int> {
  var snapshot = ListSnapshot<String, Int>()
  snapshot.appendSections(["todo"])
  snapshot.appendItems(items)
  return snapshot
}

@MainActor
private func screens(_ board: Board) throws -> (BoardScreen<ListView>, BoardScreen<CollectionView>)
{
  (
    try BoardScreen(board, host: ListView(viewportHeight: 1_000_000, rowHeight: 10)),
    try BoardScreen(
      board, host: CollectionView(columns: 3, itemHeight: 10, viewportHeight: 1_000_000))
  )
}

@MainActor
@Suite("describe: snapshots")
struct SnapshotSpecs {
  @Suite("context: a snapshot as a value")
  @MainActor
  struct AsAValue {
    @Test("it: appends, inserts, moves and deletes sections and items by identifier")
    func editing() {
      var snapshot = ListSnapshot<String, Int>()
      snapshot.appendSections(["a", "c"])
      snapshot.insertSections(["b"], beforeSection: "c")
      snapshot.appendItems([1, 2], toSection: "a")
      snapshot.appendItems([5])  // the last section
      snapshot.insertItems([3], afterItem: 2)
      snapshot.insertItems([4], beforeItem: 5)
      #expect(snapshot.sectionIdentifiers == ["a", "b", "c"])
      #expect(snapshot.itemIdentifiers == [1, 2, 3, 4, 5])
      snapshot.moveItem(1, afterItem: 4)
      snapshot.moveSection("c", beforeSection: "a")
      #expect(snapshot.sectionIdentifiers == ["c", "a", "b"])
      snapshot.moveSection("c", afterSection: "b")
      #expect(snapshot.sectionIdentifiers == ["a", "b", "c"])
      snapshot.moveSection("c", beforeSection: "a")
      #expect(snapshot.itemIdentifiers(inSection: "c") == [4, 1, 5])
      #expect(snapshot.sectionIdentifier(containingItem: 1) == "c")
      #expect(snapshot.indexPath(of: 2) == IndexPath(row: 0, section: 1))
      #expect(snapshot.indexOfItem(3) == 4)
      snapshot.deleteItems([4])
      snapshot.deleteSections(["a"])
      #expect(snapshot.itemIdentifiers == [1, 5])
      #expect(snapshot.numberOfItems == 2 && snapshot.numberOfSections == 2)
      #expect(snapshot.sectionIdentifier(containingItem: 2) == nil)
    }

    @Test("it: is a value: equal snapshots compare equal, marks included")
    func equality() {
      var one = ListSnapshot<String, Int>()
      one.appendSections(["a"])
      one.appendItems([1, 2])
      var two = one
      #expect(one == two)
      two.reconfigureItems([1])
      #expect(one != two)
      #expect(two.reconfiguredItemIdentifiers == [1])
    }
  }

  @Suite("context: a view model shown by a table and a grid")
  @MainActor
  struct SharedHosts {
    @Test("it: applying through one host updates both, each by one batch")
    func applyThroughOne() throws {
      let board = Board()
      let (table, grid) = try screens(board)
      var next = board.snapshot
      next.appendSections(["todo"])
      next.appendItems([1, 2, 3])
      try table.host.apply(next)
      #expect(table.shown == board.expected && grid.shown == board.expected)
      let made = (table.cellsMade, grid.cellsMade)
      next.deleteItems([2])
      next.moveItem(3, beforeItem: 1)
      try grid.host.apply(next)
      #expect(table.shown == ["3v0", "1v0"] && grid.shown == ["3v0", "1v0"])
      #expect(table.cellsMade == made.0 && grid.cellsMade == made.1, "no cell made again")
      #expect(table.diagnostics.isEmpty && grid.diagnostics.isEmpty, "nobody reloaded")
    }

    @Test("it: applying the same snapshot twice does nothing the second time")
    func idempotent() throws {
      let board = Board()
      let (table, grid) = try screens(board)
      let next = todo([1, 2])
      board.apply(next)
      let made = (table.cellsMade, grid.cellsMade)
      board.apply(next)
      try table.host.apply(next)
      #expect(table.cellsMade == made.0 && grid.cellsMade == made.1)
      #expect(board.snapshot == next)
    }

    @Test("it: a changed item is reconfigured in place, even where it moves, and marks act once")
    func reconfigure() throws {
      let board = Board()
      let (table, grid) = try screens(board)
      var next = todo([1, 2, 3])
      board.apply(next)
      board.versions[1] = 1
      next.moveItem(1, afterItem: 3)
      next.reconfigureItems([1])
      let cell = try #require(table.host.cellForRow(at: IndexPath(row: 0, section: 0)))
      board.apply(next)
      #expect(table.shown == ["2v0", "3v0", "1v1"] && grid.shown == table.shown)
      #expect(table.host.cellForRow(at: IndexPath(row: 2, section: 0)) === cell, "kept its cell")
      #expect(board.snapshot.reconfiguredItemIdentifiers.isEmpty, "the mark acted once")
    }

    @Test(
      "it: without animating, every host applies the same one batch, unanimated, as UIKit does since iOS 15"
    )
    func withoutAnimation() throws {
      let board = Board()
      let (table, grid) = try screens(board)
      var next = todo([1, 2])
      board.apply(next)
      let made = (table.cellsMade, grid.cellsMade)
      next.appendItems([3])
      var completions = 0
      try table.host.apply(next, animatingDifferences: false) { completions += 1 }
      #expect(table.cellsMade == made.0 + 1 && grid.cellsMade == made.1 + 1, "one row made")
      #expect(grid.shown == ["1v0", "2v0", "3v0"] && table.shown == grid.shown)
      #expect(completions == 1)
      #expect(table.diagnostics.isEmpty && grid.diagnostics.isEmpty)
    }

    @Test("it: applyUsingReloadData reloads every host, with no diff, then completes")
    func usingReloadData() throws {
      let board = Board()
      let (table, grid) = try screens(board)
      var next = todo([1, 2])
      board.apply(next)
      let made = (table.cellsMade, grid.cellsMade)
      next.appendItems([3])
      var completions = 0
      try grid.host.applyUsingReloadData(next) { completions += 1 }
      #expect(table.cellsMade == made.0 + 3 && grid.cellsMade == made.1 + 3, "reloaded")
      #expect(grid.shown == ["1v0", "2v0", "3v0"] && table.shown == grid.shown)
      #expect(completions == 1)
    }

    @Test("it: a stored snapshot applied twice acts on its marks once")
    func storedMarksActOnce() throws {
      let board = Board()
      let (table, _) = try screens(board)
      var next = todo([1, 2, 3])
      board.apply(next)
      next.reconfigureItems([2])
      board.versions[2] = 1
      board.apply(next)
      #expect(table.shown == ["1v0", "2v1", "3v0"])
      board.versions[2] = 2
      let made = table.cellsMade
      board.apply(next)
      #expect(table.shown == ["1v0", "2v1", "3v0"], "not configured again")
      #expect(table.cellsMade == made)
      #expect(board.snapshot.reconfiguredItemIdentifiers.isEmpty, "handed out without marks")
      var fresh = board.snapshot
      fresh.reconfigureItems([2])
      board.apply(fresh)
      #expect(table.shown == ["1v0", "2v2", "3v0"], "a new mark acts")
    }

    @Test("it: a snapshot applied after the view model was released names it and the fix")
    func releasedViewModel() throws {
      let list = ListView(viewportHeight: 100, rowHeight: 10)
      let cells = PlainCells()
      var board: Board? = Board()
      let proxy = ListProxy<ListView>(view: cells, viewModel: board!)
      list.dataSource = proxy
      try list.reloadData()
      board = nil
      var snapshot = ListSnapshot<String, Int>()
      snapshot.appendSections(["a"])
      #expect(throws: ListViewError.viewModelReleased(host: "ListView", viewModel: "a Board")) {
        try list.apply(snapshot)
      }
      #expect(
        ListViewError.viewModelReleased(host: "ListView", viewModel: "a Board").description
          == "ListView cannot apply a snapshot: its view model, a Board, was released (the "
          + "proxy holds it weakly, and nothing else kept it). Fix: keep the view model in a "
          + "property of the screen, or attach with viewModelRetention: .strong.")
      withExtendedLifetime(cells) {}
    }

    @Test("it: a host that opens later starts from the current snapshot")
    func lateHost() throws {
      let board = Board()
      let next = todo([1, 2])
      board.apply(next)
      let (table, grid) = try screens(board)
      #expect(table.shown == ["1v0", "2v0"] && grid.shown == table.shown)
    }

    @Test("it: a host whose data source keeps no snapshots throws, naming the handlers")
    func noSnapshotSource() throws {
      let list = ListView()
      var snapshot = ListSnapshot<String, Int>()
      snapshot.appendSections(["a"])
      #expect(
        throws: ListViewError.noSnapshotDataSource(
          host: "ListView", snapshot: "ListSnapshot<String, Int>", handlers: [])
      ) {
        try list.apply(snapshot)
      }
      let error = ListViewError.noSnapshotDataSource(
        host: "ListView", snapshot: "ListSnapshot<String, Int>", handlers: [])
      #expect(error.description.contains("ListSnapshotDataSource"))
    }
  }

  @Suite("context: a section that moves and changes its items")
  @MainActor
  struct MovedSectionWithChanges {
    @Test(
      "it: moves first, then changes the items, in batches UIKit accepts: its cells are kept, and only the changed rows are made"
    )
    func staged() throws {
      let board = Board()
      let (table, grid) = try screens(board)
      var shown = ListSnapshot<String, Int>()
      for section in 0..<10 {
        shown.appendSections(["s\(section)"])
        shown.appendItems(Array(section * 10..<section * 10 + 5), toSection: "s\(section)")
      }
      board.apply(shown)
      // Section s7 moves to the top; one of its items changes, one arrives.
      let kept = try (0..<5).map { row in
        try #require(table.host.cellForRow(at: IndexPath(row: row, section: 7)))
      }
      var next = shown
      next.moveSection("s7", beforeSection: "s0")
      board.versions[71] = 1
      next.reconfigureItems([71])
      next.insertItems([99], afterItem: 74)
      let made = (table.cellsMade, grid.cellsMade)
      board.apply(next)
      #expect(table.shown == board.expected && grid.shown == board.expected)
      #expect(table.diagnostics.isEmpty && grid.diagnostics.isEmpty, "no batch was rejected")
      for row in 0..<5 {
        #expect(table.host.cellForRow(at: IndexPath(row: row, section: 0)) === kept[row])
      }
      #expect(table.cellsMade - made.0 <= 2, "rows made again: \(table.cellsMade - made.0)")
      #expect(grid.cellsMade - made.1 <= 2, "items made again: \(grid.cellsMade - made.1)")
    }
  }

  @Suite("context: an announcement made while a host applies one")
  @MainActor
  struct NestedAnnouncements {
    @Test(
      "it: a cell provider that applies a snapshot mid-batch leaves every host showing the model, in order"
    )
    func smallestCase() throws {
      let board = Board()
      let (table, grid) = try screens(board)
      var shown = ListSnapshot<String, Int>()
      shown.appendSections(["s"])
      shown.appendItems([1, 2, 3])
      board.apply(shown)
      var n1 = shown
      n1.moveItem(1, afterItem: 3)
      board.versions[2] = 1
      n1.reconfigureItems([2])
      var n2 = n1
      n2.moveItem(3, beforeItem: 2)
      var nested = false
      table.onCell = { _ in
        guard !nested else { return }
        nested = true
        board.apply(n2)
      }
      board.apply(n1)
      #expect(board.snapshot.itemIdentifiers == [3, 2, 1])
      #expect(table.shown == ["3v0", "2v1", "1v0"])
      #expect(grid.shown == table.shown)
    }

    @Test(
      "it: seeded random nesting from several hosts' cell providers keeps every host equal to the model",
      arguments: 0..<4)
    func randomNesting(seed: UInt64) throws {
      var random = SeededGenerator(seed: seed)
      let board = Board()
      let (table, grid) = try screens(board)
      let other = try BoardScreen(board, host: ListView(viewportHeight: 1_000_000, rowHeight: 10))
      var nextItem = 0
      var nextSection = 0
      var nestedLeft = 0
      for screen in [table.onCellSetter, grid.onCellSetter, other.onCellSetter] {
        screen { _ in
          guard nestedLeft > 0 else { return }
          nestedLeft -= 1
          var next = board.snapshot
          randomChange(&next, board: board, &random, &nextItem, &nextSection)
          board.apply(next)
        }
      }
      for step in 0..<300 {
        var next = board.snapshot
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          randomChange(&next, board: board, &random, &nextItem, &nextSection)
        }
        nestedLeft = Int.random(in: 0...2, using: &random)
        board.apply(next)
        #expect(table.shown == board.expected, "seed \(seed) step \(step)")
        #expect(grid.shown == board.expected, "seed \(seed) step \(step)")
        #expect(other.shown == board.expected, "seed \(seed) step \(step)")
        guard table.shown == board.expected, grid.shown == board.expected else { return }
      }
    }
  }

  @Suite("context: seeded random snapshot sequences, sections and items moving")
  @MainActor
  struct RandomSequences {
    @Test(
      "it: every step is one batch UIKit's rules accept, and both hosts equal the model",
      arguments: 0..<4)
    func randomSequence(seed: UInt64) throws {
      var random = SeededGenerator(seed: seed)
      let board = Board()
      let (table, grid) = try screens(board)
      var nextItem = 0
      var nextSection = 0
      for step in 0..<600 {
        var next = board.snapshot
        for _ in 0..<Int.random(in: 1...4, using: &random) {
          randomChange(&next, board: board, &random, &nextItem, &nextSection)
        }
        let update = ListUpdate(from: board.snapshot, to: next)
        board.apply(next, animatingDifferences: Int.random(in: 0..<20, using: &random) != 0)
        #expect(
          table.diagnostics.isEmpty && grid.diagnostics.isEmpty,
          "seed \(seed) step \(step): \(update)")
        #expect(table.shown == board.expected, "seed \(seed) step \(step): \(update)")
        #expect(grid.shown == board.expected, "seed \(seed) step \(step): \(update)")
        guard table.diagnostics.isEmpty, table.shown == board.expected else { return }
      }
    }
  }
}

/// One random edit of `snapshot`; a changed item gets a new version and a mark.
@MainActor
private func randomChange(
  _ snapshot: inout ListSnapshot<String, Int>, board: Board, _ random: inout SeededGenerator,
  _ nextItem: inout Int, _ nextSection: inout Int
) {
  let sections = snapshot.sectionIdentifiers
  let items = snapshot.itemIdentifiers
  switch Int.random(in: 0..<12, using: &random) {
  case 0 where sections.count < 6, _ where sections.isEmpty:
    let section = "s\(nextSection)"
    nextSection += 1
    if let other = sections.randomElement(using: &random) {
      snapshot.insertSections([section], beforeSection: other)
    } else {
      snapshot.appendSections([section])
    }
  case 1 where sections.count > 1:
    snapshot.deleteSections([pick(sections, &random)])
  case 2 where sections.count > 1:
    let section = pick(sections, &random)
    let other = pick(sections, &random)
    snapshot.moveSection(section, afterSection: other)
  case 3:
    snapshot.reloadSections([pick(sections, &random)])
  case 4, 5:
    let count = Int.random(in: 1...3, using: &random)
    let new = (nextItem..<nextItem + count).map { $0 }
    nextItem += count
    if let item = items.randomElement(using: &random), Bool.random(using: &random) {
      snapshot.insertItems(new, afterItem: item)
    } else {
      snapshot.appendItems(new, toSection: pick(sections, &random))
    }
  case 6 where !items.isEmpty:
    snapshot.deleteItems([pick(items, &random)])
  case 7 where items.count > 1, 8 where items.count > 1:
    let item = pick(items, &random)
    let other = pick(items, &random)
    snapshot.moveItem(item, beforeItem: other)
  case 9 where !items.isEmpty, 10 where !items.isEmpty:
    let item = pick(items, &random)
    board.versions[item, default: 0] += 1
    if Bool.random(using: &random) {
      snapshot.reconfigureItems([item])
    } else {
      snapshot.reloadItems([item])
    }
  default:
    break
  }
}

/// A random element of `elements`, which is not empty.
private func pick<Element>(_ elements: [Element], _ random: inout SeededGenerator) -> Element {
  elements[Int.random(in: elements.indices, using: &random)]
}
