import Foundation

/// Merged stored points as `GET /v1/data` answers them, a batch at a time: the records they
/// lie in, what the points of each group of a record share (``Kind``), and for each point in
/// order its time and where it lies.
///
/// An ``Answer`` holds no reference, so that the writers go through a batch moving plain
/// values; a Float or Int value is read once, when the point is merged, and written from its
/// bits (``Answer/value``). ``response(at:)`` makes the ``IntdashDataResponse`` of a point for readers that
/// need one (the selector, the other payloads).
struct IntdashAnswerBatch {
    /// What the points of one group of one record have in common.
    struct Kind {
        /// The measurement, a lowercase UUID.
        let measurementUUID: String
        /// When the record was stored.
        let createdAt: Date
        /// The iSCP 1.0 view of the group's data id.
        let view: ISCP1DataIDView
        /// The Float or Int form of the group's eight-byte payloads, if they have one.
        let valueForm: (dataType: UInt8, prefix: [UInt8])?
        /// The record's position in ``IntdashAnswerBatch/records``.
        let record: Int

        /// The answers' kind when they carry a Float or Int value; `nil` when the group's
        /// payloads have no value form.
        var valueKind: IntdashAnswerKind? {
            valueForm.map {
                IntdashAnswerKind(
                    measurementUUID: measurementUUID, createdAt: createdAt, dataType: $0.dataType, channel: view.channel,
                    dataID: view.iscp1DataID, valuePrefix: $0.prefix
                )
            }
        }
    }

    /// One point.
    struct Answer {
        /// Nanoseconds since 1970-01-01T00:00:00Z.
        let time: Int64
        /// Its kind's position in ``IntdashAnswerBatch/kinds``.
        let kind: Int32
        /// Where its payload starts in its record's bytes.
        let payloadStart: Int32
        /// Its payload's length.
        let payloadCount: Int32
        /// The bits of its Float or Int value (its eight-byte payload read as a big-endian
        /// number) when its kind has a value form; `nil` for every other payload.
        let value: UInt64?
    }

    /// The bytes of the records the points lie in.
    var records: [[UInt8]] = []
    /// The kinds of the points.
    var kinds: [Kind] = []
    /// Whether each of ``kinds`` has a value form, looked up per point without copying a kind.
    var kindHasValueForm: [Bool] = []
    /// The points, in the merged order.
    var answers: [Answer] = []

    /// Whether the batch has no points.
    var isEmpty: Bool { answers.isEmpty }

    /// The answer for the point at `index`.
    func response(at index: Int) -> IntdashDataResponse {
        let answer = answers[index]
        let kind = kinds[Int(answer.kind)]
        let range = Int(answer.payloadStart)..<(Int(answer.payloadStart) + Int(answer.payloadCount))
        return records[kind.record].withUnsafeBytes { bytes in
            IntdashDataResponse(
                time: answer.time, payload: UnsafeRawBufferPointer(rebasing: bytes[range]), createdAt: kind.createdAt,
                measurementUUID: kind.measurementUUID, view: kind.view
            )
        }
    }
}
