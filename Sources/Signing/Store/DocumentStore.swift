/// The `signing_documents` table: each document as one JSON body, with the columns lists filter
/// on. Writes check the document's version (see ``VersionedRecord``).
typealias DocumentStore = JSONBodyTable<SigningDocument>

extension SigningDocument: VersionedRecord {
    /// The documents' table.
    static var tableName: String { "signing_documents" }

    /// The document's ``status`` by its SignWell name.
    var storedStatus: String { status.rawValue }
}
