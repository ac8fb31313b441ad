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
    /// A complete page (`oauth2-page.mustache`) titled `title`, whose `<main>` is the template
    /// `name` rendered with `context`.
    static func document(title: String, template name: String, context: Any) -> String {
        TelemetryTemplates.all.render(
            "oauth2-page", Document(title: title, stylesheet: stylesheet, main: TelemetryTemplates.all.render(name, context)))
    }

    /// What `oauth2-page.mustache` reads.
    private struct Document {
        let title: String
        /// The inline stylesheet, this server's own file.
        let stylesheet: String
        /// The HTML of the page's `<main>` element, rendered by a template.
        let main: String
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
        var policy = ContentSecurityPolicy()
        policy.styles = ["'\(stylesheetHash)'"]
        policy.formTargets = [ContentSecurityPolicy.sameOrigin] + formTargets
        return policy.headerValue
    }

    /// The CSP source for the stylesheet: `sha256-` and its base64 SHA-256.
    private static let stylesheetHash = "sha256-" + Data(SHA256.hash(data: PackageResources.oauth2_css)).base64EncodedString()

    /// The pages' look, in the style of the server's other pages (`oauth2.css`), put inline.
    private static let stylesheet = String(decoding: PackageResources.oauth2_css, as: UTF8.self)
}
