import Foundation

/// Where the authorization endpoint sends the browser back to: the client's redirect URI with
/// the answer added to its query (RFC 6749 §4.1.2 and §4.1.2.1).
struct OAuth2AuthorizationRedirect: Sendable, Equatable {
    /// The redirect URI with the answer's parameters.
    let location: String

    /// The answer that carries an authorization code.
    static func code(_ code: String, state: String?, to redirectURI: String) -> OAuth2AuthorizationRedirect {
        OAuth2AuthorizationRedirect(redirectURI, [("code", code)] + stateItem(state))
    }

    /// The answer that reports an error, such as `access_denied` when the person said no.
    static func error(code: String, description: String, state: String?, to redirectURI: String) -> OAuth2AuthorizationRedirect {
        OAuth2AuthorizationRedirect(redirectURI, [("error", code), ("error_description", description)] + stateItem(state))
    }

    /// `redirectURI` with `items` appended to its query. Registered redirect URIs have no
    /// fragment, so appending keeps any query they already have.
    private init(_ redirectURI: String, _ items: [(String, String)]) {
        let query = items.map { "\($0.0)=\(Self.percentEncoded($0.1))" }.joined(separator: "&")
        let separator = redirectURI.contains("?") ? (redirectURI.hasSuffix("?") || redirectURI.hasSuffix("&") ? "" : "&") : "?"
        location = redirectURI + separator + query
    }

    /// The CSP source that allows a form to end at `redirectURI`: its origin for an `http`
    /// or `https` URI, its scheme for an app's own scheme (`com.example.app:`), or `nil` when
    /// it has neither.
    static func formActionSource(of redirectURI: String) -> String? {
        guard let components = URLComponents(string: redirectURI), let scheme = components.scheme?.lowercased() else { return nil }
        guard scheme == "http" || scheme == "https" else { return scheme + ":" }
        guard let host = components.host, !host.isEmpty else { return nil }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)" + (components.port.map { ":\($0)" } ?? "")
    }

    /// The `state` parameter, when the client sent one.
    private static func stateItem(_ state: String?) -> [(String, String)] {
        state.map { [("state", $0)] } ?? []
    }

    /// `value` with every byte but the unreserved characters of RFC 3986 §2.3 percent-encoded,
    /// which any query parser reads back unchanged.
    static func percentEncoded(_ value: String) -> String {
        var encoded = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.append(Character(UnicodeScalar(byte)))
            default:
                encoded += "%\(hexDigits[Int(byte >> 4)])\(hexDigits[Int(byte & 0x0F)])"
            }
        }
        return encoded
    }

    /// The digits of uppercase hexadecimal.
    private static let hexDigits = Array("0123456789ABCDEF")
}
