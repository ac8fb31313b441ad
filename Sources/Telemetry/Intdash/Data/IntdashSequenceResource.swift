import Foundation
import Hummingbird

/// A measurement sequence (one stream) as the intdash API shows it: `{uuid,
/// received_chunks_count, received_data_points, expected_data_points?,
/// final_sequence_number?, created_at, updated_at}`; the two expectations only when the
/// client declared them.
struct IntdashSequenceResource: ResponseEncodable, Sendable {
    /// The stream id, lowercase.
    let uuid: String
    /// How many chunks the sequence stored.
    let receivedChunksCount: Int
    /// How many points the sequence stored.
    let receivedDataPoints: Int
    /// How many points the client says the sequence holds; absent until it says.
    let expectedDataPoints: Int?
    /// The last sequence number the client says it sent; absent until it says.
    let finalSequenceNumber: Int?
    /// When the sequence first stored, as an ``IntdashTimestamp``.
    let createdAt: String
    /// When the sequence last changed, as an ``IntdashTimestamp``.
    let updatedAt: String

    /// The wire names.
    enum CodingKeys: String, CodingKey {
        case uuid
        case receivedChunksCount = "received_chunks_count"
        case receivedDataPoints = "received_data_points"
        case expectedDataPoints = "expected_data_points"
        case finalSequenceNumber = "final_sequence_number"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// `sequence` as intdash shows it.
    init(_ sequence: TelemetrySequence) {
        self.uuid = sequence.streamID.uuidString.lowercased()
        self.receivedChunksCount = sequence.receivedChunkCount
        self.receivedDataPoints = sequence.receivedDataPoints
        self.expectedDataPoints = sequence.expectedDataPoints
        self.finalSequenceNumber = sequence.finalSequenceNumber
        self.createdAt = IntdashTimestamp.string(sequence.createdAt)
        self.updatedAt = IntdashTimestamp.string(sequence.updatedAt)
    }
}
