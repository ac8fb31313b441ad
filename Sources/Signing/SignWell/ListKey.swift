/// The member under which a SignWell list answer carries its items.
enum ListKey: String, CodingKey, Sendable {
    /// `GET /documents` and `GET /bulk_sends/{id}/documents`.
    case documents
    /// `GET /document_templates`.
    case templates
    /// `GET /bulk_sends`.
    case bulkSends = "bulk_sends"
    /// `GET /api_applications`.
    case apiApplications = "api_applications"
}
