/// The filter of one downstream: the kinds of unit it receives.
public struct ISCP1StreamFilter: Sendable, Hashable {
    /// The downstream the filter applies to.
    public var streamID: UInt8
    /// The channels and data types the downstream receives, each with a condition on data ids.
    public var dataFilters: [ISCP1DataFilter]

    /// Creates the filter of downstream `streamID`.
    public init(streamID: UInt8, dataFilters: [ISCP1DataFilter]) {
        self.streamID = streamID
        self.dataFilters = dataFilters
    }

    /// Whether `unit` passes: whether one of the data filters passes it.
    ///
    /// A stream filter with no data filters passes nothing. A downstream that was never sent a
    /// filter request receives everything; that is the broker's decision, not this type's.
    public func passes(_ unit: ISCP1Unit) -> Bool {
        dataFilters.contains { $0.passes(unit) }
    }

    /// The smallest encoded size: stream id and count.
    static let minimumByteCount = 3

    /// Reads `stream_id u8, m u16, m× data filter`.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        streamID = try reader.readUInt8()
        let count = Int(try reader.readLittleEndian(UInt16.self))
        try reader.checkCount(count, minimumBytesEach: ISCP1DataFilter.minimumByteCount)
        dataFilters = []
        dataFilters.reserveCapacity(count)
        for _ in 0..<count {
            dataFilters.append(try ISCP1DataFilter(from: &reader))
        }
    }

    /// Writes the stream filter.
    func write(to writer: inout ISCP1ByteWriter) throws(ISCP1EncodingError) {
        writer.writeUInt8(streamID)
        try writer.writeCount(dataFilters.count, byteCount: 2, of: "data filters in one stream filter")
        for filter in dataFilters {
            try filter.write(to: &writer)
        }
    }
}
