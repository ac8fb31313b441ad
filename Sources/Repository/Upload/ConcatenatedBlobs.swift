import NIOCore
import Storage

/// The bytes of several blobs one after the other, read a slice at a time as they are
/// consumed, so that assembling a large chunked upload holds only one slice in memory.
struct ConcatenatedBlobs: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    /// The store the parts are in.
    let store: any BlobStore
    /// The parts, in order, with their sizes.
    let parts: [(BlobDigest, Int64)]
    /// How many bytes one read takes.
    static let sliceSize: Int64 = 1 << 20

    func makeAsyncIterator() -> Iterator { Iterator(store: store, parts: parts) }

    /// Walks the parts slice by slice.
    struct Iterator: AsyncIteratorProtocol {
        let store: any BlobStore
        let parts: [(BlobDigest, Int64)]
        var part = 0
        var offset: Int64 = 0

        mutating func next() async throws -> ByteBuffer? {
            while part < parts.count {
                let (digest, size) = parts[part]
                if offset < size {
                    let end = Swift.min(offset + ConcatenatedBlobs.sliceSize, size)
                    let slice = try await store.readAll(digest, range: offset..<end)
                    offset = end
                    return slice
                }
                part += 1
                offset = 0
            }
            return nil
        }
    }
}
