/// Writes JSON text, value by value, into bytes: for answers written often enough that
/// building them for `JSONEncoder` (a value, the encoder's containers, a dictionary per object)
/// costs more than writing them.
///
/// The text is what the servers' `JSONEncoder` (sorted keys, unescaped slashes) writes for the
/// same values, provided the caller writes each object's keys in sorted order (a
/// ``JSONValue`` object's are sorted here): strings with `"`, `\` and the control characters
/// escaped and nothing else, numbers as `description` spells them without a trailing `.0`.
/// Commas are the writer's business:
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.key("files"); writer.beginArray(); writer.integer(1); writer.integer(2); writer.endArray()
/// writer.field("name", "Report")
/// writer.fieldIfPresent("note", nil as String?)
/// writer.endObject()
/// // writer.bytes: {"files":[1,2],"name":"Report"}
/// ```
public struct JSONWriter: Sendable {
    /// The text written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next key or value follows another in its object or array.
    private var followsValue = false

    /// Creates a writer that expects about `capacity` bytes.
    public init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    /// Opens an object, as the next value.
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        followsValue = false
    }

    /// Closes the object opened last.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        followsValue = true
    }

    /// Opens an array, as the next value.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        followsValue = false
    }

    /// Closes the array opened last.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        followsValue = true
    }

    /// Writes an object's next key; its value comes next.
    public mutating func key(_ key: String) {
        separate()
        appendString(key)
        bytes.append(UInt8(ascii: ":"))
        followsValue = false
    }

    /// Writes an object's key and its string value, `null` for `nil`.
    public mutating func field(_ key: String, _ value: String?) {
        self.key(key)
        string(value)
    }

    /// Writes an object's key and its integer value, `null` for `nil`.
    public mutating func field(_ key: String, _ value: Int?) {
        self.key(key)
        integer(value)
    }

    /// Writes an object's key and its value, `null` for `nil`.
    public mutating func field(_ key: String, _ value: JSONValue?) {
        self.key(key)
        self.value(value)
    }

    /// Writes an object's key and its string value, or nothing for `nil`.
    public mutating func fieldIfPresent(_ key: String, _ value: String?) {
        guard let value else { return }
        field(key, value)
    }

    /// Writes an object's key and its integer value, or nothing for `nil`.
    public mutating func fieldIfPresent(_ key: String, _ value: Int?) {
        guard let value else { return }
        field(key, value)
    }

    /// Writes an object's key and its value, or nothing for `nil`.
    public mutating func fieldIfPresent(_ key: String, _ value: JSONValue?) {
        guard let value else { return }
        field(key, value)
    }

    /// Writes a string.
    public mutating func string(_ value: String) {
        separate()
        appendString(value)
        followsValue = true
    }

    /// Writes a string, or `null` for `nil`.
    public mutating func string(_ value: String?) {
        guard let value else { return null() }
        string(value)
    }

    /// Writes an integer.
    public mutating func integer(_ value: Int) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
        followsValue = true
    }

    /// Writes an integer, or `null` for `nil`.
    public mutating func integer(_ value: Int?) {
        guard let value else { return null() }
        integer(value)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        followsValue = true
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
        followsValue = true
    }

    /// Writes a finite number: a whole one without its `.0`.
    public mutating func number(_ value: Double) {
        precondition(value.isFinite, "JSON has no text for \(value)")
        separate()
        withUnsafeTemporaryAllocation(byteCount: JSONNumberText.maxSize, alignment: 1) { text in
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[..<JSONNumberText.write(value, into: text)]))
        }
        followsValue = true
    }

    /// Writes any JSON value, an object's keys in sorted order, or `null` for `nil`.
    public mutating func value(_ value: JSONValue?) {
        switch value {
        case nil, .null: null()
        case .bool(let value): bool(value)
        case .integer(let value): integer(value)
        case .number(let value): number(value)
        case .string(let value): string(value)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let members):
            beginObject()
            for name in members.keys.sorted() {
                key(name)
                self.value(members[name])
            }
            endObject()
        }
    }

    /// Writes the comma between two keys or values of one object or array.
    private mutating func separate() {
        if followsValue { bytes.append(UInt8(ascii: ",")) }
    }

    /// Appends `string` as a JSON string.
    private mutating func appendString(_ string: String) {
        Self.write(string: string, to: &bytes)
    }

    /// Appends `string` to `sink` as a JSON string, in quotes: `"` and `\` escaped with a
    /// backslash, the control characters as `\b`, `\t`, `\n`, `\f`, `\r` or `\u00xx`,
    /// everything else as it is, in runs.
    ///
    /// Inlinable, so that a caller's sink (a NIO `ByteBuffer` for `GET /v1/data`'s answers) is
    /// written to directly rather than through its protocol.
    @inlinable
    public static func write(string: String, to sink: inout some JSONTextSink) {
        sink.appendJSONText(CollectionOfOne(UInt8(ascii: "\"")))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices where bytes[index] < 0x20 || bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "\\") {
                sink.appendJSONText(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                sink.appendJSONText(escape(bytes[index]))
                runStart = index + 1
            }
            sink.appendJSONText(UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        sink.appendJSONText(CollectionOfOne(UInt8(ascii: "\"")))
    }

    /// The escape that stands for `byte` in a JSON string.
    @usableFromInline
    static func escape(_ byte: UInt8) -> [UInt8] {
        switch byte {
        case UInt8(ascii: "\""): return Array("\\\"".utf8)
        case UInt8(ascii: "\\"): return Array("\\\\".utf8)
        case 0x08: return Array("\\b".utf8)
        case 0x09: return Array("\\t".utf8)
        case 0x0a: return Array("\\n".utf8)
        case 0x0c: return Array("\\f".utf8)
        case 0x0d: return Array("\\r".utf8)
        default:
            let digits = Array("0123456789abcdef".utf8)
            return Array("\\u00".utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]]
        }
    }
}
