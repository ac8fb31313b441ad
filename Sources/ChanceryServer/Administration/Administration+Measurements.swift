import Foundation
import HTTPSupport
import ISCP
import JSON
import Storage
import Telemetry

extension Administration {
    /// A measurement as an administrator lists it.
    public struct MeasurementSummary: Sendable {
        /// The measurement's UUID.
        public let uuid: String
        /// Its name, which may be empty.
        public let name: String
        /// The UUID of the edge that recorded it.
        public let edgeUUID: String
        /// Its base time (RFC 3339 with nanoseconds), or `nil` before it has one.
        public let basetime: String?
        /// The elapsed time of its last point, in nanoseconds.
        public let duration: Int64
        /// `measuring`, `ready`, …: intdash's status.
        public let status: String
        /// The measurement as the intdash API answers it.
        public let json: JSONValue
    }

    /// One page of measurements, newest base time first.
    public struct MeasurementListing: Sendable {
        /// The measurements on the page.
        public let items: [MeasurementSummary]
        /// How many measurements match in all.
        public let totalCount: Int
    }

    /// At most `limit` measurements, of the edge `edgeUUID` and with `nameContaining` in their
    /// name when given.
    public func measurements(edgeUUID: String? = nil, nameContaining: String? = nil, limit: Int) async throws -> MeasurementListing {
        var query = MeasurementQuery()
        query.edgeUUID = edgeUUID
        query.name = nameContaining.map(MeasurementQuery.NameMatch.containing)
        query.page = PageRequest(limit: limit)
        let page = try await MeasurementStore(database: database).list(query, scope: .everything)
        let items = try page.items.map { measurement in
            MeasurementSummary(
                uuid: measurement.uuid, name: measurement.name, edgeUUID: measurement.edgeUUID,
                basetime: measurement.basetime.map { IntdashTimestamp.string(nanoseconds: $0) }, duration: measurement.maxElapsedTime,
                status: measurement.status.rawValue, json: try IntdashJSON.measurement(measurement)
            )
        }
        return MeasurementListing(items: items, totalCount: page.totalCount)
    }

    /// The measurement `uuid` as the intdash API answers it, with its base times (`basetimes`)
    /// and markers (`markers`) added.
    ///
    /// - Throws: The catalog's not-found error for a measurement that does not exist.
    public func measurement(uuid: String) async throws -> JSONValue {
        let measurements = MeasurementStore(database: database)
        var object = try IntdashJSON.measurement(try await measurements.measurement(uuid: uuid)).objectValue ?? [:]
        object["basetimes"] = .array(try await measurements.baseTimes(of: uuid).map(IntdashJSON.baseTime))
        object["markers"] = .array(try await measurements.markers(of: uuid, scope: .everything).map(IntdashJSON.marker))
        return .object(object)
    }

    /// Reads every stored point of the measurement `uuid` in time order, straight from the data
    /// directory and the blob store, and hands each to `body`; returns how many there were.
    ///
    /// - Throws: The catalog's not-found error, a corrupt record's error, or what `body` throws.
    public func exportPoints(of uuid: UUID, _ body: (MeasurementExportPoint) throws -> Void) async throws -> Int {
        let data = TelemetryDataStore(database: database, directory: TelemetryDataStore.directory(in: dataDirectory), blobs: try await blobs.open())
        do {
            var count = 0
            for try await point in try await MeasurementExport.points(of: uuid, measurements: MeasurementStore(database: database), data: data) {
                try body(point)
                count += 1
            }
            await data.close()
            return count
        } catch {
            await data.close()
            throw error
        }
    }
}
