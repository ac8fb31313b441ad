import HTTPSupport

/// What `admin-users-page.mustache` reads.
struct UsersPage {
    /// One user's row.
    struct Row {
        let name: String
        let href: String
        let groups: String
        let created: ConsoleTime
    }

    let notice: String?
    let rows: [Row]
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
    let groups: [GroupChoice]
    let keys: [Key]
    let groupsAction: String
    let passwordAction: String
    let keysAction: String
}

/// What `admin-api-key-page.mustache` reads: a new key's secret, shown this once.
struct CreatedKeyPage {
    let user: String
    let userHref: String
    let label: String
    let secret: String
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
