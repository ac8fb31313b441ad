import HTTPSupport

/// How `GET /v1/data` writes times in JSON: the `time_format` parameter.
enum IntdashTimeFormat: String, Sendable {
    /// Whole nanoseconds since 1970-01-01T00:00:00Z.
    case nanoseconds = "ns"
    /// Whole microseconds since 1970-01-01T00:00:00Z, the default.
    case microseconds = "us"
    /// Whole milliseconds since 1970-01-01T00:00:00Z.
    case milliseconds = "ms"
    /// Whole seconds since 1970-01-01T00:00:00Z.
    case seconds = "s"
    /// An RFC 3339 string in UTC with nine fraction digits.
    case rfc3339

    /// `nanoseconds` since 1970-01-01T00:00:00Z in this format; numbers are truncated towards
    /// the past.
    func json(nanoseconds: Int64) -> JSONValue {
        switch self {
        case .nanoseconds: .integer(Int(nanoseconds))
        case .microseconds: .integer(Int(Self.floor(nanoseconds, 1000)))
        case .milliseconds: .integer(Int(Self.floor(nanoseconds, 1_000_000)))
        case .seconds: .integer(Int(Self.floor(nanoseconds, 1_000_000_000)))
        case .rfc3339: .string(IntdashTimestamp.string(nanoseconds: nanoseconds))
        }
    }

    private static func floor(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
