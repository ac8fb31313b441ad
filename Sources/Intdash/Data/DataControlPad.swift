import ISCP

extension IntdashData {
    /// The state of a control pad.
    open class DataControlPad: IntdashData {
        /// Which control pad message this is.
        public var id: UInt8
        /// The pad's state.
        public var data: [UInt8]

        /// Creates a control pad state.
        public init(data: [UInt8], id: UInt8) {
            self.id = id
            self.data = data
            super.init(dataType: .controlPad)
        }

        /// Reads `{"id": 1, "data": "<base64>"}`.
        public convenience init?(json: [String: Any]) {
            guard let id = IntdashJSONField.integer(json["id"], as: UInt8.self), let data = IntdashJSONField.bytes(json["data"]) else {
                return nil
            }
            self.init(data: data, id: id)
        }

        override func payload() throws -> ISCP1Payload {
            .controlPad(ISCP1ControlPadState(id: id, data: data))
        }

        override var jsonObject: [String: Any] {
            ["id": Int(id), "data": IntdashJSONField.base64(data)]
        }

        override var primaryValue: Any? {
            data
        }
    }
}
