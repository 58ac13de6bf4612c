/// The messages whose routes changed in one update of a ``PrioritizedProxy``.
///
/// A route changes when a message goes to a different handler (or handlers), starts or stops
/// going anywhere, or starts or stops failing.
///
/// Only those count: a rebuild that changes nothing but the wording of an explanation (say, "the
/// proxy has no handlers" becoming "no handler implements it") tells nobody.
public struct RouteChange<Message: MessageSet>: Hashable, Sendable {
  /// The changed messages, in `Message.allCases` order.
  ///
  /// Empty only when the change concerns messages named at run time alone (see ``names``).
  public let messages: [Message]
  /// The changed messages named at run time (Objective-C selectors), sorted.
  ///
  /// A proxy knows a name once it has been asked about it or given a rule for it.
  public let names: [String]
  /// What made the proxy route again.
  ///
  /// A host that finds a message it was sending go to nobody can tell a released handler
  /// (``RouteChangeCauses/handlersReleased``) from a rule or handler change made on purpose.
  public let causes: RouteChangeCauses

  /// Creates a change.
  public init(messages: [Message], names: [String] = [], causes: RouteChangeCauses = []) {
    self.messages = messages
    self.names = names
    self.causes = causes
  }

  /// Whether `message` is among the changed messages.
  public func contains(_ message: Message) -> Bool { messages.contains(message) }

  /// Whether the message named `name` is among the changed messages.
  public func contains(named name: String) -> Bool { names.contains(name) }
}

/// What made a ``PrioritizedProxy`` route again; see ``RouteChange/causes``.
public struct RouteChangeCauses: OptionSet, Hashable, Sendable {
  /// The option bits.
  public let rawValue: Int
  /// Creates a set of causes from its bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Handlers were added, inserted, removed, moved or replaced.
  public static let handlersChanged = RouteChangeCauses(rawValue: 1 << 0)
  /// The rule table changed.
  public static let rulesChanged = RouteChangeCauses(rawValue: 1 << 1)
  /// A weakly held handler was found released and dropped.
  public static let handlersReleased = RouteChangeCauses(rawValue: 1 << 2)
  /// ``PrioritizedProxy/invalidateRoutes()`` was called.
  public static let invalidated = RouteChangeCauses(rawValue: 1 << 3)
  /// A notification nobody handles gained its first observer or lost its last, so whether the
  /// proxy responds to it changed (see ``PrioritizedProxy/observe(_:beforeHandler:_:)``).
  public static let observersChanged = RouteChangeCauses(rawValue: 1 << 4)
}

/// The route observers of a proxy or of forwarded routes: registration, and telling them about
/// a change.
struct ChangeObservers<Change> {
  private struct Entry {
    let id: Int
    weak var observation: ObservationToken?
    let onChange: (Change) -> Void
  }

  private var entries: [Entry] = []

  /// Whether no observer was ever registered, or every one was dropped.
  var isEmpty: Bool { entries.isEmpty }

  /// Registers `onChange` as observer `id`; cancelling the returned observation calls
  /// `onCancel`, which should call ``remove(_:)`` on the owner's copy.
  mutating func add(
    id: Int, _ onChange: @escaping (Change) -> Void, onCancel: @escaping () -> Void
  ) -> ObservationToken {
    let observation = ObservationToken(onCancel)
    entries.append(Entry(id: id, observation: observation, onChange: onChange))
    return observation
  }

  /// Drops observer `id`.
  mutating func remove(_ id: Int) {
    entries.removeAll { $0.id == id }
  }

  /// Drops the observers that ended, and returns the others to tell with ``tell(_:)``.
  ///
  /// The owner keeps the result in a local: an observer may register or cancel observers while
  /// it is told, which changes the owner's list, not this copy.
  mutating func live() -> Self {
    entries.removeAll { $0.observation?.isCancelled ?? true }
    return self
  }

  /// Tells each observer about `change`, in registration order.
  ///
  /// Each is checked just before its call: one cancelled or released by an earlier observer
  /// meanwhile is not called.
  func tell(_ change: Change) {
    for entry in entries {
      guard let observation = entry.observation, !observation.isCancelled else { continue }
      entry.onChange(change)
    }
  }
}

extension RouteChange: CustomStringConvertible {
  /// The messages whose routes changed, and why: `didSelectRow, cellForRow (rules changed)`.
  public var description: String {
    let changed = messages.map { "\($0)" } + names
    return "\(changed.isEmpty ? "no routes" : changed.joined(separator: ", ")) (\(causes))"
  }
}

extension RouteChangeCauses: CustomStringConvertible {
  /// The causes in words: `handlers changed, rules changed`.
  public var description: String {
    let named: [(RouteChangeCauses, String)] = [
      (.handlersChanged, "handlers changed"), (.rulesChanged, "rules changed"),
      (.handlersReleased, "handlers released"), (.invalidated, "invalidated"),
      (.observersChanged, "observers changed"),
    ]
    let words = named.filter { contains($0.0) }.map(\.1)
    return words.isEmpty ? "no cause" : words.joined(separator: ", ")
  }
}
