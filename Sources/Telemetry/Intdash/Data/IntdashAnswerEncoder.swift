import NIOCore

/// A writer of `GET /v1/data`'s answers in one encoding (``IntdashDataProtobufWriter``,
/// ``IntdashDataJSONWriter``): it keeps the encoded frames of the kinds of answer it met last
/// and writes an answer as its time and value inside its kind's frame.
protocol IntdashAnswerEncoder {
    /// The frames of the kinds met last.
    var frames: IntdashAnswerFrames { get set }

    /// The frame of `kind`'s answers: their encoded text before and after an answer's time and
    /// value.
    static func frame(_ kind: IntdashAnswerKind) -> (head: [UInt8], tail: [UInt8])

    /// Appends the answer at `time` of a kind of Float or Int values (its frame at `frame`)
    /// whose value is `bits`.
    mutating func writeValue(frame: Int, time: Int64, bits: UInt64, into buffer: inout ByteBuffer)

    /// Appends the answer at `time` of the kind whose frame is at `frame`, which carries
    /// `payload`, the payload of a unit of `dataType` (not a Float or Int value's bits).
    mutating func write(payload: [UInt8], dataType: UInt8, frame: Int, time: Int64, into buffer: inout ByteBuffer)
}

extension IntdashAnswerEncoder {
    /// Appends `response`.
    mutating func write(_ response: IntdashDataResponse, into buffer: inout ByteBuffer) {
        let frame = frameIndex(of: response.kind)
        switch response.content {
        case .value(_, let bits):
            writeValue(frame: frame, time: response.time, bits: bits, into: &buffer)
        case .bytes(let payload):
            write(payload: payload, dataType: response.dataType, frame: frame, time: response.time, into: &buffer)
        }
    }

    /// The position of `kind`'s frame for ``writeValue(frame:time:bits:into:)``, valid until
    /// ``framesMade`` changes.
    mutating func frameIndex(of kind: IntdashAnswerKind) -> Int {
        frames.index(of: kind, making: Self.frame)
    }

    /// How many frames were made so far: positions given before it changed may name others.
    var framesMade: Int { frames.made }
}
