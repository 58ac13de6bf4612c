import Testing

@testable import SwitchboardDelegates

@Suite("SelectorDeclaration, from Objective-C type encodings")
struct SelectorDeclarationTests {
  @Test(
    "a method's completion handler is the argument encoded as a block",
    arguments: [
      // webView:decidePolicyForNavigationAction:decisionHandler:
      ("v40@0:8@16@24@?32", true, 2),
      // a block after a structure: someView:didMoveTo:completion:
      ("v56@0:8@16{CGRect={CGPoint=dd}{CGSize=dd}}24@?56", true, 2),
      // a qualified, pointer and quoted-class argument before the block
      ("Vv48@0:8r^{_NSRange=QQ}16@\"NSString\"24@?32", true, 2),
    ])
  func completionArgument(types: String, returnsVoid: Bool, index: Int) {
    let declaration = SelectorDeclaration(types: types, property: .delegate)
    #expect(declaration.returnsVoid == returnsVoid)
    #expect(declaration.completionArgument == index)
  }

  @Test("a method without a block has no completion handler, and its return type is read")
  func noCompletion() {
    let shouldReturn = SelectorDeclaration(types: "B24@0:8@16", property: .delegate)
    #expect(!shouldReturn.returnsVoid)
    #expect(shouldReturn.completionArgument == nil)
    let didScroll = SelectorDeclaration(types: "v24@0:8@16", property: .delegate)
    #expect(didScroll.returnsVoid)
    #expect(didScroll.completionArgument == nil)
  }

  @Test("type encodings split into one string per type, offsets and qualifiers dropped")
  func types() {
    #expect(
      TypeEncoding.types(in: "v40@0:8@16@24@?32") == ["v", "@", ":", "@", "@", "@?"])
    #expect(
      TypeEncoding.types(in: "{CGPoint=dd}32@0:8@16{CGPoint=dd}24")
        == ["{CGPoint=dd}", "@", ":", "@", "{CGPoint=dd}"])
    #expect(TypeEncoding.types(in: "v20@0:8b3i16") == ["v", "@", ":", "b3", "i"])
  }
}
