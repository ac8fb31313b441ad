import Foundation

/// A bulk send, as the server describes it: documents made from templates, one per CSV row.
public struct BulkSend: Codable, Hashable, Sendable {
    /// A template of a bulk send.
    public struct TemplateReference: Codable, Hashable, Sendable {
        /// The template's identifier.
        public var id: String
        /// The template's name.
        public var name: String?
    }

    /// The bulk send's identifier.
    public var id: String
    /// The bulk send's name.
    public var name: String?
    /// Its state, such as `processing` or `complete`.
    public var status: String?
    /// How many documents it made.
    public var documentsCount: Int?
    /// How many of them are completed.
    public var documentsCompleted: Int?
    /// How many of them are not completed yet.
    public var documentsNotCompleted: Int?
    /// The templates' identifiers.
    public var templateIDs: [String]?
    /// The templates, with their names.
    public var templates: [TemplateReference]?
    /// The API application it belongs to.
    public var apiApplicationID: String?
    /// The user who made it.
    public var userID: String?
    /// When it was made.
    public var createdAt: Date?

    /// Describes a bulk send.
    public init(id: String) {
        self.id = id
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, status, templates
        case documentsCount = "documents_count"
        case documentsCompleted = "documents_completed"
        case documentsNotCompleted = "documents_not_completed"
        case templateIDs = "template_ids"
        case apiApplicationID = "api_application_id"
        case userID = "user_id"
        case createdAt = "created_at"
    }
}
