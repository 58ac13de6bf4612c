import Foundation

// One meaning everywhere: the first index is the section, the second the row (or item).
//
// - UIKit (iOS, tvOS, visionOS, Mac Catalyst) gives `IndexPath` `row`, `item`, `section` and
//   `init(row:section:)`: importing it here makes them visible to the whole module, and they are
//   the ones app code uses too.
// - AppKit (macOS) gives `item`, `section` and `init(item:section:)`; the list layer adds `row`
//   and `init(row:section:)` with UIKit's meaning.
// - Elsewhere (Linux, Windows) Foundation has none of them, so the list layer provides them all.

#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

#if !canImport(UIKit)
extension IndexPath {
  /// An index path for a row in a section, as UIKit's `IndexPath(row:section:)` makes it.
  public init(row: Int, section: Int) {
    #if canImport(AppKit)
    self.init(item: row, section: section)
    #else
    self.init(section: section, second: row)
    #endif
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
  /// An index path for an item in a section, as UIKit's `IndexPath(item:section:)` makes it.
  public init(item: Int, section: Int) {
    self.init(section: section, second: item)
  }

  /// A two-index path made without an intermediate array (Foundation stores two indexes
  /// inline, so this allocates nothing).
  private init(section: Int, second: Int) {
    self.init(index: section)
    append(second)
  }

  /// The section: the first index.
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }

  /// The item within its section: the second index, as in a collection view.
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}
#endif
