import Foundation

/// RFC 2047 encoded-words (`=?UTF-8?B?…?=`), which carry non-ASCII text in headers.
enum EncodedWords {
    /// The most UTF-8 bytes one word carries: its base64 is 40 characters, the word 52, so a
    /// header line holding one stays well within RFC 2047's 76.
    static let bytesPerWord = 30

    /// `text` as encoded-words, each holding whole characters only. Decoders join adjacent
    /// words without the whitespace between them, so they may be folded onto separate lines.
    static func encode(_ text: String) -> [String] {
        var words: [String] = []
        var chunk: [UInt8] = []
        for scalar in text.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if chunk.count + bytes.count > bytesPerWord {
                words.append(word(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append(word(chunk)) }
        return words
    }

    /// Whether `text` can stand in a header as it is: printable ASCII (and spaces) only, with
    /// nothing a decoder could take for an encoded-word, at most `limit` characters.
    static func isPlain(_ text: String, limit: Int) -> Bool {
        text.utf8.count <= limit && text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } && !text.contains("=?")
    }

    private static func word(_ bytes: [UInt8]) -> String {
        "=?UTF-8?B?\(Data(bytes).base64EncodedString())?="
    }
}
