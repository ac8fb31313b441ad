import Foundation
import ISCP

extension IntdashDataResponse {
    /// The data id of intdash's in-band error points.
    static let errorDataID = "intdash/measurement/get/data/error"

    /// intdash's in-band error point: a String unit with id `error` whose value is the JSON
    /// text of `value`, on channel 1 with data id ``errorDataID``, at `time` in measurement
    /// `measurementUUID`.
    init(error value: IntdashDataError, measurementUUID: String, time: Int64) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let payload = try? ISCP1Payload.string(ISCP1IdentifiedValue(id: "error", value: text)).encoded()
        self.init(
            measurementUUID: measurementUUID, time: time, createdAt: Date(), dataType: ISCP1DataType.string.rawValue, channel: 1,
            dataID: Self.errorDataID, payload: payload ?? []
        )
    }
}
