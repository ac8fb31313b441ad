import Crypto
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore

/// The HTML document the sign-in, consent and error pages of the authorization endpoint share,
/// and how they are answered.
///
/// The pages have no script and load nothing: their small stylesheet is inline and allowed
/// by its hash in the content security policy, so a page works the same whether the server
/// sits at the root of its host or behind a proxy's path.
enum OAuth2PageLayout {
    /// A complete page with `title` (text, escaped here) and `main` (HTML: escape every value
    /// put in it).
    static func document(title: String, main: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>\(title.htmlEscaped) · Chancery</title>
        <style>\(stylesheet)</style>
        </head>
        <body>
        <main>
        \(main)
        </main>
        </body>
        </html>

        """
    }

    /// An HTML answer with the pages' security headers.
    ///
    /// - Parameter formTargets: Sources besides this server that forms on the page may be
    ///   sent to, directly or through a redirect (CSP `form-action` covers redirects), such
    ///   as the origin of the consent page's redirect URI.
    static func response(_ html: String, status: HTTPResponse.Status = .ok, formTargets: [String] = [], cookies: [Cookie] = []) -> Response {
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .contentSecurityPolicy: contentSecurityPolicy(formTargets: formTargets),
            .xContentTypeOptions: "nosniff",
            .cacheControl: "no-store",
            .referrerPolicy: "no-referrer",
        ]
        for cookie in cookies { headers.append(HTTPField(name: .setCookie, value: cookie.description)) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// No script, no framing (so nobody can trick a click on Allow), styles only the inline
    /// stylesheet, forms only to this server and `formTargets`.
    static func contentSecurityPolicy(formTargets: [String]) -> String {
        let formAction = (["'self'"] + formTargets).joined(separator: " ")
        return "default-src 'none'; style-src '\(stylesheetHash)'; base-uri 'none'; form-action \(formAction); frame-ancestors 'none'"
    }

    /// The CSP source for the stylesheet: `sha256-` and its base64 SHA-256.
    private static let stylesheetHash = "sha256-" + Data(SHA256.hash(data: Data(stylesheet.utf8))).base64EncodedString()

    /// The pages' look, in the style of the server's other pages.
    static let stylesheet = """
        body { font: 16px/1.5 system-ui, sans-serif; max-width: 26rem; margin: 3rem auto; padding: 0 1rem; color: #1d232a; }
        h1 { font-size: 1.5rem; margin: 0 0 .5rem; line-height: 1.25; overflow-wrap: anywhere; }
        p { margin: .5rem 0; }
        p.lede, p.aside { color: #4a5561; }
        p.aside { font-size: .9rem; }
        p.error { color: #b3261e; font-weight: 600; overflow-wrap: anywhere; }
        strong { overflow-wrap: anywhere; }
        label { display: block; font-weight: 600; margin-top: 1rem; }
        input[type=text], input[type=password] { box-sizing: border-box; width: 100%; font: inherit; padding: .45rem .6rem; border: 1px solid #9aa5b1; border-radius: 4px; }
        .buttons { display: flex; gap: .75rem; margin-top: 1.5rem; }
        button { font: inherit; padding: .45rem 1.25rem; border-radius: 4px; border: 1px solid #9aa5b1; background: #f2f4f6; color: #1d232a; cursor: pointer; }
        button.primary { background: #0b5cad; border-color: #0b5cad; color: #fff; }
        a { color: #0b5cad; }
        a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }
        ul.scopes { padding-left: 1.25rem; }
        code { background: #f2f4f6; padding: 0 .25rem; border-radius: 3px; }
        """
}
