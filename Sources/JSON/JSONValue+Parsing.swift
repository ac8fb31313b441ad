extension JSONValue {
    /// The value the JSON text `utf8` holds (see ``JSONParser`` for what it accepts): the
    /// same value as decoding it with `JSONDecoder`, without its cost.
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: #"{"dc:title": "Report", "size": 2}"#.utf8)
    /// // value["dc:title"]?.stringValue == "Report"
    /// ```
    ///
    /// - Throws: ``JSONParseError`` when `utf8` is not the JSON text of one value.
    public init(parsing utf8: some Collection<UInt8>) throws(JSONParseError) {
        let parse = { (buffer: UnsafeBufferPointer<UInt8>) in
            Result { () throws(JSONParseError) in try JSONParser.parse(UnsafeRawBufferPointer(buffer)) }
        }
        self = try (utf8.withContiguousStorageIfAvailable(parse) ?? Array(utf8).withUnsafeBufferPointer(parse)).get()
    }

    /// The members of the JSON object `utf8` holds.
    ///
    /// - Throws: ``JSONParseError`` when `utf8` is not the JSON text of an object.
    public static func parseObject(_ utf8: some Collection<UInt8>) throws(JSONParseError) -> [String: JSONValue] {
        guard case .object(let members) = try JSONValue(parsing: utf8) else {
            throw JSONParseError(reason: "the value is not an object", offset: 0)
        }
        return members
    }

    /// The strings of the JSON array of strings `utf8` holds.
    ///
    /// - Throws: ``JSONParseError`` when `utf8` is not the JSON text of an array of strings.
    public static func parseStrings(_ utf8: some Collection<UInt8>) throws(JSONParseError) -> [String] {
        guard case .array(let items) = try JSONValue(parsing: utf8) else {
            throw JSONParseError(reason: "the value is not an array", offset: 0)
        }
        return try items.map { item throws(JSONParseError) in
            guard case .string(let string) = item else { throw JSONParseError(reason: "an item of the array is not a string", offset: 0) }
            return string
        }
    }
}
