import Foundation
import Switchboard
import SwitchboardLists
import TestSupport
import Testing

// The contract of a snapshot applied while another is being applied: the last apply wins. From
// any callback (a cell or supplementary view provider, `willDisplay`, `didEndDisplaying`, an
// apply's completion), during any apply (either batch of a staged one, an unstaged one, a
// reload), the view model ends on the last snapshot applied, every host shows it, and no host
// was handed a batch that does not fit what it shows.

/// A view model of numbered sections of numbered items that remembers the last snapshot it was
/// asked to apply.
@MainActor
private final class Shelf: ListSnapshotDataSource {
  let changes = ListChanges()
  var snapshot = ListSnapshot<Int, Int>()
  /// The snapshot of the apply called last, whatever its kind.
  private(set) var lastApplied = ListSnapshot<Int, Int>()

  /// Applies `next` by a diff (``apply(_:animatingDifferences:completion:)``) or a reload.
  func apply(
    _ next: ListSnapshot<Int, Int>, reloading: Bool, completion: (@MainActor () -> Void)? = nil
  ) {
    lastApplied = next
    if reloading {
      applyUsingReloadData(next, completion: completion)
    } else {
      apply(next, completion: completion)
    }
  }

  /// What every host should show: the items, section after section.
  var expected: [String] { snapshot.itemIdentifiers.map(String.init) }

  /// Whether the data is the last snapshot applied (marks aside: they act once).
  var endsOnLastApplied: Bool {
    snapshot.sectionIdentifiers == lastApplied.sectionIdentifiers
      && snapshot.sectionIdentifiers.allSatisfy {
        snapshot.itemIdentifiers(inSection: $0) == lastApplied.itemIdentifiers(inSection: $0)
      }
  }
}

/// Where a callback may apply a snapshot.
private enum Callback: String, CaseIterable, Hashable {
  case cellProvider, supplementaryProvider, willDisplay, didEndDisplaying, completion
}

/// One nested apply, armed for the `skipping + 1`th call of one callback on one host.
@MainActor
private final class NestedApply {
  var callback: Callback?
  var host: String?
  var skipping = 0
  var action: (@MainActor () -> Void)?
  /// The callbacks and hosts a nested apply was made from.
  private(set) var fired: [(callback: Callback, host: String)] = []

  func arm(
    _ callback: Callback, on host: String?, skipping: Int,
    _ action: @escaping @MainActor () -> Void
  ) {
    self.callback = callback
    self.host = host
    self.skipping = skipping
    self.action = action
  }

  /// Called by every callback; applies the armed snapshot once, at the armed call.
  func reached(_ callback: Callback, on host: String) {
    guard callback == self.callback, self.host == nil || self.host == host, let action else {
      return
    }
    guard skipping == 0 else {
      skipping -= 1
      return
    }
    self.action = nil
    fired.append((callback, host))
    action()
  }
}

/// A screen: the view half of one host, whose callbacks may apply a snapshot.
@MainActor
private final class ShelfScreen<Host: ListHost>: ListCellProviding, ListWillDisplayObserving,
  ListDidEndDisplayingObserving
{
  let shelf: Shelf
  let name: String
  let nested: NestedApply
  lazy var proxy = ListProxy<Host>(view: self, viewModel: shelf)
  /// Turns the shown item into a cell of the host.
  let fill: (Host.Cell, String) -> Void

  init(
    _ shelf: Shelf, name: String, nested: NestedApply, fill: @escaping (Host.Cell, String) -> Void
  ) {
    self.shelf = shelf
    self.name = name
    self.nested = nested
    self.fill = fill
  }

  func cellForRow(at indexPath: IndexPath, in host: Host) throws -> Host.Cell {
    nested.reached(.cellProvider, on: name)
    let cell = try host.dequeueCell(of: Host.Cell.self, for: indexPath)
    // Mid-batch, after a nested apply, a row may be past the newer data: a later reload
    // shows the row as it is.
    fill(cell, shelf.snapshot.itemIdentifier(at: indexPath).map(String.init) ?? "?")
    return cell
  }

  func willDisplay(_ cell: Host.Cell, forRowAt indexPath: IndexPath, in host: Host) {
    nested.reached(.willDisplay, on: name)
  }

  func didEndDisplaying(_ cell: Host.Cell, forRowAt indexPath: IndexPath, in host: Host) {
    nested.reached(.didEndDisplaying, on: name)
  }
}

