import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore
import Storage

/// A blob download: its bytes streamed from the blob store, with `Content-Disposition`,
/// a strong `ETag` (the digest) and single-range support; or a file the server made (a
/// conversion, a rendition), whole.
enum BlobResponse {
    /// The response for `bytes`, a file named `name` of `mimeType` that the server made.
    static func made(_ bytes: [UInt8], name: String, mimeType: String) -> Response {
        let headers: HTTPFields = [
            .contentType: mimeType,
            .contentDisposition: "attachment; filename*=UTF-8''\(NuxeoPath.encode(name))",
            .contentLength: String(bytes.count),
        ]
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// The response for `blob`, or its part `Range` asks for.
    static func make(_ blob: BlobInfo, store: any BlobStore, rangeHeader: String?) throws -> Response {
        let digest = try BlobDigest(hex: blob.digest)
        var headers: HTTPFields = [
            .contentType: blob.mimeType,
            .contentDisposition: "attachment; filename*=UTF-8''\(NuxeoPath.encode(blob.name))",
            .eTag: "\"\(blob.digest)\"",
            .acceptRanges: "bytes",
        ]
        let status: HTTPResponse.Status
        let range: Range<Int64>?
        switch ByteRange.resolve(rangeHeader, size: blob.length) {
        case .whole:
            status = .ok
            range = nil
            headers[.contentLength] = String(blob.length)
        case .partial(let bytes):
            status = .partialContent
            range = bytes
            headers[.contentLength] = String(bytes.count)
            headers[.contentRange] = "bytes \(bytes.lowerBound)-\(bytes.upperBound - 1)/\(blob.length)"
        case .unsatisfiable:
            throw APIError(
                .rangeNotSatisfiable, "the range \(rangeHeader ?? "") is outside the \(blob.length) bytes of \(blob.name)",
                headers: [.contentRange: "bytes */\(blob.length)"])
        }
        return Response(
            status: status, headers: headers,
            body: ResponseBody { writer in
                try await store.read(digest, range: range) { chunk in try await writer.write(chunk) }
                try await writer.finish(nil)
            })
    }
}
