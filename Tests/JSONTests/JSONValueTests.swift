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

    /// Every accessor answers only for its own kind: no number is read from a string, no
    /// boolean from the text "true".
    @Test func accessorsAnswerOnlyForTheirKind() {
        let values: [JSONValue] = [.null, .bool(true), .integer(3), .number(2.5), .string("true"), .array([1]), .object(["a": 1])]
        #expect(values.map(\.stringValue) == [nil, nil, nil, nil, "true", nil, nil])
        #expect(values.map(\.integerValue) == [nil, nil, 3, nil, nil, nil, nil])
        #expect(values.map(\.boolValue) == [nil, true, nil, nil, nil, nil, nil])
        #expect(values.map(\.arrayValue) == [nil, nil, nil, nil, nil, [1], nil])
        #expect(values.map(\.objectValue) == [nil, nil, nil, nil, nil, nil, ["a": 1]])
        #expect(values.map(\.isNull) == [true, false, false, false, false, false, false])
    }

    /// The subscripts reach into objects and arrays, and answer nil past their ends or on
    /// other kinds.
    @Test func subscriptsReachMembersAndElements() {
        let value: JSONValue = ["list": ["a", "b"], "name": "x"]
        #expect(value["list"]?[1] == "b")
        #expect(value["list"]?[2] == nil)
        #expect(value["list"]?[-1] == nil)
        #expect(value["missing"] == nil)
        #expect(value["name"]?["inner"] == nil)
        #expect(JSONValue.string("x")[0] == nil)
    }

    /// Literals of every kind make the case they name, and a value encodes to the JSON it was
    /// decoded from.
    @Test func literalsAndRoundTrip() throws {
        let value: JSONValue = ["n": nil, "b": false, "i": -7, "d": 0.25, "s": "é\"/", "a": [1, "two"], "o": ["k": true]]
        #expect(
            value
                == .object([
                    "n": .null, "b": .bool(false), "i": .integer(-7), "d": .number(0.25), "s": .string("é\"/"),
                    "a": .array([.integer(1), .string("two")]), "o": .object(["k": .bool(true)]),
                ]))
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: encoded) == value)
    }

}
