import Foundation

/// The stored points of several measurements as `GET /v1/data` answers them, in one order of
/// absolute time: a k-way merge of one store query per measurement.
///
/// Each query streams its measurement's points in order of elapsed time, which is also the
/// order of absolute time within the measurement; the merge looks at the next point of each and
/// hands out the earliest (the latest, for descending order). Points of the same time come in
/// the order of the measurements given. Finding the next point looks at every measurement's
/// next point, which is cheap for the few measurements whose spans overlap a query's time range;
/// it is found once per run: the points of one measurement that come before every other's next
/// point go out one after the other, each compared with two bounds (a measurement alone is one
/// run per batch).
///
/// The points come out a batch at a time (``Iterator/nextBatch()``): the store hands a query's
/// points over in batches, and the merge goes through them without suspending, so a reader
/// pays one suspension per batch rather than per point. The merge makes nothing per point: a
/// batch (``IntdashAnswerBatch``) holds each point as plain values and what the points of a
/// record's group share once.
struct IntdashMergedPoints: Sendable {
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

    /// Hands out the merged points, a batch at a time.
    ///
    /// A query's points are read in the store's batches. The last point of a batch is handed
    /// out only once the query's next batch is read, and the merge stops before it until then:
    /// a record that fails its checks therefore ends the answer at the same point as when the
    /// points were read one at a time, each after its successor was looked up.
    struct Iterator {
        /// One query as the merge goes through it.
        private struct Cursor {
            /// The query's batches, read ahead.
            var batches: TelemetryPointsReadAhead
            /// The measurement's UUID as the answers spell it, made once rather than per point.
            let measurementUUID: String
            /// The measurement's base time, in nanoseconds since 1970.
            let baseTime: Int64
            /// The batch being merged.
            var batch = TelemetryPointBatch.empty
            /// The position of the next point in ``batch``.
            var position = 0
            /// The batch after ``batch``, once read; empty once the query has no more.
            var upcoming: TelemetryPointBatch?
            /// Whether the query's first batch was read.
            var started = false

            /// Whether the query has a point to hand out.
            var hasPoint: Bool { position < batch.points.count }
            /// Whether handing out the next point needs the upcoming batch read first.
            var needsUpcoming: Bool { position == batch.points.count - 1 && upcoming == nil }

            /// Where the kinds of each record of ``batch`` start in the answer batch being
            /// made; -1 for a record none of whose points is in it yet.
            var kindStarts: [Int32] = []

            /// Absolute time of the next point, saturated as the answers saturate it.
            var time: Int64 { IntdashDataResponse.time(elapsed: batch.points[position].elapsedTime, baseTime: baseTime) }

            /// Appends the next point to `answers`, and after it the points that follow it in
            /// ``batch`` while they come before every other query's next point: before
            /// `strictBound` and no later than `inclusiveBound` in the merge's order (`nil`: no
            /// such bound). A point's record and kinds go in the first time one of its points is
            /// appended, through the data id views in `views`. The run stops before the batch's
            /// last point until the upcoming batch is read.
            ///
            /// Mutating only so that the merge calls it on its cursor in place: a copy of the
            /// cursor would cost a retain and release of each of its references.
            mutating func appendRun(
                to answers: inout IntdashAnswerBatch, using views: inout ISCP1DataIDViews, strictBound: Int64?, inclusiveBound: Int64?,
                order: TelemetryQueryOrder
            ) {
                repeat {
                    append(to: &answers, using: &views)
                    position += 1
                    guard hasPoint, !needsUpcoming else { return }
                    let next = time
                    if let strictBound, !order.precedes(next, strictBound) { return }
                    if let inclusiveBound, order.precedes(inclusiveBound, next) { return }
                } while true
            }

            /// Appends the next point to `answers`, and its record and kinds the first time a
            /// point of the record is appended, through the data id views in `views`.
            private mutating func append(to answers: inout IntdashAnswerBatch, using views: inout ISCP1DataIDViews) {
                let point = batch.points[position]
                let record = Int(point.record)
                if kindStarts[record] < 0 {
                    kindStarts[record] = Int32(answers.kinds.count)
                    let stored = batch.records[record]
                    answers.records.append(stored.bytes)
                    for dataID in stored.dataIDs {
                        let view = views.view(of: dataID)
                        let valueForm = view.valueForm
                        answers.kinds.append(
                            IntdashAnswerBatch.Kind(
                                measurementUUID: measurementUUID, createdAt: stored.receivedAt, view: view, valueForm: valueForm,
                                record: answers.records.count - 1
                            ))
                        answers.kindHasValueForm.append(valueForm != nil)
                    }
                }
                let kind = kindStarts[record] + point.group
                let value: UInt64? =
                    point.payloadCount == 8 && answers.kindHasValueForm[Int(kind)]
                    ? batch.records[record].bytes.withUnsafeBytes {
                        UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: Int(point.payloadStart), as: UInt64.self))
                    } : nil
                answers.answers.append(
                    IntdashAnswerBatch.Answer(
                        time: IntdashDataResponse.time(elapsed: point.elapsedTime, baseTime: baseTime), kind: kind,
                        payloadStart: point.payloadStart, payloadCount: point.payloadCount, value: value
                    ))
            }

