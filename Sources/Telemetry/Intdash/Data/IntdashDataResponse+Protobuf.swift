import Foundation
import ISCP
import NIOCore
import SwiftProtobuf

// The protobuf form of `GET /v1/data`, written straight into the answer: byte for byte what
// the generated `pb.DataResponseProto` gives (``IntdashDataResponse/message``), without
// building the message, its timestamps and its copies of the payload for every point.
extension IntdashDataResponse {
    /// Appends the answer as intdash-py reads it: `[u64 little-endian length][pb.DataResponseProto]`.
    func writeLengthPrefixedMessage(into buffer: inout ByteBuffer) {
        let time = Self.timestamp(nanoseconds: time)
        let created = Google_Protobuf_Timestamp(date: createdAt)
        let dataType = String(dataType)
        let dataID = "\(channel)/\(dataID)"
        let timeSize = Self.timestampSize(time)
        let createdSize = Self.timestampSize(created)
        let size = W.lengthDelimitedSize(1, bodySize: timeSize) + Self.bytesSize(2, dataType.utf8.count)
            + Self.bytesSize(3, dataID.utf8.count) + Self.bytesSize(4, payload.count)
            + Self.bytesSize(5, measurementUUID.utf8.count) + W.lengthDelimitedSize(6, bodySize: createdSize)
        buffer.writeInteger(UInt64(size), endianness: .little)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: size) { raw in
            var writer = W(UnsafeMutableBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: size))
            writer.tag(1, .lengthDelimited)
            writer.varint(UInt64(timeSize))
            Self.write(time, into: &writer)
            if !dataType.isEmpty { writer.lengthDelimited(2, dataType.utf8) }
            if !dataID.isEmpty { writer.lengthDelimited(3, dataID.utf8) }
            if !payload.isEmpty { writer.lengthDelimited(4, payload) }
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
