import HTTPTypes
import Hummingbird
import NIOCore

/// How a console answers with a page: HTML under the console's content security policy,
/// never cached (a page shows what one person may see), never sniffed, and with no URL leaving
/// the server in `Referer` headers.
public enum ConsolePageResponse {
    /// `html` as a page under `policy`; `headers` adds to the page's own (such as the
    /// `WWW-Authenticate` of a 401).
    public static func page(
        _ html: String, policy: String, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]
    ) -> Response {
        var headers = extra
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.contentSecurityPolicy] = policy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.cacheControl] = "no-store"
        headers[.referrerPolicy] = "same-origin"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// `303 See Other` to `location`, a path on this server, never cached: where a page's form
    /// or a page that needs a sign-in sends the browser.
    public static func redirect(to location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }
}
