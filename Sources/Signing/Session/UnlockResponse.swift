import HTTPSupport
import Hummingbird

/// The answer of `POST …/unlock`: `{"unlock": proof}`, the proof the page sends back in
/// `X-Signing-Unlock`.
struct UnlockResponse: ResponseEncodable, Sendable {
    /// The unlock proof.
    let unlock: String
}
