/// One element of the iSCP 1.0 stream: `0xAA | element type | body` (spec §2.2).
///
/// A WebSocket binary message carries any number of elements back to back; ``ISCP1Decoder``
/// splits one into elements and ``ISCP1Encoder`` joins them.
public enum ISCP1Element: Sendable, Hashable {
    /// `0x90`: open or close upstreams.
    case upstreamSpecRequest(ISCP1UpstreamSpecRequest)
    /// `0x81`: the answer to an upstream spec request.
    case upstreamSpecResponse(ISCP1Response)
    /// `0x91`: open or close downstreams.
    case downstreamSpecRequest(ISCP1DownstreamSpecRequest)
    /// `0x83`: the answer to a downstream spec request.
    case downstreamSpecResponse(ISCP1Response)
    /// `0x86`: choose the units downstreams receive.
    case downstreamFilterRequest(ISCP1DownstreamFilterRequest)
    /// `0x87`: the answer to a downstream filter request.
    case downstreamFilterResponse(ISCP1Response)
    /// `0x92`: ask for a new measurement.
    case measurementIDRequest(ISCP1MeasurementIDRequest)
    /// `0x85`: the new measurement.
    case measurementIDResponse(ISCP1MeasurementIDResponse)
    /// `0xF9`: a section starts.
    case startOfSection(ISCP1StartOfSection)
    /// `0xF8`: a section ends.
    case endOfSection(ISCP1EndOfSection)
    /// `0xFA`: the server acknowledges a section.
    case sectionAck(ISCP1SectionAck)
    /// `0x03`: a data point.
    case unit(ISCP1Unit)

    /// The first byte of every element.
    public static let preamble: UInt8 = 0xaa

    /// The element's type byte.
    public var elementType: ISCP1ElementType {
        switch self {
        case .upstreamSpecRequest: .upstreamSpecRequest
        case .upstreamSpecResponse: .upstreamSpecResponse
        case .downstreamSpecRequest: .downstreamSpecRequest
        case .downstreamSpecResponse: .downstreamSpecResponse
        case .downstreamFilterRequest: .downstreamFilterRequest
        case .downstreamFilterResponse: .downstreamFilterResponse
        case .measurementIDRequest: .measurementIDRequest
        case .measurementIDResponse: .measurementIDResponse
        case .startOfSection: .startOfSection
        case .endOfSection: .endOfSection
        case .sectionAck: .sectionAck
        case .unit: .unit
        }
    }
}
