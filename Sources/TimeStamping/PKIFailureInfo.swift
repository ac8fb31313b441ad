import SwiftASN1

/// The reasons a TSA gives for a rejection (RFC 3161 §2.4.2, `PKIFailureInfo`): a named BIT STRING
/// in which bit 0 is the first (most significant) bit on the wire.
public struct PKIFailureInfo: OptionSet, Hashable, Sendable {
    /// Bit *n* of the BIT STRING is `1 << n` here.
    public var rawValue: UInt32

    /// Creates a set from its bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Unrecognised or unsupported algorithm identifier.
    public static let badAlg = PKIFailureInfo(rawValue: 1 << 0)
    /// Transaction not permitted or supported.
    public static let badRequest = PKIFailureInfo(rawValue: 1 << 2)
    /// The data submitted has the wrong format.
    public static let badDataFormat = PKIFailureInfo(rawValue: 1 << 5)
    /// The TSA's time source is not available.
    public static let timeNotAvailable = PKIFailureInfo(rawValue: 1 << 14)
    /// The requested TSA policy is not supported.
    public static let unacceptedPolicy = PKIFailureInfo(rawValue: 1 << 15)
    /// The requested extension is not supported.
    public static let unacceptedExtension = PKIFailureInfo(rawValue: 1 << 16)
    /// The additional information requested is not available.
    public static let addInfoNotAvailable = PKIFailureInfo(rawValue: 1 << 17)
    /// The request cannot be handled due to a system failure.
    public static let systemFailure = PKIFailureInfo(rawValue: 1 << 25)

    /// Reads the set from a BIT STRING; bits beyond 31 are not defined and are ignored.
    public init(bitString: ASN1BitString) {
        var value: UInt32 = 0
        for (byteIndex, byte) in bitString.bytes.enumerated() where byteIndex < 4 {
            for bit in 0..<8 where byte & (0x80 >> UInt8(bit)) != 0 {
                value |= 1 << UInt32(byteIndex * 8 + bit)
            }
        }
        self.init(rawValue: value)
    }

    /// The set as a DER BIT STRING: named-bit lists drop trailing zero bits (X.690 §11.2.2).
    public var bitString: ASN1BitString {
        guard rawValue != 0 else { return ASN1BitString(bytes: [], paddingBits: 0) }
        let highest = 31 - rawValue.leadingZeroBitCount
        var bytes = [UInt8](repeating: 0, count: highest / 8 + 1)
        for bit in 0...highest where rawValue & (1 << UInt32(bit)) != 0 {
            bytes[bit / 8] |= 0x80 >> UInt8(bit % 8)
        }
        return ASN1BitString(bytes: ArraySlice(bytes), paddingBits: 7 - highest % 8)
    }
}
