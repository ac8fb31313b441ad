import SQLKit
import Storage

extension MeasurementStore {
    /// The measurements of the edge with `edgeUUID` that `scope` may see and that may hold
    /// points in `timeRange` (nanoseconds since 1970-01-01T00:00:00Z, the end excluded),
    /// ordered by base time then UUID.
    ///
    /// A measurement qualifies when its base time (1970-01-01T00:00:00Z when it has none) lies
    /// before the range's end and its base time plus its length (``Measurement/maxElapsedTime``,
    /// the latest elapsed time of its points) reaches the range's start. The first test runs
    /// in the database; the second, which may overflow 64 bits, runs here with saturating
    /// arithmetic. Points before their base time (negative elapsed times, which only iSCP v2
    /// and protobuf uploads can carry) are found only in measurements whose base time lies
    /// before the range's end.
    public func measurements(ofEdge edgeUUID: String, overlapping timeRange: Range<Int64>, scope: CatalogScope) async throws -> [Measurement] {
        let baseTime = SQLFunction("COALESCE", args: SQLColumn("basetime"), SQLLiteral.numeric("0"))
        let candidates = try await database.withReadConnection { sql in
            let select = sql.select().columns(MeasurementRow.columns).from("telemetry_measurements")
                .where("edge_uuid", .equal, edgeUUID.lowercased())
                .where(SQLBinaryExpression(baseTime, .lessThan, SQLBind(timeRange.upperBound)))
            if let condition = scope.measurementCondition { select.where(condition) }
            return try await select.orderBy(baseTime).orderBy("uuid").all(decoding: MeasurementRow.self).map(\.measurement)
        }
        return candidates.filter { measurement in
            let (end, overflow) = (measurement.basetime ?? 0).addingReportingOverflow(measurement.maxElapsedTime)
            return overflow ? measurement.maxElapsedTime > 0 : end >= timeRange.lowerBound
        }
    }
}
