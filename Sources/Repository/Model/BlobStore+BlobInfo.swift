import NIOCore
import Storage

extension BlobStore {
    /// The whole content of `blob`, in memory: for files the server reads to convert or
    /// archive them, whose size the caller has bounded.
    func bytes(of blob: BlobInfo) async throws -> [UInt8] {
        var buffer = try await readAll(try BlobDigest(hex: blob.digest))
        return buffer.readBytes(length: buffer.readableBytes) ?? []
    }
}
