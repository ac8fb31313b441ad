import Accounts
import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore
import SwiftASN1
import TimeStamping

/// Chancery's RFC 3161 time-stamp authority over HTTP.
///
/// - `POST /tsa`: an `application/timestamp-query` body in, an `application/timestamp-reply`
///   out, for any RFC 3161 client (`openssl ts`, `rfc3161-client`, signing tools). It needs
///   credentials like every other write.
/// - `GET /.well-known/chancery/tsa-root.pem`: the root certificate that verifies every token.
public struct TSARoutes: Sendable {
    /// The TSA policy when the operator configures none: OpenSSL's documented example
    /// policy. Operators with a policy OID of their own set it with `--tsa-policy`.
    public static let defaultPolicy: ASN1ObjectIdentifier = [1, 2, 3, 4, 1]
    /// The largest time-stamp query accepted; real ones are under 200 bytes.
    static let maxQueryBytes = 16 * 1024

    private let accounts: AccountStore
    private let authority: TimeStampAuthority
    private let rootCertificatePEM: String

    /// Creates the routes for `authority`, whose chain ends in the root of `keys`.
    public init(accounts: AccountStore, authority: TimeStampAuthority, keys: TSAKeys) throws {
        self.accounts = accounts
        self.authority = authority
        self.rootCertificatePEM = try keys.rootCertificatePEM
    }

    /// Adds the routes to `router`.
    public func add(to router: Router<ChanceryRequestContext>) {
        router.get(".well-known/chancery/tsa-root.pem") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/x-pem-file", .cacheControl: "public, max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(string: rootCertificatePEM))
            )
        }
        router.group("tsa")
            .add(middleware: AuthenticationMiddleware(accounts: accounts, authenticators: .standard))
            .post { request, _ in
                guard request.headers[.contentType]?.lowercased().hasPrefix("application/timestamp-query") == true else {
                    throw APIError(.unsupportedMediaType, "send the time-stamp query as application/timestamp-query")
                }
                var request = request
                let query = try await request.collectBody(upTo: Self.maxQueryBytes)
                let reply = try authority.respond(toRequest: query.readableBytesView)
                return Response(
                    status: .ok,
                    headers: [.contentType: "application/timestamp-reply"],
                    body: .init(byteBuffer: ByteBuffer(bytes: reply))
                )
            }
    }
}
