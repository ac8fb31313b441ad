import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// An app's redirect URI that a browser can land on: a tiny HTTP server on loopback that
/// records the request target of each `GET /callback` and answers a small page whose heading
/// has the id `done`. Other paths (such as the browser's `/favicon.ico`) get 404.
///
/// ```swift
/// let callback = try await LoopbackCallbackServer.start()
/// // register callback.url as the OAuth2 client's redirect URI, sign in in a browser, then:
/// let query = callback.queries.first   // ["code": …, "state": …]
/// await callback.stop()
/// ```
public final class LoopbackCallbackServer: Sendable {
    /// The callback's URL, such as `http://127.0.0.1:43123/callback`.
    public let url: String
    private let listener: any Channel
    private let recorded = Mutex<[String]>([])

    private init(url: String, listener: any Channel) {
        self.url = url
        self.listener = listener
    }

    /// Starts listening on a free loopback port.
    public static func start() async throws -> LoopbackCallbackServer {
        let recorder = CallbackRecorder()
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(CallbackRequestHandler(recorder: recorder))
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        let server = LoopbackCallbackServer(url: "http://127.0.0.1:\(listener.localAddress?.port ?? 0)/callback", listener: listener)
        recorder.server.withLock { $0 = server }
        return server
    }

    /// The request targets of the callbacks so far, in order, such as `/callback?code=…&state=…`.
    public var requests: [String] {
        recorded.withLock { $0 }
    }

    /// The query of each callback so far, a value per name (the last when a name repeats).
    public var queries: [[String: String]] {
        requests.map { target in
            let items = URLComponents(string: target)?.queryItems ?? []
            return Dictionary(items.map { ($0.name, $0.value ?? "") }) { $1 }
        }
    }

    /// Stops listening.
    public func stop() async {
        try? await listener.close()
    }

    /// Records the request target of a callback.
    fileprivate func record(_ target: String) {
        recorded.withLock { $0.append(target) }
    }
}

/// Hands the requests of the connections to the server they belong to, which is made only
/// after the listener is bound.
private final class CallbackRecorder: Sendable {
    let server = Mutex<LoopbackCallbackServer?>(nil)

    func record(_ target: String) {
        server.withLock { $0 }?.record(target)
    }
}

/// Answers the requests of one connection: the page for `/callback`, after recording the
/// request, and 404 for anything else.
private final class CallbackRequestHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let recorder: CallbackRecorder
    /// The request whose end has not come yet.
    private var pending: HTTPRequestHead?

    init(recorder: CallbackRecorder) {
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            pending = head
        case .body:
            break
        case .end:
            guard let head = pending else { return }
            pending = nil
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let isCallback = head.method == .GET && head.uri.split(separator: "?", maxSplits: 1).first == "/callback"
        if isCallback { recorder.record(head.uri) }
        let page = isCallback ? "<!doctype html><title>Back in the app</title><h1 id=\"done\">Back in the app</h1>" : "not found"
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: isCallback ? "text/html; charset=utf-8" : "text/plain")
        headers.add(name: "Content-Length", value: String(page.utf8.count))
        let response = HTTPResponseHead(version: head.version, status: isCallback ? .ok : .notFound, headers: headers)
        context.write(wrapOutboundOut(.head(response)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: page)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
