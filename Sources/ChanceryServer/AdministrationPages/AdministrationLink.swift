import HTTPSupport

/// The paths of the administration pages. They are URLs, not HTML: the templates escape them.
enum AdministrationLink {
    /// The pages' root.
    static let root = "/admin"
    /// The users.
    static let users = "\(root)/users"
    /// The lock-outs.
    static let lockouts = "\(root)/lockouts"
    /// The telemetry edges.
    static let edges = "\(root)/edges"
    /// The OAuth2 clients.
    static let oauth2Clients = "\(root)/oauth2-clients"
    /// Storage use and quotas.
    static let storage = "\(root)/storage"
    /// The stylesheet.
    static let stylesheet = "\(root)/assets/admin.css"

    /// A user's page, with the notice `done` names.
    static func user(_ name: String, done: AdministrationNotice? = nil) -> String {
        users + "/" + FormEncodedQuery.escaped(name) + (done.map { "?done=\($0.rawValue)" } ?? "")
    }

    /// Where a user's `action` (`groups`, `password`, `disable`, `enable`, `api-keys`) is posted.
    static func user(_ name: String, action: String) -> String {
        users + "/" + FormEncodedQuery.escaped(name) + "/" + action
    }

    /// Where the group `name` is deleted.
    static func deleteGroup(_ name: String) -> String {
        "\(root)/groups/\(FormEncodedQuery.escaped(name))/delete"
    }

    /// Where the API key `id` is revoked.
    static func revoke(key id: String) -> String {
        "\(root)/api-keys/\(FormEncodedQuery.escaped(id))/revoke"
    }

    /// Where the edge `uuid`'s `action` (`disable`, `enable`, `delete`) is posted.
    static func edge(_ uuid: String, action: String) -> String {
        edges + "/" + FormEncodedQuery.escaped(uuid) + "/" + action
    }

    /// Where the OAuth2 client `id` is deleted.
    static func deleteClient(_ id: String) -> String {
        oauth2Clients + "/" + FormEncodedQuery.escaped(id) + "/delete"
    }

    /// The page at `path` with the notice `done`.
    static func page(_ path: String, done: AdministrationNotice) -> String {
        "\(path)?done=\(done.rawValue)"
    }
}
