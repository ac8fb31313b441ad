import Console
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite("Start page")
struct StartPageTests {
    @Test("the start page loads only its stylesheet from this server, under a policy that forbids inline code")
    func startPage() async throws {
        let router = Router(context: ChanceryRequestContext.self)
        StartPage().add(to: router)
        try await Application(router: router).test(.router) { client in
            let stylesheet = try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let policy = try #require(response.headers[.contentSecurityPolicy])
                #expect(policy.contains("default-src 'none'") && policy.contains("style-src 'self'") && !policy.contains("unsafe-inline"))
                let html = String(buffer: response.body)
                #expect(!html.contains("<style") && !html.contains("<script"))
                #expect(html.contains("<a href=\"/verify\">"))
                let links = html.matches(of: /<link rel="stylesheet" href="([^"]+)">/).map { String($0.output.1) }
                #expect(links.count == 1)
                return try #require(links.first)
            }
            try await client.execute(uri: stylesheet, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/css; charset=utf-8")
                #expect(String(buffer: response.body).contains("max-width: 44rem"))
            }
        }
    }
}
