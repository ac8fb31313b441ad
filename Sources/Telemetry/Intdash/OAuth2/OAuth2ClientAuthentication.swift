import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// How a client identified itself at the token or revocation endpoint (RFC 6749 §2.3.1):
/// with HTTP Basic (`client_secret_basic`), with `client_id` and `client_secret` in the form
/// (`client_secret_post`), or, for a public client, with `client_id` alone.
struct OAuth2ClientAuthentication: Sendable, Equatable {
    /// The client identifier.
    let clientID: String
    /// The secret, for a confidential client.
    let secret: String?
    /// Whether it came in an `Authorization: Basic` header, which makes a refusal a 401 with
    /// a challenge.
    let usedBasic: Bool

    /// The client's identification in `request` and its form `fields`.
    ///
    /// - Throws: ``Accounts/OAuth2Error``: `invalid_request` when it is missing or given in
    ///   two ways (RFC 6749 §2.3 allows one), `invalid_client` for a malformed Basic header.
    static func read(from request: Request, fields: FormEncodedQuery) throws -> OAuth2ClientAuthentication {
        guard let authorization = request.headers[.authorization],
            authorization.split(separator: " ", maxSplits: 1).first?.lowercased() == "basic"
        else {
            guard let clientID = fields["client_id"], !clientID.isEmpty else {
                throw OAuth2Error.invalidRequest("client_id is required")
            }
            let secret = fields["client_secret"]
            return OAuth2ClientAuthentication(clientID: clientID, secret: secret?.isEmpty == true ? nil : secret, usedBasic: false)
        }
        let encoded = authorization.dropFirst("basic".count).trimmingCharacters(in: .whitespaces)
        guard let decoded = Data(base64Encoded: encoded).flatMap({ String(data: $0, encoding: .utf8) }),
            let colon = decoded.firstIndex(of: ":")
        else { throw OAuth2Error.invalidClient("the Basic credentials are not base64 of client_id:client_secret") }
        // RFC 6749 §2.3.1: both halves are form-urlencoded before they are joined.
        let halves = FormEncodedQuery("id=\(decoded[..<colon])&secret=\(decoded[decoded.index(after: colon)...])")
        guard let clientID = halves["id"], !clientID.isEmpty, let secret = halves["secret"] else {
            throw OAuth2Error.invalidClient("the Basic credentials have no client_id")
        }
        guard fields["client_secret"] == nil else {
            throw OAuth2Error.invalidRequest("the client authenticated twice: with HTTP Basic and with client_secret")
        }
        if let formClientID = fields["client_id"], formClientID != clientID {
            throw OAuth2Error.invalidRequest("client_id in the form differs from the one in the Basic credentials")
        }
        return OAuth2ClientAuthentication(clientID: clientID, secret: secret, usedBasic: true)
    }
}
