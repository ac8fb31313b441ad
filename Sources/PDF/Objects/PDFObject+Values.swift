/// Typed views of a ``PDFObject``: each is the object's value when it is of that kind, else `nil`.
/// None of them follows references; resolve those through the file first.
extension PDFObject {
    /// The value of an integer.
    public var integerValue: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The value of a number, integer or real.
    public var numberValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .real(let value): value
        default: nil
        }
    }

    /// The value of a boolean.
    public var booleanValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// The name, without its leading solidus.
    public var nameValue: String? {
        if case .name(let value) = self { return value }
        return nil
    }

    /// The bytes of a string, literal or hexadecimal.
    public var stringBytes: [UInt8]? {
        switch self {
        case .string(let bytes), .hexString(let bytes): bytes
        default: nil
        }
    }

    /// The elements of an array.
    public var arrayValue: [PDFObject]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The dictionary.
    public var dictionaryValue: PDFDictionary? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The reference.
    public var referenceValue: PDFReference? {
        if case .reference(let value) = self { return value }
        return nil
    }

    /// Whether this is the null object.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The object's serialization.
    public var serialized: [UInt8] {
        var bytes: [UInt8] = []
        write(to: &bytes)
        return bytes
    }
}
