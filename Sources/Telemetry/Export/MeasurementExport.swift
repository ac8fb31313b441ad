import Foundation
import ISCP

/// A measurement's stored points, in time order, as its exports write them
/// (``ISCP/MeasurementExportPoint``): CSV, or NDJSON, whose bytes a measurement's notarization
/// covers.
///
/// ```swift
/// var bytes: [UInt8] = []
/// let count = try await MeasurementExport.points(of: uuid, measurements: measurements, data: data) { point in
///     bytes += point.ndjsonLine.utf8 + [0x0A]
/// }
/// ```
public enum MeasurementExport {
    /// Reads every stored point of the measurement `uuid` in time order and hands each to
    /// `body`; returns how many there were.
    ///
    /// - Throws: ``CatalogError/measurementNotFound(_:)``, a corrupt record's error, or what
    ///   `body` throws.
    public static func points(
        of uuid: UUID, measurements: MeasurementStore, data: TelemetryDataStore, _ body: (MeasurementExportPoint) throws -> Void
    ) async throws -> Int {
        let basetime = try await measurements.measurement(uuid: uuid.uuidString.lowercased()).basetime
        var count = 0
        for try await stored in data.points(measurement: uuid) {
            let point = stored.dataPoint
            try body(
                MeasurementExportPoint(
                    time: basetime.map { IntdashTimestamp.string(nanoseconds: $0 + point.elapsedTime) }, elapsedTime: point.elapsedTime,
                    dataType: stored.dataID.type, dataName: stored.dataID.name, payload: Array(point.payload)
                ))
            count += 1
        }
        return count
    }
}
