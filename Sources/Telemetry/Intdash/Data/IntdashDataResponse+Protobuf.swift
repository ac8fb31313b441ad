import Foundation
import ISCP
import NIOCore
import SwiftProtobuf

// The protobuf form of `GET /v1/data`, written straight into the answer: byte for byte what
// the generated `pb.DataResponseProto` gives (the tests compare the two), without
// building the message, its timestamps and its copies of the payload for every point.
extension IntdashDataResponse {
    /// Appends the answer as intdash-py reads it: `[u64 little-endian length][pb.DataResponseProto]`.
    func writeLengthPrefixedMessage(into buffer: inout ByteBuffer) {
        let time = Self.timestamp(nanoseconds: time)
        let created = Google_Protobuf_Timestamp(date: createdAt)
        // Field 2 is the data type and field 3 `<channel>/<data id>`, both in decimal digits
        // written in place rather than through strings made for each point.
        let dataTypeSize = DecimalText.size(of: Int64(dataType))
        let dataIDSize = DecimalText.size(of: Int64(channel)) + 1 + dataID.utf8.count
        let timeSize = Self.timestampSize(time)
        let createdSize = Self.timestampSize(created)
        let size =
            W.lengthDelimitedSize(1, bodySize: timeSize) + W.lengthDelimitedSize(2, bodySize: dataTypeSize)
            + W.lengthDelimitedSize(3, bodySize: dataIDSize) + Self.bytesSize(4, content.count)
            + Self.bytesSize(5, measurementUUID.utf8.count) + W.lengthDelimitedSize(6, bodySize: createdSize)
        buffer.writeInteger(UInt64(size), endianness: .little)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { raw in
            var writer = W(UnsafeMutableBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: size))
            writer.tag(1, .lengthDelimited)
            writer.varint(UInt64(timeSize))
            Self.write(time, into: &writer)
            writer.tag(2, .lengthDelimited)
            writer.varint(UInt64(dataTypeSize))
            Self.writeDecimal(dataType, into: &writer)
            writer.tag(3, .lengthDelimited)
            writer.varint(UInt64(dataIDSize))
            Self.writeDecimal(channel, into: &writer)
            writer.bytes(CollectionOfOne(UInt8(ascii: "/")))
            writer.bytes(dataID.utf8)
            switch content {
            case .bytes(let payload):
                if !payload.isEmpty { writer.lengthDelimited(4, payload) }
            case .value(let prefix, let bits):
                writer.tag(4, .lengthDelimited)
                writer.varint(UInt64(prefix.count + 8))
                writer.bytes(prefix)
                withUnsafeBytes(of: bits.littleEndian) { writer.bytes($0) }
            }
            if !measurementUUID.isEmpty { writer.lengthDelimited(5, measurementUUID.utf8) }
            writer.tag(6, .lengthDelimited)
            writer.varint(UInt64(createdSize))
            Self.write(created, into: &writer)
            precondition(writer.count == size, "a data answer was sized wrong")
            return size
        }
    }

    private typealias W = ProtobufWireWriter

    /// The size of a length-delimited field `field` of `count` bytes; nothing when empty.
    private static func bytesSize(_ field: UInt64, _ count: Int) -> Int {
        count == 0 ? 0 : W.lengthDelimitedSize(field, bodySize: count)
    }

    /// Writes `value` in decimal digits, as `String(value)` spells it.
    private static func writeDecimal(_ value: UInt8, into writer: inout W) {
        // At most three digits: four bytes on the stack hold them.
        var digits: UInt32 = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            let size = DecimalText.write(Int64(value), into: raw)
            writer.bytes(UnsafeRawBufferPointer(rebasing: raw[..<size]))
        }
    }

    /// The size of a `Timestamp { int64 seconds = 1; int32 nanos = 2 }`.
    private static func timestampSize(_ timestamp: Google_Protobuf_Timestamp) -> Int {
        (timestamp.seconds == 0 ? 0 : 1 + W.varintSize(UInt64(bitPattern: timestamp.seconds)))
            + (timestamp.nanos == 0 ? 0 : 1 + W.varintSize(UInt64(bitPattern: Int64(timestamp.nanos))))
    }

    private static func write(_ timestamp: Google_Protobuf_Timestamp, into writer: inout W) {
        if timestamp.seconds != 0 {
            writer.tag(1, .varint)
            writer.varint(UInt64(bitPattern: timestamp.seconds))
        }
        if timestamp.nanos != 0 {
            writer.tag(2, .varint)
            writer.varint(UInt64(bitPattern: Int64(timestamp.nanos)))
        }
    }
}
