import HTTPTypes
import Hummingbird
import NIOCore

/// A response body writer that passes everything on to another and keeps a copy of the bytes,
/// up to a limit, for a closure that runs once the body is whole, before the response ends.
///
/// ```swift
/// response.body = ResponseBody(contentLength: body.contentLength) { writer in
///     try await body.write(RecordingResponseBodyWriter(parent: writer, limit: 1 << 20) { bytes in
///         // bytes: the whole body, or nil when it was larger than the limit
///     })
/// }
/// ```
public struct RecordingResponseBodyWriter: ResponseBodyWriter {
    private var parent: any ResponseBodyWriter
    private let limit: Int
    private let onFinish: @Sendable ([UInt8]?) async -> Void
    /// The bytes so far; `nil` once there were more than `limit`.
    private var recorded: [UInt8]? = []

    /// Passes the body on to `parent`, and hands `onFinish` its bytes, or `nil` when there are
    /// more than `limit`, before the body ends.
    public init(parent: any ResponseBodyWriter, limit: Int, onFinish: @escaping @Sendable ([UInt8]?) async -> Void) {
        self.parent = parent
        self.limit = limit
        self.onFinish = onFinish
    }

    /// Keeps a copy of `buffer` and writes it.
    public mutating func write(_ buffer: ByteBuffer) async throws {
        if let count = recorded?.count {
            if count + buffer.readableBytes <= limit {
                recorded?.append(contentsOf: buffer.readableBytesView)
            } else {
                recorded = nil
            }
        }
        try await parent.write(buffer)
    }

    /// Hands the copy over, then ends the body.
    public consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        await onFinish(recorded)
        try await parent.finish(trailingHeaders)
    }
}
