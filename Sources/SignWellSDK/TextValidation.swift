/// What a text field accepts.
public enum TextValidation: OpenEnumeration {
    /// Any text.
    case noTextValidation
    /// Digits only.
    case numbers
    /// Letters only.
    case letters
    /// An e-mail address.
    case emailAddress
    /// A US phone number.
    case usPhoneNumber
    /// A US ZIP code.
    case usZipCode
    /// A US social security number.
    case usSSN
    /// An age.
    case usAge
    /// Letters and digits.
    case alphanumeric
    /// A US bank routing number.
    case usBankRoutingNumber
    /// A US bank account number.
    case usBankAccountNumber
    /// A validation this SDK does not know, as the server spelled it.
    case unknown(String)

    /// Every validation this SDK knows.
    public static let knownValues: [TextValidation] = [
        .noTextValidation, .numbers, .letters, .emailAddress, .usPhoneNumber, .usZipCode, .usSSN, .usAge, .alphanumeric,
        .usBankRoutingNumber, .usBankAccountNumber,
    ]

    /// The validation as the API spells it, such as `us_zip_code`.
    public var rawValue: String {
        switch self {
        case .noTextValidation: "no_text_validation"
        case .numbers: "numbers"
        case .letters: "letters"
        case .emailAddress: "email_address"
        case .usPhoneNumber: "us_phone_number"
        case .usZipCode: "us_zip_code"
        case .usSSN: "us_ssn"
        case .usAge: "us_age"
        case .alphanumeric: "alphanumeric"
        case .usBankRoutingNumber: "us_bank_routing_number"
        case .usBankAccountNumber: "us_bank_account_number"
        case .unknown(let rawValue): rawValue
        }
    }
}
