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

    /// Reads the record that `bytes` holds exactly, checking its header and checksum. The
    /// points' payloads are slices of `bytes`.
    ///
    /// - Throws: ``TelemetryDataStoreError/corruptRecord(_:)`` saying what is wrong.
    init(decoding bytes: [UInt8]) throws {
        let layout = try TelemetryChunkRecordLayout(of: bytes)
        streamID = layout.streamID
        sequenceNumber = layout.sequenceNumber
        groups = layout.groups.map { group in
            TelemetryDataPointGroup(
                dataID: group.dataID,
                dataPoints: layout.points[group.points].map { TelemetryDataPoint(elapsedTime: $0.elapsedTime, payload: bytes[$0.payload]) }
            )
        }
    }

    /// Creates the record of a chunk.
    init(streamID: UUID, sequenceNumber: UInt32, groups: [TelemetryDataPointGroup]) {
        self.streamID = streamID
        self.sequenceNumber = sequenceNumber
        self.groups = groups
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
}
