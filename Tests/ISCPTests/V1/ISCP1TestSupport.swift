import Foundation
import ISCP
import Testing

/// Hexadecimal text and bytes, for writing test vectors as the spec writes them.
enum ISCP1Hex {
    /// The bytes of `hex`, two digits a byte; spaces are ignored.
    static func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.filter { !$0.isWhitespace })
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
    }

    /// `bytes` as lowercase hexadecimal.
    static func string(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

/// The UUIDs of the spec's test vectors (§2.2) and one more.
enum ISCP1TestUUIDs {
    /// E, the edge of the spec's vectors.
    static let edge = UUID(uuidString: "11111111-2222-3333-4444-555555555555")!
    /// M, the measurement of the spec's vectors.
    static let measurement = UUID(uuidString: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee")!
    /// D, a destination edge.
    static let destination = UUID(uuidString: "01234567-89ab-cdef-0123-456789abcdef")!
    /// The null UUID, which closes streams.
    static let null = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
}

/// A small deterministic random number generator (SplitMix64), so that random tests repeat.
struct ISCP1SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator from `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
        return mixed ^ (mixed >> 31)
    }
}

/// Decodes `hex`, which must hold exactly one element.
func decodeOneISCP1Element(_ hex: String) throws -> ISCP1Element {
    let elements = try ISCP1Decoder().decode(ISCP1Hex.bytes(hex))
    try #require(elements.count == 1)
    return elements[0]
}

/// The bytes of `elements` as hexadecimal.
func encodeISCP1Hex(_ elements: [ISCP1Element]) throws -> String {
    ISCP1Hex.string(try ISCP1Encoder().encode(elements))
}
