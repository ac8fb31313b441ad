/// A conversion that did not give a usable result: the program failed or ran too long, the
/// input cannot be read, or it is too large to convert.
public struct ConversionError: Error, Sendable, CustomStringConvertible {
    /// Why the conversion failed.
    public enum Reason: Sendable, Equatable {
        /// The input cannot be read as what it claims to be.
        case unreadableInput
        /// The input is larger than the converter takes.
        case inputTooLarge
        /// The program could not be started, or made no output.
        case failed
        /// The program ran longer than its time limit and was killed.
        case timedOut
    }

    /// Why the conversion failed.
    public let reason: Reason
    /// What went wrong, in one sentence that names no file.
    public let message: String

    /// Creates an error.
    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
