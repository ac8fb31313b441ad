import SQLKit

/// A filtered, sorted page of edges: the parameters of intdash's edge lists.
public struct EdgeQuery: Sendable, Hashable {
    /// The columns edges may be sorted by.
    public enum SortKey: String, Sendable, Hashable, CaseIterable {
        case name, nickname, uuid
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// Only the edge with this UUID.
    public var uuid: String?
    /// Only edges whose name contains this text (case-insensitive).
    public var name: String?
    /// Only edges whose nickname contains this text (case-insensitive).
    public var nickname: String?
    /// Only edges of this type.
    public var type: EdgeType?
    /// Only disabled (`true`) or enabled (`false`) edges.
    public var disabled: Bool?
    /// Only edges owned by the user with this id.
    public var ownerUserID: String?
    /// Only edges with (`true`) or without (`false`) an owner.
    public var hasOwner: Bool?
    /// The sort column.
    public var sort: SortKey = .name
    /// The sort direction.
    public var order: SortOrder = .ascending
    /// The page.
    public var page = PageRequest(limit: 100)

    /// An unfiltered query: every edge, by name, 100 a page.
    public init() {}

    /// The query's conditions, each of which an edge must meet.
    var conditions: [any SQLExpression] {
        var conditions: [any SQLExpression] = []
        if let uuid { conditions.append(SQLBinaryExpression(SQLColumn("uuid"), .equal, SQLBind(uuid.lowercased()))) }
        if let name { conditions.append(SQLContains(column: "name", text: name)) }
        if let nickname { conditions.append(SQLContains(column: "nickname", text: nickname)) }
        if let type { conditions.append(SQLBinaryExpression(SQLColumn("type"), .equal, SQLBind(type.rawValue))) }
        if let disabled { conditions.append(SQLBinaryExpression(SQLColumn("disabled"), .equal, SQLBind(disabled))) }
        if let ownerUserID { conditions.append(SQLBinaryExpression(SQLColumn("owner_user_id"), .equal, SQLBind(ownerUserID))) }
        if let hasOwner {
            conditions.append(SQLBinaryExpression(SQLColumn("owner_user_id"), hasOwner ? .isNot : .is, SQLLiteral.null))
        }
        return conditions
    }
}
