// Every operation of the core that bypasses Swift's safety checks lives in this file and in
// DispatchStorage+TypedTargets.swift, so the rest of the module is ordinary Swift. Most are in one type and save work on the dispatch path
// (a retain and release, a dynamic exclusivity check, a dynamic cast) that the ProxyDispatch
// benchmarks show; the two classes at the end are `@unchecked Sendable`. Each states the
// invariant it relies on, and DispatchStorageTests exercises it.

import Foundation

/// The dispatch path's storage: every route by index, each route's handlers already cast to
/// the capability they were last sent as, and the observer counts.
///
/// A struct of two pointers that the proxy holds in a `let`, so that reading it retains
/// nothing and checks no access: the proxy allocates it when it is created and deallocates it
/// in its `deinit`.
@usableFromInline
struct DispatchStorage {
  /// The route of each message, by route index, in one cell of memory.
  ///
  /// The proxy replaces the whole array only in `rebuildRoutes`, never while a read of it is in
  /// progress (dispatch copies one element out, and a handler that changes the proxy does so
  /// after that read).
  @usableFromInline let routeCell: UnsafeMutablePointer<ContiguousArray<Route>>

  /// How many observers (live or ended) each message has, by route index: the one number a
  /// send reads when nothing observes.
  ///
  /// One `Int` per message: reading it is one load, with no bounds check (every route index is
  /// below the count, which the proxy checks when it is created); written only when observers
  /// are added or dropped, outside any read.
  @usableFromInline let observerCounts: UnsafeMutablePointer<Int>

  /// The observers of each message, by route index, read and changed in place.
  ///
  /// A message's list is changed only when an observer is added or dropped; a delivery reads it
  /// (or copies it, when several observers watch) before calling anyone, and whatever an
  /// observer then changes applies from the next message. Raw memory, so a delivery checks no
  /// access: an observed notification reads the list several times.
  @usableFromInline let observerLists: UnsafeMutablePointer<ObserverList>
  /// The number of messages, and of cells in ``observerCounts`` and ``observerLists``.
  let messageCount: Int
  /// How many calls to a strongly held handler are in progress, and the route tables replaced
  /// meanwhile: what keeps a handler called without a retain alive until its call ends.
  @usableFromInline let borrowing: UnsafeMutablePointer<Borrowing>

  init(messageCount: Int) {
    self.messageCount = messageCount
    // One block for the four, each at an offset aligned for its type: a delegate proxy's list
    // of rows makes thousands of proxies, and four blocks each would cost three more mallocs
    // and their overhead per proxy. A proxy of names alone (a delegate proxy's) has no cells.
    let cells = messageCount
    let borrowingOffset = Self.aligned(
      MemoryLayout<ContiguousArray<Route>>.stride, for: Borrowing.self)
    let countsOffset = Self.aligned(
      borrowingOffset + MemoryLayout<Borrowing>.stride, for: Int.self)
    let listsOffset = Self.aligned(
      countsOffset + cells * MemoryLayout<Int>.stride, for: ObserverList.self)
    let block = UnsafeMutableRawPointer.allocate(
      byteCount: listsOffset + cells * MemoryLayout<ObserverList>.stride,
      alignment: Swift.max(
        MemoryLayout<ContiguousArray<Route>>.alignment, MemoryLayout<Borrowing>.alignment,
        MemoryLayout<Int>.alignment, MemoryLayout<ObserverList>.alignment))
    routeCell = block.bindMemory(to: ContiguousArray<Route>.self, capacity: 1)
    routeCell.initialize(to: [])
    borrowing = (block + borrowingOffset).bindMemory(to: Borrowing.self, capacity: 1)
    borrowing.initialize(to: Borrowing())
    observerCounts = (block + countsOffset).bindMemory(to: Int.self, capacity: cells)
    observerCounts.initialize(repeating: 0, count: cells)
    observerLists = (block + listsOffset).bindMemory(to: ObserverList.self, capacity: cells)
    observerLists.initialize(repeating: ObserverList(), count: cells)
  }

  /// `offset` rounded up to the alignment of `type`.
  private static func aligned<T>(_ offset: Int, for type: T.Type) -> Int {
    let alignment = MemoryLayout<T>.alignment
    return (offset + alignment - 1) / alignment * alignment
  }

