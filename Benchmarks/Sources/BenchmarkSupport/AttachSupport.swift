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

  public init() {}

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
  /// answers for it.
  public let methods: Set<String>
  /// The same, as its class's method list gives them (the check for near misses reads them),
  /// with methods of its own beside the protocol's.
  public let methodList: [String]
  public private(set) var ended = 0

  public init(methods: [String]) {
    self.methods = Set(methods)
    methodList = methods
  }

  @inline(never)
  public func textFieldDidEndEditing() { ended += 1 }

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
