import JSON

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
        if let number = number(nanoseconds: nanoseconds) { return .integer(Int(number)) }
        return .string(IntdashTimestamp.string(nanoseconds: nanoseconds))
    }

    /// `nanoseconds` since 1970-01-01T00:00:00Z as the number this format writes, truncated
    /// towards the past; `nil` for ``rfc3339``, which writes a string.
    func number(nanoseconds: Int64) -> Int64? {
        switch self {
        case .nanoseconds: nanoseconds
        case .microseconds: Self.floor(nanoseconds, 1000)
        case .milliseconds: Self.floor(nanoseconds, 1_000_000)
        case .seconds: Self.floor(nanoseconds, 1_000_000_000)
        case .rfc3339: nil
        }
    }

    private static func floor(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
