extension DelegatePreset {
  /// `UITabBarControllerDelegate`: a tab may be selected unless the delegate says otherwise.
  static let tabBarController = DelegatePreset(
    "UITabBarControllerDelegate",
    answeringTrue: [
      "tabBarController:shouldSelectViewController:", "tabBarController:shouldSelectTab:",
    ])
}
