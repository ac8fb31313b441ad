/// An instant in UTC to the whole second, as the fields of a calendar date and a time of day:
/// what time formats (ASN.1 times, PDF dates, ZIP entries, request signatures, the consoles'
/// text) write and read.
///
/// Converting costs arithmetic on ``CivilDate`` alone, never a `Calendar`, and the same rules
/// hold before 1582 as after (Foundation's Gregorian calendar turns Julian there).
///
/// ```swift
/// let time = UTCDateTime(secondsSince1970: 1_767_225_600)   // 2026-01-01 00:00:00
/// time.text                                                 // "2026-01-01 00:00:00"
/// ```
public struct UTCDateTime: Hashable, Sendable {
    /// The day.
    public let date: CivilDate
    /// The hour, 0...23.
    public let hour: Int
    /// The minute, 0...59.
    public let minute: Int
    /// The second, 0...59, or 60 when a time read says so (a leap second counts as the first
    /// second of the next minute).
    public let second: Int

    /// The time at `hour`, `minute` and `second` of `date`; `nil` when one is out of its range.
    public init?(date: CivilDate, hour: Int, minute: Int, second: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second) else { return nil }
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The time at `hour`, `minute` and `second` of `day` of `month` in `year`; `nil` when a
    /// field is out of its range (February 30, hour 24).
    public init?(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        guard let date = CivilDate(year: year, month: month, day: day) else { return nil }
        self.init(date: date, hour: hour, minute: minute, second: second)
    }

    /// The time `seconds` whole seconds after 1970-01-01 00:00:00 UTC (before it, when
    /// negative).
    public init(secondsSince1970 seconds: Int) {
        let (days, secondOfDay) = seconds.dividedRoundingDown(by: 86_400)
        date = CivilDate(daysSince1970: days)
        hour = secondOfDay / 3_600
        minute = secondOfDay % 3_600 / 60
        second = secondOfDay % 60
    }

    /// The number of seconds from 1970-01-01 00:00:00 UTC to this time (negative before it).
    public var secondsSince1970: Int {
        date.daysSince1970 * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// The time as `2026-01-02 03:04:05`: the year in as many digits as it takes (four from
    /// 1000 on), the other fields in two.
    public var text: String {
        "\(date.year)-\(Self.twoDigits(date.month))-\(Self.twoDigits(date.day)) \(Self.twoDigits(hour)):\(Self.twoDigits(minute)):\(Self.twoDigits(second))"
    }

    /// `value`, 0...99, in two digits.
    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
