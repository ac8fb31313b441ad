import ISCP

/// What a connection's read loop hands its handler: a decoded message, or an upstream chunk
/// read on the fast path (``ISCP2IncomingChunk/init(frame:)``).
enum ISCP2Request: Sendable {
    /// A message from the full decoder.
    case message(ISCP2Message)
    /// An upstream chunk.
    case chunk(ISCP2IncomingChunk)
}
