import Foundation
import JSON
import SQLKit

/// How a ``Document`` maps to a row of `repo_documents`.
enum DocumentRow {
    /// The columns of a document, in the order ``values(of:)`` gives them.
    static let columns = [
        "id", "parent_id", "name", "path", "pos", "primary_type", "mixin_types", "instance_facets", "lifecycle_state",
        "is_trashed", "is_version", "is_checked_in", "is_latest_version", "version_series_id", "version_label",
        "lock_owner", "lock_created", "change_token", "properties", "read_acl_id", "created_at", "modified_at",
        "blob_owner", "blob_bytes",
    ]

    /// Where `pos` is in ``columns``.
    static let positionColumn = columns.firstIndex(of: "pos")!

    /// ``columns`` as the text of a column list, for the statements of ``DocumentStore`` that
    /// insert or read whole documents: built once rather than serialized (each name quoted) per
    /// statement. None of the names needs quoting in SQLite or PostgreSQL.
    static let columnList = columns.joined(separator: ", ")

    /// The column values of `document`; `facets` is every facet (type and instance).
    static func values(of document: Document, facets: [String]) -> [any SQLExpression] {
        [
            SQLBind(document.id), SQLBind(document.parentID), SQLBind(document.name), SQLBind(document.path),
            SQLBind(document.position), SQLBind(document.type), SQLBind(mixinText(facets)),
            SQLBind(jsonText(.array(document.instanceFacets.map(JSONValue.string)))), SQLBind(document.state),
            SQLBind(document.isTrashed ? 1 : 0), SQLBind(document.isVersion ? 1 : 0), SQLBind(document.isCheckedIn ? 1 : 0),
            SQLBind(document.isLatestVersion ? 1 : 0), SQLBind(document.versionSeriesID), SQLBind(document.versionLabel),
            SQLBind(document.lockOwner), SQLBind(document.lockCreated), SQLBind(document.changeToken),
            SQLBind(jsonText(.object(document.properties))), SQLBind(document.readACLID),
            SQLBind(document.createdAt), SQLBind(document.modifiedAt),
            SQLBind(blobOwner(of: document.properties)), SQLBind(blobBytes(of: document.properties)),
        ]
    }

    /// Whom a document's blobs count against for storage quotas: its creator (`dc:creator`,
    /// which only the server sets), or `nil` for a document without one.
    static func blobOwner(of properties: [String: JSONValue]) -> String? {
        properties["dc:creator"]?.stringValue
    }

    /// The total length of the blobs a document holds.
    static func blobBytes(of properties: [String: JSONValue]) -> Int64 {
        properties.values.flatMap(BlobInfo.all(in:)).reduce(0) { $0 + $1.length }
    }

    /// The document in `row`.
    static func document(from row: any SQLRow) throws -> Document {
        Document(
            id: try row.decode(column: "id", as: String.self),
            parentID: try row.decode(column: "parent_id", as: String?.self),
            name: try row.decode(column: "name", as: String.self),
            path: try row.decode(column: "path", as: String.self),
            position: try row.decode(column: "pos", as: Int.self),
            type: try row.decode(column: "primary_type", as: String.self),
            instanceFacets: try JSONValue.parseStrings(row.decode(column: "instance_facets", as: String.self).utf8),
            state: try row.decode(column: "lifecycle_state", as: String?.self),
            isTrashed: try row.decode(column: "is_trashed", as: Int.self) != 0,
            isVersion: try row.decode(column: "is_version", as: Int.self) != 0,
            isCheckedIn: try row.decode(column: "is_checked_in", as: Int.self) != 0,
            isLatestVersion: try row.decode(column: "is_latest_version", as: Int.self) != 0,
            versionSeriesID: try row.decode(column: "version_series_id", as: String?.self),
            versionLabel: try row.decode(column: "version_label", as: String?.self),
            lockOwner: try row.decode(column: "lock_owner", as: String?.self),
            lockCreated: try row.decode(column: "lock_created", as: Date?.self),
            changeToken: try row.decode(column: "change_token", as: Int.self),
            properties: try JSONValue.parseObject(row.decode(column: "properties", as: String.self).utf8),
            readACLID: try row.decode(column: "read_acl_id", as: String.self),
            createdAt: try row.decode(column: "created_at", as: Date.self),
            modifiedAt: try row.decode(column: "modified_at", as: Date.self)
        )
    }

    /// Facets as stored for NXQL's `ecm:mixinType`: `|Folderish|SuperSpace|`.
    static func mixinText(_ facets: [String]) -> String { "|" + facets.joined(separator: "|") + "|" }

    /// `value` as stored JSON text (the text `JSONEncoder` writes with sorted keys, without
    /// building the encoder's containers for every document written).
    private static func jsonText(_ value: JSONValue) -> String {
        var writer = JSONWriter()
        writer.value(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
