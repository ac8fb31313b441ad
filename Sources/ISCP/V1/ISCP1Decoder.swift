/// Splits a WebSocket message into the iSCP 1.0 elements it carries.
///
/// The decoder is total: any byte string gives elements or an ``ISCP1DecodingError`` that says
/// where and why, never a crash. Every count and length read from the input is checked against
/// the bytes that remain before anything is allocated for it, so memory stays proportional to
/// the message. It only turns bytes into typed elements; what they mean is the caller's business.
public struct ISCP1Decoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// Decodes every element of `message`, which must end exactly where its last element ends.
    public func decode(_ message: [UInt8]) throws(ISCP1DecodingError) -> [ISCP1Element] {
        var reader = ISCP1ByteReader(message)
        var elements: [ISCP1Element] = []
        while !reader.isAtEnd {
            elements.append(try element(from: &reader))
        }
        return elements
    }

    /// Reads one element: preamble, type, body.
    private func element(from reader: inout ISCP1ByteReader) throws(ISCP1DecodingError) -> ISCP1Element {
        let start = reader
        let preamble = try reader.readUInt8()
        guard preamble == ISCP1Element.preamble else { throw start.error(.wrongPreamble(preamble)) }
        let typeStart = reader
        let typeByte = try reader.readUInt8()
        guard let type = ISCP1ElementType(rawValue: typeByte) else {
            throw typeStart.error(.unknownElementType(typeByte))
        }
        switch type {
        case .upstreamSpecRequest: return .upstreamSpecRequest(try ISCP1UpstreamSpecRequest(from: &reader))
        case .upstreamSpecResponse: return .upstreamSpecResponse(try ISCP1Response(from: &reader))
        case .downstreamSpecRequest: return .downstreamSpecRequest(try ISCP1DownstreamSpecRequest(from: &reader))
        case .downstreamSpecResponse: return .downstreamSpecResponse(try ISCP1Response(from: &reader))
        case .downstreamFilterRequest: return .downstreamFilterRequest(try ISCP1DownstreamFilterRequest(from: &reader))
        case .downstreamFilterResponse: return .downstreamFilterResponse(try ISCP1Response(from: &reader))
        case .measurementIDRequest: return .measurementIDRequest(try ISCP1MeasurementIDRequest(from: &reader))
        case .measurementIDResponse: return .measurementIDResponse(try ISCP1MeasurementIDResponse(from: &reader))
        case .startOfSection: return .startOfSection(try ISCP1StartOfSection(from: &reader))
        case .endOfSection: return .endOfSection(try ISCP1EndOfSection(from: &reader))
        case .sectionAck: return .sectionAck(try ISCP1SectionAck(from: &reader))
        case .unit: return .unit(try ISCP1Unit(from: &reader))
        }
    }
}
