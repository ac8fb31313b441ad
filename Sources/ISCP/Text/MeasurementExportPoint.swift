import JSON

/// A stored data point as a measurement's export writes it: a CSV line (the columns
/// `chancery stream up` reads, after the time) or an NDJSON line.
public struct MeasurementExportPoint: Sendable, Equatable {
    /// The first line of a CSV export.
    public static let csvHeader = "time,elapsed,data_type,data_name,value"

    /// The measurement's base time plus the elapsed time (RFC 3339 with nanoseconds), or
    /// `nil` when the measurement has no base time.
    public let time: String?
    /// Nanoseconds since the base time.
    public let elapsedTime: Int64
    /// The data id's type, such as `float64`.
    public let dataType: String
    /// The data id's name.
    public let dataName: String
    /// The point's bytes as stored.
    public let payload: [UInt8]

    /// A point of an export.
    public init(time: String?, elapsedTime: Int64, dataType: String, dataName: String, payload: [UInt8]) {
        self.time = time
        self.elapsedTime = elapsedTime
        self.dataType = dataType
        self.dataName = dataName
        self.payload = payload
    }

    /// The CSV line (without the newline): `time,elapsed,data_type,data_name,value`.
    public var csvLine: String {
        (time ?? "") + "," + TelemetryPointText.line(elapsedTime: elapsedTime, dataType: dataType, dataName: dataName, payload: payload)
    }

    /// The NDJSON line (without the newline): `{data_name, data_type, elapsed_time (ns), time,
    /// value}`, keys sorted.
    public var ndjsonLine: String {
        TelemetryPointJSON.line([
            "time": time.map(JSONValue.string) ?? .null, "elapsed_time": .integer(Int(elapsedTime)),
            "data_type": .string(dataType), "data_name": .string(dataName),
            "value": TelemetryPointJSON.value(type: dataType, payload: payload),
        ])
    }
}
