import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite struct BadInputTests {
    static var admin: HTTPFields {
        TestServer.basic("Administrator", TestServer.administratorPassword).merging([.contentType: "application/json"])
    }

    @Test func malformedJSONIsA400InChanceryFormat() async throws {
        try await TestServer.with { client, _ in
            for body in ["{not json", #"{"expires_in": "soon"}"#, "[1,2"] {
                try await client.execute(uri: "/api/v1/tokens", method: .post, headers: Self.admin, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .badRequest, "body \(body)")
                    let error = TestServer.error(response)
                    #expect(error["status"] as? Int == 400)
                    #expect((error["message"] as? String)?.hasPrefix("malformed request body") == true)
                }
            }
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test func oversizedBodiesAreRefusedWith413() async throws {
        try await TestServer.with { client, _ in
            let declaredTooLarge = ByteBuffer(repeating: UInt8(ascii: " "), count: Int(TestServer.bodyLimit) + 1)
            try await client.execute(uri: "/api/v1/tokens", method: .post, headers: Self.admin, body: declaredTooLarge) { response in
                #expect(response.status == .contentTooLarge)
                #expect((TestServer.error(response)["message"] as? String)?.contains("exceeds the limit") == true)
            }
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test func unknownRoutesAreA404InChanceryFormat() async throws {
        try await TestServer.with { client, _ in
            for uri in ["/no/such/route", "/api/v2/me", "/health/extra"] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .notFound, "\(uri)")
                    #expect(TestServer.error(response)["code"] as? String == "not_found")
                }
            }
            try await client.execute(uri: "/health", method: .delete) { response in
                #expect(response.status.code >= 400 && response.status.code < 500)
            }
            try await client.execute(uri: "/health", method: .get) { #expect($0.status == .ok) }
        }
    }

    @Test func aBadContentLengthIsA400() async throws {
        let middleware = BodyLimitMiddleware(maxBytes: 10)
        let router = Router(context: ChanceryRequestContext.self)
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: middleware)
        router.post("echo") { _, _ in "ok" }
        let app = Application(router: router)
        try await app.test(.router) { client in
            try await client.execute(uri: "/echo", method: .post, headers: [.contentLength: "12"], body: ByteBuffer(string: "twelve bytes")) {
                response in
                #expect(response.status == .contentTooLarge)
            }
            try await client.execute(uri: "/echo", method: .post, body: ByteBuffer(string: "short")) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func aChunkedBodyOverTheLimitIsA413AsItStreams() async throws {
        let router = Router(context: ChanceryRequestContext.self)
        router.add(middleware: ErrorMiddleware())
        router.add(middleware: BodyLimitMiddleware(maxBytes: 10))
        router.post("count") { request, _ in
            "\(try await request.body.collect(upTo: .max).readableBytes)"
        }
        let app = Application(router: router)
        try await app.test(.router) { client in
            let chunked: HTTPFields = [.transferEncoding: "chunked"]
            try await client.execute(uri: "/count", method: .post, headers: chunked, body: ByteBuffer(string: "eleven byte")) { response in
                #expect(response.status == .contentTooLarge)
                #expect((TestServer.error(response)["message"] as? String)?.contains("exceeds the limit of 10 bytes") == true)
            }
            try await client.execute(uri: "/count", method: .post, headers: chunked, body: ByteBuffer(string: "ten bytes!")) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "10")
            }
        }
    }
}
