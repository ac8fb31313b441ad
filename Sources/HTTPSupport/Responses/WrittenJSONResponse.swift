import Hummingbird
import JSON
import NIOCore

/// A `200` JSON answer written with ``JSON/JSONWriter`` instead of encoded by the context's
/// `JSONEncoder`, for answers sent often: the same text when the writer writes the keys in
/// sorted order, and the same headers as Hummingbird's JSON answers.
///
/// ```swift
/// router.get("ping") { _, _ in
///     WrittenJSONResponse { writer in
///         writer.beginObject(); writer.key("ok"); writer.bool(true); writer.endObject()
///     }
/// }
/// ```
public struct WrittenJSONResponse: ResponseGenerator {
    /// The answer's JSON text.
    public let bytes: [UInt8]

    /// An answer of what `write` writes.
    public init(_ write: (inout JSONWriter) -> Void) {
        var writer = JSONWriter()
        write(&writer)
        self.bytes = writer.bytes
    }

    /// The response: `200`, `Content-Type: application/json; charset=utf-8`, the text.
    public func response(from request: Request, context: some RequestContext) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .contentLength: String(bytes.count)],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }
}
