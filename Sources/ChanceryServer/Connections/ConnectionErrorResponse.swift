import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1

/// An error the connection answers itself, below the router: a malformed or oversized request
/// head, a head sent too slowly, a connection over the limit. No route has seen the request,
/// so the answer is in Chancery's own error format (``ChanceryErrorFormat``), and the
/// connection closes after it.
struct ConnectionErrorResponse {
    /// The status and message.
    let error: APIError
    /// The id that tags the answer, as a router's answers are tagged.
    let requestID: String
    /// The JSON body.
    let body: ByteBuffer

    /// Creates the answer.
    init(_ status: HTTPResponse.Status, _ message: String) {
        error = APIError(status, message)
        requestID = RequestID().description
        body = ChanceryErrorFormat().json(for: error, requestID: requestID)
    }

    /// The head, with the body's length and `Connection: close`.
    var head: HTTPResponseHead {
        HTTPResponseHead(
            version: .http1_1,
            status: HTTPResponseStatus(statusCode: error.status.code, reasonPhrase: error.status.reasonPhrase),
            headers: [
                "Content-Type": "application/json; charset=utf-8",
                "Content-Length": "\(body.readableBytes)",
                "Connection": "close",
                "X-Request-Id": requestID,
            ]
        )
    }

    /// The whole response as bytes on the wire, for a handler in front of the HTTP encoder.
    var bytes: ByteBuffer {
        var bytes = ByteBuffer(string: "HTTP/1.1 \(head.status.code) \(head.status.reasonPhrase)\r\n")
        for (name, value) in head.headers {
            bytes.writeString("\(name): \(value)\r\n")
        }
        bytes.writeString("\r\n")
        bytes.writeImmutableBuffer(body)
        return bytes
    }

    /// Writes the response through a handler behind the HTTP decoder (its writes go through
    /// the encoder), then closes the connection once it is sent.
    func write(to context: ChannelHandlerContext) {
        context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
        context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil))).assumeIsolated().whenComplete { _ in
            context.closeUnanswered()
        }
    }
}
