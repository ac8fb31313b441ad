import JSON

/// A field as SignWell's `DocumentResponseFieldsInnerInner`, with the types the official SDKs
/// insist on: `width` and `height` as strings, `page` as an integer. A document's field names
/// its recipient (`recipient_id`, and `recipient` with their name and email); a template's
/// names its placeholder (`placeholder_id`). Absent values are left out rather than written as
/// `null`, and so are empty `options`.
struct FieldResponse: Encodable, Sendable {
    /// An option of a select field.
    struct Option: Encodable, Sendable {
        /// The option's text.
        let name: String
        /// Whether choosing it lets the signer type their own text.
        let isOther: Bool
        /// The id the client gave it.
        let apiID: String?

        enum CodingKeys: String, CodingKey {
            case name
            case isOther = "is_other"
            case apiID = "api_id"
        }
    }

    /// The recipient a document's field is for.
    struct Recipient: Encodable, Sendable {
        /// Their name.
        let name: String
        /// Their email address.
        let email: String
    }

    /// The left edge.
    let x: Coordinate
    /// The top edge.
    let y: Coordinate
    /// The page, counted from 1 within its file.
    let page: Int
    /// The width, as a string without a fraction when whole.
    let width: String
    /// The height, likewise.
    let height: String
    /// The field type.
    let type: String
    /// Whether the signer must fill it.
    let required: Bool
    /// The recipient it is for, on a document.
    let recipientID: String?
    /// The placeholder it is for, on a template.
    let placeholderID: String?
    /// Whether the field keeps its width.
    let fixedWidth: Bool
    /// Whether a date field keeps the signing date.
    let lockSignDate: Bool
    /// Whether a select field takes the signer's own text.
    let allowOther: Bool
    /// The id the client gave it.
    let apiID: String?
    /// Its name.
    let name: String?
    /// Its label.
    let label: String?
    /// The formula of a computed field.
    let formula: String?
    /// The format of a date field.
    let dateFormat: String?
    /// The validation of a text field.
    let validation: String?
    /// The option chosen unless the signer picks another.
    let defaultOption: String?
    /// The name of its placeholder, when it has one.
    let placeholderName: String?
    /// Its value, whatever JSON the client or the signer gave it.
    let value: JSONValue?
    /// The options of a select field, `nil` when it has none.
    let options: [Option]?
    /// The recipient's name and email, on a document.
    let recipient: Recipient?

    enum CodingKeys: String, CodingKey {
        case x, y, page, width, height, type, required, name, label, formula, validation, value, options, recipient
        case recipientID = "recipient_id"
        case placeholderID = "placeholder_id"
        case fixedWidth = "fixed_width"
        case lockSignDate = "lock_sign_date"
        case allowOther = "allow_other"
        case apiID = "api_id"
        case dateFormat = "date_format"
        case defaultOption = "default_option"
        case placeholderName = "placeholder_name"
    }

    /// `field`, for `assignee`, with the name of its placeholder and the recipient it is for
    /// when they are known.
    init(_ field: DocumentField, for assignee: PartAssignee, placeholderName: String?, recipient: DocumentRecipient? = nil) {
        x = Coordinate(field.x)
        y = Coordinate(field.y)
        page = field.page
        width = DocumentRenderer.dimension(field.width)
        height = DocumentRenderer.dimension(field.height)
        type = field.type.rawValue
        required = field.required
        recipientID = assignee.recipientID(field.recipientID)
        placeholderID = assignee.placeholderID(field.recipientID)
        fixedWidth = field.fixedWidth
        lockSignDate = field.lockSignDate
        allowOther = field.allowOther
        apiID = field.apiID
        name = field.name
        label = field.label
        formula = field.formula
        dateFormat = field.dateFormat?.rawValue
        validation = field.validation?.rawValue
        defaultOption = field.defaultOption
        self.placeholderName = placeholderName
        value = field.value.flatMap { $0 == .null ? nil : $0 }
        options = field.options.isEmpty ? nil : field.options.map { Option(name: $0.name, isOther: $0.isOther, apiID: $0.apiID) }
        self.recipient = recipient.map { Recipient(name: $0.name, email: $0.email) }
    }
}