            /// Forgets which records are in the answer batch: a new one begins, or ``batch``
            /// changed.
            mutating func resetKinds() {
                kindStarts = Array(repeating: -1, count: batch.records.count)
            }
        }

        private var cursors: [Cursor]
        private let order: TelemetryQueryOrder
        /// The iSCP 1.0 views of the data ids met, made once rather than per point.
        private var views = ISCP1DataIDViews()

        init(sources: [Source], order: TelemetryQueryOrder) {
            cursors = sources.map {
                Cursor(
                    batches: TelemetryPointsReadAhead($0.points), measurementUUID: $0.entry.uuid.uuidString.lowercased(),
                    baseTime: $0.entry.baseTime ?? 0)
            }
            self.order = order
        }

        /// The next points in the merged order, at least one; empty after the last.
        ///
        /// - Throws: ``ReadFailure`` for a stored record that fails its checks, or a database error.
        mutating func nextBatch() async throws -> IntdashAnswerBatch {
            for index in cursors.indices where !cursors[index].started {
                cursors[index].started = true
                cursors[index].batch = try await read(index)
            }
            for index in cursors.indices { cursors[index].resetKinds() }
            var answers = IntdashAnswerBatch()
            while let chosen = earliest() {
                if cursors[chosen].needsUpcoming {
                    guard answers.isEmpty else { return answers }
                    cursors[chosen].upcoming = try await read(chosen)
                }
                let (strictBound, inclusiveBound) = bounds(besides: chosen)
                cursors[chosen].appendRun(to: &answers, using: &views, strictBound: strictBound, inclusiveBound: inclusiveBound, order: order)
                advance(chosen)
            }
            return answers
        }

        /// Where a run of query `chosen`'s points must stop for the others' next points: a
        /// point of the queries before it in the merge's order goes first at the same time (the
        /// strict bound), one of the queries after it goes after (the inclusive bound); each is
        /// the earliest of those queries' next points, `nil` when none has one.
        private func bounds(besides chosen: Int) -> (strict: Int64?, inclusive: Int64?) {
            var strict: Int64?
            var inclusive: Int64?
            for index in cursors.indices where index != chosen && cursors[index].hasPoint {
                let time = cursors[index].time
                if index < chosen {
                    if strict.map({ order.precedes(time, $0) }) ?? true { strict = time }
                } else if inclusive.map({ order.precedes(time, $0) }) ?? true {
                    inclusive = time
                }
            }
            return (strict, inclusive)
        }

        /// Moves query `index` onto its upcoming batch once it went through the one it had.
        private mutating func advance(_ index: Int) {
            guard !cursors[index].hasPoint, let upcoming = cursors[index].upcoming else { return }
            cursors[index].batch = upcoming
            cursors[index].position = 0
            cursors[index].resetKinds()
            cursors[index].upcoming = upcoming.isEmpty ? .empty : nil
        }

        /// The query whose next point comes first in the merge's order, the first of those
        /// of the same time; `nil` when none has a point left.
        private func earliest() -> Int? {
            var chosen: Int?
            var chosenTime: Int64 = 0
            for index in cursors.indices where cursors[index].hasPoint {
                let time = cursors[index].time
                if chosen != nil, !order.precedes(time, chosenTime) { continue }
                chosen = index
                chosenTime = time
            }
            return chosen
        }

        /// The next batch of query `index`, empty when it has no more.
        private mutating func read(_ index: Int) async throws -> TelemetryPointBatch {
            do {
                return try await cursors[index].batches.next()
            } catch let error as TelemetryDataStoreError {
                throw ReadFailure(measurementUUID: cursors[index].measurementUUID, error: error)
            }
        }
    }

    /// An iterator over the merged points.
    func makeIterator() -> Iterator {
        Iterator(sources: sources, order: order)
    }
}
