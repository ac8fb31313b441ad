import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore

/// The JSON answers of the token and revocation endpoints (RFC 6749 §5.1 and §5.2): never
/// cached, since they carry tokens or say why none was given.
enum OAuth2JSONResponse {
    /// `200 OK` with `value` as JSON.
    static func success(_ value: some Encodable) throws -> Response {
        try json(value, status: .ok, headers: [:])
    }

    /// The refusal `{"error": …, "error_description": …}`: 400, or for `invalid_client`
    /// after HTTP Basic, 401 with a `Basic` challenge, as RFC 6749 §5.2 requires.
    static func refusal(_ error: OAuth2Error, clientUsedBasic: Bool) throws -> Response {
        var headers: HTTPFields = [:]
        var status = HTTPResponse.Status.badRequest
        if error.code == .invalidClient, clientUsedBasic {
            status = .unauthorized
            headers[.wwwAuthenticate] = "Basic realm=\"Chancery OAuth2\", charset=\"UTF-8\""
        }
        return try json(Refusal(error: error.code.rawValue, errorDescription: error.description), status: status, headers: headers)
    }

    /// The refusal of a client whose address or user is locked out: 429 with `Retry-After`
    /// and `{"error": "slow_down", …}` (the token endpoint's code for "ask less often",
    /// RFC 8628 §3.5).
    static func throttled(_ locked: TooManyFailedAttempts) throws -> Response {
        try json(
            Refusal(error: "slow_down", errorDescription: locked.description), status: .tooManyRequests,
            headers: [.retryAfter: "\(locked.retryAfter)"]
        )
    }

    /// `value` as JSON with the no-caching headers of RFC 6749 §5.1.
    private static func json(_ value: some Encodable, status: HTTPResponse.Status, headers extra: HTTPFields) throws -> Response {
        var headers = extra
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[.pragma] = "no-cache"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }

    /// The body of a refusal.
    private struct Refusal: Encodable {
        let error: String
        let errorDescription: String

        enum CodingKeys: String, CodingKey {
            case error
            case errorDescription = "error_description"
        }
    }
}
