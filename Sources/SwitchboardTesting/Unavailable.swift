// Names removed or renamed since the last release, kept for one release so that old code fails
// to compile with the fix in the message instead of compiling and behaving differently.
// CHANGELOG.md ("Migrating") lists each with its replacement.

import SwitchboardLists

@available(*, unavailable, renamed: "ListViewError")
public enum ListDrivingError {}

@available(*, unavailable, message: "expectRendered takes a ListView or a CollectionView")
public protocol TextRendering {}

@available(*, unavailable, message: "collect messages in an array, or read ListSpy.messages")
public enum MessageLog<Message> {}

@available(
  *, unavailable,
  message:
    "a seeded generator is a few lines of test code: copy one, or use SystemRandomNumberGenerator"
)
public enum SeededGenerator {}

@available(
  *, unavailable,
  message: "ListSpy serves hosts whose cells are ListCells: subclass ListCell for your host's cells"
)
public protocol TextShowingCell {}

extension ListSpy {
  @available(
    *, unavailable,
    message: "records are lines such as \"didSelectRow 0.2\"; messages lists the messages alone"
  )
  public typealias Record = Never
}
