// An overlay of SwitchboardLists.swift for a block marked snippet-uikit: a UIKit table and the
// list proxy that serves it.
import SwitchboardUIKit
import UIKit

let tableView = UITableView()
let proxy = ListProxy<UITableView>(router: ListProxy<UITableView>.makeRouter(rules: [:]))
