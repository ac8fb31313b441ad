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
