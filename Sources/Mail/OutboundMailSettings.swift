/// How a server sends mail: through which SMTP server, and from which address.
public struct OutboundMailSettings: Sendable, Equatable {
    /// The SMTP server and its credentials.
    public let server: SMTPServerURL
    /// The sender of every message.
    public let from: MailAddress

    /// Settings that send through `server` from `from`.
    public init(server: SMTPServerURL, from: MailAddress) {
        self.server = server
        self.from = from
    }
}
