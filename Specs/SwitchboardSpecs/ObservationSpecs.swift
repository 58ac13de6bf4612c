import Switchboard
import Testing

extension ChatMessage {
  /// The text typed, for observers of `didType`.
  static let typed = MessageEvent<ChatMessage, String>(.didType)
  /// A greeting asked for, with who asks.
  static let greeting = MessageEvent<ChatMessage, String>(.greet)
  /// A farewell said, with nothing to tell.
  static let farewellSaid = MessageEvent<ChatMessage, Void>(.farewell)
}

/// A handler that writes what it receives into a shared log.
final class LoggingTypist: Typing {
  let log: Log
  init(_ log: Log) { self.log = log }
  func userDidType(_ text: String) { log.lines.append("handler \(text)") }
}

final class Log {
  var lines: [String] = []
}

@MainActor
@Suite("Observing messages")
struct ObservationSpecs {
  let proxy = PrioritizedProxy<ChatMessage>()
  let log = Log()
  let typist: LoggingTypist

  init() {
    typist = LoggingTypist(log)
    proxy.add(typist, role: .screen)
  }

  func type(_ text: String) {
    proxy.broadcast(ChatMessage.typed, text, as: (any Typing).self) { $0.userDidType(text) }
  }

  @MainActor
  @Suite("describe: a closure observer")
  struct ClosureObserver {
    let spec = ObservationSpecs()

    @Test("it: sees the typed arguments after the handler, by default")
    func after() {
      let log = spec.log
      let observation = spec.proxy.observe(ChatMessage.typed) { log.lines.append("after \($0)") }
      spec.type("hi")
      #expect(spec.log.lines == ["handler hi", "after hi"])
      observation.cancel()
    }

    @Test("it: sees them before the handler when asked, like RxCocoa's sentMessage")
    func before() {
      let log = spec.log
      let before = spec.proxy.observe(ChatMessage.typed, beforeHandler: true) {
        log.lines.append("before \($0)")
      }
      let after = spec.proxy.observe(ChatMessage.typed) { log.lines.append("after \($0)") }
      spec.type("hi")
      #expect(spec.log.lines == ["before hi", "handler hi", "after hi"])
      _ = (before, after)
    }

    @Test("it: calls several observers in the order they registered")
    func order() {
      let log = spec.log
      let first = spec.proxy.observe(ChatMessage.typed) { log.lines.append("first \($0)") }
      let second = spec.proxy.observe(ChatMessage.typed) { log.lines.append("second \($0)") }
      spec.type("a")
      #expect(spec.log.lines == ["handler a", "first a", "second a"])
      _ = (first, second)
    }

    @Test("it: does not build the arguments when nobody observes")
    func lazyArguments() {
      var built = 0
      func text() -> String {
        built += 1
        return "x"
      }
      spec.proxy.broadcast(ChatMessage.typed, text(), as: (any Typing).self) {
        $0.userDidType("x")
      }
      #expect(built == 0)
      let observation = spec.proxy.observe(ChatMessage.typed) { _ in }
      spec.proxy.broadcast(ChatMessage.typed, text(), as: (any Typing).self) {
        $0.userDidType("x")
      }
      #expect(built == 1)
      observation.cancel()
    }
  }

  @MainActor
  @Suite("describe: answers")
  struct Answers {
    @Test("it: never changes the answer of a value-returning message")
    func answerKept() {
      let proxy = PrioritizedProxy<ChatMessage>()
      let model = ChatModel()
      proxy.add(model)
      var seen: [String] = []
      let observation = proxy.observe(ChatMessage.greeting) { seen.append($0) }
      let answer = proxy.send(ChatMessage.greeting, "Ann", as: (any Greeting).self, default: "") {
        $0.greet()
      }
      #expect(answer == "hello from the model")
      #expect(seen == ["Ann"])
      observation.cancel()
    }

    @Test("it: does not make the proxy respond to a value-returning message nobody handles")
    func valueMessageNotAnswered() {
      let proxy = PrioritizedProxy<ChatMessage>()
      let observation = proxy.observe(ChatMessage.greeting) { _ in }
      #expect(!proxy.responds(to: .greet))
      let answer = proxy.send(ChatMessage.greeting, "Ann", as: (any Greeting).self, default: "-") {
        $0.greet()
      }
      #expect(answer == "-")
      observation.cancel()
    }
  }

  @MainActor
  @Suite("describe: a notification nobody handles")
  struct UnhandledNotification {
    @Test("context: while it is observed — the proxy responds to it, and hosts are told both ways")
    func respondsWhileObserved() {
      let proxy = PrioritizedProxy<ChatMessage>()
      var changes: [RouteChange<ChatMessage>] = []
      let routes = proxy.observeRoutes { changes.append($0) }
      #expect(!proxy.responds(to: .farewell))
      var said = 0
      let observation = proxy.observe(ChatMessage.farewellSaid) { said += 1 }
      #expect(proxy.responds(to: .farewell))
      #expect(proxy.isObserved(.farewell))
      #expect(changes == [RouteChange(messages: [.farewell], causes: .observersChanged)])
      let delivered = proxy.broadcast(ChatMessage.farewellSaid, (), as: (any Farewell).self) {
        _ = $0.farewell()
      }
      #expect(delivered == 0, "no handler received it")
      #expect(said == 1, "the observer did")
      observation.cancel()
      #expect(!proxy.responds(to: .farewell))
      #expect(changes.count == 2)
      #expect(changes.last?.causes == .observersChanged)
      routes.cancel()
    }

