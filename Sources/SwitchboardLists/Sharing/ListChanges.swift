import Foundation
import Switchboard

/// Where a view model announces a change to its data, once, for every host showing it.
///
/// A view model shown by several screens (a table and a grid, a list and its detail) keeps one
/// `ListChanges`, changes its data, and announces the matching ``ListUpdate``. Every host
/// showing the view model through a ``ListProxy`` (or as its data source) applies the update,
/// checked against that host's own counts; a host whose counts do not match reloads instead
/// and records the mismatch in its diagnostics, never an invalid batch. The view model holds
/// no host, and nothing holds a host for it: a host that goes away stops receiving.
///
/// ```swift
/// final class TodoModel: ListRowCounting, ListChangeAnnouncing {
///   let changes = ListChanges()
///   var items: [String] = []
///   func numberOfRows(inSection section: Int) -> Int { items.count }
///
///   func pageArrived(_ page: [String]) {               // nobody asked: a network page
///     let rows = items.count..<items.count + page.count
///     items += page
///     changes.announce(ListUpdate(insertingRowsAt: rows.map { IndexPath(row: $0, section: 0) }))
///   }
/// }
/// ```
///
/// A user's edit on one screen reaches the others the same way: a host that sends
/// ``ListMessage/commitEdit`` applies the answered update itself and announces it to the
/// others, and ``Paginating`` announces the pages it appends. A host that starts showing the
/// view model later loads its current data.
///
/// Announcements run on the main actor, where hosts live: a background task announces with
/// `await MainActor.run { … }`, after changing the data there too.
///
/// Announcements are serialized. One made while a host applies another (a cell provider, or a
/// display or selection callback, that applies a snapshot) is not delivered inside that batch:
/// the hosts the current announcement has not reached yet skip it, and once it is done every
/// host reloads, so no host applies batches out of order and every cell shows the row it is at
/// (cells made during the interrupted batch may have read the newer data). The last change
/// wins: a snapshot applied from a callback is the data afterwards, even when the apply it
/// interrupted had a second batch to go (``ListSnapshotDataSource``).
@MainActor
public final class ListChanges {
  private struct Host {
    weak var object: AnyObject?
    /// Applies an update; `nil` reloads.
    let apply: @MainActor (ListUpdate?) -> Void
  }

  private var hosts: [Host] = []
  /// Whether an announcement is being delivered.
  private var isDelivering = false
  /// Whether an announcement was made during a delivery: every host reloads after it.
  private var reloadAfterDelivery = false
  /// Observations the view model keeps for as long as it lives (`paginate(_:)`).
  private var kept: [ObservationToken] = []
  /// Work to run once the delivery under way, reloads included, is done: the completions of
  /// snapshots applied during it.
  private var afterDelivery: [@MainActor () -> Void] = []
  /// How many snapshots were applied through these changes, so that an apply notices one made
  /// during its own batches (``ListSnapshotDataSource/apply(_:animatingDifferences:completion:)``).
  @usableFromInline private(set) var appliedSnapshots = 0

  /// Creates an announcer with no hosts.
  public init() {}

  /// How many hosts receive announcements now; released hosts are not counted.
  public var hostCount: Int { hosts.count { $0.object != nil } }

  /// Applies `update` on every host showing the view model, except `host` when given (the host
  /// that applied it already, such as the one where the user edited).
  ///
  /// Change the data first, then announce: each host checks the update against the counts it
  /// shows and the data source's new ones.
  public func announce(_ update: ListUpdate, except host: AnyObject? = nil) {
    guard !update.isEmpty else { return }
    deliver(update, except: host)
  }

  /// Has every host showing the view model reload, except `host` when given: for a change no
  /// ``ListUpdate`` describes, or one not worth animating.
  public func announceReload(except host: AnyObject? = nil) {
    deliver(nil, except: host)
  }

  /// Counts a snapshot apply starting, and returns its number: the apply is the last one while
  /// ``appliedSnapshots`` still equals it.
  @usableFromInline func startApplyingSnapshot() -> Int {
    appliedSnapshots += 1
    return appliedSnapshots
  }

