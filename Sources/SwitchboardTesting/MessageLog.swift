import Switchboard

/// An ordered record of the messages a handler received, for your own message sets.
///
/// Embed one in a test handler and record each call:
///
/// ```swift
/// final class GreetingSpy: Greeting {
///   let log = MessageLog<ChatMessage>()
///   func greet() -> String {
///     log.record(.greet)
///     return "hi"
///   }
/// }
/// #expect(spy.log.messages == [.greet])
/// ```
@MainActor
public final class MessageLog<Message: MessageSet> {
  /// The recorded messages, oldest first.
  public private(set) var messages: [Message] = []

  /// Creates an empty log.
  public init() {}

  /// Appends `message`.
  public func record(_ message: Message) {
    messages.append(message)
  }

  /// How many times `message` was recorded.
  public func count(of message: Message) -> Int {
    messages.count { $0 == message }
  }

  /// Empties the log and returns what it held.
  @discardableResult
  public func drain() -> [Message] {
    defer { messages.removeAll() }
    return messages
  }
}
