// Hidden context of the symbol documentation of SwitchboardTesting (Scripts/symbol_snippets.py):
// the names its examples use, as a reader's tests declare them. A block that declares one of
// these names itself replaces it.
import Switchboard
import SwitchboardLists
import SwitchboardTesting
import Testing

final class Screen {}

@MainActor class SnippetScreen {}

let model = ListSpy(implementing: [.numberOfRows], rows: [["Buy milk"]])
let view = ListSpy(implementing: [.cellForRow, .didSelectRow], rows: [["Buy milk"]])
let proxy = ListProxy(view: view, viewModel: model)
let list = ListView()
