import Foundation
import JSON

/// A create-bulk-send request (`CreateBulkSendRequest`) or a validate-CSV request
/// (`BulkSendCsvRequest`, which has only the first two members) read and checked:
/// `template_ids`, `bulk_send_csv` (base64, at most ``maximumCSVSize`` bytes decoded, read as
/// ``CSVTable``), `skip_row_errors`, and the documents' `name`, `subject`, `message`,
/// `apply_signing_order`, `api_application_id`, `custom_requester_name` and
/// `custom_requester_email`.
struct BulkSendRequest: Sendable {
    /// The templates, in order.
    var templateIDs: [String]
    /// Where each template id is in the request.
    var templateIDPaths: [String]
    /// The CSV as sent, in base64.
    var csvBase64: String
    /// The CSV's records.
    var table: CSVTable
    /// Whether rows with errors are left out instead of refusing the whole bulk send.
    var skipRowErrors: Bool
    /// The bulk send's name, which each document takes too.
    var name: String?
    /// What each document is made with besides its recipients.
    var options: TemplateDocumentOptions

    /// The largest CSV file, decoded.
    static let maximumCSVSize = 1 << 20

    /// Reads `body`.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 with every problem found.
    init(body: [String: JSONValue]) throws {
        let reader = RequestReader()
        let ids = reader.array(body, "template_ids", at: "template_ids", required: true)
        templateIDs = ids.enumerated().compactMap { index, id in
            guard case .string(let text) = id, !text.isEmpty else {
                reader.fail("template_ids[\(index)]", "must be a template id")
                return nil
            }
            return text
        }
        templateIDPaths = templateIDs.indices.map { "template_ids[\($0)]" }
        if ids.count > DocumentFromTemplateRequest.maximumTemplates {
            reader.fail("template_ids", "can name at most \(DocumentFromTemplateRequest.maximumTemplates) templates")
        }
        csvBase64 = reader.string(body, "bulk_send_csv", at: "bulk_send_csv", required: true, maxLength: Self.maximumCSVSize * 2) ?? ""
        table = CSVTable(records: [])
        if !csvBase64.isEmpty {
            do {
                table = try CSVTable(try Base64FileDecoder.decode(csvBase64, maximumSize: Self.maximumCSVSize))
            } catch let failure as IntakeFailure {
                reader.fail("bulk_send_csv", failure.message.replacingOccurrences(of: "the file", with: "the CSV"))
            } catch let malformed as CSVTable.Malformed {
                reader.fail("bulk_send_csv", "is not a valid CSV file: \(malformed)")
            }
        }
        skipRowErrors = reader.bool(body, "skip_row_errors", at: "skip_row_errors", default: false)
        name = reader.string(body, "name", at: "name", maxLength: 255)
        var options = TemplateDocumentOptions()
        options.name = name
        options.subject = reader.string(body, "subject", at: "subject", maxLength: 255)
        options.message = reader.string(body, "message", at: "message", maxLength: 4000)
        options.applySigningOrder = reader.optionalBool(body, "apply_signing_order")
        options.apiApplicationID = reader.string(body, "api_application_id", at: "api_application_id", maxLength: 64)
        options.customRequesterName = reader.string(body, "custom_requester_name", at: "custom_requester_name", maxLength: 255)
        options.customRequesterEmail = reader.string(body, "custom_requester_email", at: "custom_requester_email", maxLength: 255)
        self.options = options
        try reader.throwIfFailed("The bulk send is invalid.")
    }
}
