/// Why a WebSocket frame does not hold an iSCP v2 message.
public enum ISCP2DecodingError: Error, Equatable, CustomStringConvertible {
    /// The frame is longer than the codec accepts.
    case frameTooLarge(size: Int, limit: Int)
    /// Messages are nested deeper than the codec accepts.
    case nestingTooDeep(limit: Int)
    /// The frame ends inside a field.
    case truncated
    /// A string field is not valid UTF-8.
    case invalidUTF8
    /// The bytes are not protocol buffers encoding of a `Message`: a bad tag, a wire type that
    /// does not fit the field, a length that runs past its message, or bytes left over.
    case malformed

    public var description: String {
        switch self {
        case .frameTooLarge(let size, let limit):
            return "the iSCP v2 frame has \(size) bytes, more than the maximum of \(limit)"
        case .nestingTooDeep(let limit):
            return "the iSCP v2 message nests more than \(limit) messages deep"
        case .truncated:
            return "the iSCP v2 frame ends in the middle of a field"
        case .invalidUTF8:
            return "a string field of the iSCP v2 message is not valid UTF-8"
        case .malformed:
            return "the frame is not a protocol buffers encoded iSCP v2 message"
        }
    }
}
