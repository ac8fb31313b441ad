/// A client's request to set which units its downstreams receive.
public struct ISCP1DownstreamFilterRequest: Sendable, Hashable {
    /// The id the response will carry.
    public var requestID: UInt8
    /// The filters, one per downstream.
    public var streamFilters: [ISCP1StreamFilter]

    /// Creates a request.
    public init(requestID: UInt8, streamFilters: [ISCP1StreamFilter]) {
        self.requestID = requestID
        self.streamFilters = streamFilters
    }

    /// Reads `req_id u8, n u8, n× stream filter`.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        requestID = try reader.readUInt8()
        let count = Int(try reader.readUInt8())
        try reader.checkCount(count, minimumBytesEach: ISCP1StreamFilter.minimumByteCount)
        streamFilters = []
        streamFilters.reserveCapacity(count)
        for _ in 0..<count {
            streamFilters.append(try ISCP1StreamFilter(from: &reader))
        }
    }

    /// Writes the request body.
    func write(to writer: inout ISCP1ByteWriter) throws(ISCP1EncodingError) {
        writer.writeUInt8(requestID)
        try writer.writeCount(streamFilters.count, byteCount: 1, of: "stream filters")
        for filter in streamFilters {
            try filter.write(to: &writer)
        }
    }
}
