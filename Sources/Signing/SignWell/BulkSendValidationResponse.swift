import HTTPSupport
import Hummingbird

/// SignWell's `BulkSendValidateCsvResponse`: a valid bulk-send request with its defaults, the
/// templates' where the request leaves them out, and the number of documents it would make.
/// Absent texts are left out.
struct BulkSendValidationResponse: ResponseEncodable, Sendable {
    /// The CSV file, in base64, as the request gave it.
    let bulkSendCSV: String
    /// The templates.
    let templateIDs: [String]
    /// Whether rows with errors would be left out.
    let skipRowErrors: Bool
    /// Whether the recipients would sign in turn.
    let applySigningOrder: Bool
    /// The documents it would make.
    let documentsCount: Int
    /// The bulk send's name.
    let name: String?
    /// The subject of the emails.
    let subject: String?
    /// The message of the emails.
    let message: String?
    /// The API application it would be made for.
    let apiApplicationID: String?

    enum CodingKeys: String, CodingKey {
        case name, subject, message
        case bulkSendCSV = "bulk_send_csv"
        case templateIDs = "template_ids"
        case skipRowErrors = "skip_row_errors"
        case applySigningOrder = "apply_signing_order"
        case documentsCount = "documents_count"
        case apiApplicationID = "api_application_id"
    }

    /// `request`, which would make `documentsCount` documents from templates whose first is
    /// `first`.
    init(_ request: BulkSendRequest, first: SigningTemplate, documentsCount: Int) {
        bulkSendCSV = request.csvBase64
        templateIDs = request.templateIDs
        skipRowErrors = request.skipRowErrors
        applySigningOrder = request.options.applySigningOrder ?? first.applySigningOrder
        self.documentsCount = documentsCount
        name = request.name ?? first.name
        subject = request.options.subject ?? first.subject
        message = request.options.message ?? first.message
        apiApplicationID = request.options.apiApplicationID ?? first.apiApplicationID
    }
}
