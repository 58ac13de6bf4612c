@testable import Switchboard
@testable import SwitchboardLists

// The selectors of UIKit's list protocols, as the iOS 18.6 SDK declares them (names, return
// kind, required or optional, the property whose object receives them): the data the UIKit model
// (UIKitModel.swift) checks the proxies against. A selector introduced in iOS 13 or later is, in
// the model, asked about when UIKit is about to send it; older ones when the object is assigned.

/// One method of a list view's protocols.
struct ModelSelector: Sendable {
  let name: String
  let returnsVoid: Bool
  let isRequired: Bool
  let receiver: ListViewProperty
  /// Whether UIKit asks `respondsToSelector:` just before sending it rather than at assignment.
  let askedAtUse: Bool
}

extension ModelSelector {
  init(_ name: String, _ kind: Kind, _ receiver: ListViewProperty, _ asked: Asked = .atAssignment) {
    self.init(
      name: name, returnsVoid: kind != .value,
      isRequired: kind == .requiredValue
        || kind == .requiredVoid, receiver: receiver, askedAtUse: asked == .atUse)
  }

  enum Kind { case value, void, requiredValue, requiredVoid }
  enum Asked { case atAssignment, atUse }
}

/// `UITableView`: `UITableViewDataSource`, `UITableViewDelegate`, `UIScrollViewDelegate`,
/// `UITableViewDataSourcePrefetching`.
let tableViewSelectors: [ModelSelector] =
  [
    ModelSelector("tableView:numberOfRowsInSection:", .requiredValue, .dataSource),
    ModelSelector("tableView:cellForRowAtIndexPath:", .requiredValue, .dataSource),
    ModelSelector("numberOfSectionsInTableView:", .value, .dataSource),
    ModelSelector("tableView:titleForHeaderInSection:", .value, .dataSource),
    ModelSelector("tableView:titleForFooterInSection:", .value, .dataSource),
    ModelSelector("tableView:canEditRowAtIndexPath:", .value, .dataSource),
    ModelSelector("tableView:canMoveRowAtIndexPath:", .value, .dataSource),
    ModelSelector("sectionIndexTitlesForTableView:", .value, .dataSource),
    ModelSelector("tableView:sectionForSectionIndexTitle:atIndex:", .value, .dataSource),
    ModelSelector("tableView:commitEditingStyle:forRowAtIndexPath:", .void, .dataSource),
    ModelSelector("tableView:moveRowAtIndexPath:toIndexPath:", .void, .dataSource),
    ModelSelector("tableView:willDisplayCell:forRowAtIndexPath:", .void, .delegate),
    ModelSelector("tableView:willDisplayHeaderView:forSection:", .void, .delegate),
    ModelSelector("tableView:willDisplayFooterView:forSection:", .void, .delegate),
    ModelSelector("tableView:didEndDisplayingCell:forRowAtIndexPath:", .void, .delegate),
    ModelSelector("tableView:didEndDisplayingHeaderView:forSection:", .void, .delegate),
    ModelSelector("tableView:didEndDisplayingFooterView:forSection:", .void, .delegate),
    ModelSelector("tableView:heightForRowAtIndexPath:", .value, .delegate),
    ModelSelector("tableView:heightForHeaderInSection:", .value, .delegate),
    ModelSelector("tableView:heightForFooterInSection:", .value, .delegate),
    ModelSelector("tableView:estimatedHeightForRowAtIndexPath:", .value, .delegate),
    ModelSelector("tableView:estimatedHeightForHeaderInSection:", .value, .delegate),
    ModelSelector("tableView:estimatedHeightForFooterInSection:", .value, .delegate),
    ModelSelector("tableView:viewForHeaderInSection:", .value, .delegate),
    ModelSelector("tableView:viewForFooterInSection:", .value, .delegate),
    ModelSelector("tableView:accessoryTypeForRowWithIndexPath:", .value, .delegate),
    ModelSelector("tableView:accessoryButtonTappedForRowWithIndexPath:", .void, .delegate),
    ModelSelector("tableView:shouldHighlightRowAtIndexPath:", .value, .delegate),
    ModelSelector("tableView:didHighlightRowAtIndexPath:", .void, .delegate),
    ModelSelector("tableView:didUnhighlightRowAtIndexPath:", .void, .delegate),
    ModelSelector("tableView:willSelectRowAtIndexPath:", .value, .delegate),
    ModelSelector("tableView:willDeselectRowAtIndexPath:", .value, .delegate),
    ModelSelector("tableView:didSelectRowAtIndexPath:", .void, .delegate),
    ModelSelector("tableView:didDeselectRowAtIndexPath:", .void, .delegate),
    ModelSelector("tableView:canPerformPrimaryActionForRowAtIndexPath:", .value, .delegate, .atUse),
    ModelSelector("tableView:performPrimaryActionForRowAtIndexPath:", .void, .delegate, .atUse),
    ModelSelector("tableView:editingStyleForRowAtIndexPath:", .value, .delegate),
    ModelSelector(
      "tableView:titleForDeleteConfirmationButtonForRowAtIndexPath:", .value, .delegate),
    ModelSelector("tableView:editActionsForRowAtIndexPath:", .value, .delegate),
    ModelSelector(
      "tableView:leadingSwipeActionsConfigurationForRowAtIndexPath:", .value, .delegate),
    ModelSelector(
      "tableView:trailingSwipeActionsConfigurationForRowAtIndexPath:", .value, .delegate),
    ModelSelector("tableView:shouldIndentWhileEditingRowAtIndexPath:", .value, .delegate),
    ModelSelector("tableView:willBeginEditingRowAtIndexPath:", .void, .delegate),
    ModelSelector("tableView:didEndEditingRowAtIndexPath:", .void, .delegate),
    ModelSelector(
      "tableView:targetIndexPathForMoveFromRowAtIndexPath:toProposedIndexPath:", .value, .delegate),
    ModelSelector("tableView:indentationLevelForRowAtIndexPath:", .value, .delegate),
    ModelSelector("tableView:shouldShowMenuForRowAtIndexPath:", .value, .delegate),
    ModelSelector("tableView:canPerformAction:forRowAtIndexPath:withSender:", .value, .delegate),
    ModelSelector("tableView:performAction:forRowAtIndexPath:withSender:", .void, .delegate),
    ModelSelector("tableView:canFocusRowAtIndexPath:", .value, .delegate),
    ModelSelector("tableView:shouldUpdateFocusInContext:", .value, .delegate),
    ModelSelector("tableView:didUpdateFocusInContext:withAnimationCoordinator:", .void, .delegate),
    ModelSelector("indexPathForPreferredFocusedViewInTableView:", .value, .delegate),
    ModelSelector("tableView:selectionFollowsFocusForRowAtIndexPath:", .value, .delegate, .atUse),
    ModelSelector("tableView:shouldSpringLoadRowAtIndexPath:withContext:", .value, .delegate),
    ModelSelector(
      "tableView:shouldBeginMultipleSelectionInteractionAtIndexPath:", .value, .delegate, .atUse),
    ModelSelector(
      "tableView:didBeginMultipleSelectionInteractionAtIndexPath:", .void, .delegate, .atUse),
    ModelSelector("tableViewDidEndMultipleSelectionInteraction:", .void, .delegate, .atUse),
    ModelSelector(
      "tableView:contextMenuConfigurationForRowAtIndexPath:point:", .value, .delegate, .atUse),
    ModelSelector(
      "tableView:previewForHighlightingContextMenuWithConfiguration:", .value, .delegate, .atUse),
    ModelSelector(
      "tableView:previewForDismissingContextMenuWithConfiguration:", .value, .delegate, .atUse),
    ModelSelector(
      "tableView:willPerformPreviewActionForMenuWithConfiguration:animator:", .void, .delegate,
      .atUse
    ),
    ModelSelector(
      "tableView:willDisplayContextMenuWithConfiguration:animator:", .void, .delegate, .atUse),
    ModelSelector(
      "tableView:willEndContextMenuInteractionWithConfiguration:animator:", .void, .delegate, .atUse
    ),
  ]
  + scrollViewDelegateSelectors + [
    ModelSelector("tableView:prefetchRowsAtIndexPaths:", .requiredVoid, .prefetchDataSource),
    ModelSelector("tableView:cancelPrefetchingForRowsAtIndexPaths:", .void, .prefetchDataSource),
  ]

