import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import JSON
import NIOCore

/// A JSON body of the SignWell API with its status, written with sorted keys.
struct SignWellResponse: ResponseGenerator {
    /// The status, 200 unless the endpoint says otherwise.
    var status: HTTPResponse.Status = .ok
    /// The body.
    var body: JSONValue

    func response(from request: Request, context: some RequestContext) throws -> Response {
        try response()
    }

    /// The response, without a request.
    func response() throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(body)))
        )
    }
}
