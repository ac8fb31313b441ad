import HTTPTypes
import Hummingbird
import NIOCore

/// How the console answers: pages under a strict content security policy, never cached (they
/// show what one user may read), its stylesheet, and redirects.
enum ConsoleResponse {
    /// The pages' policy: styles only from this server, no script at all, forms that submit
    /// only to this server, no framing, no other `<base>`.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// An HTML page; `headers` adds to the page's own (the `WWW-Authenticate` of a 401).
    static func page(_ html: String, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.cacheControl] = "no-store"
        headers[referrerPolicy] = "same-origin"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// The stylesheet, revalidated before reuse.
    static func stylesheet() -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/css; charset=utf-8", .xContentTypeOptions: "nosniff", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: ConsoleStylesheet.text))
        )
    }

    /// `303 See Other` to `location`, a path on this server.
    static func redirect(to location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }

    /// `Referrer-Policy`, which keeps document paths and queries in console URLs from leaving
    /// the server in `Referer` headers.
    private static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}
