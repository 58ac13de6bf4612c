#if canImport(ObjectiveC)
import Foundation
import ObjectiveC

/// The Objective-C runtime as a proxy asks it: which handler implements which selector, and
/// what the proxy's protocols declare.
///
/// A class, so that a proxy that adopts a protocol for itself alone (``adopt(_:)``, at attach)
/// is seen adopting it by every part of its routing; that happens before the proxy is attached,
/// while no other thread has it, and never after: the declarations are then only read.
package final class ObjectiveCRuntime: SelectorRuntime, @unchecked Sendable {
  /// What each protocol method of the view declares, by selector.
  private var declarations: Declarations
  /// UIKit controllers whose own implementations of the view's methods do not count: a
  /// subclass that does not override them has not implemented them.
  private let controllerClassNames: [String]

  /// The runtime for the protocols `proxyClass` adopts (with its superclasses, and the
  /// protocols those inherit), each received as the delegate.
  ///
  /// Every proxy of a class declares the same: made once per class (``SharedDeclarations``).
  package convenience init(adoptedBy proxyClass: AnyClass) {
    let declarations = SharedDeclarations.declarations(of: ObjectIdentifier(proxyClass)) {
      var roots: [Protocol] = []
      var current: AnyClass? = proxyClass
      while let cls = current {
        var count: UInt32 = 0
        roots += takeRuntimeList(class_copyProtocolList(cls, &count), count: count)
        current = class_getSuperclass(cls)
      }
      return Self.declarations(of: roots.map { ($0, "delegate") })
    }
    self.init(declarations: declarations, controllers: [])
  }

  /// The runtime for `protocols` and those they inherit (``protocolsWithInherited(_:inherited:name:)``),
  /// each received by the parent's property it names, where a method that a subclass of one of
  /// `controllers` only inherits does not count (a list view's own controller class).
  package convenience init(protocols: [(Protocol, property: String)], controllers: [AnyClass]) {
    self.init(
      declarations: Declarations(Self.declarations(of: protocols)), controllers: controllers)
  }

  private init(declarations: Declarations, controllers: [AnyClass]) {
    self.declarations = declarations
    controllerClassNames = controllers.map { NSStringFromClass($0) }
  }

  /// What `protocols` and those they inherit declare, each received by its root's property.
  private static func declarations(of protocols: [(Protocol, property: String)])
    -> [String: SelectorDeclaration]
  {
    var declarations: [String: SelectorDeclaration] = [:]
    for (proto, property) in withInherited(protocols) {
      declare(proto, property: property, in: &declarations)
    }
    return declarations
  }

  /// Adds what `proto` and the protocols it inherits declare, received as the delegate: made
  /// once per protocol (``SharedDeclarations``), and shared as they are by a proxy that declared
  /// nothing before.
  ///
  /// What a proxy adopting it for itself alone declares; before the proxy is attached only.
  package func adopt(_ proto: Protocol) {
    SharedDeclarations.adopt(ObjectIdentifier(proto), into: &declarations) {
      Self.declarations(of: [(proto, "delegate")])
    }
  }

  /// `roots` and every protocol they inherit, each once and received by its root's property,
  /// `NSObject` left out.
  private static func withInherited(_ roots: [(Protocol, property: String)])
    -> [(Protocol, property: String)]
  {
    protocolsWithInherited(roots, inherited: inheritedProtocols, name: NSStringFromProtocol)
  }

  /// The protocols `proto` itself inherits.
  private static func inheritedProtocols(of proto: Protocol) -> [Protocol] {
    var count: UInt32 = 0
    return takeRuntimeList(protocol_copyProtocolList(proto, &count), count: count)
  }

  /// Adds the methods `proto` itself declares (required and optional) to `declarations`,
  /// received by `property`.
  private static func declare(
    _ proto: Protocol, property: String, in declarations: inout [String: SelectorDeclaration]
  ) {
    for isRequired in [true, false] {
      var count: UInt32 = 0
      let list = protocol_copyMethodDescriptionList(proto, isRequired, true, &count)
      for description in takeRuntimeList(list, count: count) {
        guard let name = description.name, let types = description.types else { continue }
        // A root's own declaration is not replaced by a protocol it inherits.
        guard declarations[NSStringFromSelector(name)] == nil else { continue }
        declarations[NSStringFromSelector(name)] = SelectorDeclaration(
          types: String(cString: types), property: property)
      }
    }
  }

  package func declaration(of selector: String) -> SelectorDeclaration? { declarations[selector] }

  package func ownMethods(of handler: AnyObject) -> [String] {
    var methods: [String] = []
    var current: AnyClass? = type(of: handler)
    // The app's classes, up to the first of the platform's (UIViewController, NSObject, …).
    while let cls = current, !Bundle(for: cls).bundlePath.contains("/System/Library/"),
      !Bundle(for: cls).bundlePath.hasPrefix("/usr/lib")
    {
      var count: UInt32 = 0
      methods += takeRuntimeList(class_copyMethodList(cls, &count), count: count).map {
        NSStringFromSelector(method_getName($0))
      }
      current = class_getSuperclass(cls)
    }
    return methods
  }

  package var declaredSelectors: [String] { declarations.selectors }

  package var selectorsTakingCompletions: [String] { declarations.takingCompletions }

  package func implementation(of selector: String, by handler: AnyObject) -> SelectorImplementation
  {
    let name = NSSelectorFromString(selector)
    guard let object = handler as? NSObjectProtocol, object.responds(to: name) else {
      return .none
    }
    let handlerClass: AnyClass = type(of: object)
    for controllerName in controllerClassNames {
      guard let controller = NSClassFromString(controllerName),
        let handlerObjectClass = handlerClass as? NSObject.Type,
        handlerObjectClass.isSubclass(of: controller),
        class_getInstanceMethod(controller, name) != nil,
        class_getMethodImplementation(handlerClass, name)
          == class_getMethodImplementation(controller, name)
      else { continue }
      return .inherited(from: controllerName)
    }
    return .own
  }
}

#endif
