import NIOCore
import NIOPosix
import NIOSSL

/// One connection to an SMTP server: commands out, replies in, each within a deadline, and
/// the switch to TLS. It turns every failure into an ``SMTPError`` naming the step.
final class SMTPConnection {
    private let channel: NIOAsyncChannel<SMTPReply, ByteBuffer>
    private var replies: NIOAsyncChannelInboundStream<SMTPReply>.AsyncIterator
    private let writer: NIOAsyncChannelOutboundWriter<ByteBuffer>
    /// How long a reply, or a write, may take.
    private let timeout: Duration

    private init(
        channel: NIOAsyncChannel<SMTPReply, ByteBuffer>,
        replies: NIOAsyncChannelInboundStream<SMTPReply>.AsyncIterator,
        writer: NIOAsyncChannelOutboundWriter<ByteBuffer>,
        timeout: Duration
    ) {
        self.channel = channel
        self.replies = replies
        self.writer = writer
        self.timeout = timeout
    }

    /// Connects to `host`:`port` within `connectTimeout`, with TLS from the start when `tls`
    /// is given, runs `body` with the connection, and closes it.
    ///
    /// - Throws: ``SMTPError`` with ``SMTPError/Reason/connectionFailed`` when the connection
    ///   cannot be made, and what `body` throws.
    static func with<Result: Sendable>(
        host: String,
        port: Int,
        tls: NIOSSLContext?,
        connectTimeout: Duration,
        replyTimeout: Duration,
        group: any EventLoopGroup,
        _ body: (SMTPConnection) async throws(SMTPError) -> Result
    ) async throws(SMTPError) -> Result {
        let channel: NIOAsyncChannel<SMTPReply, ByteBuffer>
        do {
            let serverHostname = Self.serverHostname(host)
            channel = try await ClientBootstrap(group: group)
                .connectTimeout(.nanoseconds(Int64(connectTimeout / .nanoseconds(1))))
                .connect(host: host, port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if let tls {
                            try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverHostname))
                        }
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SMTPReplyDecoder()))
                        return try NIOAsyncChannel<SMTPReply, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw SMTPError(.connectionFailed, step: "connect to \(host):\(port)", detail: "\(error)")
        }
        do {
            return try await channel.executeThenClose { inbound, outbound in
                let connection = SMTPConnection(channel: channel, replies: inbound.makeAsyncIterator(), writer: outbound, timeout: replyTimeout)
                return try await body(connection)
            }
        } catch let error as SMTPError {
            throw error
        } catch {
            throw SMTPError(.connectionClosed, step: "connection", detail: "\(error)")
        }
    }

    /// The name to send in TLS's SNI and to check the certificate against: `nil` for an IP
    /// address, whose certificate NIOSSL checks against the connection's peer address instead.
    private static func serverHostname(_ host: String) -> String? {
        let isIPv4 = host.split(separator: ".").count == 4 && host.split(separator: ".").allSatisfy { UInt8($0) != nil }
        return isIPv4 || host.contains(":") ? nil : host
    }

    /// Waits for the next reply, at most the timeout.
    ///
    /// - Throws: ``SMTPError`` with `step` when no reply comes.
    func reply(step: String) async throws(SMTPError) -> SMTPReply {
        let next = try await withDeadline(step: step) { connection in try await connection.replies.next() }
        guard let next else { throw SMTPError(.connectionClosed, step: step, detail: "the server closed the connection") }
        return next
    }

    /// Sends `command` (without its CRLF) and waits for its reply.
    func send(_ command: String, step: String) async throws(SMTPError) -> SMTPReply {
        try await write(Array("\(command)\r\n".utf8), step: step)
        return try await reply(step: step)
    }

    /// Writes `bytes`, in pieces that each must leave within the timeout.
    func write(_ bytes: [UInt8], step: String) async throws(SMTPError) {
        for start in stride(from: 0, to: bytes.count, by: 64 * 1024) {
            let piece = ByteBuffer(bytes: bytes[start..<min(start + 64 * 1024, bytes.count)])
            try await withDeadline(step: step) { connection in try await connection.writer.write(piece) }
        }
    }

    /// Starts TLS on the connection, after the server's `220` to `STARTTLS`, and waits for
    /// the handshake, at most the timeout.
    func startTLS(context: NIOSSLContext, host: String) async throws(SMTPError) {
        let channel = self.channel.channel
        let serverHostname = Self.serverHostname(host)
        let handshake = channel.eventLoop.makePromise(of: Void.self)
        do {
            try await channel.eventLoop.submit {
                let tls = try NIOSSLClientHandler(context: context, serverHostname: serverHostname)
                try channel.pipeline.syncOperations.addHandler(tls, position: .first)
                try channel.pipeline.syncOperations.addHandler(TLSHandshakeWaiter(done: handshake), position: .after(tls))
            }.get()
        } catch {
            handshake.fail(error)
            throw SMTPError(.tlsFailed, step: "STARTTLS", detail: "\(error)")
        }
        try await withDeadline(step: "STARTTLS handshake") { _ in try await handshake.futureResult.get() }
    }

    /// Runs `body`, closing the connection when it takes longer than the timeout, and turns its
    /// failure into an ``SMTPError`` of `step`.
    private func withDeadline<Result>(step: String, _ body: (SMTPConnection) async throws -> Result) async throws(SMTPError) -> Result {
        let channel = self.channel.channel
        let timeout = self.timeout
        let outcome: Swift.Result<Result, any Error>
        var expired = false
        outcome = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                guard (try? await Task.sleep(for: timeout)) != nil else { return false }
                channel.close(promise: nil)
                return true
            }
            let outcome: Swift.Result<Result, any Error>
            do {
                outcome = .success(try await body(self))
            } catch {
                outcome = .failure(error)
            }
            group.cancelAll()
            expired = await group.next() ?? false
            return outcome
        }
        if expired { throw SMTPError(.timedOut, step: step, detail: "no reply within \(timeout)") }
        switch outcome {
        case .success(let result): return result
        case .failure(let error): throw Self.smtpError(error, step: step)
        }
    }

    /// `error`, from the channel, as an ``SMTPError`` of `step`.
    private static func smtpError(_ error: any Error, step: String) -> SMTPError {
        switch error {
        case SMTPReplyDecoder.Failure.tooLong:
            SMTPError(.malformedReply, step: step, detail: "the reply exceeds \(SMTPReplyDecoder.limit) bytes")
        case SMTPReplyDecoder.Failure.malformed(let line):
            SMTPError(.malformedReply, step: step, detail: "not an SMTP reply: \(line.debugDescription)")
        case is NIOSSLError, is BoringSSLError, is NIOSSLExtraError:
            SMTPError(.tlsFailed, step: step, detail: "\(error)")
        default:
            SMTPError(.connectionClosed, step: step, detail: "\(error)")
        }
    }
}
