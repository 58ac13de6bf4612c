#if canImport(UIKit)
import CoreLocation
import SwitchboardUIKit
import UIKit
import WebKit

// The delegate proxies of a sign-up screen: one line declares each, one line attaches it.
final class TextFieldProxy: DelegateProxy, UITextFieldDelegate {}
final class TextViewProxy: DelegateProxy, UITextViewDelegate {}
final class SearchBarProxy: DelegateProxy, UISearchBarDelegate {}
final class ScrollProxy: DelegateProxy, UIScrollViewDelegate {}
final class PickerProxy: DelegateProxy, UIPickerViewDelegate {}
// A protocol with required methods cannot be adopted by an empty class: attach adopts it.
final class PickerDataSourceProxy: DelegateProxy {}
final class NavigationProxy: DelegateProxy, UINavigationControllerDelegate {}
final class TabBarProxy: DelegateProxy, UITabBarControllerDelegate {}
final class PresentationProxy: DelegateProxy, UIAdaptivePresentationControllerDelegate {}
final class WebNavigationProxy: DelegateProxy, WKNavigationDelegate {}
final class LocationProxy: DelegateProxy, CLLocationManagerDelegate {}

/// What a sign-up form decides without UIKit's views: whether a country matches the search,
/// whether the form may close.
@MainActor
final class SignUpModel: NSObject, UISearchBarDelegate, UIAdaptivePresentationControllerDelegate,
  CLLocationManagerDelegate, UIPickerViewDataSource
{
  let plans = ["Free", "Team", "Enterprise"]
  private(set) var countryQuery = ""
  private(set) var hasChanges = false
  private(set) var lastLocation: CLLocation?

  func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {
    countryQuery = searchText
  }

  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
    -> Bool
  { !hasChanges }

  func numberOfComponents(in pickerView: UIPickerView) -> Int { 1 }

  func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
    plans.count
  }

  nonisolated func locationManager(
    _ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]
  ) {
    let location = locations.last
    Task { @MainActor in self.lastLocation = location }
  }
}

/// A sign-up form whose delegates the screen and its model share through `DelegateProxy`: the
/// screen keeps the keyboard and navigation, the model the decisions; an analytics observer
/// watches the scroll view beside them.
public final class SignUpViewController: UIViewController, UITextFieldDelegate,
  UITextViewDelegate, UISearchBarDelegate, UIScrollViewDelegate, UIPickerViewDelegate,
  UINavigationControllerDelegate, UITabBarControllerDelegate, WKNavigationDelegate
{
  let model = SignUpModel()
  private let email = UITextField()
  private let bio = UITextView()
  private let country = UISearchBar()
  private let form = UIScrollView()
  private let plan = UIPickerView()
  private let terms = WKWebView()
  private let location = CLLocationManager()
  private var observations: [ObservationToken] = []

  override public func viewDidLoad() {
    super.viewDidLoad()
    TextFieldProxy.attach(
      to: email, delegate: \.delegate, handlers: [.view: self],
      fallbacks: [#selector(UITextFieldDelegate.textFieldShouldReturn(_:)): .value(true)])
    TextViewProxy.attach(to: bio, delegate: \.delegate, handlers: [.view: self])
    SearchBarProxy.attach(
      to: country, delegate: \.delegate, handlers: [.view: self, .viewModel: model])
    let scroll = ScrollProxy.attach(to: form, delegate: \.delegate, handlers: [.view: self])
    observations.append(
      scroll.observe(
        #selector(UIScrollViewDelegate.scrollViewDidEndDragging(_:willDecelerate:)),
        as: (UIScrollView, Bool).self
      ) { scrollView, _ in print("form scrolled to", scrollView.contentOffset.y) })
    PickerProxy.attach(to: plan, delegate: \.delegate, handlers: [.view: self])
    PickerDataSourceProxy.attach(to: plan, delegate: \.dataSource, handlers: [.viewModel: model])
    if let navigationController {
      NavigationProxy.attach(
        to: navigationController, delegate: \.delegate, handlers: [.view: self])
    }
    if let tabBarController {
      TabBarProxy.attach(to: tabBarController, delegate: \.delegate, handlers: [.view: self])
    }
    if let presentationController {
      PresentationProxy.attach(
        to: presentationController, delegate: \.delegate, handlers: [.viewModel: model])
    }
    WebNavigationProxy.attach(
      to: terms, delegate: \.navigationDelegate, handlers: [.view: self],
      fallbacks: [
        #selector(
          WKNavigationDelegate.webView(_:decidePolicyFor:decisionHandler:)
            as (WKNavigationDelegate) -> (
              (
                WKWebView, WKNavigationAction,
                @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
              ) -> Void
            )?):
          .completion(argumentAt: 2) {
            (decide: @convention(block) (WKNavigationActionPolicy) -> Void) in decide(.allow)
          }
      ])
    LocationProxy.attach(to: location, delegate: \.delegate, handlers: [.viewModel: model])
  }

  public func textFieldShouldReturn(_ textField: UITextField) -> Bool {
    bio.becomeFirstResponder()
    return false
  }

  public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {
    searchBar.resignFirstResponder()
  }

  public func webView(
    _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
    decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
  ) {
    decisionHandler(navigationAction.navigationType == .linkActivated ? .cancel : .allow)
  }
}
#endif
