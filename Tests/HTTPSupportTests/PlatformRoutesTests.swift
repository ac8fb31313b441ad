import Foundation
import HTTPSupport
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct PlatformRoutesTests {
    @Test func healthNeedsNoCredentialsAndChecksStorage() async throws {
        try await TestServer.with { client, _ in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                let health = TestServer.json(response)
                #expect(health["status"] as? String == "ok")
                #expect(health["checks"] as? [String: String] == ["database": "ok", "blobs": "ok"])
            }
        }
    }

    @Test func headAnswersEveryGetRouteWithoutABody() async throws {
        try await TestServer.with { client, _ in
            let length = try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                return response.body.readableBytes
            }
            try await client.execute(uri: "/health", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentLength] == String(length))
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/no/such/route", method: .head) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func metricsShowPerRouteLatencyHistograms() async throws {
        try await TestServer.with { client, _ in
            for _ in 0..<3 { try await client.execute(uri: "/health", method: .get) { _ in } }
            try await client.execute(uri: "/metrics", method: .get, headers: TestServer.basic("Administrator", TestServer.administratorPassword)) {
                response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true)
                let text = String(buffer: response.body)
                let healthBuckets = text.split(separator: "\n").filter {
                    $0.hasPrefix("http_server_request_duration") && $0.contains("_bucket{") && $0.contains("http_route=\"/health\"")
                }
                #expect(!healthBuckets.isEmpty, "no latency histogram for /health in:\n\(text)")
            }
        }
    }

    @Test func everyResponseCarriesARequestID() async throws {
        try await TestServer.with { client, _ in
            let generated = try await client.execute(uri: "/health", method: .get) { response in
                try #require(response.headers[.requestID])
            }
            #expect(!generated.isEmpty)
            try await client.execute(uri: "/health", method: .get, headers: [.requestID: "trace-42"]) { response in
                #expect(response.headers[.requestID] == "trace-42")
            }
            try await client.execute(uri: "/api/v1/me", method: .get, headers: [.requestID: "trace-43"]) { response in
                #expect(TestServer.error(response)["request_id"] as? String == "trace-43")
            }
        }
    }

    @Test func theStartPageIsHTML() async throws {
        try await TestServer.with { client, _ in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let page = String(buffer: response.body)
                #expect(page.contains("<h1>Chancery</h1>"))
                #expect(page.contains(#"href="/verify""#), "the start page leads people to the verify page")
            }
        }
    }
}
