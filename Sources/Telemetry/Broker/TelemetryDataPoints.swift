import ISCP

/// The points of a group, in the order they were sent: either a list of points, or the
/// protocol buffers form an iSCP v2 upstream sent them in, read point by point only when
/// someone asks.
///
/// The broker's hot path is an iSCP v2 upstream watched by iSCP v2 downstreams. There, the
/// points of a group arrive as `DataPointGroup.data_points` (field 3) and leave as the same
/// field of the downstream's group: the endpoint checks that the bytes are in canonical form
/// (``init(canonicalWireForm:count:)``), keeps them as one slice of the frame, and the
/// downstream writes them out in one copy (``write(to:)``). Nothing is allocated or counted
/// per point. Anything else that reads the points (iSCP 1.0 downstreams, storage, the
/// console) reads them as ``TelemetryDataPoint``s like any collection.
///
/// ```swift
/// let points = TelemetryDataPoints([TelemetryDataPoint(elapsedTime: 0, payload: [1, 2])])
/// points.count            // 1
/// points.first?.payload   // [1, 2]
/// ```
public struct TelemetryDataPoints: Collection, Hashable, Sendable {
    /// Where the points are kept.
    private enum Storage: Sendable {
        /// As points.
        case points([TelemetryDataPoint])
        /// As canonical `data_points` fields, one after the other, in `range` of `bytes`.
        case wireForm(bytes: [UInt8], range: Range<Int>, count: Int)
    }

