import Foundation
import NIOCore

/// What one instance's broker tells the brokers of the others: data and metadata from an
/// upstream connected to it, or an E2E call for a node connected to another.
///
/// On the wire (a NATS payload) a message is a version byte (1), a kind byte, then its
/// fields: integers big-endian, strings and byte strings as a 32-bit length and the bytes.
///
/// ```swift
/// let bytes = TelemetryClusterMessage.chunk(chunk).encoded()
/// let same = try TelemetryClusterMessage(decoding: bytes)   // .chunk(chunk)
/// ```
enum TelemetryClusterMessage: Hashable, Sendable {
    /// Points from an upstream.
    case chunk(TelemetryChunk)
    /// Metadata about node `sourceNodeID`.
    case metadata(TelemetryMetadata, sourceNodeID: String)
    /// An E2E call.
    case call(TelemetryCall)

    /// The message that carries `event`.
    init(_ event: TelemetryDownstreamEvent) {
        switch event {
        case .chunk(let chunk): self = .chunk(chunk)
        case .metadata(let metadata, let sourceNodeID): self = .metadata(metadata, sourceNodeID: sourceNodeID)
        }
    }

    /// The event a downstream receives for this message; `nil` for a call.
    var downstreamEvent: TelemetryDownstreamEvent? {
        switch self {
        case .chunk(let chunk): .chunk(chunk)
        case .metadata(let metadata, let sourceNodeID): .metadata(metadata, sourceNodeID: sourceNodeID)
        case .call: nil
        }
    }

    /// The bytes are not a message of this version.
    struct Malformed: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    private enum Kind: UInt8 {
        case chunk = 1
        case metadata
        case call
    }

    private enum MetadataKind: UInt8 {
        case baseTime = 1
        case upstreamOpened
        case upstreamResumed
        case upstreamClosed
        case upstreamLost
    }

    // MARK: Encoding

