import Accounts
import Foundation
import HTTPSupport
import Hummingbird

/// What the token and revocation endpoints share: a client's request is a form
/// (`application/x-www-form-urlencoded`) that carries, or comes with, the client's
/// identification, a refusal is rendered as RFC 6749 §5.2 says, and guessing is throttled.
///
/// Every `invalid_client` and `invalid_grant` refusal (a wrong client secret, code, PKCE
/// verifier, refresh token or password) counts as a failure of the client's address in the
/// ``Accounts/CredentialThrottle``; while the address is locked out, requests are refused with
/// 429, `Retry-After` and `{"error": "slow_down"}` before any credential is looked at.
enum OAuth2ClientFormRequest {
    /// Reads the form and the client of `request`, sent from `clientAddress`, and answers what
    /// `answer` makes of them; an ``Accounts/OAuth2Error`` from either becomes
    /// `{error, error_description}`, a 401 with a challenge when the client authenticated with
    /// HTTP Basic.
    static func respond(
        to request: Request, clientAddress: String?, throttle: CredentialThrottle,
        _ answer: (FormEncodedQuery, OAuth2ClientAuthentication) async throws -> Response
    ) async throws -> Response {
        let address = clientAddress.map { [LockoutSubject.address($0)] } ?? []
        var request = request
        guard let fields = try await request.formFields() else {
            return try OAuth2JSONResponse.refusal(.invalidRequest("send the parameters as application/x-www-form-urlencoded"), clientUsedBasic: false)
        }
        var usedBasic = false
        do {
            try await throttle.check(address)
            let client = try OAuth2ClientAuthentication.read(from: request, fields: fields)
            usedBasic = client.usedBasic
            return try await answer(fields, client)
        } catch let error as OAuth2Error {
            if [.invalidClient, .invalidGrant].contains(error.code) { try await throttle.recordFailure(address) }
            return try OAuth2JSONResponse.refusal(error, clientUsedBasic: usedBasic)
        } catch let locked as TooManyFailedAttempts {
            return try OAuth2JSONResponse.throttled(locked)
        }
    }
}
