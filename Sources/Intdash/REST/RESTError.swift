import Foundation

/// Why a REST call failed: the kind of failure, the server's explanation when it gave one,
/// and the underlying error.
///
/// The server explains a refusal as `{"error": "…", "error_description": "…"}`; ``code``
/// and ``message`` hold them.
public struct RESTError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The kinds of failure.
    public enum Kind: Hashable, Sendable {
        /// The network is unreachable.
        case offline
        /// The server did not answer in time.
        case timeout
        /// The server answered with an unsuccessful status that has no kind of its own.
        case httpStatus
        /// 401: the credentials were missing, wrong or expired.
        case unauthorized
        /// 403: the credentials do not allow the request.
        case forbidden
        /// 404: no such resource.
        case notFound
        /// 429: too many requests.
        case tooManyRequests
        /// 400 or 422: the request was not valid.
        case invalidRequest
        /// A successful answer had no body.
        case nodata
        /// A successful answer's body was not the JSON expected.
        case failedToParseJSON
        /// A token could not be read.
        case failedToParseJWT
        /// The API object has no session, or the session has no server.
        case sessionNotSet
        /// A value could not be converted (a URL, a binary body, …).
        case dataConversionFailed
    }

    /// The kind of failure.
    public let kind: Kind
    /// The error underneath, such as a `URLError`.
    public var originError: (any Error)?
    /// The HTTP status, when the server answered.
    public var statusCode: Int?
    /// The server's `error`, such as `invalid_grant` (an addition to the 1.x SDK).
    public var code: String?
    /// The server's `error_description` (an addition to the 1.x SDK).
    public var message: String?

    /// Creates an error of `kind`.
    public init(kind: Kind) {
        self.kind = kind
    }

    /// Creates an error with all its details.
    init(kind: Kind, statusCode: Int? = nil, code: String? = nil, message: String? = nil, originError: (any Error)? = nil) {
        self.kind = kind
        self.statusCode = statusCode
        self.code = code
        self.message = message
        self.originError = originError
    }

    /// One line: the kind, the status, and the server's explanation or the underlying error.
    public var description: String {
        var text = "intdash REST error \(kind)"
        if let statusCode { text += " (HTTP \(statusCode))" }
        let explanation = [code, message].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        if !explanation.isEmpty {
            text += ": \(explanation)"
        } else if let originError {
            text += ": \(originError)"
        }
        return text
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}

extension RESTError {
    /// The error for an unsuccessful answer with status `statusCode` and `body`.
    init(statusCode: Int, body: Data) {
        let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        let kind: Kind =
            switch statusCode {
            case 400, 422: .invalidRequest
            case 401: .unauthorized
            case 403: .forbidden
            case 404: .notFound
            case 429: .tooManyRequests
            default: .httpStatus
            }
        var message = object?["error_description"] as? String
        if object == nil, !body.isEmpty {
            message = String(decoding: body.prefix(300), as: UTF8.self)
        }
        self.init(kind: kind, statusCode: statusCode, code: object?["error"] as? String, message: message)
    }

    /// The error for a request that got no answer.
    init(transportError error: any Error) {
        let kind: Kind =
            switch (error as? URLError)?.code {
            case .timedOut: .timeout
            case .notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed: .offline
            case .cancelled, .userCancelledAuthentication: .unauthorized
            default: .offline
            }
        self.init(kind: kind, statusCode: kind == .unauthorized ? 401 : nil, originError: error)
    }
}
