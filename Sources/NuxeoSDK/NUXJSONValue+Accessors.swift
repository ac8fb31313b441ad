extension NUXJSONValue {
    /// The string, if the value is one.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

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

    /// The boolean, if the value is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The elements, if the value is an array.
    public var arrayValue: [NUXJSONValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// The members, if the value is an object.
    public var objectValue: [String: NUXJSONValue]? {
        if case .object(let value) = self { value } else { nil }
    }

    /// Whether the value is ``null``.
    public var isNull: Bool {
        self == .null
    }

    /// The member named `key`, if the value is an object that has it.
    public subscript(_ key: String) -> NUXJSONValue? {
        objectValue?[key]
    }

    /// The element at `index`, if the value is an array that long.
    public subscript(_ index: Int) -> NUXJSONValue? {
        guard let array = arrayValue, array.indices.contains(index) else { return nil }
        return array[index]
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
