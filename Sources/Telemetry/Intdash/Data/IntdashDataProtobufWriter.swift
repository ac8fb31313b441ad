import Foundation
import ISCP
import NIOCore
import SwiftProtobuf

/// Writes `GET /v1/data`'s answers as intdash-py reads them, `[u64 little-endian
/// length][pb.DataResponseProto]`, straight into the answer's buffer: byte for byte what the
/// generated message gives (the tests compare the two), without building the message, its
/// timestamps and its copies of the payload for every point.
///
/// Every field but the time (field 1) and the value inside the payload (field 4) is the same
/// for the answers of one ``IntdashAnswerKind``: the writer keeps that encoding for the kinds
/// met last (``IntdashAnswerFrames``), so that an answer costs its time, two copies and the
/// value. A frame's head holds field 2 (the data type in decimal digits), field 3
/// (`<channel>/<data id>`) and, for a Float or Int value, field 4 up to the value's eight
/// bytes; its tail field 5 (the measurement's UUID) and field 6 (when the point was stored).
struct IntdashDataProtobufWriter: IntdashAnswerEncoder {
    private typealias W = ProtobufWireWriter

    var frames = IntdashAnswerFrames()

    /// Appends the answer at `time` of the kind at `frame` that carries `payload` as field 4.
    mutating func write(payload: [UInt8], dataType: UInt8, frame: Int, time: Int64, into buffer: inout ByteBuffer) {
        let payloadSize = payload.isEmpty ? 0 : W.lengthDelimitedSize(4, bodySize: payload.count)
        write(frame: frame, time: time, bodySize: payloadSize, into: &buffer) { writer in
            if !payload.isEmpty { writer.lengthDelimited(4, payload) }
        }
    }

    /// Appends the answer at `time` of a kind of Float or Int values (its frame at `frame`)
    /// whose value is `bits`.
    mutating func writeValue(frame: Int, time: Int64, bits: UInt64, into buffer: inout ByteBuffer) {
        write(frame: frame, time: time, bodySize: 8, into: &buffer) { writer in
            withUnsafeBytes(of: bits.littleEndian) { writer.bytes($0) }
        }
    }

    /// Writes the answer at `time` of a kind of Float or Int values (its frame at `frame`)
    /// whose value is `bits` at the start of `bytes`; returns how many bytes it took, or `nil`
    /// when `bytes` are too few.
    func writeValue(frame: Int, time: Int64, bits: UInt64, into bytes: UnsafeMutableRawBufferPointer) -> Int? {
        write(frame: frame, time: time, bodySize: 8, into: bytes) { writer in
            withUnsafeBytes(of: bits.littleEndian) { writer.bytes($0) }
        }
    }

    /// Appends an answer at `time` of the kind at `frame`, whose payload's part (field 4, or
    /// the value after the frame's head) `body` writes in `bodySize` bytes.
    private func write(frame index: Int, time: Int64, bodySize: Int, into buffer: inout ByteBuffer, _ body: (inout W) -> Void) {
        let room = frames.withFrame(at: index) { head, tail in head.count + tail.count } + Self.lengthAndTimeRoom + bodySize
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: room) { raw in
            guard let written = write(frame: index, time: time, bodySize: bodySize, into: raw, body) else {
                preconditionFailure("a data answer was sized wrong")
            }
            return written
        }
    }

    /// The most bytes an answer's length and time field take: the length's eight, and field 1
    /// holding a `Timestamp` of at most 17 (a ten-byte seconds varint, a five-byte nanos one,
    /// and their tags).
    private static var lengthAndTimeRoom: Int { MemoryLayout<UInt64>.size + W.lengthDelimitedSize(1, bodySize: 17) }

    /// Writes an answer at `time` of the kind at `frame` at the start of `bytes`: the length
    /// before the message, and the message, whose payload's part (field 4, or the value after
    /// the frame's head) `body` writes in `bodySize` bytes. Returns how many bytes it took, or
    /// `nil` when `bytes` are too few.
    private func write(
        frame index: Int, time: Int64, bodySize: Int, into bytes: UnsafeMutableRawBufferPointer, _ body: (inout W) -> Void
    ) -> Int? {
        frames.withFrame(at: index) { head, tail in
            let timestamp = IntdashDataResponse.timestamp(nanoseconds: time)
            let timeSize = Self.size(of: timestamp)
            let size = W.lengthDelimitedSize(1, bodySize: timeSize) + head.count + bodySize + tail.count
            let total = MemoryLayout<UInt64>.size + size
            guard bytes.count >= total else { return nil }
            var writer = W(UnsafeMutableBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: total))
            withUnsafeBytes(of: UInt64(size).littleEndian) { writer.bytes($0) }
            writer.tag(1, .lengthDelimited)
            writer.varint(UInt64(timeSize))
            Self.write(timestamp, into: &writer)
            writer.bytes(head)
            body(&writer)
            writer.bytes(tail)
            precondition(writer.count == total, "a data answer was sized wrong")
            return total
        }
    }

    /// The frame of `kind`'s answers.
    static func frame(_ kind: IntdashAnswerKind) -> (head: [UInt8], tail: [UInt8]) {
        let dataType = Array(String(kind.dataType).utf8)
        let dataID = Array("\(kind.channel)/\(kind.dataID)".utf8)
        let valueSize = kind.valuePrefix.map { W.lengthDelimitedSize(4, bodySize: $0.count + 8) - 8 } ?? 0
        let head = encoded(size: W.lengthDelimitedSize(2, bodySize: dataType.count) + W.lengthDelimitedSize(3, bodySize: dataID.count) + valueSize) {
            writer in
            writer.lengthDelimited(2, dataType)
            writer.lengthDelimited(3, dataID)
            if let prefix = kind.valuePrefix {
                writer.tag(4, .lengthDelimited)
                writer.varint(UInt64(prefix.count + 8))
                writer.bytes(prefix)
            }
        }
        let measurementUUID = Array(kind.measurementUUID.utf8)
        let created = Google_Protobuf_Timestamp(date: kind.createdAt)
        let createdSize = size(of: created)
        let uuidSize = measurementUUID.isEmpty ? 0 : W.lengthDelimitedSize(5, bodySize: measurementUUID.count)
        let tail = encoded(size: uuidSize + W.lengthDelimitedSize(6, bodySize: createdSize)) { writer in
            if !measurementUUID.isEmpty { writer.lengthDelimited(5, measurementUUID) }
            writer.tag(6, .lengthDelimited)
            writer.varint(UInt64(createdSize))
            write(created, into: &writer)
        }
        return (head, tail)
    }

    /// The `size` bytes `body` writes.
    private static func encoded(size: Int, _ body: (inout W) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var writer = W(buffer)
            body(&writer)
            precondition(writer.count == size, "a data answer's frame was sized wrong")
            count = size
        }
    }

    /// The size of a `Timestamp { int64 seconds = 1; int32 nanos = 2 }`.
    private static func size(of timestamp: Google_Protobuf_Timestamp) -> Int {
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
