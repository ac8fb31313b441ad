import Foundation

/// An edge's request for a new measurement (spec §2.3).
public struct ISCP1MeasurementIDRequest: Sendable, Hashable {
    /// The id the response will carry.
    public var requestID: UInt8
    /// The edge the measurement belongs to.
    public var edgeUUID: UUID

    /// Creates a request.
    public init(requestID: UInt8, edgeUUID: UUID) {
        self.requestID = requestID
        self.edgeUUID = edgeUUID
    }

    /// Reads `req_id u8, edge_uuid`.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        requestID = try reader.readUInt8()
        edgeUUID = try reader.readUUID()
    }

    /// Writes the request body.
    func write(to writer: inout ISCP1ByteWriter) {
        writer.writeUInt8(requestID)
        writer.writeUUID(edgeUUID)
    }
}
