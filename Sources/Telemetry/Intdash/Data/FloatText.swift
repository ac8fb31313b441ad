/// A `Double`'s text, as `description` spells it (the fewest digits that read back as the
/// same number), for `GET /v1/data`'s JSON answers, which write one per Float point.
///
/// `Double.write(to:)` gives a stream its text as ASCII bytes from its own stack buffer
/// (`TextOutputStream._writeASCII`); ``InlineText`` keeps them in place, so no string is
/// allocated for a number.
enum FloatText {
    /// The most bytes the text of a finite `Double` takes (24 at most) and then some.
    static var maxSize: Int { InlineText.capacity }

    /// Writes the text of `value`, a finite number, the one `value.description` gives, at the
    /// start of `bytes`, which must hold ``maxSize`` bytes; returns how many it wrote. (Written
    /// to a stream, a NaN's text names its payload, which `description` leaves out.)
    static func write(_ value: Double, into bytes: UnsafeMutableRawBufferPointer) -> Int {
        precondition(value.isFinite, "only a finite number's text is written in place")
        precondition(bytes.count >= maxSize, "no room for the text")
        var text = InlineText()
        value.write(to: &text)
        precondition(!text.overflowed, "a finite Double's text takes at most 24 bytes")
        return text.withBytes { text in
            bytes.copyMemory(from: text)
            return text.count
        }
    }
}

/// Text of at most ``capacity`` bytes kept inline, as a stream: a number's text without a
/// string.
private struct InlineText: TextOutputStream {
    /// How many bytes it holds: more than the 24 of the longest `Double`.
    static var capacity: Int { 32 }

    private var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var count = 0
    /// Whether more was written than it holds (the text is then incomplete).
    private(set) var overflowed = false

    /// Appends `string`'s bytes.
    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends ASCII text given as bytes: how the standard library's numbers write
    /// themselves to a stream.
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(buffer))
    }

    /// What `body` makes of the bytes held.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withUnsafeBytes(of: storage) { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard count + bytes.count <= Self.capacity else {
            overflowed = true
            return
        }
        let start = count
        withUnsafeMutableBytes(of: &storage) { UnsafeMutableRawBufferPointer(rebasing: $0[start..<start + bytes.count]).copyMemory(from: bytes) }
        count += bytes.count
    }
}
