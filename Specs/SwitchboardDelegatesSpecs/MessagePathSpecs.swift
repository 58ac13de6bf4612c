import Foundation
import Testing

@testable import Switchboard
@testable import SwitchboardLists

#if canImport(Runtime)
import Runtime
#endif

// The files a message crosses, as "The delegate engine" lists them, against the call stack where
// the handler runs: on the model of the runtime (DelegateModel.swift, UIKitModel.swift), which
// stands in for the files that exist only where Objective-C does, so every other file of the
// path is on the stack here.

/// The path tables of the engine article, and the files on the stack.
enum MessagePath {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let article = root.appendingPathComponent(
    "Sources/Switchboard/Switchboard.docc/TheDelegateEngine.md")

  /// The files of the table under `heading`, in order: the first code span of each row's second
  /// column, a path under `Sources/`.
  static func files(under heading: String) throws -> [String] {
    let text = try String(contentsOf: article, encoding: .utf8)
    let section = try #require(text.components(separatedBy: "### \(heading)\n").dropFirst().first)
    let table = section.components(separatedBy: "\n### ").first ?? section
    return table.split(separator: "\n").compactMap { line -> String? in
      let columns = line.split(separator: "|", omittingEmptySubsequences: false)
      guard columns.count > 3, let file = columns[2].split(separator: "`").dropFirst().first,
        file.hasSuffix(".swift") || file.hasSuffix(".m")
      else { return nil }
      return String(file)
    }
  }

  /// Whether `file` is compiled only where Objective-C is.
  ///
  /// The base's `.m` files are, and Swift files whose code sits under
  /// `#if canImport(SwitchboardObjC)` (or `ObjectiveC`). The model of the runtime stands in for
  /// them on Linux.
  static func existsOnlyWithObjectiveC(_ file: String) throws -> Bool {
    if file.hasSuffix(".m") { return true }
    let text = try String(
      contentsOf: root.appendingPathComponent("Sources/" + file), encoding: .utf8)
    let code = text.split(separator: "\n").first {
      !$0.hasPrefix("//") && !$0.trimmingCharacters(in: .whitespaces).isEmpty
    }
    return code == "#if canImport(SwitchboardObjC)" || code == "#if canImport(ObjectiveC)"
  }

  /// The files under `Sources/` on the stack of the caller, outermost first, each once.
  static func filesOnStack() -> [String] {
    #if canImport(Runtime)
    guard let backtrace = try? Backtrace.capture().symbolicated() else { return [] }
    var files: [String] = []
    for frame in backtrace.frames.reversed() {
      guard let path = frame.symbol?.sourceLocation?.path,
        let sources = path.range(of: "/Sources/")
      else { continue }
      let file = String(path[sources.upperBound...])
      if !files.contains(file) { files.append(file) }
    }
    return files
    #else
    return []
    #endif
  }

  /// Whether this platform's backtraces name source files (Linux's do, with the debug
  /// information of a `swift test` build).
  static let canCapture: Bool = {
    #if canImport(Runtime)
    let frames = (try? Backtrace.capture().symbolicated())?.frames ?? []
    return frames.contains { $0.symbol?.sourceLocation?.path.hasSuffix(".swift") == true }
    #else
    return false
    #endif
  }()
}

/// A delegate handler that records the files on its stack when a message reaches it.
private final class StackRecorder: NSObjectLike, @unchecked Sendable {
  let selectors: Set<String>
  private let lock = NSLock()
  private var recorded: [String] = []
  init(_ selectors: Set<String>) { self.selectors = selectors }
  var files: [String] { lock.withLock { recorded } }
  func record() {
    let files = MessagePath.filesOnStack()
    lock.withLock { recorded = files }
  }
  func perform(_ selector: String, _ arguments: [Any]) -> Any? {
    record()
    return true
  }
}

/// A view model whose row count records the files on its stack.
@MainActor
private final class CountingRecorder: ListRowCounting {
  let recorder = StackRecorder([])
  func numberOfRows(inSection section: Int) -> Int {
    recorder.record()
    return 1
  }
}

private typealias P = ModelDelegateProtocol

