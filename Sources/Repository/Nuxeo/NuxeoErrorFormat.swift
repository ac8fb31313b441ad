import Foundation
import HTTPSupport
import Hummingbird

/// Nuxeo's error body, for every path under `/nuxeo`:
///
/// ```json
/// {"entity-type": "exception", "status": 404, "message": "Failed to get document /nowhere"}
/// ```
struct NuxeoErrorFormat: ErrorFormat {
    func response(for error: APIError, requestID: String) -> Response {
        jsonResponse(for: error, body: Body(status: Int(error.status.code), message: error.message))
    }

    private struct Body: Encodable {
        let entityType = "exception"
        let status: Int
        let message: String

        enum CodingKeys: String, CodingKey {
            case entityType = "entity-type"
            case status, message
        }
    }
}
