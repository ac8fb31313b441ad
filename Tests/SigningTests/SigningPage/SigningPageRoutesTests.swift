import ChanceryTestSupport
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import Signing

/// The signing page's routes over HTTP: the framing and privacy headers of the page, its
/// assets and their revalidation, embedded.js, and pdf.js served from a directory when it is
/// there. (The page's behaviour in a browser is Tests/browser/test_signing.py's.)
@Suite struct SigningPageRoutesTests {
    /// Runs `body` against the routes with `pdfJS`.
    static func withRoutes(pdfJS: PDFJSDistribution?, _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let router = Router(context: ChanceryRequestContext.self)
        SigningPageRoutes(pdfJS: pdfJS).add(to: router)
        try await Application(router: router).test(.router, body)
    }

    /// A directory with stand-ins for pdf.js's two files, as `libjs-pdf` lays them out.
    static func withPDFJSDirectory(_ body: (String) async throws -> Void) async throws {
        try await TemporaryDirectory.with { directory in
            try Data("window.pdfjsLib = {};\n".utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent("pdf.js"))
            try Data("self.onmessage = null;\n".utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent("pdf.worker.js"))
            try await body(directory)
        }
    }

    static func text(_ response: TestResponse) -> String {
        String(buffer: response.body)
    }

    @Test func thePageOnItsOwnMayBeFramedOnlyByItsOrigin() async throws {
        try await Self.withRoutes(pdfJS: nil) { client in
            try await client.execute(uri: "/signwell/sign/abc.0.token", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.xFrameOptions] == "SAMEORIGIN")
                let policy = try #require(response.headers[.contentSecurityPolicy])
                #expect(policy.contains("frame-ancestors 'self'"))
                #expect(policy.contains("script-src 'self';"))
                #expect(!policy.contains("unsafe"))
                #expect(response.headers[.cacheControl] == "no-store")
                #expect(response.headers[.referrerPolicy] == "no-referrer")
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
            }
        }
    }

    @Test func theWidgetPageMayBeFramedByAnyPage() async throws {
        try await Self.withRoutes(pdfJS: nil) { client in
            let uri = "/signwell/sign/abc.0.token?signwell_embedded_iframe=1&parent_origin=https%3A%2F%2Fapp.example&allow_decline=0"
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.xFrameOptions] == nil)
                let policy = try #require(response.headers[.contentSecurityPolicy])
                #expect(!policy.contains("frame-ancestors"))
                #expect(policy.contains("default-src 'none'"))
                #expect(response.headers[.cacheControl] == "no-store")
                #expect(response.headers[.referrerPolicy] == "no-referrer")
            }
        }
    }

    @Test func thePageLoadsOnlyServedAssetsAndNoInlineCode() async throws {
        try await Self.withRoutes(pdfJS: nil) { client in
            let html = try await client.execute(uri: "/signwell/sign/t", method: .get) { Self.text($0) }
            #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
            #expect(!html.contains("data-pdfjs-script"))
            #expect(!html.contains(" style="))
            let references = html.matches(of: /(?:src|href)="([^"]+)"/).map { String($0.output.1) }
            #expect(references.sorted() == [SigningAsset.stylesheet.path, SigningAsset.signingPageScript.path].sorted())
            let inlineScripts = html.matches(of: /<script(?![^>]*\ssrc=)[^>]*>/)
            #expect(inlineScripts.isEmpty)
            for path in references {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok, "\(path)")
                }
            }
        }
    }

    @Test func everyModuleTheScriptsImportIsServed() async throws {
        try await Self.withRoutes(pdfJS: nil) { client in
            var imported: Set<String> = []
            for asset in SigningAsset.pageAssets where asset.contentType.hasPrefix("text/javascript") {
                let script = String(buffer: asset.body)
                for match in script.matches(of: /from "\.\/([a-z-]+\.js)"/) {
                    imported.insert("\(SigningAsset.folder)/\(match.output.1)")
                }
            }
            #expect(imported.count >= 15)
            for path in imported.sorted() {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok, "\(path)")
                    #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                    #expect(response.headers[.xContentTypeOptions] == "nosniff")
                }
            }
            // And every served script is imported by another or is the page's entry point.
            let served = Set(SigningAsset.pageAssets.filter { $0.contentType.hasPrefix("text/javascript") }.map(\.path))
            #expect(served == imported.union([SigningAsset.signingPageScript.path]))
        }
    }

    @Test func assetsRevalidateWithTheirEntityTag() async throws {
        try await Self.withRoutes(pdfJS: nil) { client in
            let path = SigningAsset.stylesheet.path
            let tag = try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "no-cache")
                #expect(response.headers[.contentType] == "text/css; charset=utf-8")
                return try #require(response.headers[.eTag])
            }
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 34)
            try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: "\"other\", \(tag)"]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
                #expect(response.headers[.eTag] == tag)
            }
            try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: "\"other\""]) { response in
                #expect(response.status == .ok)
                #expect(response.body.readableBytes > 0)
            }
        }
    }

    @Test func embeddedJSIsAPublicCacheableClassicScript() async throws {
        try await Self.withRoutes(pdfJS: nil) { client in
            try await client.execute(uri: "/signwell/embedded.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(response.headers[.cacheControl] == "public, max-age=3600")
                let script = Self.text(response)
                #expect(script.contains("window.SignWellEmbed = SignWellEmbed;"))
                #expect(script.contains("SignWell-Embedded-Iframe-Container"))
                #expect(!script.contains("import ") && !script.contains("export "))
            }
        }
    }

    @Test func pdfJSIsServedFromItsDirectoryAndNamedOnThePage() async throws {
        try await Self.withPDFJSDirectory { directory in
            let pdfJS = try #require(PDFJSDistribution(directory: directory))
            try await Self.withRoutes(pdfJS: pdfJS) { client in
                let html = try await client.execute(uri: "/signwell/sign/t", method: .get) { Self.text($0) }
                #expect(html.contains("data-pdfjs-script=\"/signwell/assets/pdfjs/pdf.js\""))
                #expect(html.contains("data-pdfjs-worker=\"/signwell/assets/pdfjs/pdf.worker.js\""))
                try await client.execute(uri: "/signwell/assets/pdfjs/pdf.js", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(Self.text(response) == "window.pdfjsLib = {};\n")
                    #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                }
                try await client.execute(uri: "/signwell/assets/pdfjs/pdf.worker.js", method: .get) { response in
                    #expect(Self.text(response) == "self.onmessage = null;\n")
                }
            }
        }
    }

    @Test func withoutPDFJSThereIsNothingToLoad() async throws {
        try await TemporaryDirectory.with { directory in
            try Data("window.pdfjsLib = {};\n".utf8).write(to: URL(fileURLWithPath: directory).appendingPathComponent("pdf.js"))
            // The worker is missing, so pdf.js could not run: there is no distribution.
            #expect(PDFJSDistribution(directory: directory) == nil)
            #expect(PDFJSDistribution(directory: directory + "/missing") == nil)
        }
        try await Self.withRoutes(pdfJS: nil) { client in
            try await client.execute(uri: "/signwell/assets/pdfjs/pdf.js", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }
}
