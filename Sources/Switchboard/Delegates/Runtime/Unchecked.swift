// Every operation of the delegate engine that bypasses Swift's safety checks lives in this
// file, each beside the invariant it relies on. Three types elsewhere are `@unchecked Sendable`
// and say why where they stand: `DelegateRouting` (every member under its lock),
// `DelegateFallback` (its payloads are used only under that lock) and `TurnQueue` (its checks
// under its own lock). The core's unchecked operations are in Switchboard's
// DispatchStorage.swift, the list layer's one in IdentityDiff.swift.

import Foundation

#if canImport(ObjectiveC)
import ObjectiveC
#endif

/// `object`, a block the runtime handed over boxed as an object, as the block type `Block`.
///
/// Swift has no checked cast from an object to a block type. Invariant: `Block` is a
/// `@convention(block)` function type, which is one object pointer (checked by size, with a
/// message naming the fix), and `object` is the block the method's signature declares there.
func uncheckedBlock<Block>(_ object: AnyObject, as type: Block.Type) -> Block {
  precondition(
    MemoryLayout<Block>.size == MemoryLayout<AnyObject>.size,
    "DelegateFallback.completion: \(Block.self) is not a block type; write the handler's type "
      + "as @convention(block) (…) -> Void.")
  return unsafeBitCast(object, to: Block.self)
}

/// `value` as `Target`, which is `Source` itself.
///
/// A closure handler's argument types are generic at run time, so a number read from its
/// `NSNumber` would need a dynamic cast to the same type on every message. Invariant: the
/// caller decided, by comparing the two types' identities when the closure was registered
/// (`BoxedArguments.ArgumentKind`), that they are one type; checked in debug builds.
@inline(__always)
func uncheckedSameType<Source, Target>(_ value: Source, as type: Target.Type) -> Target {
  assert(Source.self == Target.self, "uncheckedSameType: \(Source.self) is not \(Target.self)")
  return unsafeBitCast(value, to: Target.self)
}

/// What a Swift type is, as the runtime's type metadata says: the one way to tell a protocol's
/// existential (`any Error`, `any MKAnnotation`, `any A & B`) or a block from other types, since
/// neither has a public test and their printed names say nothing reliable (`(any Error).self`
/// prints `Error`).
///
/// Invariant: every type's metadata starts with a pointer-sized kind (an Objective-C class's
/// with its isa pointer, above `0x7FF`); an existential's is followed by 32 bits of flags, a
/// function's by a pointer-sized flags word. These layouts are part of Swift's stable ABI on
/// Apple platforms and the same on Linux (checked there against `any Error`, class-bound and
/// plain protocols, compositions, `AnyObject`, `Any` and functions).
enum TypeShape: Equatable {
  /// A class, Swift's or Objective-C's.
  case classType
  /// A Core Foundation type (`CGImage`, `CMSampleBuffer`), which the runtime passes as a pointer.
  case foreignClass
  /// A protocol's existential, `AnyObject` and `Any` included; `classBound` when only an object
  /// can be one (a class-bound protocol, `AnyObject`, a composition with a class).
  case existential(classBound: Bool)
  /// A function; `isBlock` when declared `@convention(block)`.
  case function(isBlock: Bool)
  /// `Optional`.
  case optional
  /// A class's type (`AnyClass`, `NSString.Type`), which the runtime passes as an object.
  case metatype
  /// Anything else: a structure, an enumeration, a tuple.
  case value

  /// The shape of `type`.
  static func of(_ type: Any.Type) -> TypeShape {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: UInt.self)
    switch kind {
    case 0, 0x305, 0x800...: return .classType
    case 0x203: return .foreignClass
    case 0x202: return .optional
    case 0x304, 0x306: return .metatype
    case 0x302:
      let flags = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
      return .function(isBlock: (flags >> 16) & 0xFF == 1)
    case 0x303:
      let flags = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt32.self)
      // The flag is set when the existential is not constrained to classes.
      return .existential(classBound: flags & 0x8000_0000 == 0)
    default: return .value
    }
  }

  /// Whether a value of this shape can be an object the runtime hands over (`@`).
  var holdsObject: Bool {
    switch self {
    case .classType, .foreignClass, .existential: true
    default: false
    }
  }
}

