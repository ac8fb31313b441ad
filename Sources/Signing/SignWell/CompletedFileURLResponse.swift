import HTTPSupport
import Hummingbird

/// The link to a completed document's file, of `GET /documents/{id}/completed_pdf?url_only=true`:
/// `{"file_url": …}`.
struct CompletedFileURLResponse: ResponseEncodable, Sendable {
    /// The file's short-lived link.
    let fileURL: String

    enum CodingKeys: String, CodingKey {
        case fileURL = "file_url"
    }
}
