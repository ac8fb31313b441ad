import Foundation
import ISCP
import Intdash

/// The iSCP v2 connection of a `chancery stream` command: the Intdash SDK's
/// ``ISCP2ClientConnection`` to `/intdash/api/iscp/connect?enc=proto`, with what the server
/// sends read in turns (``receive()``) and every failure told in one line
/// (``StreamChannelError``).
///
/// ```swift
/// try await StreamChannel.withChannel(session: session, token: token, nodeID: edge) { channel in
///     let open = try await channel.request({ .upstreamOpenRequest(request(id: $0)) }, answer: \.upstreamOpenResponse, doing: "open an upstream")
/// }
/// ```
struct StreamChannel {
    /// What the connection hands over: a message, or the end of the connection and why.
    private enum Event: Sendable {
        case message(ISCP2Message)
        case ended(String)
    }

    /// The SDK's connection, for sending.
    let connection: ISCP2ClientConnection
    private var events: AsyncStream<Event>.Iterator

    /// Connects to the iSCP v2 endpoint of `session`'s server as the node `nodeID`,
    /// authenticated by `token`, runs `body`, and closes the connection.
    ///
    /// - Throws: ``StreamChannelError`` when the server cannot be reached or refuses the
    ///   node; what `body` throws.
    static func withChannel<Result>(
        session: IntdashClient.Session, token: String, nodeID: String, _ body: (inout StreamChannel) async throws -> Result
    ) async throws -> Result {
        let url = session.webSocketURL + "/api/iscp/connect?enc=proto"
        let (events, sink) = AsyncStream<Event>.makeStream()
        let connection: ISCP2ClientConnection
        do {
            connection = try await ISCP2ClientConnection.open(
                url: url, accessToken: token, nodeID: nodeID, onMessage: { sink.yield(.message($0)) },
                onEnd: { error in
                    sink.yield(.ended(error.map { "\($0)" } ?? "the server closed the connection"))
                    sink.finish()
                }
            )
        } catch let refusal as ISCP2ClientConnection.Refusal {
            throw StreamChannelError.refused("connect as node \(nodeID)", refusal.reason)
        } catch {
            throw StreamChannelError.unreachable("cannot open an iSCP v2 connection to \(url): \(error)")
        }
        var channel = StreamChannel(connection: connection, events: events.makeAsyncIterator())
        do {
            let result = try await body(&channel)
            await connection.close()
            return result
        } catch {
            await connection.close()
            throw error
        }
    }

    /// Sends the request `make` builds with a fresh request id and returns its answer, which
    /// `answer` picks out of the message (such as `\.upstreamOpenResponse`).
    ///
    /// - Throws: ``StreamChannelError/refused(_:_:)`` naming `action` when the answer is not
    ///   `SUCCEEDED`; ``StreamChannelError/disconnected(_:)`` when none comes.
    func request<Answer: ISCP2Response>(
        _ make: (UInt32) -> ISCP2Message.OneOf_Message, answer: (ISCP2Message) -> Answer, doing action: String
    ) async throws -> Answer {
        let message: ISCP2Message
        do {
            message = try await connection.request(make)
        } catch {
            throw StreamChannelError.disconnected("no answer to the request to \(action): \(error)")
        }
        let reply = answer(message)
        guard message.response is Answer, reply.resultCode == .succeeded else {
            let reason = message.response.map { $0.resultString.isEmpty ? "\($0.resultCode)" : $0.resultString } ?? "no answer"
            throw StreamChannelError.refused(action, reason)
        }
        return reply
    }

    /// The next message from the server (the connection answers its pings itself).
    ///
    /// - Throws: ``StreamChannelError/disconnected(_:)`` when the server sends `Disconnect` or
    ///   the connection ends.
    mutating func receive() async throws -> ISCP2Message.OneOf_Message {
        while let event = await events.next() {
            switch event {
            case .message(let message):
                switch message.message {
                case .disconnect(let disconnect):
                    throw StreamChannelError.disconnected(disconnect.resultString.isEmpty ? "\(disconnect.resultCode)" : disconnect.resultString)
                case .some(let body):
                    return body
                case nil:
                    continue
                }
            case .ended(let reason):
                throw StreamChannelError.disconnected(reason)
            }
        }
        throw StreamChannelError.disconnected("the server closed the connection")
    }
}

/// Why the iSCP v2 connection of a `chancery stream` command failed, in one line.
enum StreamChannelError: Error, CustomStringConvertible {
    /// The server could not be reached, or did not upgrade to a WebSocket.
    case unreachable(String)
    /// The server answered a request (the action named) with a failure.
    case refused(String, String)
    /// The server disconnected, for the reason given.
    case disconnected(String)

    var description: String {
        switch self {
        case .unreachable(let reason): reason
        case .refused(let action, let reason): "the server refused to \(action): \(reason)"
        case .disconnected(let reason): "disconnected: \(reason)"
        }
    }
}
