import Crypto
import Foundation

/// The digests Nuxeo gives blobs, to check a downloaded file against its document's blob
/// metadata.
enum BlobDigest {
    /// The hex digest of the file at `file` with the algorithm a blob's metadata names
    /// (`digestAlgorithm`: `MD5`, `SHA-1`, `SHA-256`, `SHA-512`, in any case, with or without
    /// the dash); when it names none, the algorithm whose digest is as long as `digest`.
    ///
    /// - Returns: The hex digest, or `nil` if the algorithm is unknown.
    /// - Throws: The error reading the file.
    static func hexDigest(ofFileAt file: URL, algorithm: String?, digest: String) throws -> String? {
        let name = algorithm?.uppercased().replacingOccurrences(of: "-", with: "")
        switch (name, digest.count) {
        case ("MD5", _), (nil, 32): return try hex(Insecure.MD5.self, file)
        case ("SHA1", _), (nil, 40): return try hex(Insecure.SHA1.self, file)
        case ("SHA256", _), (nil, 64): return try hex(SHA256.self, file)
        case ("SHA512", _), (nil, 128): return try hex(SHA512.self, file)
        default: return nil
        }
    }

    /// The hex digest of the file at `file` with `Hash`, read in 1 MiB chunks.
    private static func hex<Hash: HashFunction>(_: Hash.Type, _ file: URL) throws -> String {
        var hasher = Hash()
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
