import NIOCore

/// Writes `GET /v1/data`'s answers in the asked encoding into the answer's buffer: protobuf
/// messages (``IntdashDataProtobufWriter``), JSON lines, or the objects of one JSON array
/// (``IntdashDataJSONWriter``).
///
/// A point of a batch that carries a Float or Int value is written from the batch's plain
/// values (``writeValue(at:of:into:)``): its kind's frame is looked up once per batch rather
/// than per point. Every other answer is written from its ``IntdashDataResponse``.
struct IntdashDataAnswerWriter {
    /// Where the value frame of one kind of the current batch is, and since when.
    private struct FramePosition {
        /// The frame's position in the encoding's writer.
        let frame: Int
        /// The writer's ``framesMade`` when it was looked up: the position holds while it is
        /// the same.
        let made: Int
    }

    /// The answer's encoding.
    let encoding: IntdashDataRequest.Encoding
    private var protobuf = IntdashDataProtobufWriter()
    private var json: IntdashDataJSONWriter
    /// The answers written.
    private(set) var count = 0
    /// The value frames of the current batch's kinds, by the kind's position; `nil` until
    /// looked up.
    private var valueFrames: [FramePosition?] = []

    /// A writer of `encoding`, JSON times in `timeFormat`.
    init(encoding: IntdashDataRequest.Encoding, timeFormat: IntdashTimeFormat) {
        self.encoding = encoding
        json = IntdashDataJSONWriter(timeFormat: timeFormat, endsLines: encoding == .jsonLines)
    }

    /// Appends `response`.
    mutating func write(_ response: IntdashDataResponse, into buffer: inout ByteBuffer) {
        beginAnswer(into: &buffer)
        if encoding == .protobuf {
            protobuf.write(response, into: &buffer)
        } else {
            json.write(response, into: &buffer)
        }
        count += 1
    }

    /// Makes ready to write the points of `batch`.
    mutating func begin(_ batch: IntdashAnswerBatch) {
        valueFrames = Array(repeating: nil, count: batch.kinds.count)
    }

    /// Appends the answer for the point at `index` of `batch`, the batch last begun, which
    /// carries a Float or Int value (its ``IntdashAnswerBatch/Answer/value``).
    mutating func writeValue(at index: Int, of batch: IntdashAnswerBatch, into buffer: inout ByteBuffer) {
        let answer = batch.answers[index]
        guard let bits = answer.value else { preconditionFailure("a point without a value was written as one") }
        let frame = valueFrame(ofKind: Int(answer.kind), of: batch)
        beginAnswer(into: &buffer)
        if encoding == .protobuf {
            protobuf.writeValue(frame: frame, time: answer.time, bits: bits, into: &buffer)
        } else {
            json.writeValue(frame: frame, time: answer.time, bits: bits, into: &buffer)
        }
        count += 1
    }

    /// Ends the answer.
    func finish(into buffer: inout ByteBuffer) {
        if encoding == .jsonArray { buffer.writeString(count == 0 ? "[]" : "]") }
    }

    /// Writes what comes before an answer: in a JSON array, its opening or a separator.
    private func beginAnswer(into buffer: inout ByteBuffer) {
        if encoding == .jsonArray { buffer.writeString(count == 0 ? "[" : ",") }
    }

    /// How many frames the encoding's writer made so far.
    private var framesMade: Int {
        encoding == .protobuf ? protobuf.framesMade : json.framesMade
    }

    /// The position of the value frame of the kind at `kind` in `batch`.
    private mutating func valueFrame(ofKind kind: Int, of batch: IntdashAnswerBatch) -> Int {
        if let known = valueFrames[kind], known.made == framesMade { return known.frame }
        guard let valueKind = batch.kinds[kind].valueKind else { preconditionFailure("a point without a value was written as one") }
        let frame = encoding == .protobuf ? protobuf.frameIndex(of: valueKind) : json.frameIndex(of: valueKind)
        valueFrames[kind] = FramePosition(frame: frame, made: framesMade)
        return frame
    }
}
