import Foundation
import JSON

/// Writes templates as the SignWell API returns them (`DocumentTemplateResponse`), with the
/// types the official SDKs insist on (see ``DocumentRenderer``): fields with `width` and
/// `height` as strings and `placeholder_name`, placeholders with their `signing_order` and
/// attachment requests. Where a template names a placeholder by id (fields, attachment
/// requests, checkbox groups), the object carries `placeholder_id` too. Absent values are left
/// out rather than written as `null`.
struct TemplateRenderer: Sendable {
    /// The template as a `DocumentTemplateResponse` object.
    func render(_ template: SigningTemplate) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(template.id),
            "status": .string(template.status),
            "archived": .bool(false),
            "reminders": .bool(template.reminders),
            "apply_signing_order": .bool(template.applySigningOrder),
            "allow_decline": .bool(template.allowDecline),
            "allow_reassign": .bool(template.allowReassign),
            "text_tags": .bool(template.textTags),
            "metadata": .object(template.metadata.mapValues { .string($0) }),
            "created_at": .string(DocumentRenderer.timestamp(template.createdAt)),
            "updated_at": .string(DocumentRenderer.timestamp(template.updatedAt)),
            "files": .array(template.files.map { .object(["name": .string($0.name), "pages_number": .integer($0.pageCount)]) }),
            "placeholders": .array(template.placeholders.map { render($0, of: template) }),
            "copied_placeholders": .array(template.copiedPlaceholders.map(render)),
            "fields": .array(
                template.files.indices.map { fileIndex in
                    .array(template.fields.filter { $0.fileIndex == fileIndex }.map { render($0, of: template) })
                }),
            "labels": .array(template.labels.map { .object(["id": .string($0.id), "name": .string($0.name)]) }),
            "attachment_requests": .array(template.attachmentRequests.map(DocumentPartsRenderer.template.render)),
            "checkbox_groups": .array(template.checkboxGroups.map(DocumentPartsRenderer.template.render)),
        ]
        let optionalTexts: [(String, String?)] = [
            ("name", template.name), ("subject", template.subject), ("message", template.message),
            ("redirect_url", template.redirectURL), ("decline_redirect_url", template.declineRedirectURL),
            ("language", template.language), ("api_application_id", template.apiApplicationID),
        ]
        for (key, value) in optionalTexts {
            if let value { object[key] = .string(value) }
        }
        if let expiresIn = template.expiresIn { object["expires_in"] = .integer(expiresIn) }
        return .object(object)
    }

    /// A document made from templates as a `DocumentFromTemplateResponse`: `rendered` (the
    /// document as ``DocumentRenderer`` writes it) with each recipient's `placeholder_name`,
    /// the placeholder of their fields.
    func renderFromTemplates(_ rendered: JSONValue, of document: SigningDocument) -> JSONValue {
        guard case .object(var object) = rendered, case .array(let recipients)? = object["recipients"] else { return rendered }
        object["recipients"] = .array(
            recipients.map { recipient in
                guard case .object(var members) = recipient, let id = members["id"]?.stringValue,
                    let name = document.fields.first(where: { $0.recipientID == id && $0.placeholderName != nil })?.placeholderName
                else { return recipient }
                members["placeholder_name"] = .string(name)
                return .object(members)
            })
        return .object(object)
    }

    /// A placeholder, with its attachment requests.
    private func render(_ placeholder: TemplatePlaceholder, of template: SigningTemplate) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(placeholder.id),
            "name": .string(placeholder.name),
            "signing_order": .integer(placeholder.signingOrder),
            "attachment_requests": DocumentPartsRenderer.template.attachmentRequests(template.attachmentRequests, of: placeholder.id),
        ]
        object["preassigned_recipient_name"] = placeholder.preassignedName.map(JSONValue.string)
        object["preassigned_recipient_email"] = placeholder.preassignedEmail.map(JSONValue.string)
        return .object(object)
    }

    private func render(_ placeholder: CopiedPlaceholder) -> JSONValue {
        var object: [String: JSONValue] = ["id": .string(placeholder.id), "name": .string(placeholder.name)]
        object["preassigned_recipient_name"] = placeholder.preassignedName.map(JSONValue.string)
        object["preassigned_recipient_email"] = placeholder.preassignedEmail.map(JSONValue.string)
        return .object(object)
    }

    /// A field as `DocumentResponseFieldsInnerInner`, for its placeholder.
    private func render(_ field: DocumentField, of template: SigningTemplate) -> JSONValue {
        .object(DocumentPartsRenderer.template.render(field, placeholderName: template.placeholder(field.recipientID)?.name))
    }
}
