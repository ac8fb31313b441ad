import Foundation
import Storage

/// A `repo_property_indexes` row, decoded by column name.
struct IndexedPropertyRow: TableRow {
    /// The columns.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case property
        case indexName = "index_name"
        case createdAt = "created_at"
    }

    /// The property, as NXQL names it.
    let property: String
    /// The database index's name.
    let indexName: String
    /// When the index was built.
    let createdAt: Date

    /// The indexed property the row records.
    var indexedProperty: PropertyIndexes.IndexedProperty {
        PropertyIndexes.IndexedProperty(property: property, indexName: indexName, createdAt: createdAt)
    }
}
