import ChanceryTestSupport
import Foundation
import Testing

@testable import SignWellSDK

/// The embedded signing page run in a real headless Chromium: its script reads the settings
/// block, opens the widget with the options, and posts the widget's outcome to the app's
/// message handler.
///
/// The widget is a stand-in loaded from a `file:` URL as the page's embed script: it shows the
/// options it was given and reports `completed` at once; it also plays WebKit's
/// `webkit.messageHandlers.jsMessageHandler`, showing what the page posts.
@Suite(
    .enabled(if: ChromiumWebDriver.isInstalled, "needs /usr/bin/chromium and /usr/bin/chromedriver (scripts/test installs them)"),
    .timeLimit(.minutes(5)))
struct SignWellEmbedBrowserTests {
    static let standInWidget = """
        "use strict";
        function show(id, text) {
          var element = document.createElement("pre");
          element.id = id;
          element.textContent = text;
          document.documentElement.appendChild(element);
        }
        window.webkit = { messageHandlers: { jsMessageHandler: { postMessage: function (message) { show("posted", message); } } } };
        window.SignWellEmbed = function (options) { this.options = options; };
        window.SignWellEmbed.prototype.open = function () {
          show("options", JSON.stringify(this.options));
          this.options.events.completed();
        };
        """

    @Test func thePageOpensTheWidgetWithItsOptionsAndPostsTheOutcome() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("embed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let widget = folder.appendingPathComponent("embedded.js")
        try Data(Self.standInWidget.utf8).write(to: widget)
        var options = SignWellEmbed.Options()
        options.allowDecline = false
        let signingURL = try #require(URL(string: "https://sign.example.com/sign/abc?x=it's&y=</script><!--"))
        let page = folder.appendingPathComponent("page.html")
        try Data(SignWellEmbed.htmlPage(signingURL: signingURL, scriptURL: widget, options: options).utf8).write(to: page)

        let browser = try await ChromiumWebDriver.start()
        do {
            try await browser.navigate(to: page.absoluteString)
            let posted = try await browser.text(of: browser.element(css: "#posted"))
            let shown = try await browser.text(of: browser.element(css: "#options"))
            await browser.quit()
            #expect(posted == "signing_completed")
            let given = try #require(try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any])
            #expect(given["url"] as? String == signingURL.absoluteString)
            #expect(given["allowDecline"] as? Bool == false)
            #expect(given["showHeader"] == nil)
        } catch {
            await browser.quit()
            throw error
        }
    }
}
