import HTTPSupport
import JSON

/// Writes the members that templates share with documents as the SignWell API returns them:
/// fields, checkbox groups and attachment requests. Where a document names a recipient, a
/// template names a placeholder, and `recipientKey` says which member carries the id
/// (`recipient_id` or `placeholder_id`), as it does for ``RequestReader``'s reading of them.
struct DocumentPartsRenderer: Sendable {
    /// The member that names a part's recipient or placeholder.
    let recipientKey: String

    /// The parts of a document.
    static let document = DocumentPartsRenderer(recipientKey: "recipient_id")
    /// The parts of a template.
    static let template = DocumentPartsRenderer(recipientKey: "placeholder_id")

    /// A field as `DocumentResponseFieldsInnerInner`, with the name of its placeholder when it
    /// has one. Absent values are left out rather than written as `null`.
    func render(_ field: DocumentField, placeholderName: String?) -> [String: JSONValue] {
        var object: [String: JSONValue] = [
            "x": DocumentRenderer.number(field.x),
            "y": DocumentRenderer.number(field.y),
            "page": .integer(field.page),
            "width": .string(DocumentRenderer.dimension(field.width)),
            "height": .string(DocumentRenderer.dimension(field.height)),
            "type": .string(field.type.rawValue),
            "required": .bool(field.required),
            recipientKey: .string(field.recipientID),
            "fixed_width": .bool(field.fixedWidth),
            "lock_sign_date": .bool(field.lockSignDate),
            "allow_other": .bool(field.allowOther),
        ]
        let optionalTexts: [(String, String?)] = [
            ("api_id", field.apiID), ("name", field.name), ("label", field.label), ("formula", field.formula),
            ("date_format", field.dateFormat?.rawValue), ("validation", field.validation?.rawValue),
            ("default_option", field.defaultOption), ("placeholder_name", placeholderName),
        ]
        for (key, value) in optionalTexts {
            if let value { object[key] = .string(value) }
        }
        if let value = field.value, value != .null { object["value"] = value }
        if !field.options.isEmpty {
            object["options"] = .array(
                field.options.map { option in
                    var entry: [String: JSONValue] = ["name": .string(option.name), "is_other": .bool(option.isOther)]
                    entry["api_id"] = option.apiID.map(JSONValue.string)
                    return .object(entry)
                })
        }
        return object
    }

    /// A checkbox group.
    func render(_ group: CheckboxGroup) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(group.id), "group_name": .string(group.groupName), recipientKey: .string(group.recipientID),
            "checkbox_ids": .array(group.checkboxIDs.map(JSONValue.string)), "required": .bool(group.required),
        ]
        object["validation"] = group.validation.map(JSONValue.string)
        object["min_value"] = group.minValue.map(JSONValue.integer)
        object["max_value"] = group.maxValue.map(JSONValue.integer)
        object["exact_value"] = group.exactValue.map(JSONValue.integer)
        return .object(object)
    }

    /// An attachment request, with the recipient or placeholder it is for.
    func render(_ request: AttachmentRequest) -> JSONValue {
        .object(["name": .string(request.name), recipientKey: .string(request.recipientID), "required": .bool(request.required)])
    }

    /// The attachment requests of one recipient or placeholder, without its id.
    func attachmentRequests(_ requests: [AttachmentRequest], of recipientID: String) -> JSONValue {
        .array(requests.filter { $0.recipientID == recipientID }.map { .object(["name": .string($0.name), "required": .bool($0.required)]) })
    }
}
