import Foundation

/// An edge: a device or a person that sends or watches data.
public struct EdgeItem: Sendable, Hashable {
    /// The edge's UUID.
    public var uuid: String
    /// The edge's unique name.
    public var name: String
    /// The name shown to people.
    public var nickname: String
    /// A description.
    public var description: String
    /// Whether the edge may no longer sign in.
    public var disabled: Bool
    /// Whether the edge is a person or a device; `nil` for another or no type.
    public var type: IntdashClient.EdgesAPI.EdgeType?
    /// When the edge was made.
    public var createdAt: Date?
    /// When the edge was last changed.
    public var updatedAt: Date?
    /// When the edge last signed in.
    public var lastLoginAt: Date?
    /// When the edge was last connected.
    public var lastLivedAt: Date?

    /// Reads the legacy Edge JSON.
    init(json: LegacyJSONObject) {
        uuid = json.string("uuid")
        name = json.string("name")
        nickname = json.string("nickname")
        description = json.string("description")
        disabled = json.bool("disabled")
        type = IntdashClient.EdgesAPI.EdgeType(rawValue: json.string("type"))
        createdAt = json.date("created_at")
        updatedAt = json.date("updated_at")
        lastLoginAt = json.date("last_login_at")
        lastLivedAt = json.date("last_lived_at")
    }
}

/// The edge that made a request.
public typealias EdgesMeResponse = EdgeItem

/// Where a page of edges is in the whole list.
public struct EdgesPage: Sendable, Hashable {
    /// How many edges match in all.
    public var totalCount: Int
    /// Whether this is the first page.
    public var first: Bool
    /// Whether this is the last page.
    public var last: Bool
    /// The path of the next page, or empty.
    public var next: String
    /// The path of the previous page, or empty.
    public var previous: String

    /// Reads `{total_count, first, last, next, previous}`.
    init(json: LegacyJSONObject?) {
        totalCount = json?.int("total_count") ?? 0
        first = json?.bool("first") ?? true
        last = json?.bool("last") ?? true
        next = json?.string("next") ?? ""
        previous = json?.string("previous") ?? ""
    }
}

/// A page of edges.
public struct EdgesListResponse: Sendable, Hashable {
    /// The edges.
    public var items: [EdgeItem]
    /// Where the page is.
    public var page: EdgesPage
}

/// The state of the password of the edge that made a request.
public struct EdgesMePasswordResponse: Sendable, Hashable {
    /// Whether the password may no longer be used.
    public var disabled: Bool
    /// Whether the password must be changed at the next sign-in.
    public var isTemporary: Bool
    /// Whether the password may not be changed.
    public var protected: Bool
    /// Failed sign-ins since the last success.
    public var loginFailCount: Int
    /// When the password was set.
    public var createdAt: Date?
    /// When the password expires.
    public var expiredAt: Date?
    /// When the password was last changed.
    public var lastModifiedAt: Date?
    /// When the password was last used.
    public var lastUsedAt: Date?
    /// When the record was last changed.
    public var updatedAt: Date?

    /// Reads the legacy password JSON.
    init(json: LegacyJSONObject) {
        disabled = json.bool("disabled")
        isTemporary = json.bool("is_temporary")
        protected = json.bool("protected")
        loginFailCount = json.int("login_fail_count")
        createdAt = json.date("created_at")
        expiredAt = json.date("expired_at")
        lastModifiedAt = json.date("last_modified_at")
        lastUsedAt = json.date("last_used_at")
        updatedAt = json.date("updated_at")
    }
}