@Suite("The engine article's message path", .enabled(if: MessagePath.canCapture))
struct MessagePathSpecs {
  /// The article's files for `heading`, less those the model stands in for.
  func modeledFiles(_ heading: String) throws -> [String] {
    try MessagePath.files(under: heading).filter { !(try MessagePath.existsOnlyWithObjectiveC($0)) }
  }

  @Suite("describe: the tables")
  struct Tables {
    @Test(
      "it: each path crosses at most 8 files in at most 3 modules, each file existing",
      arguments: ["A delegate's message", "A list's message"])
    func bounds(heading: String) throws {
      let files = try MessagePath.files(under: heading)
      #expect(!files.isEmpty, "no table under '### \(heading)' in TheDelegateEngine.md")
      let distinct = files.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
      #expect(distinct.count <= 8, "\(heading): \(distinct.count) files: \(distinct)")
      let modules = Set(distinct.map { $0.split(separator: "/")[0] })
      #expect(modules.count <= 3, "\(heading): modules \(modules.sorted())")
      for file in distinct {
        let path = MessagePath.root.appendingPathComponent("Sources/" + file).path
        #expect(FileManager.default.fileExists(atPath: path), "\(file) does not exist")
      }
    }
  }

  @Suite("describe: a delegate's message")
  struct DelegateMessage {
    let spec = MessagePathSpecs()
    let parent = ModelParent()
    let runLoop = ModelRunLoop()

    @Test("it: an observed method of a handler object crosses the article's files")
    func observedMethod() throws {
      let handler = StackRecorder([P.textDidChange])
      let proxy = ModelDelegateProxy.attach(
        to: parent, handlers: [.view: handler], runLoop: runLoop)
      let token = proxy.observe(named: P.textDidChange) { _ in }
      parent.send(P.textDidChange, ["bar", "a"])
      parent.send(P.textDidChange, ["bar", "b"])
      #expect(handler.files == (try spec.modeledFiles("A delegate's message")))
      token.cancel()
    }

    @Test("it: a rule that combines answers crosses the same files")
    func combinedAnswer() throws {
      let first = StackRecorder([P.shouldReturn])
      let second = StackRecorder([P.shouldReturn])
      var rules = RoutingRules<Never>()
      rules[named: P.shouldReturn] = .allMustAllow
      _ = ModelDelegateProxy.attach(
        to: parent, handlers: [.view: first, .viewModel: second], rules: rules, runLoop: runLoop)
      #expect(parent.send(P.shouldReturn, ["field"]) as? Bool == true)
      #expect(first.files == (try spec.modeledFiles("A delegate's message")))
      #expect(second.files == first.files)
    }
  }

  @MainActor
  @Suite("describe: a list's message")
  struct ListMessageSpecs {
    let spec = MessagePathSpecs()
    let table = ModelTableView()
    let turns = ModelTurns()

    @Test("it: a view model's capability crosses the article's files, the first time too")
    func capability() throws {
      let model = CountingRecorder()
      let screen = Recorder([])
      let proxy = ModelProxy.attach(to: table, view: screen, viewModel: model, turns: turns)
      let expected = try spec.modeledFiles("A list's message")
      _ = table.send("tableView:numberOfRowsInSection:", [0])
      // The first message finds and keeps the handler's typed target on the slow path.
      #expect(Set(model.recorder.files).isSubset(of: expected), "\(model.recorder.files)")
      _ = table.send("tableView:numberOfRowsInSection:", [0])
      #expect(model.recorder.files == expected)
      _ = proxy
    }

    @Test("it: a view controller's own UIKit method crosses the same files")
    func platformMethod() throws {
      let cells = "tableView:cellForRowAtIndexPath:"
      let screen = Recorder([cells])
      let recorder = StackRecorder([])
      screen.onReceive = { _ in recorder.record() }
      let proxy = ModelProxy.attach(
        to: table, view: screen, viewModel: CountingRecorder(), turns: turns)
      for _ in 0..<2 { _ = table.send(cells, [IndexPath(item: 0, section: 0)]) }
      #expect(recorder.files == (try spec.modeledFiles("A list's message")))
      _ = proxy
    }
  }
}
