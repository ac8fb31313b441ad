import Accounts
import Foundation
import HTTPSupport
import Hummingbird

/// The page of the OAuth2 clients, the applications that sign people in through the intdash
/// OAuth2 flows:
///
/// - `GET /admin/oauth2-clients`: every client, edges' among them, and the form that registers
///   one (`POST /admin/oauth2-clients`: `name`, `redirect_uris` one per line, `confidential`),
///   whose answer shows a confidential client's secret once.
/// - `POST /admin/oauth2-clients/{id}/delete`: removes a client with its grants; an edge's client
///   goes only with its edge.
extension AdministrationPages {
    /// The most redirect URIs a client registered here may have.
    static let maxRedirectURIs = 20

    /// Adds the OAuth2 client routes to the administration `pages`.
    func addOAuth2ClientPages(to pages: RouterGroup<ChanceryRequestContext>) {
        pages.get("oauth2-clients") { request, context in try await clients(request, context: context) }
        pages.post("oauth2-clients") { request, context in
            let fields = try await request.submittedForm()
            let name = (fields["name"] ?? "").trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.count <= 100 else { throw APIError(.badRequest, "Give the application a name of at most 100 characters.") }
            let redirectURIs = (fields["redirect_uris"] ?? "").split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard redirectURIs.count <= Self.maxRedirectURIs else {
                throw APIError(.badRequest, "Give at most \(Self.maxRedirectURIs) redirect URIs.")
            }
            let kind: OAuth2Client.Kind = fields["confidential"] == "true" ? .confidential : .public
            let created = try await administration.registerOAuth2Client(name: name, kind: kind, redirectURIs: redirectURIs)
            guard let secret = created.secret else {
                return ConsolePageResponse.redirect(to: AdministrationLink.oauth2Clients + "#client-" + created.client.id)
            }
            return AdministrationLayout.page(
                title: "New OAuth2 client", current: AdministrationLink.oauth2Clients, user: try context.requirePrincipal().userName,
                formToken: BrowserSession.formToken(of: request), template: "admin-secret-page",
                context: SecretPage(
                    heading: "New OAuth2 client", subject: "The confidential application “\(name)”: its client id and secret.",
                    identifier: created.client.id, secretID: "client-secret", secret: secret, backHref: AdministrationLink.oauth2Clients,
                    backText: "Back to the OAuth2 clients")
            )
        }
        pages.post("oauth2-clients/:id/delete") { _, context in
            try await administration.deleteOAuth2Client(id: try context.parameters.require("id"))
            return ConsolePageResponse.redirect(to: AdministrationLink.page(AdministrationLink.oauth2Clients, done: .clientDeleted))
        }
    }

    private func clients(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let formToken = BrowserSession.formToken(of: request) ?? ""
        let rows = try await administration.oauth2Clients().map { client in
            OAuth2ClientsPage.Row(
                id: client.id, name: client.name, kind: client.kind.rawValue, redirectURIs: client.redirectURIs,
                isOwned: client.ownerUserID != nil, created: ConsoleTime(client.createdAt, to: .minute),
                deleteAction: AdministrationLink.deleteClient(client.id))
        }
        return AdministrationLayout.page(
            title: "OAuth2 clients", current: AdministrationLink.oauth2Clients, user: try context.requirePrincipal().userName,
            formToken: formToken, template: "admin-oauth2-clients-page",
            context: OAuth2ClientsPage(notice: Self.notice(request), rows: rows, isEmpty: rows.isEmpty, formToken: formToken)
        )
    }
}

/// What `admin-oauth2-clients-page.mustache` reads.
private struct OAuth2ClientsPage {
    /// One client's row.
    struct Row {
        let id: String
        let name: String
        let kind: String
        let redirectURIs: [String]
        /// Whether the client acts for a user of its own (an edge's client), so it is deleted
        /// with its edge, not here.
        let isOwned: Bool
        let created: ConsoleTime
        let deleteAction: String
    }

    let notice: String?
    let rows: [Row]
    let isEmpty: Bool
    let formToken: String
}
