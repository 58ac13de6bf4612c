import Foundation
import Switchboard
import SwitchboardLists
import SwitchboardTesting
import Testing

@MainActor private func groceries() -> GroceryViewModel {
  GroceryViewModel([
    (name: "Fruit", items: ["Apple", "Banana", "Cherry"]),
    (name: "Dairy", items: ["Milk", "Butter"]),
  ])
}

@MainActor
@Suite("A host-free view model")
struct HostIndependenceSpecs {
  @MainActor
  @Suite("when the same view model type serves a ListView and a CollectionView")
  struct BothHosts {
    @Test("each host shows the same sections and items")
    func sameContent() throws {
      let table = try GroceryTableScreen(model: groceries())
      let grid = try GroceryGridScreen(model: groceries())
      expectRendered(
        table.list,
        """
        == Fruit ==
          [0.0] Apple
          [0.1] Banana
          [0.2] Cherry
        -- 3 items --
        == Dairy ==
          [1.0] Milk
          [1.1] Butter
        -- 2 items --
        """)
      expectRendered(
        grid.grid,
        """
        == Fruit ==
          [0.0] Apple       [0.1] Banana
          [0.2] Cherry
        == Dairy ==
          [1.0] Milk        [1.1] Butter
        """)
      #expect(grid.grid.numberOfSections == table.list.numberOfSections)
      for section in 0..<2 {
        #expect(
          grid.grid.numberOfItems(inSection: section)
            == table.list.numberOfRows(inSection: section))
      }
    }

    @Test("the routes are the same rules over each host's own capabilities")
    func sameRules() throws {
      let table = try GroceryTableScreen(model: groceries())
      let grid = try GroceryGridScreen(model: groceries())
      for message in ListMessage.allCases where message != .supplementaryView {
        #expect(
          table.proxy.explain(message).targets.map(\.label)
            == grid.proxy.explain(message).targets.map(\.label), "\(message)")
      }
      #expect(grid.proxy.explain(.supplementaryView).targets.map(\.label) == ["view"])
      #expect(!table.proxy.responds(to: .supplementaryView))
      #expect(table.proxy.explain(.numberOfRows).targets.map(\.label) == ["viewModel"])
      #expect(grid.proxy.explain(.cellForRow).targets.map(\.label) == ["view"])
    }

    @Test("an update the view model answers applies to either host")
    func updatesApplyToEither() throws {
      let table = try GroceryTableScreen(model: groceries())
      let grid = try GroceryGridScreen(model: groceries())
      try table.list.apply(table.model.remove(at: IndexPath(row: 1, section: 0)))
      try grid.grid.apply(grid.model.remove(at: IndexPath(item: 1, section: 0)))
      #expect(table.list.visibleTexts == ["Apple", "Cherry", "Milk", "Butter"])
      #expect(grid.grid.visibleTexts == ["Apple", "Cherry", "Milk", "Butter"])
    }

    @Test("taps reach the view on both hosts, and prefetches the view model")
    func tapsAndPrefetches() throws {
      let table = try GroceryTableScreen(model: groceries())
      let grid = try GroceryGridScreen(model: groceries())
      try table.list.tapRow(withText: "Milk")
      try grid.grid.tapItem(withText: "Milk")
      #expect(table.selected == ["Milk"])
      #expect(grid.selected == ["Milk"])
      try grid.grid.resize(viewportHeight: 30)
      #expect(grid.model.prefetched.first == IndexPath(item: 2, section: 0))
    }
  }

  @MainActor
  @Suite("when a handler's view capabilities are for another host")
  struct WrongHost {
    @Test("they do not count on this host, and explain says so")
    func otherHostDoesNotCount() throws {
      let model = groceries()
      let tableScreen = try GroceryTableScreen(model: model)
      let proxy = ListProxy<CollectionView>(view: tableScreen, viewModel: model)
      #expect(!proxy.responds(to: .cellForRow))
      #expect(!proxy.responds(to: .didSelectRow))
      #expect(proxy.responds(to: .numberOfRows), "the data half serves every host")
      #expect(
        proxy.explain(.cellForRow).candidates.map(\.description)
          == ["view (GroceryTableScreen) ✗", "viewModel (GroceryViewModel) ✗"])
      let grid = CollectionView()
      grid.dataSource = proxy
      #expect(throws: ListViewError.self) { try grid.reloadData() }
    }

    @Test("a cell type of another host is a typed error naming both")
    func cellOfAnotherHost() throws {
      let grid = CollectionView()
      #expect(
        throws: ListViewError.cellTypeNotForHost(
          cell: "ForeignCell", host: "CollectionView", hostCell: "ListCell")
      ) { try grid.dequeueCell(ForeignCell.self, for: IndexPath(item: 0, section: 0)) }
    }
  }
}

/// A cell of some other host (a `UITableViewCell`, say): not a `ListCell`.
@MainActor
private final class ForeignCell {}
