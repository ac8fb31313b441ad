import ChanceryTestSupport
import Foundation
import Hummingbird
import HummingbirdWebSocket
import ISCP
import Intdash
import Logging
import NIOCore
import Testing

/// The SDK's iSCP v2 client against a server that breaks the protocol: it accepts the node,
/// then sends bytes that are not an iSCP v2 message. The connection ends with an error that
/// says so, and a request that waits for an answer fails, rather than the bytes being dropped
/// and the request waiting for its timeout.
@Suite(.timeLimit(.minutes(5)))
struct ISCP2ClientConnectionTests {
    @Test func aMessageThatIsNotISCPv2EndsTheConnectionWithAnErrorThatSaysSo() async throws {
        try await Self.withMisbehavingServer { url in
            let (ends, endContinuation) = AsyncStream.makeStream(of: String.self)
            let connection = try await ISCP2ClientConnection.open(
                // Minutes, not the default seconds: on a loaded machine the loopback answer can
                // take longer, and a timeout is not what this test is about.
                url: url, accessToken: "token", nodeID: "node-1", requestTimeout: .seconds(120), onMessage: { _ in },
                onEnd: { error in
                    endContinuation.yield(error.map { "\($0)" } ?? "no error")
                    endContinuation.finish()
                }
            )
            // The server answers this request with garbage: the request fails with that.
            await #expect(throws: ISCP2ClientConnection.MalformedMessage.self) {
                _ = try await connection.request { id in
                    var ping = ISCP2Ping()
                    ping.requestID = id
                    return .ping(ping)
                }
            }
            var iterator = ends.makeAsyncIterator()
            let ended = try #require(await iterator.next())
            #expect(ended.hasPrefix("the iSCP v2 server sent a message that is not iSCP v2"), "\(ended)")
            await connection.close()
        }
    }

    /// Runs `body` with the URL of a server that accepts any `ConnectRequest`, then answers every
    /// other message with bytes that are not an iSCP v2 message.
    static func withMisbehavingServer(_ body: (_ url: String) async throws -> Void) async throws {
        let logger = Logger(label: "ISCP2ClientConnectionTests")
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.ws("iscp") { inbound, outbound, _ in
            let codec = ISCP2MessageCodec()
            for try await frame in inbound.messages(maxSize: 1 << 20) {
                guard case .binary(let buffer) = frame else { continue }
                let message = try codec.decode(Array(buffer.readableBytesView))
                guard case .connectRequest(let request) = message.message else {
                    // A length-delimited field whose length runs past the end.
                    try await outbound.write(.binary(ByteBuffer(bytes: [0x0a, 0x7f, 0x01])))
                    continue
                }
                var response = ISCP2ConnectResponse()
                response.requestID = request.requestID
                response.protocolVersion = request.protocolVersion
                response.resultCode = .succeeded
                var answer = ISCP2Message()
                answer.message = .connectResponse(response)
                try await outbound.write(.binary(ByteBuffer(bytes: try codec.encode(answer))))
            }
        }
        try await LoopbackServer.run(logger: logger) { onServerRunning in
            Application(
                router: Router(),
                server: .http1WebSocketUpgrade(webSocketRouter: router),
                configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
                onServerRunning: onServerRunning,
                logger: logger
            )
        } _: { port in
            try await body("ws://127.0.0.1:\(port)/iscp")
        }
    }
}
