/// CRC-32C (Castagnoli, reflected polynomial `0x82F63B78`), the checksum iSCSI, ext4 and
/// LevelDB use to tell a torn or rotten record from a whole one.
///
/// ```swift
/// CRC32C.checksum(of: Array("123456789".utf8)) // 0xE3069283
/// ```
enum CRC32C {
    /// The checksum of `bytes`.
    static func checksum(of bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc = table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] ^ (crc >> 8)
        }
        return crc ^ 0xffff_ffff
    }

    /// The checksum of each byte value, for the byte-at-a-time update.
    private static let table: [UInt32] = (0...255).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? (value >> 1) ^ 0x82f6_3b78 : value >> 1
        }
        return value
    }
}
