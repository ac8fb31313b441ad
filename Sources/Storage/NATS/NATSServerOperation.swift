import NIOCore

/// One operation a NATS server sends a client.
enum NATSServerOperation: Sendable {
    /// `INFO`: the server's description, as JSON.
    case info(ByteBuffer)
    /// `MSG`: a message for subscription `sid`.
    case message(sid: UInt64, NATSMessage)
    /// `PING`: the server asks for a `PONG`.
    case ping
    /// `PONG`: the answer to the client's `PING`.
    case pong
    /// `+OK`: a command was accepted (only in verbose mode).
    case ok
    /// `-ERR`: a command was refused, or the connection is being closed.
    case error(String)
}
