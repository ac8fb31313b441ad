// The iSCP codecs' fuzz target, built as a libFuzzer fuzzer by scripts/fuzz-iscp and as a
// replaying tool by a plain `swift build` (see Fuzz/FuzzDriver).
//
// Each input is read as an iSCP 1.0 WebSocket message and as an iSCP v2 frame. Decoding errors
// are expected; a crash, a hang, a sanitizer report, or a decoded value that does not survive
// being encoded and decoded again is a bug.

import Foundation
import FuzzDriver
import ISCP

/// Decodes `bytes` with both codecs and checks that what decodes round-trips.
func exercise(_ bytes: [UInt8]) {
    exerciseISCP1(bytes)
    exerciseISCP2(bytes)
}

/// iSCP 1.0: the elements of a message encode, and decode again to the same elements; each
/// unit's payload that decodes encodes, and decodes to a payload of the same bytes; the
/// downstream filters of a filter request judge every unit of the message.
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
            // Compared as bytes, not values: a Float payload may be a NaN, which equals nothing.
            let decodedAgain = try? ISCP1Payload(rawDataType: payload.rawDataType, decoding: payloadBytes)
            let bytesAgain = try? decodedAgain?.encoded()
            precondition(
                bytesAgain == payloadBytes, "payload changed through encoding: \(payload) became \(String(describing: decodedAgain))")
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

FuzzDriver.run(exercise)
