import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Sends messages to one SMTP server, a connection per message: greeting, `EHLO` (or `HELO`),
/// STARTTLS when the server offers it on `smtp://`, `AUTH` when the URL has credentials,
/// the envelope, `DATA`, `QUIT`.
///
/// A password never travels in clear: with credentials, a server that offers no STARTTLS is
/// refused unless it is on this machine. A message goes to all its recipients or to none: one
/// refused recipient fails the send before `DATA`.
///
/// ```swift
/// let client = SMTPClient(server: try SMTPServerURL("smtp://mailer:secret@mail.example.com"))
/// do {
///     try await client.send(message)
/// } catch {
///     if !error.isPermanent { /* try again later */ }
/// }
/// ```
public struct SMTPClient: Sendable {
    /// How long each part of a session may take.
    public struct Timeouts: Sendable {
        /// Making the TCP connection.
        public var connect: Duration
        /// Each reply of the server (the TLS handshake included), and each write's progress.
        public var reply: Duration

        /// Timeouts of `connect` and `reply`; RFC 5321 §4.5.3.2 asks for minutes per reply, as
        /// a busy server may check a message at length before answering.
        public init(connect: Duration = .seconds(30), reply: Duration = .seconds(120)) {
            self.connect = connect
            self.reply = reply
        }
    }

    /// The server.
    public let server: SMTPServerURL
    private let tls: TLSConfiguration
    private let heloName: String
    private let timeouts: Timeouts
    private let group: any EventLoopGroup

