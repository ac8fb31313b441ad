/// A client's request to open or close downstreams.
public struct ISCP1DownstreamSpecRequest: Sendable, Hashable {
    /// The id the response will carry.
    public var requestID: UInt8
    /// The downstreams to open or close.
    public var specs: [ISCP1DownstreamSpec]

    /// Creates a request.
    public init(requestID: UInt8, specs: [ISCP1DownstreamSpec]) {
        self.requestID = requestID
        self.specs = specs
    }

    /// Reads `req_id u8, n u8, n× spec`.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        requestID = try reader.readUInt8()
        let count = Int(try reader.readUInt8())
        try reader.checkCount(count, minimumBytesEach: ISCP1DownstreamSpec.byteCount)
        specs = []
        specs.reserveCapacity(count)
        for _ in 0..<count {
            specs.append(try ISCP1DownstreamSpec(from: &reader))
        }
    }

    /// Writes the request body.
    func write(to writer: inout ISCP1ByteWriter) throws(ISCP1EncodingError) {
        writer.writeUInt8(requestID)
        try writer.writeCount(specs.count, byteCount: 1, of: "downstream specs")
        for spec in specs {
            spec.write(to: &writer)
        }
    }
}
