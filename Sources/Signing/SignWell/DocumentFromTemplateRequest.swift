import Foundation
import HTTPSupport
import HTTPTypes
import JSON

/// A create-document-from-template request (`DocumentFromTemplateRequest`) read and checked.
///
/// `template_id` or `template_ids` (not both) names the templates; several templates make one
/// document of all their files, in order. Each recipient is assigned to a placeholder by
/// `placeholder_name` (case-insensitively); `exclude_placeholders` leaves placeholders out with
/// their fields; `template_fields` presets the values of fields by `api_id`. Settings the
/// request leaves out come from the first template. Appending files (`files`, `fields`) is
/// not supported and is refused rather than ignored.
///
/// Reading the body checks what can be checked alone; ``documentRequest(for:)`` checks the
/// rest against the templates. Both report every problem at once as
/// `422 {"errors": {path: [message]}}`.
struct DocumentFromTemplateRequest: Sendable {
    /// A recipient and the placeholder they take.
    struct Recipient: Sendable {
        /// The recipient.
        var recipient: DocumentRequest.Recipient
        /// The name of their placeholder, as sent.
        var placeholderName: String
        /// Where the recipient is in the request.
        var path: String
    }

    /// A preset value of the fields with one `api_id`.
    struct FieldValue: Sendable {
        /// The `api_id` of the fields.
        var apiID: String
        /// The value, as sent.
        var value: JSONValue
        /// Where the value is in the request.
        var path: String
    }

    /// An excluded placeholder's name, with where it is in the request.
    struct Exclusion: Sendable {
        /// The name, as sent.
        var name: String
        var path: String
    }

    /// The templates, in order.
    var templateIDs: [String]
    /// Where each template id is in the request.
    var templateIDPaths: [String]
    /// The recipients, each for a placeholder.
    var recipients: [Recipient]
    /// The placeholders left out.
    var exclusions: [Exclusion]
    /// The preset values, by `api_id`.
    var fieldValues: [FieldValue]
    /// The document's settings.
    var options: TemplateDocumentOptions

    /// The most templates one document is made from.
    static let maximumTemplates = 20

    /// Reads `body`.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 with every problem found.
    init(body: [String: JSONValue]) throws {
        let reader = RequestReader()
        let single = reader.string(body, "template_id", at: "template_id", maxLength: 64)
        let several = reader.array(body, "template_ids", at: "template_ids")
        switch (single, several.isEmpty) {
        case (let id?, true):
            templateIDs = [id]
            templateIDPaths = ["template_id"]
        case (nil, false):
            templateIDs = several.enumerated().compactMap { index, id in
                guard case .string(let text) = id, !text.isEmpty else {
                    reader.fail("template_ids[\(index)]", "must be a template id")
                    return nil
                }
                return text
            }
            templateIDPaths = templateIDs.indices.map { "template_ids[\($0)]" }
            if several.count > Self.maximumTemplates { reader.fail("template_ids", "can name at most \(Self.maximumTemplates) templates") }
        case (nil, true):
            templateIDs = []
            templateIDPaths = []
            reader.fail("template_id", "is required unless template_ids is given")
        case (_?, false):
            templateIDs = []
            templateIDPaths = []
            reader.fail("template_id", "must not be given together with template_ids")
        }
        recipients = Self.recipients(body, reader: reader)
        exclusions = reader.array(body, "exclude_placeholders", at: "exclude_placeholders").enumerated().compactMap { index, name in
            guard case .string(let text) = name else {
                reader.fail("exclude_placeholders[\(index)]", "must be a placeholder name")
                return nil
            }
            return Exclusion(name: text, path: "exclude_placeholders[\(index)]")
        }
        fieldValues = reader.objects(body, "template_fields", at: "template_fields").compactMap { path, member in
            let apiID = reader.string(member, "api_id", at: "\(path).api_id", required: true, maxLength: 255)
            guard let value = member["value"], value != .null else {
                reader.fail("\(path).value", "is required")
                return nil
            }
            switch value {
            case .array, .object:
                reader.fail("\(path).value", "must be a string, a boolean or a number")
                return nil
            default: return apiID.map { FieldValue(apiID: $0, value: value, path: path) }
            }
        }
        if !reader.array(body, "files", at: "files").isEmpty {
            reader.fail("files", "cannot be added to a document made from templates; add the files to a template instead")
        }
        if reader.array(body, "fields", at: "fields").contains(where: { $0 != .array([]) }) {
            reader.fail("fields", "cannot be added to a document made from templates; place them in a template instead")
        }
        options = Self.options(body, recipientIDs: Set(recipients.map(\.recipient.id)), reader: reader)
        try reader.throwIfFailed()
    }