    /// A client of `server`.
    ///
    /// - Parameters:
    ///   - server: The server and the credentials.
    ///   - tls: How to verify the server's certificate; by default, against the system's trust
    ///     store, with the host name checked.
    ///   - heloName: This machine's name in `EHLO`: a domain name or an address literal such as
    ///     `[127.0.0.1]`; other characters are a programming error.
    ///   - timeouts: How long connecting and each reply may take.
    ///   - group: The event loops the connections run on.
    public init(
        server: SMTPServerURL,
        tls: TLSConfiguration = .makeClientConfiguration(),
        heloName: String = "localhost",
        timeouts: Timeouts = Timeouts(),
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        precondition(heloName.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".-[]:".contains($0)) }, "not a host name: \(heloName)")
        self.server = server
        self.tls = tls
        self.heloName = heloName
        self.timeouts = timeouts
        self.group = group
    }

    /// Sends `message` to its recipients.
    ///
    /// - Throws: ``SMTPError``, whose ``SMTPError/isPermanent`` tells whether a later try may work.
    public func send(_ message: MailMessage) async throws(SMTPError) {
        try await send(message.encoded(), from: message.from, to: message.to)
    }

    /// Sends a message already encoded, with the envelope `from` (`MAIL FROM`) and `to` (a
    /// `RCPT TO` each): a queued message is sent again byte for byte, with the same
    /// `Message-ID` and `Date`.
    ///
    /// - Parameter encoded: What ``MailMessage/encoded()`` returned: ASCII lines ending in
    ///   CRLF, before dot-stuffing, which this adds.
    /// - Throws: ``SMTPError``, whose ``SMTPError/isPermanent`` tells whether a later try may work.
    public func send(_ encoded: [UInt8], from: MailAddress, to: [MailAddress]) async throws(SMTPError) {
        let context: NIOSSLContext
        do {
            context = try NIOSSLContext(configuration: tls)
        } catch {
            throw SMTPError(.tlsFailed, step: "TLS configuration", detail: "\(error)")
        }
        let data = DotStuffing.data(for: encoded)
        try await SMTPConnection.with(
            host: server.host,
            port: server.port,
            tls: server.security == .implicitTLS ? context : nil,
            connectTimeout: timeouts.connect,
            replyTimeout: timeouts.reply,
            group: group
        ) { connection throws(SMTPError) in
            try expect(try await connection.reply(step: "greeting"), 220, step: "greeting")
            var extensions = try await greet(connection)
            var isEncrypted = server.security == .implicitTLS
            if !isEncrypted, extensions.keywords.contains("STARTTLS") {
                try expect(try await connection.send("STARTTLS", step: "STARTTLS"), 220, step: "STARTTLS")
                try await connection.startTLS(context: context, host: server.host)
                extensions = try await greet(connection)
                isEncrypted = true
            }
            if let credentials = server.credentials {
                guard isEncrypted || server.isLoopback else {
                    throw SMTPError(
                        .startTLSUnavailable, step: "AUTH", detail: "\(server.host) offers no STARTTLS; the password is not sent in clear")
                }
                try await authenticate(credentials, offered: extensions.authenticationMechanisms, connection: connection)
            }
            try await transfer(data, from: from, to: to, connection: connection)
            // The message is accepted: a failure to say goodbye changes nothing.
            _ = try? await connection.send("QUIT", step: "QUIT")
        }
    }

    /// Says `EHLO`, or `HELO` when the server refuses `EHLO` with 5xx, and returns the
    /// extensions the server offers (none after `HELO`).
    private func greet(_ connection: SMTPConnection) async throws(SMTPError) -> SMTPExtensions {
        let reply = try await connection.send("EHLO \(heloName)", step: "EHLO")
        if reply.isPositive { return SMTPExtensions(reply) }
        guard reply.code >= 500 else { throw Self.failure(reply, step: "EHLO") }
        try expect(try await connection.send("HELO \(heloName)", step: "HELO"), 250, step: "HELO")
        return SMTPExtensions()
    }

    /// Authenticates with `AUTH PLAIN`, or `AUTH LOGIN` when only that is offered.
    private func authenticate(_ credentials: SMTPServerURL.Credentials, offered: Set<String>, connection: SMTPConnection) async throws(SMTPError) {
        func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }
        if offered.contains("PLAIN") {
            let response = base64("\u{0}\(credentials.user)\u{0}\(credentials.password)")
            try expect(try await connection.send("AUTH PLAIN \(response)", step: "AUTH PLAIN"), 235, step: "AUTH PLAIN")
        } else if offered.contains("LOGIN") {
            try expect(try await connection.send("AUTH LOGIN", step: "AUTH LOGIN"), 334, step: "AUTH LOGIN")
            try expect(try await connection.send(base64(credentials.user), step: "AUTH LOGIN user"), 334, step: "AUTH LOGIN user")
            try expect(try await connection.send(base64(credentials.password), step: "AUTH LOGIN password"), 235, step: "AUTH LOGIN password")
        } else {
            let mechanisms = offered.isEmpty ? "none" : offered.sorted().joined(separator: " ")
            throw SMTPError(.authenticationUnavailable, step: "AUTH", detail: "the server offers neither PLAIN nor LOGIN (offered: \(mechanisms))")
        }
    }

    /// The envelope and the data.
    private func transfer(_ data: [UInt8], from: MailAddress, to: [MailAddress], connection: SMTPConnection) async throws(SMTPError) {
        let mailFrom = "MAIL FROM:<\(from.address)>"
        try expect(try await connection.send(mailFrom, step: mailFrom), 250, step: mailFrom)
        for recipient in to {
            let rcptTo = "RCPT TO:<\(recipient.address)>"
            let reply = try await connection.send(rcptTo, step: rcptTo)
            guard reply.isPositive else { throw Self.failure(reply, step: rcptTo) }
        }
        try expect(try await connection.send("DATA", step: "DATA"), 354, step: "DATA")
        try await connection.write(data, step: "message")
        try expect(try await connection.reply(step: "message"), 250, step: "message")
    }

    /// Checks that `reply` has `code`.
    ///
    /// - Throws: ``SMTPError`` with the reply when it has another code.
    private func expect(_ reply: SMTPReply, _ code: Int, step: String) throws(SMTPError) {
        guard reply.code == code else { throw Self.failure(reply, step: step) }
    }

    /// The error for `reply`, which is not what `step` expects.
    private static func failure(_ reply: SMTPReply, step: String) -> SMTPError {
        let reason: SMTPError.Reason = reply.code >= 400 ? .rejected(code: reply.code) : .unexpectedReply(code: reply.code)
        return SMTPError(reason, step: step, detail: reply.description)
    }
}
