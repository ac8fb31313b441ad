/// How a ``Signal``'s values are meant to be shown: intdash's `display` member. The server
/// keeps it for the clients and does not use it itself.
public struct SignalDisplay: Sendable, Hashable, Codable {
    /// The unit, such as `km/h`; possibly empty.
    public var unit: String
    /// The lowest value a plot should show, if any.
    public var min: Double?
    /// The highest value a plot should show, if any.
    public var max: Double?
    /// A `printf`-style format, such as `%0.1f`; possibly empty.
    public var format: String

    /// Describes a display.
    public init(unit: String = "", min: Double? = nil, max: Double? = nil, format: String = "") {
        self.unit = unit
        self.min = min
        self.max = max
        self.format = format
    }
}
