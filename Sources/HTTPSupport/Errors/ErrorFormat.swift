import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// How one API writes errors on the wire (Nuxeo, SignWell, QED and intdash each have their
/// own shape).
public protocol ErrorFormat: Sendable {
    /// The response that reports `error` to a client of this API.
    func response(for error: APIError, requestID: String) -> Response
}

extension ErrorFormat {
    /// A JSON response with the error's status and headers and `body` as its content.
    public func jsonResponse(for error: APIError, body: some Encodable) -> Response {
        var headers = error.headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: error.status, headers: headers, body: .init(byteBuffer: jsonBytes(body)))
    }

    /// `body` encoded as the JSON of an error response.
    public func jsonBytes(_ body: some Encodable) -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(body)) ?? Data(#"{"error":"unencodable error"}"#.utf8)
        return ByteBuffer(bytes: data)
    }
}
