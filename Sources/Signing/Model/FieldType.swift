/// The kinds of field a recipient fills in (SignWell's `type`).
public enum FieldType: String, Codable, Sendable, CaseIterable {
    case signature, initials, checkbox, date, select, text, dropdown
    case autofillCompany = "autofill_company"
    case autofillEmail = "autofill_email"
    case autofillFirstName = "autofill_first_name"
    case autofillLastName = "autofill_last_name"
    case autofillName = "autofill_name"
    case autofillPhone = "autofill_phone"
    case autofillTitle = "autofill_title"
    case autofillDateSigned = "autofill_date_signed"

    /// The size a field gets when the request gives none, in 96-dpi pixels.
    public var defaultSize: (width: Double, height: Double) {
        switch self {
        case .signature: return (180, 48)
        case .initials: return (72, 40)
        case .checkbox: return (18, 18)
        case .date, .autofillDateSigned: return (120, 24)
        default: return (180, 24)
        }
    }

    /// The largest height SignWell accepts: 200 for signatures and initials, 74 for the rest.
    public var maximumHeight: Double {
        self == .signature || self == .initials ? 200 : 74
    }

    /// Whether the field must be filled unless the request says otherwise (all but checkboxes).
    public var isRequiredByDefault: Bool { self != .checkbox }

    /// Whether the server fills the value in from the recipient or the signing date.
    public var isAutofill: Bool { rawValue.hasPrefix("autofill_") }
}
