import Foundation
import HTTPSupport
import Hummingbird
import HummingbirdTesting
import Storage
import Testing

@Suite struct ErrorMiddlewareTests {
    /// A stand-in for a compatible API's own error shape.
    struct DetailFormat: ErrorFormat {
        struct Body: Encodable { let detail: String }
        func response(for error: APIError, requestID: String) -> Response {
            jsonResponse(for: error, body: Body(detail: error.message))
        }
    }

    struct Unexpected: Error {}

    static func router() -> Router<ChanceryRequestContext> {
        let router = Router(context: ChanceryRequestContext.self)
        router.add(middleware: ErrorMiddleware(formats: [(prefix: "/qed/v1", format: DetailFormat())]))
        router.get("qed/v1/missing") { _, _ -> String in throw APIError(.notFound, "no such report") }
        router.get("api/missing") { _, _ -> String in throw APIError(.notFound, "no such thing") }
        router.get("api/blob") { _, _ -> String in throw StorageError.blobNotFound("abc") }
        router.get("api/crash") { _, _ -> String in throw Unexpected() }
        return router
    }

    @Test func eachPrefixGetsItsOwnFormat() async throws {
        try await Application(router: Self.router()).test(.router) { client in
            try await client.execute(uri: "/qed/v1/missing", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(TestServer.json(response)["detail"] as? String == "no such report")
            }
            try await client.execute(uri: "/qed/v1/unrouted", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(TestServer.json(response)["detail"] as? String == "no such resource")
            }
            try await client.execute(uri: "/api/missing", method: .get) { response in
                #expect(TestServer.error(response)["message"] as? String == "no such thing")
            }
        }
    }

    @Test func domainErrorsBecomeClientErrors() async throws {
        try await Application(router: Self.router()).test(.router) { client in
            try await client.execute(uri: "/api/blob", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(TestServer.error(response)["message"] as? String == "no blob with digest abc")
            }
        }
    }

    @Test func unexpectedErrorsRevealNothing() async throws {
        try await Application(router: Self.router()).test(.router) { client in
            try await client.execute(uri: "/api/crash", method: .get) { response in
                #expect(response.status == .internalServerError)
                let message = try #require(TestServer.error(response)["message"] as? String)
                #expect(!message.contains("Unexpected"))
                #expect(message.contains("request id"))
            }
        }
    }
}
