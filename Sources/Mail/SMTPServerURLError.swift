/// What is wrong with an SMTP server URL.
public enum SMTPServerURLError: Error, Equatable, CustomStringConvertible {
    /// It is not a URL.
    case notAURL
    /// Its scheme is neither `smtp` nor `smtps`.
    case unsupportedScheme(String)
    /// It has no host.
    case missingHost
    /// Its port is not between 1 and 65535.
    case invalidPort
    /// It has a user without a password, a password without a user, or bad percent-encoding in either.
    case invalidCredentials
    /// It has a path, a query or a fragment, which an SMTP server URL has no use for.
    case unexpectedPart

    /// What is wrong, for an operator.
    public var description: String {
        switch self {
        case .notAURL: "the SMTP server is not a URL (expected smtp[s]://[user:password@]host[:port])"
        case .unsupportedScheme(let scheme): "the SMTP server URL's scheme is \(scheme), not smtp or smtps"
        case .missingHost: "the SMTP server URL has no host"
        case .invalidPort: "the SMTP server URL's port is not between 1 and 65535"
        case .invalidCredentials: "the SMTP server URL needs both a user and a password (percent-encoded), or neither"
        case .unexpectedPart: "the SMTP server URL has a path, query or fragment; expected smtp[s]://[user:password@]host[:port]"
        }
    }
}
