import ISCP

// The fast path of the read loop: an `UpstreamChunk` read straight from its frame.
//
// It reads what the full decoder (``ISCP2MessageCodec``) reads, to the same values, for the
// frames the official clients send: a `Message` whose only field is `upstream_chunk` (70).
// Where the wire format would need more care than that — a frame that holds anything else,
// a known field with an unexpected wire type, a message field repeated where protocol
// buffers would merge the two, bytes that are not valid — it gives up (`nil`) and the full
// decoder reads the frame and reports any error. Unknown fields are skipped, as the full
// decoder drops them.
extension ISCP2IncomingChunk {
    /// The tag bytes a frame holding an `upstream_chunk` starts with: field 70, length-delimited.
    static let frameTag: [UInt8] = [0xb2, 0x04]

    /// The chunk in `frame`, or `nil` when the frame is for the full decoder.
    init?(frame: [UInt8]) {
        guard frame.count > 2, frame[0] == Self.frameTag[0], frame[1] == Self.frameTag[1] else { return nil }
        var message = ProtobufWireReader(frame, range: 0..<frame.count)
        var found = false
        while !message.isAtEnd {
            guard let (field, wireType) = message.tag(), field == 70, wireType == .lengthDelimited, !found,
                var chunk = message.nested()
            else { return nil }
            found = true
            guard read(&chunk) else { return nil }
        }
        guard found else { return nil }
    }

    /// Reads `UpstreamChunk { stream_id_alias = 1; stream_chunk = 2; data_ids = 3; extension_fields = 4 }`.
    private mutating func read(_ reader: inout ProtobufWireReader) -> Bool {
        var hasStreamChunk = false
        var hasExtensions = false
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.tag() else { return false }
            switch (field, wireType) {
            case (1, .varint):
                guard let value = reader.varint() else { return false }
                streamIDAlias = UInt32(truncatingIfNeeded: value)
            case (2, .lengthDelimited):
                guard !hasStreamChunk, var streamChunk = reader.nested(), readStreamChunk(&streamChunk) else { return false }
                hasStreamChunk = true
            case (3, .lengthDelimited):
                guard var dataID = reader.nested(), let value = Self.readDataID(&dataID) else { return false }
                dataIDs.append(value)
            case (4, .lengthDelimited):
                // The extension fields of an upstream chunk are an empty message: only checked.
                guard !hasExtensions, var extensions = reader.nested(), extensions.skipAll() else { return false }
                hasExtensions = true
            case (1...4, _):
                return false
            default:
                guard reader.skip(wireType) else { return false }
            }
        }
        return true
    }

    /// Reads `StreamChunk { sequence_number = 1; data_point_groups = 2 }`.
    private mutating func readStreamChunk(_ reader: inout ProtobufWireReader) -> Bool {
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.tag() else { return false }
            switch (field, wireType) {
            case (1, .varint):
                guard let value = reader.varint() else { return false }
                sequenceNumber = UInt32(truncatingIfNeeded: value)
            case (2, .lengthDelimited):
                guard var group = reader.nested(), let value = Self.readGroup(&group) else { return false }
                groups.append(value)
            case (1...2, _):
                return false
            default:
                guard reader.skip(wireType) else { return false }
            }
        }
        return true
    }

    /// Reads `DataPointGroup { oneof { data_id = 1; data_id_alias = 2 } data_points = 3 }`.
    ///
    /// The points are kept as the bytes they arrived in (``TelemetryDataPoints``), which
    /// takes them in canonical form and one after the other, as protocol buffers writers put
    /// them; points in any other form are left to the full decoder.
    private static func readGroup(_ reader: inout ProtobufWireReader) -> Group? {
        var group = Group()
        var hasDataID = false
        var hasPoints = false
        while !reader.isAtEnd {
            let fieldStart = reader.position
            guard let (field, wireType) = reader.tag() else { return nil }
            switch (field, wireType) {
            case (1, .lengthDelimited):
                // A second data id would be merged into the first: left to the full decoder.
                guard !hasDataID, var dataID = reader.nested(), let value = readDataID(&dataID) else { return nil }
                hasDataID = true
                group.key = .dataID(value)
            case (2, .varint):
                guard let value = reader.varint() else { return nil }
                hasDataID = false
                group.key = .alias(UInt32(truncatingIfNeeded: value))
            case (3, .lengthDelimited):
                // The points must follow one another: the field just begun starts their run.
                guard !hasPoints, let points = TelemetryDataPoints.readCanonicalRun(&reader, from: fieldStart) else { return nil }
                hasPoints = true
                group.points = points
            case (1...3, _):
                return nil
            default:
                guard reader.skip(wireType) else { return nil }
            }
        }
        return group
    }

    /// Reads `DataID { string name = 1; string type = 2 }`.
    private static func readDataID(_ reader: inout ProtobufWireReader) -> TelemetryDataID? {
        var name = ""
        var type = ""
        while !reader.isAtEnd {
            guard let (field, wireType) = reader.tag() else { return nil }
            switch (field, wireType) {
            case (1, .lengthDelimited):
                guard let value = reader.string() else { return nil }
                name = value
            case (2, .lengthDelimited):
                guard let value = reader.string() else { return nil }
                type = value
            case (1...2, _):
                return nil
            default:
                guard reader.skip(wireType) else { return nil }
            }
        }
        return TelemetryDataID(name: name, type: type)
    }
}
