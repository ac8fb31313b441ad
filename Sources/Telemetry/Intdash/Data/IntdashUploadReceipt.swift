import Hummingbird

/// The answer to `POST /v1/measurements/sequences/chunks`: `{meas_uuid, sequence_uuid,
/// sequence_numbers}`, the sequence numbers of the chunks stored.
struct IntdashUploadReceipt: ResponseEncodable, Sendable {
    /// The measurement stored into.
    let measurementUUID: String
    /// The sequence (stream id) stored into, lowercase.
    let sequenceUUID: String
    /// The sequence numbers of the chunks stored, in the order they came.
    let sequenceNumbers: [Int]

    /// The wire names.
    enum CodingKeys: String, CodingKey {
        case measurementUUID = "meas_uuid"
        case sequenceUUID = "sequence_uuid"
        case sequenceNumbers = "sequence_numbers"
    }
}
