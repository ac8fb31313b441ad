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
    ///
    /// It looks at the UTF-8 bytes alone (every request's `Host` goes through it): any byte
    /// outside ASCII makes the authority ill-formed.
    public static func isWellFormed(authority: String) -> Bool {
        var host = authority.utf8[...]
        guard (1...255).contains(host.count) else { return false }
        var port: Substring.UTF8View?
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = host[host.index(after: host.startIndex)..<close]
            guard !literal.isEmpty, literal.allSatisfy(isAddressLiteralByte) else { return false }
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == UInt8(ascii: ":") else { return false }
                port = rest.dropFirst()
            }
        } else {
            if let colon = host.firstIndex(of: UInt8(ascii: ":")) {
                port = host[host.index(after: colon)...]
                host = host[..<colon]
            }
            guard !host.isEmpty, host.allSatisfy(isHostByte) else { return false }
        }
        if let port {
            guard (1...5).contains(port.count), port.allSatisfy(isDigit) else { return false }
            let number = port.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            guard number <= 65535 else { return false }
        }
        return true
    }

    /// An ASCII digit.
    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Hexadecimal digits, `:` and `.`: the bytes of a bracketed IPv6 address.
    private static func isAddressLiteralByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: ":"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
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
