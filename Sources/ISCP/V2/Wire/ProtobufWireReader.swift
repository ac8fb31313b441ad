/// Reads the protocol buffers wire format from part of a byte array: tags, varints and
/// length-delimited fields, each read checked against the end of its part.
///
/// It is the reader under the fast paths that handle the messages a hot path carries without
/// building generated messages (the iSCP v2 endpoint's upstream chunks). Every method returns
/// `nil` or `false` on bytes that are not valid wire format, so a caller can fall back on the
/// full decoder (``ISCP2MessageCodec``), which says what is wrong. Its methods are inlinable:
/// they run once or more per data point.
public struct ProtobufWireReader {
    /// The wire types of protocol buffers.
    public enum WireType: UInt8 {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
        case fixed32 = 5
    }

    /// The bytes read from.
    public let bytes: [UInt8]
    /// The next byte to read.
    @inlinable
    public var position: Int { next }
    @usableFromInline
    var next: Int
    /// Where the part being read ends.
    public let end: Int

    /// A reader of `range` of `bytes`.
    @inlinable
    public init(_ bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        self.next = range.lowerBound
        self.end = range.upperBound
    }

    /// Whether the part has been read whole.
    @inlinable
    public var isAtEnd: Bool { next >= end }

    /// The next varint, or `nil` when it runs past the end or over ten bytes.
    @inlinable
    public mutating func varint() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while next < end, shift < 64 {
            let byte = bytes[next]
            next += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    /// The largest field number protocol buffers allows.
    public static let maximumFieldNumber: UInt64 = (1 << 29) - 1

    /// The next field's number and wire type, or `nil` when the tag is not valid (field 0 or
    /// above ``maximumFieldNumber``, groups, unknown wire types).
    @inlinable
    public mutating func tag() -> (field: UInt64, wireType: WireType)? {
        guard let key = varint(), let wireType = WireType(rawValue: UInt8(key & 7)),
            case let field = key >> 3, field != 0, field <= Self.maximumFieldNumber
        else { return nil }
        return (field, wireType)
    }

    /// The range of the next length-delimited field's bytes, which the reader moves past.
    @inlinable
    public mutating func lengthDelimited() -> Range<Int>? {
        guard let length = varint(), length <= UInt64(end - next) else { return nil }
        let start = next
        next += Int(length)
        return start..<next
    }

    /// A reader of the next length-delimited field's bytes.
    @inlinable
    public mutating func nested() -> ProtobufWireReader? {
        lengthDelimited().map { ProtobufWireReader(bytes, range: $0) }
    }

    /// The next length-delimited field as a string, or `nil` when it is not UTF-8.
    @inlinable
    public mutating func string() -> String? {
        guard let range = lengthDelimited() else { return nil }
        return String(validating: bytes[range], as: UTF8.self)
    }

    /// Moves past a field of `wireType` whose tag was read; `false` when it runs past the end.
    @inlinable
    public mutating func skip(_ wireType: WireType) -> Bool {
        switch wireType {
        case .varint: return varint() != nil
        case .lengthDelimited: return lengthDelimited() != nil
        case .fixed64: return advance(by: 8)
        case .fixed32: return advance(by: 4)
        }
    }

    /// Whether the rest of the part is well-formed fields, read to its end.
    @inlinable
    public mutating func skipAll() -> Bool {
        while !isAtEnd {
            guard let (_, wireType) = tag(), skip(wireType) else { return false }
        }
        return true
    }

    /// Moves `count` bytes on; `false` (and stays) when that runs past the end.
    @inlinable
    public mutating func advance(by count: Int) -> Bool {
        guard end - next >= count else { return false }
        next += count
        return true
    }
}
