import ISCP

extension IntdashData {
    /// Data of no particular type, with a 32-bit id.
    open class DataGeneric: IntdashData {
        /// The data's id.
        public var id: UInt32
        /// The data.
        public var data: [UInt8]

        /// Creates generic data.
        public init(id: UInt32, data: [UInt8]) {
            self.id = id
            self.data = data
            super.init(dataType: .generic)
        }

        /// Reads `{"id": 1, "data": "<base64>"}`.
        public convenience init?(json: [String: Any]) {
            guard let id = IntdashJSONField.integer(json["id"], as: UInt32.self), let data = IntdashJSONField.bytes(json["data"]) else {
                return nil
            }
            self.init(id: id, data: data)
        }

        override func payload() throws -> ISCP1Payload {
            .generic(ISCP1GenericData(id: id, data: data))
        }

        override var jsonObject: [String: Any] {
            ["id": Int(id), "data": IntdashJSONField.base64(data)]
        }

        override var primaryValue: Any? {
            data
        }
    }
}
