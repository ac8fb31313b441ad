import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore

/// How the verify routes answer: every response is `nosniff` and revalidated before reuse (a
/// report's proof follows the newest checkpoint), and pages carry a content security policy.
/// The assets are ``HTTPSupport/WebAsset``s.
enum VerifyResponse {
    /// The pages' policy: scripts, styles and requests only from this server, nothing inline,
    /// no plugins, no forms, no framing, no other `<base>`.
    static let contentSecurityPolicy: String = {
        var policy = ContentSecurityPolicy()
        policy.scripts = [ContentSecurityPolicy.sameOrigin]
        policy.styles = [ContentSecurityPolicy.sameOrigin]
        policy.images = [ContentSecurityPolicy.sameOrigin]
        policy.connections = [ContentSecurityPolicy.sameOrigin]
        return policy.headerValue
    }()

    /// An HTML page.
    static func page(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = headers(contentType: "text/html; charset=utf-8")
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// A JSON document, encoded by the request context.
    static func json<Value: ResponseEncodable>(_ value: Value) -> EditedResponse<Value> {
        EditedResponse(headers: headers(contentType: "application/json; charset=utf-8"), response: value)
    }

    private static func headers(contentType: String) -> HTTPFields {
        [.contentType: contentType, .xContentTypeOptions: "nosniff", .cacheControl: "no-cache"]
    }
}
