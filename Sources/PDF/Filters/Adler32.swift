/// The Adler-32 checksum that ends a zlib stream (RFC 1950 §8.2).
enum Adler32 {
    /// The checksum of `bytes`.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        let modulus: UInt32 = 65_521
        /// The most bytes that can be summed before `high` could overflow 32 bits.
        let chunkSize = 5_552
        var low: UInt32 = 1
        var high: UInt32 = 0
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(start + chunkSize, buffer.count)
                for index in start..<end {
                    low &+= UInt32(buffer[index])
                    high &+= low
                }
                low %= modulus
                high %= modulus
                start = end
            }
        }
        return high << 16 | low
    }
}
