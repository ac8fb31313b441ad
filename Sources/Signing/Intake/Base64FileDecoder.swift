/// Decodes `file_base64` as clients send it: the standard alphabet (`+/`) or the URL-safe one
/// (`-_`), with or without `=` padding, with line breaks and spaces anywhere, and optionally
/// as a `data:` URL (`data:application/pdf;base64,JVBERi0…`).
///
/// The decoded size is computed before anything is decoded, so an oversized file is refused
/// without allocating its bytes.
enum Base64FileDecoder {
    /// The 6-bit value of each ASCII byte of either alphabet; ``skipped`` for white space,
    /// ``padding`` for `=`, ``invalid`` for everything else.
    private static let values: [UInt8] = {
        var values = [UInt8](repeating: invalid, count: 256)
        for (index, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8.enumerated() {
            values[Int(character)] = UInt8(index)
        }
        values[Int(UInt8(ascii: "+"))] = 62
        values[Int(UInt8(ascii: "-"))] = 62
        values[Int(UInt8(ascii: "/"))] = 63
        values[Int(UInt8(ascii: "_"))] = 63
        for space in [" ", "\t", "\r", "\n"] {
            values[Int(UInt8(ascii: Unicode.Scalar(space)!))] = skipped
        }
        values[Int(UInt8(ascii: "="))] = padding
        return values
    }()
    private static let invalid: UInt8 = 0xFF
    private static let skipped: UInt8 = 0xFE
    private static let padding: UInt8 = 0xFD

    /// The bytes `text` encodes.
    ///
    /// - Throws: ``IntakeFailure`` `.invalidBase64` naming the first offending character,
    ///   `.fileTooLarge` when the bytes would exceed `maximumSize`.
    static func decode(_ text: String, maximumSize: Int) throws -> [UInt8] {
        var text = text
        return try text.withUTF8 { utf8 in
            let start = try payloadStart(of: utf8)
            let payload = UnsafeBufferPointer(rebasing: utf8[start...])
            let size = try decodedSize(of: payload, offset: start)
            guard size <= maximumSize else {
                throw IntakeFailure.fileTooLarge(maximum: maximumSize)
            }
            return decode(payload, size: size)
        }
    }

    /// Where the base64 text begins: after the `data:…;base64,` prefix of a data URL, else at 0.
    private static func payloadStart(of utf8: UnsafeBufferPointer<UInt8>) throws -> Int {
        let scheme = Array("data:".utf8)
        guard utf8.count >= scheme.count, zip(utf8, scheme).allSatisfy({ $0 | 0x20 == $1 }) else {
            return 0
        }
        let header = utf8.prefix(1024)
        guard let comma = header.firstIndex(of: UInt8(ascii: ",")),
            String(decoding: header[..<comma], as: UTF8.self).lowercased().hasSuffix(";base64")
        else {
            throw IntakeFailure(.invalidBase64, "file_base64 is a data: URL without ';base64,' before its data")
        }
        return comma + 1
    }

    /// The number of bytes `payload` decodes to, after checking every character.
    /// `offset` is where `payload` starts in the text, for error messages.
    private static func decodedSize(of payload: UnsafeBufferPointer<UInt8>, offset: Int) throws -> Int {
        var digits = 0
        var paddingCount = 0
        for (index, byte) in payload.enumerated() {
            switch values[Int(byte)] {
            case skipped:
                continue
            case padding:
                paddingCount += 1
            case invalid:
                throw IntakeFailure(.invalidBase64, "file_base64 is not base64: \(describe(byte)) at character \(offset + index + 1)")
            default:
                guard paddingCount == 0 else {
                    throw IntakeFailure(.invalidBase64, "file_base64 is not base64: data after '=' padding at character \(offset + index + 1)")
                }
                digits += 1
            }
        }
        let remainder = digits % 4
        guard remainder != 1 else {
            throw IntakeFailure(
                .invalidBase64, "file_base64 is not base64: its length leaves one character over, so it was cut off or has a stray character")
        }
        guard paddingCount == 0 || (paddingCount <= 2 && (digits + paddingCount) % 4 == 0) else {
            throw IntakeFailure(.invalidBase64, "file_base64 is not base64: it has \(paddingCount) '=' where \((4 - remainder) % 4) belong")
        }
        return digits / 4 * 3 + max(remainder - 1, 0)
    }

    /// Decodes `payload`, whose characters ``decodedSize(of:offset:)`` checked, to `size` bytes.
    private static func decode(_ payload: UnsafeBufferPointer<UInt8>, size: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in payload {
            let value = values[Int(byte)]
            guard value < 64 else { continue }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return bytes
    }

    /// `byte` quoted for an error message: the character when printable ASCII, else its code.
    private static func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte)
            ? "unexpected character '\(Character(Unicode.Scalar(byte)))'" : "unexpected byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
