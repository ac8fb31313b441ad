import Foundation

/// The base URL under which clients reach the server: a scheme (`http` or `https`), an
/// authority (host and optional port) and an optional path prefix, without a trailing slash.
///
/// Every link the server hands out (report and explorer URLs, entity URLs, signing and verify
/// pages, OAuth2 endpoints) starts with the request's public origin, which
/// ``ForwardedHeadersMiddleware`` sets on ``ChanceryRequestContext/publicOrigin``.
///
/// ```swift
/// let link = context.publicOrigin.url("/verify/\(slug)")   // "https://notary.example/verify/…"
/// ```
public struct PublicOrigin: Sendable, Equatable, CustomStringConvertible {
    /// `http` or `https`, in lower case.
    public let scheme: String
    /// The host and optional port, such as `notary.example` or `[::1]:8080`.
    public let authority: String
    /// The path prefix, empty or starting with `/` and not ending with one.
    public let path: String

    /// The origin of a request whose context no middleware has set: `http://localhost`.
    public static let fallback = PublicOrigin(checkedScheme: "http", authority: "localhost", path: "")

    /// The origin `scheme://authority`, or `nil` when the scheme is not `http` or `https`
    /// (compared without case) or the authority is not a well-formed host and port.
    public init?(scheme: String, authority: String) {
        let scheme = scheme.lowercased()
        guard Self.schemes.contains(scheme), Self.isWellFormed(authority: authority) else { return nil }
        self.init(checkedScheme: scheme, authority: authority, path: "")
    }

    /// The origin of an absolute `http` or `https` URL such as `--public-url`'s, keeping its
    /// path as the prefix; `nil` for anything else, or for a URL with a query, fragment or
    /// user info.
    public init?(url text: String) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            Self.schemes.contains(scheme), let host = components.percentEncodedHost, !host.isEmpty,
            components.query == nil, components.fragment == nil, components.user == nil, components.password == nil
        else { return nil }
        let authority = components.port.map { "\(host):\($0)" } ?? host
        guard Self.isWellFormed(authority: authority) else { return nil }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        self.init(checkedScheme: scheme, authority: authority, path: path)
    }

    private init(checkedScheme scheme: String, authority: String, path: String) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
    }

    /// The base URL as text, such as `https://notary.example/chancery`.
    public var baseURL: String { "\(scheme)://\(authority)\(path)" }

    /// The absolute URL of `path` (which starts with `/`) under this origin.
    public func url(_ path: String) -> String { baseURL + path }

    public var description: String { baseURL }

    /// The only schemes a public origin may have.
    private static let schemes: Set<String> = ["http", "https"]

    /// Whether `authority` is a host (a DNS name, an IPv4 address or a bracketed IPv6
    /// address) with an optional decimal port, and nothing else: no user info, path, spaces
    /// or markup.
    public static func isWellFormed(authority: String) -> Bool {
        guard (1...255).contains(authority.utf8.count) else { return false }
        var host = Substring(authority)
        var port: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            let literal = host[host.index(after: host.startIndex)..<close]
            guard !literal.isEmpty, literal.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return false }
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return false }
                port = rest.dropFirst()
            }
            host = host[...close]
        } else {
            if let colon = host.firstIndex(of: ":") {
                port = host[host.index(after: colon)...]
                host = host[..<colon]
            }
            guard !host.isEmpty, host.utf8.allSatisfy(isHostByte) else { return false }
        }
        if let port {
            guard (1...5).contains(port.count), port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port), number <= 65535 else {
                return false
            }
        }
        return true
    }

    /// Letters, digits, `-`, `.` and `_`: the bytes of a DNS name or an IPv4 address.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
