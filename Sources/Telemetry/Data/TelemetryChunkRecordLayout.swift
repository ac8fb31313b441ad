import Foundation

/// Where the parts of one stored record lie in its bytes, checked once, without copying a
/// point out: what a reader needs to go through the points in any order and make only the ones
/// it hands out.
///
/// ``TelemetryChunkRecord/init(decoding:)`` makes its points from it; the store's cursor keeps
/// the record's bytes and the ``Point``s, which hold no references.
struct TelemetryChunkRecordLayout: Sendable {
    /// One group of the record: a data id and its points.
    struct Group: Sendable {
        /// The group's data id.
        let dataID: TelemetryDataID
        /// The positions of its points in ``TelemetryChunkRecordLayout/points``.
        let points: Range<Int>
    }

    /// One point of the record: its elapsed time and where its payload lies.
    struct Point: Sendable {
        /// Nanoseconds since the measurement's base time.
        let elapsedTime: Int64
        /// The offset of the payload's first byte in the record.
        let payloadStart: Int32
        /// The payload's length in bytes.
        let payloadCount: Int32

        /// The positions of the payload's bytes in the record.
        var payload: Range<Int> { Int(payloadStart)..<Int(payloadStart) + Int(payloadCount) }
    }

    /// The stream the chunk came from.
    let streamID: UUID
    /// The chunk's position in its stream.
    let sequenceNumber: UInt32
    /// The groups, in the record's order.
    let groups: [Group]
    /// The points of every group, group after group. Their payloads start at increasing
    /// offsets, so the offset also tells the record's order of two points.
    let points: [Point]

    /// The layout of the record that `bytes` holds exactly (see ``TelemetryChunkRecord`` for the
    /// format), after checking its header and checksum.
    ///
    /// Its ``points`` go into the memory of `pointStorage`, emptied first: a reader of many
    /// records passes back the points of the layout it is done with, so that each record's
    /// points take no fresh memory (a record's points are hundreds of kilobytes, which the
    /// allocator would map and the kernel zero anew every time).
    ///
    /// - Throws: ``TelemetryDataStoreError/corruptRecord(_:)`` saying what is wrong.
    init(of bytes: [UInt8], pointStorage: consuming [Point] = []) throws {
        guard bytes.count <= Int(Int32.max) else { throw Self.corrupt("a record of \(bytes.count) bytes is longer than any stored") }
        var parsed: (UUID, UInt32, [Group])?
        var points = pointStorage
        points.removeAll(keepingCapacity: true)
        try bytes.withUnsafeBytes { raw in
            var reader = Reader(raw)
            guard raw.count >= TelemetryChunkRecord.headerSize else { throw Self.corrupt("\(raw.count) bytes are too few for a header") }
            guard raw.prefix(4).elementsEqual(TelemetryChunkRecord.magic) else { throw Self.corrupt("the magic bytes are wrong") }
            guard raw[4] == TelemetryChunkRecord.version else { throw Self.corrupt("layout version \(raw[4]) is unknown") }
            guard raw[5..<8].allSatisfy({ $0 == 0 }) else { throw Self.corrupt("the reserved header bytes are not zero") }
            reader.position = 8
            let length = Int(try reader.read(UInt32.self))
            let checksum = try reader.read(UInt32.self)
            guard raw.count == TelemetryChunkRecord.headerSize + length else {
                throw Self.corrupt("the header announces \(length) body bytes but \(raw.count - TelemetryChunkRecord.headerSize) are there")
            }
            guard CRC32C.checksum(of: UnsafeRawBufferPointer(rebasing: raw[TelemetryChunkRecord.headerSize...])) == checksum else {
                throw Self.corrupt("the checksum does not match the body")
            }
            let uuid = try reader.skip(16)
            let streamID = UUID(uuid: raw.loadUnaligned(fromByteOffset: uuid.lowerBound, as: uuid_t.self))
            let sequenceNumber = try reader.read(UInt32.self)
            let groupCount = Int(try reader.read(UInt32.self))
            // A group takes at least eight bytes, a point twelve.
            guard groupCount <= reader.remaining / 8 else { throw Self.corrupt("\(groupCount) groups cannot fit in what is left") }
            var groups: [Group] = []
            groups.reserveCapacity(groupCount)
            points.reserveCapacity(reader.remaining / 12)
            for _ in 0..<groupCount {
                let name = try reader.string()
                let type = try reader.string()
                let pointCount = Int(try reader.read(UInt32.self))
                guard pointCount <= reader.remaining / 12 else { throw Self.corrupt("\(pointCount) points cannot fit in what is left") }
                let first = points.count
                for _ in 0..<pointCount {
                    let elapsedTime = Int64(bitPattern: try reader.read(UInt64.self))
                    let payload = try reader.skip(Int(try reader.read(UInt32.self)))
                    points.append(Point(elapsedTime: elapsedTime, payloadStart: Int32(payload.lowerBound), payloadCount: Int32(payload.count)))
                }
                groups.append(Group(dataID: TelemetryDataID(name: name, type: type), points: first..<points.count))
            }
            guard reader.remaining == 0 else { throw Self.corrupt("\(reader.remaining) bytes follow the last group") }
            parsed = (streamID, sequenceNumber, groups)
        }
        guard let (streamID, sequenceNumber, groups) = parsed else { throw Self.corrupt("the record could not be read") }
        self.streamID = streamID
        self.sequenceNumber = sequenceNumber
        self.groups = groups
        self.points = points
    }

    private static func corrupt(_ reason: String) -> TelemetryDataStoreError {
        .corruptRecord(reason)
    }

    /// Reads a record front to back, refusing to read past its end.
    private struct Reader {
        private let bytes: UnsafeRawBufferPointer
        /// The offset of the next byte to read.
        var position = 0

        init(_ bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        var remaining: Int { bytes.count - position }

        /// Moves past the next `count` bytes and returns where they lie.
        mutating func skip(_ count: Int) throws -> Range<Int> {
            guard count <= remaining else { throw TelemetryChunkRecordLayout.corrupt("\(count) bytes wanted but \(remaining) are left") }
            defer { position += count }
            return position..<(position + count)
        }

        mutating func read<Value: FixedWidthInteger>(_ type: Value.Type) throws -> Value {
            let range = try skip(MemoryLayout<Value>.size)
            return Value(littleEndian: bytes.loadUnaligned(fromByteOffset: range.lowerBound, as: Value.self))
        }

        mutating func string() throws -> String {
            let range = try skip(Int(try read(UInt16.self)))
            guard let string = String(validating: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self) else {
                throw TelemetryChunkRecordLayout.corrupt("a data id is not UTF-8")
            }
            return string
        }
    }
}
