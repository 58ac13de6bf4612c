import Foundation
import Testing

@testable import SwitchboardLists

// A list host's dequeue and apply, written once (`ReusingListView`, `BatchUpdating`) over each
// view's own calls: on a device `UITableView`'s, `UICollectionView`'s, `NSTableView`'s and
// `NSCollectionView`'s; here the UIKit model's (UIKitModel.swift), through `ModelHost`.

private let rows = "tableView:numberOfRowsInSection:"

/// An update that inserts the row at `row` in section 0.
private func inserting(row: Int, animated: Bool = true) -> ListUpdate {
  var update = ListUpdate(insertingRowsAt: [IndexPath(item: row, section: 0)])
  update.animatingDifferences = animated
  return update
}

/// Another cell class, as one registered under `ModelCell`'s name by mistake.
private final class OtherCell: ModelCell {}

@MainActor
@Suite("A list host's one dequeue and one apply, on the UIKit model")
struct ListHostSpecs {
  let table = ModelTableView()
  /// The table's data source: one row until a spec says otherwise.
  let dataSource = Recorder([rows], answers: [rows: 1])
  let path = IndexPath(item: 0, section: 0)
  let cellName = String(reflecting: ModelCell.self)

  /// A table in a window, showing its data source's one row.
  init() {
    table.dataSource = dataSource
    table.layoutIfNeeded()
  }

  var host: ModelHost { table.host }

  @MainActor
  @Suite("describe: apply")
  struct Apply {
    let spec = ListHostSpecs()

    @Test("it: an update that adds up is performed once, animated or not as it says")
    func performed() throws {
      spec.dataSource.answers[rows] = 2
      try spec.host.apply(inserting(row: 1))
      spec.dataSource.answers[rows] = 3
      try spec.host.apply(inserting(row: 2, animated: false))
      #expect(spec.host.applied == [inserting(row: 1), inserting(row: 2, animated: false)])
      #expect(spec.host.animated == [true, false])
      #expect(spec.table.shownCounts == [3])
      #expect(spec.table.crashes.isEmpty)
    }

    @Test("it: an update that does not add up throws before the view sees it, which would raise")
    func mismatchThrows() {
      #expect(throws: ListViewError.self) { try spec.host.apply(inserting(row: 1)) }
      #expect(spec.host.applied.isEmpty)
      #expect(spec.table.shownCounts == [1])
      #expect(spec.table.crashes.isEmpty)
    }

    @Test("context: a view out of a window — it reloads instead")
    func reloadsOutOfWindow() throws {
      spec.table.isInWindow = false
      spec.dataSource.answers[rows] = 2
      let reloads = spec.table.reloads
      try spec.host.apply(inserting(row: 1))
      #expect(spec.host.applied.isEmpty)
      #expect(spec.table.reloads == reloads + 1)
    }

    @Test("context: no data source — it throws dataSourceReleased; an empty update is no change")
    func noDataSource() throws {
      spec.table.dataSource = nil
      #expect(throws: ListViewError.dataSourceReleased) {
        try spec.host.apply(inserting(row: 1))
      }
      try spec.host.apply(ListUpdate())
      #expect(spec.host.applied.isEmpty)
    }
  }

  @MainActor
  @Suite("describe: dequeue")
  struct Dequeue {
    let spec = ListHostSpecs()

    @Test("it: a cell type is registered under its full name once, the first time it is asked for")
    func registeredOnce() throws {
      let first = try spec.host.dequeueCell(ModelCell.self, for: spec.path)
      let second = try spec.host.dequeueCell(ModelCell.self, for: spec.path)
      #expect(spec.table.registrations == [spec.cellName])
      #expect(first.dequeued && second.dequeued && first !== second)
      #expect(spec.table.crashes.isEmpty)
    }

    @Test("it: a second cell for one request throws dequeuedTwice; the first is the request's")
    func oneViewPerRequest() {
      let host = spec.host
      host.dequeues.open(.cellForRow, at: spec.path)
      defer { host.dequeues.close() }
      let first = try? host.dequeueCell(ModelCell.self, for: spec.path)
      #expect(
        throws: ListViewError.dequeuedTwice(request: "cellForRow", spec.path, first: "ModelCell")
      ) { try host.dequeueCell(ModelCell.self, for: spec.path) }
      #expect(first != nil && host.dequeues.dequeued === first)
    }

    @Test("it: another class registered under the type's name is reported, not returned")
    func anotherClass() throws {
      _ = try spec.host.dequeueCell(ModelCell.self, for: spec.path)
      spec.table.register(OtherCell.self, as: spec.cellName)
      #expect(
        throws: ListViewError.cellTypeMismatch(
          reuseIdentifier: spec.cellName, expected: "ModelCell", actual: "OtherCell")
      ) { try spec.host.dequeueCell(ModelCell.self, for: spec.path) }
    }

    @Test("it: a supplementary view type is registered once per kind")
    func supplementaryPerKind() throws {
      let grid = ModelTableView(.collection)
      for kind: SupplementaryKind in [.header, .header, .footer] {
        _ = try grid.host.dequeueSupplementaryView(ModelCell.self, ofKind: kind, for: spec.path)
      }
      #expect(
        grid.registrations == [
          "\(SupplementaryKind.header.rawValue) \(spec.cellName)",
          "\(SupplementaryKind.footer.rawValue) \(spec.cellName)",
        ])
      #expect(grid.crashes.isEmpty)
    }

    @Test("it: a collection view's fallback cell is dequeued, of a class registered once for it")
    func fallbackRegisteredOnce() {
      let grid = ModelTableView(.collection)
      let cells = [grid.host.fallbackCell(at: spec.path), grid.host.fallbackCell(at: spec.path)]
      #expect(cells.allSatisfy { $0.dequeued })
      #expect(grid.registrations == ["Switchboard.FallbackCell"])
      #expect(grid.crashes.isEmpty)
    }
  }
}
