/// The payload of a PCM unit: `format_id u16, channels u16, sample_rate u32, bits u16, data…`.
public struct ISCP1PCMAudio: Sendable, Hashable {
    /// The sample format.
    public var formatID: UInt16
    /// The number of audio channels.
    public var channels: UInt16
    /// Samples per second.
    public var sampleRate: UInt32
    /// Bits per sample.
    public var bitsPerSample: UInt16
    /// The samples.
    public var data: [UInt8]

    /// Creates a PCM payload.
    public init(formatID: UInt16, channels: UInt16, sampleRate: UInt32, bitsPerSample: UInt16, data: [UInt8]) {
        self.formatID = formatID
        self.channels = channels
        self.sampleRate = sampleRate
        self.bitsPerSample = bitsPerSample
        self.data = data
    }

    /// Reads the payload.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        formatID = try reader.readLittleEndian(UInt16.self)
        channels = try reader.readLittleEndian(UInt16.self)
        sampleRate = try reader.readLittleEndian(UInt32.self)
        bitsPerSample = try reader.readLittleEndian(UInt16.self)
        data = reader.readRemainingBytes()
    }

    /// Writes the payload.
    func write(to writer: inout ISCP1ByteWriter) {
        writer.writeLittleEndian(formatID)
        writer.writeLittleEndian(channels)
        writer.writeLittleEndian(sampleRate)
        writer.writeLittleEndian(bitsPerSample)
        writer.writeBytes(data)
    }
}
