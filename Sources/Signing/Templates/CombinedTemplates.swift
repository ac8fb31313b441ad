import Foundation
import HTTPSupport
import JSON

/// The templates one document is made from, used together: their files one after another,
/// their fields on those files, and their placeholders joined by name, case-insensitively, so
/// that a "Client" in two templates is one person who signs the fields of both.
///
/// Placeholders keep the order of the templates and, within each, their signing order; the
/// document's recipients sign in that order when it applies one.
struct CombinedTemplates: Sendable {
    /// A placeholder of one or more of the templates.
    struct Placeholder: Sendable, Equatable {
        /// The name folded for matching (see ``key(_:)``).
        var key: String
        /// The name as the first template that has it spells it.
        var name: String
        /// The name of the person always assigned, from the first template that has one.
        var preassignedName: String?
        /// The email of the person always assigned, from the first template that has one.
        var preassignedEmail: String?
        /// Whether any of the templates gives it fields.
        var hasFields: Bool
    }

    /// A field of one of the templates, on the combined files.
    struct Field: Sendable {
        /// The field; its ``DocumentField/fileIndex`` counts the combined files, its
        /// ``DocumentField/recipientID`` is still its template's placeholder id.
        var field: DocumentField
        /// The key of its placeholder.
        var placeholderKey: String
        /// The name of its placeholder as its template spells it.
        var placeholderName: String
    }

    /// The templates, in the order given.
    let templates: [SigningTemplate]
    /// Every placeholder once.
    let placeholders: [Placeholder]
    /// Every template's files, in order.
    let files: [TemplateFile]
    /// Every template's fields.
    let fields: [Field]

    /// Combines `templates`, which must not be empty.
    init(_ templates: [SigningTemplate]) {
        var placeholders: [Placeholder] = []
        var files: [TemplateFile] = []
        var fields: [Field] = []
        for template in templates {
            for placeholder in template.placeholders.sorted(by: { $0.signingOrder < $1.signingOrder }) {
                let key = Self.key(placeholder.name)
                let hasFields = template.fields.contains { $0.recipientID == placeholder.id }
                if let index = placeholders.firstIndex(where: { $0.key == key }) {
                    placeholders[index].hasFields = placeholders[index].hasFields || hasFields
                    if placeholders[index].preassignedEmail == nil, let email = placeholder.preassignedEmail {
                        placeholders[index].preassignedEmail = email
                        placeholders[index].preassignedName = placeholder.preassignedName
                    }
                } else {
                    placeholders.append(
                        Placeholder(
                            key: key, name: placeholder.name, preassignedName: placeholder.preassignedName,
                            preassignedEmail: placeholder.preassignedEmail, hasFields: hasFields
                        ))
                }
            }
            for var field in template.fields {
                guard let placeholder = template.placeholder(field.recipientID) else { continue }
                field.fileIndex += files.count
                fields.append(Field(field: field, placeholderKey: Self.key(placeholder.name), placeholderName: placeholder.name))
            }
            files += template.files
        }
        self.templates = templates
        self.placeholders = placeholders
        self.files = files
        self.fields = fields
    }

