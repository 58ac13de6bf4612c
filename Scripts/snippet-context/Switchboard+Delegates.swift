// Hidden context of the symbol documentation of the delegate engine (Sources/Switchboard/Delegates)
// (Scripts/symbol_snippets.py): the names its examples use, as a reader's iOS app declares them.
// A block that declares one of these names itself replaces it.
import AVFoundation
import CallKit
import Switchboard
@_spi(Benchmarks) import Switchboard
import UIKit
import WebKit

protocol A: AnyObject {}
protocol B: AnyObject {}

@objc protocol UploadDelegate: AnyObject {}
final class Progress: NSObject, UploadDelegate {}
final class Uploader: NSObject {
  var delegate: any UploadDelegate
  init(delegate: any UploadDelegate) { self.delegate = delegate }
}

final class SearchBarProxy: DelegateProxy, UISearchBarDelegate {}

final class SearchModel: NSObject, UISearchBarDelegate {
  func search(_ text: String) async {}
}

final class Detector: NSObject, AVCaptureVideoDataOutputSampleBufferDelegate {}
final class Calls: NSObject, CXProviderDelegate {
  func providerDidReset(_ provider: CXProvider) {}
}
final class Downloads: NSObject, URLSessionDataDelegate {}
final class Logger { func info(_ text: String) {} }

/// A screen of the app: the view controller that attaches the proxies.
class SnippetScreen: UIViewController, UIContextMenuInteractionDelegate {
  let searchBar = UISearchBar()
  let textField = UITextField()
  let picker = UIPickerView()
  let model = SearchModel()
  func filter(_ text: String) {}
  func submit(_ text: String) -> Bool { true }
  func height(at indexPath: IndexPath) -> CGFloat { 44 }
  func contextMenuInteraction(
    _ interaction: UIContextMenuInteraction, configurationForMenuAtLocation location: CGPoint
  ) -> UIContextMenuConfiguration? { nil }
}

let screen = SnippetScreen()
let searchBar = UISearchBar()
let textField = UITextField()
let picker = UIPickerView()
let model = SearchModel()
let progress = Progress()
let uploader = Uploader(delegate: progress)
let output = AVCaptureVideoDataOutput()
let frames = DispatchQueue(label: "frames")
let detector = Detector()
let provider = CXProvider(configuration: CXProviderConfiguration())
let calls = Calls()
let sheet = UIViewController().sheetPresentationController!
let downloads = Downloads()
let proxy = DelegateProxy.attach(to: searchBar, delegate: \.delegate, handlers: [.viewModel: model])
let analytics = SearchModel()
let overlay = SearchModel()
let logger = Logger()
let error = proxy.errors[0]
var rules = RoutingRules<Never>()
