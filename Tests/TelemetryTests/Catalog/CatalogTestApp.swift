import Accounts
import ChanceryTestSupport
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Testing

@testable import Telemetry

/// The intdash REST routes of the catalog over a fresh ``CatalogFixture``, with API keys for
/// its people, driven through HummingbirdTesting.
struct CatalogTestApp {
    let client: any TestClientProtocol
    let fixture: CatalogFixture
    /// `X-Intdash-Token` headers of the administrator, alice and bob.
    let admin: HTTPFields
    let alice: HTTPFields
    let bob: HTTPFields

    /// Runs `body` against a fresh application.
    static func with(_ body: @escaping @Sendable (CatalogTestApp) async throws -> Void) async throws {
        try await CatalogFixture.with { fixture in
            let router = Router(context: ChanceryRequestContext.self)
            router.add(middleware: ErrorMiddleware(formats: TelemetryCapability.errorFormats))
            IntdashRESTRoutes(edges: fixture.edges, measurements: fixture.measurements).add(to: router)
            let admin = try await token("admin", fixture)
            let alice = try await token("alice", fixture)
            let bob = try await token("bob", fixture)
            try await Application(router: router).test(.router) { client in
                try await body(CatalogTestApp(client: client, fixture: fixture, admin: admin, alice: alice, bob: bob))
            }
        }
    }

    /// `X-Intdash-Token` headers with a new API key of `userName`.
    static func token(_ userName: String, _ fixture: CatalogFixture) async throws -> HTTPFields {
        [HTTPField.Name("X-Intdash-Token")!: try await fixture.accounts.createAPIKey(userName: userName, label: "test").secret]
    }

    /// `X-Edge-Token` headers with a new API key of `edge`'s user.
    func edgeToken(_ edge: String) async throws -> HTTPFields {
        [HTTPField.Name("X-Edge-Token")!: try await fixture.accounts.createAPIKey(userName: edge, label: "edge").secret]
    }

    /// What a test reads from a response: its status and its JSON body (`nil` when empty).
    struct Answer: @unchecked Sendable {
        // `@unchecked`: `json` holds only the immutable Foundation values JSONSerialization makes.
        let status: HTTPResponse.Status
        let json: Any?

        /// The body as an object.
        var object: [String: Any] { json as? [String: Any] ?? [:] }
        /// The `items` of a list.
        var items: [[String: Any]] { object["items"] as? [[String: Any]] ?? [] }
        /// The `page` of a list.
        var page: [String: Any] { object["page"] as? [String: Any] ?? [:] }
    }

    /// Sends `body` as JSON to `/intdash/api` + `path`.
    func call(_ method: HTTPRequest.Method, _ path: String, _ headers: HTTPFields = [:], body: Any? = nil) async throws -> Answer {
        var headers = headers
        headers[.contentType] = "application/json"
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        return try await client.execute(
            uri: "/intdash/api" + path, method: method, headers: headers, body: data.map { ByteBuffer(bytes: $0) }
        ) { response in
            let bytes = Data(response.body.readableBytesView)
            return Answer(status: response.status, json: bytes.isEmpty ? nil : try JSONSerialization.jsonObject(with: bytes))
        }
    }
}
