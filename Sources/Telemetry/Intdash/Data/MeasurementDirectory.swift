import Accounts
import Foundation

/// What the data endpoints need to know about measurements: whose they are, when their
/// elapsed times count from, and which of an edge's could hold the points of a time range.
///
/// The capability backs it with the measurement catalog, whose visibility rule decides what a
/// principal may read and write; the data endpoints only see this protocol.
public protocol MeasurementDirectory: Sendable {
    /// Measurement `uuid` as `principal` may see it, or `nil` when there is none or the
    /// principal may not see it (which the endpoints answer alike, with 404).
    func measurement(_ uuid: UUID, visibleTo principal: Principal) async throws -> MeasurementDirectoryEntry?

    /// The measurements of the edge that `edge` names (its UUID, or else its name) that
    /// `principal` may see and that may hold points in `timeRange` (nanoseconds since
    /// 1970-01-01T00:00:00Z, the end excluded), in the order of their base times; `nil` when
    /// there is no such edge or the principal may not see it.
    ///
    /// A measurement may hold points in the range when its base time lies before the range's
    /// end and its base time plus its duration reaches the range's start; one without a base
    /// time counts from 1970-01-01T00:00:00Z, as its points are placed.
    func measurements(
        ofEdge edge: String, overlapping timeRange: Range<Int64>, visibleTo principal: Principal
    ) async throws
        -> [MeasurementDirectoryEntry]?
}

/// A measurement as ``MeasurementDirectory`` describes it.
public struct MeasurementDirectoryEntry: Hashable, Sendable {
    /// The measurement.
    public let uuid: UUID
    /// The edge that records it, a lowercase UUID.
    public let edgeUUID: String
    /// Its base time in nanoseconds since 1970-01-01T00:00:00Z, or `nil` when it has none yet
    /// (its points are then placed as if the base time were 1970-01-01T00:00:00Z).
    public let baseTime: Int64?

    /// Describes a measurement.
    public init(uuid: UUID, edgeUUID: String, baseTime: Int64?) {
        self.uuid = uuid
        self.edgeUUID = edgeUUID
        self.baseTime = baseTime
    }
}
