import HTTPSupport
import HTTPTypes
import Hummingbird

/// How the Telemetry console answers with a page: under a strict content security policy, never
/// cached (it shows what one person may see).
enum TelemetryConsoleResponse {
    /// The pages' policy: script, style and connections (the replay's JSON, the live event
    /// stream) only from this server, nothing inline, no framing, no other `<base>`.
    static let contentSecurityPolicy: String = {
        var policy = ContentSecurityPolicy()
        policy.scripts = [ContentSecurityPolicy.sameOrigin]
        policy.styles = [ContentSecurityPolicy.sameOrigin]
        policy.images = [ContentSecurityPolicy.sameOrigin]
        policy.connections = [ContentSecurityPolicy.sameOrigin]
        policy.formTargets = [ContentSecurityPolicy.sameOrigin]
        return policy.headerValue
    }()

    /// An HTML page; `headers` adds to the page's own (the `WWW-Authenticate` of a 401).
    static func page(_ html: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        ConsolePageResponse.page(html, policy: contentSecurityPolicy, status: status, headers: headers)
    }
}
