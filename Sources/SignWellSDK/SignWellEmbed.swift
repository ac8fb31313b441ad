import Foundation

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
    /// Every URL and option is written as an escaped JavaScript string, so a URL holding `'`,
    /// `"`, `\` or `</script>` stays one string and cannot end the script.
    ///
    /// - Parameters:
    ///   - signingURL: The recipient's ``DocumentRecipient/embeddedSigningURL``.
    ///   - scriptURL: The embed script; by default the one served beside `signingURL`
    ///     (``scriptURL(besides:)``).
    ///   - options: How the widget behaves.
    public static func htmlPage(signingURL: URL, scriptURL: URL? = nil, options: Options = Options()) -> String {
        let scriptURL = scriptURL ?? Self.scriptURL(besides: signingURL)
        var settings = ["url: \(javaScriptString(signingURL.absoluteString))"]
        let flags: [(String, Bool?)] = [
            ("allowDecline", options.allowDecline), ("allowClose", options.allowClose),
            ("showHeader", options.showHeader), ("allowDownload", options.allowDownload),
        ]
        for (name, value) in flags {
            if let value { settings.append("\(name): \(value)") }
        }
        if let url = options.redirectURL { settings.append("redirectUrl: \(javaScriptString(url.absoluteString))") }
        if let url = options.declineRedirectURL { settings.append("declineRedirectUrl: \(javaScriptString(url.absoluteString))") }
        let handler = "webkit.messageHandlers.\(messageHandlerName)"
        return """
            <!DOCTYPE html>
            <html>
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Signing</title>
            <script src="\(htmlAttribute(scriptURL.absoluteString))"></script>
            </head>
            <body>
            <script>
            (function () {
              function post(message) {
                if (window.webkit && window.\(handler)) {
                  window.\(handler).postMessage(message);
                }
              }
              var embed = new SignWellEmbed({
                \(settings.joined(separator: ",\n    ")),
                events: {
                  completed: function () { post(\(javaScriptString(Message.signingCompleted.rawValue))); },
                  declined: function () { post(\(javaScriptString(Message.signingDeclined.rawValue))); },
                  closed: function () { post(\(javaScriptString(Message.signingClosed.rawValue))); }
                }
              });
              embed.open();
            })();
            </script>
            </body>
            </html>

            """
    }

    /// `text` as a double-quoted JavaScript string literal that is safe inside an HTML
    /// `<script>` element: quotes, backslashes and control characters are escaped, and so are
    /// `<`, `>`, `&`, `'`, U+2028 and U+2029 (as `\uXXXX`), so `</script>` or `<!--` never
    /// appears. The literal is valid JSON too.
    static func javaScriptString(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case "<", ">", "&", "'", "\u{2028}", "\u{2029}":
                literal += unicodeEscape(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                literal += unicodeEscape(scalar)
            default:
                literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// `text` escaped for a double-quoted HTML attribute.
    static func htmlAttribute(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// `scalar` as a JavaScript `\uXXXX` escape.
    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: false)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
