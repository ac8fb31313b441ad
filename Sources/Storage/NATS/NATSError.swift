/// Errors of the NATS client.
public enum NATSError: Error, Equatable, CustomStringConvertible {
    /// A server URL is not `nats://[USER:PASSWORD@|TOKEN@]HOST[:PORT]`.
    case invalidURL(String)
    /// No server of the list accepted a connection; each entry says which and why.
    case unreachable([String])
    /// The server refused a command or ended the connection with `-ERR`.
    case server(String)
    /// The server sent bytes that are not the NATS protocol.
    case protocolViolation(String)
    /// A subject is empty or holds whitespace.
    case invalidSubject(String)
    /// A message is larger than the server's `max_payload`.
    case payloadTooLarge(size: Int, limit: Int)
    /// The connection is down and the bytes waiting for it already fill the reconnect buffer.
    case notConnected
    /// No answer came within the time allowed.
    case timedOut(String)
    /// The client was closed.
    case closed

    public var description: String {
        switch self {
        case .invalidURL(let url):
            "invalid NATS URL '\(url)': use nats://[USER:PASSWORD@|TOKEN@]HOST[:PORT], several separated by commas"
        case .unreachable(let failures):
            "no NATS server could be reached: \(failures.joined(separator: "; "))"
        case .server(let message):
            "the NATS server answered -ERR \(message)"
        case .protocolViolation(let detail):
            "the NATS server broke the protocol: \(detail)"
        case .invalidSubject(let subject):
            "'\(subject)' is not a NATS subject"
        case .payloadTooLarge(let size, let limit):
            "a message of \(size) bytes is larger than the NATS server's limit of \(limit) bytes"
        case .notConnected:
            "the NATS connection is down and its reconnect buffer is full"
        case .timedOut(let what):
            "no answer from NATS in time: \(what)"
        case .closed:
            "the NATS client is closed"
        }
    }
}
