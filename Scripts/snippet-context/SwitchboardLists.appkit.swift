// An overlay of SwitchboardLists.swift for a block marked snippet-appkit: an AppKit table.
import AppKit
import SwitchboardAppKit

let tableView = NSTableView()

struct File { var name: String; var size: Int }
final class SizeCellView: NSTableCellView { func show(_ size: Int) {} }
@MainActor final class FilesScreen { var files: [File] = [] }
