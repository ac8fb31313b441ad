import Foundation
import HTTPSupport
import Hummingbird
import HummingbirdTesting
import Storage
import Testing

@Suite struct ConsoleErrorMiddlewareTests {
    /// An error of a console's own domain.
    struct ShelfMissing: Error {}

    struct Unexpected: Error {}

    static func router() -> Router<ChanceryRequestContext> {
        let router = Router(context: ChanceryRequestContext.self)
        router.add(middleware: ErrorMiddleware())
        let pages = router.group("console")
            .add(
                middleware: ConsoleErrorMiddleware(translating: { $0 is ShelfMissing ? APIError(.notFound, "no such shelf") : nil }) { error in
                    ConsolePageResponse.page(
                        "<p>\(error.status.code): \(error.message)</p>", policy: "default-src 'none'", status: error.status, headers: error.headers)
                })
        pages.get("shelf") { _, _ -> String in throw ShelfMissing() }
        pages.get("private") { _, _ -> String in
            throw APIError(.unauthorized, "sign in", headers: [.wwwAuthenticate: "Basic realm=\"test\""])
        }
        pages.get("blob") { _, _ -> String in throw StorageError.blobNotFound("abc") }
        pages.get("crash") { _, _ -> String in throw Unexpected() }
        return router
    }

    @Test func clientErrorsBecomePagesWithTheirStatusAndHeaders() async throws {
        try await Application(router: Self.router()).test(.router) { client in
            for (path, status, text) in [
                ("shelf", HTTPResponse.Status.notFound, "404: no such shelf"), ("private", .unauthorized, "401: sign in"),
                ("blob", .notFound, "404: no blob with digest abc"),
            ] {
                try await client.execute(uri: "/console/\(path)", method: .get) { response in
                    #expect(response.status == status)
                    #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                    #expect(response.headers[.contentSecurityPolicy] == "default-src 'none'")
                    #expect(String(buffer: response.body) == "<p>\(text)</p>")
                }
            }
            try await client.execute(uri: "/console/private", method: .get) { response in
                #expect(response.headers[.wwwAuthenticate] == "Basic realm=\"test\"")
            }
        }
    }

    @Test func theServersOwnErrorsPassThroughToTheLoggedJSONAnswer() async throws {
        try await Application(router: Self.router()).test(.router) { client in
            try await client.execute(uri: "/console/crash", method: .get) { response in
                #expect(response.status == .internalServerError)
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                #expect(TestServer.error(response)["message"] as? String != nil)
            }
        }
    }
}
