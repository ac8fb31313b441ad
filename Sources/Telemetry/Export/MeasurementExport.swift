import Foundation
import ISCP

/// A measurement's stored points, in time order, as its exports write them
/// (``ISCP/MeasurementExportPoint``): CSV, or NDJSON, whose bytes a measurement's notarization
/// covers.
///
/// ```swift
/// var hash = SHA256()
/// for try await point in try await MeasurementExport.points(of: uuid, measurements: measurements, data: data) {
///     hash.update(data: Array((point.ndjsonLine + "\n").utf8))
/// }
/// ```
public enum MeasurementExport {
    /// The points of the measurement `uuid`, read in time order as they are iterated.
    ///
    /// - Throws: ``CatalogError/measurementNotFound(_:)``; iterating throws a corrupt record's
    ///   error.
    public static func points(
        of uuid: UUID, measurements: MeasurementStore, data: TelemetryDataStore
    ) async throws -> AsyncMapSequence<TelemetryPoints, MeasurementExportPoint> {
        let basetime = try await measurements.measurement(uuid: uuid.uuidString.lowercased()).basetime
        return data.points(measurement: uuid).map { stored in
            let point = stored.dataPoint
            return MeasurementExportPoint(
                time: basetime.map { IntdashTimestamp.string(nanoseconds: $0 + point.elapsedTime) }, elapsedTime: point.elapsedTime,
                dataType: stored.dataID.type, dataName: stored.dataID.name, payload: Array(point.payload))
        }
    }
}
