import Accounts
import Foundation
import JSON

/// A create-template request (`DocumentTemplateRequest`) read and checked: every problem of
/// the request is reported at once as `422 {"errors": {path: [message]}}`.
///
/// Fields, attachment requests and checkbox groups name a placeholder by `placeholder_id`.
/// Placeholder ids and names are unique (names case-insensitively, since documents assign
/// recipients by name), and so are the fields' `api_id`s, which `template_fields` and bulk-send
/// columns refer to. Preset field values are checked as ``FieldPreset`` checks them.
struct TemplateRequest: Sendable {
    /// The files and where their bytes come from.
    var files: [DocumentRequest.File]
    /// The template's name.
    var name: String?
    /// The subject of the emails to recipients.
    var subject: String?
    /// The message of the emails to recipients.
    var message: String?
    /// The roles that sign, in signing order.
    var placeholders: [TemplatePlaceholder]
    /// The roles copied on the completed document.
    var copiedPlaceholders: [CopiedPlaceholder]
    /// Whether the template is still being prepared.
    var draft: Bool
    /// Days from sending until a document expires.
    var expiresIn: Int?
    /// Whether reminders are sent.
    var reminders: Bool
    /// Whether recipients sign one after another.
    var applySigningOrder: Bool
    /// The API application documents belong to.
    var apiApplicationID: String?
    /// Whether text tags were to be turned into fields.
    var textTags: Bool
    /// Where the signing page sends a recipient who has signed.
    var redirectURL: String?
    /// Where the signing page sends a recipient who has declined.
    var declineRedirectURL: String?
    /// Whether recipients may decline.
    var allowDecline: Bool
    /// Whether recipients may hand their part to someone else.
    var allowReassign: Bool
    /// The language of the signing page and emails.
    var language: String?
    /// The caller's key-value pairs.
    var metadata: [String: String]
    /// Fields by file; `recipientID` is a placeholder id.
    var fields: [[DocumentField]]
    /// Files placeholders are asked to attach, by placeholder id.
    var attachmentRequests: [AttachmentRequest]
    /// Labels.
    var labels: [DocumentLabel]
    /// Rules over groups of a placeholder's checkboxes, by placeholder id.
    var checkboxGroups: [CheckboxGroup]

    /// Reads `body`.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 with every problem found.
    init(body: [String: JSONValue]) throws {
        let reader = RequestReader()
        files = reader.files(body)
        name = reader.string(body, "name", at: "name", maxLength: 255)
        subject = reader.string(body, "subject", at: "subject", maxLength: 255)
        message = reader.string(body, "message", at: "message", maxLength: 4000)
        placeholders = Self.placeholders(body, reader: reader)
        copiedPlaceholders = reader.objects(body, "copied_placeholders", at: "copied_placeholders").enumerated().compactMap { index, item in
            let (path, placeholder) = item
            let name = reader.string(placeholder, "name", at: "\(path).name", required: true, maxLength: 255)
            let (preassignedName, preassignedEmail) = Self.preassigned(placeholder, at: path, reader: reader)
            return name.map {
                CopiedPlaceholder(id: String(index + 1), name: $0, preassignedName: preassignedName, preassignedEmail: preassignedEmail)
            }
        }
        draft = reader.bool(body, "draft", at: "draft", default: false)
        expiresIn = reader.integer(body, "expires_in", at: "expires_in", in: 1...365)
        reminders = reader.bool(body, "reminders", at: "reminders", default: true)
        applySigningOrder = reader.bool(body, "apply_signing_order", at: "apply_signing_order", default: false)
        apiApplicationID = reader.string(body, "api_application_id", at: "api_application_id", maxLength: 64)
        textTags = reader.bool(body, "text_tags", at: "text_tags", default: false)
        redirectURL = reader.webURL(body, "redirect_url")
        declineRedirectURL = reader.webURL(body, "decline_redirect_url")
        allowDecline = reader.bool(body, "allow_decline", at: "allow_decline", default: true)
        allowReassign = reader.bool(body, "allow_reassign", at: "allow_reassign", default: true)
        language = reader.language(body)
        metadata = reader.metadata(body) ?? [:]
        labels = reader.labels(body) ?? []
        let placeholderIDs = Set(placeholders.map(\.id))
        fields = Self.fields(body, placeholderIDs: placeholderIDs, reader: reader)
        if fields.count > files.count, !files.isEmpty {
            reader.fail("fields", "has \(fields.count) lists of fields but there are \(files.count) files")
        }
        var seenAPIIDs: Set<String> = []
        let repeated = Set(fields.joined().compactMap(\.apiID).filter { !seenAPIIDs.insert($0).inserted })
        if !repeated.isEmpty {
            reader.fail("fields", "uses these api_ids for more than one field: " + repeated.sorted().joined(separator: ", "))
        }
        attachmentRequests = reader.attachmentRequests(body, recipientKey: "placeholder_id", recipientIDs: placeholderIDs)
        checkboxGroups = reader.checkboxGroups(body, recipientKey: "placeholder_id", recipientIDs: placeholderIDs) ?? []
        try reader.throwIfFailed("The template is invalid.")
    }

