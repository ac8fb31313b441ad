import HTTPSupport
import Hummingbird

/// intdash's error body, `{"error": "<code>", "error_description": "<message>"}`: the shape
/// of OAuth2 errors (RFC 6749 §5.2), which the intdash API uses for every error. The request
/// id is added so that an operator can find the request in the logs.
struct IntdashErrorFormat: ErrorFormat {
    private struct Body: Encodable {
        let error: String
        let errorDescription: String
        let requestID: String

        enum CodingKeys: String, CodingKey {
            case error
            case errorDescription = "error_description"
            case requestID = "request_id"
        }
    }

    func response(for error: APIError, requestID: String) -> Response {
        jsonResponse(for: error, body: Body(error: error.code, errorDescription: error.message, requestID: requestID))
    }
}
