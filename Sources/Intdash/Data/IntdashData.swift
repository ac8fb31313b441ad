import ISCP

/// One piece of data that travels in a unit: a CAN frame, a sensor reading, a video frame, a
/// named value, or the base time of a measurement. Each data type is a subclass, such as
/// ``DataFloat`` or ``DataCAN``.
///
/// The payload bytes are laid out by the `ISCP` module's payload types (spec §2.4); this class
/// family is the intdash SDK's object model on top of them. Two values are equal when they
/// have the same data type and the same payload bytes.
///
/// Each subclass also reads and writes a JSON object (`init?(json:)`), the `data` of a
/// ``DataPoint``. Its keys are the subclass's property names; byte arrays are base64 strings
/// (an array of numbers is accepted too). This shape is the SDK's own: the 1.x SDK's is not
/// documented.
open class IntdashData: Equatable {
    /// The data type.
    public final let dataType: IntdashDataType

    /// Creates a value of `dataType`; only the subclasses call it.
    init(dataType: IntdashDataType) {
        self.dataType = dataType
    }

    /// The byte length of the payload.
    public func dataLength() throws -> Int {
        try payloadBytes().count
    }

    /// The payload, as the `ISCP` module models it. Each subclass overrides it.
    func payload() throws -> ISCP1Payload {
        throw IntdashDataError.invalidPayload("\(type(of: self)) has no payload")
    }

    /// The JSON object that `init?(json:)` of the subclass reads back. Each subclass overrides it.
    var jsonObject: [String: Any] {
        [:]
    }

    /// The main value, as ``RealtimeDataPoint/data`` shows it: the number of a ``DataFloat``,
    /// the text of a ``DataString``, the bytes of most other types. Subclasses override it.
    var primaryValue: Any? {
        nil
    }

    /// The payload bytes.
    func payloadBytes() throws -> [UInt8] {
        try payload().encoded()
    }

    /// Whether both have the same data type and payload bytes.
    public static func == (lhs: IntdashData, rhs: IntdashData) -> Bool {
        guard lhs.dataType == rhs.dataType else { return false }
        guard let left = try? lhs.payloadBytes(), let right = try? rhs.payloadBytes() else { return false }
        return left == right
    }
}
