import HTTPSupport
import Hummingbird

/// Errors as the QED API writes them (Django REST Framework style):
/// `{"detail": "…"}`, or for invalid input one list of messages per field:
/// `{"hash": ["Enter a hex string of at most 32 bytes."]}`.
public struct QEDErrorFormat: ErrorFormat {
    /// Creates the format.
    public init() {}

    public func response(for error: APIError, requestID: String) -> Response {
        if error.fieldErrors.isEmpty {
            return jsonResponse(for: error, body: ["detail": error.message])
        }
        return jsonResponse(for: error, body: error.fieldErrors)
    }
}
