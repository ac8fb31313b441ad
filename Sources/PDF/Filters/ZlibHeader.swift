/// The two-byte header of a zlib stream (RFC 1950 §2.2).
enum ZlibHeader {
    /// The header ``Deflater`` writes: deflate with a 32 KiB window, default compression,
    /// no preset dictionary.
    static let bytes: [UInt8] = [0x78, 0x9C]

    /// Whether `bytes` begin with a zlib header this module can decode: compression method 8
    /// (deflate), a window of at most 32 KiB, a valid check value and no preset dictionary.
    static func isValid(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        let method = bytes[0]
        let flags = bytes[1]
        return method & 0x0F == 8
            && method >> 4 <= 7
            && (Int(method) << 8 | Int(flags)) % 31 == 0
            && flags & 0x20 == 0
    }
}