    /// The create request of the document `combined` makes for this request.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 for recipients of unknown or excluded
    ///   placeholders, two recipients for one placeholder, placeholders with fields left
    ///   without a recipient, unknown `api_id`s, values a field does not take, and a document
    ///   that would have no fields to sign.
    func documentRequest(for combined: CombinedTemplates) throws -> DocumentRequest {
        let reader = RequestReader()
        let names = combined.placeholders.map(\.name).joined(separator: ", ")
        var excluded: Set<String> = []
        for exclusion in exclusions {
            guard let placeholder = combined.placeholder(named: exclusion.name) else {
                reader.fail(exclusion.path, "is not the name of a placeholder of the template (placeholders: \(names))")
                continue
            }
            excluded.insert(placeholder.key)
        }
        if !combined.placeholders.isEmpty, combined.placeholders.allSatisfy({ excluded.contains($0.key) }) {
            reader.fail("exclude_placeholders", "leaves no placeholder; at least one recipient must remain")
        }
        var assigned: [String: DocumentRequest.Recipient] = [:]
        for recipient in recipients {
            guard let placeholder = combined.placeholder(named: recipient.placeholderName) else {
                reader.fail("\(recipient.path).placeholder_name", "is not the name of a placeholder of the template (placeholders: \(names))")
                continue
            }
            if excluded.contains(placeholder.key) {
                reader.fail("\(recipient.path).placeholder_name", "names a placeholder that exclude_placeholders leaves out")
            } else if assigned[placeholder.key] != nil {
                reader.fail("\(recipient.path).placeholder_name", "names a placeholder another recipient is assigned to")
            } else {
                assigned[placeholder.key] = recipient.recipient
            }
        }
        for placeholder in combined.unassignedPlaceholders(assigned: Set(assigned.keys), excluded: excluded) {
            reader.fail("recipients", "needs a recipient for placeholder \(placeholder.name), which has fields (or name it in exclude_placeholders)")
        }
        var values: [Int: JSONValue] = [:]
        for fieldValue in fieldValues {
            let indices = combined.fieldIndices(apiID: fieldValue.apiID)
            if indices.isEmpty { reader.fail("\(fieldValue.path).api_id", "is not the api_id of a field of the template") }
            for index in indices where !excluded.contains(combined.fields[index].placeholderKey) {
                switch FieldPreset.value(fieldValue.value, for: combined.fields[index].field) {
                case .success(let value): values[index] = value
                case .failure(let refusal): reader.fail("\(fieldValue.path).value", refusal.message)
                }
            }
        }
        try reader.throwIfFailed()
        let request = combined.documentRequest(recipients: assigned, excluded: excluded, values: values, options: options)
        if !request.draft && !request.withSignaturePage && request.fields.allSatisfy(\.isEmpty) {
            throw APIError(
                .unprocessableContent, "The document would have no fields.",
                fieldErrors: [
                    "fields": ["can't be blank: the template gives the recipients no fields; set with_signature_page, or draft"]
                ])
        }
        return request
    }

    private static func recipients(_ body: [String: JSONValue], reader: RequestReader) -> [Recipient] {
        // Required, but may be empty when every placeholder with fields has a preassigned person.
        if body["recipients"] == nil || body["recipients"] == .null { reader.fail("recipients", "is required") }
        var seenIDs: Set<String> = []
        return reader.objects(body, "recipients", at: "recipients").compactMap { path, member in
            let recipient = reader.recipient(member, at: path, seenIDs: &seenIDs)
            let placeholderName = reader.string(member, "placeholder_name", at: "\(path).placeholder_name", required: true, maxLength: 255)
            guard let recipient, let placeholderName else { return nil }
            return Recipient(recipient: recipient, placeholderName: placeholderName, path: path)
        }
    }

    private static func options(_ body: [String: JSONValue], recipientIDs: Set<String>, reader: RequestReader) -> TemplateDocumentOptions {
        var options = TemplateDocumentOptions()
        options.name = reader.string(body, "name", at: "name", maxLength: 255)
        options.subject = reader.string(body, "subject", at: "subject", maxLength: 255)
        options.message = reader.string(body, "message", at: "message", maxLength: 4000)
        options.draft = reader.bool(body, "draft", at: "draft", default: false)
        options.testMode = reader.bool(body, "test_mode", at: "test_mode", default: false)
        options.embeddedSigning = reader.bool(body, "embedded_signing", at: "embedded_signing", default: false)
        options.embeddedSigningNotifications = reader.bool(
            body, "embedded_signing_notifications", at: "embedded_signing_notifications", default: false)
        options.withSignaturePage = reader.bool(body, "with_signature_page", at: "with_signature_page", default: false)
        options.textTags = reader.optionalBool(body, "text_tags")
        options.reminders = reader.optionalBool(body, "reminders")
        options.applySigningOrder = reader.optionalBool(body, "apply_signing_order")
        options.allowDecline = reader.optionalBool(body, "allow_decline")
        options.allowReassign = reader.optionalBool(body, "allow_reassign")
        options.expiresIn = reader.integer(body, "expires_in", at: "expires_in", in: 1...365)
        options.language = reader.language(body)
        options.redirectURL = reader.webURL(body, "redirect_url")
        options.declineRedirectURL = reader.webURL(body, "decline_redirect_url")
        options.customRequesterName = reader.string(body, "custom_requester_name", at: "custom_requester_name", maxLength: 255)
        options.customRequesterEmail = reader.string(body, "custom_requester_email", at: "custom_requester_email", maxLength: 255)
        options.apiApplicationID = reader.string(body, "api_application_id", at: "api_application_id", maxLength: 64)
        options.metadata = reader.metadata(body)
        options.labels = reader.labels(body)
        options.copiedContacts = reader.copiedContacts(body)
        options.attachmentRequests = reader.attachmentRequests(body, recipientKey: "recipient_id", recipientIDs: recipientIDs)
        options.checkboxGroups = reader.checkboxGroups(body, recipientKey: "recipient_id", recipientIDs: recipientIDs) ?? []
        return options
    }
}
