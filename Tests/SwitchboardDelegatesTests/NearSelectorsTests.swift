import Testing

@testable import Switchboard

@Suite("NearSelectors")
struct NearSelectorsTests {
  @Test(
    "a Swift method exported under another name is near the protocol's selector",
    arguments: [
      ("presentationCountFor:", "presentationCountForPageViewController:"),
      (
        "pageViewControllerWithPageViewController:viewControllerBefore:",
        "pageViewController:viewControllerBeforeViewController:"
      ),
      ("tableView:heightForRowAt:", "tableView:heightForRowAtIndexPath:"),
      ("searchBar:textDidChanged:", "searchBar:textDidChange:"),
    ])
  func near(method: String, declared: String) {
    #expect(NearSelectors.isNearMiss(method, of: declared))
  }

  @Test(
    "different methods, other argument counts and the selector itself are not near",
    arguments: [
      ("tableView:didSelectRowAtIndexPath:", "tableView:didDeselectRowAtIndexPath:"),
      ("searchBar:textDidChange:", "searchBar:textDidChange:"),
      ("mapView:viewFor:", "mapView:regionDidChangeAnimated:"),
      ("description", "descriptionOfSomething"),
      ("searchBar:", "searchBar:textDidChange:"),
    ])
  func notNear(method: String, declared: String) {
    #expect(!NearSelectors.isNearMiss(method, of: declared))
  }

  @Test("a near miss names the declared selector that nobody implements, one per method")
  func nearMisses() {
    let declared = [
      "pageViewController:viewControllerBeforeViewController:",
      "presentationCountForPageViewController:",
    ]
    #expect(
      NearSelectors.nearMisses(
        in: ["presentationCountFor:", "pageViewController:viewControllerBeforeViewController:"],
        declared: declared
      ).map { "\($0.0) → \($0.1)" }
        == ["presentationCountFor: → presentationCountForPageViewController:"])
  }
}
