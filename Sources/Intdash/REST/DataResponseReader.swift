import Foundation

/// Reads the protobuf answer of `GET …/api/v1/data` with `Accept: application/protobuf`:
/// records of `[u64 LE length][DataResponseProto]`, where
/// `DataResponseProto{time=1 Timestamp, data_type=2 string, data_id=3 string, data_payload=4 bytes,
/// measurement_uuid=5 string, created_at=6 Timestamp}` (spec §3.1).
///
/// The message is small and flat, so it is read by hand rather than with generated code.
struct DataResponseReader {
    /// One record.
    struct Record {
        var time: Date?
        var dataType = ""
        var dataID = ""
        var payload: [UInt8] = []
        var measurementUUID = ""
        var createdAt: Date?
    }

    /// Why the body could not be read.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// The records of `body`.
    static func records(in body: [UInt8]) throws -> [Record] {
        var records: [Record] = []
        var offset = 0
        while offset < body.count {
            guard body.count - offset >= 8 else { throw Malformed(description: "a record length needs 8 bytes, \(body.count - offset) remain") }
            let length = body[offset..<offset + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            offset += 8
            guard length <= UInt64(body.count - offset) else { throw Malformed(description: "a record of \(length) bytes overruns the body") }
            records.append(try record(body[offset..<offset + Int(length)]))
            offset += Int(length)
        }
        return records
    }

    /// One `DataResponseProto`.
    private static func record(_ bytes: ArraySlice<UInt8>) throws -> Record {
        var record = Record()
        var reader = ProtobufReader(bytes: bytes)
        while let (field, wireType) = try reader.nextKey() {
            switch (field, wireType) {
            case (1, 2): record.time = try timestamp(reader.lengthDelimited())
            case (2, 2): record.dataType = String(decoding: try reader.lengthDelimited(), as: UTF8.self)
            case (3, 2): record.dataID = String(decoding: try reader.lengthDelimited(), as: UTF8.self)
            case (4, 2): record.payload = Array(try reader.lengthDelimited())
            case (5, 2): record.measurementUUID = String(decoding: try reader.lengthDelimited(), as: UTF8.self)
            case (6, 2): record.createdAt = try timestamp(reader.lengthDelimited())
            default: try reader.skip(wireType: wireType)
            }
        }
        return record
    }

    /// A `google.protobuf.Timestamp{seconds=1 int64, nanos=2 int32}`.
    private static func timestamp(_ bytes: ArraySlice<UInt8>) throws -> Date {
        var reader = ProtobufReader(bytes: bytes)
        var seconds: Int64 = 0
        var nanos: Int64 = 0
        while let (field, wireType) = try reader.nextKey() {
            switch (field, wireType) {
            case (1, 0): seconds = Int64(bitPattern: try reader.varint())
            case (2, 0): nanos = Int64(Int32(truncatingIfNeeded: try reader.varint()))
            default: try reader.skip(wireType: wireType)
            }
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(nanos) / 1_000_000_000)
    }
}

/// The protobuf wire format, as far as ``DataResponseReader`` needs it.
struct ProtobufReader {
    /// The bytes left to read.
    var bytes: ArraySlice<UInt8>

    /// The next field number and wire type, or `nil` at the end.
    mutating func nextKey() throws -> (UInt64, UInt64)? {
        guard !bytes.isEmpty else { return nil }
        let key = try varint()
        return (key >> 3, key & 7)
    }

    /// A varint.
    mutating func varint() throws -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while let byte = bytes.popFirst() {
            guard shift < 64 else { break }
            value |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        throw DataResponseReader.Malformed(description: "a truncated or overlong varint")
    }

    /// A length-delimited field's bytes.
    mutating func lengthDelimited() throws -> ArraySlice<UInt8> {
        let length = try varint()
        guard length <= UInt64(bytes.count) else {
            throw DataResponseReader.Malformed(description: "a field of \(length) bytes overruns its message")
        }
        let field = bytes.prefix(Int(length))
        bytes = bytes.dropFirst(Int(length))
        return field
    }

    /// Skips a field of `wireType`.
    mutating func skip(wireType: UInt64) throws {
        switch wireType {
        case 0: _ = try varint()
        case 1, 5:
            let width = wireType == 1 ? 8 : 4
            guard bytes.count >= width else { throw DataResponseReader.Malformed(description: "a truncated fixed-width field") }
            bytes = bytes.dropFirst(width)
        case 2: _ = try lengthDelimited()
        default: throw DataResponseReader.Malformed(description: "wire type \(wireType) is not supported")
        }
    }
}
