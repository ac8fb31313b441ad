import Foundation
import ISCP
import SwiftProtobuf

/// The wire form of a benchmark batch: an iSCP v2 `StreamChunk` of one data point group,
/// written and read with the protocol buffers wire primitives rather than generated messages.
///
/// The bytes are those swift-protobuf would write for the same chunk (the upstream chunk and
/// the `StreamChunk` alone), so brokers carry exactly what the official clients send; only the
/// benchmark's own clients get cheaper, so that both brokers' figures measure the broker more
/// than the load generator on the same two cores.
public enum BrokerBatch {
    /// How many 8-byte points the official Python client (`iscp` 1.0.1) puts in a chunk when a
    /// device sends as fast as it can: its default flush policy, `IntervalOrBufferSize`,
    /// flushes once more than 100,000 bytes of payload are buffered (or after a second). The
    /// Rust client's default flushes every 100 ms, which at these rates makes larger chunks.
    public static let clientFlushPoints = 100_000 / 8 + 1

    /// The data id of every point.
    public static let dataName = "1/value"
    /// The data type of every point.
    public static let dataType = "float64"

    /// The `StreamChunk` of batch `sequence` of `pointsPerChunk` points, stamped `sentAt`.
    public static func streamChunk(sequence: UInt32, pointsPerChunk: Int, sentAt: UInt64) -> [UInt8] {
        let sizes = Sizes(sequence: sequence, pointsPerChunk: pointsPerChunk)
        return [UInt8](unsafeUninitializedCapacity: sizes.streamChunk) { buffer, initialized in
            var writer = ProtobufWireWriter(buffer)
            writeStreamChunk(sequence: sequence, pointsPerChunk: pointsPerChunk, sentAt: sentAt, groupSize: sizes.group, into: &writer)
            initialized = writer.count
        }
    }

    /// A `Message` whose `upstream_chunk` (70) carries that `StreamChunk` on upstream `alias`.
    public static func upstreamChunkFrame(alias: UInt32, sequence: UInt32, pointsPerChunk: Int, sentAt: UInt64) -> [UInt8] {
        let sizes = Sizes(sequence: sequence, pointsPerChunk: pointsPerChunk)
        let upstreamChunkSize = 1 + W.varintSize(UInt64(alias)) + W.lengthDelimitedSize(2, bodySize: sizes.streamChunk)
        let size = W.lengthDelimitedSize(70, bodySize: upstreamChunkSize)
        return [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var writer = ProtobufWireWriter(buffer)
            writer.tag(70, .lengthDelimited)
            writer.varint(UInt64(upstreamChunkSize))
            writer.tag(1, .varint)
            writer.varint(UInt64(alias))
            writer.tag(2, .lengthDelimited)
            writer.varint(UInt64(sizes.streamChunk))
            writeStreamChunk(sequence: sequence, pointsPerChunk: pointsPerChunk, sentAt: sentAt, groupSize: sizes.group, into: &writer)
            initialized = writer.count
        }
    }

    /// What a receiver reads of a batch: how many points it holds, the send time stamped in its
    /// first point, and what a viewer acknowledges it by.
    public struct Reading: Equatable, Sendable {
        /// How many points the chunk holds.
        public var points = 0
        /// The first point's payload: when the batch was sent, in nanoseconds since its
        /// workload's start.
        public var sentAt: UInt64?
        /// The chunk's sequence number in its upstream.
        public var sequenceNumber: UInt32 = 0
        /// The id of the upstream it came from, when a downstream chunk names it in full.
        public var upstreamStreamID: ArraySlice<UInt8>?
    }

    /// Reads a `StreamChunk` whole, or `nil` when it is not valid wire format.
    public static func readStreamChunk(_ bytes: [UInt8]) -> Reading? {
        var reader = ProtobufWireReader(bytes, range: 0..<bytes.count)
        var reading = Reading()
        return read(streamChunk: &reader, into: &reading) ? reading : nil
    }

