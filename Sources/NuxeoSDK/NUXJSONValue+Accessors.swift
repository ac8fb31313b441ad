extension NUXJSONValue {
    /// The value as a whole number: an integer, a number without fractional part, or a string
    /// of digits (Nuxeo writes a blob's `length` as a string).
    public var intValue: Int? {
        switch self {
        case .integer(let value): value
        case .number(let value): Int(exactly: value)
        case .string(let value): Int(value)
        default: nil
        }
    }

    /// The value as a number: an integer, a number, or a string that reads as one.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        case .string(let value): Double(value)
        default: nil
        }
    }

    /// The value at a Nuxeo property path below this one: names of object members and indexes
    /// of array elements separated by `/`, such as `0/file` in `files:files/0/file`.
    public func value(atPath path: some StringProtocol) -> NUXJSONValue? {
        var value: NUXJSONValue? = self
        for component in path.split(separator: "/") {
            if let index = Int(component), case .array = value {
                value = value?[index]
            } else {
                value = value?[String(component)]
            }
        }
        return value
    }
}
