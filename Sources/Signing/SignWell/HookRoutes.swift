import Accounts
import Foundation
import HTTPSupport
import Hummingbird
import JSON
import Storage

/// SignWell's webhook endpoints, for the authenticated user's own hooks:
///
/// - `POST /hooks` `{callback_url, api_application_id?}` → 201
///   `{id, callback_url, api_application_id?, secret}`. `secret` is Chancery's addition: the
///   key of the deliveries' `Webhook-Signature` (see ``WebhookSignature``), shown only here.
///   The callback URL must be http(s) and, unless the operator allows private networks, lead
///   to public addresses only, and `api_application_id` must name one of the user's API
///   applications; otherwise 400 `{message, meta}`, as the SDK expects.
/// - `GET /hooks` → 200 `[{id, callback_url, api_application_id?}]`.
/// - `DELETE /hooks/{id}` → 204, and the hook's queued deliveries are dropped; 404 when the
///   user has no such hook.
///
/// Each user sees and deletes only their own hooks, administrators included: a hook hears
/// about its owner's documents only.
struct HookRoutes: Sendable {
    /// The hooks.
    let hooks: WebhookStore
    /// Gives each hook its signing secret.
    let secrets: WebhookSecrets
    /// Checks callback URLs.
    let check: CallbackURLCheck
    /// The API applications a hook may be made for.
    let applications: APIApplicationStore

    /// The routes over the hooks in `database`, checking callback URLs as `policy` says.
    init(database: Database, secrets: WebhookSecrets, policy: WebhookDeliveryPolicy) {
        self.hooks = WebhookStore(database: database)
        self.secrets = secrets
        self.check = CallbackURLCheck(addressGuard: policy.addressGuard)
        self.applications = APIApplicationStore(database: database)
    }

    /// The largest request body.
    static let maximumBodySize = 64 << 10

    /// Adds the routes to `api`, which authenticates its requests.
    func add(to api: RouterGroup<ChanceryRequestContext>) {
        api.post("hooks") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await SignWellAPI.jsonObject(request, limit: Self.maximumBodySize)
            let reader = RequestReader()
            let callbackURL = reader.string(body, "callback_url", at: "callback_url", required: true, maxLength: 2048)
            let applicationID = reader.string(body, "api_application_id", at: "api_application_id", maxLength: 255)
            if let callbackURL {
                do {
                    _ = try await check.check(callbackURL)
                } catch let problem as CallbackURLCheck.Problem {
                    reader.fail("callback_url", problem.description)
                }
            }
            if let applicationID, try await applications.application(id: applicationID, ownedBy: principal.userID) == nil {
                reader.fail("api_application_id", "does not name one of your API applications")
            }
            // The SDK declares a 400 with SignWell's `{message, meta}` for a hook it cannot make.
            if !reader.errors.isEmpty {
                throw APIError(
                    .badRequest,
                    reader.errors.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.joined(separator: ", "))" }.joined(separator: "; "))
            }
            let hook = Webhook(
                id: UUID().uuidString.lowercased(), ownerID: principal.userID, callbackURL: callbackURL ?? "",
                apiApplicationID: applicationID, createdAt: Date()
            )
            try await hooks.insert(hook)
            return EditedResponse(status: .created, response: HookResponse(hook, secret: secrets.secret(ofHook: hook.id)))
        }
        api.get("hooks") { _, context in
            let principal = try context.requirePrincipal()
            return try await hooks.hooks(ownedBy: principal.userID).map { HookResponse($0) }
        }
        api.delete("hooks/:id") { _, context in
            let principal = try context.requirePrincipal()
            guard try await hooks.delete(id: try context.parameters.require("id"), ownedBy: principal.userID) else {
                throw APIError(.notFound, "Webhook not found")
            }
            return Response(status: .noContent)
        }
    }
}
