import Foundation
import SQLKit

/// How the tables that keep each record as one JSON text (see ``JSONBodyTable``) write and read
/// that text: dates as milliseconds since 1970, keys sorted, so that the same record always
/// gives the same text.
enum JSONBodyCodec {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }()

    /// The text of the `body` column for `record`.
    static func body(of record: some Encodable) throws -> String {
        String(decoding: try encoder.encode(record), as: UTF8.self)
    }

    /// The record whose text is the `body` column of `row`.
    static func record<Record: Decodable>(_ type: Record.Type, in row: any SQLRow) throws -> Record {
        try decoder.decode(type, from: Data(try row.decode(column: "body", as: String.self).utf8))
    }
}
