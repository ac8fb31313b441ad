import Foundation

/// One stored chunk as it lies in a segment file: a checked header and a body with the chunk's
/// stream, sequence number and points.
///
/// The layout, all integers little-endian:
///
/// ```text
/// record   = header body
/// header   = magic "TCHK" (4 bytes) | version u8 (1) | reserved 3 bytes (0)
///            | body length u32 | CRC-32C of the body u32                       (16 bytes)
/// body     = stream id (16 bytes, RFC 4122 order) | sequence number u32 | group count u32
///            | group*
/// group    = name length u16 | name (UTF-8) | type length u16 | type (UTF-8)
///            | point count u32 | point*
/// point    = elapsed time i64 (ns since the base time) | payload length u32 | payload
/// ```
///
/// The checksum tells a whole record from a torn one (a crash in the middle of a write) or one
/// the disk changed; the index in the database says where each acknowledged record starts and
/// how long it is, so a reader never has to scan for records.
struct TelemetryChunkRecord: Hashable, Sendable {
    /// The stream the chunk came from.
    let streamID: UUID
    /// The chunk's position in its stream.
    let sequenceNumber: UInt32
    /// The points, by data id.
    let groups: [TelemetryDataPointGroup]

    /// The first four bytes of every record.
    static let magic: [UInt8] = Array("TCHK".utf8)
    /// The layout version this code writes and reads.
    static let version: UInt8 = 1
    /// The size of the header in bytes.
    static let headerSize = 16

