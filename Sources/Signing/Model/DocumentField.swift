import JSON

/// One field of a document: where it is, whose it is, what it accepts and, once filled, its
/// value.
public struct DocumentField: Codable, Sendable, Equatable {
    /// One choice of a select or dropdown field.
    public struct Option: Codable, Sendable, Equatable {
        /// The text shown and stored.
        public var name: String
        /// The caller's id for the option.
        public var apiID: String?
        /// Whether choosing it lets the recipient type their own value.
        public var isOther: Bool

        /// Creates an option.
        public init(name: String, apiID: String? = nil, isOther: Bool = false) {
            self.name = name
            self.apiID = apiID
            self.isOther = isOther
        }
    }

    /// The field's id within its document (`f1`, `f2`, …), used by the signing page.
    public var id: String
    /// Which file of the document the field is on, counted from 0.
    public var fileIndex: Int
    /// The page of that file, counted from 1 (as SignWell's `page`).
    public var page: Int
    /// The page of the prepared PDF, counted from 0.
    public var pageIndex: Int
    /// The left edge, in 96-dpi pixels from the page's left edge.
    public var x: Double
    /// The top edge, in 96-dpi pixels from the page's top edge.
    public var y: Double
    /// The width in 96-dpi pixels.
    public var width: Double
    /// The height in 96-dpi pixels.
    public var height: Double
    /// What kind of field it is.
    public var type: FieldType
    /// The recipient who fills it.
    public var recipientID: String
    /// Whether the recipient must fill it.
    public var required: Bool
    /// A label shown to the recipient (text and date fields).
    public var label: String?
    /// The caller's id for the field.
    public var apiID: String?
    /// The checkbox's name.
    public var name: String?
    /// The value: preset by the sender, or filled in by the recipient.
    public var value: JSONValue?
    /// What a text field accepts.
    public var validation: TextValidation?
    /// Whether a text field keeps its width rather than growing.
    public var fixedWidth: Bool
    /// Whether a date field is filled with the signing date and cannot be changed.
    public var lockSignDate: Bool
    /// How a date field writes its date.
    public var dateFormat: DateFormat?
    /// A date formula such as `sent_date + 10 days`, kept as sent.
    public var formula: String?
    /// The choices of a select or dropdown field.
    public var options: [Option]
    /// The option chosen when the recipient chooses none.
    public var defaultOption: String?
    /// Whether the recipient may type a value that is not an option.
    public var allowOther: Bool
    /// The template placeholder the field belongs to, for fields from templates.
    public var placeholderName: String?

    /// Whether the recipient does not type the value: autofill fields and locked dates.
    public var isReadOnly: Bool {
        type.isAutofill || (type == .date && lockSignDate)
    }
}
