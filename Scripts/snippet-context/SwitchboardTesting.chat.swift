// An overlay of SwitchboardTesting.swift: `proxy` routes the app's own messages.
protocol Greeting: AnyObject { func greet() -> String }

enum ChatMessage: MessageSet {
  case greet, leave
  var isNotification: Bool { self == .leave }
  func isImplemented(by handler: AnyObject) -> Bool { handler is any Greeting }
}

let proxy = PrioritizedProxy<ChatMessage>()
