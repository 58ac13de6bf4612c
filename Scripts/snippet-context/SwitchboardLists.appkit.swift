// An overlay of SwitchboardLists.swift for a block marked snippet-appkit: an AppKit table.
import AppKit

let tableView = NSTableView()
