import Accounts
import Foundation
import HTTPSupport
import Hummingbird
import JSON

/// The page of the telemetry edges:
///
/// - `GET /admin/edges`: every edge with its owner and state, and the form that makes one
///   (`POST /admin/edges`: `name`, `nickname`, `owner`), whose answer shows the edge's client
///   secret once.
/// - `POST /admin/edges/{uuid}/disable`, `…/enable`: refuse the edge's sign-in and streams,
///   or allow them again; `POST …/notarize`, `…/stop-notarizing`: have its measurements
///   notarized when they end, or no longer; `POST …/delete`: delete it with its client and
///   user (its measurements stay).
extension AdministrationPages {
    /// Adds the edge routes to the administration `pages`.
    func addEdgePages(to pages: RouterGroup<ChanceryRequestContext>) {
        pages.get("edges") { request, context in try await edges(request, context: context) }
        pages.post("edges") { request, context in
            let fields = try await request.submittedForm()
            let name = (fields["name"] ?? "").trimmingCharacters(in: .whitespaces)
            let nickname = (fields["nickname"] ?? "").trimmingCharacters(in: .whitespaces)
            let owner = (fields["owner"] ?? "").trimmingCharacters(in: .whitespaces)
            let created = try await administration.createEdge(
                name: name, nickname: nickname.isEmpty ? nil : nickname, ownerName: owner.isEmpty ? nil : owner)
            guard case .string(let uuid)? = created["uuid"], case .string(let secret)? = created["client_secret"] else {
                throw APIError(.internalServerError, "The edge was made but its answer has no client secret.")
            }
            return AdministrationLayout.page(
                title: "New edge", current: AdministrationLink.edges, user: try context.requirePrincipal().userName,
                formToken: BrowserSession.formToken(of: request), template: "admin-secret-page",
                context: SecretPage(
                    heading: "New edge", subject: "The edge “\(name)”: give the device its UUID (the client id) and this client secret.",
                    identifier: uuid, secretID: "edge-secret", secret: secret, backHref: AdministrationLink.edges, backText: "Back to the edges")
            )
        }
        pages.post("edges/:uuid/:action") { _, context in
            let uuid = try context.parameters.require("uuid")
            switch try context.parameters.require("action") {
            case "disable":
                try await administration.setEdgeEnabled(uuid: uuid, false)
                return ConsolePageResponse.redirect(to: AdministrationLink.page(AdministrationLink.edges, done: .edgeDisabled))
            case "enable":
                try await administration.setEdgeEnabled(uuid: uuid, true)
                return ConsolePageResponse.redirect(to: AdministrationLink.page(AdministrationLink.edges, done: .edgeEnabled))
            case "notarize":
                try await administration.setEdgeNotarizesMeasurements(uuid: uuid, true)
                return ConsolePageResponse.redirect(to: AdministrationLink.page(AdministrationLink.edges, done: .edgeNotarizes))
            case "stop-notarizing":
                try await administration.setEdgeNotarizesMeasurements(uuid: uuid, false)
                return ConsolePageResponse.redirect(to: AdministrationLink.page(AdministrationLink.edges, done: .edgeStopsNotarizing))
            case "delete":
                try await administration.deleteEdge(uuid: uuid)
                return ConsolePageResponse.redirect(to: AdministrationLink.page(AdministrationLink.edges, done: .edgeDeleted))
            default:
                throw APIError(.notFound, "There is no such action on an edge.")
            }
        }
    }

    private func edges(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let formToken = BrowserSession.formToken(of: request) ?? ""
        let rows = try await administration.edges().map { edge in
            EdgesPage.Row(
                uuid: edge.uuid, name: edge.name, nickname: edge.nickname, type: edge.type, owner: edge.owner ?? "",
                isEnabled: edge.isEnabled, created: ConsoleTime(edge.createdAt, to: .minute),
                stateAction: AdministrationLink.edge(edge.uuid, action: edge.isEnabled ? "disable" : "enable"),
                notarizes: edge.notarizesMeasurements,
                notarizeAction: AdministrationLink.edge(edge.uuid, action: edge.notarizesMeasurements ? "stop-notarizing" : "notarize"),
                deleteAction: AdministrationLink.edge(edge.uuid, action: "delete"))
        }
        return AdministrationLayout.page(
            title: "Edges", current: AdministrationLink.edges, user: try context.requirePrincipal().userName, formToken: formToken,
            template: "admin-edges-page",
            context: EdgesPage(notice: Self.notice(request), rows: rows, isEmpty: rows.isEmpty, formToken: formToken)
        )
    }
}

/// What `admin-edges-page.mustache` reads.
private struct EdgesPage {
    /// One edge's row.
    struct Row {
        let uuid: String
        let name: String
        let nickname: String
        let type: String
        let owner: String
        let isEnabled: Bool
        let created: ConsoleTime
        let stateAction: String
        /// Whether its measurements are notarized when they end.
        let notarizes: Bool
        let notarizeAction: String
        let deleteAction: String
    }

    let notice: String?
    let rows: [Row]
    let isEmpty: Bool
    let formToken: String
}
