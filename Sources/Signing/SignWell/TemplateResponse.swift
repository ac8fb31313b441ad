import Foundation
import HTTPSupport
import Hummingbird

/// A template as the SignWell API returns it (`DocumentTemplateResponse`), with the types the
/// official SDKs insist on (see ``DocumentResponse``): fields with `width` and `height` as
/// strings and `placeholder_name`, placeholders with their `signing_order` and attachment
/// requests. Where a template names a placeholder by id (fields, attachment requests, checkbox
/// groups), the object carries `placeholder_id`. Absent values are left out rather than
/// written as `null`.
struct TemplateResponse: ResponseEncodable, Sendable {
    /// The template's id.
    let id: String
    /// `Draft` or `Available`.
    let status: String
    /// Whether it is archived: never.
    let archived: Bool
    /// Whether documents made from it send reminders.
    let reminders: Bool
    /// Whether its recipients sign in turn.
    let applySigningOrder: Bool
    /// Whether recipients may decline.
    let allowDecline: Bool
    /// Whether recipients may hand their part on.
    let allowReassign: Bool
    /// Whether its files' text tags make fields.
    let textTags: Bool
    /// The client's metadata.
    let metadata: [String: String]
    /// When it was made.
    let createdAt: String
    /// When it last changed.
    let updatedAt: String
    /// Its files.
    let files: [DocumentResponse.File]
    /// The places of its recipients.
    let placeholders: [PlaceholderResponse]
    /// The people copied on documents made from it.
    let copiedPlaceholders: [PlaceholderResponse]
    /// Its fields, one list per file.
    let fields: [[FieldResponse]]
    /// Its labels.
    let labels: [DocumentResponse.Label]
    /// What its placeholders are asked to attach.
    let attachmentRequests: [AttachmentRequestResponse]
    /// Its checkbox groups.
    let checkboxGroups: [CheckboxGroupResponse]
    /// Its name.
    let name: String?
    /// The subject of its emails.
    let subject: String?
    /// The message of its emails.
    let message: String?
    /// Where signers go once they have signed.
    let redirectURL: String?
    /// Where signers go once they have declined.
    let declineRedirectURL: String?
    /// The language of its emails and pages.
    let language: String?
    /// The API application it belongs to.
    let apiApplicationID: String?
    /// The days until documents made from it expire.
    let expiresIn: Int?

    enum CodingKeys: String, CodingKey {
        case id, status, archived, reminders, metadata, files, placeholders, fields, labels, name, subject, message, language
        case applySigningOrder = "apply_signing_order"
        case allowDecline = "allow_decline"
        case allowReassign = "allow_reassign"
        case textTags = "text_tags"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case copiedPlaceholders = "copied_placeholders"
        case attachmentRequests = "attachment_requests"
        case checkboxGroups = "checkbox_groups"
        case redirectURL = "redirect_url"
        case declineRedirectURL = "decline_redirect_url"
        case apiApplicationID = "api_application_id"
        case expiresIn = "expires_in"
    }

    /// `template`.
    init(_ template: SigningTemplate) {
        id = template.id
        status = template.status
        archived = false
        reminders = template.reminders
        applySigningOrder = template.applySigningOrder
        allowDecline = template.allowDecline
        allowReassign = template.allowReassign
        textTags = template.textTags
        metadata = template.metadata
        createdAt = DocumentRenderer.timestamp(template.createdAt)
        updatedAt = DocumentRenderer.timestamp(template.updatedAt)
        files = template.files.map { DocumentResponse.File(name: $0.name, pagesNumber: $0.pageCount) }
        placeholders = template.placeholders.map { PlaceholderResponse($0, of: template) }
        copiedPlaceholders = template.copiedPlaceholders.map(PlaceholderResponse.init)
        fields = template.files.indices.map { fileIndex in
            template.fields.filter { $0.fileIndex == fileIndex }.map { field in
                FieldResponse(field, for: .placeholder, placeholderName: template.placeholder(field.recipientID)?.name)
            }
        }
        labels = template.labels.map { DocumentResponse.Label(id: $0.id, name: $0.name) }
        attachmentRequests = template.attachmentRequests.map { AttachmentRequestResponse($0, for: .placeholder) }
        checkboxGroups = template.checkboxGroups.map { CheckboxGroupResponse($0, for: .placeholder) }
        name = template.name
        subject = template.subject
        message = template.message
        redirectURL = template.redirectURL
        declineRedirectURL = template.declineRedirectURL
        language = template.language
        apiApplicationID = template.apiApplicationID
        expiresIn = template.expiresIn
    }
}
