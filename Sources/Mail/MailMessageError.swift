/// Why a message cannot be made: something in it would break the message's structure or
/// smuggle in headers.
public enum MailMessageError: Error, Equatable, CustomStringConvertible {
    /// The address is not a plain `local@domain` address.
    case invalidAddress(String)
    /// A header field's value (named here) holds a line break or another control character.
    case lineBreakInHeader(String)
    /// The message has no recipient.
    case noRecipients
    /// An attachment's content type is not `type/subtype`.
    case invalidContentType(String)

    /// What is wrong.
    public var description: String {
        switch self {
        case .invalidAddress(let address): "not a valid mail address: \(address.debugDescription)"
        case .lineBreakInHeader(let field): "the \(field) holds a line break or control character"
        case .noRecipients: "the message has no recipient"
        case .invalidContentType(let type): "not a content type (type/subtype): \(type.debugDescription)"
        }
    }

    /// Checks that `value`, the value of `field`, holds no control character (CR and LF
    /// above all, which would start a new header line).
    ///
    /// - Throws: ``lineBreakInHeader(_:)``.
    static func checkHeaderValue(_ value: String, field: String) throws(MailMessageError) {
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .lineBreakInHeader(field)
        }
    }
}
