/// What a text field accepts (SignWell's `validation`), checked when a recipient submits.
public enum TextValidation: String, Codable, Sendable, CaseIterable {
    case none = "no_text_validation"
    case numbers, letters, alphanumeric
    case emailAddress = "email_address"
    case usPhoneNumber = "us_phone_number"
    case usZipCode = "us_zip_code"
    case usSSN = "us_ssn"
    case usAge = "us_age"
    case usBankRoutingNumber = "us_bank_routing_number"
    case usBankAccountNumber = "us_bank_account_number"

    /// Whether `text` passes this validation.
    public func accepts(_ text: String) -> Bool {
        let digits = text.filter(\.isNumber)
        switch self {
        case .none: return true
        case .numbers: return !text.isEmpty && text.allSatisfy { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" }
        case .letters: return !text.isEmpty && text.allSatisfy { $0.isLetter || $0 == " " }
        case .alphanumeric: return !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber }
        case .emailAddress:
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(" ")
        case .usPhoneNumber: return digits.count == 10 && text.allSatisfy { $0.isNumber || "()- .+".contains($0) }
        case .usZipCode: return text.wholeMatch(of: /\d{5}(-\d{4})?/) != nil
        case .usSSN: return text.wholeMatch(of: /\d{3}-?\d{2}-?\d{4}/) != nil
        case .usAge: return Int(text).map { (0...150).contains($0) } ?? false
        case .usBankRoutingNumber: return text.wholeMatch(of: /\d{9}/) != nil && Self.routingChecksum(text)
        case .usBankAccountNumber: return text.wholeMatch(of: /\d{4,17}/) != nil
        }
    }

    /// ABA routing numbers: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10.
    private static func routingChecksum(_ text: String) -> Bool {
        let d = text.compactMap(\.wholeNumberValue)
        let sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])
        return sum % 10 == 0
    }

    /// What the recipient is told when a value does not pass.
    public var failureMessage: String {
        switch self {
        case .none: return ""
        case .numbers: return "must be a number"
        case .letters: return "must contain letters only"
        case .alphanumeric: return "must contain letters and digits only"
        case .emailAddress: return "must be an email address"
        case .usPhoneNumber: return "must be a US phone number (10 digits)"
        case .usZipCode: return "must be a US ZIP code (12345 or 12345-6789)"
        case .usSSN: return "must be a US social security number (123-45-6789)"
        case .usAge: return "must be an age (0 to 150)"
        case .usBankRoutingNumber: return "must be a valid 9-digit US bank routing number"
        case .usBankAccountNumber: return "must be a US bank account number (4 to 17 digits)"
        }
    }
}
