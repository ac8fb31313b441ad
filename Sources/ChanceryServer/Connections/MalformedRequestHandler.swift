import HTTPSupport
import HTTPTypes
import NIOCore
import NIOHTTP1

/// Answers a request the HTTP decoder cannot parse, or whose head the server refuses, with a
/// 4xx in Chancery's error format, and closes the connection.
///
/// NIO's decoder reports a malformed request as an ``HTTPParserError`` (an unknown method, a
/// head over the size limits, a bad chunk size, conflicting lengths); before this handler,
/// nothing answered one that came before the first request was routed, and the connection
/// stayed open. A parse error in the body of a request a route is reading reaches that route
/// instead, as a 400 ``APIError``, so that it answers in its API's own format.
///
/// The decoder (llhttp, strict) refuses the shapes of request smuggling itself (more than one
/// `Content-Length`, one that is not a byte count, one next to a `Transfer-Encoding`), and
/// request targets with bytes outside printable ASCII; this handler answers those errors, and
/// refuses a request target over ``ConnectionLimits/maxURLBytes`` with a 414. A target too
/// long for the decoder's own limit on the head (``ConnectionLimits/maxHeadBytes``) gets a 431.
///
/// It sits right behind the HTTP decoder and leaves the pipeline when the connection is
/// upgraded to a WebSocket. From a first request that asks for an upgrade until its answer,
/// it passes what arrives on untouched: once the upgrade handler has removed the decoder,
/// that is raw bytes.
final class MalformedRequestHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The requests and answers that have passed.
    private var exchange = HTTPExchangeState()
    /// Whether this handler has answered; what the client sends after that is dropped.
    private var hasRefused = false

    /// Creates the handler of one connection.
    init() {}

    /// Refuses an unacceptable head; passes every other part on.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !hasRefused else { return }
        guard !exchange.mayBeUpgrading else {
            context.fireChannelRead(data)
            return
        }
        let part = unwrapInboundIn(data)
        if case .head(let head) = part, let refusal = Self.refusal(of: head) {
            if exchange.unanswered > 0 {
                // A pipelined request behind one still being answered: an answer now would
                // land inside that one's, so the connection just ends.
                hasRefused = true
                context.close(promise: nil)
            } else {
                refuse(refusal, context: context)
            }
            return
        }
        exchange.received(part)
        context.fireChannelRead(data)
    }

    /// Answers a parse error itself when no request is in flight, and passes it on as a 400
    /// to the route reading the request otherwise.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        guard !hasRefused else { return }
        if exchange.isReadingRequest || exchange.unanswered > 0 {
            context.fireErrorCaught(APIError(.badRequest, "malformed request: \(parserError.debugDescription)"))
        } else {
            refuse(Self.refusal(of: parserError), context: context)
        }
    }

    /// Notes the end of an answer; leaves the pipeline after a WebSocket upgrade's 101.
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status == .switchingProtocols:
            context.writeUpgradeAnswerAndLeave(data, promise: promise)
        case .end:
            exchange.answered()
            context.write(data, promise: promise)
        default:
            context.write(data, promise: promise)
        }
    }

    private func refuse(_ refusal: ConnectionErrorResponse, context: ChannelHandlerContext) {
        hasRefused = true
        refusal.write(to: context)
    }

    /// The answer to a head the server will not serve, or `nil` for an acceptable one.
    static func refusal(of head: HTTPRequestHead) -> ConnectionErrorResponse? {
        guard head.uri.utf8.count <= ConnectionLimits.maxURLBytes else {
            return ConnectionErrorResponse(.uriTooLong, "the request target is longer than \(ConnectionLimits.maxURLBytes) bytes")
        }
        return nil
    }

    /// The answer to a request the decoder could not parse.
    static func refusal(of error: HTTPParserError) -> ConnectionErrorResponse {
        switch error {
        case .invalidMethod:
            return ConnectionErrorResponse(.notImplemented, "unknown request method")
        case .headerOverflow:
            return ConnectionErrorResponse(
                .requestHeaderFieldsTooLarge,
                "the request head is too large: at most \(ConnectionLimits.maxHeaderCount) header fields and \(ConnectionLimits.maxHeadBytes) bytes"
            )
        case .paused, .invalidVersion:
            // llhttp pauses on the HTTP/2 connection preface.
            return ConnectionErrorResponse(.badRequest, "this server speaks HTTP/1.1 (and HTTP/1.0) only")
        case .unknown:
            return ConnectionErrorResponse(.badRequest, "malformed request head")
        default:
            return ConnectionErrorResponse(.badRequest, "malformed request: \(error.debugDescription)")
        }
    }
}
