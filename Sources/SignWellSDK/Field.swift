/// A field to place on a page of a file when creating a document or a template: where it is,
/// whom it is for, and what it asks.
///
/// Coordinates and sizes are in the API's pixels: CSS pixels at 96 per inch (1 px = 0.75 pt),
/// from the top-left corner of the page as displayed. Fields go in
/// ``CreateDocumentRequest/fields`` as one list per file.
///
/// ```swift
/// let signature = Field(type: .signature, page: 1, x: 200, y: 550, recipientID: "1")
/// var date = Field(type: .date, page: 1, x: 110, y: 550, recipientID: "1")
/// date.dateFormat = .monthNameDayYear
/// ```
public struct Field: Codable, Hashable, Sendable {
    /// What the field asks for.
    public var type: FieldType
    /// The page, from 1. A field on a page the file does not have is not created.
    public var page: Int
    /// The distance of the field's left edge from the page's left edge, in pixels.
    public var x: Double
    /// The distance of the field's top edge from the page's top edge, in pixels.
    public var y: Double
    /// The recipient who fills the field in (a document's ``Recipient/id``).
    public var recipientID: String?
    /// The placeholder whose recipient fills the field in (a template's ``Placeholder/id``).
    public var placeholderID: String?
    /// The width in pixels; the server picks one for the type when unset.
    public var width: Double?
    /// The height in pixels (at most 200 for signatures and initials, 74 for others); the
    /// server picks one for the type when unset.
    public var height: Double?
    /// Whether the recipient must fill the field in (default: yes, except for checkboxes).
    public var required: Bool?
    /// A label shown in an empty text or date field.
    public var label: String?
    /// A value filled in beforehand.
    public var value: FieldValue?
    /// An identifier of your own, to find the field in answers and to fill it in from a template.
    public var apiID: String?
    /// The name of a checkbox.
    public var name: String?
    /// What a text field accepts.
    public var validation: TextValidation?
    /// Whether a text field keeps its width instead of growing with its text.
    public var fixedWidth: Bool?
    /// Whether a date field is filled in with the signing date and cannot be changed.
    public var lockSignDate: Bool?
    /// How a date field shows its date.
    public var dateFormat: DateFormat?
    /// A date field's formula, such as `sent_date + 10 days`.
    public var formula: String?
    /// The choices of a `select` or `dropdown` field.
    public var options: [FieldOption]?
    /// The choice selected beforehand.
    public var defaultOption: String?
    /// Whether the recipient may type a choice of their own.
    public var allowOther: Bool?

    /// Creates a field of `type` at (`x`, `y`) on `page` for the recipient `recipientID`.
    public init(
        type: FieldType, page: Int, x: Double, y: Double, recipientID: String? = nil,
        width: Double? = nil, height: Double? = nil, required: Bool? = nil
    ) {
        self.type = type
        self.page = page
        self.x = x
        self.y = y
        self.recipientID = recipientID
        self.width = width
        self.height = height
        self.required = required
    }

    private enum CodingKeys: String, CodingKey {
        case type, page, x, y, width, height, required, label, value, name, validation, formula, options
        case recipientID = "recipient_id"
        case placeholderID = "placeholder_id"
        case apiID = "api_id"
        case fixedWidth = "fixed_width"
        case lockSignDate = "lock_sign_date"
        case dateFormat = "date_format"
        case defaultOption = "default_option"
        case allowOther = "allow_other"
    }
}
