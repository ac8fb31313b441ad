import Foundation

/// The server's answer to a measurement id request: the measurement it created.
public struct ISCP1MeasurementIDResponse: Sendable, Hashable {
    /// The request id of the request answered.
    public var requestID: UInt8
    /// Whether a measurement was created.
    public var resultCode: ISCP1ResultCode
    /// The new measurement (the null UUID when the request failed).
    public var measurementUUID: UUID

    /// Creates a response.
    public init(requestID: UInt8, resultCode: ISCP1ResultCode, measurementUUID: UUID) {
        self.requestID = requestID
        self.resultCode = resultCode
        self.measurementUUID = measurementUUID
    }

    /// Reads `req_id u8, result_code u8, measurement_uuid`.
    init(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) {
        requestID = try reader.readUInt8()
        resultCode = try ISCP1ResultCode(from: &reader)
        measurementUUID = try reader.readUUID()
    }

    /// Writes the response body.
    func write(to writer: inout ISCP1ByteWriter) {
        writer.writeUInt8(requestID)
        writer.writeUInt8(resultCode.rawValue)
        writer.writeUUID(measurementUUID)
    }
}
