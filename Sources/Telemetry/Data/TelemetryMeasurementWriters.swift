import Foundation

/// The open ``TelemetryMeasurementWriter`` of each measurement: one per measurement, so that
/// appends to one measurement are serialized while different measurements write in parallel.
actor TelemetryMeasurementWriters {
    private var writers: [UUID: TelemetryMeasurementWriter] = [:]
    private let makeWriter: @Sendable (UUID) -> TelemetryMeasurementWriter

    /// Creates the table; `makeWriter` makes the writer of a measurement when it is first needed.
    init(makeWriter: @escaping @Sendable (UUID) -> TelemetryMeasurementWriter) {
        self.makeWriter = makeWriter
    }

    /// The writer of `measurement`, made on first use.
    func writer(of measurement: UUID) -> TelemetryMeasurementWriter {
        if let writer = writers[measurement] { return writer }
        let writer = makeWriter(measurement)
        writers[measurement] = writer
        return writer
    }

    /// Forgets the writer of `measurement` and closes its file, if it has one.
    func remove(_ measurement: UUID) async {
        guard let writer = writers.removeValue(forKey: measurement) else { return }
        await writer.close()
    }

    /// Closes every writer's file.
    func closeAll() async {
        let all = writers.values
        writers = [:]
        for writer in all { await writer.close() }
    }
}
