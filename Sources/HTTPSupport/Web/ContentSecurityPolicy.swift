/// The `Content-Security-Policy` of a page of this server, built from what the page needs.
///
/// Everything starts refused: `default-src 'none'` and `base-uri 'none'`, no form submissions
/// and no framing. A page names the sources it loads from (``sameOrigin`` for this server), and
/// the policy writes its directives in one fixed order, so that every page's header reads alike.
public struct ContentSecurityPolicy: Sendable {
    /// The source for this server's own origin.
    public static let sameOrigin = "'self'"

    /// Where scripts may come from (`script-src`); none by default.
    public var scripts: [String] = []
    /// Where stylesheets may come from (`style-src`); none by default.
    public var styles: [String] = []
    /// Where images may come from (`img-src`); none by default.
    public var images: [String] = []
    /// Where scripts may send requests (`connect-src`); nowhere by default.
    public var connections: [String] = []
    /// Where web workers may come from (`worker-src`); none by default.
    public var workers: [String] = []
    /// Where fonts may come from (`font-src`); none by default.
    public var fonts: [String] = []
    /// Where forms may submit (`form-action`); nowhere by default.
    public var formTargets: [String] = []
    /// Who may frame the page (`frame-ancestors`); nobody by default, and `nil` writes no
    /// directive, for a page any site may embed.
    public var frameAncestors: [String]? = []

    /// A policy that refuses everything; set the properties for what the page needs.
    public init() {}

    /// The policy of a page of forms: its stylesheet from this server and forms that post to
    /// this server, nothing else (the sign-in form, the web apps one signs in to).
    public static var stylesAndForms: ContentSecurityPolicy {
        var policy = ContentSecurityPolicy()
        policy.styles = [sameOrigin]
        policy.formTargets = [sameOrigin]
        return policy
    }

    /// The header's value.
    public var headerValue: String {
        var directives = ["default-src 'none'"]
        for (name, sources) in [
            ("script-src", scripts), ("style-src", styles), ("img-src", images), ("connect-src", connections), ("worker-src", workers),
            ("font-src", fonts),
        ] where !sources.isEmpty {
            directives.append("\(name) \(sources.joined(separator: " "))")
        }
        directives.append("base-uri 'none'")
        directives.append("form-action \(formTargets.isEmpty ? "'none'" : formTargets.joined(separator: " "))")
        if let frameAncestors {
            directives.append("frame-ancestors \(frameAncestors.isEmpty ? "'none'" : frameAncestors.joined(separator: " "))")
        }
        return directives.joined(separator: "; ")
    }
}
