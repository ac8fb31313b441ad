/// Why an iSCP v2 message cannot be written as a frame.
public enum ISCP2EncodingError: Error, Equatable, CustomStringConvertible {
    /// The message would encode to 2 GiB or more, which protocol buffers do not allow.
    case messageTooLarge

    public var description: String {
        switch self {
        case .messageTooLarge:
            return "the iSCP v2 message would encode to 2 GiB or more, the protocol buffers limit"
        }
    }
}