  /// Frees the memory; the proxy calls it once, from its `deinit`.
  func deallocate() {
    assert(borrowing.pointee.depth == 0, "a proxy deallocated while one of its handlers is called")
    routeCell.deinitialize(count: 1)
    borrowing.deinitialize(count: 1)
    observerCounts.deinitialize(count: messageCount)
    observerLists.deinitialize(count: messageCount)
    // The one block, which starts with the route cell.
    UnsafeMutableRawPointer(routeCell).deallocate()
  }

  /// The route at `index`, read in place.
  @inlinable func route(at index: Int) -> Route { routeCell.pointee[index] }

  /// The routes, by route index.
  @inlinable var routes: ContiguousArray<Route> { routeCell.pointee }

  /// Makes `routes` the route table.
  ///
  /// While a strongly held handler is being called (``callBorrowing(_:_:)``), the table it
  /// replaces is parked instead of released: its routes hold that handler, which the call does
  /// not retain. The outermost such call releases it when it ends.
  func replaceRoutes(with routes: ContiguousArray<Route>) {
    let replaced = routeCell.pointee
    routeCell.pointee = routes
    if borrowing.pointee.depth > 0 {
      borrowing.pointee.parked.append(replaced)
      borrowing.pointee.hasParked = true
    }
  }

  /// Releases the route tables parked while handlers were called without a retain; called when
  /// the outermost such call ends.
  @usableFromInline func releaseParkedRoutes() {
    assert(borrowing.pointee.depth == 0)
    // Moved out before they are released: a handler's `deinit` may change the proxy again.
    let parked = (borrowing.pointee.parked, borrowing.pointee.parkedReceivers)
    borrowing.pointee.parked = []
    borrowing.pointee.parkedReceivers = []
    borrowing.pointee.hasParked = false
    _ = parked
  }

  /// Makes `receivers` the typed receivers `kept` keeps; the ones replaced are parked while a
  /// walk over them may be in progress (``callEachKeptReceiver(at:as:or:_:or:)``), as a
  /// replaced route table is.
  func keep(_ receivers: Receivers, in kept: KeptTargets) {
    if let replaced = kept.receivers, borrowing.pointee.depth > 0 {
      borrowing.pointee.parkedReceivers.append(replaced)
      borrowing.pointee.hasParked = true
    }
    kept.receivers = receivers
  }

  /// Calls every live receiver route `index` keeps typed as `Capability` and `Alternative`, in
  /// order, and returns how many were called and whether one was found released; `nil` when
  /// the route keeps no receivers so typed.
  ///
  /// Neither the route nor its receivers are retained: the walk counts as a borrowing call, so
  /// a route table or receivers replaced by a body meanwhile are parked until it ends, and the
  /// typed values it reads stay valid. Only fields are read from the unretained references.
  @inlinable @inline(__always)
  func callEachKeptReceiver<Capability, Alternative, Failure: Error>(
    at index: Int, as capability: Capability.Type, or alternative: Alternative.Type,
    _ body: (Capability) throws(Failure) -> Void,
    or alternativeBody: (Alternative) throws(Failure) -> Void
  ) throws(Failure) -> (delivered: Int, metReleased: Bool)? {
    unowned(unsafe) let route = routeCell.pointee[index]
    // Every route of the table is a message's, made keeping its targets: unwrapped unchecked,
    // since `!` costs a retain here ("weak: ListProxy / weak glue" 1.39x against 1.13x).
    unowned(unsafe) let kept = route.kept.unsafelyUnwrapped
    guard let list = kept.receiverList,
      kept.receiverCapability == ObjectIdentifier(Capability.self),
      kept.receiverAlternative == ObjectIdentifier(Alternative.self)
    else { return nil }
    borrowing.pointee.depth += 1
    defer {
      borrowing.pointee.depth -= 1
      if _slowPath(borrowing.pointee.hasParked), borrowing.pointee.depth == 0 {
        releaseParkedRoutes()
      }
    }
    return try Receivers.callEach(
      in: list, as: capability, or: alternative, body, or: alternativeBody)
  }

