import Hummingbird
import NIOCore

/// A request body that fails with a 413 ``APIError`` as soon as more than `maxBytes` of it have
/// arrived: the limit on a body whose length is not declared (a chunked upload), counted as
/// it streams, so that a route reading it stops, and stores nothing, at the first byte over.
struct SizeLimitedBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    /// The body as it arrives.
    let base: RequestBody
    /// The most bytes allowed.
    let maxBytes: Int64

    /// Reads `base`, counting.
    struct AsyncIterator: AsyncIteratorProtocol {
        var base: RequestBody.AsyncIterator
        let maxBytes: Int64
        var count: Int64 = 0

        /// The next part of the body; throws once the parts so far add up to more than `maxBytes`.
        mutating func next() async throws -> ByteBuffer? {
            guard let part = try await base.next() else { return nil }
            count += Int64(part.readableBytes)
            guard count <= maxBytes else {
                throw APIError(.contentTooLarge, "request body exceeds the limit of \(maxBytes) bytes")
            }
            return part
        }
    }

    /// Starts reading the body.
    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), maxBytes: maxBytes)
    }
}
