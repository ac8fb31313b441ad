import Foundation

/// One upstream an edge opens: where its units go and whether they are stored.
///
/// Sent again for the same stream id with the null UUID as source edge and no destinations,
/// it closes the upstream (spec §2.3).
public struct ISCP1UpstreamSpec: Sendable, Hashable {
    /// The id the client gives the stream; its units, markers and acks carry it.
    public var streamID: UInt8
    /// Whether the server stores the units in the measurement (flags bit 1).
    public var store: Bool
    /// Whether the stream re-sends sections sent before (flags bit 0).
    public var resend: Bool
    /// The measurement the units belong to.
    public var measurementUUID: UUID
    /// The edge that sends the units; the null UUID closes the stream.
    public var sourceEdgeUUID: UUID
    /// Edges the units are sent to explicitly.
    public var destinationEdgeUUIDs: [UUID]

    /// Creates an upstream spec.
    public init(
        streamID: UInt8,
        store: Bool,
        resend: Bool,
        measurementUUID: UUID,
        sourceEdgeUUID: UUID,
        destinationEdgeUUIDs: [UUID] = []
    ) {
        self.streamID = streamID
        self.store = store
        self.resend = resend
        self.measurementUUID = measurementUUID
        self.sourceEdgeUUID = sourceEdgeUUID
        self.destinationEdgeUUIDs = destinationEdgeUUIDs
    }

    /// The smallest encoded size: stream id, count, flags and two UUIDs.
    static let minimumByteCount = 35

    /// Reads `stream_id u8, dst_num u8, flags u8, measurement_uuid, src_edge_uuid, dst_num× uuid`.
    /// Flag bits other than store and resend are ignored, as intdash-py ignores them.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        streamID = try reader.readUInt8()
        let destinationCount = Int(try reader.readUInt8())
        let flags = try reader.readUInt8()
        store = flags & 0b10 != 0
        resend = flags & 0b01 != 0
        measurementUUID = try reader.readUUID()
        sourceEdgeUUID = try reader.readUUID()
        try reader.checkCount(destinationCount, minimumBytesEach: 16)
        destinationEdgeUUIDs = []
        destinationEdgeUUIDs.reserveCapacity(destinationCount)
        for _ in 0..<destinationCount {
            destinationEdgeUUIDs.append(try reader.readUUID())
        }
    }

    /// Writes the spec.
    func write(to writer: inout ISCP1ByteWriter) throws(ISCP1EncodingError) {
        writer.writeUInt8(streamID)
        try writer.writeCount(destinationEdgeUUIDs.count, byteCount: 1, of: "destination edges")
        writer.writeUInt8((store ? 0b10 : 0) | (resend ? 0b01 : 0))
        writer.writeUUID(measurementUUID)
        writer.writeUUID(sourceEdgeUUID)
        for destination in destinationEdgeUUIDs {
            writer.writeUUID(destination)
        }
    }
}
