// Hidden context of the symbol documentation of Switchboard (Scripts/symbol_snippets.py): the
// names its examples use, as a reader's app declares them. A block that declares one of these
// names itself replaces it.
import Foundation
import Switchboard
import SwitchboardLists

protocol Greeting: AnyObject { func greet() -> String }
protocol Farewell: AnyObject { func leave() }
protocol Typing: AnyObject { func userDidType(_ text: String) }
protocol RowCounting: AnyObject { func numberOfRows() -> Int }
protocol LegacyRowSource: AnyObject { func rowCount(in section: Int) -> Int }
protocol Fetching: AnyObject { func fetch() async throws -> Data }
protocol DownloadProgress: AnyObject { func received(_ bytes: Int) }

enum ChatMessage: MessageSet {
  case greet, leave, didType, didTap, numberOfRows, cellForRow, didSelectRow, willDisplayRow,
    fetch, canEditRow, titleForHeader, heightForRow
  var isNotification: Bool { [.leave, .didType, .didTap, .didSelectRow].contains(self) }
  func isImplemented(by handler: AnyObject) -> Bool { true }
}

extension ChatMessage {
  static let typed = MessageEvent<ChatMessage, String>(.didType)
}

enum DownloadMessage: MessageSet {
  case progress
  var isNotification: Bool { true }
  func isImplemented(by handler: AnyObject) -> Bool { handler is any DownloadProgress }
}

extension HandlerRole {
  static let analytics: HandlerRole = "analytics"
}

final class ChatModel: Greeting, Farewell, Typing {
  func greet() -> String { "hello" }
  func leave() {}
  func userDidType(_ text: String) {}
}

final class LoggingHandler {}
final class Analytics { func log(_ event: String, _ text: String) {} }
final class Logger { func error(_ text: String) {} }
final class Host { func refreshCachedResponses(for messages: [ChatMessage]) {} }

class SnippetScreen {}

nonisolated(unsafe) let proxy = PrioritizedProxy<ChatMessage>()
nonisolated(unsafe) let screen = ChatModel()
nonisolated(unsafe) let model = ChatModel()
nonisolated(unsafe) let viewController = ChatModel()
nonisolated(unsafe) let tracker = ChatModel()
nonisolated(unsafe) let analytics = Analytics()
nonisolated(unsafe) let logger = Logger()
nonisolated(unsafe) let host = Host()
nonisolated(unsafe) var observation: ObservationToken?
nonisolated(unsafe) var rules = RoutingRules<ChatMessage>()
nonisolated(unsafe) let timer = Timer(timeInterval: 1, repeats: false) { _ in }
let text = "hello"
let section = 0
