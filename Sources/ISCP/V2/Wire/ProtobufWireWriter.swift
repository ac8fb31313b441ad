/// Writes the protocol buffers wire format into memory sized beforehand: tags, varints and
/// length-delimited fields, with the size arithmetic a caller needs to size each part.
///
/// It is the writer under the fast paths that write a hot path's messages without building
/// generated messages (the iSCP v2 endpoint's downstream chunks, `GET /v1/data` as protobuf).
/// The caller computes the exact size of what it writes first; writing past it is a
/// programming error and traps. Its methods are inlinable: they run once or more per data point.
public struct ProtobufWireWriter {
    @usableFromInline
    let buffer: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes were written.
    @inlinable
    public var count: Int { written }
    @usableFromInline
    var written = 0

    /// A writer into `buffer`, from its start.
    @inlinable
    public init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// Writes `value` as a varint.
    @inlinable
    public mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            buffer[written] = UInt8(truncatingIfNeeded: value) | 0x80
            written += 1
            value >>= 7
        }
        buffer[written] = UInt8(value)
        written += 1
    }

    /// Writes the tag of field `field` with `wireType`.
    @inlinable
    public mutating func tag(_ field: UInt64, _ wireType: ProtobufWireReader.WireType) {
        varint(field << 3 | UInt64(wireType.rawValue))
    }

    /// Writes `bytes` as they are.
    @inlinable
    public mutating func bytes<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        written += UnsafeMutableBufferPointer(rebasing: buffer[written...]).initialize(fromContentsOf: bytes)
    }

    /// Writes field `field` as length-delimited `bytes`.
    @inlinable
    public mutating func lengthDelimited<Bytes: Collection<UInt8>>(_ field: UInt64, _ bytes: Bytes) {
        tag(field, .lengthDelimited)
        varint(UInt64(bytes.count))
        self.bytes(bytes)
    }

    /// How many bytes `value` takes as a varint.
    @inlinable
    public static func varintSize(_ value: UInt64) -> Int {
        value == 0 ? 1 : (64 - value.leadingZeroBitCount + 6) / 7
    }

    /// How many bytes a field of `field` takes with a tag and a body of `size` bytes.
    @inlinable
    public static func lengthDelimitedSize(_ field: UInt64, bodySize size: Int) -> Int {
        varintSize(field << 3) + varintSize(UInt64(size)) + size
    }

    /// `value` zigzag-encoded, as `sint64` fields carry it.
    @inlinable
    public static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }
}