extension ShelfScreen: ListSupplementaryViewProviding where Host == CollectionView {
  func supplementaryView(
    ofKind kind: SupplementaryKind, at indexPath: IndexPath, in host: CollectionView
  ) throws -> ListCell {
    nested.reached(.supplementaryProvider, on: name)
    let view = try host.dequeueSupplementaryView(of: ListCell.self, ofKind: kind, for: indexPath)
    view.text = "section \(shelf.snapshot.sectionIdentifiers[safe: indexPath.section] ?? -1)"
    return view
  }
}

/// A host written on the public ``ListHost`` API only, as an app would write one: it shows every
/// row, checks each batch with ``ListUpdate/validate(rowCountsBefore:after:)`` before showing
/// anything, then ends the display of every cell and makes each row's cell anew.
@MainActor
private final class TextHost: ListHost {
  final class Cell {
    var text = ""
    init() {}
  }

  weak var dataSource: ListProxy<TextHost>?
  private(set) var rows: [[Cell]] = []
  private var pool: [Cell] = []
  /// Batches that did not fit, each followed by a reload.
  var diagnostics: [ListViewError] = []
  var needsMoreContent: Bool { false }
  var shown: [String] { rows.flatMap { $0.map(\.text) } }

  func dequeueCell(of cellType: Cell.Type, for indexPath: IndexPath) -> Cell {
    pool.popLast() ?? Cell()
  }

  func apply(_ update: ListUpdate) throws(ListViewError) {
    try update.validate(rowCountsBefore: rows.map(\.count), after: counts())
    try show()
  }

  func reloadData() throws(ListViewError) { try show() }

  private func counts() -> [Int] {
    guard let dataSource else { return [] }
    return (0..<dataSource.send(.numberOfSections, in: self)).map {
      dataSource.send(.numberOfRows, $0, in: self)
    }
  }

  private func show() throws(ListViewError) {
    guard let dataSource else { return }
    let ending = rows
    rows = []
    for (section, cells) in ending.enumerated() {
      for (row, cell) in cells.enumerated() {
        dataSource.send(
          .didEndDisplayingRow, (cell, IndexPath(row: row, section: section)), in: self)
        pool.append(cell)
      }
    }
    var made: [[Cell]] = []
    for (section, count) in counts().enumerated() {
      var cells: [Cell] = []
      for row in 0..<count {
        let path = IndexPath(row: row, section: section)
        let cell: Cell
        do {
          cell = try dataSource.send(.cellForRow, path, in: self) ?? Cell()
        } catch {
          throw .cellProviderFailed(path, "\(error)")
        }
        cells.append(cell)
        dataSource.send(.willDisplayRow, (cell, path), in: self)
      }
      made.append(cells)
    }
    rows = made
  }
}

/// A table, a grid with section headers and a host of an app's own, all showing one shelf.
@MainActor
private final class Hosts {
  let shelf = Shelf()
  let nested = NestedApply()
  let table = ListView(viewportHeight: 1_000_000, rowHeight: 10)
  let grid = CollectionView(columns: 2, itemHeight: 10, viewportHeight: 1_000_000)
  let text = TextHost()
  let tableScreen: ShelfScreen<ListView>
  let gridScreen: ShelfScreen<CollectionView>
  let textScreen: ShelfScreen<TextHost>

  init(_ initial: ListSnapshot<Int, Int>) throws {
    shelf.apply(initial, reloading: true)
    tableScreen = ShelfScreen(shelf, name: "table", nested: nested) { $0.text = $1 }
    gridScreen = ShelfScreen(shelf, name: "grid", nested: nested) { $0.text = $1 }
    textScreen = ShelfScreen(shelf, name: "text", nested: nested) { $0.text = $1 }
    grid.headerHeight = 10
    table.dataSource = tableScreen.proxy
    table.delegate = tableScreen.proxy
    grid.dataSource = gridScreen.proxy
    grid.delegate = gridScreen.proxy
    text.dataSource = textScreen.proxy
    shelf.changes.addHost(text) { host, update in
      if let problem = host.applyOrReload(update) { host.diagnostics.append(problem) }
    }
    try table.reloadData()
    try grid.reloadData()
    try text.reloadData()
  }

  /// What each host shows, by name.
  var shown: [String: [String]] {
    ["table": table.visibleTexts, "grid": grid.visibleTexts, "text": text.shown]
  }

  /// Every batch rejected by a host (each followed by a reload), by host.
  var rejected: [String: [ListViewError]] {
    ["table": table.diagnostics, "grid": grid.diagnostics, "text": text.diagnostics]
  }

