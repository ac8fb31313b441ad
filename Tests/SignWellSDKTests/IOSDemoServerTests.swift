import ChanceryTestSupport
import Foundation
import SignWellSDK
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The SignWell iOS demo's API calls against a real `chancery serve`: its
/// `CreateDocumentRequest` (test mode, embedded signing, one file as Base64 or as a URL, one
/// recipient, a required signature and date) is answered with what its `CreateDocumentResponse`
/// reads, the recipient's `embedded_signing_url`, and ``SignWellEmbed`` builds the signing page
/// for that URL with the server's own `embedded.js`. Signing on that page, loaded from a `file:`
/// URL as the demo's `WKWebView` does, is tested in Chromium (`Tests/browser/test_signing.py`).
@Suite(.serialized) struct IOSDemoServerTests {
    /// The demo's bundled `page.html` (`Tests/browser/ios_demo/page.html`), as in the seed.
    static func demoPage() throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("browser/ios_demo/page.html")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The body and the `Content-Type` of `GET url`, failing on any status but 200.
    static func get(_ url: URL) async throws -> (body: String, contentType: String?) {
        let (data, response) = try await SignWellClient.defaultSession.data(from: url)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200, "GET \(url)")
        return (String(decoding: data, as: UTF8.self), http.value(forHTTPHeaderField: "Content-Type"))
    }

    /// Checks the created `document` as the demo reads it, and the page the demo shows for it.
    static func checkResponse(_ document: CreateDocumentResponse, of server: SignWellServer) async throws {
        #expect(document.testMode)
        #expect(document.status == .sent)
        #expect(document.files == [FileInfo(name: "file_1.pdf", pagesNumber: 2)])
        let fields = try #require(document.fields?.first)
        #expect(fields.map(\.type) == [.signature, .date])
        #expect(fields.map(\.required) == [true, true])
        #expect(fields[1].dateFormat == .monthNameDayYear)
        #expect(fields[1].lockSignDate == false)

        // CreateDocumentResponse: the first recipient's embedded_signing_url.
        let recipient = try #require(document.recipients?.first)
        #expect(recipient.id == "1" && recipient.name == "John Doe" && recipient.email == "user@host.com")
        let text = try #require(recipient.embeddedSigningURL)
        let signingURL = try #require(URL(string: text))
        #expect(signingURL.scheme == "http" && signingURL.host == server.process.baseURL.host && signingURL.port == server.process.baseURL.port)
        #expect(signingURL.path.hasPrefix("/signwell/sign/"))

        // The demo splices the URL into page.html's single-quoted '$SIGNING_URL$'.
        let template = try demoPage()
        #expect(template.components(separatedBy: "$SIGNING_URL$").count == 2)
        let spliced = template.replacingOccurrences(of: "$SIGNING_URL$", with: text)
        #expect(spliced.contains("url: '\(text)',"))
        #expect(!text.contains("'") && !text.contains("\\") && !text.contains("<"))

        // SignWellEmbed's page for it loads the server's own script, which defines the widget.
        let scriptURL = server.process.baseURL.appendingPathComponent("signwell/embedded.js")
        #expect(server.client().embedScriptURL == scriptURL)
        #expect(SignWellEmbed.scriptURL(besides: signingURL) == scriptURL)
        let page = SignWellEmbed.htmlPage(signingURL: signingURL)
        #expect(page.contains("<script src=\"\(scriptURL.absoluteString)\"></script>"))
        #expect(!page.contains(SignWellEmbed.signWellScriptURL.absoluteString))
        let script = try await get(scriptURL)
        #expect(script.contentType?.hasPrefix("text/javascript") == true)
        #expect(script.body.contains("window.SignWellEmbed = SignWellEmbed"))

        // The address the widget frames answers with the signing page.
        var framed = try #require(URLComponents(url: signingURL, resolvingAgainstBaseURL: false))
        framed.queryItems = (framed.queryItems ?? []) + [URLQueryItem(name: "signwell_embedded_iframe", value: "1")]
        let signingPage = try await get(try #require(framed.url))
        #expect(signingPage.contentType?.hasPrefix("text/html") == true)
    }

    @Test func theDemoRequestWithABase64FileGetsAnEmbeddedSigningURLAndItsPage() async throws {
        try await SignWellServer.with { server in
            let file = DocumentFile(name: "file_1.pdf", contents: TestPDF.make(pageCount: 2))
            let document = try await server.client().createDocument(TestRequests.iOSDemo(file: file))
            #expect(document.name == "Sample Document")
            try await Self.checkResponse(document, of: server)
        }
    }

    @Test func theDemoRequestWithAFileURLGetsAnEmbeddedSigningURLAndItsPage() async throws {
        let pdf = String(decoding: TestPDF.make(pageCount: 2), as: UTF8.self)
        let route = RecordingServer.Route(method: "GET", path: "/somefile.pdf", headers: ["Content-Type": "application/pdf"], body: pdf)
        try await RecordingServer.with([route]) { files in
            // The file server is on the loopback interface, which a server fetches from only when allowed.
            try await SignWellServer.with(arguments: ["--signing-allow-private-file-urls"]) { server in
                let file = DocumentFile(name: "file_1.pdf", url: files.url.appendingPathComponent("somefile.pdf"))
                let document = try await server.client().createDocument(TestRequests.iOSDemo(file: file))
                #expect(try files.requests().map { "\($0.method) \($0.target)" } == ["GET /somefile.pdf"])
                try await Self.checkResponse(document, of: server)
            }
        }
    }
}
