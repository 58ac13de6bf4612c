/// A cell that configures itself from a model of one known type.
///
/// The model type is part of the cell's type, so configuration is checked by the compiler and
/// needs no cast. Any host's cell can adopt it:
///
/// ```swift
/// final class ContactCell: ListCell, ConfigurableCell {
///   func configure(with contact: Contact) {
///     text = "\(contact.name) · \(contact.phone)"
///   }
/// }
/// ```
@MainActor
public protocol ConfigurableCell: AnyObject {
  /// The model this cell shows.
  associatedtype Model
  /// Fills the cell from `model`.
  func configure(with model: Model)
}
