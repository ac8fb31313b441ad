/// Why bytes could not be decoded as iSCP 1.0 elements or as a unit payload.
///
/// The ``offset`` counts from the start of the bytes given to the decoder: the WebSocket
/// message for ``ISCP1Decoder``, the unit's payload for ``ISCP1Payload/init(rawDataType:decoding:)``.
public struct ISCP1DecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong with the bytes.
    public enum Reason: Hashable, Sendable {
        /// An element did not start with the preamble `0xAA`; the byte found instead.
        case wrongPreamble(UInt8)
        /// The element type byte names no element of spec §2.2.
        case unknownElementType(UInt8)
        /// A fixed-size field needs more bytes than remain.
        case truncated(needed: Int, remaining: Int)
        /// A length read from the input is larger than what remains of it.
        case lengthOverrun(length: Int, remaining: Int)
        /// A count read from the input announces more items than the remaining bytes can hold,
        /// given the smallest size one item can have.
        case countOverrun(count: Int, minimumBytesEach: Int, remaining: Int)
        /// A field holds a value the format does not allow.
        case invalidValue(String)
        /// Bytes are left over after a structure that must fill its container exactly.
        case trailingBytes(Int)
    }

    /// Where the problem was found, in bytes from the start of the input.
    public var offset: Int
    /// What the problem is.
    public var reason: Reason

    /// Creates an error for a problem found at `offset`.
    public init(offset: Int, reason: Reason) {
        self.offset = offset
        self.reason = reason
    }

    /// A one-line explanation.
    public var description: String {
        let explanation =
            switch reason {
            case .wrongPreamble(let byte): "expected the preamble 0xaa, found \(hex(byte))"
            case .unknownElementType(let byte): "unknown element type \(hex(byte))"
            case .truncated(let needed, let remaining):
                "truncated: the next field needs \(needed) bytes, \(remaining) remain"
            case .lengthOverrun(let length, let remaining):
                "a declared length of \(length) bytes overruns the \(remaining) bytes that remain"
            case .countOverrun(let count, let minimumBytesEach, let remaining):
                "a count of \(count) items of at least \(minimumBytesEach) bytes each overruns the \(remaining) bytes that remain"
            case .invalidValue(let what): what
            case .trailingBytes(let count): "\(count) unexpected bytes after the end of the structure"
            }
        return "iSCP 1.0 decoding error at byte \(offset): \(explanation)"
    }

    private func hex(_ byte: UInt8) -> String {
        "0x" + ISCP1DataID.hex(byte, digits: 2)
    }
}
