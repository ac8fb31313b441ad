import Accounts
import Foundation

/// The measurement directory of the data endpoints, backed by the catalog and its visibility
/// rule (``CatalogScope``).
struct CatalogMeasurementDirectory: MeasurementDirectory {
    /// The measurements.
    let measurements: MeasurementStore

    func measurement(_ uuid: UUID, visibleTo principal: Principal) async throws -> MeasurementDirectoryEntry? {
        do {
            let measurement = try await measurements.measurement(uuid: uuid.uuidString.lowercased(), scope: CatalogScope(principal))
            return MeasurementDirectoryEntry(uuid: uuid, edgeUUID: measurement.edgeUUID, baseTime: measurement.basetime)
        } catch CatalogError.measurementNotFound {
            return nil
        }
    }
}
