import Accounts
import Foundation

/// The measurement directory of the data endpoints, backed by the catalog and its visibility
/// rule (``CatalogScope``).
struct CatalogMeasurementDirectory: MeasurementDirectory {
    /// The edges.
    let edges: EdgeStore
    /// The measurements.
    let measurements: MeasurementStore

    func measurement(_ uuid: UUID, visibleTo principal: Principal) async throws -> MeasurementDirectoryEntry? {
        do {
            let measurement = try await measurements.measurement(uuid: uuid.uuidString.lowercased(), scope: CatalogScope(principal))
            return Self.entry(measurement, uuid: uuid)
        } catch CatalogError.measurementNotFound {
            return nil
        }
    }

    func measurements(
        ofEdge edge: String, overlapping timeRange: Range<Int64>, visibleTo principal: Principal
    ) async throws
        -> [MeasurementDirectoryEntry]?
    {
        let scope = CatalogScope(principal)
        let found: Edge
        do {
            found = try await edges.edge(uuid: edge, scope: scope)
        } catch CatalogError.edgeNotFound {
            do {
                found = try await edges.edge(named: edge, scope: scope)
            } catch CatalogError.edgeNotFound {
                return nil
            }
        }
        return try await measurements.measurements(ofEdge: found.uuid, overlapping: timeRange, scope: scope).compactMap { measurement in
            UUID(uuidString: measurement.uuid).map { Self.entry(measurement, uuid: $0) }
        }
    }

    /// The entry of `measurement`, whose UUID is `uuid`.
    private static func entry(_ measurement: Measurement, uuid: UUID) -> MeasurementDirectoryEntry {
        MeasurementDirectoryEntry(uuid: uuid, edgeUUID: measurement.edgeUUID, baseTime: measurement.basetime)
    }
}
