#if os(macOS)
import AppKit
import SwitchboardAppKit

/// A draft's decisions, without view code: whether its window may close.
@MainActor
public final class DraftModel: NSObject, NSWindowDelegate {
  /// Whether the draft has changes not saved yet.
  public var hasUnsavedChanges = false

  public func windowShouldClose(_ sender: NSWindow) -> Bool { !hasUnsavedChanges }
}

/// A window whose delegate two objects share, neither passing a call to the other.
///
/// The controller follows the window's size; the draft decides whether it closes.
public final class DraftWindowController: NSWindowController, NSWindowDelegate {
  let draft: DraftModel
  /// The window's sizes, newest last.
  public private(set) var sizes: [NSSize] = []

  public init(draft: DraftModel = DraftModel()) {
    self.draft = draft
    super.init(
      window: NSWindow(
        contentRect: NSRect(x: 0, y: 0, width: 480, height: 320),
        styleMask: [.titled, .closable, .resizable], backing: .buffered, defer: true))
    guard let window else { return }
    // `windowShouldClose:` has no documented default (NSWindow.h): if the draft were released,
    // the window closes.
    DelegateProxy.attach(
      to: window, delegate: \.delegate, handlers: [.view: self, .viewModel: draft],
      fallbacks: [#selector(NSWindowDelegate.windowShouldClose(_:)): .value(true)])
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { fatalError("DraftWindowController is made in code") }

  public func windowDidResize(_ notification: Notification) {
    if let size = window?.frame.size { sizes.append(size) }
  }
}
#endif
