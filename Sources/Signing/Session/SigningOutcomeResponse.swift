import HTTPSupport
import Hummingbird

/// The answer of `POST …/complete` and `POST …/decline`: `{"state", "redirect_url"}`, the
/// link `null` when the document names none.
struct SigningOutcomeResponse: ResponseEncodable, Sendable {
    /// The recipient's state now (see ``SigningService/state(of:recipientIndex:)``).
    let state: String
    /// Where the page sends the recipient next.
    let redirectURL: String?

    enum CodingKeys: String, CodingKey {
        case state
        case redirectURL = "redirect_url"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(redirectURL, forKey: .redirectURL)
    }
}
