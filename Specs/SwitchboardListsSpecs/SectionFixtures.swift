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
  func cell(forRow row: Int, in context: ListSectionContext<ListView>) throws -> ListCell {
    askedRows.append(row)
    let cell = try context.dequeueCell(ListCell.self, forRow: row)
    cell.text = rows[row]
    return cell
  }
  func didSelectRow(_ row: Int, in context: ListSectionContext<ListView>) {
    selectedRows.append(row)
  }
}

struct Person: CellModel {
  typealias Cell = PersonCell
  let id: Int
  var name: String
}

final class PersonCell: ListCell, ConfigurableCell {
  func configure(with person: Person) { text = "👤 \(person.name)" }
}

struct Place: CellModel {
  typealias Cell = PlaceCell
  let id: Int
  var city: String
}

final class PlaceCell: ListCell, ConfigurableCell {
  func configure(with place: Place) { text = "📍 \(place.city)" }
}
