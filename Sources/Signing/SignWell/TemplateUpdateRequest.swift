import Foundation
import JSON

/// An update-template request (`DocumentTemplateUpdateRequest`) read and checked: the members
/// present replace the template's (name, subject, message, flags, expiry, redirects, API
/// application, metadata, labels, checkbox groups); absent ones leave it as it is. Files,
/// placeholders and fields do not change.
struct TemplateUpdateRequest: Sendable {
    /// The template's new name.
    var name: String?
    /// The new subject of the emails to recipients.
    var subject: String?
    /// The new message of the emails to recipients.
    var message: String?
    /// Whether the template is still being prepared.
    var draft: Bool?
    /// Days from sending until a document expires.
    var expiresIn: Int?
    /// Whether reminders are sent.
    var reminders: Bool?
    /// Whether recipients sign one after another.
    var applySigningOrder: Bool?
    /// The API application documents belong to.
    var apiApplicationID: String?
    /// Where the signing page sends a recipient who has signed.
    var redirectURL: String?
    /// Where the signing page sends a recipient who has declined.
    var declineRedirectURL: String?
    /// Whether recipients may decline.
    var allowDecline: Bool?
    /// Whether recipients may hand their part to someone else.
    var allowReassign: Bool?
    /// The caller's key-value pairs, replacing the old ones.
    var metadata: [String: String]?
    /// Labels, replacing the old ones.
    var labels: [DocumentLabel]?
    /// Checkbox groups by placeholder id, replacing the old ones.
    var checkboxGroups: [CheckboxGroup]?

    /// Reads `body` for a template with placeholders `placeholderIDs`.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 with every problem found.
    init(body: [String: JSONValue], placeholderIDs: Set<String>) throws {
        let reader = RequestReader()
        name = reader.string(body, "name", at: "name", maxLength: 255)
        subject = reader.string(body, "subject", at: "subject", maxLength: 255)
        message = reader.string(body, "message", at: "message", maxLength: 4000)
        draft = reader.optionalBool(body, "draft")
        expiresIn = reader.integer(body, "expires_in", at: "expires_in", in: 1...365)
        reminders = reader.optionalBool(body, "reminders")
        applySigningOrder = reader.optionalBool(body, "apply_signing_order")
        apiApplicationID = reader.string(body, "api_application_id", at: "api_application_id", maxLength: 64)
        redirectURL = reader.webURL(body, "redirect_url")
        declineRedirectURL = reader.webURL(body, "decline_redirect_url")
        allowDecline = reader.optionalBool(body, "allow_decline")
        allowReassign = reader.optionalBool(body, "allow_reassign")
        metadata = reader.metadata(body)
        labels = reader.labels(body)
        checkboxGroups = reader.checkboxGroups(body, recipientKey: "placeholder_id", recipientIDs: placeholderIDs)
        try reader.throwIfFailed("The template update is invalid.")
    }

    /// Applies the members present to `template`.
    func apply(to template: inout SigningTemplate) {
        if let name { template.name = name }
        if let subject { template.subject = subject }
        if let message { template.message = message }
        if let draft { template.draft = draft }
        if let expiresIn { template.expiresIn = expiresIn }
        if let reminders { template.reminders = reminders }
        if let applySigningOrder { template.applySigningOrder = applySigningOrder }
        if let apiApplicationID { template.apiApplicationID = apiApplicationID }
        if let redirectURL { template.redirectURL = redirectURL }
        if let declineRedirectURL { template.declineRedirectURL = declineRedirectURL }
        if let allowDecline { template.allowDecline = allowDecline }
        if let allowReassign { template.allowReassign = allowReassign }
        if let metadata { template.metadata = metadata }
        if let labels { template.labels = labels }
        if let checkboxGroups { template.checkboxGroups = checkboxGroups }
    }
}
