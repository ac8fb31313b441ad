import Foundation
import HTTPSupport
import ISCP
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
/// Everything but `data` and `time` is the same for the answers of one data id stored at one
/// time: the writer keeps that text for the few kinds of answer met last (``Frame``), so that
/// an answer costs copying two pieces of text and writing two numbers (a Float or Int value
/// from its bits, see ``ISCP1UnitPayload``).
struct IntdashDataJSONWriter {
    /// The text of an answer around its value and time, for the answers of one data id of one
    /// measurement stored at one time.
    private struct Frame {
        /// The answers' channel.
        let channel: UInt8
        /// When their points were stored.
        let createdAt: Date
        /// Their iSCP 1.0 data type.
        let dataType: UInt8
        /// Their data id.
        let dataID: String
        /// Their measurement.
        let measurementUUID: String
        /// `{"channel":…,"created_at":"…","data":{"d":`
        let head: [UInt8]
        /// `},"data_id":"…","data_type":…,"measurement_uuid":"…","time":`
        let tail: [UInt8]

        /// Whether `response` is one of these answers.
        func holds(_ response: IntdashDataResponse) -> Bool {
            createdAt == response.createdAt && channel == response.channel && dataType == response.dataType
                && dataID == response.dataID && measurementUUID == response.measurementUUID
        }
    }

    /// How `time` is written.
    let timeFormat: IntdashTimeFormat
    /// The frames of the answers written last, at most ``frameLimit``.
    private var frames: [Frame] = []
    /// The frame a new one replaces once there are ``frameLimit``.
    private var replaced = 0

    /// How many frames are kept: as many as the data ids a chunk usually holds.
    private static let frameLimit = 16

    /// A writer of times in `timeFormat`.
    init(timeFormat: IntdashTimeFormat) {
        self.timeFormat = timeFormat
    }

    /// Appends `response` as a JSON object.
    mutating func write(_ response: IntdashDataResponse, into buffer: inout ByteBuffer) {
        let frame = frameIndex(of: response)
        buffer.writeBytes(frames[frame].head)
        Self.writeValue(of: response, into: &buffer)
        buffer.writeBytes(frames[frame].tail)
        if let number = timeFormat.number(nanoseconds: response.time) {
            buffer.writeDecimal(number)
        } else {
            Self.write(string: IntdashTimestamp.string(nanoseconds: response.time), into: &buffer)
        }
        buffer.writeStaticString("}")
    }

    /// The index in ``frames`` of `response`'s frame, made when it is not there.
    private mutating func frameIndex(of response: IntdashDataResponse) -> Int {
        if let index = frames.firstIndex(where: { $0.holds(response) }) { return index }
        var head = ByteBuffer()
        head.writeStaticString("{\"channel\":")
        head.writeDecimal(Int64(response.channel))
        head.writeStaticString(",\"created_at\":")
        Self.write(string: IntdashTimestamp.string(response.createdAt), into: &head)
        head.writeStaticString(",\"data\":{\"d\":")
        var tail = ByteBuffer()
        tail.writeStaticString("},\"data_id\":")
        Self.write(string: response.dataID, into: &tail)
        tail.writeStaticString(",\"data_type\":")
        tail.writeDecimal(Int64(response.dataType))
        tail.writeStaticString(",\"measurement_uuid\":")
        Self.write(string: response.measurementUUID, into: &tail)
        tail.writeStaticString(",\"time\":")
        let frame = Frame(
            channel: response.channel, createdAt: response.createdAt, dataType: response.dataType, dataID: response.dataID,
            measurementUUID: response.measurementUUID, head: Array(head.readableBytesView), tail: Array(tail.readableBytesView)
        )
        guard frames.count == Self.frameLimit else {
            frames.append(frame)
            return frames.count - 1
        }
        let index = replaced
        frames[index] = frame
        replaced = (replaced + 1) % Self.frameLimit
        return index
    }

    /// Appends the value `data` holds for `response`'s payload: a Float or Int value straight
    /// from its bits, any other payload through its decoding.
    private static func writeValue(of response: IntdashDataResponse, into buffer: inout ByteBuffer) {
        let payload: [UInt8]
        switch response.content {
        case .value(_, let bits):
            if response.dataType == ISCP1DataType.float.rawValue {
                write(Double(bitPattern: bits), into: &buffer)
            } else {
                buffer.writeDecimal(Int64(bitPattern: bits))
            }
            return
        case .bytes(let bytes):
            payload = bytes
        }
        switch try? ISCP1Payload(rawDataType: response.dataType, decoding: payload) {
        case .float(let value): write(value.value, into: &buffer)
        case .int(let value): buffer.writeDecimal(value.value)
        case .string(let value): write(string: value.value, into: &buffer)
        case .bytes(let value): write(string: Data(value.value).base64EncodedString(), into: &buffer)
        default: write(string: Data(payload).base64EncodedString(), into: &buffer)
        }
    }

    /// Appends `number` as a JSON number, or as the string that names it when JSON cannot
    /// hold it.
    private static func write(_ number: Double, into buffer: inout ByteBuffer) {
        if number.isFinite {
            var text = number.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            buffer.writeString(text)
        } else {
            write(string: number.isNaN ? "NaN" : number > 0 ? "Infinity" : "-Infinity", into: &buffer)
        }
    }

    /// Appends `string` as a JSON string: `"` and `\` escaped with a backslash, the control
    /// characters as `\b`, `\t`, `\n`, `\f`, `\r` or `\u00xx`, everything else as it is.
    private static func write(string: String, into buffer: inout ByteBuffer) {
        buffer.writeStaticString("\"")
        var utf8 = string.utf8[...]
        while let special = utf8.firstIndex(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            buffer.writeBytes(utf8[..<special])
            let byte = utf8[special]
            switch byte {
            case UInt8(ascii: "\""): buffer.writeStaticString("\\\"")
            case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
            case 0x08: buffer.writeStaticString("\\b")
            case 0x09: buffer.writeStaticString("\\t")
            case 0x0a: buffer.writeStaticString("\\n")
            case 0x0c: buffer.writeStaticString("\\f")
            case 0x0d: buffer.writeStaticString("\\r")
            default:
                let digits = Array("0123456789abcdef".utf8)
                buffer.writeStaticString("\\u00")
                buffer.writeBytes([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
            }
            utf8 = utf8[utf8.index(after: special)...]
        }
        buffer.writeBytes(utf8)
        buffer.writeStaticString("\"")
    }
}
