// The JSON parser's fuzz target, built as a libFuzzer fuzzer by scripts/fuzz-json and as a
// replaying tool by a plain `swift build` (see Fuzz/FuzzDriver).
//
// Each input is read as JSON text. A parse error is expected; a crash, a hang, a sanitizer
// report, or a parsed value that does not come back the same after JSONEncoder writes it is a
// bug.

import Foundation
import FuzzDriver
import JSON

/// Parses `bytes`, and checks that what parses reads back the same once written as JSON.
func exercise(_ bytes: [UInt8]) {
    guard let value = try? JSONValue(parsing: bytes) else { return }
    guard let written = try? JSONEncoder().encode(value) else {
        preconditionFailure("a parsed value does not encode: \(value)")
    }
    let again = try? JSONValue(parsing: written)
    precondition(again == value, "a value changed through JSONEncoder: \(value) became \(String(describing: again))")
}

FuzzDriver.run(exercise)