/// One of the protocols an existential type names, as its type metadata refers to it.
package enum ExistentialProtocol: Equatable {
  /// An Objective-C protocol (an SDK's, or an app's `@objc` one): the address of the runtime's
  /// `Protocol` object.
  case objectiveC(UnsafeRawPointer)
  /// A protocol only Swift knows, by its unqualified name.
  case swift(name: String)
}

/// The protocols the existential `type` names (`any P`: one; `any P & Q`: both; `AnyObject`:
/// none), in the metadata's order; `nil` when `type` is no existential.
///
/// A delegate property's protocols are read here rather than from its printed name: a
/// composition prints as one name, and a Swift module's `@objc` protocol has a mangled
/// Objective-C name (`_TtP5MyApp10MyDelegate_`); the runtime has no public API that lists them.
/// Invariant: an existential's metadata (kind `0x303`) is a pointer-sized kind, 32 bits of flags,
/// a 32-bit protocol count, the superclass constraint's metadata when the flags say there is one
/// (`0x4000_0000`), then one pointer-sized reference per protocol: with the Objective-C runtime,
/// a reference with its low bit set is a `Protocol` object's address, any other a Swift protocol
/// descriptor, whose third 32-bit field is a relative pointer to its name (Swift's stable ABI,
/// docs/ABI/TypeMetadata.rst; checked on Linux against protocols, compositions, `AnyObject` and a
/// composition with a class).
package func existentialProtocols(of type: Any.Type) -> [ExistentialProtocol]? {
  guard case .existential = TypeShape.of(type) else { return nil }
  let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
  let word = MemoryLayout<UInt>.size
  let flags = metadata.load(fromByteOffset: word, as: UInt32.self)
  let count = Int(metadata.load(fromByteOffset: word + 4, as: UInt32.self))
  let first = word + 8 + (flags & 0x4000_0000 != 0 ? word : 0)
  return (0..<count).compactMap { index in
    let reference = metadata.load(fromByteOffset: first + index * word, as: UInt.self)
    #if _runtime(_ObjC)
    if reference & 1 == 1, let address = UnsafeRawPointer(bitPattern: reference & ~1) {
      return .objectiveC(address)
    }
    #endif
    guard let descriptor = UnsafeRawPointer(bitPattern: reference) else { return nil }
    let name = descriptor + 8 + Int(descriptor.load(fromByteOffset: 8, as: Int32.self))
    return .swift(name: String(cString: name.assumingMemoryBound(to: CChar.self)))
  }
}

/// The pointer an argument arrived as (its address, boxed as a number by the runtime's
/// forwarding base), as the pointer type `Value` (`UnsafeMutablePointer<CGPoint>` for
/// `targetContentOffset:`, `UnsafeMutablePointer<ObjCBool>` for `stop:`).
///
/// Invariant: `Value` is one of the standard library's pointer types (`_Pointer`, checked by
/// the caller), one machine word whose bit pattern is the address; the address is the one the
/// method's caller passed, valid for the duration of the call, as in Objective-C.
func uncheckedPointer<Value>(_ address: NSNumber, as type: Value.Type) -> Value? {
  guard MemoryLayout<Value>.size == MemoryLayout<UInt>.size, address.uintValue != 0 else {
    return nil
  }
  return unsafeBitCast(address.uintValue, to: Value.self)
}

/// The Core Foundation object an argument arrived as (its address, boxed as a number: the
/// runtime describes `CMSampleBufferRef` as a pointer, `^{opaqueCMSampleBuffer=}`), as
/// `Value`, the Core Foundation type the closure names.
///
/// Invariant: the method declares a Core Foundation object there (the type encoding is a
/// pointer and `Value`'s metadata is a foreign class's, checked by the caller), so the address
/// is a live object's for the duration of the call; it is not retained, as the caller owns it.
func uncheckedForeignObject<Value>(_ address: NSNumber, as type: Value.Type) -> Value? {
  guard let pointer = UnsafeRawPointer(bitPattern: address.uintValue) else { return nil }
  return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? Value
}