    /// Reads the `StreamChunk` of a `Message` holding a `downstream_chunk` (134); `nil` when the
    /// frame is another message or not valid wire format.
    public static func readDownstreamChunkFrame(_ bytes: [UInt8]) -> Reading? {
        var message = ProtobufWireReader(bytes, range: 0..<bytes.count)
        guard let (field, wireType) = message.tag(), field == 134, wireType == .lengthDelimited,
            var downstreamChunk = message.nested(), message.isAtEnd
        else { return nil }
        var reading = Reading()
        while !downstreamChunk.isAtEnd {
            guard let (field, wireType) = downstreamChunk.tag() else { return nil }
            if field == 4, wireType == .lengthDelimited {
                guard var streamChunk = downstreamChunk.nested(), read(streamChunk: &streamChunk, into: &reading) else { return nil }
            } else if field == 2, wireType == .lengthDelimited {
                guard var upstreamInfo = downstreamChunk.nested(), case .some(let streamID) = bytesOfField2(in: &upstreamInfo) else { return nil }
                reading.upstreamStreamID = streamID
            } else {
                guard downstreamChunk.skip(wireType) else { return nil }
            }
        }
        return reading
    }

    /// Checks the batch against the generated code: swift-protobuf must write the same bytes for
    /// the same chunk and read them back to the same points.
    public static func checkAgainstGeneratedCode(pointsPerChunk: Int) throws {
        let sequence: UInt32 = 7
        let sentAt: UInt64 = 0x0102_0304_0506_0708
        var group = ISCP2DataPointGroup()
        group.dataID.name = dataName
        group.dataID.type = dataType
        group.dataPoints = (0..<pointsPerChunk).map { index in
            var point = ISCP2DataPoint()
            point.elapsedTime = elapsedTime(sequence: sequence, index: index)
            point.payload = withUnsafeBytes(of: (index == 0 ? sentAt : UInt64(index)).bigEndian) { Data($0) }
            return point
        }
        var chunk = ISCP2StreamChunk()
        chunk.sequenceNumber = sequence
        chunk.dataPointGroups = [group]
        var upstreamChunk = ISCP2UpstreamChunk()
        upstreamChunk.streamIDAlias = 3
        upstreamChunk.streamChunk = chunk
        var message = ISCP2Message()
        message.upstreamChunk = upstreamChunk
        let written = streamChunk(sequence: sequence, pointsPerChunk: pointsPerChunk, sentAt: sentAt)
        guard written == (try chunk.serializedBytes() as [UInt8]),
            upstreamChunkFrame(alias: 3, sequence: sequence, pointsPerChunk: pointsPerChunk, sentAt: sentAt)
                == (try ISCP2MessageCodec().encode(message)),
            try ISCP2StreamChunk(serializedBytes: written) == chunk,
            readStreamChunk(written) == Reading(points: pointsPerChunk, sentAt: pointsPerChunk == 0 ? nil : sentAt, sequenceNumber: sequence)
        else { throw BenchmarkError("the benchmark's batches differ from what swift-protobuf writes") }
    }

    private typealias W = ProtobufWireWriter

    private static func pointSize(elapsedTime: Int64) -> Int {
        (elapsedTime == 0 ? 0 : 1 + W.varintSize(W.zigzag(elapsedTime))) + W.lengthDelimitedSize(2, bodySize: 8)
    }

    private static func elapsedTime(sequence: UInt32, index: Int) -> Int64 {
        Int64(sequence) * 1_000_000 + Int64(index)
    }

    private static var dataIDSize: Int {
        W.lengthDelimitedSize(1, bodySize: dataName.utf8.count) + W.lengthDelimitedSize(2, bodySize: dataType.utf8.count)
    }

    /// The sizes of a batch's data point group and of its whole `StreamChunk`, worked out once
    /// per batch (sizing walks every point).
    private struct Sizes {
        let group: Int
        let streamChunk: Int

