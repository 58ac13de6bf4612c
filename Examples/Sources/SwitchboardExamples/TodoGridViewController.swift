#if canImport(UIKit)
import SwitchboardLists
import SwitchboardUIKit
import UIKit

/// A to-do's tile.
final class TodoTile: UICollectionViewCell {
  private let label = UILabel()

  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.layer.cornerRadius = 10
    label.frame = contentView.bounds.insetBy(dx: 8, dy: 8)
    label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    label.numberOfLines = 0
    label.textAlignment = .center
    contentView.addSubview(label)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("TodoTile is made in code") }

  func configure(with todo: Todo) {
    label.text = todo.title
    label.textColor = todo.isDone ? .secondaryLabel : .label
    contentView.backgroundColor = todo.isDone ? .tertiarySystemFill : .secondarySystemBackground
  }
}

/// The to-do grid: a second screen over the same ``TodoListModel`` as ``TodoViewController``
/// (an iPad's sidebar and detail, or two tabs).
///
/// It makes tiles and toggles a to-do on tap. It applies nothing itself: the model announces
/// each change once and `CollectionViewProxy` applies it here, while `TableViewProxy` applies it
/// on the table, so a toggle or a delete in either screen shows in both.
///
/// ```swift
/// let model = TodoListModel()
/// let tabs = UITabBarController()
/// tabs.viewControllers = [TodoViewController(model: model), TodoGridViewController(model: model)]
/// ```
public final class TodoGridViewController: UIViewController, ListCellProviding,
  ListDidSelectHandling
{
  public typealias Host = UICollectionView

  let model: TodoListModel
  private lazy var collectionView: UICollectionView = {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 160, height: 96)
    layout.minimumInteritemSpacing = 12
    layout.minimumLineSpacing = 12
    layout.sectionInset = UIEdgeInsets(top: 12, left: 12, bottom: 12, right: 12)
    return UICollectionView(frame: view.bounds, collectionViewLayout: layout)
  }()

  /// A grid of `model`'s to-dos.
  public init(model: TodoListModel) {
    self.model = model
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("TodoGridViewController is made in code") }

  override public func viewDidLoad() {
    super.viewDidLoad()
    title = "Board"
    collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(collectionView)
    CollectionViewProxy.attach(to: collectionView, view: self, viewModel: model)
  }

  public func cellForRow(at indexPath: IndexPath, in collectionView: UICollectionView) throws
    -> UICollectionViewCell
  {
    let tile = try collectionView.dequeueCell(TodoTile.self, for: indexPath)
    tile.configure(with: model.todos[indexPath.item])
    return tile
  }

  public func didSelectRow(at indexPath: IndexPath, in collectionView: UICollectionView) {
    collectionView.deselectItem(at: indexPath, animated: true)
    model.toggle(at: indexPath.item)  // announced: this grid and the table update
  }
}
#endif
