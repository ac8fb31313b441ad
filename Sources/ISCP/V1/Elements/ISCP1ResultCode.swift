/// The outcome the server reports in a response or a section acknowledgement.
public enum ISCP1ResultCode: UInt8, Sendable, Hashable, CaseIterable {
    /// The request succeeded.
    case ok = 0x00
    /// The request failed ("NG", no good).
    case ng = 0x01

    /// Reads a result code byte; any other byte is an error.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        let start = reader
        let byte = try reader.readUInt8()
        guard let code = ISCP1ResultCode(rawValue: byte) else {
            throw start.error(.invalidValue("unknown result code \(byte)"))
        }
        self = code
    }
}