        init(sequence: UInt32, pointsPerChunk: Int) {
            group = (0..<pointsPerChunk).reduce(W.lengthDelimitedSize(1, bodySize: BrokerBatch.dataIDSize)) { size, index in
                size
                    + W.lengthDelimitedSize(
                        3, bodySize: BrokerBatch.pointSize(elapsedTime: BrokerBatch.elapsedTime(sequence: sequence, index: index)))
            }
            streamChunk = (sequence == 0 ? 0 : 1 + W.varintSize(UInt64(sequence))) + W.lengthDelimitedSize(2, bodySize: group)
        }
    }

    /// Writes the chunk: point 0's payload is `sentAt`, point `i`'s is `i`, both big-endian.
    private static func writeStreamChunk(
        sequence: UInt32, pointsPerChunk: Int, sentAt: UInt64, groupSize: Int, into writer: inout ProtobufWireWriter
    ) {
        if sequence != 0 {
            writer.tag(1, .varint)
            writer.varint(UInt64(sequence))
        }
        writer.tag(2, .lengthDelimited)
        writer.varint(UInt64(groupSize))
        writer.tag(1, .lengthDelimited)
        writer.varint(UInt64(dataIDSize))
        writer.lengthDelimited(1, dataName.utf8)
        writer.lengthDelimited(2, dataType.utf8)
        for index in 0..<pointsPerChunk {
            let elapsedTime = elapsedTime(sequence: sequence, index: index)
            writer.tag(3, .lengthDelimited)
            writer.varint(UInt64(pointSize(elapsedTime: elapsedTime)))
            if elapsedTime != 0 {
                writer.tag(1, .varint)
                writer.varint(W.zigzag(elapsedTime))
            }
            let payload = index == 0 ? sentAt : UInt64(index)
            withUnsafeBytes(of: payload.bigEndian) { writer.lengthDelimited(2, $0) }
        }
    }

    /// Counts the points of every group of a `StreamChunk` and reads the first point's payload.
    private static func read(streamChunk reader: inout ProtobufWireReader, into reading: inout Reading) -> Bool {
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.tag() else { return false }
            if field == 1, wireType == .varint {
                guard let value = reader.varint() else { return false }
                reading.sequenceNumber = UInt32(truncatingIfNeeded: value)
                continue
            }
            guard field == 2, wireType == .lengthDelimited else {
                guard reader.skip(wireType) else { return false }
                continue
            }
            guard var group = reader.nested() else { return false }
            while !group.isAtEnd {
                guard let (field, wireType) = group.tag() else { return false }
                guard field == 3, wireType == .lengthDelimited else {
                    guard group.skip(wireType) else { return false }
                    continue
                }
                guard var point = group.nested() else { return false }
                if reading.points == 0 {
                    // The first point's payload is the batch's send time.
                    guard case .some(let payload) = bytesOfField2(in: &point) else { return false }
                    if let payload, payload.count == 8 { reading.sentAt = payload.reduce(0) { $0 << 8 | UInt64($1) } }
                }
                reading.points += 1
            }
        }
        return true
    }

    /// Reads a message whose one field of interest is the bytes of field 2 (an `UpstreamInfo`'s
    /// stream id, a `DataPoint`'s payload), skipping the rest: `nil` when it is not valid wire
    /// format, `.some(nil)` when it has no field 2.
    private static func bytesOfField2(in reader: inout ProtobufWireReader) -> ArraySlice<UInt8>?? {
        var value: ArraySlice<UInt8>?
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.tag() else { return nil }
            if field == 2, wireType == .lengthDelimited {
                guard let range = reader.lengthDelimited() else { return nil }
                value = reader.bytes[range]
            } else {
                guard reader.skip(wireType) else { return nil }
            }
        }
        return .some(value)
    }
}
