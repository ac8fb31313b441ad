import Accounts
import Foundation
import HTTPSupport
import JSON

/// The members that template requests share with create-document requests, read with the
/// same rules. Where a template names a placeholder instead of a recipient, `recipientKey`
/// says which member names it (`placeholder_id`).
extension RequestReader {
    /// The `files` member: each `{name, file_url | file_base64}`, with exactly one source.
    func files(_ body: [String: JSONValue]) -> [DocumentRequest.File] {
        objects(body, "files", at: "files", required: true).compactMap { path, file in
            let name = string(file, "name", at: "\(path).name", required: true, maxLength: 255)
            let url = string(file, "file_url", at: "\(path).file_url", maxLength: 4096)
            let base64 = string(file, "file_base64", at: "\(path).file_base64", maxLength: Int.max)
            switch (url, base64) {
            case (let url?, nil): return name.map { DocumentRequest.File(name: $0, source: .url(url)) }
            case (nil, let base64?): return name.map { DocumentRequest.File(name: $0, source: .base64(base64)) }
            case (nil, nil): fail(path, "needs file_url or file_base64")
            case (_?, _?): fail(path, "must have file_url or file_base64, not both")
            }
            return nil
        }
    }

    /// A member of `recipients` (`{id, email, name?, subject?, message?, passcode?,
    /// send_email?, send_email_delay?}`), or `nil` when it lacks an id or an email.
    ///
    /// - Parameter seenIDs: The ids of the recipients before it, to which its id is added; an
    ///   id already there is a problem.
    func recipient(_ recipient: [String: JSONValue], at path: String, seenIDs: inout Set<String>) -> DocumentRequest.Recipient? {
        let id = string(recipient, "id", at: "\(path).id", required: true, maxLength: 64)
        let email = string(recipient, "email", at: "\(path).email", required: true, maxLength: 255)
        if let email, !EmailAddress.isPlausible(email) { fail("\(path).email", "is not an email address") }
        if let id, !seenIDs.insert(id).inserted { fail("\(path).id", "is used by another recipient") }
        let name = string(recipient, "name", at: "\(path).name", maxLength: 255)
        let delay = integer(recipient, "send_email_delay", at: "\(path).send_email_delay", in: 0...60) ?? 0
        guard let id, let email else { return nil }
        return DocumentRequest.Recipient(
            id: id, name: (name?.isEmpty == false ? name : nil) ?? email, email: email,
            subject: string(recipient, "subject", at: "\(path).subject", maxLength: 255),
            message: string(recipient, "message", at: "\(path).message"),
            passcode: string(recipient, "passcode", at: "\(path).passcode", maxLength: 255),
            sendEmail: bool(recipient, "send_email", at: "\(path).send_email", default: false),
            sendEmailDelay: delay
        )
    }

    /// The `metadata` member: an object of strings (numbers and booleans are written as
    /// strings), or `nil` when absent.
    func metadata(_ body: [String: JSONValue]) -> [String: String]? {
        switch body["metadata"] {
        case .object(let members)?:
            var result: [String: String] = [:]
            for (key, value) in members {
                switch value {
                case .string(let text): result[key] = text
                case .integer(let number): result[key] = String(number)
                case .number(let number): result[key] = String(number)
                case .bool(let flag): result[key] = String(flag)
                default: fail("metadata.\(key)", "must be a string")
                }
            }
            return result
        case nil, .null?: return nil
        default:
            fail("metadata", "must be an object of strings")
            return nil
        }
    }

    /// The `labels` member (`[{name}]`), each label with a new id, or `nil` when absent.
    func labels(_ body: [String: JSONValue]) -> [DocumentLabel]? {
        guard body["labels"] != nil, body["labels"] != .null else { return nil }
        return objects(body, "labels", at: "labels").compactMap { path, label in
            string(label, "name", at: "\(path).name", required: true, maxLength: 255).map {
                DocumentLabel(id: UUID().uuidString.lowercased(), name: $0)
            }
        }
    }

