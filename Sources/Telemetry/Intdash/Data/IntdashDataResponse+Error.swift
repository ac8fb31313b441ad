import Foundation
import ISCP
import JSON

extension IntdashDataResponse {
    /// The data id of intdash's in-band error points.
    static let errorDataID = "intdash/measurement/get/data/error"

    /// intdash's in-band error point: a String unit with id `error` whose value is the JSON
    /// text of `object` (`{"error", "error_description", …}`), on channel 1 with data id
    /// ``errorDataID``, at `time` in measurement `measurementUUID`.
    init(error object: JSONValue, measurementUUID: String, time: Int64) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let value = (try? encoder.encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let payload = try? ISCP1Payload.string(ISCP1IdentifiedValue(id: "error", value: value)).encoded()
        self.init(
            measurementUUID: measurementUUID, time: time, createdAt: Date(), dataType: ISCP1DataType.string.rawValue, channel: 1,
            dataID: Self.errorDataID, payload: payload ?? []
        )
    }
}
