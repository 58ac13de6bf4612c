import Foundation
import SwitchboardLists

/// A section that records the rows it was asked about, to prove it sees local rows.
final class LoggingSection: ListSection {
  let name: String
  var rows: [String]
  var askedRows: [Int] = []
  var selectedRows: [Int] = []
  init(_ name: String, rows: [String]) {
    self.name = name
    self.rows = rows
  }
  var numberOfRows: Int { rows.count }
  var headerTitle: String? { name }
  func cell(forRow row: Int, at indexPath: IndexPath, in list: ListView) throws -> ListCell {
    askedRows.append(row)
    let cell = try list.dequeueCell(ListCell.self, for: indexPath)
    cell.text = rows[row]
    return cell
  }
  func didSelectRow(_ row: Int, at indexPath: IndexPath, in list: ListView) {
    selectedRows.append(row)
  }
}

struct Person: CellModel {
  let id: Int
  var name: String
  func configure(_ cell: PersonCell) { cell.text = "👤 \(name)" }
}

final class PersonCell: ListCell {}

struct Place: CellModel {
  let id: Int
  var city: String
  func configure(_ cell: PlaceCell) { cell.text = "📍 \(city)" }
}

final class PlaceCell: ListCell {}
