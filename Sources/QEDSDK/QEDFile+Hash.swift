import Foundation

extension QEDFile {
    /// A copy of this file whose ``hash`` is the SHA-256 of the contents at
    /// ``localFileLocation``, in lowercase hex.
    ///
    /// The file is read in 1 MiB chunks, so large videos are hashed without being loaded into
    /// memory. The hash is computed anew on every call, since the file may have changed.
    ///
    /// - Returns: The copy with its hash; or this file unchanged if there is no local file, or
    ///   if it cannot be read.
    public func withCalculatedHash() -> QEDFile {
        guard let location = localFileLocation, let digest = try? FileDigest.sha256Hex(of: location) else { return self }
        var hashed = self
        hashed.hash = digest
        return hashed
    }

    /// The SHA-256 of the file at `url` in lowercase hex, read in 1 MiB chunks, reporting
    /// progress: for showing a progress bar while a large video is hashed.
    ///
    /// - Parameters:
    ///   - url: The local file to hash.
    ///   - progress: Called after each chunk with the bytes hashed so far.
    /// - Throws: The error opening or reading the file.
    public static func calculateHash(ofFileAt url: URL, progress: (_ hashedBytes: Int64) -> Void = { _ in }) throws -> String {
        try FileDigest.sha256Hex(of: url, progress: progress)
    }
}
