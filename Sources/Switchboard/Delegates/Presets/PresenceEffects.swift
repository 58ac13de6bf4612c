// Methods whose mere presence changes what their parent does, as the iOS 18.6 SDK's headers say
// (Scripts/presence-effects.py lists the candidates; each was read and kept by hand, only
// methods returning nothing, which are the ones an observer could make a proxy implement).
// Protocols with a preset file of their own carry theirs there (NSFetchedResultsController,
// AVCaptureFileOutputRecording, WKNavigation).
extension DelegatePreset {
  /// `AVAssetWriterDelegate`: methods whose mere presence changes the parent.
  ///
  /// AVAssetWriter.h, of `…segmentType:segmentReport:`: "If this
  /// method is implemented, normal file writing will be suppressed"; the method without the
  /// report: "The usage of this method is same as" it.
  static let assetWriter = DelegatePreset(
    "AVAssetWriterDelegate",
    presenceEffects: [
      "assetWriter:didOutputSegmentData:segmentType:segmentReport:":
        "once it is implemented, the writer writes no file of its own",
      "assetWriter:didOutputSegmentData:segmentType:":
        "once it is implemented, the writer writes no file of its own",
    ])

  /// `AVContentKeySessionDelegate`: methods whose mere presence changes the parent.
  ///
  /// AVContentKeySession.h, of the plural method: "it takes
  /// precedence over contentKeySession:didProvideContentKeyRequest:".
  static let contentKeySession = DelegatePreset(
    "AVContentKeySessionDelegate",
    presenceEffects: [
      "contentKeySession:didProvideContentKeyRequests:forInitializationData:":
        "once it is implemented, contentKeySession:didProvideContentKeyRequest: is no longer "
        + "called for those keys"
    ],
    silences: [
      "contentKeySession:didProvideContentKeyRequests:forInitializationData:":
        "contentKeySession:didProvideContentKeyRequest:"
    ])

  /// `CLLocationManagerDelegate`: `didUpdateLocations:` silences the method deprecated in iOS 6.
  ///
  /// CLLocationManagerDelegate.h: "If implemented, updates will not be delivered to
  /// locationManager:didUpdateToLocation:fromLocation:". Observing it alone, the documented
  /// way to read a location stream, is refused only while a handler implements that old one.
  static let locationManager = DelegatePreset(
    "CLLocationManagerDelegate",
    presenceEffects: [
      "locationManager:didUpdateLocations:":
        "once it is implemented, locationManager:didUpdateToLocation:fromLocation: is no "
        + "longer called"
    ],
    silences: [
      "locationManager:didUpdateLocations:": "locationManager:didUpdateToLocation:fromLocation:"
    ])

  /// `CALayerDelegate`: methods whose mere presence changes the parent.
  ///
  /// CALayer.h, of `layerWillDraw:`: "It will not be called if the delegate
  /// implements -displayLayer"; of `displayLayer:`: it "should implement the entire display
  /// process".
  static let layer = DelegatePreset(
    "CALayerDelegate",
    presenceEffects: [
      "displayLayer:":
        "once it is implemented, the layer no longer draws its contents (drawLayer:inContext:, "
        + "layerWillDraw:)"
    ])

  /// `UIPencilInteractionDelegate`: the tap with its details silences the deprecated one.
  ///
  /// UIPencilInteraction.h: "If both this method and the deprecated pencilInteractionDidTap(_:)
  /// are implemented, then only this method will be called."
  static let pencilInteraction = DelegatePreset(
    "UIPencilInteractionDelegate",
    presenceEffects: [
      "pencilInteraction:didReceiveTap:":
        "once it is implemented, pencilInteractionDidTap: is no longer called"
    ],
    silences: ["pencilInteraction:didReceiveTap:": "pencilInteractionDidTap:"])

  /// `UIApplicationDelegate`: methods whose mere presence changes the parent.
  ///
  /// UIApplication.h: application:didReceiveRemoteNotification: "will
  /// not be invoked if this method is implemented".
  static let applicationDelegate = DelegatePreset(
    "UIApplicationDelegate",
    presenceEffects: [
      "application:didReceiveRemoteNotification:fetchCompletionHandler:":
        "once it is implemented, application:didReceiveRemoteNotification: is no longer called"
    ],
    silences: [
      "application:didReceiveRemoteNotification:fetchCompletionHandler:":
        "application:didReceiveRemoteNotification:"
    ])

