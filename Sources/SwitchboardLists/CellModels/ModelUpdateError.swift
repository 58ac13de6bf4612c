/// Why ``ModelListDataSource`` refused new sections.
///
/// Nothing was applied.
public enum ModelUpdateError: Error, Equatable, CustomStringConvertible {
  /// Two or more sections share these ids.
  case duplicateSectionIDs([String])
  /// Two or more items share these identities (type and `id`), listed as `"Contact 42"`.
  case duplicateItemIDs([String])
  /// The list rejected the update that was computed.
  case rejectedByList(ListViewError)

  /// A sentence naming the duplicates or the list's reason.
  public var description: String {
    switch self {
    case .duplicateSectionIDs(let ids):
      "Section ids must be unique; these appear more than once: \(ids.joined(separator: ", ")). "
        + "Nothing was applied."
    case .duplicateItemIDs(let ids):
      "Item ids must be unique across the list (per type); these appear more than once: "
        + "\(ids.joined(separator: ", ")). Nothing was applied."
    case .rejectedByList(let error):
      "The list rejected the update; nothing was applied. \(error)"
    }
  }
}
