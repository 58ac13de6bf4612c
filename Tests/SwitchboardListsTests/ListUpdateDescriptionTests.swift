import Testing

@testable import SwitchboardLists

@Suite("ListUpdate and ListCall descriptions")
@MainActor
struct ListUpdateDescriptionTests {
  @Test func anUpdateListsItsChanges() {
    var update = ListUpdate(deletingRowsAt: [[0, 1]])
    update.insertRows(at: [[0, 0], [0, 2]])
    update.moveRow(at: [1, 0], to: [0, 3])
    #expect("\(update)" == "delete rows 0.1; insert rows 0.0, 0.2; move row 1.0 → 0.3")
    #expect("\(ListUpdate())" == "no changes")
  }

  @Test func aCallNamesItsMessageAndCapability() {
    let call: ListCall<ListView, any ListRowCounting, Int, Int, Never> = .numberOfRows
    #expect("\(call)" == "numberOfRows (ListRowCounting)")
  }
}