/// The structure `value` boxes, as a `Value`, when `Value` is a plain structure whose name and
/// size match the structure's type encoding (`{CGPoint=dd}`); `nil` otherwise.
///
/// The runtime boxes a structure argument as its bytes; Swift has no checked conversion back.
/// Invariant: `Value` is plain data (`_isPOD`), named as the encoding names the structure (or the
/// structure has no name, `{?=…}`), and of its size, so its bytes are a valid `Value` (Apple platforms only: swift-corelibs-foundation
/// cannot size a structure encoding).
func uncheckedStructure<Value>(_ value: NSValue, as type: Value.Type) -> Value? {
  #if canImport(Darwin)
  guard _isPOD(Value.self) else { return nil }
  let encoding = String(cString: value.objCType)
  let name = "\(Value.self)"
  // `{?=…}`: a structure declared without a tag (`CMTime`), known by its size alone.
  guard
    encoding.hasPrefix("{\(name)=") || encoding.hasPrefix("{_\(name)=")
      || encoding.hasPrefix("{?=")
  else { return nil }
  var size = 0
  NSGetSizeAndAlignment(value.objCType, &size, nil)
  guard size == MemoryLayout<Value>.size else { return nil }
  return withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
    guard let address = buffer.baseAddress else { return nil }
    value.getValue(address, size: size)
    return address.move()
  }
  #else
  return nil
  #endif
}

#if canImport(ObjectiveC)
/// The `count` elements of `list`, which an Objective-C runtime `…_copy…List` function
/// allocated for the caller; the list is freed.
///
/// Invariant: `list` holds `count` elements and is the caller's to free (the runtime's
/// documented contract for these functions); the elements are copied out first.
func takeRuntimeList<Element>(_ list: UnsafeMutablePointer<Element>?, count: UInt32) -> [Element] {
  guard let list else { return [] }
  defer { free(list) }
  return Array(UnsafeBufferPointer(start: list, count: Int(count)))
}

/// The protocols `class_copyProtocolList` or `protocol_copyProtocolList` listed; the list is
/// freed (as ``takeRuntimeList(_:count:)-(UnsafeMutablePointer<Element>?,_)``).
func takeRuntimeList(_ list: AutoreleasingUnsafeMutablePointer<Protocol>?, count: UInt32)
  -> [Protocol]
{
  guard let list else { return [] }
  let protocols = (0..<Int(count)).map { list[$0] }
  free(UnsafeMutableRawPointer(mutating: UnsafeRawPointer(list)))
  return protocols
}

extension SelectorKey {
  /// The key of `selector`, the runtime's question: its address, since a selector is a unique
  /// pointer (its name is a string built per call, asked for only when the routes changed).
  ///
  /// Invariant: a `Selector` is one pointer, unique per name for the life of the process.
  init(_ selector: Selector) {
    self = .address(UInt(bitPattern: unsafeBitCast(selector, to: Int.self)))
  }
}

/// The keys of the objects Switchboard associates with a parent or a list view.
///
/// `nonisolated(unsafe)`: the runtime needs a stable address for each key; nothing reads or
/// writes the values, only their addresses.
package enum AssociationKeys {
  nonisolated(unsafe) static var attachedDelegateProxies: UInt8 = 0
  nonisolated(unsafe) static var ownedAnswers: UInt8 = 0
}

