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
struct IntdashDataJSONWriter {
    /// How `time` is written.
    let timeFormat: IntdashTimeFormat
    /// The last `created_at` written and its text: the points of a chunk share it.
    private var createdAt: (date: Date, text: String)?

    /// A writer of times in `timeFormat`.
    init(timeFormat: IntdashTimeFormat) {
        self.timeFormat = timeFormat
    }

    /// Appends `response` as a JSON object.
    mutating func write(_ response: IntdashDataResponse, into buffer: inout ByteBuffer) {
        buffer.writeStaticString("{\"channel\":")
        buffer.writeString(String(response.channel))
        buffer.writeStaticString(",\"created_at\":")
        if createdAt?.date != response.createdAt {
            createdAt = (response.createdAt, IntdashTimestamp.string(response.createdAt))
        }
        Self.write(string: createdAt!.text, into: &buffer)
        buffer.writeStaticString(",\"data\":{\"d\":")
        Self.writeValue(of: response, into: &buffer)
        buffer.writeStaticString("},\"data_id\":")
        Self.write(string: response.dataID, into: &buffer)
        buffer.writeStaticString(",\"data_type\":")
        buffer.writeString(String(response.dataType))
        buffer.writeStaticString(",\"measurement_uuid\":")
        Self.write(string: response.measurementUUID, into: &buffer)
        buffer.writeStaticString(",\"time\":")
        switch timeFormat.json(nanoseconds: response.time) {
        case .string(let text): Self.write(string: text, into: &buffer)
        case .integer(let value): buffer.writeString(String(value))
        default: preconditionFailure("a time format gave neither a number nor a string")
        }
        buffer.writeStaticString("}")
    }

    /// Appends the value `data` holds for `response`'s payload.
    private static func writeValue(of response: IntdashDataResponse, into buffer: inout ByteBuffer) {
        switch try? ISCP1Payload(rawDataType: response.dataType, decoding: response.payload) {
        case .float(let value):
            let number = value.value
            if number.isFinite {
                var text = number.description
                if text.hasSuffix(".0") { text.removeLast(2) }
                buffer.writeString(text)
            } else {
                write(string: number.isNaN ? "NaN" : number > 0 ? "Infinity" : "-Infinity", into: &buffer)
            }
        case .int(let value): buffer.writeString(String(value.value))
        case .string(let value): write(string: value.value, into: &buffer)
        case .bytes(let value): write(string: Data(value.value).base64EncodedString(), into: &buffer)
        default: write(string: Data(response.payload).base64EncodedString(), into: &buffer)
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