    /// The message's bytes.
    func encoded() -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(UInt8(1))
        switch self {
        case .chunk(let chunk):
            buffer.writeInteger(Kind.chunk.rawValue)
            Self.write(chunk.upstream, to: &buffer)
            buffer.writeInteger(chunk.sequenceNumber)
            buffer.writeInteger(UInt32(chunk.groups.count))
            for group in chunk.groups {
                Self.write(group.dataID.name, to: &buffer)
                Self.write(group.dataID.type, to: &buffer)
                buffer.writeInteger(UInt32(group.dataPoints.count))
                for point in group.dataPoints {
                    buffer.writeInteger(point.elapsedTime)
                    Self.write(bytes: point.payload, to: &buffer)
                }
            }
        case .metadata(let metadata, let sourceNodeID):
            buffer.writeInteger(Kind.metadata.rawValue)
            Self.write(sourceNodeID, to: &buffer)
            switch metadata {
            case .baseTime(let baseTime):
                buffer.writeInteger(MetadataKind.baseTime.rawValue)
                Self.write(baseTime.sessionID, to: &buffer)
                Self.write(baseTime.name, to: &buffer)
                buffer.writeInteger(baseTime.priority)
                buffer.writeInteger(baseTime.elapsedTime)
                buffer.writeInteger(baseTime.baseTime)
            case .upstreamOpened(let upstream):
                buffer.writeInteger(MetadataKind.upstreamOpened.rawValue)
                Self.write(upstream, to: &buffer)
            case .upstreamResumed(let upstream):
                buffer.writeInteger(MetadataKind.upstreamResumed.rawValue)
                Self.write(upstream, to: &buffer)
            case .upstreamClosed(let upstream, let totalDataPoints, let finalSequenceNumber):
                buffer.writeInteger(MetadataKind.upstreamClosed.rawValue)
                Self.write(upstream, to: &buffer)
                buffer.writeInteger(totalDataPoints)
                buffer.writeInteger(finalSequenceNumber)
            case .upstreamLost(let upstream):
                buffer.writeInteger(MetadataKind.upstreamLost.rawValue)
                Self.write(upstream, to: &buffer)
            }
        case .call(let call):
            buffer.writeInteger(Kind.call.rawValue)
            for text in [call.callID, call.requestCallID, call.sourceNodeID, call.destinationNodeID, call.name, call.type] {
                Self.write(text, to: &buffer)
            }
            Self.write(bytes: call.payload[...], to: &buffer)
        }
        return buffer
    }

    private static func write(_ text: String, to buffer: inout ByteBuffer) {
        write(bytes: ArraySlice(text.utf8), to: &buffer)
    }

    private static func write(bytes: ArraySlice<UInt8>, to buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt32(bytes.count))
        buffer.writeBytes(bytes)
    }

    private static func write(_ upstream: TelemetryUpstream, to buffer: inout ByteBuffer) {
        withUnsafeBytes(of: upstream.streamID.uuid) { _ = buffer.writeBytes($0) }
        write(upstream.sessionID, to: &buffer)
        write(upstream.sourceNodeID, to: &buffer)
    }

    // MARK: Decoding

    /// Reads a message from `buffer`.
    ///
    /// - Throws: ``Malformed`` when the bytes are not a whole message of this version.
    init(decoding buffer: ByteBuffer) throws {
        var reader = Reader(bytes: Array(buffer.readableBytesView))
        guard try reader.integer(UInt8.self) == 1 else { throw Malformed(description: "an unknown version") }
        switch Kind(rawValue: try reader.integer(UInt8.self)) {
        case .chunk:
            let upstream = try reader.upstream()
            let sequenceNumber = try reader.integer(UInt32.self)
            var groups: [TelemetryDataPointGroup] = []
            for _ in 0..<(try reader.count(eachAtLeast: 12)) {
                let dataID = TelemetryDataID(name: try reader.string(), type: try reader.string())
                var points: [TelemetryDataPoint] = []
                for _ in 0..<(try reader.count(eachAtLeast: 12)) {
                    points.append(TelemetryDataPoint(elapsedTime: try reader.integer(Int64.self), payload: try reader.byteString()))
                }
                groups.append(TelemetryDataPointGroup(dataID: dataID, dataPoints: points))
            }
            self = .chunk(TelemetryChunk(upstream: upstream, sequenceNumber: sequenceNumber, groups: groups))
        case .metadata:
            let sourceNodeID = try reader.string()
            let metadata: TelemetryMetadata
            switch MetadataKind(rawValue: try reader.integer(UInt8.self)) {
            case .baseTime:
                metadata = .baseTime(
                    TelemetryBaseTime(
                        sessionID: try reader.string(), name: try reader.string(), priority: try reader.integer(UInt32.self),
                        elapsedTime: try reader.integer(UInt64.self), baseTime: try reader.integer(Int64.self)
                    ))
            case .upstreamOpened:
                metadata = .upstreamOpened(try reader.upstream())
            case .upstreamResumed:
                metadata = .upstreamResumed(try reader.upstream())
            case .upstreamClosed:
                metadata = .upstreamClosed(
                    try reader.upstream(), totalDataPoints: try reader.integer(UInt64.self), finalSequenceNumber: try reader.integer(UInt32.self)
                )
            case .upstreamLost:
                metadata = .upstreamLost(try reader.upstream())
            case nil:
                throw Malformed(description: "an unknown kind of metadata")
            }
            self = .metadata(metadata, sourceNodeID: sourceNodeID)
        case .call:
            self = .call(
                TelemetryCall(
                    callID: try reader.string(), requestCallID: try reader.string(), sourceNodeID: try reader.string(),
                    destinationNodeID: try reader.string(), name: try reader.string(), type: try reader.string(),
                    payload: Array(try reader.byteString())
                ))
        case nil:
            throw Malformed(description: "an unknown kind of message")
        }
        guard reader.isAtEnd else { throw Malformed(description: "bytes after the message") }
    }

    /// Reads the fields of a message, refusing any that runs past the end.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func integer<Integer: FixedWidthInteger>(_: Integer.Type) throws -> Integer {
            let size = MemoryLayout<Integer>.size
            guard bytes.count - offset >= size else { throw Malformed(description: "a message that ends early") }
            defer { offset += size }
            return bytes[offset..<offset + size].reduce(Integer.zero) { $0 << 8 | Integer($1) }
        }

        /// A count of items that each take at least `size` bytes; larger than the bytes left
        /// could hold is refused before anything is allocated for them.
        mutating func count(eachAtLeast size: Int) throws -> Int {
            let count = Int(try integer(UInt32.self))
            guard count <= (bytes.count - offset) / size else { throw Malformed(description: "a count larger than the message") }
            return count
        }

        mutating func byteString() throws -> ArraySlice<UInt8> {
            let length = Int(try integer(UInt32.self))
            guard bytes.count - offset >= length else { throw Malformed(description: "a message that ends early") }
            defer { offset += length }
            return bytes[offset..<offset + length]
        }

        mutating func string() throws -> String {
            String(decoding: try byteString(), as: UTF8.self)
        }

        mutating func upstream() throws -> TelemetryUpstream {
            guard bytes.count - offset >= 16 else { throw Malformed(description: "a message that ends early") }
            let id = bytes[offset..<offset + 16].withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
            offset += 16
            return TelemetryUpstream(streamID: id, sessionID: try string(), sourceNodeID: try string())
        }
    }
}
