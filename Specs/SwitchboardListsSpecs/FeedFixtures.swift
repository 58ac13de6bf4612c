import Foundation
import SwitchboardLists

/// Three kinds of feed row.
enum FeedRow: VisitableRow, Equatable {
  case post(author: String, text: String)
  case photo(caption: String)
  case ad(sponsor: String)

  static var kindSamples: [FeedRow] {
    [.post(author: "a", text: "t"), .photo(caption: "c"), .ad(sponsor: "s")]
  }

  var kindName: String {
    switch self {
    case .post: "post"
    case .photo: "photo"
    case .ad: "ad"
    }
  }
}

final class PostCell: ListCell {
  var author = ""
}
final class PhotoCell: ListCell {}
final class AdCell: ListCell {}

struct FeedCells: RowVisitor {
  func visit(_ row: FeedRow) -> AnyObject.Type? {
    switch row {
    case .post: PostCell.self
    case .photo: PhotoCell.self
    case .ad: AdCell.self
    }
  }
}

struct FeedHeights: RowVisitor {
  func visit(_ row: FeedRow) -> RowHeight {
    switch row {
    case .post: 60
    case .photo: 200
    case .ad: .automatic
    }
  }
}

struct FeedConfiguration: RowVisitor {
  func visit(_ row: FeedRow) -> RowConfiguration {
    switch row {
    case .post(let author, let text):
      .configure(PostCell.self) { cell in
        cell.author = author
        cell.text = "\(author): \(text)"
      }
    case .photo(let caption): .configure(PhotoCell.self) { $0.text = "[photo] \(caption)" }
    case .ad(let sponsor): .configure(AdCell.self) { $0.text = "Sponsored by \(sponsor)" }
    }
  }
}
