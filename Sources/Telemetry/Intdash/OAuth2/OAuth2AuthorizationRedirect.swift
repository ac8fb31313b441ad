import Foundation
import HTTPSupport

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
        let query = FormEncodedQuery.encode(items.map { (name: $0.0, value: $0.1) })
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
}