  /// Whether the shelf ended on the last snapshot applied, every host shows it, and no batch
  /// was rejected; what differs otherwise.
  func check() -> String? {
    var problems: [String] = []
    if !shelf.endsOnLastApplied {
      problems.append(
        "the shelf holds \(shelf.snapshot), not the last applied \(shelf.lastApplied)")
    }
    for (name, texts) in shown.sorted(by: { $0.key < $1.key }) where texts != shelf.expected {
      problems.append("\(name) shows \(texts), not \(shelf.expected)")
    }
    for (name, errors) in rejected.sorted(by: { $0.key < $1.key }) where !errors.isEmpty {
      problems.append("\(name) rejected: \(errors)")
    }
    return problems.isEmpty ? nil : problems.joined(separator: "; ")
  }
}

/// Sections `sections`, each holding its items.
private func shelfSnapshot(_ sections: KeyValuePairs<Int, [Int]>) -> ListSnapshot<Int, Int> {
  var snapshot = ListSnapshot<Int, Int>()
  for (section, items) in sections {
    snapshot.appendSections([section])
    snapshot.appendItems(items, toSection: section)
  }
  return snapshot
}

@Suite("describe: a snapshot applied while another is being applied")
@MainActor
struct NestedApplySpecs {
  @Suite("context: from didEndDisplaying, during the first batch of a staged apply")
  @MainActor
  struct DuringTheSectionMoves {
    /// Hosts showing `[10: 1, 2; 20: 3, 4; 30: 5]`; a first snapshot that moves section 20
    /// before 10, gives it item 6 and deletes 30 (a staged apply), and a second, the first plus
    /// item 7.
    fileprivate static func stagedCase() throws -> (
      Hosts, first: ListSnapshot<Int, Int>, second: ListSnapshot<Int, Int>
    ) {
      let hosts = try Hosts(shelfSnapshot([10: [1, 2], 20: [3, 4], 30: [5]]))
      var first = hosts.shelf.snapshot
      first.moveSection(20, beforeSection: 10)
      first.appendItems([6], toSection: 20)
      first.deleteSections([30])
      var second = first
      second.appendItems([7], toSection: 20)
      return (hosts, first, second)
    }

    @Test(
      "it: ends on the later snapshot, item 7 included, on every host and with no rejected batch"
    )
    func laterSnapshotWins() throws {
      let (hosts, first, second) = try Self.stagedCase()
      // Section 30's row ends its display in the first batch, on the table.
      hosts.nested.arm(.didEndDisplaying, on: "table", skipping: 0) {
        #expect(
          hosts.shelf.snapshot.itemIdentifiers(inSection: 20) == [3, 4],
          "the section moves come first, the new item after")
        hosts.shelf.apply(second, reloading: false)
      }
      hosts.shelf.apply(first, reloading: false)
      #expect(hosts.nested.fired.count == 1)
      #expect(hosts.shelf.snapshot.itemIdentifiers(inSection: 20) == [3, 4, 6, 7])
      #expect(hosts.shelf.snapshot.sectionIdentifiers == [20, 10])
      #expect(hosts.table.visibleTexts == ["3", "4", "6", "7", "1", "2"])
      #expect(hosts.check() == nil)
    }

