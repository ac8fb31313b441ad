import Foundation
import HTTPTypes
import JSON

/// Checks a recipient's submission against their fields and turns it into what is stored
/// (each field's value) and what is drawn (the sealing marks).
struct FieldFilling {
    let document: SigningDocument
    let recipient: DocumentRecipient
    let submission: SigningSubmission
    /// The signing time, for locked dates and `autofill_date_signed`.
    let now: Date

    /// The values by field index and the marks, or a 422 listing every problem by field id.
    func filled() throws -> (values: [(Int, JSONValue)], marks: [SealingMark]) {
        let reader = RequestReader()
        var values: [(Int, JSONValue)] = []
        var marks: [SealingMark] = []
        var ticked: [String: Bool] = [:]
        for (index, field) in document.fields.enumerated() where field.recipientID == recipient.id {
            let box = PageBox(pageIndex: field.pageIndex, x: field.x, y: field.y, width: field.width, height: field.height)
            switch field.type {
            case .signature, .initials:
                guard let mark = field.type == .signature ? submission.signature : submission.initials else {
                    if field.required { reader.fail(field.id, field.type == .signature ? "needs your signature" : "needs your initials") }
                    continue
                }
                values.append((index, .string(mark.method)))
                marks.append(SealingMark(box: box, content: .image(mark.image)))
            case .checkbox:
                let checked = Self.checkboxState(submission.values[field.id]) ?? Self.checkboxState(field.value) ?? false
                if field.required && !checked { reader.fail(field.id, "must be ticked") }
                if let apiID = field.apiID { ticked[apiID] = checked }
                values.append((index, .bool(checked)))
                marks.append(SealingMark(box: box, content: .check(checked)))
            default:
                guard let text = value(of: field, reader: reader) else { continue }
                values.append((index, .string(text)))
                marks.append(SealingMark(box: box, content: .text(text)))
            }
        }
        for group in document.checkboxGroups where group.recipientID == recipient.id {
            let count = group.checkboxIDs.filter { ticked[$0] == true }.count
            if let problem = group.violation(ticked: count) { reader.fail(group.groupName, problem) }
        }
        try reader.throwIfFailed("Some fields are not filled in correctly.")
        return (values, marks)
    }

    /// The text a field shows: computed for read-only fields, otherwise what the recipient
    /// typed or chose, checked; `nil` when it stays empty.
    private func value(of field: DocumentField, reader: RequestReader) -> String? {
        if let computed = Self.computedValue(of: field, recipient: recipient, at: now) { return computed }
        let submitted = submission.values[field.id]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines)
        let text = (submitted?.isEmpty == false ? submitted : nil) ?? field.value?.stringValue ?? field.defaultOption
        guard let text, !text.isEmpty else {
            if field.required { reader.fail(field.id, "is required") }
            return nil
        }
        if text.count > 1000 {
            reader.fail(field.id, "is too long (at most 1000 characters)")
            return nil
        }
        if let validation = field.validation, !validation.accepts(text) {
            reader.fail(field.id, validation.failureMessage)
            return nil
        }
        if field.type == .select || field.type == .dropdown, !field.allowOther, !field.options.contains(where: { $0.name == text }) {
            reader.fail(field.id, "must be one of the options")
            return nil
        }
        return text
    }

    /// The value the server fills in for read-only fields, or `nil` for fields the recipient fills.
    static func computedValue(of field: DocumentField, recipient: DocumentRecipient, at time: Date) -> String? {
        let nameParts = recipient.name.split(separator: " ")
        switch field.type {
        case .autofillName: return recipient.name
        case .autofillEmail: return recipient.email
        case .autofillFirstName: return nameParts.first.map(String.init) ?? recipient.name
        case .autofillLastName: return nameParts.count > 1 ? nameParts.last.map(String.init) : ""
        case .autofillDateSigned: return (field.dateFormat ?? .monthDayYear).format(time)
        case .date where field.lockSignDate: return (field.dateFormat ?? .monthDayYear).format(time)
        default: return nil
        }
    }

    /// A checkbox's state as a submission or the API sends it: a boolean, or the string `"true"`
    /// or `"false"` as form fields send them; `nil` for anything else.
    private static func checkboxState(_ value: JSONValue?) -> Bool? {
        switch value {
        case .bool(let checked): checked
        case .string("true"): true
        case .string("false"): false
        default: nil
        }
    }
}
