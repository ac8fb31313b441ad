import Foundation
import ISCP

extension IntdashData {
    /// A text with an id of at most 255 bytes of UTF-8, such as `speed`.
    open class DataString: IntdashData {
        /// The byte length of id.
        public var idLength: UInt8
        /// The id, UTF-8.
        public var id: [UInt8]
        /// The value.
        public var data: String

        /// Creates a value; throws when the id is longer than 255 bytes.
        public convenience init(id: String, data: String) throws {
            try self.init(id: Array(id.utf8), data: data)
        }

        /// Creates a value; throws when the id is longer than 255 bytes or not UTF-8.
        public init(id: [UInt8], data: String) throws {
            self.idLength = try IdentifiedDataID.length(of: id)
            self.id = id
            self.data = data
            super.init(dataType: .string)
        }

        /// Creates a value from the UTF-8 bytes of its text.
        public convenience init(id: String, data: [UInt8]) throws {
            try self.init(id: Array(id.utf8), data: data)
        }

        /// Creates a value from the UTF-8 bytes of its text.
        public convenience init(id: [UInt8], data: [UInt8]) throws {
            guard let text = String(validating: data, as: UTF8.self) else { throw IntdashDataError.invalidUTF8("the String value") }
            try self.init(id: id, data: text)
        }

        /// Reads `{"id": "speed", "data": "text"}`.
        public convenience init?(json: [String: Any]) {
            guard let id = IdentifiedDataID.bytes(inJSON: json), let data = json["data"] as? String else { return nil }
            try? self.init(id: id, data: data)
        }

        override func payload() throws -> ISCP1Payload {
            .string(ISCP1IdentifiedValue(id: IdentifiedDataID.text(id), value: data))
        }

        override var jsonObject: [String: Any] {
            ["id": IdentifiedDataID.text(id), "data": data]
        }

        override var primaryValue: Any? {
            data
        }
    }
}
