import Foundation

/// A model (or view model) that knows which cell shows it, and fills that cell.
///
/// The cell type is the one ``configure(_:)`` takes; the host registers it the first time it is
/// dequeued, so no reuse string is ever written by hand, and no cast either:
///
/// ```swift
/// struct Contact: CellModel {
///   let id: Int
///   var name: String
///   var phone: String
///
///   func configure(_ cell: ContactCell) {
///     cell.text = "\(name) · \(phone)"
///   }
/// }
/// ```
///
/// The cell type decides the hosts a model can show in: a ``ListCell`` subclass in
/// ``ListView`` or ``CollectionView``, a `UITableViewCell`
/// subclass (or `UITableViewCell` itself) in a `UITableView`.
///
/// Items are matched across updates by their type and `id`, and reloaded when they are no longer
/// equal (`==`).
@MainActor
public protocol CellModel: Identifiable, Equatable {
  /// The cell that shows this model: the type ``configure(_:)`` takes.
  associatedtype Cell: AnyObject

  /// Fills `cell`, just dequeued for this model, from the model.
  func configure(_ cell: Cell)
}

extension CellModel {
  /// Makes this model's cell in `host`: dequeues a ``Cell`` (registered on first use) and
  /// configures it with the model.
  ///
  /// - Throws: ``ListViewError/cellTypeNotForHost(cell:host:hostCell:)`` when ``Cell`` is not a
  ///   cell of `host`, and the host's dequeue errors.
  public func makeCell<Host: ListHost>(in host: Host, at indexPath: IndexPath)
    throws(ListViewError) -> Host.Cell
  {
    let cell = try host.dequeueCell(Cell.self, for: indexPath)
    configure(cell)
    guard let hostCell = cell as? Host.Cell else {
      preconditionFailure(
        "CellModel: \(Host.self) dequeued \(type(of: cell)) for \(Self.self), which is not a "
          + "\(Host.Cell.self). ListHost.dequeueCell(_:for:) checks this; please report it.")
    }
    return hostCell
  }

  /// A hash of the model's identity: its type and its `id`.
  ///
  /// The `id`'s own hash, mixed with the type's address: one hash of the `id`, through its
  /// type's specialized `hashValue`.
  nonisolated var identityHash: Int {
    let type = UInt(bitPattern: ObjectIdentifier(Self.self)) &* 0x9E37_79B9_7F4A_7C15
    return id.hashValue ^ Int(bitPattern: type)
  }

  /// Whether `other` has this model's identity: the same type and an equal `id`.
  nonisolated func hasSameIdentity(as other: any CellModel) -> Bool {
    other.hasSameIdentity(opened: self)  // Opens `other`: no dynamic cast.
  }

  nonisolated private func hasSameIdentity<Other: CellModel>(opened other: Other) -> Bool {
    guard let other = IdentityDiff.sameType(other, as: Self.self) else { return false }
    return id == other.id
  }

  /// `"Contact 42"`: the type and the `id`, for error messages.
  var itemLabel: String { "\(Self.self) \(id)" }

  /// Whether `other` has this model's identity (type and `id`) and, if so, equal content.
  nonisolated func compare(with other: any CellModel) -> IdentityDiff.Match {
    other.compare(opened: self)  // Opens `other`: no dynamic cast.
  }

  nonisolated private func compare<Other: CellModel>(opened other: Other) -> IdentityDiff.Match {
    guard let other = IdentityDiff.sameType(other, as: Self.self) else { return .different }
    guard id == other.id else { return .different }
    return self == other ? .same : .changed
  }
}
