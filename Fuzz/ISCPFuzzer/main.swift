// The iSCP codecs' fuzz target. Built two ways, like Fuzz/PDFFuzzer (whose main.swift says why
// the top-level code starts libFuzzer itself):
//
// - by scripts/fuzz-iscp with `-sanitize=fuzzer,address -DFUZZING`: a libFuzzer fuzzer;
// - by a plain `swift build`: a tool that replays the files named on its command line.
//
// Each input is read as an iSCP 1.0 WebSocket message and as an iSCP v2 frame. Decoding errors
// are expected; a crash, a hang, a sanitizer report, or a decoded value that does not survive
// being encoded and decoded again is a bug.

import Foundation
import ISCP

/// libFuzzer's entry point for one input: runs ``exercise(_:)`` over the `count` bytes at
/// `start`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    exercise(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}

/// Decodes `bytes` with both codecs and checks that what decodes round-trips.
func exercise(_ bytes: [UInt8]) {
    exerciseISCP1(bytes)
    exerciseISCP2(bytes)
}

/// iSCP 1.0: the elements of a message encode, and decode again to the same elements; each
/// unit's payload that decodes encodes and decodes to the same payload; the downstream filters
/// of a filter request judge every unit of the message.
func exerciseISCP1(_ bytes: [UInt8]) {
    guard let elements = try? ISCP1Decoder().decode(bytes) else { return }
    guard let encoded = try? ISCP1Encoder().encode(elements) else {
        preconditionFailure("decoded iSCP 1.0 elements do not encode: \(elements)")
    }
    let again = try? ISCP1Decoder().decode(encoded)
    precondition(again == elements, "iSCP 1.0 elements changed through encoding: \(elements) became \(String(describing: again))")

    var units: [ISCP1Unit] = []
    var filters: [ISCP1StreamFilter] = []
    for element in elements {
        switch element {
        case .unit(let unit): units.append(unit)
        case .downstreamFilterRequest(let request): filters += request.streamFilters
        default: break
        }
    }
    for unit in units {
        if let payload = try? unit.decodedPayload() {
            guard let payloadBytes = try? payload.encoded() else {
                preconditionFailure("a decoded payload does not encode: \(payload)")
            }
            let decodedAgain = try? ISCP1Payload(rawDataType: payload.rawDataType, decoding: payloadBytes)
            precondition(decodedAgain == payload, "payload changed through encoding: \(payload) became \(String(describing: decodedAgain))")
        }
        for filter in filters {
            _ = filter.passes(unit)
        }
    }
}

/// iSCP v2: a frame that decodes encodes, and decodes again to the same message.
func exerciseISCP2(_ bytes: [UInt8]) {
    let codec = ISCP2MessageCodec()
    guard let message = try? codec.decode(bytes) else { return }
    guard let encoded = try? codec.encode(message) else {
        preconditionFailure("a decoded iSCP v2 message does not encode: \(message)")
    }
    let again = try? codec.decode(encoded)
    precondition(again == message, "iSCP v2 message changed through encoding: \(message) became \(String(describing: again))")
}

#if FUZZING
/// libFuzzer's driver: parses libFuzzer's command line `argc`/`argv` and fuzzes `test`
/// (needs `-enable-experimental-feature Extern`).
@_extern(c, "LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ test: @convention(c) (UnsafeRawPointer?, Int) -> CInt
) -> CInt

// Hands the command line to libFuzzer, which runs until it finds a bug or its limits end it.
var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv, fuzz))
#else
// Replays the files named on the command line through exercise(_:), one by one.
for path in CommandLine.arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else {
        print("\(path): cannot read")
        exit(1)
    }
    exercise(Array(data))
    print("\(path): no crash")
}
#endif