/// `UICollectionView`: `UICollectionViewDataSource`, `UICollectionViewDelegate`,
/// `UICollectionViewDelegateFlowLayout`, `UIScrollViewDelegate`,
/// `UICollectionViewDataSourcePrefetching`.
let collectionViewSelectors: [ModelSelector] =
  [
    ModelSelector("collectionView:numberOfItemsInSection:", .requiredValue, .dataSource),
    ModelSelector("collectionView:cellForItemAtIndexPath:", .requiredValue, .dataSource),
    ModelSelector("numberOfSectionsInCollectionView:", .value, .dataSource),
    ModelSelector(
      "collectionView:viewForSupplementaryElementOfKind:atIndexPath:", .value, .dataSource),
    ModelSelector("collectionView:canMoveItemAtIndexPath:", .value, .dataSource),
    ModelSelector("collectionView:moveItemAtIndexPath:toIndexPath:", .void, .dataSource),
    ModelSelector("indexTitlesForCollectionView:", .value, .dataSource, .atUse),
    ModelSelector("collectionView:indexPathForIndexTitle:atIndex:", .value, .dataSource, .atUse),
    ModelSelector("collectionView:shouldHighlightItemAtIndexPath:", .value, .delegate),
    ModelSelector("collectionView:didHighlightItemAtIndexPath:", .void, .delegate),
    ModelSelector("collectionView:didUnhighlightItemAtIndexPath:", .void, .delegate),
    ModelSelector("collectionView:shouldSelectItemAtIndexPath:", .value, .delegate),
    ModelSelector("collectionView:shouldDeselectItemAtIndexPath:", .value, .delegate),
    ModelSelector("collectionView:didSelectItemAtIndexPath:", .void, .delegate),
    ModelSelector("collectionView:didDeselectItemAtIndexPath:", .void, .delegate),
    ModelSelector(
      "collectionView:canPerformPrimaryActionForItemAtIndexPath:", .value, .delegate, .atUse),
    ModelSelector(
      "collectionView:performPrimaryActionForItemAtIndexPath:", .void, .delegate, .atUse),
    ModelSelector("collectionView:willDisplayCell:forItemAtIndexPath:", .void, .delegate),
    ModelSelector(
      "collectionView:willDisplaySupplementaryView:forElementKind:atIndexPath:", .void, .delegate),
    ModelSelector("collectionView:didEndDisplayingCell:forItemAtIndexPath:", .void, .delegate),
    ModelSelector(
      "collectionView:didEndDisplayingSupplementaryView:forElementOfKind:atIndexPath:", .void,
      .delegate),
    ModelSelector("collectionView:shouldShowMenuForItemAtIndexPath:", .value, .delegate),
    ModelSelector(
      "collectionView:canPerformAction:forItemAtIndexPath:withSender:", .value, .delegate),
    ModelSelector("collectionView:performAction:forItemAtIndexPath:withSender:", .void, .delegate),
    ModelSelector("collectionView:transitionLayoutForOldLayout:newLayout:", .value, .delegate),
    ModelSelector("collectionView:canFocusItemAtIndexPath:", .value, .delegate),
    ModelSelector("collectionView:shouldUpdateFocusInContext:", .value, .delegate),
    ModelSelector(
      "collectionView:didUpdateFocusInContext:withAnimationCoordinator:", .void, .delegate),
    ModelSelector("indexPathForPreferredFocusedViewInCollectionView:", .value, .delegate),
    ModelSelector(
      "collectionView:selectionFollowsFocusForItemAtIndexPath:", .value, .delegate, .atUse),
    ModelSelector(
      "collectionView:targetIndexPathForMoveOfItemFromOriginalIndexPath:atCurrentIndexPath:toProposedIndexPath:",
      .value, .delegate, .atUse),
    ModelSelector(
      "collectionView:targetIndexPathForMoveFromItemAtIndexPath:toProposedIndexPath:", .value,
      .delegate),
    ModelSelector("collectionView:targetContentOffsetForProposedContentOffset:", .value, .delegate),
    ModelSelector("collectionView:canEditItemAtIndexPath:", .value, .delegate, .atUse),
    ModelSelector("collectionView:shouldSpringLoadItemAtIndexPath:withContext:", .value, .delegate),
    ModelSelector(
      "collectionView:shouldBeginMultipleSelectionInteractionAtIndexPath:", .value, .delegate,
      .atUse),
    ModelSelector(
      "collectionView:didBeginMultipleSelectionInteractionAtIndexPath:", .void, .delegate, .atUse),
    ModelSelector("collectionViewDidEndMultipleSelectionInteraction:", .void, .delegate, .atUse),
    ModelSelector(
      "collectionView:contextMenuConfigurationForItemsAtIndexPaths:point:", .value, .delegate,
      .atUse),
    ModelSelector(
      "collectionView:contextMenuConfiguration:highlightPreviewForItemAtIndexPath:", .value,
      .delegate, .atUse),
    ModelSelector(
      "collectionView:contextMenuConfiguration:dismissalPreviewForItemAtIndexPath:", .value,
      .delegate, .atUse),
    ModelSelector(
      "collectionView:willPerformPreviewActionForMenuWithConfiguration:animator:", .void, .delegate,
      .atUse),
    ModelSelector(
      "collectionView:willDisplayContextMenuWithConfiguration:animator:", .void, .delegate, .atUse),
    ModelSelector(
      "collectionView:willEndContextMenuInteractionWithConfiguration:animator:", .void, .delegate,
      .atUse),
    ModelSelector(
      "collectionView:sceneActivationConfigurationForItemAtIndexPath:point:", .value, .delegate,
      .atUse),
    ModelSelector(
      "collectionView:contextMenuConfigurationForItemAtIndexPath:point:", .value, .delegate, .atUse),
    ModelSelector(
      "collectionView:previewForHighlightingContextMenuWithConfiguration:", .value, .delegate,
      .atUse),
    ModelSelector(
      "collectionView:previewForDismissingContextMenuWithConfiguration:", .value, .delegate, .atUse),
    ModelSelector("collectionView:layout:sizeForItemAtIndexPath:", .value, .delegate),
    ModelSelector("collectionView:layout:insetForSectionAtIndex:", .value, .delegate),
    ModelSelector("collectionView:layout:minimumLineSpacingForSectionAtIndex:", .value, .delegate),
    ModelSelector(
      "collectionView:layout:minimumInteritemSpacingForSectionAtIndex:", .value, .delegate),
    ModelSelector("collectionView:layout:referenceSizeForHeaderInSection:", .value, .delegate),
    ModelSelector("collectionView:layout:referenceSizeForFooterInSection:", .value, .delegate),
  ]
  + scrollViewDelegateSelectors + [
    ModelSelector("collectionView:prefetchItemsAtIndexPaths:", .requiredVoid, .prefetchDataSource),
    ModelSelector(
      "collectionView:cancelPrefetchingForItemsAtIndexPaths:", .void, .prefetchDataSource),
  ]

