/// The rule table of a ``PrioritizedProxy``: one optional rule per message, and a fallback for
/// every message without one.
///
/// Write it as a dictionary literal, or build it up per message; messages named at run time
/// (Objective-C selectors) have entries of their own, by name:
///
/// ```swift
/// var rules: RoutingRules<ListMessage> = [.cellForRow: .always(.view)]
/// rules[.didSelectRow] = .only(.view)
/// rules[named: "scrollViewDidScroll:"] = .broadcast
/// rules.fallback = .prefer(.viewModel)
/// proxy.rules = rules                       // replace the table
/// proxy.rules.merge([.willDisplayRow: .broadcast]) // or extend it
/// ```
public struct RoutingRules<Message: MessageSet>: ExpressibleByDictionaryLiteral, Sendable {
  /// The rule for every message that has no entry of its own, named ones included.
  public var fallback: RoutingRule<Message>
  private var entries: [Message: RoutingRule<Message>]
  private var namedEntries: [String: RoutingRule<Message>] = [:] {
    didSet { sortedNames = namedEntries.keys.sorted() }
  }
  /// The names with an entry, sorted when an entry changes: every proxy made with these rules
  /// reads them several times as it starts, and a sort would allocate each time.
  private var sortedNames: [String] = []

  /// An empty table: every message goes to its first implementer.
  ///
  /// ```swift
  /// var rules = RoutingRules<ListMessage>()
  /// rules[.didSelectRow] = .broadcast
  /// ```
  public init() {
    self.init([:])
  }

  /// Creates a table.
  ///
  /// - Parameters:
  ///   - entries: A rule for each message that does not use the fallback.
  ///   - fallback: The rule for all other messages; ``RoutingRule/firstImplementer`` by default.
  public init(
    _ entries: [Message: RoutingRule<Message>] = [:],
    fallback: RoutingRule<Message> = .firstImplementer
  ) {
    self.entries = entries
    self.fallback = fallback
  }

  /// Creates a table from a literal, with ``RoutingRule/firstImplementer`` as the fallback.
  ///
  /// A message may appear only once.
  public init(dictionaryLiteral elements: (Message, RoutingRule<Message>)...) {
    var entries: [Message: RoutingRule<Message>] = [:]
    for (message, rule) in elements {
      if let earlier = entries[message] {
        preconditionFailure(
          "RoutingRules: '\(message)' appears twice in the rule table (rules '\(earlier)' and "
            + "'\(rule)'). Keep one entry per message.")
      }
      entries[message] = rule
    }
    self.init(entries)
  }

  /// The rule written for `message`, or `nil` when it uses the fallback.
  ///
  /// Assign `nil` to remove an entry.
  public subscript(message: Message) -> RoutingRule<Message>? {
    get { entries[message] }
    set { entries[message] = newValue }
  }

  /// The rule written for the message named `name` (an Objective-C selector, say), or `nil`
  /// when it uses the fallback.
  ///
  /// Assign `nil` to remove an entry.
  public subscript(named name: String) -> RoutingRule<Message>? {
    get { namedEntries[name] }
    set { namedEntries[name] = newValue }
  }

  /// The rule that applies to `message`: its own entry, or else the fallback.
  public func rule(for message: Message) -> RoutingRule<Message> {
    entries[message] ?? fallback
  }

  /// The rule that applies to the message named `name`: its own entry, or else the fallback.
  public func rule(named name: String) -> RoutingRule<Message> {
    namedEntries[name] ?? fallback
  }

  /// The messages with an entry of their own, in `Message.allCases` order.
  public var messagesWithEntries: [Message] {
    Message.allCases.filter { entries[$0] != nil }
  }

  /// The names with an entry of their own, sorted.
  public var namesWithEntries: [String] { sortedNames }

  /// Adds the entries of `other`, replacing entries for the same messages.
  ///
  /// The fallback stays.
  public mutating func merge(_ other: RoutingRules<Message>) {
    entries.merge(other.entries) { _, new in new }
    namedEntries.merge(other.namedEntries) { _, new in new }
  }

  /// A copy of this table with the entries of `other` added, as in ``merge(_:)``.
  public func merging(_ other: RoutingRules<Message>) -> RoutingRules<Message> {
    var copy = self
    copy.merge(other)
    return copy
  }
}

extension RoutingRules: CustomStringConvertible {
  /// Each rule, then the fallback: `didSelectRow: broadcast; otherwise first implementer`.
  public var description: String {
    let named =
      entries.map { ("\($0.key)", $0.value) }.sorted { $0.0 < $1.0 }
      + namedEntries.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
    let rules = named.map { "\($0.0): \($0.1)" } + ["otherwise \(fallback)"]
    return rules.joined(separator: "; ")
  }
}
