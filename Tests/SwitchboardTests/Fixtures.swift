import Switchboard

@MainActor protocol Opening: AnyObject { func open() -> String }
@MainActor protocol Closing: AnyObject { func close() -> String }
@MainActor protocol Tick: AnyObject { func tick(_ log: inout [String]) }

/// A door-controller protocol split into capabilities.
enum DoorMessage: MessageSet {
  case open, close, tick

  /// `open` and `close` return a string; `tick` returns nothing and may be broadcast.
  var isNotification: Bool { self == .tick }

  func isImplemented(by handler: AnyObject) -> Bool {
    switch self {
    case .open: handler is any Opening
    case .close: handler is any Closing
    case .tick: handler is any Tick
    }
  }
}

/// Implements every message; `name` tells instances apart in the answers.
final class FullDoor: Opening, Closing, Tick {
  let name: String
  init(_ name: String) { self.name = name }
  func open() -> String { "\(name) opens" }
  func close() -> String { "\(name) closes" }
  func tick(_ log: inout [String]) { log.append(name) }
}

/// Implements `open` and `tick`.
final class OpenOnly: Opening, Tick {
  let name: String
  init(_ name: String) { self.name = name }
  func open() -> String { "\(name) opens" }
  func tick(_ log: inout [String]) { log.append(name) }
}

/// Implements nothing.
final class Silent {}

/// Claims `close` in `isImplemented(by:)` without conforming to `Closing`.
enum LyingMessage: MessageSet {
  case close
  func isImplemented(by handler: AnyObject) -> Bool { true }
}
