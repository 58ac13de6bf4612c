/// What the Objective-C runtime tells a delegate proxy about selectors and handlers.
///
/// On Apple platforms it is the runtime itself; the specs use a model of it.
package protocol SelectorRuntime: Sendable {
  /// How `handler` implements `selector`.
  func implementation(of selector: String, by handler: AnyObject) -> SelectorImplementation
  /// What the proxy's protocols declare about `selector`; `nil` when none declares it.
  func declaration(of selector: String) -> SelectorDeclaration?
  /// Every selector the proxy's protocols declare.
  var declaredSelectors: [String] { get }
  /// The declared selectors whose method takes a completion handler, sorted.
  var selectorsTakingCompletions: [String] { get }
  /// The Objective-C methods `handler`'s own classes implement (not those of the platform's
  /// classes it inherits from), by selector.
  func ownMethods(of handler: AnyObject) -> [String]
}

extension SelectorRuntime {
  /// None, for a runtime that cannot list methods.
  package func ownMethods(of handler: AnyObject) -> [String] { [] }

  /// Asked of each declaration.
  package var selectorsTakingCompletions: [String] {
    declaredSelectors.sorted().filter { declaration(of: $0)?.completionArgument != nil }
  }
}

/// What a runtime's protocols declare, by selector, with its selectors listed once.
///
/// The lists are made when the declarations change (before a proxy is attached), and shared
/// with them (``SharedDeclarations``): every attach's check of its setup reads them.
package struct Declarations: Sendable {
  package let byName: [String: SelectorDeclaration]
  /// Every declared selector, sorted.
  package let selectors: [String]
  /// The declared selectors whose method takes a completion handler, sorted.
  package let takingCompletions: [String]

  package init(_ byName: [String: SelectorDeclaration] = [:]) {
    self.byName = byName
    selectors = byName.keys.sorted()
    takingCompletions = byName.compactMap { $0.value.completionArgument == nil ? nil : $0.key }
      .sorted()
  }

  package subscript(selector: String) -> SelectorDeclaration? { byName[selector] }
}

/// The declarations of each protocol (or proxy class) proxies adopt, made once per process.
///
/// Shared: a list whose 10,000 rows each attach a `UITextFieldDelegate` proxy would otherwise
/// parse its 13 type encodings 10,000 times and hold 10,000 copies, 3.4 KB each. A protocol or
/// class, whose identity is the key, lives as long as the process, and what it declares never
/// changes.
package enum SharedDeclarations {
  private static let memo = ProcessMemo<ObjectIdentifier, Declarations>()

  /// The declarations of `key`, made by `make` (which asks only the runtime) the first time.
  package static func declarations(
    of key: ObjectIdentifier, make: () -> [String: SelectorDeclaration]
  ) -> Declarations {
    memo.value(for: key) { Declarations(make()) }
  }

  /// Adds the declarations of `key` to `declarations`, keeping the ones it has (a root's own
  /// declaration is not replaced): one that had none shares them as they are.
  package static func adopt(
    _ key: ObjectIdentifier, into declarations: inout Declarations,
    make: () -> [String: SelectorDeclaration]
  ) {
    let adopted = memo.value(for: key) { Declarations(make()) }
    if declarations.byName.isEmpty {
      declarations = adopted
    } else {
      declarations = Declarations(
        declarations.byName.merging(adopted.byName) { current, _ in current })
    }
  }
}

/// Selector spellings close enough to be a mistake for one another: a Swift method exported
/// under another Objective-C name than the protocol's.
enum NearSelectors {
  /// Whether `method`, which a handler implements, is likely meant as `declared`: the same
  /// number of arguments, and each part of one a prefix of the other's
  /// (`presentationCountFor:` for `presentationCountForPageViewController:`, a missing `_`
  /// label's `pageViewControllerWithPageViewController:…`, `heightForRowAt:` for
  /// `heightForRowAtIndexPath:`), or a misspelling of at most two characters.
  static func isNearMiss(_ method: String, of declared: String) -> Bool {
    guard method != declared, method.contains(":") else { return false }
    let methodParts = method.split(separator: ":", omittingEmptySubsequences: false)
    let declaredParts = declared.split(separator: ":", omittingEmptySubsequences: false)
    guard methodParts.count == declaredParts.count else { return false }
    if zip(methodParts, declaredParts).allSatisfy({ $0.hasPrefix($1) || $1.hasPrefix($0) }) {
      return true
    }
    return abs(method.utf8.count - declared.utf8.count) <= 2
      && editDistance(method, declared) <= 2
  }

