import Foundation

/// The view a list view's dequeue helpers handed out for the request UIKit is making, so that
/// exactly one view is dequeued per request and that view is the one returned.
///
/// Since iOS 18 a collection view raises when its data source dequeues a cell (or supplementary
/// view) and returns another, or dequeues two for one request. A cell provider that dequeues
/// and then throws (a configuration that fails, a cell of the wrong class) would otherwise leave
/// the proxy to dequeue a second, fallback view. Each view owns one ledger; the proxy opens a
/// request for each `cellForItemAt` (or supplementary view) call, and Switchboard's dequeue
/// helpers record what they dequeue in it.
@MainActor
final class DequeueLedger {
  private struct Request {
    let message: ListMessage
    let indexPath: IndexPath
    var dequeued: AnyObject?
  }

  /// The open request, innermost last (a provider may lay out a nested view of the same kind).
  private var requests: [Request] = []

  /// The view dequeued for the innermost open request, if any.
  var dequeued: AnyObject? { requests.last?.dequeued }

  /// Opens the request for `message` (``ListMessage/cellForRow`` or
  /// ``ListMessage/supplementaryView``) at `indexPath`, until the matching ``close()``.
  func open(_ message: ListMessage, at indexPath: IndexPath) {
    requests.append(Request(message: message, indexPath: indexPath))
  }

  /// Closes the innermost open request.
  func close() { requests.removeLast() }

  /// The view `dequeue` returns, recorded for the open request; outside a request, `dequeue`'s
  /// view unrecorded.
  ///
  /// - Throws: ``ListViewError/dequeuedTwice(request:_:first:)`` without calling `dequeue`,
  ///   when the open request already has a view.
  func dequeue<View: AnyObject>(_ dequeue: () -> View) throws(ListViewError) -> View {
    guard let request = requests.last else { return dequeue() }
    if let first = request.dequeued {
      throw .dequeuedTwice(
        request: "\(request.message)", request.indexPath, first: "\(type(of: first))")
    }
    let view = dequeue()
    requests[requests.count - 1].dequeued = view
    return view
  }
}
