/// The element type byte that follows the preamble of every iSCP 1.0 element (spec §2.2).
public enum ISCP1ElementType: UInt8, Sendable, Hashable, CaseIterable {
    /// A client opens (or, with a null source edge, closes) upstreams.
    case upstreamSpecRequest = 0x90
    /// The server answers an upstream spec request.
    case upstreamSpecResponse = 0x81
    /// A client opens (or, with a null source edge, closes) downstreams.
    case downstreamSpecRequest = 0x91
    /// The server answers a downstream spec request.
    case downstreamSpecResponse = 0x83
    /// A client says which units its downstreams want.
    case downstreamFilterRequest = 0x86
    /// The server answers a downstream filter request.
    case downstreamFilterResponse = 0x87
    /// An edge asks the server to create a measurement.
    case measurementIDRequest = 0x92
    /// The server answers with the new measurement's UUID.
    case measurementIDResponse = 0x85
    /// The start of a section of a stream (SOS marker).
    case startOfSection = 0xf9
    /// The end of a section of a stream (EOS marker).
    case endOfSection = 0xf8
    /// The server acknowledges a closed section.
    case sectionAck = 0xfa
    /// One data point of a stream.
    case unit = 0x03
}
