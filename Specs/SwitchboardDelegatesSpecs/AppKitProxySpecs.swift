import Foundation
import Testing

@testable import Switchboard
@testable import SwitchboardLists

// What the Mac's TableViewProxy (NSTableView) and OutlineViewProxy decide, driven through the
// model of the runtime as AppKit drives them, with AppKit's selectors (AppKitProtocols.swift).

private let rowCount = "numberOfRowsInTableView:"
private let cellView = "tableView:viewForTableColumn:row:"
private let shouldSelect = "tableView:shouldSelectRow:"
private let selectionChanged = "tableViewSelectionDidChange:"
private let reorderColumn = "tableView:shouldReorderColumn:toColumn:"
private let rowHeight = "tableView:heightOfRow:"

private let children = "outlineView:numberOfChildrenOfItem:"
private let child = "outlineView:child:ofItem:"
private let expandable = "outlineView:isItemExpandable:"
private let itemView = "outlineView:viewForTableColumn:item:"
private let itemHeight = "outlineView:heightOfRowByItem:"
private let outlineReorder = "outlineView:shouldReorderColumn:toColumn:"

/// A view model that sends the selection of row 1 to row 2, with the host-free capabilities.
@MainActor
private final class RedirectingModel: ListRowCounting, ListWillSelectHandling {
  func numberOfRows(inSection section: Int) -> Int { 3 }
  func willSelectRow(at indexPath: IndexPath, in host: ModelHost) -> IndexPath? {
    indexPath.row == 1 ? IndexPath(row: 2, section: 0) : indexPath
  }
}

/// A grid's view model: two sections of three items, and what it was asked to prefetch.
@MainActor
private final class GridModel: ListSectionCounting, ListRowCounting, ListPrefetching {
  var prefetched: [IndexPath] = []
  func numberOfSections() -> Int { 2 }
  func numberOfRows(inSection section: Int) -> Int { 3 }
  func prefetchRows(at indexPaths: [IndexPath]) { prefetched += indexPaths }
}

@MainActor
@Suite("The Mac's list proxies, on the model of AppKit")
struct AppKitProxySpecs {
  @MainActor
  @Suite("describe: NSTableView's TableViewProxy")
  struct Table {
    let table = ModelTableView(.appKitTable)
    let turns = ModelTurns()

    @Test(
      "it: a view model's capability counts the rows; the view controller's own method makes the views"
    )
    func split() {
      let screen = Recorder([cellView], answers: [cellView: ModelCell(dequeued: true)])
      let model = CountingModel()
      let proxy = ModelProxy.attach(to: table, view: screen, viewModel: model, turns: turns)
      #expect(table.send(rowCount) as? Int == 3)
      #expect(table.send(cellView, [NSNull(), 1]) is ModelCell)
      #expect(screen.received == [cellView])
      #expect(proxy.explain(.numberOfRows).targets.first?.role == .viewModel)
      #expect(table.crashes.isEmpty)
    }

    @Test("it: a row named by its index reaches a cell provider as its index path in section 0")
    func rowIndex() {
      let maker = CellMaker("cell")
      ModelProxy.attach(to: table, view: maker, viewModel: CountingModel(), turns: turns)
      #expect((table.send(cellView, [NSNull(), 2]) as? ModelCell)?.text == "cell 2")
      #expect(maker.made == 1)
    }

    @Test(
      "it: a selection redirected by the view model is refused, and the row chosen selected after AppKit's turn"
    )
    func shouldSelectRow() {
      let model = RedirectingModel()
      ModelProxy.attach(to: table, view: Recorder([]), viewModel: model, turns: turns)
      #expect(table.send(shouldSelect, [1]) as? Bool == false)
      #expect(table.selections.isEmpty, "not inside tableView:shouldSelectRow:")
      turns.endTurn()
      #expect(table.selections == [IndexPath(row: 2, section: 0)])
      #expect(table.send(shouldSelect, [0]) as? Bool == true)
      #expect(table.selections.count == 1)
    }

    @Test("it: keeps the data source and delegate a storyboard set, and hands them back")
    func keptHandedBack() {
      let storyboardSource = Recorder([rowCount], answers: [rowCount: 7])
      let storyboardDelegate = Recorder([selectionChanged])
      table.dataSource = storyboardSource
      table.delegate = storyboardDelegate
      let proxy = ModelProxy.attach(
        to: table, view: Recorder([]), viewModel: Recorder([]), turns: turns)
      #expect(table.delegate === proxy)
      table.send(selectionChanged, [NSNull()])
      #expect(storyboardDelegate.received == [selectionChanged])
      #expect(table.send(rowCount) as? Int == 7)
      proxy.detach()
      #expect(table.dataSource === storyboardSource)
      #expect(table.delegate === storyboardDelegate)
    }

    @Test("context: the view model is released — AppKit's documented defaults answer, not zero")
    func releasedViewModel() {
      var model: Recorder? = Recorder(
        [reorderColumn, rowHeight], answers: [reorderColumn: false, rowHeight: 30.0])
      ModelProxy.attach(to: table, view: Recorder([]), viewModel: model!, turns: turns)
      #expect(table.send(reorderColumn, [0, 1]) as? Bool == false)
      #expect(table.send(rowHeight, [0]) as? Double == 30.0)
      model = nil
      // NSTableView.h: "all columns are considered reorderable"; a row keeps the table's height.
      #expect(table.send(reorderColumn, [0, 1]) as? Bool == true)
      #expect(table.send(rowHeight, [0]) as? Double == 44.0)
      #expect(table.crashes.isEmpty)
    }
  }