    @Test("context: a handler implements it — observing changes no route and tells nobody")
    func handledNotification() {
      let proxy = PrioritizedProxy<ChatMessage>()
      let screen = ChatScreen()
      proxy.add(screen)
      var changes = 0
      let routes = proxy.observeRoutes { _ in changes += 1 }
      let observation = proxy.observe(ChatMessage.farewellSaid) {}
      observation.cancel()
      #expect(changes == 0)
      routes.cancel()
    }
  }

  @MainActor
  @Suite("describe: ending an observation")
  struct Ending {
    let spec = ObservationSpecs()

    @Test("it: stops at once when cancelled")
    func cancel() {
      var seen: [String] = []
      let observation = spec.proxy.observe(ChatMessage.typed) { seen.append($0) }
      spec.type("a")
      observation.cancel()
      spec.type("b")
      #expect(seen == ["a"])
      #expect(observation.isCancelled)
    }

    @Test("it: stops when its token is dropped")
    func dropped() {
      var seen: [String] = []
      var observation: ObservationToken? = spec.proxy.observe(ChatMessage.typed) {
        seen.append($0)
      }
      spec.type("a")
      observation = nil
      spec.type("b")
      #expect(seen == ["a"])
      #expect(observation == nil)
      #expect(!spec.proxy.isObserved(.didType))
    }

    @Test("it: stops in the middle of a notification, when an earlier observer cancels it")
    func midNotification() {
      var seen: [String] = []
      var second: ObservationToken?
      let first = spec.proxy.observe(ChatMessage.typed) { _ in second?.cancel() }
      second = spec.proxy.observe(ChatMessage.typed) { seen.append($0) }
      spec.type("a")
      #expect(seen.isEmpty)
      first.cancel()
    }

    @Test("it: stops when the handler cancels it before the after-observers run")
    func cancelledByHandler() {
      var seen: [String] = []
      let observation = spec.proxy.observe(ChatMessage.typed) { seen.append($0) }
      spec.proxy.broadcast(ChatMessage.typed, "a", as: (any Typing).self) { _ in
        observation.cancel()
      }
      #expect(seen.isEmpty)
    }
  }

  @MainActor
  @Suite("describe: an async sequence of events")
  struct Sequences {
    @Test("it: yields the typed arguments in order")
    func yields() async {
      let proxy = PrioritizedProxy<ChatMessage>()
      let events = proxy.events(ChatMessage.typed)
      for text in ["a", "b", "c"] {
        proxy.broadcast(ChatMessage.typed, text, as: (any Typing).self) { $0.userDidType(text) }
      }
      var received: [String] = []
      for await text in events {
        received.append(text)
        if received.count == 3 { break }
      }
      #expect(received == ["a", "b", "c"])
    }

    @Test("it: finishes when the proxy goes away, and does not keep it alive")
    func finishesWithProxy() async {
      var proxy: PrioritizedProxy<ChatMessage>? = PrioritizedProxy<ChatMessage>()
      weak let weakProxy = proxy
      let events = proxy!.events(ChatMessage.typed)
      proxy!.broadcast(ChatMessage.typed, "last", as: (any Typing).self) { _ in }
      proxy = nil
      #expect(weakProxy == nil)
      var received: [String] = []
      for await text in events { received.append(text) }
      #expect(received == ["last"], "buffered events arrive, then the sequence ends")
    }

    @Test("it: stops delivering when the iterating task is cancelled, and the proxy drops it")
    func taskCancelled() async {
      let proxy = PrioritizedProxy<ChatMessage>()
      let events = proxy.events(ChatMessage.farewellSaid)
      #expect(proxy.responds(to: .farewell), "observed")
      let consumer = Task {
        var count = 0
        for await _ in events { count += 1 }
        return count
      }
      consumer.cancel()
      let count = await consumer.value
      #expect(count == 0)
      proxy.broadcast(ChatMessage.farewellSaid, (), as: (any Farewell).self) { _ = $0.farewell() }
      #expect(!proxy.isObserved(.farewell))
      #expect(!proxy.responds(to: .farewell))
    }
  }

  @MainActor
  @Suite("describe: lifetimes")
  struct Lifetimes {
    @Test("it: an observation keeps neither the proxy nor its handlers alive")
    func noRetention() {
      var proxy: PrioritizedProxy<ChatMessage>? = PrioritizedProxy<ChatMessage>()
      weak let weakProxy = proxy
      weak var weakHandler: ChatScreen?
      var observation: ObservationToken?
      do {
        let screen = ChatScreen()
        weakHandler = screen
        proxy!.add(screen)
        observation = proxy!.observe(ChatMessage.typed) { _ in }
      }
      #expect(weakHandler == nil)
      proxy = nil
      #expect(weakProxy == nil)
      observation?.cancel()  // after the proxy is gone: nothing to do, no crash
      #expect(observation?.isCancelled == true)
    }
  }
}
