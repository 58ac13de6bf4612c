#if os(macOS) && canImport(SwiftUI)
import AppKit
import SwiftUI
import SwitchboardAppKit

/// What the user types as a place's name, and whether it may be committed.
@MainActor
final class PlaceNameModel: ObservableObject {
  @Published var name = ""
  /// A name is committed only when it is not blank.
  var isValid: Bool { !name.trimmingCharacters(in: .whitespaces).isEmpty }
}

/// An `NSTextField` in SwiftUI with no `Coordinator`: the field owns its proxy, a closure owned
/// by the model answers whether editing may end, and the model follows the text as an async
/// sequence.
@MainActor
struct PlaceNameField: NSViewRepresentable {
  let model: PlaceNameModel

  func makeNSView(context: Context) -> NSTextField {
    let field = NSTextField()
    let proxy = DelegateProxy.attach(to: field, delegate: \.delegate)
    // Owned by the model: no `[weak self]`, no token, gone with the model.
    let mayEnd = #selector(NSControlTextEditingDelegate.control(_:textShouldEndEditing:))
    proxy.answer(mayEnd, owner: model) { (model, _: NSControl, _: NSText) -> Bool in
      model.isValid
    }
    let edits = proxy.events(
      #selector(NSControlTextEditingDelegate.controlTextDidChange(_:)), as: Notification.self,
      bufferingPolicy: .bufferingNewest(1))
    Task { [model] in
      for await note in edits { model.name = (note.object as? NSTextField)?.stringValue ?? "" }
    }
    return field
  }

  func updateNSView(_ field: NSTextField, context: Context) {}
}

/// The place editor: the field and what it holds.
@MainActor
public struct PlaceNameEditor: View {
  @StateObject private var model = PlaceNameModel()

  public init() {}

  public var body: some View {
    VStack(alignment: .leading) {
      PlaceNameField(model: model)
      Text(model.isValid ? "Will be saved as “\(model.name)”" : "A place needs a name")
    }
    .padding()
  }
}
#endif
