/// A pattern over data ids: a name pattern and a type pattern, each split into levels at
/// `/`, where a level `+` matches any one level and a final level `#` matches any number of
/// remaining levels, none included (MQTT's topic wildcards, as iSCP v2 uses them).
///
/// ```swift
/// TelemetryDataFilter(name: "1/#", type: "float64").matches(TelemetryDataID(name: "1/speed", type: "float64")) // true
/// TelemetryDataFilter(name: "+/speed", type: "#").matches(TelemetryDataID(name: "1/2/speed", type: "int64"))   // false
/// ```
public struct TelemetryDataFilter: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The pattern for data id names.
    public let name: String
    /// The pattern for data id types.
    public let type: String

    /// Creates a filter.
    public init(name: String, type: String) {
        self.name = name
        self.type = type
    }

    /// The filter that matches every data id: `#` for both.
    public static let all = TelemetryDataFilter(name: "#", type: "#")

    /// Whether `dataID` matches both patterns.
    public func matches(_ dataID: TelemetryDataID) -> Bool {
        Self.matches(pattern: name, value: dataID.name) && Self.matches(pattern: type, value: dataID.type)
    }

    /// Why the filter is malformed (`#` not alone as the last level, `+` not alone in a level,
    /// an empty pattern), or `nil` when it is well formed.
    public var problem: String? {
        for (label, pattern) in [("name", name), ("type", type)] {
            if pattern.isEmpty { return "the \(label) pattern is empty" }
            let levels = pattern.split(separator: "/", omittingEmptySubsequences: false)
            for (index, level) in levels.enumerated() {
                if level.contains("#"), level != "#" || index != levels.count - 1 {
                    return "'#' must be the whole last level of the \(label) pattern '\(pattern)'"
                }
                if level.contains("+"), level != "+" {
                    return "'+' must be a whole level of the \(label) pattern '\(pattern)'"
                }
            }
        }
        return nil
    }

    /// The iSCP v2 string form, `type:name`.
    public var description: String { "\(type):\(name)" }

    /// Whether `value` matches `pattern` level by level.
    private static func matches(pattern: String, value: String) -> Bool {
        if pattern == "#" { return true }
        if !pattern.contains("+"), !pattern.contains("#") { return pattern == value }
        var patternLevels = pattern.split(separator: "/", omittingEmptySubsequences: false)[...]
        var valueLevels = value.split(separator: "/", omittingEmptySubsequences: false)[...]
        while let level = patternLevels.popFirst() {
            if level == "#" { return true }
            guard let valueLevel = valueLevels.popFirst() else { return false }
            if level != "+", level != valueLevel { return false }
        }
        return valueLevels.isEmpty
    }
}
