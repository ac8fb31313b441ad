import Foundation
import JSON

/// How `--json` output is written: indented JSON with sorted keys and unescaped slashes, on
/// standard output, ending with a newline; for `jq` and for people.
enum JSONOutput {
    /// Prints `value`.
    static func print(_ value: JSONValue) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
