import SQLKit

/// A filtered, sorted page of captures: the parameters of intdash's capture list.
public struct CaptureQuery: Sendable, Hashable {
    /// The columns captures may be sorted by.
    public enum SortKey: String, Sendable, Hashable, CaseIterable {
        case name, uuid, start, duration
        case edgeUUID = "edge_uuid"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// Only captures whose name matches.
    public var name: MeasurementQuery.NameMatch?
    /// Only captures that start at or after this time, in microseconds since 1970-01-01T00:00:00Z.
    public var start: Int64?
    /// Only captures that start at or before this time, in microseconds since 1970-01-01T00:00:00Z.
    public var end: Int64?
    /// The sort column.
    public var sort: SortKey = .start
    /// The sort direction.
    public var order: SortOrder = .descending
    /// The page.
    public var page = PageRequest(limit: 100)

    /// An unfiltered query: every capture, latest start first, 100 a page.
    public init() {}

    /// The query's conditions, each of which a capture must meet.
    var conditions: [any SQLExpression] {
        var conditions: [any SQLExpression] = []
        switch name {
        case .exactly(let text): conditions.append(SQLBinaryExpression(SQLColumn("name"), .equal, SQLBind(text)))
        case .containing(let text): conditions.append(SQLContains(column: "name", text: text))
        case nil: break
        }
        if let start {
            conditions.append(SQLBinaryExpression(SQLColumn("start"), .greaterThanOrEqual, SQLBind(start.multipliedSaturating(by: 1000))))
        }
        if let end {
            conditions.append(SQLBinaryExpression(SQLColumn("start"), .lessThanOrEqual, SQLBind(end.multipliedSaturating(by: 1000))))
        }
        return conditions
    }
}
