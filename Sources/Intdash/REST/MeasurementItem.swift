import Foundation

/// A measurement: the data an edge recorded from one base time on.
public struct MeasurementItem: Sendable, Hashable {
    /// The UUID of the edge that recorded it.
    public var edgeUuid: String
    /// The name.
    public var name: String
    /// A description.
    public var description: String
    /// The measurement's UUID.
    public var uuid: String
    /// When it was made.
    public var createdAt: Date?
    /// When it was last changed.
    public var updatedAt: Date?
    /// How long it lasts, in seconds (the API says microseconds).
    public var duration: TimeInterval
    /// How much of the received data the server has processed, from 0 to 1.
    public var processedRatio: TimeInterval
    /// The time its elapsed times count from.
    public var baseTime: Date?
    /// Where the base time came from: `edge_rtc`, `ntp`, `gps`, `volatile`, `api_first_received` or `manual`.
    public var baseTimeType: String
    /// Whether the recording has ended.
    public var ended: Bool
    /// Whether it is protected from deletion.
    public var protected: Bool

    /// Reads the legacy Measurement JSON.
    init(json: LegacyJSONObject) {
        edgeUuid = json.string("edge_uuid")
        name = json.string("name")
        description = json.string("description")
        uuid = json.string("uuid")
        createdAt = json.date("created_at")
        updatedAt = json.date("updated_at")
        duration = json.double("duration") / 1_000_000
        processedRatio = json.double("processed_ratio")
        baseTime = json.date("basetime")
        baseTimeType = json.string("basetime_type")
        ended = json.bool("ended")
        protected = json.bool("protected")
    }
}

/// Where a page of measurements is in the whole list.
public struct MeasurementsPage: Sendable, Hashable {
    /// How many measurements match in all.
    public var totalCount: Int
    /// Whether this is the first page.
    public var first: Bool
    /// Whether this is the last page.
    public var last: Bool
    /// The path of the next page, or empty.
    public var next: String
    /// The path of the previous page, or empty.
    public var previous: String

    /// Reads `{total_count, first, last, next, previous}`.
    init(json: LegacyJSONObject) {
        totalCount = json.int("total_count")
        first = json.bool("first")
        last = json.bool("last")
        next = json.string("next")
        previous = json.string("previous")
    }
}

/// A page of measurements.
public struct MeasurementsListResponse: Sendable, Hashable {
    /// The measurements.
    public var items: [MeasurementItem]
    /// Where the page is, when the server said.
    public var page: MeasurementsPage?
}