    /// The record's bytes, header included.
    ///
    /// - Throws: ``TelemetryDataStoreError/unstorable(_:)`` when a name, a type, a payload or
    ///   the whole record is longer than its length field can say.
    func encoded() throws -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(24 + groups.reduce(0) { $0 + 8 + $1.dataPoints.reduce(0) { $0 + 12 + $1.payload.count } })
        withUnsafeBytes(of: streamID.uuid) { body.append(contentsOf: $0) }
        Self.append(sequenceNumber, to: &body)
        Self.append(UInt32(try Self.checked(groups.count, fits: UInt32.self, "group count")), to: &body)
        for group in groups {
            try Self.appendString(group.dataID.name, of: "data id name", to: &body)
            try Self.appendString(group.dataID.type, of: "data id type", to: &body)
            Self.append(UInt32(try Self.checked(group.dataPoints.count, fits: UInt32.self, "point count")), to: &body)
            for point in group.dataPoints {
                Self.append(UInt64(bitPattern: point.elapsedTime), to: &body)
                Self.append(UInt32(try Self.checked(point.payload.count, fits: UInt32.self, "payload length")), to: &body)
                body.append(contentsOf: point.payload)
            }
        }
        var record = Self.magic + [Self.version, 0, 0, 0]
        record.reserveCapacity(Self.headerSize + body.count)
        Self.append(UInt32(try Self.checked(body.count, fits: UInt32.self, "record length")), to: &record)
        Self.append(CRC32C.checksum(of: body), to: &record)
        record.append(contentsOf: body)
        return record
    }

    /// Reads the record that `bytes` holds exactly, checking its header and checksum.
    ///
    /// - Throws: ``TelemetryDataStoreError/corruptRecord(_:)`` saying what is wrong.
    init(decoding bytes: [UInt8]) throws {
        guard bytes.count >= Self.headerSize else { throw Self.corrupt("\(bytes.count) bytes are too few for a header") }
        guard Array(bytes[0..<4]) == Self.magic else { throw Self.corrupt("the magic bytes are wrong") }
        guard bytes[4] == Self.version else { throw Self.corrupt("layout version \(bytes[4]) is unknown") }
        guard bytes[5..<8].allSatisfy({ $0 == 0 }) else { throw Self.corrupt("the reserved header bytes are not zero") }
        var header = Reader(bytes[8..<16])
        let length = Int(try header.read(UInt32.self))
        let checksum = try header.read(UInt32.self)
        guard bytes.count == Self.headerSize + length else {
            throw Self.corrupt("the header announces \(length) body bytes but \(bytes.count - Self.headerSize) are there")
        }
        let body = bytes[Self.headerSize...]
        guard CRC32C.checksum(of: body) == checksum else { throw Self.corrupt("the checksum does not match the body") }
        var reader = Reader(body)
        let uuid = Array(try reader.bytes(16))
        streamID = UUID(
            uuid: (
                uuid[0], uuid[1], uuid[2], uuid[3], uuid[4], uuid[5], uuid[6], uuid[7],
                uuid[8], uuid[9], uuid[10], uuid[11], uuid[12], uuid[13], uuid[14], uuid[15]
            ))
        sequenceNumber = try reader.read(UInt32.self)
        let groupCount = Int(try reader.read(UInt32.self))
        var groups: [TelemetryDataPointGroup] = []
        for _ in 0..<groupCount {
            let name = try reader.string()
            let type = try reader.string()
            let pointCount = Int(try reader.read(UInt32.self))
            guard pointCount <= reader.remaining / 12 else { throw Self.corrupt("\(pointCount) points cannot fit in what is left") }
            var points: [TelemetryDataPoint] = []
            points.reserveCapacity(pointCount)
            for _ in 0..<pointCount {
                let elapsed = Int64(bitPattern: try reader.read(UInt64.self))
                let payload = try reader.bytes(Int(try reader.read(UInt32.self)))
                points.append(TelemetryDataPoint(elapsedTime: elapsed, payload: payload))
            }
            groups.append(TelemetryDataPointGroup(dataID: TelemetryDataID(name: name, type: type), dataPoints: points))
        }
        guard reader.remaining == 0 else { throw Self.corrupt("\(reader.remaining) bytes follow the last group") }
        self.groups = groups
    }

    /// Creates the record of a chunk.
    init(streamID: UUID, sequenceNumber: UInt32, groups: [TelemetryDataPointGroup]) {
        self.streamID = streamID
        self.sequenceNumber = sequenceNumber
        self.groups = groups
    }

    private static func corrupt(_ reason: String) -> TelemetryDataStoreError {
        .corruptRecord(reason)
    }

    private static func checked<Field: FixedWidthInteger>(_ value: Int, fits: Field.Type, _ what: String) throws -> Int {
        guard value <= Int(Field.max) else { throw TelemetryDataStoreError.unstorable("a \(what) of \(value) exceeds \(Field.max)") }
        return value
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func appendString(_ string: String, of what: String, to bytes: inout [UInt8]) throws {
        let utf8 = Array(string.utf8)
        append(UInt16(try checked(utf8.count, fits: UInt16.self, "\(what) length")), to: &bytes)
        bytes.append(contentsOf: utf8)
    }

    /// Reads a record body front to back, refusing to read past its end. What it reads are
    /// slices of the record, so payloads share its bytes and reading allocates nothing.
    private struct Reader {
        private var bytes: ArraySlice<UInt8>

        init(_ bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
        }

        var remaining: Int { bytes.count }

        mutating func bytes(_ count: Int) throws -> ArraySlice<UInt8> {
            guard count <= bytes.count else { throw TelemetryChunkRecord.corrupt("\(count) bytes wanted but \(bytes.count) are left") }
            defer { bytes = bytes.dropFirst(count) }
            return bytes.prefix(count)
        }

        mutating func read<Value: FixedWidthInteger>(_ type: Value.Type) throws -> Value {
            let raw = try bytes(MemoryLayout<Value>.size)
            return Value(littleEndian: raw.withUnsafeBytes { $0.loadUnaligned(as: Value.self) })
        }

        mutating func string() throws -> String {
            let raw = try bytes(Int(try read(UInt16.self)))
            guard let string = String(validating: raw, as: UTF8.self) else { throw TelemetryChunkRecord.corrupt("a data id is not UTF-8") }
            return string
        }
    }
}
