import NIOCore

/// A message a subscription received.
public struct NATSMessage: Sendable {
    /// The subject it was published to.
    public let subject: String
    /// Where an answer goes, when the publisher asked for one.
    public let replyTo: String?
    /// The message's bytes.
    public let payload: ByteBuffer

    /// Creates a message.
    public init(subject: String, replyTo: String?, payload: ByteBuffer) {
        self.subject = subject
        self.replyTo = replyTo
        self.payload = payload
    }
}
