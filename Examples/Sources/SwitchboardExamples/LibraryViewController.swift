#if canImport(UIKit)
import SwitchboardUIKit
import UIKit

/// The library on iOS: a section per shelf, from the same ``LibraryModel`` the Mac's outline
/// shows; the controller makes the cells, the model answers the rest.
public final class LibraryViewController: UITableViewController, ListCellProviding {
  public typealias Host = UITableView
  let model: LibraryModel

  public init(model: LibraryModel = LibraryModel()) {
    self.model = model
    super.init(style: .insetGrouped)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("LibraryViewController is made in code") }

  override public func viewDidLoad() {
    super.viewDidLoad()
    TableViewProxy.attach(to: tableView, view: self, viewModel: model)
  }

  public func cellForRow(at indexPath: IndexPath, in tableView: UITableView) throws
    -> UITableViewCell
  {
    let cell = try tableView.dequeueCell(UITableViewCell.self, for: indexPath)
    var content = cell.defaultContentConfiguration()
    content.text = model.shelves[indexPath.section].books[indexPath.row].title
    cell.contentConfiguration = content
    return cell
  }
}
#endif
