import Foundation

/// Where outbound mail goes, parsed from `smtp://[user:password@]host[:port]` or
/// `smtps://[user:password@]host[:port]`.
///
/// `smtp` is submission (port 587 unless given) with STARTTLS whenever the server offers it;
/// `smtps` is implicit TLS from the first byte (port 465 unless given). The user and the
/// password are percent-decoded. The ``description`` never shows the password.
///
/// ```swift
/// let server = try SMTPServerURL("smtp://mailer:s%40cret@mail.example.com")
/// server.port          // 587
/// server.description   // "smtp://mailer:***@mail.example.com:587"
/// ```
public struct SMTPServerURL: Sendable, Equatable, CustomStringConvertible {
    /// How the connection is secured.
    public enum Security: Sendable, Equatable {
        /// Plain TCP, upgraded with STARTTLS when the server offers it (`smtp://`).
        case startTLSWhenOffered
        /// TLS from the start (`smtps://`).
        case implicitTLS
    }

    /// The user name and password for `AUTH`; its description shows the user only.
    public struct Credentials: Sendable, Equatable, CustomStringConvertible {
        /// The user name.
        public let user: String
        /// The password.
        public let password: String

        /// Credentials of `user` with `password`.
        public init(user: String, password: String) {
            self.user = user
            self.password = password
        }

        /// `user:***`.
        public var description: String { "\(user):***" }
    }

    /// The server's host name or address literal (without the brackets of an IPv6 literal).
    public let host: String
    /// The server's port.
    public let port: Int
    /// How the connection is secured.
    public let security: Security
    /// The credentials to authenticate with, if any.
    public let credentials: Credentials?

    /// A server given by its parts.
    public init(host: String, port: Int, security: Security, credentials: Credentials? = nil) {
        self.host = host
        self.port = port
        self.security = security
        self.credentials = credentials
    }

    /// Parses `string`.
    ///
    /// - Throws: ``SMTPServerURLError`` saying what is wrong with it.
    public init(_ string: String) throws(SMTPServerURLError) {
        guard let components = URLComponents(string: string), let scheme = components.scheme?.lowercased() else {
            throw .notAURL
        }
        switch scheme {
        case "smtp": security = .startTLSWhenOffered
        case "smtps": security = .implicitTLS
        default: throw .unsupportedScheme(scheme)
        }
        guard let host = components.host, !host.isEmpty else { throw .missingHost }
        guard components.path.isEmpty || components.path == "/", components.query == nil, components.fragment == nil else {
            throw .unexpectedPart
        }
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if let port = components.port {
            guard (1...65535).contains(port) else { throw .invalidPort }
            self.port = port
        } else {
            self.port = security == .implicitTLS ? 465 : 587
        }
        switch (components.percentEncodedUser, components.percentEncodedPassword) {
        case (nil, nil):
            credentials = nil
        case (let user?, let password?):
            guard let user = user.removingPercentEncoding, let password = password.removingPercentEncoding, !user.isEmpty else {
                throw .invalidCredentials
            }
            credentials = Credentials(user: user, password: password)
        default:
            throw .invalidCredentials
        }
    }

    /// Whether the host is this machine (`localhost`, `127.0.0.0/8` or `::1`), where a
    /// password may travel without TLS since it never leaves the machine.
    public var isLoopback: Bool {
        let host = host.lowercased()
        if host == "localhost" || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.first == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// The URL with the password replaced by `***`.
    public var description: String {
        let scheme = security == .implicitTLS ? "smtps" : "smtp"
        let user = credentials.map { ($0.user.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? "") + ":***@" } ?? ""
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "\(scheme)://\(user)\(host):\(port)"
    }
}
