/// A range of a font file's bytes, such as one table, read as big-endian numbers at offsets
/// relative to the start of the range. Every read is checked against the range's bounds and
/// throws ``TrueTypeFontError/truncated(_:)`` rather than reading past it.
struct FontDataView: Sendable {
    /// The whole font file.
    let bytes: [UInt8]
    /// The viewed range within ``bytes``.
    let range: Range<Int>
    /// What the range holds, such as a table tag, for error messages.
    let name: String

    /// A view of `range` of `bytes` named `name`; throws when the range is not within the
    /// bytes.
    init(bytes: [UInt8], range: Range<Int>, name: String) throws(TrueTypeFontError) {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { throw .truncated(name) }
        self.bytes = bytes
        self.range = range
        self.name = name
    }

    /// The number of bytes in the view.
    var count: Int { range.count }

    /// The view of `count` bytes from `offset`, named `name`.
    func subview(at offset: Int, count: Int, name: String) throws(TrueTypeFontError) -> FontDataView {
        try checkBounds(offset, count)
        let start = range.lowerBound + offset
        return try FontDataView(bytes: bytes, range: start..<(start + count), name: name)
    }

    /// The `count` bytes from `offset`.
    func bytes(at offset: Int, count: Int) throws(TrueTypeFontError) -> ArraySlice<UInt8> {
        try checkBounds(offset, count)
        let start = range.lowerBound + offset
        return bytes[start..<(start + count)]
    }

    /// The unsigned 16-bit number at `offset`.
    func uint16(at offset: Int) throws(TrueTypeFontError) -> UInt16 {
        try checkBounds(offset, 2)
        let start = range.lowerBound + offset
        return UInt16(bytes[start]) << 8 | UInt16(bytes[start + 1])
    }

    /// The signed 16-bit number at `offset`.
    func int16(at offset: Int) throws(TrueTypeFontError) -> Int16 {
        Int16(bitPattern: try uint16(at: offset))
    }

    /// The unsigned 32-bit number at `offset`.
    func uint32(at offset: Int) throws(TrueTypeFontError) -> UInt32 {
        try checkBounds(offset, 4)
        let start = range.lowerBound + offset
        return UInt32(bytes[start]) << 24 | UInt32(bytes[start + 1]) << 16 | UInt32(bytes[start + 2]) << 8
            | UInt32(bytes[start + 3])
    }

    /// The four-character tag at `offset`, such as `glyf`.
    func tag(at offset: Int) throws(TrueTypeFontError) -> String {
        String(decoding: try bytes(at: offset, count: 4), as: UTF8.self)
    }

    /// Throws unless the `count` bytes from `offset` lie within the view.
    private func checkBounds(_ offset: Int, _ count: Int) throws(TrueTypeFontError) {
        guard offset >= 0, count >= 0, offset <= range.count, count <= range.count - offset else {
            throw .truncated(name)
        }
    }
}
