/// What a measurement holds of one data id, as `GET /v1/data_ids` answers it: `{data_type,
/// channel, data_id, name, type, count, first_elapsed_time, last_elapsed_time}`, with the iSCP
/// 1.0 view of the data id beside its iSCP v2 name and type, and elapsed times in
/// microseconds.
struct IntdashDataIDResource: Encodable, Sendable {
    /// The iSCP 1.0 data type.
    let dataType: Int
    /// The iSCP 1.0 channel.
    let channel: Int
    /// The iSCP 1.0 data ID.
    let dataID: String
    /// The iSCP v2 data id's name.
    let name: String
    /// The iSCP v2 data id's type.
    let type: String
    /// How many points are stored.
    let count: Int
    /// The earliest elapsed time, in microseconds.
    let firstElapsedTime: Int
    /// The latest elapsed time, in microseconds.
    let lastElapsedTime: Int

    /// The wire names.
    enum CodingKeys: String, CodingKey {
        case channel, name, type, count
        case dataType = "data_type"
        case dataID = "data_id"
        case firstElapsedTime = "first_elapsed_time"
        case lastElapsedTime = "last_elapsed_time"
    }

    /// `summary` as intdash shows it.
    init(_ summary: TelemetryDataIDSummary) {
        let view = ISCP1DataIDView(summary.dataID)
        self.dataType = Int(view.rawDataType)
        self.channel = Int(view.channel)
        self.dataID = view.iscp1DataID
        self.name = summary.dataID.name
        self.type = summary.dataID.type
        self.count = summary.pointCount
        self.firstElapsedTime = Int(summary.firstElapsedTime / 1000)
        self.lastElapsedTime = Int(summary.lastElapsedTime / 1000)
    }
}
