import Foundation

/// The stored points of several measurements as `GET /v1/data` answers them, in one order of
/// absolute time: a k-way merge of one store query per measurement.
///
/// Each query streams its measurement's points in order of elapsed time, which is also the
/// order of absolute time within the measurement; the merge holds the next point of each and
/// hands out the earliest (the latest, for descending order), so memory stays one point per
/// measurement on top of what each query buffers. Points of the same time come in the order
/// of the measurements given. Finding the next point looks at every measurement's next point,
/// which is cheap for the few measurements whose spans overlap a query's time range.
struct IntdashMergedPoints: AsyncSequence, Sendable {
    typealias Element = IntdashDataResponse

    /// One measurement's query.
    struct Source: Sendable {
        /// The measurement.
        let entry: MeasurementDirectoryEntry
        /// Its points in the wanted elapsed range, in the merge's order.
        let points: TelemetryPoints
    }

    /// A stored record of a measurement failed its checks.
    struct ReadFailure: Error {
        /// The measurement, a lowercase UUID.
        let measurementUUID: String
        /// What the store said.
        let error: TelemetryDataStoreError
    }

    /// The queries, one per measurement.
    let sources: [Source]
    /// The order of the merge, which must be that of every query.
    let order: TelemetryQueryOrder

    /// Hands out the merged points.
    struct AsyncIterator: AsyncIteratorProtocol {
        private let sources: [Source]
        /// Each measurement's UUID as the answers spell it, made once rather than per point.
        private let measurementUUIDs: [String]
        private let order: TelemetryQueryOrder
        private var iterators: [TelemetryPoints.AsyncIterator]
        /// Each query's next point, `nil` once it has none left.
        private var heads: [IntdashDataResponse?]
        /// The iSCP 1.0 view of each data id met so far, made once rather than per point.
        private var views: [TelemetryDataID: ISCP1DataIDView] = [:]
        private var started = false

        init(sources: [Source], order: TelemetryQueryOrder) {
            self.sources = sources
            self.measurementUUIDs = sources.map { $0.entry.uuid.uuidString.lowercased() }
            self.order = order
            iterators = sources.map { $0.points.makeAsyncIterator() }
            heads = Array(repeating: nil, count: sources.count)
        }

        /// The next point in the merged order, or `nil` after the last.
        ///
        /// - Throws: ``ReadFailure`` for a stored record that fails its checks, or a database error.
        mutating func next() async throws -> IntdashDataResponse? {
            if !started {
                started = true
                for index in sources.indices { heads[index] = try await pull(index) }
            }
            var chosen: Int?
            for index in heads.indices {
                guard let head = heads[index] else { continue }
                if let current = chosen.flatMap({ heads[$0] }), !precedes(head, current) { continue }
                chosen = index
            }
            guard let chosen, let point = heads[chosen] else { return nil }
            heads[chosen] = try await pull(chosen)
            return point
        }

        /// The next point of query `index` as an answer, or `nil` when it has none left.
        private mutating func pull(_ index: Int) async throws -> IntdashDataResponse? {
            let entry = sources[index].entry
            let measurementUUID = measurementUUIDs[index]
            let stored: TelemetryStoredDataPoint?
            do {
                stored = try await iterators[index].next()
            } catch let error as TelemetryDataStoreError {
                throw ReadFailure(measurementUUID: measurementUUID, error: error)
            }
            guard let stored else { return nil }
            let view = views[stored.dataID] ?? ISCP1DataIDView(stored.dataID)
            if views.count < Self.viewLimit { views[stored.dataID] = view }
            return IntdashDataResponse(stored, measurementUUID: measurementUUID, baseTime: entry.baseTime ?? 0, view: view)
        }

        /// The most data id views kept: a measurement has a few data ids, but nothing bounds them.
        private static let viewLimit = 4096

        /// Whether `point` comes strictly before `other` in the merge's order.
        private func precedes(_ point: IntdashDataResponse, _ other: IntdashDataResponse) -> Bool {
            order == .ascending ? point.time < other.time : point.time > other.time
        }
    }

    /// An iterator over the merged points.
    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(sources: sources, order: order)
    }
}
