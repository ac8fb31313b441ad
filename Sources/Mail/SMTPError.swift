/// Why a message could not be sent, with whether sending it again later may work.
///
/// ``isPermanent`` is true when the server refused with a 5xx reply, or when the
/// configuration cannot work (no safe way to send the password, no usable `AUTH`): retrying
/// the same message to the same server will fail the same way. Everything else (4xx replies,
/// network failures, timeouts, TLS failures, servers that break the protocol) may pass later.
public struct SMTPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// The server answered with this 4xx or 5xx code.
        case rejected(code: Int)
        /// The server answered with a code the step does not expect (such as 250 to `DATA`).
        case unexpectedReply(code: Int)
        /// The connection could not be made.
        case connectionFailed
        /// The connection ended, or failed, before the step was done.
        case connectionClosed
        /// No reply, or no progress in writing, within the timeout.
        case timedOut
        /// The server sent something that is not an SMTP reply, or a reply over the size limit.
        case malformedReply
        /// The TLS handshake failed (such as a certificate that is not trusted).
        case tlsFailed
        /// Credentials are configured but the server, not on this machine, offers no STARTTLS:
        /// the password would travel in clear.
        case startTLSUnavailable
        /// Credentials are configured but the server offers neither `AUTH PLAIN` nor `AUTH LOGIN`.
        case authenticationUnavailable
    }

    /// What went wrong.
    public let reason: Reason
    /// The step that failed, such as `RCPT TO:<ada@example.com>` or `greeting`.
    public let step: String
    /// The server's reply (for a refusal), or what the failure was.
    public let detail: String

    /// An error of `reason` at `step`, with `detail`.
    public init(_ reason: Reason, step: String, detail: String) {
        self.reason = reason
        self.step = step
        self.detail = detail
    }

    /// Whether sending the same message again cannot succeed without a change (a 5xx reply,
    /// or a configuration that cannot work).
    public var isPermanent: Bool {
        switch reason {
        case .rejected(let code), .unexpectedReply(let code): code >= 500
        case .startTLSUnavailable, .authenticationUnavailable: true
        case .connectionFailed, .connectionClosed, .timedOut, .malformedReply, .tlsFailed: false
        }
    }

    /// The failure in one line, such as
    /// `SMTP RCPT TO:<ada@example.com> failed (permanent): 550 5.1.1 unknown user`.
    public var description: String {
        "SMTP \(step) failed (\(isPermanent ? "permanent" : "transient")): \(detail)"
    }
}
