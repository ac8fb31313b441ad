import HTTPSupport
import Hummingbird

/// The answer of `POST …/reassign`: `{"state": "reassigned"}`.
struct ReassignedResponse: ResponseEncodable, Sendable {
    /// Always `reassigned`.
    let state = "reassigned"
}
