import SwitchboardTesting
import XCTest

/// SwitchboardTesting's expectations from an XCTest test case: a failure is recorded in
/// XCTest, with the message and the caller's line.
final class SwitchboardTestingXCTestSpecs: XCTestCase {
  /// Failures recorded while `capturing`, instead of failing this test case.
  private var recorded: [String] = []
  private var recordedLines: [Int] = []
  private var capturing = false

  #if canImport(ObjectiveC)
  override func record(_ issue: XCTIssue) {
    guard capturing else { return super.record(issue) }
    recorded.append(issue.compactDescription)
    recordedLines.append(issue.sourceCodeContext.location?.lineNumber ?? -1)
  }
  #else
  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    guard capturing else {
      return super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    recorded.append(description)
    recordedLines.append(lineNumber)
  }
  #endif

  private func capture(_ body: () -> Void) -> [String] {
    recorded = []
    recordedLines = []
    capturing = true
    body()
    capturing = false
    return recorded
  }

  @MainActor
  func test_anExpectationThatHolds_recordsNothing() async {
    let view = ListSpy<ListView>(implementing: [.cellForRow], rows: [["a"]])
    let model = ListSpy<ListView>(implementing: [.numberOfRows], rows: [["a"]])
    let proxy = ListProxy<ListView>(view: view, viewModel: model)
    let failures = capture {
      XCTAssertTrue(expectRoute(.cellForRow, in: proxy.router, to: .view))
      XCTAssertTrue(expectRoute(.numberOfRows, in: proxy.router, to: .viewModel))
    }
    XCTAssertEqual(failures, [])
  }

  @MainActor
  func test_anExpectationThatFails_isAnXCTestFailure_namingTheRouteAndTheLine() async {
    let view = ListSpy<ListView>(implementing: [.cellForRow], rows: [["a"]])
    let model = ListSpy<ListView>(implementing: [.numberOfRows], rows: [["a"]])
    let proxy = ListProxy<ListView>(view: view, viewModel: model)
    let line = #line + 2
    let failures = capture {
      XCTAssertFalse(expectRoute(.numberOfRows, in: proxy.router, to: .view))
    }
    XCTAssertEqual(failures.count, 1)
    let failure = failures.first ?? ""
    XCTAssertTrue(failure.contains("Expected numberOfRows to route to view, but"), failure)
    XCTAssertEqual(recordedLines, [line])
  }

  @MainActor
  func test_expectReleased_reportsAnObjectThatStaysAlive() async {
    final class Screen {}
    let kept = Screen()
    let failures = capture {
      XCTAssertFalse(expectReleased { kept })
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertTrue(failures.first?.contains("Screen") == true, failures.first ?? "")
  }
}
