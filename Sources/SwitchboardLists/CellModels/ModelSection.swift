/// A section of cell models: an identity, a sort order, items, and header and footer titles.
///
/// ```swift
/// let favourites = ModelSection(
///   id: "favourites", sortOrder: 0, header: "Favourites",
///   items: [Contact(id: 1, name: "Ada", phone: "…")])
/// ```
///
/// ``ModelListDataSource`` shows sections by ascending ``sortOrder``; sections with the same sort
/// order keep the order they were given in.
public struct ModelSection: Identifiable {
  /// The section's identity across updates.
  public var id: String
  /// Where the section goes: lower values first.
  public var sortOrder: Int
  /// The header title, if any.
  public var header: String?
  /// The footer title, if any.
  public var footer: String?
  /// The items, in display order; they may be of different cell model types.
  public var items: [any CellModel]

  /// Creates a section.
  public init(
    id: String, sortOrder: Int = 0, header: String? = nil, footer: String? = nil,
    items: [any CellModel]
  ) {
    self.id = id
    self.sortOrder = sortOrder
    self.header = header
    self.footer = footer
    self.items = items
  }
}
