import Foundation
import HTTPSupport
import HTTPTypes
import NIOCore
import NIOHTTP1

/// Bounds how long a client may keep the server waiting on a connection (``ConnectionLimits``):
///
/// - from connecting, and from the first bytes of a later request, to the end of the request
///   head: `headerTimeout`; a head that is late is answered 408 and the connection closed (a
///   connection that sent nothing is closed without an answer);
/// - between an answer and the next request: `idleTimeout`, then the connection closes;
/// - between two reads of a request body, while the server waits for it: `bodyTimeout`; the
///   request's reader then fails with a 408 (``APIError``), which its route answers in its
///   API's format, and the connection closes after that answer.
///
/// While the server works on a request or writes its answer, nothing is timed: a long
/// download that the client reads is never cut. A body is timed only while the server has
/// asked for more of it, so a route that reads slowly is not taken for a slow client.
///
/// On a graceful shutdown it closes the connection at once if no request is in flight (the
/// WebSocket upgrade handler that waits for a first request head would otherwise ignore the
/// shutdown). It sits right behind the HTTP decoder and leaves the pipeline when the
/// connection is upgraded to a WebSocket, which keeps itself alive with its own pings. From a
/// first request that asks for an upgrade until its answer, it times nothing and passes what
/// arrives on untouched: once the upgrade handler has removed the decoder, that is raw bytes.
final class RequestDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// What the connection waits for from the client.
    private enum Wait {
        case nextRequest
        case head
        case body
    }

    private let limits: ConnectionLimits
    /// When the connection last had nothing to do: it opened, or finished its last exchange.
    private var idleSince = NIODeadline.now()
    /// Whether a request has been answered (the next one then gets `idleTimeout` to start).
    private var hasAnswered = false
    /// When the head now arriving started: its first bytes, or the connection's start for the
    /// first request. `nil` while no bytes of a next request have arrived.
    private var headStartedAt: NIODeadline?
    /// The requests and answers that have passed.
    private var exchange = HTTPExchangeState()
    /// When the server asked for bytes that have not arrived yet; `nil` while it is not asking.
    private var readRequestedAt: NIODeadline?
    /// Whether the connection closes once the current answer is written (its body timed out).
    private var closesAfterAnswer = false
    private var timer: (deadline: NIODeadline, task: Scheduled<Void>)?

    /// Creates the handler of one connection.
    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    /// Starts timing the wait for the first request.
    func channelActive(context: ChannelHandlerContext) {
        idleSince = .now()
        armTimer(context: context)
        context.fireChannelActive()
    }

    /// Notes the arrival of a request's head, body and end.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !exchange.mayBeUpgrading else {
            context.fireChannelRead(data)
            return
        }
        let part = unwrapInboundIn(data)
        exchange.received(part)
        switch part {
        case .head: headStartedAt = nil
        case .body: break
        case .end: becomeIdleIfDone()
        }
        context.fireChannelRead(data)
        armTimer(context: context)
    }

    /// Notes that bytes arrived: the start of the next head, or progress of a body.
    func channelReadComplete(context: ChannelHandlerContext) {
        readRequestedAt = nil
        if !exchange.isReadingRequest, exchange.unanswered == 0, headStartedAt == nil {
            headStartedAt = hasAnswered ? .now() : idleSince
        }
        context.fireChannelReadComplete()
        armTimer(context: context)
    }

    /// Notes that the server asks for more bytes.
    func read(context: ChannelHandlerContext) {
        if readRequestedAt == nil {
            readRequestedAt = .now()
        }
        context.read()
        armTimer(context: context)
    }

    /// Notes the end of an answer; leaves the pipeline after a WebSocket upgrade's 101.
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status == .switchingProtocols:
            context.writeUpgradeAnswerAndLeave(data, promise: promise)
        case .end:
            exchange.answered()
            becomeIdleIfDone()
            if closesAfterAnswer {
                context.writeAndFlush(data).assumeIsolated().whenComplete { result in
                    promise?.completeWith(result)
                    context.close(promise: nil)
                }
            } else {
                context.write(data, promise: promise)
                armTimer(context: context)
            }
        default:
            context.write(data, promise: promise)
        }
    }

    /// Closes a connection with no request in flight when the server shuts down; passes the
    /// event on otherwise, so that the request in flight is answered first.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, exchange.unanswered == 0 {
            context.closeUnanswered()
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// Stops timing a closed connection.
    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    /// Stops timing an upgraded connection.
    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    private func becomeIdleIfDone() {
        guard exchange.unanswered == 0, !exchange.isReadingRequest else { return }
        idleSince = .now()
        hasAnswered = true
        headStartedAt = nil
    }

    /// The deadline of what the connection waits for from the client, if it waits for anything.
    private func pendingDeadline() -> (deadline: NIODeadline, wait: Wait)? {
        if exchange.mayBeUpgrading {
            return nil
        }
        if exchange.isReadingRequest {
            guard let readRequestedAt else { return nil }
            return (readRequestedAt + TimeAmount(limits.bodyTimeout), .body)
        }
        if exchange.unanswered > 0 {
            return nil
        }
        if let headStartedAt {
            return (headStartedAt + TimeAmount(limits.headerTimeout), .head)
        }
        return (idleSince + TimeAmount(hasAnswered ? limits.idleTimeout : limits.headerTimeout), .nextRequest)
    }

    /// Makes sure a timer fires no later than the pending deadline; a timer that fires early
    /// looks again.
    private func armTimer(context: ChannelHandlerContext) {
        guard let pending = pendingDeadline() else { return }
        if let timer, timer.deadline <= pending.deadline { return }
        cancelTimer()
        let task = context.eventLoop.assumeIsolated().scheduleTask(deadline: pending.deadline) {
            self.timer = nil
            self.timerFired(context: context)
        }
        timer = (pending.deadline, task)
    }

    private func cancelTimer() {
        timer?.task.cancel()
        timer = nil
    }

    private func timerFired(context: ChannelHandlerContext) {
        guard let pending = pendingDeadline() else { return }
        guard pending.deadline <= .now() else {
            armTimer(context: context)
            return
        }
        switch pending.wait {
        case .nextRequest:
            context.closeUnanswered()
        case .head:
            ConnectionErrorResponse(.requestTimeout, "the request head did not arrive within \(Self.seconds(limits.headerTimeout))")
                .write(to: context)
        case .body:
            exchange.isReadingRequest = false
            closesAfterAnswer = true
            context.fireErrorCaught(APIError(.requestTimeout, "no bytes of the request body arrived for \(Self.seconds(limits.bodyTimeout))"))
            if exchange.unanswered == 0 {
                context.close(promise: nil)
            }
        }
    }

    private static func seconds(_ time: Duration) -> String {
        time.formatted(.units(allowed: [.seconds, .milliseconds], width: .abbreviated))
    }
}
