import ISCP

extension IntdashData {
    /// A CAN frame: identifier, data length code and data.
    open class DataCAN: IntdashData {
        /// The CAN identifier.
        public var id: UInt32
        /// How many bytes of ``data`` the frame carries.
        public var dlc: UInt8
        /// The frame's data.
        public var data: [UInt8]

        /// Creates a frame; only the first `dlc` bytes of `data` are sent.
        public init(id: UInt32, dlc: UInt8, data: [UInt8]) {
            self.id = id
            self.dlc = dlc
            self.data = data
            super.init(dataType: .can)
        }

        /// Reads `{"id": 291, "dlc": 2, "data": "<base64>"}`.
        public convenience init?(json: [String: Any]) {
            guard let id = IntdashJSONField.integer(json["id"], as: UInt32.self),
                let data = IntdashJSONField.bytes(json["data"])
            else { return nil }
            let dlc = IntdashJSONField.integer(json["dlc"], as: UInt8.self) ?? UInt8(clamping: data.count)
            self.init(id: id, dlc: dlc, data: data)
        }

        override func payload() throws -> ISCP1Payload {
            .can(ISCP1CANFrame(id: id, data: Array(data.prefix(Int(dlc)))))
        }

        override var jsonObject: [String: Any] {
            ["id": Int(id), "dlc": Int(dlc), "data": IntdashJSONField.base64(data)]
        }

        override var primaryValue: Any? {
            data
        }
    }
}
