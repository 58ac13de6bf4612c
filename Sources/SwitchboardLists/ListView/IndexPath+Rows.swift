import Foundation

// UIKit gives `IndexPath` a `row` and a `section`; AppKit gives it a `section`. Elsewhere (Linux,
// Windows) Foundation has neither, so the list layer provides them with the same meaning: the
// first index is the section, the second the row.

#if !canImport(UIKit)
extension IndexPath {
  /// An index path for a row in a section, as UIKit's `IndexPath(row:section:)` makes it.
  public init(row: Int, section: Int) {
    self.init(indexes: [section, row])
  }

  /// The row within its section: the second index.
  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}
#endif

#if !canImport(UIKit) && !canImport(AppKit)
extension IndexPath {
  /// The section: the first index.
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }
}
#endif
