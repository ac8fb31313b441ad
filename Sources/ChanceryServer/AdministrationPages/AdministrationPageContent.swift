import HTTPSupport

/// What `admin-users-page.mustache` reads.
struct UsersPage {
    /// One user's row.
    struct Row {
        let name: String
        let href: String
        let groups: String
        let isDisabled: Bool
        let created: ConsoleTime
    }

    /// One group's row.
    struct GroupRow {
        let name: String
        let members: String
        /// Where it is deleted; `nil` for the built-in groups.
        let deleteAction: String?
    }

    let notice: String?
    let rows: [Row]
    let groups: [GroupRow]
    let formToken: String
}

/// What `admin-user-page.mustache` reads.
struct UserPage {
    /// A group, and whether the user is a member.
    struct GroupChoice {
        let name: String
        let isMember: Bool
    }

    /// One of the user's API keys.
    struct Key {
        let label: String
        let created: ConsoleTime
        let revoked: ConsoleTime?
        let revokeHref: String
    }

    let name: String
    let notice: String?
    let formToken: String
    /// When the user was disabled, or `nil` while they may sign in.
    let disabled: ConsoleTime?
    /// Where the form that disables (or enables) the user is posted.
    let stateAction: String
    let groups: [GroupChoice]
    let keys: [Key]
    let groupsAction: String
    let passwordAction: String
    let keysAction: String
}

/// What `admin-secret-page.mustache` reads: a new API key's, edge's or OAuth2 client's
/// secret, shown this once.
struct SecretPage {
    let heading: String
    /// What the secret belongs to, in words.
    let subject: String
    /// The identifier that goes with the secret (an edge's UUID, a client id), if any.
    let identifier: String?
    /// The `id` of the element that holds the secret.
    let secretID: String
    let secret: String
    let backHref: String
    let backText: String
}

/// What `admin-lockouts-page.mustache` reads.
struct LockoutsPage {
    /// One locked or failing user name or address.
    struct Row {
        let kind: String
        let name: String
        let failures: Int
        let lockedUntil: ConsoleTime?
        let lastFailure: ConsoleTime
    }

    let notice: String?
    let rows: [Row]
    let isEmpty: Bool
    let formToken: String
}
