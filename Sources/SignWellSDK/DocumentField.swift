import Foundation

/// A field of a document or a template, as the server describes it: where it is, whose it
/// is, and what was filled in.
///
/// The server sends ``width`` and ``height`` as JSON strings (`"120"`); they are read as
/// numbers here, and written back as strings.
public struct DocumentField: Codable, Hashable, Sendable {
    /// The recipient a field belongs to, in answers.
    public struct Assignee: Codable, Hashable, Sendable {
        /// The recipient's name.
        public var name: String?
        /// The recipient's e-mail address.
        public var email: String?
        /// The recipient's role, for a document from a template.
        public var role: String?
    }

    /// What the field asks for; `nil` if the server did not say.
    public var type: FieldType?
    /// The page, from 1.
    public var page: Int
    /// The distance of the field's left edge from the page's left edge, in pixels.
    public var x: Double
    /// The distance of the field's top edge from the page's top edge, in pixels.
    public var y: Double
    /// The width in pixels.
    public var width: Double?
    /// The height in pixels.
    public var height: Double?
    /// The recipient who fills the field in.
    public var recipientID: String?
    /// The recipient's name and e-mail address.
    public var recipient: Assignee?
    /// For a template, the placeholder whose recipient fills the field in.
    public var placeholderName: String?
    /// Whether the recipient must fill the field in.
    public var required: Bool?
    /// What was filled in, or the value set beforehand.
    public var value: FieldValue?
    /// The identifier given at creation.
    public var apiID: String?
    /// The name of a checkbox.
    public var name: String?
    /// The label shown in an empty text or date field.
    public var label: String?
    /// What a text field accepts.
    public var validation: TextValidation?
    /// Whether a text field keeps its width.
    public var fixedWidth: Bool?
    /// Whether a date field is the signing date and cannot be changed.
    public var lockSignDate: Bool?
    /// How a date field shows its date.
    public var dateFormat: DateFormat?
    /// A date field's formula.
    public var formula: String?
    /// The choices of a `select` or `dropdown` field.
    public var options: [FieldOption]?
    /// The choice selected beforehand.
    public var defaultOption: String?
    /// Whether the recipient may type a choice of their own.
    public var allowOther: Bool?
    /// The group of signing elements the field belongs to.
    public var signingElementsGroupID: String?

    /// Describes a field of `type` at (`x`, `y`) on `page`.
    public init(type: FieldType?, page: Int, x: Double, y: Double, width: Double? = nil, height: Double? = nil, recipientID: String? = nil) {
        self.type = type
        self.page = page
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.recipientID = recipientID
    }

    private enum CodingKeys: String, CodingKey {
        case type, page, x, y, width, height, recipient, required, value, name, label, validation, formula, options
        case recipientID = "recipient_id"
        case placeholderName = "placeholder_name"
        case apiID = "api_id"
        case fixedWidth = "fixed_width"
        case lockSignDate = "lock_sign_date"
        case dateFormat = "date_format"
        case defaultOption = "default_option"
        case allowOther = "allow_other"
        case signingElementsGroupID = "signing_elements_group_id"
    }

    /// Decodes a field, reading ``width`` and ``height`` from strings (or numbers).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decodeIfPresent(FieldType.self, forKey: .type)
        page = try container.decode(Int.self, forKey: .page)
        x = try container.decode(Double.self, forKey: .x)
        y = try container.decode(Double.self, forKey: .y)
        width = try Self.decodeLength(container, .width)
        height = try Self.decodeLength(container, .height)
        recipientID = try container.decodeIfPresent(String.self, forKey: .recipientID)
        recipient = try container.decodeIfPresent(Assignee.self, forKey: .recipient)
        placeholderName = try container.decodeIfPresent(String.self, forKey: .placeholderName)
        required = try container.decodeIfPresent(Bool.self, forKey: .required)
        value = try container.decodeIfPresent(FieldValue.self, forKey: .value)
        apiID = try container.decodeIfPresent(String.self, forKey: .apiID)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        label = try container.decodeIfPresent(String.self, forKey: .label)
        validation = try container.decodeIfPresent(TextValidation.self, forKey: .validation)
        fixedWidth = try container.decodeIfPresent(Bool.self, forKey: .fixedWidth)
        lockSignDate = try container.decodeIfPresent(Bool.self, forKey: .lockSignDate)
        dateFormat = try container.decodeIfPresent(DateFormat.self, forKey: .dateFormat)
        formula = try container.decodeIfPresent(String.self, forKey: .formula)
        options = try container.decodeIfPresent([FieldOption].self, forKey: .options)
        defaultOption = try container.decodeIfPresent(String.self, forKey: .defaultOption)
        allowOther = try container.decodeIfPresent(Bool.self, forKey: .allowOther)
        signingElementsGroupID = try container.decodeIfPresent(String.self, forKey: .signingElementsGroupID)
    }

    /// Encodes the field as the server sends it: ``width`` and ``height`` as strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encode(page, forKey: .page)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encodeIfPresent(width.map(Self.lengthText), forKey: .width)
        try container.encodeIfPresent(height.map(Self.lengthText), forKey: .height)
        try container.encodeIfPresent(recipientID, forKey: .recipientID)
        try container.encodeIfPresent(recipient, forKey: .recipient)
        try container.encodeIfPresent(placeholderName, forKey: .placeholderName)
        try container.encodeIfPresent(required, forKey: .required)
        try container.encodeIfPresent(value, forKey: .value)
        try container.encodeIfPresent(apiID, forKey: .apiID)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encodeIfPresent(validation, forKey: .validation)
        try container.encodeIfPresent(fixedWidth, forKey: .fixedWidth)
        try container.encodeIfPresent(lockSignDate, forKey: .lockSignDate)
        try container.encodeIfPresent(dateFormat, forKey: .dateFormat)
        try container.encodeIfPresent(formula, forKey: .formula)
        try container.encodeIfPresent(options, forKey: .options)
        try container.encodeIfPresent(defaultOption, forKey: .defaultOption)
        try container.encodeIfPresent(allowOther, forKey: .allowOther)
        try container.encodeIfPresent(signingElementsGroupID, forKey: .signingElementsGroupID)
    }

    /// A width or height as the server writes it: `"120"` for whole pixels, `"30.5"` otherwise.
    private static func lengthText(_ length: Double) -> String {
        length.rounded() == length && abs(length) < 1e15 ? String(Int(length)) : String(length)
    }

    /// A width or height sent as a string such as `"120.0"` (or, leniently, as a number).
    private static func decodeLength(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Double? {
        if let number = try? container.decodeIfPresent(Double.self, forKey: key) { return number }
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "'\(text)' is not a length in pixels")
        }
        return number
    }
}
