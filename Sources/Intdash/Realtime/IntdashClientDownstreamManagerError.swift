/// Why a downstream operation failed, or why received data could not be read.
public struct IntdashClientDownstreamManagerError: Error, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: Hashable, Sendable {
        /// No downstream has this stream id, or the server refused to open or close it.
        case downstreamSpecIsNotFound
        /// A received unit's payload could not be read.
        case elemUnitParserIsNotFound
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
        message.isEmpty ? "downstream error \(kind)" : "downstream error \(kind): \(message)"
    }
}
