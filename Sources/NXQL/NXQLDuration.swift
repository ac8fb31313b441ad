/// An ISO-8601 duration, as in `NOW('-P1DT2H')`: `[-]PnYnMnWnDTnHnMn[.fff]S`.
public struct NXQLDuration: Sendable, Hashable, CustomStringConvertible {
    /// The largest value a component may have when parsed (five digits), which keeps date
    /// arithmetic far from integer overflow.
    public static let maximumComponent = 99_999

    /// No offset.
    public static let zero = NXQLDuration()

    /// Whether the duration goes back in time (a leading `-`).
    public var isNegative: Bool
    /// Years (`Y`).
    public var years: Int
    /// Months (`M` before `T`).
    public var months: Int
    /// Weeks (`W`).
    public var weeks: Int
    /// Days (`D`).
    public var days: Int
    /// Hours (`H`).
    public var hours: Int
    /// Minutes (`M` after `T`).
    public var minutes: Int
    /// Whole seconds (`S`).
    public var seconds: Int
    /// Milliseconds: the fraction of the seconds, 0...999.
    public var milliseconds: Int

    /// Creates a duration from its components, each in 0...``maximumComponent``.
    public init(
        isNegative: Bool = false, years: Int = 0, months: Int = 0, weeks: Int = 0, days: Int = 0,
        hours: Int = 0, minutes: Int = 0, seconds: Int = 0, milliseconds: Int = 0
    ) {
        self.isNegative = isNegative
        self.years = years
        self.months = months
        self.weeks = weeks
        self.days = days
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
        self.milliseconds = milliseconds
    }

    /// Parses an ISO-8601 duration such as `P1D`, `-P1Y2M`, `PT1.5S`. Designators must come in
    /// order, each at most once, with at most five digits; only seconds may have a fraction.
    /// A zero duration is never negative. Nil when the text is not such a duration.
    init?(iso8601 text: String) {
        var reader = DigitReader(text)
        self.init(isNegative: reader.skip("-"))
        guard reader.skip("P") else { return nil }
        var componentCount = 0
        for designator: Unicode.Scalar in ["Y", "M", "W", "D"] {
            guard let value = Self.component(designated: designator, from: &reader) else { continue }
            componentCount += 1
            switch designator {
            case "Y": years = value
            case "M": months = value
            case "W": weeks = value
            default: days = value
            }
        }
        if reader.skip("T") {
            var timeComponentCount = 0
            for designator: Unicode.Scalar in ["H", "M"] {
                guard let value = Self.component(designated: designator, from: &reader) else { continue }
                timeComponentCount += 1
                if designator == "H" { hours = value } else { minutes = value }
            }
            var secondsReader = reader
            if let whole = secondsReader.number(upTo: 5) {
                var fraction = 0
                if secondsReader.skip(".") {
                    guard let milliseconds = secondsReader.fractionInMilliseconds() else { return nil }
                    fraction = milliseconds
                }
                if secondsReader.skip("S") {
                    (seconds, milliseconds) = (whole, fraction)
                    timeComponentCount += 1
                    reader = secondsReader
                }
            }
            guard timeComponentCount > 0 else { return nil }
            componentCount += timeComponentCount
        }
        guard componentCount > 0, reader.isAtEnd else { return nil }
        if self == NXQLDuration(isNegative: true) { isNegative = false }
    }

    /// Reads `digits designator` if that is what comes next.
    private static func component(designated designator: Unicode.Scalar, from reader: inout DigitReader) -> Int? {
        var lookahead = reader
        guard let value = lookahead.number(upTo: 5), lookahead.skip(designator) else { return nil }
        reader = lookahead
        return value
    }

    /// The duration in ISO-8601, for example `-P1DT2H`; `PT0S` for zero.
    public var description: String {
        var text = isNegative ? "-P" : "P"
        for (value, designator) in [(years, "Y"), (months, "M"), (weeks, "W"), (days, "D")] where value != 0 {
            text += "\(value)\(designator)"
        }
        var time = ""
        for (value, designator) in [(hours, "H"), (minutes, "M")] where value != 0 {
            time += "\(value)\(designator)"
        }
        if seconds != 0 || milliseconds != 0 {
            time += milliseconds == 0 ? "\(seconds)S" : "\(seconds).\(Self.threeDigits(milliseconds))S"
        }
        if !time.isEmpty || text.hasSuffix("P") {
            text += "T" + (time.isEmpty ? "0S" : time)
        }
        return text
    }

    /// `value` (0...999) with leading zeros to three digits.
    private static func threeDigits(_ value: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }
}
