/// One step of an LZ77 parse: a literal byte, or a match of a length (3…258) at a distance
/// (1…32768) back, packed in 32 bits.
struct LZ77Token {
    /// A literal in the low 8 bits; or for a match, ``matchFlag``, the length above bit 16
    /// and the distance in the low 16 bits.
    let packed: UInt32

    /// Marks a match.
    private static let matchFlag: UInt32 = 1 << 31

    /// A literal byte.
    init(literal: UInt8) {
        packed = UInt32(literal)
    }

    /// A match of `length` bytes `distance` bytes back.
    init(length: Int, distance: Int) {
        packed = Self.matchFlag | UInt32(length) << 16 | UInt32(distance - 1)
    }

    /// Whether this is a match.
    var isMatch: Bool { packed & Self.matchFlag != 0 }
    /// The literal byte of a literal.
    var literal: Int { Int(packed & 0xFF) }
    /// The length of a match.
    var length: Int { Int(packed >> 16 & 0x1FF) }
    /// The distance of a match.
    var distance: Int { Int(packed & 0xFFFF) + 1 }
}
