import Foundation
import JSON
import Testing

@Suite struct JSONValueTests {
    /// Strings are tried first when decoding; text that looks like another kind stays text, and
    /// every other kind is still told apart.
    @Test func decodingKeepsEveryKindApart() throws {
        let text = #"""
            {"true": "true", "one": "1", "half": "0.5", "empty": "", "yes": true, "integer": 1, "number": 1.5,
             "nothing": null, "list": ["a", 2, false, null], "object": {"nested": {"deeper": "x"}}}
            """#
        let decoded = try JSONDecoder().decode([String: JSONValue].self, from: Data(text.utf8))
        #expect(
            decoded == [
                "true": .string("true"), "one": .string("1"), "half": .string("0.5"), "empty": .string(""),
                "yes": .bool(true), "integer": .integer(1), "number": .number(1.5), "nothing": .null,
                "list": .array([.string("a"), .integer(2), .bool(false), .null]),
                "object": .object(["nested": .object(["deeper": .string("x")])]),
            ])
    }
}
