import ISCP

extension IntdashData {
    /// An H.264 NAL unit and what kind of unit it is.
    open class DataH264: IntdashData {
        /// The kind of unit; its raw value is the payload's first byte.
        ///
        /// The bytes the 1.x SDK sends are not public; these follow the order in which it
        /// declares the kinds, from 0, as an enumeration without explicit raw values has.
        public enum H264Type: UInt8, Sendable {
            /// An IDR frame.
            case idrFrame
            /// A frame that is not an IDR frame.
            case nonIdrFrame
            /// An extension unit (parameter sets).
            case exUnit
            /// An SEI unit.
            case seiUnit
        }

        /// The kind of unit.
        public var type: H264Type
        /// The NAL unit bytes.
        public var data: [UInt8]

        /// Creates an H.264 unit.
        public init(data: [UInt8], type: H264Type) {
            self.type = type
            self.data = data
            super.init(dataType: .h264)
        }

        /// Reads `{"type": 0, "data": "<base64>"}`.
        public convenience init?(json: [String: Any]) {
            guard let raw = IntdashJSONField.integer(json["type"], as: UInt8.self), let type = H264Type(rawValue: raw),
                let data = IntdashJSONField.bytes(json["data"])
            else { return nil }
            self.init(data: data, type: type)
        }

        override func payload() throws -> ISCP1Payload {
            .h264(ISCP1VideoNALUnit(typeID: type.rawValue, data: data))
        }

        override var jsonObject: [String: Any] {
            ["type": Int(type.rawValue), "data": IntdashJSONField.base64(data)]
        }

        override var primaryValue: Any? {
            data
        }
    }
}