    @Test("it: runs each apply's completion once, after every host shows the data")
    func completionsAfterTheHosts() throws {
      let (hosts, first, second) = try Self.stagedCase()
      let completions = Log()
      hosts.nested.arm(.didEndDisplaying, on: "table", skipping: 0) {
        hosts.shelf.apply(second, reloading: false) {
          completions.entries.append("second: \(hosts.check() ?? "shown")")
        }
      }
      hosts.shelf.apply(first, reloading: false) {
        completions.entries.append("first: \(hosts.check() ?? "shown")")
      }
      #expect(completions.entries.sorted() == ["first: shown", "second: shown"])
    }
  }

  @Suite("context: seeded random nesting from every callback, during every kind of apply")
  @MainActor
  struct RandomNesting {
    /// The kinds of apply an outer apply is made as.
    enum Kind: String, CaseIterable { case staged, unstaged, reload }

    @Test(
      "it: the last apply wins on the table, the grid and an app's own host, with no rejected batch",
      arguments: 0..<3)
    func lastApplyWins(seed: UInt64) throws {
      var random = SeededGenerator(seed: seed)
      let hosts = try Hosts(shelfSnapshot([0: [0, 1, 2], 1: [3, 4], 2: [5, 6, 7]]))
      var next = Counter(item: 100, section: 10)
      var covered: Set<String> = []
      var stagesSeen: Set<String> = []
      for step in 0..<240 {
        let kind = Kind.allCases[Int.random(in: 0..<3, using: &random)]
        let callback = Callback.allCases[Int.random(in: 0..<5, using: &random)]
        let host =
          callback == .supplementaryProvider
          ? "grid" : ["table", "grid", "text"][Int.random(in: 0..<3, using: &random)]
        var outer = hosts.shelf.snapshot
        switch kind {
        case .staged: stagedChange(&outer, &random, &next)
        case .unstaged: itemChanges(&outer, &random, &next)
        case .reload:
          if Bool.random(using: &random) { stagedChange(&outer, &random, &next) }
          itemChanges(&outer, &random, &next)
        }
        let nestedReloads = Int.random(in: 0..<4, using: &random) == 0
        let target = outer
        let applyNested: @MainActor () -> Void = {
          if kind == .staged {
            let inFirstBatch = hosts.shelf.snapshot.itemIdentifiers != target.itemIdentifiers
            stagesSeen.insert(inFirstBatch ? "first batch" : "second batch")
          }
          var inner = hosts.shelf.snapshot
          if Bool.random(using: &random) { stagedChange(&inner, &random, &next) }
          itemChanges(&inner, &random, &next)
          hosts.shelf.apply(inner, reloading: nestedReloads)
        }
        var completion: (@MainActor () -> Void)?
        if callback == .completion {
          completion = applyNested
        } else {
          hosts.nested.arm(
            callback, on: host, skipping: Int.random(in: 0..<3, using: &random), applyNested)
        }
        let firedBefore = hosts.nested.fired.count
        hosts.shelf.apply(outer, reloading: kind == .reload, completion: completion)
        if callback == .completion || hosts.nested.fired.count > firedBefore {
          covered.insert("\(kind.rawValue) from \(callback.rawValue)")
        }
        hosts.nested.arm(callback, on: nil, skipping: 0) {}
        hosts.nested.callback = nil
        let problem = hosts.check()
        #expect(problem == nil, "seed \(seed) step \(step), \(kind) from \(callback) on \(host)")
        guard problem == nil else { return }
      }
      for kind in Kind.allCases {
        for callback in Callback.allCases {
          #expect(
            covered.contains("\(kind.rawValue) from \(callback.rawValue)"),
            "seed \(seed): no nested apply \(kind) from \(callback)")
        }
      }
      #expect(stagesSeen == ["first batch", "second batch"], "seed \(seed)")
    }
  }
}

/// Lines written by callbacks.
@MainActor
private final class Log {
  var entries: [String] = []
}

/// The next new item and section numbers.
private struct Counter {
  var item: Int
  var section: Int
}

/// Moves a section that has items and adds an item to it: UIKit takes this in two batches.
private func stagedChange(
  _ snapshot: inout ListSnapshot<Int, Int>, _ random: inout SeededGenerator, _ next: inout Counter
) {
  while snapshot.numberOfSections < 2 {
    snapshot.appendSections([next.section])
    snapshot.appendItems([next.item], toSection: next.section)
    next.section += 1
    next.item += 1
  }
  let sections = snapshot.sectionIdentifiers
  let withItems = sections.filter { !snapshot.itemIdentifiers(inSection: $0).isEmpty }
  let moving =
    withItems.isEmpty ? sections[0] : withItems[Int.random(in: withItems.indices, using: &random)]
  let others = sections.filter { $0 != moving }
  let other = others[Int.random(in: others.indices, using: &random)]
  if Bool.random(using: &random) {
    snapshot.moveSection(moving, beforeSection: other)
  } else {
    snapshot.moveSection(moving, afterSection: other)
  }
  snapshot.appendItems([next.item], toSection: moving)
  next.item += 1
}

/// One to three item changes that move no section: inserts, deletes, moves and new sections.
private func itemChanges(
  _ snapshot: inout ListSnapshot<Int, Int>, _ random: inout SeededGenerator, _ next: inout Counter
) {
  for _ in 0..<Int.random(in: 1...3, using: &random) {
    let sections = snapshot.sectionIdentifiers
    let items = snapshot.itemIdentifiers
    switch Int.random(in: 0..<6, using: &random) {
    case 0 where sections.count < 5, _ where sections.isEmpty:
      snapshot.appendSections([next.section])
      next.section += 1
    case 1 where sections.count > 1:
      snapshot.deleteSections([sections[Int.random(in: sections.indices, using: &random)]])
    case 2 where !items.isEmpty:
      snapshot.deleteItems([items[Int.random(in: items.indices, using: &random)]])
    case 3 where items.count > 1:
      let item = items[Int.random(in: items.indices, using: &random)]
      let other = items[Int.random(in: items.indices, using: &random)]
      if item != other { snapshot.moveItem(item, afterItem: other) }
    default:
      let section = sections[Int.random(in: sections.indices, using: &random)]
      snapshot.appendItems([next.item], toSection: section)
      next.item += 1
    }
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
