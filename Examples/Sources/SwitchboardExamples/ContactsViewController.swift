#if canImport(UIKit)
import SwitchboardLists
import SwitchboardUIKit
import UIKit

/// A contacts screen whose data half is a `UITableViewDiffableDataSource`, while Switchboard
/// routes the delegate messages between the view controller and a view model.
///
/// The diffable data source makes itself the table's data source when it is created; attaching
/// the proxy afterwards keeps it as the lowest-priority handler, so it answers the data
/// messages nobody else does (rows and cells), the view model (with no UIKit in it) titles the
/// section, and the view controller handles selection.
public final class ContactsViewController: UIViewController, ListDidSelectHandling {
  public typealias Host = UITableView

  let model = ContactsModel()
  private let tableView = UITableView(frame: .zero, style: .plain)
  private var dataSource: UITableViewDiffableDataSource<Int, String>?

  override public func viewDidLoad() {
    super.viewDidLoad()
    title = "Contacts"
    tableView.frame = view.bounds
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "contact")
    view.addSubview(tableView)

    let dataSource = UITableViewDiffableDataSource<Int, String>(tableView: tableView) {
      tableView, indexPath, name in
      let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
      var content = cell.defaultContentConfiguration()
      content.text = name
      cell.contentConfiguration = content
      return cell
    }
    self.dataSource = dataSource
    // Kept as the lowest-priority handler: the data half of the screen.
    TableViewProxy.attach(to: tableView, view: self, viewModel: model)

    var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(model.names)
    dataSource.apply(snapshot, animatingDifferences: false)
  }

  public func didSelectRow(at indexPath: IndexPath, in tableView: UITableView) {
    tableView.deselectRow(at: indexPath, animated: true)
    guard let name = dataSource?.itemIdentifier(for: indexPath) else { return }
    model.open(name)
  }
}
#endif
