/// The payload of an iSCP 1.0 unit read from a stored point: its bytes, or the parts of a
/// Float or Int value's payload, which a writer copies into its output without making an array
/// for each point.
enum ISCP1UnitPayload: Sendable {
    /// The payload's bytes.
    case bytes([UInt8])
    /// A Float or Int value: `prefix` (the id's length in one byte, then the id, shared by
    /// every point of a data id), then the eight bytes of `bits` little-endian.
    case value(prefix: [UInt8], bits: UInt64)

    /// How many bytes the payload has.
    var count: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .value(let prefix, _): prefix.count + 8
        }
    }

    /// The payload's bytes, in one allocation.
    var bytes: [UInt8] {
        switch self {
        case .bytes(let bytes):
            return bytes
        case .value(let prefix, let bits):
            return Array(unsafeUninitializedCapacity: prefix.count + 8) { buffer, count in
                count = buffer.initialize(fromContentsOf: prefix)
                count += withUnsafeBytes(of: bits.littleEndian) {
                    UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(fromContentsOf: $0)
                }
            }
        }
    }
}
