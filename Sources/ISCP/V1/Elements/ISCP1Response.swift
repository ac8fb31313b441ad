/// The server's answer to an upstream spec, downstream spec or downstream filter request,
/// matched to the request by its request id.
public struct ISCP1Response: Sendable, Hashable {
    /// The request id of the request answered.
    public var requestID: UInt8
    /// Whether the request succeeded.
    public var resultCode: ISCP1ResultCode

    /// Creates a response to request `requestID`.
    public init(requestID: UInt8, resultCode: ISCP1ResultCode) {
        self.requestID = requestID
        self.resultCode = resultCode
    }

    /// Reads the body of a response element: `req_id u8, result_code u8`.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        requestID = try reader.readUInt8()
        resultCode = try ISCP1ResultCode(from: &reader)
    }

    /// Writes the body of a response element.
    func write(to writer: inout ISCP1ByteWriter) {
        writer.writeUInt8(requestID)
        writer.writeUInt8(resultCode.rawValue)
    }
}