  /// Runs `body` once every host has what was announced: now, or when the delivery under way
  /// (and the reloads it causes) is done.
  @usableFromInline func whenDelivered(_ body: (@MainActor () -> Void)?) {
    guard let body else { return }
    if isDelivering {
      afterDelivery.append(body)
    } else {
      body()
    }
  }

  private func deliver(_ update: ListUpdate?, except host: AnyObject?) {
    guard !isDelivering else {
      reloadAfterDelivery = true
      return
    }
    isDelivering = true
    defer {
      isDelivering = false
      let completions = afterDelivery
      afterDelivery = []
      for completion in completions { completion() }
    }
    hosts.removeAll { $0.object == nil }
    for receiver in hosts {
      // A nested announcement: the rest reload with everyone below instead.
      guard !reloadAfterDelivery else { break }
      guard let object = receiver.object, object !== host else { continue }
      receiver.apply(update)
    }
    // A reload may itself be interrupted by another announcement: reload again until none is.
    var rounds = 0
    while reloadAfterDelivery {
      rounds += 1
      precondition(
        rounds <= 16,
        "ListChanges: the hosts' reloads kept announcing changes (16 rounds): a cell provider "
          + "or display callback announces on every call. Announce from an event, such as a "
          + "selection or a network reply, not from making or showing a cell.")
      reloadAfterDelivery = false
      hosts.removeAll { $0.object == nil }
      for receiver in hosts where receiver.object != nil { receiver.apply(nil) }
    }
  }

  /// Delivers every announcement to `host` through `apply`, until `host` is released or removed:
  /// an update, or `nil` for a reload.
  ///
  /// Adding a host again replaces its `apply`. `host` is held weakly.
  ///
  /// The headless hosts and the UIKit proxies call this when they connect a data source; a
  /// host of your own does too:
  ///
  /// ```swift
  /// changes.addHost(grid) { grid, update in
  ///   if let problem = grid.applyOrReload(update) { log(problem) }
  /// }
  /// ```
  public func addHost<Receiver: AnyObject>(
    _ host: Receiver, apply: @escaping @MainActor (Receiver, ListUpdate?) -> Void
  ) {
    hosts.removeAll { $0.object == nil || $0.object === host }
    hosts.append(
      Host(object: host) { [weak host] update in
        if let host { apply(host, update) }
      })
  }

  /// Stops delivering announcements to `host`.
  public func removeHost(_ host: AnyObject) {
    hosts.removeAll { $0.object == nil || $0.object === host }
  }

  /// Keeps `observation` alive for as long as these changes are.
  func keep(_ observation: ObservationToken) {
    kept.removeAll { $0.isCancelled }
    kept.append(observation)
  }
}

/// A view model that announces its own changes through ``changes``, so every host showing it
/// stays current.
///
/// ```swift
/// final class TodoModel: ListRowCounting, ListChangeAnnouncing {
///   let changes = ListChanges()
///   func numberOfRows(inSection section: Int) -> Int { 0 }
/// }
/// ```
@MainActor
public protocol ListChangeAnnouncing: AnyObject {
  /// Where the view model announces its changes.
  var changes: ListChanges { get }
}

extension ListHost {
  /// Applies `update`, or reloads when it is `nil` or does not fit; returns the error that
  /// made it reload.
  ///
  /// An update that does not fit what the host shows (or the data source's counts) is never
  /// applied as an invalid batch.
  ///
  /// How hosts apply an announced update (``ListChanges``).
  @discardableResult
  public func applyOrReload(_ update: ListUpdate?) -> ListViewError? {
    guard let update else {
      do { try reloadData() } catch { return error }
      return nil
    }
    do {
      try apply(update)
      return nil
    } catch {
      do { try reloadData() } catch { return error }
      return error
    }
  }
}

extension PrioritizedProxy where Message == ListMessage {
  /// The first handler with a role (the view, then the view model) that is a `Capability`.
  ///
  /// Hosts find the announcer they listen to this way, and the snapshot a host applies:
  ///
  /// ```swift
  /// let changes = proxy.router.firstHandler(as: (any ListChangeAnnouncing).self)?.changes
  /// ```
  @MainActor public func firstHandler<Capability>(as capability: Capability.Type) -> Capability? {
    for role in handlers.flatMap(\.roles) {
      if let handler = handler(withRole: role) as? Capability { return handler }
    }
    return nil
  }
}
