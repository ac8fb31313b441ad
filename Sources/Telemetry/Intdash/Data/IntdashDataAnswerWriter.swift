import NIOCore

/// Writes `GET /v1/data`'s answers in the asked encoding into the answer's buffer: protobuf
/// messages (``IntdashDataProtobufWriter``), JSON lines, or the objects of one JSON array
/// (``IntdashDataJSONWriter``).
///
/// The points of a batch that carry a Float or Int value are written from the batch's plain
/// values, a run at a time (``writeValues(from:of:limit:fullSize:into:)``): each kind's frame
/// is looked up once per batch rather than per point. Every other answer is written from its
/// ``IntdashDataResponse``.
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
    private mutating func writeValue(at index: Int, of batch: IntdashAnswerBatch, into buffer: inout ByteBuffer) {
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

    /// Appends the answers for the points of `batch` (the batch last begun) from `start` on
    /// that carry a Float or Int value, one after the other: until a point without one, `limit`
    /// answers, or `buffer` holding `fullSize` bytes. Returns how many it wrote: at least one
    /// when the point at `start` carries a value, `limit` is positive and `buffer` holds fewer
    /// than `fullSize` bytes.
    ///
    /// The answers go into the buffer's free bytes through one pointer, as many as fit in
    /// ``valuesRoom`` bytes at a time, so that an answer costs no look at the buffer's storage.
    /// Each such round works on copies of the writers taken once (reading them in place would
    /// copy them, and retain their frames, for every answer), so it stops at a kind whose frame
    /// is not looked up yet; the frame is looked up, possibly made, between rounds. An answer
    /// that does not fit or is not written that way goes in on its own.
    mutating func writeValues(from start: Int, of batch: IntdashAnswerBatch, limit: Int, fullSize: Int, into buffer: inout ByteBuffer) -> Int {
        let end = start + min(limit, batch.answers.count - start)
        var index = start
        while index < end, batch.answers[index].value != nil, buffer.readableBytes < fullSize {
            _ = valueFrame(ofKind: Int(batch.answers[index].kind), of: batch)
            let (encoding, protobuf, json, frames, made) = (encoding, protobuf, json, valueFrames, framesMade)
            let separator = encoding == .jsonArray ? 1 : 0
            let wanted = fullSize - buffer.readableBytes
            let first = index
            var written = 0
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: Self.valuesRoom) { bytes in
                var used = 0
                while index < end, used < wanted, let bits = batch.answers[index].value {
                    let answer = batch.answers[index]
                    guard let frame = frames[Int(answer.kind)], frame.made == made else { break }
                    guard bytes.count - used > separator else { break }
                    let target = UnsafeMutableRawBufferPointer(rebasing: bytes[(used + separator)...])
                    let size =
                        encoding == .protobuf
                        ? protobuf.writeValue(frame: frame.frame, time: answer.time, bits: bits, into: target)
                        : json.writeValue(frame: frame.frame, time: answer.time, bits: bits, into: target)
                    guard let size else { break }
                    if separator > 0 { bytes[used] = UInt8(ascii: count + written == 0 ? "[" : ",") }
                    used += separator + size
                    written += 1
                    index += 1
                }
                return used
            }
            count += written
            if index == first {
                writeValue(at: index, of: batch, into: &buffer)
                index += 1
            }
        }
        return index - start
    }

    /// How many free bytes ``writeValues(from:of:limit:fullSize:into:)`` asks of the buffer at a
    /// time: room for hundreds of answers.
    private static let valuesRoom = 64 << 10

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
