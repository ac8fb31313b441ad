/// How a server sends mail: through which SMTP server, from which address, and how much mail
/// one account's actions may send.
public struct OutboundMailSettings: Sendable, Equatable {
    /// The SMTP server and its credentials.
    public let server: SMTPServerURL
    /// The sender of every message.
    public let from: MailAddress
    /// How many messages the actions of one account (its documents' requests, reminders, …)
    /// may queue in 24 hours; more are refused, so that a stolen or careless API key cannot
    /// turn the server into a source of spam.
    public let accountDailyLimit: Int

    /// The default of ``accountDailyLimit``.
    public static let defaultAccountDailyLimit = 1000

    /// Settings that send through `server` from `from`, at most `accountDailyLimit` messages
    /// a day for each account.
    public init(server: SMTPServerURL, from: MailAddress, accountDailyLimit: Int = defaultAccountDailyLimit) {
        self.server = server
        self.from = from
        self.accountDailyLimit = accountDailyLimit
    }
}
