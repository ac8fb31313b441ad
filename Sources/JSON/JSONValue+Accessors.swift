extension JSONValue {
    /// The string, if the value is one.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The number, if the value is a whole number.
    public var integerValue: Int? {
        if case .integer(let value) = self { value } else { nil }
    }

    /// The boolean, if the value is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The elements, if the value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// The members, if the value is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { value } else { nil }
    }

    /// Whether the value is ``null``.
    public var isNull: Bool {
        self == .null
    }

    /// The member named `key`, if the value is an object that has it.
    public subscript(_ key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The element at `index`, if the value is an array that long.
    public subscript(_ index: Int) -> JSONValue? {
        guard let array = arrayValue, array.indices.contains(index) else { return nil }
        return array[index]
    }
}
