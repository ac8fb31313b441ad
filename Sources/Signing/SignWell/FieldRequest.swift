import Foundation
import HTTPTypes
import JSON

/// Reads the `fields` member of a request: one list of fields per file, each field checked
/// against SignWell's rules (types, date formats, validations, sizes, recipients).
enum FieldRequest {
    /// The fields of `body`, by file. A field's `id` and `pageIndex` are placeholders until the
    /// files are known.
    ///
    /// - Parameters:
    ///   - recipientKey: The member that names a field's recipient (`placeholder_id` in
    ///     templates).
    ///   - finish: Called with each field that could be read, and its path, to check or
    ///     complete it.
    static func fields(
        _ body: [String: JSONValue], recipientIDs: Set<String>, defaultRecipient: String?, recipientKey: String = "recipient_id",
        reader: RequestReader, finish: (inout DocumentField, _ path: String) -> Void = { _, _ in }
    ) -> [[DocumentField]] {
        reader.array(body, "fields", at: "fields").enumerated().map { fileIndex, list in
            guard case .array(let items) = list else {
                reader.fail("fields[\(fileIndex)]", "must be an array of fields")
                return []
            }
            return items.enumerated().compactMap { index, item in
                let path = "fields[\(fileIndex)][\(index)]"
                guard case .object(let members) = item else {
                    reader.fail(path, "must be an object")
                    return nil
                }
                guard
                    var field = self.field(
                        members, fileIndex: fileIndex, at: path, recipientIDs: recipientIDs, defaultRecipient: defaultRecipient,
                        recipientKey: recipientKey, reader: reader
                    )
                else { return nil }
                finish(&field, path)
                return field
            }
        }
    }

    /// One field.
    static func field(
        _ field: [String: JSONValue], fileIndex: Int, at path: String, recipientIDs: Set<String>?, defaultRecipient: String?,
        recipientKey: String = "recipient_id", reader: RequestReader
    ) -> DocumentField? {
        let x = reader.number(field, "x", at: "\(path).x", required: true)
        let y = reader.number(field, "y", at: "\(path).y", required: true)
        let page = reader.integer(field, "page", at: "\(path).page", in: 1...100_000, required: true)
        let type = reader.enumeration(field, "type", at: "\(path).type", as: FieldType.self, required: true)
        let recipientID = reader.string(field, recipientKey, at: "\(path).\(recipientKey)") ?? defaultRecipient
        if let recipientID, let recipientIDs, !recipientIDs.contains(recipientID) {
            reader.fail("\(path).\(recipientKey)", "is not the id of a recipient")
        } else if recipientID == nil {
            reader.fail("\(path).\(recipientKey)", "is required")
        }
        let width = reader.number(field, "width", at: "\(path).width", minimum: 1)
        let height = reader.number(field, "height", at: "\(path).height", minimum: 1)
        let dateFormat = reader.enumeration(field, "date_format", at: "\(path).date_format", as: DateFormat.self)
        let validation = reader.enumeration(field, "validation", at: "\(path).validation", as: TextValidation.self)
        let options = reader.array(field, "options", at: "\(path).options").enumerated().compactMap { index, option -> DocumentField.Option? in
            switch option {
            case .string(let name): return DocumentField.Option(name: name)
            case .object(let members):
                guard let name = reader.string(members, "name", at: "\(path).options[\(index)].name", required: true) else { return nil }
                return DocumentField.Option(
                    name: name, apiID: reader.string(members, "api_id", at: "\(path).options[\(index)].api_id"),
                    isOther: reader.bool(members, "is_other", at: "\(path).options[\(index)].is_other", default: false)
                )
            default:
                reader.fail("\(path).options[\(index)]", "must be a string or an object with a name")
                return nil
            }
        }
        var value = field["value"]
        if value == .null { value = nil }
        if let value, case .array = value { reader.fail("\(path).value", "must be a string, a boolean or a number") }
        if let value, case .object = value { reader.fail("\(path).value", "must be a string, a boolean or a number") }
        guard let x, let y, let page, let type, let recipientID else { return nil }
        if let height, height > type.maximumHeight {
            reader.fail("\(path).height", "must be at most \(Int(type.maximumHeight)) for \(type.rawValue) fields")
        }
        if (type == .select || type == .dropdown) && options.isEmpty {
            reader.fail("\(path).options", "can't be blank for \(type.rawValue) fields")
        }
        return DocumentField(
            id: "", fileIndex: fileIndex, page: page, pageIndex: -1, x: x, y: y,
            width: width ?? type.defaultSize.width, height: height ?? type.defaultSize.height,
            type: type, recipientID: recipientID,
            required: reader.bool(field, "required", at: "\(path).required", default: type.isRequiredByDefault),
            label: reader.string(field, "label", at: "\(path).label", maxLength: 255),
            apiID: reader.string(field, "api_id", at: "\(path).api_id", maxLength: 255),
            name: reader.string(field, "name", at: "\(path).name", maxLength: 255),
            value: value, validation: validation,
            fixedWidth: reader.bool(field, "fixed_width", at: "\(path).fixed_width", default: false),
            lockSignDate: reader.bool(field, "lock_sign_date", at: "\(path).lock_sign_date", default: false),
            dateFormat: type == .date || type == .autofillDateSigned ? (dateFormat ?? .monthDayYear) : dateFormat,
            formula: reader.string(field, "formula", at: "\(path).formula", maxLength: 255),
            options: options,
            defaultOption: reader.string(field, "default_option", at: "\(path).default_option", maxLength: 255),
            allowOther: reader.bool(field, "allow_other", at: "\(path).allow_other", default: false),
            placeholderName: nil
        )
    }
}
