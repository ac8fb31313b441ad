import Foundation

/// What ``SignWellClient/createBulkSend(_:)`` sends: templates and a CSV file with one row
/// per document to make from them. ``SignWellClient/validateBulkSendCSV(_:)`` answers with
/// one too, as the server read it.
public struct BulkSendRequest: Codable, Hashable, Sendable {
    /// The templates each document is made from.
    public var templateIDs: [String]
    /// The CSV file, in Base64 (see ``SignWellClient/bulkSendCSVTemplate(templateIDs:)``).
    public var bulkSendCSV: String
    /// Whether rows with errors are skipped instead of failing the whole bulk send.
    public var skipRowErrors: Bool?
    /// The API application the documents belong to.
    public var apiApplicationID: String?
    /// The bulk send's name.
    public var name: String?
    /// The subject of the recipients' e-mail.
    public var subject: String?
    /// The message of the recipients' e-mail.
    public var message: String?
    /// Whether recipients sign one after another.
    public var applySigningOrder: Bool?
    /// The sender's name as recipients see it.
    public var customRequesterName: String?
    /// The sender's e-mail address as recipients see it.
    public var customRequesterEmail: String?

    /// Creates a bulk send of `csv` over the templates `templateIDs`.
    public init(templateIDs: [String], csv: Data) {
        self.templateIDs = templateIDs
        self.bulkSendCSV = csv.base64EncodedString()
    }

    private enum CodingKeys: String, CodingKey {
        case name, subject, message
        case templateIDs = "template_ids"
        case bulkSendCSV = "bulk_send_csv"
        case skipRowErrors = "skip_row_errors"
        case apiApplicationID = "api_application_id"
        case applySigningOrder = "apply_signing_order"
        case customRequesterName = "custom_requester_name"
        case customRequesterEmail = "custom_requester_email"
    }
}
