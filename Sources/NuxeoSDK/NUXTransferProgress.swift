/// How far a transfer has gone: the bytes of the body sent so far and of the answer received
/// so far, as ``NUXRequest/response(progress:)`` and ``NUXBatchUpload`` report them.
///
/// An upload mostly sends (``bytesSent`` grows towards ``totalBytesToSend``), a download
/// mostly receives (``bytesReceived`` grows towards ``totalBytesToReceive``).
public struct NUXTransferProgress: Sendable, Equatable {
    /// The bytes of the body sent so far.
    public var bytesSent: Int64
    /// The size of the body; 0 for a request without one.
    public var totalBytesToSend: Int64
    /// The bytes of the answer's body received so far.
    public var bytesReceived: Int64
    /// The size of the answer's body, once the server said it (`Content-Length`); `nil` until
    /// then, or if it never does.
    public var totalBytesToReceive: Int64?

    /// A progress report.
    public init(bytesSent: Int64 = 0, totalBytesToSend: Int64 = 0, bytesReceived: Int64 = 0, totalBytesToReceive: Int64? = nil) {
        self.bytesSent = bytesSent
        self.totalBytesToSend = totalBytesToSend
        self.bytesReceived = bytesReceived
        self.totalBytesToReceive = totalBytesToReceive
    }
}

/// A block that learns how far a transfer has gone; the SDK calls it on a background thread,
/// one call at a time, each time bytes went out or came in.
public typealias NUXProgressBlock = @Sendable (NUXTransferProgress) -> Void
