import Testing

@testable import Switchboard

/// What a proxy answers for a method whose handler is gone.
private enum Safety: Equatable, Sendable, CustomStringConvertible {
  /// No preset default: zero (`NO`, `nil`, 0, a zeroed structure).
  case zero
  /// A value, as Swift prints it.
  case value(String)
  /// The argument at this index, 0 being the first after `self` and `_cmd`.
  case argument(Int)

  static let yes = Safety.value("true")

  var description: String {
    switch self {
    case .zero: "zero"
    case .value(let value): "value \(value)"
    case .argument(let index): "argument \(index)"
    }
  }
}

/// One row of a reviewed table: a protocol's method and the answer its header states.
private struct StatedDefault: Sendable, CustomStringConvertible {
  let protocolName: String
  let selector: String
  let safety: Safety

  var description: String { "\(protocolName) \(selector)" }

  /// The rows of a table, protocol by protocol.
  static func rows(_ table: [String: [(selector: String, safety: Safety)]]) -> [StatedDefault] {
    table.sorted { $0.key < $1.key }.flatMap { name, methods in
      methods.map { StatedDefault(protocolName: name, selector: $0.selector, safety: $0.safety) }
    }
  }
}

/// The reviewed output of `Scripts/appkit-defaults.py <MacOSX13.3.sdk> --defaults`.
///
/// Every method whose header states a default, with the answer that keeps AppKit doing what it
/// does without the method, and the line of the macOS 13.3 SDK header that says so. A stated
/// default that is zero, or that no fixed answer can give (AppKit computes it), is `.zero`. The
/// rows marked "reviewed" are defaults the script finds no sentence for, read by hand.
private let appKitDefaults: [String: [(selector: String, safety: Safety)]] = [
  "NSTableViewDelegate": [
    // NSTableView.h:589, AppKit makes the view
    ("tableView:viewForTableColumn:row:", .zero),
    // NSTableView.h:595, nil: a regular row view
    ("tableView:rowViewForRow:", .zero),
    // NSTableView.h:619
    ("tableView:toolTipForCell:rect:tableColumn:row:mouseLocation:", .value("")),
    // NSTableView.h:625
    ("tableView:shouldShowCellExpansionForTableColumn:row:", .yes),
    // NSTableView.h:635, nil: the column's cell
    ("tableView:dataCellForTableColumn:row:", .zero),
    // NSTableView.h:644
    ("selectionShouldChangeInTableView:", .yes),
    // NSTableView.h:648
    ("tableView:shouldSelectRow:", .yes),
    // NSTableView.h:652
    ("tableView:selectionIndexesForProposedSelection:", .argument(1)),
    // NSTableView.h:663
    ("tableView:heightOfRow:", .value("-1.0")),
    // NSTableView.h:668, AppKit reads the cell
    ("tableView:typeSelectStringForTableColumn:row:", .zero),
    // NSTableView.h:673
    ("tableView:nextTypeSelectMatchFromRow:toRow:forString:", .value("-1")),
    // NSTableView.h:677
    ("tableView:shouldTypeSelectForEvent:withCurrentSearchString:", .yes),
    // NSTableView.h:683
    ("tableView:isGroupRow:", .zero),
    // NSTableView.h:688, AppKit measures
    ("tableView:sizeToFitWidthOfColumn:", .zero),
    // NSTableView.h:693
    ("tableView:shouldReorderColumn:toColumn:", .yes),
    // NSTableView.h:699
    ("tableView:rowActionsForRow:edge:", .value("[]")),
  ],
  "NSTableViewDataSource": [
    // NSTableView.h:768
    ("tableView:writeRowsWithIndexes:toPasteboard:", .zero)
  ],
  "NSOutlineViewDelegate": [
    // NSOutlineView.h:267, reviewed: NSTableView.h:644
    ("selectionShouldChangeInOutlineView:", .yes),
    // NSOutlineView.h:273
    ("outlineView:shouldSelectItem:", .yes),
    // NSOutlineView.h:277
    ("outlineView:selectionIndexesForProposedSelection:", .argument(1)),
    // NSOutlineView.h:288
    ("outlineView:toolTipForCell:rect:tableColumn:item:mouseLocation:", .value("")),
    // NSOutlineView.h:293
    ("outlineView:heightOfRowByItem:", .value("-1.0")),
    // NSOutlineView.h:298
    ("outlineView:tintConfigurationForItem:", .zero),
    // NSOutlineView.h:304, AppKit reads the cell
    ("outlineView:typeSelectStringForTableColumn:item:", .zero),
    // NSOutlineView.h:309
    ("outlineView:nextTypeSelectMatchFromItem:toItem:forString:", .zero),
    // NSOutlineView.h:313
    ("outlineView:shouldTypeSelectForEvent:withCurrentSearchString:", .yes),
    // NSOutlineView.h:318
    ("outlineView:shouldShowCellExpansionForTableColumn:item:", .yes),
    // NSOutlineView.h:329, AppKit's cell
    ("outlineView:dataCellForTableColumn:item:", .zero),
    // NSOutlineView.h:336
    ("outlineView:isGroupItem:", .zero),
    // NSOutlineView.h:341
    ("outlineView:shouldExpandItem:", .yes),
    // NSOutlineView.h:346
    ("outlineView:shouldCollapseItem:", .yes),
    // NSOutlineView.h:356, AppKit measures
    ("outlineView:sizeToFitWidthOfColumn:", .zero),
    // NSOutlineView.h:362
    ("outlineView:shouldReorderColumn:toColumn:", .yes),
    // NSOutlineView.h:367
    ("outlineView:shouldShowOutlineCellForItem:", .yes),
  ],
  "NSOutlineViewDataSource": [
    // NSOutlineView.h:190
    ("outlineView:itemForPersistentObject:", .zero),
    // NSOutlineView.h:194
    ("outlineView:persistentObjectForItem:", .zero),
    // NSOutlineView.h:206
    ("outlineView:pasteboardWriterForItem:", .zero),
    // NSOutlineView.h:218
    ("outlineView:writeItems:toPasteboard:", .zero),
  ],
  "NSCollectionViewDelegate": [
    // NSCollectionView.h:498
    ("collectionView:canDragItemsAtIndexPaths:withEvent:", .yes),
    // NSCollectionView.h:502, reviewed: its "Old Form"
    ("collectionView:canDragItemsAtIndexes:withEvent:", .yes),
    // NSCollectionView.h:505
    ("collectionView:writeItemsAtIndexPaths:toPasteboard:", .zero),
    // NSCollectionView.h:512
    ("collectionView:namesOfPromisedFilesDroppedAtDestination:forDraggedItemsAtIndexPaths:", .zero),
    // NSCollectionView.h:528
    ("collectionView:validateDrop:proposedIndexPath:dropOperation:", .zero),
    // NSCollectionView.h:551
    ("collectionView:pasteboardWriterForItemAtIndexPath:", .zero),
    // NSCollectionView.h:576
    ("collectionView:shouldChangeItemsAtIndexPaths:toHighlightState:", .argument(1)),
    // NSCollectionView.h:583
    ("collectionView:shouldSelectItemsAtIndexPaths:", .argument(1)),
    // NSCollectionView.h:587
    ("collectionView:shouldDeselectItemsAtIndexPaths:", .argument(1)),
  ],
  "NSCollectionViewDataSource": [
    // NSCollectionView.h:456
    ("numberOfSectionsInCollectionView:", .value("1"))
  ],
  "NSControlTextEditingDelegate": [
    // NSControl.h:106, reviewed: NSText.h:179
    ("control:textShouldBeginEditing:", .yes),
    // NSControl.h:107, reviewed: NSText.h:180
    ("control:textShouldEndEditing:", .yes),
  ],
  "NSTextDelegate": [
    // NSText.h:179
    ("textShouldBeginEditing:", .yes),
    // NSText.h:180
    ("textShouldEndEditing:", .yes),
  ],
  "NSTextViewDelegate": [
    // NSTextView.h:570, reviewed
    ("textView:willChangeSelectionFromCharacterRanges:toCharacterRanges:", .argument(2)),
    // NSTextView.h:576
    ("textView:shouldChangeTypingAttributes:toAttributes:", .argument(2)),
    // NSTextView.h:583
    ("textView:willDisplayToolTip:forCharacterAtIndex:", .argument(1)),
    // NSTextView.h:586
    ("textView:completions:forPartialWordRange:indexOfSelectedItem:", .argument(1)),
    // NSTextView.h:594
    ("textView:shouldSetSpellingState:range:", .argument(1)),
    // NSTextView.h:597
    ("textView:menu:forEvent:atIndex:", .argument(1)),
    // NSTextView.h:600
    ("textView:willCheckTextInRange:options:types:", .argument(2)),
    // NSTextView.h:603
    ("textView:didCheckTextInRange:types:options:results:orthography:wordCount:", .argument(4)),
    // NSTextView.h:606
    ("textView:URLForContentsOfTextAttachment:atIndex:", .zero),
    // NSTextView.h:609
    ("textView:willShowSharingServicePicker:forItems:", .argument(1)),
    // NSTextView.h:615, reviewed
    ("textView:shouldUpdateTouchBarItemIdentifiers:", .argument(1)),
    // NSTextView.h:618, nil: the spell checker's
    ("textView:candidatesForSelectedRange:", .zero),
    // NSTextView.h:621
    ("textView:candidates:forSelectedRange:", .argument(1)),
    // NSTextView.h:624
    ("textView:shouldSelectCandidateAtIndex:", .yes),
  ],
  "NSWindowDelegate": [
    // NSWindow.h:775
    ("window:willPositionSheet:usingRect:", .argument(2)),
    // NSWindow.h:779
    ("window:shouldPopUpDocumentPathMenu:", .yes),
    // NSWindow.h:783, depends on the document
    ("window:shouldDragDocumentWithEvent:from:withPasteboard:", .zero),
    // NSWindow.h:791
    ("customWindowsToEnterFullScreenForWindow:", .zero),
    // NSWindow.h:803
    ("customWindowsToExitFullScreenForWindow:", .zero),
    // NSWindow.h:823, AppKit asks window:willUseStandardFrame:
    ("window:willResizeForVersionBrowserWithMaxPreferredSize:maxAllowedSize:", .zero),
  ],
  "NSMenuDelegate": [
    // NSMenu.h:192
    ("confinementRectForMenu:onScreen:", .zero)
  ],
  "NSSplitViewDelegate": [
    // NSSplitView.h:134
    ("splitView:canCollapseSubview:", .zero),
    // NSSplitView.h:139
    ("splitView:shouldCollapseSubview:forDoubleClickOnDividerAtIndex:", .zero),
    // NSSplitView.h:144
    ("splitView:constrainMinCoordinate:ofSubviewAt:", .argument(1)),
    // NSSplitView.h:150
    ("splitView:constrainMaxCoordinate:ofSubviewAt:", .argument(1)),
    // NSSplitView.h:156
    ("splitView:constrainSplitPosition:ofSubviewAt:", .argument(1)),
    // NSSplitView.h:167
    ("splitView:shouldAdjustSizeOfSubview:", .yes),
    // NSSplitView.h:173
    ("splitView:shouldHideDividerAtIndex:", .zero),
    // NSSplitView.h:177
    ("splitView:effectiveRect:forDrawnRect:ofDividerAtIndex:", .argument(1)),
    // NSSplitView.h:181
    ("splitView:additionalEffectiveRectOfDividerAtIndex:", .zero),
  ],
]

