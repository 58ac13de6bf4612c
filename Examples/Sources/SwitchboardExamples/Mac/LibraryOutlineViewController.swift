#if os(macOS)
import AppKit
import SwitchboardAppKit

/// The tree half of the library's outline: the view model answers it, with AppKit's own data
/// source methods; it makes no view.
extension LibraryModel: NSOutlineViewDataSource {
  public func outlineView(_ outlineView: NSOutlineView, numberOfChildrenOfItem item: Any?)
    -> Int
  {
    (item as? Shelf)?.books.count ?? (item == nil ? shelves.count : 0)
  }

  public func outlineView(_ outlineView: NSOutlineView, child index: Int, ofItem item: Any?)
    -> Any
  {
    (item as? Shelf).map { $0.books[index] } ?? shelves[index]
  }

  public func outlineView(_ outlineView: NSOutlineView, isItemExpandable item: Any) -> Bool {
    item is Shelf
  }
}

/// The library on the Mac: an `NSOutlineView` of the same ``LibraryModel`` the iOS table
/// shows, the model answering the tree and this controller the views, through
/// `OutlineViewProxy`.
public final class LibraryOutlineViewController: NSViewController, NSOutlineViewDelegate {
  let model: LibraryModel
  private let outlineView = NSOutlineView()

  public init(model: LibraryModel = LibraryModel()) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("LibraryOutlineViewController is made in code") }

  override public func loadView() {
    let column = NSTableColumn(identifier: NSUserInterfaceItemIdentifier("name"))
    outlineView.addTableColumn(column)
    outlineView.outlineTableColumn = column
    outlineView.headerView = nil
    let scrollView = NSScrollView(frame: NSRect(x: 0, y: 0, width: 320, height: 480))
    scrollView.documentView = outlineView
    view = scrollView
  }

  override public func viewDidLoad() {
    super.viewDidLoad()
    OutlineViewProxy.attach(to: outlineView, view: self, viewModel: model)
  }

  public func outlineView(
    _ outlineView: NSOutlineView, viewFor tableColumn: NSTableColumn?, item: Any
  ) -> NSView? {
    let text = (item as? Shelf)?.name ?? (item as? Book)?.title ?? ""
    return NSTextField(labelWithString: text)
  }
}
#endif
