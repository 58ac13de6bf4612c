extension DelegatePreset {
  /// `NSSplitViewDelegate`'s documented answers, from the macOS 13.3 SDK's `NSSplitView.h`.
  ///
  /// "If a split view has no delegate, or if its delegate does not respond to this message, the
  /// split view behaves as if it has a delegate that …":
  ///
  /// - `splitView:constrainMinCoordinate:ofSubviewAt:`, `…constrainMaxCoordinate:…` and
  ///   `…constrainSplitPosition:…` (lines 144, 150, 156): "merely returning the proposed" value.
  /// - `splitView:effectiveRect:forDrawnRect:ofDividerAtIndex:` (line 177): "returns
  ///   proposedEffectiveRect".
  /// - `splitView:shouldAdjustSizeOfSubview:` (line 167): "returns YES".
  /// - `splitView:canCollapseSubview:` (line 134, none collapse) and
  ///   `splitView:shouldHideDividerAtIndex:` (line 173, "returns NO"): zero.
  ///
  /// `splitView:resizeSubviewsWithOldSize:` changes the split view by being implemented: without
  /// it the split view sends itself `-adjustSubviews` (line 160).
  static let appKitSplitView = DelegatePreset(
    "NSSplitViewDelegate", answeringTrue: ["splitView:shouldAdjustSizeOfSubview:"],
    proposedArgument: [
      "splitView:constrainMinCoordinate:ofSubviewAt:": 1,
      "splitView:constrainMaxCoordinate:ofSubviewAt:": 1,
      "splitView:constrainSplitPosition:ofSubviewAt:": 1,
      "splitView:effectiveRect:forDrawnRect:ofDividerAtIndex:": 1,
    ],
    presenceEffects: [
      "splitView:resizeSubviewsWithOldSize:":
        "the split view no longer sends itself -adjustSubviews when resized (NSSplitView.h, line 160)"
    ])
}