  /// `body`'s answer from the only target of route `index`, typed as `Capability` or
  /// `Alternative` when the route keeps one so typed; `nil` when it keeps neither or its
  /// weakly held target is gone.
  ///
  /// The route is read without retaining it: the handler is copied out of it before a body
  /// runs, and nothing else of the route is used afterwards, so a body may replace it. Passing
  /// the same capability twice makes it a one-capability call.
  @inlinable @inline(__always)
  func callKeptTarget<Capability, Alternative, Result, Failure: Error>(
    at index: Int, as capability: Capability.Type, or alternative: Alternative.Type,
    _ body: (Capability) throws(Failure) -> Result,
    or alternativeBody: (Alternative) throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    // Neither the route nor its kept targets are retained: both stay alive while the proxy's
    // table holds the route, and the handler is copied out before a body can change that. Only
    // their fields are read (a method call on an `unowned(unsafe)` reference would retain it).
    unowned(unsafe) let route = routeCell.pointee[index]
    // Every route of the table is a message's, made keeping its targets: unwrapped unchecked,
    // since `!` costs a retain here ("weak: ListProxy / weak glue" 1.39x against 1.13x).
    unowned(unsafe) let kept = route.kept.unsafelyUnwrapped
    guard let value = kept.singleValue else { return nil }
    if kept.singleCapability == ObjectIdentifier(Capability.self) {
      let typed = value.assumingMemoryBound(to: Capability.self)
      if let reference = kept.singleWeakObject {
        // The weak load's retain keeps the handler alive and is handed to a bitwise copy of
        // the unretained value, which releases it when the call ends: one retain and one
        // release, as in hand-written glue that loads a `weak` reference.
        guard reference.retainedObject() != nil else { return nil }
        return try body(takeRetainedCopy(of: typed))
      }
      return try callBorrowing(typed, body)
    }
    if kept.singleCapability == ObjectIdentifier(Alternative.self) {
      let typed = value.assumingMemoryBound(to: Alternative.self)
      if let reference = kept.singleWeakObject {
        guard reference.retainedObject() != nil else { return nil }
        return try alternativeBody(takeRetainedCopy(of: typed))
      }
      return try callBorrowing(typed, alternativeBody)
    }
    return nil
  }

  /// Calls `body` with the strongly held handler's typed value at `typed`, neither retained nor
  /// released: glue holding a `let` makes no retain either.
  ///
  /// Invariant: the handler stays alive until the call ends. The proxy holds it through the
  /// route table, and a table replaced during the call (the handler removed, replaced or its
  /// proxy's rules changed, by the handler itself or by anyone it calls) is parked by
  /// ``replaceRoutes(with:)`` until the outermost borrowing call ends. `typed` itself may be
  /// freed meanwhile: `body` gets a bitwise copy.
  @inlinable @inline(__always)
  func callBorrowing<Capability, Result, Failure: Error>(
    _ typed: UnsafeMutablePointer<Capability>, _ body: (Capability) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    borrowing.pointee.depth += 1
    defer {
      borrowing.pointee.depth -= 1
      if _slowPath(borrowing.pointee.hasParked), borrowing.pointee.depth == 0 {
        releaseParkedRoutes()
      }
    }
    // The outcome leaves the closure as a value: the SDKs' `withUnsafeTemporaryAllocation`
    // rethrows, untyped.
    let outcome = withUnsafeTemporaryAllocation(of: Capability.self, capacity: 1) {
      buffer -> Swift.Result<Result, Failure> in
      let slot = buffer.baseAddress.unsafelyUnwrapped
      UnsafeMutableRawPointer(slot).copyMemory(
        from: UnsafeRawPointer(typed), byteCount: MemoryLayout<Capability>.size)
      // The copy owns no reference: it is moved out for the call and moved back, never
      // destroyed, so nothing is retained or released.
      let handler = slot.move()
      let outcome: Swift.Result<Result, Failure>
      do throws(Failure) {
        outcome = .success(try body(handler))
      } catch {
        outcome = .failure(error)
      }
      slot.initialize(to: consume handler)
      return outcome
    }
    switch outcome {
    case .success(let result): return result
    case .failure(let error): throw error
    }
  }

