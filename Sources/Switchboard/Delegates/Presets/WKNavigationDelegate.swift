extension DelegatePreset {
  /// `WKNavigationDelegate`, `WKUIDelegate` and `WKDownloadDelegate`: each completion handler is
  /// called as WebKit's headers (iOS 18.6 SDK) say the web view behaves without the method.
  ///
  /// - `decidePolicyForNavigationAction:` "the web view will load the request":
  ///   `WKNavigationActionPolicyAllow` (1); with preferences, those proposed (argument 2).
  /// - `decidePolicyForNavigationResponse:` "the web view will allow the response":
  ///   `WKNavigationResponsePolicyAllow` (1).
  /// - Authentication challenges, a web view's and a download's: "with the
  ///   NSURLSessionAuthChallengeRejectProtectionSpace disposition" (3).
  /// - JavaScript panels: an alert "as if the user selected the OK button"; a confirmation and
  ///   a text input "as if the user selected the Cancel button" (`NO`, `nil`); an open panel
  ///   cancelled (`nil`).
  /// - Media capture permission: "the same as calling the decisionHandler with
  ///   WKPermissionDecisionPrompt" (0).
  /// - Lockdown Mode's first-use message: "the web view will display the default":
  ///   `WKDialogResultShowDefault` (1).
  /// - `decidePolicyForNavigationAction:preferences:decisionHandler:` silences the method without
  ///   preferences once implemented: observing it alone is refused while a handler implements
  ///   that one.
  /// - A download's redirection: "all server suggested redirects will be taken":
  ///   `WKDownloadRedirectPolicyAllow` (1); its placeholder: "the placeholder feature will be
  ///   disabled": `WKDownloadPlaceholderPolicyDisable` (0), no URL.
  static let webKit = DelegatePreset(
    "WKNavigationDelegate",
    values: [
      "webView:decidePolicyForNavigationAction:decisionHandler:":
        .completion(argumentAt: 2, calling: .word(1)),
      "webView:decidePolicyForNavigationAction:preferences:decisionHandler:":
        .completion(argumentAt: 3, calling: .word(1), .argument(2)),
      "webView:decidePolicyForNavigationResponse:decisionHandler:":
        .completion(argumentAt: 2, calling: .word(1)),
      "webView:didReceiveAuthenticationChallenge:completionHandler:":
        .completion(argumentAt: 2, calling: .word(3), .none),
      "webView:runJavaScriptAlertPanelWithMessage:initiatedByFrame:completionHandler:":
        .completion(argumentAt: 3),
      "webView:runJavaScriptConfirmPanelWithMessage:initiatedByFrame:completionHandler:":
        .completion(argumentAt: 3, calling: .word(0)),
      "webView:runJavaScriptTextInputPanelWithPrompt:defaultText:initiatedByFrame:completionHandler:":
        .completion(argumentAt: 4, calling: .none),
      "webView:runOpenPanelWithParameters:initiatedByFrame:completionHandler:":
        .completion(argumentAt: 3, calling: .none),
      "webView:requestMediaCapturePermissionForOrigin:initiatedByFrame:type:decisionHandler:":
        .completion(argumentAt: 4, calling: .word(0)),
      "webView:showLockdownModeFirstUseMessage:completionHandler:":
        .completion(argumentAt: 2, calling: .word(1)),
      "download:didReceiveAuthenticationChallenge:completionHandler:":
        .completion(argumentAt: 2, calling: .word(3), .none),
      "download:willPerformHTTPRedirection:newRequest:decisionHandler:":
        .completion(argumentAt: 3, calling: .word(1)),
      "download:decidePlaceholderPolicy:": .completion(argumentAt: 1, calling: .word(0), .none),
    ],
    // WKNavigationDelegate.h: "If you implement this method,
    // -webView:decidePolicyForNavigationAction:decisionHandler: will not be called."
    presenceEffects: [
      "webView:decidePolicyForNavigationAction:preferences:decisionHandler:":
        "once it is implemented, webView:decidePolicyForNavigationAction:decisionHandler: is no "
        + "longer called"
    ],
    silences: [
      "webView:decidePolicyForNavigationAction:preferences:decisionHandler:":
        "webView:decidePolicyForNavigationAction:decisionHandler:"
    ])
}
