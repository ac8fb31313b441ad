import SQLKit

/// A filtered, sorted page of signals: the parameters of intdash's signal list.
public struct SignalQuery: Sendable, Hashable {
    /// The columns signals may be sorted by.
    public enum SortKey: String, Sendable, Hashable, CaseIterable {
        case label, uuid, channel
        case dataType = "data_type"
        case dataID = "data_id"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// Only signals whose label matches.
    public var label: MeasurementQuery.NameMatch?
    /// The sort column.
    public var sort: SortKey = .label
    /// The sort direction.
    public var order: SortOrder = .ascending
    /// The page.
    public var page = PageRequest(limit: 100)

    /// An unfiltered query: every signal, by label, 100 a page.
    public init() {}

    /// The query's conditions, each of which a signal must meet.
    var conditions: [any SQLExpression] {
        switch label {
        case .exactly(let text): return [SQLBinaryExpression(SQLColumn("label"), .equal, SQLBind(text))]
        case .containing(let text): return [SQLContains(column: "label", text: text)]
        case nil: return []
        }
    }
}