  /// Whether two declared selectors are overloads of one Swift name: the same first part, as
  /// many arguments, and second parts that begin alike (`mapView:viewForOverlay:` and
  /// `mapView:viewForAnnotation:`, both `mapView(_:viewFor:)` in Swift).
  static func areSiblings(_ one: String, _ other: String) -> Bool {
    let oneParts = one.split(separator: ":", omittingEmptySubsequences: false)
    let otherParts = other.split(separator: ":", omittingEmptySubsequences: false)
    guard oneParts.count == otherParts.count, oneParts.count > 2, oneParts[0] == otherParts[0]
    else { return false }
    return oneParts[1].commonPrefix(with: otherParts[1]).count >= 4
  }

  /// Each method of `methods` that no declared selector names but one nearly does, with that
  /// one: what a handler meant to implement and the parent never sends.
  ///
  /// Found once per pair of lists (a handler class's methods, a proxy's declared selectors) and
  /// remembered: each attach checks its handlers, and a list's 10,000 rows would otherwise
  /// compare the same cell class's methods 10,000 times (about 100 µs each for ten methods).
  static func nearMisses(in methods: [String], declared: [String]) -> [(String, String)] {
    nearMissMemo.value(for: NearMissKey(methods: methods, declared: declared)) {
      findNearMisses(in: methods, declared: declared).map { NearMiss(method: $0.0, declared: $0.1) }
    }.map { ($0.method, $0.declared) }
  }

  private struct NearMissKey: Hashable, Sendable {
    let methods: [String]
    let declared: [String]

    /// Hashes the lists' sizes and the first method, not every selector: each attach looks its
    /// handlers up, and lists that hash alike are still compared in full (the same buffer at
    /// once).
    func hash(into hasher: inout Hasher) {
      hasher.combine(methods.count)
      hasher.combine(methods.first)
      hasher.combine(declared.count)
    }
  }

  private struct NearMiss: Sendable {
    let method: String
    let declared: String
  }

  private static let nearMissMemo = ProcessMemo<NearMissKey, [NearMiss]>()

  private static func findNearMisses(in methods: [String], declared: [String]) -> [(String, String)]
  {
    let names = Set(declared)
    let implemented = Set(methods)
    let candidates = declared.sorted().filter { !implemented.contains($0) }
    return methods.sorted().compactMap { method in
      guard !names.contains(method) else { return nil }
      return candidates.first { isNearMiss(method, of: $0) }.map { (method, $0) }
    }
  }
}

/// How a handler implements a selector.
package enum SelectorImplementation: Hashable, Sendable {
  /// Not at all.
  case none
  /// With a method of its own class or of a class of the app's.
  case own
  /// Only with the implementation it inherits from a UIKit controller, such as
  /// `UITableViewController`'s data source methods for static cells.
  case inherited(from: String)

  /// Whether the handler counts as implementing the selector.
  package var counts: Bool { self == .own }
}

/// What a protocol says about one of its methods.
package struct SelectorDeclaration: Hashable, Sendable {
  /// Whether the method returns nothing.
  package let returnsVoid: Bool
  /// The name of the parent's property whose object receives it (`delegate`, a list's
  /// `dataSource`).
  package let property: String
  /// The index, among the method's arguments, of its completion handler (a block), if it takes
  /// one: the parent waits for it to be called.
  package var completionArgument: Int? = nil
  /// The type encoding of its return type (`"B"`), when the runtime describes the method.
  package var returnType: String? = nil
  /// The type encodings of its arguments, the receiver and the selector left out
  /// (`["@", "@?"]`), when the runtime describes the method.
  package var argumentTypes: [String]? = nil

  /// The declaration of a method whose Objective-C type encoding is `types`
  /// (`"v40@0:8@16@24@?32"`).
  package init(types: String, property: String = "delegate") {
    let encoded = TypeEncoding.types(in: types)
    self.returnsVoid = encoded.first == "v"
    self.property = property
    returnType = encoded.first
    // The receiver and the selector come first.
    let arguments = Array(encoded.dropFirst(3))
    argumentTypes = arguments
    completionArgument = arguments.firstIndex { $0.hasPrefix("@?") }
  }

  package init(returnsVoid: Bool, property: String = "delegate", completionArgument: Int? = nil) {
    self.returnsVoid = returnsVoid
    self.property = property
    self.completionArgument = completionArgument
  }
}

