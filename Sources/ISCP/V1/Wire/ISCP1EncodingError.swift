/// Why a value cannot be written in the iSCP 1.0 format: it does not fit the field the format
/// has for it.
public enum ISCP1EncodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A list has more items than its count field can say.
    case tooMany(String, count: Int, maximum: Int)
    /// A number is larger than its field can hold.
    case outOfRange(String, value: UInt64, maximum: UInt64)
    /// A filter condition has no wire form for the data type it is attached to (for example
    /// labels on a CAN filter, or masks on a JPEG filter).
    case conditionDoesNotFitDataType(rawDataType: UInt8)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .tooMany(let what, let count, let maximum):
            "iSCP 1.0 encoding error: \(count) \(what), at most \(maximum) fit"
        case .outOfRange(let what, let value, let maximum):
            "iSCP 1.0 encoding error: \(what) \(value) is larger than the largest encodable value \(maximum)"
        case .conditionDoesNotFitDataType(let rawDataType):
            "iSCP 1.0 encoding error: this filter condition has no wire form for data type 0x\(ISCP1DataID.hex(rawDataType, digits: 2))"
        }
    }
}
