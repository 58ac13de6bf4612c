#if canImport(SwiftUI) && canImport(UIKit)
import Observation

/// One observed property of a class that adopts `Observable`: what `@Observable` generates for
/// a stored property, spelled out.
///
/// The examples are compiled for iOS by a Linux toolchain whose Observation macro plugin is
/// newer than the iOS SDK's macro declaration (it emits members the declaration does not
/// name), so `@Observable` cannot be expanded there. In an app, write `@Observable` instead.
@available(iOS 17, *)
@MainActor
final class ObservedValue<Value> {
  private let registrar = ObservationRegistrar()
  private var value: Value

  init(_ value: Value) { self.value = value }

  /// The value, read by `owner`'s property at `keyPath`: SwiftUI tracks the read.
  func get<Owner: Observable>(_ owner: Owner, _ keyPath: KeyPath<Owner, Value>) -> Value {
    registrar.access(owner, keyPath: keyPath)
    return value
  }

  /// Sets the value of `owner`'s property at `keyPath`: SwiftUI redraws what read it.
  func set<Owner: Observable>(_ newValue: Value, on owner: Owner, _ keyPath: KeyPath<Owner, Value>)
  {
    registrar.withMutation(of: owner, keyPath: keyPath) { value = newValue }
  }
}
#endif
