import Testing

#if canImport(XCTest)
import XCTest
#endif

/// Where an expectation was written: the `#fileID`, `#filePath`, `#line` and `#column` of its
/// call, which both test frameworks take (XCTest's `#filePath` as a `StaticString`).
struct CallSite {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  init(_ fileID: StaticString, _ filePath: StaticString, _ line: UInt, _ column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// Records a failed expectation in the test framework that is running it: an issue in a Swift
/// Testing test, or an `XCTFail` in an XCTest test case, at the expectation's call site.
func recordFailure(_ message: String, at callSite: CallSite) {
  #if canImport(XCTest)
  if Test.current == nil {
    XCTFail(message, file: callSite.filePath, line: callSite.line)
    return
  }
  #endif
  Issue.record(
    Comment(rawValue: message),
    sourceLocation: SourceLocation(
      fileID: "\(callSite.fileID)", filePath: "\(callSite.filePath)", line: Int(callSite.line),
      column: Int(callSite.column)))
}
