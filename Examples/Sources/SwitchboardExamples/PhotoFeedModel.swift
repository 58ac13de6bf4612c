import Foundation
import SwitchboardLists

/// One photo of the feed.
public struct Photo: Identifiable, Equatable, Sendable {
  /// The photo's identity on the server.
  public let id: Int
  /// Its caption.
  public let caption: String
}

/// Where the feed's pages come from; a real app calls its API here.
public protocol PhotoService: Sendable {
  /// Up to `limit` photos from `offset`.
  func photos(offset: Int, limit: Int) async throws -> [Photo]
}

/// A service with `count` made-up photos that answers after a short delay.
public struct SamplePhotoService: PhotoService {
  /// How many photos there are.
  public let count: Int
  /// A service with `count` photos.
  public init(count: Int = 95) { self.count = count }

  public func photos(offset: Int, limit: Int) async throws -> [Photo] {
    try await Task.sleep(for: .milliseconds(300))
    return (offset..<min(offset + limit, count)).map { Photo(id: $0, caption: "Photo \($0 + 1)") }
  }
}

/// The data half of the photo feed: counts and pagination, for any host.
///
/// `Paginating` announces exactly the new items when a page lands, and every host showing the
/// model inserts them with its batch updates (`performBatchUpdates` on a `UICollectionView`).
@MainActor
public final class PhotoFeedModel: Paginating, ListRowCounting, ListPrefetching,
  ListChangeAnnouncing
{
  public let changes = ListChanges()
  public var items: [Photo] = []
  public let pageSize = 30
  public var totalCount: Int? { nil }
  public var pagination = PaginationState(prefetchDistance: 10)
  private let service: any PhotoService

  /// A feed that loads from `service`.
  public init(service: any PhotoService = SamplePhotoService()) {
    self.service = service
  }

  public func fetchPage(offset: Int, limit: Int) async throws -> [Photo] {
    try await service.photos(offset: offset, limit: limit)
  }

  /// Pages can overlap when the server's list shifts; keep each photo once.
  public func itemsToAppend(from page: [Photo]) -> [Photo] { itemsNotLoadedYet(in: page) }

  public func numberOfRows(inSection section: Int) -> Int { items.count }

  /// Rows about to scroll in: a real app would start loading their images here.
  public private(set) var prefetched: Set<Int> = []

  public func prefetchRows(at indexPaths: [IndexPath]) {
    prefetched.formUnion(indexPaths.map(\.item))
  }
}
