/// What the Objective-C runtime tells a delegate proxy about selectors and handlers.
///
/// On Apple platforms it is the runtime itself; the specs use a model of it.
protocol SelectorRuntime: Sendable {
  /// How `handler` implements `selector`.
  func implementation(of selector: String, by handler: AnyObject) -> SelectorImplementation
  /// What the proxy's protocols declare about `selector`; `nil` when none declares it.
  func declaration(of selector: String) -> SelectorDeclaration?
  /// Every selector the proxy's protocols declare.
  var declaredSelectors: [String] { get }
}

/// How a handler implements a selector.
enum SelectorImplementation: Hashable, Sendable {
  /// Not at all.
  case none
  /// With a method of its own class or of a class of the app's.
  case own
  /// Only with the implementation it inherits from a UIKit controller, such as
  /// `UITableViewController`'s data source methods for static cells.
  case inherited(from: String)

  /// Whether the handler counts as implementing the selector.
  var counts: Bool { self == .own }
}

/// What a protocol says about one of its methods.
struct SelectorDeclaration: Hashable, Sendable {
  /// Whether the method returns nothing.
  let returnsVoid: Bool
  /// The parent's property whose object receives it.
  let property: ListViewProperty
  /// The index, among the method's arguments, of its completion handler (a block), if it takes
  /// one: the parent waits for it to be called.
  var completionArgument: Int? = nil

  /// The declaration of a method whose Objective-C type encoding is `types`
  /// (`"v40@0:8@16@24@?32"`).
  init(types: String, property: ListViewProperty) {
    let encoded = TypeEncoding.types(in: types)
    self.returnsVoid = encoded.first == "v"
    self.property = property
    // The receiver and the selector come first.
    completionArgument = encoded.dropFirst(3).firstIndex { $0.hasPrefix("@?") }.map { $0 - 3 }
  }

  init(returnsVoid: Bool, property: ListViewProperty, completionArgument: Int? = nil) {
    self.returnsVoid = returnsVoid
    self.property = property
    self.completionArgument = completionArgument
  }
}

/// Objective-C type encodings, as the runtime describes a method: its return type, then each
/// argument's, each followed by its offset.
enum TypeEncoding {
  /// The types of `encoding`, in order, type qualifiers (`r`, `n`, `o`, …) and offsets dropped:
  /// `"v40@0:8@16@?24"` is `["v", "@", ":", "@", "@?"]`.
  static func types(in encoding: String) -> [String] {
    let characters = Array(encoding)
    var index = 0
    var types: [String] = []
    while index < characters.count {
      while index < characters.count, "rnNoORV".contains(characters[index]) { index += 1 }
      guard index < characters.count else { break }
      let start = index
      index = end(ofTypeAt: index, in: characters)
      types.append(String(characters[start..<index]))
      while index < characters.count, characters[index] == "-" || characters[index].isNumber {
        index += 1
      }
    }
    return types
  }

  /// The index just past the one type that starts at `index`.
  private static func end(ofTypeAt index: Int, in characters: [Character]) -> Int {
    guard index < characters.count else { return index }
    switch characters[index] {
    case "{", "(", "[":
      let close: Character = characters[index] == "{" ? "}" : characters[index] == "(" ? ")" : "]"
      var depth = 0
      var position = index
      while position < characters.count {
        if characters[position] == characters[index] { depth += 1 }
        if characters[position] == close {
          depth -= 1
          if depth == 0 { return position + 1 }
        }
        position += 1
      }
      return position
    case "^":
      return end(ofTypeAt: index + 1, in: characters)
    case "@":
      let next = index + 1
      if next < characters.count, characters[next] == "?" { return next + 1 }
      if next < characters.count, characters[next] == "\"" {
        var position = next + 1
        while position < characters.count, characters[position] != "\"" { position += 1 }
        return min(position + 1, characters.count)
      }
      return next
    case "b":
      var position = index + 1
      while position < characters.count, characters[position].isNumber { position += 1 }
      return position
    default:
      return index + 1
    }
  }
}
