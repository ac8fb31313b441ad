import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore

/// How the signing page is answered (its assets are ``HTTPSupport/WebAsset``s).
///
/// The page is a shell without data, but it runs with a signing link in its address, so it is
/// never stored (`no-store`) and never sent on as a referrer (`no-referrer`). It may be framed
/// by its own origin only, unless embedded.js asked for it (`signwell_embedded_iframe=1`): then
/// it carries neither `X-Frame-Options` nor a `frame-ancestors` directive, because a widget
/// must work in any integrator's page, including a WKWebView page loaded from a `file:` URL,
/// whose opaque origin no `frame-ancestors` source can name.
enum SigningPageResponse {

    /// The page's policy: scripts, styles, workers and requests only from this server, nothing
    /// inline; images also as `data:` URLs (the signer's own signature); no plugins, no form
    /// submissions, no other `<base>`. Outside a widget, framing by this origin only.
    static func contentSecurityPolicy(embedded: Bool) -> String {
        let sameOrigin = ContentSecurityPolicy.sameOrigin
        var policy = ContentSecurityPolicy()
        policy.scripts = [sameOrigin]
        policy.styles = [sameOrigin]
        policy.images = [sameOrigin, "data:"]
        policy.connections = [sameOrigin]
        policy.workers = [sameOrigin]
        policy.fonts = [sameOrigin]
        policy.frameAncestors = embedded ? nil : [sameOrigin]
        return policy.headerValue
    }

    /// The signing page.
    static func page(_ html: String, embedded: Bool) -> Response {
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8",
            .cacheControl: "no-store",
            .xContentTypeOptions: "nosniff",
            .referrerPolicy: "no-referrer",
            .contentSecurityPolicy: contentSecurityPolicy(embedded: embedded),
        ]
        if !embedded {
            headers[.xFrameOptions] = "SAMEORIGIN"
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