    /// A position in the points: an index into the list, or the offset of a point's field in
    /// the wire form.
    public struct Index: Comparable, Hashable, Sendable {
        fileprivate let offset: Int

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Index, rhs: Index) -> Bool { lhs.offset < rhs.offset }
    }

    private let storage: Storage

    /// The points of `points`.
    public init(_ points: [TelemetryDataPoint]) {
        storage = .points(points)
    }

    /// The points whose canonical `data_points` fields `range` of `bytes` holds, `count` of
    /// them, as ``readCanonicalRun(_:from:)`` checked them.
    init(canonicalWireForm bytes: [UInt8], range: Range<Int>, count: Int) {
        storage = .wireForm(bytes: bytes, range: range, count: count)
    }

    // MARK: Collection

    /// The position of the first point.
    public var startIndex: Index {
        switch storage {
        case .points(let points): Index(offset: points.startIndex)
        case .wireForm(_, let range, _): Index(offset: range.lowerBound)
        }
    }

    /// The position past the last point.
    public var endIndex: Index {
        switch storage {
        case .points(let points): Index(offset: points.endIndex)
        case .wireForm(_, let range, _): Index(offset: range.upperBound)
        }
    }

    /// How many points there are.
    public var count: Int {
        switch storage {
        case .points(let points): points.count
        case .wireForm(_, _, let count): count
        }
    }

    /// Whether there are no points.
    public var isEmpty: Bool { count == 0 }

    /// The position after `index`.
    public func index(after index: Index) -> Index {
        switch storage {
        case .points: return Index(offset: index.offset + 1)
        case .wireForm(let bytes, let range, _):
            var reader = ProtobufWireReader(bytes, range: index.offset..<range.upperBound)
            guard reader.tag() != nil, reader.lengthDelimited() != nil else { return endIndex }
            return Index(offset: reader.position)
        }
    }

    /// The point at `index`.
    public subscript(index: Index) -> TelemetryDataPoint {
        switch storage {
        case .points(let points):
            return points[index.offset]
        case .wireForm(let bytes, let range, _):
            var reader = ProtobufWireReader(bytes, range: index.offset..<range.upperBound)
            var elapsedTime: Int64 = 0
            var payload = range.upperBound..<range.upperBound
            if reader.tag() != nil, var body = reader.nested() {
                // Canonical: the elapsed time, if any, then the payload, if any.
                while let (field, _) = body.tag() {
                    if field == 1, let value = body.varint() {
                        elapsedTime = Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
                    } else if field == 2, let found = body.lengthDelimited() {
                        payload = found
                    }
                }
            }
            return TelemetryDataPoint(elapsedTime: elapsedTime, payload: bytes[payload])
        }
    }

    // MARK: Equality

    /// Whether both hold the same points in the same order.
    public static func == (lhs: TelemetryDataPoints, rhs: TelemetryDataPoints) -> Bool {
        if case .wireForm(let left, let leftRange, _) = lhs.storage, case .wireForm(let right, let rightRange, _) = rhs.storage {
            // Canonical forms are equal exactly when the points are.
            return left[leftRange] == right[rightRange]
        }
        return lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// Hashes the points, whichever way they are kept.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for point in self { hasher.combine(point) }
    }

    // MARK: Wire form

    /// The size of the points as canonical `data_points` fields.
    public var wireSize: Int {
        switch storage {
        case .points(let points):
            points.reduce(0) { $0 + W.lengthDelimitedSize(3, bodySize: Self.bodySize(of: $1)) }
        case .wireForm(_, let range, _):
            range.count
        }
    }

    /// Writes the points as canonical `data_points` fields (``wireSize`` bytes): the bytes
    /// they arrived in, when they arrived in that form.
    public func write(to writer: inout ProtobufWireWriter) {
        switch storage {
        case .points(let points):
            for point in points {
                writer.tag(3, .lengthDelimited)
                writer.varint(UInt64(Self.bodySize(of: point)))
                if point.elapsedTime != 0 {
                    writer.tag(1, .varint)
                    writer.varint(W.zigzag(point.elapsedTime))
                }
                if !point.payload.isEmpty { writer.lengthDelimited(2, point.payload) }
            }
        case .wireForm(let bytes, let range, _):
            writer.bytes(bytes[range])
        }
    }

    /// Reads the `data_points` fields that follow one another from `fieldStart`, where
    /// `reader` has just read the first one's tag, when each is a `DataPoint` in canonical
    /// form, the form the writers of protocol buffers produce: tag `0x1a`, minimal varints, the
    /// elapsed time (1) then the payload (2), each only when not zero or empty, and nothing
    /// else. Stops before the first byte that is not the tag `0x1a`, moves `reader` there and
    /// returns the points read; `nil` when one of the fields is not a point in canonical form,
    /// valid or not, which the full decoder then reads.
    ///
    /// Reading only points in this form keeps ``==`` and ``write(to:)`` right: two canonical
    /// forms are equal exactly when their points are, and a downstream receives the bytes the
    /// server's own encoder would have written.
    static func readCanonicalRun(_ reader: inout ProtobufWireReader, from fieldStart: Int) -> TelemetryDataPoints? {
        // A canonical tag is the one byte 0x1a.
        guard reader.position == fieldStart + 1 else { return nil }
        let limit = reader.end
        // One pass over raw memory: this runs for every point through the broker.
        let scanned: (end: Int, count: Int)? = reader.bytes.withUnsafeBufferPointer { bytes in
            var position = fieldStart
            var count = 0
            while position < limit, bytes[position] == fieldTag {
                let end = canonicalPointEnd(in: bytes, fieldStart: position, limit: limit)
                guard end > 0 else { return nil }
                position = end
                count += 1
            }
            return (position, count)
        }
        guard let scanned, reader.advance(by: scanned.end - reader.position) else { return nil }
        return TelemetryDataPoints(canonicalWireForm: reader.bytes, range: fieldStart..<scanned.end, count: scanned.count)
    }

    // The scan below returns positions, with -1 for "not canonical", rather than optionals: it
    // runs for every point through the broker, and stays in registers this way.

    /// Where the `data_points` field at `fieldStart` ends when it is a point in canonical form
    /// within `limit`; -1 otherwise.
    @inline(__always)
    private static func canonicalPointEnd(in bytes: UnsafeBufferPointer<UInt8>, fieldStart: Int, limit: Int) -> Int {
        var position = fieldStart + 1
        let length = minimalLength(in: bytes, at: &position, end: limit)
        guard length >= 0, length <= limit - position else { return -1 }
        let end = position + length
        if position < end, bytes[position] == elapsedTimeTag {
            // Canonical elapsed times are not zero: one byte of zero is the only minimal zero.
            guard position + 1 < end, bytes[position + 1] != 0 else { return -1 }
            position = minimalVarintEnd(in: bytes, from: position + 1, end: end)
            guard position > 0 else { return -1 }
        }
        if position < end, bytes[position] == payloadTag {
            position += 1
            let size = minimalLength(in: bytes, at: &position, end: end)
            guard size > 0, size <= end - position else { return -1 }
            position += size
        }
        return position == end ? end : -1
    }

    /// The length (a varint in its shortest form, of at most nine bytes) at `position`, before
    /// `end`, which `position` moves past; -1 when it is not one.
    @inline(__always)
    private static func minimalLength(in bytes: UnsafeBufferPointer<UInt8>, at position: inout Int, end: Int) -> Int {
        guard position < end else { return -1 }
        let first = bytes[position]
        if first < 0x80 {
            position += 1
            return Int(first)
        }
        let varintEnd = minimalVarintEnd(in: bytes, from: position, end: end)
        guard varintEnd > 0, varintEnd - position <= 9 else { return -1 }
        var value = 0
        for index in stride(from: varintEnd - 1, through: position, by: -1) {
            value = value << 7 | Int(bytes[index] & 0x7f)
        }
        position = varintEnd
        return value
    }

    /// Where the varint at `start`, before `end`, ends when it is in its shortest form; -1
    /// otherwise (too long, cut off, or padded with a last byte of zero).
    ///
    /// Where eight bytes can be read, it finds the varint's last byte (the first without the
    /// continuation bit) in one word rather than byte by byte.
    @inline(__always)
    private static func minimalVarintEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Int {
        if start + 8 <= bytes.count, let base = bytes.baseAddress {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            let lastBytes = ~word & 0x8080_8080_8080_8080
            if lastBytes != 0 {
                let last = lastBytes.trailingZeroBitCount >> 3
                // A last byte of zero after others pads the varint.
                guard start + last < end, last == 0 || (word >> UInt64(last << 3)) & 0xff != 0 else { return -1 }
                return start + last + 1
            }
        }
        var position = start
        while position < end, position - start < 10 {
            let byte = bytes[position]
            position += 1
            if byte < 0x80 {
                // A last byte of zero after others pads the varint; a tenth byte can only be 1.
                let size = position - start
                guard size == 1 || byte != 0, size < 10 || byte == 1 else { return -1 }
                return position
            }
        }
        return -1
    }

    private typealias W = ProtobufWireWriter
    /// The tag of `DataPointGroup.data_points` (field 3, length-delimited).
    private static let fieldTag: UInt8 = 0x1a
    /// The tag of `DataPoint.elapsed_time` (field 1, varint).
    private static let elapsedTimeTag: UInt8 = 0x08
    /// The tag of `DataPoint.payload` (field 2, length-delimited).
    private static let payloadTag: UInt8 = 0x12

    /// The size of `point`'s `DataPoint` message.
    private static func bodySize(of point: TelemetryDataPoint) -> Int {
        (point.elapsedTime == 0 ? 0 : 1 + W.varintSize(W.zigzag(point.elapsedTime)))
            + (point.payload.isEmpty ? 0 : W.lengthDelimitedSize(2, bodySize: point.payload.count))
    }
}