    /// The `copied_contacts` member (`[{name?, email}]`), each contact with a new id.
    func copiedContacts(_ body: [String: JSONValue]) -> [CopiedContact] {
        objects(body, "copied_contacts", at: "copied_contacts").compactMap { path, contact in
            let name = string(contact, "name", at: "\(path).name", maxLength: 255)
            let email = string(contact, "email", at: "\(path).email", required: true, maxLength: 255)
            if let email, !EmailAddress.isPlausible(email) { fail("\(path).email", "is not an email address") }
            return email.map { CopiedContact(id: UUID().uuidString.lowercased(), name: name, email: $0) }
        }
    }

    /// The `attachment_requests` member (`[{name, <recipientKey>, required}]`), each naming
    /// one of `recipientIDs`.
    func attachmentRequests(_ body: [String: JSONValue], recipientKey: String, recipientIDs: Set<String>) -> [AttachmentRequest] {
        objects(body, "attachment_requests", at: "attachment_requests").compactMap { path, request in
            let name = string(request, "name", at: "\(path).name", required: true, maxLength: 255)
            let recipientID = string(request, recipientKey, at: "\(path).\(recipientKey)", required: true)
            if let recipientID, !recipientIDs.contains(recipientID) {
                fail("\(path).\(recipientKey)", "is not the id of a \(Self.party(recipientKey))")
            }
            guard let name, let recipientID else { return nil }
            return AttachmentRequest(name: name, recipientID: recipientID, required: bool(request, "required", at: "\(path).required", default: true))
        }
    }

    /// The `checkbox_groups` member, each group naming one of `recipientIDs` by
    /// `recipientKey`, or `nil` when absent.
    func checkboxGroups(_ body: [String: JSONValue], recipientKey: String, recipientIDs: Set<String>) -> [CheckboxGroup]? {
        guard body["checkbox_groups"] != nil, body["checkbox_groups"] != .null else { return nil }
        return objects(body, "checkbox_groups", at: "checkbox_groups").compactMap { path, group in
            let name = string(group, "group_name", at: "\(path).group_name", required: true, maxLength: 255)
            let recipientID = string(group, recipientKey, at: "\(path).\(recipientKey)", required: true)
            if let recipientID, !recipientIDs.contains(recipientID) {
                fail("\(path).\(recipientKey)", "is not the id of a \(Self.party(recipientKey))")
            }
            let ids = array(group, "checkbox_ids", at: "\(path).checkbox_ids", required: true).compactMap(\.stringValue)
            let validation = string(group, "validation", at: "\(path).validation")
            if let validation, !["minimum", "maximum", "range", "exact"].contains(validation) {
                fail("\(path).validation", "must be one of: minimum, maximum, range, exact")
            }
            guard let name, let recipientID else { return nil }
            return CheckboxGroup(
                id: UUID().uuidString.lowercased(), groupName: name, recipientID: recipientID, checkboxIDs: ids, validation: validation,
                required: bool(group, "required", at: "\(path).required", default: false),
                minValue: integer(group, "min_value", at: "\(path).min_value", in: 0...1000),
                maxValue: integer(group, "max_value", at: "\(path).max_value", in: 0...1000),
                exactValue: integer(group, "exact_value", at: "\(path).exact_value", in: 0...1000)
            )
        }
    }

    /// An http or https URL member.
    func webURL(_ body: [String: JSONValue], _ key: String) -> String? {
        guard let url = string(body, key, at: key, maxLength: 2048) else { return nil }
        guard DocumentRequest.isWebURL(url) else {
            fail(key, "must be an http or https URL")
            return nil
        }
        return url
    }

    /// The `language` member, one of the languages SignWell offers.
    func language(_ body: [String: JSONValue]) -> String? {
        guard let language = string(body, "language", at: "language") else { return nil }
        guard DocumentRequest.languages.contains(language) else {
            fail("language", "must be one of: " + DocumentRequest.languages.sorted().joined(separator: ", "))
            return nil
        }
        return language
    }

    /// A boolean member, or `nil` when absent.
    func optionalBool(_ body: [String: JSONValue], _ key: String) -> Bool? {
        guard let value = body[key], value != .null else { return nil }
        return bool(body, key, at: key, default: false)
    }

    /// What the ids of `recipientKey` name, for messages.
    private static func party(_ recipientKey: String) -> String {
        recipientKey == "placeholder_id" ? "placeholder" : "recipient"
    }
}
