extension DelegatePreset {
  /// `NSTextViewDelegate`'s documented answers, from the macOS 13.3 SDK's `NSTextView.h`.
  ///
  /// Where the delegate "modifies" something the text view proposes, the proposal is the answer.
  ///
  /// - `textView:willChangeSelectionFromCharacterRanges:toCharacterRanges:` (line 570): "Return
  ///   value must be a non-nil, non-empty array": the proposed ranges, not `nil`.
  /// - `textView:shouldChangeTypingAttributes:toAttributes:` (line 576): "return
  ///   newTypingAttributes to allow the change".
  /// - `textView:willDisplayToolTip:forCharacterAtIndex:` (line 583): "Allows delegate to modify
  ///   the tooltip that will be displayed".
  /// - `textView:completions:forPartialWordRange:indexOfSelectedItem:` (line 586): "Allows
  ///   delegate to modify the list of completions".
  /// - `textView:shouldSetSpellingState:range:` (line 594): "Allows delegate to control the
  ///   setting of spelling and grammar indicators": the state proposed.
  /// - `textView:menu:forEvent:atIndex:` (line 597): "The menu parameter is the context menu
  ///   NSTextView would otherwise return".
  /// - `textView:willCheckTextInRange:options:types:` (line 600): "allows control over text
  ///   checking options (via the return value)".
  /// - `textView:didCheckTextInRange:types:options:results:orthography:wordCount:` (line 603):
  ///   "modification of the results (via the return value)".
  /// - `textView:willShowSharingServicePicker:forItems:` (line 609): "it is allowed to return its
  ///   own NSSharingServicePicker instance instead": the picker proposed.
  /// - `textView:shouldUpdateTouchBarItemIdentifiers:` (line 615), `textView:candidates:
  ///   forSelectedRange:` (line 621): the identifiers and candidates proposed.
  /// - `textView:shouldSelectCandidateAtIndex:` (line 624): "Returning YES allows textView to
  ///   insert the candidate".
  static let appKitTextView = DelegatePreset(
    "NSTextViewDelegate", answeringTrue: ["textView:shouldSelectCandidateAtIndex:"],
    proposedArgument: [
      "textView:willChangeSelectionFromCharacterRanges:toCharacterRanges:": 2,
      "textView:shouldChangeTypingAttributes:toAttributes:": 2,
      "textView:willDisplayToolTip:forCharacterAtIndex:": 1,
      "textView:completions:forPartialWordRange:indexOfSelectedItem:": 1,
      "textView:shouldSetSpellingState:range:": 1,
      "textView:menu:forEvent:atIndex:": 1,
      "textView:willCheckTextInRange:options:types:": 2,
      "textView:didCheckTextInRange:types:options:results:orthography:wordCount:": 4,
      "textView:shouldUpdateTouchBarItemIdentifiers:": 1,
      "textView:candidates:forSelectedRange:": 1,
      "textView:willShowSharingServicePicker:forItems:": 1,
    ])
}
