import Foundation

/// Documents made from the same templates, one for each row of a CSV file.
///
/// The documents themselves are ordinary documents; the bulk send lists them in the order of
/// their rows (see ``BulkSendStore``), so a document deleted later drops out of it.
public struct BulkSend: Codable, Sendable {
    /// A template the documents were made from, with its name when the bulk send was made.
    public struct Template: Codable, Sendable, Equatable {
        /// The template's id.
        public var id: String
        /// The template's name.
        public var name: String
    }

    /// A row of the CSV file that made no document, because `skip_row_errors` let the others go
    /// ahead without it.
    public struct SkippedRow: Codable, Sendable, Equatable {
        /// The row, counted from 1 with the header as row 1.
        public var row: Int
        /// What is wrong with it.
        public var errors: [String]
    }

    /// The bulk send's id (a UUID, lowercase).
    public var id: String
    /// The user who made it.
    public var ownerID: String
    /// Its name, which each document also takes unless its template gives one.
    public var name: String
    /// The templates, in order.
    public var templates: [Template]
    /// The API application the documents belong to.
    public var apiApplicationID: String?
    /// The rows that made no document.
    public var skippedRows: [SkippedRow]
    /// When it was made.
    public var createdAt: Date
}
