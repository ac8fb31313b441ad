/// Interest in a subject: the messages published to it, in the order each publisher sent
/// them. Ending the iteration, or ``NATSClient/unsubscribe(_:)``, ends the interest.
public struct NATSSubscription: Sendable {
    /// The subscription's id on the connection (`sid`).
    public let id: UInt64
    /// The subject, which may hold the wildcards `*` and `>`.
    public let subject: String
    /// The messages; the stream finishes on unsubscribe or when the client closes.
    public let messages: AsyncStream<NATSMessage>
}