    /// The template this request describes, with its files stored as `files`. Fields on pages
    /// their file does not have are left out, as SignWell leaves them out.
    func template(id: String, ownerID: String, files: [TemplateFile], at now: Date) -> SigningTemplate {
        let placed = fields.enumerated().flatMap { fileIndex, list in
            list.filter { files.indices.contains(fileIndex) && $0.page <= files[fileIndex].pageCount }
        }
        return SigningTemplate(
            id: id, ownerID: ownerID, name: name, subject: subject, message: message, draft: draft,
            placeholders: placeholders, copiedPlaceholders: copiedPlaceholders, files: files, fields: placed,
            expiresIn: expiresIn, reminders: reminders, applySigningOrder: applySigningOrder, apiApplicationID: apiApplicationID,
            textTags: textTags, redirectURL: redirectURL, declineRedirectURL: declineRedirectURL, allowDecline: allowDecline,
            allowReassign: allowReassign, language: language, metadata: metadata, labels: labels,
            attachmentRequests: attachmentRequests, checkboxGroups: checkboxGroups, createdAt: now, updatedAt: now, version: 1
        )
    }

    private static func placeholders(_ body: [String: JSONValue], reader: RequestReader) -> [TemplatePlaceholder] {
        var ids: Set<String> = []
        var names: Set<String> = []
        return reader.objects(body, "placeholders", at: "placeholders", required: true).enumerated().compactMap { index, item in
            let (path, placeholder) = item
            let id = reader.string(placeholder, "id", at: "\(path).id", required: true, maxLength: 64)
            let name = reader.string(placeholder, "name", at: "\(path).name", required: true, maxLength: 255)
            if let id, !ids.insert(id).inserted { reader.fail("\(path).id", "is used by another placeholder") }
            if let name, !names.insert(CombinedTemplates.key(name)).inserted { reader.fail("\(path).name", "is the name of another placeholder") }
            let (preassignedName, preassignedEmail) = preassigned(placeholder, at: path, reader: reader)
            guard let id, let name else { return nil }
            return TemplatePlaceholder(
                id: id, name: name, preassignedName: preassignedName, preassignedEmail: preassignedEmail, signingOrder: index + 1)
        }
    }

    /// `preassigned_recipient_name` and `preassigned_recipient_email`.
    private static func preassigned(_ placeholder: [String: JSONValue], at path: String, reader: RequestReader) -> (String?, String?) {
        let name = reader.string(placeholder, "preassigned_recipient_name", at: "\(path).preassigned_recipient_name", maxLength: 255)
        let email = reader.string(placeholder, "preassigned_recipient_email", at: "\(path).preassigned_recipient_email", maxLength: 255)
        if let email, !EmailAddress.isPlausible(email) {
            reader.fail("\(path).preassigned_recipient_email", "is not an email address")
            return (name, nil)
        }
        return (name, email)
    }

    /// The `fields` member: one list per file, each field for a placeholder, preset values
    /// checked.
    private static func fields(_ body: [String: JSONValue], placeholderIDs: Set<String>, reader: RequestReader) -> [[DocumentField]] {
        FieldRequest.fields(body, recipientIDs: placeholderIDs, defaultRecipient: nil, recipientKey: "placeholder_id", reader: reader) {
            field, path in
            guard let value = field.value else { return }
            switch FieldPreset.value(value, for: field) {
            case .success(let preset): field.value = preset
            case .failure(let refusal): reader.fail("\(path).value", refusal.message)
            }
        }
    }
}
