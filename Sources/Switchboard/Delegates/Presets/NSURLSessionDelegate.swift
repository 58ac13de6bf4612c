extension DelegatePreset {
  /// `NSURLSessionDelegate` and its task and data-task protocols: each completion handler is
  /// called as `NSURLSession.h` (iOS 18.6 SDK) says the session behaves without the method.
  ///
  /// - Both challenge methods: "the behavior will be to use the default handling":
  ///   `NSURLSessionAuthChallengePerformDefaultHandling` (1), no credential.
  /// - `URLSession:task:willBeginDelayedRequest:completionHandler:`: "loading will proceed with
  ///   the original request": `NSURLSessionDelayedRequestContinueLoading` (0).
  /// - `URLSession:task:willPerformHTTPRedirection:newRequest:completionHandler:`: "The default
  ///   is to follow redirections": the proposed request (argument 3).
  /// - `URLSession:dataTask:didReceiveResponse:completionHandler:`: optional, the load goes on:
  ///   `NSURLSessionResponseAllow` (1).
  static let urlSession = DelegatePreset(
    "NSURLSessionDelegate",
    values: [
      "URLSession:didReceiveChallenge:completionHandler:":
        .completion(argumentAt: 2, calling: .word(1), .none),
      "URLSession:task:didReceiveChallenge:completionHandler:":
        .completion(argumentAt: 3, calling: .word(1), .none),
      "URLSession:task:willBeginDelayedRequest:completionHandler:":
        .completion(argumentAt: 3, calling: .word(0), .none),
      "URLSession:task:willPerformHTTPRedirection:newRequest:completionHandler:":
        .completion(argumentAt: 4, calling: .argument(3)),
      "URLSession:dataTask:didReceiveResponse:completionHandler:":
        .completion(argumentAt: 3, calling: .word(1)),
    ])
}
