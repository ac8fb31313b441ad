import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@Suite("Web assets")
struct WebAssetTests {
    @Test("If-None-Match lists are read: any, weak and strong tags, among others")
    func ifNoneMatchListsAreRead() {
        let tag = "\"0123\""
        #expect(WebAsset.matches("*", tag))
        #expect(WebAsset.matches("W/\"0123\"", tag))
        #expect(WebAsset.matches("\"a\", \"0123\"", tag))
        #expect(!WebAsset.matches("\"01234\"", tag))
        #expect(!WebAsset.matches("", tag))
    }

    @Test("an asset's media type follows its extension, and its tag changes with its content")
    func mediaTypeAndTag() {
        let script = WebAsset("a.js", in: "/assets", bytes: Array("let a = 1;".utf8))
        let changed = WebAsset("a.js", in: "/assets", bytes: Array("let a = 2;".utf8))
        let style = WebAsset("a.css", in: "/assets", bytes: Array("p {}".utf8))
        #expect(script.path == "/assets/a.js")
        #expect(script.contentType == "text/javascript; charset=utf-8")
        #expect(style.contentType == "text/css; charset=utf-8")
        #expect(script.entityTag != changed.entityTag)
        #expect(script.entityTag.count == 34 && script.entityTag.hasPrefix("\""))
        #expect(String(buffer: script.body) == "let a = 1;")
    }

    @Test("a served asset is answered whole, then 304 for its own tag, whole again for another")
    func servedWithRevalidation() async throws {
        let asset = WebAsset("page.js", in: "/assets", bytes: Array("export const a = 1;\n".utf8))
        let router = Router()
        router.add([asset])
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: asset.path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "export const a = 1;\n")
                #expect(response.headers[.eTag] == asset.entityTag)
                #expect(response.headers[.cacheControl] == "no-cache")
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
            }
            try await client.execute(uri: asset.path, method: .get, headers: [.ifNoneMatch: asset.entityTag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: asset.path, method: .get, headers: [.ifNoneMatch: "\"stale\""]) { response in
                #expect(response.status == .ok)
            }
        }
    }
}
