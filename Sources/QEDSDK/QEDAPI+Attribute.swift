extension QEDAPI {
    /// The names of a report's attributes: the keys of
    /// ``QEDFile/dictionaryRepresentation()`` and the keys
    /// ``QEDFile/init(fromQEDAPIResponseDict:fileURL:)`` reads.
    ///
    /// `name`, `note`, `slug`, `hash` and `status` are also the names of the report's fields in
    /// the server's JSON. `ext` and `dateTaken` have no field of their own there: the SDK
    /// reports them inside the report's `meta_data` object, under these same names.
    public enum Attribute: String, CaseIterable, Sendable {
        /// The file's name without extension.
        case name
        /// The file's extension.
        case ext
        /// When the file was made, ISO 8601 in UTC with milliseconds.
        case dateTaken
        /// The note about the file.
        case note
        /// The report's identifier on the server.
        case slug
        /// The file's hex SHA-256.
        case hash
        /// The report's status, as ``QEDFile/ProofStatus/string`` writes it.
        case status
    }
}