/// The object `owner` keeps under `key`, made by `make` and associated (retained by `owner`)
/// the first time it is asked for.
///
/// `key` is the address of one of ``AssociationKeys``' variables, stable for the process.
package func associatedObject<Object: AnyObject>(
  of owner: AnyObject, key: UnsafeRawPointer, makingIt make: () -> Object
) -> Object {
  if let existing: Object = associatedObject(of: owner, key: key) { return existing }
  let made = make()
  objc_setAssociatedObject(owner, key, made, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
  return made
}

/// The object `owner` keeps under `key`, if it keeps one of that type.
package func associatedObject<Object: AnyObject>(
  of owner: AnyObject, key: UnsafeRawPointer
) -> Object? {
  objc_getAssociatedObject(owner, key) as? Object
}
#endif

/// A parent's delegate property, reached through its key path or its setter method, with the
/// parent held weakly.
///
/// `@unchecked Sendable`: the proxy touches the property only on the thread the parent calls
/// it on, under its routing's lock; its closures and its reference to the parent (a `var` only
/// because it is weak) never change.
final class UncheckedProperty<Parent: AnyObject>: PropertyAccess, @unchecked Sendable {
  weak var parent: Parent?
  /// Reads the property (a key path, or a getter method's).
  let read: (Parent) -> AnyObject?
  /// Sets it (a key path, or a setter method such as `setSampleBufferDelegate(_:queue:)`).
  let write: (Parent, AnyObject?) -> Void

  init(
    parent: Parent, read: @escaping (Parent) -> AnyObject?,
    write: @escaping (Parent, AnyObject?) -> Void
  ) {
    self.parent = parent
    self.read = read
    self.write = write
  }

  var parentObject: AnyObject? { parent }
  func get() -> AnyObject? { parent.flatMap(read) }
  func set(_ object: AnyObject?) {
    if let parent { write(parent, object) }
  }
}

/// A parent's optional delegate property reached through its key path, with the parent held
/// weakly: the key path kept as it is, where ``UncheckedProperty`` would make a closure for
/// each way (two allocations for every proxy of a list whose rows each attach one).
///
/// `@unchecked Sendable`, as ``UncheckedProperty``: the proxy touches the property only on the
/// thread the parent calls it on, under its routing's lock, and the key path never changes.
final class KeyPathProperty<Parent: AnyObject, Delegate: AnyObject>: PropertyAccess,
  @unchecked Sendable
{
  weak var parent: Parent?
  let keyPath: ReferenceWritableKeyPath<Parent, Delegate?>

  init(parent: Parent, keyPath: ReferenceWritableKeyPath<Parent, Delegate?>) {
    self.parent = parent
    self.keyPath = keyPath
  }

  var parentObject: AnyObject? { parent }

  func get() -> AnyObject? {
    guard let parent else { return nil }
    return parent[keyPath: keyPath]
  }

  func set(_ object: AnyObject?) {
    if let parent { parent[keyPath: keyPath] = object as? Delegate }
  }
}

/// Values made once per key and kept for the process, from any thread: what every proxy would
/// otherwise make again from the same runtime facts (``SharedDeclarations``, near misses).
///
/// `@unchecked Sendable`: `values` is read and written under `lock`.
package final class ProcessMemo<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Key: Value] = [:]

  package init() {}

  /// The value of `key`, made by `make` the first time.
  ///
  /// `make` runs outside the lock, as nothing the engine calls runs under one; two threads
  /// asking at once may both make the value, and the first kept is the one every caller gets.
  package func value(for key: Key, make: () -> Value) -> Value {
    if let known = lock.withLock({ values[key] }) { return known }
    let made = make()
    return lock.withLock {
      if let known = values[key] { return known }
      values[key] = made
      return made
    }
  }
}

/// A check attach leaves for after the turn (``TurnQueue``): whether a handler held weakly at
/// attach is gone.
///
/// It holds the first two such handlers weakly: while they live (and there were no more), it
/// reads nothing else, so a screen's thousand checks touch a thousand handlers, not their
/// proxies. Otherwise it asks the routing, which it reaches through the proxy object: the proxy
/// is held weakly and the routing it owns unowned, so a proxy released before the turn ends
/// goes at once, with its routing and what that holds strongly (only the routing's memory waits
/// for the check). The routing has no weak reference, whose side table would send every retain
/// of it down the runtime's slow path (`ProxyAttach`).
///
/// `@unchecked Sendable`: the check loads its weak references (a weak load is safe from any
/// thread), and reaches the routing only while the proxy it loaded keeps it alive; the routing
/// checks under its lock.
struct AfterTurnCheck: @unchecked Sendable {
  private weak var proxy: AnyObject?
  private unowned let routing: any CheckedAfterTurn
  private weak var first: AnyObject?
  private weak var second: AnyObject?
  /// How many handlers were held weakly at attach.
  private let weaklyHeld: Int

