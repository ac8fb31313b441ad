import SQLiteKit

/// One row an ``SQLiteSession`` query returned, read through SQLKit's `SQLRow`.
///
/// Its values are decoded as SQLiteKit decodes them (`SQLiteDataDecoder`), so rows read the
/// same as they did through SQLiteKit's connections.
struct SQLiteResultRow: SQLRow {
    /// The names of the columns, shared by every row of the query.
    let columns: [String]
    /// The row's values, one per column.
    let values: [SQLiteData]

    /// Decodes every row's values.
    private static let decoder = SQLiteDataDecoder()

    var allColumns: [String] { columns }

    func contains(column: String) -> Bool { columns.contains(column) }

    func decodeNil(column: String) throws -> Bool {
        guard let index = columns.firstIndex(of: column) else { return true }
        return values[index] == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let index = columns.firstIndex(of: column) else {
            throw DecodingError.valueNotFound(type, .init(codingPath: [], debugDescription: "the row has no column \(column)"))
        }
        return try Self.decoder.decode(type, from: values[index])
    }
}
