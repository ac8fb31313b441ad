import Foundation

/// One downstream a client opens: whose units it receives.
///
/// Sent again for the same stream id with the null UUID as source edge, it closes the
/// downstream (spec §2.3).
public struct ISCP1DownstreamSpec: Sendable, Hashable {
    /// The id the client gives the stream; the units the server pushes carry it.
    public var streamID: UInt8
    /// The edge whose units are wanted; the null UUID closes the stream.
    public var sourceEdgeUUID: UUID
    /// The receiving edge (the client itself), or the null UUID.
    public var destinationEdgeUUID: UUID

    /// Creates a downstream spec.
    public init(streamID: UInt8, sourceEdgeUUID: UUID, destinationEdgeUUID: UUID) {
        self.streamID = streamID
        self.sourceEdgeUUID = sourceEdgeUUID
        self.destinationEdgeUUID = destinationEdgeUUID
    }

    /// The encoded size: stream id and two UUIDs.
    static let byteCount = 33

    /// Reads `stream_id u8, src_edge_uuid, dst_edge_uuid`.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        streamID = try reader.readUInt8()
        sourceEdgeUUID = try reader.readUUID()
        destinationEdgeUUID = try reader.readUUID()
    }

    /// Writes the spec.
    func write(to writer: inout ISCP1ByteWriter) {
        writer.writeUInt8(streamID)
        writer.writeUUID(sourceEdgeUUID)
        writer.writeUUID(destinationEdgeUUID)
    }
}
