import Foundation
import JSON
import Testing

/// `JSONValue(parsing:)` reads what `JSONDecoder` reads into a `JSONValue`, gives the same
/// value, and refuses what it refuses, on hand-picked edge cases, on generated documents and
/// on generated documents with bytes changed.
@Suite struct JSONParserTests {
    /// The value `JSONDecoder` reads from `bytes`, or `nil` when it refuses them.
    static func decoded(_ bytes: [UInt8]) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    /// The value the parser reads from `bytes`, or `nil` when it refuses them.
    static func parsed(_ bytes: [UInt8]) -> JSONValue? {
        try? JSONValue(parsing: bytes)
    }

    static let edgeCases = [
        // Numbers: whole ones are integers however they are written, as long as they fit.
        "0", "-0", "-0.0", "-0e0", "1.0", "1e2", "1E2", "1e+2", "-1e2", "1e-400", "12e-1", "5e-1", "1.5", "0.1", "-1.5e-3",
        "0.0000001", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "123456789012345678901234",
        "100000000000000000000.0", "9007199254740993.0", "1e19", "-1e19", "1.23456789012345678901234567890",
        "1E400", "1.7976931348623157e309", "01", "-", "1.", "+1", "0e", "1e", "1.5e+", ".5", "-a", "NaN", "Infinity",
        // Strings and their escapes.
        #""""#, #""a""#, #""é""#, #""\u00e9""#, #""\/""#, #""\"\\\b\f\n\r\t""#, #""\u0000""#, #""\ud83d\ude00""#,
        #""\ud800""#, #""\udc00""#, #""\uD800\u0041""#, #""\u12""#, #""\x""#, "\"a\u{01}b\"", "\"\t\"", "\"\u{7f}\"",
        #""abc"#, #""\"#,
        // Literals, containers, whitespace and what may follow a value.
        "true", "false", "null", "tru", "nul", "nulll", "[]", "{}", "[1,]", "{\"a\":1,}", "[1,2,]", "{\"a\":{},}", "[,]", "[1,,2]",
        "{,}", "[1 2]", "{\"a\" 1}", "{1:2}", "{\"a\":1,\"a\":2}", "[[[[1]]]]", " 1 ", "\t\n\r {\"k\" : [ true , false , null ] } \n",
        "1 2", "[1]x", "", " ", "\u{feff}1", "[", "{", "{\"a\"", "{\"a\":", "[1", "{\"a\":1",
    ]

    @Test(arguments: edgeCases)
    func anEdgeCaseReadsAsWithJSONDecoder(_ text: String) {
        let bytes = Array(text.utf8)
        #expect(Self.parsed(bytes) == Self.decoded(bytes))
    }

    @Test func invalidUTF8InAStringIsRefused() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0x5C, 0x6E, 0xED, 0xA0, 0x80, 0x22]] {
            #expect(Self.parsed(bytes) == nil)
            #expect(Self.decoded(bytes) == nil)
        }
    }

    @Test func arraysAndObjectsNestUpTo512Deep() {
        func nested(_ depth: Int) -> [UInt8] {
            Array((String(repeating: #"{"a":["#, count: depth / 2) + "1" + String(repeating: "]}", count: depth / 2)).utf8)
        }
        #expect(Self.parsed(nested(512)) != nil)
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: nested(514)) }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: Array(repeating: UInt8(ascii: "["), count: 100_000)) }
    }

    @Test func anErrorSaysWhatAndWhere() throws {
        let separator = #expect(throws: JSONParseError.self) { try JSONValue(parsing: "[1 2]".utf8) }
        #expect(separator?.description == "invalid JSON at byte 3: expected a comma or ']'")
        let control = #expect(throws: JSONParseError.self) { try JSONValue(parsing: "\"a\nb\"".utf8) }
        #expect(control?.reason == "a control character must be escaped in a string")
        #expect(control?.offset == 2)
        let array = #expect(throws: JSONParseError.self) { try JSONValue.parseObject("[1]".utf8) }
        #expect(array?.reason == "the value is not an object")
        #expect(try JSONValue.parseObject(#"{"a": [1, 2.5, "x"]}"#.utf8) == ["a": [1, 2.5, "x"]])
    }

    /// A stored list of strings (a document's facets, a client's redirect URIs) reads back as
    /// its strings, and anything else is refused.
    @Test func anArrayOfStringsReadsAsItsStrings() throws {
        #expect(try JSONValue.parseStrings(#"["Folderish", "ünï \"q\"", ""]"#.utf8) == ["Folderish", "ünï \"q\"", ""])
        #expect(try JSONValue.parseStrings("[]".utf8) == [])
        let object = #expect(throws: JSONParseError.self) { try JSONValue.parseStrings(#"{"a": "b"}"#.utf8) }
        #expect(object?.reason == "the value is not an array")
        let number = #expect(throws: JSONParseError.self) { try JSONValue.parseStrings(#"["a", 1]"#.utf8) }
        #expect(number?.reason == "an item of the array is not a string")
    }

    /// Generated documents, written by `JSONEncoder` and then with bytes changed, deleted or
    /// inserted: the parser never crashes and agrees with `JSONDecoder` on each.
    @Test func generatedDocumentsAndTheirMutationsReadAsWithJSONDecoder() throws {
        var random = SplitMix64(seed: 0x5EED)
        let alphabet = Array(#"{}[]":,.-+eE0123456789 tfnrulsa\"#.utf8) + [0x00, 0x09, 0x0A, 0xC3, 0xA9, 0xFF]
        var mutations = 0
        for _ in 0..<300 {
            let value = Self.generated(depth: 0, random: &random)
            let encoder = JSONEncoder()
            encoder.outputFormatting = random.next() % 2 == 0 ? [.sortedKeys] : [.prettyPrinted]
            let bytes = Array(try encoder.encode(value))
            #expect(Self.parsed(bytes) == value)
            for _ in 0..<20 {
                var mutated = bytes
                let index = Int(random.next() % UInt64(mutated.count))
                switch random.next() % 3 {
                case 0: mutated[index] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                case 1: mutated.remove(at: index)
                default: mutated.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: index)
                }
                let (ours, theirs) = (Self.parsed(mutated), Self.decoded(mutated))
                #expect(ours == theirs, "\(String(decoding: mutated, as: UTF8.self))")
                mutations += 1
            }
        }
        #expect(mutations == 6_000)
    }

    /// A random value: scalars of every kind, arrays and objects up to four deep.
    static func generated(depth: Int, random: inout SplitMix64) -> JSONValue {
        let kinds: UInt64 = depth < 4 ? 8 : 6
        switch random.next() % kinds {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2: return .integer(Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 64))
        case 3: return .number(Double(Int(truncatingIfNeeded: random.next() % 2_000_001) - 1_000_000) / 1024 + 0.5)
        case 4, 5:
            let pieces = ["a", "é", "\"", "\\", "\n", "\u{01}", "😀", "/", " ", "text"]
            return .string((0..<random.next() % 6).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        case 6: return .array((0..<random.next() % 4).map { _ in generated(depth: depth + 1, random: &random) })
        default:
            var members: [String: JSONValue] = [:]
            for number in 0..<random.next() % 4 {
                members["k\(number)\(random.next() % 3 == 0 ? "é" : "")"] = generated(depth: depth + 1, random: &random)
            }
            return .object(members)
        }
    }
}

/// A small seeded random number generator, so that every run makes the same documents.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
