import Foundation
import Switchboard
import SwitchboardLists
import SwitchboardTesting
import Testing

/// A screen that makes cells and handles nothing else.
final class CellsOnlyScreen: ListCellProviding {
  let model: TodoViewModel
  init(model: TodoViewModel) { self.model = model }
  func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    let cell = try list.dequeueCell(ListCell.self, for: indexPath)
    cell.text = model.sections[indexPath.section][indexPath.row]
    return cell
  }
}

/// A to-do model that deletes rows.
final class DeletingModel: TodoViewModel, ListEditCommitting {
  func commitEdit(_ style: ListEditingStyle, forRowAt indexPath: IndexPath) -> ListUpdate {
    sections[indexPath.section].remove(at: indexPath.row)
    return ListUpdate(deletingRowsAt: [indexPath])
  }
}

@MainActor
@Suite("Observing a list proxy")
struct ListObservationSpecs {

  @MainActor
  @Suite("describe: selection on ListView")
  struct Selection {
    @Test("it: an observer sees the row after the view handles it")
    func afterView() throws {
      let stack = TodoStack()
      try stack.list.reloadData()
      var seen: [IndexPath] = []
      let observation = stack.proxy.observe(.didSelectRow) { seen.append($0) }
      try stack.list.tapRow(at: IndexPath(item: 1, section: 0))
      #expect(stack.screen.selections == [IndexPath(item: 1, section: 0)])
      #expect(seen == [IndexPath(item: 1, section: 0)])
      observation.cancel()
    }

    @Test(
      "context: nobody handles did-select — observing makes the list send it, and cancelling stops it"
    )
    func unhandled() throws {
      let model = TodoViewModel()
      let screen = CellsOnlyScreen(model: model)
      let proxy = ListProxy<ListView>(view: screen, viewModel: model)
      let list = ListView()
      list.dataSource = proxy
      list.delegate = proxy
      try list.reloadData()
      #expect(!list.cachedResponse(to: .didSelectRow))

      var seen: [IndexPath] = []
      let observation = proxy.observe(.didSelectRow) { seen.append($0) }
      #expect(list.cachedResponse(to: .didSelectRow), "the list asked again")
      try list.tapRow(at: IndexPath(item: 2, section: 0))
      #expect(seen == [IndexPath(item: 2, section: 0)])

      observation.cancel()
      #expect(!list.cachedResponse(to: .didSelectRow))
      try list.tapRow(at: IndexPath(item: 0, section: 0))
      #expect(seen == [IndexPath(item: 2, section: 0)])
    }

    @Test("it: an async sequence yields the selected rows")
    func sequence() async throws {
      let stack = TodoStack()
      try stack.list.reloadData()
      let selections = stack.proxy.events(.didSelectRow)
      try stack.list.tapRow(at: IndexPath(item: 0, section: 0))
      try stack.list.tapRow(at: IndexPath(item: 2, section: 0))
      var received: [Int] = []
      for await indexPath in selections {
        received.append(indexPath.row)
        if received.count == 2 { break }
      }
      #expect(received == [0, 2])
    }
  }

  /// The pattern the README shows for a screen that owns its proxy: the task holds the
  /// sequence and the screen weakly, so the screen can go, its proxy with it, and the proxy
  /// finishes the sequence, which ends the task.
  final class WatchingScreen: ListCellProviding {
    let model = TodoViewModel()
    lazy var proxy = ListProxy<ListView>(view: self, viewModel: model)
    var selected: [Int] = []
    var watching: Task<Void, Never>?

    func startWatching() {
      let selections = proxy.events(.didSelectRow)
      watching = Task { [weak self] in
        for await indexPath in selections { self?.selected.append(indexPath.row) }
      }
    }

    func cellForRow(at indexPath: IndexPath, in list: ListView) throws -> ListCell {
      try list.dequeueCell(ListCell.self, for: indexPath)
    }
  }

