import SwitchboardLists

/// The contacts screen's view model.
///
/// It holds the names, titles the section and records what was opened; it imports only
/// SwitchboardLists.
@MainActor
public final class ContactsModel: ListHeaderTitling {
  /// The contacts, in order.
  public private(set) var names = ["Ada Lovelace", "Alan Turing", "Grace Hopper"]
  /// The contacts opened, oldest first.
  public private(set) var opened: [String] = []

  public init() {}

  /// The section's title, which the diffable data source does not give.
  public func titleForHeader(inSection section: Int) -> String? { "Contacts (\(names.count))" }

  /// Opens a contact.
  public func open(_ name: String) { opened.append(name) }
}