  /// The state of calls made without a retain (``callBorrowing(_:_:)``).
  @usableFromInline
  struct Borrowing {
    /// How many are in progress.
    @usableFromInline var depth = 0
    /// Whether ``parked`` holds a table.
    @usableFromInline var hasParked = false
    /// Route tables replaced while one was in progress.
    var parked: [ContiguousArray<Route>] = []
    /// A route's typed receivers replaced while one was in progress.
    var parkedReceivers: [Receivers] = []
  }
}

extension DispatchStorage {
  /// `observer` as the observer of `Arguments` it was made as, or `nil` when it observes other
  /// arguments.
  ///
  /// Every observer is a `MessageObserver` of the arguments type it records, so comparing that
  /// type (whose metadata is static) proves the downcast, which then needs no check of its own
  /// (a checked cast to the generic class looks its metadata up on every call).
  @inlinable @inline(__always)
  static func observer<Arguments>(
    _ observer: AnyMessageObserver, of arguments: Arguments.Type
  ) -> MessageObserver<Arguments>? {
    guard observer.argumentsType == ObjectIdentifier(Arguments.self) else { return nil }
    return unsafeDowncast(observer, to: MessageObserver<Arguments>.self)
  }
}

extension DispatchStorage {
  /// A flag read on the delivery path: whether an observation has ended.
  ///
  /// Unchecked exclusivity: it is set and read only in the proxy's isolation domain, and never
  /// set while it is being read (a read is one load). An observed message reads it twice per
  /// observer.
  @usableFromInline
  final class Flag {
    @usableFromInline @exclusivity(unchecked) var isSet = false
    init() {}
  }
}

/// A `weak` reference stored at a fixed address.
@usableFromInline
struct WeakReferenceBox {
  @usableFromInline weak var object: AnyObject?

  init(_ object: AnyObject?) { self.object = object }
}

extension UnsafeMutablePointer<WeakReferenceBox> {
  /// The referenced object, if it is still alive, retained once: the caller owns that retain and
  /// hands it on with ``takeRetainedCopy(of:)``.
  ///
  /// The reference is loaded in place: copying a `weak` reference costs more than loading it.
  @inlinable @inline(__always)
  func retainedObject() -> Unmanaged<AnyObject>? {
    guard let object = pointee.object else { return nil }
    return Unmanaged.passRetained(object)
  }
}

/// A bitwise copy of the unretained value at `pointer`, which takes over a retain of its handler
/// that the caller made (`retainedObject()`): the copy releases the handler once when it is
/// destroyed, balancing that retain, and no other retain or release happens.
///
/// Only for the values ``DispatchStorage/TypedValue`` stores unretained: exactly one reference,
/// to the handler, in the first word.
@inlinable @inline(__always)
func takeRetainedCopy<Capability>(of pointer: UnsafeMutablePointer<Capability>) -> Capability {
  withUnsafeTemporaryAllocation(of: Capability.self, capacity: 1) { buffer in
    let copy = buffer.baseAddress.unsafelyUnwrapped
    UnsafeMutableRawPointer(copy).copyMemory(
      from: UnsafeRawPointer(pointer), byteCount: MemoryLayout<Capability>.size)
    return copy.move()
  }
}

// MARK: - Sendable by their own invariants

/// A flag a stream's termination handler sets from any thread, read in the proxy's domain.
///
/// `@unchecked Sendable`: its one value is read and written under its lock.
@usableFromInline
final class TerminationFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  @usableFromInline var isSet: Bool {
    lock.lock()
    defer { lock.unlock() }
    return value
  }

  func set() {
    lock.lock()
    value = true
    lock.unlock()
  }
}

/// A weak box, so rules never keep a handler alive.
///
/// `@unchecked Sendable` so that a rule naming an object is a `Sendable` value: the box only
/// ever reads its reference (a weak load is atomic), and the object is used only in the proxy's
/// domain.
final class WeakReference: @unchecked Sendable {
  private(set) weak var object: AnyObject?
  let typeName: String
  init(_ object: AnyObject) {
    self.object = object
    typeName = String(describing: type(of: object))
  }
}