    /// A placeholder name folded for matching: trimmed and lowercased.
    static func key(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The placeholder named `name`, case-insensitively.
    func placeholder(named name: String) -> Placeholder? {
        let key = Self.key(name)
        return placeholders.first { $0.key == key }
    }

    /// The indices in ``fields`` of the fields whose `api_id` is `apiID` (case-sensitive, as
    /// SignWell's).
    func fieldIndices(apiID: String) -> [Int] {
        fields.indices.filter { fields[$0].field.apiID == apiID }
    }

    /// The placeholders that have fields but would have nobody to fill them: not excluded,
    /// not among `assigned` (placeholder keys) and with nobody preassigned.
    func unassignedPlaceholders(assigned: Set<String>, excluded: Set<String>) -> [Placeholder] {
        placeholders.filter { $0.hasFields && !excluded.contains($0.key) && !assigned.contains($0.key) && $0.preassignedEmail == nil }
    }

    /// The create request of the document these templates make.
    ///
    /// - Parameters:
    ///   - recipients: The recipients by placeholder key. A placeholder without one gets its
    ///     preassigned person (with the lowest free numeric id), or else no recipient, and its
    ///     fields are left out.
    ///   - excluded: The keys of the placeholders left out, with their fields.
    ///   - values: Preset values by index in ``fields``, as ``FieldPreset`` made them.
    ///   - options: The document's settings; those left `nil` come from the first template.
    func documentRequest(
        recipients: [String: DocumentRequest.Recipient], excluded: Set<String>, values: [Int: JSONValue], options: TemplateDocumentOptions
    ) -> DocumentRequest {
        var documentRecipients: [DocumentRequest.Recipient] = []
        var recipientIDs: [String: String] = [:]
        var usedIDs = Set(recipients.values.map(\.id))
        var nextID = 1
        for placeholder in placeholders where !excluded.contains(placeholder.key) {
            if let recipient = recipients[placeholder.key] {
                documentRecipients.append(recipient)
                recipientIDs[placeholder.key] = recipient.id
            } else if let email = placeholder.preassignedEmail {
                while usedIDs.contains(String(nextID)) { nextID += 1 }
                let id = String(nextID)
                usedIDs.insert(id)
                documentRecipients.append(
                    DocumentRequest.Recipient(
                        id: id, name: placeholder.preassignedName.flatMap { $0.isEmpty ? nil : $0 } ?? email, email: email,
                        subject: nil, message: nil, passcode: nil, sendEmail: false, sendEmailDelay: 0
                    ))
                recipientIDs[placeholder.key] = id
            }
        }
        var fieldsByFile = Array(repeating: [DocumentField](), count: files.count)
        for (index, combined) in fields.enumerated() {
            guard let recipientID = recipientIDs[combined.placeholderKey] else { continue }
            var field = combined.field
            field.recipientID = recipientID
            field.placeholderName = combined.placeholderName
            if let value = values[index] { field.value = value }
            fieldsByFile[field.fileIndex].append(field)
        }
        /// The document recipient of placeholder `placeholderID` of `template`.
        func recipientID(_ template: SigningTemplate, _ placeholderID: String) -> String? {
            template.placeholder(placeholderID).flatMap { recipientIDs[Self.key($0.name)] }
        }
        let attachmentRequests = templates.flatMap { template in
            template.attachmentRequests.compactMap { request -> AttachmentRequest? in
                guard let id = recipientID(template, request.recipientID) else { return nil }
                return AttachmentRequest(name: request.name, recipientID: id, required: request.required)
            }
        }
        let checkboxGroups = templates.flatMap { template in
            template.checkboxGroups.compactMap { group -> CheckboxGroup? in
                guard let id = recipientID(template, group.recipientID) else { return nil }
                var copy = group
                copy.id = UUID().uuidString.lowercased()
                copy.recipientID = id
                return copy
            }
        }
        var copiedEmails: Set<String> = []
        let copiedContacts = templates.flatMap(\.copiedPlaceholders).compactMap { placeholder -> CopiedContact? in
            guard let email = placeholder.preassignedEmail, copiedEmails.insert(email.lowercased()).inserted else { return nil }
            return CopiedContact(id: UUID().uuidString.lowercased(), name: placeholder.preassignedName, email: email)
        }
        var metadata: [String: String] = [:]
        for template in templates {
            metadata.merge(template.metadata) { first, _ in first }
        }
        var labelNames: Set<String> = []
        let labels = templates.flatMap(\.labels).filter { labelNames.insert($0.name).inserted }.map {
            DocumentLabel(id: UUID().uuidString.lowercased(), name: $0.name)
        }
        let first = templates[0]
        return DocumentRequest(
            name: options.name ?? first.name, subject: options.subject ?? first.subject, message: options.message ?? first.message,
            recipients: documentRecipients, fields: fieldsByFile, draft: options.draft, testMode: options.testMode,
            embeddedSigning: options.embeddedSigning, embeddedSigningNotifications: options.embeddedSigningNotifications,
            applySigningOrder: options.applySigningOrder ?? first.applySigningOrder,
            allowDecline: options.allowDecline ?? first.allowDecline, allowReassign: options.allowReassign ?? first.allowReassign,
            withSignaturePage: options.withSignaturePage, textTags: options.textTags ?? first.textTags,
            reminders: options.reminders ?? first.reminders, expiresIn: options.expiresIn ?? first.expiresIn,
            language: options.language ?? first.language, redirectURL: options.redirectURL ?? first.redirectURL,
            declineRedirectURL: options.declineRedirectURL ?? first.declineRedirectURL,
            customRequesterName: options.customRequesterName, customRequesterEmail: options.customRequesterEmail,
            apiApplicationID: options.apiApplicationID ?? first.apiApplicationID, metadata: options.metadata ?? metadata,
            labels: options.labels ?? labels, copiedContacts: copiedContacts + options.copiedContacts,
            attachmentRequests: attachmentRequests + options.attachmentRequests, checkboxGroups: checkboxGroups + options.checkboxGroups
        )
    }
}

extension DocumentRequest {
    /// A request for a document whose files are already known (the templates' files), so it
    /// lists none.
    fileprivate init(
        name: String?, subject: String?, message: String?, recipients: [Recipient], fields: [[DocumentField]], draft: Bool,
        testMode: Bool, embeddedSigning: Bool, embeddedSigningNotifications: Bool, applySigningOrder: Bool, allowDecline: Bool,
        allowReassign: Bool, withSignaturePage: Bool, textTags: Bool, reminders: Bool, expiresIn: Int?, language: String?,
        redirectURL: String?, declineRedirectURL: String?, customRequesterName: String?, customRequesterEmail: String?,
        apiApplicationID: String?, metadata: [String: String], labels: [DocumentLabel], copiedContacts: [CopiedContact],
        attachmentRequests: [AttachmentRequest], checkboxGroups: [CheckboxGroup]
    ) {
        self.name = name
        self.subject = subject
        self.message = message
        self.files = []
        self.recipients = recipients
        self.fields = fields
        self.draft = draft
        self.testMode = testMode
        self.embeddedSigning = embeddedSigning
        self.embeddedSigningNotifications = embeddedSigningNotifications
        self.applySigningOrder = applySigningOrder
        self.allowDecline = allowDecline
        self.allowReassign = allowReassign
        self.withSignaturePage = withSignaturePage
        self.textTags = textTags
        self.reminders = reminders
        self.expiresIn = expiresIn
        self.language = language
        self.redirectURL = redirectURL
        self.declineRedirectURL = declineRedirectURL
        self.customRequesterName = customRequesterName
        self.customRequesterEmail = customRequesterEmail
        self.apiApplicationID = apiApplicationID
        self.metadata = metadata
        self.labels = labels
        self.copiedContacts = copiedContacts
        self.attachmentRequests = attachmentRequests
        self.checkboxGroups = checkboxGroups
    }
}
