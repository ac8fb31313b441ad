#if canImport(WebKit)
import Foundation
import WebKit

/// A web view that shows a recipient's embedded signing and tells the app how it ended.
///
/// It loads ``SignWellEmbed/htmlPage(signingURL:scriptURL:options:)`` and listens on the
/// script message handler ``SignWellEmbed/messageHandlerName``; each message the page posts
/// reaches ``onMessage``.
///
/// ```swift
/// let signingView = SignWellSigningView(frame: view.bounds) { message in
///     if message == .signingCompleted { self.dismiss(animated: true) }
/// }
/// view.addSubview(signingView)
/// signingView.load(signingURL: url)   // the server's own embedded.js
/// ```
///
/// It exists only where WebKit does (Apple platforms); Chancery is built and tested on Linux,
/// where this view is not compiled. The page it loads is tested there instead: its text in
/// `SignWellEmbedTests`, and the same widget, from a page without a web origin and with a
/// stand-in for the script message handler, in Chromium (`Tests/browser/test_signing.py`).
@MainActor
public final class SignWellSigningView: WKWebView {
    /// Called on the main actor with each message the page posts.
    public var onMessage: ((SignWellEmbed.Message) -> Void)?

    /// Creates the view, with a handler for the page's messages.
    ///
    /// - Parameters:
    ///   - frame: The view's frame.
    ///   - onMessage: Called with each message the page posts; see ``onMessage``.
    public init(frame: CGRect = .zero, onMessage: ((SignWellEmbed.Message) -> Void)? = nil) {
        let relay = MessageRelay()
        let configuration = WKWebViewConfiguration()
        // The content controller keeps its handlers; the relay keeps the view weakly, so
        // there is no cycle.
        configuration.userContentController.add(relay, name: SignWellEmbed.messageHandlerName)
        super.init(frame: frame, configuration: configuration)
        self.onMessage = onMessage
        relay.view = self
    }

    /// Not available: create the view in code.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// Shows the signing page of `signingURL`.
    ///
    /// - Parameters:
    ///   - signingURL: The recipient's ``DocumentRecipient/embeddedSigningURL``.
    ///   - scriptURL: The embed script; by default the one served beside `signingURL`
    ///     (``SignWellEmbed/scriptURL(besides:)``).
    ///   - options: How the widget behaves.
    public func load(signingURL: URL, scriptURL: URL? = nil, options: SignWellEmbed.Options = SignWellEmbed.Options()) {
        loadHTMLString(SignWellEmbed.htmlPage(signingURL: signingURL, scriptURL: scriptURL, options: options), baseURL: nil)
    }
}

/// Passes the page's messages to a ``SignWellSigningView``.
@MainActor
private final class MessageRelay: NSObject, WKScriptMessageHandler {
    /// The view told about messages; weak, as the view's content controller keeps the relay.
    weak var view: SignWellSigningView?

    /// Tells ``view`` about a message the page posted, when it is one of ``SignWellEmbed/Message``.
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard message.name == SignWellEmbed.messageHandlerName,
            let body = message.body as? String,
            let event = SignWellEmbed.Message(rawValue: body)
        else { return }
        view?.onMessage?(event)
    }
}
#endif
