/// Writes iSCP 1.0 elements as bytes, to be sent back to back in one WebSocket binary message.
///
/// Variable-length fields get the widths intdash-py's writer chooses, so the bytes match it.
/// Values that do not fit their fields (more than 255 specs, a payload longer than the length
/// field can say, …) are refused with an ``ISCP1EncodingError``.
public struct ISCP1Encoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// Appends `element` to `buffer`. On error, `buffer` is left as it was.
    public func encode(_ element: ISCP1Element, into buffer: inout [UInt8]) throws(ISCP1EncodingError) {
        var writer = ISCP1ByteWriter()
        swap(&writer.bytes, &buffer)
        let originalCount = writer.bytes.count
        defer { swap(&writer.bytes, &buffer) }
        do {
            try write(element, to: &writer)
        } catch {
            writer.bytes.removeSubrange(originalCount...)
            throw error
        }
    }

    /// Encodes `elements` into one message.
    public func encode(_ elements: [ISCP1Element]) throws(ISCP1EncodingError) -> [UInt8] {
        var buffer: [UInt8] = []
        for element in elements {
            try encode(element, into: &buffer)
        }
        return buffer
    }

    /// Writes preamble, type and body.
    private func write(_ element: ISCP1Element, to writer: inout ISCP1ByteWriter) throws(ISCP1EncodingError) {
        writer.writeUInt8(ISCP1Element.preamble)
        writer.writeUInt8(element.elementType.rawValue)
        switch element {
        case .upstreamSpecRequest(let request): try request.write(to: &writer)
        case .downstreamSpecRequest(let request): try request.write(to: &writer)
        case .downstreamFilterRequest(let request): try request.write(to: &writer)
        case .upstreamSpecResponse(let response), .downstreamSpecResponse(let response),
            .downstreamFilterResponse(let response):
            response.write(to: &writer)
        case .measurementIDRequest(let request): request.write(to: &writer)
        case .measurementIDResponse(let response): response.write(to: &writer)
        case .startOfSection(let marker): marker.write(to: &writer)
        case .endOfSection(let marker): marker.write(to: &writer)
        case .sectionAck(let ack): ack.write(to: &writer)
        case .unit(let unit): try unit.write(to: &writer)
        }
    }
}
