import NIOCore

/// How long and how many connections the server keeps open, and how large a request head may
/// be: the bounds that stop one client from holding the server's connections, memory or
/// shutdown for ever.
///
/// The times are set by `chancery serve` flags; the head sizes are fixed.
public struct ConnectionLimits: Sendable {
    /// How long a client has to send a whole request head once it has started it, or from
    /// connecting to its first request.
    public var headerTimeout: Duration
    /// How long a connection may wait for its next request after an answer.
    public var idleTimeout: Duration
    /// How long a request body may send nothing while the server waits for it; the request
    /// is then answered 408 and the connection closed.
    public var bodyTimeout: Duration
    /// How long in-flight requests get to finish after SIGTERM before their connections are cut.
    public var drainTimeout: Duration
    /// The most connections open at once; more are refused with a 503.
    public var maxConnections: Int
    /// The most connections open at once from one client address; more are refused with a 503.
    public var maxConnectionsPerAddress: Int

    /// The longest request target (path and query), in bytes; longer ones are answered 414.
    public static let maxURLBytes = 16 * 1024
    /// The most bytes of one header line, and of the request line and all header lines
    /// together; more is answered 431. A request line too long for it gets 431, not 414.
    public static let maxHeadBytes = 64 * 1024
    /// The most header fields of one request; more are answered 431.
    public static let maxHeaderCount = 100
    /// The bytes of answers a connection queues for the client at most before the handler
    /// writing them waits (its write buffer's high water mark), and the level below which it
    /// goes on. A streamed answer (`GET /v1/data` writes 256 KiB at a time) keeps being made
    /// while the last piece goes out; at NIO's default of 64 KiB each piece stopped its maker
    /// until nearly all of it was sent.
    public static let writeBufferWaterMark = ChannelOptions.Types.WriteBufferWaterMark(low: 256 << 10, high: 512 << 10)

    /// Creates the limits; the defaults suit a server exposed to the internet.
    public init(
        headerTimeout: Duration = .seconds(30),
        idleTimeout: Duration = .seconds(60),
        bodyTimeout: Duration = .seconds(60),
        drainTimeout: Duration = .seconds(30),
        maxConnections: Int = 10_000,
        maxConnectionsPerAddress: Int = 256
    ) {
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.bodyTimeout = bodyTimeout
        self.drainTimeout = drainTimeout
        self.maxConnections = maxConnections
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
    }
}