  @MainActor
  @Suite("describe: a screen that iterates its own proxy's events")
  struct IteratingOwnEvents {
    @Test("it: is released while its task iterates, and the task ends")
    func noLeak() async throws {
      var task: Task<Void, Never>?
      let list = ListView()
      let released = try expectReleased {
        let screen = WatchingScreen()
        list.dataSource = screen.proxy
        list.delegate = screen.proxy
        screen.startWatching()
        task = screen.watching
        try list.reloadData()
        return screen
      }
      guard released else { return task?.cancel() ?? () }
      await task?.value  // finishes: the proxy went with the screen and ended the sequence
    }

    @Test("it: sees the selections while the screen lives")
    func seesSelections() async throws {
      let screen = WatchingScreen()
      let list = ListView()
      list.dataSource = screen.proxy
      list.delegate = screen.proxy
      screen.startWatching()
      try list.reloadData()
      try list.tapRow(at: IndexPath(item: 1, section: 0))
      for _ in 0..<1000 where screen.selected.isEmpty { await Task.yield() }
      #expect(screen.selected == [1])
      screen.watching?.cancel()
    }
  }

  @MainActor
  @Suite("describe: display")
  struct Display {
    @Test("it: will-display observers get the cell and its index path, typed for the host")
    func willDisplay() throws {
      let stack = TodoStack()
      var shown: [String] = []
      let observation = stack.proxy.observe(.willDisplayRow, beforeHandler: true) {
        cell, indexPath in shown.append("\(indexPath.row): \(cell.text)")
      }
      try stack.list.reloadData()
      #expect(shown == ["0: Buy milk", "1: Walk the dog", "2: Call mum"])
      observation.cancel()
    }

    @Test("it: works the same on the collection host")
    func collection() throws {
      let model = TodoViewModel()
      let shelf = ShelfLikeScreen(model: model)
      let proxy = ListProxy<CollectionView>(view: shelf, viewModel: model)
      let grid = CollectionView(columns: 2, viewportHeight: 200)
      grid.dataSource = proxy
      grid.delegate = proxy
      var shown: [Int] = []
      var selected: [IndexPath] = []
      let display = proxy.observe(.willDisplayRow) { _, indexPath in shown.append(indexPath.item) }
      let selection = proxy.observe(.didSelectRow) { selected.append($0) }
      try grid.reloadData()
      try grid.tapItem(at: IndexPath(item: 1, section: 0))
      #expect(shown == [0, 1, 2])
      #expect(selected == [IndexPath(item: 1, section: 0)])
      _ = (display, selection)
    }
  }

  @MainActor
  @Suite("describe: editing")
  struct Editing {
    @Test("it: a commit-edit observer sees the edit, and the model's update still applies")
    func commitEdit() throws {
      let model = DeletingModel()
      let stack = TodoStack(model: model)
      try stack.list.reloadData()
      var edits: [String] = []
      let observation = stack.proxy.observe(.commitEdit, beforeHandler: true) {
        style, indexPath in edits.append("\(style) \(indexPath.row)")
      }
      try stack.list.commitEdit(.delete, forRowAt: IndexPath(item: 0, section: 0))
      #expect(edits == ["delete 0"])
      #expect(stack.list.visibleTexts == ["Walk the dog", "Call mum"])
      observation.cancel()
    }

    @Test("it: observing commit-edit does not let a list nobody edits be edited")
    func noEditing() throws {
      let stack = TodoStack()
      try stack.list.reloadData()
      let observation = stack.proxy.observe(.commitEdit) { _, _ in }
      #expect(!stack.proxy.responds(to: .commitEdit))
      #expect(throws: ListViewError.self) {
        try stack.list.commitEdit(.delete, forRowAt: IndexPath(item: 0, section: 0))
      }
      observation.cancel()
    }
  }
}

/// A collection screen that makes cells from a to-do model.
final class ShelfLikeScreen: ListCellProviding {
  let model: TodoViewModel
  init(model: TodoViewModel) { self.model = model }
  func cellForRow(at indexPath: IndexPath, in grid: CollectionView) throws -> ListCell {
    let cell = try grid.dequeueCell(ListCell.self, for: indexPath)
    cell.text = model.sections[indexPath.section][indexPath.item]
    return cell
  }
}
