extension DelegatePreset {
  /// `NSFetchedResultsControllerDelegate`: two of its methods turn the others off by being
  /// implemented. NSFetchedResultsController.h (iOS 18.6 SDK), of
  /// `controller:didChangeContentWithSnapshot:`: "If this method is implemented, no other
  /// delegate methods will be invoked"; of `controller:didChangeContentWithDifference:`: "If this
  /// method is implemented and the controller is configured with sectionNameKeyPath = nil, no
  /// other delegate methods will be invoked."
  static let fetchedResultsController = DelegatePreset(
    "NSFetchedResultsControllerDelegate",
    presenceEffects: [
      "controller:didChangeContentWithSnapshot:":
        "once it is implemented, the controller calls no other delegate method",
      "controller:didChangeContentWithDifference:":
        "once it is implemented, a controller without sections calls no other delegate method",
    ])
}
