import ChanceryTestSupport
import Foundation
import ISCP
import Testing

/// Randomly mutated valid messages never crash the decoder, and whatever still decodes
/// survives re-encoding; so do the payloads of the units in it.
@Suite struct ISCP1MutationTests {
    /// Valid messages to mutate: every round-trip element, one payload of each type, and the
    /// vectors of the spec.
    static func seeds() throws -> [[UInt8]] {
        var messages = [try ISCP1Encoder().encode(ISCP1RoundTripTests.elements)]
        for payload in ISCP1RoundTripTests.payloads {
            let unit = try ISCP1Unit(
                streamID: 1, channel: 1, elapsedTime: ISCP1ElapsedTime(seconds: 1, fraction: 2, precision: .nanoseconds), payload: payload
            )
            messages.append(try ISCP1Encoder().encode([.startOfSection(ISCP1StartOfSection(streamID: 1, serialNumber: 0)), .unit(unit)]))
        }
        messages.append(ISCP1Hex.bytes("aaf90100000000aa0301010c0200029435772801782a00000000000000aaf8010000000000"))
        messages.append(ISCP1Hex.bytes("aa900001010002aaaaaaaabbbbccccddddeeeeeeeeeeee11111111222233334444555555555555"))
        return messages
    }

    /// Changes `message` in one random way.
    static func mutate(_ message: inout [UInt8], using generator: inout SeededGenerator) {
        let index = message.isEmpty ? 0 : Int.random(in: 0..<message.count, using: &generator)
        switch Int.random(in: 0..<6, using: &generator) {
        case 0 where !message.isEmpty:
            message[index] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
        case 1 where !message.isEmpty:
            message[index] = [0x00, 0xff, 0xaa, 0x03, 0x7f, 0x80, UInt8.random(in: 0...255, using: &generator)].randomElement(using: &generator)!
        case 2:
            let count = Int.random(in: 1...8, using: &generator)
            message.insert(contentsOf: (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }, at: index)
        case 3 where !message.isEmpty:
            message.removeSubrange(index..<min(message.count, index + Int.random(in: 1...8, using: &generator)))
        case 4:
            message.removeSubrange(index...)
        default:
            message += message[index...]
        }
    }

    @Test func seededMutationsNeverCrash() throws {
        var generator = SeededGenerator(seed: 0x15C9_0001)
        let seeds = try Self.seeds()
        let started = ContinuousClock.now
        var decodedCount = 0
        for _ in 0..<20_000 {
            var message = seeds.randomElement(using: &generator)!
            for _ in 0...Int.random(in: 0...3, using: &generator) {
                Self.mutate(&message, using: &generator)
            }
            do {
                let elements = try ISCP1Decoder().decode(message)
                decodedCount += 1
                #expect(try ISCP1Decoder().decode(ISCP1Encoder().encode(elements)) == elements)
                for case .unit(let unit) in elements {
                    // A payload that decodes encodes back to exactly its bytes (compared as
                    // bytes, since a mutated float may be a NaN, which equals nothing).
                    if let payload = try? unit.decodedPayload() {
                        #expect(try payload.encoded() == unit.payload)
                    }
                }
            } catch let error as ISCP1DecodingError {
                #expect(error.offset >= 0 && error.offset <= message.count)
            }
        }
        #expect(decodedCount > 0)
        #expect(ContinuousClock.now - started < .seconds(60))
    }
}
