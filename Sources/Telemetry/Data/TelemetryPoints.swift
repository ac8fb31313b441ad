/// The points of one query of a ``TelemetryDataStore``, in order, read as they are iterated.
///
/// The store's cursor hands them over in batches (of up to a thousand points), so iterating
/// costs one suspension per batch, not one per point. A slow consumer holds the reading back.
public struct TelemetryPoints: AsyncSequence, Sendable {
    public typealias Element = TelemetryStoredDataPoint

    private let cursor: TelemetryPointCursor

    init(cursor: TelemetryPointCursor) {
        self.cursor = cursor
    }

    /// Reads the points in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let cursor: TelemetryPointCursor
        private var batch = TelemetryPointBatch.empty
        private var position = 0

        init(cursor: TelemetryPointCursor) {
            self.cursor = cursor
        }

        /// The next point, or `nil` after the last.
        ///
        /// - Throws: ``TelemetryDataStoreError/corruptRecord(_:)`` when a stored record fails
        ///   its checks, or a database error.
        public mutating func next() async throws -> TelemetryStoredDataPoint? {
            if position == batch.points.count {
                batch = try await cursor.nextBatch()
                position = 0
                guard !batch.isEmpty else { return nil }
            }
            defer { position += 1 }
            return batch[position]
        }
    }

    /// The next points in order, a batch at a time (what the iterator hands out one by
    /// one), for a reader that goes through them without suspending and without making a
    /// value per point; empty after the last.
    ///
    /// - Throws: ``TelemetryDataStoreError/corruptRecord(_:)`` when a stored record fails its
    ///   checks, or a database error.
    func nextBatch() async throws -> TelemetryPointBatch {
        try await cursor.nextBatch()
    }

    /// An iterator over the points.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(cursor: cursor)
    }
}
