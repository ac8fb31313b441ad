import Foundation

/// A capture: a named span of an edge's data.
public struct CaptureItem: Sendable, Hashable {
    /// The name.
    public var name: String
    /// A description.
    public var description: String
    /// When it starts.
    public var start: Date?
    /// How long it lasts, in seconds (the API says microseconds).
    public var duration: TimeInterval
    /// Whether other edges may see it.
    public var shared: Bool
    /// The capture's UUID.
    public var uuid: String
    /// The edge whose data it spans.
    public var edgeUuid: String
    /// When it was made.
    public var createdAt: Date?
    /// When it was last changed.
    public var updatedAt: Date?

    /// Reads the legacy Capture JSON.
    init(json: LegacyJSONObject) {
        name = json.string("name")
        description = json.string("description")
        start = json.date("start")
        duration = json.double("duration") / 1_000_000
        shared = json.bool("shared")
        uuid = json.string("uuid")
        edgeUuid = json.string("edge_uuid")
        createdAt = json.date("created_at")
        updatedAt = json.date("updated_at")
    }
}

/// Where a page of captures is in the whole list.
public struct CapturesPage: Sendable, Hashable {
    /// How many captures match in all.
    public var totalCount: Int
    /// Whether this is the first page.
    public var first: Bool
    /// Whether this is the last page.
    public var last: Bool
    /// The path of the next page.
    public var next: String?
    /// The path of the previous page.
    public var previous: String?

    /// Reads `{total_count, first, last, next, previous}`.
    init(json: LegacyJSONObject) {
        totalCount = json.int("total_count")
        first = json.bool("first")
        last = json.bool("last")
        next = json.optionalString("next")
        previous = json.optionalString("previous")
    }
}

/// A page of captures.
public struct CapturesListResponse: Sendable, Hashable {
    /// The captures.
    public var items: [CaptureItem]
    /// Where the page is, when the server said.
    public var page: CapturesPage?
}
