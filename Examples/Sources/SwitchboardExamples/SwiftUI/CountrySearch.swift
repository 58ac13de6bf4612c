#if canImport(SwiftUI) && canImport(UIKit)
import Observation
import SwiftUI
import SwitchboardUIKit
import UIKit

/// Countries that match what the user types, from the search bar's messages as an async
/// sequence: the view model reads them with `for await`, and no object implements the delegate.
@available(iOS 17, *)
@MainActor
final class CountrySearchModel: Observable {
  let countries = ["Argentina", "Canada", "Denmark", "Japan", "Kenya", "Norway", "Peru"]
  private let observed: ObservedValue<[String]>
  /// The countries whose names contain the search text.
  var matches: [String] { observed.get(self, \.matches) }

  init() { observed = ObservedValue(countries) }

  /// Follows the search bar's text until the bar, and with it its proxy, goes away.
  ///
  /// The sequence then ends, and so does the loop. It takes the sequence, not the proxy, so the
  /// task that runs it keeps nothing of the bar alive.
  func follow(_ edits: AsyncStream<(UISearchBar, String)>) async {
    for await (_, text) in edits {
      let matches =
        text.isEmpty ? countries : countries.filter { $0.localizedCaseInsensitiveContains(text) }
      observed.set(matches, on: self, \.matches)
    }
  }
}

/// A `UISearchBar` in SwiftUI: the bar owns its proxy, and the view model follows its text.
@available(iOS 17, *)
struct CountrySearchField: UIViewRepresentable {
  let model: CountrySearchModel

  func makeUIView(context: Context) -> UISearchBar {
    let bar = UISearchBar()
    let proxy = SearchBarProxy.attach(to: bar, delegate: \.delegate, handlers: [:])
    // The sequence is made here, outside the task: the task holds it, never the proxy.
    let edits = proxy.events(
      #selector(UISearchBarDelegate.searchBar(_:textDidChange:)), as: (UISearchBar, String).self,
      bufferingPolicy: .bufferingNewest(1))
    Task { [model] in await model.follow(edits) }
    return bar
  }

  func updateUIView(_ bar: UISearchBar, context: Context) {}
}

/// The search screen: the field and what matches.
@available(iOS 17, *)
public struct CountrySearchScreen: View {
  @State private var model = CountrySearchModel()

  public init() {}

  public var body: some View {
    VStack {
      CountrySearchField(model: model)
      List(model.matches, id: \.self) { Text($0) }
    }
  }
}
#endif
