import Accounts
import HTTPSupport
import HTTPTypes

extension SigningService {
    /// The API applications documents, templates and hooks may belong to.
    var applications: APIApplicationStore { APIApplicationStore(database: store.database) }

    /// Checks that `id`, when there is one, names an API application `principal` owns.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 with the problem under `api_application_id`.
    func requireApplication(_ id: String?, of principal: Principal) async throws {
        guard let id else { return }
        guard try await applications.application(id: id, ownedBy: principal.userID) != nil else {
            throw APIError(
                .unprocessableContent, "api_application_id does not name one of your API applications.",
                fieldErrors: ["api_application_id": ["does not name one of your API applications"]]
            )
        }
    }

    /// The signing-page branding of `document`: its API application's, or none.
    func branding(of document: SigningDocument) async throws -> SigningBranding? {
        guard let id = document.apiApplicationID else { return nil }
        return try await applications.application(id: id, ownedBy: document.ownerID)?.branding
    }
}
