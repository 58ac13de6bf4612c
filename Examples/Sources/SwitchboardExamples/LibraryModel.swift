import Foundation
import SwitchboardLists

/// A book on a shelf.
public final class Book {
  public let title: String
  public init(_ title: String) { self.title = title }
}

/// A shelf of books.
public final class Shelf {
  public let name: String
  public let books: [Book]
  public init(_ name: String, _ books: [Book]) {
    self.name = name
    self.books = books
  }
}

/// The library's view model: shelves of books, for two platforms.
///
/// On iOS a table shows it through its host-free capabilities (a section per shelf); on the Mac
/// an outline shows the same shelves as a tree, through the `NSOutlineViewDataSource` methods
/// the Mac example adds (`LibraryOutlineViewController.swift`). It is an `NSObject` so that
/// AppKit can send it those.
@MainActor
public final class LibraryModel: NSObject, ListSectionCounting, ListRowCounting,
  ListHeaderTitling
{
  /// The shelves, in order.
  public let shelves = [
    Shelf("Computing", [Book("Notes on the Analytical Engine"), Book("On Computable Numbers")]),
    Shelf("Languages", [Book("The Swift Programming Language")]),
  ]

  override public init() {}

  public func numberOfSections() -> Int { shelves.count }
  public func numberOfRows(inSection section: Int) -> Int { shelves[section].books.count }
  public func titleForHeader(inSection section: Int) -> String? { shelves[section].name }
}