/// `UIScrollViewDelegate`, which both views' delegates inherit.
let scrollViewDelegateSelectors: [ModelSelector] = [
  ModelSelector("scrollViewDidScroll:", .void, .delegate),
  ModelSelector("scrollViewDidZoom:", .void, .delegate),
  ModelSelector("scrollViewWillBeginDragging:", .void, .delegate),
  ModelSelector("scrollViewWillEndDragging:withVelocity:targetContentOffset:", .void, .delegate),
  ModelSelector("scrollViewDidEndDragging:willDecelerate:", .void, .delegate),
  ModelSelector("scrollViewWillBeginDecelerating:", .void, .delegate),
  ModelSelector("scrollViewDidEndDecelerating:", .void, .delegate),
  ModelSelector("scrollViewDidEndScrollingAnimation:", .void, .delegate),
  ModelSelector("viewForZoomingInScrollView:", .value, .delegate),
  ModelSelector("scrollViewWillBeginZooming:withView:", .void, .delegate),
  ModelSelector("scrollViewDidEndZooming:withView:atScale:", .void, .delegate),
  ModelSelector("scrollViewShouldScrollToTop:", .value, .delegate),
  ModelSelector("scrollViewDidScrollToTop:", .void, .delegate),
  ModelSelector("scrollViewDidChangeAdjustedContentInset:", .void, .delegate),
]
