import Foundation
import MallocStats

// What ProxyAttach attaches proxies to, and the hand-written delegate it measures them against:
// a list's text fields, each with a delegate, and the objects the delegate's messages go to.

/// A text field of a list's row: its delegate property, and where it keeps what it owns.
public final class AttachParent {
  /// The delegate property a proxy is attached to (an Objective-C protocol's, on Apple
  /// platforms), held weakly as UIKit holds its delegates.
  public weak var delegate: AnyObject?
  /// The same property as a Swift parent types it, for the hand-written delegate.
  public weak var typedDelegate: (any EndEditingDelegate)?
  /// What the parent owns: the proxies attach gives it (DelegateProxy's associated object), or
  /// the hand-written delegate.
  public var owned: AnyObject?

  public init() { makeSideTable(of: self) }

  /// Sends the hand-written delegate the message the proxies are sent first.
  @inline(never)
  public func endEditing() { typedDelegate?.textFieldDidEndEditing(self) }
}

/// The hand-written delegate's protocol: the one message the benchmark sends.
public protocol EndEditingDelegate: AnyObject {
  func textFieldDidEndEditing(_ field: AttachParent)
}

/// A handler of a text field's messages: the row's view, or the screen's analytics.
public final class AttachHandler {
  /// The Objective-C methods its class implements, as the runtime's `respondsToSelector:`
  /// answers for it: one set for every handler of the class, as the runtime keeps a class's
  /// methods once.
  public let methods: Set<String>
  /// The same, as its class's method list gives them (the check for near misses reads them),
  /// with methods of its own beside the protocol's.
  public let methodList: [String]
  public private(set) var ended = 0

  private init(methods: Set<String>, methodList: [String]) {
    self.methods = methods
    self.methodList = methodList
    makeSideTable(of: self)
  }

  /// A row's view.
  public static func view() -> AttachHandler {
    AttachHandler(methods: viewMethodSet, methodList: viewMethods)
  }

  /// The screen's analytics.
  public static func analytics() -> AttachHandler {
    AttachHandler(methods: analyticsMethodSet, methodList: analyticsMethods)
  }

  @inline(never)
  public func textFieldDidEndEditing() { ended += 1 }

  /// What `body` reads of `object`, if it is a handler of this class.
  ///
  /// Read in place, as the Objective-C runtime reads an object's class
  /// (`class_respondsToSelector`, `class_copyMethodList`) and sends it a message, without
  /// retaining it. A checked cast would retain and release it, on the runtime's slow path for an
  /// object held weakly, as a proxy's handlers are.
  ///
  /// ```swift
  /// AttachHandler.reading(handler) { $0.methods.contains("textFieldDidEndEditing:") }
  /// ```
  @inline(__always)
  public static func reading<Result>(
    _ object: AnyObject, _ body: (AttachHandler) -> Result
  ) -> Result? {
    guard type(of: object) == AttachHandler.self else { return nil }
    return body(unsafeDowncast(object, to: AttachHandler.self))
  }

  /// What a row's view implements: three of the protocol's methods and a cell's own.
  public static let viewMethods = [
    "textFieldDidEndEditing:", "textFieldShouldReturn:",
    "textField:shouldChangeCharactersInRange:replacementString:", "initWithFrame:",
    "prepareForReuse", "layoutSubviews", "configureWithItem:", "setItem:", "item",
    ".cxx_destruct",
  ]
  /// What the screen's analytics implements.
  public static let analyticsMethods = [
    "textFieldDidBeginEditing:", "textFieldDidEndEditing:", "logEvent:", "flush",
  ]
  private static let viewMethodSet = Set(viewMethods)
  private static let analyticsMethodSet = Set(analyticsMethods)
}

/// Hand-written glue: a delegate object that sends the message to both handlers, as a row's
/// glue would.
public final class EditingGlue: EndEditingDelegate {
  weak var view: AttachHandler?
  weak var analytics: AttachHandler?

  public init(view: AttachHandler, analytics: AttachHandler) {
    self.view = view
    self.analytics = analytics
  }

  @inline(never)
  public func textFieldDidEndEditing(_ field: AttachParent) {
    view?.textFieldDidEndEditing()
    analytics?.textFieldDidEndEditing()
  }
}

/// Gives `object` its side table now, as the first weak reference to it would.
///
/// The parents and handlers stand for Objective-C objects (a text field, a row's view, the
/// screen's analytics), made before the list attaches anything to them. The Objective-C runtime
/// records a weak reference to one in its weak table, apart from the objects the proxies
/// allocate; a Swift object here gets a side table, a small allocation of its own, the first
/// time anything holds it weakly, and keeps it for life. Made lazily, by the first attach, 20,000
/// of them at 10,000 rows would be left among the memory the first cycle's proxies free, and
/// every later cycle's proxies would be allocated around them: about a third dearer a cycle,
/// which the parents' Objective-C counterparts never cost.
@inline(never)
func makeSideTable(of object: AnyObject) {
  let reference = WeakReference()
  reference.object = object
  withExtendedLifetime(reference) {}
}

private final class WeakReference {
  weak var object: AnyObject?
}

/// The process's resident memory in bytes, from /proc/self/statm (0 where there is none).
public func residentBytes() -> Int {
  #if os(Linux)
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  // Its second field: resident pages.
  let fields = statm.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  #else
  return 0
  #endif
}

/// The bytes malloc has handed out and not had back (glibc's `mallinfo2`; 0 elsewhere).
public func heapBytesInUse() -> Int { swb_heap_bytes_in_use() }

/// Gives the pages of freed memory back to the system (glibc's `malloc_trim`), so that what is
/// allocated next shows in ``residentBytes()`` as the pages it touches.
public func returnFreePages() { swb_return_free_pages() }
