import Foundation
import ISCP

extension IntdashData {
    /// Bytes with an id of at most 255 bytes of UTF-8, such as `speed`.
    open class DataBytes: IntdashData {
        /// The byte length of id.
        public var idLength: UInt8
        /// The id, UTF-8.
        public var id: [UInt8]
        /// The value.
        public var data: [UInt8]

        /// Creates a value; throws when the id is longer than 255 bytes.
        public convenience init(id: String, data: [UInt8]) throws {
            try self.init(id: Array(id.utf8), data: data)
        }

        /// Creates a value; throws when the id is longer than 255 bytes or not UTF-8.
        public init(id: [UInt8], data: [UInt8]) throws {
            self.idLength = try IdentifiedDataID.length(of: id)
            self.id = id
            self.data = data
            super.init(dataType: .bytes)
        }

        /// Reads `{"id": "speed", "data": "<base64>"}`.
        public convenience init?(json: [String: Any]) {
            guard let id = IdentifiedDataID.bytes(inJSON: json), let data = IntdashJSONField.bytes(json["data"]) else { return nil }
            try? self.init(id: id, data: data)
        }

        override func payload() throws -> ISCP1Payload {
            .bytes(ISCP1IdentifiedValue(id: IdentifiedDataID.text(id), value: data))
        }

        override var jsonObject: [String: Any] {
            ["id": IdentifiedDataID.text(id), "data": IntdashJSONField.base64(data)]
        }

        override var primaryValue: Any? {
            data
        }
    }
}
