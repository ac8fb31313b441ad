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

    /// The settings the page's script reads: the JSON block's text, decoded.
    static func settings(in page: String) throws -> [String: Any] {
        let open = #"<script type="application/json" id="signwell-embed-settings">"#
        let start = try #require(page.range(of: open)).upperBound
        let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        return try #require(try JSONSerialization.jsonObject(with: Data(page[start..<end].utf8)) as? [String: Any])
    }

    @Test func scriptSafeJSONCannotEndTheScript() throws {
        let raw = "https://sign.example.com/sign/abc?x=it's\"\\&y=</script><script>alert(1)</script><!--\u{2028}\n"
        let json = SignWellEmbed.scriptSafeJSON(["url": raw])
        for unsafe in ["</script>", "'", "<", ">", "&", "\u{2028}", "\n"] {
            #expect(!json.contains(unsafe), "\(unsafe)")
        }
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        #expect(decoded == ["url": raw])
    }

    @Test func theHostileURLComesBackIntactAndTheScriptsEndWhereTheyShould() throws {
        let url = Self.hostileURL
        let page = SignWellEmbed.htmlPage(
            signingURL: url, scriptURL: URL(string: "https://sign.example.com/signwell/embedded.js?v=1&t='x'"))
        let widget = try #require(try Self.settings(in: page)["widget"] as? [String: Any])
        #expect(widget["url"] as? String == url.absoluteString)
        // The embed script, the settings and the page's script: three elements, three ends.
        #expect(page.components(separatedBy: "</script>").count == 4)
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

    @Test func thePageCarriesTheOptionsAndPostsEachOutcomeToTheSampleHandler() throws {
        var options = SignWellEmbed.Options()
        options.allowDecline = false
        options.showHeader = true
        options.redirectURL = URL(string: "https://example.com/done")
        let page = SignWellEmbed.htmlPage(signingURL: try #require(URL(string: "https://sign.example.com/sign/abc")), options: options)
        #expect(page.contains(#"<script src="https://static.signwell.com/assets/embedded.js"></script>"#))
        let settings = try Self.settings(in: page)
        let widget = try #require(settings["widget"] as? [String: Any])
        #expect(widget["url"] as? String == "https://sign.example.com/sign/abc")
        #expect(widget["allowDecline"] as? Bool == false)
        #expect(widget["showHeader"] as? Bool == true)
        #expect(widget["allowClose"] == nil && widget["allowDownload"] == nil && widget["declineRedirectUrl"] == nil)
        #expect(widget["redirectUrl"] as? String == "https://example.com/done")
        #expect(settings["handler"] as? String == "jsMessageHandler")
        #expect(
            settings["messages"] as? [String: String]
                == ["completed": "signing_completed", "declined": "signing_declined", "closed": "signing_closed"])
        // The page's script is the fixed one, which reads those settings.
        let script = String(decoding: PackageResources.embed_page_js, as: UTF8.self)
        #expect(page.contains(script))
        #expect(script.contains("new SignWellEmbed(options).open();"))
        #expect(script.contains("document.getElementById(\"signwell-embed-settings\")"))
    }
}
