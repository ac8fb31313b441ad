import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Sets each request's ``ChanceryRequestContext/publicOrigin`` and
/// ``ChanceryRequestContext/clientAddress`` by one rule for every API and page:
///
/// - the public origin is `--public-url` when it is set, otherwise the scheme and `Host` the
///   request arrived with;
/// - `X-Forwarded-Proto`, `X-Forwarded-Host` and `X-Forwarded-For` count only when the server
///   trusts its proxy (`--trust-forwarded-headers`), and only their first entry; a forwarded
///   scheme other than `http` or `https`, a malformed forwarded host or a forwarded address
///   that is not an IP address is ignored, never echoed;
/// - a request whose own `Host` is malformed is refused with a 400.
public struct ForwardedHeadersMiddleware: RouterMiddleware {
    public typealias Context = ChanceryRequestContext

    /// The configured public base URL, which wins over everything a request says.
    let publicURL: PublicOrigin?
    /// Whether the `X-Forwarded-*` headers are the proxy's, and so to be believed.
    let trustForwardedHeaders: Bool

    /// Creates the middleware for a server configured with `publicURL` (`--public-url`) and
    /// `trustForwardedHeaders` (`--trust-forwarded-headers`).
    public init(publicURL: PublicOrigin?, trustForwardedHeaders: Bool) {
        self.publicURL = publicURL
        self.trustForwardedHeaders = trustForwardedHeaders
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.publicOrigin = try origin(of: request)
        if trustForwardedHeaders, let forwarded = Self.firstEntry(of: .xForwardedFor, in: request), Self.isIPAddress(forwarded) {
            context.clientAddress = forwarded
        }
        return try await next(request, context)
    }

    /// The public origin of `request` by the rule above.
    ///
    /// - Throws: ``APIError`` 400 when the request's `Host` is malformed.
    func origin(of request: Request) throws -> PublicOrigin {
        let host = request.head.authority ?? "localhost"
        guard PublicOrigin.isWellFormed(authority: host) else {
            throw APIError(.badRequest, "The Host header is not a well-formed host and port.")
        }
        if let publicURL { return publicURL }
        var scheme = request.head.scheme ?? "http"
        var authority = host
        if trustForwardedHeaders {
            if let forwarded = Self.firstEntry(of: .xForwardedProto, in: request), PublicOrigin(scheme: forwarded, authority: authority) != nil {
                scheme = forwarded
            }
            if let forwarded = Self.firstEntry(of: .xForwardedHost, in: request), PublicOrigin.isWellFormed(authority: forwarded) {
                authority = forwarded
            }
        }
        return PublicOrigin(scheme: scheme, authority: authority) ?? PublicOrigin(scheme: "http", authority: authority) ?? .fallback
    }

    /// The first comma-separated entry of the header `name`, trimmed; `nil` when absent or empty.
    static func firstEntry(of name: HTTPField.Name, in request: Request) -> String? {
        guard let value = request.headers[name] else { return nil }
        let first = value.split(separator: ",", omittingEmptySubsequences: false).first ?? ""
        let trimmed = first.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Whether `text` is an IPv4 or IPv6 address.
    static func isIPAddress(_ text: String) -> Bool {
        (try? SocketAddress(ipAddress: text, port: 0)) != nil
    }
}
