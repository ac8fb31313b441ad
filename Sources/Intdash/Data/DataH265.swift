import ISCP

extension IntdashData {
    /// An H.265 NAL unit and what kind of unit it is.
    open class DataH265: IntdashData {
        /// The kind of unit; its raw value is the payload's first byte.
        ///
        /// The bytes the 1.x SDK sends are not public; these follow the order in which it
        /// declares the kinds, from 0, as an enumeration without explicit raw values has.
        public enum H265Type: UInt8, Sendable {
            /// An IDR frame.
            case idrFrame
            /// A frame that is not an IDR frame.
            case nonIdrFrame
            /// An extension unit (parameter sets).
            case exUnit
        }

        /// The kind of unit.
        public var type: H265Type
        /// The NAL unit bytes.
        public var data: [UInt8]

        /// Creates an H.265 unit.
        public init(data: [UInt8], type: H265Type) {
            self.type = type
            self.data = data
            super.init(dataType: .h265)
        }

        /// Reads `{"type": 0, "data": "<base64>"}`.
        public convenience init?(json: [String: Any]) {
            guard let raw = IntdashJSONField.integer(json["type"], as: UInt8.self), let type = H265Type(rawValue: raw),
                let data = IntdashJSONField.bytes(json["data"])
            else { return nil }
            self.init(data: data, type: type)
        }

        override func payload() throws -> ISCP1Payload {
            .h265(ISCP1VideoNALUnit(typeID: type.rawValue, data: data))
        }

        override var jsonObject: [String: Any] {
            ["type": Int(type.rawValue), "data": IntdashJSONField.base64(data)]
        }

        override var primaryValue: Any? {
            data
        }
    }
}
