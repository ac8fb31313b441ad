/// Why a unit could not be made or read.
public enum IntdashDataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An id is longer than the 255 bytes its length field can say.
    case idTooLong(Int)
    /// Bytes that should be UTF-8 text are not.
    case invalidUTF8(String)
    /// A payload does not have the layout its data type needs: what is wrong.
    case invalidPayload(String)
    /// The data type byte is none of ``IntdashDataType``.
    case unknownDataType(UInt8)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .idTooLong(let length): "an id of \(length) bytes is longer than 255 bytes"
        case .invalidUTF8(let what): "\(what) is not valid UTF-8"
        case .invalidPayload(let problem): "invalid payload: \(problem)"
        case .unknownDataType(let byte): "unknown data type 0x\(String(byte, radix: 16))"
        }
    }
}
