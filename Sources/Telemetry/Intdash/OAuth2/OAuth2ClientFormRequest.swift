import Accounts
import Foundation
import HTTPSupport
import Hummingbird

/// What the token and revocation endpoints share: a client's request is a form
/// (`application/x-www-form-urlencoded`) that carries, or comes with, the client's
/// identification, and a refusal is rendered as RFC 6749 §5.2 says.
enum OAuth2ClientFormRequest {
    /// Reads the form and the client of `request`, and answers what `answer` makes of them; an
    /// ``Accounts/OAuth2Error`` from either becomes `{error, error_description}`, a 401 with a
    /// challenge when the client authenticated with HTTP Basic.
    static func respond(
        to request: Request, _ answer: (FormEncodedQuery, OAuth2ClientAuthentication) async throws -> Response
    ) async throws -> Response {
        var request = request
        guard let fields = try await request.oauth2FormFields() else {
            return try OAuth2JSONResponse.refusal(.invalidRequest("send the parameters as application/x-www-form-urlencoded"), clientUsedBasic: false)
        }
        var usedBasic = false
        do {
            let client = try OAuth2ClientAuthentication.read(from: request, fields: fields)
            usedBasic = client.usedBasic
            return try await answer(fields, client)
        } catch let error as OAuth2Error {
            return try OAuth2JSONResponse.refusal(error, clientUsedBasic: usedBasic)
        }
    }
}
