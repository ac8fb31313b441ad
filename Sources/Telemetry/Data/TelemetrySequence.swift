import Foundation

/// One stream of a measurement as intdash calls it, a *sequence*: the chunks one upstream
/// stored (its stream id is the sequence's UUID), and what its client declared the server
/// should expect of it.
public struct TelemetrySequence: Hashable, Sendable {
    /// The stream id.
    public let streamID: UUID
    /// How many chunks of it are stored.
    public let receivedChunkCount: Int
    /// How many points of it are stored.
    public let receivedDataPoints: Int
    /// How many points the client said the stream holds, received or not, if it said.
    public let expectedDataPoints: Int?
    /// The sequence number of the stream's last chunk, if the client said.
    public let finalSequenceNumber: Int?
    /// When the first chunk was stored or the first declaration made.
    public let createdAt: Date
    /// When the last chunk was stored or the last declaration made.
    public let updatedAt: Date

    /// Creates a sequence.
    public init(
        streamID: UUID, receivedChunkCount: Int, receivedDataPoints: Int, expectedDataPoints: Int?, finalSequenceNumber: Int?,
        createdAt: Date, updatedAt: Date
    ) {
        self.streamID = streamID
        self.receivedChunkCount = receivedChunkCount
        self.receivedDataPoints = receivedDataPoints
        self.expectedDataPoints = expectedDataPoints
        self.finalSequenceNumber = finalSequenceNumber
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
