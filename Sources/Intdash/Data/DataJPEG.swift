import ISCP

extension IntdashData {
    /// A JPEG image.
    open class DataJPEG: IntdashData {
        /// The encoded bytes.
        public var data: [UInt8]

        /// Creates a JPEG unit.
        public init(data: [UInt8]) {
            self.data = data
            super.init(dataType: .jpeg)
        }

        /// Reads `{"data": "<base64>"}`.
        public convenience init?(json: [String: Any]) {
            guard let data = IntdashJSONField.bytes(json["data"]) else { return nil }
            self.init(data: data)
        }

        override func payload() throws -> ISCP1Payload {
            .jpeg(data)
        }

        override var jsonObject: [String: Any] {
            ["data": IntdashJSONField.base64(data)]
        }

        override var primaryValue: Any? {
            data
        }
    }
}
