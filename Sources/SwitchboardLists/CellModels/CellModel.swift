import Foundation

/// A model (or view model) that knows which cell shows it.
///
/// A cell model names its ``Cell`` type; the reuse identifier is derived from that type, and
/// ``ModelListDataSource`` registers it the first time it is needed, so no reuse string is ever
/// written by hand:
///
/// ```swift
/// struct Contact: CellModel {
///   typealias Cell = ContactCell
///   let id: Int
///   var name: String
///   var phone: String
/// }
/// ```
///
/// Items are matched across updates by their type and `id`, and reloaded when they are no longer
/// equal (`==`).
@MainActor
public protocol CellModel: Identifiable, Equatable {
  /// The cell that shows this model.
  associatedtype Cell: ConfigurableCell where Cell.Model == Self

  /// The reuse identifier of ``Cell``; by default the cell type's name.
  static var reuseIdentifier: String { get }
}

extension CellModel {
  /// The cell type's name, such as `"ContactCell"`.
  public static var reuseIdentifier: String { String(describing: Cell.self) }

  /// Makes this model's cell in `list`: registers ``Cell`` if needed, dequeues it, and configures
  /// it with the model.
  ///
  /// - Throws: ``ListViewError/cellTypeMismatch(reuseIdentifier:expected:actual:)`` when another
  ///   cell type is already registered under ``reuseIdentifier``.
  public func makeCell(in list: ListView, at indexPath: IndexPath) throws(ListViewError) -> Cell {
    if list.registeredCellType(forReuseIdentifier: Self.reuseIdentifier) == nil {
      list.register(Cell.self, forCellReuseIdentifier: Self.reuseIdentifier)
    }
    let cell = try list.dequeueReusableCell(
      Cell.self, withIdentifier: Self.reuseIdentifier, for: indexPath)
    cell.configure(with: self)
    return cell
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
    guard Other.self == Self.self else { return false }
    return id == unsafeBitCast(other, to: Self.self).id
  }

  /// `"Contact 42"`: the type and the `id`, for error messages.
  var itemLabel: String { "\(Self.self) \(id)" }

  /// Whether `other` has this model's identity (type and `id`) and, if so, equal content.
  nonisolated func compare(with other: any CellModel) -> IdentityDiff.Match {
    other.compare(opened: self)  // Opens `other`: no dynamic cast.
  }

  nonisolated private func compare<Other: CellModel>(opened other: Other) -> IdentityDiff.Match {
    guard Other.self == Self.self else { return .different }
    let other = unsafeBitCast(other, to: Self.self)
    guard id == other.id else { return .different }
    return self == other ? .same : .changed
  }
}
