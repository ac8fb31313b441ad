import HTTPSupport

/// The paths of the administration pages. They are URLs, not HTML: the templates escape them.
enum AdministrationLink {
    /// The pages' root.
    static let root = "/admin"
    /// The users.
    static let users = "\(root)/users"
    /// The lock-outs.
    static let lockouts = "\(root)/lockouts"
    /// The stylesheet.
    static let stylesheet = "\(root)/assets/admin.css"

    /// A user's page, with the notice `done` names.
    static func user(_ name: String, done: AdministrationNotice? = nil) -> String {
        users + "/" + FormEncodedQuery.escaped(name) + (done.map { "?done=\($0.rawValue)" } ?? "")
    }

    /// Where a user's `action` (`groups`, `password`, `api-keys`) is posted.
    static func user(_ name: String, action: String) -> String {
        users + "/" + FormEncodedQuery.escaped(name) + "/" + action
    }

    /// Where the API key `id` is revoked.
    static func revoke(key id: String) -> String {
        "\(root)/api-keys/\(FormEncodedQuery.escaped(id))/revoke"
    }
}