  /// The check of `routing`, which `proxy` owns, for `handlers`: those of them held weakly.
  init(proxy: AnyObject?, routing: any CheckedAfterTurn, handlers: [HandlerSlot]) {
    self.proxy = proxy
    self.routing = routing
    var count = 0
    for slot in handlers where Self.watches(slot) {
      if count == 0 { first = slot.object } else if count == 1 { second = slot.object }
      count += 1
    }
    weaklyHeld = count
  }

  /// Whether the check looks after `slot`: a handler given a role and held weakly, which goes
  /// unnoticed when nothing else keeps it.
  static func watches(_ slot: HandlerSlot) -> Bool { slot.firstRole != nil && !slot.isStrong }

  /// Whether any handler is held weakly: without one, there is nothing to check.
  var isNeeded: Bool { weaklyHeld > 0 }

  /// Checks the routing, unless every handler it holds weakly lives or its proxy is gone.
  func run() {
    switch weaklyHeld {
    case 0: return
    case 1: if first != nil { return }
    case 2: if first != nil, second != nil { return }
    default: break
    }
    guard let proxy else { return }
    withExtendedLifetime(proxy) { routing.checkHandlersAfterTurn() }
  }
}

/// A routing whose attach checks, after the turn, for handlers held weakly that nothing else
/// keeps.
protocol CheckedAfterTurn: AnyObject {
  /// Reports each handler held weakly at attach that is gone; called while the proxy object
  /// that owns the routing lives.
  func checkHandlersAfterTurn()
}

/// Numbers handed out once each, from any thread.
///
/// `@unchecked Sendable`: the next number is read and written under `lock` only.
final class SerialNumbers: @unchecked Sendable {
  private let lock = NSLock()
  private var next: UInt64 = 0

  /// A number no call gave before.
  func take() -> UInt64 {
    lock.withLock {
      next += 1
      return next
    }
  }
}

/// The numbers of closure handlers (``ClosureHandler/serial``).
let closureSerials = SerialNumbers()

/// A value handed between nonisolated code and the main actor, on the main thread.
///
/// It is the message `forwardInvocation:` received, or the target `forwardingTarget(for:)`
/// answers, a list view's property value, or a list proxy's observer and the arguments it is
/// shown, passed through `MainActor.assumeIsolated`. `@unchecked Sendable`: each stays on the
/// one thread that made it, which `assumeIsolated` checks is the main thread. A main-actor
/// closure and the arguments of a notification sent to it on another thread go once to the main
/// queue: the sending thread keeps no reference to them (`ClosureHandler`).
package struct RuntimeHandOver<Value>: @unchecked Sendable {
  package let value: Value
  package init(_ value: Value) { self.value = value }
}

/// A message's arguments, handed to the async sequence that shows them
/// (``DelegateProxy/events(_:as:beforeHandler:bufferingPolicy:)``), whether or not they are
/// `Sendable` (a `CLLocationManager` is not).
///
/// Invariant: the routing unboxed these values for this one message and keeps no reference to
/// them once they are yielded; the sequence's consumer is the only code of the app's that reads
/// them through the sequence. The parent's own objects are then used on the consumer's
/// isolation, as a delegate method that passes them on would: documented beside `events`
/// (consume on the actor the parent calls on, the main actor for UIKit and AppKit).
func handedOver<Value>(_ value: Value) -> sending Value {
  nonisolated(unsafe) let handed = value
  return handed
}

/// A value only the main queue holds, so that code can tell whether it runs there
/// (`isOnMainQueue()`).
///
/// `@unchecked Sendable`: the key is an object used only for its identity, set on the main queue
/// once, when the global is first read (Swift initializes globals once, thread-safely), and
/// never changed; older SDKs (macOS 13's Dispatch) do not mark `DispatchSpecificKey` `Sendable`.
struct MainQueueKey: @unchecked Sendable {
  let key: DispatchSpecificKey<Bool>

  /// The key, set on the main queue.
  static let shared: MainQueueKey = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return MainQueueKey(key: key)
  }()
}
