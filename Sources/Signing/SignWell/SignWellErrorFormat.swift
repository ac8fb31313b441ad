import HTTPSupport
import HTTPTypes
import Hummingbird

/// Errors as the SignWell API writes them, in the shapes its official SDKs parse:
/// - invalid input (400, 422): `{"errors": {"field": ["message"]}}`;
/// - too many requests (429): `{"error": "message"}`;
/// - everything else: `{"message": "…", "meta": {"error": "record_not_found", "message": "…"}}`.
public struct SignWellErrorFormat: ErrorFormat {
    /// Creates the format.
    public init() {}

    public func response(for error: APIError, requestID: String) -> Response {
        if !error.fieldErrors.isEmpty {
            return jsonResponse(for: error, body: ["errors": error.fieldErrors])
        }
        if error.status == .tooManyRequests {
            return jsonResponse(for: error, body: ["error": error.message])
        }
        return jsonResponse(for: error, body: Body(message: error.message, meta: .init(error: Self.code(of: error), message: error.message)))
    }

    /// SignWell's name for the kind of error.
    private static func code(of error: APIError) -> String {
        switch error.status {
        case .notFound: return "record_not_found"
        case .unauthorized: return "unauthorized"
        case .forbidden: return "forbidden"
        case .conflict: return "conflict"
        default: return error.code
        }
    }

    /// `{message, meta}`.
    private struct Body: Encodable {
        struct Meta: Encodable {
            let error: String
            let message: String
        }

        let message: String
        let meta: Meta
    }
}
