import HTTPSupport
import HTTPTypes
import Hummingbird

/// How the console answers: pages under a strict content security policy, never cached (they
/// show what one user may read), and redirects.
enum ConsoleResponse {
    /// The pages' policy: styles and the uploads' script only from this server, which alone
    /// the script may send to, forms that submit only to this server, no framing, no other
    /// `<base>`.
    static let contentSecurityPolicy: String = {
        var policy = ContentSecurityPolicy()
        policy.scripts = [ContentSecurityPolicy.sameOrigin]
        policy.connections = [ContentSecurityPolicy.sameOrigin]
        policy.styles = [ContentSecurityPolicy.sameOrigin]
        policy.images = [ContentSecurityPolicy.sameOrigin]
        policy.formTargets = [ContentSecurityPolicy.sameOrigin]
        return policy.headerValue
    }()

    /// An HTML page; `headers` adds to the page's own (the `WWW-Authenticate` of a 401).
    static func page(_ html: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        ConsolePageResponse.page(html, policy: contentSecurityPolicy, status: status, headers: headers)
    }
}
