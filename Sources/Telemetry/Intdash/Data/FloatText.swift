/// A `Double`'s text, as `description` spells it (the fewest digits that read back as the
/// same number), for `GET /v1/data`'s JSON answers, which write one per Float point.
///
/// `Double.write(to:)` gives a stream its text as ASCII bytes from its own stack buffer
/// (`TextOutputStream._writeASCII`); ``PlacedText`` copies them straight to where the answer
/// wants them, so no string is allocated for a number and its bytes are copied once.
enum FloatText {
    /// The most bytes the text of a finite `Double` takes (24 at most) and then some.
    static var maxSize: Int { 32 }

    /// Writes the text of `value`, a finite number, the one `value.description` gives, at the
    /// start of `bytes`, which must hold ``maxSize`` bytes; returns how many it wrote. (Written
    /// to a stream, a NaN's text names its payload, which `description` leaves out.)
    static func write(_ value: Double, into bytes: UnsafeMutableRawBufferPointer) -> Int {
        precondition(value.isFinite, "only a finite number's text is written in place")
        precondition(bytes.count >= maxSize, "no room for the text")
        var text = PlacedText(bytes: UnsafeMutableRawBufferPointer(rebasing: bytes[..<maxSize]))
        value.write(to: &text)
        precondition(!text.overflowed, "a finite Double's text takes at most 24 bytes")
        return text.count
    }
}

/// A stream that writes text into bytes it is lent, up to their end: a number's text without a
/// string.
private struct PlacedText: TextOutputStream {
    /// Where the text goes.
    let bytes: UnsafeMutableRawBufferPointer
    /// How many bytes were written.
    private(set) var count = 0
    /// Whether more was written than ``bytes`` holds (the text is then incomplete).
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

    private mutating func append(_ text: UnsafeRawBufferPointer) {
        guard count + text.count <= bytes.count else {
            overflowed = true
            return
        }
        UnsafeMutableRawBufferPointer(rebasing: bytes[count..<count + text.count]).copyMemory(from: text)
        count += text.count
    }
}