/// The UIKit defaults the iOS 18.6 SDK's headers state that `Scripts/appkit-defaults.py --ios`
/// found missing from the presets.
private let uiKitDefaults: [String: [(selector: String, safety: Safety)]] = [
  "UICollectionViewDelegate": [
    // UICollectionView.h:199
    ("collectionView:canEditItemAtIndexPath:", .yes)
  ],
  "UITableViewDataSource": [
    // UITableView.h:552
    ("numberOfSectionsInTableView:", .value("1")),
    // UITableView.h:559
    ("tableView:canEditRowAtIndexPath:", .yes),
  ],
]

/// The answer `protocolName`'s preset gives `selector`.
private func presetSafety(_ protocolName: String, _ selector: String) -> Safety? {
  let preset = DelegatePreset.all.first { $0.protocolName == protocolName }
  guard let fallback = preset?.defaults[selector] else { return .zero }
  return safety(of: fallback)
}

/// The answer a proxy gives `selector`, from every preset.
private func registrySafety(_ selector: String) -> Safety? {
  guard let fallback = DelegatePreset.documentedDefaults[selector] else { return .zero }
  return safety(of: fallback)
}

/// A preset's fallback as a `Safety`; `nil` for a completion handler's.
private func safety(of fallback: DelegateFallback) -> Safety? {
  switch fallback.answer {
  case .zero: .zero
  case .value(let value): .value("\(value)")
  case .argument(let index): .argument(index)
  case .completion, .completionValues: nil
  }
}

@Suite("describe: AppKit's presets against the defaults the macOS SDK's headers state")
struct AppKitDefaultsSpecs {
  @Test(
    "it: answers each reviewed method what its header says AppKit (or UIKit) does without it",
    arguments: StatedDefault.rows(appKitDefaults) + StatedDefault.rows(uiKitDefaults))
  fileprivate func statedDefault(_ row: StatedDefault) {
    #expect(presetSafety(row.protocolName, row.selector) == row.safety)
    #expect(registrySafety(row.selector) == row.safety)
  }

  @Test("it: gives the protocols it covers no default beyond the reviewed table")
  func nothingElse() {
    for (name, methods) in appKitDefaults {
      let reviewed = Set(methods.filter { $0.safety != .zero }.map(\.selector))
      let preset = DelegatePreset.all.first { $0.protocolName == name }
      #expect(preset.map { Set($0.defaults.keys) } ?? [] == reviewed, "\(name)")
    }
  }

  @Test("it: answers zero where the header states nothing")
  func unstated() {
    #expect(registrySafety("tableView:shouldEditTableColumn:row:") == .zero)
    #expect(registrySafety("windowWillResize:toSize:") == .zero)
  }
}
