import Accounts
import Foundation
import HTTPSupport
import Hummingbird

/// SignWell's API-application endpoints, plus the two Chancery adds to make and list
/// applications (SignWell does both in its dashboard). Each user sees only their own.
///
/// - `POST /api_applications` ``APIApplicationRequest`` → 201 `ApiApplicationResponse`.
/// - `GET /api_applications?page&limit` → `{api_applications, current_page, …}`, newest first.
/// - `GET /api_applications/{id}` → 200 `ApiApplicationResponse`
///   `{id, name, callback_urls, created_at, updated_at, owner{id, account_id, name, email},
///   preferences{primary_color, button_text_color, link_text_color, buttons_border_radius,
///   custom_logo_file}}`; 404 for an id the user does not own.
/// - `DELETE /api_applications/{id}` → 204; 404 likewise. Documents, templates and hooks that
///   name it keep the id, and hooks made for it go on hearing about its documents.
struct APIApplicationRoutes: Sendable {
    /// The applications.
    let applications: APIApplicationStore
    /// The users, for the owner's name and e-mail address.
    let accounts: AccountStore

    /// Adds the routes to `api`, which authenticates its requests.
    func add(to api: RouterGroup<ChanceryRequestContext>) {
        api.post("api_applications") { request, context in
            let principal = try context.requirePrincipal()
            let body = try APIApplicationRequest(body: try await SignWellAPI.jsonObject(request, limit: 64 << 10))
            let now = Date()
            let application = APIApplication(
                id: UUID().uuidString.lowercased(), ownerID: principal.userID, name: body.name, callbackURLs: body.callbackURLs,
                branding: body.branding, createdAt: now, updatedAt: now
            )
            try await applications.insert(application)
            return EditedResponse(status: .created, response: try await render(application, owner: principal))
        }
        api.get("api_applications") { request, context in
            let principal = try context.requirePrincipal()
            let paging = try Paging(request)
            let listed = try await applications.list(ownedBy: principal.userID, page: paging.page, limit: paging.limit)
            var items: [APIApplicationResponse] = []
            for application in listed.applications { items.append(try await render(application, owner: principal)) }
            return paging.response(listing: items, as: .apiApplications, total: listed.total)
        }
        api.get("api_applications/:id") { _, context in
            let principal = try context.requirePrincipal()
            guard let application = try await applications.application(id: try context.parameters.require("id"), ownedBy: principal.userID) else {
                throw Self.notFound
            }
            return try await render(application, owner: principal)
        }
        api.delete("api_applications/:id") { _, context in
            let principal = try context.requirePrincipal()
            guard try await applications.delete(id: try context.parameters.require("id"), ownedBy: principal.userID) else { throw Self.notFound }
            return Response(status: .noContent)
        }
    }

    /// The answer for an application the user does not have.
    private static let notFound = APIError(.notFound, "API application not found")

    /// `application`, which `owner` owns, as SignWell's `ApiApplicationResponse`.
    func render(_ application: APIApplication, owner: Principal) async throws -> APIApplicationResponse {
        APIApplicationResponse(application, owner: owner, profile: try await accounts.profile(ofUser: owner.userName))
    }
}
