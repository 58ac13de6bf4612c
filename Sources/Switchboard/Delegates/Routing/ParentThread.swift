import Foundation

/// Which thread a parent's delegate property belongs to, and so how a proxy re-asks the parent
/// after an answer it gave changed.
///
/// ```swift
/// ParentThread.of(classBundles: ["com.apple.UIKitCore"])   // .main: a UIKit object
/// ```
///
/// - ``main``: a UIKit or AppKit object (a view, a view controller, a gesture recognizer, a
///   window), or an app's subclass of one. Its delegate property belongs to the main thread, and
///   it reads its delegate's answers only when given another object. It is re-asked on the main
///   thread, after the main thread's current turn, whichever thread the change was made on: its
///   property is set to `nil` and back to the proxy there, between two of its callbacks.
/// - ``own``: any other parent (a location manager, a watch session, a capture output, a
///   fetched-results controller). It may call its delegate from a queue of its own at any time,
///   so it never sees its delegate `nil`: it is given the proxy again, once, after the current
///   turn of the thread where the change was made. A parent that reads its delegate's answers on
///   every assignment reads them again; one that reads them only when given another object keeps
///   those it read at attach, so give such a parent's handlers and closures at attach.
package enum ParentThread: Sendable, Equatable {
  case main
  case own

  /// The bundle identifiers of the frameworks whose objects belong to the main thread.
  static let mainThreadFrameworks: Set<String> = [
    "com.apple.UIKitCore", "com.apple.UIKit", "com.apple.AppKit",
  ]

  /// The kind of a parent whose class and superclasses come from the bundles
  /// `classBundles` (their identifiers, `nil` for one without), most derived first.
  package static func of(classBundles: [String?]) -> ParentThread {
    classBundles.contains { $0.map(mainThreadFrameworks.contains) == true } ? .main : .own
  }

  /// Runs work after the current turn of the thread this kind of parent is re-asked on.
  var turnQueue: TurnQueue {
    switch self {
    case .main: .mainQueue
    case .own: .callingThread
    }
  }

  /// Whether a re-ask sets the property to `nil` before the proxy.
  var reasksThroughNil: Bool { self == .main }
}
