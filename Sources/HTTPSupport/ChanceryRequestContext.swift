import Accounts
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdAuth
import Logging
import NIOCore

/// The request context of every Chancery route: Hummingbird's core storage plus the
/// authenticated ``Accounts/Principal``, if any.
///
/// The request id is Hummingbird's (`context.id`), present as `hb.request.id` in every log
/// line written through `context.logger`, and returned to the client as `X-Request-Id`.
public struct ChanceryRequestContext: AuthRequestContext, RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The user the request runs for, set by ``AuthenticationMiddleware``.
    public var identity: Principal?
    /// The address of the client's end of the connection (the proxy's, behind a proxy).
    public let remoteAddress: SocketAddress?
    /// The client's IP address: the connection's peer, or the first `X-Forwarded-For` entry
    /// when the server trusts its proxy (set by ``ForwardedHeadersMiddleware``).
    public var clientAddress: String?
    /// The base URL of every link built for this request, set by
    /// ``ForwardedHeadersMiddleware``; ``PublicOrigin/fallback`` without it.
    public var publicOrigin: PublicOrigin

    /// The largest body a route may decode in one piece (JSON, forms). Routes that take files
    /// stream their bodies into the blob store instead.
    public var maxUploadSize: Int { 2 * 1024 * 1024 }

    /// Encodes response bodies as JSON with sorted keys and ISO 8601 dates, so that the same
    /// value always gives the same bytes.
    public var responseEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// Creates the context of a new request.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.identity = nil
        self.remoteAddress = source.channel.remoteAddress
        self.clientAddress = source.channel.remoteAddress?.ipAddress
        self.publicOrigin = .fallback
    }

    /// The authenticated principal, or a 401 error when the route was reached without one.
    public func requirePrincipal() throws -> Principal {
        guard let identity else { throw APIError(.unauthorized, "authentication required") }
        return identity
    }
}
