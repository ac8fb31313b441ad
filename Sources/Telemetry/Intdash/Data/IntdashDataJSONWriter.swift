import Foundation
import HTTPSupport
import ISCP
import JSON
import NIOCore

/// Writes `GET /v1/data`'s answers as JSON objects straight into the answer's buffer:
///
/// ```text
/// {"channel":1,"created_at":"2021-01-01T00:00:05.000000000Z","data":{"d":42},"data_id":"count",
///  "data_type":12,"measurement_uuid":"…","time":1609459201500000}
/// ```
///
/// The keys are sorted, `time` is in the asked ``IntdashTimeFormat``, and `data` holds the
/// payload's value: `{"d": value}` for the Float, Int and String types (a float that JSON
/// cannot hold as a number: `"NaN"`, `"Infinity"`, `"-Infinity"`), and for every other type
/// `{"d": "<base64 of the payload's value>"}` (Bytes: the value; others: the whole iSCP 1.0
/// payload). The text is byte for byte what `JSONEncoder` with sorted keys and unescaped
/// slashes writes for that object — numbers as `description` spells them without a trailing
/// `.0`, strings with `"`, `\` and control characters escaped and nothing else — without
/// building the object, its dictionaries and the encoder's storage for every point.
///
/// Everything but `data` and `time` is the same for the answers of one ``IntdashAnswerKind``:
/// the writer keeps that text for the kinds met last (``IntdashAnswerFrames``): a head
/// `{"channel":…,"created_at":"…","data":{"d":` and a tail
/// `},"data_id":"…","data_type":…,"measurement_uuid":"…","time":`, so that an answer costs
/// copying them and writing two numbers (a Float or Int value from its bits, see
/// ``ISCP1UnitPayload``).
struct IntdashDataJSONWriter: IntdashAnswerEncoder {
    /// How `time` is written.
    let timeFormat: IntdashTimeFormat
    /// Whether each answer ends with a newline: a JSON line.
    let endsLines: Bool
    var frames = IntdashAnswerFrames()

    /// A writer of times in `timeFormat`, of JSON lines when `endsLines`.
    init(timeFormat: IntdashTimeFormat, endsLines: Bool = false) {
        self.timeFormat = timeFormat
        self.endsLines = endsLines
    }

    /// Appends the answer at `time` of the kind at `frame` whose `data` is the value `payload`
    /// holds, through the payload's decoding.
    mutating func write(payload: [UInt8], dataType: UInt8, frame: Int, time: Int64, into buffer: inout ByteBuffer) {
        write(frame: frame, time: time, into: &buffer) { buffer in
            Self.writeValue(of: payload, dataType: dataType, into: &buffer)
        }
    }

