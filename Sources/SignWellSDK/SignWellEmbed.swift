import Foundation
import Mustache

/// The HTML page that shows a recipient's embedded signing inside an app's web view, as the
/// SignWell iOS sample does it.
///
/// The page loads the embed script (`embedded.js`), opens the signing URL with
/// `new SignWellEmbed({url, events})`, and posts each ``Message`` to the web view's script
/// message handler ``messageHandlerName`` (`webkit.messageHandlers.jsMessageHandler`).
/// ``SignWellSigningView`` (where WebKit exists) loads it and reports the messages.
///
/// The script is, unless given, the one served beside the signing URL: a Chancery server's
/// own `/signwell/embedded.js`, whose widget speaks its signing page's events (SignWell's
/// script for a signing URL of SignWell's).
///
/// ```swift
/// let html = SignWellEmbed.htmlPage(signingURL: URL(string: recipient.embeddedSigningURL!)!)
/// webView.loadHTMLString(html, baseURL: nil)
/// ```
///
/// Loaded so (or with a `file:` base URL, as the demo does) the page has no web origin; the
/// server's signing page then posts the widget's events to it with the target `*`, carrying
/// only the event and the document's and recipient's ids. This type builds everywhere; the
/// web view that shows the page only on Apple platforms (``SignWellSigningView``).
public enum SignWellEmbed {
    /// SignWell's own embed script.
    public static let signWellScriptURL = URL(string: "https://static.signwell.com/assets/embedded.js")!

    /// The embed script served beside `url` — a signing URL (`…/signwell/sign/TOKEN`) or an API
    /// base URL (`…/signwell/api/v1`) of a Chancery server: that server's
    /// `…/signwell/embedded.js`, under the same prefix. A URL of SignWell's own, or one without a
    /// `signwell` segment, gives ``signWellScriptURL``.
    public static func scriptURL(besides url: URL) -> URL {
        guard let host = url.host?.lowercased(), host != "signwell.com", !host.hasSuffix(".signwell.com"),
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { return signWellScriptURL }
        let segments = components.path.split(separator: "/", omittingEmptySubsequences: false)
        guard let index = segments.lastIndex(of: "signwell") else { return signWellScriptURL }
        components.path = segments[...index].joined(separator: "/") + "/embedded.js"
        components.query = nil
        components.fragment = nil
        return components.url ?? signWellScriptURL
    }

    /// The name of the script message handler the page posts to.
    public static let messageHandlerName = "jsMessageHandler"

    /// What the page posts to ``messageHandlerName``, as a string.
    public enum Message: String, Hashable, Sendable, CaseIterable {
        /// The recipient signed (the widget's `completed` event).
        case signingCompleted = "signing_completed"
        /// The recipient declined (the widget's `declined` event).
        case signingDeclined = "signing_declined"
        /// The recipient closed the widget (its `closed` event).
        case signingClosed = "signing_closed"
    }

    /// How the widget behaves; unset options keep the widget's defaults.
    public struct Options: Hashable, Sendable {
        /// Whether the recipient may decline (default: yes).
        public var allowDecline: Bool?
        /// Whether the recipient may close the widget (default: yes).
        public var allowClose: Bool?
        /// Whether the widget shows its header (default: yes).
        public var showHeader: Bool?
        /// Whether the recipient may download the document (default: yes).
        public var allowDownload: Bool?
        /// Where the widget goes after signing.
        public var redirectURL: URL?
        /// Where the widget goes after declining.
        public var declineRedirectURL: URL?

        /// The widget's defaults.
        public init() {}
    }

    /// The page that opens `signingURL` in the widget of `scriptURL` and posts each
    /// ``Message`` to ``messageHandlerName``.
    ///
    /// The page is a template (`Resources/embed-page.mustache`) that escapes what it writes;
    /// its script is a fixed file (`Resources/embed-page.js`) that reads the signing URL and the
    /// options from a JSON block of the page, written by ``scriptSafeJSON(_:)``, so a URL
    /// holding `'`, `"`, `\` or `</script>` stays one string and cannot end the block.
    ///
    /// - Parameters:
    ///   - signingURL: The recipient's ``DocumentRecipient/embeddedSigningURL``.
    ///   - scriptURL: The embed script; by default the one served beside `signingURL`
    ///     (``scriptURL(besides:)``).
    ///   - options: How the widget behaves.
    public static func htmlPage(signingURL: URL, scriptURL: URL? = nil, options: Options = Options()) -> String {
        let settings = PageSettings(
            widget: PageSettings.Widget(
                url: signingURL.absoluteString, allowDecline: options.allowDecline, allowClose: options.allowClose,
                showHeader: options.showHeader, allowDownload: options.allowDownload, redirectUrl: options.redirectURL?.absoluteString,
                declineRedirectUrl: options.declineRedirectURL?.absoluteString
            ),
            handler: messageHandlerName,
            messages: [
                "completed": Message.signingCompleted.rawValue, "declined": Message.signingDeclined.rawValue,
                "closed": Message.signingClosed.rawValue,
            ]
        )
        let page = PageContext(
            scriptURL: (scriptURL ?? Self.scriptURL(besides: signingURL)).absoluteString, settings: scriptSafeJSON(settings),
            script: String(decoding: PackageResources.embed_page_js, as: UTF8.self)
        )
        return pageTemplate.render(page)
    }

    /// What the page's script reads from its JSON block.
    struct PageSettings: Encodable {
        /// The options of `new SignWellEmbed(…)`, in the widget's names; unset ones are left out.
        struct Widget: Encodable {
            let url: String
            let allowDecline: Bool?
            let allowClose: Bool?
            let showHeader: Bool?
            let allowDownload: Bool?
            let redirectUrl: String?
            let declineRedirectUrl: String?
        }

        /// The widget's options.
        let widget: Widget
        /// The script message handler the page posts to.
        let handler: String
        /// What the page posts for each of the widget's events, by event.
        let messages: [String: String]
    }

    /// What the page template writes: the embed script's URL, the settings' JSON and the page's
    /// script.
    private struct PageContext {
        let scriptURL: String
        let settings: String
        let script: String
    }

    /// The page's template, parsed once.
    private static let pageTemplate: MustacheTemplate = {
        do {
            return try MustacheTemplate(string: String(decoding: PackageResources.embed_page_mustache, as: UTF8.self))
        } catch {
            preconditionFailure("the embed page's template does not parse: \(error)")
        }
    }()

    /// `value` as JSON that is safe inside an HTML `<script>` element: besides JSON's own
    /// escapes, `<`, `>`, `&`, `'`, U+2028 and U+2029 are written as `\uXXXX` (they can only
    /// occur inside strings), so `</script>` or `<!--` never appears.
    static func scriptSafeJSON(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { preconditionFailure("the embed page's settings do not encode") }
        var safe = ""
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "<", ">", "&", "'", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: false)
                safe += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                safe.unicodeScalars.append(scalar)
            }
        }
        return safe
    }
}
