extension DelegatePreset {
  /// `UNUserNotificationCenterDelegate`, `UIDocumentBrowserViewControllerDelegate` and the
  /// web extension controller's prompts: each completion handler is called as the headers
  /// (iOS 18.6 SDK) say the parent behaves without the method.
  ///
  /// - `willPresentNotification:` "the notification will not be presented": no options (0).
  /// - `documentBrowser:didRequestDocumentCreationWithHandler:` "document creation will not be
  ///   available": no URL, `UIDocumentBrowserImportModeNone` (0).
  /// - A web extension's permission prompts: "the request is assumed to have been denied": an
  ///   empty set, no expiration date; a new tab or window: "unable to open" (`nil`, no error).
  static let completionHandlers = DelegatePreset(
    "UNUserNotificationCenterDelegate",
    values: [
      "userNotificationCenter:willPresentNotification:withCompletionHandler:":
        .completion(argumentAt: 2, calling: .word(0)),
      "documentBrowser:didRequestDocumentCreationWithHandler:":
        .completion(argumentAt: 1, calling: .none, .word(0)),
      "webExtensionController:promptForPermissions:inTab:forExtensionContext:completionHandler:":
        .completion(argumentAt: 4, calling: .emptySet, .none),
      "webExtensionController:promptForPermissionToAccessURLs:inTab:forExtensionContext:completionHandler:":
        .completion(argumentAt: 4, calling: .emptySet, .none),
      "webExtensionController:promptForPermissionMatchPatterns:inTab:forExtensionContext:completionHandler:":
        .completion(argumentAt: 4, calling: .emptySet, .none),
      "webExtensionController:openNewTabUsingConfiguration:forExtensionContext:completionHandler:":
        .completion(argumentAt: 3, calling: .none, .none),
      "webExtensionController:openNewWindowUsingConfiguration:forExtensionContext:completionHandler:":
        .completion(argumentAt: 3, calling: .none, .none),
    ])
}