/// Objective-C type encodings, as the runtime describes a method: its return type, then each
/// argument's, each followed by its offset.
enum TypeEncoding {
  /// Whether a value of the Swift type `Value` can stand for the type `encoding` names.
  ///
  /// An object (an optional one included) stands for `@`, a block (declared `@convention(block)`) or an
  /// object for `@?`, a `Bool` for `B`, an integer or an enumeration with an integer raw value
  /// for the integer codes, a floating-point number for `f` and `d`, the structure of that name
  /// for `{…}`, `Void` for `v`. Encodings it does not check (pointers, selectors) accept any.
  static func accepts<Value>(_ encoding: String, _ type: Value.Type) -> Bool {
    if Value.self == Any.self { return true }
    if let optional = Value.self as? any OptionalArgument.Type {
      return encoding.hasPrefix("@") && accepts(encoding, wrappedOf: optional)
    }
    guard let code = encoding.first else { return true }
    // A bridged Swift value (`String`, `[Int]`) is an object, but not a number: a method that
    // takes an object almost never means an `NSNumber`.
    let isNumber =
      Value.self == Bool.self || Value.self is any BinaryInteger.Type
      || Value.self is any BinaryFloatingPoint.Type
    let isObject =
      TypeShape.of(Value.self).holdsObject
      || (Value.self is any _ObjectiveCBridgeable.Type && !isNumber)
    switch code {
    case "v":
      return Value.self == Void.self
    case "@" where encoding == "@?":
      return isObject || isBlock(Value.self)
    case "@":
      return isObject
    case "B":
      return Value.self == Bool.self
    case "c", "C", "s", "S", "i", "I", "l", "L", "q", "Q":
      return Value.self is any BinaryInteger.Type
        || (code == "c" && Value.self == Bool.self)
        || (Value.self as? any RawRepresentable.Type).map { hasIntegerRawValue($0) } == true
    case "f", "d":
      return Value.self is any BinaryFloatingPoint.Type
    case "{":
      let name = encoding.dropFirst().prefix { $0 != "=" && $0 != "}" }
      let swiftName = "\(Value.self)"
      // An untagged structure (`CMTime` is `{?=qiIq}`) is known by its size.
      if name == "?" { return _isPOD(Value.self) && size(of: encoding) == MemoryLayout<Value>.size }
      return name == swiftName || name == "_" + swiftName
    case "^", "*":
      // A pointer (`targetContentOffset:`, `stop:`), or a Core Foundation object
      // (`CMSampleBufferRef` is `^{opaqueCMSampleBuffer=}`).
      return Value.self is any _Pointer.Type || TypeShape.of(Value.self) == .foreignClass
    case "#":
      return TypeShape.of(Value.self) == .metatype
    default:
      return true
    }
  }

  /// The size in bytes of a value of the type `encoding` names, with C's alignment, for the
  /// scalar, pointer and structure codes; `nil` for others (unions, arrays, bit fields).
  static func size(of encoding: String) -> Int? {
    layout(of: Array(encoding)[...]).map(\.size)
  }

  private static func layout(of encoding: ArraySlice<Character>) -> (size: Int, alignment: Int)? {
    guard let code = encoding.first else { return nil }
    switch code {
    case "c", "C", "B": return (1, 1)
    case "s", "S": return (2, 2)
    // `l` and `L` are 32 bits in type encodings, even in 64-bit programs.
    case "i", "I", "l", "L", "f": return (4, 4)
    case "q", "Q", "d", "@", "#", ":", "^", "*": return (8, 8)
    case "{":
      guard let equals = encoding.firstIndex(of: "=") else { return nil }
      var members = encoding[(equals + 1)..<(encoding.endIndex - 1)]
      var size = 0
      var alignment = 1
      while !members.isEmpty {
        let memberEnd = end(ofTypeAt: 0, in: Array(members)) + members.startIndex
        guard let member = layout(of: members[members.startIndex..<memberEnd]) else { return nil }
        size = (size + member.alignment - 1) / member.alignment * member.alignment + member.size
        alignment = max(alignment, member.alignment)
        members = members[memberEnd...]
      }
      return ((size + alignment - 1) / alignment * alignment, alignment)
    default: return nil
    }
  }

  /// What `encoding` names, as a sentence says it: "an object", "a Bool".
  static func describe(_ encoding: String) -> String {
    switch encoding.first {
    case "v": return "nothing"
    case "@": return encoding == "@?" ? "a block" : "an object"
    case "B": return "a Bool"
    case "c", "C", "s", "S", "i", "I", "l", "L", "q", "Q": return "an integer"
    case "f", "d": return "a floating-point number"
    case "{":
      return "a \(encoding.dropFirst().prefix { $0 != "=" && $0 != "}" }) structure"
    default: return "`\(encoding)`"
    }
  }

  /// Whether `Value` is a block type: a function declared `@convention(block)`, one object
  /// pointer that is not a class.
  static func isBlock<Value>(_ type: Value.Type) -> Bool {
    TypeShape.of(Value.self) == .function(isBlock: true)
  }

  private static func accepts<Optional: OptionalArgument>(
    _ encoding: String, wrappedOf type: Optional.Type
  ) -> Bool {
    accepts(encoding, Optional.Wrapped.self)
  }

  private static func hasIntegerRawValue<Enumeration: RawRepresentable>(
    _ type: Enumeration.Type
  ) -> Bool {
    Enumeration.RawValue.self is any BinaryInteger.Type
  }

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
