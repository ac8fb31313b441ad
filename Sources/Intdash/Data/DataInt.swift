import Foundation
import ISCP

extension IntdashData {
    /// An int64 with an id of at most 255 bytes of UTF-8, such as `speed`.
    open class DataInt: IntdashData {
        /// The byte length of id.
        public var idLength: UInt8
        /// The id, UTF-8.
        public var id: [UInt8]
        /// The value.
        public var data: Int64

        /// Creates a value; throws when the id is longer than 255 bytes.
        public convenience init(id: String, data: Int64) throws {
            try self.init(id: Array(id.utf8), data: data)
        }

        /// Creates a value; throws when the id is longer than 255 bytes or not UTF-8.
        public init(id: [UInt8], data: Int64) throws {
            self.idLength = try IdentifiedDataID.length(of: id)
            self.id = id
            self.data = data
            super.init(dataType: .int)
        }

        /// Creates a value from its 8 bytes, little-endian.
        public convenience init(id: String, data: [UInt8]) throws {
            try self.init(id: Array(id.utf8), data: data)
        }

        /// Creates a value from its 8 bytes, little-endian.
        public convenience init(id: [UInt8], data: [UInt8]) throws {
            try self.init(id: id, data: Int64(bitPattern: try LittleEndianBytes.uint64(data)))
        }

        /// Reads `{"id": "speed", "data": 42}`.
        public convenience init?(json: [String: Any]) {
            guard let id = IdentifiedDataID.bytes(inJSON: json), let data = IntdashJSONField.integer(json["data"], as: Int64.self) else { return nil }
            try? self.init(id: id, data: data)
        }

        override func payload() throws -> ISCP1Payload {
            .int(ISCP1IdentifiedValue(id: IdentifiedDataID.text(id), value: data))
        }

        override var jsonObject: [String: Any] {
            ["id": IdentifiedDataID.text(id), "data": data]
        }

        override var primaryValue: Any? {
            data
        }
    }
}
