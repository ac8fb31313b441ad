/// Why an upstream operation failed.
public struct IntdashClientUpstreamManagerError: Error, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: Hashable, Sendable {
        /// An argument is out of range (a channel above 255, a UUID that is not one, …).
        case invalidArguments
        /// No upstream has this stream id, or it is closed.
        case upstreamSpecIsNotFound
        /// The server refused to open or close the upstream, or did not answer.
        case upstreamSpecResponseFailure
        /// The stream id is taken.
        case streamIdIsAlreadyUsed
        /// Units were sent before the first data (the base time).
        case needToSendFirstData
        /// A unit could not be encoded.
        case failedToCreateUnit
    }

    /// The kind of failure.
    public var kind: Kind
    /// What exactly went wrong (an addition to the 1.x SDK).
    public var message: String

    /// Creates an error.
    public init(kind: Kind, message: String = "") {
        self.kind = kind
        self.message = message
    }

    /// The kind and the message.
    public var description: String {
        message.isEmpty ? "upstream error \(kind)" : "upstream error \(kind): \(message)"
    }
}