    /// Appends the answer at `time` of a kind of Float or Int values (its frame at `frame`)
    /// whose value is `bits`: with a numeric time and a finite value, in one write of the
    /// buffer.
    mutating func writeValue(frame: Int, time: Int64, bits: UInt64, into buffer: inout ByteBuffer) {
        var written = false
        let room = valueAnswerRoom(frame: frame)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: room) { bytes in
            let count = writeValue(frame: frame, time: time, bits: bits, into: bytes)
            written = count != nil
            return count ?? 0
        }
        guard !written else { return }
        let isFloat = frames.dataType(at: frame) == ISCP1DataType.float.rawValue
        write(frame: frame, time: time, into: &buffer) { buffer in
            if isFloat {
                Self.write(Double(bitPattern: bits), into: &buffer)
            } else {
                buffer.writeDecimal(Int64(bitPattern: bits))
            }
        }
    }

    /// Writes the answer at `time` of a kind of Float or Int values (its frame at `frame`)
    /// whose value is `bits` at the start of `bytes`; returns how many bytes it took, or `nil`
    /// when `bytes` are too few or the answer is not written this way: a time that is not a
    /// number, or a value JSON cannot hold as a number (``writeValue(frame:time:bits:into:)``
    /// with a buffer writes those).
    func writeValue(frame: Int, time: Int64, bits: UInt64, into bytes: UnsafeMutableRawBufferPointer) -> Int? {
        let isFloat = frames.dataType(at: frame) == ISCP1DataType.float.rawValue
        guard let number = timeFormat.number(nanoseconds: time), !isFloat || Double(bitPattern: bits).isFinite else { return nil }
        let closing = closing
        return frames.withFrame(at: frame) { head, tail in
            guard bytes.count >= head.count + tail.count + Self.valueAndTimeRoom + closing.utf8CodeUnitCount else { return nil }
            var end = head.count
            bytes.copyMemory(from: head)
            let value = UnsafeMutableRawBufferPointer(rebasing: bytes[end...])
            end += isFloat ? JSONNumberText.write(Double(bitPattern: bits), into: value) : DecimalText.write(Int64(bitPattern: bits), into: value)
            UnsafeMutableRawBufferPointer(rebasing: bytes[end...]).copyMemory(from: tail)
            end += tail.count
            end += DecimalText.write(number, into: UnsafeMutableRawBufferPointer(rebasing: bytes[end...]))
            closing.withUTF8Buffer { UnsafeMutableRawBufferPointer(rebasing: bytes[end...]).copyMemory(from: UnsafeRawBufferPointer($0)) }
            return end + closing.utf8CodeUnitCount
        }
    }

    /// The most bytes ``writeValue(frame:time:bits:into:)`` needs for an answer of the frame at
    /// `frame`.
    private func valueAnswerRoom(frame: Int) -> Int {
        frames.withFrame(at: frame) { head, tail in head.count + tail.count } + Self.valueAndTimeRoom + closing.utf8CodeUnitCount
    }

    /// The most bytes a Float or Int value and a numeric time take.
    private static var valueAndTimeRoom: Int { max(JSONNumberText.maxSize, DecimalText.maxSize) + DecimalText.maxSize }

    /// Appends an answer at `time` of the kind at `frame`, whose value `value` writes.
    private func write(frame index: Int, time: Int64, into buffer: inout ByteBuffer, value: (inout ByteBuffer) -> Void) {
        frames.withFrame(at: index) { head, tail in
            buffer.writeBytes(head)
            value(&buffer)
            buffer.writeBytes(tail)
        }
        if let number = timeFormat.number(nanoseconds: time) {
            buffer.writeDecimal(number)
        } else {
            JSONWriter.write(string: IntdashTimestamp.string(nanoseconds: time), to: &buffer)
        }
        buffer.writeStaticString(closing)
    }

    /// What ends an answer: its closing brace, and a newline for a JSON line.
    private var closing: StaticString { endsLines ? "}\n" : "}" }

    /// The frame of `kind`'s answers.
    static func frame(_ kind: IntdashAnswerKind) -> (head: [UInt8], tail: [UInt8]) {
        var head = ByteBuffer()
        head.writeStaticString("{\"channel\":")
        head.writeDecimal(Int64(kind.channel))
        head.writeStaticString(",\"created_at\":")
        JSONWriter.write(string: IntdashTimestamp.string(kind.createdAt), to: &head)
        head.writeStaticString(",\"data\":{\"d\":")
        var tail = ByteBuffer()
        tail.writeStaticString("},\"data_id\":")
        JSONWriter.write(string: kind.dataID, to: &tail)
        tail.writeStaticString(",\"data_type\":")
        tail.writeDecimal(Int64(kind.dataType))
        tail.writeStaticString(",\"measurement_uuid\":")
        JSONWriter.write(string: kind.measurementUUID, to: &tail)
        tail.writeStaticString(",\"time\":")
        return (Array(head.readableBytesView), Array(tail.readableBytesView))
    }

    /// Appends the value `data` holds for an answer of `dataType` that carries `payload`
    /// (not a Float or Int value's bits), through the payload's decoding.
    private static func writeValue(of payload: [UInt8], dataType: UInt8, into buffer: inout ByteBuffer) {
        switch try? ISCP1Payload(rawDataType: dataType, decoding: payload) {
        case .float(let value): write(value.value, into: &buffer)
        case .int(let value): buffer.writeDecimal(value.value)
        case .string(let value): JSONWriter.write(string: value.value, to: &buffer)
        case .bytes(let value): JSONWriter.write(string: Data(value.value).base64EncodedString(), to: &buffer)
        default: JSONWriter.write(string: Data(payload).base64EncodedString(), to: &buffer)
        }
    }

    /// Appends `number` as a JSON number, or as the string that names it when JSON cannot
    /// hold it.
    private static func write(_ number: Double, into buffer: inout ByteBuffer) {
        if number.isFinite {
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: JSONNumberText.maxSize) { JSONNumberText.write(number, into: $0) }
        } else {
            JSONWriter.write(string: number.isNaN ? "NaN" : number > 0 ? "Infinity" : "-Infinity", to: &buffer)
        }
    }
}
