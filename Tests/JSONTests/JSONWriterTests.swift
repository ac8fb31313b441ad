import Foundation
import JSON
import Testing

/// The writer's text against what the servers' `JSONEncoder` (sorted keys, unescaped
/// slashes) writes for the same values.
@Suite struct JSONWriterTests {
    static func encoded(_ value: JSONValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func written(_ value: JSONValue) -> String {
        var writer = JSONWriter()
        writer.value(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    static let values: [JSONValue] = [
        .null, true, false, 0, -42, .integer(Int.max), .integer(Int.min), 1.5, -0.25, 3.0, 1e300, 5e-324, 123_456_789.125,
        "", "plain", "a/b", "quote \" and backslash \\", "tab\tnew\nline\r\u{8}\u{c}", "\u{0}\u{1f}\u{7f}", "é ü 日本 🎉",
        [], [1, "two", nil, [3.5]], [:],
        ["b": 1, "a": 2, "B": 3, "_": 4, "a1": 5, "A": ["nested": ["deep": true]], "é": "x", "": "empty key"],
    ]

    @Test(arguments: values)
    func writesWhatJSONEncoderWrites(value: JSONValue) throws {
        #expect(Self.written(value) == (try Self.encoded(value)))
    }

    @Test func separatesTheKeysAndValuesOfObjectsAndArrays() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("list")
        writer.beginArray()
        writer.integer(1)
        writer.beginObject()
        writer.endObject()
        writer.string(nil as String?)
        writer.beginArray()
        writer.endArray()
        writer.endArray()
        writer.key("next")
        writer.integer(nil as Int?)
        writer.fieldIfPresent("absent", nil as String?)
        writer.fieldIfPresent("count", 2 as Int?)
        writer.field("empty", nil as JSONValue?)
        writer.fieldIfPresent("flag", .bool(true) as JSONValue?)
        writer.endObject()
        #expect(String(decoding: writer.bytes, as: UTF8.self) == #"{"list":[1,{},null,[]],"next":null,"count":2,"empty":null,"flag":true}"#)
    }

    @Test func writesAStringIntoAnySink() {
        var sink: [UInt8] = Array("x=".utf8)
        JSONWriter.write(string: "a\"b", to: &sink)
        #expect(String(decoding: sink, as: UTF8.self) == #"x="a\"b""#)
    }
}
