import Crypto
import Foundation
import TransparencyLog

/// The SHA-256 of a file, read front to back in chunks of at most ``chunkSize`` bytes, so that
/// a file of any size is hashed in constant memory.
enum FileDigest {
    /// How much of the file is read at once: 1 MiB.
    static let chunkSize = 1 << 20

    /// The SHA-256 of the file at `url`.
    ///
    /// - Parameter progress: Called after each chunk with the number of bytes hashed so far.
    /// - Throws: The error opening or reading the file.
    static func sha256(of url: URL, progress: (Int64) -> Void = { _ in }) throws -> SHA256.Digest {
        var hasher = SHA256()
        var hashed: Int64 = 0
        try forEachChunk(of: url) { chunk in
            hasher.update(data: chunk)
            hashed += Int64(chunk.count)
            progress(hashed)
        }
        return hasher.finalize()
    }

    /// The SHA-256 of the file at `url` as 64 lowercase hex digits.
    static func sha256Hex(of url: URL, progress: (Int64) -> Void = { _ in }) throws -> String {
        Hex.encode(try sha256(of: url, progress: progress))
    }

    /// Calls `body` with each chunk of the file at `url`, in order, none longer than
    /// `chunkSize` bytes.
    static func forEachChunk(of url: URL, chunkSize: Int = chunkSize, _ body: (Data) throws -> Void) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
            try body(chunk)
        }
    }
}
