import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The error format of Chancery's own endpoints (`/api/v1`, `/health`, `/metrics`, and any
/// path no other API claims):
///
/// ```json
/// {"error": {"status": 401, "code": "unauthorized", "message": "authentication required", "request_id": "…"}}
/// ```
///
/// Validation errors add `"fields": {"name": ["what is wrong"]}`.
public struct ChanceryErrorFormat: ErrorFormat {
    /// Creates the format.
    public init() {}

    public func response(for error: APIError, requestID: String) -> Response {
        jsonResponse(for: error, body: body(for: error, requestID: requestID))
    }

    /// The JSON document that reports `error`, for answers written below the router (a
    /// connection's malformed request head, which no route has seen).
    public func json(for error: APIError, requestID: String) -> ByteBuffer {
        jsonBytes(body(for: error, requestID: requestID))
    }

    private func body(for error: APIError, requestID: String) -> Body {
        Body(
            error: .init(
                status: Int(error.status.code), code: error.code, message: error.message, requestID: requestID,
                fields: error.fieldErrors.isEmpty ? nil : error.fieldErrors
            ))
    }

    private struct Body: Encodable {
        struct Detail: Encodable {
            let status: Int
            let code: String
            let message: String
            let requestID: String
            let fields: [String: [String]]?
            enum CodingKeys: String, CodingKey {
                case status, code, message, fields
                case requestID = "request_id"
            }
        }
        let error: Detail
    }
}
