#if canImport(UIKit)
import SwitchboardLists
import SwitchboardUIKit
import UIKit

/// A photo's tile.
final class PhotoCell: UICollectionViewCell {
  private let label = UILabel()

  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.backgroundColor = .secondarySystemBackground
    contentView.layer.cornerRadius = 8
    label.frame = contentView.bounds
    label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    label.textAlignment = .center
    contentView.addSubview(label)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("PhotoCell is made in code") }

  func configure(with photo: Photo) { label.text = photo.caption }
}

/// The "loading more" footer.
final class LoadingFooter: UICollectionReusableView {
  let spinner = UIActivityIndicatorView(style: .medium)

  override init(frame: CGRect) {
    super.init(frame: frame)
    spinner.frame = bounds
    spinner.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    addSubview(spinner)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("LoadingFooter is made in code") }
}

/// A paginated photo grid, with nothing here passing `willDisplay` along.
///
/// The model pages photos in as items near the end appear and inserts exactly the new items;
/// this controller makes cells and the footer, and sizes items with UIKit's own flow-layout
/// method, which `CollectionViewProxy` forwards to it.
public final class PhotoFeedViewController: UIViewController, ListCellProviding,
  ListSupplementaryViewProviding, UICollectionViewDelegateFlowLayout
{
  public typealias Host = UICollectionView

  let model = PhotoFeedModel()
  private lazy var collectionView: UICollectionView = {
    let layout = UICollectionViewFlowLayout()
    layout.footerReferenceSize = CGSize(width: 0, height: 44)
    layout.minimumInteritemSpacing = 8
    layout.minimumLineSpacing = 8
    return UICollectionView(frame: view.bounds, collectionViewLayout: layout)
  }()

  override public func viewDidLoad() {
    super.viewDidLoad()
    title = "Photos"
    collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(collectionView)
    let proxy = CollectionViewProxy.attach(to: collectionView, view: self, viewModel: model)
    model.paginate(proxy)
    model.startIfNeeded()
  }

  public func cellForRow(at indexPath: IndexPath, in collectionView: UICollectionView) throws
    -> UICollectionViewCell
  {
    let cell = try collectionView.dequeueCell(PhotoCell.self, for: indexPath)
    cell.configure(with: model.items[indexPath.item])
    return cell
  }

  public func supplementaryView(
    ofKind kind: SupplementaryKind, at indexPath: IndexPath, in collectionView: UICollectionView
  ) throws -> UICollectionReusableView {
    let footer = try collectionView.dequeueSupplementaryView(
      LoadingFooter.self, ofKind: kind, for: indexPath)
    if case .loading = model.pagination.phase {
      footer.spinner.startAnimating()
    } else {
      footer.spinner.stopAnimating()
    }
    return footer
  }

  // UIKit's own flow-layout method: forwarded here.

  public func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    let columns: CGFloat = 3
    let width = (collectionView.bounds.width - 8 * (columns - 1)) / columns
    return CGSize(width: width.rounded(.down), height: width.rounded(.down))
  }
}
#endif
