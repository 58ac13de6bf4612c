import Foundation
import Testing

@testable import Switchboard

@Suite("DelegatePreset")
struct DelegatePresetTests {
  /// The answer a fallback gives, as text.
  private func answer(_ selector: String) -> String? {
    guard let fallback = DelegatePreset.documentedDefaults[selector] else { return nil }
    switch fallback.answer {
    case .value(let value): return "\(value)"
    case .argument(let index): return "argument \(index)"
    case .zero: return "zero"
    case .completion(let index, _): return "completion \(index)"
    case .completionValues(let index, let values): return "completion \(index) \(values)"
    }
  }

  @Test("a completion handler nobody answers is called with the default its header states")
  func completionHandlers() {
    #expect(
      answer("webView:decidePolicyForNavigationAction:decisionHandler:")
        == "completion 2 [Switchboard.CompletionValue.word(1)]")
    #expect(
      answer("URLSession:task:didReceiveChallenge:completionHandler:")
        == "completion 3 [Switchboard.CompletionValue.word(1), "
        + "Switchboard.CompletionValue.none]")
    #expect(
      answer("userNotificationCenter:willPresentNotification:withCompletionHandler:")
        == "completion 2 [Switchboard.CompletionValue.word(0)]")
  }

  @Test("the article's tables list every completion default and every presence effect")
  func articleTables() throws {
    let article = try String(
      contentsOf: URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(
          "Sources/Switchboard/Switchboard.docc/CompletionHandlersAndPresence.md"),
      encoding: .utf8)
    let completions = DelegatePreset.documentedDefaults.compactMap { selector, fallback in
      if case .completionValues = fallback.answer { selector } else { nil }
    }
    #expect(completions.count == 25)
    for selector in completions + Array(DelegatePreset.presenceEffects.keys) {
      #expect(article.contains("`\(selector)`"), "\(selector) is in the article")
    }
  }

  @Test("a gesture recognizer begins and receives touches, presses and events by default")
  func gestureRecognizer() {
    for selector in [
      "gestureRecognizerShouldBegin:", "gestureRecognizer:shouldReceiveTouch:",
      "gestureRecognizer:shouldReceivePress:", "gestureRecognizer:shouldReceiveEvent:",
    ] {
      #expect(answer(selector) == "true", "\(selector)")
    }
    #expect(
      answer("gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:") == nil,
      "documented as false: answered zero")
  }

  @Test("each preset's defaults are in the registry, and no selector is documented twice")
  func registry() {
    let count = DelegatePreset.all.reduce(0) { $0 + $1.defaults.count }
    #expect(DelegatePreset.documentedDefaults.count == count)
    #expect(Set(DelegatePreset.all.map(\.protocolName)).count == DelegatePreset.all.count)
    #expect(answer("textFieldShouldReturn:") == "true")
    #expect(answer("collectionView:targetContentOffsetForProposedContentOffset:") == "argument 1")
    #expect(answer("tableView:editingStyleForRowAtIndexPath:") == "1")
  }

  @Test("the scroll view's every-frame notifications are typed; a tap on the status bar scrolls")
  func scrollView() {
    #expect(DelegatePreset.typedNotifications == ["scrollViewDidScroll:", "scrollViewDidZoom:"])
    #expect(answer("scrollViewShouldScrollToTop:") == "true")
  }

  @Test("AppKit's presets answer what the macOS SDK's headers say a missing method does")
  func appKit() {
    #expect(answer("tableView:heightOfRow:") == "-1.0", "the table's rowHeight, not 0")
    #expect(answer("outlineView:heightOfRowByItem:") == "-1.0")
    #expect(answer("tableView:shouldReorderColumn:toColumn:") == "true")
    #expect(answer("collectionView:canDragItemsAtIndexPaths:withEvent:") == "true")
    #expect(answer("collectionView:shouldSelectItemsAtIndexPaths:") == "argument 1")
    #expect(answer("splitView:constrainSplitPosition:ofSubviewAt:") == "argument 1")
    #expect(answer("splitView:shouldAdjustSizeOfSubview:") == "true")
    #expect(
      answer("textView:willChangeSelectionFromCharacterRanges:toCharacterRanges:") == "argument 2")
    #expect(answer("window:shouldPopUpDocumentPathMenu:") == "true")
    #expect(answer("windowShouldClose:") == nil, "no documented default: zero, declared by the app")
    #expect(DelegatePreset.presenceEffects["splitView:resizeSubviewsWithOldSize:"] != nil)
    let names = Set(DelegatePreset.all.map(\.protocolName))
    for name in [
      "NSTableViewDelegate", "NSOutlineViewDelegate", "NSCollectionViewDelegate",
      "NSControlTextEditingDelegate", "NSTextViewDelegate", "NSSearchFieldDelegate",
      "NSWindowDelegate", "NSMenuDelegate", "NSSplitViewDelegate",
    ] {
      #expect(names.contains(name), "\(name)")
    }
  }
}
