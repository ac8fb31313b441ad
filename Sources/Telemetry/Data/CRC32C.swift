import CCRC32C

/// CRC-32C (Castagnoli, reflected polynomial `0x82F63B78`), the checksum iSCSI, ext4 and
/// LevelDB use to tell a torn or rotten record from a whole one.
///
/// A record is checked whole every time it is read, so the checksum should cost little next to
/// reading it: where the processor has a CRC-32C instruction (SSE 4.2, AArch64's CRC32
/// extension) contiguous bytes go through it eight at a time; elsewhere through eight tables
/// ("slicing by 8"), which gives the same checksum as a byte at a time in about a quarter of
/// the time.
///
/// ```swift
/// CRC32C.checksum(of: Array("123456789".utf8)) // 0xE3069283
/// ```
enum CRC32C {
    /// How a checksum is computed.
    enum Method: CaseIterable {
        /// The processor's CRC-32C instruction, when ``isHardwareAvailable``.
        case hardware
        /// Eight tables.
        case tables
    }

    /// Whether this processor has the CRC-32C instruction.
    static let isHardwareAvailable = chancery_crc32c_hardware_available() == 1

    /// The checksum of `bytes`, computed the fastest way this processor has.
    static func checksum(of bytes: some Sequence<UInt8>) -> UInt32 {
        checksum(of: bytes, using: isHardwareAvailable ? .hardware : .tables)
    }

    /// The checksum of `bytes`, computed by `method`; `.hardware` only when
    /// ``isHardwareAvailable``.
    static func checksum(of bytes: some Sequence<UInt8>, using method: Method) -> UInt32 {
        let crc =
            bytes.withContiguousStorageIfAvailable { update(0xffff_ffff, with: UnsafeRawBufferPointer($0), using: method) }
            ?? bytes.reduce(UInt32(0xffff_ffff)) { update($0, with: $1) }
        return crc ^ 0xffff_ffff
    }

    /// `crc` updated with `bytes` by `method`.
    private static func update(_ crc: UInt32, with bytes: UnsafeRawBufferPointer, using method: Method) -> UInt32 {
        switch method {
        case .hardware:
            precondition(isHardwareAvailable, "the CRC-32C instruction was used where the processor has none")
            return bytes.baseAddress.map { chancery_crc32c_hardware_update(crc, $0, bytes.count) } ?? crc
        case .tables:
            return update(crc, with: bytes)
        }
    }

    /// `crc` updated with one byte.
    private static func update(_ crc: UInt32, with byte: UInt8) -> UInt32 {
        tables[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] ^ (crc >> 8)
    }

    /// `crc` updated with `bytes`, eight bytes at a time and the rest one at a time.
    private static func update(_ crc: UInt32, with bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc = crc
        var offset = 0
        tables.withUnsafeBufferPointer { tables in
            while offset + 8 <= bytes.count {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) ^ UInt64(crc)
                crc =
                    tables[7 << 8 | Int(word & 0xff)] ^ tables[6 << 8 | Int(word >> 8 & 0xff)]
                    ^ tables[5 << 8 | Int(word >> 16 & 0xff)] ^ tables[4 << 8 | Int(word >> 24 & 0xff)]
                    ^ tables[3 << 8 | Int(word >> 32 & 0xff)] ^ tables[2 << 8 | Int(word >> 40 & 0xff)]
                    ^ tables[1 << 8 | Int(word >> 48 & 0xff)] ^ tables[Int(word >> 56)]
                offset += 8
            }
            while offset < bytes.count {
                crc = tables[Int(UInt8(truncatingIfNeeded: crc) ^ bytes[offset])] ^ (crc >> 8)
                offset += 1
            }
        }
        return crc
    }

    /// Eight tables of 256 entries, one after the other. The first holds the checksum of each
    /// byte value, for the byte-at-a-time update; entry `i` of table `k` is that of byte `i`
    /// followed by `k` zero bytes, so that the eight bytes of a word are looked up at once.
    private static let tables: [UInt32] = {
        var tables = (0...255).map { index in
            var value = UInt32(index)
            for _ in 0..<8 {
                value = value & 1 == 1 ? (value >> 1) ^ 0x82f6_3b78 : value >> 1
            }
            return value
        }
        for entry in 256..<(8 * 256) {
            let previous = tables[entry - 256]
            tables.append((previous >> 8) ^ tables[Int(previous & 0xff)])
        }
        return tables
    }()
}
