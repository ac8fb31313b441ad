/// The entries of one level-0 tile, as C2SP tlog-tiles serves them: each entry preceded by
/// its length as a big-endian 16-bit number.
public enum EntryBundle {
    /// The longest entry a bundle can carry.
    public static let maxEntryLength = Int(UInt16.max)

    /// Why a bundle cannot be read or written.
    public enum Error: Swift.Error, Equatable {
        /// An entry is longer than ``EntryBundle/maxEntryLength``.
        case entryTooLong(Int)
        /// The bytes end in the middle of a length or an entry.
        case truncated
    }

    /// The bundle of `entries`.
    public static func encode(_ entries: [[UInt8]]) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.reduce(0) { $0 + 2 + $1.count })
        for entry in entries {
            guard entry.count <= maxEntryLength else { throw Error.entryTooLong(entry.count) }
            bytes.append(UInt8(entry.count >> 8))
            bytes.append(UInt8(entry.count & 0xFF))
            bytes += entry
        }
        return bytes
    }

    /// The entries of a bundle. Any byte string gives entries or an error; none crashes.
    public static func decode(_ bytes: [UInt8]) throws -> [[UInt8]] {
        var entries: [[UInt8]] = []
        var offset = 0
        while offset < bytes.count {
            guard offset + 2 <= bytes.count else { throw Error.truncated }
            let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            offset += 2
            guard offset + length <= bytes.count else { throw Error.truncated }
            entries.append(Array(bytes[offset..<offset + length]))
            offset += length
        }
        return entries
    }
}
