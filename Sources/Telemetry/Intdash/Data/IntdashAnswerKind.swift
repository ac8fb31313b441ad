import Foundation

/// What the answers of `GET /v1/data` for one data id of one measurement stored at one time
/// have in common: everything but their time and value.
///
/// The writers keep the encoded text of a kind's answers around those two
/// (``IntdashAnswerFrames``), so that an answer costs writing its time and value between
/// two copies.
struct IntdashAnswerKind: Hashable, Sendable {
    /// The measurement, a lowercase UUID.
    let measurementUUID: String
    /// When the points were stored.
    let createdAt: Date
    /// The iSCP 1.0 data type.
    let dataType: UInt8
    /// The channel.
    let channel: UInt8
    /// The data id without the channel.
    let dataID: String
    /// For answers that carry a Float or Int value: how their payload begins, before the
    /// value's eight bytes (see ``ISCP1UnitPayload/value(prefix:bits:)``); `nil` for answers
    /// that carry their payload's bytes.
    let valuePrefix: [UInt8]?
}

extension IntdashDataResponse {
    /// The kind of this answer.
    var kind: IntdashAnswerKind {
        let valuePrefix: [UInt8]? =
            switch content {
            case .value(let prefix, _): prefix
            case .bytes: nil
            }
        return IntdashAnswerKind(
            measurementUUID: measurementUUID, createdAt: createdAt, dataType: dataType, channel: channel, dataID: dataID,
            valuePrefix: valuePrefix
        )
    }
}
