/// The `signing_templates` table: each template as one JSON body, with the columns lists filter
/// and sort on. Writes check the template's version, as ``DocumentStore``'s do. Deleting a
/// template leaves its files in the blob store, which documents made from it share.
typealias TemplateStore = JSONBodyTable<SigningTemplate>

extension SigningTemplate: VersionedRecord {
    /// The templates' table.
    static var tableName: String { "signing_templates" }

    /// The template's ``status``: `Draft` or `Available`.
    var storedStatus: String { status }
}