  @MainActor
  @Suite("describe: NSOutlineView's OutlineViewProxy")
  struct Outline {
    let outline = ModelTableView(.appKitOutline)
    let turns = ModelTurns()

    @Test("it: the view model answers the tree and the view controller the views")
    func treeSplit() {
      let model = Recorder(
        [children, child, expandable], answers: [children: 2, child: "Inbox", expandable: true])
      let screen = Recorder([itemView], answers: [itemView: ModelCell(dequeued: true)])
      let proxy = ModelOutlineProxy.attach(
        to: outline, view: screen, viewModel: model, turns: turns)
      #expect(outline.dataSource === proxy && outline.delegate === proxy)
      #expect(outline.send(children, [NSNull()]) as? Int == 2)
      #expect(outline.send(child, [0, NSNull()]) as? String == "Inbox")
      #expect(outline.send(expandable, ["Inbox"]) as? Bool == true)
      #expect(outline.send(itemView, [NSNull(), "Inbox"]) is ModelCell)
      #expect(model.received == [children, child, expandable])
      #expect(screen.received == [itemView])
      #expect(proxy.routing.explain(children).targets.first?.role == .viewModel)
      #expect(proxy.routing.explain(itemView).targets.first?.role == .view)
    }

    @Test("it: keeps the objects a storyboard set as its lowest handlers, and hands them back")
    func keptHandedBack() {
      let storyboardSource = Recorder([children], answers: [children: 5])
      let storyboardDelegate = Recorder([itemView], answers: [itemView: ModelCell(dequeued: true)])
      outline.dataSource = storyboardSource
      outline.delegate = storyboardDelegate
      let model = Recorder([expandable], answers: [expandable: false])
      let proxy = ModelOutlineProxy.attach(
        to: outline, view: Recorder([]), viewModel: model, turns: turns)
      #expect(outline.send(children, [NSNull()]) as? Int == 5)
      #expect(outline.send(expandable, ["Inbox"]) as? Bool == false)
      proxy.detach()
      #expect(outline.dataSource === storyboardSource)
      #expect(outline.delegate === storyboardDelegate)
    }

    @Test("context: the view model is released — AppKit's documented defaults answer, not zero")
    func releasedViewModel() {
      var model: Recorder? = Recorder(
        [children, itemHeight, outlineReorder],
        answers: [children: 3, itemHeight: 20.0, outlineReorder: false])
      ModelOutlineProxy.attach(to: outline, view: Recorder([]), viewModel: model!, turns: turns)
      #expect(outline.send(itemHeight, ["Inbox"]) as? Double == 20.0)
      model = nil
      // NSOutlineView.h: -1 is the outline's own row height; columns are reorderable.
      #expect(outline.send(itemHeight, ["Inbox"]) as? Double == -1.0)
      #expect(outline.send(outlineReorder, [0, 1]) as? Bool == true)
      #expect(outline.send(children, [NSNull()]) == nil, "no children: zero")
      #expect(outline.crashes.isEmpty)
    }
  }

  @MainActor
  @Suite("describe: NSCollectionView's CollectionViewProxy")
  struct Collection {
    let grid = ModelTableView(.appKitCollection)
    let turns = ModelTurns()

    @Test("it: the view model counts and prefetches; the view controller's capability makes items")
    func split() {
      let model = GridModel()
      let maker = CellMaker("item")
      ModelProxy.attach(to: grid, view: maker, viewModel: model, turns: turns)
      #expect(grid.send("numberOfSectionsInCollectionView:") as? Int == 2)
      #expect(grid.send("collectionView:numberOfItemsInSection:", [1]) as? Int == 3)
      let item = grid.send(
        "collectionView:itemForRepresentedObjectAtIndexPath:", [IndexPath(item: 1, section: 1)])
      #expect((item as? ModelCell)?.text == "item 1")
      let soon = [IndexPath(item: 2, section: 1)]
      grid.send("collectionView:prefetchItemsAtIndexPaths:", [soon])
      #expect(model.prefetched == soon)
      #expect(grid.prefetchDataSource != nil, "held while a handler prefetches")
      #expect(grid.crashes.isEmpty)
    }

    @Test(
      "it: a selection, a set of index paths, goes by selector to the object that implements it")
    func selectionBySelector() {
      let screen = Recorder(["collectionView:didSelectItemsAtIndexPaths:"])
      ModelProxy.attach(to: grid, view: screen, viewModel: GridModel(), turns: turns)
      grid.send(
        "collectionView:didSelectItemsAtIndexPaths:", [Set([IndexPath(item: 0, section: 0)])])
      #expect(screen.received == ["collectionView:didSelectItemsAtIndexPaths:"])
    }

    @Test("context: the view controller is released — the header's defaults answer, not zero")
    func releasedView() {
      let drag = "collectionView:canDragItemsAtIndexPaths:withEvent:"
      let select = "collectionView:shouldSelectItemsAtIndexPaths:"
      var screen: Recorder? = Recorder(
        [drag, select], answers: [drag: false, select: Set<IndexPath>()])
      ModelProxy.attach(to: grid, view: screen!, viewModel: GridModel(), turns: turns)
      // The runtime's arguments start with the sender, the collection view (a stand-in here).
      let proposed = Set([IndexPath(item: 1, section: 0)])
      #expect(grid.send(select, [NSNull(), proposed]) as? Set<IndexPath> == [])
      screen = nil
      // NSCollectionView.h: dragging allowed; a proposed selection approved "as-is".
      #expect(grid.send(drag, [NSNull(), Set<IndexPath>(), NSNull()]) as? Bool == true)
      #expect(grid.send(select, [NSNull(), proposed]) as? Set<IndexPath> == proposed)
    }
  }
}
