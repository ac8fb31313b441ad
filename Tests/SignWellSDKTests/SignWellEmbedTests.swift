import Foundation
import Testing

@testable import SignWellSDK

/// The embedded signing page: what it loads, what it posts, and that no URL can break out
/// of its script.
@Suite struct SignWellEmbedTests {
    /// A signing URL with a quote, a double quote, an ampersand and a script end tag in its
    /// query (as far as URL parsing keeps them).
    static let hostileURL =
        URL(string: "https://sign.example.com/sign/abc?x=it's%22&y=</script><script>alert(1)</script>")
        ?? URL(string: "https://sign.example.com/sign/abc?x=it's&y=%3C/script%3E")!

    /// The JavaScript string literal of `page` that follows `prefix`, decoded as JSON.
    static func literal(after prefix: String, in page: String) throws -> String {
        let start = try #require(page.range(of: prefix)).upperBound
        var end = page.index(after: start)
        var escaped = false
        while page[end] != "\"" || escaped {
            escaped = !escaped && page[end] == "\\"
            end = page.index(after: end)
        }
        let literal = String(page[start...end])
        return try #require(try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed) as? String)
    }

    @Test func aJavaScriptStringCannotEndTheScript() throws {
        let raw = "https://sign.example.com/sign/abc?x=it's\"\\&y=</script><script>alert(1)</script>\u{2028}\n"
        let literal = SignWellEmbed.javaScriptString(raw)
        #expect(!literal.contains("</script>"))
        #expect(!literal.contains("'"))
        #expect(!literal.contains("<"))
        #expect(!literal.contains("\u{2028}"))
        #expect(!literal.contains("\n"))
        let decoded = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed) as? String
        #expect(decoded == raw)
    }

    @Test func theHostileURLComesBackIntactAndTheScriptHasOneEnd() throws {
        let url = Self.hostileURL
        let page = SignWellEmbed.htmlPage(
            signingURL: url, scriptURL: URL(string: "https://sign.example.com/signwell/embedded.js?v=1&t='x'"))
        #expect(try Self.literal(after: "url: ", in: page) == url.absoluteString)
        #expect(page.components(separatedBy: "</script>").count == 3)
        #expect(page.contains(#"<script src="https://sign.example.com/signwell/embedded.js?v=1&amp;t=&#39;x&#39;"></script>"#))
    }

    @Test func theDefaultScriptIsTheOneServedBesideTheSigningURL() throws {
        let signing = try #require(URL(string: "https://sign.example.com/prefix/signwell/sign/abc.0.mac?x=1"))
        #expect(SignWellEmbed.scriptURL(besides: signing).absoluteString == "https://sign.example.com/prefix/signwell/embedded.js")
        let page = SignWellEmbed.htmlPage(signingURL: signing)
        #expect(page.contains(#"<script src="https://sign.example.com/prefix/signwell/embedded.js"></script>"#))
        let client = SignWellClient(baseURL: try #require(URL(string: "http://127.0.0.1:8080/signwell/api/v1")), apiKey: "k")
        #expect(client.embedScriptURL.absoluteString == "http://127.0.0.1:8080/signwell/embedded.js")
        // SignWell's own signing URLs, and URLs with no signwell segment, keep SignWell's script.
        for other in ["https://app.signwell.com/sign/abc", "https://www.signwell.com/api/v1", "https://example.com/sign/abc"] {
            #expect(SignWellEmbed.scriptURL(besides: try #require(URL(string: other))) == SignWellEmbed.signWellScriptURL, "\(other)")
        }
    }

    @Test func thePagePostsEachOutcomeToTheSampleHandler() throws {
        var options = SignWellEmbed.Options()
        options.allowDecline = false
        options.showHeader = true
        options.redirectURL = URL(string: "https://example.com/done")
        let page = SignWellEmbed.htmlPage(signingURL: try #require(URL(string: "https://sign.example.com/sign/abc")), options: options)
        #expect(page.contains(#"<script src="https://static.signwell.com/assets/embedded.js"></script>"#))
        #expect(page.contains("new SignWellEmbed({"))
        #expect(page.contains("embed.open();"))
        #expect(page.contains("window.webkit.messageHandlers.jsMessageHandler.postMessage(message)"))
        #expect(page.contains("allowDecline: false"))
        #expect(page.contains("showHeader: true"))
        #expect(!page.contains("allowClose"))
        #expect(try Self.literal(after: "redirectUrl: ", in: page) == "https://example.com/done")
        #expect(try Self.literal(after: "completed: function () { post(", in: page) == "signing_completed")
        #expect(try Self.literal(after: "declined: function () { post(", in: page) == "signing_declined")
        #expect(try Self.literal(after: "closed: function () { post(", in: page) == "signing_closed")
    }
}
