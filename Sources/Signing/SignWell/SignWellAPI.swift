import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import JSON
import NIOCore

/// The SignWell-compatible API v1 under `/signwell/api/v1`, authenticated with `X-Api-Key`
/// (Chancery's other schemes work too). Documents are visible to their owner and to
/// administrators; everyone else gets a 404.
struct SignWellAPI: Sendable {
    /// The mount point and the error format of this API, for ``HTTPSupport/ErrorMiddleware``.
    static let errorFormat: (prefix: String, format: any ErrorFormat) = ("/signwell", SignWellErrorFormat())

    /// The largest request body: a create request carries its files in base64.
    static let maximumBodySize = 96 << 20

    let accounts: AccountStore
    let service: SigningService
    let renderer: DocumentRenderer
    /// `/hooks`.
    let hooks: HookRoutes

    /// Adds the routes to `router`.
    func add(to router: Router<ChanceryRequestContext>) {
        let api = router.group("signwell/api/v1")
            .add(middleware: AuthenticationMiddleware(accounts: accounts, authenticators: .standard))
        addDocumentRoutes(to: api)
        TemplateRoutes(api: self).add(to: api)
        BulkSendRoutes(api: self).add(to: api)
        hooks.add(to: api)
        AccountRoutes(accounts: accounts).add(to: api)
        APIApplicationRoutes(applications: service.applications, accounts: accounts).add(to: api)
    }

    /// The request's body as a JSON object.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 400 when it is not one.
    static func jsonObject(_ request: Request, limit: Int = maximumBodySize) async throws -> [String: JSONValue] {
        try await request.jsonObjectBody(upTo: limit, invalid: "The body must be a JSON object.") ?? [:]
    }

    /// The client of a request, for the audit trail.
    func client(_ request: Request, _ context: ChanceryRequestContext) -> ClientInfo {
        ClientInfo(request: request, context: context)
    }
}
