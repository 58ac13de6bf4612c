extension DelegatePreset {
  /// `AVCaptureFileOutputRecordingDelegate`: one method silences another.
  ///
  /// AVCaptureFileOutput.h (iOS 18.6 SDK), of
  /// `captureOutput:didStartRecordingToOutputFileAtURL:startPTS:fromConnections:`: "If this
  /// method is implemented, the alternative delegate callback
  /// -captureOutput:didStartRecordingToOutputFileAtURL:fromConnections will not be called."
  static let captureFileOutputRecording = DelegatePreset(
    "AVCaptureFileOutputRecordingDelegate",
    presenceEffects: [
      "captureOutput:didStartRecordingToOutputFileAtURL:startPTS:fromConnections:":
        "once it is implemented, captureOutput:didStartRecordingToOutputFileAtURL:"
        + "fromConnections: is no longer called"
    ],
    silences: [
      "captureOutput:didStartRecordingToOutputFileAtURL:startPTS:fromConnections:":
        "captureOutput:didStartRecordingToOutputFileAtURL:fromConnections:"
    ])
}
