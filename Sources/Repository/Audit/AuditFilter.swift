import Foundation

/// Which audit entries of a document a reader wants: any of the given event ids, categories
/// and principals (each list empty for all), between two dates (each bound inclusive).
public struct AuditFilter: Sendable, Equatable {
    /// The event ids wanted; empty for every one.
    public var eventIDs: [String]
    /// The categories wanted; empty for every one.
    public var categories: [String]
    /// The users wanted; empty for everyone.
    public var principalNames: [String]
    /// The earliest event date wanted.
    public var start: Date?
    /// The latest event date wanted.
    public var end: Date?

    /// Creates a filter; with no arguments, one that keeps every entry.
    public init(eventIDs: [String] = [], categories: [String] = [], principalNames: [String] = [], start: Date? = nil, end: Date? = nil) {
        self.eventIDs = eventIDs
        self.categories = categories
        self.principalNames = principalNames
        self.start = start
        self.end = end
    }
}
