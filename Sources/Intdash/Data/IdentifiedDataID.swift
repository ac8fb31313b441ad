/// The id of a String, Float, Int or Bytes unit: at most 255 bytes of UTF-8.
enum IdentifiedDataID {
    /// Checks `id` and returns its length byte.
    static func length(of id: [UInt8]) throws -> UInt8 {
        guard let length = UInt8(exactly: id.count) else { throw IntdashDataError.idTooLong(id.count) }
        guard String(validating: id, as: UTF8.self) != nil else { throw IntdashDataError.invalidUTF8("the data id") }
        return length
    }

    /// `id` as text; ids are checked to be UTF-8 when they are set.
    static func text(_ id: [UInt8]) -> String {
        String(decoding: id, as: UTF8.self)
    }

    /// The id in a JSON object: `"id"` as text.
    static func bytes(inJSON json: [String: Any]) -> [UInt8]? {
        (json["id"] as? String).map { Array($0.utf8) }
    }
}