  /// `UIPreviewInteractionDelegate`: the commit transition's method adds haptic feedback.
  ///
  /// UIPreviewInteraction.h: "If implemented, a preview interaction will also trigger haptic
  /// feedback when detecting a commit (pop)."
  static let previewInteraction = DelegatePreset(
    "UIPreviewInteractionDelegate",
    presenceEffects: [
      "previewInteraction:didUpdateCommitTransition:ended:":
        "once it is implemented, the interaction plays haptic feedback at a commit"
    ])

  /// `UISplitViewControllerDelegate`: methods whose mere presence changes the parent.
  ///
  /// UISplitViewController.h: "Implementing this method allows
  /// the hidden view controller to be presented via a swipe gesture".
  static let splitViewController = DelegatePreset(
    "UISplitViewControllerDelegate",
    presenceEffects: [
      "splitViewController:willHideViewController:withBarButtonItem:forPopoverController:":
        "once it is implemented, a swipe presents the hidden view controller"
    ])

  /// BrowserEngineKit's delegates: methods whose mere presence changes the parent.
  ///
  /// BEDragInteraction.h: "If this method is implemented, then
  /// the UIDragInteractionDelegate counterpart method will no longer be called";
  /// BEScrollView.h: "If implemented, scroll updates will be passed to this delegate method
  /// before being handled by the scroll view."
  static let browserEngineKit = DelegatePreset(
    "BEDragInteractionDelegate",
    presenceEffects: [
      "dragInteraction:itemsForAddingToSession:forTouchAtPoint:completion:":
        "once it is implemented, dragInteraction:itemsForAddingToSession:withTouchAtPoint: is "
        + "no longer called",
      "scrollView:handleScrollUpdate:completion:":
        "once it is implemented, each scroll update waits for it before the scroll view "
        + "handles it",
    ],
    silences: [
      "dragInteraction:itemsForAddingToSession:forTouchAtPoint:completion:":
        "dragInteraction:itemsForAddingToSession:withTouchAtPoint:"
    ])

  /// `NFCNDEFReaderSessionDelegate`: methods whose mere presence changes the parent.
  ///
  /// NFCNDEFReaderSession.h, of `readerSession:didDetectTags:`:
  /// "Presence of this method overrides -readerSession:didDetectNDEFs: and enables read-write
  /// capability for the session."
  static let nfcReaderSession = DelegatePreset(
    "NFCNDEFReaderSessionDelegate",
    presenceEffects: [
      "readerSession:didDetectTags:":
        "once it is implemented, the session is read-write and readerSession:didDetectNDEFs: "
        + "is no longer called"
    ])

  /// `CNContactPickerDelegate`: methods whose mere presence changes the parent.
  ///
  /// CNContactPickerViewController.h, of the plural methods:
  /// "Implementing one of these methods will configure the picker for multi-selection."
  static let contactPicker = DelegatePreset(
    "CNContactPickerDelegate",
    presenceEffects: [
      "contactPicker:didSelectContacts:":
        "once it is implemented, the picker selects several contacts",
      "contactPicker:didSelectContactProperties:":
        "once it is implemented, the picker selects several properties",
    ])

  /// `MTRDeviceAttestationDelegate`: methods whose mere presence changes the parent.
  ///
  /// MTRDeviceAttestationDelegate.h: "If this callback is
  /// implemented, continueCommissioningDevice on MTRDeviceController is expected to be called
  /// if commisioning should continue."
  static let matterAttestation = DelegatePreset(
    "MTRDeviceAttestationDelegate",
    presenceEffects: [
      "deviceAttestationFailedForController:opaqueDeviceHandle:error:":
        "once it is implemented, commissioning waits for continueCommissioningDevice"
    ])

  /// `NWTCPConnectionAuthenticationDelegate`: methods whose mere presence changes the parent.
  ///
  /// NWTCPConnection.h: "If the delegate method is
  /// implemented, the caller" waits for its completion handler to evaluate the server's trust.
  static let tcpConnectionAuthentication = DelegatePreset(
    "NWTCPConnectionAuthenticationDelegate",
    presenceEffects: [
      "evaluateTrustForConnection:peerCertificateChain:completionHandler:":
        "once it is implemented, the connection waits for it to evaluate the server's trust"
    ])

  /// `GKMatchmakerViewControllerDelegate`: methods whose mere presence changes the parent.
  ///
  /// GKMatchmakerViewController.h: "If implemented, this
  /// function must call `completionHandler`: failing to do so will hang matchmaking."
  static let gameKitMatchmaker = DelegatePreset(
    "GKMatchmakerViewControllerDelegate",
    presenceEffects: [
      "matchmakerViewController:getMatchPropertiesForRecipient:withCompletionHandler:":
        "once it is implemented, matchmaking waits for its completion handler"
    ])
}
