extension DelegateFallback {
  /// What UIKit does when a delegate does not implement a method that returns a value, for the
  /// methods whose default is documented and is not zero: `true` for the "should" questions
  /// UIKit asks, the proposed index path or offset for the "target" questions.
  ///
  /// A proxy answers these when the handler UIKit was told about is gone and no fallback was
  /// declared for the method (a declared one wins); every other method is answered zero.
  static let documentedDefaults: [String: DelegateFallback] = {
    var defaults: [String: DelegateFallback] = [:]
    let yes = [
      // UITextFieldDelegate
      "textFieldShouldBeginEditing:", "textFieldShouldEndEditing:",
      "textField:shouldChangeCharactersInRange:replacementString:", "textFieldShouldClear:",
      "textFieldShouldReturn:",
      // UITextViewDelegate
      "textViewShouldBeginEditing:", "textViewShouldEndEditing:",
      "textView:shouldChangeTextInRange:replacementText:",
      "textView:shouldInteractWithURL:inRange:interaction:",
      "textView:shouldInteractWithTextAttachment:inRange:interaction:",
      "textView:shouldInteractWithURL:inRange:",
      "textView:shouldInteractWithTextAttachment:inRange:",
      // UISearchBarDelegate
      "searchBarShouldBeginEditing:", "searchBarShouldEndEditing:",
      "searchBar:shouldChangeTextInRange:replacementText:",
      // UIScrollViewDelegate
      "scrollViewShouldScrollToTop:",
      // UITabBarControllerDelegate
      "tabBarController:shouldSelectViewController:", "tabBarController:shouldSelectTab:",
      // UIAdaptivePresentationControllerDelegate
      "presentationControllerShouldDismiss:",
      // UITableViewDelegate
      "tableView:shouldHighlightRowAtIndexPath:",
      "tableView:shouldIndentWhileEditingRowAtIndexPath:",
      "tableView:shouldSpringLoadRowAtIndexPath:withContext:",
      // UICollectionViewDelegate
      "collectionView:shouldHighlightItemAtIndexPath:",
      "collectionView:shouldSelectItemAtIndexPath:",
      "collectionView:shouldDeselectItemAtIndexPath:",
      "collectionView:shouldSpringLoadItemAtIndexPath:withContext:",
    ]
    for selector in yes { defaults[selector] = .value(true) }
    let proposed = [
      "tableView:willSelectRowAtIndexPath:": 1, "tableView:willDeselectRowAtIndexPath:": 1,
      "tableView:targetIndexPathForMoveFromRowAtIndexPath:toProposedIndexPath:": 2,
      "collectionView:targetIndexPathForMoveFromItemAtIndexPath:toProposedIndexPath:": 2,
      "collectionView:targetIndexPathForMoveOfItemFromOriginalIndexPath:"
        + "atCurrentIndexPath:toProposedIndexPath:": 3,
      "collectionView:targetContentOffsetForProposedContentOffset:": 1,
    ]
    for (selector, index) in proposed { defaults[selector] = .proposedArgument(at: index) }
    // An editable row without an editing-style answer shows the delete style (1).
    defaults["tableView:editingStyleForRowAtIndexPath:"] = .value(1)
    return defaults
  }()
}
