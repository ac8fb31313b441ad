extension NUXJSONValue: ExpressibleByNilLiteral {
    /// `nil` is ``null``.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension NUXJSONValue: ExpressibleByBooleanLiteral {
    /// A boolean literal is ``bool(_:)``.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension NUXJSONValue: ExpressibleByIntegerLiteral {
    /// An integer literal is ``integer(_:)``.
    public init(integerLiteral value: Int) {
        self = .integer(value)
    }
}

extension NUXJSONValue: ExpressibleByFloatLiteral {
    /// A floating-point literal is ``number(_:)``.
    public init(floatLiteral value: Double) {
        self = .number(value)
    }
}

extension NUXJSONValue: ExpressibleByStringLiteral {
    /// A string literal is ``string(_:)``.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension NUXJSONValue: ExpressibleByArrayLiteral {
    /// An array literal is ``array(_:)``.
    public init(arrayLiteral elements: NUXJSONValue...) {
        self = .array(elements)
    }
}

extension NUXJSONValue: ExpressibleByDictionaryLiteral {
    /// A dictionary literal is ``object(_:)``; of repeated keys, the last one counts.
    public init(dictionaryLiteral elements: (String, NUXJSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
}
