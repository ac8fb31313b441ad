/// What a field asks its recipient for.
public enum FieldType: OpenEnumeration {
    /// A signature.
    case signature
    /// The recipient's initials.
    case initials
    /// A box to tick.
    case checkbox
    /// A date the recipient enters, or the signing date when the field locks it.
    case date
    /// A choice among options (radio-like).
    case select
    /// Free text.
    case text
    /// A choice from a drop-down list of options.
    case dropdown
    /// The recipient's company, filled in from their profile.
    case autofillCompany
    /// The recipient's e-mail address, filled in.
    case autofillEmail
    /// The recipient's first name, filled in.
    case autofillFirstName
    /// The recipient's last name, filled in.
    case autofillLastName
    /// The recipient's full name, filled in.
    case autofillName
    /// The recipient's phone number, filled in.
    case autofillPhone
    /// The recipient's title, filled in.
    case autofillTitle
    /// The date the recipient signed, filled in.
    case autofillDateSigned
    /// A type this SDK does not know, as the server spelled it.
    case unknown(String)

    /// Every type this SDK knows.
    public static let knownValues: [FieldType] = [
        .signature, .initials, .checkbox, .date, .select, .text, .dropdown, .autofillCompany, .autofillEmail,
        .autofillFirstName, .autofillLastName, .autofillName, .autofillPhone, .autofillTitle, .autofillDateSigned,
    ]

    /// The type as the API spells it, such as `autofill_date_signed`.
    public var rawValue: String {
        switch self {
        case .signature: "signature"
        case .initials: "initials"
        case .checkbox: "checkbox"
        case .date: "date"
        case .select: "select"
        case .text: "text"
        case .dropdown: "dropdown"
        case .autofillCompany: "autofill_company"
        case .autofillEmail: "autofill_email"
        case .autofillFirstName: "autofill_first_name"
        case .autofillLastName: "autofill_last_name"
        case .autofillName: "autofill_name"
        case .autofillPhone: "autofill_phone"
        case .autofillTitle: "autofill_title"
        case .autofillDateSigned: "autofill_date_signed"
        case .unknown(let rawValue): rawValue
        }
    }
}
