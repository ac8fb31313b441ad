import SQLKit

/// A filtered, sorted page of measurements: the parameters of intdash's measurement list.
public struct MeasurementQuery: Sendable, Hashable {
    /// The columns measurements may be sorted by.
    public enum SortKey: String, Sendable, Hashable, CaseIterable {
        case name, uuid, basetime
        case edgeUUID = "edge_uuid"
        case duration
        case createdAt = "created_at"
        case updatedAt = "updated_at"

        /// The column that holds the value.
        var column: String { self == .duration ? "max_elapsed_time" : rawValue }
    }

    /// How a name filter compares.
    public enum NameMatch: Sendable, Hashable {
        /// The name is exactly this text.
        case exactly(String)
        /// The name contains this text, ignoring case.
        case containing(String)
    }

    /// Only the measurement with this UUID.
    public var uuid: String?
    /// Only measurements whose name matches.
    public var name: NameMatch?
    /// Only measurements of the edge with this UUID.
    public var edgeUUID: String?
    /// The start of the time range, in microseconds since 1970-01-01T00:00:00Z.
    public var start: Int64?
    /// The end of the time range, in microseconds since 1970-01-01T00:00:00Z.
    public var end: Int64?
    /// With a time range: `false` keeps measurements whose base time lies in it, `true` those
    /// any part of which (base time to base time + duration) overlaps it (intdash's
    /// `partial_match`).
    public var partialMatch = false
    /// Only ended (`true`) or unended (`false`) measurements.
    public var ended: Bool?
    /// Only measurements with this status.
    public var status: MeasurementStatus?
    /// Only measurements whose base time is of this type.
    public var basetimeType: BaseTimeType?
    /// Only measurements at least this long, in microseconds.
    public var minimumDuration: Int64?
    /// Only measurements at most this long, in microseconds.
    public var maximumDuration: Int64?
    /// The sort column.
    public var sort: SortKey = .basetime
    /// The sort direction.
    public var order: SortOrder = .descending
    /// The page.
    public var page = PageRequest(limit: 100)

    /// An unfiltered query: every measurement, newest base time first, 100 a page.
    public init() {}

    /// The query's conditions, each of which a measurement must meet.
    var conditions: [any SQLExpression] {
        var conditions: [any SQLExpression] = []
        func equal(_ column: String, _ value: some Encodable & Sendable) {
            conditions.append(SQLBinaryExpression(SQLColumn(column), .equal, SQLBind(value)))
        }
        if let uuid { equal("uuid", uuid.lowercased()) }
        switch name {
        case .exactly(let text): equal("name", text)
        case .containing(let text): conditions.append(SQLContains(column: "name", text: text))
        case nil: break
        }
        if let edgeUUID { equal("edge_uuid", edgeUUID.lowercased()) }
        if let ended { equal("ended", ended) }
        switch status {
        case .measuring: equal("ended", false)
        case .resending:
            equal("ended", true)
            equal("completed", false)
        case .finished:
            equal("ended", true)
            equal("completed", true)
        case nil: break
        }
        if let basetimeType { equal("basetime_type", basetimeType.rawValue) }
        if let minimumDuration {
            conditions.append(
                SQLBinaryExpression(SQLColumn("max_elapsed_time"), .greaterThanOrEqual, SQLBind(minimumDuration.multipliedSaturating(by: 1000))))
        }
        if let maximumDuration {
            conditions.append(
                SQLBinaryExpression(SQLColumn("max_elapsed_time"), .lessThanOrEqual, SQLBind(maximumDuration.multipliedSaturating(by: 1000))))
        }
        if start != nil || end != nil {
            conditions.append(SQLBinaryExpression(SQLColumn("basetime"), .isNot, SQLLiteral.null))
        }
        if let start {
            let nanoseconds = start.multipliedSaturating(by: 1000)
            if partialMatch {
                conditions.append(SQLQueryString("basetime + max_elapsed_time >= \(bind: nanoseconds)"))
            } else {
                conditions.append(SQLBinaryExpression(SQLColumn("basetime"), .greaterThanOrEqual, SQLBind(nanoseconds)))
            }
        }
        if let end {
            conditions.append(SQLBinaryExpression(SQLColumn("basetime"), .lessThanOrEqual, SQLBind(end.multipliedSaturating(by: 1000))))
        }
        return conditions
    }
}

extension Int64 {
    /// `self × factor`, clamped to the range of `Int64` instead of trapping.
    func multipliedSaturating(by factor: Int64) -> Int64 {
        let (product, overflow) = multipliedReportingOverflow(by: factor)
        guard overflow else { return product }
        return (self < 0) != (factor < 0) ? .min : .max
    }
}
