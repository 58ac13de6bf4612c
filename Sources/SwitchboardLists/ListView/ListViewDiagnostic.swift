/// A problem a ``ListView`` met and recovered from by using the default value.
///
/// Nothing is dropped silently: each time the list's cached "responds to" said yes but nobody
/// could answer, it records one of these in ``ListView/diagnostics``.
public enum ListViewDiagnostic: Equatable, Sendable, CustomStringConvertible {
  /// The data source or delegate that answered `message` has been released.
  case respondentReleased(ListMessage)
  /// A ``ListProxy`` found the handler of `message` released
  /// while the list was sending it.
  case handlerReleased(ListMessage)

  /// A sentence naming the message and what happened.
  public var description: String {
    switch self {
    case .respondentReleased(let message):
      "\(message): the data source or delegate was released; the list used the default value."
    case .handlerReleased(let message):
      "\(message): its handler was released during the call; the list used the default value and "
        + "asks the next handler from now on."
    }
  }
}
