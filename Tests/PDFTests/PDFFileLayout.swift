import Foundation

/// The skeleton of a PDF file as the writer lays it out, read back for checking: where the
/// cross-reference table is, the offsets it lists and the trailer after it.
struct PDFFileLayout {
    /// What went wrong reading the file back.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// The offset given after `startxref`.
    let startxref: Int
    /// The offset of each object, indexed by object number (index 0, the free entry, is 0).
    let offsets: [Int]
    /// The trailer dictionary's text.
    let trailer: String

    /// Reads the last `startxref`, the table it points at (one subsection from 0) and the
    /// trailer.
    init(_ bytes: [UInt8]) throws {
        guard let keyword = Self.lastRange(of: "startxref\n", in: bytes) else {
            throw Malformed(description: "no startxref")
        }
        let startxrefLine = Self.line(in: bytes, from: keyword.upperBound)
        guard let startxref = Int(startxrefLine) else { throw Malformed(description: "startxref is not a number") }
        self.startxref = startxref

        var position = startxref
        guard Self.line(in: bytes, from: position) == "xref" else { throw Malformed(description: "startxref does not point at xref") }
        position += 5
        let subsection = Self.line(in: bytes, from: position).split(separator: " ")
        guard subsection.count == 2, subsection[0] == "0", let count = Int(subsection[1]) else {
            throw Malformed(description: "unexpected subsection header")
        }
        position += subsection.joined(separator: " ").utf8.count + 1

        var offsets: [Int] = []
        for _ in 0..<count {
            let entry = String(decoding: bytes[position..<position + 20], as: UTF8.self)
            guard entry.hasSuffix("\r\n"), let offset = Int(entry.prefix(10)) else {
                throw Malformed(description: "malformed entry \(entry.debugDescription)")
            }
            offsets.append(offset)
            position += 20
        }
        self.offsets = offsets

        guard Self.line(in: bytes, from: position) == "trailer" else { throw Malformed(description: "no trailer after the table") }
        self.trailer = Self.line(in: bytes, from: position + 8)
    }

    /// The number after `/Size` in the trailer.
    var size: Int? {
        guard let range = trailer.range(of: "/Size ") else { return nil }
        return Int(trailer[range.upperBound...].prefix { $0.isNumber })
    }

    /// The text from `start` up to the next line feed.
    static func line(in bytes: [UInt8], from start: Int) -> String {
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Whether `bytes` has `text` at `offset`.
    static func bytes(_ bytes: [UInt8], have text: String, at offset: Int) -> Bool {
        let expected = Array(text.utf8)
        return offset >= 0 && offset + expected.count <= bytes.count && Array(bytes[offset..<offset + expected.count]) == expected
    }

    /// The offsets of every occurrence of `text` in `bytes`.
    static func occurrences(of text: String, in bytes: [UInt8]) -> [Int] {
        let pattern = Array(text.utf8)
        guard pattern.count <= bytes.count else { return [] }
        return (0...(bytes.count - pattern.count)).filter { self.bytes(bytes, have: text, at: $0) }
    }

    /// The range of the last occurrence of `text` in `bytes`.
    private static func lastRange(of text: String, in bytes: [UInt8]) -> Range<Int>? {
        guard let start = occurrences(of: text, in: bytes).last else { return nil }
        return start..<start + text.utf8.count
    }
}
