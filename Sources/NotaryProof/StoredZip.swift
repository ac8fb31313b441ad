import CivilTime
import Foundation

/// Writes a ZIP archive whose files are stored without compression.
///
/// Proof bundles are a handful of small text and DER files; storing them keeps the writer
/// small and the archive readable by every unzip tool. Sizes and offsets must fit the classic
/// 32-bit ZIP fields, which bundles always do.
public struct StoredZip: Sendable {
    private var body: [UInt8] = []
    private var directory: [UInt8] = []
    private var count = 0

    /// Creates an empty archive.
    public init() {}

    /// Adds a file named `name` with `contents`.
    public mutating func add(_ name: String, _ contents: [UInt8], modified: Date) {
        let nameBytes = Array(name.utf8)
        let crc = CRC32.checksum(contents)
        let (time, date) = Self.dosTimeAndDate(modified)
        let offset = UInt32(body.count)
        // Local file header.
        body += Self.le32(0x0403_4B50) + Self.le16(20) + Self.le16(0x0800) + Self.le16(0) + Self.le16(time) + Self.le16(date)
        body += Self.le32(crc) + Self.le32(UInt32(contents.count)) + Self.le32(UInt32(contents.count))
        body += Self.le16(UInt16(nameBytes.count)) + Self.le16(0) + nameBytes + contents
        // Central directory entry.
        directory += Self.le32(0x0201_4B50) + Self.le16(20) + Self.le16(20) + Self.le16(0x0800) + Self.le16(0)
        directory += Self.le16(time) + Self.le16(date) + Self.le32(crc) + Self.le32(UInt32(contents.count)) + Self.le32(UInt32(contents.count))
        directory += Self.le16(UInt16(nameBytes.count)) + Self.le16(0) + Self.le16(0) + Self.le16(0) + Self.le16(0)
        directory += Self.le32(0o100644 << 16) + Self.le32(offset) + nameBytes
        count += 1
    }

    /// The finished archive.
    public var bytes: [UInt8] {
        body + directory
            + Self.le32(0x0605_4B50) + Self.le16(0) + Self.le16(0) + Self.le16(UInt16(count)) + Self.le16(UInt16(count))
            + Self.le32(UInt32(directory.count)) + Self.le32(UInt32(body.count)) + Self.le16(0)
    }

    /// Why an archive cannot be read.
    enum ReadError: Error, Equatable {
        /// The bytes are not a ZIP archive this reader understands.
        case malformed
        /// A file is compressed; bundles store files uncompressed.
        case compressed(String)
        /// A file's contents do not match its recorded CRC-32.
        case corrupt(String)
    }

    /// The files of a ZIP archive whose files are stored uncompressed, by name. Any byte
    /// string gives files or an error; none crashes.
    public static func files(in archive: [UInt8]) throws -> [String: [UInt8]] {
        func u16(_ at: Int) throws -> Int {
            guard at >= 0, at + 2 <= archive.count else { throw ReadError.malformed }
            return Int(archive[at]) | Int(archive[at + 1]) << 8
        }
        func u32(_ at: Int) throws -> Int {
            guard at >= 0, at + 4 <= archive.count else { throw ReadError.malformed }
            return (0..<4).reduce(0) { $0 | Int(archive[at + $1]) << ($1 * 8) }
        }
        func bytes(_ at: Int, _ count: Int) throws -> [UInt8] {
            guard at >= 0, count >= 0, at + count <= archive.count else { throw ReadError.malformed }
            return Array(archive[at..<at + count])
        }
        // The end-of-central-directory record is the last 22 bytes (bundles have no comment).
        let end = archive.count - 22
        guard end >= 0, try u32(end) == 0x0605_4B50 else { throw ReadError.malformed }
        let count = try u16(end + 10)
        let directoryStart = try u32(end + 16)
        var cursor = directoryStart
        var files: [String: [UInt8]] = [:]
        for _ in 0..<count {
            guard try u32(cursor) == 0x0201_4B50 else { throw ReadError.malformed }
            let method = try u16(cursor + 10)
            let crc = UInt32(try u32(cursor + 16))
            let size = try u32(cursor + 20)
            let nameLength = try u16(cursor + 28)
            let extraLength = try u16(cursor + 30)
            let commentLength = try u16(cursor + 32)
            let offset = try u32(cursor + 42)
            let nameBytes = try bytes(cursor + 46, nameLength)
            let name = String(decoding: nameBytes, as: UTF8.self)
            guard method == 0 else { throw ReadError.compressed(name) }
            // The local header must name the same file: names are not covered by the CRC.
            let localNameLength = try u16(offset + 26)
            guard try u32(offset) == 0x0403_4B50, try bytes(offset + 30, localNameLength) == nameBytes, files[name] == nil else {
                throw ReadError.malformed
            }
            let contents = try bytes(offset + 30 + localNameLength + (try u16(offset + 28)), size)
            guard CRC32.checksum(contents) == crc else { throw ReadError.corrupt(name) }
            files[name] = contents
            cursor += 46 + nameLength + extraLength + commentLength
        }
        // The directory must fill the space up to its end record, as that record says:
        // otherwise a changed entry count could hide files without failing any checksum.
        guard cursor == end, try u32(end + 12) == end - directoryStart, try u16(end + 8) == count else {
            throw ReadError.malformed
        }
        return files
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xFF) } }

    /// The MS-DOS time and date fields of `date` in UTC.
    private static func dosTimeAndDate(_ date: Date) -> (UInt16, UInt16) {
        let parts = UTCDateTime(date)
        let time = UInt16(parts.hour << 11 | parts.minute << 5 | parts.second / 2)
        let day = UInt16(min(max(0, parts.date.year - 1980), 127) << 9 | parts.date.month << 5 | parts.date.day)
        return (time, day)
    }
}

/// The CRC-32 (IEEE 802.3) checksum that ZIP records for each file.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}
