extension DelegatePreset {
  /// `UIAdaptivePresentationControllerDelegate`: a sheet may be dismissed unless the delegate
  /// says otherwise.
  static let adaptivePresentationController = DelegatePreset(
    "UIAdaptivePresentationControllerDelegate",
    answeringTrue: ["presentationControllerShouldDismiss:"])
}
