/// A position or size on a page as clients sent it: written as an integer when it is whole,
/// as a number with a fraction otherwise.
struct Coordinate: Encodable, Sendable {
    /// The value, in PDF points.
    let value: Double

    /// The coordinate `value`.
    init(_ value: Double) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if value.rounded() == value && abs(value) < 1e15 {
            try container.encode(Int(value))
        } else {
            try container.encode(value)
        }
    }
}
