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
    /// them, as ``ISCP2IncomingChunk`` checked them (``canonicalPointSize(in:_:)``).
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

    /// The size of the `data_points` field at `start` of `bytes` when it is a `DataPoint` in
    /// canonical form, the form the writers of protocol buffers produce: tag `0x1a`, minimal
    /// varints, the elapsed time (1) then the payload (2), each only when not zero or empty, and
    /// nothing else. `nil` for anything else, valid or not, which the full decoder then reads.
    ///
    /// Reading only points in this form keeps ``==`` and ``write(to:)`` right: two canonical
    /// forms are equal exactly when their points are, and a downstream receives the bytes the
    /// server's own encoder would have written.
    static func canonicalPointSize(in bytes: [UInt8], _ start: Int) -> Int? {
        guard start < bytes.count, bytes[start] == fieldTag else { return nil }
        var position = start + 1
        guard let length = minimalVarint(in: bytes, at: &position, end: bytes.count), length <= UInt64(bytes.count - position)
        else { return nil }
        let end = position + Int(length)
        if position < end, bytes[position] == elapsedTimeTag {
            position += 1
            guard let value = minimalVarint(in: bytes, at: &position, end: end), value != 0 else { return nil }
        }
        if position < end, bytes[position] == payloadTag {
            position += 1
            guard let size = minimalVarint(in: bytes, at: &position, end: end), size > 0, size <= UInt64(end - position) else { return nil }
            position += Int(size)
        }
        return position == end ? end - start : nil
    }

    /// The varint at `position`, before `end`, when it is in its shortest form; `nil` otherwise.
    ///
    /// Written here rather than read with ``ProtobufWireReader`` and checked after: this runs for
    /// every point through the broker, and the reader's calls cost twice as much here.
    private static func minimalVarint(in bytes: [UInt8], at position: inout Int, end: Int) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while position < end, shift < 64 {
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 {
                // A last byte of zero after others pads the varint; a tenth byte can only be 1.
                guard shift == 0 || byte != 0, shift < 63 || byte == 1 else { return nil }
                return value
            }
            shift += 7
        }
        return nil
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
