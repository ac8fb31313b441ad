import Foundation
import JSON
import Storage

/// A `repo_directory_entries` row, decoded by column name.
struct DirectoryEntryRow: TableRow {
    /// The columns.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case directory, id, properties
    }

    /// The directory's name.
    let directory: String
    /// The entry's id.
    let id: String
    /// The entry's properties, as the JSON text of an object.
    let properties: String

    /// The entry the row holds.
    ///
    /// - Throws: `DecodingError` when ``properties`` is not the JSON text of an object.
    func entry() throws -> DirectoryEntry {
        DirectoryEntry(
            directory: directory, id: id, properties: try JSONValue.parseObject(properties.utf8))
    }
}
