import Switchboard

// A small delegate protocol split into capabilities, as a user of Switchboard would write it.

protocol Greeting: AnyObject {
  func greet() -> String
}

protocol Farewell: AnyObject {
  func farewell() -> String
}

protocol Typing: AnyObject {
  func userDidType(_ text: String)
}

enum ChatMessage: MessageSet {
  case greet, farewell, didType

  /// Only `greet` needs one answer; farewells and typing may be broadcast.
  var isNotification: Bool { self != .greet }

  func isImplemented(by handler: AnyObject) -> Bool {
    switch self {
    case .greet: handler is any Greeting
    case .farewell: handler is any Farewell
    case .didType: handler is any Typing
    }
  }
}

extension HandlerRole {
  static let screen: HandlerRole = "screen"
  static let model: HandlerRole = "model"
}

/// Implements greet and farewell.
final class ChatScreen: Greeting, Farewell, Typing {
  var typed: [String] = []
  func greet() -> String { "hello from the screen" }
  func farewell() -> String { "bye from the screen" }
  func userDidType(_ text: String) { typed.append(text) }
}

/// Implements greet only.
final class ChatModel: Greeting, Typing {
  var typed: [String] = []
  func greet() -> String { "hello from the model" }
  func userDidType(_ text: String) { typed.append(text) }
}

/// Implements nothing.
final class Bystander {}
